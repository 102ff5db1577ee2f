"""A collection folder with some kernels re-measured: the base folder's rows of those kernels replaced by a later
collection that measured only them (``aspmv collect --methods K,...``), written as a new folder that the trainer,
oof and compare read as any other.

When a kernel changes (lrb's class lanes, 377b449), its times in the committed corpora are stale; collecting the
changed kernel alone costs a fraction of the device time of every method. The new folder may also have measured
*reference* kernels (listed in its run.json but not replaced): their new times against the base's say how far the
two machines or sessions differ, so a reader can tell a kernel's change from the machine's.

Rules:
- the replaced kernels must be listed in both folders' run.json methods, with one family and TpR flag; a kernel
  listed in the new folder only (one the base's code did not have: ELL-BRO, 2026-12-05) is *added*: its rows come
  from the new folder as a replaced kernel's do (in the base's units with a yardstick) and its method joins
  run.json's methods; ``remeasured.added`` names it;
- a base matrix the new folder did not measure (or measured with a different rows/cols/nnz) is left out of the
  output: its replaced kernels' times would be the stale ones. The output's run.json says how many and which;
- a replaced kernel's configurations come from the new folder only (a configuration it no longer has is gone, a new
  one comes in), its not-ok rows too (the trainer drops them as for any folder);
- features, blocks, corpus-spec.txt and sessions.txt are the base's (the matrices are the same), but for the feature
  groups' collection times named in ``feature_times`` (``time_row_stats_s`` when the row_stats pass changed), taken
  from the new folder as measured (no yardstick: a pass of its own, not a kernel); failures.csv is the base's rows
  of the other kernels and the new folder's of the replaced ones;
- run.json is the base's with a ``remeasured`` object: the kernels, the new folder's path, commit, date, device and
  command, the matrices left out, and the reference drift.

A *yardstick* (``yardstick=(kernel, configs)``): configurations whose code did not change between the two
collections, measured in both. Two H200s of the same model differed by up to 14 % on matrices of 5-10 us (the host's
launch floor; 2026-12-03, csr_vector's TpRs 2-32, code unchanged), less than 1 % above 20 us: the unchanged kernels'
base times and the re-measured kernels' new times would not compare. With a yardstick, every replaced time is put in
the base session's units: multiplied per matrix by the yardstick's base/new time ratio (geometric mean over its
configurations timed ok in both); a matrix without one is left out. The factors' spread is in ``remeasured``.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train.data import DataError, _read_csv

SHAPE = ["rows", "cols", "nnz"]


def _methods(run: dict) -> dict:
    return {m["kernel"]: m for m in run.get("methods", [])}


def _ratio_summary(ratios: pd.Series) -> dict:
    r = ratios.replace([np.inf, -np.inf], np.nan).dropna()
    if r.empty:
        return {"pairs": 0}
    q = np.quantile(r, [0.1, 0.25, 0.5, 0.75, 0.9])
    return {"pairs": int(len(r)), "geomean": float(np.exp(np.log(r).mean())), "p10": float(q[0]),
            "p25": float(q[1]), "median": float(q[2]), "p75": float(q[3]), "p90": float(q[4])}


def _time_ratios(new_r: pd.DataFrame, base_r: pd.DataFrame, kernels: list[str]) -> dict:
    """Per kernel: new time / base time over the (matrix, config) pairs both timed ok."""
    keys = ["matrix", "kernel", "config"]
    a = new_r[new_r["kernel"].isin(kernels) & (new_r["ok"] == 1)][keys + ["time_s"]]
    b = base_r[base_r["kernel"].isin(kernels) & (base_r["ok"] == 1)][keys + ["time_s"]]
    j = a.merge(b, on=keys, suffixes=("_new", "_base"))
    return {k: _ratio_summary(g["time_s_new"] / g["time_s_base"]) for k, g in j.groupby("kernel")}


def _yardstick_factors(new_r: pd.DataFrame, base_r: pd.DataFrame, kernel: str, configs: list[str]) -> pd.Series:
    """Per matrix: base time / new time of the yardstick's configurations (geometric mean over those ok in both)."""
    keys = ["matrix", "kernel", "config"]
    pick = lambda r: r[(r["kernel"] == kernel) & r["config"].isin(configs) & (r["ok"] == 1)][keys + ["time_s"]]
    j = pick(new_r).merge(pick(base_r), on=keys, suffixes=("_new", "_base"))
    return np.exp(np.log(j["time_s_base"] / j["time_s_new"]).groupby(j["matrix"]).mean()).rename("factor")


