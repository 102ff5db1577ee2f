# The commands of docs/studies/h200/models-2026-12-03.md, as run on the 2-core build machine (repository root).
# 0. The five 2026-12-02 folders with the kernels whose code changed re-measured (calls 3-4 of
#    perf/results/h200/2026-12-03-lrb-recollect), in the 2026-12-02 sessions' units: build/remeasured/h200/.
cd "$(git rev-parse --show-toplevel)"
bash perf/results/h200/2026-12-03-lrb-recollect/remeasure.sh
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
N=build/remeasured/h200
R="$N/real-double-a $N/real-double-b $N/real-double-c"
G="$N/generated-a $N/generated-b"
# 1. Out of fold: tables trained on the re-measured folders, scored on the re-measured real folders.
date -u +%T
/usr/bin/time -v nice -n 15 $py -m aspmv_train oof --measurements $R $G \
    --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h200 --out-dir /tmp/rt3/oof-new
date -u +%T

# 2. The current table's out-of-fold picks (its configuration's oof of 2026-12-02) scored on the re-measured timings,
#    and, as a check, on the 2026-12-02 ones they were scored on then.
S=docs/studies/h200/oof-2026-12-02
mkdir -p /tmp/rt3/cur-rescored
PYTHONPATH=predictors/train:$S $py $S/rescore_old.py $S/new/oof.csv.gz /tmp/rt3/cur-rescored/rescored.csv.gz $R
PYTHONPATH=predictors/train:$S $py $S/rescore_old.py $S/new/oof.csv.gz /tmp/rt3/cur-rescored/on-old.csv.gz \
    tuning_data/h200/measurements/2026-12-02-real-double-{a,b,c}
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py /tmp/rt3/oof-new/oof.csv /tmp/rt3/cur-rescored/rescored.csv.gz

# 3. The table: trained on the five re-measured folders (the small runtime model, as on 2026-12-02, so that it fits
#    the 1.5 MB cap), then the format models of the re-measured real folders added.
date -u +%T
/usr/bin/time -v nice -n 15 $py $S/train_small_runtime.py train --measurements $R $G \
    --max-model-bytes 200000 --arch h200 --tuning-dir tuning_data/h200 \
    --out /tmp/rt3/final/model.json --report /tmp/rt3/final/models.md
date -u +%T
nice -n 15 $py -m aspmv_train format-table --measurements $R --arch h200 --table /tmp/rt3/final/model.json \
    --out /tmp/rt3/final/model-with-formats.json
date -u +%T
