#!/usr/bin/env bash
# The Tpetra operator's wrapper overhead again (2-core build machine, 2026-12-06, twelfth session, issue 23), with
# more batches than 2026-12-04's (../2026-12-04-scale-out-dia/overhead.sh: 15), at one rank, twice over, on the
# Chung-Lu graph (3.1 % there) and the 27-point stencil. Run from the repository root after building debian-mpi
# (the CI command builds it; this ran on the CI clone of bbd6d88 right after its CI run):
#   bash perf/results/cpu-x86/2026-12-06-wrapper-overhead/overhead.sh
# Output: overhead.csv, the tool's CSV with the run (1 or 2) as a first column.
set -u
D=perf/results/cpu-x86/2026-12-06-wrapper-overhead
B=build/debian-mpi/perf/scale_out/aspmv-scale-out
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
rm -f "$D/overhead.csv"
for run in 1 2; do
  for m in chunglu-r200000-m10-g2.2-seed4 stencil3d-27pt-40; do
    mpirun -np 1 --bind-to core $B --matrix $m --hosts tpetra --batches 41 --cg-iterations 0 2> /dev/null \
      | sed "s/^/$run,/" >> "$D/overhead.csv" || echo "failed: $m (rc $?)"
  done
done
