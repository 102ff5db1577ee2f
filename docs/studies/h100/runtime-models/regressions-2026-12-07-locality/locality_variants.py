"""lightgbm_relative out of fold with column-locality features (issue 22), on the harness of
../regressions-2026-12-06b (its folds, sets and scoring, no inner cross-validation); appended to variants.txt:
    python locality_variants.py NAME [NAME ...]"""
import sys
from pathlib import Path

import numpy as np
import pandas as pd

import harness as H
import variants as V

HERE = Path(__file__).resolve().parent
F = V.F
L = pd.read_csv(HERE / "locality.csv.gz").set_index("matrix").reindex(F.index)
assert L.notna().all(axis=None), "locality features missing for some matrices"
cols = F["cols"].to_numpy(float)
mean = np.maximum(F["mean"].to_numpy(float), 1e-9)
LOC = {
    "gap_mean_per_col": L["gap_mean"] / cols,
    "band_mean_per_col": L["band_mean"] / cols,
    "lines8": L["lines8"],
    "lines32": L["lines32"],
    "drift_per_col": L["drift"] / cols,
    "reuse8": L["reuse8"],
    "reuse32": L["reuse32"],
    "span_per_len": L["span_ratio"] / mean,
    "log_gap_mean": np.log1p(L["gap_mean"]),
}
RATIOS = list(V.DER)
RATIOS.remove("csr_l2_ratio")


def X(loc=(), ratios=True):
    parts = [F[V.BASE].to_numpy(float)]
    if ratios:
        parts += [V.DER[n]().to_numpy(float) for n in RATIOS]
    parts += [np.asarray(LOC[n], float) for n in loc]
    return np.column_stack(parts)


def seeded(seed, x):
    """V.run with the booster's seed and bagging (subsample 0.8 every round) on: the spread of the seeds is
    the noise a feature set's score carries."""
    class Seeded(V.Variant):
        def __init__(self, _):
            super().__init__(seed)
    old = V.Variant
    V.Variant = Seeded
    try:
        return V.run("x", x, params={"bagging_fraction": 0.8, "bagging_freq": 1})
    finally:
        V.Variant = old


ALL = list(LOC)
LINES = ["lines8", "lines32", "reuse8", "reuse32"]
SPREAD = ["gap_mean_per_col", "band_mean_per_col", "drift_per_col", "span_per_len"]
VARIANTS = {
    "ratios": lambda: V.run("x", X()),
    "ratios+all": lambda: V.run("x", X(ALL)),
    "ratios+lines": lambda: V.run("x", X(LINES)),
    "ratios+spread": lambda: V.run("x", X(SPREAD)),
    "all_no_ratios": lambda: V.run("x", X(ALL, ratios=False)),
    "lines_no_ratios": lambda: V.run("x", X(LINES, ratios=False)),
    **{f"ratios+{n}": (lambda n=n: V.run("x", X([n]))) for n in LOC},
    "ratios+best3": lambda: V.run("x", X(["lines8", "lines32", "reuse8", "reuse32", "gap_mean_per_col", "drift_per_col"])),
    **{f"ratios_seed{k}": (lambda k=k: seeded(k, X())) for k in (1, 2, 3)},
    **{f"ratios+lines_seed{k}": (lambda k=k: seeded(k, X(LINES))) for k in (1, 2, 3)},
}

if __name__ == "__main__":
    for name in sys.argv[1:]:
        pred, s = VARIANTS[name]()
        line = f"{name:22s} | {H.fmt(H.score(V.d, pred))} | {s:.0f} s"
        print(line, flush=True)
        with open(HERE / "variants.txt", "a") as fh:
            fh.write(line + "\n")
