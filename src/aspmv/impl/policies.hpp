#pragma once
// The Kokkos policies the kernels launch with: static schedules everywhere.
// (Kokkos 3.4's dynamic schedule cost about 200 us per dispatch on the
// 16-core host of the GPU machine against 5 us for a static loop,
// tuning_data/cpu-x86/measurements/2026-11-21-gpu-host-16-cores; uneven rows
// on CPUs are the merge-path kernel's job.)

#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace aspmv::impl {

template <class ExecSpace>
using Schedule = Kokkos::Schedule<Kokkos::Static>;

template <class ExecSpace>
using TeamPolicy = Kokkos::TeamPolicy<ExecSpace, Schedule<ExecSpace>>;

template <class ExecSpace>
using RangePolicy = Kokkos::RangePolicy<ExecSpace, Schedule<ExecSpace>, Kokkos::IndexType<std::int64_t>>;

}  // namespace aspmv::impl
