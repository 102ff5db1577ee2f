#!/usr/bin/env bash
# aspmv rank with the build's model table (cpu-x86) on the shared real matrices, every alternative and the plan's
# automatic choice measured here:
#     bash perf/results/cpu-x86/2026-12-05-rank-table/run.sh [BUILD]   # BUILD: a cpu-preset build (default build/cpu)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
build=${1:-$root/build/cpu}
shared=${ASPMV_SHARED_MATRICES:-$root/../shared/matrices}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
{
  echo "commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- apps src predictors || echo -dirty)"
  echo "host $(hostname), $(nproc) CPUs, OMP_NUM_THREADS=$OMP_NUM_THREADS, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
  echo "command: $build/apps/aspmv rank --measure --calls 100 <the 62 matrices of real/ and real2/>"
} > "$here/build.txt"
"$build/apps/aspmv" rank --measure --calls 100 "$shared"/real/*.mtx.gz "$shared"/real2/*.mtx.xz > "$here/rank.txt"
tail -n 2 "$here/rank.txt"
