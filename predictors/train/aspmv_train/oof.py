"""Out-of-fold evaluation on real matrices (issue 20): every real figure from models that never saw the matrix's
source group.

    python -m aspmv_train oof --measurements DIR [DIR ...] --tuning-dir tuning_data/h100 --out-dir OUT

The real and real-derived groups (split.py: the manifest's source groups; a derived matrix is in its source's
group) are ordered by sha256(seed:group) and dealt round-robin into K folds (default 5). For each fold the
trainer (train.Trainer: the same loading, split, candidates, cross-validated choice and final fit as
``aspmv_train train``) runs on everything else - the generated matrices and the real groups of the other folds -
and exports a table; the fold's matrices are then predicted from that table with the JSON evaluator the way
make_plan asks it at 100 expected calls (compare.plan_picks: gather model, the planner's gather insurance,
kernel_known or kernel_gathered, then make_plan's skew guard, train.apply_skew_guard: a row-bound pick where one
row outweighs the device becomes the robust kernel, the known path paying the row_stats pass where it gathers; the
report gives
the figures without it beside). Each fold's trainer keeps its own held-out fold 0 of the generated
families (the generated strata are dealt apart from the real ones, so it is the same fold in every run): those
matrices, predicted by each of the K tables, give the generated held-out figures beside the real ones.

Trained on other folders (``eval_measurements``, ``--eval-measurements``): the tables are trained on
``measurements`` and the real matrices of ``eval_measurements`` are predicted and scored on those folders' timings
(e.g. a table of older kernels scored against the oracle of newer measurements, beside a table trained on those).
The folds are dealt over the evaluated folders' real groups, and a fold's table is trained without every real
matrix of the training folders whose group is in the fold; real groups only the training folders hold are never
left out (no evaluated matrix is in them).

Precisions: the folders are split by run.json ``precision`` and each precision gets its own models and its own
figures (one table answers for one value type in the library; the device features' ``x_l2_ratio`` carries the
value size either way).

Figures (offline, from the recorded timings), per set (``real``, ``real-derived``, generated held-out):
- plan.apply over 100 calls with the analysis amortized: per matrix, oracle / choice where the choice costs
  (feature collection when the plan gathered + preprocessing_s + 100 time_s) / 100 and the oracle is the least
  (preprocessing_s + 100 time_s) / 100 over the method labels (the configurations a plan can run);
  summarised by geometric mean, min, share below 0.5 and share above 0.8;
- against the best cuSPARSE algorithm amortized the same way (min over ALG1, ALG2 of setup + 100 calls):
  geometric mean and share below 0.9x;
- per call, the plan's choice against the oracle over every measured aspmv configuration (the trainer's
  "plan.apply per call" figure, 0.930 held-out on the H100 table of 2026-11-26), for comparison;
- per domain (the manifest's coarse token; ``unlisted`` for real matrices it lacks).
Targets (issue 20): gm >= 0.93 of the oracle, none below 0.5, >= 95 % above 0.8, >= 1.2x the best cuSPARSE.

The out-of-support guard, scored beside (compare.plan_picks ``support``, over the skew-guarded plan): where the plan would take the known path
but an input of a known-feature model (gather, kernel_known) lies outside that model's training support (the
table's per-model ``support``), the plan gathers and asks kernel_gathered; the report gives the oracle ratios
without and with it.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import compare, data, evaluate, features as feat, metrics, tasks, train
from aspmv_train import split as splitmod

CALLS = 100
SETS = ("real", "real-derived", "generated held-out")
TARGETS = (  # (key, text, target, higher is better)
    ("gm", "gm ≥ 0.93 of the oracle", 0.93, True),
    ("min", "none below 0.5 of the oracle", 0.5, True),
    ("above_0.8_pct", "≥ 95 % above 0.8 of the oracle", 95.0, True),
    ("cusparse_gm", "≥ 1.2× the best cuSPARSE (gm)", 1.2, True),
)


@dataclass
class OofConfig:
    measurements: list
    tuning_dir: Path
    folds: int = 5
    seed: int = 2026
    train_folds: int = 5
    quick: bool = False
    manifest: Path | str | None = None
    repo_root: Path | None = None
    jobs: int = 1  # folds trained at once (processes)
    min_nnz: int = 1000  # real matrices below this are predicted (CSV) but not counted in the figures
    mixed_methods: bool = False  # train.Config.mixed_methods for the fold tables
    eval_measurements: list | None = None  # the folders predicted and scored (default: measurements)
    max_model_bytes: int = train.Config.max_model_bytes  # train.Config.max_model_bytes for the fold tables


def precisions(measurements) -> dict:
    """precision -> its measurement folders (run.json ``precision``, default double), in the order given."""
    out: dict = {}
    for d in measurements:
        run = json.loads((Path(d) / "run.json").read_text())
        out.setdefault(str(run.get("precision", "double")), []).append(str(d))
    return out


def _trainer(cfg: OofConfig, folders, log, exclude=frozenset()) -> train.Trainer:
    c = train.Config(measurements=list(folders), arch="oof", out=Path(cfg.tuning_dir) / "model.json",
                     tuning_dir=Path(cfg.tuning_dir), seed=cfg.seed, folds=cfg.train_folds, quick=cfg.quick,
                     command="aspmv_train oof", repo_root=cfg.repo_root, manifest=cfg.manifest,
                     exclude_matrices=frozenset(exclude),
                     mixed_methods=cfg.mixed_methods, max_model_bytes=cfg.max_model_bytes)
    return train.Trainer(c, log)


def fit_table(trainer: train.Trainer) -> dict:
    """The table ``aspmv_train train`` would write for the trainer's data (its report's assessment left out)."""
    out = train.Outcome(table={})
    trainer.train_tpr(out)
    trainer.train_kernels(out)
    return trainer.export_table(out)


def _fold_table(cfg: OofConfig, folders, members):
    """One fold: the table trained without ``members``, the trainer's held-out matrices, its matrix count."""
    t = _trainer(cfg, folders, lambda *_: None, exclude=members)
    t.load()
    table = fit_table(t)
    return table, list(t.split.fold.index[t.split.fold == 0]), int(len(t.F))


