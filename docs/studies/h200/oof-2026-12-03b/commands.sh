# The commands of docs/studies/h200/models-2026-12-03b.md, as run on the 2-core build machine (repository root).
# 0. The training input: the five folders of oof-2026-12-03 (build/remeasured/h200) with lrb's and gao_partitioned's
#    rows replaced by perf/results/h200/2026-12-03-setup-recollect's collection (their setup without the
#    cudaGetDeviceProperties of every plan): build/remeasured/h200-setup/.
cd "$(git rev-parse --show-toplevel)"
bash perf/results/h200/2026-12-03-setup-recollect/remeasure.sh
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
N=build/remeasured/h200-setup
R="$N/real-double-a $N/real-double-b $N/real-double-c"
G="$N/generated-a $N/generated-b"
W=${W:-/tmp/rt4}
# 1. Out of fold: tables trained on these folders, scored on their real folders.
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $R $G \
    --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir $W/oof-new
date -u +%T

# 2. The current table's out-of-fold picks (its configuration's oof of oof-2026-12-03) scored on these timings.
S=docs/studies/h200/oof-2026-12-02
mkdir -p $W/cur-rescored
PYTHONPATH=predictors/train:$S $py $S/rescore_old.py docs/studies/h200/oof-2026-12-03/new/oof.csv.gz \
    $W/cur-rescored/rescored.csv.gz $R
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py $W/oof-new/oof.csv $W/cur-rescored/rescored.csv.gz

# 3. (Not run to the end: the out-of-fold comparison did not keep the table.) The table: trained on the five folders (the small runtime model, as on 2026-12-02 and 2026-12-03, so that it
#    fits the 1.5 MB cap), then the format models of the real folders added.
date -u +%T
/usr/bin/time -v nice -n 15 $py $S/train_small_runtime.py train --measurements $R $G \
    --max-model-bytes 200000 --arch h200 --tuning-dir tuning_data/h200 \
    --out $W/final/model.json --report $W/final/models.md
date -u +%T
nice -n 15 $py -m aspmv_train format-table --measurements $R --arch h200 --table $W/final/model.json \
    --out $W/final/model-with-formats.json
date -u +%T
