# Runs before project(): finds the Kokkos the preset asks for and the compiler
# it needs, and stops early, in one sentence, when the toolchain cannot build
# the preset's target. Inputs (cache variables, set by the presets):
#   ASPMV_KOKKOS_FLAVOR  flavor built by scripts/deps.sh (openmp, cuda-sm90, ...)
#   ASPMV_CUDA_ARCH      compute capability of a CUDA preset (90, 80, 70, 60)
#   Kokkos_ROOT          a Kokkos >= 3.4 of the user's; skips the script's builds

set(ASPMV_KOKKOS_FLAVOR "" CACHE STRING "Kokkos flavor from scripts/deps.sh (empty: find Kokkos yourself)")
set(ASPMV_CUDA_ARCH "" CACHE STRING "CUDA compute capability the preset targets (e.g. 90)")

if(DEFINED ENV{ASPMV_CACHE_DIR})
  set(_aspmv_default_deps "$ENV{ASPMV_CACHE_DIR}")
elseif(DEFINED ENV{XDG_CACHE_HOME})
  set(_aspmv_default_deps "$ENV{XDG_CACHE_HOME}/aspmv")
else()
  set(_aspmv_default_deps "$ENV{HOME}/.cache/aspmv")
endif()
set(ASPMV_DEPS_DIR "${_aspmv_default_deps}" CACHE PATH "Where scripts/deps.sh installs Kokkos")

# The sentences below start with a space: CMake prints such a message as one
# preformatted line, where it would wrap a plain one at 80 columns (and a
# `grep aspmv:` of the output would show half a sentence).

# CUDA 13 removed the architectures before Turing (sm_75).
if(ASPMV_CUDA_ARCH)
  find_program(ASPMV_NVCC nvcc HINTS "$ENV{CUDA_HOME}/bin" "${CUDAToolkit_ROOT}/bin" /usr/local/cuda/bin)
  if(NOT ASPMV_NVCC)
    message(FATAL_ERROR " aspmv: this preset targets sm_${ASPMV_CUDA_ARCH} and needs the CUDA toolkit, but no nvcc was found (set CUDA_HOME or PATH).")
  endif()
  execute_process(COMMAND "${ASPMV_NVCC}" --version OUTPUT_VARIABLE _nvcc_out)
  string(REGEX MATCH "release ([0-9]+)\\.([0-9]+)" _ "${_nvcc_out}")
  set(ASPMV_NVCC_VERSION "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
  if(CMAKE_MATCH_1 GREATER_EQUAL 13 AND ASPMV_CUDA_ARCH LESS 75)
    message(FATAL_ERROR " aspmv: sm_${ASPMV_CUDA_ARCH} needs a CUDA toolkit of version 12 or older, but ${ASPMV_NVCC} is CUDA ${ASPMV_NVCC_VERSION}, which dropped that architecture.")
  endif()
endif()

if(NOT Kokkos_ROOT AND NOT DEFINED ENV{Kokkos_ROOT} AND ASPMV_KOKKOS_FLAVOR)
  set(_prefix "${ASPMV_DEPS_DIR}/install/${ASPMV_KOKKOS_FLAVOR}")
  if(NOT EXISTS "${_prefix}/.aspmv-stamp")
    message(FATAL_ERROR " aspmv: Kokkos for '${ASPMV_KOKKOS_FLAVOR}' is not built in ${ASPMV_DEPS_DIR}: run scripts/deps.sh ${ASPMV_KOKKOS_FLAVOR}, or pass -DKokkos_ROOT=<your Kokkos install>.")
  endif()
  set(Kokkos_ROOT "${_prefix}" CACHE PATH "Kokkos install (from scripts/deps.sh)")
  set(KokkosKernels_ROOT "${_prefix}" CACHE PATH "Kokkos Kernels install (from scripts/deps.sh)")
  if(ASPMV_KOKKOS_FLAVOR MATCHES "^trilinos-")
    # Tpetra, Belos and Teuchos beside that Kokkos (scripts/deps_trilinos.sh).
    list(PREPEND CMAKE_PREFIX_PATH "${_prefix}")
  endif()
endif()

# The PETSc without Trilinos that scripts/deps.sh trilinos-openmp builds (scripts/deps_petsc.sh), for the trilinos-*
# flavors at every configure (the block above runs once: Kokkos_ROOT is cached after): found through pkg-config
# before the system's, whose Kokkos components/petsc would refuse.
if(ASPMV_KOKKOS_FLAVOR MATCHES "^trilinos-" AND EXISTS "${ASPMV_DEPS_DIR}/install/petsc/.aspmv-stamp")
  list(PREPEND CMAKE_PREFIX_PATH "${ASPMV_DEPS_DIR}/install/petsc")
endif()

# Kokkos 3.4 compiles CUDA through its nvcc_wrapper and HIP through hipcc.
if(NOT CMAKE_CXX_COMPILER AND NOT DEFINED ENV{CXX})
  if(ASPMV_KOKKOS_FLAVOR MATCHES "^(trilinos-)?cuda-" AND Kokkos_ROOT)
    set(CMAKE_CXX_COMPILER "${Kokkos_ROOT}/bin/nvcc_wrapper" CACHE FILEPATH "C++ compiler (Kokkos' nvcc_wrapper)")
  elseif(ASPMV_KOKKOS_FLAVOR MATCHES "^hip-")
    find_program(ASPMV_HIPCC hipcc)
    if(NOT ASPMV_HIPCC)
      message(FATAL_ERROR " aspmv: the HIP presets need hipcc (Debian package hipcc): run scripts/deps.sh ${ASPMV_KOKKOS_FLAVOR}.")
    endif()
    set(CMAKE_CXX_COMPILER "${ASPMV_HIPCC}" CACHE FILEPATH "C++ compiler (hipcc)")
  endif()
endif()
if(ASPMV_KOKKOS_FLAVOR MATCHES "^(trilinos-)?cuda-" AND ASPMV_NVCC)
  # nvcc_wrapper finds nvcc on PATH.
  get_filename_component(_nvcc_dir "${ASPMV_NVCC}" DIRECTORY)
  set(ENV{PATH} "${_nvcc_dir}:$ENV{PATH}")
endif()
