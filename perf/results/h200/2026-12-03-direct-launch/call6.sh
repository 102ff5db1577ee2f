#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 21, 2026-12-03): why the direct range launch runs slower than Kokkos' on the
# larger matrices (call 5: SELL 2.4x on WOOD1P, 1.3x on stencil2d-5pt-2000). The experiment build's
# ASPMV_RANGE_BLOCK picks the direct launch's block size: unset (the smallest at the most resident threads, as
# occupancy_block_size computes it), kokkos (Kokkos 3.4's own cuda_get_opt_block_size on the direct kernel's
# attributes) or a number; each setting's chosen sizes go to stderr. aspmv bench, double, csr_scalar, sell, lrb,
# vector_split with and without direct_launch=2, on 4 shared real matrices and 3 generated ones.
# Binary: the h100 preset's aspmv built with the experiment, stripped, .device/dl/bin2.tar.xz; matrices .device/ma.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl/bin2.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=csr_scalar,sell,lrb,vector_split
for setting in unset kokkos 64 128 256 1024; do
  if [[ $setting == unset ]]; then unset ASPMV_RANGE_BLOCK; else export ASPMV_RANGE_BLOCK=$setting; fi
  for m in .device/ma/WOOD1P.mtx.xz .device/ma/QAP15.mtx.xz .device/ma/4elt.mtx.xz .device/ma/STOCFOR3.mtx.xz \
           stencil2d-5pt-2000 chunglu-r200000-m10-g2.2-seed4 band-r200000-w100-m30-seed7; do
    if (( SECONDS - start > 520 )); then note "not run (time): $setting $m"; continue; fi
    timeout 60 $B bench --methods $M --variant direct_launch=2 --csv "$R/bench_$setting.csv" "$m" \
      >> "$R/bench_$setting.txt" 2>> "$R/blocks_$setting.txt" || note "failed: $setting $m"
  done
  note "setting $setting"
done
cat "$R/summary.txt"; xz -9 "$R"/bench* "$R"/blocks*
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
