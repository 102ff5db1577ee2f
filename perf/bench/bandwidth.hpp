#pragma once
// Effective bandwidth of an SpMV (docs/METRICS.md):
//   bytes = nnz (sizeof(value) + sizeof(ordinal)) + (m + 1) sizeof(offset)
//         + n sizeof(value) [x read once] + m sizeof(value) [y written]
//         (+ m sizeof(value) when beta != 0),
// and the device's copy bandwidth (read + write) measured in the same run.

#include <Kokkos_Core.hpp>

#include "timing.hpp"

#include <cstdint>

namespace aspmv::bench {

inline double spmv_bytes(std::int64_t m, std::int64_t n, std::int64_t nnz, int value_bytes, int offset_bytes,
                         bool beta_nonzero) {
  const int ordinal_bytes = 4;
  double b = double(nnz) * (value_bytes + ordinal_bytes) + double(m + 1) * offset_bytes + double(n) * value_bytes +
             double(m) * value_bytes;
  if (beta_nonzero) b += double(m) * value_bytes;
  return b;
}

// Copy bandwidth in GB/s (bytes read + bytes written) of a device-to-device
// copy of `bytes` bytes per buffer, timed like an SpMV.
template <class ExecSpace>
double measure_copy_bandwidth(const ExecSpace& exec, std::int64_t bytes = std::int64_t(1) << 29) {
  using Mem = typename ExecSpace::memory_space;
  const auto n = static_cast<std::size_t>(bytes / sizeof(double));
  Kokkos::View<double*, Mem> a(Kokkos::view_alloc(exec, "aspmv::bench::copy_a"), n);
  Kokkos::View<double*, Mem> b(Kokkos::view_alloc(exec, "aspmv::bench::copy_b"), n);
  Kokkos::deep_copy(exec, a, 1.0);
  const auto t = time_calls(exec, [&]() { Kokkos::deep_copy(exec, b, a); });
  return 2.0 * double(n * sizeof(double)) / t.seconds_per_call / 1e9;
}

}  // namespace aspmv::bench
