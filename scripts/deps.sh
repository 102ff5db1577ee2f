#!/usr/bin/env bash
# Builds the project's dependencies: Kokkos 3.4.01 and Kokkos Kernels 3.4.01
# from Debian's `trilinos` source package, for one or more backend flavors,
# with the project's patches (cmake/patches/) applied.
#
#   scripts/deps.sh [--packages-only] FLAVOR...
#
# FLAVOR: serial | openmp | cuda-sm90 | cuda-sm80 | cuda-sm70 | cuda-sm60 | hip-gfx908
# (cuda-sm70/sm60 need CUDA <= 12; CUDA 13 dropped those architectures.)
# | debian-mpi: nothing built; Debian's Trilinos (Kokkos 3.4.01 Serial,
# Tpetra, Belos), PETSc and OpenMPI packages installed for the debian-mpi
# preset (aspmv on the system Kokkos, the aspmv::tpetra and aspmv::petsc
# components).
# | trilinos-openmp | trilinos-cuda-sm90: Kokkos, Tpetra and Belos from the
# same source with MPI, Kokkos OpenMP (threads per rank) or CUDA (a GPU per
# rank), for the presets of those names (scripts/deps_trilinos.sh; not built
# by CI); trilinos-openmp also builds PETSc from Debian's petsc source without
# Trilinos (scripts/deps_petsc.sh; alone: the flavor petsc), so that
# aspmv::petsc runs its ranks' threads on the flavor's Kokkos.
#
# Everything lands in $ASPMV_CACHE_DIR (default ~/.cache/aspmv):
#   src/              the Debian source package and the patched kokkos trees
#   build/<flavor>/   build folders
#   install/<flavor>/ Kokkos + Kokkos Kernels (trilinos-*: + Teuchos, Tpetra, Belos), found through the presets
#   install/petsc/    PETSc (trilinos-openmp, petsc)
# A flavor is rebuilt only when its stamp (options, the patches that apply to it, compilers) changed.
# Users with their own Kokkos >= 3.4 skip this and pass -DKokkos_ROOT=... .
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

KOKKOS_VERSION=3.4.01
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
[ -d "$CUDA_HOME/bin" ] && export PATH="$CUDA_HOME/bin:$PATH"   # nvcc_wrapper calls nvcc from PATH
TRILINOS_SRC_VERSION=13.2.0
PATCH_DIR="$ASPMV_ROOT/cmake/patches/kokkos-$KOKKOS_VERSION"
source "$(dirname "${BASH_SOURCE[0]}")/deps_trilinos.sh"
source "$(dirname "${BASH_SOURCE[0]}")/deps_petsc.sh"

# Debian packages every flavor needs, and those a flavor adds.
BASE_PACKAGES=(build-essential cmake ninja-build git ca-certificates zlib1g-dev liblzma-dev nlohmann-json3-dev catch2 dpkg-dev)
packages_for() {
  case "$1" in
    serial|openmp) ;;
    cuda-*) ;;                          # the CUDA toolkit is not a Debian package here
    hip-*) echo hipcc libamdhip64-dev ;;
    # Tpetra's and Belos' CMake package files include those of every
    # Trilinos package they were built with: their -dev packages too.
    trilinos-*) echo libopenmpi-dev openmpi-bin libblas-dev liblapack-dev petsc-dev pkg-config python3 ;;
    petsc) echo libopenmpi-dev openmpi-bin libblas-dev liblapack-dev pkg-config python3 ;;
    debian-mpi) echo libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev libtrilinos-teuchos-dev \
                     libtrilinos-tpetra-dev libtrilinos-belos-dev libtrilinos-epetra-dev libtrilinos-epetraext-dev \
                     libtrilinos-rtop-dev libtrilinos-thyra-dev libtrilinos-triutils-dev libtrilinos-xpetra-dev \
                     petsc-dev libopenmpi-dev openmpi-bin pkg-config ;;
  esac
}

