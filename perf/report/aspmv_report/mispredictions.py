"""Distribution of mispredictions over PLUB intervals (Gao Figs. 7 and 10).

A misprediction is a matrix the predictor gets wrong (selection.is_correct).
Its per-matrix PLUB, 100 (t_p - t_s) / t_s, falls in one of the intervals
(0,2], (2,6], (6,10], (10,100], >100 %; a misprediction that is not slower
than the oracle (PLUB <= 0: a tie with a non-candidate, or a predictor
outside the candidate set that beats it) goes to "<=0". Shares are of the
mispredictions, as in Gao's figures.
"""
from __future__ import annotations

import pandas as pd

BINS = ("<=0", "(0,2]", "(2,6]", "(6,10]", "(10,100]", ">100")
_EDGES = (0.0, 2.0, 6.0, 10.0, 100.0)


def bin_of(loss_pct: float) -> str:
    """The interval of one per-matrix PLUB (%); upper edges are inclusive."""
    for edge, name in zip(_EDGES, BINS):
        if loss_pct <= edge:
            return name
    return BINS[-1]


def histogram(loss_pct: pd.Series, correct: pd.Series) -> dict:
    """Counts of mispredictions per interval, plus n, correct and mispredicted."""
    wrong = loss_pct[~correct.astype(bool)]
    counts = {name: 0 for name in BINS}
    for value in wrong:
        counts[bin_of(float(value))] += 1
    return {"n": int(len(loss_pct)), "correct": int(correct.sum()), "mispredicted": int(len(wrong)), **counts}


def shares(counts: pd.DataFrame) -> pd.DataFrame:
    """Counts per interval as % of each row's mispredictions (NaN when there are none)."""
    total = counts["mispredicted"].where(counts["mispredicted"] > 0)
    return counts[list(BINS)].div(total, axis=0) * 100.0
