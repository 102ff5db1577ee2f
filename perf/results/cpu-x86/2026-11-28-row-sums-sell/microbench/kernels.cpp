#include "common.hpp"
namespace {
template <class P>
static int64_t split(const P& cost, int64_t count, int64_t total, int64_t s, int64_t T) {
  int64_t d = total * s / T, lo = 0, hi = count;  // first i with cost(i) >= d
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if (cost(mid) < d)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}
template <int ACC, bool ADAPT>
static inline double rowsum(const int* __restrict ptr, const int* __restrict col, const double* __restrict val,
                            const double* __restrict x, int64_t r) {
  const int b = ptr[r], e = ptr[r + 1];
  if (ACC == 1 || (ADAPT && e - b < 8)) {
    double s = 0;
    for (int j = b; j < e; ++j) s += val[j] * x[col[j]];
    return s;
  }
  if (ACC == 2) {
    double s0 = 0, s1 = 0;
    int j = b;
    for (; j + 1 < e; j += 2) {
      s0 += val[j] * x[col[j]];
      s1 += val[j + 1] * x[col[j + 1]];
    }
    if (j < e) s0 += val[j] * x[col[j]];
    return s0 + s1;
  }
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int j = b;
  for (; j + 3 < e; j += 4) {
    s0 += val[j] * x[col[j]];
    s1 += val[j + 1] * x[col[j + 1]];
    s2 += val[j + 2] * x[col[j + 2]];
    s3 += val[j + 3] * x[col[j + 3]];
  }
  for (; j < e; ++j) s0 += val[j] * x[col[j]];
  return (s0 + s1) + (s2 + s3);
}
template <int ACC, bool ADAPT>
static void spmv_csr(const CSR& a, const double* __restrict x, double* __restrict y) {
  const int* ptr = a.ptr.data();
  const int* col = a.col.data();
  const double* val = a.val.data();
  const int64_t m = a.m;
  auto cost = [&](int64_t r) { return r + ptr[r]; };
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t r0 = split(cost, m, m + a.nnz, t, T), r1 = split(cost, m, m + a.nnz, t + 1, T);
    for (int64_t r = r0; r < r1; ++r) y[r] = rowsum<ACC, ADAPT>(ptr, col, val, x, r);
  }
}
// SELL-C-sigma: rows sorted by length (descending) within windows of sigma rows,
// slices of C rows stored column-major; y written through the permutation.
template <int C>
struct SELL {
  int64_t m, slices;
  vector<int64_t> sptr;
  vector<int> len, perm, col;
  vector<double> val;
};
template <int C>
static SELL<C> to_sell(const CSR& a, int64_t sigma) {
  SELL<C> s;
  s.m = a.m;
  s.slices = (a.m + C - 1) / C;
  s.perm.resize(a.m);
  iota(s.perm.begin(), s.perm.end(), 0);
  auto L = [&](int r) { return a.ptr[r + 1] - a.ptr[r]; };
  if (sigma > 1)
    for (int64_t w = 0; w < a.m; w += sigma)
      stable_sort(s.perm.begin() + w, s.perm.begin() + min<int64_t>(a.m, w + sigma),
                  [&](int p, int q) { return L(p) > L(q); });
  s.sptr.assign(s.slices + 1, 0);
  s.len.assign(s.slices, 0);
  for (int64_t k = 0; k < s.slices; ++k) {
    int l = 0;
    for (int i = 0; i < C; ++i) {
      int64_t r = C * k + i;
      if (r < a.m) l = max(l, L(s.perm[r]));
    }
    s.len[k] = l;
    s.sptr[k + 1] = s.sptr[k] + int64_t(C) * l;
  }
  s.col.assign(s.sptr.back(), 0);
  s.val.assign(s.sptr.back(), 0.0);
  for (int64_t k = 0; k < s.slices; ++k)
    for (int i = 0; i < C; ++i) {
      int64_t r = C * k + i;
      if (r >= a.m) {
        for (int j = 0; j < s.len[k]; ++j) s.col[s.sptr[k] + C * j + i] = 0;
        continue;
      }
      int p = s.perm[r];
      int fill = p < a.n ? p : 0;
      for (int j = 0; j < s.len[k]; ++j) {
        int64_t at = s.sptr[k] + C * j + i;
        int q = a.ptr[p] + j;
        if (q < a.ptr[p + 1]) {
          s.col[at] = a.col[q];
          s.val[at] = a.val[q];
        } else
          s.col[at] = fill;
      }
    }
  return s;
}
template <int C>
static void spmv_sell(const SELL<C>& s, bool permuted, const double* __restrict x, double* __restrict y) {
  const int64_t* sptr = s.sptr.data();
  const int* len = s.len.data();
  const int* col = s.col.data();
  const double* val = s.val.data();
  const int* perm = s.perm.data();
  auto cost = [&](int64_t k) { return k + sptr[k] / C; };
  const int64_t total = s.slices + sptr[s.slices] / C;
#pragma omp parallel
  {
    const int T = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t k0 = split(cost, s.slices, total, t, T), k1 = split(cost, s.slices, total, t + 1, T);
    for (int64_t k = k0; k < k1; ++k) {
      double acc[C] = {};
      const int* __restrict c = col + sptr[k];
      const double* __restrict v = val + sptr[k];
      for (int j = 0; j < len[k]; ++j) {
#pragma omp simd
        for (int i = 0; i < C; ++i) acc[i] += v[C * j + i] * x[c[C * j + i]];
      }
      if (C * k + C <= s.m) {
        if (permuted) {
          for (int i = 0; i < C; ++i) y[perm[C * k + i]] = acc[i];
        } else {
          for (int i = 0; i < C; ++i) y[C * k + i] = acc[i];
        }
      } else
        for (int i = 0; C * k + i < s.m; ++i) y[permuted ? perm[C * k + i] : C * k + i] = acc[i];
    }
  }
}
}  // namespace
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
void CAT(add_methods, SUFFIX)(Methods& ms, const CSR& a, double* x, double* y) {
  const string sfx = STR;
  ms.push_back({"csr_acc1" + sfx, [&a, x, y] { spmv_csr<1, false>(a, x, y); }});
  ms.push_back({"csr_acc2" + sfx, [&a, x, y] { spmv_csr<2, false>(a, x, y); }});
  ms.push_back({"csr_acc4" + sfx, [&a, x, y] { spmv_csr<4, false>(a, x, y); }});
  ms.push_back({"csr_acc4_ge8" + sfx, [&a, x, y] { spmv_csr<4, true>(a, x, y); }});
  auto* s4 = new SELL<4>(to_sell<4>(a, 1));
  auto* s8 = new SELL<8>(to_sell<8>(a, 1));
  auto* s8s = new SELL<8>(to_sell<8>(a, 256));
  auto* s4s = new SELL<4>(to_sell<4>(a, 128));
  ms.push_back({"sell4" + sfx, [s4, x, y] { spmv_sell<4>(*s4, false, x, y); }});
  ms.push_back({"sell8" + sfx, [s8, x, y] { spmv_sell<8>(*s8, false, x, y); }});
  ms.push_back({"sell4_s128" + sfx, [s4s, x, y] { spmv_sell<4>(*s4s, true, x, y); }});
  ms.push_back({"sell8_s256" + sfx, [s8s, x, y] { spmv_sell<8>(*s8s, true, x, y); }});
}
