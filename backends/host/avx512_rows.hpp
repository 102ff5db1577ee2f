#pragma once
// CSR rows and SELL-8 slices summed in AVX-512 vector lanes on x86-64 CPUs,
// chosen at run time: the portable build's code for CSR-scalar's runs of rows
// and SELL's slices of 8 rows (avx512_lanes8.hpp's lanes) where the CPU has AVX-512F and AVX-512VL (the
// table's host_row_simd 2). Each row is taken 8
// doubles (16 floats) at a time: the values and column indices loaded as
// vectors, x gathered (or loaded as a vector where the 8 or 16 columns are
// consecutive), multiplied and added into one vector accumulator, its lanes
// added at the row's end; the last partial chunk under a mask, so nothing past
// the row is read. One vector instruction stream a row instead of one chain of
// dependent scalar multiply-adds (docs/PERF.md, "AVX-512 row lanes"). Another
// order of additions than CSR's, inside the same rounding bound, the same every
// run.
//
// Compiled with function-level target attributes, so the translation unit
// needs no -march; only for GCC and Clang on x86-64 outside device compilers
// (nvcc, hipcc: their host passes keep the portable loops).
// avx512_rows_available() says whether this process can run it.

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include <backends/host/avx512_lanes8.hpp>  // ASPMV_HOST_AVX512_ROWS where this build has AVX-512 code

namespace aspmv::backends::host {

#if defined(ASPMV_HOST_AVX512_ROWS)
inline constexpr bool avx512_rows_compiled = true;

// Whether this CPU runs AVX-512F and AVX-512VL code (asked once a process).
inline bool avx512_rows_available() {
  static const bool yes =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("fma");
  return yes;
}

namespace detail {

#define ASPMV_AVX512_TARGET __attribute__((target("avx512f,avx512vl,fma")))

// y[row] = alpha * sum + beta * y[row]; beta == 0 never reads y.
template <class Value>
inline void write_sum(Value* y, std::int64_t row, Value alpha, Value sum, Value beta) {
  y[row] = beta == Value(0) ? alpha * sum : alpha * sum + beta * y[row];
}

template <class Offset>
ASPMV_AVX512_TARGET void row_run(const Offset* offsets, const std::int32_t* cols, const double* vals, const double* x,
                                 double* y, std::int64_t first, std::int64_t last, double alpha, double beta) {
  const __m256i step = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (std::int64_t row = first; row < last; ++row) {
    std::int64_t j = offsets[row];
    const std::int64_t end = offsets[row + 1];
    __m512d acc = _mm512_setzero_pd();
    for (; j + 8 <= end; j += 8) {
      const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cols + j));
      const std::int32_t c0 = cols[j];
      const bool consecutive = _mm256_cmpeq_epi32_mask(c, _mm256_add_epi32(_mm256_set1_epi32(c0), step)) == 0xff;
      const __m512d xv = consecutive ? _mm512_loadu_pd(x + c0) : _mm512_i32gather_pd(c, x, 8);
      acc = _mm512_fmadd_pd(_mm512_loadu_pd(vals + j), xv, acc);
    }
    if (j < end) {
      const auto mask = static_cast<__mmask8>((1U << (end - j)) - 1U);
      const __m256i c = _mm256_maskz_loadu_epi32(mask, cols + j);
      const __m512d xv = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), mask, c, x, 8);
      acc = _mm512_fmadd_pd(_mm512_maskz_loadu_pd(mask, vals + j), xv, acc);
    }
    write_sum(y, row, alpha, _mm512_reduce_add_pd(acc), beta);
  }
}

template <class Offset>
ASPMV_AVX512_TARGET void row_run(const Offset* offsets, const std::int32_t* cols, const float* vals, const float* x,
                                 float* y, std::int64_t first, std::int64_t last, float alpha, float beta) {
  const __m512i step = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (std::int64_t row = first; row < last; ++row) {
    std::int64_t j = offsets[row];
    const std::int64_t end = offsets[row + 1];
    __m512 acc = _mm512_setzero_ps();
    for (; j + 16 <= end; j += 16) {
      const __m512i c = _mm512_loadu_si512(cols + j);
      const std::int32_t c0 = cols[j];
      const bool consecutive = _mm512_cmpeq_epi32_mask(c, _mm512_add_epi32(_mm512_set1_epi32(c0), step)) == 0xffff;
      const __m512 xv = consecutive ? _mm512_loadu_ps(x + c0) : _mm512_i32gather_ps(c, x, 4);
      acc = _mm512_fmadd_ps(_mm512_loadu_ps(vals + j), xv, acc);
    }
    if (j < end) {
      const auto mask = static_cast<__mmask16>((1U << (end - j)) - 1U);
      const __m512i c = _mm512_maskz_loadu_epi32(mask, cols + j);
      const __m512 xv = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), mask, c, x, 4);
      acc = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(mask, vals + j), xv, acc);
    }
    write_sum(y, row, alpha, _mm512_reduce_add_ps(acc), beta);
  }
}

