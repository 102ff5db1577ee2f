#!/usr/bin/env bash
# One device call of the 2026-11-29 generated-corpus collection (run from the repository root,
# carry .device/gt .device/specs .device/collect). COLLECT_SECONDS: start no new matrix after this long.
set -uo pipefail
(cd .device && tar -xJf gt/tests.tar.xz) || exit 1
nvidia-smi --query-gpu=name,uuid,driver_version,memory.total --format=csv >"$OUT/nvidia-smi.txt" 2>&1
ls .device/collect/h100 2>/dev/null && wc -l .device/collect/h100/done.txt
COLLECT_SECONDS=${COLLECT_SECONDS:-470} perf/device/gpu_session.sh collect
