#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 22, 2026-12-04): csr_delta's vector body with 8 loads in flight per lane against
# 4 (ASPMV_EXPERIMENT_DELTA_UNROLL, an experiment's switch of this binary only), on the grids and bands, double and
# float, alternating processes (4, 8, 4, 8), with lrb and csr_adaptive<u4> in each process as the yardstick.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf ad/bin4.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
G="stencil3d-27pt-130 band-r1000000-w100-m30-seed7 stencil2d-5pt-2000 stencil3d-7pt-150"
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    for rep in 1 2; do
      for u in 4 8; do
        ASPMV_EXPERIMENT_DELTA_UNROLL=$u timeout 60 $B bench "${flag[@]}" --methods "csr_delta,lrb,csr_adaptive<u4>,csr_scalar" \
          --csv "$R/bench_u${u}_$prec.csv" "$m" >> "$R/bench_u${u}_$prec.txt" 2>&1 || note "failed: $prec $m u$u"
      done
    done
  done
  note "bench $prec"
done
cat "$R/summary.txt"
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
