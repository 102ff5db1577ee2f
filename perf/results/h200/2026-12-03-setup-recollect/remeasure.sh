#!/usr/bin/env bash
# The h200 training input with lrb's and gao_partitioned's setup as it is since 8e188e9 (device properties worked
# out once a device and process): the five folders of ../2026-12-03-lrb-recollect/remeasure.sh (the 2026-12-02
# corpora with the kernels changed before 2026-12-03 re-measured), then lrb and gao_partitioned replaced by this
# study's collection (call 1), in the same units (yardstick: csr_vector's TpRs 2-32, code unchanged). Writes
# OUT/<folder> (default build/remeasured/h200-setup); derived data, not committed.
#   bash perf/results/h200/2026-12-03-setup-recollect/remeasure.sh [OUT]
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
out=${1:-build/remeasured/h200-setup}
first=build/remeasured/h200
bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh "$first"
bash perf/device/remeasure_h200_folders.sh "$first/" tuning_data/h200/measurements/2026-12-03-setup- \
  lrb,gao_partitioned "$out"
