"""The converted formats in a model table (issue 22): what make_plan reads to take a format.

    python -m aspmv_train format-table --measurements DIR [DIR ...] --arch ARCH --table IN.json --out OUT.json \\
        [--oof-out DIR]

The measurement folders must time the converted formats (format_choice.alternatives: the CSR labels of
methods.build and one label per format, its conversion as preprocessing_s; one precision). Two models join the
table IN.json (its other models are kept as they are) and the result is written to OUT.json. Their classes are
the formats and BEST_CSR, the best CSR alternative: its time is the least time per call over the CSR labels and
its preprocessing nothing (the kernel model chooses among those; a CSR analysis is small against a conversion):
- ``format_time``: per class, ln(seconds per call);
- ``format_conversion``: per class, ln(preprocessing seconds) (floored at runtime_models.PRE_FLOOR_S).
Each is one LightGBM regressor per class (runtime_table.fit with PARAMS: the ``runtime`` model's, fewer steps) on
the known and row_stats features (runtime_models.feature_names), fitted on every matrix of the folders, negated
in the table ("lightgbm-runtime": exp(-score) is the predicted seconds). One yardstick class instead of the 24 CSR
labels keeps the table within the trainer's size cap.

make_plan with PlanOptions::allow_conversion and gathered features (model_selection.hpp ``formats``, tried in
build_plan.hpp): per class, predicted conversion + expected_calls x time per call; the formats this build runs
that are predicted cheaper than BEST_CSR are tried in that order, and the first the memory guards let convert is
the plan's kernel; where none is (or BEST_CSR is cheapest), the kernel model's choice stands. A format must be
priced below BEST_CSR by PlanOptions::format_margin (MARGIN, 0.5 by default): on the 2026-12-05 H200 re-collection
(SELL's lanes, ELL-BRO) margin 0 converted where it lost, and the margins chosen on the training folds
(format_choice.choose_margin on inner cross-validated predictions) were 0.3-1.0 (docs/studies/h200/formats/).

--oof-out: that decision out-of-fold (format_choice's folds of the real groups; the guard matrices only train):
where it converts, the measured cost of the best CSR alternative / the format's (any CSR choice, the kernel
model's included, costs at least the best one: a lower bound of the gain over the plan without formats), over
every matrix of the set too (1 where it keeps CSR), and the relative error of each class's time; per set
(real, real-derived), calls and margin (--margin and 0); and the margin each outer fold's training folds choose.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from aspmv_train import export, oof, runtime_table
from aspmv_train import format_choice as fc
from aspmv_train import runtime_models as rm
from aspmv_train import train as trainmod

NAMES = ("format_time", "format_conversion")
BEST_CSR = "best_csr"  # predictors/model_choice.hpp best_csr_class
MIN_MATRICES = 5       # a format timed on fewer matrices is left out (the plan never takes it)
# runtime_table.PARAMS with fewer, larger steps: the two models within the trainer's size cap beside the table's.
PARAMS = {**runtime_table.PARAMS, "n_estimators": 16, "learning_rate": 0.22}
CALLS = (100.0, 1000.0)
MARGIN = 0.5  # PlanOptions::format_margin's default (src/aspmv/plan_options.hpp)


@dataclass
class FormatTableConfig:
    measurements: list
    tuning_dir: Path
    table: Path
    seed: int = 2026
    quick: bool = False
    manifest: Path | str | None = None
    repo_root: Path | None = None
    command: str = ""
    folds: int = 5
    calls: tuple = CALLS
    max_total_bytes: int = trainmod.Config.max_total_bytes  # the trainer's cap on the whole table
    formats: tuple | None = None  # the formats that become classes (None: every timed format); the others are
    #                               left to the plan's rules (predictors/format_rules.hpp: DIA on CPUs)
    margin: float = MARGIN        # the plan's PlanOptions::format_margin the decision is scored at


@dataclass
class Classes:
    labels: list          # BEST_CSR, then the formats
    T: np.ndarray         # matrices x labels: seconds per call (NaN: not run)
    P: np.ndarray         # preprocessing seconds, floored (NaN: not run)
    csr_cost: callable    # calls -> the measured least preprocessing + calls x time over the CSR labels
    oracle: callable      # calls -> the measured least over every alternative


def classes_of(alt: fc.Alternatives, log=print, formats=None) -> Classes:
    """BEST_CSR and the formats timed on at least MIN_MATRICES matrices (among ``formats`` where given: the
    others are neither classes nor alternatives of the oracle)."""
    if formats is not None:
        unknown = sorted(set(formats) - {l.split("/")[0] for l in np.asarray(alt.labels)[alt.is_format]})
        if unknown:
            raise ValueError(f"format-table: --formats {', '.join(unknown)}: not timed in the folders")
        keep = ~alt.is_format | np.array([l.split("/")[0] in formats for l in alt.labels])
        for l in np.asarray(alt.labels)[~keep]:
            log(f"format-table: {l} left out (--formats): the plan's rules price it")
        alt = fc.Alternatives([l for l, k in zip(alt.labels, keep) if k], alt.is_format[keep], alt.T[:, keep],
                              alt.P[:, keep])
    csr = ~alt.is_format
    labels, T, P = [BEST_CSR], [np.nanmin(np.where(np.isfinite(alt.T[:, csr]), alt.T[:, csr], np.nan), axis=1)], []
    P.append(np.full(len(alt.T), rm.PRE_FLOOR_S))
    for j in np.flatnonzero(alt.is_format):
        ran = int((np.isfinite(alt.T[:, j]) & np.isfinite(alt.P[:, j])).sum())
        if ran < MIN_MATRICES:
            log(f"format-table: {alt.labels[j]} left out: timed on {ran} matrices (< {MIN_MATRICES})")
            continue
        labels.append(alt.labels[j])
        T.append(alt.T[:, j])
        P.append(np.where(np.isfinite(alt.P[:, j]), np.maximum(alt.P[:, j], rm.PRE_FLOOR_S), np.nan))
    if len(labels) < 2:
        raise ValueError(f"format-table: no converted format was timed on {MIN_MATRICES} matrices or more")
    return Classes(labels, np.column_stack(T), np.column_stack(P),
                   lambda N: fc.costs(alt.T[:, csr], alt.P[:, csr], N).min(axis=1),
                   lambda N: fc.costs(alt.T, alt.P, N).min(axis=1))


def fit(X: np.ndarray, c: Classes, train: np.ndarray, seed: int, quick: bool = False) -> tuple:
    """The time and conversion boosters (one per class) on the rows in ``train``."""
    return (runtime_table.fit(X, c.T, train, seed, quick, PARAMS), runtime_table.fit(X, c.P, train, seed, quick, PARAMS))


def models(X: np.ndarray, c: Classes, names: list, seed: int, quick: bool = False) -> dict:
    """format_time and format_conversion fitted on every row of X."""
    out = {}
    for name, boosters in zip(NAMES, fit(X, c, np.ones(len(X), bool), seed, quick)):
        body = export.negated(export.lightgbm_regressors(boosters))
        out[name] = {"algorithm": runtime_table.ALGORITHM, "features": list(names), "classes": list(c.labels),
                     **body}
    return out


def decide(T_pred: np.ndarray, P_pred: np.ndarray, calls: float, converts: np.ndarray,
           margin: float = MARGIN) -> np.ndarray:
    """make_plan's choice per row: the class of least predicted preprocessing + calls x time among the formats
    the memory guards let convert (``converts``: rows x classes; the plan tries the formats cheaper than BEST_CSR
    in that order, a refused one costs its guard's check only) where its cost x (1 + margin) is below BEST_CSR's,
    else 0 (BEST_CSR: the kernel model's choice)."""
    allowed = converts.copy()
    allowed[:, 0] = True
    is_format = np.arange(allowed.shape[1]) > 0
    return fc.choose_with_margin(fc.costs(T_pred, P_pred, calls), allowed, is_format, margin)


def cross_predict(X: np.ndarray, c: Classes, fold: np.ndarray, cfg: FormatTableConfig, within=None, log=None):
    """Cross-validated seconds per call and preprocessing (matrices x classes, NaN elsewhere): the rows of each
    fold among ``within`` (default every row) predicted by models fitted on the other rows of ``within`` (the
    guard matrices, fold -1, always among them)."""
    within = np.ones(len(X), bool) if within is None else within
    Tp, Pp = np.full(c.T.shape, np.nan), np.full(c.P.shape, np.nan)
    for f in range(cfg.folds):
        rows = within & (fold == f)
        if not rows.any():
            continue
        tb, pb = fit(X, c, within & ~rows, cfg.seed, cfg.quick)
        Tp[rows] = runtime_table.predict_seconds(tb, X[rows])
        Pp[rows] = runtime_table.predict_seconds(pb, X[rows])
        if log is not None:
            log(f"format-table oof: fold {f} predicted {int(rows.sum())} matrices")
    return Tp, Pp


def nested_margins(X: np.ndarray, c: Classes, fold: np.ndarray, cfg: FormatTableConfig) -> dict:
    """Per outer fold, the margin (format_choice.MARGIN_GRID) its training folds choose on their inner
    cross-validated predictions (each inner fold predicted by models fitted without it and the outer fold), over
    both CALLS: what a margin fitted to data would be, beside the fixed one the plan uses."""
    allowed = np.isfinite(c.T) & np.isfinite(c.P)
    allowed[:, 0] = True
    is_format = np.arange(len(c.labels)) > 0
    out = {}
    for f in range(cfg.folds):
        test = fold == f
        if not test.any():
            continue
        Ti, Pi = cross_predict(X, c, fold, cfg, within=~test)
        tr = np.flatnonzero((fold >= 0) & ~test)
        C = np.vstack([fc.costs(Ti[tr], Pi[tr], N) for N in cfg.calls])
        M = np.vstack([fc.costs(c.T[tr], c.P[tr], N) for N in cfg.calls])
        out[str(f)] = float(fc.choose_margin(C, np.vstack([allowed[tr]] * len(cfg.calls)), is_format, M))
    return out


def _load(cfg: FormatTableConfig, folders, log):
    ocfg = oof.OofConfig(measurements=folders, tuning_dir=Path(cfg.tuning_dir), seed=cfg.seed, quick=cfg.quick,
                         manifest=cfg.manifest, repo_root=cfg.repo_root)
    base = oof._trainer(ocfg, folders, lambda *_: None)
    base.load()
    mats = list(base.times.time.index)
    alt = fc.alternatives(base.meas, base.times, mats)
    if not alt.is_format.any():
        raise ValueError("format-table: no converted format was timed in " + ", ".join(map(str, folders)))
    names = rm.feature_names(base.F.loc[mats])
    return base, mats, alt, classes_of(alt, log, cfg.formats), names


def out_of_fold(cfg: FormatTableConfig, log=print) -> dict:
    """The shipped decision, out-of-fold: per set and calls, where it converts and what that is worth."""
    t0 = time.time()
    if not (np.isfinite(cfg.margin) and cfg.margin >= 0):
        raise ValueError(f"format-table: --margin {cfg.margin}: a fraction >= 0 (PlanOptions::format_margin)")
    folders = [Path(f) for f in cfg.measurements]
    base, mats, alt, c, names = _load(cfg, folders, log)
    X = base.F.loc[mats, names].to_numpy(dtype=float)
    fold = fc._fold_of(base.F, base.split.group, cfg.seed, cfg.folds, mats)
    Tp, Pp = cross_predict(X, c, fold, cfg, log=log)
    fam = base.F.loc[mats, "family"].astype(str).to_numpy()
    out = {"command": cfg.command, "folds": cfg.folds, "seed": cfg.seed, "classes": c.labels, "features": names,
           "folders": [str(x) for x in folders], "margin": cfg.margin, "sets": {}, "rows": [],
           "nested_margins": nested_margins(X, c, fold, cfg)}
    margins = (cfg.margin, 0.0) if cfg.margin != 0 else (0.0,)
    for sname in ("real", "real-derived"):
        idx = np.flatnonzero((fam == sname) & (fold >= 0))
        S = {"n": int(len(idx)), "calls": {}, "time_error": {}}
        for j, l in enumerate(c.labels):
            S["time_error"][l] = rm.relative_errors(np.log(Tp[idx, j]), np.log(c.T[idx, j]))
        for N in cfg.calls:
            Mc = fc.costs(c.T[idx], c.P[idx], N)
            csr = c.csr_cost(N)[idx]
            oracle = c.oracle(N)[idx]
            for margin in margins:
                pick = decide(Tp[idx], Pp[idx], N, np.isfinite(c.T[idx]) & np.isfinite(c.P[idx]), margin)
                fired = np.flatnonzero(pick > 0)
                r = csr[fired] / Mc[fired, pick[fired]]
                every = np.ones(len(idx))
                every[fired] = r
                row = {"converts": int(len(fired)),
                       "per_format": {l: int((pick == j).sum()) for j, l in enumerate(c.labels) if j > 0},
                       "oracle_format": int((oracle < csr).sum()),
                       "gm_all": float(np.exp(np.mean(np.log(every)))) if len(idx) else float("nan")}
                if len(fired):
                    row.update({"gm": float(np.exp(np.mean(np.log(r)))), "min": float(r.min()),
                                "max": float(r.max()), "below_1": int((r < 1).sum()),
                                "below_0_9": int((r < 0.9).sum())})
                S["calls"][f"{int(N)}" if margin == cfg.margin else f"{int(N)} (margin 0)"] = row
                if margin != cfg.margin:
                    continue
                for i_loc, i in enumerate(idx):
                    if N == cfg.calls[0] or pick[i_loc] > 0:
                        out["rows"].append({"matrix": mats[i], "set": sname, "fold": int(fold[i]), "calls": int(N),
                                            "pick": c.labels[pick[i_loc]],
                                            "best_csr_over_pick": float(csr[i_loc] / Mc[i_loc, pick[i_loc]])})
        out["sets"][sname] = S
    out["elapsed_s"] = round(time.time() - t0, 1)
    return out


def oof_markdown(res: dict) -> str:
    lines = ["# make_plan's format decision, out-of-fold (issue 22)", "",
             f"Command: `{res['command']}`; {res['folds']} folds of the real groups (seed {res['seed']}); classes "
             f"{', '.join(res['classes'])}; {res['elapsed_s']} s. Module: `predictors/train/aspmv_train/format_table.py`.",
             "", "Where the plan converts (the least predicted conversion + calls x time is a format), the measured "
             "cost of the best CSR alternative / the format's: any CSR choice, the kernel model's included, costs "
             "at least the best one, so this bounds from below what the conversion gains over the plan without it; "
             "`all (gm)`: the same over every matrix of the set, 1 where the plan keeps CSR.",
             "",
             f"A format is taken where its predicted cost x (1 + margin) is below the best CSR alternative's: margin "
             f"{res['margin']:g} (PlanOptions::format_margin), and 0 beside it. Margins the training folds of each outer "
             "fold choose (format_choice.MARGIN_GRID, inner cross-validated predictions, both call counts): "
             + (", ".join(f"fold {f} {m:g}" for f, m in res["nested_margins"].items()) or "-") + ".",
             ""]
    for sname, S in res["sets"].items():
        lines += [f"## {sname} ({S['n']} matrices)", "",
                  "| calls | converts | formats | oracle converts | best CSR / format (gm) | min | max | below 1 | "
                  "below 0.9 | all (gm) |", "|---|---|---|---|---|---|---|---|---|---|"]
        for N, row in S["calls"].items():
            fmts = ", ".join(f"{l} {n}" for l, n in row["per_format"].items() if n) or "-"
            if row["converts"]:
                lines.append(f"| {N} | {row['converts']} | {fmts} | {row['oracle_format']} | {row['gm']:.3f} | "
                             f"{row['min']:.3f} | {row['max']:.3f} | {row['below_1']} | {row['below_0_9']} | "
                             f"{row['gm_all']:.4f} |")
            else:
                lines.append(f"| {N} | 0 | - | {row['oracle_format']} | - | - | - | - | - | {row['gm_all']:.4f} |")
        lines += ["", "Relative error of the time per call, median / mean: " + ", ".join(
            f"{l} {100 * e['median']:.1f} / {100 * e['mean']:.1f} %" for l, e in S["time_error"].items()
            if e.get("n")), ""]
    return "\n".join(lines) + "\n"


def write_oof(res: dict, out_dir: Path) -> list[Path]:
    import pandas as pd
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "format_decision.md", out_dir / "format_decision.json", out_dir / "format_decision.csv"]
    paths[0].write_text(oof_markdown(res))
    paths[1].write_text(json.dumps(oof.evaluate_finite({k: v for k, v in res.items() if k != "rows"}), indent=1,
                                   sort_keys=True) + "\n")
    pd.DataFrame(res["rows"]).to_csv(paths[2], index=False, float_format="%.6g")
    return paths


def build(cfg: FormatTableConfig, log=print) -> dict:
    folders = [Path(f) for f in cfg.measurements]
    by_precision = oof.precisions(folders)
    if len(by_precision) != 1:
        raise ValueError(f"format-table: the folders hold {sorted(by_precision)}; give one precision")
    base, mats, alt, c, names = _load(cfg, folders, log)
    X = base.F.loc[mats, names].to_numpy(dtype=float)
    log(f"format-table: {len(mats)} matrices, classes {', '.join(c.labels)}, {len(names)} features")
    table = json.loads(Path(cfg.table).read_text())
    new = models(X, c, names, cfg.seed, cfg.quick)
    table["models"].update(new)
    prov = table.setdefault("provenance", {})
    prov.setdefault("models", {}).update({name: {
        "algorithm": m["algorithm"], "hyperparameters": dict(PARAMS),
        "labels": "ln seconds per call" if name == "format_time" else "ln preprocessing seconds",
        "classes": len(m["classes"]), "trees": len(m["trees"]), "nodes": export.n_nodes(m),
        "worst_case_nodes_visited": export.max_path(m)} for name, m in new.items()})
    prov["format_models"] = {
        "measurements": [trainmod._rel(f, cfg.repo_root) for f in folders],
        "formats": [l for l in c.labels if l != BEST_CSR],
        "matrices": len(mats),
        "precision": next(iter(by_precision)),
        "training_command": cfg.command,
        "use": ("make_plan with allow_conversion: least predicted conversion + expected_calls x time over the "
                "classes; a format priced below "
                f"{BEST_CSR} (the least time per call over the CSR labels) by PlanOptions::format_margin is "
                "converted to, else the kernel model's choice stands"),
    }
    size = len(trainmod.dumps(table))
    if size > cfg.max_total_bytes:
        raise RuntimeError(f"format-table: the table is {size} bytes, over the cap of {cfg.max_total_bytes}")
    return table


def write(table: dict, out: Path) -> Path:
    out = Path(out)
    out.write_text(trainmod.compact_dumps(table))
    return out
