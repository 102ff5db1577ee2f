#pragma once
// A range functor (operator()(std::int64_t)) launched by the backend
// itself, without Kokkos' launch path: the grid covers the range once (a
// thread an index; past 2^31 - 1 blocks the grid-stride loop takes the rest),
// the block size is worked out once a functor type and device (below).
// Kokkos 3.4's RangePolicy launch recomputes the block size on every call
// (cuda_get_opt_block_size walks the block sizes through its occupancy
// formula on the host), takes a mutex and goes through its generic launch
// path; on a matrix whose kernel takes 3-5 us that host time is the call's
// floor. Two ways: the runtime API (<<<>>>), or the driver's cuLaunchKernel
// on the kernel's CUfunction (cudaGetFuncBySymbol once a functor type and
// device: the runtime's own per-launch work skipped). On the H200 the driver
// way takes 0.5-1.0 us off a call at the floor and 10-28 % off the smallest
// real matrices (perf/results/h200/2026-12-03-direct-launch).
// What it does not do: Kokkos Tools' begin/end hooks (a profiler does not
// see these launches by label) and the CUDA_LAUNCH_BLOCKING fence.
// The kernel body is a grid-stride loop, as Kokkos' range kernel is: with a
// bare `if (i < end) f(i)` nvcc unrolled the functor's inner loops less
// (SELL's row kernel: 6 FMAs in its SASS against 71 in Kokkos', call 7; 2.4x
// slower on a matrix of long rows, 1.3x on a 2D stencil, call 5); with the
// loop the kernels run as fast as Kokkos' on large matrices (1.00-1.03x in
// double, call 9).
// Used through backends/range_launch.hpp (`parallel_range`), which falls
// back to Kokkos::parallel_for on every other space.

#include <Kokkos_Core.hpp>
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace aspmv::backends::cuda {

// The loop both kernels run: thread t of the grid takes begin + t, then every grid's width further on.
template <class Functor>
__device__ __forceinline__ void grid_stride(const Functor& f, const std::int64_t begin, const std::int64_t end) {
  const std::int64_t stride = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t i = begin + std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < end; i += stride) f(i);
}

template <class Functor>
__global__ void range_kernel(const Functor f, const std::int64_t begin, const std::int64_t end) {
  grid_stride(f, begin, end);
}

// The same under __launch_bounds__ (Kokkos::LaunchBounds<MaxThreads, MinBlocks>): a register budget.
template <class Functor, unsigned MaxThreads, unsigned MinBlocks>
__global__ void __launch_bounds__(MaxThreads, MinBlocks)
    bounded_range_kernel(const Functor f, const std::int64_t begin, const std::int64_t end) {
  grid_stride(f, begin, end);
}

// The block size: the smallest that reaches the most resident threads an SM, as Kokkos 3.4 chooses for a
// RangePolicy (cuda_deduce_block_size), but counted by the CUDA occupancy calculator (at most max_threads a block
// when max_threads > 0), which also counts the shared memory each block reserves: with L1 preferred that gives 256
// threads where Kokkos' own formula gives 64 (call 6; the two ran alike). cudaOccupancyMaxPotentialBlockSize would
// take the largest, 1,024 threads, which puts a 6,000-row matrix on 6 SMs. The kernel prefers L1 over shared
// memory, as Kokkos' range launches do. (With the largest block, no preference and no grid-stride loop the direct
// launches ran 1.1-5.5x slower than Kokkos': call 3.)
template <class Kernel>
int occupancy_block_size(Kernel kernel, int max_threads, int min_blocks) {
  const auto fail = [](const char* what, cudaError_t e) {
    throw std::runtime_error(std::string("aspmv: ") + what + " for a range kernel: " + cudaGetErrorString(e));
  };
  cudaError_t e = cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferL1);
  if (e != cudaSuccess) fail("no cache preference", e);
  int device = 0, threads_per_sm = 0;
  cudaFuncAttributes attributes{};
  if ((e = cudaGetDevice(&device)) != cudaSuccess) fail("no device", e);
  if ((e = cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device)) != cudaSuccess)
    fail("no threads per SM", e);
  if ((e = cudaFuncGetAttributes(&attributes, kernel)) != cudaSuccess) fail("no attributes", e);
  int largest = attributes.maxThreadsPerBlock;
  if (max_threads > 0 && max_threads < largest) largest = max_threads;
  int best_block = 0, best_threads = 0;
  for (int block = largest / 32 * 32; block >= 32; block -= 32) {
    int blocks = 0;
    if ((e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, block, 0)) != cudaSuccess)
      fail("no occupancy", e);
    const int threads = std::min(blocks * block, threads_per_sm / block * block);
    if (blocks >= std::max(min_blocks, 1) && threads > 0 && threads >= best_threads) {
      best_block = block;
      best_threads = threads;
    }
  }
  if (best_block < 32) throw std::runtime_error("aspmv: no block size for a range kernel");
  return best_block;
}

