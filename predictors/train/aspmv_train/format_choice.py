"""Converted formats in the runtime selection (issue 22), evaluated out-of-fold.

    python -m aspmv_train formats --measurements DIR [DIR ...] --arch ARCH --out OUTDIR [--calls 100 1000]

The measurement folders must time the converted formats (methods.CONVERTED_FORMATS: sell, ell, jad, dia; the
collector does when they are registered), with their conversion as preprocessing_s; a format the memory guard
refused on a matrix has no row there and is not an alternative for it (the plan learns the refusal before
converting). The alternatives: methods.build's labels (the CSR kernels a plan runs: csr_scalar, csr_vector and
csr_delta per TpR, gao_partitioned, csr_adaptive, merge_path, coo) and one label per format.

Per alternative, two regressions of the known and row_stats features (runtime_models.py's inputs and kinds):
log(time per call) and log(preprocessing). The kind ``lightgbm`` is the model table's learner (TableLightgbm);
``lightgbm_relative`` (ranking_models.py) regresses both relative to the best CSR label's time per call, the part
of the targets that the ranking reads; ``lightgbm_relative_columns`` the same with ranking_models.COLUMN_RATIOS
(the columns group relative to the width: study-only, a plan gathers no columns pass) among its inputs. Folds as runtime_models.py and oof.py deal them: the real and
real-derived groups by sha256(seed:group) into K folds (a derived matrix in its source's group); the matrices of
other families (the guard matrices) only train. Per fold the models are fitted on every other matrix and predict
the fold's.

Selection at N calls: the alternative of least predicted preprocessing + N x time, among the CSR labels alone
("CSR only": what a plan does without PlanOptions::allow_conversion) and among all ("with formats"). Both are
scored against the same oracle, the measured least preprocessing + N x time over all alternatives, so "with
formats" no worse than "CSR only" is issue 22's "out-of-fold figures no worse than before". "With formats,
margin": a format only when predicted cheaper than the best CSR alternative by a margin (MARGIN_GRID), chosen per
fold, kind and calls on the fold's training matrices from their inner cross-validated predictions. The feature
collection is the same for every alternative and is left out (Lehnert ranks so).

Prediction quality per alternative (Lehnert Fig. 1's divergence, Wang-Gu-Li's D_r): median and mean of
|t_pred - t| / t out-of-fold, per kind and set.

Generated matrices (--generated DIR...: collector folders of the generated corpus, merged with the real ones): they
train every fold's models, but those of the trainer's held-out test split (split.py's fold 0 of their family, as
`aspmv_train train` holds them out) form one more fold, predicted by models fitted on everything else, and are
scored as the set "generated (held out)".
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import oof, runtime_table
from aspmv_train import runtime_models as rm
from aspmv_train import split as splitmod
from aspmv_train.methods import CONVERTED_FORMATS, label_of
from aspmv_train.ranking_models import (BoosterKind, RelativeLightgbm, RelativeLightgbmColumns, booster,
                                        column_ratios, predict_or_nan)

KINDS = ("linear", "gbm")  # and "lightgbm": the fit the model table ships (format_table.py), and
#                            "lightgbm_relative" (ranking_models.py: targets relative to the best CSR label's time)
CALLS = (100.0, 1000.0)
# A format is chosen only when its predicted cost is below the best CSR alternative's by this margin:
# chosen per fold, kind and calls on the fold's training matrices (their inner cross-validated predictions).
MARGIN_GRID = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)


class TableLightgbm(BoosterKind):
    """The model table's learner as a kind (format_table.py: runtime_table.fit with format_table.PARAMS, one
    LightGBM regressor per target on the raw features), with inner cross-validated predictions for the margin.
    The table's models predict BEST_CSR and the formats; this kind every alternative, as the other kinds do."""
    kind = "lightgbm"  # fitted on X as the table is, not on LogFeatures (BoosterKind.raw_features)

    def __init__(self, seed: int = 0, quick: bool = False):
        from aspmv_train import format_table  # it imports this module
        self.seed, self.quick, self.params = seed, quick, format_table.PARAMS

    def _fit(self, Z, Y, train):
        """Per column of Y (ln seconds) a booster, or None where fewer than 2 training rows have a value."""
        return [booster(Z, Y[:, j], train & np.isfinite(Y[:, j]), self.seed, self.quick, self.params)
                for j in range(Y.shape[1])]

    @staticmethod
    def _predict(boosters, Z):
        return np.column_stack([predict_or_nan(b, Z) for b in boosters])


