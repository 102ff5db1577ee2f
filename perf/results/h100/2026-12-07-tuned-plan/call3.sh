#!/usr/bin/env bash
# Call 3 (2026-12-07 twenty-fifth session): "[models]" on the GPU whole (call 1 cut it at 90 s), the same binary.
#   DEADLINE_S=260 bash .device/lc33/call3.sh
source perf/device/call_prelude.sh .device/lc33
timeout 240 "$dir/aspmv_kernel_tests" "[models]" -d yes > "$R/tests.txt" 2>&1
note "[models] rc $? ($(tail -2 "$R/tests.txt" | tr '\n' ' '))"
call_finish call3
