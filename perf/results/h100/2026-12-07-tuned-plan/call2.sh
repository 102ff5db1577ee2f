#!/usr/bin/env bash
# Call 2 (2026-12-07 twenty-fifth session): call 1's test step cut at 90 s inside "[models]" before the "[tuned]"
# test cases ran; here "[tuned]" alone on the GPU (the same binary), then compute-sanitizer memcheck of it.
#   DEADLINE_S=250 bash .device/lc33/call2.sh
source perf/device/call_prelude.sh .device/lc33
gpu_tests "[tuned]" 100 140
call_finish call2
