"""Misprediction histograms over PLUB intervals (Gao Figs. 7 and 10)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from aspmv_report.figures.style import COLORS, legend_outside, new_figure, save


def plot(shares: pd.DataFrame, set_name: str, key: str, out_dir, slug, sources):
    """shares: predictor x interval, % of that predictor's mispredictions."""
    shares = shares.fillna(0.0)
    fig, ax = new_figure(8.0, 4.5)
    n = len(shares.index)
    width = 0.8 / max(n, 1)
    x = np.arange(len(shares.columns))
    for i, predictor in enumerate(shares.index):
        ax.bar(x + (i - (n - 1) / 2) * width, shares.loc[predictor].values, width, label=predictor,
               color=COLORS[i % len(COLORS)])
    ax.set_xticks(x, [f"{c} %" for c in shares.columns])
    ax.set_xlabel("PLUB interval")
    ax.set_ylabel("share of mispredictions (%)")
    ax.set_title(f"Mispredictions by PLUB interval, oracle over {set_name}")
    ax.grid(axis="x", visible=False)
    legend_outside(ax)
    caption = (f"Share of each predictor's mispredictions per PLUB interval (oracle over {set_name}); fixed TpRs "
               "and single cuSPARSE algorithms are in the table only.")
    return save(fig, out_dir, slug, key, caption, sources)
