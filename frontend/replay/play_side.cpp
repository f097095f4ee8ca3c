#include "frontend/replay/play_side.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "formats/diagnostic.hpp"

namespace frontend::replay {

namespace {

std::string shown(const std::string& label) { return label == "i" ? "internal step" : label; }

class Builder {
 public:
  Builder(const std::string& file, bool side_a, bool on_quotient)
      : file_(file),
        me_(side_a ? "A" : "B"),
        other_(side_a ? "B" : "A"),
        state_(on_quotient ? "quotient state" : "LTS state") {}

  void expect_at(const PlayMoveLine& m, std::uint32_t state) {
    if (started_ && state != at_)
      throw formats::ParseError(formats::Diagnostic{
          file_, m.line, 1,
          fmt::format("the move starts {} at state {}, but the previous move left it at {}", me_, state, at_)});
    started_ = true;
    at_ = state;
  }
  void add(const std::vector<PlayStep>& steps, std::string last_note) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
      std::string note = i + 1 == steps.size() ? std::move(last_note) : "";
      if (i == 0) note = with_pending(note);
      path_.steps.push_back(steps[i]);
      path_.notes.push_back(std::move(note));
    }
    if (!steps.empty()) at_ = steps.back().to;
  }
  // The other side's internal steps that this one let pass (stayed put), as
  // one note before `note`.
  std::string with_pending(const std::string& note) {
    if (stayed_.empty()) return note;
    std::string moves = std::to_string(stayed_.front());
    if (stayed_.size() > 1)
      moves = stayed_.back() - stayed_.front() + 1 == stayed_.size()
                  ? fmt::format("s {}-{}", stayed_.front(), stayed_.back())
                  : fmt::format("s {}", fmt::join(stayed_, ", "));
    const std::string text = fmt::format("after move{}: {} took internal step(s), {} stayed put", moves, other_, me_);
    stayed_.clear();
    return note.empty() ? text : text + "; " + note;
  }

  void move(std::size_t n, const PlayMoveLine& m, bool last) {
    const std::string label = m.attack.back().label;
    if (m.attacker_is_a == (me_ == "A")) {
      expect_at(m, m.attack.front().from);
      if (m.diverges) {
        const std::uint32_t loop = m.attack.back().to;
        std::size_t start = 0;
        while (m.attack[start].from != loop) ++start;
        path_.cycle_start = path_.steps.size() + start;
        add(m.attack, "");
        path_.end_note = fmt::format("<- move {}: {} runs internal steps forever here; {} cannot", n, me_, other_);
        return;
      }
      std::string note = fmt::format("move {}: {} attacks; {} stays put", n, me_, other_);
      if (m.answer == PlayMoveLine::Answer::same)
        note = m.answer_path.size() == 1
                   ? fmt::format("move {}: {} attacks; {} does it too ({} {} -> {})", n, me_, other_, state_,
                                 m.answer_path.front().from, m.answer_path.back().to)
                   : fmt::format("move {}: {} attacks; {} answers with {} internal step(s), then it ({} {} -> {})", n,
                                 me_, other_, m.answer_path.size() - 1, state_, m.answer_path.front().from,
                                 m.answer_path.back().to);
      if (m.answer == PlayMoveLine::Answer::cannot)
        note = fmt::format("<- move {}: {} attacks; {} cannot answer this", n, me_, other_);
      add(m.attack, note);
      return;
    }
    expect_at(m, m.defender_at);
    const std::string theirs =
        fmt::format("{} ({}: {} {} -> {})", shown(label), other_, state_, m.attack.front().from, m.attack.back().to);
    if (m.diverges) {
      path_.end_note = fmt::format("<- move {}: {} runs internal steps forever from here; {} cannot", n, other_, me_);
    } else if (m.answer == PlayMoveLine::Answer::cannot) {
      path_.end_note = fmt::format("<- move {}: {} does {}; {} cannot answer it from here", n, other_, theirs, me_);
    } else if (m.answer == PlayMoveLine::Answer::stays) {
      stayed_.push_back(n);
    } else {
      expect_at(m, m.answer_path.front().from);
      add(m.answer_path, fmt::format("move {}: {} answers {}'s {}", n, me_, other_, theirs));
    }
    if (last) path_.end_note = with_pending(path_.end_note);
  }
  SidePath finish() { return std::move(path_); }

 private:
  const std::string& file_;
  std::string me_, other_;
  std::string state_;  // how the notes name a state
  bool started_ = false;
  std::uint32_t at_ = 0;
  std::vector<std::size_t> stayed_;  // moves in which this side stayed put, not yet noted
  SidePath path_;
};

}  // namespace

SidePath side_path(const std::string& file, const Counterexample& play, bool side_a, bool on_quotient) {
  Builder b(file, side_a, on_quotient);
  for (std::size_t i = 0; i < play.moves.size(); ++i) b.move(i + 1, play.moves[i], i + 1 == play.moves.size());
  return b.finish();
}

}  // namespace frontend::replay
