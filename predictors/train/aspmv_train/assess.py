"""Offline assessment of the kernel-selection models from recorded timings.

Everything here is a prediction from the collector's measurements (time_s,
preprocessing_s and the feature-group times), not a new device run: the cost
of a choice is what the corpus recorded for that method on that matrix.
"""
from __future__ import annotations

import math

import numpy as np

from aspmv_train import metrics
from aspmv_train.tasks import EVAL_CALLS, Costs, selection_cost


def _ratio(num, den, names) -> dict:
    return metrics.ratio_summary(np.asarray(num) / np.asarray(den), names)


def selection_at(costs: Costs, idx, known_pred, gathered_pred, feature_cost, decisions, known_feature_cost=None
                 ) -> dict:
    """Per call count N: oracle / cost ratios of the selection and of every alternative.

    decisions: N -> 0/1 per matrix of idx (1 = gather); known_feature_cost: per matrix (of all) what the known
    path gathers anyway (the skew guard's row_stats pass; default none). Returns, per N,
    {"oracle/selection": summary, "single": {label: gm oracle/cost}, "speedup_vs_single": {label: gm cost_k/cost_sel},
     "aggregate_vs_single": {label: sum cost_k / sum cost_sel}, ...}.
    """
    names = [costs.mats[i] for i in idx]
    out = {}
    for N in EVAL_CALLS:
        o = costs.oracle(N)[idx]
        sel = selection_cost(costs, idx, N, known_pred, gathered_pred, feature_cost, decisions[N],
                             known_feature_cost)
        ck = costs.chosen(known_pred, N, idx)
        if known_feature_cost is not None:
            ck = ck + np.asarray(known_feature_cost)[idx]
        cg = costs.chosen(gathered_pred, N, idx) + feature_cost[idx]
        C = costs.at(N)[idx]
        single = {lab: C[:, j] for j, lab in enumerate(costs.labels)}
        best_single = max(single, key=lambda k: metrics.gm(o / single[k]))
        row = {
            "selection": _ratio(o, sel, names),
            "always_known": metrics.gm(o / ck),
            "always_gathered": metrics.gm(o / cg),
            "ideal_gather_decision": metrics.gm(o / np.minimum(ck, cg)),
            "gathered_share_pct": 100.0 * float(np.mean(np.asarray(decisions[N]) == 1)),
            "single_gm": {k: metrics.gm(o / v) for k, v in single.items()},
            "speedup_vs_single_gm": {k: metrics.gm(v / sel) for k, v in single.items()},
            "aggregate_vs_single": {k: float(np.sum(v) / np.sum(sel)) for k, v in single.items()},
            "best_single": best_single,
            "oracle_aggregate_over_selection": float(np.sum(o) / np.sum(sel)),
        }
        comp = {}
        if costs.auto is not None:
            comp["aspmv_auto (rule)"] = costs.auto_pre[idx] + N * costs.auto[idx]
        for col in ("best_cusparse", "kokkos_kernels", "mkl"):
            if col in costs.vendor:
                comp[col] = costs.vendor_pre[col].to_numpy()[idx] + N * costs.vendor[col].to_numpy()[idx]
        row["comparators_gm"] = {k: metrics.gm(o / v) for k, v in comp.items()}
        row["speedup_vs_comparators_gm"] = {k: metrics.gm(v / sel) for k, v in comp.items()}
        out[N] = row
    return out


def plan_apply(costs: Costs, idx, plan_pred, known_pred=None) -> dict:
    """Per-call time of the plan's choice against the oracles and the comparators (plan.apply target)."""
    names = [costs.mats[i] for i in idx]
    t = costs.T[idx, plan_pred]
    out = {
        "vs_oracle_all_aspmv": _ratio(costs.all_min[idx], t, names),
        "vs_oracle_labels": _ratio(costs.T[idx].min(axis=1), t, names),
    }
    v = costs.vendor.iloc[idx]
    if "best_cusparse" in v:
        out["vs_best_cusparse"] = _ratio(v["best_cusparse"].to_numpy(), t, names)
        out["oracle_all_vs_best_cusparse"] = _ratio(v["best_cusparse"].to_numpy(), costs.all_min[idx], names)
    for col in ("kokkos_kernels", "mkl"):
        if col in v:
            out[f"vs_{col}"] = _ratio(v[col].to_numpy(), t, names)
            out[f"oracle_all_vs_{col}"] = _ratio(v[col].to_numpy(), costs.all_min[idx], names)
    if costs.auto is not None:
        out["aspmv_auto_vs_oracle_all"] = _ratio(costs.all_min[idx], costs.auto[idx], names)
        if "best_cusparse" in v:
            out["aspmv_auto_vs_best_cusparse"] = _ratio(v["best_cusparse"].to_numpy(), costs.auto[idx], names)
    return out


def drop_in(costs: Costs, idx, known_pred, fallback) -> dict:
    """The drop-in call: kernel_known's choice among the direct kernels (no plan, no analysis), per call.

    A prediction that is not a direct kernel (csr_scalar, csr_vector/tpr=N) is
    replaced by ``fallback`` (per matrix index into the labels: the current
    drop-in rule, CSR-vector with the CUSP mean TpR on GPUs).
    """
    names = [costs.mats[i] for i in idx]
    p = np.where(costs.direct[known_pred], known_pred, fallback[idx])
    t = costs.T[idx, p]
    out = {"replaced_pct": 100.0 * float(np.mean(~costs.direct[known_pred])),
           "vs_oracle_direct": _ratio(np.where(costs.direct, costs.T[idx], np.inf).min(axis=1), t, names)}
    v = costs.vendor.iloc[idx]
    for col in ("cusparse/alg1", "best_cusparse", "kokkos_kernels", "mkl"):
        if col in v:
            out[f"vs_{col.replace('/', '_')}"] = _ratio(v[col].to_numpy(), t, names)
    rule_t = costs.T[idx, fallback[idx]]
    if "cusparse/alg1" in v:
        out["rule_vs_cusparse_alg1"] = _ratio(v["cusparse/alg1"].to_numpy(), rule_t, names)
    return out


def finite(obj):
    """A copy of a nested dict/list with non-finite floats dropped (JSON has no NaN)."""
    if isinstance(obj, dict):
        return {k: finite(v) for k, v in obj.items()
                if not (isinstance(v, float) and not math.isfinite(v))}
    if isinstance(obj, (list, tuple)):
        return [finite(v) for v in obj]
    if isinstance(obj, (np.floating,)):
        return float(obj)
    if isinstance(obj, (np.integer,)):
        return int(obj)
    return obj
