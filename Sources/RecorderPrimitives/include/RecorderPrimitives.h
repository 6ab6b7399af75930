#ifndef RECORDER_PRIMITIVES_H
#define RECORDER_PRIMITIVES_H

// What the recorder's hot path needs below Swift: a cheap tick counter (the time-stamp counter
// has no Swift spelling). Everything is inline. The queue's atomics come from swift-atomics.

#include <stdint.h>
#include <time.h>

#if defined(__APPLE__)
#include <mach/mach_time.h>
#endif

/// Whether `recorder_ticks(1)` reads the CPU's time-stamp counter on this platform.
static inline int recorder_has_cycle_counter(void) {
#if defined(__x86_64__) && !defined(__APPLE__)
  return 1;
#else
  return 0;
#endif
}

/// A monotonic tick count: the time-stamp counter when `use_cycle_counter` is non-zero and the
/// platform has one (x86-64 Linux), `mach_absolute_time` on Apple platforms, otherwise
/// `CLOCK_MONOTONIC` in nanoseconds. Ticks only mean something relative to other ticks read the
/// same way; the recorder converts them to nanoseconds against `CLOCK_MONOTONIC`.
static inline uint64_t recorder_ticks(int use_cycle_counter) {
#if defined(__APPLE__)
  (void)use_cycle_counter;
  return mach_absolute_time();
#else
#if defined(__x86_64__)
  if (use_cycle_counter) {
    return __builtin_ia32_rdtsc();
  }
#else
  (void)use_cycle_counter;
#endif
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#endif
}

/// The action a reducer operator is reducing on this thread (its id in the recorded store), or 0.
///
/// NB: On Linux, in the initial-exec TLS model: Swift code is compiled position-independent,
/// and the default model there calls `__tls_get_addr` on every access, twice per recorded
/// action. Initial-exec reads it at a fixed offset from the thread pointer; a library loaded
/// later with `dlopen` takes its 8 bytes from the room glibc keeps for that.
#if defined(__linux__)
__attribute__((tls_model("initial-exec")))
#endif
extern _Thread_local uint64_t recorder_reducing_action;

/// This thread's action being reduced, 0 for none.
static inline uint64_t recorder_reducing_action_get(void) {
  return recorder_reducing_action;
}

/// Replaces this thread's action being reduced and returns the one it replaced.
static inline uint64_t recorder_reducing_action_exchange(uint64_t action) {
  uint64_t previous = recorder_reducing_action;
  recorder_reducing_action = action;
  return previous;
}

#endif
