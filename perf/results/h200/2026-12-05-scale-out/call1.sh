#!/usr/bin/env bash
# Call 1 (the device tool's nvidia-h200 machine: one H200 and its 16-core host), issue 23:
#  GPU: Tpetra on Kokkos CUDA (the trilinos-cuda-sm90 preset, UVM as Tpetra 13.2 requires) with the aspmv operators
#       against stock Tpetra (Kokkos Kernels' own spmv: the flavor builds no cuSPARSE TPL) at one rank on the one
#       GPU; the Tpetra MPI tests at 1, 2 and 4 ranks and the Tpetra example at 2 ranks (ranks sharing the GPU: the
#       import and remote product on CUDA, not a scaling figure).
#  host: Tpetra and PETSc on Kokkos OpenMP (the trilinos-openmp preset: Tpetra, Belos and a PETSc without Trilinos
#       built by scripts/deps.sh trilinos-openmp) at 4 ranks x 4 threads against stock Tpetra and PETSc's stock
#       MatMult (one thread a rank: PETSc's AIJ has none), beside 16 x 1, 1 x 16 and 2 x 8.
# Run 2026-12-05 (tenth session) on one H200: call1/ (prepared in the eighth session, when no machine was lent).
# Carried: .device/mpi3 (the trilinos-openmp aspmv-scale-out with the
# Debian packages and the PETSc it loads, packed by
#   bash perf/results/cpu-x86/2026-12-04-scale-out/pack_mpi_root.sh build/trilinos-openmp/perf/scale_out/aspmv-scale-out .device/mpi3)
# and .device/tcuda (bin.tar.xz: the trilinos-cuda-sm90 build's aspmv-scale-out, aspmv_tpetra_tests and
# aspmv_example_tpetra_belos_cg, stripped). Run from the repository root: bash perf/results/h200/2026-12-05-scale-out/call1.sh
source perf/device/mpi_root_prelude.sh .device/mpi3
C=.device/tcuda
[ -x $C/aspmv-scale-out ] || (cd $C && tar -xJf bin.tar.xz) || exit 3
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
lscpu > "$R/lscpu.txt"
mpi() { local t=$1; shift; timeout "$t" mpirun.openmpi --oversubscribe -x LD_LIBRARY_PATH "$@"; }
late() { (( SECONDS - start > $1 )); }

# GPU: correctness first.
for np in 1 2 4; do
  if mpi 150 -np $np $C/aspmv_tpetra_tests > "$R/gpu-tpetra-tests-np$np.txt" 2>&1; then note "gpu: tpetra tests np=$np passed"
  else note "gpu: tpetra tests np=$np FAILED (rc $?)"; fi
done
if mpi 90 -np 2 $C/aspmv_example_tpetra_belos_cg 16 > "$R/gpu-example-np2.txt" 2>&1; then note "gpu: example np=2 passed"
else note "gpu: example np=2 FAILED (rc $?)"; fi
# GPU: one rank on the GPU, then two ranks sharing it (the stencil only).
for run in stencil3d-27pt-160:1 stencil3d-7pt-200:1 chunglu-r4000000-m16-g2.2-seed4:1 band-r2000000-w100-m40-seed7:1 \
  stencil3d-27pt-160:2; do
  m=${run%:*} np=${run#*:}
  if late "${GPU_DEADLINE_S:-330}"; then note "gpu: not run (time): $m np=$np"; continue; fi
  mpi 200 -np $np $C/aspmv-scale-out --matrix $m --batches 15 --cg-iterations 50 --cg-solves 3 \
    >> "$R/gpu-scale-out.csv" 2> "$R/gpu-describe-$m-np$np.txt" && note "gpu: $m np=$np done" || note "gpu: failed: $m np=$np"
done

# Host: 4 x 4 first for every matrix, then the other shapes while time is left.
export OMP_PROC_BIND=close OMP_PLACES=cores
for shape in 4x4 16x1 1x16 2x8; do
  for m in stencil3d-27pt-100 stencil3d-7pt-100 band-r200000-w100-m30-seed7 chunglu-r200000-m10-g2.2-seed4; do
    np=${shape%x*} threads=${shape#*x}
    if late "${DEADLINE_S:-560}"; then note "host: not run (time): $m $shape"; continue; fi
    OMP_NUM_THREADS=$threads mpi 100 -np "$np" --map-by "slot:PE=$threads" --bind-to core \
      -x OMP_NUM_THREADS -x OMP_PROC_BIND -x OMP_PLACES .device/mpi3/aspmv-scale-out \
      --matrix $m --batches 15 --cg-iterations 50 --cg-solves 3 2> "$R/host-describe-$m-$shape.txt" \
      >> "$R/host-scale-out.csv" && note "host: $m $shape done" || note "host: failed: $m $shape"
  done
done
cat "$R/summary.txt"
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