def _fold_tables(cfg: OofConfig, folders, jobs: dict):
    """(fold, _fold_table(...)) for every fold of ``jobs``, in fold order; cfg.jobs processes at a time."""
    if cfg.jobs <= 1 or len(jobs) <= 1:
        for f, members in jobs.items():
            yield f, _fold_table(cfg, folders, members)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(cfg.jobs, len(jobs))) as ex:
        futures = {f: ex.submit(_fold_table, cfg, folders, members) for f, members in jobs.items()}
        for f in sorted(futures):
            yield f, futures[f].result()


def gathered_cost(table: dict, F: pd.DataFrame) -> np.ndarray:
    """Per matrix: the collection time of the feature groups the table's kernel_gathered reads."""
    m = table.get("models", {}).get("kernel_gathered")
    names = m["features"] if m else feat.ROW_STATS
    return feat.collection_cost(F, names).to_numpy()


def plan_costs(costs: tasks.Costs, idx, pred, gathered, fcost) -> np.ndarray:
    """Per call, analysis amortized over CALLS: (features if gathered + preprocessing + CALLS calls) / CALLS."""
    idx = np.asarray(idx, dtype=int)
    c = costs.P[idx, pred] + CALLS * costs.T[idx, pred] + np.where(gathered, fcost, 0.0)
    return c / CALLS


PICK_INT = ("pred", "pred0", "pred_g", "pred_k")
PICK_BOOL = ("gathered", "gathered0", "gathered_g", "skew", "fired", "gathered_k")
PICK_FLOAT = ("fcost", "fcost0", "fcost_g", "fcost_k")


def always_gathered(table: dict) -> dict:
    """The table without its gather model: make_plan then always gathers and asks kernel_gathered."""
    return {**table, "models": {n: m for n, m in table.get("models", {}).items() if n != "gather"}}


