# The commands of docs/studies/h200/models-2026-12-04.md, as run on the 2-core build machine (repository root).
# 0. The training folders of the current h200 table (the 2026-12-02 collections with the kernels changed before
#    2026-12-03 re-measured: build/remeasured/h200/), then CSR-vector's rows replaced by its 2026-12-04 collection as
#    a range of warps (call 6 of perf/results/h200/2026-12-04-row-groups), in the same units (yardstick csr_scalar,
#    whose code is the same in both: CSR-vector's TpRs changed): build/remeasured/h200-range/.
cd "$(git rev-parse --show-toplevel)"
bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh build/remeasured/h200
YARDSTICK="csr_scalar:-" bash perf/device/remeasure_h200_folders.sh build/remeasured/h200/ \
  tuning_data/h200/measurements/2026-12-04-range- csr_vector build/remeasured/h200-range    # remeasure.txt
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
N=build/remeasured/h200-range
R="$N/real-double-a $N/real-double-b $N/real-double-c"
G="$N/generated-a $N/generated-b"
# 1. Out of fold: tables trained on the re-measured folders, scored on the re-measured real folders (10.5 min).
nice -n 15 $py -m aspmv_train oof --measurements $R $G --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt4/oof-new                                      # new/
# 2. The current table's out-of-fold picks (its configuration's oof of 2026-12-03) scored on the new timings.
S=docs/studies/h200/oof-2026-12-02
PYTHONPATH=predictors/train:$S $py $S/rescore_old.py docs/studies/h200/oof-2026-12-03/new/oof.csv.gz \
    /tmp/rt4/cur-rescored/rescored.csv.gz $R                                                      # cur-rescored/
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py /tmp/rt4/oof-new/oof.csv /tmp/rt4/cur-rescored/rescored.csv.gz
