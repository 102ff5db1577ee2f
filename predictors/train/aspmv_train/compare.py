"""Exported tables scored on one architecture's measurements (offline).

Answers "how far is the H100 table from the H200 one on H200 data": each
table's models are evaluated with the JSON evaluator (evaluate.py, the one the
C++ agreement test checks) on the measured features, the way make_plan asks
them at its default 100 expected calls (gather model, the planner's gather
insurance, then kernel_known or kernel_gathered, then the skew guard over the
pick: train.apply_skew_guard), and the chosen method's
recorded time is looked up; tpr_global is scored as in the trainer's report.
The split is the trainer's (same seed and folds), so the held-out fold is the
one the measurements' own table never saw.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from aspmv_train import evaluate, metrics, tasks, train
from aspmv_train.train import SkewGuarded, apply_skew_guard, gather_insured

PLAN_CALLS = 100


def _rows(F, mats):
    return [F.loc[m].to_dict() for m in mats]


@dataclass
class PlanPicks:
    """make_plan's picks, per matrix of the ``idx`` given to plan_picks."""
    pred: np.ndarray           # label index the plan runs, -1 where the table cannot answer
    gathered: np.ndarray       # the plan gathered row statistics (the gathered path, or the skew guard's pass)
    support_fired: np.ndarray  # the out-of-support guard turned the plan to the gathered path
    skew_fired: np.ndarray     # the skew guard replaced a row-bound pick by the robust kernel
    skew_gather_s: np.ndarray  # the row_stats pass the skew guard added on the known path (else 0)
    model_pred: np.ndarray     # the models' pick, before the skew guard
    model_gathered: np.ndarray  # the gathered path was taken (gather model, insurance, support guard)

    def feature_cost(self, gathered_cost) -> np.ndarray:
        """Per matrix: the plan's feature collection, ``gathered_cost`` (the kernel_gathered model's feature
        groups, per matrix of idx) on the gathered path, the skew guard's row_stats pass on the known path."""
        return np.where(self.model_gathered, np.asarray(gathered_cost), self.skew_gather_s)


def plan_choices(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, calls: int = PLAN_CALLS,
                 idx=None, *, skew: bool = True, backend: str | None = None):
    """Per matrix of ``idx`` (default: all of costs.mats): (label index or -1 when the table cannot answer,
    gathered?), the skew guard applied (``skew``). gathered includes the skew guard's row_stats pass; plan_picks
    tells them apart."""
    p = plan_picks(table, costs, arch_json, is_gpu, calls, idx, support=False, skew=skew, backend=backend)
    return p.pred, p.gathered


def plan_choices_guarded(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, calls: int = PLAN_CALLS,
                         idx=None, guard: bool = True, *, skew: bool = True, backend: str | None = None):
    """plan_choices with the out-of-support guard (plan_picks ``support``). Returns (pred, gathered, fired) per
    matrix of ``idx``; fired: the support guard turned the plan to the gathered path."""
    p = plan_picks(table, costs, arch_json, is_gpu, calls, idx, support=guard, skew=skew, backend=backend)
    return p.pred, p.gathered, p.support_fired


