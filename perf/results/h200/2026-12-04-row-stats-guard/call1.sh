#!/usr/bin/env bash
# Call 1 (H200, device tool; 2026-12-04 third session): the row_stats pass as the backend's own reduction
# (backends/cuda/row_length_moments.hpp: one launch, one wait) checked and timed, then csr_delta (a range of warps
# since the second session; the h200 table learned its team launch) and csr_scalar (the yardstick) collected over
# the real corpus: its features.csv carries the new pass's time (time_row_stats_s) for the retraining.
#   bash perf/results/h200/2026-12-04-row-stats-guard/call1.sh
# Carry .device/rs (bin.tar.xz: aspmv_kernel_tests, aspmv_hidden_cost_tests, aspmv_launch_floor of this change,
# h100 preset, stripped) and .device/lc (the tool and the real corpus, perf/device/collect_sets.sh).
set -u
start=$SECONDS
R=$OUT/t; mkdir -p "$R"
(cd .device/rs && tar -xJf bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
T=.device/rs
timeout 120 $T/aspmv_kernel_tests "[analysis]" > "$R/kernel_tests_analysis.txt" 2>&1
rc=$?; note "kernel tests [analysis] rc $rc: $(tail -2 "$R/kernel_tests_analysis.txt" | tr '\n' ' ')"
timeout 150 compute-sanitizer --tool memcheck $T/aspmv_kernel_tests "[analysis]" > "$R/memcheck_analysis.txt" 2>&1
note "memcheck [analysis] rc $?: $(grep -E 'ERROR SUMMARY' "$R/memcheck_analysis.txt" | tail -1)"
timeout 100 compute-sanitizer --tool racecheck $T/aspmv_kernel_tests "row statistics agree*" > "$R/racecheck_row_stats.txt" 2>&1
note "racecheck row statistics rc $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$R/racecheck_row_stats.txt" | tail -1)"
timeout 120 $T/aspmv_hidden_cost_tests > "$R/hidden_cost_tests.txt" 2>&1
note "hidden-cost tests rc $?: $(tail -2 "$R/hidden_cost_tests.txt" | tr '\n' ' ')"
timeout 90 $T/aspmv_launch_floor --calls 2000 --repeats 5 > "$R/launch_floor.txt" 2>&1
note "launch floor rc $?"
cat "$R/summary.txt"
tar -cJf "$OUT/call1-tests.tar.xz" -C "$R" . && rm -rf "$R"
if [ "$rc" != 0 ]; then echo "the row statistics fail on the GPU: no collection"; exit 1; fi
KERNELS=csr_delta,csr_scalar SETS="real-a real-b real-c" NAME=rsdelta LIMIT_S=$((560 - (SECONDS - start))) \
  bash perf/device/collect_sets.sh
