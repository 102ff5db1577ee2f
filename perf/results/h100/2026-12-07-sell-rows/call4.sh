#!/usr/bin/env bash
# Call 4 (device tool; issue 21, written 2026-12-07 twenty-second session; meant for an H100): SELL on the large
# matrices where cuSPARSE's SELL beats every aspmv kernel in the 2026-12-07 window collection (31 of >= 1M nonzeros,
# losers.txt) and 10 controls where our SELL is the best method (controls.txt).
#  1. The tool of sell.tar.xz (58c5af4 + the Group 1 row loop with four entries in flight, not committed when built):
#     `aspmv bench --methods sell,ell,cusparse_sell --variant sell_lanes=1` (the rule's 4 entries a lane against 1).
#  2. The tool of .device/lc/bin.tar.xz (58c5af4: the Group 1 loop one entry at a time), the same on the losers.
#  3. Nsight Compute on chemcom--kron2164: cuSPARSE's SELL and ours (the rule's form), DRAM bytes and throughput.
# Carried: .device/lc (matrices, bin.tar.xz) and .device/lc26: DEADLINE_S=480 bash .device/lc26/call4.sh
source perf/device/call_prelude.sh .device/lc
"$B" info > "$R/info.txt" 2>&1
mapfile -t los < .device/lc26/losers.txt
mapfile -t ctl < .device/lc26/controls.txt
B_MAIN=$B
[ -x .device/lc26/new/aspmv ] || (mkdir -p .device/lc26/new && cd .device/lc26/new && tar -xJf ../sell.tar.xz)
B=.device/lc26/new/aspmv
m=(--methods sell,ell,cusparse_sell --variant sell_lanes=1)
bench_run new-losers 170 "${m[@]}" "${los[@]}"
bench_run new-controls 60 "${m[@]}" "${ctl[@]}"
NCU_S=25 ncu_details sell-new Sell --methods sell "${los[4]}"
B=$B_MAIN
bench_run main-losers 130 --methods sell,cusparse_sell --variant sell_lanes=1 "${los[@]}"
NCU_S=25 ncu_details cusparse-sell cusparse --methods cusparse_sell "${los[4]}"
call_finish sell-rows
