#include <aspmv/aspmv.hpp>
#include <Kokkos_Core.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include <omp.h>
template <class F>
double t(F f) {
  std::vector<double> v;
  for (int r = 0; r < 7; ++r) {
    int n = 0;
    auto t0 = std::chrono::steady_clock::now();
    double el;
    do {
      f();
      ++n;
      el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } while (el < 0.01);
    v.push_back(el / n * 1e6);
  }
  std::sort(v.begin(), v.end());
  return v[3];
}
int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    using S = Kokkos::OpenMP;
    S exec;
    long m = 64;
    aspmv::HostCsr<double, int> h;
    {
      FILE* fp = fopen(argv[1], "rb");
      long hd[3];
      fread(hd, 8, 3, fp);
      h.num_rows = hd[0];
      h.num_cols = hd[1];
      m = hd[0];
      h.row_offsets.resize(m + 1);
      h.col_indices.resize(hd[2]);
      h.values.resize(hd[2]);
      fread(h.row_offsets.data(), 4, m + 1, fp);
      fread(h.col_indices.data(), 4, hd[2], fp);
      fread(h.values.data(), 8, hd[2], fp);
      fclose(fp);
    }
    const int* P = h.row_offsets.data();
    const int* C = h.col_indices.data();
    const double* V = h.values.data();
    aspmv::DeviceCsr<double, int, Kokkos::HostSpace> a(exec, h);
    Kokkos::View<double*, Kokkos::HostSpace> x("x", h.num_cols), y("y", m);
    double* xp = x.data();
    double* yp = y.data();
    long nnz = h.col_indices.size();
    aspmv::PlanOptions o;
    o.kernel = aspmv::Kernel::csr_scalar;
    auto plan = aspmv::make_plan(exec, a.view(), o);
    for (int rep = 0; rep < 2; ++rep) {
      printf("raw omp    %.3f us\n", t([&] {
#pragma omp parallel
               {
                 int T = omp_get_num_threads(), tt = omp_get_thread_num();
                 auto first = [&](long s) {
                   if (s <= 0) return 0L;
                   if (s >= T) return m;
                   long path = m + nnz;
                   long st = path / T * s + (path % T) * s / T;
                   long lo = 0, hi = m;
                   while (lo < hi) {
                     long mid = (lo + hi) / 2;
                     if (mid + P[mid] < st)
                       lo = mid + 1;
                     else
                       hi = mid;
                   }
                   return lo;
                 };
                 long e = first(tt + 1);
                 for (long r = first(tt); r < e; ++r) {
                   double sum = 0;
                   for (int j = P[r]; j < P[r + 1]; ++j) sum += V[j] * xp[C[j]];
                   yp[r] = sum;
                 }
               }
             }));
      printf("plan.apply %.3f us\n", t([&] { plan.apply(exec, 1.0, x, 0.0, y); }));
      printf("drop-in    %.3f us\n", t([&] { aspmv::spmv(exec, 1.0, a.view(), x, 0.0, y); }));
    }
    if (argc > 2) {
      auto t0 = std::chrono::steady_clock::now();
      while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 3)
        plan.apply(exec, 1.0, x, 0.0, y);
    }
  }
  Kokkos::finalize();
}
