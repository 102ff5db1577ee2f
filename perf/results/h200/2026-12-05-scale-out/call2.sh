#!/usr/bin/env bash
# Call 2 (one GPU; issue 23): call 1 measured the Tpetra operator's wrapper overhead on CUDA at 0.02-0.19 % on the
# stencils and the band but 3.1 % on chunglu-r4000000-m16-g2.2-seed4 (one run). Three more one-rank runs of the
# graph and one of the 27-point stencil, the same binaries and protocol (SpMV only: no CG on the graph, and the
# stencil's CG is in call 1), to tell noise from a cost. Carry .device/mpi3 and .device/tcuda (call1.sh says how
# they are made); run from a tree slimmed by perf/device/slim_tree.sh hold:
#   bash perf/results/h200/2026-12-05-scale-out/call2.sh
# NOT RUN (2026-12-05, tenth session): the first try got "no device machine could be started right now" (180 s of
# the budget), the second "too little device-machine time is left".
# shellcheck source=perf/device/mpi_root_prelude.sh
source perf/device/mpi_root_prelude.sh .device/mpi3
C=.device/tcuda
[ -x $C/aspmv-scale-out ] || (cd $C && tar -xJf bin.tar.xz) || exit 3
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
for run in chunglu-r4000000-m16-g2.2-seed4 stencil3d-27pt-160 chunglu-r4000000-m16-g2.2-seed4 \
  chunglu-r4000000-m16-g2.2-seed4; do
  if (( SECONDS - start > ${DEADLINE_S:-240} )); then note "not run (time): $run"; continue; fi
  if timeout 120 mpirun.openmpi --oversubscribe -x LD_LIBRARY_PATH -np 1 $C/aspmv-scale-out --matrix "$run" \
    --batches 15 >> "$R/gpu-scale-out.csv" 2>> "$R/gpu-describe.txt"; then note "gpu: $run done"
  else note "gpu: failed: $run"; fi
done
cat "$R/summary.txt"
tar -cJf "$OUT/call2.tar.xz" -C "$OUT" r && rm -rf "$R"