kokkos_options_for() {
  local common=(-DKokkos_ENABLE_SERIAL=ON
                -DCMAKE_CXX_STANDARD=17 -DKokkos_CXX_STANDARD=17)
  case "$1" in
    serial)     echo "${common[@]}" ;;
    openmp)     echo "${common[@]}" -DKokkos_ENABLE_OPENMP=ON ;;
    cuda-sm90)  echo "${common[@]}" -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_HOPPER90=ON ;;
    cuda-sm80)  echo "${common[@]}" -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_AMPERE80=ON ;;
    cuda-sm70)  echo "${common[@]}" -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_VOLTA70=ON ;;
    cuda-sm60)  echo "${common[@]}" -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_PASCAL60=ON ;;
    hip-gfx908) echo "${common[@]}" -DKokkos_ENABLE_HIP=ON -DKokkos_ARCH_VEGA908=ON ;;
    debian-mpi) ;;   # the system's Kokkos: nothing to build
    trilinos-*) trilinos_options_for "$1" >/dev/null ;;   # scripts/deps_trilinos.sh
    petsc) ;;                                              # scripts/deps_petsc.sh
    *) die "unknown flavor '$1' (serial, openmp, cuda-sm90, cuda-sm80, cuda-sm70, cuda-sm60, hip-gfx908, debian-mpi, trilinos-openmp, trilinos-cuda-sm90, petsc)" ;;
  esac
}

# The C++ compiler a flavor is built with. CUDA builds go through Kokkos'
# nvcc_wrapper from the patched source tree (it is installed with Kokkos too).
cxx_for() {
  case "$1" in
    cuda-*) echo "$KOKKOS_SRC/bin/nvcc_wrapper" ;;
    hip-*)  command -v hipcc || die "hipcc not found" ;;
    *)      command -v g++ ;;
  esac
}

# Stops early, in one sentence, when this machine's toolchain cannot build a flavor.
check_toolchain() {
  case "$1" in
    cuda-*)
      [ -x "$CUDA_HOME/bin/nvcc" ] || die "flavor $1 needs the CUDA toolkit (nvcc) in $CUDA_HOME (set CUDA_HOME)"
      local major
      major=$("$CUDA_HOME/bin/nvcc" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
      case "$1" in cuda-sm70|cuda-sm60)
        [ "$major" -lt 13 ] || die "flavor $1 needs a CUDA toolkit of version 12 or older; $CUDA_HOME is CUDA $major" ;;
      esac ;;
    hip-*) command -v hipcc >/dev/null || die "flavor $1 needs hipcc (Debian package hipcc)" ;;
  esac
}

compiler_fingerprint() {
  case "$1" in
    cuda-*) "$CUDA_HOME/bin/nvcc" --version | tail -n 2 ;;
    hip-*)  dpkg-query -W -f='${Version}\n' hipcc ;;
    *)      g++ --version | head -n 1 ;;
  esac
}

# Cache locks (flock): one holder per name; a second caller waits, saying so.
# Released by release_lock (or when the script exits).
take_lock() {
  mkdir -p "$ASPMV_CACHE_DIR/locks"
  exec {LOCK_FD}>"$ASPMV_CACHE_DIR/locks/$1.lock"
  if ! flock -n "$LOCK_FD"; then
    log "waiting for another scripts/deps.sh to finish with $1"
    flock "$LOCK_FD"
  fi
}
release_lock() { exec {LOCK_FD}>&-; }
# Whether PREFIX holds an install made with STAMP (every flavor, scripts/deps_trilinos.sh and deps_petsc.sh too).
install_is_current() { [ -f "$1/.aspmv-stamp" ] && [ "$(cat "$1/.aspmv-stamp")" = "$2" ]; }

