"""The table's ``runtime`` model (issue 20, item 4): the predicted time per call
of each kernel configuration the kernel_gathered model chooses among, from
the same gathered features (Lehnert §4's per-configuration regressions as one
boosted model per configuration).

It does not choose: the out-of-fold study (runtime_models.py,
docs/studies/h100/runtime/) found the classifier as good a selector on real
matrices (78.8 % of picks within 5 % against 75.4 % for least predicted
time). make_plan attaches it to every plan that gathered row statistics
(PlanSummary::forecast(), evaluated only when asked) and Plan::describe()
prints the predicted time of the pick and of the best-predicted alternative,
so a user sees how close the runner-up is expected to be.

Targets: ln(seconds per call) of each configuration (the collector's
time_s). Model: one LightGBM regressor per configuration on the raw feature
values (a tree does not care for monotone transforms of its inputs), fitted
on the training folds; the scores in the table are held-out (fold 0). In the
table the trees are negated ("-runtime" algorithm: score = -ln seconds, so the
evaluator's largest score is the fastest configuration and exp(-score) is the
predicted time).
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from aspmv_train import export
from aspmv_train.candidates import THREADS

ALGORITHM = "lightgbm-runtime"
PARAMS = {"n_estimators": 25, "num_leaves": 15, "learning_rate": 0.15, "min_data_in_leaf": 5}
PARAMS_QUICK = {"n_estimators": 8, "num_leaves": 7, "learning_rate": 0.3, "min_data_in_leaf": 3}


def fit(X: np.ndarray, T: np.ndarray, train: np.ndarray, seed: int, quick: bool = False, params=None) -> list:
    """One booster per column of T (seconds per call, matrices x configurations), on the rows in `train` where the
    configuration was measured; ln seconds as the target. ``params``: other hyper-parameters than PARAMS."""
    import lightgbm as lgb
    p = dict(PARAMS_QUICK if quick else (params or PARAMS))
    rounds = p.pop("n_estimators")
    params = {"objective": "regression", "num_threads": THREADS, "seed": seed, "deterministic": True,
              "force_row_wise": True, "verbosity": -1, **p}
    boosters = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for j in range(T.shape[1]):
            ok = train & np.isfinite(T[:, j]) & (T[:, j] > 0)
            if ok.sum() < 2:
                raise ValueError(f"runtime model: configuration {j} measured on {int(ok.sum())} training matrices")
            d = lgb.Dataset(X[ok], label=np.log(T[ok, j]), params={"verbosity": -1})
            boosters.append(lgb.train(params, d, num_boost_round=rounds))
    return boosters


def predict_seconds(boosters, X: np.ndarray) -> np.ndarray:
    return np.exp(np.column_stack([b.predict(X) for b in boosters]))


def scores(P: np.ndarray, T: np.ndarray, mask: np.ndarray, classes: list) -> dict:
    """Held-out quality as Lehnert reports it: relative error |predicted - measured| / measured per configuration
    (median, mean), and the share of matrices whose least-predicted configuration is within 5 %, 5-20 % and beyond
    20 % of the measured best."""
    P, T = P[mask], T[mask]
    per = {}
    rel_all = []
    for j, c in enumerate(classes):
        ok = np.isfinite(T[:, j]) & (T[:, j] > 0)
        rel = np.abs(P[ok, j] - T[ok, j]) / T[ok, j]
        rel_all.append(rel)
        per[c] = {"median_rel_error_pct": 100.0 * float(np.median(rel)) if len(rel) else math.nan,
                  "mean_rel_error_pct": 100.0 * float(np.mean(rel)) if len(rel) else math.nan}
    rel = np.concatenate(rel_all) if rel_all else np.array([])
    Tm = np.where(np.isfinite(T) & (T > 0), T, np.inf)
    pick = np.argmin(np.where(np.isfinite(Tm), P, np.inf), axis=1)
    ratio = Tm[np.arange(len(Tm)), pick] / Tm.min(axis=1)
    return {"split": "held-out", "n": int(len(T)),
            "median_rel_error_pct": 100.0 * float(np.median(rel)) if len(rel) else math.nan,
            "mean_rel_error_pct": 100.0 * float(np.mean(rel)) if len(rel) else math.nan,
            "pick_within_5pct": 100.0 * float(np.mean(ratio <= 1.05)),
            "pick_5_to_20pct": 100.0 * float(np.mean((ratio > 1.05) & (ratio <= 1.2))),
            "pick_beyond_20pct": 100.0 * float(np.mean(ratio > 1.2)),
            "per_configuration": per}


def model(X: np.ndarray, T: np.ndarray, fold: np.ndarray, features: list, classes: list, seed: int,
          quick: bool = False) -> dict:
    """The table's runtime model (trained without fold 0, scored on it)."""
    boosters = fit(X, T, fold != 0, seed, quick)
    body = export.negated(export.lightgbm_regressors(boosters))
    m = {"algorithm": ALGORITHM, "features": list(features), "classes": list(classes), **body}
    m["scores"] = scores(predict_seconds(boosters, X), T, fold == 0, classes)
    return m
