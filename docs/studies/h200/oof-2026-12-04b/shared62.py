#!/usr/bin/env python3
"""The out-of-fold picks of models-2026-12-04b.md restricted to the 62 shared real matrices (../shared/matrices/real
and real2): the retrained table (new/oof.csv.gz) and the replaced one (cur-rescored/rescored.csv.gz), at 100 calls
against the oracle and against the best cuSPARSE algorithm (its setup amortized the same way), from the collection's
timings.

    python3 docs/studies/h200/oof-2026-12-04b/shared62.py /work/shared/matrices   # -> shared62.txt
"""
import re
import sys
from pathlib import Path

import numpy as np
import pandas as pd

here = Path(__file__).parent
shared = Path(sys.argv[1])
names = {re.sub(r"\.(mtx|rua)(\.gz|\.xz)?$", "", p.name) for d in ("real", "real2") for p in (shared / d).iterdir()
         if re.search(r"\.(mtx|rua)(\.gz|\.xz)?$", p.name)}
gm = lambda s: float(np.exp(np.log(s).mean()))
for label, f in (("retrained", here / "new/oof.csv.gz"), ("replaced", here / "cur-rescored/rescored.csv.gz")):
    d = pd.read_csv(f)
    x = d[d.matrix.isin(names) & (d.set == "real")]
    w = x.loc[x.vs_best_cusparse.idxmin()]
    print(f"{label}: {len(x)} matrices, vs oracle gm {gm(x.vs_oracle):.3f} (min {x.vs_oracle.min():.3f}), "
          f"vs best cuSPARSE gm {gm(x.vs_best_cusparse):.3f}x (min {w.vs_best_cusparse:.3f} {w.matrix}; "
          f"below 0.9: {int((x.vs_best_cusparse < 0.9).sum())})")