fetch_sources() {
  take_lock sources
  local srcdir="$ASPMV_CACHE_DIR/src"
  local tarball="$srcdir/trilinos_${TRILINOS_SRC_VERSION}.orig.tar.gz"
  mkdir -p "$srcdir"
  if [ ! -f "$tarball" ]; then
    fetch_debian_source trilinos "$srcdir"
    [ -f "$tarball" ] || die "apt-get source did not produce $tarball (is bookworm's trilinos still $TRILINOS_SRC_VERSION?)"
  fi

  # The patched tree is keyed by the patches' hash: a changed patch gives a fresh tree.
  local patch_hash
  patch_hash=$(cat "$PATCH_DIR"/*.patch | sha256sum | cut -c1-12)
  KOKKOS_TREE="$srcdir/kokkos-$KOKKOS_VERSION-$patch_hash"
  KOKKOS_SRC="$KOKKOS_TREE/kokkos"
  KERNELS_SRC="$KOKKOS_TREE/kokkos-kernels"
  if [ ! -f "$KOKKOS_TREE/.complete" ]; then
    log "extracting and patching Kokkos $KOKKOS_VERSION into $KOKKOS_TREE"
    rm -rf "$KOKKOS_TREE" && mkdir -p "$KOKKOS_TREE"
    tar -xzf "$tarball" -C "$KOKKOS_TREE" --strip-components=2 \
      "Trilinos-trilinos-release-${TRILINOS_SRC_VERSION//./-}/packages/kokkos" \
      "Trilinos-trilinos-release-${TRILINOS_SRC_VERSION//./-}/packages/kokkos-kernels"
    grep -q "tag:  $KOKKOS_VERSION " "$KOKKOS_SRC/master_history.txt" ||
      die "the trilinos source does not hold Kokkos $KOKKOS_VERSION"
    for p in "$PATCH_DIR"/*.patch; do
      log "  applying $(basename "$p")"
      patch -d "$KOKKOS_TREE" -p1 --forward --quiet <"$p" || die "patch $(basename "$p") does not apply"
    done
    touch "$KOKKOS_TREE/.complete"
  fi
  release_lock
}

# The hash of the patches that change what a flavor builds. A patch whose
# header (the text before its first diff) has a line "Applies-to: GLOB" counts
# only for flavors matching GLOB (e.g. "cuda-*"); others count for every
# flavor. So a CUDA-only patch does not rebuild the OpenMP install (and with
# it every CPU build of the project, whose Kokkos headers would change mtime).
patches_hash_for() {
  local flavor=$1 p glob
  for p in "$PATCH_DIR"/*.patch; do
    glob=$(sed -n '/^diff \|^--- /q; s/^Applies-to: *//p' "$p" | head -n 1)
    # shellcheck disable=SC2053
    if [ -z "$glob" ] || [[ $flavor == $glob ]]; then sha256sum <"$p"; fi
  done | sha256sum | cut -c1-16
}

build_flavor() {
  local flavor=$1
  check_toolchain "$flavor"
  # One build of a flavor at a time: a second caller waits here, then finds it up to date.
  take_lock "$flavor"
  local prefix="$ASPMV_CACHE_DIR/install/$flavor"
  local build="$ASPMV_CACHE_DIR/build/$flavor"
  local cxx; cxx=$(cxx_for "$flavor")
  local opts; opts=$(kokkos_options_for "$flavor")
  local stamp
  stamp=$(printf '%s\n' "$KOKKOS_VERSION" "$(patches_hash_for "$flavor")" "$opts" "$cxx" "$(compiler_fingerprint "$flavor")" |
    sha256sum | cut -c1-16)
  if install_is_current "$prefix" "$stamp"; then
    log "Kokkos $KOKKOS_VERSION ($flavor) is up to date in $prefix"
    release_lock
    return 0
  fi
  log "building Kokkos $KOKKOS_VERSION ($flavor) with $ASPMV_JOBS jobs"
  local logs="$ASPMV_CACHE_DIR/logs"
  rm -rf "$build" "$prefix"
  mkdir -p "$build" "$logs"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  cmake -S "$KOKKOS_SRC" -B "$build/kokkos" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_INSTALL_PREFIX="$prefix" $opts >"$logs/$flavor.kokkos.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.kokkos.log"; die "Kokkos configure failed ($flavor); log: $logs/$flavor.kokkos.log"; }
  cmake --build "$build/kokkos" -j "$ASPMV_JOBS" --target install >>"$logs/$flavor.kokkos.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.kokkos.log"; die "Kokkos build failed ($flavor); log: $logs/$flavor.kokkos.log"; }
  log "building Kokkos Kernels $KOKKOS_VERSION ($flavor): headers, no instantiations, no vendor TPLs"
  cmake -S "$KERNELS_SRC" -B "$build/kokkos-kernels" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_INSTALL_PREFIX="$prefix" -DKokkos_ROOT="$prefix" \
    -DCMAKE_CXX_STANDARD=17 -DKokkosKernels_ADD_DEFAULT_ETI=OFF \
    -DKokkosKernels_INST_DOUBLE=OFF -DKokkosKernels_INST_FLOAT=OFF \
    -DKokkosKernels_INST_COMPLEX_DOUBLE=OFF -DKokkosKernels_INST_COMPLEX_FLOAT=OFF \
    -DKokkosKernels_INST_ORDINAL_INT=OFF -DKokkosKernels_INST_ORDINAL_INT64_T=OFF \
    -DKokkosKernels_INST_OFFSET_INT=OFF -DKokkosKernels_INST_OFFSET_SIZE_T=OFF \
    -DKokkosKernels_INST_LAYOUTLEFT=OFF -DKokkosKernels_INST_LAYOUTRIGHT=OFF \
    -DKokkosKernels_ENABLE_TPL_CUSPARSE=OFF -DKokkosKernels_ENABLE_TPL_CUBLAS=OFF \
    -DKokkosKernels_ENABLE_TPL_BLAS=OFF -DKokkosKernels_ENABLE_TPL_LAPACK=OFF \
    -DKokkosKernels_NO_DEFAULT_CUDA_TPLS=ON \
    -DKokkosKernels_ENABLE_TESTS=OFF -DKokkosKernels_ENABLE_EXAMPLES=OFF >"$logs/$flavor.kernels.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.kernels.log"; die "Kokkos Kernels configure failed ($flavor); log: $logs/$flavor.kernels.log"; }
  cmake --build "$build/kokkos-kernels" -j "$ASPMV_JOBS" --target install >>"$logs/$flavor.kernels.log" 2>&1 ||
    { tail -n 30 "$logs/$flavor.kernels.log"; die "Kokkos Kernels build failed ($flavor); log: $logs/$flavor.kernels.log"; }
  echo "$stamp" >"$prefix/.aspmv-stamp"
  rm -rf "$build"   # the install is what is kept; the logs stay in $logs
  log "Kokkos ($flavor) installed in $prefix ($((SECONDS - t0)) s)"
  release_lock
}

main() {
  local packages_only=0 flavors=()
  for a in "$@"; do
    case "$a" in
      --packages-only) packages_only=1 ;;
      -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
      *) flavors+=("$a") ;;
    esac
  done
  [ ${#flavors[@]} -gt 0 ] || flavors=(openmp)
  local pkgs=("${BASE_PACKAGES[@]}")
  for f in "${flavors[@]}"; do kokkos_options_for "$f" >/dev/null; read -r -a extra <<<"$(packages_for "$f")"; pkgs+=("${extra[@]}"); done
  ensure_packages "${pkgs[@]}"
  [ $packages_only -eq 1 ] && return 0
  local built=()
  for f in "${flavors[@]}"; do [ "$f" = debian-mpi ] || built+=("$f"); done
  [ ${#built[@]} -gt 0 ] || return 0
  fetch_sources
  for f in "${built[@]}"; do
    case "$f" in
      trilinos-openmp) build_trilinos_flavor "$f" && build_petsc ;;
      trilinos-*) build_trilinos_flavor "$f" ;;
      petsc) build_petsc ;;
      *) build_flavor "$f" ;;
    esac
  done
}

main "$@"
