#!/usr/bin/env bash
# Call 8 (device tool; issue 21, written 2026-12-07 twenty-second session; meant for an H100): the GPU tests of the
# committed SELL (.device/lc30/bin.tar.xz: the h100 preset's aspmv_kernel_tests of the tree, with the table
# parameter sell_load_l2_percent and the tests that set it to 0):
#  1. aspmv_kernel_tests "[sell]" and compute-sanitizer memcheck over it.
#  2. aspmv_kernel_tests "[kernels]" (every kernel test), cut at what the deadline leaves.
# Carried: .device/lc30: DEADLINE_S=420 bash .device/lc30/call8.sh
source perf/device/call_prelude.sh .device/lc30
gpu_tests "[sell]" 100 170
if (($(left) > 40)); then
  timeout $(($(left) - 15)) "$dir/aspmv_kernel_tests" "[kernels]" > "$R/tests_kernels.txt" 2>&1
  note "[kernels] rc $? ($(tail -2 "$R/tests_kernels.txt" | tr '\n' ' '))"
fi
call_finish sell-tests8
