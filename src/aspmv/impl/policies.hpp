#pragma once
// The Kokkos policies the kernels launch with: static schedules on GPUs,
// dynamic ones on CPUs (rows are uneven; threads take chunks as they free up).

#include <aspmv/backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace aspmv::impl {

template <class ExecSpace>
using Schedule = Kokkos::Schedule<
    std::conditional_t<backends::Traits<ExecSpace>::is_gpu, Kokkos::Static, Kokkos::Dynamic>>;

template <class ExecSpace>
using TeamPolicy = Kokkos::TeamPolicy<ExecSpace, Schedule<ExecSpace>>;

template <class ExecSpace>
using RangePolicy = Kokkos::RangePolicy<ExecSpace, Schedule<ExecSpace>, Kokkos::IndexType<std::int64_t>>;

}  // namespace aspmv::impl
