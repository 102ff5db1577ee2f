#!/usr/bin/env python3
"""The rankers tried for issue 22's ranking target beside the kind kept (ranking_models.lightgbm_relative), out of
fold exactly as `aspmv_train formats` deals and scores (format_choice._fold_of, costs, choose; the H100 2026-12-02
folders of formats.md's command): per set (real >= 1000 nonzeros, real-derived, generated held out) and calls,
the share of picks within 5 % of the measured best, above 20 %, and the geometric mean of best / pick, with
formats. No inner cross-validation (the study's margin needs it; the picks do not), so a variant runs in
seconds to a minute on the 2-core build machine (about 10 minutes in all).
    PYTHONPATH=predictors/train ASPMV_TRAIN_THREADS=2 python \\
        docs/studies/h100/runtime-models/regressions-ranking/alternatives.py > \\
        docs/studies/h100/runtime-models/regressions-ranking/alternatives.txt"""
import sys
import time
import warnings
from pathlib import Path

import numpy as np

from aspmv_train import format_choice as fc
from aspmv_train import oof, runtime_table
from aspmv_train import runtime_models as rm

M = "tuning_data/h100/measurements/2026-12-02-"
REAL = [M + f"real-double-{p}" for p in ("a1", "a2", "b1", "b2", "c1", "c2")]
GEN = [M + f"generated-{p}" for p in ("a", "a-rest", "b", "b-rest")]
CALLS = (100.0, 1000.0)


def load():
    cfg = fc.FormatConfig(measurements=REAL + GEN, tuning_dir=Path("tuning_data/h100"), generated=tuple(GEN),
                          repo_root=Path("."))
    base = oof._trainer(oof.OofConfig(measurements=REAL + GEN, tuning_dir=cfg.tuning_dir, repo_root=Path(".")),
                        REAL + GEN, lambda *_: None)
    base.load()
    mats = list(base.times.time.index)
    alt = fc.alternatives(base.meas, base.times, mats)
    fold = fc._fold_of(base.F, base.split.group, cfg.seed, cfg.folds, mats,
                       fc.generated_heldout(cfg, REAL + GEN, base.split, mats))
    X = base.F.loc[mats, rm.feature_names(base.F.loc[mats])].to_numpy(float)
    fam = base.F.loc[mats, "family"].astype(str).to_numpy()
    nnz = base.F.loc[mats, "nnz"].to_numpy(float)
    sets = {"real": np.flatnonzero((fam == "real") & (fold >= 0) & (nnz >= 1000)),
            "real-derived": np.flatnonzero((fam == "real-derived") & (fold >= 0)),
            "generated (held out)": np.flatnonzero(fold == cfg.folds)}
    with np.errstate(divide="ignore", invalid="ignore"):
        Y = np.column_stack([np.where(alt.T > 0, np.log(alt.T), np.nan),
                             np.log(np.maximum(alt.P, rm.PRE_FLOOR_S))])
    return alt, fold, X, Y, sets


ALT, FOLD, X, Y, SETS = load()
L = len(ALT.labels)
CSR = ~ALT.is_format
RAN = np.isfinite(ALT.T) & np.isfinite(ALT.P)


def booster(Z, y, params, rounds, weight=None, categorical=(), group=None):
    import lightgbm as lgb
    p = {"objective": "regression", "num_threads": runtime_table.THREADS, "seed": 2026, "deterministic": True,
         "force_row_wise": True, "verbosity": -1, **params}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = lgb.Dataset(Z, label=y, weight=weight, group=group, categorical_feature=list(categorical) or "auto",
                        params={"verbosity": -1})
        return lgb.train(p, d, num_boost_round=rounds)


def per_column(Z, Y, params, rounds, weight=None):
    out = []
    for j in range(Y.shape[1]):
        ok = np.isfinite(Y[:, j])
        out.append(booster(Z[ok], Y[ok, j], params, rounds, None if weight is None else weight[ok]))
    return out


def rows(Z, k):
    """(matrix, column) rows: the features and the column's index (categorical)."""
    return np.column_stack([np.repeat(Z, k, axis=0), np.tile(np.arange(k), len(Z))])


SMALL = {"num_leaves": 15, "learning_rate": 0.05, "min_data_in_leaf": 5}
TABLE = {"num_leaves": 15, "learning_rate": 0.22, "min_data_in_leaf": 5}   # format_table.PARAMS: 16 rounds


def absolute(params, rounds):
    """ln(time) and ln(preprocessing) per column (the lightgbm kind's targets)."""
    def fit_predict(Ztr, Ytr, Zte, tr):
        return np.column_stack([b.predict(Zte) for b in per_column(Ztr, Ytr, params, rounds)])
    return fit_predict


