#!/usr/bin/env bash
# Call 2 (device tool; issue 21, 2026-12-06 thirteenth session): lrb's pieces by the committed rule (from 4 passes
# of a warp, at most 8 passes of a warp's lanes of pieces a row: lrb_piece_passes, lrb_row_piece_passes).
#  1. GPU correctness: aspmv_kernel_tests "[lrb]" (the fixed pieces of 3 entries included), compute-sanitizer
#     memcheck over "[lrb]" (time-limited).
#  2. lrb as committed against call 1's binary (the pieces before) on call 1's 61 matrices: old / new / old
#     processes (`aspmv bench --methods lrb,cusparse_coo`, double; the new one with --variant lrb_piece=128 and 256
#     beside it, and --variant lrb_spans=1: each listed row's entries stored in class order).
#  3. Every method on the 62 shared real matrices (double; the h100 table of cb677dc compiled in: aspmv_auto is its
#     plan), for issue 21's targets.
#  4. Nsight Compute on FFFFF800--tile1774x1s327 for csr_vector<4> (RowGroupRangeFunctor) and cuSPARSE CSR ALG1
#     (cusparse:: kernels), the kernels call 1's regexes missed.
#  5. `aspmv rank --measure --format-margin 0.5` on the 62 shared (the compiled-in table) while time is left.
# Carried: .device/lc/real (pattern files) and .device/lc10 (bin.tar.xz: the h100 preset's aspmv and
# aspmv_kernel_tests of this tree; old.tar.xz: call 1's aspmv as aspmv-old; the lists); from a slimmed tree:
#   DEADLINE_S=560 bash .device/lc10/call2.sh
source perf/device/call_prelude.sh .device/lc10
deadline=${DEADLINE_S:-560}
left() { echo $((deadline - (SECONDS - start))); }
[ -x .device/lc10/aspmv-old ] || (cd .device/lc10 && tar -xJf old.tar.xz)
O=.device/lc10/aspmv-old
T=.device/lc10/aspmv_kernel_tests
"$B" info > "$R/info.txt" 2>&1
timeout 100 "$T" "[lrb]" > "$R/tests_lrb.txt" 2>&1
note "[lrb] rc $? ($(tail -2 "$R/tests_lrb.txt" | tr '\n' ' '))"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
timeout 80 "$SAN" --tool memcheck --leak-check no "$T" "[lrb]" > "$R/memcheck_lrb.txt" 2>&1
note "memcheck [lrb] rc $? ($(grep -m1 'ERROR SUMMARY' "$R/memcheck_lrb.txt"))"
mapfile -t lr < .device/lc10/losers-real.txt
mapfile -t lg < .device/lc10/losers-generated.txt
mapfile -t ct < .device/lc10/controls.txt
all=("${lr[@]}" "${lg[@]}" "${ct[@]}")
timeout 60 "$O" bench --methods lrb --csv "$R/old1.csv" "${all[@]}" > "$R/old1.txt" 2>&1; note "old1 rc $?"
timeout 110 "$B" bench --methods lrb,cusparse_coo --variant lrb_piece=128 --variant lrb_piece=256 \
  --variant lrb_spans=1 --csv "$R/new.csv" \
  "${all[@]}" > "$R/new.txt" 2>&1; note "new rc $?"
timeout 60 "$O" bench --methods lrb --csv "$R/old2.csv" "${all[@]}" > "$R/old2.txt" 2>&1; note "old2 rc $?"
mapfile -t shared < .device/lc10/shared.txt
t=$(( $(left) - 60 )); ((t > 240)) && t=240
timeout "$t" "$B" bench --variant lrb_spans=1 --csv "$R/shared.csv" "${shared[@]}" > "$R/shared.txt" 2>&1
note "shared bench rc $? ($(($(wc -l < "$R/shared.csv") - 1)) method rows)"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
prof() {  # METHOD REGEX TAG
  if (( $(left) < 30 )); then note "ncu $3: not started (time)"; return; fi
  timeout 25 "$NCU" --csv --page details --kernel-name-base demangled -k "regex:$2" --launch-skip 2 \
    --launch-count 3 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
    --section LaunchStats --section Occupancy --section SchedulerStats \
    "$B" bench --rounds 1 --methods "$1" "$F" > "$R/ncu_${3}_FFFFF800-tile.csv" 2> "$R/ncu_$3.err"
  note "ncu $3 rc $?"
}
prof "csr_vector<4>" RowGroupRange vector4
prof cusparse_csr_alg1 "cusparse::" cusparse_csr_alg1
if (( $(left) > 75 )); then
  timeout $(( $(left) - 10 )) "$B" rank --measure --format-margin 0.5 "${shared[@]}" > "$R/rank-table.txt" 2>&1
  note "rank --measure rc $?"; tail -1 "$R/rank-table.txt" >> "$R/summary.txt"
fi
call_finish lrb-rule
