"""Where a section's numbers come from: run.json fields and the corpus make-up."""
from __future__ import annotations

import pandas as pd


def _get(meta: dict, *path, default=""):
    node = meta
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def run_table(runs) -> pd.DataFrame:
    """One row per run folder, in command-line order: the run.json fields the report relies on."""
    rows = []
    for run in runs:
        m = run.meta
        timing = _get(m, "timing", default={}) or {}
        rows.append({
            "run": run.name,
            "device": _get(m, "device", "name"),
            "compute_capability": _get(m, "device", "compute_capability"),
            "backend": _get(m, "backend"),
            "execution_space": _get(m, "execution_space"),
            "precision": _get(m, "precision"),
            "aspmv_version": _get(m, "aspmv_version"),
            "commit": _get(m, "commit"),
            "date": _get(m, "date"),
            "host": _get(m, "host"),
            "kokkos_version": _get(m, "kokkos_version"),
            "copy_bandwidth_gbs": _get(m, "copy_bandwidth_gbs", default=float("nan")),
            "peak_bandwidth_gbs": _get(m, "device", "peak_bandwidth_gbs", default=float("nan")),
            "spec_path": _get(m, "spec", "path"),
            "spec_sha256": _get(m, "spec", "sha256"),
            "timing": ", ".join(f"{k}={timing[k]}" for k in sorted(timing)) if isinstance(timing, dict) else "",
        })
    return pd.DataFrame(rows).set_index("run")


def copy_bandwidth(runs) -> float:
    """The first run's measured copy bandwidth (GB/s), NaN when none."""
    for run in runs:
        value = _get(run.meta, "copy_bandwidth_gbs", default=None)
        if value not in (None, ""):
            return float(value)
    return float("nan")


def family_counts(features: pd.DataFrame) -> pd.DataFrame:
    """Matrices per generator family (``family`` of features.csv; ``real`` for real matrices)."""
    if "family" not in features.columns:
        return pd.DataFrame({"matrices": [len(features)]}, index=pd.Index(["(no family column)"], name="family"))
    counts = features["family"].fillna("(none)").value_counts().sort_index()
    table = counts.rename("matrices").to_frame()
    table.index.name = "family"
    table.loc["total"] = int(counts.sum())
    return table

