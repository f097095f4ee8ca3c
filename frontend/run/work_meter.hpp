#pragma once
// The work of an interpreter, in units (a statement run, a state slot copied
// or compared), against an optional bound, with a beat every so many units
// so that a caller can show that one long step is still running. A charge
// costs one compare and one subtraction; the rest happens at a checkpoint,
// at most once per beat interval (and at the bound).
#include <cstdint>
#include <functional>

namespace frontend {

class WorkMeter {
 public:
  static constexpr std::uint64_t unbounded = UINT64_MAX;
  // A step that has run this much work is reported while it runs (the
  // explorer's and the fault search's progress); a step of the Table 1
  // models runs a few hundred units.
  static constexpr std::uint64_t long_step = std::uint64_t{1} << 22;
  using Beat = std::function<void(std::uint64_t work_since_mark)>;

  // Past `units` more (0: no bound) a charge throws StateLimit.
  void limit(std::uint64_t units);
  // beat(spent() - the last mark()) at the first charge after each `every`
  // units (0: never).
  void on_beat(Beat beat, std::uint64_t every);
  void charge(std::uint64_t units) {
    if (units > left_) checkpoint(units);
    else left_ -= units;
  }
  std::uint64_t spent() const { return spent_ + (given_ - left_); }
  void mark() { mark_ = spent(); }  // where a step starts

 private:
  void settle();  // what is left of the allowance goes back to the reserve
  void refill();  // the next allowance
  void checkpoint(std::uint64_t units);

  std::uint64_t reserve_ = unbounded;                   // of the bound, not yet given out
  std::uint64_t given_ = unbounded, left_ = unbounded;  // the allowance up to the next checkpoint
  std::uint64_t spent_ = 0;                             // before the allowance
  std::uint64_t mark_ = 0;
  std::uint64_t every_ = unbounded;
  Beat beat_;
};

}  // namespace frontend
