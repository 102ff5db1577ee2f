#!/usr/bin/env bash
# Call 7 (H200, device tool; issue 21, 2026-12-03 third session): the plans' setup with the device's properties
# worked out once a process (backends/device_properties_cache.hpp; before, every lrb and gao_partitioned plan called
# cudaGetDeviceProperties): `aspmv bench --rounds 1` of lrb, gao_partitioned, vector_split and merge_path on the 8
# graphs of .device/mg, three processes, setup_s per plan; lrb's build in its parts as call 6.
# Binary: the h100 preset's aspmv with the cache, .device/lc/bin.tar.xz.
#   bash perf/results/h200/2026-12-03-lrb-recollect/call7.sh
source perf/device/call_prelude.sh .device/lc
G=(.device/mg/*.mtx.xz)
for i in 1 2 3; do
  timeout 120 $B bench --rounds 1 --methods lrb,gao_partitioned,vector_split,merge_path --csv "$R/setup.csv" "${G[@]}" \
    > /dev/null 2>&1
  note "bench $i rc $?"
done
timeout 120 $B run --kernel lrb --describe "${G[@]}" "${G[@]}" > "$R/describe.txt" 2>&1
note "describe rc $?"
grep -oE "built in [0-9]+ us \([^)]*\)" "$R/describe.txt" >> "$R/summary.txt"
call_finish call7
