// team_wake_test.cpp -- when a call is kept from an idle OpenMP team that
// wakes slowly (src/team_wake), on a simulated clock; compiled in.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "team_wake.hpp"

namespace tileblas {
namespace {

constexpr std::int64_t kUs = 1'000, kMs = 1'000'000;

// Calls into a model as threads_for_work and run_team do, on a machine whose
// idle team takes `wake` to arrive (a busy one: 1 us).
struct Machine {
  TeamWakeModel model;
  std::int64_t wake;

  // A call at `now` that takes `duration` on one thread; 'k' when kept on
  // one thread, 't' when run by the team.
  char call(std::int64_t now, std::int64_t duration) {
    if (model.keep_on_one_thread(double(duration) * 1e-9, now)) return 'k';
    const bool after_idle = model.team_starting(now);
    const std::int64_t arrival = now + (after_idle ? wake : 1 * kUs);
    model.team_finished(now, after_idle, arrival, std::max(now + duration / 2, arrival));
    return 't';
  }
  // `count` calls `every` apart from `start`: what each got.
  std::string calls(std::int64_t start, int count, std::int64_t every, std::int64_t duration) {
    std::string got;
    for (int i = 0; i < count; ++i) got += call(start + i * every, duration);
    return got;
  }
};

TEST(TeamWake, FastWakeKeepsNothing) {
  Machine m{{}, 20 * kUs};  // a bare machine
  EXPECT_EQ(m.calls(100 * kMs, 6, 100 * kMs, 1 * kMs), "tttttt");
}

TEST(TeamWake, CallsNowAndThenKeptOnceTheWakeIsSeenSlow) {
  Machine m{{}, 7 * kMs};
  // The first team starts its threads; the second measures the wake-up.
  EXPECT_EQ(m.calls(100 * kMs, 5, 100 * kMs, 1 * kMs), "ttkkk");
}

TEST(TeamWake, CallsLongerThanTwoWakeUpsKeepTheTeam) {
  Machine m{{}, 7 * kMs};
  EXPECT_EQ(m.calls(100 * kMs, 4, 100 * kMs, 20 * kMs), "tttt");
}

TEST(TeamWake, RunOfCallsKeepsTheTeam) {
  Machine m{{}, 7 * kMs};
  m.calls(100 * kMs, 3, 100 * kMs, 1 * kMs);
  // A run right after a kept call: that one stays kept, the rest get the team.
  EXPECT_EQ(m.calls(400 * kMs, 5, 2 * kMs, 1 * kMs), "ktttt");
}

TEST(TeamWake, WarmUpAfterARunWakesTheTeam) {
  Machine m{{}, 7 * kMs};
  m.calls(100 * kMs, 3, 100 * kMs, 1 * kMs);  // slow wake-up seen
  m.calls(400 * kMs, 5, 2 * kMs, 1 * kMs);    // a run
  // A pause (setting up the next benchmark), then a warm-up and its loop.
  EXPECT_EQ(m.calls(600 * kMs, 4, 2 * kMs, 1 * kMs), "tttt");
}

TEST(TeamWake, FastWakeForgetsASlowOne) {
  Machine m{{}, 7 * kMs};
  m.calls(100 * kMs, 3, 100 * kMs, 1 * kMs);
  m.calls(400 * kMs, 3, 2 * kMs, 1 * kMs);
  m.wake = 30 * kUs;  // the host is quiet now
  EXPECT_EQ(m.calls(600 * kMs, 4, 100 * kMs, 1 * kMs), "tttt");
}

TEST(TeamWake, TeamWithoutWorkersMeasuresNothing) {
  TeamWakeModel model;
  model.team_finished(0, false, 0, 1 * kMs);
  ASSERT_TRUE(model.team_starting(100 * kMs));
  model.team_finished(100 * kMs, true, 0, 101 * kMs);  // granted one thread: nobody arrived
  EXPECT_FALSE(model.keep_on_one_thread(1e-4, 200 * kMs));
  EXPECT_FALSE(model.keep_on_one_thread(1e-4, 300 * kMs));
}

}  // namespace
}  // namespace tileblas
