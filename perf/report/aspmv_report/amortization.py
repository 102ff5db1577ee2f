"""Calls needed to amortize a kernel's preprocessing (Daga Fig. 13; Seer Fig. 7).

Against a baseline with preprocessing p_base and time per call t_base, a
kernel with p_k and t_k is ahead after n calls when
p_k + n t_k < p_base + n t_base, that is after
    n* = (p_k - p_base) / (t_base - t_k)   when t_k < t_base,
and never when t_k >= t_base. n* < 0 (cheaper and faster) is reported as 0.
The report's baseline is CSR-vector with the CUSP mean rule's TpR, whose
preprocessing is the row_stats feature pass (time_row_stats_s).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

NEVER = float("inf")
WITHIN = (1, 10, 100)


def calls_to_amortize(p_k: pd.Series, t_k: pd.Series, p_base: pd.Series, t_base: pd.Series) -> pd.Series:
    """Per matrix n* (inf = never, clipped at 0 below)."""
    gain = t_base - t_k
    n = (p_k - p_base) / gain.where(gain > 0)
    return n.clip(lower=0.0).fillna(NEVER).where(gain > 0, NEVER)


def summary(n_star: pd.Series) -> dict:
    """n, median n* (inf when most never amortize), share (%) within 1/10/100 calls and never."""
    out = {"n": int(len(n_star)), "median_calls": float(np.median(n_star)) if len(n_star) else float("nan")}
    for k in WITHIN:
        out[f"within_{k}_pct"] = 100.0 * float((n_star <= k).mean()) if len(n_star) else float("nan")
    out["never_pct"] = 100.0 * float(np.isinf(n_star).mean()) if len(n_star) else float("nan")
    return out