MODELS = {**rm.MODELS, TableLightgbm.kind: TableLightgbm, RelativeLightgbm.kind: RelativeLightgbm,
          RelativeLightgbmColumns.kind: RelativeLightgbmColumns}


def kind_inputs(kind: str, X: np.ndarray, F: pd.DataFrame, names: list) -> tuple[np.ndarray, list]:
    """A kind's inputs: X (the known and row_stats ``names``), with the kind's ``extra_features`` appended
    (ranking_models.column_ratios of F's rows, in X's row order)."""
    extra = tuple(getattr(MODELS[kind], "extra_features", ()))
    if not extra:
        return X, names
    if not getattr(MODELS[kind], "raw_features", False):  # LogFeatures is fitted on X alone
        raise ValueError(f"{kind}: extra features need a kind on the raw features")
    return np.column_stack([X, column_ratios(F, extra)]), [*names, *extra]


@dataclass
class FormatConfig:
    measurements: list
    tuning_dir: Path
    folds: int = 5
    seed: int = 2026
    quick: bool = False
    manifest: Path | str | None = None
    repo_root: Path | None = None
    min_nnz: int = 1000
    kinds: tuple = KINDS
    calls: tuple = CALLS
    command: str = ""
    arch: str = ""
    generated: tuple = ()  # folders of the generated corpus (their held-out split is one more fold and a set)


@dataclass
class Alternatives:
    labels: list          # CSR labels, then formats
    is_format: np.ndarray
    T: np.ndarray         # matrices x labels: seconds per call (NaN: not run, e.g. refused)
    P: np.ndarray         # preprocessing seconds


def alternatives(meas, times, mats) -> Alternatives:
    """The CSR labels of methods.build and one label per converted format with a single configuration."""
    r = meas.runtimes
    labels = list(times.labels)
    T = [times.time.loc[mats, l].to_numpy(float) for l in labels]
    P = [times.pre.loc[mats, l].to_numpy(float) for l in labels]
    for k in CONVERTED_FORMATS:
        rows = r[r["kernel"] == k]
        configs = sorted(set(rows["config"].astype(str)))
        if not configs:
            continue
        if len(configs) > 1:
            raise ValueError(f"{k}: configurations {configs}; the study takes formats of one configuration")
        lab = label_of(k, configs[0])
        by = rows.drop_duplicates("matrix").set_index("matrix")
        labels.append(lab)
        T.append(by["time_s"].reindex(mats).to_numpy(float))
        P.append(by["preprocessing_s"].reindex(mats).to_numpy(float))
    n_csr = len(times.labels)
    return Alternatives(labels, np.arange(len(labels)) >= n_csr, np.column_stack(T), np.column_stack(P))


def costs(T, P, calls) -> np.ndarray:
    """preprocessing + calls x time; inf where the alternative did not run."""
    C = P + calls * T
    return np.where(np.isfinite(C), C, np.inf)


def choose(C: np.ndarray, allowed: np.ndarray) -> np.ndarray:
    """Per row the column of least cost among the allowed columns (allowed: rows x labels, bool)."""
    return np.argmin(np.where(allowed, C, np.inf), axis=1)


def choose_with_margin(C: np.ndarray, allowed: np.ndarray, is_format: np.ndarray, margin: float) -> np.ndarray:
    """The least predicted CSR alternative, unless an allowed format is predicted cheaper by ``margin``
    (cost x (1 + margin) below the CSR one's)."""
    csr = choose(C, allowed & ~is_format[None, :])
    fmt = choose(C, allowed & is_format[None, :])
    rows = np.arange(len(C))
    take = (np.where(allowed & is_format[None, :], C, np.inf).min(axis=1) * (1.0 + margin)) < C[rows, csr]
    return np.where(take, fmt, csr)


def choose_margin(C: np.ndarray, allowed: np.ndarray, is_format: np.ndarray, measured: np.ndarray,
                  grid=MARGIN_GRID) -> float:
    """The margin of ``grid`` of the best geometric mean of measured-best / chosen on these rows (ties: the
    larger margin, the one that converts less)."""
    best_m, best_s = grid[-1], -np.inf
    rows = np.arange(len(C))
    lo = measured.min(axis=1)
    for m in sorted(grid, reverse=True):
        pick = choose_with_margin(C, allowed, is_format, m)
        s = float(np.mean(np.log(lo / measured[rows, pick])))
        if s > best_s + 1e-12:
            best_m, best_s = m, s
    return best_m


