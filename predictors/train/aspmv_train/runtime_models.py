"""Runtime models as a selector (issue 20, item 4; Lehnert et al. §3-4, Wang-Gu-Li), evaluated out-of-fold.

    python -m aspmv_train runtime --measurements DIR [DIR ...] --arch ARCH --out OUTDIR

Per aspmv kernel configuration (runtimes.csv rows of run.json family ``aspmv``: csr_scalar, csr_vector tpr=1..32,
gao_partitioned, csr_adaptive unroll=1/4/8, merge_path, coo) a regression of log(time_s) on the matrix features,
and per method label (methods.py: the configurations a plan can run) one of log(preprocessing_s): the analysis is
predicted by the same kind of regression as the time, not by a ratio (its ratio to time_s spans 6x-200x for
csr_adaptive). Inputs: the features of features.py's ``known`` and ``row_stats`` groups that features.csv holds
(read from features.GROUPS, so features added there are used; constant columns dropped), transformed as
log1p(x / s) with s per feature the 5th percentile of its positive training values (log1p of the feature in
units where its small values are ~1: log-like for counts and for densities alike).

Three kinds:
- ``linear``: least squares on the log-features and their squares with per-target forward selection: terms are
  added while the grouped cross-validated mean squared error over the training folds falls by >= 1 % (at most
  8; Lehnert's Table 2 is the record of what each configuration reads); per target, the same cross-validation
  also chooses between log(t) and log(t - c), c = 0.9 x the least training time (t = c + exp(linear): the
  launch floor of a GPU kernel, which no log-linear law reaches, and which the plain log model misses by ~40 %
  on small matrices);
- ``gbm``: scikit-learn's HistGradientBoostingRegressor on the same inputs (GBM_GRID: 15 leaves, 100 rounds of
  0.1; a longer grid is chosen per target by the same cross-validation; seeded, one thread);
- ``knn``: distance-weighted (1 / distance) k nearest neighbours on the standardized log-features with learned
  feature weights: coordinate descent over the scales {0, 0.5, 1, 2} per feature (two passes, from 1), and k, on
  the cross-validated mean absolute log error over all targets (one weight vector for all targets).

Selection: per matrix, the label of the least predicted time + predicted preprocessing / 100 calls (the feature
collection is the same for every label: the plan gathers the groups the kind reads, counted in its cost).

Evaluation, out-of-fold exactly as oof.py: the real and real-derived groups dealt into K folds by
sha256(seed:group); for fold f the models are fitted on what the trainer gets in oof.py's fold f (the matrices
without the fold's, minus the trainer's own held-out fold 0 of the split recomputed without them) and predict
the fold's matrices and the generated held-out fold (pooled over the K fits, as oof.py). The classifier figures
beside them come from oof.py's fold tables (oof._fold_table, the trainer run per fold; cached in
``--cache`` with the runtime fits) asked as make_plan asks at 100 calls, as oof.py scores them (oof.fold_picks:
gather model, insurance, kernel model, make_plan's skew guard). The combination: the
classifier proposes, the runtime model vetoes a proposal predicted more than X times the cost of its best
alternative (the plan then gathers row statistics always); X from VETO_GRID, chosen per fold on the fold's
training matrices only (runtime predictions from the inner cross-validation, the classifier's picks in-sample:
they flatter the classifier, so X errs towards vetoing less).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import compare, metrics, oof, tasks
from aspmv_train import features as feat
from aspmv_train import split as splitmod
from aspmv_train.methods import label_of

CALLS = oof.CALLS
KINDS = ("linear", "gbm", "knn")
GROUPS_READ = ("known", "row_stats")
SETS = oof.SETS
RANK_EDGES = (1.05, 1.20)   # the pick's cost over the best: within 5 %, 5-20 %, > 20 %
VETO_GRID = (1.1, 1.25, 1.5, 2.0, 3.0, 5.0, math.inf)
LINEAR_MAX_FEATURES = 8
LINEAR_MIN_GAIN = 0.01
# One setting (a grid of leaf counts chosen by cross-validation is supported, but on the two shared cores it
# cost 15 minutes a fold): 15 leaves, 100 rounds of 0.1.
GBM_GRID = ({"max_leaf_nodes": 15, "learning_rate": 0.1, "max_iter": 100, "min_samples_leaf": 10},)
GBM_GRID_QUICK = ({"max_leaf_nodes": 7, "learning_rate": 0.2, "max_iter": 30, "min_samples_leaf": 5},)
KNN_K = (1, 2, 3, 4, 6, 8, 12, 16)
KNN_SCALES = (0.0, 0.5, 1.0, 2.0)
KNN_PASSES = 2
KNN_EPS = 1e-3              # added to distances (standardized units): exact duplicates stay finite
PRE_FLOOR_S = 1e-9
THREADS = int(os.environ.get("ASPMV_TRAIN_THREADS", "1"))


# ---------------------------------------------------------------- inputs and targets

def feature_names(F: pd.DataFrame) -> list[str]:
    """The features a runtime model reads: features.GROUPS' known and row_stats names present in ``F``, finite and
    not constant."""
    names = [n for g in GROUPS_READ for n in feat.GROUPS.get(g, ()) if n in F.columns]
    out = []
    for n in dict.fromkeys(names):
        v = pd.to_numeric(F[n], errors="coerce").to_numpy(dtype=float)
        if np.isfinite(v).all() and np.nanmax(v) > np.nanmin(v):
            out.append(n)
    return out


class LogFeatures:
    """x -> sign(x) log1p(|x| / s), s per column: the 5th percentile of the positive training values (1 if none)."""

    def fit(self, X: np.ndarray) -> "LogFeatures":
        X = np.asarray(X, float)
        s = np.ones(X.shape[1])
        for j in range(X.shape[1]):
            pos = X[:, j][X[:, j] > 0]
            if len(pos):
                s[j] = float(np.quantile(pos, 0.05))
        self.scale = s
        return self

    def transform(self, X: np.ndarray) -> np.ndarray:
        X = np.asarray(X, float)
        return np.sign(X) * np.log1p(np.abs(X) / self.scale)


@dataclass
class Targets:
    names: list          # "time:<config>" then "pre:<label>"
    Y: np.ndarray        # matrices x targets: log seconds (NaN where not measured)
    configs: list        # every measured aspmv configuration (time targets, in order)
    labels: list         # method labels (the selection's classes)
    time_col: dict       # label -> column of the time of the configuration a plan runs for it
    pre_col: dict        # label -> column of its preprocessing

    def time_cols(self) -> list[int]:
        return list(range(len(self.configs)))


def build_targets(times, mats) -> Targets:
    configs = list(times.all_aspmv.columns)
    T = times.all_aspmv.loc[mats, configs].to_numpy(dtype=float)
    labels = list(times.labels)
    P = times.pre.loc[mats, labels].to_numpy(dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        Yt = np.where(T > 0, np.log(T), np.nan)
        Yp = np.where(np.isfinite(P), np.log(np.maximum(P, PRE_FLOOR_S)), np.nan)
    time_col = {lab: configs.index(label_of(*times.label_config[lab])) for lab in labels}
    pre_col = {lab: len(configs) + i for i, lab in enumerate(labels)}
    return Targets([f"time:{c}" for c in configs] + [f"pre:{lab}" for lab in labels], np.column_stack([Yt, Yp]),
                   configs, labels, time_col, pre_col)


# ---------------------------------------------------------------- the three kinds

def _design(A: np.ndarray) -> np.ndarray:
    return np.column_stack([np.ones(len(A)), A])


def _ls(A: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.linalg.lstsq(_design(A), y, rcond=None)[0]


def _cv_linear(A: np.ndarray, y: np.ndarray, fold: np.ndarray) -> np.ndarray:
    out = np.empty(len(y))
    for f in np.unique(fold):
        te = fold == f
        out[te] = _design(A[te]) @ _ls(A[~te], y[~te])
    return out


def forward_select(C: np.ndarray, y: np.ndarray, fold: np.ndarray, max_features: int = LINEAR_MAX_FEATURES,
                   min_gain: float = LINEAR_MIN_GAIN) -> list[int]:
    """Greedy forward selection of columns of C on the grouped cross-validated MSE of least squares with an
    intercept (ties: the lower column index); from per-fold Gram matrices, so a trial is a small solve."""
    D = _design(C)
    parts = []
    for f in np.unique(fold):
        te = fold == f
        Dt, De = D[~te], D[te]
        parts.append((Dt.T @ Dt, Dt.T @ y[~te], De.T @ De, De.T @ y[te], float(y[te] @ y[te])))
    n = len(y)

    def mse(cols):
        S = [0] + [c + 1 for c in cols]
        sse = 0.0
        for Gt, bt, Ge, be, yy in parts:
            beta = np.linalg.lstsq(Gt[np.ix_(S, S)], bt[S], rcond=None)[0]
            sse += yy - 2.0 * beta @ be[S] + beta @ Ge[np.ix_(S, S)] @ beta
        return max(sse, 0.0) / n

    sel: list[int] = []
    best = mse(sel)
    floor = 1e-12 * max(float(np.var(y)), 1e-300)
    while len(sel) < max_features and best > floor:
        trials = [(mse(sel + [j]), j) for j in range(C.shape[1]) if j not in sel]
        if not trials:
            break
        e, j = min(trials)
        if not e < best * (1.0 - min_gain):
            break
        sel.append(j)
        best = e
    return sel


class LinearModel:
    """Per target: least squares on the log-features and their squares, forward-selected, for log(t) ("log") or
    for log(t - c) with c = 0.9 x the least training value ("floor": t = c + exp(linear), the launch floor a
    log-linear law cannot reach); the variant of the lower cross-validated squared error of log(t)."""
    kind = "linear"
    FLOOR = 0.9

    def __init__(self, seed: int = 0, quick: bool = False):
        self.seed = seed

    @staticmethod
    def _inputs(Z):
        return np.column_stack([Z, Z * Z])

    def fit(self, Z, Y, fold, names=None):
        C = self._inputs(Z)
        p = Z.shape[1]
        self.sel, self.beta, self.floor = [], [], []
        self.cv_pred = np.full(Y.shape, np.nan)
        for t in range(Y.shape[1]):
            ok = np.isfinite(Y[:, t])
            y, Ct, ft = Y[ok, t], C[ok], fold[ok]
            if ok.sum() < 3 or len(np.unique(ft)) < 2:
                self.sel.append([])
                self.beta.append(np.array([float(np.mean(y)) if len(y) else 0.0]))
                self.floor.append(0.0)
                continue
            best = None
            c_min = float(np.exp(y.min()))
            for c in (0.0, self.FLOOR * c_min):
                u = y if c == 0.0 else np.log(np.exp(y) - c)
                sel = forward_select(Ct, u, ft)
                cv = _cv_linear(Ct[:, sel], u, ft)
                cv_log = cv if c == 0.0 else np.log(c + np.exp(cv))
                err = float(np.mean((cv_log - y) ** 2))
                if best is None or err < best[0] - 1e-15:
                    best = (err, c, sel, u, cv_log)
            _, c, sel, u, cv_log = best
            self.sel.append(sel)
            self.beta.append(_ls(Ct[:, sel], u))
            self.floor.append(c)
            self.cv_pred[ok, t] = cv_log
        names = names or [f"x{j}" for j in range(p)]
        cn = list(names) + [f"{n}²" for n in names]
        self.names = cn
        self.info = {"features": [[cn[j] for j in s] for s in self.sel],
                     "floor": [bool(c > 0) for c in self.floor]}
        return self

    def predict(self, Z):
        C = self._inputs(Z)
        out = []
        for s, b, c in zip(self.sel, self.beta, self.floor):
            v = _design(C[:, s]) @ b
            out.append(v if c == 0.0 else np.log(c + np.exp(v)))
        return np.column_stack(out)

    def reads(self, cols, names) -> set:
        p = len(names)
        return {names[j % p] for t in cols for j in self.sel[t]}


def _threads():
    try:
        from threadpoolctl import threadpool_limits
        return threadpool_limits(THREADS)
    except ImportError:  # pragma: no cover
        import contextlib
        return contextlib.nullcontext()


class GbmModel:
    kind = "gbm"

    def __init__(self, seed: int = 0, quick: bool = False):
        self.seed = seed
        self.grid = GBM_GRID_QUICK if quick else GBM_GRID

    def _est(self, params):
        from sklearn.ensemble import HistGradientBoostingRegressor
        return HistGradientBoostingRegressor(random_state=self.seed, early_stopping=False, **params)

    def fit(self, Z, Y, fold, names=None):
        self.models, self.choice = [], []
        self.cv_pred = np.full(Y.shape, np.nan)
        with _threads():
            for t in range(Y.shape[1]):
                ok = np.isfinite(Y[:, t])
                Zt, yt, ft = Z[ok], Y[ok, t], fold[ok]
                best = None
                for gi, params in enumerate(self.grid):  # out-of-fold predictions: the veto's X and the choice
                    cv = np.empty(len(yt))
                    for f in np.unique(ft):
                        te = ft == f
                        cv[te] = self._est(params).fit(Zt[~te], yt[~te]).predict(Zt[te])
                    err = float(np.mean(np.abs(cv - yt)))
                    if best is None or err < best[0]:
                        best = (err, gi, cv)
                self.choice.append(best[1])
                self.cv_pred[ok, t] = best[2]
                self.models.append(self._est(self.grid[best[1]]).fit(Zt, yt))
        self.info = {"max_leaf_nodes": [self.grid[g]["max_leaf_nodes"] for g in self.choice]}
        return self

    def predict(self, Z):
        with _threads():
            return np.column_stack([m.predict(Z) for m in self.models])

    def reads(self, cols, names) -> set:
        return set(names)


def _neighbours(Q: np.ndarray, R: np.ndarray, w: np.ndarray, kmax: int):
    """Indices into R (nq x kmax, nearest first) and the distances under feature weights w."""
    sw = np.sqrt(w)
    A, B = Q * sw, R * sw
    d2 = (A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2.0 * (A @ B.T)
    np.maximum(d2, 0.0, out=d2)
    k = min(kmax, R.shape[0])
    part = np.argpartition(d2, k - 1, axis=1)[:, :k] if k < R.shape[0] else np.tile(np.arange(R.shape[0]),
                                                                                     (len(Q), 1))
    pd2 = np.take_along_axis(d2, part, axis=1)
    order = np.lexsort((part, pd2), axis=1)  # by distance, then by index (deterministic)
    idx = np.take_along_axis(part, order, axis=1)
    return idx, np.sqrt(np.take_along_axis(pd2, order, axis=1))


def _knn_predict(idx, dist, Yr, k):
    """Distance-weighted mean of the k nearest rows of Yr (NaN entries skipped)."""
    i, d = idx[:, :k], dist[:, :k]
    wt = 1.0 / (d + KNN_EPS)
    V = Yr[i]                                    # nq x k x T
    ok = np.isfinite(V)
    W = wt[:, :, None] * ok
    s = W.sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(s > 0, (W * np.where(ok, V, 0.0)).sum(1) / s, np.nan)


class KnnModel:
    kind = "knn"

    def __init__(self, seed: int = 0, quick: bool = False):
        self.seed = seed
        self.passes = 1 if quick else KNN_PASSES

    def _cv(self, S, Y, fold, w):
        """(per k: cross-validated mean |log error| over all targets, the predictions per k)."""
        ks = [k for k in KNN_K if k < len(S)]
        preds = {k: np.full(Y.shape, np.nan) for k in ks}
        for f in np.unique(fold):
            te = fold == f
            idx, dist = _neighbours(S[te], S[~te], w, max(ks))
            Yr = Y[~te]
            for k in ks:
                preds[k][te] = _knn_predict(idx, dist, Yr, k)
        errs = {k: float(np.nanmean(np.abs(p - Y))) for k, p in preds.items()}
        return errs, preds

    def _score(self, S, Y, fold, w):
        if not (w > 0).any():
            return math.inf, None
        errs, _ = self._cv(S, Y, fold, w)
        k = min(errs, key=lambda k: (errs[k], k))
        return errs[k], k

    def fit(self, Z, Y, fold, names=None):
        self.mu = Z.mean(0)
        sd = Z.std(0)
        self.sd = np.where(sd > 0, sd, 1.0)
        S = (Z - self.mu) / self.sd
        w = np.ones(Z.shape[1])
        best, k = self._score(S, Y, fold, w)
        for _ in range(self.passes):
            changed = False
            for j in range(Z.shape[1]):
                for s in KNN_SCALES:
                    if s == w[j]:
                        continue
                    w2 = w.copy()
                    w2[j] = s
                    e, k2 = self._score(S, Y, fold, w2)
                    if e < best - 1e-9:
                        best, k, w, changed = e, k2, w2, True
            if not changed:
                break
        self.w, self.k, self.S, self.Y = w, k, S, Y
        _, preds = self._cv(S, Y, fold, w)
        self.cv_pred = preds[k]
        names = names or [f"x{j}" for j in range(Z.shape[1])]
        self.info = {"k": int(k), "cv_mean_abs_log_error": best,
                     "weights": {n: float(v) for n, v in zip(names, w)}}
        return self

    def predict(self, Z):
        S = (Z - self.mu) / self.sd
        idx, dist = _neighbours(S, self.S, self.w, self.k)
        return _knn_predict(idx, dist, self.Y, self.k)

    def reads(self, cols, names) -> set:
        return {n for n, v in zip(names, self.w) if v > 0}


MODELS = {"linear": LinearModel, "gbm": GbmModel, "knn": KnnModel}


# ---------------------------------------------------------------- selection and figures

def predicted_costs(P: np.ndarray, tg: Targets, calls: float = CALLS) -> np.ndarray:
    """matrices x labels: predicted seconds per call with the analysis amortized over ``calls``."""
    t = np.exp(P[:, [tg.time_col[l] for l in tg.labels]])
    p = np.exp(P[:, [tg.pre_col[l] for l in tg.labels]])
    return t + p / calls


def pick(C: np.ndarray) -> np.ndarray:
    """The label of the least predicted cost (the lowest index on a tie; a row without predictions: -1)."""
    C = np.where(np.isfinite(C), C, np.inf)
    out = np.argmin(C, axis=1)
    return np.where(np.isfinite(C.min(axis=1)), out, -1)


def veto(C: np.ndarray, proposal: np.ndarray, x: float) -> np.ndarray:
    """The classifier's proposal unless it is predicted more than x times the best label's cost (then that one);
    an unanswered proposal (-1) takes the runtime model's pick."""
    best = pick(C)
    prop = np.asarray(proposal)
    pc = np.where(prop >= 0, C[np.arange(len(C)), np.maximum(prop, 0)], np.inf)
    return np.where((prop < 0) | (pc > x * C[np.arange(len(C)), best]), best, prop)


