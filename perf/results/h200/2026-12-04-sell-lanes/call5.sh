#!/usr/bin/env bash
# Call 5 (H200, device tool; 2026-12-04 fifth session, issue 21's bar after SELL's change): aspmv bench with every
# method (every configuration of every kernel, the plan, the drop-in, cuSPARSE's CSR, COO and SELL), one process a
# matrix, double, the 62 shared real matrices, as far as the session's device time allows. .device/nc: call 4's tool.
# Summary: python3 perf/device/peer_summary.py bench_double.csv (issue 21: best aspmv kernel against the best
# cuSPARSE algorithm, and DASP through the cuSPARSE yardstick of peers-h100.csv).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/nc && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
for m in .device/s62/*; do
  if (( SECONDS - start > ${DEADLINE_S:-290} )); then note "not run (time): $m"; continue; fi
  timeout 40 .device/nc/aspmv bench --csv "$R/bench_double.csv" "$m" > /dev/null 2>&1 || note "failed: $m"
done
note "bench double: $(grep -c '' "$R/bench_double.csv") lines"
(cd "$R" && xz -9 bench_double.csv)
cat "$R/summary.txt"