def relative(params, rounds, ref="best_csr", real_weight=1.0):
    """Every column minus a reference: the least (best_csr) or the mean (gm) of the CSR labels' ln(time)."""
    def fit_predict(Ztr, Ytr, Zte, tr):
        r = Ytr[:, :L][:, CSR].min(axis=1) if ref == "best_csr" else Ytr[:, :L][:, CSR].mean(axis=1)
        w = np.where(FOLD[tr] >= 0, real_weight, 1.0)
        return np.column_stack([b.predict(Zte) for b in per_column(Ztr, Ytr - r[:, None], params, rounds, w)])
    return fit_predict


def pooled(params, rounds, with_pre=False):
    """One booster over (matrix, alternative) rows of the relative ln(time) (best CSR reference), the alternative
    a categorical input; the relative preprocessing per alternative (or in the same booster: with_pre)."""
    def fit_predict(Ztr, Ytr, Zte, tr):
        r = Ytr[:, :L][:, CSR].min(axis=1)
        k = 2 * L if with_pre else L
        y = (Ytr[:, :k] - r[:, None]).ravel()
        ok = np.isfinite(y)
        b = booster(rows(Ztr, k)[ok], y[ok], params, rounds, categorical=[Ztr.shape[1]])
        t = b.predict(rows(Zte, k)).reshape(len(Zte), k)
        if with_pre:
            return t
        pre = per_column(Ztr, Ytr[:, L:] - r[:, None], SMALL, 100)
        return np.column_stack([t] + [p.predict(Zte) for p in pre])
    return fit_predict


def scorer(objective, params, rounds):
    """Per calls N one booster over (matrix, alternative) rows scoring the alternative's measured cost at N:
    lambdarank (relevance 3/2/1/0: within 5 % / 20 % / 50 % / beyond, rows grouped by matrix), binary (within
    5 % of the best) or regret (ln cost / best, capped at ln 2); the pick is the best score."""
    def fit_scores(Ztr, Ytr, Zte, tr, N):
        C = fc.costs(ALT.T[tr], ALT.P[tr], N)
        reg = np.log(C / C.min(axis=1, keepdims=True))
        ok = np.isfinite(reg)
        if objective == "lambdarank":
            y = sum((reg <= np.log(g)).astype(int) for g in (1.05, 1.2, 1.5))
            p = {**params, "objective": "lambdarank", "label_gain": [0, 1, 3, 7], "lambdarank_truncation_level": 5}
            b = booster(rows(Ztr, L)[ok.ravel()], y.ravel()[ok.ravel()], p, rounds, categorical=[Ztr.shape[1]],
                        group=ok.sum(axis=1))
            return b.predict(rows(Zte, L)).reshape(len(Zte), L)
        y = (reg <= np.log(1.05)).astype(float) if objective == "binary" else np.minimum(reg, np.log(2.0))
        b = booster(rows(Ztr, L)[ok.ravel()], y.ravel()[ok.ravel()], {**params, "objective": objective}, rounds,
                    categorical=[Ztr.shape[1]])
        s = b.predict(rows(Zte, L)).reshape(len(Zte), L)
        return s if objective == "binary" else -s
    return fit_scores


def kind(name, reference=True):
    """A kind of format_choice.MODELS, without its inner cross-validation (one inner fold)."""
    def fit_predict(Ztr, Ytr, Zte, tr):
        m = fc.MODELS[name](2026, False)
        if reference and hasattr(m, "reference"):
            m.reference = CSR
        if not getattr(m, "raw_features", False):
            lf = rm.LogFeatures().fit(Ztr)
            Ztr, Zte = lf.transform(Ztr), lf.transform(Zte)
        if name == "linear":  # its forward selection cross-validates on the study's inner folds
            return m.fit(Ztr, Ytr, np.where(FOLD[tr] >= 0, FOLD[tr], 5)).predict(Zte)
        return _no_cv(m, Ztr, Ytr).predict(Zte)
    return fit_predict


def _no_cv(m, Z, Y):
    """fit without the inner cross-validation: the kinds' _fit on every row (ranking_models.BoosterKind's)."""
    m._prepare(Y)
    m.models = m._fit(Z, Y, np.ones(len(Z), bool))
    return m


def relative_kind(name):
    """A kind of format_choice.MODELS fitted on the targets relative to the best CSR label's ln(time)."""
    inner = kind(name)

    def fit_predict(Ztr, Ytr, Zte, tr):
        r = Ytr[:, :L][:, CSR].min(axis=1)
        return inner(Ztr, Ytr - r[:, None], Zte, tr)
    return fit_predict