def choose_veto(C: np.ndarray, proposal: np.ndarray, A: np.ndarray, grid=VETO_GRID) -> float:
    """The X of ``grid`` with the best geometric mean of best / chosen measured cost A (ties: the larger X)."""
    best_x, best_s = math.inf, -math.inf
    ref = A.min(axis=1)
    for x in sorted(grid, reverse=True):
        p = veto(C, proposal, x)
        s = float(np.mean(np.log(ref / A[np.arange(len(A)), p])))
        if s > best_s + 1e-12:
            best_x, best_s = x, s
    return best_x


def ranking(ratio) -> dict:
    """Lehnert's ranking quality of picks whose cost is ``ratio`` times the best: shares within 5 %, 5-20 %,
    > 20 %, and the largest ratio."""
    r = np.round(np.asarray(ratio, float), 12)
    if not len(r):
        return {"n": 0}
    i = int(np.argmax(r))
    return {"n": int(len(r)), "within_5_pct": 100.0 * float(np.mean(r <= RANK_EDGES[0])),
            "5_to_20_pct": 100.0 * float(np.mean((r > RANK_EDGES[0]) & (r <= RANK_EDGES[1]))),
            "over_20_pct": 100.0 * float(np.mean(r > RANK_EDGES[1])), "max_ratio": float(r[i]),
            "over_2x": int(np.sum(r > 2.0)), "max_at": i}


