// Prototype benchmark, not part of the library: SELL-32 (rows in their order) with one entry of a row a lane
// (aspmv's SELL layout today) against G = 2 and 4 entries of a row side by side a lane (16-byte loads of column
// indices and values), and cuSPARSE's SELL (CUSPARSE_SPMV_SELL_ALG1), on one Matrix Market file, double or float.
// Each result is checked against a CPU sum in long double (max relative error over rows printed); times are the
// median of 9 batches of back-to-back calls, CUDA events around each batch.
//   lanes_bench FILE.mtx [float]   -> CSV lines: matrix,value,method,rows,nnz,stored,time_us,rel_err
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                       \
  do {                                                              \
    cudaError_t e_ = (x);                                           \
    if (e_ != cudaSuccess) {                                        \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                 \
    }                                                               \
  } while (0)
#define CS(x)                                                           \
  do {                                                                  \
    cusparseStatus_t s_ = (x);                                          \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                \
      std::fprintf(stderr, "%s: %s\n", #x, cusparseGetErrorString(s_)); \
      std::exit(1);                                                     \
    }                                                                   \
  } while (0)

struct Csr {
  int m = 0, n = 0;
  std::vector<int> ptr, col;
  std::vector<double> val;
};

// Pattern, real or integer coordinate files; symmetric ones mirrored; values from a hash of (row, column).
Csr read_mtx(const char* path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  const bool symmetric = line.find("symmetric") != std::string::npos;
  const bool pattern = line.find("pattern") != std::string::npos;
  while (std::getline(in, line) && line[0] == '%') {
  }
  std::istringstream h(line);
  long m, n, e;
  h >> m >> n >> e;
  std::vector<std::pair<long, long>> ij;
  ij.reserve(symmetric ? 2 * e : e);
  for (long k = 0; k < e; ++k) {
    long i, j;
    double v;
    in >> i >> j;
    if (!pattern) in >> v;
    ij.push_back({i - 1, j - 1});
    if (symmetric && i != j) ij.push_back({j - 1, i - 1});
  }
  std::sort(ij.begin(), ij.end());
  ij.erase(std::unique(ij.begin(), ij.end()), ij.end());
  Csr a;
  a.m = int(m), a.n = int(n);
  a.ptr.assign(m + 1, 0);
  for (auto& p : ij) a.ptr[p.first + 1]++;
  for (long r = 0; r < m; ++r) a.ptr[r + 1] += a.ptr[r];
  for (auto& p : ij) {
    a.col.push_back(int(p.second));
    const std::uint64_t x = std::uint64_t(p.first) * 2654435761u + std::uint64_t(p.second) * 40503u;
    a.val.push_back(0.5 + double(x % 1000) / 1000.0);
  }
  return a;
}

constexpr int C = 32;  // slice height, as the GPU tables

// Slice s's entries start at starts[s]; entry j of row i (lane l = i % C) at
// starts[s] + (j / G) * C * G + l * G + j % G; each slice's width padded to a multiple of G.
template <class T>
struct Sell {
  std::vector<std::int64_t> starts;
  std::vector<int> len, col;
  std::vector<T> val;
};
template <class T>
Sell<T> make_sell(const Csr& a, int G) {
  Sell<T> s;
  const int slices = (a.m + C - 1) / C;
  s.starts.assign(slices + 1, 0);
  s.len.resize(a.m);
  for (int i = 0; i < a.m; ++i) s.len[i] = a.ptr[i + 1] - a.ptr[i];
  for (int sl = 0; sl < slices; ++sl) {
    int w = 0;
    for (int i = sl * C; i < std::min(a.m, (sl + 1) * C); ++i) w = std::max(w, s.len[i]);
    w = (w + G - 1) / G * G;
    s.starts[sl + 1] = s.starts[sl] + std::int64_t(w) * C;
  }
  s.col.assign(s.starts[slices], 0);
  s.val.assign(s.starts[slices], T(0));
  for (int i = 0; i < a.m; ++i)
    for (int j = 0; j < s.len[i]; ++j) {
      const std::int64_t k = s.starts[i / C] + std::int64_t(j / G) * C * G + (i % C) * G + j % G;
      s.col[k] = a.col[a.ptr[i] + j];
      s.val[k] = T(a.val[a.ptr[i] + j]);
    }
  return s;
}

