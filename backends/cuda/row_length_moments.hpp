#pragma once
// The row-length moments a plan gathers (min, max and the sum of squared
// deviations from the mean of offsets[r + 1] - offsets[r]) in one launch and
// one wait: each block reduces its rows by shuffles, writes its partial to a
// device workspace and counts itself done; the last block reduces the
// partials and stores the result in pinned host memory the host reads after
// the stream's wait. Kokkos 3.4's parallel_reduce of the same functor costs a
// block-size search on the host, its reduction scratch and a copy on top of
// the launch and the wait; an automatic plan that gathers pays it once, which
// at 45-51 us (the collector's median, features.csv's time_row_stats_s) was
// 10-17 % of the time over 100 calls of a matrix whose calls take 3-5 us. On
// the H200 this form takes 11.0 us against 20.0 us for Kokkos' (1,024 rows;
// 14.9 against 25.7 us at 10^6), the collector's median 24-29 us
// (perf/results/h200/2026-12-04-row-stats-guard). Used through
// backends/row_length_moments.hpp.
//
// The workspace (a partial per block, the done counter, the pinned result)
// belongs to a device, is allocated on its first use there, serializes its
// users by a mutex from launch to wait, and is freed when Kokkos finalizes
// (and allocated again if Kokkos is initialized again).

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>

namespace aspmv::backends::cuda {

struct RowLengthMomentsValue {
  long long min = LLONG_MAX;
  long long max = 0;
  double sq = 0;
};

namespace row_moments_detail {

constexpr int block_threads = 256;
constexpr int max_blocks = 1024;  // the last block reduces at most this many partials

__device__ __forceinline__ void combine(RowLengthMomentsValue& a, const RowLengthMomentsValue& b) {
  a.min = b.min < a.min ? b.min : a.min;
  a.max = b.max > a.max ? b.max : a.max;
  a.sq += b.sq;
}

// The block's threads' values reduced into thread 0's (every thread of the block calls it).
__device__ __forceinline__ RowLengthMomentsValue block_reduce(RowLengthMomentsValue v) {
  __shared__ RowLengthMomentsValue warps[block_threads / 32];
  for (int o = 16; o > 0; o /= 2) {
    RowLengthMomentsValue w;
    w.min = __shfl_down_sync(0xffffffffu, v.min, o);
    w.max = __shfl_down_sync(0xffffffffu, v.max, o);
    w.sq = __shfl_down_sync(0xffffffffu, v.sq, o);
    combine(v, w);
  }
  if ((threadIdx.x & 31) == 0) warps[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    for (int w = 1; w < block_threads / 32; ++w) combine(v, warps[w]);
  return v;
}

template <class Offset>
__global__ void __launch_bounds__(block_threads)
    row_length_moments_kernel(const Offset* __restrict__ offsets, const std::int64_t rows, const double mean,
                              RowLengthMomentsValue* partials, unsigned int* done, RowLengthMomentsValue* result) {
  RowLengthMomentsValue v;
  const std::int64_t stride = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t r = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; r < rows; r += stride) {
    const long long len = static_cast<long long>(offsets[r + 1] - offsets[r]);
    v.min = len < v.min ? len : v.min;
    v.max = len > v.max ? len : v.max;
    const double d = static_cast<double>(len) - mean;
    v.sq += d * d;
  }
  v = block_reduce(v);
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = v;
    __threadfence();  // the partial is visible before the count says so
    last = atomicAdd(done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last) return;
  __threadfence();
  RowLengthMomentsValue t;
  for (int b = threadIdx.x; b < int(gridDim.x); b += blockDim.x) {
    RowLengthMomentsValue p;  // past L1: written by other blocks
    p.min = __ldcg(&partials[b].min);
    p.max = __ldcg(&partials[b].max);
    p.sq = __ldcg(&partials[b].sq);
    combine(t, p);
  }
  t = block_reduce(t);
  if (threadIdx.x == 0) {
    *result = t;
    *done = 0;  // ready for the next launch on this workspace
    __threadfence_system();
  }
}

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("aspmv: row statistics: ") + what + ": " + cudaGetErrorString(e));
}

