#pragma once
// The vendor and library comparators this build has, for benchmarks:
// cuSPARSE CSR, COO and SELL (CUDA builds) and Kokkos Kernels' native spmv (when found).
// have_cusparse / have_kokkos_kernels say which; the headers come along.

#if defined(ASPMV_HAVE_CUSPARSE)
#include <backends/cuda/cusparse_coo.hpp>
#include <backends/cuda/cusparse_sell.hpp>
#include <backends/cuda/cusparse_spmm.hpp>
#include <backends/cuda/cusparse_spmv.hpp>
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
#include <backends/kokkos_kernels/native_spmv.hpp>
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
}  // namespace aspmv::backends
