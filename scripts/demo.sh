#!/usr/bin/env bash
# Sets up everything a fresh Debian 12 machine needs for the CPU build
# (Debian packages, Kokkos 3.4.01 built from Debian's trilinos source,
# cached in ~/.cache/aspmv) and runs the aspmv tool on its demo set.
# Idempotent: a second run reuses the cached Kokkos and the build folder.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ASPMV_ROOT"

"$ASPMV_ROOT/scripts/deps.sh" openmp
log "configuring and building the cpu preset"
cmake --preset cpu >/dev/null
cmake --build --preset cpu --target aspmv_cli
./build/cpu/apps/aspmv info
./build/cpu/apps/aspmv run "$@"
