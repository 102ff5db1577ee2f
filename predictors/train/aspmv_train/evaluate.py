"""Pure-Python evaluator and validator of model tables (docs/MODEL_TABLES.md).

No numpy, no scikit-learn: the reference the C++ evaluator (predictors/model_*.hpp)
is compared with. Semantics, exactly as the schema states them:
- a node k is a leaf when feature[k] < 0; else go left when
  x[feature[k]] <= threshold[k] ("le") or x[feature[k]] < threshold[k] ("lt");
- a tree adds the `width` numbers of its leaf, value[k*width : k*width+width],
  to the class scores class_offset .. class_offset+width-1;
- scores = base_score + (sum / n_trees if aggregate == "mean" else sum), the
  sums taken tree by tree in file order, in double precision (Python floats);
- the prediction is the class of the largest score, the lowest index on a tie;
  confidence is that score ("mean") or its softmax probability ("sum").
Validation: the schema's list plus the refusals the C++ loader adds (keys
outside the schema, repeated class labels, > 256 classes or > 64 inputs,
indices that are not 32-bit integers, duplicate keys, NaN/Infinity).

    python -m aspmv_train validate tuning_data/h100/model.json
"""
from __future__ import annotations

import json
import math

SCHEMA = "aspmv-models/1"
MODEL_NAMES = ("tpr_global", "tpr_block", "kernel_known", "kernel_gathered", "gather", "runtime", "format_time",
               "format_conversion")
FEATURE_NAMES = frozenset((
    "rows", "cols", "nnz", "mean", "density",
    "min", "max", "var", "max_mu", "sqrt_mean", "cov", "dispersion", "mode", "median",
    "min_dist", "max_dist", "bandwidth", "density_min", "density_max", "density_mean", "density_var",
    "rows_per_cu", "nnz_per_cu", "x_l2_ratio", "mean_per_simd", "max_cu_share", "max_per_simd",
    "calls",
))
DEVICE_FEATURES = ("rows_per_cu", "nnz_per_cu", "x_l2_ratio", "mean_per_simd", "max_cu_share", "max_per_simd")
AGGREGATES = ("sum", "mean")
DECISIONS = ("le", "lt")
TOP_KEYS = frozenset(("schema", "arch", "status", "provenance", "models"))
MODEL_KEYS = frozenset(("algorithm", "features", "classes", "aggregate", "decision", "base_score", "trees", "scores",
                        "support"))
TREE_KEYS = frozenset(("feature", "threshold", "left", "right", "value", "width", "class_offset"))
MAX_CLASSES = 256
MAX_INPUTS = 64
INT32 = 2 ** 31


class ModelError(ValueError):
    """A model table breaks the schema."""


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -INT32 <= v < INT32


def _is_num(v) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)) and math.isfinite(v)


