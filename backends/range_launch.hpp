#pragma once
// parallel_range(label, policy, f, direct): Kokkos::parallel_for(label,
// policy, f) for a RangePolicy of an untagged functor (direct 0), or, on a
// space that has one, the backend's own launch of the same functor over the
// same range (CUDA, backends/cuda/range_launch.hpp: direct 1 through the
// runtime API, 2 through the driver's cuLaunchKernel; no Kokkos per-call
// block-size search). Every thread still runs f(i) for one i of
// [begin, end); the kernels must not depend on Kokkos' block shape (a warp
// is 32 consecutive indices either way). The table parameter
// `direct_launch` chooses; spaces without a direct launch ignore it.
// OpenMP (backends/openmp/range_launch.hpp) launches itself where direct is
// not 0 or where `host_threads` asks for fewer threads than the pool (the
// table's host_thread_nnz: small matrices on fewer threads); the same static
// schedule of chunks as Kokkos'.

#include <Kokkos_Core.hpp>

#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/range_launch.hpp>
#endif
#ifdef KOKKOS_ENABLE_OPENMP
#include <backends/openmp/range_launch.hpp>
#endif

#include <type_traits>

namespace aspmv::backends {

// Whether `Space` has a launch of its own for range kernels.
template <class Space>
constexpr bool space_has_direct_range_launch() {
  bool has = false;
#ifdef KOKKOS_ENABLE_CUDA
  has = has || std::is_same_v<Space, Kokkos::Cuda>;
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  has = has || std::is_same_v<Space, Kokkos::OpenMP>;
#endif
  return has;
}
template <class Space>
inline constexpr bool has_direct_range_launch = space_has_direct_range_launch<Space>();

template <class Policy, class Functor>
void parallel_range(const char* label, const Policy& policy, const Functor& f, [[maybe_unused]] int direct,
                    [[maybe_unused]] int host_threads = 0) {
  static_assert(std::is_void_v<typename Policy::work_tag>, "parallel_range: untagged functors only");
#ifdef KOKKOS_ENABLE_CUDA
  if constexpr (std::is_same_v<typename Policy::execution_space, Kokkos::Cuda>) {
    if (direct == 1 || direct == 2) {
      using Bounds = typename Policy::launch_bounds;
      const auto api = direct == 2 ? cuda::RangeLaunchApi::driver : cuda::RangeLaunchApi::runtime;
      cuda::launch_range<Bounds::maxTperB, Bounds::minBperSM>(
          api, policy.space().cuda_stream(), policy.space().cuda_device(), policy.begin(), policy.end(), f);
      return;
    }
  }
#endif
#ifdef KOKKOS_ENABLE_OPENMP
  if constexpr (std::is_same_v<typename Policy::execution_space, Kokkos::OpenMP>) {
    if (direct != 0 || openmp::launch_threads(host_threads) < Kokkos::OpenMP::concurrency()) {
      openmp::launch_range(policy.begin(), policy.end(), policy.chunk_size(), host_threads, f);
      return;
    }
  }
#endif
  Kokkos::parallel_for(label, policy, f);
}

}  // namespace aspmv::backends
