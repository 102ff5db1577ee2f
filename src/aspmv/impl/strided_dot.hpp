#pragma once
// The inner loop of every kernel: sum of vals(k) * x(cols(k)) over
// k = first, first + stride, ... < end. It is unrolled: each pass issues
// `unroll` independent (bounds-predicated) loads of vals, cols and x before
// adding them, so one thread keeps several memory requests in flight instead
// of waiting for each product in turn. (The u-loops have a constant trip
// count: the compilers unroll them completely.)

#include <Kokkos_Core.hpp>

namespace aspmv::impl {

// Four loads in flight per thread: with it CSR-vector and the long-row teams
// beat their plain loops on the H100 (perf/results/h100/2026-11-21-run1 vs
// run2); other depths were not measured.
inline constexpr int dot_unroll = 4;

template <class Value, class Offset, class Cols, class Vals, class X>
KOKKOS_FORCEINLINE_FUNCTION Value strided_dot(Offset first, Offset end, Offset stride, const Cols& cols,
                                              const Vals& vals, const X& x) {
  Value sum = 0;
  for (Offset j = first; j < end; j += dot_unroll * stride) {
    Value p[dot_unroll];
    for (int u = 0; u < dot_unroll; ++u) {
      const Offset k = j + u * stride;
      p[u] = k < end ? vals(k) * x(cols(k)) : Value(0);
    }
    for (int u = 0; u < dot_unroll; ++u) sum += p[u];  // NOLINT(modernize-loop-convert): the form measured on the H100
  }
  return sum;
}

}  // namespace aspmv::impl
