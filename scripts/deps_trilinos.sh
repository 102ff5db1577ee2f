# shellcheck shell=bash
# Sourced by scripts/deps.sh: the trilinos-* flavors. Kokkos, Kokkos Kernels,
# Teuchos, Tpetra and Belos of Debian's `trilinos` 13.2 source, built as one
# Trilinos with MPI on the project's patched Kokkos, for the presets that run
# the aspmv::tpetra operator with threads (or GPUs) per MPI rank (issue 23;
# Debian's own Tpetra is Serial only). Not built by CI or by scripts/test.sh:
# an hour or more on two cores.
#
#   trilinos-openmp     Kokkos OpenMP + Serial, Tpetra's node OpenMP
#   trilinos-cuda-sm90  Kokkos CUDA (Hopper) + Serial, Tpetra's node CUDA
#                       (Tpetra 13.2 keeps its data in CudaUVMSpace: UVM on),
#                       compiled through Kokkos' nvcc_wrapper under mpicxx;
#                       Kokkos Kernels without the cuSPARSE/cuBLAS TPLs (its
#                       3.4 TPL code predates CUDA 13), so stock Tpetra runs
#                       Kokkos Kernels' own spmv
#
# Static libraries (a tool built on them runs where only MPI is installed:
# the device machine) and no explicit instantiation, in Tpetra or in Kokkos
# Kernels (about 300 compiles instead of 700: what a program uses is
# instantiated in it, the same templates). Tpetra's types: Scalar double,
# LocalOrdinal int, GlobalOrdinal long long. No TSQR, no Epetra.
# Installs into $ASPMV_CACHE_DIR/install/<flavor> with a .aspmv-stamp, as the
# Kokkos flavors do, so AspmvToolchain.cmake finds Kokkos and Tpetra there.

trilinos_options_for() {
  local common=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=mpicc -DCMAKE_CXX_COMPILER=mpicxx
                -DCMAKE_CXX_STANDARD=17 -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON
                -DTPL_ENABLE_MPI=ON -DTPL_ENABLE_BLAS=ON -DTPL_ENABLE_LAPACK=ON -DTrilinos_ENABLE_Fortran=OFF
                -DTrilinos_ENABLE_ALL_PACKAGES=OFF -DTrilinos_ENABLE_ALL_OPTIONAL_PACKAGES=OFF
                -DTrilinos_ENABLE_Kokkos=ON -DTrilinos_ENABLE_KokkosKernels=ON -DTrilinos_ENABLE_Teuchos=ON
                -DTrilinos_ENABLE_Tpetra=ON -DTrilinos_ENABLE_Belos=ON -DBelos_ENABLE_Tpetra=ON
                -DTrilinos_ENABLE_Epetra=OFF -DTrilinos_ENABLE_TpetraTSQR=OFF
                -DTrilinos_ENABLE_EXPLICIT_INSTANTIATION=OFF
                -DTpetra_INST_FLOAT=OFF -DTpetra_INST_COMPLEX_DOUBLE=OFF -DTpetra_INST_COMPLEX_FLOAT=OFF
                -DKokkosKernels_ADD_DEFAULT_ETI=OFF -DKokkosKernels_INST_DOUBLE=OFF -DKokkosKernels_INST_FLOAT=OFF
                -DKokkosKernels_INST_COMPLEX_DOUBLE=OFF -DKokkosKernels_INST_COMPLEX_FLOAT=OFF
                -DKokkosKernels_INST_EXECSPACE_SERIAL=OFF -DKokkosKernels_INST_EXECSPACE_OPENMP=OFF
                -DKokkosKernels_INST_ORDINAL_INT=OFF -DKokkosKernels_INST_ORDINAL_INT64_T=OFF
                -DKokkosKernels_INST_OFFSET_INT=OFF -DKokkosKernels_INST_OFFSET_SIZE_T=OFF
                -DKokkosKernels_INST_LAYOUTLEFT=OFF -DKokkosKernels_INST_LAYOUTRIGHT=OFF
                -DTrilinos_ENABLE_TESTS=OFF -DTrilinos_ENABLE_EXAMPLES=OFF -DKokkos_ENABLE_SERIAL=ON)
  case "$1" in
    trilinos-openmp) echo "${common[@]}" -DTrilinos_ENABLE_OpenMP=ON -DKokkos_ENABLE_OPENMP=ON \
                          -DTpetra_INST_OPENMP=ON -DTpetra_INST_SERIAL=OFF ;;
    trilinos-cuda-sm90) echo "${common[@]}" -DTPL_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA=ON \
                          -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ENABLE_CUDA_UVM=ON -DKokkos_ARCH_HOPPER90=ON \
                          -DTPL_ENABLE_CUSPARSE=OFF -DTPL_ENABLE_CUBLAS=OFF -DTPL_ENABLE_CUSOLVER=OFF \
                          -DKokkosKernels_INST_EXECSPACE_CUDA=OFF -DKokkosKernels_INST_MEMSPACE_CUDASPACE=OFF \
                          -DKokkosKernels_INST_MEMSPACE_CUDAUVMSPACE=OFF -DTpetra_INST_CUDA=ON -DTpetra_INST_SERIAL=OFF ;;
    *) die "unknown Trilinos flavor '$1' (trilinos-openmp, trilinos-cuda-sm90)" ;;
  esac
}

