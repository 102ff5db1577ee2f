#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 21, 2026-12-03 third session): lrb's build time in its parts (the plan's
# description now says "built in N us (rows binned on the device N, long rows N, launch arrays N)"), the 8 graphs of
# .device/mg twice over in one process (the second pass without one-time costs), and generated matrices of 10^4 to
# 10^6 rows. Binary: the h100 preset's aspmv with that description, .device/lc/bin.tar.xz.
#   bash perf/results/h200/2026-12-03-lrb-recollect/call6.sh
source perf/device/call_prelude.sh .device/lc
G=(.device/mg/*.mtx.xz)
timeout 200 $B run --kernel lrb --describe "${G[@]}" "${G[@]}" rand-uniform-r10000-c10000-m16-s12-seed5 \
  rand-uniform-r100000-c100000-m16-s12-seed5 rand-uniform-r1000000-c1000000-m16-s12-seed5 \
  chunglu-r200000-m10-g2.2-seed4 rand-uniform-r10000-c10000-m16-s12-seed5 > "$R/describe.txt" 2>&1
note "describe rc $?"
grep -oE "built in [0-9]+ us \([^)]*\)" "$R/describe.txt" >> "$R/summary.txt"
call_finish call6
