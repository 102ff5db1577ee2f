"""Predictors: each maps a matrix to one measured time.

A predictor names, per matrix, the labels it may use and takes the fastest of
them; most name exactly one (a rule's ``csr_vector/tpr=N``, a fixed TpR,
``aspmv_auto``), "best cuSPARSE" names alg1 and alg2, an oracle names its
whole candidate set. ``has_config`` is False for predictors whose choice is
not a configuration of the candidate set (aspmv_auto is measured as its own
kernel): their accuracy compares times, not labels (see selection.py).

Which kernel is the TpR kernel, which is the automatic choice and which are
vendors comes from run.json ``methods`` (methods.Registry). A vendor kernel
with one measured label is one predictor under its display name ("Kokkos
Kernels"); one with several is "best <name>" over them plus "<name> <config>"
for each ("best cuSPARSE", "cuSPARSE alg1", "cuSPARSE alg2").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pandas as pd

from aspmv_report.labels import config_of, kernel_of, tpr_label
from aspmv_report.methods import Registry
from aspmv_report.timetable import take

# features.csv column of each literature TpR rule (Gao Eq. 1, Eq. 2; Kokkos Kernels).
RULE_COLUMNS = {
    "CUSP mean rule": "tpr_cusp_mean",
    "Reguly sqrt-mean rule": "tpr_reguly_sqrt_mean",
    "Kokkos Kernels rule": "tpr_kokkos_kernels",
}
# Short names for PGO columns (Gao's TpR_mean, TpR_SqMean; Kokkos Kernels).
RULE_SHORT = {"CUSP mean rule": "mean", "Reguly sqrt-mean rule": "sqmean", "Kokkos Kernels rule": "kk"}
# How the report's tables and figures write a kernel's name. Presentation only: it decides
# nothing about which kernels exist, their family or order (run.json methods does), and a
# kernel not named here is written as it is.
DISPLAY_NAMES = {"csr_vector": "CSR-vector", "cusparse": "cuSPARSE", "kokkos_kernels": "Kokkos Kernels"}


def display_name(kernel: str) -> str:
    return DISPLAY_NAMES.get(kernel, kernel)


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


def rule(name: str, column: str, tpr_kernel: str) -> Predictor:
    """The TpR kernel (CSR-vector) with the TpR that features.csv ``column`` holds for the matrix."""

    def needs(feat: pd.Series | None):
        if feat is None or column not in feat.index:
            return None
        value = pd.to_numeric(feat[column], errors="coerce")
        if pd.isna(value):
            return None
        return (tpr_label(tpr_kernel, int(value)),)

    return Predictor(name, needs, True, uses_features=True)


def literature_rules(methods: Registry) -> list[Predictor]:
    return [rule(name, column, methods.tpr_kernel) for name, column in RULE_COLUMNS.items()]


def auto_predictors(methods: Registry, available) -> list[Predictor]:
    """The plan's automatic choice (family aspmv_auto), named by its kernel, when measured."""
    return [fixed(k, k, has_config=False) for k in methods.auto if k in available]


def vendor_predictors(methods: Registry, available, named=None) -> list[tuple[Predictor, list[Predictor]]]:
    """Per vendor kernel with measurements (registry order): its predictor and, when it has
    several configurations, one predictor per configuration. ``available``: labels with
    measurements; ``named``: labels with any runtimes.csv row (default ``available``), which
    decide between one predictor and "best" plus one per configuration, so that a configuration
    failing everywhere does not rename the others."""
    named = available if named is None else named
    out = []
    for kernel in methods.vendors:
        labels = tuple(l for l in methods.sort_labels(available) if kernel_of(l) == kernel)
        if not labels:
            continue
        name = display_name(kernel)
        if len({l for l in set(named) | set(labels) if kernel_of(l) == kernel}) == 1:
            out.append((fixed(name, labels[0]), []))
        else:
            out.append((min_of(f"best {name}", labels), [fixed(f"{name} {config_of(l)}", l) for l in labels]))
    return out


def standard_predictors(methods: Registry, available: set[str], fixed_tprs: tuple[int, ...],
                        named=None) -> list[Predictor]:
    """The predictors of Table 4 whose labels the section has (in display order)."""
    out = literature_rules(methods)
    out += [fixed(f"TpR={k}", methods.tpr_label(k)) for k in fixed_tprs if methods.tpr_label(k) in available]
    out += auto_predictors(methods, available)
    for vendor, per_config in vendor_predictors(methods, available, named):
        out += [vendor] + per_config
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
