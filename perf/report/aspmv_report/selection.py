"""Selection quality of a predictor against an oracle (Gao Table 4).

Notation (docs/METRICS.md): t_p the time of the predicted configuration,
t_s the oracle's time over the candidate set, t_k the time of configuration
k; n matrices.

- PLUB (%) = 100 * (1/n) * sum_i (t_p^i - t_s^i) / t_s^i            (Gao Eq. 4)
- PGO(k) (%) = 100 * (1/n) * sum_i (t_k^i - t_p^i) / t_p^i          (Gao Eq. 5)
- accuracy (%): share of matrices where the prediction is the oracle's
  choice (Gao 5.2.1). A predictor with a configuration is right when its
  label is a candidate whose time equals t_s (ties count); a time-based
  predictor without one (aspmv_auto) is right when t_p == t_s.
- relaxed accuracy (%): share of matrices with per-matrix PLUB <= 2 %
  (Gao Table 9, "the proportion of matrices whose PLUB is in [0, 2 %]").
- kernel match (%): share where the predictor's kernel is the oracle's
  kernel (for aspmv_auto: features.csv ``auto_kernel``); an extra column,
  meaningful for the multi-kernel candidate sets.
Per-matrix percentages are rounded to 9 decimals before a threshold is
applied, so 16.32 vs 16 counts as exactly 2 %.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from aspmv_report.labels import kernel_of

RELAXED_PLUB_PCT = 2.0
ROUND_DECIMALS = 9


def loss_pct(t_p: pd.Series, t_s: pd.Series) -> pd.Series:
    """Per-matrix 100 * (t_p - t_s) / t_s (the summand of Gao Eq. 4)."""
    return (100.0 * (t_p - t_s) / t_s).round(ROUND_DECIMALS)


def plub(t_p: pd.Series, t_s: pd.Series) -> float:
    """PLUB (%) = 100 * mean((t_p - t_s) / t_s)  (Gao Eq. 4)."""
    return float(np.mean(100.0 * (t_p - t_s) / t_s)) if len(t_p) else float("nan")


def pgo(t_k: pd.Series, t_p: pd.Series) -> float:
    """PGO(k) (%) = 100 * mean((t_k - t_p) / t_p)  (Gao Eq. 5)."""
    return float(np.mean(100.0 * (t_k - t_p) / t_p)) if len(t_p) else float("nan")


def is_correct(pred: pd.DataFrame, best: pd.DataFrame, candidates, has_config: bool) -> pd.Series:
    """Per matrix: the prediction is (one of) the oracle's choice(s)."""
    same_time = pred["time"] == best["time"]
    if not has_config:
        return same_time
    return same_time & pred["label"].isin(set(candidates))


def accuracy(correct: pd.Series) -> float:
    """Share (%) of matrices predicted right."""
    return 100.0 * float(correct.mean()) if len(correct) else float("nan")


def relaxed_accuracy(loss: pd.Series) -> float:
    """Share (%) of matrices with per-matrix PLUB <= 2 % (negative losses count)."""
    return 100.0 * float((loss <= RELAXED_PLUB_PCT).mean()) if len(loss) else float("nan")


def kernel_match(pred_kernels: pd.Series, best: pd.DataFrame) -> float:
    """Share (%) of matrices whose predicted kernel is the oracle's kernel."""
    if not len(best):
        return float("nan")
    oracle_kernels = best["label"].map(kernel_of)
    return 100.0 * float((pred_kernels == oracle_kernels).mean())


def selection_row(pred: pd.DataFrame, best: pd.DataFrame, candidates, has_config: bool,
                  pred_kernels: pd.Series, references: dict[str, pd.Series]) -> dict:
    """One row of Table 4: n, accuracy, relaxed accuracy, kernel match, PLUB, PGO per reference."""
    loss = loss_pct(pred["time"], best["time"])
    row = {
        "n": len(pred),
        "accuracy_pct": accuracy(is_correct(pred, best, candidates, has_config)),
        "relaxed_accuracy_pct": relaxed_accuracy(loss),
        "kernel_match_pct": kernel_match(pred_kernels, best),
        "PLUB_pct": plub(pred["time"], best["time"]),
    }
    for name, t_k in references.items():
        row[f"PGO({name})_pct"] = pgo(t_k, pred["time"])
    return row
