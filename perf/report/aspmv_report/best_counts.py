"""How many matrices each method is fastest on (Gao Tables 7 and 11).

Among a stated set of methods, a method counts for a matrix when its time
equals the set's minimum; a tie counts for every tied method, so the counts
may add up to more than n (Gao's tables count "ML" and "Optimal" alike).
"""
from __future__ import annotations

import pandas as pd


def best_counts(methods: dict[str, pd.Series]) -> pd.Series:
    """Per method, the number of matrices where it is (one of) the fastest of ``methods``."""
    frame = pd.DataFrame(methods)
    if frame.empty:
        return pd.Series(0, index=list(methods), name="best")
    best = frame.min(axis=1)
    return frame.eq(best, axis=0).sum().astype(int).rename("best")