def plan_picks(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, calls: int = PLAN_CALLS,
               idx=None, *, support: bool = False, skew: bool = True, backend: str | None = None) -> PlanPicks:
    """make_plan's choice at ``calls`` expected calls for matrices ``idx`` (default all of costs.mats): the gather
    model, the planner's gather insurance, kernel_known or kernel_gathered, then make_plan's skew guard
    (train.apply_skew_guard, ``skew``). ``support``: the out-of-support guard, scored beside: where the plan would
    take the known path (the gather model said "known" and the insurance did not overrule it) but an input of a
    known-feature model (``gather``, ``kernel_known``) lies outside that model's training support
    (evaluate.outside_support), it gathers and asks kernel_gathered instead. A table without support never fires
    it. ``backend``: the measurements' (run.json), for the skew guard's lanes per row (default the arch table's)."""
    models = table.get("models", {})
    idx = np.arange(len(costs.mats)) if idx is None else np.asarray(idx, dtype=int)
    F = costs.F.iloc[idx]
    rows = _rows(F, list(F.index))
    nnz = F["nnz"].to_numpy()
    insured = gather_insured(arch_json, is_gpu, nnz, calls)
    pred = np.full(len(rows), -1)
    gathered = np.zeros(len(rows), dtype=bool)
    fired = np.zeros(len(rows), dtype=bool)
    for i, vals in enumerate(rows):
        vals = dict(vals, calls=calls)
        g = True
        if "gather" in models:
            m = models["gather"]
            g = evaluate.predict(m, evaluate.feature_vector(m, vals)) == "gathered" or bool(insured[i])
        if support and not g and "kernel_gathered" in models:
            known = [models[n] for n in ("gather", "kernel_known") if n in models]
            if any(evaluate.outside_support(m, vals) for m in known):
                g = fired[i] = True
        name = "kernel_gathered" if g else "kernel_known"
        if name not in models:
            continue
        m = models[name]
        label = evaluate.predict(m, evaluate.feature_vector(m, vals))
        if label in costs.labels:
            pred[i] = costs.labels.index(label)
        gathered[i] = g
    if skew:
        sg = apply_skew_guard(costs, idx, pred, gathered, arch_json, is_gpu, backend=backend)
    else:
        none = np.zeros(len(rows), dtype=bool)
        sg = SkewGuarded(pred.copy(), none, np.zeros(len(rows)), none.copy())
    return PlanPicks(sg.pred, gathered | sg.paid, fired, sg.fired, sg.gather_s, pred, gathered)


def tpr_choices(table: dict, F, times) -> np.ndarray | None:
    m = table.get("models", {}).get("tpr_global")
    if m is None or not times.tpr_labels:
        return None
    rows = _rows(F, list(times.tpr_time.index))
    return np.array([tasks.tpr_class(times.tprs, int(evaluate.predict(m, evaluate.feature_vector(m, vals))))
                     for vals in rows])