enum class RangeLaunchApi { runtime, driver };

// The range kernel of a functor type and launch bounds (MaxThreads 0: none), with its block size and driver
// function worked out once a device (the current device when first asked there). Keyed by the kernel itself: the
// bounded and unbounded kernels of one functor have one function-pointer type.
template <class Functor, unsigned MaxThreads, unsigned MinBlocks>
struct RangeKernel {
  using Pointer = void (*)(Functor, std::int64_t, std::int64_t);

  static Pointer function() {
    if constexpr (MaxThreads > 0)
      return bounded_range_kernel<Functor, MaxThreads, MinBlocks>;
    else
      return range_kernel<Functor>;
  }

  static int block_size(int device) {
    static std::array<std::atomic<int>, 64> blocks{};
    check_device(device);
    int block = blocks[device].load(std::memory_order_acquire);
    if (block > 0) return block;
    block = occupancy_block_size(function(), static_cast<int>(MaxThreads), MaxThreads > 0 ? int(MinBlocks) : 1);
    blocks[device].store(block, std::memory_order_release);
    return block;
  }

  static CUfunction driver_function(int device) {
    static std::array<std::atomic<CUfunction>, 64> functions{};
    check_device(device);
    CUfunction fn = functions[device].load(std::memory_order_acquire);
    if (fn) return fn;
    cudaFunction_t found = nullptr;
    const cudaError_t e = cudaGetFuncBySymbol(&found, reinterpret_cast<const void*>(function()));
    if (e != cudaSuccess)
      throw std::runtime_error(std::string("aspmv: no driver function for a range kernel: ") + cudaGetErrorString(e));
    fn = reinterpret_cast<CUfunction>(found);
    const CUresult r = cuFuncSetCacheConfig(fn, CU_FUNC_CACHE_PREFER_L1);  // on this device too (see above)
    if (r != CUDA_SUCCESS) throw std::runtime_error("aspmv: no cache preference for a range kernel");
    functions[device].store(fn, std::memory_order_release);
    return fn;
  }

 private:
  static void check_device(int device) {
    if (device < 0 || device >= 64) throw std::runtime_error("aspmv: CUDA device id out of range");
  }
};

// Launches f over [begin, end) on `stream` (of device `device`), blocks of the occupancy rule above (at most
// MaxThreads when MaxThreads > 0; 256 threads on the H200 where Kokkos' own rule takes 64, which ran alike).
// Throws when the launch fails.
template <unsigned MaxThreads, unsigned MinBlocks, class Functor>
void launch_range(RangeLaunchApi api, cudaStream_t stream, int device, std::int64_t begin, std::int64_t end,
                  const Functor& f) {
  if (end <= begin) return;
  using Kernel = RangeKernel<Functor, MaxThreads, MinBlocks>;
  const int block = Kernel::block_size(device);
  // Past 2^31 - 1 blocks the grid-stride loop takes the rest (every stride a whole number of warps).
  const std::int64_t grid = std::min<std::int64_t>((end - begin + block - 1) / block, std::numeric_limits<int>::max());
  if (api == RangeLaunchApi::driver) {
    void* args[] = {const_cast<Functor*>(&f), &begin, &end};
    const CUresult r = cuLaunchKernel(Kernel::driver_function(device), unsigned(grid), 1, 1, unsigned(block), 1, 1, 0,
                                      reinterpret_cast<CUstream>(stream), args, nullptr);
    if (r != CUDA_SUCCESS) {
      const char* what = nullptr;
      cuGetErrorString(r, &what);
      throw std::runtime_error(std::string("aspmv: a range kernel did not launch: ") + (what ? what : "unknown"));
    }
    return;
  }
  Kernel::function()<<<unsigned(grid), unsigned(block), 0, stream>>>(f, begin, end);
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("aspmv: a range kernel did not launch: ") + cudaGetErrorString(e));
}

}  // namespace aspmv::backends::cuda
