#!/usr/bin/env python3
"""Per matrix, new / old oracle ratio (the retrained table's oof.csv against rescore_old.py's CSV of the current
table's picks, the same 2026-12-02 timings), its geometric mean and a 95 % group bootstrap interval (groups resampled,
2,000 draws, seed 2026), per set.

    python3 compare_new_old.py NEW_OOF_CSV OLD_RESCORED_CSV
"""
import sys

import numpy as np
import pandas as pd

new = pd.read_csv(sys.argv[1])
new = new[new["counted"]].set_index("matrix")
old = pd.read_csv(sys.argv[2]).set_index("matrix")
rng = np.random.default_rng(2026)
for s in ("real", "real-derived"):
    d = new[(new["set"] == s) & new.index.isin(old.index)].copy()  # the matrices both scored
    d["ratio"] = d["vs_oracle"] / old.loc[d.index, "vs_oracle"]
    lr = np.log(d["ratio"])
    groups = d["group"].unique()
    by = {g: lr[d["group"] == g].to_numpy() for g in groups}
    draws = []
    for _ in range(2000):
        pick = rng.choice(groups, size=len(groups), replace=True)
        v = np.concatenate([by[g] for g in pick])
        draws.append(v.mean())
    lo, hi = np.exp(np.percentile(draws, [2.5, 97.5]))
    print(f"{s}: n={len(d)}, groups {len(groups)}: new/old gm {np.exp(lr.mean()):.3f} [{lo:.3f}, {hi:.3f}]; "
          f"new better by > 2 % on {int((d['ratio'] > 1.02).sum())}, worse by > 2 % on {int((d['ratio'] < 1 / 1.02).sum())}")
