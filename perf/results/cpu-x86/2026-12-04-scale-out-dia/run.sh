#!/usr/bin/env bash
# aspmv inside Tpetra and PETSc (Debian 12's packages, Kokkos Serial on each rank) on the 2-core build machine
# (2026-12-04, sixth session, issue 23): the stock operators, aspmv's with CSR kernels only (`aspmv`) and with the
# owned / diagonal block's plan allowed to convert (`aspmv_convert`: 1000 expected calls, the DIA rule of
# predictors/format_rules.hpp), interleaved in one process, at 1 and 2 ranks (one a core).
# Run from the repository root after `cmake --preset debian-mpi && cmake --build --preset debian-mpi`:
#   bash perf/results/cpu-x86/2026-12-04-scale-out-dia/run.sh
set -u
D=perf/results/cpu-x86/2026-12-04-scale-out-dia
B=build/debian-mpi/perf/scale_out/aspmv-scale-out
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
{ git rev-parse HEAD; git status --short | head -20; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$D/build.txt"
rm -f "$D/scale-out.csv"
for m in stencil3d-27pt-40 stencil3d-7pt-64 stencil3d-27pt-100 band-r200000-w100-m30-seed7 \
  chunglu-r200000-m10-g2.2-seed4; do
  for np in 1 2; do
    mpirun -np $np --bind-to core $B --matrix $m --batches 15 --cg-iterations 50 --cg-solves 3 \
      >> "$D/scale-out.csv" 2> "$D/describe-$m-$np.txt" || echo "failed: $m $np (rc $?)"
  done
done
