#pragma once
// A counterexample as `refines --cex` writes it (docs/refines.md): one label
// per line. A weak trace is only visible labels. A lasso (--lockfree,
// --progress) is the stem's labels, a line `# cycle`, then the cycle's
// labels; `i` is an internal step of any thread and `step(T)` one of thread
// T. `refines --progress --cex` writes one lasso per failing property, each
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
#include <string>
#include <vector>

namespace frontend::replay {

struct CexItem {
  bool visible = true;
  std::string label;  // as written
  int thread = -1;    // internal: the thread from 0, or -1 for any
  std::size_t line = 0;
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
  // Some stem or cycle line is `step(T)`: the lasso is of an LTS of gen
  // --thread-steps, where every internal step is a letter step(T).
  bool step_letters = false;
  bool play = false;  // a bisimilarity witness: `moves` and `states` below
  std::vector<PlayMoveLine> moves;
  std::uint64_t states[2] = {0, 0};  // of A and B, from `# states A N B M`
};

// The thread of an internal step labelled `step(T)` (T from 1; gen
// --thread-steps), from 0; -1 when `label` has another form.
int internal_step_thread(const std::string& label);

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