def remeasure(base: Path, new: Path, out: Path, kernels: list[str],
              yardstick: tuple[str, list[str]] | None = None, feature_times: list[str] | None = None) -> dict:
    """Writes ``out`` (base with ``kernels`` re-measured from ``new``, in the base session's units when a yardstick
    is given); returns run.json's ``remeasured`` object."""
    base, new, out = Path(base), Path(new), Path(out)
    if not kernels:
        raise DataError("remeasure: no kernel to replace")
    if out.resolve() in (base.resolve(), new.resolve()):
        raise DataError(f"remeasure: {out} is an input folder")
    runs = {}
    for name, folder in (("base", base), ("new", new)):
        p = folder / "run.json"
        if not p.exists():
            raise DataError(f"{folder}: no run.json")
        runs[name] = json.loads(p.read_text())
        if "methods" not in runs[name]:
            raise DataError(f"{p}: no 'methods' field (docs/COLLECTOR_FORMAT.md)")
    bm, nm = _methods(runs["base"]), _methods(runs["new"])
    added = [k for k in kernels if k in nm and k not in bm]
    for k in kernels:
        if k not in nm:
            raise DataError(f"remeasure: kernel {k} is not among new folder's run.json methods")
        if k in added:
            continue
        if (bm[k].get("family"), bool(bm[k].get("tpr"))) != (nm[k].get("family"), bool(nm[k].get("tpr"))):
            raise DataError(f"remeasure: kernel {k}: family/tpr differ between the folders' run.json methods")
    if runs["base"].get("precision") != runs["new"].get("precision"):
        raise DataError(f"remeasure: the folders' precision differ ({runs['base'].get('precision')} and "
                        f"{runs['new'].get('precision')})")

    base_f, new_f = _read_csv(base, "features"), _read_csv(new, "features")
    base_r, new_r = _read_csv(base, "runtimes"), _read_csv(new, "runtimes")
    shapes = base_f[["matrix"] + SHAPE].merge(new_f[["matrix"] + SHAPE], on="matrix", how="left",
                                              suffixes=("", "_new"), indicator=True)
    measured = shapes["_merge"] == "both"
    same = measured & (shapes[SHAPE].to_numpy() == shapes[[c + "_new" for c in SHAPE]].to_numpy()).all(axis=1)
    kept = set(shapes.loc[same, "matrix"])
    not_measured = sorted(shapes.loc[~measured, "matrix"])
    other_shape = sorted(shapes.loc[measured & ~same, "matrix"])
    no_yardstick: list[str] = []
    factors = None
    if yardstick is not None:
        ykernel, yconfigs = yardstick
        if not yconfigs:
            raise DataError("remeasure: the yardstick names no configuration")
        for name, listed in (("base", bm), ("new", nm)):
            if ykernel not in listed:
                raise DataError(f"remeasure: yardstick {ykernel} is not among {name} folder's run.json methods")
        factors = _yardstick_factors(new_r, base_r, ykernel, yconfigs)
        no_yardstick = sorted(kept - set(factors.index))
        kept -= set(no_yardstick)

    rest = base_r[~base_r["kernel"].isin(kernels) & base_r["matrix"].isin(kept)]
    replaced = new_r[new_r["kernel"].isin(kernels) & new_r["matrix"].isin(kept)]
    if factors is not None:
        f = replaced["matrix"].map(factors)
        replaced = replaced.assign(time_s=replaced["time_s"] * f, gbs=replaced["gbs"] / f)
    order = {m: i for i, m in enumerate(base_f["matrix"])}
    runtimes = pd.concat([rest, replaced], ignore_index=True)
    runtimes = runtimes.assign(_o=runtimes["matrix"].map(order)).sort_values("_o", kind="stable").drop(columns="_o")

    reference = [k for k in nm if k not in kernels and k in bm]
    info = {
        "kernels": list(kernels),
        "added": added,
        "from": str(new),
        "new_commit": runs["new"].get("commit"),
        "new_date": runs["new"].get("date"),
        "new_device": runs["new"].get("device", {}).get("name"),
        "new_command": runs["new"].get("command"),
        "matrices": len(kept),
        "left_out_not_measured": not_measured,
        "left_out_other_shape": other_shape,
        "yardstick": None if yardstick is None else {
            "kernel": yardstick[0], "configs": list(yardstick[1]), "left_out_without": no_yardstick,
            "factor_base_over_new": _ratio_summary(factors[factors.index.isin(kept)])},
        "replaced_ratio": _time_ratios(new_r[new_r["matrix"].isin(kept)], base_r, list(kernels)),
        "replaced_ratio_in_base_units": _time_ratios(replaced, base_r, list(kernels)),
        "reference_drift": _time_ratios(new_r[new_r["matrix"].isin(kept)], base_r, reference),
    }

    features = base_f[base_f["matrix"].isin(kept)].copy()
    feature_drift = {}
    for col in feature_times or []:
        if not col.startswith("time_") or col not in base_f.columns or col not in new_f.columns:
            raise DataError(f"remeasure: {col} is not a feature collection time of both folders")
        newer = features["matrix"].map(new_f.set_index("matrix")[col])
        feature_drift[col] = _ratio_summary(newer / features[col])
        features[col] = newer
    info["feature_times"] = feature_drift  # new/base per column

    out.mkdir(parents=True, exist_ok=True)
    features.to_csv(out / "features.csv.gz", index=False)
    runtimes.to_csv(out / "runtimes.csv.gz", index=False)
    blocks = _read_csv(base, "blocks", required=False)
    if blocks is not None:
        blocks[blocks["matrix"].isin(kept)].to_csv(out / "blocks.csv.gz", index=False)
    fails = []
    for folder, pick in ((base, lambda f: ~f["stage"].str.startswith(tuple(f"kernel:{k}/" for k in kernels))),
                         (new, lambda f: f["stage"].str.startswith(tuple(f"kernel:{k}/" for k in kernels)))):
        p = folder / "failures.csv"
        if p.exists():
            f = pd.read_csv(p)
            if not f.empty:
                fails.append(f[pick(f) & f["matrix"].isin(kept)])
    if fails:
        pd.concat(fails, ignore_index=True).to_csv(out / "failures.csv", index=False)
    for name in ("corpus-spec.txt", "sessions.txt"):
        if (base / name).exists():
            shutil.copy(base / name, out / name)
    run = dict(runs["base"])
    run["methods"] = list(runs["base"]["methods"]) + [nm[k] for k in added]
    run["remeasured"] = info
    (out / "run.json").write_text(json.dumps(run, indent=2) + "\n")
    return info


