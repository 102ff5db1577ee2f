# After AspmvBackend: Intel oneMKL's sparse inspector-executor as the CPU
# vendor comparator (backends/mkl/), as cuSPARSE is on NVIDIA. Host builds on
# x86_64 only (a device build's comparator is its vendor's library).
#   ASPMV_WITH_MKL  AUTO (default: used when found), ON (required), OFF
#   ASPMV_MKL_ROOT  a folder with include/mkl_spblas.h and lib/libmkl_core.a;
#                   default $MKLROOT, else scripts/mkl.sh's install in the
#                   dependency cache ($ASPMV_DEPS_DIR/install/mkl)
# Linked statically (LP64; GNU OpenMP threading in an OpenMP build,
# sequential in a Serial one) into aspmv_vendor's users only: the library
# itself needs no MKL. Result: target aspmv_mkl and ASPMV_HAVE_MKL.

set(ASPMV_WITH_MKL "AUTO" CACHE STRING "Intel oneMKL as the CPU comparator: AUTO (when found), ON, OFF")
set_property(CACHE ASPMV_WITH_MKL PROPERTY STRINGS AUTO ON OFF)
if(DEFINED ENV{MKLROOT})
  set(_aspmv_mkl_default "$ENV{MKLROOT}")
else()
  set(_aspmv_mkl_default "${ASPMV_DEPS_DIR}/install/mkl")
endif()
set(ASPMV_MKL_ROOT "${_aspmv_mkl_default}" CACHE PATH "oneMKL with include/mkl_spblas.h and static lib/libmkl_*.a")

set(ASPMV_HAVE_MKL OFF)
set(_aspmv_mkl_why "")
if(ASPMV_WITH_MKL STREQUAL "OFF")
  set(_aspmv_mkl_why "ASPMV_WITH_MKL=OFF")
elseif(ASPMV_HAS_CUDA OR ASPMV_HAS_HIP)
  set(_aspmv_mkl_why "a device build (its comparator is the GPU vendor's library)")
elseif(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(_aspmv_mkl_why "oneMKL exists for x86_64 only (${CMAKE_SYSTEM_PROCESSOR} here)")
else()
  if(ASPMV_HAS_OPENMP)
    set(_aspmv_mkl_threading mkl_gnu_thread)
  else()
    set(_aspmv_mkl_threading mkl_sequential)
  endif()
  set(_aspmv_mkl_libs "")
  foreach(_lib IN ITEMS mkl_intel_lp64 ${_aspmv_mkl_threading} mkl_core)
    if(EXISTS "${ASPMV_MKL_ROOT}/lib/lib${_lib}.a")
      list(APPEND _aspmv_mkl_libs "${ASPMV_MKL_ROOT}/lib/lib${_lib}.a")
    elseif(EXISTS "${ASPMV_MKL_ROOT}/lib/intel64/lib${_lib}.a")
      list(APPEND _aspmv_mkl_libs "${ASPMV_MKL_ROOT}/lib/intel64/lib${_lib}.a")
    else()
      set(_aspmv_mkl_why "no lib${_lib}.a in ${ASPMV_MKL_ROOT}/lib (run scripts/mkl.sh, or set ASPMV_MKL_ROOT)")
    endif()
  endforeach()
  if(NOT _aspmv_mkl_why AND NOT EXISTS "${ASPMV_MKL_ROOT}/include/mkl_spblas.h")
    set(_aspmv_mkl_why "no include/mkl_spblas.h in ${ASPMV_MKL_ROOT}")
  endif()
  if(NOT _aspmv_mkl_why)
    set(ASPMV_HAVE_MKL ON)
  endif()
endif()

if(ASPMV_HAVE_MKL)
  find_package(Threads REQUIRED)
  add_library(aspmv_mkl INTERFACE)
  target_include_directories(aspmv_mkl SYSTEM INTERFACE "${ASPMV_MKL_ROOT}/include")
  # The three archives call each other: one linker group.
  target_link_libraries(aspmv_mkl INTERFACE "-Wl,--start-group" ${_aspmv_mkl_libs} "-Wl,--end-group"
                                            Threads::Threads ${CMAKE_DL_LIBS} m)
  if(ASPMV_HAS_OPENMP)
    find_package(OpenMP REQUIRED)
    target_link_libraries(aspmv_mkl INTERFACE OpenMP::OpenMP_CXX)
  endif()
  target_compile_definitions(aspmv_mkl INTERFACE ASPMV_HAVE_MKL=1)
  message(STATUS "aspmv: oneMKL found in ${ASPMV_MKL_ROOT} (static, ${_aspmv_mkl_threading}): its inspector-executor spmv is built as a comparator")
elseif(ASPMV_WITH_MKL STREQUAL "ON")
  message(FATAL_ERROR " aspmv: ASPMV_WITH_MKL=ON but oneMKL cannot be used: ${_aspmv_mkl_why}.")
else()
  message(STATUS "aspmv: no oneMKL comparator: ${_aspmv_mkl_why}")
endif()
