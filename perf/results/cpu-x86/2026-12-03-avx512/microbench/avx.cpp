#include "common.hpp"
#include <immintrin.h>
namespace {
template <class P>
static int64_t split(const P& cost, int64_t count, int64_t total, int64_t s, int64_t T) {
  int64_t d = total * s / T, lo = 0, hi = count;
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if (cost(mid) < d)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
struct Sell8 {
  int64_t m, slices;
  vector<int64_t> sptr;
  vector<int> len, col;
  double* val;
};
static Sell8* to_sell8(const CSR& a) {
  auto* s = new Sell8;
  s->m = a.m;
  s->slices = (a.m + 7) / 8;
  s->sptr.assign(s->slices + 1, 0);
  s->len.assign(s->slices, 0);
  for (int64_t k = 0; k < s->slices; ++k) {
    int l = 0;
    for (int i = 0; i < 8; ++i) {
      int64_t r = 8 * k + i;
      if (r < a.m) l = max(l, a.ptr[r + 1] - a.ptr[r]);
    }
    s->len[k] = l;
    s->sptr[k + 1] = s->sptr[k] + 8 * l;
  }
  s->col.assign(s->sptr.back(), 0);
  s->val = (double*)aligned_alloc(64, (s->sptr.back() + 8) * 8);
  for (int64_t k = 0; k < s->slices; ++k)
    for (int i = 0; i < 8; ++i) {
      int64_t r = 8 * k + i;
      for (int j = 0; j < s->len[k]; ++j) {
        int64_t at = s->sptr[k] + 8 * j + i;
        int q = r < a.m ? a.ptr[r] + j : 0;
        if (r < a.m && q < a.ptr[r + 1]) {
          s->col[at] = a.col[q];
          s->val[at] = a.val[q];
        } else {
          s->col[at] = 0;
          s->val[at] = 0;
        }
      }
    }
  return s;
}
static void sell8(const Sell8& s, const double* x, double* y) {
  const int64_t* sptr = s.sptr.data();
  const int* len = s.len.data();
  const int* col = s.col.data();
  const double* val = s.val;
  auto cost = [&](int64_t k) { return k + sptr[k] / 8; };
  const int64_t total = s.slices + sptr[s.slices] / 8;
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t k0 = split(cost, s.slices, total, t, T), k1 = split(cost, s.slices, total, t + 1, T);
    for (int64_t k = k0; k < k1; ++k) {
      __m512d a0 = _mm512_setzero_pd(), a1 = _mm512_setzero_pd();
      const int* c = col + sptr[k];
      const double* v = val + sptr[k];
      const int l = len[k];
      int j = 0;
      for (; j + 1 < l; j += 2) {
        a0 = _mm512_fmadd_pd(_mm512_load_pd(v + 8 * j),
                             _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(c + 8 * j)), x, 8), a0);
        a1 = _mm512_fmadd_pd(_mm512_load_pd(v + 8 * j + 8),
                             _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(c + 8 * j + 8)), x, 8), a1);
      }
      if (j < l)
        a0 = _mm512_fmadd_pd(_mm512_load_pd(v + 8 * j),
                             _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(c + 8 * j)), x, 8), a0);
      a0 = _mm512_add_pd(a0, a1);
      if (8 * k + 8 <= s.m)
        _mm512_storeu_pd(y + 8 * k, a0);
      else
        _mm512_mask_storeu_pd(y + 8 * k, (1u << (s.m - 8 * k)) - 1, a0);
    }
  }
}
// CSR, each row in zmm lanes with masked gathers, reduced at the row's end
static void csr_rowzmm(const CSR& a, const double* x, double* y) {
  const int* ptr = a.ptr.data();
  const int* col = a.col.data();
  const double* val = a.val.data();
  const int64_t m = a.m;
  auto cost = [&](int64_t r) { return r + ptr[r]; };
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t r0 = split(cost, m, m + a.nnz, t, T), r1 = split(cost, m, m + a.nnz, t + 1, T);
    for (int64_t r = r0; r < r1; ++r) {
      int j = ptr[r];
      const int e = ptr[r + 1];
      __m512d acc = _mm512_setzero_pd();
      for (; j + 8 <= e; j += 8)
        acc = _mm512_fmadd_pd(_mm512_loadu_pd(val + j),
                              _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(col + j)), x, 8), acc);
      if (j < e) {
        __mmask8 mk = (1u << (e - j)) - 1;
        acc = _mm512_fmadd_pd(
            _mm512_maskz_loadu_pd(mk, val + j),
            _mm512_mask_i32gather_pd(_mm512_setzero_pd(), mk, _mm256_maskz_loadu_epi32(mk, col + j), x, 8), acc);
      }
      y[r] = _mm512_reduce_add_pd(acc);
    }
  }
}
// CSR, products of 8 nonzeros at a time into a buffer, then each row's sum in 2 partials
static void csr_prodbuf(const CSR& a, const double* x, double* y) {
  const int* ptr = a.ptr.data();
  const int* col = a.col.data();
  const double* val = a.val.data();
  const int64_t m = a.m;
  auto cost = [&](int64_t r) { return r + ptr[r]; };
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t r0 = split(cost, m, m + a.nnz, t, T), r1 = split(cost, m, m + a.nnz, t + 1, T);
    alignas(64) double buf[1024 + 8];
    int64_t r = r0;
    while (r < r1) {
      // rows r..re whose nonzeros fit in the buffer (at least one row)
      const int base = ptr[r];
      int64_t re = r + 1;
      while (re < r1 && ptr[re + 1] - base <= 1024) ++re;
      const int end = ptr[re];
      if (end - base > 1024) {  // one long row
        int j = base;
        __m512d acc = _mm512_setzero_pd();
        for (; j + 8 <= end; j += 8)
          acc = _mm512_fmadd_pd(_mm512_loadu_pd(val + j),
                                _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(col + j)), x, 8), acc);
        double s = _mm512_reduce_add_pd(acc);
        for (; j < end; ++j) s += val[j] * x[col[j]];
        y[r] = s;
        r = re;
        continue;
      }
      int j = base;
      for (; j + 8 <= end; j += 8)
        _mm512_store_pd(buf + (j - base),
                        _mm512_mul_pd(_mm512_loadu_pd(val + j),
                                      _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i*)(col + j)), x, 8)));
      if (j < end) {
        __mmask8 mk = (1u << (end - j)) - 1;
        _mm512_store_pd(buf + (j - base),
                        _mm512_mul_pd(_mm512_maskz_loadu_pd(mk, val + j),
                                      _mm512_mask_i32gather_pd(_mm512_setzero_pd(), mk,
                                                               _mm256_maskz_loadu_epi32(mk, col + j), x, 8)));
      }
      for (; r < re; ++r) {
        int b = ptr[r] - base, e = ptr[r + 1] - base;
        double s0 = 0, s1 = 0;
        int q = b;
        for (; q + 1 < e; q += 2) {
          s0 += buf[q];
          s1 += buf[q + 1];
        }
        if (q < e) s0 += buf[q];
        y[r] = s0 + s1;
      }
    }
  }
}

