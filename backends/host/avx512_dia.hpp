#pragma once
// DIA's rows summed in AVX-512 vector lanes on x86-64 CPUs, chosen at run
// time where the table's host_row_simd is 2 (as backends/host/avx512_rows.hpp
// for CSR rows and SELL-8). A block's rows go 128 at a time -- four words of
// the holes' mask -- in 16 vectors of 8 doubles (8 of 16 floats) that stay in
// registers across every diagonal: per diagonal and vector one load of its
// values and one of x (x[r + o] for consecutive rows r is consecutive), one
// fused multiply-add. Rows outside a diagonal's range and its holes are masked
// lanes: their values and x are never read, so 0 * Inf never reaches a sum.
// Two loads a stored entry and no partial sums through memory (the portable
// loop of kernels/dia.hpp keeps a block's sums in an L1 array: three loads
// and a store an entry). Each row's products are added in diagonal order, as
// in the portable loop (fused multiply-adds: one rounding fewer each).

#include <backends/host/avx512_rows.hpp>

#include <cstdint>

namespace aspmv::backends::host {

// The arrays of a DIA copy as raw host pointers (kernels/dia.hpp DiaView).
template <class Value>
struct DiaArrays {
  const std::int64_t* offsets;   // diagonals, ascending
  const std::int32_t* complete;  // 1: no hole in the diagonal's rows
  const std::uint32_t* present;  // words_per_diagonal words a diagonal: bit r % 32 of word r / 32 is row r
  const Value* vals;             // diagonals * rows
  std::int64_t rows, cols, diagonals, words_per_diagonal;
};

// The rows of [r0, r0 + 32) that diagonal k adds to, as bits of one mask
// word: those in the diagonal's range and before `end` (complete diagonals),
// or the present ones (the mask holds no bit outside the range).
template <class Value>
inline std::uint32_t dia_lanes(const DiaArrays<Value>& d, std::int64_t k, std::int64_t r0, std::int64_t end) {
  if (d.complete[k] == 0) return d.present[k * d.words_per_diagonal + r0 / 32];
  const std::int64_t o = d.offsets[k];
  const std::int64_t lo = o < 0 ? -o : 0;
  const std::int64_t hi_range = d.cols - o < d.rows ? d.cols - o : d.rows;
  const std::int64_t a = lo > r0 ? lo : r0;
  const std::int64_t b = (hi_range < end ? hi_range : end) < r0 + 32 ? (hi_range < end ? hi_range : end) : r0 + 32;
  if (a >= b) return 0;
  const std::uint32_t upto_b = b - r0 == 32 ? ~0U : (1U << (b - r0)) - 1U;
  const std::uint32_t from_a = ~((1U << (a - r0)) - 1U);
  return upto_b & from_a;
}

#if defined(ASPMV_HOST_AVX512_ROWS)
namespace detail {

#define ASPMV_AVX512_TARGET __attribute__((target("avx512f,avx512vl,fma")))

// Rows [r0, r0 + 128) of [.., end): 16 vectors of 8 doubles (8 of 16
// floats) in registers across every diagonal. A diagonal whose 128 rows are
// all inside its range and that has no hole takes plain loads of values and
// of x; any other goes word by word through its lanes (dia_lanes), rows at
// or past `end` masked off.
constexpr std::int64_t dia_chunk_rows = 128;

ASPMV_AVX512_TARGET inline void dia_chunk(const DiaArrays<double>& d, const double* x, double* y, std::int64_t r0,
                                          std::int64_t end, double alpha, double beta) {
  constexpr std::int64_t vectors = dia_chunk_rows / 8;
  __m512d acc[vectors];
  for (auto& a : acc) a = _mm512_setzero_pd();
  const std::int64_t stop = end - r0 < dia_chunk_rows ? end : r0 + dia_chunk_rows;
  for (std::int64_t k = 0; k < d.diagonals; ++k) {
    const std::int64_t o = d.offsets[k];
    const double* v = d.vals + k * d.rows + r0;
    const double* xs = x + r0 + o;  // x[r + o] for row r (masked lanes are never read)
    const std::int64_t lo = o < 0 ? -o : 0;
    const std::int64_t hi = d.cols - o < d.rows ? d.cols - o : d.rows;
    if (d.complete[k] != 0 && lo <= r0 && r0 + dia_chunk_rows <= hi && stop == r0 + dia_chunk_rows) {
      for (std::int64_t i = 0; i < vectors; ++i)
        acc[i] = _mm512_fmadd_pd(_mm512_loadu_pd(v + 8 * i), _mm512_loadu_pd(xs + 8 * i), acc[i]);
      continue;
    }
    for (std::int64_t w = 0; w < vectors / 4; ++w) {
      if (r0 + 32 * w >= stop) break;
      const std::uint32_t lanes = dia_lanes(d, k, r0 + 32 * w, stop);
      if (lanes == 0) continue;
      for (std::int64_t i = 4 * w; i < 4 * w + 4; ++i) {
        const auto m = static_cast<__mmask8>(lanes >> (8 * (i - 4 * w)));
        if (m != 0)
          acc[i] = _mm512_fmadd_pd(_mm512_maskz_loadu_pd(m, v + 8 * i), _mm512_maskz_loadu_pd(m, xs + 8 * i), acc[i]);
      }
    }
  }
  const __m512d va = _mm512_set1_pd(alpha);
  for (std::int64_t i = 0; i < vectors; ++i) {
    const std::int64_t first = r0 + 8 * i;
    if (first >= stop) break;
    const auto m = static_cast<__mmask8>(stop - first >= 8 ? 0xff : (1U << (stop - first)) - 1U);
    __m512d out = _mm512_mul_pd(va, acc[i]);
    if (beta != 0.0) out = _mm512_fmadd_pd(_mm512_set1_pd(beta), _mm512_maskz_loadu_pd(m, y + first), out);
    _mm512_mask_storeu_pd(y + first, m, out);
  }
}

ASPMV_AVX512_TARGET inline void dia_chunk(const DiaArrays<float>& d, const float* x, float* y, std::int64_t r0,
                                          std::int64_t end, float alpha, float beta) {
  constexpr std::int64_t vectors = dia_chunk_rows / 16;
  __m512 acc[vectors];
  for (auto& a : acc) a = _mm512_setzero_ps();
  const std::int64_t stop = end - r0 < dia_chunk_rows ? end : r0 + dia_chunk_rows;
  for (std::int64_t k = 0; k < d.diagonals; ++k) {
    const std::int64_t o = d.offsets[k];
    const float* v = d.vals + k * d.rows + r0;
    const float* xs = x + r0 + o;
    const std::int64_t lo = o < 0 ? -o : 0;
    const std::int64_t hi = d.cols - o < d.rows ? d.cols - o : d.rows;
    if (d.complete[k] != 0 && lo <= r0 && r0 + dia_chunk_rows <= hi && stop == r0 + dia_chunk_rows) {
      for (std::int64_t i = 0; i < vectors; ++i)
        acc[i] = _mm512_fmadd_ps(_mm512_loadu_ps(v + 16 * i), _mm512_loadu_ps(xs + 16 * i), acc[i]);
      continue;
    }
    for (std::int64_t w = 0; w < vectors / 2; ++w) {
      if (r0 + 32 * w >= stop) break;
      const std::uint32_t lanes = dia_lanes(d, k, r0 + 32 * w, stop);
      if (lanes == 0) continue;
      for (std::int64_t i = 2 * w; i < 2 * w + 2; ++i) {
        const auto m = static_cast<__mmask16>(lanes >> (16 * (i - 2 * w)));
        if (m != 0)
          acc[i] = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, v + 16 * i), _mm512_maskz_loadu_ps(m, xs + 16 * i), acc[i]);
      }
    }
  }
  const __m512 va = _mm512_set1_ps(alpha);
  for (std::int64_t i = 0; i < vectors; ++i) {
    const std::int64_t first = r0 + 16 * i;
    if (first >= stop) break;
    const auto m = static_cast<__mmask16>(stop - first >= 16 ? 0xffff : (1U << (stop - first)) - 1U);
    __m512 out = _mm512_mul_ps(va, acc[i]);
    if (beta != 0.0F) out = _mm512_fmadd_ps(_mm512_set1_ps(beta), _mm512_maskz_loadu_ps(m, y + first), out);
    _mm512_mask_storeu_ps(y + first, m, out);
  }
}

#undef ASPMV_AVX512_TARGET

}  // namespace detail

// Rows [first, end) of a DIA copy (first a multiple of 32): y[r] = alpha *
// (A x)[r] + beta * y[r] (beta == 0 never reads y). x and y contiguous, in
// host memory. Only where avx512_rows_available().
template <class Value>
void avx512_dia_rows(const DiaArrays<Value>& d, const Value* x, Value* y, std::int64_t first, std::int64_t end,
                     Value alpha, Value beta) {
  static_assert(sizeof(Value) == 8 || sizeof(Value) == 4, "float or double");
  for (std::int64_t r0 = first; r0 < end; r0 += detail::dia_chunk_rows)
    detail::dia_chunk(d, x, y, r0, end, alpha, beta);
}
#else
// No AVX-512 code in this build: callers test avx512_rows_compiled first.
template <class Value>
void avx512_dia_rows(const DiaArrays<Value>&, const Value*, Value*, std::int64_t, std::int64_t, Value, Value) = delete;
#endif

}  // namespace aspmv::backends::host