def out_of_fold(fit_predict):
    P = np.full(Y.shape, np.nan)
    for f in range(int(FOLD.max()) + 1):
        te, tr = np.flatnonzero(FOLD == f), np.flatnonzero(FOLD != f)
        P[te] = fit_predict(X[tr], Y[tr], X[te], tr)
    return {N: fc.costs(np.exp(P[:, :L]), np.exp(P[:, L:]), N) for N in CALLS}


def out_of_fold_scores(fit_scores):
    S = {}
    for N in CALLS:
        S[N] = np.full((len(X), L), np.nan)
        for f in range(int(FOLD.max()) + 1):
            te, tr = np.flatnonzero(FOLD == f), np.flatnonzero(FOLD != f)
            S[N][te] = fit_scores(X[tr], Y[tr], X[te], tr, N)
        S[N] = -S[N]  # a cost: least is best
    return S


def figures(C):
    cells = []
    for N in CALLS:
        for s, idx in SETS.items():
            M = fc.costs(ALT.T[idx], ALT.P[idx], N)
            pick = fc.choose(np.where(np.isfinite(C[N][idx]), C[N][idx], np.inf), RAN[idx])
            r = M[np.arange(len(idx)), pick] / M.min(axis=1)
            cells.append((100 * np.mean(r <= 1.05), 100 * np.mean(r > 1.2), float(np.exp(-np.mean(np.log(r))))))
    return cells


def main():
    variants = [
        ("lightgbm (the table's kind: ln time, 16 rounds of 0.22, L2)", lambda: out_of_fold(kind("lightgbm"))),
        ("ln time, 100 rounds of 0.05, L2", lambda: out_of_fold(absolute(SMALL, 100))),
        ("ln time, 100 rounds of 0.05, L1", lambda: out_of_fold(absolute({**SMALL, "objective": "l1"}, 100))),
        ("relative to the CSR mean, 100 of 0.05, L2", lambda: out_of_fold(relative(SMALL, 100, "gm"))),
        ("relative to the best CSR, 16 of 0.22, L2", lambda: out_of_fold(relative(TABLE, 16))),
        ("relative to the best CSR, 100 of 0.05, L2", lambda: out_of_fold(relative(SMALL, 100))),
        ("the same, real and real-derived rows weighted 3x", lambda: out_of_fold(relative(SMALL, 100,
                                                                                          real_weight=3.0))),
        ("relative to the best CSR, 100 of 0.05, L1 (lightgbm_relative)",
         lambda: out_of_fold(kind("lightgbm_relative"))),
        ("relative to the CSR mean, 100 of 0.05, L1", lambda: out_of_fold(relative({**SMALL, "objective": "l1"},
                                                                                   100, "gm"))),
        ("linear (Lehnert), relative to the best CSR", lambda: out_of_fold(relative_kind("linear"))),
        ("pooled: one booster over (matrix, alternative), 63 leaves, 1000 of 0.05",
         lambda: out_of_fold(pooled({"num_leaves": 63, "learning_rate": 0.05, "min_data_in_leaf": 10}, 1000))),
        ("pooled, time and preprocessing in one booster",
         lambda: out_of_fold(pooled({"num_leaves": 63, "learning_rate": 0.05, "min_data_in_leaf": 10}, 1000,
                                    True))),
        ("lambdarank per calls, grouped by matrix, 31 leaves, 300 of 0.05",
         lambda: out_of_fold_scores(scorer("lambdarank", {"num_leaves": 31, "learning_rate": 0.05,
                                                          "min_data_in_leaf": 10}, 300))),
        ("binary 'within 5 % of the best' per calls, 31 leaves, 300 of 0.05",
         lambda: out_of_fold_scores(scorer("binary", {"num_leaves": 31, "learning_rate": 0.05,
                                                      "min_data_in_leaf": 10}, 300))),
        ("regret ln(cost / best) per calls, 31 leaves, 300 of 0.05",
         lambda: out_of_fold_scores(scorer("regression", {"num_leaves": 31, "learning_rate": 0.05,
                                                          "min_data_in_leaf": 10}, 300))),
    ]
    sets = list(SETS)
    print("Per calls and set: within 5 % / > 20 % / gm best over pick (with formats); sets: "
          + ", ".join(f"{s} ({len(SETS[s])})" for s in sets) + "; the mean of the six within-5 % shares last.\n")
    for name, run in variants:
        t0 = time.time()
        cells = figures(run())
        text = " | ".join(f"{int(N)}: " + ", ".join(f"{w:.1f} / {o:.1f} / {g:.3f}" for w, o, g in
                                                     cells[i * len(sets):(i + 1) * len(sets)])
                          for i, N in enumerate(CALLS))
        print(f"{name}: {text} | mean within 5 % {np.mean([c[0] for c in cells]):.1f} ({time.time() - t0:.0f} s)",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
