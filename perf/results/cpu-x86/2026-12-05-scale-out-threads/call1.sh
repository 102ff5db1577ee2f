#!/usr/bin/env bash
# Call 1 (the device machine's 16-core host; NOT RUN: no device was lent on 2026-12-05), issue 23's host target:
# Tpetra at 4 ranks x 4 threads with the aspmv operators against stock Tpetra (no PETSc in this preset), beside 16 x 1,
# 2 x 8 and 1 x 16. Binary: the trilinos-openmp preset's aspmv-scale-out (static Trilinos on Kokkos OpenMP) packed
# with the Debian packages it loads (OpenMPI, BLAS, libgomp) by
#   bash perf/results/cpu-x86/2026-12-04-scale-out/pack_mpi_root.sh build/trilinos-openmp/perf/scale_out/aspmv-scale-out .device/mpi3
# and carried as .device/mpi3. It sources perf/device/mpi_root_prelude.sh (the MPI root; call_prelude.sh unpacks an
# `aspmv` binary and asks nvidia-smi), the start 2026-12-04-scale-out/call1.sh and call2.sh wrote out.
source perf/device/mpi_root_prelude.sh .device/mpi3
export OMP_PROC_BIND=close OMP_PLACES=cores
lscpu > "$R/lscpu.txt"
for m in stencil3d-27pt-100 stencil3d-7pt-100 band-r200000-w100-m30-seed7 chunglu-r200000-m10-g2.2-seed4; do
  for shape in 4x4 16x1 2x8 1x16; do
    np=${shape%x*} threads=${shape#*x}
    if (( SECONDS - start > ${DEADLINE_S:-500} )); then note "not run (time): $m $shape"; continue; fi
    OMP_NUM_THREADS=$threads timeout 120 mpirun.openmpi -np "$np" --map-by "slot:PE=$threads" --bind-to core \
      -x OMP_NUM_THREADS -x OMP_PROC_BIND -x OMP_PLACES -x LD_LIBRARY_PATH .device/mpi3/aspmv-scale-out \
      --matrix $m --batches 15 --cg-iterations 50 --cg-solves 3 2> "$R/describe-$m-$shape.txt" \
      >> "$R/scale-out.csv" || note "failed: $m $shape"
  done
  note "$m done"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
