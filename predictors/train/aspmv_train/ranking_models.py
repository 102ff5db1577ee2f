"""A runtime kind that learns how a matrix's alternatives compare, not how long the matrix takes (issue 22).

The selection (format_choice.py) picks the alternative of least predicted preprocessing + N x time. An error that
every alternative of a matrix shares (its size, its launch floor, the session it was timed in) moves all of its
predicted costs by one factor and cannot change the pick, yet the per-alternative regressions of log(time) spend
their trees on it. ``lightgbm_relative`` regresses every target relative to one reference measured on every
matrix: ln(t_alt / t_ref) and ln(preprocessing_alt / t_ref), with t_ref the least time per call over the reference
alternatives (in the study the CSR labels, so t_ref is format_table.py's BEST_CSR yardstick). preprocessing +
N x time is then t_ref x (its relative preprocessing + N x its relative time): the ranking reads the relative
boosters alone. One more booster predicts ln t_ref, so that the kind answers ln seconds as the others do (the
study's relative errors, the plan's predicted time); its error is common to every column and leaves the pick as
it is.

Learner: one LightGBM regressor per target (runtime_table.fit) on the raw features, as the ``lightgbm`` kind, with
PARAMS: the L1 loss (the conditional median: a few noisy timings do not pull a leaf) and more, smaller steps
than the table's 16 (relative differences are small). Out of fold on the H100 2026-12-02 collection the relative
target is what moved the ranking; the loss and the steps were the best of the variants tried there
(docs/studies/h100/runtime-models/regressions-ranking/README.md).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from aspmv_train import runtime_table

PARAMS = {"n_estimators": 100, "num_leaves": 15, "learning_rate": 0.05, "min_data_in_leaf": 5, "objective": "l1"}
PARAMS_QUICK = {"n_estimators": 20, "num_leaves": 7, "learning_rate": 0.2, "min_data_in_leaf": 3, "objective": "l1"}


def booster(Z, y, ok, seed: int, quick: bool, params: dict):
    """One LightGBM regressor of the ln-target y on the rows ``ok`` (runtime_table.fit), None where fewer than 2."""
    if ok.sum() < 2:
        return None
    return runtime_table.fit(Z, np.exp(y[:, None]), ok, seed, quick, params)[0]


def predict_or_nan(b, Z) -> np.ndarray:
    """A booster's prediction, NaN where there is no booster."""
    return b.predict(Z) if b is not None else np.full(len(Z), np.nan)


class BoosterKind:
    """A kind of LightGBM boosters on the raw features with inner cross-validated predictions (format_choice's
    margin): fitted on every row, and once per inner fold without it for ``cv_pred``. A subclass says what one fit
    is (``_fit(Z, Y, train)``: its models on the rows ``train``), how they predict (``_predict(models, Z)``: ln
    seconds, Y's columns) and what every fit shares (``_prepare(Y)``, which also sets ``info``)."""
    raw_features = True  # trees: a monotone transform of an input changes nothing

    def _prepare(self, Y):
        self.info = {}

    def fit(self, Z, Y, fold, names=None):
        self._prepare(Y)
        self.models = self._fit(Z, Y, np.ones(len(Z), bool))
        self.cv_pred = np.full(Y.shape, np.nan)
        for f in np.unique(fold):
            te = fold == f
            self.cv_pred[te] = self._predict(self._fit(Z, Y, ~te), Z[te])
        return self

    def predict(self, Z):
        return self._predict(self.models, Z)


