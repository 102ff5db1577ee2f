#!/usr/bin/env python3
"""Out-of-fold picks (an oof.csv of aspmv_train oof, or rescore_old.py's CSV) scored on the 2026-12-02 timings with
and without a guard on the known path: where the plan did not gather row statistics, picked a row-bound kernel
(csr_scalar, csr_vector, csr_delta: KernelTraits::row_bound) and m, n, nnz cannot rule out skew
(min(n, nnz) > 4 x max(mean, 1), the drop-in's rule until 2026-12-02), vector_split runs instead (the
drop-in's kernel: rows over a chunk shared by every warp; no analysis). Scoring as aspmv_train oof (100 calls,
analysis and gathering amortized).

    PYTHONPATH=predictors/train python3 known_path_guard.py NAME=CSV [NAME=CSV ...] -- FOLDER...
"""
import sys

import pandas as pd

from aspmv_train.metrics import gm
from timings import Timings

ROW_BOUND = ("csr_scalar", "csr_vector", "csr_delta")
sep = sys.argv.index("--")
runs = [a.split("=", 1) for a in sys.argv[1:sep]]
t = Timings(sys.argv[sep + 1:])
F = t.F


def rules_out_skew(i):
    rows, cols, nnz = (float(F.iloc[i][k]) for k in ("rows", "cols", "nnz"))
    if rows == 0 or nnz == 0:
        return True
    return min(cols, nnz) <= 4.0 * max(nnz / rows, 1.0)


for name, path in runs:
    d = pd.read_csv(path)
    if "precision" in d.columns:
        d = d[d["precision"] == "double"]
    d = d[d["counted"] & d["matrix"].isin(t.row.keys())]
    for guarded in (False, True):
        score, fired = [], 0
        for _, r in d.iterrows():
            i, choice, gathered = t.row[r["matrix"]], r["choice"], bool(r["gathered"])
            if guarded and not gathered and choice.split("/")[0] in ROW_BOUND and not rules_out_skew(i):
                choice, fired = "vector_split", fired + 1
            score.append(t.oracle[i] / t.cost(i, choice, gathered))
        d["s"] = score
        for s in ("real", "real-derived"):
            x = d[d["set"] == s]
            print(f"{name:10s} {'guard' if guarded else 'as is':6s} {s:13s} n={len(x)} gm {gm(x['s']):.3f} "
                  f"min {x['s'].min():.3f} ({x.loc[x['s'].idxmin(), 'matrix']}) <0.5 {int((x['s'] < 0.5).sum())} "
                  f">0.8 {100 * float((x['s'] > 0.8).mean()):.1f} %" + (f" fired {fired}" if guarded else ""))
