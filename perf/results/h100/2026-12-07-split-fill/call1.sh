#!/usr/bin/env bash
# Call 1 (device tool; issue 21, written 2026-12-07 twenty-fourth session; meant for an H100): vector_split (the GPU
# drop-in's kernel) with lanes a row widened on matrices of few rows (the table's split_fill_percent: lanes doubled,
# up to a warp, until rows x lanes reach that percentage of the threads the device holds at once; 0, every table's
# default: the mean-length rule alone). B = .device/lc32/bin.tar.xz (the h100 preset's aspmv and
# aspmv_kernel_tests of the working tree), one process:
#  1. `--methods vector_split,csr_vector<32>,cusparse --variant split_fill_percent=10 --variant
#     split_fill_percent=50 --variant split_fill_percent=100` on fill.txt (105 real, real-derived and generated
#     matrices of the window collection whose rows, 12 at random from each source x digits-of-rows bin, are fewer
#     than half the device's threads: the only ones any fill up to 100 % widens), double;
#  2. aspmv_kernel_tests "[vector_split]" and under compute-sanitizer memcheck;
#  3. float on fill.txt, as far as the deadline lets it.
# Carried: .device/lc (matrices), .device/lc32 (with copies of this script and fill.txt):
#   DEADLINE_S=200 bash .device/lc32/call1.sh
source perf/device/call_prelude.sh .device/lc32
"$B" info > "$R/info.txt" 2>&1
mapfile -t fill < "$(dirname "$0")/fill.txt"  # beside this script (a copy in .device/lc32 where the tree is slimmed)
M="--methods vector_split,csr_vector<32>,cusparse --variant split_fill_percent=10 --variant split_fill_percent=50 --variant split_fill_percent=100"
bench_run double 90 $M "${fill[@]}"
gpu_tests "[vector_split]" 30 50
bench_run float 60 --float $M "${fill[@]}"
call_finish split-fill1
