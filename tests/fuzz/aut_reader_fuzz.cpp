// Fuzzes the .aut reader (formats/aut_reader). Any input either reads into a
// well-formed LTS or fails with a ParseError naming a line; never a crash,
// a hang or another exception. Three properties beyond that:
// - the parallel reader (a file split over 2 or 3 threads) gives exactly
//   the sequential reader's LTS, or the same error;
// - writing the LTS and reading it back gives the same LTS;
// - hiding labels only turns labels into tau.
#include <sys/mman.h>
#include <unistd.h>

#include <string>

#include "formats/aut_reader.hpp"
#include "formats/aut_writer.hpp"
#include "formats/diagnostic.hpp"
#include "tests/fuzz/harness.hpp"

namespace {

struct Outcome {
  bool ok = false;
  lts::Lts lts;
  std::string error;
};

void require_well_formed(const lts::Lts& l) {
  fuzz::require(l.initial < l.num_states, "the initial state is a state");
  for (const lts::Transition& t : l.transitions) {
    fuzz::require(t.from < l.num_states && t.to < l.num_states, "transitions join states");
    fuzz::require(t.label < l.labels.size(), "transition labels are interned");
  }
}

// Same states, same transitions, labels equal by name.
bool same_lts(const lts::Lts& a, const lts::Lts& b) {
  if (a.initial != b.initial || a.num_states != b.num_states || a.transitions.size() != b.transitions.size())
    return false;
  for (std::size_t i = 0; i < a.transitions.size(); ++i) {
    const lts::Transition& x = a.transitions[i];
    const lts::Transition& y = b.transitions[i];
    if (x.from != y.from || x.to != y.to || a.labels.name(x.label) != b.labels.name(y.label)) return false;
  }
  return true;
}

template <typename Read>
Outcome attempt(std::string_view text, Read read) {
  Outcome o;
  try {
    o.lts = read();
    o.ok = true;
  } catch (const formats::ParseError& e) {
    fuzz::require_error_inside(e, text, "fuzz.aut");
    o.error = e.what();
  }
  return o;
}

// The input as a regular file (memfd) read through /proc on `threads`
// threads, so the parallel reader runs however short the input is.
Outcome read_as_file(std::string_view text, unsigned threads) {
  const int fd = ::memfd_create("fuzz.aut", MFD_CLOEXEC);
  if (fd < 0) fuzz::fail("memfd_create");
  if (::write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())) fuzz::fail("write to memfd");
  formats::AutReadOptions options;
  options.parallel_from_bytes = 0;
  options.threads = threads;
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  Outcome o;
  try {
    o.lts = formats::read_aut_file(path, options);
    o.ok = true;
  } catch (const formats::ParseError& e) {
    o.error = e.diagnostic().message;
  }
  ::close(fd);
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const Outcome sequential = attempt(text, [&] { return formats::read_aut_text(text, "fuzz.aut"); });
  // 2 or 3 threads, chosen by the input's length so each input has one run.
  const Outcome parallel = read_as_file(text, 2 + size % 2);
  fuzz::require(parallel.ok == sequential.ok, "the parallel reader accepts what the sequential one does");
  if (parallel.ok) fuzz::require(same_lts(parallel.lts, sequential.lts), "the parallel reader reads the same LTS");
  if (!sequential.ok) return 0;
  require_well_formed(sequential.lts);

  const std::string written = formats::write_aut_string(sequential.lts);
  const Outcome again = attempt(written, [&] { return formats::read_aut_text(written, "fuzz.aut"); });
  fuzz::require(again.ok, "what the writer writes reads back");
  fuzz::require(same_lts(again.lts, sequential.lts), "writing and reading back keeps the LTS");

  if (sequential.lts.labels.size() > 1) {
    formats::AutReadOptions hide;
    hide.hidden = {sequential.lts.labels.name(1)};
    const Outcome hidden = attempt(text, [&] { return formats::read_aut_text(text, "fuzz.aut", hide); });
    fuzz::require(hidden.ok, "hiding a label keeps the file valid");
    const lts::Lts& h = hidden.lts;
    fuzz::require(h.transitions.size() == sequential.lts.transitions.size(), "hiding keeps every transition");
    for (std::size_t i = 0; i < h.transitions.size(); ++i) {
      const lts::Transition& t = sequential.lts.transitions[i];
      const lts::Transition& u = h.transitions[i];
      fuzz::require(t.from == u.from && t.to == u.to, "hiding keeps the states of a transition");
      if (u.label != lts::tau)
        fuzz::require(h.labels.name(u.label) == sequential.lts.labels.name(t.label), "hiding renames only to tau");
    }
  }
  return 0;
}
