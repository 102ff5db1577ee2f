#pragma once
// aspmv::backends::Traits<ExecSpace>: everything that differs between
// execution spaces (is it a GPU, largest TpR, team sizes, device facts), and
// the list of execution spaces this build enables. The only file set that
// looks at KOKKOS_ENABLE_*.
//
// Each specialization provides: name, is_gpu, max_tpr, max_team_size,
// host_pinned_memory_space (host memory the space's kernels can read while
// the host writes it: page-locked on GPUs, HostSpace on CPUs),
// properties(space) -> DeviceProperties, same_instance(a, b),
// new_instance() -> OwnedInstance (an instance on its own queue) and
// in_partitions(n, f) (f on n partitions of a host pool at once).

#include <backends/device_properties.hpp>

#include <Kokkos_Core.hpp>

#include <tuple>

namespace aspmv::backends {
template <class ExecSpace>
struct Traits;  // specialized for each enabled execution space below
}  // namespace aspmv::backends

#ifdef KOKKOS_ENABLE_SERIAL
#include <backends/serial/traits.hpp>
#endif
#ifdef KOKKOS_ENABLE_OPENMP
#include <backends/openmp/traits.hpp>
#endif
#ifdef KOKKOS_ENABLE_CUDA
#include <backends/cuda/traits.hpp>
#endif
#ifdef KOKKOS_ENABLE_HIP
#include <backends/hip/traits.hpp>
#endif

namespace aspmv::backends {

namespace detail {
template <class... A, class... B>
std::tuple<A..., B...> cat(std::tuple<A...>, std::tuple<B...>);
}  // namespace detail

// Every execution space this build of Kokkos enables, host spaces first.
using EnabledExecutionSpaces = decltype(detail::cat(
    detail::cat(
#ifdef KOKKOS_ENABLE_SERIAL
        std::tuple<Kokkos::Serial>{},
#else
        std::tuple<>{},
#endif
#ifdef KOKKOS_ENABLE_OPENMP
        std::tuple<Kokkos::OpenMP>{}),
#else
        std::tuple<>{}),
#endif
    detail::cat(
#ifdef KOKKOS_ENABLE_CUDA
        std::tuple<Kokkos::Cuda>{},
#else
        std::tuple<>{},
#endif
#ifdef KOKKOS_ENABLE_HIP
        std::tuple<HipExecutionSpace>{})));
#else
        std::tuple<>{})));
#endif

}  // namespace aspmv::backends
