#pragma once
// A counterexample as `refines --cex` writes it (docs/refines.md): one label
// per line. A weak trace is only visible labels. A lasso (--lockfree,
// --progress) is the stem's labels, a line `# cycle`, then the cycle's
// labels; `i` is an internal step of any thread and `step(T)` one of thread
// T; under store buffers (gen --memory tso|pso --thread-steps)
// `step(T,store)` (`step(T,store,K)`) is a step of T that buffers one (K)
// stores and `step(T,flush)` a flush of T's buffer. `refines --progress --cex` writes one lasso per failing property, each
// block opened by `# lasso PROPERTY`. A bisimilarity witness of `refines
// --equiv` (a play) opens with `# play EQUIVALENCE`, names the sizes of the
// two LTSs (`# states A N B M`) and each move on a line `# move N SIDE
// [diverges] PATH / SIDE ANSWER`, a PATH being `S LABEL S LABEL S ...` and
// an ANSWER `stays S`, `cannot S` or a PATH; its label lines are side A's
// steps. `refines --ltl --cex` writes one lasso per failing formula, as
// --progress does, where a line `# end` is the end stutter of a run that
// ends (docs/ltl.md, "Runs"): the stem's last lines, then the whole cycle.
// Other lines starting with `#` are comments.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace frontend::replay {

// The kind of an internal step (gen --thread-steps, docs/memory-models.md):
// under store buffers a step of a thread's call that appends stores to its
// buffer (step(T,store), step(T,store,K)), a flush of one entry of its
// buffer (step(T,flush)), or any other internal step (step(T)). `any`: an
// internal step of whatever kind (`i`).
enum class StepKind : std::uint8_t { any, step, store, flush };

// An internal step as a counterexample line names it, or as the
// interpreter took it.
struct StepLetter {
  int thread = -1;  // from 0; -1 for any thread (`i`)
  StepKind kind = StepKind::any;
  int stores = 0;  // store: the entries it appends (K of step(T,store,K); 1 for step(T,store))
};

// `step(T)`, `step(T,store)`, `step(T,store,K)` (K from 2) or
// `step(T,flush)`, T from 1, as refines reads them
// (refine/progress/thread_steps.hpp, classify_label); nullopt otherwise.
std::optional<StepLetter> step_letter(const std::string& label);

// Whether an internal step `taken` (thread and kind always known) matches
// the line `want`: the thread unless `want` names none, and the kind
// exactly unless `want` is `i` (kind any): a store line only by a step that
// buffers as many stores, a flush line only by a flush, a step(T) line only
// by a step that neither buffers a store nor flushes.
bool letter_matches(const StepLetter& want, const StepLetter& taken);

struct CexItem {
  bool visible = true;
  std::string label;  // as written
  int thread = -1;    // internal: the thread from 0, or -1 for any
  std::size_t line = 0;
  StepKind kind = StepKind::any;  // internal: the kind the line names (any for `i`)
  int stores = 0;                 // kind store: the stores it appends
  StepLetter letter() const { return {thread, kind, stores}; }
};

// A step of one side of a play, by the numbers of its LTS's states.
struct PlayStep {
  std::uint32_t from = 0;
  std::string label;  // `i` for an internal step
  std::uint32_t to = 0;
};

struct PlayMoveLine {
  std::size_t line = 0;
  bool attacker_is_a = true;
  bool diverges = false;
  std::vector<PlayStep> attack;  // diverges: a path ending on a state met before (the cycle)
  enum class Answer { same, stays, cannot } answer = Answer::cannot;
  std::uint32_t defender_at = 0;
  std::vector<PlayStep> answer_path;
};

struct Counterexample {
  std::vector<CexItem> stem, cycle;
  bool lasso = false;
  std::string property;  // after `# lasso`; empty without that line
  // A lasso of refines --ltl: every `# lasso` block of a file that names a
  // property other than the five of refines --progress, or has `# end`.
  bool ltl = false;
  // The cycle is the end stutter (`# end` lines, none in `cycle`): the run
  // ends after the stem, in a deadlock or a divergence; end_line is the
  // stem's first `# end`.
  bool ends = false;
  std::size_t end_line = 0;
  // Some stem or cycle line is `step(T)` (or a store or flush): the lasso is of an LTS of gen
  // --thread-steps, where every internal step is a letter step(T).
  bool step_letters = false;
  bool play = false;  // a bisimilarity witness: `moves` and `states` below
  std::vector<PlayMoveLine> moves;
  std::uint64_t states[2] = {0, 0};  // of A and B, from `# states A N B M`
};

// Whether `name` is one of the five properties of refines --progress
// (refine/progress/progress.cpp, progress_name).
bool is_progress_property(const std::string& name);

// Throws formats::ParseError naming FILE:LINE for a malformed line, an
// empty cycle, or a `# end` line anywhere but at the end of a lasso's stem
// and as its whole cycle.
std::vector<Counterexample> parse_counterexamples(const std::string& file, const std::string& text);
// The same for a file that holds exactly one counterexample.
Counterexample parse_counterexample(const std::string& file, const std::string& text);

}  // namespace frontend::replay
