#pragma once
// aspmv::backends::Traits<ExecSpace>: everything that differs between
// execution spaces (is it a GPU, largest TpR, team sizes, device facts), and
// the list of execution spaces this build enables. With enabled_spaces.hpp
// (the same list as a macro), the only files that look at KOKKOS_ENABLE_*.
//
// Each specialization provides: name, is_gpu, max_tpr, max_team_size,
// host_pinned_memory_space (host memory the space's kernels can read while
// the host writes it: page-locked on GPUs, HostSpace on CPUs),
// warp_lanes and shuffle_up(v, delta) (threads in lock step, the value of
// the lane delta below; 1 and v on CPUs),
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
#ifdef KOKKOS_ENABLE_SERIAL
using SerialSpaces = std::tuple<Kokkos::Serial>;
#else
using SerialSpaces = std::tuple<>;
#endif
#ifdef KOKKOS_ENABLE_OPENMP
using OpenMPSpaces = std::tuple<Kokkos::OpenMP>;
#else
using OpenMPSpaces = std::tuple<>;
#endif
#ifdef KOKKOS_ENABLE_CUDA
using CudaSpaces = std::tuple<Kokkos::Cuda>;
#else
using CudaSpaces = std::tuple<>;
#endif
#ifdef KOKKOS_ENABLE_HIP
using HipSpaces = std::tuple<HipExecutionSpace>;
#else
using HipSpaces = std::tuple<>;
#endif

template <class... Tuples>
struct Concat;
template <class... A>
struct Concat<std::tuple<A...>> {
  using type = std::tuple<A...>;
};
template <class... A, class... B, class... Rest>
struct Concat<std::tuple<A...>, std::tuple<B...>, Rest...> {
  using type = typename Concat<std::tuple<A..., B...>, Rest...>::type;
};
}  // namespace detail

// Every execution space this build of Kokkos enables, host spaces first.
using EnabledExecutionSpaces =
    typename detail::Concat<detail::SerialSpaces, detail::OpenMPSpaces, detail::CudaSpaces, detail::HipSpaces>::type;

}  // namespace aspmv::backends
