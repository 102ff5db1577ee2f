#!/usr/bin/env python3
"""Seeded synthetic model tables (docs/MODEL_TABLES.md) and their predictions.

    make_model_fixture.py --table OUT.json [--csv OUT.csv] [--size small|large] [--seed N] [--samples N]

Writes a table with every model (boosted-like: aggregate sum, width 1, one
tree per class and round; forest-like: aggregate mean, width = classes;
"le" and "lt" decisions; trees of partial class ranges; a one-leaf tree; the
small size's tpr_global, kernel_known and gather with a training support, the
others without) and, with --csv, the agreement CSV that `python -m aspmv_train
agreement` writes: header `model,f0,...,f{K-1},outside,class_index`, one row per
(model, input vector in the model's feature order), numbers with 17 significant
digits, unused f columns empty, `outside` the index of the first input outside
the model's support (-1 for none). The classes and the support verdicts come
from the reference evaluator below, written from the schema alone, so the C++
side (tests/models/model_agreement.cpp) is checked against an independent
implementation. A third of the inputs sit exactly on a threshold of their
feature, to test le against lt; of a model with a support, a sixth on a bound
of it or just beside.

--size large writes tables of a realistic size for perf/models (boosted:
6 classes x 100 rounds of depth-6 trees; forest: 100 trees of depth 10).
Standard library only.
"""
import argparse
import csv
import json
import math
import random

FEATURES = ("rows", "cols", "nnz", "mean", "density", "min", "max", "var", "max_mu", "sqrt_mean", "cov",
            "dispersion", "mode", "median", "min_dist", "max_dist", "bandwidth", "density_min", "density_max",
            "density_mean", "density_var", "rows_per_cu", "nnz_per_cu", "x_l2_ratio", "mean_per_simd",
            "max_cu_share", "max_per_simd", "calls")
TPR = ["1", "2", "4", "8", "16", "32"]
METHODS = ["csr_scalar", "csr_vector/tpr=1", "csr_vector/tpr=4", "csr_vector/tpr=32", "gao_partitioned",
           "csr_adaptive", "merge_path", "coo"]
FORMATS = ["best_csr", "sell", "ell", "jad", "dia"]


def feature_range(name):
    """A plausible value range (log-uniform) of each feature."""
    if name in ("rows", "cols", "nnz", "bandwidth", "max_dist", "calls"):
        return 1.0, 1e8
    if name.startswith("density"):
        return 1e-9, 1.0
    if name in ("rows_per_cu", "nnz_per_cu"):
        return 1e-2, 1e6
    if name in ("x_l2_ratio", "max_cu_share"):
        return 1e-6, 1e3
    return 1e-3, 1e4


def draw(rng, name):
    lo, hi = feature_range(name)
    v = math.exp(rng.uniform(math.log(lo), math.log(hi)))
    return float(int(v)) if name in ("rows", "cols", "nnz", "calls", "mode", "median", "min", "max") else v


def support_of(features):
    """A training support inside each feature's range (the middle 80 % of its log range; no random draw), so
    that about a tenth of the values drawn fall below it and a tenth above."""
    out = {}
    for name in features:
        lo, hi = feature_range(name)
        a, b = math.log(lo), math.log(hi)
        out[name] = [math.exp(a + 0.1 * (b - a)), math.exp(a + 0.9 * (b - a))]
        if name in ("rows", "cols", "nnz", "calls"):
            out[name] = [float(math.ceil(out[name][0])), float(math.floor(out[name][1]))]
    return out


def make_tree(rng, features, depth, width, class_offset, leaf):
    feature, threshold, left, right, value = [], [], [], [], []

    def node(d):
        k = len(feature)
        feature.append(-1)
        threshold.append(0.0)
        left.append(-1)
        right.append(-1)
        value.extend([0.0] * width)
        if d < depth and rng.random() < 0.85:
            f = rng.randrange(len(features))
            feature[k] = f
            threshold[k] = draw(rng, features[f])
            left[k] = node(d + 1)
            right[k] = node(d + 1)
        else:
            value[k * width:(k + 1) * width] = leaf()
        return k

    node(0)
    return dict(feature=feature, threshold=threshold, left=left, right=right, value=value, width=width,
                class_offset=class_offset)


