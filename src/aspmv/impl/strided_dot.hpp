#pragma once
// The inner loop of every kernel: sum of vals(k) * x(cols(k)) over
// k = first, first + stride, ... < end. It is unrolled: each pass issues
// `unroll` independent (bounds-predicated) loads of vals, cols and x before
// adding them, so one thread keeps several memory requests in flight instead
// of waiting for each product in turn. (The u-loops have a constant trip
// count: the compilers unroll them completely.) The values and, where they
// are a View, the column indices are read with the cache hint H
// (backends/load_hint.hpp; plain unless a kernel asks).

#include <backends/load_hint.hpp>

#include <Kokkos_Core.hpp>

namespace aspmv::impl {

// Four loads in flight per thread: with it CSR-vector and the long-row teams
// beat their plain loops on the H100 (perf/results/h100/2026-11-21-run1 vs
// run2); other depths were not measured.
inline constexpr int dot_unroll = 4;

// Element k of a matrix stream, read with hint H (A's own Views; other
// accessors, such as csr_delta's columns, read plainly).
template <backends::LoadHint H, class Stream, class Offset>
KOKKOS_FORCEINLINE_FUNCTION auto stream_at(const Stream& s, Offset k) {
  if constexpr (H != backends::LoadHint::plain && Kokkos::is_view<Stream>::value)
    return backends::hinted_load<H>(&s(k));
  else
    return s(k);
}

template <class Value, backends::LoadHint H = backends::LoadHint::plain, class Offset, class Cols, class Vals, class X>
KOKKOS_FORCEINLINE_FUNCTION Value strided_dot(Offset first, Offset end, Offset stride, const Cols& cols,
                                              const Vals& vals, const X& x) {
  Value sum = 0;
  for (Offset j = first; j < end; j += dot_unroll * stride) {
    Value p[dot_unroll];
    for (int u = 0; u < dot_unroll; ++u) {
      const Offset k = j + u * stride;
      p[u] = k < end ? stream_at<H>(vals, k) * x(stream_at<H>(cols, k)) : Value(0);
    }
    for (int u = 0; u < dot_unroll; ++u) sum += p[u];  // NOLINT(modernize-loop-convert): the form measured on the H100
  }
  return sum;
}

}  // namespace aspmv::impl
