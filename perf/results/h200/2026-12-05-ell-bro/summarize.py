#!/usr/bin/env python3
"""ELL-BRO on the GPU against the other kernels of the same bench runs (calls 1 and 2 of this folder):
per precision and set (the shared real matrices, the generated ones), the geometric mean of other / ell_bro time
(above 1: ELL-BRO faster), the best such ratio and the matrices where ELL-BRO beats every other method.
    $(scripts/python_env.sh) perf/results/h200/2026-12-05-ell-bro/summarize.py   (numpy, pandas)"""
import re
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
FILES = {"double": ["call1/bench_double.csv"], "float": ["call1/bench_float.csv", "call2/bench_float.csv"]}


def kind(method: str) -> str:
    m = re.sub(r"<.*>", "", method)
    return "cusparse" if m.startswith("cusparse") else m


def gm(x) -> float:
    x = x.dropna()
    return float(np.exp(np.log(x).mean())) if len(x) else float("nan")


print("| precision | set | matrices | ell_bro ran | csr_scalar / ell_bro | sell / | csr_delta / | cuSPARSE best / "
      "| best other / | max (matrix) | ell_bro fastest |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for prec, files in FILES.items():
    d = pd.concat([pd.read_csv(HERE / f) for f in files])
    d = d[d.ok == 1].assign(kind=lambda t: t.method.map(kind))
    t = d.groupby(["matrix", "kind"]).time_s.min().unstack()
    real = t.index.str.endswith(".mtx.xz")
    for name, sel in (("real", real), ("generated", ~real)):
        s = t[sel]
        best = s.drop(columns=["ell_bro"]).min(axis=1) / s.ell_bro
        cols = [gm(s[k] / s.ell_bro) for k in ("csr_scalar", "sell", "csr_delta", "cusparse")]
        print(f"| {prec} | {name} | {len(s)} | {int(s.ell_bro.notna().sum())} | "
              + " | ".join(f"{c:.3f}" for c in cols)
              + f" | {gm(best):.3f} | {best.max():.3f} ({best.idxmax()}) | {int((best > 1).sum())} |")
