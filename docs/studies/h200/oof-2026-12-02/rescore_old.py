#!/usr/bin/env python3
"""The current h200 table's out-of-fold picks (docs/studies/h200/oof-2026-11-29/old/oof.csv.gz: per real and
real-derived matrix, the label its fold table chose and whether the plan gathered features), scored against new
timings of the same matrices: the 2026-12-02 re-collection, whose labels include vector_split and lrb. The picks
depend only on a matrix's features, not on its timings, so re-scoring them is what re-running that oof would give
on the new folders. Scoring as aspmv_train oof does (oof.plan_costs at 100 calls): (features if gathered +
preprocessing + 100 calls) / 100 against the oracle over every label at 100 calls; the feature cost is that of the
current table's kernel_gathered features (the fold tables' own lists are not stored).

    PYTHONPATH=predictors/train python3 docs/studies/h200/oof-2026-12-02/rescore_old.py OLD_OOF_CSV OUT_CSV FOLDER...
"""
import sys

import numpy as np
import pandas as pd

from aspmv_train import oof
from aspmv_train.metrics import gm
from timings import Timings

old_csv, out_csv, folders = sys.argv[1], sys.argv[2], sys.argv[3:]
t = Timings(folders)
costs = t.costs
old = pd.read_csv(old_csv)
old = old[old["precision"] == "double"].set_index("matrix")
out = []
for m, r in old.iterrows():
    if m not in t.row or r["choice"] not in t.label:
        continue
    i = t.row[m]
    c = t.cost(i, r["choice"], bool(r["gathered"]))
    out.append({"set": r["set"], "matrix": m, "nnz": int(r["nnz"]), "counted": bool(r["counted"]),
                "choice": r["choice"], "gathered": bool(r["gathered"]),
                "oracle_at_100": costs.labels[int(np.argmin(costs.at(oof.CALLS)[i]))],
                "vs_oracle": float(t.oracle[i] / c), "vs_best_cusparse": float(oof.cusparse_cost(costs, [i])[0] / c)})
df = pd.DataFrame(out)
df.to_csv(out_csv, index=False)
for s in ("real", "real-derived"):
    d = df[(df["set"] == s) & df["counted"]]
    print(f"{s}: n={len(d)} gm vs oracle {gm(d['vs_oracle']):.3f}, min {d['vs_oracle'].min():.3f} "
          f"({d.loc[d['vs_oracle'].idxmin(), 'matrix']}), below 0.5 {int((d['vs_oracle'] < 0.5).sum())}, "
          f"above 0.8 {100 * float((d['vs_oracle'] > 0.8).mean()):.1f} %, vs best cuSPARSE {gm(d['vs_best_cusparse']):.3f}")
print("labels:", len(costs.labels), "matrices:", len(costs.mats), "scored:", len(df))
