# The common start and end of a device call's script (perf/results/<arch>/<date>-<study>/callN.sh), sourced from
# the repository root on the device machine:
#   source perf/device/call_prelude.sh DIR   # DIR: a carried folder holding bin.tar.xz (stripped binaries)
#   ...
#   call_finish NAME                          # $R packed into $OUT/NAME.tar.xz, the summary printed
# (and the Nsight Compute helpers at the end)
# Sets start (the call's SECONDS), R ($OUT/r, created: everything the call writes goes there), B (DIR/aspmv,
# unpacked once while the machine stays warm) and LD_LIBRARY_PATH (the CUDA runtime); writes $R/gpu.txt (the GPU's
# name, UUID and driver: each call may get another machine); `note MSG` adds "MSG (N s)" to $R/summary.txt;
# deadline (DEADLINE_S, default 560: the seconds the call script plans for) and `left` (seconds to it).
set -u
start=$SECONDS
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
R=$OUT/r
mkdir -p "$R"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$1/aspmv" ]; then
  [ -f "$1/bin.tar.xz" ] || { echo "no binary on this machine and none carried ($1/bin.tar.xz)"; exit 3; }
  (cd "$1" && tar -xJf bin.tar.xz) || exit 3
fi
dir=$1
B=$1/aspmv
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
call_finish() {
  cat "$R/summary.txt"
  tar -cJf "$OUT/$1.tar.xz" -C "$R" . && rm -rf "$R"
}
# A call's test and bench steps (cut by `left`):
#   gpu_tests FILTER [CAP_S] [SAN_CAP_S]   DIR/aspmv_kernel_tests FILTER, then compute-sanitizer memcheck over it
#                                          (caps 60 and 100 s): $R/tests.txt, $R/memcheck.txt, their ends noted
#   bench_run NAME CAP_S ARGS...           `aspmv bench --csv $R/NAME.csv ARGS`, cut at CAP_S or `left` - 10 and
#                                          not started under 25 s left: $R/NAME.csv, $R/NAME.txt
#   table_check OLD_JSON LIST              two model tables in the library on LIST's matrices (below)
gpu_tests() {
  local filter=$1 t=${2:-60} ts=${3:-100} tests=$dir/aspmv_kernel_tests san
  timeout "$t" "$tests" "$filter" > "$R/tests.txt" 2>&1
  note "$filter rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
  san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  timeout "$ts" "$san" --tool memcheck "$tests" "$filter" > "$R/memcheck.txt" 2>&1
  note "memcheck $filter rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck.txt" | tr '\n' ' '))"
}
bench_run() {
  local name=$1 t=$2; shift 2
  if (($(left) < 25)); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(($(left) - 10))
  timeout "$t" "$B" bench --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
# table_check OLD_JSON LIST: per matrix of LIST (a file, one path a line) one process each for the model table
# OLD_JSON and the tree's tuning_data/<arch>/model.json of the tool's preset (TABLE_NEW, default the h100 one),
# loaded by ASPMV_MODEL_FILE: the plan (aspmv_auto), the drop-in and cuSPARSE's CSR algorithms, double, 20 s a
# process; skipped once `left` is under 25 s: $R/table_{replaced,new}.{csv,txt}
table_check() {
  local old=$1 f t j
  mapfile -t table_matrices < "$2"
  for f in "${table_matrices[@]}"; do
    if (($(left) < 25)); then note "table check not run (time): $f"; continue; fi
    for t in replaced new; do
      j=$old; [ $t = new ] && j=${TABLE_NEW:-tuning_data/h100/model.json}
      ASPMV_MODEL_FILE=$j timeout 20 "$B" bench --methods aspmv_auto,aspmv_spmv,cusparse_csr \
        --csv "$R/table_$t.csv" "$f" >> "$R/table_$t.txt" 2>&1 || note "failed: $t $f"
    done
  done
  note "table check"
}
# Nsight Compute inside a call, each run cut at NCU_S seconds (default 25) and skipped when `left` (above) is
# under 30:
#   ncu_details TAG REGEX BENCH_ARGS...  speed of light, memory workload (L1 and L2 hit rates), warp states, launch,
#                                        occupancy and scheduler of launches 3-5 of the kernels whose demangled
#                                        name matches REGEX in `aspmv bench --rounds 1 BENCH_ARGS`: $R/ncu_TAG.csv
#   ncu_source TAG REGEX BENCH_ARGS...   the SASS with its source counters (stall samples, executed instructions)
#                                        of launch 3: $R/ncu_source_TAG.csv.gz (perf/device/ncu_source_hotspots.py)
# Regexes: our range kernels are named by their functors (RowGroupRangeFunctor, ...), cuSPARSE's by "cusparse::"
# ("spmv" also matches aspmv's own).
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
ncu_details() {
  local tag=$1 regex=$2; shift 2
  if (($(left) < 30)); then note "ncu $tag: not started (time)"; return; fi
  timeout "${NCU_S:-25}" "$NCU" --csv --page details --kernel-name-base demangled -k "regex:$regex" --launch-skip 2 \
    --launch-count 3 --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Chart \
    --section WarpStateStats --section LaunchStats --section Occupancy --section SchedulerStats \
    "$B" bench --rounds 1 "$@" > "$R/ncu_$tag.csv" 2> "$R/ncu_$tag.err"
  note "ncu $tag rc $?"
}
ncu_source() {
  local tag=$1 regex=$2; shift 2
  if (($(left) < 30)); then note "ncu source $tag: not started (time)"; return; fi
  timeout "${NCU_S:-25}" "$NCU" --csv --page source --print-source sass --section SourceCounters \
    --kernel-name-base demangled -k "regex:$regex" --launch-skip 2 --launch-count 1 \
    "$B" bench --rounds 1 "$@" 2> "$R/ncu_source_$tag.err" | gzip > "$R/ncu_source_$tag.csv.gz"
  note "ncu source $tag rc ${PIPESTATUS[0]}"
}