def score(tables: dict[str, dict], measurements: list[str], tuning_dir: Path, seed: int = 2026,
          folds: int = 5) -> dict:
    # The trainer's own loading: measurements merged, arch table, time tables, split, backend.
    trainer = train.Trainer(train.Config(measurements=list(measurements), arch="compare",
                                         out=Path(tuning_dir) / "model.json", tuning_dir=Path(tuning_dir),
                                         seed=seed, folds=folds), log=lambda _: None)
    trainer.load()
    meas, arch_json, times, split, is_gpu = (trainer.meas, trainer.arch_json, trainer.times, trainer.split,
                                             trainer.is_gpu)
    costs = tasks.Costs(meas.features, times)
    fold = split.fold.loc[costs.mats].to_numpy()
    sets = {"held_out": np.flatnonzero(fold == 0), "all": np.arange(len(costs.mats))}
    real = [costs.mats.index(m) for m in meas.shared_real if m in costs.mats]
    if real:
        sets["shared_real"] = np.array(real)
    tpr_task = tasks.tpr_global_task(meas.features, times, split.fold)[0] if times.tpr_labels else None
    backend = str(meas.run.get("backend", "")).lower() or None
    out = {"device": meas.run.get("device", {}).get("name", "?"), "date": meas.run.get("date", ""),
           "measurements": [str(p) for p in measurements], "n": {k: int(len(v)) for k, v in sets.items()},
           "tables": {}}
    for name, table in tables.items():
        picks = plan_picks(table, costs, arch_json, is_gpu, backend=backend)
        pred, gathered = picks.pred, picks.gathered
        res = {"provenance": table.get("provenance", {}).get("summary", ""), "sets": {}}
        tp = tpr_choices(table, meas.features, times)
        for sname, idx in sets.items():
            ok = idx[pred[idx] >= 0]
            t = costs.T[ok, pred[ok]]
            r = costs.all_min[ok] / t
            s = {"answered": int(len(ok)), "gathered_pct": 100.0 * float(gathered[ok].mean()) if len(ok) else 0.0,
                 "vs_oracle_gm": metrics.gm(r), "vs_oracle_min": float(r.min()) if len(r) else float("nan"),
                 "below_0.75_pct": 100.0 * float(np.mean(r < 0.75)) if len(r) else float("nan")}
            # make_plan's skew guard: how many picks it replaced, and the figures without it.
            r0 = costs.all_min[ok] / costs.T[ok, picks.model_pred[ok]]
            s["skew_guard"] = {"fired": int(picks.skew_fired[ok].sum()),
                               "fired_known_path": int((picks.skew_fired & ~picks.model_gathered)[ok].sum()),
                               "vs_oracle_gm_without": metrics.gm(r0),
                               "vs_oracle_min_without": float(r0.min()) if len(r0) else float("nan"),
                               "below_0.75_pct_without": 100.0 * float(np.mean(r0 < 0.75)) if len(r0) else float("nan")}
            v = costs.vendor.iloc[ok]
            if "best_cusparse" in v:
                c = v["best_cusparse"].to_numpy() / t
                s["vs_best_cusparse_gm"] = metrics.gm(c)
                s["below_0.9_cusparse_pct"] = 100.0 * float(np.mean(c < 0.9))
            if tp is not None and tpr_task is not None:
                mask = np.zeros(len(tpr_task.ids), dtype=bool)
                pos = {m: i for i, m in enumerate(tpr_task.ids)}  # tpr_global's samples (methods.tpr_time)
                mask[[pos[costs.mats[i]] for i in idx if costs.mats[i] in pos]] = True
                s["tpr_global"] = tpr_task.evaluate(None, tp[mask], mask)
            res["sets"][sname] = s
        out["tables"][name] = res
    return out


def markdown(result: dict) -> str:
    def f3(x):
        return "—" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.3f}"

    lines = [f"Tables scored on `{', '.join(result['measurements'])}` ({result['device']}, {result['date']}); "
             f"plan choice at {PLAN_CALLS} expected calls, per-call time against the oracle over all aspmv "
             "configurations (offline, from the recorded timings).", ""]
    for sname, n in result["n"].items():
        lines += [f"**{sname.replace('_', ' ')}** ({n} matrices)", "",
                  "| table | plan vs oracle (gm) | min | below 0.75 | vs best cuSPARSE (gm) | below 0.9× | "
                  "gathered | tpr_global accuracy | tpr_global PLUB |", "|---|---|---|---|---|---|---|---|---|"]
        for tname, res in result["tables"].items():
            s = res["sets"][sname]
            tg = s.get("tpr_global", {})
            lines.append(f"| {tname} | {f3(s['vs_oracle_gm'])} | {f3(s['vs_oracle_min'])} | "
                         f"{s['below_0.75_pct']:.1f} % | {f3(s.get('vs_best_cusparse_gm'))}× | "
                         f"{s.get('below_0.9_cusparse_pct', float('nan')):.1f} % | {s['gathered_pct']:.0f} % | "
                         + (f"{tg['accuracy_pct']:.1f} % | {tg['PLUB_pct']:.2f} % |" if tg else "— | — |")
                         + ("" if s["answered"] == n else f" ({n - s['answered']} unanswered)"))
        lines.append("")
        for tname, res in result["tables"].items():
            g = res["sets"][sname].get("skew_guard")
            if g:
                lines += [f"{tname}: make_plan's skew guard replaced {g['fired']} row-bound picks "
                          f"({g['fired_known_path']} on the known path); without it: plan vs oracle (gm) "
                          f"{f3(g['vs_oracle_gm_without'])}, min {f3(g['vs_oracle_min_without'])}, below 0.75 "
                          f"{g['below_0.75_pct_without']:.1f} %.", ""]
    return "\n".join(lines)
