#!/usr/bin/env bash
# After call 1 (2026-12-05, eleventh session, 320 s on one H100): its real-corpus folders committed as
# tuning_data/h100/measurements/2026-12-05-strip-real-{a,b,c}; the h100 table's format models refitted on them, on
# the build machine (repository root):
#   bash perf/results/h100/2026-12-05-runtime-models/after.sh
# 1. The table's training folders (tuning_data/h100/measurements/2026-12-02-real-double-{a1,...,c2}, the binary of
#    e6a76fe) with sell, ell, jad, dia and csr_vector replaced by call 1's times (SELL's lanes of 2026-12-04 and ELL,
#    which runs the same code, changed since; DIA's conversion too; csr_vector runs 0.73x the base's time, the other
#    CSR kernels stay e6a76fe's) and ell_bro added (a kernel those folders lack), in the base units (yardstick
#    csr_scalar, whose drift is 0.98-0.99): build/remeasured/h100-formats/real-double-<part>.
# 2. The format models refitted on them into tuning_data/h100/model.json, with the decision's out-of-fold figures
#    at PlanOptions::format_margin's 0.5 and at 0 (docs/studies/h100/runtime-models/decision-2026-12-05).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
py=$(scripts/python_env.sh)
export PYTHONPATH=predictors/train
M=tuning_data/h100/measurements
out=${1:-build/remeasured/h100-formats}
R=()
for p in a1 a2 b1 b2 c1 c2; do
  "$py" -m aspmv_train remeasure --base "$M/2026-12-02-real-double-$p" --new "$M/2026-12-05-strip-real-${p%?}" \
    --kernels sell,ell,jad,dia,ell_bro,csr_vector --yardstick "csr_scalar:-" --out "$out/real-double-$p"
  R+=("$out/real-double-$p")
done
"$py" -m aspmv_train format-table --measurements "${R[@]}" --arch h100 --table tuning_data/h100/model.json \
  --out tuning_data/h100/model.json --oof-out docs/studies/h100/runtime-models/decision-2026-12-05
