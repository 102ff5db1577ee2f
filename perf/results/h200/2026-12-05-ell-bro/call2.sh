#!/usr/bin/env bash
# Call 2 (device tool, one GPU; issue 22): call 1's compute-sanitizer memcheck of [ell_bro] ran past its 120 s
# limit in the sixth of its 6 test cases (5 passed, no error reported in the 40 lines kept); here it runs to its
# end (every error line kept, not only the tail), then the float benchmarks that call 1's deadline
# cut (call2_float_matrices.txt: the 24 of call 1's summary).
#   DEADLINE_S=420 bash perf/results/h200/2026-12-05-ell-bro/call2.sh     (carry .device/bro and .device/s62)
# shellcheck source=perf/device/call_prelude.sh
source perf/device/call_prelude.sh .device/bro
T=.device/bro/aspmv_kernel_tests
timeout 300 compute-sanitizer --tool memcheck --leak-check full --print-limit 50 "$T" "[ell_bro]" > "$R/memcheck.txt" 2>&1
note "memcheck [ell_bro] rc $?: $(grep -E 'test cases|ERROR SUMMARY|LEAK SUMMARY' "$R/memcheck.txt" | tail -3 | tr '\n' ' ')"
grep -E '^=========' "$R/memcheck.txt" | head -200 > "$R/memcheck_errors.txt"
tail -30 "$R/memcheck.txt" > "$R/memcheck.txt.tail" && rm "$R/memcheck.txt"
while read -r m; do
  if (( SECONDS - start > ${DEADLINE_S:-420} )); then note "not run (float, time): $m"; continue; fi
  timeout 60 "$B" bench --float --methods ell_bro,csr_scalar,csr_delta,sell,cusparse \
    --csv "$R/bench_float.csv" "$m" > /dev/null 2>&1 || note "failed: float $m"
done < perf/results/h200/2026-12-05-ell-bro/call2_float_matrices.txt
note "bench float: $(grep -c '' "$R/bench_float.csv") lines"
call_finish ell_bro2
