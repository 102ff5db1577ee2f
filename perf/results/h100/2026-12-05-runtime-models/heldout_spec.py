#!/usr/bin/env python3
"""The generated held-out fold as a collector spec: the generated matrices of the H100 collection
(tuning_data/h100/measurements/2026-12-02-generated-*, which ran the specs of tuning_data/h200/measurements/
2026-12-02-generated-{a,b}) whose lineage the trainer's split (aspmv_train.split.make_split, seed 2026, 5 folds) puts
into fold 0, the test split no model is trained on, in the order of those specs.

    PYTHONPATH=predictors/train python3 perf/results/h100/2026-12-05-runtime-models/heldout_spec.py OUT.txt
"""
import sys
from pathlib import Path

import pandas as pd

from aspmv_train import split

M = Path("tuning_data/h100/measurements")
folders = sorted(M.glob("2026-12-02-generated-*"))
F = pd.concat([pd.read_csv(f / "features.csv.gz", index_col="matrix") for f in folders])
F = F[~F.index.duplicated()]
s = split.make_split(F, shared_real=[], seed=2026, k=5)
test = set(s.test)
lines = []
for part in "ab":
    spec = Path(f"tuning_data/h200/measurements/2026-12-02-generated-{part}/corpus-spec.txt")
    for line in spec.read_text().splitlines():
        name = line.split("#")[0].strip()
        if name and name in test and name not in lines:
            lines.append(name)
Path(sys.argv[1]).write_text(
    "# The generated held-out fold (fold 0 of aspmv_train.split, seed 2026, k 5) of the H100 collection "
    f"2026-12-02-generated-*: {len(lines)} of {len(F)} matrices\n" + "\n".join(lines) + "\n")
print(f"{len(lines)} held-out of {len(F)} generated matrices ({len(test)} in fold 0)")
