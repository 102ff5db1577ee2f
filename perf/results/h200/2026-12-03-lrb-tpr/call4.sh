#!/usr/bin/env bash
# Call 4 (H200, device tool; issue 21, 2026-12-03 second session): the kernel tests of the kernels this session
# changed, on the GPU: [lrb] (the class lanes) and [direct] (csr_vector's TpR 1 now through parallel_range; the
# range launch's per-device block size and capped grid), then compute-sanitizer memcheck over their Cuda cases.
# Binary: the h100 preset's aspmv_kernel_tests (test_kernels.cpp, test_lrb.cpp) of this commit's working tree,
# stripped, .device/dl4/tests.tar.xz.
set -u
start=$SECONDS
R=$OUT/r; mkdir -p "$R"
(cd .device && tar -xJf dl4/tests.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T=.device/aspmv_kernel_tests
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv > "$R/gpu.txt" 2>&1
note() { echo "$1 ($((SECONDS - start)) s)" >> "$R/summary.txt"; }
timeout 300 $T "[lrb],[direct]" > "$R/tests.txt" 2>&1; note "tests [lrb],[direct] rc $?"
tail -3 "$R/tests.txt" >> "$R/summary.txt"
CS=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
# The Cuda cases: the last index of each templated test (the spaces come host first; Configs: 4 a space).
$T --list-test-names-only "[lrb],[direct]" | grep -E " - (Spaces|testing::Spaces|Configs) - " > "$R/names.txt"
last=$(awk '$(NF-2) ~ /Spaces$/ && $NF + 0 > m { m = $NF + 0 } END { print m + 0 }' "$R/names.txt")
awk -v last="$last" '($(NF-2) ~ /Spaces$/ && $NF + 0 == last) || ($(NF-2) ~ /Configs$/ && $NF + 0 >= 4 * last)' \
  "$R/names.txt" > "$R/cuda_names.txt"
while read -r name; do
  if (( SECONDS - start > 540 )); then note "not sanitized (time): $name"; continue; fi
  spec=$(printf '%s' "$name" | sed -e 's/[][\\,"]/\\&/g')
  timeout 200 "$CS" --tool memcheck --error-exitcode 9 $T "$spec" > "$R/memcheck.txt.part" 2>&1
  rc=$?; tail -2 "$R/memcheck.txt.part" >> "$R/memcheck.txt"; note "memcheck rc $rc: $name"
done < "$R/cuda_names.txt"
rm -f "$R/memcheck.txt.part"
cat "$R/summary.txt"; xz -9 "$R"/*.txt 2>/dev/null
tar -cJf "$OUT/call4.tar.xz" -C "$OUT" r && rm -rf "$R"
