#include "frontend/replay/counterexample.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "formats/diagnostic.hpp"
#include "formats/line_reader.hpp"
#include "refine/progress/thread_steps.hpp"

namespace frontend::replay {

namespace {

[[noreturn]] void bad(const std::string& file, std::size_t line, const std::string& message) {
  throw formats::ParseError(formats::Diagnostic{file, line, 1, message});
}

}  // namespace

std::optional<StepLetter> step_letter(const std::string& label) {
  if (!label.starts_with("step(")) return std::nullopt;
  std::uint32_t thread = 0;
  const refine::LabelClass c = refine::classify_label(label, thread);
  if ((c.kind != refine::LabelKind::step && c.kind != refine::LabelKind::flush) || thread == 0 || thread > 0x7fffffffu)
    return std::nullopt;
  StepLetter l;
  l.thread = static_cast<int>(thread) - 1;
  l.kind = c.kind == refine::LabelKind::flush ? StepKind::flush : c.stores > 0 ? StepKind::store : StepKind::step;
  l.stores = c.stores;
  return l;
}

bool letter_matches(const StepLetter& want, const StepLetter& taken) {
  if (want.thread >= 0 && want.thread != taken.thread) return false;
  if (want.kind == StepKind::any) return true;
  return want.kind == taken.kind && (want.kind != StepKind::store || want.stores == taken.stores);
}

namespace {

// The words of a move line, split at blanks; a word that starts with `"`
// runs to the next `"` followed by a blank or the line's end, and is the
// text between them (refine/equivalence/play_file.cpp quotes a label with a blank);
// `quoted` says which words were.
std::vector<std::string> words(const std::string& line, std::vector<bool>& quoted) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(' ', at)) != std::string::npos) {
    if (line[at] == '"') {
      std::size_t close = line.find('"', at + 1);
      while (close != std::string::npos && close + 1 < line.size() && line[close + 1] != ' ')
        close = line.find('"', close + 1);
      if (close != std::string::npos) {
        out.push_back(line.substr(at + 1, close - at - 1));
        quoted.push_back(true);
        at = close + 1;
        continue;
      }
    }
    const std::size_t end = std::min(line.find(' ', at), line.size());
    out.push_back(line.substr(at, end - at));
    quoted.push_back(false);
    at = end;
  }
  return out;
}

std::uint64_t number(const std::string& file, std::size_t line, const std::string& word) {
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), n);
  if (error != std::errc() || end != word.data() + word.size() || n > 0xffffffffu)
    bad(file, line, fmt::format("'{}' is not a state number", word));
  return n;
}

// `S L S L S ...` from words[first, last).
std::vector<PlayStep> play_path(const std::string& file, std::size_t line, const std::vector<std::string>& w,
                                std::size_t first, std::size_t last) {
  if (last <= first || (last - first) % 2 == 0 || last - first < 3)
    bad(file, line, "a move's path is 'STATE LABEL STATE ...' with at least one step");
  std::vector<PlayStep> path;
  for (std::size_t i = first; i + 2 < last; i += 2)
    path.push_back({static_cast<std::uint32_t>(number(file, line, w[i])), w[i + 1],
                    static_cast<std::uint32_t>(number(file, line, w[i + 2]))});
  return path;
}

