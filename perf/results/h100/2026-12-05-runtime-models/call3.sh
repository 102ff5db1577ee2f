#!/usr/bin/env bash
# Call 3 (device tool, nvidia-h100-x1; issue 21 on the H100, 2026-12-05 eleventh session):
#  1. Nsight Compute on the two shared matrices where cuSPARSE's COO ALG1 still beats every aspmv kernel on the H100
#     (call 2: WOOD1P 5.26 against lrb's 5.98 us; linux-includes 7.49 against 8.29 us): lrb's one launch, cuSPARSE's
#     COO ALG1 and CSR ALG1, each in `aspmv bench --rounds 1 --methods M` (the first launches after 2 skipped, raw
#     CSV for perf/device/ncu_summary.py); speed of light, memory workload, warp states, launch, occupancy.
#  2. The real corpus again with every registered method (`aspmv collect`, double, no blockwise samples) by this
#     binary, the three parts in turn while time is left: the re-collection a retrained h100 table needs (the
#     2026-12-02 folders predate the kernel changes of 2026-12-03 and -04).
# Carried: .device/lc (call 1's binary and pattern files); from a slimmed tree:
#   DEADLINE_S=560 bash .device/lc3/call3.sh      (this file, copied into a carried folder)
source perf/device/call_prelude.sh .device/lc
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
"$NCU" --version | tail -1 > "$R/ncu_version.txt" 2>&1
for m in WOOD1P linux-includes; do
  for case in "lrb:LrbOneLaunch" "cusparse_coo_alg1:." "cusparse_csr_alg1:."; do
    method=${case%%:*} re=${case#*:}
    timeout 60 "$NCU" --csv --page details --kernel-name-base demangled -k "regex:$re" --launch-skip 2 \
      --launch-count 3 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
      --section LaunchStats --section Occupancy --section SchedulerStats \
      "$B" bench --rounds 1 --methods "$method" .device/lc/real/$m.mtx.xz > "$R/ncu_${method}_$m.csv" 2> "$R/ncu_${method}_$m.err"
    note "ncu $method $m rc $?"
  done
done
done_parts=""
for p in a b c; do
  share=$(( ($(left) - 15) / (3 - ${#done_parts}) ))
  done_parts+=$p
  if ((share < 20)); then note "real-$p: not started (time)"; continue; fi
  "$B" collect --spec .device/lc/real/spec-$p.txt --out "$R/all-real-$p" --time-limit "$share" --blocks-every 0 \
    --batches 5 > "$R/collect_log_real-$p.txt" 2>&1
  note "real-$p: collect rc $?"
  wc -l "$R/all-real-$p/done.txt" "$R/all-real-$p/failures.csv" >> "$R/summary.txt" 2>&1
done
call_finish all-h100