def fold_picks(table: dict, costs: tasks.Costs, arch_json: dict, is_gpu: bool, idx, gathered_fc,
               backend: str | None = None) -> dict:
    """A fold table's plan for matrices ``idx`` (compare.plan_picks at CALLS), ``gathered_fc`` the collection cost of
    its kernel_gathered's features per matrix of idx. Keys: pred/gathered/fcost (make_plan's plan, skew guard
    included), skew (it fired), pred0/gathered0/fcost0 (the plan without the skew guard), pred_g/gathered_g/fcost_g
    and fired (the out-of-support guard too; where its label is not measured, the plan as without it),
    pred_k/gathered_k/fcost_k (the gathered path alone: always gathering, kernel_gathered's pick, skew guard)."""
    p = compare.plan_picks(table, costs, arch_json, is_gpu, CALLS, idx, backend=backend)
    q = compare.plan_picks(table, costs, arch_json, is_gpu, CALLS, idx, support=True, backend=backend)
    gathered_fc = np.asarray(gathered_fc, dtype=float)
    out = {"pred": p.pred, "gathered": p.gathered, "fcost": p.feature_cost(gathered_fc), "skew": p.skew_fired,
           "pred0": p.model_pred, "gathered0": p.model_gathered, "fcost0": gathered_fc,
           "fired": q.support_fired}
    lack = q.pred < 0
    out["pred_g"] = np.where(lack, p.pred, q.pred)
    out["gathered_g"] = np.where(lack, p.gathered, q.gathered)
    out["fcost_g"] = np.where(lack, out["fcost"], q.feature_cost(gathered_fc))
    k = compare.plan_picks(always_gathered(table), costs, arch_json, is_gpu, CALLS, idx, backend=backend)
    out["pred_k"], out["gathered_k"], out["fcost_k"] = k.pred, k.gathered, k.feature_cost(gathered_fc)
    return out


def cusparse_cost(costs: tasks.Costs, idx) -> np.ndarray:
    """Per call, the best cuSPARSE algorithm with its setup amortized over CALLS (NaN without cuSPARSE)."""
    cols = [c for c in ("cusparse/alg1", "cusparse/alg2") if c in costs.vendor.columns]
    if not cols:
        return np.full(len(idx), np.nan)
    t = costs.vendor[cols].to_numpy()[idx]
    p = costs.vendor_pre[cols].to_numpy()[idx]
    return np.nanmin(p + CALLS * t, axis=1) / CALLS


def summary(r: np.ndarray, v: np.ndarray, per_call: np.ndarray, names) -> dict:
    """The figures of one set: ratios oracle/choice r, cuSPARSE/choice v, per-call oracle/choice."""
    if not len(r):
        return {"n": 0}
    i = int(np.argmin(r))
    out = {"n": int(len(r)), "gm": metrics.gm(r), "min": float(r[i]), "worst": str(names[i]),
           "below_0.5_pct": 100.0 * float(np.mean(r < 0.5)), "above_0.8_pct": 100.0 * float(np.mean(r > 0.8)),
           "per_call_gm": metrics.gm(per_call), "per_call_min": float(per_call.min())}
    ok = np.isfinite(v)
    if ok.any():
        out["cusparse_gm"] = metrics.gm(v[ok])
        out["cusparse_below_0.9_pct"] = 100.0 * float(np.mean(v[ok] < 0.9))
    return out


def guard_summary(without: np.ndarray, with_guard: np.ndarray, fired: np.ndarray, changed: np.ndarray) -> dict:
    """What the out-of-support guard (compare.plan_choices_guarded) changes: oracle ratios without and with it."""
    if not len(without):
        return {"n": 0}
    return {"n": int(len(without)), "fired": int(np.sum(fired)), "changed": int(np.sum(changed)),
            "gm_without": metrics.gm(without), "gm_with": metrics.gm(with_guard),
            "min_without": float(without.min()), "min_with": float(with_guard.min()),
            "below_0.5_pct_with": 100.0 * float(np.mean(with_guard < 0.5)),
            "above_0.8_pct_with": 100.0 * float(np.mean(with_guard > 0.8))}