def relative_errors(P: np.ndarray, Y: np.ndarray) -> dict:
    """|t_pred - t_meas| / t_meas from log predictions and log measurements: n, median, mean (NaN skipped)."""
    ok = np.isfinite(P) & np.isfinite(Y)
    e = np.abs(np.exp(P[ok] - Y[ok]) - 1.0)
    if not len(e):
        return {"n": 0}
    return {"n": int(len(e)), "median": float(np.median(e)), "mean": float(np.mean(e))}


# ---------------------------------------------------------------- the run

@dataclass
class RuntimeConfig:
    measurements: list
    tuning_dir: Path
    folds: int = 5
    seed: int = 2026
    train_folds: int = 5
    quick: bool = False
    manifest: Path | str | None = None
    repo_root: Path | None = None
    jobs: int = 1
    min_nnz: int = 1000
    kinds: tuple = KINDS
    classifier: bool = True
    cache: Path | None = None   # oof.py's fold tables and the runtime fits, reused when their key matches
    command: str = ""
    arch: str = ""


def _oof_config(cfg: RuntimeConfig) -> oof.OofConfig:
    return oof.OofConfig(measurements=list(cfg.measurements), tuning_dir=Path(cfg.tuning_dir), folds=cfg.folds,
                         seed=cfg.seed, train_folds=cfg.train_folds, quick=cfg.quick, manifest=cfg.manifest,
                         repo_root=cfg.repo_root, jobs=cfg.jobs, min_nnz=cfg.min_nnz)


