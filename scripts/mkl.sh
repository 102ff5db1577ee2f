#!/usr/bin/env bash
# Installs Intel oneMKL's static libraries and headers -- the CPU vendor
# comparator of `aspmv bench` and the collector (backends/mkl/), as cuSPARSE
# is on NVIDIA -- from PyPI's wheels (mkl-static, mkl-include; pinned version
# and SHA-256), unpacked into $ASPMV_CACHE_DIR/install/mkl/{lib,include}.
# The host presets (cpu, serial) find it there at configure time
# (cmake/AspmvMkl.cmake); ASPMV_WITH_MKL=OFF builds without it.
#
#   scripts/mkl.sh          installs once (a stamp names the version), prints the prefix
#
# x86_64 only (oneMKL has no other Linux build): elsewhere it says so and
# exits 0 without installing, and the build has no MKL comparator.
# Static libraries: a binary carries what it calls (about 60 MB with the
# sparse inspector-executor), so it runs where no MKL is installed.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

MKL_VERSION=2025.2.0
declare -A MKL_SHA256=(
  [mkl_static]=1a44d6a330a26df7ce05e4dd0fb13a5c92c2e3885cb32637fa4920aaa757aa81
  [mkl_include]=691ceaccf6d960e19d47304d24ca2ee4e807810077e93c1c86c2e32cd6223012
)
prefix="$ASPMV_CACHE_DIR/install/mkl"
stamp="$prefix/.aspmv-stamp"

if [ "$(uname -m)" != x86_64 ]; then
  log "oneMKL exists for x86_64 only ($(uname -m) here): no MKL comparator in this build"
  exit 0
fi
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "mkl $MKL_VERSION" ]; then
  echo "$prefix"
  exit 0
fi

mkdir -p "$ASPMV_CACHE_DIR/locks"
exec {lock}>"$ASPMV_CACHE_DIR/locks/mkl.lock"
flock "$lock"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "mkl $MKL_VERSION" ]; then   # another caller installed it meanwhile
  echo "$prefix"
  exit 0
fi

command -v python3 >/dev/null 2>&1 || ensure_packages python3
python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip
wheels="$ASPMV_CACHE_DIR/src/mkl-$MKL_VERSION"
mkdir -p "$wheels"
t0=$SECONDS
for pkg in mkl_static mkl_include; do
  whl="$wheels/$pkg-$MKL_VERSION-py2.py3-none-manylinux_2_28_x86_64.whl"
  if [ ! -f "$whl" ] || [ "$(sha256sum "$whl" | cut -d' ' -f1)" != "${MKL_SHA256[$pkg]}" ]; then
    log "downloading ${pkg//_/-} $MKL_VERSION from PyPI"
    rm -f "$whl"
    python3 -m pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_28_x86_64 \
      --python-version 3 --implementation py -d "$wheels" "${pkg//_/-}==$MKL_VERSION" >&2 ||
      die "pip could not download ${pkg//_/-}==$MKL_VERSION"
  fi
  [ "$(sha256sum "$whl" | cut -d' ' -f1)" = "${MKL_SHA256[$pkg]}" ] ||
    die "$whl: SHA-256 differs from the pinned one"
done

# A wheel is a zip; its data lies under <name>-<version>.data/data/.
rm -rf "$prefix" "$prefix.tmp"
mkdir -p "$prefix.tmp"
for pkg in mkl_static mkl_include; do
  python3 -m zipfile -e "$wheels/$pkg-$MKL_VERSION-py2.py3-none-manylinux_2_28_x86_64.whl" "$prefix.tmp/$pkg"
done
mkdir -p "$prefix.tmp/lib" "$prefix.tmp/include"
# The libraries a C++ program with GNU OpenMP or no threading links (LP64).
for lib in mkl_intel_lp64 mkl_gnu_thread mkl_sequential mkl_core; do
  mv "$prefix.tmp/mkl_static/mkl_static-$MKL_VERSION.data/data/lib/lib$lib.a" "$prefix.tmp/lib/"
done
mv "$prefix.tmp/mkl_include/mkl_include-$MKL_VERSION.data/data/include/"*.h "$prefix.tmp/include/"
rm -rf "$prefix.tmp/mkl_static" "$prefix.tmp/mkl_include"
echo "mkl $MKL_VERSION" >"$prefix.tmp/.aspmv-stamp"
mv "$prefix.tmp" "$prefix"
log "oneMKL $MKL_VERSION (static, LP64) installed in $prefix ($((SECONDS - t0)) s)"
echo "$prefix"
