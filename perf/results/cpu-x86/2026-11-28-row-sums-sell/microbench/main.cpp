#include "common.hpp"
#include <mkl_spblas.h>
CSR load(const char* f) {
  CSR a;
  FILE* fp = fopen(f, "rb");
  int64_t h[3];
  if (!fp || fread(h, 8, 3, fp) != 3) {
    perror(f);
    exit(1);
  }
  a.m = h[0];
  a.n = h[1];
  a.nnz = h[2];
  a.ptr.resize(a.m + 1);
  a.col.resize(a.nnz);
  a.val.resize(a.nnz);
  if (fread(a.ptr.data(), 4, a.m + 1, fp) != size_t(a.m + 1) || fread(a.col.data(), 4, a.nnz, fp) != size_t(a.nnz) ||
      fread(a.val.data(), 8, a.nnz, fp) != size_t(a.nnz)) {
    perror(f);
    exit(1);
  }
  fclose(fp);
  return a;
}
void add_methods_v3(Methods&, const CSR&, double*, double*);
void add_methods_v4(Methods&, const CSR&, double*, double*);
static double batch_time(const function<void()>& f) {
  vector<double> ts;
  for (int b = 0; b < 3; ++b) {
    int n = 0;
    double el = 0;
    auto t0 = chrono::steady_clock::now();
    do {
      f();
      ++n;
      el = chrono::duration<double>(chrono::steady_clock::now() - t0).count();
    } while (el < 0.004);
    ts.push_back(el / n);
  }
  sort(ts.begin(), ts.end());
  return ts[1] * 1e6;
}
int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: cpumb NAME FILE.bin [rounds]\n");
    return 2;
  }
  const CSR a = load(argv[2]);
  const int rounds = argc > 3 ? atoi(argv[3]) : 9;
  vector<double> x(a.n), y(a.m), yr(a.m);
  for (int64_t i = 0; i < a.n; ++i) x[i] = 1.0 + double(i % 7) * 0.1;
  for (int64_t r = 0; r < a.m; ++r) {
    long double s = 0;
    for (int j = a.ptr[r]; j < a.ptr[r + 1]; ++j) s += (long double)a.val[j] * x[a.col[j]];
    yr[r] = double(s);
  }
  auto err = [&]() {
    double e = 0, n = 0;
    for (int64_t i = 0; i < a.m; ++i) {
      e = max(e, fabs(y[i] - yr[i]));
      n = max(n, fabs(yr[i]));
    }
    return n > 0 ? e / n : e;
  };
  Methods ms;
  vector<pair<string, double>> setup;
  add_methods_v3(ms, a, x.data(), y.data());
  if (__builtin_cpu_supports("avx512f")) add_methods_v4(ms, a, x.data(), y.data());
  sparse_matrix_t A;
  vector<int> pe(a.ptr.begin() + 1, a.ptr.end());
  mkl_sparse_d_create_csr(&A, SPARSE_INDEX_BASE_ZERO, a.m, a.n, const_cast<int*>(a.ptr.data()), pe.data(),
                          const_cast<int*>(a.col.data()), const_cast<double*>(a.val.data()));
  matrix_descr d;
  d.type = SPARSE_MATRIX_TYPE_GENERAL;
  mkl_sparse_set_mv_hint(A, SPARSE_OPERATION_NON_TRANSPOSE, d, 1000);
  mkl_sparse_set_memory_hint(A, SPARSE_MEMORY_AGGRESSIVE);
  mkl_sparse_optimize(A);
  ms.push_back(
      {"mkl_ie", [&] { mkl_sparse_d_mv(SPARSE_OPERATION_NON_TRANSPOSE, 1.0, A, d, x.data(), 0.0, y.data()); }});
  ms.push_back({"omp_empty", [&] {
#pragma omp parallel
                  { asm volatile(""); }
                }});
  vector<int> ok(ms.size());
  for (size_t k = 0; k < ms.size(); ++k) {
    fill(y.begin(), y.end(), -1.0);
    ms[k].second();
    ok[k] = ms[k].first == "omp_empty" || err() < 1e-12;
  }
  vector<vector<double>> t(ms.size());
  for (int r = 0; r < rounds; ++r)
    for (size_t k = 0; k < ms.size(); ++k) t[k].push_back(batch_time(ms[k].second));
  for (size_t k = 0; k < ms.size(); ++k) {
    sort(t[k].begin(), t[k].end());
    printf("%s,%ld,%ld,%s,%.3f,%d,%.3f,%d\n", argv[1], a.m, a.nnz, ms[k].first.c_str(), t[k][t[k].size() / 2], ok[k],
           1.0, omp_get_max_threads());
  }
}