// `# move N SIDE [diverges] PATH / SIDE ANSWER`.
PlayMoveLine play_move(const std::string& file, std::size_t line, const std::string& text) {
  std::vector<bool> quoted;
  const std::vector<std::string> w = words(text, quoted);
  std::size_t slash = 0;  // the first unquoted "/"
  while (slash < w.size() && (w[slash] != "/" || quoted[slash])) ++slash;
  const auto side = [&](std::size_t i) { return i < w.size() && (w[i] == "A" || w[i] == "B"); };
  if (w.size() < 4 || slash + 2 >= w.size() || !side(3) || !side(slash + 1) || w[3] == w[slash + 1])
    bad(file, line, "a move line is '# move N A|B [diverges] PATH / B|A stays S|cannot S|PATH'");
  PlayMoveLine m;
  m.line = line;
  m.attacker_is_a = w[3] == "A";
  std::size_t first = 4;
  if (first < w.size() && w[first] == "diverges") m.diverges = true, ++first;
  m.attack = play_path(file, line, w, first, slash);
  if (m.diverges &&
      std::none_of(m.attack.begin(), m.attack.end(), [&](const PlayStep& s) { return s.from == m.attack.back().to; }))
    bad(file, line, "a diverging path must end on a state it passed (its cycle)");
  const std::size_t a = slash + 2;
  if (w[a] == "stays" || w[a] == "cannot") {
    if (a + 2 != w.size()) bad(file, line, fmt::format("'{}' takes one state number", w[a]));
    m.answer = w[a] == "stays" ? PlayMoveLine::Answer::stays : PlayMoveLine::Answer::cannot;
    m.defender_at = static_cast<std::uint32_t>(number(file, line, w[a + 1]));
  } else {
    m.answer = PlayMoveLine::Answer::same;
    m.answer_path = play_path(file, line, w, a, w.size());
    m.defender_at = m.answer_path.front().from;
  }
  return m;
}

}  // namespace

bool is_progress_property(const std::string& name) {
  for (const char* p : {"lock-free", "wait-free", "obstruction-free", "deadlock-free", "starvation-free"})
    if (name == p) return true;
  return false;
}

namespace {

// The end stutter `# end` (refines --ltl) closes a lasso's stem, and is
// then the whole cycle: after it the run has ended, so nothing else may
// follow (ltl/check.cpp: the end state only loops on `end`).
struct EndStutter {
  const std::string& file;
  std::size_t cycle_ends = 0;  // `# end` lines after `# cycle` in this block
  void end_line(Counterexample& cex, std::size_t line) {
    if (!cex.lasso) {
      if (!cex.ends) cex.ends = true, cex.end_line = line;
      return;
    }
    if (!cex.ends)
      bad(file, line,
          "'# end' in a cycle whose stem does not end with '# end': the end stutter of refines --ltl is the stem's "
          "last line and then the whole cycle");
    ++cycle_ends;
  }
  void label(const Counterexample& cex, std::size_t line, const std::string& text) const {
    if (!cex.ends) return;
    if (!cex.lasso)
      bad(file, line,
          fmt::format("'{}' after '# end' (line {}): the run has ended there, and only '# end' lines and the "
                      "'# cycle' of '# end' may follow",
                      text, cex.end_line));
    bad(file, line,
        fmt::format("'{}' in the cycle of an end stutter (the stem's '# end' is line {}): that cycle is '# end' lines "
                    "only",
                    text, cex.end_line));
  }
  void close(const Counterexample& cex, std::size_t cycle_line) const {
    if (cex.ends && !cex.lasso)
      bad(file, cex.end_line,
          "'# end' without a '# cycle' line after it: the end stutter belongs to a lasso of refines --ltl, whose cycle "
          "is '# end' too");
    if (cex.ends && cycle_ends == 0)
      bad(file, cycle_line,
          fmt::format("the stem ends with '# end' (line {}), so the cycle after '# cycle' must be '# end' lines",
                      cex.end_line));
  }
};

// A file of refines --ltl: a block with `# end`, or one named otherwise
// than a property of refines --progress.
void mark_ltl(std::vector<Counterexample>& all, bool blocks) {
  bool ltl = false;
  for (const Counterexample& c : all) ltl = ltl || c.ends || (blocks && !is_progress_property(c.property));
  for (Counterexample& c : all) {
    c.ltl = ltl;
    for (const auto* items : {&c.stem, &c.cycle})
      for (const CexItem& i : *items) c.step_letters = c.step_letters || i.thread >= 0;
  }
}

}  // namespace

