// The JSON form: an array with one object per step, in run order.
#include <fmt/format.h>

#include "frontend/replay/render.hpp"
#include "frontend/replay/state_view.hpp"

namespace frontend::replay {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const unsigned char c : s) {
    if (c == '"' || c == '\\') out += {'\\', static_cast<char>(c)};
    else if (c < 0x20) out += fmt::format("\\u{:04x}", c);
    else out += static_cast<char>(c);
  }
  return out + '"';
}

const char* ending_name(const Run& run) { return run.ending == Run::Ending::deadlock ? "deadlock" : "divergence"; }

}  // namespace

std::string render_json(const Program& p, const Run& run, const std::vector<std::string>& source) {
  std::string out = "[\n";
  for (std::size_t i = 0; i < run.steps.size(); ++i) {
    const RunStep& s = run.steps[i];
    const Place at = place(p, run, i, source);
    const bool last = i + 1 == run.steps.size();
    std::vector<std::string> cs;
    if (!(last && run.fault))
      for (const Change& c : changes(p, s.before, s.after, s.written))
        cs.push_back(fmt::format("{{\"cell\": {}, \"old\": {}, \"new\": {}}}", quoted(c.cell), quoted(c.old_value),
                                 quoted(c.new_value)));
    out += fmt::format("  {{\"step\": {}, \"thread\": {}, \"file\": {}, ", i + 1, s.thread + 1, quoted(p.file));
    out += at.line ? fmt::format("\"line\": {}, \"column\": {}, ", at.line, at.column)
                   : "\"line\": null, \"column\": null, ";
    out += fmt::format("\"statement\": {}, \"action\": {}, \"changes\": [{}]",
                       at.statement.empty() ? "null" : quoted(at.statement),
                       s.action.empty() ? "null" : quoted(s.action), fmt::join(cs, ", "));
    if (!run.classes.empty()) out += fmt::format(", \"class\": {}", run.classes[i]);
    if (i == run.cycle_start) out += ", \"cycle_start\": true";
    if (last && run.refused) out += ", \"refused\": true";
    if (last && run.fault) out += fmt::format(", \"fault\": {}", quoted(run.fault->message));
    if (last && run.ending != Run::Ending::none) out += fmt::format(", \"ends\": {}", quoted(ending_name(run)));
    std::string note = i < run.notes.size() ? run.notes[i] : "";
    if (last && !run.end_note.empty()) note = note.empty() ? run.end_note : note + "; " + run.end_note;
    if (!note.empty()) out += fmt::format(", \"note\": {}", quoted(note));
    out += last ? "}\n" : "},\n";
  }
  // A play where this side never moves: one object with step 0 carries
  // what the other side does or cannot do, as the text form's row 0.
  if (run.steps.empty() && !run.end_note.empty())
    out += fmt::format(
        "  {{\"step\": 0, \"thread\": null, \"file\": {}, \"line\": null, \"column\": null, "
        "\"statement\": null, \"action\": null, \"changes\": [], \"note\": {}}}\n",
        quoted(p.file), quoted(run.end_note));
  // A run that ends in the initial state: one object with step 0 says so.
  if (run.steps.empty() && run.ending == Run::Ending::deadlock)
    out += fmt::format(
        "  {{\"step\": 0, \"thread\": null, \"file\": {}, \"line\": null, \"column\": null, "
        "\"statement\": null, \"action\": null, \"changes\": [], \"ends\": \"deadlock\"}}\n",
        quoted(p.file));
  return out + "]\n";
}

}  // namespace frontend::replay
