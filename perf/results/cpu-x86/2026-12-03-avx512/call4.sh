#!/usr/bin/env bash
# Call 4 (device machine, the host's 16 cores): the real corpus collected again with every registered kernel, the
# plan, the drop-in, Kokkos Kernels and oneMKL (KERNELS=all), by the cpu preset's aspmv of d131406 (oneMKL, portable;
# the cpu-x86 table with the AVX-512 row lanes and SELL-8), the training data of the retrained cpu-x86 table.
# Carried: .device/lc/real, .device/lc-cpu/bin.tar.xz (as call3.sh). Run from the repository root:
#   bash perf/results/cpu-x86/2026-12-03-avx512/call4.sh
set -u
CPU=1 KERNELS=all SETS="real-a real-b real-c" NAME=cpu16avx LIMIT_S=${COLLECT_S:-540} PER_SET_S=${PER_SET_S:-180} \
  bash perf/device/collect_sets.sh
