#!/usr/bin/env bash
# The DIA rule in a plan (2-core build machine, OpenMP at 1 and 2 threads, cpu preset's tool): `aspmv run` with and
# without --allow-conversion at 1000 expected calls, each plan checked against the reference.
# Run from the repository root after building the cpu preset's aspmv (build/cpu-f here):
#   ASPMV=build/cpu-f/apps/aspmv bash perf/results/cpu-x86/2026-12-04-scale-out-dia/planner.sh
set -u
D=perf/results/cpu-x86/2026-12-04-scale-out-dia
A=${ASPMV:-build/cpu/apps/aspmv}
S=${ASPMV_SHARED_MATRICES:-../shared/matrices}
M="stencil3d-27pt-40 stencil3d-7pt-64 stencil2d-5pt-1000 stencil3d-27pt-100 band-r200000-w100-m30-seed7 $S/real2/jnlbrng1.mtx.xz $S/real/epb1.mtx.gz $S/real/bcsstk25.mtx.gz"
for t in 1 2; do
  for conv in "" --allow-conversion; do
    echo "== OMP_NUM_THREADS=$t aspmv run --calls 1000 $conv"
    OMP_NUM_THREADS=$t OMP_PROC_BIND=true $A run --calls 1000 $conv --describe $M 2>&1 |
      grep -E "aspmv plan:|^[a-zA-Z0-9_./-]+ +[0-9]+ +[0-9]+ +[0-9]+ "
  done
done
