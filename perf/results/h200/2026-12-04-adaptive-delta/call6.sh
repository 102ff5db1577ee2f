#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 22, 2026-12-04): csr_delta's launch shape: the table's team_threads (256) against
# 64, 128 and 512 as bench variants in the same process, on the 27-point stencil and the band, double and float;
# call 3's binaries (the committed code).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf ad/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
V="--variant team_threads=64 --variant team_threads=128 --variant team_threads=512"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in stencil3d-27pt-130 band-r1000000-w100-m30-seed7; do
    timeout 60 $B bench "${flag[@]}" --methods "csr_delta<2>,csr_delta<4>,csr_adaptive<u4>,lrb" $V \
      --csv "$R/bench_$prec.csv" "$m" >> "$R/bench_$prec.txt" 2>&1 || note "failed: $prec $m"
  done
  note "bench $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call6.tar.xz" -C "$OUT" r && rm -rf "$R"
