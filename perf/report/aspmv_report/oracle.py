"""The oracle: per matrix the fastest configuration of a candidate set.

t_s (Gao Eq. 4: "the shortest execution time with all possible TpR"; Seer's
Oracle; Lehnert's "overall best runtime"). Ties are broken by the canonical
label order (labels.sort_key; kernels in run.json methods order), so the chosen label is deterministic; the
accuracy test accepts any label tied with the best time.
"""
from __future__ import annotations

import pandas as pd

from aspmv_report.labels import sort_labels
from aspmv_report.timetable import take


def oracle(times: pd.DataFrame, candidates, matrices: list[str], order) -> pd.DataFrame:
    """``label`` and ``time`` of the fastest candidate per matrix (all candidates must be measured);
    ``order``: the kernel order of run.json methods, for the tie-break."""
    ordered = sort_labels(candidates, order)
    sub = take(times, matrices, ordered)
    if sub.isna().any().any():
        raise ValueError("oracle over incomplete measurements; build the comparison first")
    best_time = sub.min(axis=1)
    best_label = sub.idxmin(axis=1) if len(sub) else pd.Series(dtype=str)  # first (canonical) label among ties
    return pd.DataFrame({"label": best_label, "time": best_time.astype(float)},
                        index=pd.Index(matrices, name="matrix"))


def choice_counts(best_labels: pd.Series, order) -> pd.Series:
    """How many matrices each label wins (Gao Fig. 3 for the TpR sets), in ``order``."""
    counts = best_labels.value_counts()
    return pd.Series([int(counts.get(l, 0)) for l in order], index=list(order), name="matrices")
