"""Speedups over baselines (Gao Tables 6, 8 and 10).

speedup_i = t_baseline^i / t_method^i per matrix;
AM = (1/n) sum_i speedup_i; GM = exp((1/n) sum_i ln speedup_i).
The baselines are CSR-vector with a fixed TpR (Gao: 16), the best cuSPARSE
algorithm and Kokkos Kernels (docs/METRICS.md).
"""
from __future__ import annotations

import numpy as np
import pandas as pd


def speedup(t_base: pd.Series, t_method: pd.Series) -> pd.Series:
    """Per-matrix t_base / t_method."""
    return t_base / t_method


def arithmetic_mean(s: pd.Series) -> float:
    return float(np.mean(s)) if len(s) else float("nan")


def geometric_mean(s: pd.Series) -> float:
    return float(np.exp(np.mean(np.log(s)))) if len(s) else float("nan")


def speedup_table(methods: dict[str, pd.Series], baselines: dict[str, pd.Series]) -> pd.DataFrame:
    """Rows (baseline, AM|GM), columns = methods (Gao Table 6/10 layout)."""
    rows, index = [], []
    for base_name, t_base in baselines.items():
        per = {name: speedup(t_base, t) for name, t in methods.items()}
        rows.append({name: arithmetic_mean(s) for name, s in per.items()})
        index.append((base_name, "AM"))
        rows.append({name: geometric_mean(s) for name, s in per.items()})
        index.append((base_name, "GM"))
    return pd.DataFrame(rows, index=pd.MultiIndex.from_tuples(index, names=["baseline", "mean"]),
                        columns=list(methods))
