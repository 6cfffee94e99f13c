#include "team_wake.hpp"

#include <time.h>

#include <algorithm>

namespace tileblas {

bool TeamWakeModel::keep_on_one_thread(double one_thread_seconds, std::int64_t now) {
  const std::int64_t active = std::max(team_end_ns_.load(std::memory_order_relaxed),
                                       kept_until_ns_.load(std::memory_order_relaxed));
  const bool after_idle = now - active > kIdleGapNs;
  const bool last_after_idle = last_after_idle_.exchange(after_idle, std::memory_order_relaxed);
  const std::int64_t wake = wake_ns_.load(std::memory_order_relaxed);
  const double ns = one_thread_seconds * 1e9;
  if (!after_idle || !last_after_idle || wake == 0 || ns >= 2.0 * double(wake)) return false;
  kept_until_ns_.store(now + std::int64_t(ns), std::memory_order_relaxed);
  return true;
}

bool TeamWakeModel::team_starting(std::int64_t now) const {
  const std::int64_t last_end = team_end_ns_.load(std::memory_order_relaxed);
  return last_end != 0 && now - last_end > kIdleGapNs;
}

void TeamWakeModel::team_finished(std::int64_t start_ns, bool after_idle,
                                  std::int64_t last_arrival_ns, std::int64_t now) {
  if (after_idle) {
    const std::int64_t wake = last_arrival_ns - start_ns;  // (no worker: negative)
    wake_ns_.store(wake >= kFastWakeNs ? wake : 0, std::memory_order_relaxed);
  }
  team_end_ns_.store(now, std::memory_order_relaxed);
}

namespace {
TeamWakeModel g_model;
}

std::int64_t monotonic_ns() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

bool keep_on_one_thread(double one_thread_seconds) {
  return g_model.keep_on_one_thread(one_thread_seconds, monotonic_ns());
}

void team_starting(TeamStart &start) {
  start.start_ns = monotonic_ns();
  start.after_idle = g_model.team_starting(start.start_ns);
}

void team_member_arrived(TeamStart &start) {
  if (!start.after_idle) return;
  const std::int64_t t = monotonic_ns();
  std::int64_t seen = start.last_arrival_ns.load(std::memory_order_relaxed);
  while (seen < t && !start.last_arrival_ns.compare_exchange_weak(seen, t)) {
  }
}

void team_finished(const TeamStart &start) {
  g_model.team_finished(start.start_ns, start.after_idle,
                        start.last_arrival_ns.load(std::memory_order_relaxed), monotonic_ns());
}

}  // namespace tileblas
