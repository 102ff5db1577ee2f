"""Ranking quality of a runtime model (Lehnert et al., Sec. 4.3, Fig. 2).

Only for runs whose runtimes.csv has a ``predicted_time_s`` column. Per
matrix, the configurations with a prediction are ranked by it; the measured
time of the top-ranked one is compared with the best measured time over the
same configurations: divergence (%) = 100 (t_top - t_best) / t_best. The
share of matrices with a divergence <= 5 %, in (5, 20] % and > 20 % is
reported.
"""
from __future__ import annotations

import pandas as pd

BANDS = ("<=5%", "(5,20]%", ">20%")


def top_ranked(predicted: pd.DataFrame, measured: pd.DataFrame) -> pd.DataFrame:
    """Per matrix the top-ranked label, its measured time and the best measured time.

    Both frames are matrix x label with the same columns and no NaN.
    """
    top = predicted.idxmin(axis=1)
    t_top = pd.Series([measured.at[m, l] for m, l in top.items()], index=top.index, dtype=float)
    return pd.DataFrame({"label": top, "time": t_top, "best_time": measured.min(axis=1)})


def band_of(divergence_pct: float) -> str:
    if divergence_pct <= 5.0:
        return BANDS[0]
    return BANDS[1] if divergence_pct <= 20.0 else BANDS[2]


def ranking_quality(ranked: pd.DataFrame) -> dict:
    """n and the share (%) of matrices per divergence band (Lehnert Fig. 2)."""
    divergence = (100.0 * (ranked["time"] - ranked["best_time"]) / ranked["best_time"]).round(9)
    bands = divergence.map(band_of)
    n = len(ranked)
    return {"n": n, **{b: 100.0 * float((bands == b).sum()) / n if n else float("nan") for b in BANDS}}
