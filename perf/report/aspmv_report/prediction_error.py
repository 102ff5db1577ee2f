"""Runtime prediction error (Lehnert Fig. 1; Wang, Gu and Li Eq. 7).

For every measured configuration with a prediction:
D_r = |t_pred - t_meas| / t_meas (Wang-Gu-Li's "performance difference
rate", Lehnert's divergence). Reported per kernel (the papers' "format") as
median and mean in %, with the number of predictions.
"""
from __future__ import annotations

import pandas as pd


def difference_rate(t_pred: pd.Series, t_meas: pd.Series) -> pd.Series:
    """Per configuration |t_pred - t_meas| / t_meas."""
    return (t_pred - t_meas).abs() / t_meas


def error_table(rows: pd.DataFrame) -> pd.DataFrame:
    """rows: columns kernel, time_s, predicted_time_s (ok rows). Per kernel n, median and mean D_r (%)."""
    rows = rows.dropna(subset=["predicted_time_s"])
    d = 100.0 * difference_rate(rows["predicted_time_s"].astype(float), rows["time_s"].astype(float))
    grouped = d.groupby(rows["kernel"])
    table = pd.DataFrame({"n": grouped.size(), "median_Dr_pct": grouped.median(), "mean_Dr_pct": grouped.mean()})
    if len(d):
        table.loc["all"] = [len(d), d.median(), d.mean()]
    table["n"] = table["n"].astype(int)
    return table
