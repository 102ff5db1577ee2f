#!/usr/bin/env bash
# Call 5 (H200, device tool; issue 21, 2026-12-02): the GPU hidden-cost tests (no allocation, copy or wait in the
# apply paths after an instance's first call; the drop-in, whose GPU kernel is vector_split, included), binary
# aspmv_hidden_cost_tests of call 1's build (the first side-by-side form; the apply paths are the same code),
# carried as .device/wr/hid.tar.xz.
set -u
mkdir -p "$OUT/r"
(cd .device && tar -xJf wr/hid.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
timeout 200 .device/aspmv_hidden_cost_tests > "$OUT/r/hidden_cost_tests.txt" 2>&1
echo "hidden-cost tests rc $?"; tail -3 "$OUT/r/hidden_cost_tests.txt"