def _cache_key(cfg: RuntimeConfig, folders, members) -> str:
    man = cfg.manifest if cfg.manifest is not None else "default"
    text = json.dumps({"folders": [str(Path(f)) for f in folders], "members": sorted(members), "seed": cfg.seed,
                       "train_folds": cfg.train_folds, "quick": cfg.quick, "manifest": str(man)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def classifier_tables(cfg: RuntimeConfig, precision: str, folders, jobs: dict, log) -> dict:
    """fold -> (table, trainer's held-out matrices, source): oof.py's fold tables, from the cache when its key
    (folders, members, seed, folds, grid, manifest) matches, else trained (and cached)."""
    out, todo = {}, {}
    cache = Path(cfg.cache) / precision if cfg.cache else None
    for f, members in jobs.items():
        key = _cache_key(cfg, folders, members)
        p = cache / f"fold{f}.json" if cache else None
        if p is not None and p.exists():
            d = json.loads(p.read_text())
            if d.get("key") == key:
                out[f] = (d["table"], d["held"], "cache")
                continue
        todo[f] = members
    if todo:
        log(f"[{precision}] training the classifier tables of folds {sorted(todo)} (oof.py's trainer run)")
        for f, (table, held, trained_on) in oof._fold_tables(_oof_config(cfg), folders, todo):
            out[f] = (table, list(held), "trained")
            if cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                (cache / f"fold{f}.json").write_text(json.dumps(
                    {"key": _cache_key(cfg, folders, todo[f]), "held": list(held), "trained_on": trained_on,
                     "table": table}))
            log(f"[{precision}] fold {f}: classifier table trained on {trained_on} matrices")
    return out


def _fit_source() -> str:
    """The source of what a fit computes (the cache's key: edits elsewhere in this module keep the cache)."""
    import inspect
    parts = [inspect.getsource(o) for o in (LogFeatures, build_targets, _design, _ls, _cv_linear, forward_select,
                                            LinearModel, GbmModel, _neighbours, _knn_predict, KnnModel)]
    consts = (LINEAR_MAX_FEATURES, LINEAR_MIN_GAIN, GBM_GRID, GBM_GRID_QUICK, KNN_K, KNN_SCALES, KNN_PASSES, KNN_EPS,
              PRE_FLOOR_S, GROUPS_READ)
    return "\n".join(parts) + repr(consts)


def _runtime_fit(cfg, precision, folders, f, kind, mats, tr, inner, test, held, Ztr, tg, names, Zq) -> dict:
    """One kind fitted on one fold: predictions of the fold's and the generated held-out matrices, the inner
    cross-validated predictions on the training matrices, what it reads. From the cache when the key (inputs,
    matrices, this module's source) matches."""
    import pickle
    key = None
    if cfg.cache:
        h = hashlib.sha256()
        h.update(FIT_KEY.encode())
        h.update(json.dumps({"folders": [str(Path(x)) for x in folders], "kind": kind, "seed": cfg.seed,
                             "quick": cfg.quick, "names": names, "targets": tg.names,
                             "tr": [mats[i] for i in tr], "inner": inner.tolist(),
                             "q": [mats[i] for i in np.concatenate([test, held])]}).encode())
        for a in (Ztr, tg.Y[tr], Zq):
            h.update(np.ascontiguousarray(a).tobytes())
        key = h.hexdigest()
        p = Path(cfg.cache) / precision / f"runtime-{kind}-fold{f}.pkl"
        if p.exists():
            d = pickle.loads(p.read_bytes())
            if d.get("key") == key:
                return {**d, "cached": True}
    t0 = time.time()
    model = MODELS[kind](cfg.seed, cfg.quick).fit(Ztr, tg.Y[tr], inner, names)
    sel_cols = [tg.time_col[l] for l in tg.labels] + [tg.pre_col[l] for l in tg.labels]
    out = {"key": key, "P": model.predict(Zq), "cv_pred": model.cv_pred, "info": model.info,
           "reads": sorted(model.reads(sel_cols, names), key=names.index), "fit_s": round(time.time() - t0, 1)}
    if key is not None:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(pickle.dumps(out))
    return out


def _set_figures(costs, idx, choice, gathered, fcost, oracle, A, names) -> dict:
    """oof.py's figures (plan cost at CALLS with feature collection) + Lehnert's ranking (cost without it)."""
    idx, choice = np.asarray(idx, int), np.asarray(choice, int)
    ok = choice >= 0
    idx, choice, gathered, fcost = idx[ok], choice[ok], np.asarray(gathered)[ok], np.asarray(fcost)[ok]
    names = [n for n, o in zip(names, ok) if o]
    if not len(idx):
        return {"n": 0}
    c = oof.plan_costs(costs, idx, choice, gathered, fcost)
    r = oracle[idx] / c
    v = oof.cusparse_cost(costs, idx) / c
    pc = costs.all_min[idx] / costs.T[idx, choice]
    s = oof.summary(r, v, pc, names)
    rk = ranking(A[idx, choice] / oracle[idx])
    if rk.get("n"):
        rk["max_at"] = names[rk["max_at"]]
    s["ranking"] = rk
    s["gathered_pct"] = 100.0 * float(np.mean(gathered))
    s["unanswered"] = int((~ok).sum())
    return s


def _evaluate_precision(cfg: RuntimeConfig, precision: str, folders, log) -> dict:
    quiet = lambda *_: None  # noqa: E731
    ocfg = _oof_config(cfg)
    base = oof._trainer(ocfg, folders, quiet)
    base.load()
    costs = tasks.Costs(base.F, base.times)
    F = base.F
    mats = costs.mats
    n = len(mats)
    fam_all = F["family"].astype(str)
    group_all = base.split.group
    # oof.py's fold assignment (the same two lines): real and real-derived groups dealt by sha256(seed:group).
    real_names = set(F.index[fam_all.isin(splitmod.REAL_FAMILIES)])
    fold_of_group = splitmod.deal(sorted({group_all[m] for m in real_names}), cfg.seed, cfg.folds)
    fam = fam_all.loc[mats].to_numpy()
    group = group_all.loc[mats].to_numpy()
    domain = splitmod.domains(F.loc[mats], base.manifest).to_numpy()
    is_real = np.isin(fam, splitmod.REAL_FAMILIES)
    ofold = np.array([fold_of_group[g] if r else -1 for g, r in zip(group, is_real)])
    nnz = F.loc[mats, "nnz"].to_numpy()
    names = feature_names(F.loc[mats])
    X = F.loc[mats, names].to_numpy(dtype=float)
    tg = build_targets(base.times, mats)
    A = costs.at(CALLS) / CALLS                     # measured cost per call, analysis amortized
    oracle = A.min(axis=1)
    kinds = [k for k in cfg.kinds if k in MODELS]
    jobs = {}
    for f in range(cfg.folds):
        members = sorted(m for m in real_names if fold_of_group[group_all[m]] == f)
        if members:
            jobs[f] = members
    tables = classifier_tables(cfg, precision, folders, jobs, log) if cfg.classifier else {}
    backend = str(base.meas.run.get("backend", "")).lower() or None
    # Per (set row): matrix index, fold, per kind predictions (log) and picks; classifier picks.
    P = {k: np.full((n, len(tg.names)), np.nan) for k in kinds}
    used_cost = {k: np.zeros(n) for k in kinds}
    vx = {k: np.full(n, np.nan) for k in kinds}
    cls = np.full(n, -1)
    cls_g = np.zeros(n, bool)
    cls_fc = np.zeros(n)
    gen = []                     # (fold, idx, {kind: P}, {kind: used cost}, cls pick, gathered, fcost, read)
    folds_run = []
    for f, members in jobs.items():
        t0 = time.time()
        mset = set(members)
        Fk = F[~F.index.isin(members)]
        shared = [m for m in base.meas.shared_real if m not in mset]
        sp = splitmod.make_split(Fk, shared, cfg.seed, cfg.train_folds, base.manifest)
        spf = sp.fold.reindex(mats)
        tr = np.flatnonzero(spf.notna().to_numpy() & (spf.fillna(0).to_numpy() != 0))
        test = np.flatnonzero(ofold == f)
        held = np.flatnonzero(~is_real & (spf.fillna(-1).to_numpy() == 0))
        overlap = set(group[tr]) & set(group[test])
        if overlap:  # the point of the whole exercise: never train on a predicted matrix's group
            raise AssertionError(f"fold {f}: training shares groups with the predicted matrices: {sorted(overlap)}")
        inner = spf.iloc[tr].astype(int).to_numpy()
        lf = LogFeatures().fit(X[tr])
        Ztr = lf.transform(X[tr])
        Zq = lf.transform(X[np.concatenate([test, held])])
        info = {"_trained": [mats[i] for i in tr], "_predicted": [mats[i] for i in test],
                "_generated": [mats[i] for i in held], "fold": f, "matrices": int(len(test)), "groups": int(len(set(group[test]))),
                "trained_on": int(len(tr)), "trained_groups": int(len(set(group[tr]))), "models": {}, "veto_x": {},
                "reads": {}}
        table = tables.get(f)
        if table is not None:  # make_plan's plan from the fold table, as oof.py scores it (skew guard included)
            tab = table[0]
            fc_tab = oof.gathered_cost(tab, F.loc[mats])
            p_tr = compare.plan_picks(tab, costs, base.arch_json, base.is_gpu, CALLS, tr, backend=backend).pred
            if len(test):
                d = oof.fold_picks(tab, costs, base.arch_json, base.is_gpu, test, fc_tab[test], backend)
                cls[test], cls_g[test], cls_fc[test] = d["pred"], d["gathered"], d["fcost"]
            info["classifier"] = table[2]
        gen_p, gen_used = {}, {}
        for k in kinds:
            tk = time.time()
            fit = _runtime_fit(cfg, precision, folders, f, k, mats, tr, inner, test, held, Ztr, tg, names, Zq)
            Pq, cv_pred, reads = fit["P"], fit["cv_pred"], fit["reads"]
            P[k][test] = Pq[:len(test)]
            gen_p[k] = Pq[len(test):]
            fc = feat.collection_cost(F.loc[mats], reads).to_numpy()
            used_cost[k][test] = fc[test]
            gen_used[k] = fc[held]
            info["reads"][k] = reads
            info["models"][k] = fit["info"]
            info.setdefault("fit_s", {})[k] = fit["fit_s"]
            if table is not None:
                C_tr = predicted_costs(cv_pred, tg)
                x = choose_veto(C_tr, p_tr, A[tr])
                info["veto_x"][k] = x
                vx[k][test] = x
            log(f"[{precision}] fold {f}: {k} fitted on {len(tr)} matrices in {time.time() - tk:.1f} s"
                + (" (cache)" if fit.get("cached") else ""))
        g_pick = g_gath = g_fc = None
        if table is not None:
            d = oof.fold_picks(table[0], costs, base.arch_json, base.is_gpu, held, fc_tab[held], backend)
            g_pick, g_gath, g_fc = d["pred"], d["gathered"], d["fcost"]
        gen.append((f, held, gen_p, gen_used, g_pick, g_gath, g_fc, dict(info["veto_x"])))
        info["elapsed_s"] = round(time.time() - t0, 1)
        folds_run.append(info)
    # ------------------------------------------------------------ figures
    counted = nnz >= cfg.min_nnz
    idx_sets = {}
    for sname in ("real", "real-derived"):
        idx_sets[sname] = np.flatnonzero((fam == sname) & (ofold >= 0) & (counted if sname == "real" else True))
    # Pooled generated held-out rows (a matrix once per fold table).
    g_idx = np.concatenate([g[1] for g in gen]) if gen else np.array([], int)
    g_fold = np.concatenate([np.full(len(g[1]), g[0]) for g in gen]) if gen else np.array([], int)
    gP = {k: np.vstack([g[2][k] for g in gen]) if gen else np.zeros((0, len(tg.names))) for k in kinds}
    g_used = {k: np.concatenate([g[3][k] for g in gen]) if gen else np.zeros(0) for k in kinds}
    have_cls = bool(tables)
    if have_cls:
        g_cls = np.concatenate([g[4] for g in gen])
        g_cg = np.concatenate([g[5] for g in gen])
        g_cfc = np.concatenate([g[6] for g in gen])
        g_vx = {k: np.concatenate([np.full(len(g[1]), g[7].get(k, np.nan)) for g in gen]) for k in kinds}
    views = {}
    for sname, idx in idx_sets.items():
        views[sname] = {"idx": idx, "P": {k: P[k][idx] for k in kinds}, "used": {k: used_cost[k][idx] for k in kinds},
                        "fold": ofold[idx]}
        if have_cls:
            views[sname].update(cls=cls[idx], cls_g=cls_g[idx], cls_fc=cls_fc[idx], vx={k: vx[k][idx] for k in kinds})
    views["generated held-out"] = {"idx": g_idx, "P": gP, "used": g_used, "fold": g_fold}
    if have_cls:
        views["generated held-out"].update(cls=g_cls, cls_g=g_cg, cls_fc=g_cfc, vx=g_vx)
    prediction, pre_quality, selection, rows = {}, {}, {}, []
    for sname, vw in views.items():
        idx = vw["idx"]
        Ym = tg.Y[idx]
        prediction[sname] = {}
        pre_quality[sname] = {}
        for k in kinds:
            Pk = vw["P"][k]
            per = {c: relative_errors(Pk[:, j], Ym[:, j]) for j, c in enumerate(tg.configs)}
            nt = len(tg.configs)
            per["all configurations"] = relative_errors(Pk[:, :nt], Ym[:, :nt])
            prediction[sname][k] = per
            pre_quality[sname][k] = {l: relative_errors(Pk[:, tg.pre_col[l]], Ym[:, tg.pre_col[l]])
                                     for l in tg.labels}
            pre_quality[sname][k]["all labels"] = relative_errors(Pk[:, nt:], Ym[:, nt:])
        mnames = [mats[i] for i in idx]
        sel = {}
        picks = {k: pick(predicted_costs(vw["P"][k], tg)) for k in kinds}
        for k in kinds:
            fc = vw["used"][k]
            sel[k] = _set_figures(costs, idx, picks[k], fc > 0, fc, oracle, A, mnames)
        vpicks = {}
        if have_cls:
            sel["classifier"] = _set_figures(costs, idx, vw["cls"], vw["cls_g"], vw["cls_fc"], oracle, A, mnames)
            for k in kinds:
                C = predicted_costs(vw["P"][k], tg)
                vp = np.array([veto(C[i:i + 1], vw["cls"][i:i + 1], vw["vx"][k][i])[0] for i in range(len(idx))],
                              dtype=int) if len(idx) else np.array([], int)
                vpicks[k] = vp
                fc = _union_cost(vw["cls_g"], vw["cls_fc"], vw["used"][k])
                s = _set_figures(costs, idx, vp, np.ones(len(idx), bool), fc, oracle, A, mnames)
                s["vetoed_pct"] = 100.0 * float(np.mean(vp != vw["cls"])) if len(idx) else 0.0
                sel["veto: " + k] = s
                # The same veto only where the classifier's plan gathered anyway (the runtime model's features
                # then cost nothing more; the known path keeps its pick and its economy).
                g = np.asarray(vw["cls_g"], bool)
                vg = np.where(g, vp, vw["cls"])
                fg = np.where(g, fc, vw["cls_fc"])
                s = _set_figures(costs, idx, vg, g, fg, oracle, A, mnames)
                s["vetoed_pct"] = 100.0 * float(np.mean(vg != vw["cls"])) if len(idx) else 0.0
                sel["veto, gathered plans: " + k] = s
                vpicks["g:" + k] = vg
        selection[sname] = sel
        for j, i in enumerate(idx):
            row = {"precision": precision, "set": sname, "matrix": mats[i], "group": group[i], "domain": domain[i],
                   "fold": int(vw["fold"][j]), "rows": int(F.loc[mats[i], "rows"]),
                   "cols": int(F.loc[mats[i], "cols"]), "nnz": int(nnz[i]),
                   "oracle_at_100": costs.labels[int(np.argmin(A[i]))], "oracle_us": 1e6 * float(oracle[i])}
            if have_cls:
                c = int(vw["cls"][j])
                row["classifier"] = costs.labels[c] if c >= 0 else ""
                row["classifier_ratio"] = float(A[i, c] / oracle[i]) if c >= 0 else np.nan
            for k in kinds:
                C = predicted_costs(vw["P"][k][j:j + 1], tg)[0]
                order = np.argsort(C, kind="stable")
                p = int(order[0])
                row[f"{k}_pick"] = costs.labels[p]
                row[f"{k}_pred_us"] = 1e6 * float(C[p])
                row[f"{k}_runner_up"] = costs.labels[int(order[1])] if len(order) > 1 else ""
                row[f"{k}_runner_up_pred_us"] = 1e6 * float(C[order[1]]) if len(order) > 1 else np.nan
                row[f"{k}_meas_us"] = 1e6 * float(A[i, p])
                row[f"{k}_ratio"] = float(A[i, p] / oracle[i])
                re = relative_errors(vw["P"][k][j, :len(tg.configs)], tg.Y[i, :len(tg.configs)])
                row[f"{k}_median_rel_err"] = re.get("median", np.nan)
                if have_cls:
                    v = int(vpicks[k][j])
                    row[f"veto_{k}"] = costs.labels[v]
                    row[f"veto_{k}_ratio"] = float(A[i, v] / oracle[i])
                    v = int(vpicks["g:" + k][j])
                    row[f"veto_gathered_{k}_ratio"] = float(A[i, v] / oracle[i])
            rows.append(row)
    lin = _linear_table(folds_run, tg) if "linear" in kinds else {}
    run = base.meas.run
    return {"precision": precision, "measurements": list(folders),
            "device": run.get("device", {}).get("name", "?"), "date": run.get("date", ""),
            "manifest": base.manifest.path if base.manifest is not None else None,
            "real_groups": len(fold_of_group), "features": names, "configs": tg.configs, "labels": tg.labels,
            "min_nnz": cfg.min_nnz, "real_below_min_nnz": int(np.sum(is_real & ~counted & (fam == "real"))),
            "folds": folds_run, "prediction": prediction, "preprocessing": pre_quality, "selection": selection,
            "linear_features": lin, "classifier": have_cls, "rows": rows}


def _union_cost(cls_gathered, cls_fc, used) -> np.ndarray:
    """Feature collection under a veto: the groups the runtime model reads and, when the classifier gathered, its
    own (the largest of the two costs: both read row_stats, the larger also reads more)."""
    return np.where(np.asarray(cls_gathered), np.maximum(cls_fc, used), used)


def _linear_table(folds_run: list, tg: Targets) -> dict:
    """Per time configuration and label preprocessing: feature -> number of folds whose linear model read it."""
    out = {}
    for t, name in enumerate(tg.names):
        counts: dict = {}
        for info in folds_run:
            for n in info["models"]["linear"]["features"][t]:
                counts[n] = counts.get(n, 0) + 1
        out[name] = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    return out


def run(cfg: RuntimeConfig, log=print) -> dict:
    head = {"calls": CALLS, "folds": cfg.folds, "seed": cfg.seed, "quick": cfg.quick, "kinds": list(cfg.kinds),
            "command": cfg.command, "arch": cfg.arch,
            "veto_grid": [x if math.isfinite(x) else None for x in VETO_GRID]}
    return oof.per_precision(cfg.measurements, head,
                             lambda precision, folders: _evaluate_precision(cfg, precision, folders, log))


# ---------------------------------------------------------------- output

_f3, _pc = oof.f3, oof.pc  # the study's number formats


def _re(d: dict) -> str:
    if not d or not d.get("n"):
        return "–"
    return f"{100 * d['median']:.1f} / {100 * d['mean']:.1f}"


def _x(x) -> str:
    return "never" if x is None or not math.isfinite(x) else f"{x:g}×"


def markdown(result: dict) -> str:
    calls = result["calls"]
    L = ["# Runtime models as a selector, out-of-fold (issue 20, item 4)", ""]
    if result.get("command"):
        L += ["```sh", result["command"], "```", ""]
    L += ["Per aspmv configuration a regression of log(time_s), and per method label one of log(preprocessing_s), "
          "on the log1p-scaled features of the known and row_stats groups (runtime_models.py); three kinds: "
          "**linear** (least squares on the log-features and their squares, per-target forward selection on "
          "grouped cross-validation, which also chooses per target between log t and log(t − c), c = 0.9× the "
          "least training time: the launch floor), **gbm** "
          "(HistGradientBoostingRegressor, 15 leaves, 100 rounds) and **knn** (1/distance-weighted, "
          "feature weights by coordinate descent over {0, 0.5, 1, 2}, k by cross-validation). Selection: the "
          f"least predicted time + predicted preprocessing / {calls} calls. Out-of-fold as `aspmv_train oof`: "
          f"the real and real-derived groups dealt into {result['folds']} folds (seed {result['seed']}), each "
          "fold's matrices predicted by models fitted without them (and without the trainer's own held-out fold), "
          "the generated held-out fold predicted by every fold's models (matrices × fits). The classifier rows are "
          "oof.py's fold tables asked as make_plan asks at 100 calls; **veto: kind**: the classifier's pick unless "
          "the runtime model predicts it more than X× the cost of its best label (X chosen per fold on the "
          "training matrices; the plan then gathers row statistics always); **veto, gathered plans**: the same "
          "veto only where the classifier's plan gathered anyway (no extra feature collection)."
          + (" Quick grids (tests)." if result.get("quick") else ""), "",
          f"Prediction quality (Lehnert): relative error |t_pred − t_meas| / t_meas of the time per call, "
          f"median / mean in %. Selection: per matrix, oracle / choice where the choice costs (feature collection "
          f"+ preprocessing + {calls} calls) / {calls} (`oof.md`'s figure); ranking: the pick's (preprocessing + "
          f"{calls} calls) over the best label's, within 5 %, 5–20 %, > 20 %, and the largest such ratio "
          "(target: ≥ 80 % within 5 %, never > 2×).", ""]
    for prec, r in result["precisions"].items():
        kinds = [k for k in result["kinds"] if k in r["prediction"].get("real", r["prediction"].get(SETS[-1], {}))]
        L += [f"## {prec} ({r['device']}, {r['date'][:10]})", "",
              f"Measurements: {', '.join('`' + m + '`' for m in r['measurements'])}; manifest: "
              f"{('`' + r['manifest'] + '`') if r['manifest'] else 'none (real matrices grouped by name and shape)'}"
              f"; {r['real_groups']} real groups in {len(r['folds'])} folds; real matrices under {r['min_nnz']:,} "
              f"nonzeros ({r['real_below_min_nnz']}) left out of the figures. Features read "
              f"({len(r['features'])}): {', '.join(r['features'])}.", ""]
        L += ["### Prediction quality: median / mean relative error (%), all configurations pooled", "",
              "| set | matrices | " + " | ".join(kinds) + " | preprocessing: " + " | ".join(kinds) + " |",
              "|---|---|" + "---|" * (2 * len(kinds))]
        for sname in SETS:
            pq = r["prediction"].get(sname)
            if not pq:
                continue
            nm = r["selection"][sname][kinds[0]].get("n", 0) if kinds else 0
            L.append(f"| {sname} | {nm} | " + " | ".join(_re(pq[k]["all configurations"]) for k in kinds) + " | "
                     + " | ".join(_re(r["preprocessing"][sname][k]["all labels"]) for k in kinds) + " |")
        L.append("")
        for sname in SETS:
            pq = r["prediction"].get(sname)
            if not pq or not pq[kinds[0]]["all configurations"].get("n"):
                continue
            L += [f"Per configuration, {sname} (median / mean %):", "",
                  "| configuration | " + " | ".join(kinds) + " |", "|---|" + "---|" * len(kinds)]
            for c in r["configs"]:
                L.append(f"| {c} | " + " | ".join(_re(pq[k][c]) for k in kinds) + " |")
            L.append("")
        L += ["### Selection", "",
              "| set | selector | matrices | gm vs oracle | min (matrix) | > 0.8 | within 5 % | 5–20 % | > 20 % | "
              "max ratio (matrix) | > 2× | gm vs best cuSPARSE | gathered | vetoed |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for sname in SETS:
            sel = r["selection"].get(sname)
            if not sel:
                continue
            order = (["classifier"] if "classifier" in sel else []) + kinds + [
                f"{v}: {k}" for v in ("veto", "veto, gathered plans") for k in kinds if f"{v}: {k}" in sel]
            for name in order:
                s = sel[name]
                if not s.get("n"):
                    L.append(f"| {sname} | {name} | 0 |" + " – |" * 11)
                    continue
                rk = s["ranking"]
                L.append(f"| {sname} | {name} | {s['n']} | {_f3(s['gm'])} | {_f3(s['min'])} (`{s['worst']}`) | "
                         f"{_pc(s['above_0.8_pct'])} | {_pc(rk['within_5_pct'])} | {_pc(rk['5_to_20_pct'])} | "
                         f"{_pc(rk['over_20_pct'])} | {_f3(rk['max_ratio'])} (`{rk['max_at']}`) | {rk['over_2x']} | "
                         f"{_f3(s.get('cusparse_gm'))}× | {_pc(s['gathered_pct'])} | "
                         f"{_pc(s['vetoed_pct']) if 'vetoed_pct' in s else '–'} |")
        L.append("")
        if r.get("linear_features"):
            L += ["### What the linear models read (Lehnert Table 2): feature (folds of "
                  f"{len(r['folds'])} that selected it)", "", "| target | features |", "|---|---|"]
            for t, counts in r["linear_features"].items():
                L.append(f"| {t} | " + (", ".join(f"{n} ({c})" for n, c in counts.items()) or "(intercept)") + " |")
            L.append("")
        L += ["### Folds", "", "| fold | real matrices predicted | groups | fitted on (groups) | classifier table | "
              "veto X | knn k | knn features (weight ≠ 1) | gbm leaves: targets | fit s |",
              "|---|---|---|---|---|---|---|---|---|---|"]
        for f in r["folds"]:
            m = f["models"]
            knn = m.get("knn", {})
            kw = ", ".join(f"{n}×{w:g}" for n, w in knn.get("weights", {}).items() if w != 1.0)
            gbm = m.get("gbm", {}).get("max_leaf_nodes", [])
            gl = ", ".join(f"{v}: {gbm.count(v)}" for v in sorted(set(gbm))) if gbm else "–"
            L.append(f"| {f['fold']} | {f['matrices']} | {f['groups']} | {f['trained_on']} ({f['trained_groups']}) | "
                     f"{f.get('classifier', '–')} | " + ", ".join(f"{k} {_x(x)}" for k, x in f["veto_x"].items())
                     + f" | {knn.get('k', '–')} | {kw or '–'} | {gl} | "
                     + ", ".join(f"{k} {s}" for k, s in f.get("fit_s", {}).items()) + " |")
        L.append("")
    return "\n".join(L).rstrip() + "\n"


def write(result: dict, out_dir: Path) -> list[Path]:
    return oof.write_study(result, out_dir, "runtime", markdown(result), public_folds=True)


# The fitting code as imported (read once, so an edit of the file during a run cannot change a key midway).
FIT_KEY = hashlib.sha256(_fit_source().encode()).hexdigest()
