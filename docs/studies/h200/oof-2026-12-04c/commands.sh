# The commands of docs/studies/h200/oof-2026-12-04c/README.md, as run on the 2-core build machine (repository root).
# 0. The training folders: those of docs/studies/h200/oof-2026-12-04b (build/remeasured/h200-delta, rebuilt from the
#    committed collections by step 0 there and the steps it names), with csr_delta's rows replaced by its
#    row-relative collection (call 6 of perf/results/h200/2026-12-04-row-stats-guard), in the base units
#    (yardstick csr_scalar): build/remeasured/h200-reldelta (remeasure.txt).
cd "$(git rev-parse --show-toplevel)"
bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh build/remeasured/h200
YARDSTICK="csr_scalar:-" bash perf/device/remeasure_h200_folders.sh build/remeasured/h200/ \
  tuning_data/h200/measurements/2026-12-04-range- csr_vector build/remeasured/h200-range
FEATURE_TIMES=time_row_stats_s YARDSTICK="csr_scalar:-" bash perf/device/remeasure_h200_folders.sh \
  build/remeasured/h200-range/ tuning_data/h200/measurements/2026-12-04-delta- csr_delta build/remeasured/h200-delta
YARDSTICK="csr_scalar:-" bash perf/device/remeasure_h200_folders.sh build/remeasured/h200-delta/ \
  tuning_data/h200/measurements/2026-12-04-reldelta- csr_delta build/remeasured/h200-reldelta   # remeasure.txt
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
N=build/remeasured/h200-reldelta
R="$N/real-double-a $N/real-double-b $N/real-double-c"
G="$N/generated-a $N/generated-b"
S=docs/studies/h200/oof-2026-12-02
# 1. The current table's out-of-fold picks (its configuration's oof, docs/studies/h200/oof-2026-12-04b/new) scored
#    on these timings (cur-rescored/).
PYTHONPATH=predictors/train:$S $py $S/rescore_old.py docs/studies/h200/oof-2026-12-04b/new/oof.csv.gz \
    /tmp/rt6/cur-rescored/rescored.csv.gz $R
# 2. Out of fold: tables trained on these folders, scored on their real folders (new/; 57 min beside a CI run).
nice -n 15 $py -m aspmv_train oof --measurements $R $G --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt6/oof-new
# 3. Paired comparison (compare.txt).
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py /tmp/rt6/oof-new/oof.csv /tmp/rt6/cur-rescored/rescored.csv.gz
