#pragma once
// Timing per docs/METRICS.md: warm up, then time batches of calls with a
// fence around each batch; report the median batch time divided by the
// calls per batch. The batch size grows until one batch lasts well over the
// launch overhead.

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace aspmv::bench {

struct TimingOptions {
  int warmup_calls = 10;
  int batches = 9;                  // median over this many batches
  double min_batch_seconds = 2e-3;  // a batch lasts at least this long
  std::int64_t max_calls_per_batch = 1 << 16;
  // Slow configurations (a call longer than this, e.g. CSR-scalar on a
  // matrix with a dense row) are timed with fewer calls: they only need to
  // be known as slow, and they would dominate a collection's time.
  double slow_call_seconds = 5e-3;
  int slow_batches = 3;
};

struct Timing {
  double seconds_per_call = 0;  // median batch time / calls per batch
  double min_seconds_per_call = 0;
  double max_seconds_per_call = 0;
  std::int64_t calls_per_batch = 0;
  int batches = 0;
};

// Times `call()` (which enqueues work on `exec`).
template <class ExecSpace, class Call>
Timing time_calls(const ExecSpace& exec, Call&& call, const TimingOptions& opt = {}) {
  using clock = std::chrono::steady_clock;
  auto t_first = clock::now();
  call();
  exec.fence();
  const double first = std::chrono::duration<double>(clock::now() - t_first).count();
  const bool slow = first > opt.slow_call_seconds;
  for (int i = 1; i < (slow ? 2 : opt.warmup_calls); ++i) call();
  exec.fence();
  // Grow the batch until it lasts min_batch_seconds.
  std::int64_t calls = 1;
  for (;;) {
    const auto t0 = clock::now();
    for (std::int64_t i = 0; i < calls; ++i) call();
    exec.fence();
    const double t = std::chrono::duration<double>(clock::now() - t0).count();
    if (t >= opt.min_batch_seconds || calls >= opt.max_calls_per_batch) break;
    const double scale = t > 0 ? opt.min_batch_seconds / t * 1.2 : 8.0;
    calls = std::min<std::int64_t>(opt.max_calls_per_batch,
                                   std::max<std::int64_t>(calls * 2, static_cast<std::int64_t>(calls * scale)));
  }
  std::vector<double> per_call;
  const int batches = slow ? std::min(opt.batches, opt.slow_batches) : opt.batches;
  for (int b = 0; b < batches; ++b) {
    exec.fence();
    const auto t0 = clock::now();
    for (std::int64_t i = 0; i < calls; ++i) call();
    exec.fence();
    per_call.push_back(std::chrono::duration<double>(clock::now() - t0).count() / double(calls));
  }
  std::sort(per_call.begin(), per_call.end());
  Timing r;
  r.seconds_per_call = per_call[per_call.size() / 2];
  r.min_seconds_per_call = per_call.front();
  r.max_seconds_per_call = per_call.back();
  r.calls_per_batch = calls;
  r.batches = batches;
  return r;
}

}  // namespace aspmv::bench
