#!/usr/bin/env bash
# aspmv inside Tpetra and PETSc with threads in each rank (issue 23), on the 2-core build machine: the
# trilinos-openmp preset (Tpetra and Belos built from Debian's trilinos 13.2 source on Kokkos OpenMP,
# scripts/deps.sh trilinos-openmp; Debian's PETSc 3.18, one thread a rank in its stock MatMult), stock against
# `aspmv` (CSR kernels) and `aspmv_convert` (the owned / diagonal block with 1000 expected calls and conversion
# allowed), interleaved in one process, at 1 rank x 1 and 2 threads and 2 ranks x 1 thread.
# Run from the repository root after
#   scripts/deps.sh trilinos-openmp && cmake --preset trilinos-openmp && cmake --build --preset trilinos-openmp
#   bash perf/results/cpu-x86/2026-12-05-scale-out-threads/run.sh [TAG]   # TAG: scale-out-TAG.csv, describe-TAG-*
# RESULTS_DIR: another folder for the files (2026-12-05-scale-out-petsc/run.sh runs this loop there).
set -u
T=${1:+-$1}
D=${RESULTS_DIR:-perf/results/cpu-x86/2026-12-05-scale-out-threads}
B=build/trilinos-openmp/perf/scale_out/aspmv-scale-out
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_PROC_BIND=spread OMP_PLACES=threads
{ git rev-parse HEAD; git status --short | head -20; lscpu | grep -E "Model name|^CPU\(s\)"; uptime; } > "$D/build$T.txt"
rm -f "$D/scale-out$T.csv"
for m in stencil3d-27pt-40 stencil3d-7pt-64 stencil3d-27pt-100 band-r200000-w100-m30-seed7 \
  chunglu-r200000-m10-g2.2-seed4; do
  for shape in 1x1 1x2 2x1; do
    np=${shape%x*} threads=${shape#*x}
    bind=(--bind-to core); [ "$threads" -gt 1 ] && bind=(--bind-to none)
    OMP_NUM_THREADS=$threads mpirun -np "$np" "${bind[@]}" -x OMP_NUM_THREADS -x OMP_PROC_BIND -x OMP_PLACES \
      $B --matrix $m --batches 15 --cg-iterations 50 --cg-solves 3 \
      >> "$D/scale-out$T.csv" 2> "$D/describe$T-$m-$shape.txt" || echo "failed: $m $shape (rc $?)"
  done
done