def targets(s: dict) -> list:
    """Each target: (text, value, met?, shortfall) for one set's summary; met None when not measurable."""
    out = []
    for key, text, target, higher in TARGETS:
        v = s.get(key)
        if v is None or (isinstance(v, float) and not math.isfinite(v)):
            out.append({"target": text, "value": None, "met": None, "by": None})
            continue
        gap = (target - v) if higher else (v - target)
        out.append({"target": text, "value": float(v), "met": bool(gap <= 0), "by": float(max(gap, 0.0))})
    return out


def _evaluate_precision(cfg: OofConfig, precision: str, folders, log, eval_folders=None) -> dict:
    quiet = lambda *_: None  # noqa: E731
    eval_folders = list(folders) if eval_folders is None else list(eval_folders)
    other = [str(x) for x in eval_folders] != [str(x) for x in folders]
    base = _trainer(cfg, eval_folders, quiet)
    base.load()
    costs = tasks.Costs(base.F, base.times)
    F = base.F
    fam_all = F["family"].astype(str)
    group_all = base.split.group
    real_names = set(F.index[fam_all.isin(splitmod.REAL_FAMILIES)])
    fold_of_group = splitmod.deal(sorted({group_all[m] for m in real_names}), cfg.seed, cfg.folds)
    mats = costs.mats
    fam = fam_all.loc[mats].to_numpy()
    group = group_all.loc[mats].to_numpy()
    domain = splitmod.domains(F.loc[mats], base.manifest).to_numpy()
    is_real = np.isin(fam, splitmod.REAL_FAMILIES)
    ofold = np.array([fold_of_group[g] if r else -1 for g, r in zip(group, is_real)])
    n = len(mats)
    nnz = F.loc[mats, "nnz"].to_numpy()
    # Per matrix: the plan (make_plan's skew guard included), the plan without the skew guard ("0"), the plan with
    # the out-of-support guard too ("_g"): picks, gathered?, feature collection paid.
    A = {k: np.full(n, -1) for k in PICK_INT}
    A.update({k: np.zeros(n, dtype=bool) for k in PICK_BOOL})
    A.update({k: np.zeros(n) for k in PICK_FLOAT})
    gen_rows = []  # fold_picks of the trainer's held-out generated matrices, per fold table
    folds_run = []
    jobs, left_out = {}, {}
    if other:  # the training folders' real matrices and their groups (the same manifest)
        tf = data.load(list(folders), mixed_methods=cfg.mixed_methods).features
        train_real = splitmod.groups(tf, base.manifest)[tf["family"].astype(str).isin(splitmod.REAL_FAMILIES)]
    for f in range(cfg.folds):
        members = sorted(m for m in real_names if fold_of_group[group_all[m]] == f)
        if members:
            jobs[f] = members
            # A training matrix the evaluated folders hold too takes their group; the others their own.
            left_out[f] = (sorted(set(members) | {m for m, g in train_real.items()
                                                  if fold_of_group.get(group_all.get(m, g)) == f})
                           if other else members)
            log(f"[{precision}] fold {f}: {len(members)} real matrices left out "
                f"({len({group_all[m] for m in members})} groups); training on the rest"
                + (f" ({len(left_out[f])} of the training folders' matrices left out)" if other else ""))
    backend = str(base.meas.run.get("backend", "")).lower() or None
    for f, (table, held, trained_on) in _fold_tables(cfg, folders, left_out):
        members = jobs[f]
        idx = np.flatnonzero(ofold == f)
        fc = gathered_cost(table, F.loc[mats])
        if len(idx):
            for k, v in fold_picks(table, costs, base.arch_json, base.is_gpu, idx, fc[idx], backend).items():
                A[k][idx] = v
        held = set(held)
        gen = [i for i, m in enumerate(mats) if not is_real[i] and m in held]
        if gen:
            gen_rows.append(dict(fold_picks(table, costs, base.arch_json, base.is_gpu, gen, fc[gen], backend),
                                 idx=np.array(gen)))
        folds_run.append({"fold": f, "matrices": len(members), "groups": len({group_all[m] for m in members}),
                          "trained_on": trained_on, "summary": table["provenance"]["summary"]})
        log(f"[{precision}] fold {f}: table trained on {trained_on} matrices")
    pred = A["pred"]
    unanswered = [mats[i] for i in np.flatnonzero(is_real & (pred < 0))]
    small = int(np.sum(is_real & (nnz < cfg.min_nnz)))
    oracle = costs.oracle(CALLS) / CALLS
    rows = []
    sets = {}
    per_domain = {}

    def cost(a, idx, suffix=""):
        return plan_costs(costs, idx, a["pred" + suffix][idx], a["gathered" + suffix][idx], a["fcost" + suffix][idx])

    for sname in ("real", "real-derived"):
        every = np.flatnonzero((fam == sname) & (pred >= 0) & (A["pred0"] >= 0))
        c = cost(A, every)
        r_all = oracle[every] / c
        v_all = cusparse_cost(costs, every) / c
        pc_all = costs.all_min[every] / costs.T[every, pred[every]]
        counted = nnz[every] >= cfg.min_nnz
        rg_all = oracle[every] / cost(A, every, "_g")
        r0_all = oracle[every] / cost(A, every, "0")
        k_ok = A["pred_k"][every] >= 0
        rk_all = np.full(len(every), np.nan)
        rk_all[k_ok] = oracle[every[k_ok]] / cost(A, every[k_ok], "_k")
        for j, i in enumerate(every):
            rows.append({"precision": precision, "set": sname, "matrix": mats[i], "group": group[i],
                         "domain": domain[i], "oof_fold": int(ofold[i]), "rows": int(F.loc[mats[i], "rows"]),
                         "cols": int(F.loc[mats[i], "cols"]), "nnz": int(nnz[i]), "counted": bool(counted[j]),
                         "gathered": bool(A["gathered"][i]), "choice": costs.labels[pred[i]],
                         "oracle_at_100": costs.labels[int(np.argmin(costs.at(CALLS)[i]))],
                         "vs_oracle": float(r_all[j]), "vs_best_cusparse": float(v_all[j]),
                         "per_call_vs_oracle_all": float(pc_all[j]),
                         "skew_guard_fired": bool(A["skew"][i]), "choice_without_skew_guard":
                             costs.labels[A["pred0"][i]], "vs_oracle_without_skew_guard": float(r0_all[j]),
                         "guard_fired": bool(A["fired"][i]), "guard_choice": costs.labels[A["pred_g"][i]],
                         "guard_vs_oracle": float(rg_all[j]),
                         "gathered_path_choice": costs.labels[A["pred_k"][i]] if A["pred_k"][i] >= 0 else "",
                         "gathered_path_vs_oracle": float(rk_all[j])})
        idx, r, v, pc = every[counted], r_all[counted], v_all[counted], pc_all[counted]
        names = [mats[i] for i in idx]
        sets[sname] = summary(r, v, pc, names)
        sets[sname]["targets"] = targets(sets[sname])
        sets[sname]["guard"] = guard_summary(r, rg_all[counted], A["fired"][idx], pred[idx] != A["pred_g"][idx])
        sets[sname]["skew_guard"] = guard_summary(r0_all[counted], r, A["skew"][idx], pred[idx] != A["pred0"][idx])
        rk = rk_all[counted]
        sets[sname]["gathered_path"] = ({"n": int(np.isfinite(rk).sum()), "gm": metrics.gm(rk[np.isfinite(rk)]),
                                         "min": float(np.nanmin(rk))} if np.isfinite(rk).any() else {"n": 0})
        dom = {}
        for d in sorted(set(domain[idx])):
            sel = domain[idx] == d
            dom[d] = summary(r[sel], v[sel], pc[sel], [nm for nm, s in zip(names, sel) if s])
        per_domain[sname] = dom
    if gen_rows:
        G = {k: np.concatenate([g[k] for g in gen_rows]) for k in gen_rows[0]}
        ok = (G["pred"] >= 0) & (G["pred_g"] >= 0) & (G["pred0"] >= 0)
        G = {k: v[ok] for k, v in G.items()}
        gi = G["idx"]
        Gc = lambda suffix="": plan_costs(costs, gi, G["pred" + suffix], G["gathered" + suffix],  # noqa: E731
                                          G["fcost" + suffix])
        c = Gc()
        r = oracle[gi] / c
        v = cusparse_cost(costs, gi) / c
        pc = costs.all_min[gi] / costs.T[gi, G["pred"]]
        g = sets["generated held-out"] = summary(r, v, pc, [mats[i] for i in gi])
        g["matrices"] = int(len(set(gi.tolist())))
        g["tables"] = len(gen_rows)
        g["targets"] = targets(g)
        g["guard"] = guard_summary(r, oracle[gi] / Gc("_g"), G["fired"], G["pred"] != G["pred_g"])
        g["skew_guard"] = guard_summary(oracle[gi] / Gc("0"), r, G["skew"], G["pred"] != G["pred0"])
    run = base.meas.run
    return {"precision": precision, "measurements": [str(x) for x in eval_folders],
            "trained_on_measurements": [str(x) for x in folders] if other else None,
            "mixed_methods": bool(cfg.mixed_methods),
            "device": run.get("device", {}).get("name", "?"), "date": run.get("date", ""),
            "manifest": splitmod.shown_path(base.manifest.path) if base.manifest is not None else None,
            "real_groups": len(fold_of_group), "folds": folds_run, "unanswered": unanswered,
            "min_nnz": cfg.min_nnz, "real_below_min_nnz": small,
            "sets": sets, "per_domain": per_domain, "rows": rows}