def set_figures(measured: np.ndarray, pick: np.ndarray, is_format: np.ndarray, names) -> dict:
    """Oracle over all alternatives / the pick's measured cost: gm, within 5 %, > 20 %, max, format share."""
    n = len(pick)
    if not n:
        return {"n": 0}
    got = measured[np.arange(n), pick]
    best = measured.min(axis=1)
    r = best / got
    rk = rm.ranking(got / best)
    if rk.get("n"):
        rk["max_at"] = names[rk["max_at"]]
    return {"n": n, "gm": float(np.exp(np.mean(np.log(r)))), "min": float(r.min()),
            "format_picks": int(is_format[pick].sum()), "ranking": rk}


def override_figures(measured: np.ndarray, pick: np.ndarray, is_format: np.ndarray, csr_allowed: np.ndarray) -> dict:
    """Where ``pick`` is a format (make_plan's override, format_table.py): the measured cost of the best CSR
    alternative / the format's. Any CSR choice (the kernel model's included) costs at least the best one, so
    these ratios bound from below what the override gains over the plan without it."""
    rows = np.flatnonzero(is_format[pick])
    if not len(rows):
        return {"n": 0}
    best_csr = np.where(csr_allowed, measured, np.inf).min(axis=1)[rows]
    r = best_csr / measured[rows, pick[rows]]
    return {"n": int(len(rows)), "gm": float(np.exp(np.mean(np.log(r)))), "min": float(r.min()),
            "below_1": int((r < 1.0).sum())}


def _fold_of(F: pd.DataFrame, group: pd.Series, seed: int, k: int, mats, heldout=None) -> np.ndarray:
    """Real and real-derived groups dealt into folds 0..k-1; the matrices `heldout` marks fold k; the rest -1
    (they only train)."""
    fam = F.loc[mats, "family"].astype(str)
    real = fam.isin(splitmod.REAL_FAMILIES).to_numpy()
    g = group.loc[mats].to_numpy()
    deal = splitmod.deal(sorted({x for x, r in zip(g, real) if r}), seed, k)
    fold = np.array([deal[x] if r else -1 for x, r in zip(g, real)])
    if heldout is not None:
        fold[np.asarray(heldout) & ~real] = k
    return fold


def generated_heldout(cfg: FormatConfig, folders, split, mats) -> np.ndarray:
    """Which matrices are of the generated folders among `folders` and in the split's test fold (split.py fold 0)."""
    names = set()
    for f in folders:
        if Path(f).resolve() in {Path(g).resolve() for g in cfg.generated}:
            path = Path(f) / "features.csv"
            names |= set(pd.read_csv(path if path.exists() else Path(f) / "features.csv.gz",
                                     usecols=["matrix"])["matrix"].astype(str))
    test = split.fold.reindex(mats).to_numpy() == 0
    return np.array([m in names for m in mats]) & test


