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
// steps. Other lines starting with `#` are comments.
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
  bool play = false;     // a bisimilarity witness: `moves` and `states` below
  std::vector<PlayMoveLine> moves;
  std::uint64_t states[2] = {0, 0};  // of A and B, from `# states A N B M`
};

// The thread of an internal step labelled `step(T)` (T from 1; gen
// --thread-steps), from 0; -1 when `label` has another form.
int internal_step_thread(const std::string& label);

// Throws formats::ParseError naming FILE:LINE for a malformed line or an
// empty cycle.
std::vector<Counterexample> parse_counterexamples(const std::string& file, const std::string& text);
// The same for a file that holds exactly one counterexample.
Counterexample parse_counterexample(const std::string& file, const std::string& text);

}  // namespace frontend::replay
