"""Model selection on one split: cross-validation on the training folds, held-out scores on fold 0.

For every label variant and candidate algorithm: out-of-fold predictions
over the training folds (each fold predicted by a model fitted on the other
training folds) give the cross-validated score that *chooses*; the model
fitted on all training folds gives the held-out score that is *reported*
(the test fold never chooses anything). The choice: the best cross-validated
score among candidates under the size cap, then the cheapest candidate
(fewest nodes on the worst-case path, then fewest nodes) whose score is
within ``tolerance`` of it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from aspmv_train import export
from aspmv_train.candidates import Candidate, Fitted


@dataclass
class Task:
    name: str
    features: list[str]
    classes: list[str]
    X: np.ndarray
    ids: list                       # sample ids (matrix, or (matrix, block), or (matrix, calls))
    fold: np.ndarray                # fold per sample (0 = held out)
    labels: dict                    # variant -> class index per sample
    weights: dict = field(default_factory=dict)  # variant -> sample weights (or None)
    regret: dict = field(default_factory=dict)   # variant -> samples x classes log regret (regret candidates)
    regret_cols: dict = field(default_factory=dict)  # variant -> task class of each regret column (default all)
    # evaluate(variant, pred, mask) -> metrics dict; score(metrics) -> float, higher is better
    evaluate: Callable = None
    score: Callable = None
    tolerance: float = 0.0
    matrices: list = None           # per sample: its matrix

    @property
    def train(self) -> np.ndarray:
        return self.fold != 0

    @property
    def test(self) -> np.ndarray:
        return self.fold == 0


@dataclass
class Result:
    variant: str
    candidate: Candidate
    cv: dict
    held_out: dict
    fitted: Fitted
    model: dict
    oof: np.ndarray          # out-of-fold predictions on training samples (-1 elsewhere)
    test_pred: np.ndarray    # predictions on the held-out samples (by the final model)
    nbytes: int
    nodes: int
    path: int
    within_cap: bool = True

    @property
    def cv_score(self) -> float:
        return self._score_cv

    def row(self) -> dict:
        return {"variant": self.variant, "candidate": self.candidate.name, "nodes": self.nodes, "path": self.path,
                "kbytes": round(self.nbytes / 1024.0, 1), "within_cap": self.within_cap}


def cross_val_predict(task: Task, cand: Candidate, y, w, seed: int, R=None, R_cols=None) -> np.ndarray:
    oof = np.full(len(y), -1, dtype=int)
    folds = sorted(set(task.fold[task.train].tolist()))
    for f in folds:
        tr = task.train & (task.fold != f)
        te = task.fold == f
        if not te.any() or not tr.any():
            continue
        fitted = cand.fit(task.X[tr], y[tr], None if w is None else w[tr], seed=seed,
                          R=None if R is None else R[tr], R_cols=R_cols)
        oof[te] = fitted.predict(task.X[te])
    return oof


def run(task: Task, grid: list[Candidate], seed: int = 0, max_bytes: int = 300_000,
        max_path: int = 4000, variants=None, log=print) -> list[Result]:
    """Every (variant, candidate) on the task's split."""
    results = []
    for variant in (variants or list(task.labels)):
        y = task.labels[variant]
        w = task.weights.get(variant)
        R = task.regret.get(variant)
        for cand in grid:
            if cand.regret and R is None:
                continue
            wc = None if cand.regret else w
            cols = task.regret_cols.get(variant)
            oof = cross_val_predict(task, cand, y, wc, seed, R, cols)
            cv = task.evaluate(variant, oof[task.train], task.train)
            fitted = cand.fit(task.X[task.train], y[task.train], None if wc is None else wc[task.train], seed=seed,
                              R=None if R is None else R[task.train], R_cols=cols)
            test_pred = fitted.predict(task.X[task.test]) if task.test.any() else np.array([], dtype=int)
            held = task.evaluate(variant, test_pred, task.test) if task.test.any() else {}
            model = fitted.export(task.features, task.classes)
            nbytes = len(json.dumps(model))
            r = Result(variant if not cand.regret else variant + " (regret)", cand, cv, held, fitted, model, oof, test_pred, nbytes,
                       export.n_nodes(model), export.max_path(model))
            r.task = task  # the feature set (and samples) it was fitted on
            r._score_cv = task.score(cv)
            r._score_held = task.score(held) if held else float("nan")
            r.within_cap = nbytes <= max_bytes and r.path <= max_path
            results.append(r)
        if log:
            best = max((r for r in results if r.variant.startswith(variant)), key=lambda r: r._score_cv)
            log(f"  {task.name} [{variant}]: best cv {best.candidate.name} {best._score_cv:.4g}")
    return results


def choose(results: list[Result], tolerance: float) -> Result:
    ok = [r for r in results if r.within_cap and np.isfinite(r._score_cv)]
    if not ok:
        raise RuntimeError("no candidate within the size cap")
    best = max(r._score_cv for r in ok)
    near = [r for r in ok if r._score_cv >= best - tolerance]
    return min(near, key=lambda r: (r.path, r.nodes, -r._score_cv))
