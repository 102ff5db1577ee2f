"""Out-of-fold harness for the real-derived diagnosis and the variants (issue 22): the data, folds, sets and
scoring of format_choice._evaluate_precision, without the margin's inner cross-validation.

    python harness.py prepare   # writes data.pkl (cache, not committed)
"""
from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import format_choice as fc
from aspmv_train import oof
from aspmv_train import runtime_models as rm
from aspmv_train.cli import repo_root

HERE = Path(__file__).resolve().parent
M = "tuning_data/h100/measurements/2026-12-06-"
REAL = [M + "all-real-a", M + "all-real-b", M + "all-real-c"]
GEN = [M + "generated-a", M + "generated-b"]
CACHE = HERE / "data.pkl"


def prepare():
    root = repo_root()
    cfg = fc.FormatConfig(measurements=REAL + GEN, tuning_dir=root / "tuning_data" / "h100", generated=tuple(GEN),
                          repo_root=root)
    (precision, folders), = oof.precisions(cfg.measurements).items()
    ocfg = oof.OofConfig(measurements=list(folders), tuning_dir=Path(cfg.tuning_dir), folds=cfg.folds,
                         seed=cfg.seed, quick=False, manifest=None, repo_root=root, min_nnz=cfg.min_nnz)
    base = oof._trainer(ocfg, folders, lambda *_: None)
    base.load()
    F = base.F
    mats = list(base.times.time.index)
    alt = fc.alternatives(base.meas, base.times, mats)
    heldout = fc.generated_heldout(cfg, folders, base.split, mats)
    fold = fc._fold_of(F, base.split.group, cfg.seed, cfg.folds, mats, heldout)
    names = rm.feature_names(F.loc[mats])
    with np.errstate(divide="ignore", invalid="ignore"):
        Y = np.column_stack([np.where(alt.T > 0, np.log(alt.T), np.nan),
                             np.where(np.isfinite(alt.P), np.log(np.maximum(alt.P, rm.PRE_FLOOR_S)), np.nan)])
    fam = F.loc[mats, "family"].astype(str).to_numpy()
    nnz = F.loc[mats, "nnz"].to_numpy(float)
    sets = {"real": np.flatnonzero((fam == "real") & (fold >= 0) & (nnz >= cfg.min_nnz)),
            "real-derived": np.flatnonzero((fam == "real-derived") & (fold >= 0)),
            "generated": np.flatnonzero(fold == cfg.folds)}
    d = dict(F=F.loc[mats].copy(), mats=mats, alt=alt, fold=fold, names=names, Y=Y, sets=sets,
             group=base.split.group.loc[mats].to_numpy(), folds=cfg.folds + 1, meas=base.meas.runtimes)
    CACHE.write_bytes(pickle.dumps(d))
    return d


def load():
    return pickle.loads(CACHE.read_bytes())


def oof_predict(d, make, X, log=True):
    """Per fold: make() fitted on the other folds' rows (and the guards), predicting the fold's."""
    Y, fold = d["Y"], d["fold"]
    pred = np.full(Y.shape, np.nan)
    for f in range(d["folds"]):
        te = fold == f
        if not te.any():
            continue
        t0 = time.time()
        m = make()
        if hasattr(m, "reference"):
            m.reference = ~d["alt"].is_format
        m.fit_plain(X[~te], Y[~te]) if hasattr(m, "fit_plain") else m.fit(X[~te], Y[~te])
        pred[te] = m.predict(X[te])
        if log:
            print(f"  fold {f}: {time.time() - t0:.1f} s", file=sys.stderr, flush=True)
    return pred


def score(d, pred, calls=(100.0, 1000.0), formats=True):
    """{(set, calls): (within 5 %, > 20 %, gm best/pick, ratios)}."""
    alt = d["alt"]
    L = len(alt.labels)
    ran = np.isfinite(alt.T) & np.isfinite(alt.P)
    out = {}
    for s, idx in d["sets"].items():
        for N in calls:
            Mc = fc.costs(alt.T[idx], alt.P[idx], N)
            C = fc.costs(np.exp(pred[idx, :L]), np.exp(pred[idx, L:]), N)
            allow = ran[idx] if formats else ran[idx] & ~alt.is_format[None, :]
            pick = fc.choose(C, allow)
            r = Mc[np.arange(len(idx)), pick] / Mc.min(axis=1)
            r = np.round(r, 12)
            out[(s, N)] = (100 * np.mean(r <= 1.05), 100 * np.mean(r > 1.2), float(np.exp(-np.mean(np.log(r)))), r,
                           pick)
    return out


def fmt(sc, calls=(100.0, 1000.0)):
    cells = []
    for N in calls:
        for s in ("real", "real-derived", "generated"):
            w, o, g = sc[(s, N)][:3]
            cells.append(f"{w:5.1f}/{o:4.1f}/{g:.3f}")
    return " | ".join(cells)


if __name__ == "__main__":
    if sys.argv[1:] == ["prepare"]:
        d = prepare()
        print({k: len(v) for k, v in d["sets"].items()}, len(d["names"]), d["names"])
