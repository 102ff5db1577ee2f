"""Exported tables scored on one architecture's measurements (offline).

Answers "how far is the H100 table from the H200 one on H200 data": each
table's models are evaluated with the JSON evaluator (evaluate.py, the one the
C++ agreement test checks) on the measured features, the way make_plan asks
them at its default 100 expected calls (gather model, the planner's gather
insurance, then kernel_known or kernel_gathered), and the chosen method's
recorded time is looked up; tpr_global is scored as in the trainer's report.
The split is the trainer's (same seed and folds), so the held-out fold is the
one the measurements' own table never saw.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from aspmv_train import evaluate, metrics, tasks, train
from aspmv_train.train import gather_insured

PLAN_CALLS = 100


def _rows(F, mats):
    return [F.loc[m].to_dict() for m in mats]


def plan_choices(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, calls: int = PLAN_CALLS,
                 idx=None):
    """Per matrix of ``idx`` (default: all of costs.mats): (label index or -1 when the table cannot answer,
    gathered?)."""
    pred, gathered, _ = plan_choices_guarded(table, costs, arch_json, is_gpu, calls, idx, guard=False)
    return pred, gathered


def plan_choices_guarded(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, calls: int = PLAN_CALLS,
                         idx=None, guard: bool = True):
    """plan_choices with the out-of-support guard: where the plan would take the known path (the gather model
    said "known" and the insurance did not overrule it) but an input of a known-feature model (``gather``,
    ``kernel_known``) lies outside that model's training support (evaluate.outside_support), it gathers and asks
    kernel_gathered instead. Returns (pred, gathered, fired) per matrix of ``idx``; fired: the guard turned the
    plan to the gathered path. A table without support never fires."""
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
        if guard and not g and "kernel_gathered" in models:
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
    return pred, gathered, fired


def tpr_choices(table: dict, F, times) -> np.ndarray | None:
    m = table.get("models", {}).get("tpr_global")
    if m is None or not times.tpr_labels:
        return None
    rows = _rows(F, list(times.time.index))
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
    out = {"device": meas.run.get("device", {}).get("name", "?"), "date": meas.run.get("date", ""),
           "measurements": [str(p) for p in measurements], "n": {k: int(len(v)) for k, v in sets.items()},
           "tables": {}}
    for name, table in tables.items():
        pred, gathered = plan_choices(table, costs, arch_json, is_gpu)
        res = {"provenance": table.get("provenance", {}).get("summary", ""), "sets": {}}
        tp = tpr_choices(table, meas.features, times)
        for sname, idx in sets.items():
            ok = idx[pred[idx] >= 0]
            t = costs.T[ok, pred[ok]]
            r = costs.all_min[ok] / t
            s = {"answered": int(len(ok)), "gathered_pct": 100.0 * float(gathered[ok].mean()) if len(ok) else 0.0,
                 "vs_oracle_gm": metrics.gm(r), "vs_oracle_min": float(r.min()) if len(r) else float("nan"),
                 "below_0.75_pct": 100.0 * float(np.mean(r < 0.75)) if len(r) else float("nan")}
            v = costs.vendor.iloc[ok]
            if "best_cusparse" in v:
                c = v["best_cusparse"].to_numpy() / t
                s["vs_best_cusparse_gm"] = metrics.gm(c)
                s["below_0.9_cusparse_pct"] = 100.0 * float(np.mean(c < 0.9))
            if tp is not None and tpr_task is not None:
                mask = np.zeros(len(tpr_task.ids), dtype=bool)
                mask[idx] = True
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
    return "\n".join(lines)
