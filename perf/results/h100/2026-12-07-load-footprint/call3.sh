#!/usr/bin/env bash
# Call 3 (device tool; issue 21, written 2026-12-07 twenty-fourth session; meant for an H100), after call 1 set the
# h100 table's vector_load_l2_percent to 60 (read off call 1's matrices). B = .device/lc32/bin.tar.xz (the h100
# preset's aspmv and aspmv_kernel_tests of 3bec56e: the h100 table there still has the hint everywhere), one process:
#  1. out of sample: `--methods csr_vector<2>,...,csr_vector<32> --variant vector_load_l2_percent=60 --variant
#     vector_load=0` (the hint everywhere, the 60 % rule, plain) on validation.txt (49 real-derived and generated
#     matrices of 8-70 MB in double from the window collection, none of call 1's, 7 at random from each of 7
#     footprint bins), double;
#  2. aspmv_kernel_tests "[vector_split]" (the kernel with split_fill_percent among the rest) and under memcheck;
#  3. compute-sanitizer memcheck of "[csr_chunks]" alone (call 1's was cut at 45 s) in the time left.
# Carried: .device/lc (matrices), .device/lc32 (with copies of this script and validation.txt):
#   DEADLINE_S=260 bash .device/lc32/call3.sh
source perf/device/call_prelude.sh .device/lc32
"$B" info > "$R/info.txt" 2>&1
mapfile -t val < "$(dirname "$0")/validation.txt"  # beside this script
bench_run validation 100 --methods "csr_vector<2>,csr_vector<4>,csr_vector<8>,csr_vector<16>,csr_vector<32>" \
  --variant vector_load_l2_percent=60 --variant vector_load=0 "${val[@]}"
gpu_tests "[vector_split]" 40 60
if (($(left) > 40)); then
  san=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
  timeout $(($(left) - 10)) "$san" --tool memcheck "$dir/aspmv_kernel_tests" "[csr_chunks]" > "$R/memcheck_chunks.txt" 2>&1
  note "memcheck [csr_chunks] rc $? ($(grep -E 'ERROR SUMMARY|All tests|test cases' "$R/memcheck_chunks.txt" | tr '\n' ' '))"
fi
call_finish load-footprint3
