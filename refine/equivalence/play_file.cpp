#include "refine/equivalence/play_file.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace refine {

namespace {

// A label as one word of a move line: quoted when it holds a blank or is
// empty, `/` or starts with a quote, so that the line still splits into its
// words (labels from other tools may hold blanks: "f(1, 2)").
std::string label_word(const std::string& label) {
  const bool plain =
      !label.empty() && label != "/" && label.front() != '"' && label.find_first_of(" \t") == std::string::npos;
  return plain ? label : '"' + label + '"';
}

// `S L S L S ...`: the states and labels of a path.
std::string path_text(const std::vector<SideStep>& path) {
  std::string text = std::to_string(path.front().from);
  for (const SideStep& s : path) text += fmt::format(" {} {}", label_word(s.label), s.to);
  return text;
}

}  // namespace

std::string play_file_text(const BisimilarityResult& r, bisim::Equivalence e, const std::string& a,
                           const std::string& b) {
  std::string text = fmt::format("# play {}\n", bisim::name(e));
  text += fmt::format("# A is {}, B is {}; each move: the attacker's step(s) / the defender's answer\n", a, b);
  text += "# (stays, cannot, or its steps); the lines without '#' are A's steps, i an internal one\n";
  text += fmt::format("# states A {} B {}\n", r.a_states, r.b_states);
  for (std::size_t i = 0; i < r.witness.size(); ++i) {
    const WitnessMove& m = r.witness[i];
    const char* attacker = m.attacker_is_a ? "A" : "B";
    const char* defender = m.attacker_is_a ? "B" : "A";
    std::string answer = fmt::format("cannot {}", m.defender_at);
    if (m.answer == PlayMove::Answer::stays) answer = fmt::format("stays {}", m.defender_at);
    if (m.answer == PlayMove::Answer::same) answer = path_text(m.answer_path);
    text += fmt::format("# move {} {} {}{} / {} {}\n", i + 1, attacker, m.diverges ? "diverges " : "",
                        path_text(m.attack), defender, answer);
    if (!m.defender_options.empty() && e == bisim::Equivalence::strong) {
      text += fmt::format("# {} cannot: {} has no step {}\n", defender, m.defender_at, m.attack.back().label);
    } else if (!m.defender_options.empty()) {
      const std::string what = m.diverges ? "none is on a cycle of such steps" : "none can do " + m.attack.back().label;
      text += fmt::format("# {} cannot: internal steps inside its class lead from {} to {}; {}\n", defender,
                          m.defender_at, fmt::join(m.defender_options, " "), what);
    }
    const std::vector<SideStep>& steps_of_a = m.attacker_is_a ? m.attack : m.answer_path;
    for (const SideStep& s : steps_of_a) text += s.label + '\n';
  }
  return text;
}

}  // namespace refine
