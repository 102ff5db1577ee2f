#pragma once
// The Kokkos policies the kernels launch with: static schedules everywhere.
// (Kokkos 3.4's dynamic schedule cost about 200 us per dispatch on the
// 16-core host of the GPU machine against 5 us for a static loop,
// tuning_data/cpu-x86/measurements/2026-11-21-gpu-host-16-cores; uneven rows
// on CPUs are the merge-path kernel's job.)
//
// Every launch is a light-weight one: Kokkos 3.4 passes a functor of up to
// 4 KB as the kernel's argument. Without the hint, CUDA copies a launch
// whose functor (with its policy) reaches 512 bytes to constant memory, and
// the host waits for the previous such launch to end before it can reuse
// it (cudaEventSynchronize in Kokkos_Cuda_KernelLaunch.hpp): every apply of
// such a kernel then paid the whole kernel plus a host round trip, never
// overlapping the next enqueue (lrb's one launch: 18-25 us on small matrices
// where its other form took 5-6 us, H200, perf/results/h200/2026-11-29-lrb
// call 3). Other backends ignore the hint.

#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace aspmv::impl {

template <class ExecSpace>
using Schedule = Kokkos::Schedule<Kokkos::Static>;

using LightWeight = Kokkos::Experimental::WorkItemProperty::HintLightWeight_t;

template <class ExecSpace>
using TeamPolicy = Kokkos::TeamPolicy<ExecSpace, Schedule<ExecSpace>, LightWeight>;

template <class ExecSpace>
using RangePolicy = Kokkos::RangePolicy<ExecSpace, Schedule<ExecSpace>, Kokkos::IndexType<std::int64_t>, LightWeight>;

// A range whose kernel the compiler must fit in blocks of at most MaxThreads
// threads, MinBlocks of them resident on a multiprocessor at once (on CUDA
// and HIP: a register budget; ignored on CPUs).
template <class ExecSpace, unsigned MaxThreads, unsigned MinBlocks>
using BoundedRangePolicy = Kokkos::RangePolicy<ExecSpace, Schedule<ExecSpace>, Kokkos::IndexType<std::int64_t>,
                                               LightWeight, Kokkos::LaunchBounds<MaxThreads, MinBlocks>>;

}  // namespace aspmv::impl
