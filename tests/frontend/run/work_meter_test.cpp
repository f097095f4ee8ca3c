// WorkMeter against a plain running sum: the bound throws exactly at the
// charge that passes it, spent() is the sum of the charges, and beats come
// once the work since the last beat passes the interval, never sooner.
#include "frontend/run/work_meter.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "frontend/language/limits.hpp"

namespace frontend::work_meter_test {
namespace {

TEST(WorkMeter, UnboundedCountsEverything) {
  WorkMeter m;
  for (int i = 0; i < 1000; ++i) m.charge(1'000'000);
  EXPECT_EQ(m.spent(), 1'000'000'000u);
}

TEST(WorkMeter, TheBoundThrowsAtTheChargeThatPassesIt) {
  WorkMeter m;
  m.limit(100);
  m.charge(60);
  m.charge(40);  // exactly the bound: allowed
  EXPECT_THROW(m.charge(1), StateLimit);
}

TEST(WorkMeter, BeatsReportTheWorkSinceTheMark) {
  WorkMeter m;
  std::vector<std::uint64_t> beats;
  m.on_beat([&](std::uint64_t w) { beats.push_back(w); }, 10);
  for (int i = 0; i < 3; ++i) m.charge(7);  // 21 units: the second charge passes 10
  ASSERT_EQ(beats, (std::vector<std::uint64_t>{14}));
  m.mark();                                 // at 21
  for (int i = 0; i < 3; ++i) m.charge(7);  // the allowance of 10 from 14 is passed at 28, then at 42
  EXPECT_EQ(beats, (std::vector<std::uint64_t>{14, 7, 21}));
}

TEST(WorkMeter, AgreesWithARunningSumOnRandomCharges) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 2000; ++round) {
    const std::uint64_t bound = rng() % 2000, every = 1 + rng() % 300;
    const bool with_bound = rng() % 2 == 0, with_beat = rng() % 2 == 0;
    WorkMeter m;
    std::uint64_t sum = 0, last_beat = 0, mark = 0;
    bool beat_bad = false;
    if (with_beat)
      m.on_beat(
          [&](std::uint64_t w) {
            // Past the interval since the last beat; only the bound's
            // checkpoints may come sooner.
            if (w != sum - mark || (!with_bound && sum - last_beat <= every)) beat_bad = true;
            last_beat = sum;
          },
          every);
    if (with_bound) m.limit(bound);
    for (int i = 0; i < 100; ++i) {
      const std::uint64_t units = rng() % 60;
      if (rng() % 10 == 0) {
        m.mark();
        mark = sum;
      }
      const bool passes = with_bound && sum + units > bound;
      if (passes) {
        ASSERT_THROW(m.charge(units), StateLimit) << "round " << round;
        break;
      }
      sum += units;  // before the call: a beat inside it sees the charge
      ASSERT_NO_THROW(m.charge(units)) << "round " << round;
      ASSERT_EQ(m.spent(), sum);
      if (with_beat && !with_bound) {
        ASSERT_LE(sum - last_beat, every + 60) << "round " << round;
      }
    }
    EXPECT_FALSE(beat_bad) << "round " << round;
  }
}

}  // namespace
}  // namespace frontend::work_meter_test