// One full SELL slice of 8 rows (column-major, 8 entries a step; row l has
// lengths[l] entries of the slice's `width` steps): sums[l] = row l's sum, its
// entries in two alternating partial sums up to the slice's shortest row,
// then under a mask of the rows that go on (padding is never read).
template <class Value>
ASPMV_AVX512_TARGET inline void slice8(const std::int32_t* cols, const Value* vals, const std::int32_t* lengths,
                                       std::int64_t width, const Value* x, Value* sums) {
  using L = Lanes8<Value>;
  const __m256i len = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lengths));
  std::int64_t shortest = width;
  for (int l = 0; l < 8; ++l) shortest = lengths[l] < shortest ? lengths[l] : shortest;
  auto acc0 = L::zero(), acc1 = L::zero();
  std::int64_t j = 0;
  for (; j + 2 <= shortest; j += 2) {
    const __m256i c0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cols + 8 * j));
    const __m256i c1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cols + 8 * j + 8));
    acc0 = L::fma(L::load(vals + 8 * j), L::gather(c0, x), acc0);
    acc1 = L::fma(L::load(vals + 8 * j + 8), L::gather(c1, x), acc1);
  }
  for (; j < width; ++j) {
    const __mmask8 on = _mm256_cmpgt_epi32_mask(len, _mm256_set1_epi32(static_cast<std::int32_t>(j)));
    const __m256i c = _mm256_maskz_loadu_epi32(on, cols + 8 * j);
    acc0 = L::fma(L::load(on, vals + 8 * j), L::gather(on, c, x), acc0);
  }
  L::store(sums, L::add(acc0, acc1));
}

#undef ASPMV_AVX512_TARGET

}  // namespace detail

// Rows [first, last) of a CSR matrix with 32-bit column indices, each summed in
// AVX-512 lanes: y[row] = alpha * (A x)[row] + beta * y[row] (beta == 0 never
// reads y). x and y contiguous, in host memory. Only where
// avx512_rows_available().
template <class Offset, class Value>
void avx512_row_run(const Offset* offsets, const std::int32_t* cols, const Value* vals, const Value* x, Value* y,
                    std::int64_t first, std::int64_t last, Value alpha, Value beta) {
  static_assert(sizeof(Value) == 8 || sizeof(Value) == 4, "float or double");
  detail::row_run(offsets, cols, vals, x, y, first, last, alpha, beta);
}

// One full slice of 8 rows of SELL-8-sigma (sums in the slice's row order).
// Only where avx512_rows_available().
template <class Value>
void avx512_sell8_slice(const std::int32_t* cols, const Value* vals, const std::int32_t* lengths, std::int64_t width,
                        const Value* x, Value* sums) {
  detail::slice8(cols, vals, lengths, width, x, sums);
}
#else
inline constexpr bool avx512_rows_compiled = false;
inline bool avx512_rows_available() { return false; }
// No AVX-512 code in this build: callers test avx512_rows_compiled first.
template <class Offset, class Value>
void avx512_row_run(const Offset*, const std::int32_t*, const Value*, const Value*, Value*, std::int64_t, std::int64_t,
                    Value, Value) = delete;
template <class Value>
void avx512_sell8_slice(const std::int32_t*, const Value*, const std::int32_t*, std::int64_t, const Value*,
                        Value*) = delete;
#endif

// Whether this build's AVX-512 code can take `View`'s values as a raw array of
// `Value` (host memory, that float or double type); avx512_array(v) adds the
// run-time half: contiguous.
template <class Value, class View>
inline constexpr bool avx512_array_type =
    avx512_rows_compiled &&
    (std::is_same_v<Value, double> ||
     std::is_same_v<Value, float>)&&Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename View::memory_space>::
        accessible&& std::is_same_v<std::remove_const_t<typename View::value_type>, Value>;
template <class View>
bool avx512_array(const View& v) {
  return v.span_is_contiguous();
}

}  // namespace aspmv::backends::host