def reference_log_time(Y: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Per row the ln of the least time per call over the ``reference`` columns of Y's time half (NaN where one
    of them was not measured: np.min passes it on)."""
    return Y[:, :Y.shape[1] // 2][:, reference].min(axis=1)


class RelativeLightgbm(BoosterKind):
    """Targets relative to the least time over the reference alternatives (module docstring), one LightGBM
    regressor per target and one for the reference.

    Y as format_choice lays it out: L columns of ln(seconds per call), then L of ln(preprocessing seconds).
    ``reference``: a mask over the L alternatives, set by the caller before fit (format_choice: the CSR labels);
    None takes the time columns measured on every training matrix."""
    kind = "lightgbm_relative"

    def __init__(self, seed: int = 0, quick: bool = False):
        self.seed, self.quick = seed, quick
        self.params = PARAMS_QUICK if quick else PARAMS
        self.reference = None

    def _booster(self, Z, y, ok):
        return booster(Z, y, ok, self.seed, False, self.params)

    def _prepare(self, Y):
        L = Y.shape[1] // 2
        ref = (np.isfinite(Y[:, :L]).all(axis=0) if self.reference is None
               else np.asarray(self.reference, bool))
        if ref.shape != (L,) or not ref.any():
            raise ValueError(f"{self.kind}: no reference alternative among {L} (mask {ref.tolist()})")
        self.ref_cols = ref
        self.info = {"reference": [int(j) for j in np.flatnonzero(ref)]}

    def _fit(self, Z, Y, train):
        """(reference booster, one booster per column of Y relative to the reference) on the rows ``train``."""
        r = reference_log_time(Y, self.ref_cols)
        ok = train & np.isfinite(r)
        rel = Y - r[:, None]
        return (self._booster(Z, r, ok),
                [self._booster(Z, rel[:, j], ok & np.isfinite(rel[:, j])) for j in range(Y.shape[1])])

    @staticmethod
    def _predict(models, Z):
        ref, rel = models
        return predict_or_nan(ref, Z)[:, None] + np.column_stack([predict_or_nan(b, Z) for b in rel])


# The column structure relative to the matrix's width (features.csv's columns group: bandwidth, max_dist,
# min_dist): ratios a tree cannot form from its raw inputs. Study-only: a plan gathers no columns pass and reads
# those features as 0 (docs/MODEL_TABLES.md), so a kind that reads them is not one the model table can ship.
COLUMN_RATIOS = {"bandwidth_per_col": ("bandwidth", "cols"), "max_dist_per_col": ("max_dist", "cols"),
                 "min_dist_per_col": ("min_dist", "cols"), "max_dist_per_mean": ("max_dist", "mean")}


def column_ratios(F: pd.DataFrame, names=tuple(COLUMN_RATIOS)) -> np.ndarray:
    """Rows of F x ``names`` (COLUMN_RATIOS): numerator / denominator, 0 where the denominator is not positive.
    Raises where F lacks a column or one is not finite (a collection without the columns pass)."""
    cols = {c for n in names for c in COLUMN_RATIOS[n]}
    missing = sorted(cols - set(F.columns))
    if missing:
        raise ValueError(f"column ratios: features.csv lacks {', '.join(missing)} (the columns group)")
    V = {c: pd.to_numeric(F[c], errors="coerce").to_numpy(float) for c in cols}
    bad = sorted(c for c, v in V.items() if not np.isfinite(v).all())
    if bad:
        raise ValueError(f"column ratios: {', '.join(bad)} not finite on every matrix")
    out = []
    for n in names:
        a, b = (V[c] for c in COLUMN_RATIOS[n])
        out.append(np.divide(a, b, out=np.zeros(len(a)), where=b > 0))
    return np.column_stack(out) if out else np.zeros((len(F), 0))


class RelativeLightgbmColumns(RelativeLightgbm):
    """``lightgbm_relative`` that also reads COLUMN_RATIOS (issue 22, docs/studies/h100/runtime-models/
    regressions-2026-12-06b/): the caller (format_choice) appends ``extra_features``' columns, computed by
    column_ratios from the collection's features, to the known and row_stats ones. Out of fold on the H100
    2026-12-06 collection they moved the real-derived matrices (100 calls, within 5 %: 51.5 -> 68 %), whose
    misses the row statistics do not explain (their timings repeat within 1 %)."""
    kind = "lightgbm_relative_columns"
    extra_features = tuple(COLUMN_RATIOS)
