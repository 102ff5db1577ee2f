#pragma once
// ASPMV_FOR_EACH_ENABLED_SPACE(M, ARGS...) expands to M(Space, ARGS...) once
// for each execution space this build of Kokkos enables, host spaces first
// (the same list as backends::EnabledExecutionSpaces, as a macro: explicit
// template instantiations cannot be generated from a type list).

#include <backends/traits.hpp>

#include <cstdint>

#ifdef KOKKOS_ENABLE_SERIAL
#define ASPMV_IMPL_IF_SERIAL(M, ...) M(::Kokkos::Serial, __VA_ARGS__)
#else
#define ASPMV_IMPL_IF_SERIAL(M, ...)
#endif
#ifdef KOKKOS_ENABLE_OPENMP
#define ASPMV_IMPL_IF_OPENMP(M, ...) M(::Kokkos::OpenMP, __VA_ARGS__)
#else
#define ASPMV_IMPL_IF_OPENMP(M, ...)
#endif
#ifdef KOKKOS_ENABLE_CUDA
#define ASPMV_IMPL_IF_CUDA(M, ...) M(::Kokkos::Cuda, __VA_ARGS__)
#else
#define ASPMV_IMPL_IF_CUDA(M, ...)
#endif
#ifdef KOKKOS_ENABLE_HIP
#define ASPMV_IMPL_IF_HIP(M, ...) M(::aspmv::backends::HipExecutionSpace, __VA_ARGS__)
#else
#define ASPMV_IMPL_IF_HIP(M, ...)
#endif

#define ASPMV_FOR_EACH_ENABLED_SPACE(M, ...) \
  ASPMV_IMPL_IF_SERIAL(M, __VA_ARGS__)       \
  ASPMV_IMPL_IF_OPENMP(M, __VA_ARGS__) ASPMV_IMPL_IF_CUDA(M, __VA_ARGS__) ASPMV_IMPL_IF_HIP(M, __VA_ARGS__)

// ASPMV_FOR_EACH_INSTANCE(M) expands to M(Space, Value, Offset) for every
// enabled space x {double, float} x {int32, int64}: the combinations
// libaspmv compiles its explicit instantiations for.
#define ASPMV_FOR_EACH_INSTANCE(M)                      \
  ASPMV_FOR_EACH_ENABLED_SPACE(M, double, std::int32_t) \
  ASPMV_FOR_EACH_ENABLED_SPACE(M, double, std::int64_t) \
  ASPMV_FOR_EACH_ENABLED_SPACE(M, float, std::int32_t)  \
  ASPMV_FOR_EACH_ENABLED_SPACE(M, float, std::int64_t)