def _evaluate_precision(cfg: FormatConfig, precision: str, folders, log) -> dict:
    ocfg = oof.OofConfig(measurements=list(folders), tuning_dir=Path(cfg.tuning_dir), folds=cfg.folds,
                         seed=cfg.seed, quick=cfg.quick, manifest=cfg.manifest, repo_root=cfg.repo_root,
                         min_nnz=cfg.min_nnz)
    base = oof._trainer(ocfg, folders, lambda *_: None)
    base.load()
    F = base.F
    mats = list(base.times.time.index)
    alt = alternatives(base.meas, base.times, mats)
    if not alt.is_format.any():
        raise ValueError(f"{', '.join(map(str, folders))}: no converted format was timed "
                         f"({', '.join(CONVERTED_FORMATS)})")
    heldout = generated_heldout(cfg, folders, base.split, mats) if cfg.generated else None
    fold = _fold_of(F, base.split.group, cfg.seed, cfg.folds, mats, heldout)
    folds = cfg.folds + (1 if heldout is not None and heldout.any() else 0)
    group = base.split.group.loc[mats].to_numpy()
    names = rm.feature_names(F.loc[mats])
    X = F.loc[mats, names].to_numpy(dtype=float)
    XK = {k: kind_inputs(k, X, F.loc[mats], names) for k in cfg.kinds}  # per kind: its inputs and their names
    L = len(alt.labels)
    with np.errstate(divide="ignore", invalid="ignore"):
        Y = np.column_stack([np.where(alt.T > 0, np.log(alt.T), np.nan),
                             np.where(np.isfinite(alt.P), np.log(np.maximum(alt.P, rm.PRE_FLOOR_S)), np.nan)])
    pred = {k: np.full(Y.shape, np.nan) for k in cfg.kinds}
    margin = {k: {N: np.full(len(mats), np.nan) for N in cfg.calls} for k in cfg.kinds}
    ran = np.isfinite(alt.T) & np.isfinite(alt.P)
    fits = []
    for f in range(folds):
        test = np.flatnonzero(fold == f)
        tr = np.flatnonzero(fold != f)
        if not len(test):
            continue
        overlap = set(group[tr]) & set(group[test])
        if overlap:  # never train on a predicted matrix's group
            raise AssertionError(f"fold {f}: training shares groups with the predicted matrices: {sorted(overlap)}")
        inner = np.where(fold[tr] >= 0, fold[tr], cfg.folds)  # the kinds' inner cross-validation (guards: one fold)
        lf = rm.LogFeatures().fit(X[tr])
        for k in cfg.kinds:
            t0 = time.time()
            model = MODELS[k](cfg.seed, cfg.quick)
            if hasattr(model, "reference"):  # ranking_models: times relative to the best CSR label's
                model.reference = ~alt.is_format
            Xk, names_k = XK[k]
            z = (lambda A: A) if getattr(model, "raw_features", False) else lf.transform
            model.fit(z(Xk[tr]), Y[tr], inner, names_k)
            pred[k][test] = model.predict(z(Xk[test]))
            # The margin from the training matrices that were predicted by the inner cross-validation.
            cv = model.cv_pred
            ok = np.isfinite(cv[:, :L]).any(axis=1) & ran[tr].any(axis=1)
            chosen = {}
            for N in cfg.calls:
                Ctr = costs(np.exp(cv[ok, :L]), np.exp(cv[ok, L:]), N)
                Mtr = costs(alt.T[tr][ok], alt.P[tr][ok], N)
                usable = ran[tr][ok] & np.isfinite(Ctr)
                chosen[f"{int(N)}"] = choose_margin(Ctr, usable, alt.is_format, Mtr)
                margin[k][N][test] = chosen[f"{int(N)}"]
            fit = {"fold": f, "kind": k, "trained_on": int(len(tr)), "predicted": int(len(test)),
                   "fit_s": round(time.time() - t0, 1), "margin": chosen}
            if "features" in model.info:  # linear: the terms forward selection kept, per target (Lehnert Table 2)
                fit["features"] = {name: terms for name, terms in zip(
                    [f"time:{l}" for l in alt.labels] + [f"pre:{l}" for l in alt.labels], model.info["features"])}
            fits.append(fit)
            log(f"[{precision}] fold {f}: {k} fitted on {len(tr)} matrices, predicts {len(test)} "
                f"({time.time() - t0:.1f} s)")
    fam = F.loc[mats, "family"].astype(str).to_numpy()
    nnz = F.loc[mats, "nnz"].to_numpy(float)
    sets = {"real": np.flatnonzero((fam == "real") & (fold >= 0) & (nnz >= cfg.min_nnz)),
            "real-derived": np.flatnonzero((fam == "real-derived") & (fold >= 0))}
    if folds > cfg.folds:
        sets["generated (held out)"] = np.flatnonzero(fold == cfg.folds)
    csr = np.broadcast_to(~alt.is_format, ran.shape) & ran
    out = {"precision": precision, "folders": [str(x) for x in folders], "labels": alt.labels,
           "formats": [l for l, fmt in zip(alt.labels, alt.is_format) if fmt], "features": names,
           "extra_features": {k: XK[k][1][len(names):] for k in cfg.kinds if len(XK[k][1]) > len(names)}, "fits": fits,
           "sets": {}, "quality": {}, "per_matrix": []}
    for sname, idx in sets.items():
        S = {"n": int(len(idx)), "converted": {l: int(ran[idx, j].sum()) for j, l in enumerate(alt.labels)
                                               if alt.is_format[j]}, "calls": {}}
        for N in cfg.calls:
            M = costs(alt.T[idx], alt.P[idx], N)
            best = np.argmin(M, axis=1)
            row = {"oracle_format": int(alt.is_format[best].sum()),
                   "oracle_csr_only": set_figures(M, choose(M, csr[idx]), alt.is_format, [mats[i] for i in idx])}
            for k in cfg.kinds:
                C = costs(np.exp(pred[k][idx, :L]), np.exp(pred[k][idx, L:]), N)
                mt = [mats[i] for i in idx]
                with_margin = np.array([choose_with_margin(C[j:j + 1], ran[idx][j:j + 1], alt.is_format,
                                                           margin[k][N][i])[0] for j, i in enumerate(idx)], int)
                row[k] = {"csr_only": set_figures(M, choose(C, csr[idx]), alt.is_format, mt),
                          "with_formats": set_figures(M, choose(C, ran[idx]), alt.is_format, mt),
                          "with_formats_margin": set_figures(M, with_margin, alt.is_format, mt),
                          "override": override_figures(M, choose(C, ran[idx]), alt.is_format, csr[idx])}
            S["calls"][f"{int(N)}"] = row
        out["sets"][sname] = S
        Q = {}
        for k in cfg.kinds:
            Q[k] = {l: rm.relative_errors(pred[k][idx, j], Y[idx, j]) for j, l in enumerate(alt.labels)}
            Q[k]["_pooled_time"] = rm.relative_errors(pred[k][idx, :L], Y[idx, :L])
            Q[k]["_pre_formats"] = {l: rm.relative_errors(pred[k][idx, L + j], Y[idx, L + j])
                                    for j, l in enumerate(alt.labels) if alt.is_format[j]}
        out["quality"][sname] = Q
        N = cfg.calls[0]
        M = costs(alt.T[idx], alt.P[idx], N)
        for i_loc, i in enumerate(idx):
            rec = {"matrix": mats[i], "set": sname, "fold": int(fold[i]), "nnz": int(nnz[i]),
                   "best": alt.labels[int(np.argmin(M[i_loc]))], "best_cost_s": float(M[i_loc].min())}
            for k in cfg.kinds:
                C = costs(np.exp(pred[k][i, :L]), np.exp(pred[k][i, L:]), N)
                for tag, allow in (("csr_only", csr[i]), ("with_formats", ran[i])):
                    j = int(np.argmin(np.where(allow, C, np.inf)))
                    rec[f"{k}_{tag}"] = alt.labels[j]
                    rec[f"{k}_{tag}_ratio"] = float(M[i_loc, j] / M[i_loc].min())
            out["per_matrix"].append(rec)
    return out