def per_precision(measurements, head: dict, evaluate) -> dict:
    """``head`` with "precisions": {precision: evaluate(precision, folders)} over the measurements' precisions
    (the result shape of this study and of runtime_models.py)."""
    out = dict(head)
    out["precisions"] = {precision: evaluate(precision, folders)
                         for precision, folders in precisions(measurements).items()}
    return out


def run(cfg: OofConfig, log=print) -> dict:
    head = {"calls": CALLS, "folds": cfg.folds, "seed": cfg.seed, "quick": cfg.quick}
    if not cfg.eval_measurements:
        return per_precision(cfg.measurements, head,
                             lambda precision, folders: _evaluate_precision(cfg, precision, folders, log))
    evals = precisions(cfg.eval_measurements)
    trains = precisions(cfg.measurements)
    missing = sorted(set(evals) - set(trains))
    if missing:
        raise ValueError(f"oof: no training folder of precision {', '.join(missing)} for the evaluated folders")
    return per_precision(cfg.eval_measurements, head,
                         lambda precision, folders: _evaluate_precision(cfg, precision, trains[precision], log,
                                                                        folders))


# ---------------------------------------------------------------- output

def f3(x) -> str:
    return "–" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.3f}"


def pc(x) -> str:
    return "–" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.1f} %"


