#include "frontend/run/work_meter.hpp"

#include <algorithm>
#include <utility>

#include "frontend/language/limits.hpp"

namespace frontend {

void WorkMeter::limit(std::uint64_t units) {
  settle();
  reserve_ = units ? units : unbounded;
  refill();
}

void WorkMeter::on_beat(Beat beat, std::uint64_t every) {
  settle();
  beat_ = std::move(beat);
  every_ = every && beat_ ? every : unbounded;
  refill();
}

void WorkMeter::settle() {
  spent_ += given_ - left_;
  if (reserve_ != unbounded) reserve_ += left_;
  given_ = left_ = 0;
}

void WorkMeter::refill() {
  given_ = left_ = std::min(reserve_, every_);
  if (reserve_ != unbounded) reserve_ -= given_;
}

void WorkMeter::checkpoint(std::uint64_t units) {
  settle();
  if (units > reserve_)
    throw StateLimit(
        "stopped at the work bound: the steps ran more statements (or copied more state) than the "
        "caller allowed");
  if (reserve_ != unbounded) reserve_ -= units;
  spent_ += units;
  if (beat_) beat_(spent_ - mark_);
  refill();
}

}  // namespace frontend
