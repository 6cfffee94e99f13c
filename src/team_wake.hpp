// team_wake.hpp -- how long the OpenMP team takes to wake after the process
// has been idle, so that a short call made then can run on one thread.
//
// GNU OpenMP's workers spin for a few milliseconds after a parallel region
// and then sleep.  On a bare machine a sleeping worker wakes within tens of
// microseconds; on a virtual machine whose host is busy it can take a
// scheduler tick (4-8 ms measured on a KVM Zen 3 guest), which the whole
// call then waits for.  The library cannot change OpenMP's waiting, so it
// measures the wake-up whenever a team starts after an idle spell and keeps
// calls shorter than that on one thread.
#pragma once

#include <atomic>
#include <cstdint>

namespace tileblas {

// The bookkeeping, on explicit clock readings (nanoseconds) so that it can
// be tested; one instance serves the process (the functions below).  Shared
// by every calling thread: the inputs of a heuristic, not a protocol.
class TeamWakeModel {
 public:
  // A team idle for longer than this may have gone to sleep.  GNU OpenMP's
  // default spin lasts longer: a 2-thread dgemm 256^3 on the Zen 3 guest ran
  // at full speed after 6 ms idle, took 1.6x after 12 ms and 5.8x after
  // 60 ms.  A shorter gap would only send a few more short calls to one
  // thread.
  static constexpr std::int64_t kIdleGapNs = 8'000'000;
  // A wake-up under this is fast: nothing is kept from the team for it.
  static constexpr std::int64_t kFastWakeNs = 100'000;

  // Whether a call that would take about `one_thread_seconds` on one thread
  // should stay there: the team last woke slowly, the call is shorter than
  // twice that wake-up (the team would take the wake-up + half the call),
  // and it comes after an idle spell as the call before it did -- calls now
  // and then.  The first call after a run of calls gets the team as it
  // always did, so that a warm-up call, not the next, waits for the wake-up;
  // and a call right after a kept one gets it too, so a new run wakes it.
  bool keep_on_one_thread(double one_thread_seconds, std::int64_t now);
  // A team starts at `now`; returns whether it had been idle (its workers'
  // arrival is then worth timing).  The process's first team starts its
  // threads, which is not a wake-up.
  bool team_starting(std::int64_t now) const;
  // The team that started at start_ns ended at `now`; when it had been
  // idle, its last worker arrived at last_arrival_ns.
  void team_finished(std::int64_t start_ns, bool after_idle, std::int64_t last_arrival_ns,
                     std::int64_t now);

 private:
  std::atomic<std::int64_t> team_end_ns_{0};     // 0: no team yet
  std::atomic<std::int64_t> wake_ns_{0};         // 0: never measured, or fast
  std::atomic<std::int64_t> kept_until_ns_{0};   // when the last kept call should end
  std::atomic<bool> last_after_idle_{false};     // the last call came after an idle spell
};

std::int64_t monotonic_ns();

// threads_for_work's question, on the process's model and the clock.
bool keep_on_one_thread(double one_thread_seconds);

// run_team's bookkeeping (threading.hpp): before the region, as each worker
// (id > 0) enters it, and after it.
struct TeamStart {
  std::int64_t start_ns;
  bool after_idle;
  std::atomic<std::int64_t> last_arrival_ns{0};
};
void team_starting(TeamStart &start);
void team_member_arrived(TeamStart &start);
void team_finished(const TeamStart &start);

}  // namespace tileblas
