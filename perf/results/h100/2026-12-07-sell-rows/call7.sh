#!/usr/bin/env bash
# Call 7 (device tool; issue 21, written 2026-12-07 twenty-second session; meant for an H100): the committed SELL
# (B4 = .device/lc29/bin.tar.xz: the h100 preset's aspmv and aspmv_kernel_tests of the tree, the h100 table's
# sell.load 2 compiled in) on the GPU:
#  1. aspmv_kernel_tests "[sell]" and compute-sanitizer memcheck over it.
#  2. `aspmv bench --methods sell,cusparse_sell` (the table's SELL: the hint where the footprint exceeds 85 % of the
#     L2) on call 6's lists, against B0 = .device/lc/bin.tar.xz (58c5af4), each in its process, double.
# Carried: .device/lc (matrices, B0), .device/lc29: DEADLINE_S=480 bash .device/lc29/call7.sh
source perf/device/call_prelude.sh .device/lc29
"$B" info > "$R/info.txt" 2>&1
gpu_tests "[sell]" 100 170
mapfile -t los < .device/lc29/losers.txt
mapfile -t ctl < .device/lc29/controls.txt
mapfile -t med < .device/lc29/medium.txt
B4=$B
[ -x .device/lc/aspmv ] || (cd .device/lc && tar -xJf bin.tar.xz)
B=$B4; bench_run b4 80 --methods sell,cusparse_sell "${los[@]}" "${ctl[@]}" "${med[@]}"
B=.device/lc/aspmv; bench_run b0 80 --methods sell,cusparse_sell "${los[@]}" "${ctl[@]}" "${med[@]}"
call_finish sell-rows7
