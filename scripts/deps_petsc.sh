# shellcheck shell=bash
# PETSc built from Debian's petsc source package (bookworm: 3.18.5), sourced by scripts/deps.sh for the
# trilinos-openmp flavor: Debian's own PETSc links Debian's Trilinos (ML -> Teuchos -> its Serial Kokkos), whose
# Kokkos would meet the flavor's OpenMP Kokkos in one process (components/petsc refuses that pairing). This one
# has no external package at all (no ML, no Trilinos, no Kokkos, no HDF5, no X): MPI (OpenMPI's mpicc), BLAS and
# LAPACK (Debian's reference libraries, as the Trilinos build), no Fortran, double, 32-bit indices,
# shared libraries, optimized (--with-debugging=0). Installs into $ASPMV_CACHE_DIR/install/petsc with a
# .aspmv-stamp; cmake/AspmvToolchain.cmake puts it first on CMAKE_PREFIX_PATH for the trilinos-* flavors, so
# pkg-config's PETSc module is this one there.

PETSC_SRC_VERSION=3.18.5

PETSC_OPTIONS=(--with-cc=mpicc --with-cxx=mpicxx --with-fc=0 --with-debugging=0 --with-shared-libraries=1
               "--with-blaslapack-lib=-llapack -lblas" --with-x=0 --with-ssl=0 --with-hdf5=0 --with-hwloc=0
               --with-64-bit-indices=0 --with-precision=double --with-scalar-type=real
               COPTFLAGS=-O3 CXXOPTFLAGS=-O3)

build_petsc() {
  command -v mpicc >/dev/null || die "PETSc needs MPI's compiler wrappers (Debian: libopenmpi-dev)"
  local srcdir="$ASPMV_CACHE_DIR/src"
  local tarball="$srcdir/petsc_${PETSC_SRC_VERSION}+dfsg1.orig.tar.xz"
  take_lock sources
  mkdir -p "$srcdir"
  if [ ! -f "$tarball" ]; then
    fetch_debian_source petsc "$srcdir"
    [ -f "$tarball" ] || die "apt-get source did not produce $tarball (is bookworm's petsc still $PETSC_SRC_VERSION?)"
  fi
  release_lock
  take_lock petsc
  local prefix="$ASPMV_CACHE_DIR/install/petsc"
  local build="$ASPMV_CACHE_DIR/build/petsc"
  local logs="$ASPMV_CACHE_DIR/logs"
  local stamp
  stamp=$(printf '%s\n' "$PETSC_SRC_VERSION" "${PETSC_OPTIONS[*]}" "$(gcc --version | head -n 1)" \
    "$(mpicc --showme:version 2>&1 | head -n 1)" | sha256sum | cut -c1-16)
  if install_is_current "$prefix" "$stamp"; then
    log "PETSc $PETSC_SRC_VERSION is up to date in $prefix"
    release_lock
    return 0
  fi
  log "building PETSc $PETSC_SRC_VERSION (MPI, BLAS/LAPACK, no external packages) with $ASPMV_JOBS jobs"
  rm -rf "$build" "$prefix"
  mkdir -p "$build" "$logs"
  local t0=$SECONDS
  tar -xJf "$tarball" -C "$build"
  local src="$build/petsc-$PETSC_SRC_VERSION"
  [ -x "$src/configure" ] || die "the petsc source has no configure ($src)"
  # PETSc's configure reads PETSC_DIR/PETSC_ARCH from the environment: clear them (a user's PETSc must not leak in).
  (cd "$src" && env -u PETSC_DIR -u PETSC_ARCH python3 ./configure --prefix="$prefix" PETSC_ARCH=aspmv \
    "${PETSC_OPTIONS[@]}" >"$logs/petsc.log" 2>&1) ||
    { tail -n 30 "$logs/petsc.log"; die "PETSc configure failed; log: $logs/petsc.log (and $src/configure.log)"; }
  (cd "$src" && env -u PETSC_DIR -u PETSC_ARCH make PETSC_DIR="$src" PETSC_ARCH=aspmv MAKE_NP="$ASPMV_JOBS" all \
    >>"$logs/petsc.log" 2>&1 && env -u PETSC_DIR -u PETSC_ARCH make PETSC_DIR="$src" PETSC_ARCH=aspmv install \
    >>"$logs/petsc.log" 2>&1) ||
    { tail -n 30 "$logs/petsc.log"; die "PETSc build failed; log: $logs/petsc.log"; }
  [ -f "$prefix/lib/pkgconfig/PETSc.pc" ] || die "PETSc installed no lib/pkgconfig/PETSc.pc in $prefix"
  echo "$stamp" >"$prefix/.aspmv-stamp"
  rm -rf "$build"
  log "PETSc installed in $prefix ($((SECONDS - t0)) s)"
  release_lock
}
