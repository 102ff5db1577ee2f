"""Agreement dump for the C++ evaluator: feature vectors and the Python evaluator's class index.

    python -m aspmv_train agreement --model tuning_data/h100/model.json --samples 5000 --seed 1 --out FILE.csv

CSV, header ``model,f0,...,f{K-1},outside,class_index`` with K the largest
feature count of the table's models; a row holds one model's input in that
model's own feature order (``features``), its unused trailing cells empty, the
index of the first input outside the model's training support (``support``;
-1 when none or the model has no support: evaluate.first_outside_support, the
C++ first_outside_support) and the class index (into the model's ``classes``)
that aspmv_train.evaluate predicts.
Numbers are written with 17 significant digits (``%.17g``), so both sides
read the same doubles. Per model, ``samples`` vectors drawn to hit both
sides of the thresholds:
- 30 %: rows of the measurements (features.csv; blocks.csv for tpr_block;
  the device features from the folder's run.json; the gather model's
  ``calls`` drawn from 1..1000) when the folders can be found (the table's
  provenance or --measurements);
- 40 %: such a row (or a random one) with one split feature set to a
  threshold of that feature, or to its float neighbour below or above
  (nextafter), the cases a "<" vs "<=" or a rounding slip would flip;
- 30 %: every feature drawn log-uniformly (or uniformly around zero) over
  the range of that feature's thresholds, widened by a factor of 4;
- for a model with a support, a tenth of all rows then get one input (not
  ``calls``) set to a bound of its support or the float neighbour outside or
  inside it.
"""
from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import data, evaluate


def fmt(v: float) -> str:
    return format(float(v), ".17g")


def _thresholds(model: dict) -> dict:
    th: dict = {}
    for t in model["trees"]:
        for f, v in zip(t["feature"], t["threshold"]):
            if f >= 0:
                th.setdefault(f, set()).add(float(v))
    return {f: np.array(sorted(v)) for f, v in th.items()}


def _real_rows(name: str, model: dict, folders) -> np.ndarray | None:
    frames = []
    for d in folders:
        d = Path(d)
        stem = "blocks" if name == "tpr_block" else "features"
        for fn in (stem + ".csv.gz", stem + ".csv"):
            if (d / fn).exists():
                df = pd.read_csv(d / fn)
                if (d / "run.json").exists():  # the device features (features.py), as training reads them
                    df = data.with_device(df, json.loads((d / "run.json").read_text()))
                frames.append(df)
                break
    if not frames:
        return None
    df = pd.concat(frames, ignore_index=True)
    cols = []
    for f in model["features"]:
        if f == "calls":
            cols.append(None)
        elif f in df.columns:
            cols.append(f)
        else:
            return None
    n = len(df)
    out = np.empty((n, len(cols)))
    for j, c in enumerate(cols):
        out[:, j] = df[c].astype(float).to_numpy() if c else 0.0
    return out


def _random_rows(n: int, model: dict, th: dict, rng) -> np.ndarray:
    k = len(model["features"])
    out = np.empty((n, k))
    for j in range(k):
        vals = th.get(j)
        if vals is None or not len(vals):
            vals = np.array([0.0, 1.0])
        lo, hi = float(vals.min()), float(vals.max())
        if lo > 0:
            a, b = math.log(lo / 4.0), math.log(hi * 4.0)
            out[:, j] = np.exp(rng.uniform(a, b, n))
        else:
            span = max(hi - lo, 1.0)
            out[:, j] = rng.uniform(lo - span, hi + span, n)
    return out


def samples_for(name: str, model: dict, n: int, rng, folders=()) -> np.ndarray:
    th = _thresholds(model)
    k = len(model["features"])
    calls_j = model["features"].index("calls") if "calls" in model["features"] else None
    real = _real_rows(name, model, folders)
    n_real = int(0.3 * n) if real is not None else 0
    n_rand = int(0.3 * n)
    n_edge = n - n_real - n_rand
    parts = []
    if n_real:
        r = real[rng.integers(0, len(real), n_real)].copy()
        if calls_j is not None:
            r[:, calls_j] = rng.integers(1, 1001, n_real)
        parts.append(r)
    rand = _random_rows(n_rand + n_edge, model, th, rng)
    if calls_j is not None:
        rand[:, calls_j] = np.where(rng.random(len(rand)) < 0.5, rng.integers(1, 1001, len(rand)), rand[:, calls_j])
    parts.append(rand[:n_rand])
    edge = rand[n_rand:].copy()
    if real is not None:
        take = rng.random(n_edge) < 0.5
        edge[take] = real[rng.integers(0, len(real), int(take.sum()))]
        if calls_j is not None:
            edge[take, calls_j] = rng.integers(1, 1001, int(take.sum()))
    feats = sorted(th)
    for i in range(n_edge):
        if not feats:
            break
        j = feats[rng.integers(0, len(feats))]
        t = th[j][rng.integers(0, len(th[j]))]
        kind = rng.integers(0, 3)
        edge[i, j] = t if kind == 0 else float(np.nextafter(t, -np.inf if kind == 1 else np.inf))
    parts.append(edge)
    out = np.vstack(parts)
    assert out.shape == (n, k)
    sup = model.get("support")
    bounded = [j for j, f in enumerate(model["features"]) if f != "calls" and sup and f in sup]
    if bounded:  # only for a model with a support: the draws of the others stay as they were
        for i in rng.integers(0, n, n // 10):
            j = bounded[rng.integers(0, len(bounded))]
            b = float(sup[model["features"][j]][rng.integers(0, 2)])
            kind = rng.integers(0, 3)
            out[i, j] = b if kind == 0 else float(np.nextafter(b, -np.inf if kind == 1 else np.inf))
    return out


def dump(table: dict, out_path, samples: int = 5000, seed: int = 1, folders=()) -> int:
    """Writes the agreement CSV; returns the number of rows."""
    rng = np.random.default_rng(seed)
    models = table["models"]
    kmax = max((len(m["features"]) for m in models.values()), default=0)
    rows = 0
    with open(out_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model"] + [f"f{i}" for i in range(kmax)] + ["outside", "class_index"])
        for name, model in models.items():
            X = samples_for(name, model, samples, rng, folders)
            for x in X:
                xs = [float(v) for v in x]
                c = evaluate.predict_index(model, xs)
                o = evaluate.first_outside_support(model, xs)
                w.writerow([name] + [fmt(v) for v in xs] + [""] * (kmax - len(xs)) + [o, c])
                rows += 1
    return rows


def check(table: dict, csv_path) -> tuple[int, int]:
    """(rows, disagreements) of an agreement CSV re-evaluated with this evaluator."""
    models = table["models"]
    rows = bad = 0
    with open(csv_path) as f:
        r = csv.reader(f)
        header = next(r)
        has_outside = len(header) >= 3 and header[-2] == "outside"
        for row in r:
            model = models[row[0]]
            k = len(model["features"])
            x = [float(v) for v in row[1:1 + k]]
            rows += 1
            wrong = evaluate.predict_index(model, x) != int(row[-1])
            if has_outside:
                wrong = wrong or evaluate.first_outside_support(model, x) != int(row[-2])
            bad += wrong
    return rows, bad