def _check(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ModelError(f"{where}: {msg}")


def validate_tree(tree: dict, n_features: int, n_classes: int, where: str) -> None:
    _check(isinstance(tree, dict), where, "not an object")
    extra = sorted(set(tree) - TREE_KEYS)
    _check(not extra, where, f"keys outside the schema: {extra}")
    for key in ("feature", "threshold", "left", "right", "value", "width", "class_offset"):
        _check(key in tree, where, f"missing '{key}'")
    feat, thr, left, right, value = tree["feature"], tree["threshold"], tree["left"], tree["right"], tree["value"]
    width, offset = tree["width"], tree["class_offset"]
    for key in ("feature", "threshold", "left", "right", "value"):
        _check(isinstance(tree[key], list), where, f"'{key}' is not an array")
    n = len(feat)
    _check(n >= 1, where, "no nodes")
    _check(len(thr) == n and len(left) == n and len(right) == n, where,
           "feature, threshold, left and right differ in length")
    _check(_is_int(width) and width >= 1, where, "width is not a positive integer")
    _check(_is_int(offset) and offset >= 0, where, "class_offset is not a non-negative integer")
    _check(offset + width <= n_classes, where, f"class_offset + width = {offset + width} > {n_classes} classes")
    _check(len(value) == n * width, where, f"len(value) = {len(value)} != n_nodes * width = {n * width}")
    for k in range(n):
        _check(_is_int(feat[k]), where, f"feature[{k}] is not an integer")
        _check(_is_int(left[k]) and _is_int(right[k]), where, f"left/right[{k}] is not an integer")
        _check(_is_num(thr[k]), where, f"threshold[{k}] is not a finite number")
        if feat[k] >= 0:
            _check(feat[k] < n_features, where, f"feature[{k}] = {feat[k]} out of range")
            for child in (left[k], right[k]):
                _check(k < child < n, where, f"node {k}: child {child} does not point forward within the tree")
    for i, v in enumerate(value):
        _check(_is_num(v), where, f"value[{i}] is not a finite number")
    # Every node reached at most once from the root (a tree, not a DAG).
    seen = [False] * n
    stack = [0]
    while stack:
        k = stack.pop()
        _check(not seen[k], where, f"node {k} reached twice")
        seen[k] = True
        if feat[k] >= 0:
            stack.append(right[k])
            stack.append(left[k])


def validate_model(name: str, model: dict) -> None:
    where = f"models.{name}"
    _check(name in MODEL_NAMES, where, f"unknown model name (known: {', '.join(MODEL_NAMES)})")
    _check(isinstance(model, dict), where, "not an object")
    extra = sorted(set(model) - MODEL_KEYS)
    _check(not extra, where, f"keys outside the schema: {extra}")
    for key in ("features", "classes", "aggregate", "decision", "base_score", "trees"):
        _check(key in model, where, f"missing '{key}'")
    feats, classes = model["features"], model["classes"]
    _check(isinstance(feats, list) and len(feats) >= 1, where, "features is not a non-empty array")
    for f in feats:
        _check(isinstance(f, str) and f in FEATURE_NAMES, where, f"unknown feature name {f!r}")
    _check(isinstance(classes, list) and len(classes) >= 1 and all(isinstance(c, str) for c in classes), where,
           "classes is not a non-empty array of strings")
    _check(len(set(classes)) == len(classes), where, "a repeated class label")
    _check(len(classes) <= MAX_CLASSES, where, f"more than {MAX_CLASSES} classes")
    _check(len(feats) <= MAX_INPUTS, where, f"more than {MAX_INPUTS} inputs")
    _check(model["aggregate"] in AGGREGATES, where, f"aggregate {model['aggregate']!r} is not sum or mean")
    _check(model["decision"] in DECISIONS, where, f"decision {model['decision']!r} is not le or lt")
    base = model["base_score"]
    _check(isinstance(base, list) and len(base) == len(classes), where, "len(base_score) != len(classes)")
    for v in base:
        _check(_is_num(v), where, "base_score holds a non-finite number")
    if "support" in model:  # optional: one [lo, hi] per input feature name, over the training data
        sup = model["support"]
        _check(isinstance(sup, dict), where, "support is not an object")
        for f, r in sup.items():
            _check(f in feats, f"{where}.support", f"{f!r} is not one of the model's features")
            _check(isinstance(r, list) and len(r) == 2 and all(_is_num(v) for v in r) and r[0] <= r[1],
                   f"{where}.support.{f}", "not [lo, hi] with finite lo <= hi")
        for f in feats:
            _check(f in sup, f"{where}.support", f"no entry for the model's feature {f!r} (one per input feature)")
    trees = model["trees"]
    _check(isinstance(trees, list) and len(trees) >= 1, where, "trees is not a non-empty array")
    for i, t in enumerate(trees):
        validate_tree(t, len(feats), len(classes), f"{where}.trees[{i}]")


def validate(table: dict) -> None:
    """Raises ModelError unless ``table`` is a valid model table."""
    _check(isinstance(table, dict), "table", "not an object")
    extra = sorted(set(table) - TOP_KEYS)
    _check(not extra, "table", f"keys outside the schema: {extra}")
    _check(table.get("schema") == SCHEMA, "schema", f"is {table.get('schema')!r}, not {SCHEMA!r}")
    _check(isinstance(table.get("arch"), str) and table["arch"], "arch", "missing")
    _check(table.get("status") in ("trained", "untrained"), "status", "not trained or untrained")
    _check(isinstance(table.get("provenance"), dict), "provenance", "not an object")
    _check(isinstance(table.get("models"), dict), "models", "not an object")
    if table["status"] == "trained":
        for key in ("measurements", "measurement_commit", "measurement_date", "device", "corpus_spec_sha256",
                    "training_command", "training_commit", "trained_at", "split", "summary"):
            _check(key in table["provenance"], "provenance", f"missing '{key}' (a trained table needs it)")
    else:
        _check("summary" in table["provenance"], "provenance", "missing 'summary'")
    for name, model in table["models"].items():
        validate_model(name, model)


def _strict_pairs(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ModelError(f"duplicate key in {keys}")
    return dict(pairs)


def _no_constant(name):
    raise ModelError(f"{name} is not strict JSON")


def loads(text: str) -> dict:
    """Parses strict JSON (no duplicate keys, no NaN/Infinity) and validates the table."""
    table = json.loads(text, object_pairs_hook=_strict_pairs, parse_constant=_no_constant)
    validate(table)
    return table


def load(path) -> dict:
    """Reads and validates a model table."""
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


def leaf(tree: dict, x, decision: str) -> int:
    """The leaf node a feature vector reaches in one tree."""
    feat, thr, left, right = tree["feature"], tree["threshold"], tree["left"], tree["right"]
    lt = decision == "lt"
    k = 0
    while feat[k] >= 0:
        v = x[feat[k]]
        k = left[k] if ((v < thr[k]) if lt else (v <= thr[k])) else right[k]
    return k


def scores(model: dict, x) -> list[float]:
    """Class scores of feature vector ``x`` (values in the order of model['features'])."""
    n = len(model["classes"])
    if len(x) != len(model["features"]):
        raise ModelError(f"expected {len(model['features'])} features, got {len(x)}")
    x = [float(v) for v in x]
    lt = model["decision"] == "lt"
    acc = [0.0] * n
    for tree in model["trees"]:
        feat, thr, left, right = tree["feature"], tree["threshold"], tree["left"], tree["right"]
        k = 0
        while feat[k] >= 0:
            v = x[feat[k]]
            k = left[k] if ((v < thr[k]) if lt else (v <= thr[k])) else right[k]
        w, off, val = tree["width"], tree["class_offset"], tree["value"]
        base = k * w
        for j in range(w):
            acc[off + j] += float(val[base + j])
    if model["aggregate"] == "mean":
        nt = float(len(model["trees"]))
        return [float(b) + a / nt for b, a in zip(model["base_score"], acc)]
    return [float(b) + a for b, a in zip(model["base_score"], acc)]


def argmax(values) -> int:
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return best


def predict_index(model: dict, x) -> int:
    return argmax(scores(model, x))


def predict(model: dict, x) -> str:
    return model["classes"][predict_index(model, x)]


def confidence(model: dict, x) -> float:
    s = scores(model, x)
    i = argmax(s)
    if model["aggregate"] == "mean":
        return s[i]
    m = s[i]
    return 1.0 / sum(math.exp(v - m) for v in s)


def predict_rows(model: dict, rows) -> list[int]:
    """Class indices for an iterable of feature vectors."""
    return [predict_index(model, r) for r in rows]


def outside_support_x(model: dict, x, skip=("calls",)) -> list[tuple]:
    """The inputs of vector ``x`` (the model's inputs in its feature order) outside the model's ``support``:
    [(index, feature, value, lo, hi), ...] in the model's feature order; [] when the model has no support or
    every input is within it. NaN is outside; the bounds are compared as doubles (the C++ side's
    first_outside_support, predictors/model_table.hpp). ``calls`` (context, not a matrix feature) is not
    checked."""
    sup = model.get("support")
    if not sup:
        return []
    out = []
    for i, (name, v) in enumerate(zip(model["features"], x)):
        if name in skip or name not in sup:
            continue
        v, lo, hi = float(v), float(sup[name][0]), float(sup[name][1])
        if not (lo <= v <= hi):
            out.append((i, name, v, lo, hi))
    return out


def first_outside_support(model: dict, x) -> int:
    """The index of the first input of vector ``x`` outside the model's support, -1 when none (the C++
    first_outside_support; the agreement CSV's ``outside`` column)."""
    out = outside_support_x(model, x)
    return out[0][0] if out else -1


def outside_support(model: dict, values: dict, skip=("calls",)) -> list[tuple]:
    """The inputs of ``values`` (name -> value, as feature_vector takes them) outside the model's ``support``:
    [(feature, value, lo, hi), ...] in the model's feature order; [] when the model has no support or every
    input is within it. NaN is outside. ``calls`` (context, not a matrix feature) is not checked. The first
    one is what the C++ outside_support (predictors/model_table.hpp) names."""
    if not model.get("support"):
        return []
    return [t[1:] for t in outside_support_x(model, feature_vector(model, values), skip)]


def _div(a: float, b: float) -> float:
    return a / b if b > 0 else 0.0


def device_features(values: dict) -> dict:
    """The device features of src/aspmv/feature_set.hpp (same operation order, in double) from ``rows``,
    ``cols``, ``nnz``, ``max`` and the device facts ``compute_units``, ``simd_width``, ``l2_cache_bytes``,
    ``value_bytes`` (features.device_facts of a run.json)."""
    rows, cols, nnz = float(values["rows"]), float(values["cols"]), float(values["nnz"])
    cu, simd = float(values["compute_units"]), float(values["simd_width"])
    l2, vb = float(values["l2_cache_bytes"]), float(values["value_bytes"])
    out = {"rows_per_cu": _div(rows, cu), "nnz_per_cu": _div(nnz, cu), "x_l2_ratio": _div(cols * vb, l2),
           "mean_per_simd": _div(_div(nnz, rows), simd)}
    if "max" in values:
        mx = float(values["max"])
        out.update({"max_cu_share": _div(mx * cu, nnz), "max_per_simd": _div(mx, simd)})
    return out


def feature_vector(model: dict, values: dict) -> list[float]:
    """A model's input vector from a name -> value mapping; device features missing from ``values`` are
    computed from it (device_features) when it holds the device facts."""
    names = model["features"]
    if any(n not in values for n in names if n in DEVICE_FEATURES):
        values = {**values, **device_features(values)}
    return [float(values[n]) for n in names]
