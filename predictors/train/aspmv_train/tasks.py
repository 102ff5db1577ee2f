"""The five models as selection tasks, their labels and their scores.

TpR (tpr_global, Gao §3; tpr_block, Gao §4.3): classes are the measured TpRs
of the TpR kernel ("1" .. "32"); candidates = those TpRs; labels:
- ``fastest``: the fastest TpR (ties: the smallest);
- ``relaxed-consensus``: among the TpRs within 2 % of the fastest, the one
  acceptable (within 2 %) for the most training samples - one label per
  near-tie class, so the classifier does not learn timing noise;
- ``relaxed-largest``: the largest TpR within 2 %.
Score (chooses the label and the algorithm): lower cross-validated PLUB.

Kernel selection (Seer): classes are method labels (methods.py). A plan
that runs method m for N calls costs
    features + preprocessing_s(m) + N * time_s(m)
where features is 0 for the known model and the collection time of the
gathered model's feature groups (features.py) for the gathered model;
preprocessing_s is the plan's analysis as the collector timed it (for the
kernels that need the row structure it already includes their own row_stats
pass, so a gathered plan counts that pass twice: a conservative bound), and
time_s, the per-call time measured in batches, includes the launch. Inference
(a few microseconds) is not counted. The oracle at N calls: min over methods
of preprocessing_s + N time_s (it needs no features).
Labels of a kernel model: the cheapest method at a horizon of H calls
(H = 1, 19, 100, or "per-call": H -> infinity, time_s alone), a variant each.
- kernel_known is scored at 1 call (the regime where gathering does not pay:
  the known model is what the gather model falls back to);
- kernel_gathered is scored at 100 calls (make_plan's default expected_calls);
- the pair and the gather model are then chosen together on the mean log
  ratio oracle/selection over 1, 19 and 100 calls (train.py).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from aspmv_train import features as feat
from aspmv_train import metrics
from aspmv_train.methods import TimeTables
from aspmv_train.selection import Task

RELAXED = 0.02
# The kernels that launch without a plan's device arrays (kernel_info.hpp traits.direct: CSR-scalar, CSR-vector,
# CSR-vector-team, merge_split): the classes of kernel_known's "direct kernels" variants and of the drop-in call.
DIRECT_KERNELS = ("csr_scalar", "csr_vector", "csr_vector_team", "merge_split", "vector_split")
HORIZONS = {"1 call": 1.0, "19 calls": 19.0, "100 calls": 100.0, "per-call": math.inf,
            "per-call, direct kernels": math.inf, "1 call, direct kernels": 1.0}
EVAL_CALLS = (1, 19, 100)
GATHER_TRAIN_CALLS = (1, 3, 10, 19, 30, 100, 300, 1000)


# ---------------------------------------------------------------- TpR

def tpr_labels(T: np.ndarray, train: np.ndarray) -> dict:
    ts = T.min(axis=1)
    within = T <= ts[:, None] * (1.0 + RELAXED)
    fastest = np.argmin(T, axis=1)
    freq = within[train].mean(axis=0) if train.any() else within.mean(axis=0)
    order = np.argsort(-freq, kind="stable")  # most often acceptable first, ties: smaller TpR
    consensus = np.array([next(j for j in order if w[j]) for w in within])
    largest = T.shape[1] - 1 - np.argmax(within[:, ::-1], axis=1)
    return {"fastest": fastest, "relaxed-consensus": consensus, "relaxed-largest": largest}


def pow2_at_least(v: float, cap: int) -> int:
    p = 1
    while p < cap and p < v:
        p *= 2
    return p


def rule_tprs(rows, nnz, max_row, max_tpr: int) -> dict:
    """The four rules (predictors/tpr_rules.hpp + Ginkgo) per sample."""
    rows, nnz, max_row = (np.asarray(a, dtype=np.int64) for a in (rows, nnz, max_row))
    out = {"CUSP mean": [], "Reguly sqrt(mean)": [], "Kokkos Kernels": [], "Ginkgo max row": []}
    for r, z, mx in zip(rows, nnz, max_row):
        mean = z / r if r > 0 else 0.0
        out["CUSP mean"].append(pow2_at_least(math.ceil(mean), max_tpr))
        out["Reguly sqrt(mean)"].append(pow2_at_least(math.ceil(math.sqrt(mean)), max_tpr))
        per_row = z // r if r > 0 and z // r > 1 else 1
        vl = 1
        while vl < max_tpr and vl * 6 < per_row:
            vl *= 2
        out["Kokkos Kernels"].append(vl)
        g = 1  # Ginkgo: the largest power of two <= the longest row, capped at max
        while g * 2 <= min(max(int(mx), 1), max_tpr):
            g *= 2
        out["Ginkgo max row"].append(g)
    return {k: np.array(v) for k, v in out.items()}


def _log_regret(C: np.ndarray) -> np.ndarray:
    """log(cost / best cost) per sample and class."""
    return np.log(C / C.min(axis=1, keepdims=True))


def _tpr_eval(T: np.ndarray):
    def evaluate(variant, pred, mask):
        Tm = T[mask]
        return metrics.selection(Tm[np.arange(len(Tm)), pred], Tm.min(axis=1))
    return evaluate


def tpr_global_task(F: pd.DataFrame, times: TimeTables, fold: pd.Series, names=feat.GAO) -> tuple[Task, dict]:
    mats = list(times.tpr_time.index)
    T = times.tpr_time.loc[mats, times.tpr_labels].to_numpy()
    fo = fold.loc[mats].to_numpy()
    X = feat.matrix(F.loc[mats], names).to_numpy()
    task = Task("tpr_global", list(names), [str(t) for t in times.tprs], X, mats, fo,
                tpr_labels(T, fo != 0), regret={"fastest": _log_regret(T)}, evaluate=_tpr_eval(T),
                score=lambda m: -m["PLUB_pct"], tolerance=0.25, matrices=mats)
    # Rules: the collector's columns for CUSP / Reguly / Kokkos Kernels, Ginkgo from max.
    max_tpr = max(times.tprs)
    rules = rule_tprs(F.loc[mats, "rows"], F.loc[mats, "nnz"], F.loc[mats, "max"], max_tpr)
    for col, name in (("tpr_cusp_mean", "CUSP mean"), ("tpr_reguly_sqrt_mean", "Reguly sqrt(mean)"),
                      ("tpr_kokkos_kernels", "Kokkos Kernels")):
        if col in F.columns:
            rules[name] = F.loc[mats, col].astype(int).to_numpy()
    rule_idx = {k: np.array([times.tprs.index(min(int(v), max_tpr)) for v in vals]) for k, vals in rules.items()}
    for t in times.tprs:
        rule_idx[f"TpR={t}"] = np.full(len(mats), times.tprs.index(t))
    return task, rule_idx


def tpr_class(tprs, tpr: int) -> int:
    """The class index of a TpR among the measured ones (sorted): itself, or the largest measured TpR below it."""
    return tprs.index(tpr) if tpr in tprs else tprs.index(max(t for t in tprs if t <= tpr))


def tpr_block_task(blocks: pd.DataFrame, fold: pd.Series, tprs_expected=None, names=feat.GAO
                   ) -> tuple[Task, dict] | None:
    if blocks is None or blocks.empty:
        return None
    b = blocks[blocks["matrix"].isin(fold.index)]
    wide = b.pivot_table(index=["matrix", "block"], columns="tpr", values="time_s", aggfunc="first").sort_index()
    wide = wide.dropna()
    if wide.empty:
        return None
    tprs = sorted(int(c) for c in wide.columns)
    wide = wide[tprs]
    shapes = b.groupby(["matrix", "block"])[list(names)].first().loc[wide.index]
    ids = list(wide.index)
    T = wide.to_numpy()
    fo = np.array([fold[m] for m, _ in ids])
    X = shapes[list(names)].astype(float).to_numpy()
    task = Task("tpr_block", list(names), [str(t) for t in tprs], X, ids, fo, tpr_labels(T, fo != 0),
                regret={"fastest": _log_regret(T)}, evaluate=_tpr_eval(T), score=lambda m: -m["PLUB_pct"], tolerance=0.25,
                matrices=[m for m, _ in ids])
    rules = rule_tprs(shapes["rows"], shapes["nnz"], shapes["max"], max(tprs))
    rule_idx = {k: np.array([tpr_class(tprs, v) for v in vals]) for k, vals in rules.items()}
    for t in tprs:
        rule_idx[f"TpR={t}"] = np.full(len(ids), tprs.index(t))
    return task, rule_idx


# ---------------------------------------------------------------- kernel selection

class Costs:
    """Per matrix and method: preprocessing and time per call; costs at N calls."""

    def __init__(self, F: pd.DataFrame, times: TimeTables):
        self.mats = list(times.time.index)
        self.labels = list(times.labels)
        self.T = times.time[self.labels].to_numpy()
        self.P = times.pre[self.labels].to_numpy()
        self.F = F.loc[self.mats]
        self.all_min = times.all_aspmv.loc[self.mats].min(axis=1).to_numpy()
        self.vendor = times.vendor.loc[self.mats]
        self.vendor_pre = times.vendor_pre.loc[self.mats]
        self.auto = None if times.auto is None else times.auto.loc[self.mats].to_numpy()
        self.auto_pre = None if times.auto_pre is None else times.auto_pre.loc[self.mats].to_numpy()
        self.direct = np.array([l.split("/")[0] in DIRECT_KERNELS for l in self.labels])

    def feature_cost(self, names) -> np.ndarray:
        return feat.collection_cost(self.F, names).to_numpy()

    def at(self, N: float) -> np.ndarray:
        """matrix x method cost at N calls (no features)."""
        return self.T.copy() if math.isinf(N) else self.P + N * self.T

    def label(self, H: float, direct_only: bool = False) -> np.ndarray:
        C = self.at(H)
        if direct_only:
            C = np.where(self.direct[None, :], C, np.inf)
        return np.argmin(C, axis=1)

    def oracle(self, N: float) -> np.ndarray:
        return self.at(N).min(axis=1)

    def chosen(self, pred, N: float, idx=None) -> np.ndarray:
        idx = np.arange(len(self.mats)) if idx is None else idx
        C = self.at(N)[idx]
        return C[np.arange(len(idx)), pred]


def kernel_task(name: str, names, costs: Costs, fold: pd.Series, score_calls: float, feature_cost: np.ndarray,
                variants=("1 call", "19 calls", "100 calls", "per-call")) -> Task:
    mats = costs.mats
    fo = fold.loc[mats].to_numpy()
    X = feat.matrix(costs.F, names).to_numpy()
    labels = {v: costs.label(HORIZONS[v], "direct" in v) for v in variants}
    regret, regret_cols = {}, {}
    for v in variants:
        C = costs.at(HORIZONS[v])
        if "direct" in v:  # only the direct kernels are classes
            cols = np.flatnonzero(costs.direct)
            regret[v] = _log_regret(C[:, cols])
            regret_cols[v] = cols
        else:
            regret[v] = _log_regret(C)
    idx_all = np.arange(len(mats))

    def evaluate(variant, pred, mask):
        idx = idx_all[mask]
        c = costs.chosen(pred, score_calls, idx) + feature_cost[idx]
        o = costs.oracle(score_calls)[idx]
        t_p = costs.T[idx, pred]
        lab = labels[variant][idx]
        return {"n": int(len(idx)),
                f"gm_oracle_over_cost_at_{int(score_calls)}": metrics.gm(o / c),
                "gm_apply_vs_oracle_all": metrics.gm(costs.all_min[idx] / t_p),
                "accuracy_pct": 100.0 * float(np.mean(costs.at(HORIZONS[variant])[idx, pred]
                                                     == costs.at(HORIZONS[variant])[idx, lab]))}

    key = f"gm_oracle_over_cost_at_{int(score_calls)}"
    return Task(name, list(names), list(costs.labels), X, mats, fo, labels, regret=regret, regret_cols=regret_cols,
                evaluate=evaluate,
                score=lambda m: math.log(m[key]), tolerance=0.005, matrices=mats)


def selection_cost(costs: Costs, idx, N, known_pred, gathered_pred, gathered_feat_cost, decision,
                   known_feat_cost=None) -> np.ndarray:
    """Cost at N calls of Seer's classifier selection (decision 1 = gathered) for matrices idx.
    known_feat_cost: per matrix (of all) what the known path gathers anyway (the skew guard's row_stats pass,
    train.apply_skew_guard), default none."""
    ck = costs.chosen(known_pred, N, idx)
    if known_feat_cost is not None:
        ck = ck + np.asarray(known_feat_cost)[idx]
    cg = costs.chosen(gathered_pred, N, idx) + gathered_feat_cost[idx]
    return np.where(np.asarray(decision) == 1, cg, ck)


def gather_task(costs: Costs, fold: pd.Series, known_oof, gathered_oof, known_test, gathered_test,
                feature_cost: np.ndarray, calls=GATHER_TRAIN_CALLS, names=feat.KNOWN) -> Task:
    """Samples: (matrix, calls); features: known + calls; label 1 when the gathered path is cheaper.

    Training labels use out-of-fold predictions of the two kernel models (what
    they would choose on a matrix they were not trained on); held-out samples
    use the final models' predictions. Weight: |log(cost_known / cost_gathered)|,
    the log-loss of the wrong decision (the score is a geometric mean).
    """
    mats = costs.mats
    fo_m = fold.loc[mats].to_numpy()
    kp = np.where(fo_m != 0, known_oof, known_test)
    gp = np.where(fo_m != 0, gathered_oof, gathered_test)
    Xk = feat.matrix(costs.F, names).to_numpy()
    rows, ids, fo, y, w, midx, reg = [], [], [], [], [], [], []
    idx_all = np.arange(len(mats))
    for N in calls:
        ck = costs.chosen(kp, N)
        cg = costs.chosen(gp, N) + feature_cost
        rows.append(np.column_stack([Xk, np.full(len(mats), float(N))]))
        ids += [(m, N) for m in mats]
        fo.append(fo_m)
        y.append((cg < ck).astype(int))
        w.append(np.abs(np.log(ck / cg)) + 1e-3)
        midx.append(idx_all)
        reg.append(_log_regret(np.column_stack([ck, cg])))
    X = np.vstack(rows)
    fo = np.concatenate(fo)
    y = np.concatenate(y)
    w = np.concatenate(w)
    midx = np.concatenate(midx)
    Ns = X[:, -1]

    def evaluate(variant, pred, mask):
        out = {"n": int(mask.sum())}
        logs = []
        for N in EVAL_CALLS:
            sel = mask & (Ns == N)
            if not sel.any():
                continue
            ii = midx[sel]
            p = np.asarray(pred)[np.flatnonzero(sel[mask])]
            c = selection_cost(costs, ii, N, kp[ii], gp[ii], feature_cost, p)
            r = metrics.gm(costs.oracle(N)[ii] / c)
            out[f"gm_oracle_over_selection_at_{N}"] = r
            logs.append(math.log(r))
        out["mean_log"] = float(np.mean(logs)) if logs else float("nan")
        out["accuracy_pct"] = 100.0 * float(np.mean(np.asarray(pred) == y[mask])) if mask.any() else float("nan")
        return out

    return Task("gather", list(names) + ["calls"], ["known", "gathered"], X, ids, fo,
                {"cheaper path": y}, weights={"cheaper path": w}, regret={"cheaper path": np.vstack(reg)},
                evaluate=evaluate,
                score=lambda m: m["mean_log"], tolerance=0.003, matrices=[m for m, _ in ids])