def summary_lines(info: dict) -> list[str]:
    """The remeasured object in a few lines (the CLI's report)."""
    lines = [f"{info['matrices']} matrices; {', '.join(info['kernels'])} from {info['from']} "
             f"({info['new_device']}, {info['new_date']})"
             + (f"; added (not in the base): {', '.join(info['added'])}" if info.get("added") else "")]
    y = info.get("yardstick")
    if info["left_out_not_measured"] or info["left_out_other_shape"] or (y and y["left_out_without"]):
        lines.append(f"left out: {len(info['left_out_not_measured'])} not re-measured, "
                     f"{len(info['left_out_other_shape'])} of another shape"
                     + (f", {len(y['left_out_without'])} without the yardstick" if y else ""))
    if y:
        s = y["factor_base_over_new"]
        lines.append(f"yardstick {y['kernel']} ({','.join(y['configs'])}): base/new factor geomean {s['geomean']:.3f}"
                     f", median {s['median']:.3f} (p10 {s['p10']:.3f}, p90 {s['p90']:.3f})")
    parts = [("replaced, new/base time", "replaced_ratio")]
    if y:
        parts.append(("replaced in base units, new/base time", "replaced_ratio_in_base_units"))
    parts.append(("reference drift, new/base time", "reference_drift"))
    parts.append(("feature collection time from the new folder, new/base", "feature_times"))
    for title, part in parts:
        for k, s in info[part].items():
            if s.get("pairs", 0):
                lines.append(f"{title}, {k}: {s['pairs']} pairs, geomean {s['geomean']:.3f}, "
                             f"median {s['median']:.3f} (p10 {s['p10']:.3f}, p90 {s['p90']:.3f})")
    return lines
