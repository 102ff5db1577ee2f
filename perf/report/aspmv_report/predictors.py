"""Predictors: each maps a matrix to one measured time.

A predictor names, per matrix, the labels it may use and takes the fastest of
them; most name exactly one (a rule's ``csr_vector/tpr=N``, a fixed TpR,
``aspmv_auto``), "best cuSPARSE" names alg1 and alg2, an oracle names its
whole candidate set. ``has_config`` is False for predictors whose choice is
not a configuration of the candidate set (aspmv_auto is measured as its own
kernel): their accuracy compares times, not labels (see selection.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pandas as pd

from aspmv_report.labels import AUTO, CUSPARSE_ALGS, KOKKOS_KERNELS, tpr_label
from aspmv_report.timetable import take

# features.csv column of each literature TpR rule (Gao Eq. 1, Eq. 2; Kokkos Kernels).
RULE_COLUMNS = {
    "CUSP mean rule": "tpr_cusp_mean",
    "Reguly sqrt-mean rule": "tpr_reguly_sqrt_mean",
    "Kokkos Kernels rule": "tpr_kokkos_kernels",
}
# Short names for PGO columns (Gao's TpR_mean, TpR_SqMean; Kokkos Kernels).
RULE_SHORT = {"CUSP mean rule": "mean", "Reguly sqrt-mean rule": "sqmean", "Kokkos Kernels rule": "kk"}


@dataclass(frozen=True)
class Predictor:
    """name; needs(features row or None) -> labels or None (None: features missing)."""

    name: str
    needs: Callable[[pd.Series | None], tuple[str, ...] | None]
    has_config: bool = True
    uses_features: bool = False

    def static_labels(self) -> tuple[str, ...] | None:
        """Labels needed independent of features (None for feature-driven predictors)."""
        return None if self.uses_features else self.needs(None)


def fixed(name: str, label: str, has_config: bool = True) -> Predictor:
    """Always the configuration ``label`` (fixed TpR k, cusparse alg1, ...)."""
    return Predictor(name, lambda _f, _l=(label,): _l, has_config)


def min_of(name: str, labels: tuple[str, ...]) -> Predictor:
    """The fastest of ``labels`` (best cuSPARSE, an oracle used as a method)."""
    return Predictor(name, lambda _f, _l=tuple(labels): _l)


def rule(name: str, column: str) -> Predictor:
    """CSR-vector with the TpR that features.csv ``column`` holds for the matrix."""

    def needs(feat: pd.Series | None):
        if feat is None or column not in feat.index:
            return None
        value = pd.to_numeric(feat[column], errors="coerce")
        if pd.isna(value):
            return None
        return (tpr_label(int(value)),)

    return Predictor(name, needs, True, uses_features=True)


def literature_rules() -> list[Predictor]:
    return [rule(name, column) for name, column in RULE_COLUMNS.items()]


def standard_predictors(available: set[str], fixed_tprs: tuple[int, ...]) -> list[Predictor]:
    """The predictors of Table 4 whose labels the section has (in display order)."""
    out = literature_rules()
    out += [fixed(f"TpR={k}", tpr_label(k)) for k in fixed_tprs if tpr_label(k) in available]
    if AUTO in available:
        out.append(fixed("aspmv_auto", AUTO, has_config=False))
    algs = tuple(a for a in CUSPARSE_ALGS if a in available)
    if algs:
        out.append(min_of("best cuSPARSE", algs))
        out += [fixed(f"cuSPARSE {a.split('/')[1]}", a) for a in algs]
    if KOKKOS_KERNELS in available:
        out.append(fixed("Kokkos Kernels", KOKKOS_KERNELS))
    return out


def evaluate(predictor: Predictor, times: pd.DataFrame, features: pd.DataFrame,
             matrices: list[str]) -> pd.DataFrame:
    """Per matrix the chosen label and its time (``label``, ``time``); ties go to the first label named."""
    static = predictor.static_labels()
    if static is not None:
        sub = take(times, matrices, static)
        return pd.DataFrame({"label": sub.idxmin(axis=1) if len(matrices) else pd.Series(dtype=str),
                             "time": sub.min(axis=1).astype(float)}, index=pd.Index(matrices, name="matrix"))
    labels, values = [], []
    for m in matrices:
        feat = features.loc[m] if m in features.index else None
        needs = predictor.needs(feat)
        row = times.loc[m, list(needs)]
        best = min(needs, key=lambda l: (row[l], needs.index(l)))
        labels.append(best)
        values.append(float(row[best]))
    return pd.DataFrame({"label": labels, "time": values}, index=pd.Index(matrices, name="matrix"))
