"""The cpu-x86 format decision (format_table.py's models, SELL only) out-of-fold, with a margin.

    PYTHONPATH=predictors/train python docs/studies/cpu-x86/formats/avx512-2026-12-03/margin_scan.py \
        > docs/studies/cpu-x86/formats/avx512-2026-12-03/margin_scan.md

From the repository root, in the project's venv. The folds, the fit and the classes are format-table's
(`--formats sell`); a margin m converts only where the format's predicted cost x (1 + m) is below the best CSR
kernel's predicted cost. Per set and calls: over every matrix of the set, the measured cost of the best CSR kernel
(the class best_csr: the least time per call over the CSR kernels, no analysis) / the measured cost of the pick
(1 where it keeps CSR): the plan's gain from converting, were its CSR choice the best one.
"""
from pathlib import Path

import numpy as np

from aspmv_train import format_choice as fc
from aspmv_train import format_table as ft
from aspmv_train import runtime_table

REPO = Path(__file__).resolve().parents[5]
FOLDERS = [REPO / f"tuning_data/cpu-x86/measurements/2026-12-03-avx512-real-double-{p}-gpu-host-16-cores"
           for p in "abc"]
MARGINS = (0.0, 0.1, 0.2, 0.3, 0.5)


def main():
    cfg = ft.FormatTableConfig(measurements=FOLDERS, tuning_dir=REPO / "tuning_data/cpu-x86",
                               table=REPO / "tuning_data/cpu-x86/model.json", formats=("sell",), repo_root=REPO)
    base, mats, alt, c, names = ft._load(cfg, FOLDERS, lambda *_: None)
    X = base.F.loc[mats, names].to_numpy(float)
    fold = fc._fold_of(base.F, base.split.group, cfg.seed, cfg.folds, mats)
    Tp, Pp = np.full(c.T.shape, np.nan), np.full(c.P.shape, np.nan)
    for f in range(cfg.folds):
        test = fold == f
        tb, pb = ft.fit(X, c, ~test, cfg.seed)
        Tp[test], Pp[test] = runtime_table.predict_seconds(tb, X[test]), runtime_table.predict_seconds(pb, X[test])
    fam = base.F.loc[mats, "family"].astype(str).to_numpy()
    print("| set | calls | margin | converts | oracle converts (its gain, gm) | gain, gm over the set | min | converts that lose |")
    print("|---|---|---|---|---|---|---|---|")
    for sname in ("real", "real-derived"):
        idx = np.flatnonzero((fam == sname) & (fold >= 0))
        for N in (100.0, 1000.0):
            measured = fc.costs(c.T[idx], c.P[idx], N)
            ok = np.isfinite(c.T[idx]) & np.isfinite(c.P[idx])
            oracle = int((measured[:, 1:].min(axis=1) < measured[:, 0]).sum())
            oracle_gain = np.exp(np.log(measured[:, 0] / measured.min(axis=1)).mean())
            for m in MARGINS:
                pred = fc.costs(Tp[idx], Pp[idx], N)
                pred[:, 1:] *= 1.0 + m
                pred[~ok] = np.inf
                pick = pred.argmin(axis=1)
                gain = measured[:, 0] / measured[np.arange(len(idx)), pick]
                conv = pick > 0
                print(f"| {sname} ({len(idx)}) | {int(N)} | {m:.1f} | {int(conv.sum())} | {oracle} ({oracle_gain:.4f}) | "
                      f"{np.exp(np.log(gain).mean()):.4f} | {gain.min():.3f} | {int((gain[conv] < 1).sum())} |")


if __name__ == "__main__":
    main()
