#!/usr/bin/env python3
"""Ranking by regression against choosing by classification, out of fold (the setting of normalized_target.py):
per matrix the least predicted time per call of per-alternative HistGradientBoosting regressions of log(time),
against a HistGradientBoostingClassifier of the best alternative (classes: the alternatives that are ever best in
the training folds) and the same classifier weighted by how much the second best loses (a near tie weighs little).
Scored against the measured best per call: share within 5 % and geometric mean of best / pick, per set.
    "$(scripts/python_env.sh)" docs/studies/h200/formats/classify_best.py \
        tuning_data/h200/measurements/2026-11-28-real-double-{a,b} > docs/studies/h200/formats/classify_best.txt"""
import math
import os
import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import normalized_target as nt  # noqa: E402


def main():
    names, X, T, alts, _, fold, derived = nt.dataset(sys.argv[1:])
    best = np.nanargmin(T, axis=1)
    srt = np.sort(np.where(np.isfinite(T), T, np.inf), axis=1)
    margin = np.log(srt[:, 1] / srt[:, 0])
    picks = {k: np.zeros(len(names), int) for k in ("regression", "classifier", "classifier_weighted")}
    for f in range(5):
        tr, te = fold != f, fold == f
        P = np.full((te.sum(), len(alts)), np.inf)
        for j in range(len(alts)):
            y = np.log(T[:, j])
            ok = tr & np.isfinite(y)
            if ok.sum() >= 20:
                P[:, j] = HistGradientBoostingRegressor(max_iter=200, random_state=0).fit(X[ok], y[ok]).predict(X[te])
        P[~np.isfinite(T[te])] = np.inf
        picks["regression"][te] = np.argmin(P, axis=1)
        for k, w in (("classifier", None), ("classifier_weighted", np.minimum(margin[tr], 0.5) + 0.01)):
            c = HistGradientBoostingClassifier(max_iter=200, random_state=0).fit(X[tr], best[tr], sample_weight=w)
            proba = c.predict_proba(X[te])
            full = np.full((te.sum(), len(alts)), -1.0)
            full[:, c.classes_] = proba
            full[~np.isfinite(T[te])] = -1.0
            picks[k][te] = np.argmax(full, axis=1)
    for k, p in picks.items():
        for label, sel in (("real", ~derived), ("real-derived", derived)):
            idx = np.where(sel)[0]
            r = np.array([np.nanmin(T[i]) / T[i, p[i]] for i in idx])
            print(f"{k:20s} {label:13s} {len(r):4d}: within 5 % {np.mean(r >= 1 / 1.05):.1%}, "
                  f"gm {math.exp(np.mean(np.log(r))):.3f}, min {r.min():.3f}")


if __name__ == "__main__":
    main()
