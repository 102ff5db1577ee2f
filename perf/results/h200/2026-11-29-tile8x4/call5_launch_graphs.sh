#!/usr/bin/env bash
# Call 5: aspmv_launch_floor (perf/launch/launch_floor.cpp) on the H200: host enqueue time against time per call
# for an empty CUDA kernel, empty and six-View Kokkos launches, plan.apply (csr_scalar, ELL, merge_split) and the
# drop-in on 16- and 1,024-row matrices, CUDA graphs of an empty kernel and of plan.apply replayed; twice, to see
# the spread.
set -u
(cd .device && tar -xJf gl/lf.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$OUT/gpu.txt" 2>&1
for run in 1 2; do .device/aspmv_launch_floor --calls 20000 --repeats 7 > "$OUT/launch_floor_$run.txt" 2>&1; echo "run $run rc $?"; done
cat "$OUT/launch_floor_1.txt" "$OUT/launch_floor_2.txt"
