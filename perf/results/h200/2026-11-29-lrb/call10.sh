#!/usr/bin/env bash
# Call 10 (H200, device tool; issue 21, 2026-11-29 third session): the GPU tests of the committed tree (lrb's one
# launch over a range of warps, rows over 8 passes long, pieces chosen per matrix): `[lrb]` plainly and under
# compute-sanitizer memcheck and racecheck, and every kernel through make_plan ([edge],[random]).
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf exp10/bin.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
SAN=/usr/local/cuda/bin/compute-sanitizer
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 120 .device/aspmv_kernel_tests "[lrb]" > "$R/tests_lrb.txt" 2>&1
note "tests [lrb] rc $?: $(tail -2 "$R/tests_lrb.txt" | tr '\n' ' ')"
timeout 200 $SAN --tool memcheck --print-limit 20 .device/aspmv_kernel_tests "[lrb]" > "$R/memcheck_lrb.txt" 2>&1
note "memcheck [lrb] rc $?: $(tail -2 "$R/memcheck_lrb.txt" | tr '\n' ' ')"
timeout 150 .device/aspmv_kernel_tests "[edge],[random]" > "$R/tests_all_kernels.txt" 2>&1
note "tests [edge],[random] rc $?: $(tail -2 "$R/tests_all_kernels.txt" | tr '\n' ' ')"
if (( SECONDS - start < 330 )); then
  timeout 220 $SAN --tool racecheck --print-limit 20 .device/aspmv_kernel_tests "[lrb]" > "$R/racecheck_lrb.txt" 2>&1
  note "racecheck [lrb] rc $?: $(tail -2 "$R/racecheck_lrb.txt" | tr '\n' ' ')"
fi
for f in "$R"/memcheck_lrb.txt "$R"/racecheck_lrb.txt "$R"/tests_all_kernels.txt; do [ -f "$f" ] && tail -20 "$f" > "$f.tail" && rm "$f"; done
tar -cJf "$OUT/call10.tar.xz" -C "$OUT" r && rm -rf "$R"
