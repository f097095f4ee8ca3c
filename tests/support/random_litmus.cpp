#include "tests/support/random_litmus.hpp"

#include <random>
#include <string>
#include <vector>

namespace testing_support {

namespace {

// One model: shared A: 0..1[2] (indexed by constants, the parameter and
// values read), T: 0..1[threads] (indexed by the thread, its neighbour, its
// mirror, the parameter and values read), a pair P and a variable x. Each
// method takes a: 0..1 and returns its reads r0, r1, r2 as r0 + 2 r1 + 4 r2.
class LitmusWriter {
 public:
  LitmusWriter(std::uint64_t seed, const LitmusOptions& o) : rng_(seed), seed_(seed), o_(o) {}

  std::string write() {
    out_ += "// random_litmus seed " + std::to_string(seed_) + "\n";
    out_ += "object L" + std::to_string(seed_) + " {\n";
    out_ += "  shared A: 0..1[2] = 0;\n";
    out_ += "  shared T: 0..1[threads] = 0;\n";
    out_ += "  shared P: (0..1, 0..1) = (0, 0);\n";
    out_ += "  shared x: 0..1 = 0;\n";
    const int methods = 1 + pick(2);
    for (int m = 0; m < methods; ++m) method(m);
    out_ += "}\n";
    return out_;
  }

 private:
  int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
  template <class T>
  const T& one_of(const std::vector<T>& v) {
    return v[pick(static_cast<int>(v.size()))];
  }
  void line(const std::string& s) { out_ += "    " + s + "\n"; }

  // A value 0..1 the thread knows: a constant, the parameter, its parity,
  // or a value it read.
  std::string value() {
    std::vector<std::string> v{"0", "1", "a", o_.rotations ? "1 - a" : "(tid + a) % 2"};
    if (reads_ > 0) {
      const std::string r = read_register();
      v.push_back(r);
      v.push_back("1 - " + r);
    }
    return one_of(v);
  }
  std::string read_register() { return "r" + std::to_string(pick(reads_)); }
  // An index of A (0..1) or of T (0..threads-1, threads >= 2); under
  // rotations T's indices are all relative to the thread, since an
  // absolute one would break the symmetry.
  std::string index(bool thread_array) {
    if (thread_array && o_.rotations) {
      std::vector<std::string> i{"tid - 1", "tid - 1", "tid % threads", "(tid - 1 + a) % threads"};
      if (reads_ > 0) i.push_back("(tid + " + read_register() + ") % threads");
      return one_of(i);
    }
    std::vector<std::string> i{"0", "1", "a"};
    if (reads_ > 0) i.push_back(read_register());
    if (thread_array) {
      for (const char* own : {"tid - 1", "tid - 1", "tid % threads", "threads - tid"}) i.emplace_back(own);
    }
    return one_of(i);
  }
  // A shared location holding a value 0..1.
  std::string location() {
    switch (pick(6)) {
      case 0: return "x";
      case 1: return "P." + std::to_string(pick(2));
      case 2:
      case 3: return "A[" + index(false) + "]";
      default: return "T[" + index(true) + "]";
    }
  }
  // The next free result register, if any.
  bool next_register(std::string& r) {
    if (reads_ == 3) return false;
    r = "r" + std::to_string(reads_++);
    return true;
  }

  void statement() {
    std::string r;
    switch (pick(7)) {
      case 0:
      case 1:
        if (next_register(r)) {
          line(r + " := " + location() + ";");
          return;
        }
        break;
      case 2:
        if (next_register(r)) {  // a whole array read, one step
          const bool t = pick(2) == 1 && !o_.rotations;
          line(std::string("w") + (t ? "t" : "a") + " := " + (t ? "T" : "A") + ";");
          line(r + " := w" + (t ? "t[" : "a[") + index(t) + "];");
          return;
        }
        break;
      case 3:
        if (next_register(r)) {  // a cas whose success is a result
          line("if cas(" + location() + ", " + value() + ", " + value() + ") { " + r + " := 1; }");
          return;
        }
        break;
      case 4: line("P := (" + value() + ", " + value() + ");"); return;
      default: break;
    }
    line(location() + " := " + value() + ";");
  }

  void method(int m) {
    reads_ = 0;
    out_ += "  method m" + std::to_string(m) + "(a: 0..1): 0..7 {\n";
    line("var r0: 0..1 := 0;");
    line("var r1: 0..1 := 0;");
    line("var r2: 0..1 := 0;");
    const int n = 2 + pick(3);
    for (int s = 0; s < n; ++s) statement();
    line("return r0 + 2 * r1 + 4 * r2;");
    out_ += "  }\n";
  }

  std::mt19937_64 rng_;
  std::uint64_t seed_;
  LitmusOptions o_;
  std::string out_;
  int reads_ = 0;  // result registers in use in the method being written
};

}  // namespace

std::string random_litmus(std::uint64_t seed, const LitmusOptions& options) {
  return LitmusWriter(seed, options).write();
}

}  // namespace testing_support
