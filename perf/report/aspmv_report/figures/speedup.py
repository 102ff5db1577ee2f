"""Per-matrix speedup over CSR-vector with a fixed TpR, sorted (Gao Figs. 8 and 11)."""
from __future__ import annotations

import pandas as pd

from matplotlib import ticker

from aspmv_report.figures.style import COLORS, MARKERS, legend_outside, new_figure, plain_log_ticks, save


def plot(speedups: pd.DataFrame, sort_by: str, baseline: str, out_dir, slug, sources):
    """speedups: matrix x method. Matrices sorted by ``sort_by``'s speedup (ascending)."""
    order = speedups.sort_values([sort_by], kind="mergesort").index
    fig, ax = new_figure(8.0, 4.8)
    x = range(len(order))
    size = 4 if len(order) <= 200 else 2
    for i, method in enumerate(speedups.columns):
        sorted_series = method == sort_by  # monotonic: drawn as a line on top of the markers
        ax.plot(x, speedups.loc[order, method], linestyle="-" if sorted_series else "none",
                marker="none" if sorted_series else MARKERS[i % len(MARKERS)], color=COLORS[i % len(COLORS)],
                markersize=size, linewidth=2.0, label=method, alpha=1.0 if sorted_series else 0.7,
                zorder=3 if sorted_series else 2)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    plain_log_ticks(ax.yaxis)
    ax.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    ax.set_xlabel(f"matrix rank (sorted by the speedup of {sort_by})")
    ax.set_ylabel(f"speedup over {baseline}")
    ax.set_title(f"Speedup over {baseline} per matrix")
    legend_outside(ax)
    caption = f"Speedup of each method over {baseline}, one marker per matrix, sorted by {sort_by}."
    return save(fig, out_dir, slug, "speedup_per_matrix", caption, sources)
