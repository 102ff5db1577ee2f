"""The feature vocabulary of docs/MODEL_TABLES.md, its collection groups and their cost.

Groups (docs/COLLECTOR_FORMAT.md): known features are free (m, n, nnz and what
follows from them); the gathered ones come in three device passes, each timed
by the collector: row_stats (one reduction over the row offsets: min, max,
var and what derives from them; src/aspmv/features.hpp's row_stats, the pass a
plan runs), row_histogram (mode, median) and columns (gaps, bandwidth). A
model's feature-collection cost is the sum of the times of the groups its
features need.

Device features (issue 20): the matrix against the device it was measured on,
from features.csv and the run's run.json ``device`` (compute_units,
simd_width, l2_cache_bytes) and ``precision`` (value_bytes 8 or 4), which
data.load puts beside every matrix (DEVICE_FACTS columns). They are computed
here in double with the operation order of src/aspmv/feature_set.hpp, so the
library's values are the same bits: known ``rows_per_cu`` = rows / cu,
``nnz_per_cu`` = nnz / cu, ``x_l2_ratio`` = (cols * value_bytes) / l2,
``mean_per_simd`` = (nnz / rows) / simd; row_stats ``max_cu_share`` =
(max * cu) / nnz, ``max_per_simd`` = max / simd; 0 where the divisor is 0.
(``mean_per_simd`` divides nnz / rows, as the library's RowStats::mean is,
not features.csv's rounded ``mean``.)
"""
from __future__ import annotations

import numpy as np
import pandas as pd

KNOWN = ("rows", "cols", "nnz", "mean", "density")
DEVICE_FACTS = ("compute_units", "simd_width", "l2_cache_bytes", "value_bytes")
DEVICE_KNOWN = ("rows_per_cu", "nnz_per_cu", "x_l2_ratio", "mean_per_simd")
DEVICE_ROW_STATS = ("max_cu_share", "max_per_simd")
DEVICE = DEVICE_KNOWN + DEVICE_ROW_STATS
_ROW_STATS = ("min", "max", "var", "max_mu", "cov", "dispersion",
              "density_min", "density_max", "density_mean", "density_var")
GROUPS = {
    "known": ("rows", "cols", "nnz", "mean", "density", "sqrt_mean") + DEVICE_KNOWN,
    "row_stats": _ROW_STATS + DEVICE_ROW_STATS,
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
ROW_STATS = KNOWN + ("sqrt_mean",) + _ROW_STATS
# Every feature of features.csv.
ALL = KNOWN + ("sqrt_mean",) + _ROW_STATS + GROUPS["row_histogram"] + GROUPS["columns"]
# The same with the device features each may read (the trainer offers both; its selection decides).
KNOWN_DEVICE = KNOWN + DEVICE_KNOWN
GAO_DEVICE = GAO + DEVICE
ROW_STATS_DEVICE = ROW_STATS + DEVICE
ALL_DEVICE = ALL + DEVICE


def value_bytes(precision: str) -> int:
    """sizeof(Value) of a run.json precision."""
    return 4 if str(precision) == "float" else 8


def device_facts(run: dict) -> dict:
    """The DEVICE_FACTS of a run.json (0 where it lacks one)."""
    dev = run.get("device", {}) or {}
    return {"compute_units": int(dev.get("compute_units", 0) or 0), "simd_width": int(dev.get("simd_width", 0) or 0),
            "l2_cache_bytes": int(dev.get("l2_cache_bytes", 0) or 0),
            "value_bytes": value_bytes(run.get("precision", "double"))}


def _div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a / b in double where b > 0, else 0."""
    out = np.zeros(np.broadcast(a, b).shape)
    np.divide(a, b, out=out, where=b > 0)
    return out


def add_device(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` (features.csv or blocks.csv rows with the DEVICE_FACTS columns) with the DEVICE columns added."""
    f64 = lambda c: df[c].to_numpy(dtype=np.float64)  # noqa: E731
    rows, cols, nnz, mx = f64("rows"), f64("cols"), f64("nnz"), f64("max")
    cu, simd, l2, vb = f64("compute_units"), f64("simd_width"), f64("l2_cache_bytes"), f64("value_bytes")
    out = df.copy()
    out["rows_per_cu"] = _div(rows, cu)
    out["nnz_per_cu"] = _div(nnz, cu)
    out["x_l2_ratio"] = _div(cols * vb, l2)
    out["mean_per_simd"] = _div(_div(nnz, rows), simd)
    out["max_cu_share"] = _div(mx * cu, nnz)
    out["max_per_simd"] = _div(mx, simd)
    return out

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