def run(cfg: FormatConfig, log=print) -> dict:
    t0 = time.time()
    head = {"command": cfg.command, "arch": cfg.arch, "folds": cfg.folds, "seed": cfg.seed,
            "calls": list(cfg.calls), "kinds": list(cfg.kinds), "min_nnz": cfg.min_nnz}
    res = oof.per_precision(cfg.measurements, head, lambda p, f: _evaluate_precision(cfg, p, f, log))
    res["elapsed_s"] = round(time.time() - t0, 1)
    return res


def _g(x) -> str:
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.3f}"


def _q(d: dict) -> str:
    return f"{100 * d['median']:.1f} / {100 * d['mean']:.1f} %" if d.get("n") else "-"


def selected_terms(fits: list, target: str, kind: str = "linear") -> list:
    """The terms the kind's forward selection kept for ``target`` in more than half of the folds, most often
    first (ties: the name), each with its fold count."""
    runs = [f["features"].get(target, []) for f in fits if f.get("kind") == kind and "features" in f]
    count: dict = {}
    for terms in runs:
        for t in terms:
            count[t] = count.get(t, 0) + 1
    return sorted(((t, c) for t, c in count.items() if 2 * c > len(runs)), key=lambda tc: (-tc[1], tc[0]))


def markdown(result: dict) -> str:
    lines = ["# Converted formats in the runtime selection, out-of-fold (issue 22)", "",
             f"Command: `{result.get('command', '')}`; {result.get('folds')} folds of the real groups (seed "
             f"{result.get('seed')}); real matrices of at least {result.get('min_nnz')} nonzeros; "
             f"{result.get('elapsed_s')} s. Module: `predictors/train/aspmv_train/format_choice.py` (what is "
             "fitted, how the folds are dealt, what is scored).", ""]
    for p, r in result.get("precisions", {}).items():
        lines += [f"## {p}", "", "Measurements: " + ", ".join(f"`{x}`" for x in r["folders"]) +
                  f"; alternatives: {len(r['labels'])} ({', '.join(r['formats'])} converted).", ""]
        for k, extra in r.get("extra_features", {}).items():
            lines += [f"{k} reads {', '.join(extra)} besides the known and row_stats features (ranking_models."
                      "COLUMN_RATIOS: the columns group, which a plan does not gather).", ""]
        for sname, S in r["sets"].items():
            conv = ", ".join(f"{l} {c}" for l, c in S["converted"].items())
            lines += [f"### {sname} ({S['n']} matrices; converted by the guards: {conv})", "",
                      "| calls | selector | gm oracle/choice | min | within 5 % | > 20 % | max (> 2x) | format picks |",
                      "|---|---|---|---|---|---|---|---|"]
            for N, row in S["calls"].items():
                o = row["oracle_csr_only"]
                lines.append(f"| {N} | best CSR alternative (measured; oracle's format picks: {row['oracle_format']}) "
                             f"| {_g(o['gm'])} | {_g(o['min'])} | {o['ranking']['within_5_pct']:.1f} % | "
                             f"{o['ranking']['over_20_pct']:.1f} % | {o['ranking']['max_ratio']:.2f} "
                             f"({o['ranking']['over_2x']}) | 0 |")
                for k in r.get("quality", {}).get(sname, {}):
                    for tag, title in (("csr_only", "CSR only"), ("with_formats", "with formats"),
                                       ("with_formats_margin", "with formats, margin")):
                        s = row[k][tag]
                        lines.append(f"| {N} | {k}, {title} | {_g(s['gm'])} | {_g(s['min'])} | "
                                     f"{s['ranking']['within_5_pct']:.1f} % | {s['ranking']['over_20_pct']:.1f} % | "
                                     f"{s['ranking']['max_ratio']:.2f} ({s['ranking']['over_2x']}, "
                                     f"{s['ranking']['max_at']}) | {s['format_picks']} |")
            lines.append("")
            for N, row in S["calls"].items():
                for k in r.get("quality", {}).get(sname, {}):
                    o = row[k].get("override", {"n": 0})
                    if o["n"]:
                        lines.append(f"- {N} calls, {k}: a format predicted cheapest on {o['n']} matrices; there the "
                                     f"best measured CSR alternative / the format = {_g(o['gm'])} (gm), min "
                                     f"{_g(o['min'])}, {o['below_1']} below 1 (a bound for any CSR choice)")
            lines.append("")
            Q = r["quality"][sname]
            kinds = list(Q)
            lines += [f"Relative error of the time per call out-of-fold, median / mean ({sname}):", "",
                      "| alternative | " + " | ".join(kinds) + " |", "|---|" + "---|" * len(kinds)]
            for l in r["labels"]:
                lines.append(f"| {l} | " + " | ".join(_q(Q[k][l]) for k in kinds) + " |")
            lines.append("| pooled | " + " | ".join(_q(Q[k]["_pooled_time"]) for k in kinds) + " |")
            for l in r["formats"]:
                lines.append(f"| {l} conversion | " + " | ".join(_q(Q[k]["_pre_formats"][l]) for k in kinds) + " |")
            lines.append("")
        runs = sum(1 for f in r["fits"] if f.get("kind") == "linear" and "features" in f)
        if runs:
            lines += [f"### What the linear regressions read (Lehnert's Table 2: terms kept in more than half of the "
                      f"{runs} folds, with their count; ² a squared log-feature)", "",
                      "| alternative | time per call | preprocessing |", "|---|---|---|"]
            for l in r["labels"]:
                cells = [", ".join(f"{t} ({c})" for t, c in selected_terms(r["fits"], f"{what}:{l}")) or "-"
                         for what in ("time", "pre")]
                lines.append(f"| {l} | {cells[0]} | {cells[1]} |")
            lines.append("")
    return "\n".join(lines) + "\n"


def write(result: dict, out_dir: Path) -> list[Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = [dict(precision=p, **rec) for p, r in result.get("precisions", {}).items() for rec in r["per_matrix"]]
    slim = {**result, "precisions": {p: {k: v for k, v in r.items() if k != "per_matrix"}
                                     for p, r in result.get("precisions", {}).items()}}
    paths = [out_dir / "formats.md", out_dir / "formats.json", out_dir / "formats.csv"]
    paths[0].write_text(markdown(result))
    paths[1].write_text(json.dumps(oof.evaluate_finite(slim), indent=1, sort_keys=True) + "\n")
    pd.DataFrame(rows).to_csv(paths[2], index=False, float_format="%.6g")
    return paths
