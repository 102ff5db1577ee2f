#!/usr/bin/env bash
# The h200 corpora of 2026-12-02 with the kernels whose code changed since re-measured (calls 3-4), in the
# 2026-12-02 sessions' units (the yardstick: csr_vector's TpRs 2-32, code unchanged): writes OUT/<folder> for the
# five folders, the input of the retraining (docs/studies/h200/models-2026-12-03.md). Derived data: not committed.
#   bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh [OUT]   (default build/remeasured/h200)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
out=${1:-build/remeasured/h200}
py=$(scripts/python_env.sh)
M=tuning_data/h200/measurements
K=csr_scalar,csr_vector,gao_partitioned,ell,sell,lrb,vector_split
Y="csr_vector:tpr=2,tpr=4,tpr=8,tpr=16,tpr=32"
for pair in real-double-a:real-a real-double-b:real-b real-double-c:real-c generated-a:generated-a \
  generated-b:generated-b; do
  base=${pair%%:*} new=${pair#*:}
  echo "== $base"
  PYTHONPATH=predictors/train "$py" -m aspmv_train remeasure --base "$M/2026-12-02-$base" \
    --new "$M/2026-12-03-changed-$new" --kernels "$K" --yardstick "$Y" --out "$out/$base"
done
