#!/usr/bin/env bash
# Call 5 (H200, device tool), the binaries of call 4: lrb in float (the same 12 generated and 26 real matrices,
# both forms, against the other analysis kernels and cuSPARSE), then Nsight Compute's memory tables on
# rand-uniform for the one launch's kernel and the launch-per-TpR form's flat range (where the one launch's extra
# DRAM bytes come from: sectors per request of each load).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf gt/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=csr_adaptive,gao_partitioned,merge_split,csr_vector_team,lrb,cusparse
G="shortlong-s500000-l50-n50000-seed2 rand-zipf-r2000000-c2000000-m4-s1.8-max200000-seed6
   rand-bimodal-r1000000-c1000000-m4-s5000-f0.0005-seed7 rmat-s20-e16-a0.57-b0.19-c0.19-seed3
   chunglu-r1000000-m10-g2.2-seed4 circuit-r1000000-m5-d4-c4-seed5 lp-r200000-c1000000-m20-l20-n50000-seed6
   rand-geometric-r1000000-c1000000-m20-s0-seed8 rand-normal-r500000-c500000-m60-s20-seed9
   rand-uniform-r1000000-c1000000-m16-s12-seed5 stencil3d-7pt-150 band-r1000000-w100-m30-seed7-perm1"
for m in $G .device/lrbm/*.mtx.xz; do
  if (( SECONDS - start > ${DEADLINE_S:-300} )); then note "not run (time): $m"; continue; fi
  timeout 60 $B bench --float --methods $M --variant lrb_one_launch=0 --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: $m"
done
note "bench float"
NCU=/usr/local/cuda/bin/ncu; command -v ncu >/dev/null && NCU=ncu
U=rand-uniform-r1000000-c1000000-m16-s12-seed5
for k in "LrbOneLaunch:" "LrbScalar:--variant lrb_one_launch=0"; do
  name=${k%%:*}; var=${k#*:}
  if (( SECONDS - start > ${NCU_DEADLINE_S:-480} )); then note "ncu not run (time): $name"; continue; fi
  timeout 100 $NCU --clock-control none --kernel-name-base demangled --kernel-name regex:$name --launch-skip 3 --launch-count 1 \
    --section MemoryWorkloadAnalysis_Tables --section MemoryWorkloadAnalysis_Chart --section SourceCounters \
    $B bench --methods lrb $var $U > "$R/ncu_mem_$name.txt" 2>&1
  note "ncu $name rc $?"
done
tail -12 "$R/summary.txt"
tar -cJf "$OUT/call5.tar.xz" -C "$OUT" r && rm -rf "$R"