def _target_cell(t: dict) -> str:
    if t["met"] is None:
        return "n/a"
    return "**met**" if t["met"] else f"**missed** by {t['by']:.3f}" + (" points" if "%" in t["target"] else "")


def markdown(result: dict) -> str:
    L = ["# Out-of-fold evaluation on real matrices", "",
         f"Every real matrix is predicted by models trained without its source group: the real and real-derived "
         f"groups are dealt into {result['folds']} folds by sha256(seed:group) (seed {result['seed']}); for each "
         "fold, `aspmv_train train`'s models (same candidates, same cross-validated choice, same final fit) are "
         "trained on everything else and the fold's matrices are predicted from the exported table the way "
         f"make_plan asks it at {result['calls']} expected calls. Offline, from the recorded timings."
         + (" Quick candidate grid." if result.get("quick") else ""), "",
         f"plan.apply over {result['calls']} calls, analysis amortized: oracle / choice per matrix, where the "
         f"choice costs (feature collection if gathered + analysis + {result['calls']} calls) / "
         f"{result['calls']} and the oracle is the least such cost over the configurations a plan can run; "
         "cuSPARSE: the best of ALG1/ALG2 with its setup amortized the same way. 'per call' is the choice's "
         "time per call against the oracle over every measured aspmv configuration (the trainer's plan.apply "
         "figure).", ""]
    for prec, r in result["precisions"].items():
        trained = r.get("trained_on_measurements")
        L += [f"## {prec} ({r['device']}, {r['date'][:10]})", "",
              (f"Tables trained on {', '.join('`' + m + '`' for m in trained)}"
               + (" (--mixed-methods)" if r.get("mixed_methods") else "") + ", predicted and scored on the "
               "timings of the measurements below. " if trained else
               ("Folders of different method lists merged (--mixed-methods). " if r.get("mixed_methods") else ""))
              + f"Measurements: {', '.join('`' + m + '`' for m in r['measurements'])}; manifest: "
              f"{('`' + r['manifest'] + '`') if r['manifest'] else 'none (real matrices grouped by name and shape)'}"
              f"; {r['real_groups']} real groups in {len(r['folds'])} folds. Real matrices under "
              f"{r['min_nnz']:,} nonzeros ({r['real_below_min_nnz']}) are predicted but not counted (the corpus "
              "does not count them either).", ""]
        L += ["| set | matrices | gm vs oracle | min (matrix) | < 0.5 | > 0.8 | gm vs best cuSPARSE | < 0.9× cuSPARSE "
              "| per call: gm vs oracle (all configs) |", "|---|---|---|---|---|---|---|---|---|"]
        for sname in SETS:
            s = r["sets"].get(sname)
            if not s or not s.get("n"):
                L.append(f"| {sname} | 0 | – | – | – | – | – | – | – |")
                continue
            n = str(s["n"]) if "tables" not in s else f"{s['matrices']} × {s['tables']} tables"
            L.append(f"| {sname} | {n} | {f3(s['gm'])} | {f3(s['min'])} (`{s['worst']}`) | "
                     f"{pc(s['below_0.5_pct'])} | {pc(s['above_0.8_pct'])} | {f3(s.get('cusparse_gm'))}× | "
                     f"{pc(s.get('cusparse_below_0.9_pct'))} | {f3(s['per_call_gm'])} |")
        L.append("")
        L += ["Targets (issue 20):", "", "| set | " + " | ".join(t[1] for t in TARGETS) + " |",
              "|---|" + "---|" * len(TARGETS)]
        for sname in SETS:
            s = r["sets"].get(sname)
            if s and s.get("n"):
                L.append(f"| {sname} | " + " | ".join(f"{f3(t['value']) if '%' not in t['target'] else pc(t['value'])}"
                                                      f": {_target_cell(t)}" for t in s["targets"]) + " |")
        L.append("")
        L += ["The gathered path alone (the plan always gathering row statistics and asking kernel_gathered, skew "
              "guard included; the features' collection counted): oracle / choice as above:", "",
              "| set | matrices | gm vs oracle | min |", "|---|---|---|---|"]
        for sname in SETS:
            g = (r["sets"].get(sname) or {}).get("gathered_path")
            if g and g.get("n"):
                L.append(f"| {sname} | {g['n']} | {f3(g['gm'])} | {f3(g['min'])} |")
        L.append("")
        L += [f"make_plan's skew guard (src/aspmv/planner/selection_guards.hpp; in the figures above): a row-bound "
              "pick (csr_scalar, csr_vector) where the longest row (the mean on the known path) outweighs the "
              "product spread over the device becomes the robust kernel (vector_split on GPUs, merge-path on "
              "CPUs), the known path paying the row_stats pass where the table's skew_guard.gather_row_bound "
              "gathers or the robust kernel needs the row structure; then, on CPU tables whose host_row_simd is 2, "
              "the row-lanes guard (a CSR-vector pick with TpR > 1 runs csr_scalar). 'fired' counts the skew "
              "guard; 'choice changed' and 'without' cover both:", "",
              "| set | matrices | fired | choice changed | gm vs oracle without → with | min without → with "
              "| > 0.8 with | < 0.5 with |", "|---|---|---|---|---|---|---|---|"]
        for sname in SETS:
            g = (r["sets"].get(sname) or {}).get("skew_guard")
            if g and g.get("n"):
                L.append(f"| {sname} | {g['n']} | {g['fired']} | {g['changed']} | {f3(g['gm_without'])} → "
                         f"{f3(g['gm_with'])} | {f3(g['min_without'])} → {f3(g['min_with'])} | "
                         f"{pc(g['above_0.8_pct_with'])} | {pc(g['below_0.5_pct_with'])} |")
        L.append("")
        L += ["Out-of-support guard (what it would have changed): where the plan takes the known path but an input "
              "of `gather` or `kernel_known` lies outside that model's training support (the table's `support`), "
              "gather and ask kernel_gathered instead:", "",
              "| set | matrices | guard fired | choice changed | gm vs oracle without → with | min without → with "
              "| > 0.8 with | < 0.5 with |", "|---|---|---|---|---|---|---|---|"]
        for sname in SETS:
            g = (r["sets"].get(sname) or {}).get("guard")
            if g and g.get("n"):
                L.append(f"| {sname} | {g['n']} | {g['fired']} | {g['changed']} | {f3(g['gm_without'])} → "
                         f"{f3(g['gm_with'])} | {f3(g['min_without'])} → {f3(g['min_with'])} | "
                         f"{pc(g['above_0.8_pct_with'])} | {pc(g['below_0.5_pct_with'])} |")
        L.append("")
        for sname, dom in r["per_domain"].items():
            if not dom:
                continue
            L += [f"Per domain, {sname}:", "", "| domain | matrices | gm vs oracle | min | gm vs best cuSPARSE |",
                  "|---|---|---|---|---|"]
            for d, s in dom.items():
                L.append(f"| {d} | {s['n']} | {f3(s['gm'])} | {f3(s['min'])} | {f3(s.get('cusparse_gm'))}× |")
            L.append("")
        if r["unanswered"]:
            L += [f"Unanswered (the table's label is not a measured method): {', '.join(r['unanswered'])}", ""]
        L += ["Folds:", "", "| fold | real matrices left out | groups | matrices given to the trainer (its own fold 0 "
              "held out of the final fit) |", "|---|---|---|---|"]
        L += [f"| {f['fold']} | {f['matrices']} | {f['groups']} | {f['trained_on']} |" for f in r["folds"]]
        L.append("")
    return "\n".join(L).rstrip() + "\n"