// One device's workspace.
struct Workspace {
  std::mutex mutex;
  RowLengthMomentsValue* partials = nullptr;  // device, max_blocks of them
  unsigned int* done = nullptr;               // device, 0 between launches
  RowLengthMomentsValue* host = nullptr;      // pinned, mapped
  RowLengthMomentsValue* host_on_device = nullptr;
  int sms = 0;
};

inline std::array<Workspace, 64>& workspaces() {
  static std::array<Workspace, 64> w;
  return w;
}

// Whether release_all waits in Kokkos' finalize hooks (registered again after each finalize, for a later
// initialize).
inline std::atomic<bool>& release_registered() {
  static std::atomic<bool> registered{false};
  return registered;
}

inline void release_all() {
  release_registered().store(false);
  for (auto& w : workspaces()) {
    std::lock_guard<std::mutex> lock(w.mutex);
    if (w.partials != nullptr) cudaFree(w.partials);
    if (w.done != nullptr) cudaFree(w.done);
    if (w.host != nullptr) cudaFreeHost(w.host);
    w.partials = nullptr;
    w.done = nullptr;
    w.host = w.host_on_device = nullptr;
  }
}

// Allocates `w` on `device` (the caller holds w.mutex).
inline void allocate(Workspace& w, int device) {
  if (!release_registered().exchange(true)) Kokkos::push_finalize_hook(release_all);
  int current = 0;
  check(cudaGetDevice(&current), "no current device");
  check(cudaSetDevice(device), "cannot select the device");
  check(cudaDeviceGetAttribute(&w.sms, cudaDevAttrMultiProcessorCount, device), "no multiprocessor count");
  check(cudaMalloc(&w.partials, sizeof(RowLengthMomentsValue) * max_blocks), "no workspace");
  check(cudaMalloc(&w.done, sizeof(unsigned int)), "no workspace");
  check(cudaMemset(w.done, 0, sizeof(unsigned int)), "no workspace");
  check(cudaHostAlloc(reinterpret_cast<void**>(&w.host), sizeof(RowLengthMomentsValue), cudaHostAllocMapped),
        "no pinned result");
  check(cudaHostGetDevicePointer(reinterpret_cast<void**>(&w.host_on_device), w.host, 0), "no mapped result");
  check(cudaDeviceSynchronize(), "workspace setup");
  check(cudaSetDevice(current), "cannot restore the device");
}

}  // namespace row_moments_detail

// The moments of rows [0, rows) of `offsets` (device memory of `device`) on `stream`; waits for the stream.
template <class Offset>
RowLengthMomentsValue row_length_moments(cudaStream_t stream, int device, const Offset* offsets, std::int64_t rows,
                                         double mean) {
  using namespace row_moments_detail;
  if (rows <= 0) return {};
  if (device < 0 || device >= 64) throw std::runtime_error("aspmv: CUDA device id out of range");
  Workspace& w = workspaces()[device];
  std::lock_guard<std::mutex> lock(w.mutex);
  if (w.partials == nullptr) allocate(w, device);
  // A thread a row up to a full device (8 blocks an SM), at most max_blocks partials for the last block.
  const std::int64_t wanted = (rows + block_threads - 1) / block_threads;
  const int grid = int(std::min<std::int64_t>({wanted, std::int64_t(8) * w.sms, max_blocks}));
  row_length_moments_kernel<Offset>
      <<<grid, block_threads, 0, stream>>>(offsets, rows, mean, w.partials, w.done, w.host_on_device);
  check(cudaGetLastError(), "the reduction did not launch");
  check(cudaStreamSynchronize(stream), "the reduction failed");
  return *w.host;
}

}  // namespace aspmv::backends::cuda
