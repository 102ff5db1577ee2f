#pragma once
// The vendor and library comparators this build has, for benchmarks:
// cuSPARSE CSR, COO and SELL (CUDA builds), Kokkos Kernels' native spmv (when found) and
// oneMKL's inspector-executor spmv (host builds on x86_64, when found: cmake/AspmvMkl.cmake).
// have_cusparse / have_kokkos_kernels / have_mkl say which; the headers come along.

#if defined(ASPMV_HAVE_CUSPARSE)
#include <backends/cuda/cusparse_coo.hpp>
#include <backends/cuda/cusparse_sell.hpp>
#include <backends/cuda/cusparse_spmm.hpp>
#include <backends/cuda/cusparse_spmv.hpp>
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
#include <backends/kokkos_kernels/native_spmv.hpp>
#endif
#if defined(ASPMV_HAVE_MKL)
#include <backends/mkl/inspector_executor_spmv.hpp>
#endif

namespace aspmv::backends {
#if defined(ASPMV_HAVE_CUSPARSE)
inline constexpr bool have_cusparse = true;
#else
inline constexpr bool have_cusparse = false;
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
inline constexpr bool have_kokkos_kernels = true;
#else
inline constexpr bool have_kokkos_kernels = false;
#endif
#if defined(ASPMV_HAVE_MKL)
inline constexpr bool have_mkl = true;
#else
inline constexpr bool have_mkl = false;
#endif
}  // namespace aspmv::backends
