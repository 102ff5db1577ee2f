"""Overhead of predicting against trying every TpR (Gao Sec. 6.2).

T_naive = t_TpR2 + t_TpR4 + t_TpR8 + t_TpR16 + t_TpR32        (Gao Eq. 6)
T_ML    = t_calF + t_model + 5 * t_pred                         (Gao Eq. 7)
t_calF is the feature collection time of features.csv (collection_time_s
for aspmv_auto, time_row_stats_s for the literature rules, which read only
known and row_stats features); t_model, the inference time, is taken as 0:
the collector does not time inference. The ratio T_naive / T_ML > 1 means
predicting beats the naive walk over the first five calls.
"""
from __future__ import annotations

import pandas as pd

from aspmv_report.timetable import take

CALLS = 5
INFERENCE_S = 0.0


def t_naive(times: pd.DataFrame, matrices: list[str], labels) -> pd.Series:
    """Gao Eq. 6: one call with each TpR (``labels``: the TpR kernel's labels for TpR 2..32)."""
    return take(times, matrices, list(labels)).sum(axis=1)


def t_ml(t_features: pd.Series, t_pred: pd.Series, t_inference: float = INFERENCE_S) -> pd.Series:
    """Gao Eq. 7: features + inference + 5 calls of the predicted configuration."""
    return t_features + t_inference + CALLS * t_pred


def ratio_summary(naive: pd.Series, ml: pd.Series, t_features: pd.Series, t_pred: pd.Series) -> dict:
    """n, mean / median / min / max of T_naive / T_ML, and the mean feature cost in calls of t_pred."""
    ratio = naive / ml
    return {
        "n": int(len(ratio)),
        "mean_ratio": float(ratio.mean()),
        "median_ratio": float(ratio.median()),
        "min_ratio": float(ratio.min()),
        "max_ratio": float(ratio.max()),
        "mean_features_in_calls": float((t_features / t_pred).mean()),
    }
