"""Wide views of runtimes.csv: one row per matrix, one column per label.

Only rows with ``ok == 1`` are measurements; a configuration whose row has
``ok == 0`` or that has no row at all is NaN here, and ``missing_reason``
says why.
"""
from __future__ import annotations

import pandas as pd

from aspmv_report.labels import kernel_of, make_label, sort_labels


def wide(runtimes: pd.DataFrame, order, value: str = "time_s") -> pd.DataFrame:
    """matrix x label table of ``value`` over the ok rows (NaN elsewhere); columns in canonical
    label order, kernels in ``order`` (run.json methods)."""
    ok = runtimes[runtimes["ok"] == 1]
    if ok.empty:
        return pd.DataFrame(dtype=float)
    table = ok.pivot(index="matrix", columns="label", values=value).astype(float)
    table = table.reindex(columns=sort_labels(table.columns, order)).sort_index()
    table.columns.name = None
    return table


def take(table: pd.DataFrame, matrices, labels) -> pd.DataFrame:
    """``table`` restricted to ``matrices`` x ``labels``; labels the section lacks come out as NaN columns."""
    return table.reindex(index=list(matrices), columns=list(labels))


def all_labels(runtimes: pd.DataFrame, order) -> list[str]:
    """Every label with at least one row (ok or not), canonical order (kernels in ``order``)."""
    return sort_labels(runtimes["label"].unique(), order) if len(runtimes) else []


def all_matrices(runtimes: pd.DataFrame, features: pd.DataFrame, failures: pd.DataFrame) -> list[str]:
    """Every matrix named by any file of the section, sorted."""
    names = set(runtimes["matrix"]) | set(features.index) | set(failures["matrix"])
    return sorted(str(n) for n in names)


class ReasonFinder:
    """Explains why a (matrix, label) has no measurement.

    failures.csv stages: ``kernel:<kernel>`` (COLLECTOR_FORMAT.md) or
    ``kernel:<kernel>/<config>`` (what perf/collect writes) fail one kernel
    or configuration; ``blocks`` only the block samples; any other stage
    (``load``, ``features``, ``measure``) the whole matrix.
    """

    def __init__(self, runtimes: pd.DataFrame, failures: pd.DataFrame):
        bad = runtimes[runtimes["ok"] != 1]
        self._not_ok = {(m, l) for m, l in zip(bad["matrix"], bad["label"])}
        self._kernel: set[tuple[str, str]] = set()   # (matrix, kernel or label)
        self._whole: dict[str, str] = {}             # matrix -> first whole-matrix stage
        for m, stage in zip(failures["matrix"], failures["stage"]):
            if stage.startswith("kernel:"):
                kernel, _, config = stage[len("kernel:"):].partition("/")
                self._kernel.add((m, make_label(kernel, config) if config else kernel))
            elif stage != "blocks":
                self._whole.setdefault(m, stage)

    def matrix_failure(self, matrix: str) -> str | None:
        """A whole-matrix failure (stage load, features, measure, ...), if recorded."""
        stage = self._whole.get(matrix)
        return f"matrix failed at stage {stage}" if stage else None

    def reason(self, matrix: str, label: str) -> str:
        """Short reason, e.g. ``csr_vector/tpr=8: ok=0``."""
        if (matrix, label) in self._not_ok:
            return f"{label}: ok=0"
        if (matrix, label) in self._kernel or (matrix, kernel_of(label)) in self._kernel:
            return f"{label}: failed (kernel:{kernel_of(label)})"
        return self.matrix_failure(matrix) or f"{label}: not measured"
