"""Selection metrics (shared/docs/BENCHMARKING.md; the definitions of perf/report's selection.py).

t_p: time of the predicted configuration, t_s: the oracle's (best) time over
the candidate set.
- accuracy (%): share of matrices where the prediction is the oracle's
  choice (a prediction whose time equals t_s counts: ties);
- relaxed accuracy (%): share with per-matrix PLUB <= 2 %;
- PLUB (%) = 100 * mean((t_p - t_s) / t_s);
- misprediction histogram: mispredicted matrices per PLUB interval
  (0,2], (2,6], (6,10], (10,100], >100 % (Gao Figs. 7 and 10).
Per-matrix percentages are rounded to 9 decimals before a threshold applies.
"""
from __future__ import annotations

import numpy as np

RELAXED_PCT = 2.0
BINS = ("(0,2]", "(2,6]", "(6,10]", "(10,100]", ">100")
_EDGES = (2.0, 6.0, 10.0, 100.0)


def loss_pct(t_p, t_s) -> np.ndarray:
    t_p, t_s = np.asarray(t_p, float), np.asarray(t_s, float)
    return np.round(100.0 * (t_p - t_s) / t_s, 9)


def selection(t_p, t_s) -> dict:
    """n, accuracy, relaxed accuracy, PLUB and the misprediction histogram (counts)."""
    t_p, t_s = np.asarray(t_p, float), np.asarray(t_s, float)
    n = len(t_p)
    if n == 0:
        return {"n": 0, "accuracy_pct": float("nan"), "relaxed_accuracy_pct": float("nan"), "PLUB_pct": float("nan"),
                "mispredictions": {b: 0 for b in BINS}}
    loss = loss_pct(t_p, t_s)
    correct = t_p == t_s
    hist = {b: 0 for b in BINS}
    for v in loss[~correct]:
        for edge, name in zip(_EDGES, BINS):
            if v <= edge:
                hist[name] += 1
                break
        else:
            hist[BINS[-1]] += 1
    return {
        "n": int(n),
        "accuracy_pct": 100.0 * float(correct.mean()),
        "relaxed_accuracy_pct": 100.0 * float((loss <= RELAXED_PCT).mean()),
        "PLUB_pct": float(np.mean(100.0 * (t_p - t_s) / t_s)),
        "mispredictions": hist,
    }


def gm(x) -> float:
    x = np.asarray(x, float)
    return float(np.exp(np.mean(np.log(x)))) if len(x) else float("nan")


def ratio_summary(ratio, names=None) -> dict:
    """Geometric/arithmetic mean, min (and its matrix), shares below 0.9 and 0.75 of ratios (higher = better)."""
    r = np.asarray(ratio, float)
    if not len(r):
        return {"n": 0}
    i = int(np.argmin(r))
    out = {"n": int(len(r)), "gm": gm(r), "mean": float(r.mean()), "min": float(r[i]),
           "below_0.9_pct": 100.0 * float((r < 0.9).mean()), "below_0.75_pct": 100.0 * float((r < 0.75).mean())}
    if names is not None:
        out["worst"] = str(list(names)[i])
    return out
