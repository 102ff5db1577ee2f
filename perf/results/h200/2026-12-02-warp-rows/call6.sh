#!/usr/bin/env bash
# Call 6 (H200, device tool; issue 21, 2026-12-02): the GPU hidden-cost tests again, with test_gate.cpp skipping
# refused formats (call 5: the DIA guard refused its random matrices on the 4 Cuda configurations); binary
# aspmv_hidden_cost_tests of call 3's library with the mended test (no allocation, copy or wait after the first call),
# carried as .device/wr/hid.tar.xz.
set -u
mkdir -p "$OUT/r"
(cd .device && tar -xJf wr/hid.tar.xz)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
timeout 200 .device/aspmv_hidden_cost_tests > "$OUT/r/hidden_cost_tests.txt" 2>&1
echo "hidden-cost tests rc $?"; tail -3 "$OUT/r/hidden_cost_tests.txt"
