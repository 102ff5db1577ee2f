# After find_package(Kokkos): which device backend Kokkos was built with
# (ASPMV_BACKEND: cuda, hip, openmp or serial) and the vendor libraries the
# comparators in backends/ need.

kokkos_check(DEVICES CUDA RETURN_VALUE ASPMV_HAS_CUDA)
kokkos_check(DEVICES HIP RETURN_VALUE ASPMV_HAS_HIP)
kokkos_check(DEVICES OPENMP RETURN_VALUE ASPMV_HAS_OPENMP)
if(ASPMV_HAS_CUDA)
  set(ASPMV_BACKEND cuda)
elseif(ASPMV_HAS_HIP)
  set(ASPMV_BACKEND hip)
elseif(ASPMV_HAS_OPENMP)
  set(ASPMV_BACKEND openmp)
else()
  set(ASPMV_BACKEND serial)
endif()
message(STATUS "aspmv: Kokkos ${Kokkos_VERSION} backend '${ASPMV_BACKEND}', architecture table '${ASPMV_ARCH}'")

if(ASPMV_HAS_CUDA)
  find_package(CUDAToolkit REQUIRED)   # cuSPARSE, the comparator
  # A __host__ function called from a KOKKOS_FUNCTION is an error in the
  # project's own targets, not a warning: the device compiler drops the code
  # that calls it (csr_chunks' whole team body, 2026-12-06, until its helper
  # was marked KOKKOS_INLINE_FUNCTION). nvcc_wrapper forwards -Xcudafe pairs.
  add_compile_options("SHELL:-Xcudafe --diag_error=20011" "SHELL:-Xcudafe --diag_error=20014")
endif()

if(KokkosKernels_FOUND AND TARGET Kokkos::kokkoskernels)
  message(STATUS "aspmv: Kokkos Kernels ${KokkosKernels_VERSION} found: its spmv is built as a comparator")
else()
  message(STATUS "aspmv: Kokkos Kernels (as Kokkos::kokkoskernels) not found: no Kokkos Kernels comparator")
endif()