template <int SHORT, bool CONTIG>
static void csr_rowzmm2(const CSR& a, const double* x, double* y) {
  const int* ptr = a.ptr.data();
  const int* col = a.col.data();
  const double* val = a.val.data();
  const int64_t m = a.m;
  auto cost = [&](int64_t r) { return r + ptr[r]; };
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t r0 = split(cost, m, m + a.nnz, t, T), r1 = split(cost, m, m + a.nnz, t + 1, T);
    for (int64_t r = r0; r < r1; ++r) {
      int j = ptr[r];
      const int e = ptr[r + 1];
      if (e - j < SHORT) {
        double s0 = 0, s1 = 0;
        for (; j + 1 < e; j += 2) {
          s0 += val[j] * x[col[j]];
          s1 += val[j + 1] * x[col[j + 1]];
        }
        if (j < e) s0 += val[j] * x[col[j]];
        y[r] = s0 + s1;
        continue;
      }
      __m512d acc = _mm512_setzero_pd();
      for (; j + 8 <= e; j += 8) {
        const __m256i c = _mm256_loadu_si256((const __m256i*)(col + j));
        __m512d xv;
        if (CONTIG && _mm256_cmpeq_epi32_mask(c, _mm256_add_epi32(_mm256_set1_epi32(col[j]), iota)) == 0xff)
          xv = _mm512_loadu_pd(x + col[j]);
        else
          xv = _mm512_i32gather_pd(c, x, 8);
        acc = _mm512_fmadd_pd(_mm512_loadu_pd(val + j), xv, acc);
      }
      if (j < e) {
        __mmask8 mk = (1u << (e - j)) - 1;
        acc = _mm512_fmadd_pd(
            _mm512_maskz_loadu_pd(mk, val + j),
            _mm512_mask_i32gather_pd(_mm512_setzero_pd(), mk, _mm256_maskz_loadu_epi32(mk, col + j), x, 8), acc);
      }
      y[r] = _mm512_reduce_add_pd(acc);
    }
  }
}
}  // namespace
void add_methods_avx(Methods& ms, const CSR& a, double* x, double* y) {
  auto* s8 = to_sell8(a);
  ms.push_back({"zmm_sell8", [s8, x, y] { sell8(*s8, x, y); }});
  ms.push_back({"zmm_csr_row", [&a, x, y] { csr_rowzmm(a, x, y); }});
  ms.push_back({"zmm_row_s4", [&a, x, y] { csr_rowzmm2<4, false>(a, x, y); }});
  ms.push_back({"zmm_row_s8", [&a, x, y] { csr_rowzmm2<8, false>(a, x, y); }});
  ms.push_back({"zmm_row_contig", [&a, x, y] { csr_rowzmm2<0, true>(a, x, y); }});
  ms.push_back({"zmm_row_s4_contig", [&a, x, y] { csr_rowzmm2<4, true>(a, x, y); }});
  // ms.push_back({"zmm_csr_prodbuf", [&a, x, y] { csr_prodbuf(a, x, y); }});
}
