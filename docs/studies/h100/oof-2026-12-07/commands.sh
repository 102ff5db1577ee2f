# The commands of docs/studies/h100/models-2026-12-07.md, as run on the 2-core build machine (repository root).
# The folders: tuning_data/h100/measurements/2026-12-07-window-{real-a,real-b,real-c,generated-a,generated-b}, the
# 2026-12-06-rule-* folders (the current table's) with csr_chunks' column replaced by its collection with the window
# (perf/results/h100/2026-12-07-chunk-window call 3, in the base session's units by csr_scalar; PROVENANCE there).
cd "$(git rev-parse --show-toplevel)"
export PYTHONPATH=predictors/train PYTHONUNBUFFERED=1
py=~/.cache/aspmv/venv/bin/python3
M=tuning_data/h100/measurements
# 0. The folders (call 3's collection unpacked in /tmp/c3).
for s in real-a real-b real-c generated-a generated-b; do
  $py -m aspmv_train remeasure --base $M/2026-12-06-rule-$s --new /tmp/c3/2026-12-07-window-$s --kernels csr_chunks \
      --yardstick csr_scalar:- --out $M/2026-12-07-window-$s
done
R=$(printf "$M/2026-12-07-window-real-%s " a b c)
G=$(printf "$M/2026-12-07-window-generated-%s " a b)
O=${O:-/tmp/rt-h100-07}
# 1. Out of fold on the real corpus (5 group folds, 100 calls, analysis amortized), as on 2026-12-06.
mkdir -p $O/cur-rescored
nice -n 15 $py -m aspmv_train oof --measurements $R $G --max-model-bytes 200000 --jobs 2 --eval-measurements $R \
    --tuning-dir tuning_data/h100 --out-dir $O/oof-new                                              # new/
# 2. The current table's configuration's out-of-fold picks (oof-2026-12-06c/new) scored on these timings.
S=docs/studies/h200/oof-2026-12-02
ASPMV_STUDY_TUNING_DIR=tuning_data/h100 PYTHONPATH=predictors/train:$S $py $S/rescore_old.py \
    docs/studies/h100/oof-2026-12-06c/new/oof.csv.gz $O/cur-rescored/rescored.csv.gz $R             # cur-rescored/
PYTHONPATH=predictors/train:$S $py $S/compare_new_old.py $O/oof-new/oof.csv $O/cur-rescored/rescored.csv.gz
# 3. The table (the small runtime model, to fit the cap), then the format models of the real corpus added.
$py $S/train_small_runtime.py train --measurements $R $G --max-model-bytes 200000 --arch h100 \
    --tuning-dir tuning_data/h100 --out $O/final/model.json --report $O/final/models.md
$py -m aspmv_train format-table --measurements $R --arch h100 --table $O/final/model.json \
    --out $O/final/model-with-formats.json
