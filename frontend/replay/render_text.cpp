// The text form: consecutive identical rows (a spin loop, a retry) become one
// row `x N`.
#include <fmt/format.h>

#include "frontend/replay/render.hpp"
#include "frontend/replay/state_view.hpp"
#include "refine/text/text_table.hpp"

namespace frontend::replay {

namespace {

std::string changes_text(const std::vector<Change>& cs) {
  std::vector<std::string> parts;
  for (const Change& c : cs) parts.push_back(fmt::format("{}: {} -> {}", c.cell, c.old_value, c.new_value));
  return fmt::format("{}", fmt::join(parts, "; "));
}

constexpr const char* deadlock_note = "<- the run ends here: no thread can take a step (a deadlock)";

// A play's note: the move the step makes, and after the last step what the
// other side does or cannot do.
std::string play_note(const Run& run, std::size_t i) {
  std::string note = i < run.notes.size() ? run.notes[i] : "";
  if (i + 1 == run.steps.size() && !run.end_note.empty())
    note = note.empty() ? run.end_note : note + "; " + run.end_note;
  return note;
}

std::string note(const Run& run, std::size_t i) {
  if (!run.notes.empty()) return play_note(run, i);
  const bool last = i + 1 == run.steps.size();
  if (last && run.fault) return fmt::format("FAULT: {}", run.fault->message);
  if (last && run.refused) return "<- the specification cannot do this";
  if (last && run.ending == Run::Ending::divergence)
    return fmt::format("<- back to the state before step {}: internal steps for ever (a divergence)",
                       run.cycle_start + 1);
  if (last && run.cycle_start != Run::none)
    return fmt::format("<- back to the state before step {}", run.cycle_start + 1);
  if (last && run.ending == Run::Ending::deadlock) return deadlock_note;
  return "";
}

struct Row {
  std::size_t first, count;
  refine::TextRow cells;  // without the step number
};

}  // namespace

std::string render_text(const Program& p, const Run& run, const std::vector<std::string>& source) {
  std::vector<Row> rows;
  for (std::size_t i = 0; i < run.steps.size(); ++i) {
    const RunStep& s = run.steps[i];
    const Place at = place(p, run, i, source);
    refine::TextRow cells(p.threads);
    std::string cell;
    if (at.line) cell = fmt::format("{}:{}", p.file.substr(p.file.find_last_of('/') + 1), at.line);
    if (!at.statement.empty()) cell += "  " + at.statement;
    if (!s.action.empty()) cell = cell.empty() ? s.action : s.action + "  " + cell;
    // Under --memory tso|pso the only internal step without a statement is
    // a flush: the oldest pending store of a buffer reaches memory.
    if (cell.empty() && s.code < 0 && p.weak() && !(run.fault && i + 1 == run.steps.size())) cell = "flush";
    cells[s.thread] = cell;
    if (!run.classes.empty()) cells.push_back(std::to_string(run.classes[i]));
    cells.push_back(run.fault && i + 1 == run.steps.size() ? ""
                                                           : changes_text(changes(p, s.before, s.after, s.written)));
    cells.push_back(note(run, i));
    const bool repeat = !rows.empty() && rows.back().cells == cells && i != run.cycle_start &&
                        rows.back().first + rows.back().count == i;
    if (repeat) ++rows.back().count;
    else rows.push_back({i, 1, std::move(cells)});
  }
  refine::TextRow header{"#"};
  for (int t = 0; t < p.threads; ++t) header.push_back(fmt::format("thread {}", t + 1));
  if (!run.classes.empty()) header.push_back("class");
  header.push_back("changes");
  std::vector<refine::TextRow> table{header};
  std::vector<std::size_t> cycle_row;  // table row before which the cycle marker goes
  for (const Row& r : rows) {
    if (r.first == run.cycle_start) cycle_row.push_back(table.size());
    refine::TextRow row{r.count == 1 ? std::to_string(r.first + 1)
                                     : fmt::format("{}-{}", r.first + 1, r.first + r.count)};
    row.insert(row.end(), r.cells.begin(), r.cells.end());
    if (r.count > 1)
      row.back() = row.back().empty() ? fmt::format("x {}", r.count) : fmt::format("x {}  {}", r.count, row.back());
    table.push_back(std::move(row));
  }
  // A play where this side never moves, or a run that ends in the initial state.
  const bool initial_deadlock = run.steps.empty() && run.ending == Run::Ending::deadlock;
  if (run.steps.empty() && (!run.end_note.empty() || initial_deadlock)) {
    refine::TextRow row(header.size() + 1);
    row.front().push_back('0');  // not `= "0"`: GCC 12 warns falsely (-Wrestrict) on that
    row.back() = initial_deadlock ? deadlock_note : run.end_note;
    table.push_back(std::move(row));
  }
  const std::string body = refine::render_table(table);
  if (cycle_row.empty()) return body;
  std::string out;
  std::size_t line = 0, at = 0;
  while (at < body.size()) {
    const std::size_t end = body.find('\n', at);
    if (line == cycle_row[0]) out += "  -- the cycle: the steps below repeat forever --\n";
    out += body.substr(at, end - at + 1);
    at = end + 1;
    ++line;
  }
  return out;
}

}  // namespace frontend::replay
