#!/usr/bin/env bash
# Packs what aspmv-scale-out (the debian-mpi preset: Debian's Trilinos 13.2, PETSc 3.18 and OpenMPI 4.1) needs to
# run on the device machine's host, which has none of those packages and reaches no package mirror: the files of
# every Debian package that provides a library the binary loads (ldd), but libc, libstdc++ and libgcc, and of
# OpenMPI's runtime (mpirun, orted, its plugins, PMIx, hwloc), copied with their paths under a root folder and
# xz-packed (45 MB). The call unpacks it under /tmp/r, never over /, and points OPAL_PREFIX, PATH and
# LD_LIBRARY_PATH there (call1.sh).
#   bash perf/results/cpu-x86/2026-12-04-scale-out/pack_mpi_root.sh build/debian-mpi/perf/scale_out/aspmv-scale-out OUT_DIR
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
root=$(mktemp -d)
mapfile -t pkgs < <(ldd "$bin" | awk '$3 ~ /^\// {print $3}' | while read -r l; do
  dpkg -S "$(readlink -f "$l")" 2>/dev/null || dpkg -S "$l" 2>/dev/null || true; done | cut -d: -f1 | sort -u |
  grep -vxF -e libc6 -e libstdc++6 -e libgcc-s1)
for p in "${pkgs[@]}" openmpi-bin openmpi-common libpmix2 libhwloc-plugins libfabric1 libucx0 libibverbs1 \
  librdmacm1 libpsm2-2 libnl-3-200 libnl-route-3-200; do
  dpkg -L "$p" 2>/dev/null | while read -r f; do
    [ -f "$f" ] || [ -L "$f" ] || continue
    case "$f" in /usr/share/doc/*|/usr/share/man/*|/usr/share/lintian/*|*.a|/usr/include/*) continue ;; esac
    mkdir -p "$root$(dirname "$f")" && cp -a "$f" "$root$f"
  done
done
# Libraries no package owns (a PETSc built by scripts/deps.sh: $ASPMV_CACHE_DIR/install/petsc/lib) go where the
# call's LD_LIBRARY_PATH looks first (perf/device/mpi_root_prelude.sh).
ldd "$bin" | awk '$3 ~ /^\// {print $3}' | while read -r l; do
  dpkg -S "$(readlink -f "$l")" >/dev/null 2>&1 || dpkg -S "$l" >/dev/null 2>&1 && continue
  mkdir -p "$root/usr/lib/x86_64-linux-gnu" && cp -L "$l" "$root/usr/lib/x86_64-linux-gnu/" && echo "unpackaged: $l" >&2
done
tar -cJf "$out/root.tar.xz" -C "$root" . && rm -rf "$root"
cp "$bin" "$out/aspmv-scale-out" && strip "$out/aspmv-scale-out"
printf '%s\n' "${pkgs[@]}" > "$out/packages.txt"
ls -la "$out"
