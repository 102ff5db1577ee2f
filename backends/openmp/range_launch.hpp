#pragma once
// The OpenMP backend's own launch of a range kernel: one `omp parallel` of
// `threads` threads (at most the pool Kokkos was started with), each running
// f(i) over one contiguous block of whole chunks of [begin, end) -- the
// static schedule Kokkos' RangePolicy gives, without its per-dispatch
// bookkeeping, on fewer threads than the pool where a kernel asks (the
// table's host_thread_nnz). A smaller team lets libgomp's other threads fall
// asleep, and the process's next full team waits for them to wake: the
// cpu-x86 table asks for the pool (docs/PERF.md, "CPUs: DIA in AVX-512 lanes;
// fewer threads measured and not shipped"). A range of one chunk runs on the
// calling thread; so does a call from inside a parallel region (nested), as
// in Kokkos.

#include <Kokkos_Core.hpp>
#include <omp.h>

#include <algorithm>
#include <cstdint>

namespace aspmv::backends::openmp {

// The threads a launch of this many work items uses: every thread of the
// pool (threads <= 0 or more than the pool), else `threads`.
inline int launch_threads(int threads) {
  const int pool = Kokkos::OpenMP::concurrency();
  return threads > 0 && threads < pool ? threads : pool;
}

template <class Functor>
void launch_range(std::int64_t begin, std::int64_t end, std::int64_t chunk, int threads, const Functor& f) {
  if (end <= begin) return;
  const std::int64_t step = std::max<std::int64_t>(1, chunk);
  const std::int64_t chunks = (end - begin + step - 1) / step;
  const int team = static_cast<int>(std::min<std::int64_t>(launch_threads(threads), chunks));
  if (team <= 1 || omp_in_parallel()) {
    for (std::int64_t i = begin; i < end; ++i) f(i);
    return;
  }
#pragma omp parallel num_threads(team)
  {
    const std::int64_t t = omp_get_thread_num();
    const std::int64_t n = omp_get_num_threads();  // the runtime may give fewer than asked
    const std::int64_t lo = begin + chunks * t / n * step;
    const std::int64_t hi = std::min(end, begin + chunks * (t + 1) / n * step);
    for (std::int64_t i = lo; i < hi; ++i) f(i);
  }
}

}  // namespace aspmv::backends::openmp
