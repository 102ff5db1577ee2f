#!/usr/bin/env bash
# Call 3 (H200, device tool; 2026-12-04 fifth session, issue 22). The rule for SELL's lanes a row (sell_row_parts:
# the most of 1, 2, 4, 8 that leave each lane of the longest row a whole group and the range within 4x the device's
# resident threads; chosen on call 2's 62 real matrices) checked on 16 generated matrices it never saw (1,500 to
# 2.1M rows: stencils, bands, random, power law, LP, circuit, long rows), G = 4 with P = 1, 2, 4, 8 forced and the
# rule (0), beside the table's SELL (G = 1, P = 1) and cuSPARSE's SELL; then the rule as it would ship (G = 4, P
# chosen) against cuSPARSE's SELL on the 62 shared real matrices again. .device/nc: this change's h100-preset tool.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device/nc && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/nc/aspmv_kernel_tests
timeout 60 $T "[sell]" > "$R/kernel_tests_sell.txt" 2>&1
note "kernel tests [sell] rc $?: $(tail -2 "$R/kernel_tests_sell.txt" | tr '\n' ' ')"
G="stencil3d-27pt-100 stencil3d-7pt-128 stencil2d-5pt-1000 band-r1000000-w50-m20-seed1
rand-uniform-r200000-c200000-m20-s10-seed1 rand-normal-r50000-c50000-m30-s5-seed3 rmat-s16-e8-a0.57-b0.19-c0.19-seed2
shortlong-s100000-l10-n5000 lp-r2000-c50000-m10-l20-n5000-seed1 longrows-r300000-m6-l100-n2000-scattered-seed1
circuit-r200000-m5-d20-c20000-seed1 blockdiag-b64-k2000-seed1 stencil3d-27pt-48 band-r100000-w20-m9-seed1
chunglu-r200000-m10-g2.1-seed1 rand-geometric-r20000-c20000-m8-seed4"
V=(--variant sell_lanes=4)
for p in 2 4 8 0; do V+=(--variant "sell_lanes=4,sell_row_lanes=$p"); done
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in $G; do
    if (( SECONDS - start > ${DEADLINE_S:-330} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 90 .device/nc/aspmv bench "${flag[@]}" --methods sell,cusparse_sell "${V[@]}" --csv "$R/bench_$prec.csv" \
      "$m" > /dev/null 2>> "$R/bench_errors.txt" || note "failed: $prec $m"
  done
  note "bench generated $prec: $(grep -c '' "$R/bench_$prec.csv") lines"
done
for prec in double float; do
  flag=(); [ $prec = float ] && flag=(--float)
  for m in .device/s62/*; do
    if (( SECONDS - start > ${DEADLINE_S2:-480} )); then note "not run ($prec, time): $m"; continue; fi
    timeout 60 .device/nc/aspmv bench "${flag[@]}" --methods sell,cusparse_sell --variant sell_lanes=4,sell_row_lanes=0 \
      --csv "$R/real_$prec.csv" "$m" > /dev/null 2>&1 || note "failed: $prec $m"
  done
  note "bench real $prec: $(grep -c '' "$R/real_$prec.csv") lines"
done
(cd "$R" && tar -cJf csv.tar.xz bench_*.csv real_*.csv && rm -f bench_double.csv bench_float.csv real_*.csv)
for f in "$R"/kernel_tests_*.txt; do tail -40 "$f" > "$f.tail" && rm "$f"; done
cat "$R/summary.txt"
