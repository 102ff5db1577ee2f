#!/usr/bin/env bash
# The Tpetra operator's wrapper overhead (2-core build machine, 2026-12-04, sixth session, issue 23): aspmv-scale-out
# with the owned_plan figure (the owned block's plan applied straight to x's and y's local views, interleaved with
# every operator's apply), Tpetra only, 1 and 2 ranks. Run from the repository root after building debian-mpi:
#   bash perf/results/cpu-x86/2026-12-04-scale-out-dia/overhead.sh
set -u
D=perf/results/cpu-x86/2026-12-04-scale-out-dia
B=build/debian-mpi/perf/scale_out/aspmv-scale-out
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
git rev-parse HEAD > "$D/overhead-build.txt"; git status --short >> "$D/overhead-build.txt"
rm -f "$D/overhead.csv"
for m in stencil3d-27pt-40 stencil3d-7pt-64 band-r200000-w100-m30-seed7 chunglu-r200000-m10-g2.2-seed4; do
  for np in 1 2; do
    mpirun -np $np --bind-to core $B --matrix $m --hosts tpetra --batches 15 --cg-iterations 0 \
      >> "$D/overhead.csv" 2> /dev/null || echo "failed: $m $np (rc $?)"
  done
done