template <class T, int N>
struct alignas(N * sizeof(T) >= 16 ? 16 : N * sizeof(T)) Lanes {
  T v[N];
};

// One thread a row, grid-stride; the row's entries G at a time (G = 1: aspmv's SELL body).
template <class T, int G>
__global__ void sell_rows(int m, const std::int64_t* __restrict__ starts, const int* __restrict__ len,
                          const int* __restrict__ col, const T* __restrict__ val, const T* __restrict__ x,
                          T* __restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < m; i += gridDim.x * blockDim.x) {
    const int n = len[i];
    std::int64_t k = starts[i / C] + (i % C) * G;
    T sum = 0;
    int j = 0;
    for (; j + G <= n; j += G, k += C * G) {
      const auto c = *reinterpret_cast<const Lanes<int, G>*>(col + k);
      const auto v = *reinterpret_cast<const Lanes<T, G>*>(val + k);
      T xc[G];
#pragma unroll
      for (int u = 0; u < G; ++u) xc[u] = __ldg(x + c.v[u]);
#pragma unroll
      for (int u = 0; u < G; ++u) sum += v.v[u] * xc[u];
    }
    if (j < n) {
      const auto c = *reinterpret_cast<const Lanes<int, G>*>(col + k);
      const auto v = *reinterpret_cast<const Lanes<T, G>*>(val + k);
#pragma unroll
      for (int u = 0; u < G; ++u)
        if (j + u < n) sum += v.v[u] * __ldg(x + c.v[u]);
    }
    y[i] = sum;
  }
}

template <class F>
double median_batch_us(F&& call, int reps) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int w = 0; w < 10; ++w) call();
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    CK(cudaEventRecord(a));
    for (int k = 0; k < reps; ++k) call();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(1e3 * ms / reps);
  }
  std::sort(t.begin(), t.end());
  return t[4];
}

