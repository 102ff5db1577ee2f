#!/usr/bin/env bash
# Call 1 (H200, device tool; issue 21, 2026-12-03 second session): LRB's class lanes by the table's tpr_block model
# (the h100 table retrained on 2026-12-02, 0e2abfe) against the rules (`--variant selector=rules`), beside
# vector_split, the plan's choice, the drop-in and cuSPARSE, on 8 power-law graphs of ../shared/matrices/real2
# (.device/mg: linux-includes, web-sk-2005, web-indochina-2004, JDK_dependency, soc-sign-bitcoinalpha,
# as-22july06, anybeat, Wiki-Vote), double and float; each LRB plan as described both ways; Nsight Compute on
# web-sk-2005 and linux-includes (LRB both ways, vector_split, cuSPARSE COO ALG1 and CSR ALG1).
# Binary: the h100 preset's aspmv (working tree on 1bce5d4), stripped, .device/dl2/bin.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl2/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.device/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
M=lrb,vector_split,merge_path,aspmv_auto,aspmv_spmv,cusparse
for m in .device/mg/*; do
  timeout 60 $B bench --methods $M --variant selector=rules --csv "$R/bench.csv" "$m" >> "$R/bench.txt" 2>&1 || note "failed: $m"
  for r in "" --rules; do
    echo "== $m lrb $r" >> "$R/describe.txt"
    timeout 30 $B run --kernel lrb $r --describe "$m" >> "$R/describe.txt" 2>&1
  done
done
note "bench double"
for m in .device/mg/*; do
  if (( SECONDS - start > 250 )); then note "not run (time): float $m"; continue; fi
  timeout 40 $B bench --float --methods $M --variant selector=rules --csv "$R/bench_float.csv" "$m" >> "$R/bench_float.txt" 2>&1 || note "failed: float $m"
done
note "bench float"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
NS="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats --section Occupancy --section SchedulerStats"
for mm in web-sk-2005 linux-includes; do
  m=.device/mg/$mm.mtx.xz
  for k in "lrb" "lrb --rules" "vector_split"; do
    if (( SECONDS - start > 480 )); then note "not run (time): ncu $mm $k"; continue; fi
    tag=$(echo "$mm-$k" | tr ' -' '__')
    timeout 60 $NCU --csv --page details --kernel-name-base demangled -k "regex:Functor<aspmv::CsrMatrix|LrbOne|VectorSplit" \
      --launch-skip 1 --launch-count 2 $NS $B run --kernel $k "$m" > "$R/ncu_$tag.csv" 2> "$R/ncu_$tag.err"
    note "ncu $mm $k rc $?"
  done
  for c in cusparse_coo_alg1 cusparse_csr_alg1; do
    if (( SECONDS - start > 520 )); then note "not run (time): ncu $mm $c"; continue; fi
    timeout 60 $NCU --csv --page details --launch-skip 40 --launch-count 1 $NS \
      $B bench --rounds 1 --methods $c "$m" > "$R/ncu_${mm}_$c.csv" 2> "$R/ncu_${mm}_$c.err"
    note "ncu $mm $c rc $?"
  done
done
cat "$R/summary.txt"; xz -9 "$R"/*.txt "$R"/*.csv 2>/dev/null
tar -cJf "$OUT/call1.tar.xz" -C "$OUT" r && rm -rf "$R"
