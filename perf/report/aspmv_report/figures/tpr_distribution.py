"""Distribution of the optimal TpR (Gao Fig. 3 for matrices, Fig. 5 for blocks)."""
from __future__ import annotations

import pandas as pd

from aspmv_report.figures.style import new_figure, save


def plot(counts: pd.Series, what: str, key: str, out_dir, slug, sources):
    """counts: TpR -> number of matrices (or blocks) for which it is fastest."""
    fig, ax = new_figure(6.5, 4.2)
    labels = [str(t) for t in counts.index]
    bars = ax.bar(labels, counts.values, color="tab:blue")
    ax.bar_label(bars, labels=[str(int(v)) for v in counts.values])
    ax.set_xlabel("optimal TpR")
    ax.set_ylabel(f"number of {what}")
    ax.set_title(f"Optimal TpR distribution ({what})")
    ax.grid(axis="x", visible=False)
    caption = f"Number of {what} for which each TpR is the fastest CSR-vector configuration."
    return save(fig, out_dir, slug, key, caption, sources)
