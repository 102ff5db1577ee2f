#!/usr/bin/env bash
# The h200 corpora of 2026-12-02 with the kernels whose code changed since re-measured (calls 3-4), in the
# 2026-12-02 sessions' units (the yardstick: csr_vector's TpRs 2-32, code unchanged): writes OUT/<folder> for the
# five folders, the input of the retraining (docs/studies/h200/models-2026-12-03.md). Derived data: not committed.
#   bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh [OUT]   (default build/remeasured/h200)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
out=${1:-build/remeasured/h200}
M=tuning_data/h200/measurements
bash perf/device/remeasure_h200_folders.sh "$M/2026-12-02-" "$M/2026-12-03-changed-" \
  csr_scalar,csr_vector,gao_partitioned,ell,sell,lrb,vector_split "$out"
