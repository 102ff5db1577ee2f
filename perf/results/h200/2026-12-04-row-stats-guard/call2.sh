#!/usr/bin/env bash
# Call 2 (H200, device tool; 2026-12-04 third session): call 1's collection over the generated corpus (the same
# tool, .device/lc carried): csr_delta as a range of warps and csr_scalar (the yardstick), the features with the
# backend's row_stats pass.
KERNELS=csr_delta,csr_scalar SETS="generated-a generated-b" NAME=rsdelta LIMIT_S=560 exec bash perf/device/collect_sets.sh