std::vector<Counterexample> parse_counterexamples(const std::string& file, const std::string& text) {
  std::vector<Counterexample> all(1);
  std::size_t line_no = 0, cycle_line = 0;
  bool blocks = false;  // `# lasso` lines open the blocks
  EndStutter end{file};
  const auto check_cycle = [&] {
    end.close(all.back(), cycle_line);
    if (blocks && !all.back().lasso) bad(file, line_no, "a '# lasso' block without its '# cycle' line");
    if (all.back().lasso && all.back().cycle.empty() && !all.back().ends)
      bad(file, cycle_line, "the cycle after '# cycle' is empty");
  };
  formats::LineReader lines(text);
  for (std::string_view view; lines.next(view);) {
    line_no = lines.line_number();
    const std::string line(view);
    if (line.empty()) continue;
    Counterexample& cex = all.back();
    if (line.rfind("# lasso", 0) == 0) {
      if (blocks || !cex.stem.empty() || cex.lasso || cex.ends) {
        if (!blocks) bad(file, line_no, "'# lasso' after labels: a block must start with it");
        check_cycle();
        all.emplace_back();
        end.cycle_ends = 0;
      }
      blocks = true;
      all.back().property = line.size() > 8 ? line.substr(8) : "";
      continue;
    }
    if (line.rfind("# play", 0) == 0) {
      if (!cex.stem.empty() || cex.lasso || cex.ends || blocks) bad(file, line_no, "'# play' must open the file");
      cex.play = true;
      continue;
    }
    if (cex.play && line.rfind("# move ", 0) == 0) {
      cex.moves.push_back(play_move(file, line_no, line));
      continue;
    }
    if (cex.play && line.rfind("# states ", 0) == 0) {
      std::vector<bool> quoted;
      const std::vector<std::string> w = words(line, quoted);
      if (w.size() != 6 || w[2] != "A" || w[4] != "B") bad(file, line_no, "the sizes line is '# states A N B M'");
      cex.states[0] = number(file, line_no, w[3]);
      cex.states[1] = number(file, line_no, w[5]);
      continue;
    }
    if (line == "# end") {
      if (cex.play) bad(file, line_no, "a play has no '# end' line (the end stutter of a lasso of refines --ltl)");
      end.end_line(cex, line_no);
      continue;
    }
    if (line[0] == '#') {
      if (cex.play && line == "# cycle") bad(file, line_no, "a play has no '# cycle' line");
      if (line == "# cycle") {
        if (cex.lasso) bad(file, line_no, "a second '# cycle' line");
        cex.lasso = true;
        cycle_line = line_no;
      }
      continue;
    }
    if (line.find_first_of(" \t") != std::string::npos)
      bad(file, line_no, fmt::format("'{}' is not a label (a counterexample has one label per line)", line));
    end.label(cex, line_no, line);
    CexItem item{true, line, -1, line_no};
    if (line == "i" || line == "tau") {
      item.visible = false;
    } else if (const auto letter = step_letter(line)) {
      item.visible = false;
      item.thread = letter->thread;
      item.kind = letter->kind;
      item.stores = letter->stores;
    } else if (line.rfind("step(", 0) == 0) {
      bad(file, line_no,
          fmt::format("'{}' is not a step label: step(T), step(T,store), step(T,store,K) with K from 2, or "
                      "step(T,flush), T from 1",
                      line));
    }
    (cex.lasso ? cex.cycle : cex.stem).push_back(std::move(item));
  }
  check_cycle();
  if (all.back().play && all.back().moves.empty()) bad(file, line_no, "a '# play' file without any '# move' line");
  // Every run matches a trace without a visible action: a replay of it
  // would show nothing, and `refines --cex` never writes one.
  const Counterexample& last = all.back();
  if (!last.lasso && !last.play &&
      std::none_of(last.stem.begin(), last.stem.end(), [](const CexItem& item) { return item.visible; }))
    throw formats::ParseError(formats::Diagnostic{
        file, 0, 0,
        "no visible action to replay: a trace from refines --cex has at least one (is this the right file?)"});
  mark_ltl(all, blocks);
  return all;
}

Counterexample parse_counterexample(const std::string& file, const std::string& text) {
  std::vector<Counterexample> all = parse_counterexamples(file, text);
  if (all.size() != 1)
    throw formats::ParseError(
        formats::Diagnostic{file, 0, 0, fmt::format("{} counterexamples in one file", all.size())});
  return std::move(all.front());
}

}  // namespace frontend::replay