def boosted(rng, features, classes, rounds, depth, decision="le", per_class=True):
    trees = []
    for _ in range(rounds):
        if per_class:
            for c in range(len(classes)):
                trees.append(make_tree(rng, features, depth, 1, c, lambda: [rng.gauss(0, 1)]))
        else:  # trees over a partial class range
            w = rng.randint(1, len(classes))
            off = rng.randint(0, len(classes) - w)
            trees.append(make_tree(rng, features, depth, w, off, lambda: [rng.gauss(0, 1) for _ in range(w)]))
    return dict(algorithm="lightgbm", features=list(features), classes=classes, aggregate="sum", decision=decision,
                base_score=[rng.gauss(0, 0.5) for _ in classes], trees=trees)


def forest(rng, features, classes, n_trees, depth, decision="le"):
    def probabilities():
        p = [rng.random() ** 3 for _ in classes]
        s = sum(p)
        return [x / s for x in p]

    trees = [make_tree(rng, features, depth, len(classes), 0, probabilities) for _ in range(n_trees)]
    return dict(algorithm="random_forest", features=list(features), classes=classes, aggregate="mean",
                decision=decision, base_score=[0.0] * len(classes), trees=trees)


def make_table(size, seed):
    rng = random.Random(seed)
    if size == "large":
        models = {
            "tpr_global": boosted(rng, ["mean", "max", "var", "cov", "max_mu", "sqrt_mean", "rows", "nnz"], TPR,
                                  100, 6),
            "tpr_block": boosted(rng, ["mean", "max", "cov", "max_mu", "rows"], TPR, 50, 5, "lt"),
            "kernel_known": forest(rng, ["rows", "cols", "nnz", "mean", "density"], METHODS, 100, 10),
            "kernel_gathered": forest(rng, [f for f in FEATURES if f != "calls"], METHODS, 100, 10, "lt"),
            "gather": boosted(rng, ["rows", "cols", "nnz", "mean", "density", "calls"], ["known", "gathered"], 50,
                              4),
            "runtime": dict(boosted(rng, [f for f in FEATURES if f != "calls"], METHODS, 40, 4),
                            algorithm="lightgbm-runtime"),
            "format_time": dict(boosted(rng, ["rows", "nnz", "mean", "max", "cov", "x_l2_ratio"], FORMATS, 16, 4),
                                algorithm="lightgbm-runtime"),
            "format_conversion": dict(boosted(rng, ["rows", "nnz", "max"], FORMATS, 16, 4),
                                      algorithm="lightgbm-runtime"),
        }
    else:
        one_leaf = boosted(rng, ["mean"], TPR, 1, 0)
        one_leaf["trees"] = one_leaf["trees"][:1]
        models = {
            "tpr_global": boosted(rng, ["mean", "max", "cov", "max_per_simd", "mean_per_simd"], TPR, 4, 4),
            "tpr_block": one_leaf,
            "kernel_known": boosted(rng, ["rows", "nnz", "density", "rows_per_cu", "x_l2_ratio"], METHODS[:3], 6, 3,
                                    "lt", per_class=False),
            "kernel_gathered": forest(rng, ["rows", "nnz", "mean", "max", "var", "bandwidth", "density",
                                            "max_cu_share", "nnz_per_cu"], METHODS, 10, 5, "lt"),
            "gather": forest(rng, ["nnz", "nnz_per_cu", "calls"], ["known", "gathered"], 3, 3),
            "runtime": dict(boosted(rng, ["rows", "nnz", "mean", "max", "cov"], METHODS, 3, 3),
                            algorithm="lightgbm-runtime"),
            "format_time": dict(boosted(rng, ["rows", "nnz", "max", "x_l2_ratio"], FORMATS, 2, 3),
                                algorithm="lightgbm-runtime"),
            "format_conversion": dict(boosted(rng, ["nnz", "max"], FORMATS, 2, 2, "lt"),
                                      algorithm="lightgbm-runtime"),
        }
        for name in ("tpr_global", "kernel_known", "gather"):
            models[name]["support"] = support_of(models[name]["features"])
    return {
        "schema": "aspmv-models/1",
        "arch": "fixture",
        "status": "trained",
        "provenance": {  # the keys a trained table's provenance holds (docs/MODEL_TABLES.md)
            "measurements": [],
            "measurement_commit": "none",
            "measurement_date": "none",
            "device": "none",
            "corpus_spec_sha256": "none",
            "training_command": f"tests/models/make_model_fixture.py --size {size} --seed {seed}",
            "training_commit": "none",
            "trained_at": "none",
            "split": {"groups": "none"},
            "summary": f"Synthetic {size} fixture (tests/models/make_model_fixture.py, seed {seed}); "
                       "random trees, not trained on anything.",
        },
        "models": models,
    }