def write_study(result: dict, out_dir: Path, stem: str, text: str, public_folds: bool = False) -> list[Path]:
    """A per-precision study's files in out_dir: STEM.md (``text``), STEM.json (the result without the per-matrix
    rows; with ``public_folds`` each fold without its "_" keys) and STEM.csv (the rows of every precision)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = [row for r in result["precisions"].values() for row in r["rows"]]
    slim = {**result, "precisions": {p: {k: v for k, v in r.items() if k != "rows"}
                                     for p, r in result["precisions"].items()}}
    if public_folds:  # the per-fold matrix lists stay in memory (tests), not in the file
        for r in slim["precisions"].values():
            r["folds"] = [{k: v for k, v in f.items() if not k.startswith("_")} for f in r["folds"]]
    paths = [out_dir / f"{stem}.md", out_dir / f"{stem}.json", out_dir / f"{stem}.csv"]
    paths[0].write_text(text)
    paths[1].write_text(json.dumps(evaluate_finite(slim), indent=1, allow_nan=False) + "\n")
    pd.DataFrame(rows).to_csv(paths[2], index=False, float_format="%.6g")
    return paths


def write(result: dict, out_dir: Path) -> list[Path]:
    return write_study(result, out_dir, "oof", markdown(result))


def evaluate_finite(obj):
    """JSON-safe copy (non-finite floats become null)."""
    if isinstance(obj, dict):
        return {str(k): evaluate_finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [evaluate_finite(v) for v in obj]
    if isinstance(obj, (np.floating, float)):
        return float(obj) if math.isfinite(obj) else None
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, np.bool_):
        return bool(obj)
    return obj
