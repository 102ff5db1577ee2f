#pragma once
// ELL-BRO's full slices of 8 rows decoded and summed in AVX-512 vector lanes
// on x86-64 CPUs, chosen at run time where the table's host_row_simd is 2 (as
// backends/host/avx512_rows.hpp for CSR rows and SELL-8). Every row of a
// slice lays its fields out alike (field j takes b_j bits at the same bit
// offset in every row: kernels/ell_bro.hpp), so the 8 rows decode in the 8
// 64-bit lanes of one vector: one vector load of 8 symbols (zero-extended)
// whenever the shared bit count runs short, one shift and one mask a field
// for all 8, the columns advanced together, x gathered under the mask of the
// rows still going and a fused multiply-add. Entries past a row's length
// decode zero fields and read no x. Each row's products are added in its
// entries' order, as the portable loop adds them (fused: one rounding fewer
// each).

#include <backends/host/avx512_rows.hpp>  // and, with its AVX-512 code, avx512_lanes8.hpp

#include <cstdint>

namespace aspmv::backends::host {

// One full slice of an ELL-BRO copy as raw host pointers.
template <class Value>
struct BroSlice {
  const std::uint8_t* bits;      // the slice's columns' field widths
  const std::uint32_t* symbols;  // its first symbol (8 a step, one a row)
  const Value* vals;             // its first stored value (8 a step)
  const std::int32_t* lengths;   // its 8 rows' lengths
  std::int64_t width, base;      // stored entries a row; the least first column
  bool zigzag;                   // later fields zigzag-signed
};

#if defined(ASPMV_HOST_AVX512_ROWS)
namespace detail {

#define ASPMV_AVX512_TARGET __attribute__((target("avx512f,avx512vl,fma")))

// The 8 rows' columns of slice entry j: the fields decoded from `buffer`
// (`have` bits left) and added to `col`; loads the next 8 symbols when the
// field needs more bits than are left.
struct BroLanes {
  __m512i buffer, col;
  int have;
};

ASPMV_AVX512_TARGET inline void bro_step(BroLanes& s, const std::uint32_t*& symbols, int b, bool signed_field) {
  if (s.have < b) {
    const __m512i fresh = _mm512_cvtepu32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(symbols)));
    s.buffer = _mm512_or_si512(s.buffer, _mm512_sll_epi64(fresh, _mm_cvtsi32_si128(s.have)));
    symbols += 8;
    s.have += 32;
  }
  const __m512i f = _mm512_and_si512(s.buffer, _mm512_set1_epi64(static_cast<long long>((std::uint64_t(1) << b) - 1)));
  s.buffer = _mm512_srl_epi64(s.buffer, _mm_cvtsi32_si128(b));
  s.have -= b;
  // Zigzag: (f >> 1) ^ -(f & 1); then 1 + delta (the first field's 1 is in the base - 1 start).
  const __m512i d =
      signed_field
          ? _mm512_xor_si512(_mm512_srli_epi64(f, 1),
                             _mm512_sub_epi64(_mm512_setzero_si512(), _mm512_and_si512(f, _mm512_set1_epi64(1))))
          : f;
  s.col = _mm512_add_epi64(s.col, _mm512_add_epi64(d, _mm512_set1_epi64(1)));
}

template <class Value>
ASPMV_AVX512_TARGET inline void bro_slice8(const BroSlice<Value>& s, const Value* x, Value* sums) {
  using L = Lanes8<Value>;
  const __m256i len = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.lengths));
  BroLanes lanes{_mm512_setzero_si512(), _mm512_set1_epi64(s.base - 1), 0};
  const std::uint32_t* symbols = s.symbols;
  auto acc = L::zero();
  for (std::int64_t j = 0; j < s.width; ++j) {
    bro_step(lanes, symbols, s.bits[j], s.zigzag && j > 0);
    const __mmask8 on = _mm256_cmpgt_epi32_mask(len, _mm256_set1_epi32(static_cast<std::int32_t>(j)));
    acc = L::fma(on, L::load(s.vals + 8 * j), L::gather(on, lanes.col, x), acc);
  }
  L::store(sums, acc);
}

#undef ASPMV_AVX512_TARGET

}  // namespace detail

// One full slice of 8 rows of an ELL-BRO copy: sums[l] = row l's sum. x
// contiguous, in host memory. Only where avx512_rows_available().
template <class Value>
void avx512_bro8_slice(const BroSlice<Value>& s, const Value* x, Value* sums) {
  static_assert(sizeof(Value) == 8 || sizeof(Value) == 4, "float or double");
  detail::bro_slice8(s, x, sums);
}
#else
// No AVX-512 code in this build: callers test avx512_rows_compiled first.
template <class Value>
void avx512_bro8_slice(const BroSlice<Value>&, const Value*, Value*) = delete;
#endif

}  // namespace aspmv::backends::host
