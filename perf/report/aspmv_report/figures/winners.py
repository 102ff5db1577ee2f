"""Which kernel wins where (Seer Fig. 1): nnz against row-length imbalance, coloured by winner."""
from __future__ import annotations

import pandas as pd

from aspmv_report.figures.style import COLORS, MARKERS, legend_outside, new_figure, plain_log_ticks, save


def plot(frame: pd.DataFrame, y_label: str, out_dir, slug, sources):
    """frame: columns nnz, y, winner (kernel family), one row per matrix."""
    fig, ax = new_figure()
    for i, (winner, part) in enumerate(sorted(frame.groupby("winner"), key=lambda kv: kv[0])):
        ax.scatter(part["nnz"], part["y"], s=18, marker=MARKERS[i % len(MARKERS)], color=COLORS[i % len(COLORS)],
                   label=f"{winner} ({len(part)})", alpha=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    plain_log_ticks(ax.yaxis)
    ax.set_xlabel("nnz")
    ax.set_ylabel(y_label)
    ax.set_title("Fastest kernel per matrix")
    legend_outside(ax, title="fastest kernel")
    caption = f"Fastest kernel (oracle over everything) per matrix: nnz against {y_label} (features.csv)."
    return save(fig, out_dir, slug, "winner_map", caption, sources)