template <class T>
void run(const char* name, const Csr& a) {
  const char* value = sizeof(T) == 8 ? "double" : "float";
  std::vector<T> x(a.n);
  for (int j = 0; j < a.n; ++j) x[j] = T(1.0 + (j % 7) * 0.125);
  std::vector<long double> ref(a.m, 0);
  for (int i = 0; i < a.m; ++i)
    for (int k = a.ptr[i]; k < a.ptr[i + 1]; ++k) ref[i] += (long double)T(a.val[k]) * (long double)x[a.col[k]];
  T *dx, *dy;
  CK(cudaMalloc(&dx, sizeof(T) * std::max(a.n, 1)));
  CK(cudaMalloc(&dy, sizeof(T) * std::max(a.m, 1)));
  CK(cudaMemcpy(dx, x.data(), sizeof(T) * a.n, cudaMemcpyHostToDevice));
  const long nnz = a.ptr[a.m];
  const int reps = std::max(20, int(2e6 / std::max(1L, nnz)));
  auto check = [&]() {
    std::vector<T> y(a.m);
    CK(cudaMemcpy(y.data(), dy, sizeof(T) * a.m, cudaMemcpyDeviceToHost));
    double worst = 0;
    for (int i = 0; i < a.m; ++i) {
      const long double d = std::fabs((long double)y[i] - ref[i]) / std::max<long double>(std::fabs(ref[i]), 1e-30L);
      worst = std::max(worst, double(d));
    }
    return worst;
  };
  auto lanes = [&](auto g) {
    constexpr int G = decltype(g)::value;
    const Sell<T> s = make_sell<T>(a, G);
    std::int64_t* ds;
    int *dl, *dc;
    T* dv;
    CK(cudaMalloc(&ds, sizeof(std::int64_t) * s.starts.size()));
    CK(cudaMalloc(&dl, sizeof(int) * std::max<size_t>(1, s.len.size())));
    CK(cudaMalloc(&dc, sizeof(int) * std::max<size_t>(1, s.col.size())));
    CK(cudaMalloc(&dv, sizeof(T) * std::max<size_t>(1, s.val.size())));
    CK(cudaMemcpy(ds, s.starts.data(), sizeof(std::int64_t) * s.starts.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dl, s.len.data(), sizeof(int) * s.len.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, s.col.data(), sizeof(int) * s.col.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, s.val.data(), sizeof(T) * s.val.size(), cudaMemcpyHostToDevice));
    int block = 128, sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int grid = std::max(1, std::min((a.m + block - 1) / block, sms * 16));
    CK(cudaMemset(dy, 0, sizeof(T) * a.m));
    const double us = median_batch_us([&] { sell_rows<T, G><<<grid, block>>>(a.m, ds, dl, dc, dv, dx, dy); }, reps);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::printf("%s,%s,sell_g%d,%d,%ld,%lld,%.3f,%.3g\n", name, value, G, a.m, nnz, (long long)s.starts.back(), us,
                check());
    CK(cudaFree(ds));
    CK(cudaFree(dl));
    CK(cudaFree(dc));
    CK(cudaFree(dv));
  };
  lanes(std::integral_constant<int, 1>{});
  lanes(std::integral_constant<int, 2>{});
  lanes(std::integral_constant<int, 4>{});
  // cuSPARSE's SELL: slices of 32 rows, 32-bit indices, padding column -1.
  {
    const Sell<T> s = make_sell<T>(a, 1);
    const int slices = int(s.starts.size()) - 1;
    const long long stored = s.starts.back();
    if (stored <= 3LL * (nnz + a.m)) {
      std::vector<int> off(slices + 1), cols(stored, -1);
      std::vector<T> vals(stored, T(0));
      for (int sl = 0; sl <= slices; ++sl) off[sl] = int(s.starts[sl]);
      for (int i = 0; i < a.m; ++i)
        for (int j = 0; j < s.len[i]; ++j) {
          const std::int64_t k = s.starts[i / C] + std::int64_t(j) * C + i % C;
          cols[k] = s.col[k];
          vals[k] = s.val[k];
        }
      int *doff, *dcol;
      T* dval;
      CK(cudaMalloc(&doff, sizeof(int) * off.size()));
      CK(cudaMalloc(&dcol, sizeof(int) * std::max<long long>(1, stored)));
      CK(cudaMalloc(&dval, sizeof(T) * std::max<long long>(1, stored)));
      CK(cudaMemcpy(doff, off.data(), sizeof(int) * off.size(), cudaMemcpyHostToDevice));
      CK(cudaMemcpy(dcol, cols.data(), sizeof(int) * stored, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(dval, vals.data(), sizeof(T) * stored, cudaMemcpyHostToDevice));
      cusparseHandle_t h;
      CS(cusparseCreate(&h));
      const cudaDataType dt = sizeof(T) == 8 ? CUDA_R_64F : CUDA_R_32F;
      cusparseSpMatDescr_t A;
      cusparseDnVecDescr_t X, Y;
      CS(cusparseCreateSlicedEll(&A, a.m, a.n, nnz, stored, C, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                 CUSPARSE_INDEX_BASE_ZERO, dt));
      CS(cusparseCreateDnVec(&X, a.n, dx, dt));
      CS(cusparseCreateDnVec(&Y, a.m, dy, dt));
      T one = 1, zero = 0;
      size_t bytes = 0;
      CS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, dt, CUSPARSE_SPMV_SELL_ALG1,
                                 &bytes));
      void* buf = nullptr;
      if (bytes) CK(cudaMalloc(&buf, bytes));
      CK(cudaMemset(dy, 0, sizeof(T) * a.m));
      const double us = median_batch_us(
          [&] {
            CS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, dt, CUSPARSE_SPMV_SELL_ALG1,
                            buf));
          },
          reps);
      CK(cudaDeviceSynchronize());
      std::printf("%s,%s,cusparse_sell,%d,%ld,%lld,%.3f,%.3g\n", name, value, a.m, nnz, stored, us, check());
      cusparseDestroySpMat(A);
      cusparseDestroyDnVec(X);
      cusparseDestroyDnVec(Y);
      cusparseDestroy(h);
      if (buf) CK(cudaFree(buf));
      CK(cudaFree(doff));
      CK(cudaFree(dcol));
      CK(cudaFree(dval));
    }
  }
  CK(cudaFree(dx));
  CK(cudaFree(dy));
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lanes_bench FILE.mtx [float]\n");
    return 2;
  }
  const Csr a = read_mtx(argv[1]);
  std::string name = argv[1];
  name = name.substr(name.find_last_of('/') + 1);
  if (argc > 2 && std::string(argv[2]) == "float")
    run<float>(name.c_str(), a);
  else
    run<double>(name.c_str(), a);
  return 0;
}
