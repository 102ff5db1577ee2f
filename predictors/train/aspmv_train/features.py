"""The feature vocabulary of docs/MODEL_TABLES.md, its collection groups and their cost.

Groups (docs/COLLECTOR_FORMAT.md): known features are free (m, n, nnz and what
follows from them); the gathered ones come in three device passes, each timed
by the collector: row_stats (one reduction over the row offsets: min, max,
var and what derives from them; src/aspmv/features.hpp's row_stats, the pass a
plan runs), row_histogram (mode, median) and columns (gaps, bandwidth). A
model's feature-collection cost is the sum of the times of the groups its
features need.
"""
from __future__ import annotations

import pandas as pd

KNOWN = ("rows", "cols", "nnz", "mean", "density")
GROUPS = {
    "known": ("rows", "cols", "nnz", "mean", "density", "sqrt_mean"),
    "row_stats": ("min", "max", "var", "max_mu", "cov", "dispersion",
                  "density_min", "density_max", "density_mean", "density_var"),
    "row_histogram": ("mode", "median"),
    "columns": ("min_dist", "max_dist", "bandwidth"),
}
GROUP_TIME = {"row_stats": "time_row_stats_s", "row_histogram": "time_row_histogram_s",
              "columns": "time_columns_s"}
CONTEXT = ("calls",)
VOCABULARY = tuple(n for g in GROUPS.values() for n in g) + CONTEXT

# Gao Table 2's eleven features (global and per-block TpR).
GAO = ("rows", "cols", "nnz", "density", "min", "max", "mean", "var", "max_mu", "sqrt_mean", "cov")
# Known + the row_stats pass (what a plan gathers).
ROW_STATS = KNOWN + ("sqrt_mean",) + GROUPS["row_stats"]
# Every feature of features.csv.
ALL = KNOWN + ("sqrt_mean",) + GROUPS["row_stats"] + GROUPS["row_histogram"] + GROUPS["columns"]

GROUP_OF = {n: g for g, names in GROUPS.items() for n in names}


def groups_needed(names) -> list[str]:
    """The gathered groups a feature list needs, in GROUP_TIME order."""
    need = {GROUP_OF[n] for n in names if n in GROUP_OF}
    return [g for g in GROUP_TIME if g in need]


def collection_cost(features: pd.DataFrame, names) -> pd.Series:
    """Per matrix: seconds to gather ``names`` (0 for known features only)."""
    cost = pd.Series(0.0, index=features.index)
    for g in groups_needed(names):
        cost = cost + features[GROUP_TIME[g]].astype(float)
    return cost


def matrix(features: pd.DataFrame, names) -> pd.DataFrame:
    """The feature columns ``names`` as float64, in that order."""
    missing = [n for n in names if n not in features.columns]
    if missing:
        raise KeyError(f"features missing: {missing}")
    return features[list(names)].astype(float)
