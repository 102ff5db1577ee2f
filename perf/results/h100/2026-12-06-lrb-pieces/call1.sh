#!/usr/bin/env bash
# Call 9 (device tool, nvidia-h100-x1; issue 21: the long rows where cuSPARSE's COO ALG1 still wins; 2026-12-06
# thirteenth session): lrb's long-row pieces of a fixed length (the table's new lrb_piece, `--variant lrb_piece=N`)
# against the pieces choose_lrb_piece takes today (8 or 16 passes of a warp: 256 or 512 entries), beside cuSPARSE's
# COO ALG1, in `aspmv bench` (double, 3 interleaved rounds, one process), on
#  - the 11 real and 34 generated matrices below 2M nonzeros where COO ALG1 beat every aspmv kernel in the
#    2026-12-06 re-collection (perf/results/h100/2026-12-06-recollect/targets.csv.gz, best cuSPARSE COO, ratio
#    < 1.0 real, < 0.95 generated), then
#  - 16 real matrices where lrb was the fastest aspmv kernel and ahead of cuSPARSE (controls);
# then Nsight Compute (speed of light, memory, warp states, launch, occupancy; the first launches after 2 skipped)
# on FFFFF800--tile1774x1s327 (11M nonzeros, 12 a row: cuSPARSE CSR ALG1 64.8 us against our best 90.5 us in the
# re-collection) and E226--tile2225x2s792 for csr_vector and cuSPARSE CSR ALG1, and on FIT2D for lrb as chosen, lrb
# with pieces of 128 and cuSPARSE's COO ALG1; then float on the real ones while time is left.
# Carried: .device/lc (real/: the pattern files) and .device/lc9 (bin.tar.xz: the h100 preset's aspmv of this
# commit, stripped; the three lists); from a tree slimmed by perf/device/slim_tree.sh hold:
#   DEADLINE_S=400 bash .device/lc9/call9.sh
source perf/device/call_prelude.sh .device/lc9
deadline=${DEADLINE_S:-400}
left() { echo $((deadline - (SECONDS - start))); }
"$B" info > "$R/info.txt" 2>&1
var=(--variant lrb_piece=32 --variant lrb_piece=64 --variant lrb_piece=128 --variant lrb_piece=256)
mapfile -t lr < .device/lc9/losers-real.txt
mapfile -t lg < .device/lc9/losers-generated.txt
mapfile -t ct < .device/lc9/controls.txt
run() {  # NAME TIMEOUT ARGS...
  local name=$1 t=$2; shift 2
  if (( $(left) < 20 )); then note "$name: not started (time)"; return; fi
  ((t > $(left) - 10)) && t=$(( $(left) - 10 ))
  timeout "$t" "$B" bench --methods lrb,cusparse_coo "${var[@]}" --csv "$R/$name.csv" "$@" > "$R/$name.txt" 2>&1
  note "$name rc $? ($(($(wc -l < "$R/$name.csv") - 1)) method rows)"
}
run double-losers-real 90 "${lr[@]}"
run double-losers-generated 150 "${lg[@]}"
run double-controls 120 "${ct[@]}"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
"$NCU" --version | tail -1 > "$R/ncu_version.txt" 2>&1
prof() {  # MATRIX METHOD KERNEL_REGEX TAG
  if (( $(left) < 60 )); then note "ncu $4: not started (time)"; return; fi
  timeout 50 "$NCU" --csv --page details --kernel-name-base demangled -k "regex:$3" --launch-skip 2 \
    --launch-count 3 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
    --section LaunchStats --section Occupancy --section SchedulerStats \
    "$B" bench --rounds 1 --methods "$2" "${@:5}" "$1" > "$R/ncu_$4.csv" 2> "$R/ncu_$4.err"
  note "ncu $4 rc $?"
}
F=.device/lc/real/FFFFF800.mtx.xz--tile1774x1s327
E=.device/lc/real/E226.mtx.xz--tile2225x2s792
prof "$F" "csr_vector<4>" CsrVector vector4_FFFFF800-tile
prof "$F" cusparse_csr_alg1 "csrmv|spmv|SpMV" cusparse_csr_alg1_FFFFF800-tile
prof "$E" "csr_vector<8>" CsrVector vector8_E226-tile
prof "$E" cusparse_csr_alg1 "csrmv|spmv|SpMV" cusparse_csr_alg1_E226-tile
prof .device/lc/real/FIT2D.mtx.xz lrb LrbOneLaunch lrb_FIT2D
prof .device/lc/real/FIT2D.mtx.xz "lrb[lrb_piece=128]" LrbOneLaunch lrb128_FIT2D --variant lrb_piece=128
prof .device/lc/real/FIT2D.mtx.xz cusparse_coo_alg1 "coomv|coo|spmv" cusparse_coo_alg1_FIT2D
run float-losers-real 60 --float "${lr[@]}"
run float-controls 80 --float "${ct[@]}"
call_finish lrb-pieces
