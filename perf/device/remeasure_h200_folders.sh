#!/usr/bin/env bash
# The five h200 training folders (real-double-{a,b,c}, generated-{a,b}) with some kernels' rows replaced by a later
# `collect --methods` of them (perf/device/collect_sets.sh), in the base folders' units (yardstick: csr_vector's TpRs
# 2-32, whose code did not change from the 2026-12-02 collections to 2026-12-04; YARDSTICK=KERNEL:CONFIG[,CONFIG]
# another): `aspmv_train remeasure` on each pair.
#   bash perf/device/remeasure_h200_folders.sh BASE_ROOT NEW_PREFIX KERNELS OUT
# BASE_ROOT/<folder> is each base (tuning_data/h200/measurements/2026-12-02- for the collections themselves, with
# the trailing dash; a remeasured output folder with a trailing slash); NEW_PREFIX<set> each new collection
# (<set>: real-a, real-b, real-c, generated-a, generated-b); OUT/<folder> is written. FEATURE_TIMES=COLUMN[,COLUMN]:
# feature collection times taken from the new collections (a feature pass whose code changed: time_row_stats_s).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
base_root=$1 new_prefix=$2 kernels=$3 out=$4
py=$(scripts/python_env.sh)
Y=${YARDSTICK:-"csr_vector:tpr=2,tpr=4,tpr=8,tpr=16,tpr=32"}
extra=()
[ -n "${FEATURE_TIMES:-}" ] && extra=(--feature-times "$FEATURE_TIMES")
for pair in real-double-a:real-a real-double-b:real-b real-double-c:real-c generated-a:generated-a \
  generated-b:generated-b; do
  base=${pair%%:*} new=${pair#*:}
  echo "== $base"
  PYTHONPATH=predictors/train "$py" -m aspmv_train remeasure --base "$base_root$base" --new "$new_prefix$new" \
    --kernels "$kernels" --yardstick "$Y" --out "$out/$base" "${extra[@]}"
done