# The whole Trilinos tree, Kokkos patched as for the Kokkos flavors; keyed by
# the patches' hash. Sets TRILINOS_SRC.
fetch_trilinos_tree() {
  take_lock sources
  local srcdir="$ASPMV_CACHE_DIR/src"
  local tarball="$srcdir/trilinos_${TRILINOS_SRC_VERSION}.orig.tar.gz"
  local patch_hash
  patch_hash=$(cat "$PATCH_DIR"/*.patch | sha256sum | cut -c1-12)
  local tree="$srcdir/trilinos-$TRILINOS_SRC_VERSION-$patch_hash"
  TRILINOS_SRC="$tree/Trilinos-trilinos-release-${TRILINOS_SRC_VERSION//./-}"
  if [ ! -f "$tree/.complete" ]; then
    log "extracting Trilinos $TRILINOS_SRC_VERSION and patching its Kokkos into $tree"
    rm -rf "$tree" && mkdir -p "$tree"
    tar -xzf "$tarball" -C "$tree"
    [ -d "$TRILINOS_SRC/packages/tpetra" ] || die "the trilinos source has no packages/tpetra ($TRILINOS_SRC)"
    local p
    for p in "$PATCH_DIR"/*.patch; do
      patch -d "$TRILINOS_SRC/packages" -p1 --forward --quiet <"$p" || die "patch $(basename "$p") does not apply to Trilinos"
    done
    touch "$tree/.complete"
  fi
  release_lock
}

build_trilinos_flavor() {
  local flavor=$1
  command -v mpicxx >/dev/null || die "flavor $flavor needs MPI's compiler wrappers (Debian: libopenmpi-dev)"
  fetch_trilinos_tree
  local cxx_id; cxx_id=$(g++ --version | head -n 1)
  local with_env=()   # the environment of the configure and the build
  if [[ $flavor == trilinos-cuda-* ]]; then
    check_toolchain cuda-sm90
    # OpenMPI's mpicxx compiles through Kokkos' nvcc_wrapper (g++ for host code).
    with_env=(OMPI_CXX="$TRILINOS_SRC/packages/kokkos/bin/nvcc_wrapper")
    cxx_id+=" $("$CUDA_HOME/bin/nvcc" --version | tail -n 1)"
  fi
  take_lock "$flavor"
  local prefix="$ASPMV_CACHE_DIR/install/$flavor"
  local build="$ASPMV_CACHE_DIR/build/$flavor"
  local logs="$ASPMV_CACHE_DIR/logs"
  local opts; opts=$(trilinos_options_for "$flavor")
  local stamp
  stamp=$(printf '%s\n' "$TRILINOS_SRC_VERSION" "$(patches_hash_for "${flavor#trilinos-}")" "$opts" "$cxx_id" \
    "$(mpicxx --showme:version 2>&1 | head -n 1)" | sha256sum | cut -c1-16)
  if install_is_current "$prefix" "$stamp"; then
    log "Trilinos $TRILINOS_SRC_VERSION ($flavor) is up to date in $prefix"
    release_lock
    return 0
  fi
  log "building Trilinos $TRILINOS_SRC_VERSION ($flavor: Kokkos, Kokkos Kernels, Teuchos, Tpetra, Belos) with $ASPMV_JOBS jobs"
  rm -rf "$build" "$prefix"
  mkdir -p "$build" "$logs"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  env "${with_env[@]}" cmake -S "$TRILINOS_SRC" -B "$build" -G Ninja -DCMAKE_INSTALL_PREFIX="$prefix" $opts \
    >"$logs/$flavor.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.log"; die "Trilinos configure failed ($flavor); log: $logs/$flavor.log"; }
  env "${with_env[@]}" cmake --build "$build" -j "$ASPMV_JOBS" --target install >>"$logs/$flavor.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.log"; die "Trilinos build failed ($flavor); log: $logs/$flavor.log"; }
  echo "$stamp" >"$prefix/.aspmv-stamp"
  rm -rf "$build"
  log "Trilinos ($flavor) installed in $prefix ($((SECONDS - t0)) s)"
  release_lock
}