def g17(v):
    return "%.17g" % v


def dumps(o, indent=0):
    """JSON text with floats written with 17 significant digits, as the trainer writes them."""
    pad, inner = "\n" + " " * indent, "\n" + " " * (indent + 1)
    if isinstance(o, bool) or o is None:
        return json.dumps(o)
    if isinstance(o, float):
        return g17(o)
    if isinstance(o, (int, str)):
        return json.dumps(o)
    if isinstance(o, list):
        if all(isinstance(v, (int, float)) for v in o):  # number arrays on one line
            return "[" + ", ".join(dumps(v) for v in o) + "]"
        return "[" + ",".join(inner + dumps(v, indent + 1) for v in o) + pad + "]"
    return "{" + ",".join(inner + json.dumps(k) + ": " + dumps(v, indent + 1) for k, v in o.items()) + pad + "}"


def write_json(table, path):
    with open(path, "w") as f:
        f.write(dumps(table) + "\n")


# The reference evaluator, from docs/MODEL_TABLES.md alone.
def predict(model, x):
    n_classes = len(model["classes"])
    sums = [0.0] * n_classes
    le = model["decision"] == "le"
    for t in model["trees"]:
        k = 0
        while t["feature"][k] >= 0:
            v, thr = x[t["feature"][k]], t["threshold"][k]
            k = t["left"][k] if (v <= thr if le else v < thr) else t["right"][k]
        w = t["width"]
        for j in range(w):
            sums[t["class_offset"] + j] += t["value"][k * w + j]
    n = float(len(model["trees"]))
    mean = model["aggregate"] == "mean"
    scores = [b + (s / n if mean else s) for b, s in zip(model["base_score"], sums)]
    best = 0
    for c in range(1, n_classes):
        if scores[c] > scores[best]:
            best = c
    return best


def first_outside(model, x):
    """The index of the first input (not `calls`) outside [lo, hi] of the model's support (NaN is outside),
    -1 when none or the model has no support."""
    support = model.get("support")
    if not support:
        return -1
    for i, name in enumerate(model["features"]):
        lo, hi = support[name]
        if name != "calls" and not lo <= x[i] <= hi:
            return i
    return -1


def samples(rng, model, count):
    thresholds = {}
    for t in model["trees"]:
        for f, thr in zip(t["feature"], t["threshold"]):
            if f >= 0:
                thresholds.setdefault(f, []).append(thr)
    out = []
    for _ in range(count):
        x = []
        for i, name in enumerate(model["features"]):
            if thresholds.get(i) and rng.random() < 1 / 3:
                x.append(rng.choice(thresholds[i]))  # exactly on a threshold
            elif "support" in model and rng.random() < 1 / 4:  # on a bound of the support, or beside it
                bound = rng.choice(model["support"][name])
                x.append(rng.choice([bound, math.nextafter(bound, -math.inf), math.nextafter(bound, math.inf)]))
            else:
                x.append(draw(rng, name))
        out.append(x)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", required=True)
    ap.add_argument("--csv")
    ap.add_argument("--size", choices=("small", "large"), default="small")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=500)
    a = ap.parse_args()
    table = make_table(a.size, a.seed)
    write_json(table, a.table)
    if a.csv:
        # Read back what was written, so the predictions use the file's doubles.
        with open(a.table) as f:
            table = json.load(f)
        rng = random.Random(a.seed + 1)
        k = max(len(m["features"]) for m in table["models"].values())
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["model"] + [f"f{i}" for i in range(k)] + ["outside", "class_index"])
            for name, model in table["models"].items():
                for x in samples(rng, model, a.samples):
                    w.writerow([name] + [g17(v) for v in x] + [""] * (k - len(x)) +
                               [first_outside(model, x), predict(model, x)])


if __name__ == "__main__":
    main()
