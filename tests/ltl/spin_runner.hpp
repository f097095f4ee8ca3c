#pragma once
// Running SPIN (spin, a C compiler, pan) for spin_crosscheck_test.cpp in a
// temporary directory. Any error of spin, the compiler or pan (a syntax
// error, a truncated search) throws std::runtime_error: the cross-check
// must not count a failed run as a verdict. BB_SPIN_KEEP=1 keeps the
// directory (the last model.pml) for a look at a disagreement.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ltl_test {

// Whether spin, cc and timeout are on PATH.
bool spin_available();

class SpinRunner {
 public:
  // A fresh temporary directory; pan's options beside -a -n -N: the
  // default hash table of 2^16 slots suits the tests' small models (pan's
  // own 2^24 costs most of a run's time there; a full table only chains).
  explicit SpinRunner(std::string pan_options = "-w16");
  ~SpinRunner();
  SpinRunner(const SpinRunner&) = delete;
  SpinRunner& operator=(const SpinRunner&) = delete;

  // The never claim of `spin -f '!(formula)'` (formula in SPIN's syntax),
  // or none when SPIN's translation takes more than `seconds`.
  std::optional<std::string> negated_claim(const std::string& formula, int seconds);

  // Compiles `model` (a Promela model with named never claims, beside
  // `files`, as (name, text), that it includes) once and runs
  // `pan -a -N NAME` for each name: true when it reports no error (no
  // accepting cycle: the property holds). With `weak_fairness`, `pan -a -f`:
  // only cycles fair to every process count (SPIN's weak fairness).
  std::vector<bool> verify(const std::string& model, const std::vector<std::string>& names,
                           const std::vector<std::pair<std::string, std::string>>& files = {},
                           bool weak_fairness = false);

 private:
  std::string run(const std::string& command, int& status) const;
  std::string pan_options_, dir_;
};

}  // namespace ltl_test
