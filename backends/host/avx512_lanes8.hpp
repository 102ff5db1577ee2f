#pragma once
// Eight values side by side in AVX-512 lanes, one vocabulary for both value
// types: eight doubles fill a __m512d, eight floats a __m256 (AVX-512VL's
// masked forms), each lane under a bit of an __mmask8. The slice kernels of
// SELL-8 and ELL-BRO (avx512_rows.hpp, avx512_bro.hpp) are written once on
// it; each operation is the one intrinsic of its type, so the templates
// compile to what the two hand-written copies did.
//
// This header decides whether a build has AVX-512 code at all: GCC or Clang
// on x86-64 outside the device compilers (nvcc, hipcc: their host passes keep
// the portable loops) define ASPMV_HOST_AVX512_ROWS; the code is compiled
// with function-level target attributes, so no translation unit needs -march.

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__) && \
    !defined(__NVCOMPILER)
#define ASPMV_HOST_AVX512_ROWS 1
#include <immintrin.h>
#endif

#if defined(ASPMV_HOST_AVX512_ROWS)
namespace aspmv::backends::host::detail {

#define ASPMV_AVX512_LANES_TARGET __attribute__((target("avx512f,avx512vl,fma")))

template <class Value>
struct Lanes8;

template <>
struct Lanes8<double> {
  using Vector = __m512d;
  ASPMV_AVX512_LANES_TARGET static Vector zero() { return _mm512_setzero_pd(); }
  ASPMV_AVX512_LANES_TARGET static Vector load(const double* p) { return _mm512_loadu_pd(p); }
  ASPMV_AVX512_LANES_TARGET static Vector load(__mmask8 on, const double* p) { return _mm512_maskz_loadu_pd(on, p); }
  // x at eight 32-bit (i32) or 64-bit (i64) columns; masked: lanes off read nothing and hold 0.
  ASPMV_AVX512_LANES_TARGET static Vector gather(__m256i cols, const double* x) {
    return _mm512_i32gather_pd(cols, x, 8);
  }
  ASPMV_AVX512_LANES_TARGET static Vector gather(__mmask8 on, __m256i cols, const double* x) {
    return _mm512_mask_i32gather_pd(zero(), on, cols, x, 8);
  }
  ASPMV_AVX512_LANES_TARGET static Vector gather(__mmask8 on, __m512i cols, const double* x) {
    return _mm512_mask_i64gather_pd(zero(), on, cols, x, 8);
  }
  // a * b + c; masked: lanes off keep c.
  ASPMV_AVX512_LANES_TARGET static Vector fma(Vector a, Vector b, Vector c) { return _mm512_fmadd_pd(a, b, c); }
  ASPMV_AVX512_LANES_TARGET static Vector fma(__mmask8 on, Vector a, Vector b, Vector c) {
    return _mm512_mask3_fmadd_pd(a, b, c, on);
  }
  ASPMV_AVX512_LANES_TARGET static Vector add(Vector a, Vector b) { return _mm512_add_pd(a, b); }
  ASPMV_AVX512_LANES_TARGET static void store(double* p, Vector v) { _mm512_storeu_pd(p, v); }
};

template <>
struct Lanes8<float> {
  using Vector = __m256;
  ASPMV_AVX512_LANES_TARGET static Vector zero() { return _mm256_setzero_ps(); }
  ASPMV_AVX512_LANES_TARGET static Vector load(const float* p) { return _mm256_loadu_ps(p); }
  ASPMV_AVX512_LANES_TARGET static Vector load(__mmask8 on, const float* p) { return _mm256_maskz_loadu_ps(on, p); }
  ASPMV_AVX512_LANES_TARGET static Vector gather(__m256i cols, const float* x) {
    return _mm256_i32gather_ps(x, cols, 4);
  }
  ASPMV_AVX512_LANES_TARGET static Vector gather(__mmask8 on, __m256i cols, const float* x) {
    return _mm256_mmask_i32gather_ps(zero(), on, cols, x, 4);
  }
  ASPMV_AVX512_LANES_TARGET static Vector gather(__mmask8 on, __m512i cols, const float* x) {
    return _mm512_mask_i64gather_ps(zero(), on, cols, x, 4);
  }
  ASPMV_AVX512_LANES_TARGET static Vector fma(Vector a, Vector b, Vector c) { return _mm256_fmadd_ps(a, b, c); }
  ASPMV_AVX512_LANES_TARGET static Vector fma(__mmask8 on, Vector a, Vector b, Vector c) {
    return _mm256_mask3_fmadd_ps(a, b, c, on);
  }
  ASPMV_AVX512_LANES_TARGET static Vector add(Vector a, Vector b) { return _mm256_add_ps(a, b); }
  ASPMV_AVX512_LANES_TARGET static void store(float* p, Vector v) { _mm256_storeu_ps(p, v); }
};

#undef ASPMV_AVX512_LANES_TARGET

}  // namespace aspmv::backends::host::detail
#endif
