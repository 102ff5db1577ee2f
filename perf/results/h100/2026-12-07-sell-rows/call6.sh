#!/usr/bin/env bash
# Call 6 (device tool; issue 21, written 2026-12-07 twenty-second session; meant for an H100): SELL's rows with the
# new rules (rows that fill the device twice: one lane a row, 4 entries a lane only where that stores at most 2 % more)
# and the table parameter sell_load (2: evict-first loads of the rows' values and column indices), B3 =
# .device/lc28/bin.tar.xz (the h100 preset's aspmv of the working tree: h100 table sell.load 0), against B0 =
# .device/lc/bin.tar.xz (58c5af4), each in its process, through cuSPARSE's SELL of its run:
#  1. B3 `--methods sell,cusparse_sell --variant sell_load=2` on call 4's 31 losers, 10 controls and the 19
#     medium-row matrices (double), then the same in float on the 41.
#  2. B0 `--methods sell,cusparse_sell` on the same, double and float.
# Carried: .device/lc (matrices, B0), .device/lc28: DEADLINE_S=400 bash .device/lc28/call6.sh
source perf/device/call_prelude.sh .device/lc28
"$B" info > "$R/info.txt" 2>&1
mapfile -t los < .device/lc28/losers.txt
mapfile -t ctl < .device/lc28/controls.txt
mapfile -t med < .device/lc28/medium.txt
B3=$B
[ -x .device/lc/aspmv ] || (cd .device/lc && tar -xJf bin.tar.xz)
B0=.device/lc/aspmv
B=$B3; bench_run b3 100 --methods sell,cusparse_sell --variant sell_load=2 "${los[@]}" "${ctl[@]}" "${med[@]}"
B=$B0; bench_run b0 90 --methods sell,cusparse_sell "${los[@]}" "${ctl[@]}" "${med[@]}"
B=$B3; bench_run b3-float 70 --float --methods sell,cusparse_sell --variant sell_load=2 "${los[@]}" "${ctl[@]}"
B=$B0; bench_run b0-float 60 --float --methods sell,cusparse_sell "${los[@]}" "${ctl[@]}"
call_finish sell-rows6
