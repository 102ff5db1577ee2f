"""Effective bandwidth of the best kernels per matrix against nnz, with the copy roofline."""
from __future__ import annotations

import math

import pandas as pd

from aspmv_report.figures.style import COLORS, MARKERS, legend_outside, new_figure, save


def plot(nnz: pd.Series, series: dict[str, pd.Series], copy_gbs: float, out_dir, slug, sources):
    """series: name -> GB/s per matrix (same index as nnz)."""
    fig, ax = new_figure()
    for i, (name, gbs) in enumerate(series.items()):
        ax.plot(nnz.loc[gbs.index], gbs, linestyle="none", marker=MARKERS[i % len(MARKERS)],
                color=COLORS[i % len(COLORS)], markersize=4, label=name, alpha=0.8)
    if not math.isnan(copy_gbs):
        ax.axhline(copy_gbs, color="black", linestyle="--", linewidth=1.0,
                   label=f"copy bandwidth {copy_gbs:.0f} GB/s")
    ax.set_xscale("log")
    ax.set_xlabel("nnz")
    ax.set_ylabel("effective bandwidth (GB/s)")
    ax.set_title("Effective bandwidth of the fastest kernels")
    ax.set_ylim(bottom=0)
    legend_outside(ax)
    caption = ("Effective bandwidth (runtimes.csv gbs) of the fastest aspmv kernel and the faster cuSPARSE "
               "algorithm per matrix; dashed: the copy bandwidth measured in the run (run.json).")
    return save(fig, out_dir, slug, "bandwidth_vs_nnz", caption, sources)
