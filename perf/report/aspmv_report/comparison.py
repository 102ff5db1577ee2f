"""Which matrices a comparison may use.

A comparison needs a set of labels per matrix: fixed ones (a candidate set,
baselines) plus the ones its predictors pick from the features (a rule's
TpR). A matrix lacking any of them -- row with ok = 0, failure recorded, no
row, or no features row for a feature-driven predictor -- is excluded from
that comparison, and the exclusion keeps the first reason found (a matrix
that failed at stage load or features is named so when its data is missing).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from aspmv_report.predictors import Predictor
from aspmv_report.timetable import ReasonFinder


@dataclass(frozen=True)
class SectionData:
    """What every comparison of one section reads."""

    times: pd.DataFrame       # matrix x label, ok rows only
    features: pd.DataFrame    # indexed by matrix
    matrices: list[str]       # every matrix the section names
    reasons: ReasonFinder

    def has(self, matrix: str, label: str) -> bool:
        return (matrix in self.times.index and label in self.times.columns
                and pd.notna(self.times.at[matrix, label]))


@dataclass(frozen=True)
class Comparison:
    """A named comparison: the matrices it uses and the ones it excludes."""

    name: str
    matrices: list[str]
    excluded: pd.DataFrame = field(repr=False)  # columns matrix, reason

    @property
    def n(self) -> int:
        return len(self.matrices)

    def reason_summary(self) -> str:
        """``reason (count); ...`` sorted by count, then reason."""
        if self.excluded.empty:
            return ""
        counts = self.excluded["reason"].value_counts()
        items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return "; ".join(f"{reason} ({count})" for reason, count in items)


def build(name: str, data: SectionData, labels: tuple[str, ...] | list[str],
          predictors: list[Predictor] = ()) -> Comparison:
    """Includes a matrix when it has every label of ``labels`` and of each predictor's choice."""
    kept, excluded = [], []
    for m in data.matrices:
        reason = _first_missing(m, data, labels, predictors)
        if reason is None:
            kept.append(m)
        else:
            excluded.append((m, reason))
    return Comparison(name, kept, pd.DataFrame(excluded, columns=["matrix", "reason"]))


def _first_missing(m: str, data: SectionData, labels, predictors) -> str | None:
    needed = list(labels)
    feat = data.features.loc[m] if m in data.features.index else None
    for p in predictors:
        picked = p.needs(feat)
        if picked is None:
            if feat is not None:
                return f"{p.name}: feature missing"
            return data.reasons.matrix_failure(m) or f"{p.name}: no features row"
        needed += picked
    for label in needed:
        if not data.has(m, label):
            return data.reasons.reason(m, label)
    return None
