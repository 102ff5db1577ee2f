#!/usr/bin/env bash
# Call 5 (device tool; issue 21, written 2026-12-07 twenty-second session; meant for an H100): SELL on the 31 large
# matrices where cuSPARSE's SELL beats every aspmv kernel and 10 controls (call 4's lists), three tools, each in its
# process: B0 = .device/lc/bin.tar.xz (58c5af4), B1 = .device/lc26/sell.tar.xz (58c5af4 + the Group 1 row loop four
# entries a step, a remainder loop after), B2 = .device/lc27/bin.tar.xz (58c5af4 + every step's loads predicated on
# the row's length: Group 1 eight entries a step, Group 4 two groups a step, no remainder loop).
#  1. `aspmv bench --methods sell,cusparse_sell` with the variants: 1 entry a lane; 1 lane a row; both.
#  2. Nsight Compute on stencil2d-5pt-1203x1075 (the rule's Group 1, 1 lane): our SellRowFunctor (B0, B2) and
#     cuSPARSE's SELL; the SASS source counters of B2's.
# Carried: .device/lc (matrices), .device/lc26, .device/lc27: DEADLINE_S=420 bash .device/lc27/call5.sh
source perf/device/call_prelude.sh .device/lc27
"$B" info > "$R/info.txt" 2>&1
mapfile -t los < .device/lc27/losers.txt
mapfile -t ctl < .device/lc27/controls.txt
B2=$B
[ -x .device/lc26/new/aspmv ] || (mkdir -p .device/lc26/new && cd .device/lc26/new && tar -xJf ../sell.tar.xz)
[ -x .device/lc/aspmv ] || (cd .device/lc && tar -xJf bin.tar.xz)
B1=.device/lc26/new/aspmv
B0=.device/lc/aspmv
m=(--methods sell,cusparse_sell --variant sell_lanes=1 --variant sell_row_lanes=1 --variant sell_lanes=1,sell_row_lanes=1)
B=$B2; bench_run b2 90 "${m[@]}" "${los[@]}" "${ctl[@]}"
B=$B0; bench_run b0 90 "${m[@]}" "${los[@]}" "${ctl[@]}"
B=$B1; bench_run b1 90 "${m[@]}" "${los[@]}" "${ctl[@]}"
st=stencil2d-5pt-1203x1075
B=$B0; NCU_S=25 ncu_details b0 SellRowFunctor --methods sell "$st"
B=$B2; NCU_S=25 ncu_details b2 SellRowFunctor --methods sell "$st"
NCU_S=25 ncu_details cusparse cusparse --methods cusparse_sell "$st"
NCU_S=30 ncu_source b2 SellRowFunctor --methods sell "$st"
call_finish sell-rows5
