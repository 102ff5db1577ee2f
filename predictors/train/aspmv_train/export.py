"""Fitted scikit-learn / XGBoost / LightGBM models -> schema model dicts (docs/MODEL_TABLES.md).

Every tree is re-emitted in preorder from its root (children after their
parent, unreachable nodes dropped). Leaves: feature -1, threshold 0,
left/right -1. Only leaves' values are read: inner nodes carry zeros.

Thresholds are chosen so that the schema's double-precision walk equals the
library's own prediction for *every* double input, not only for the data:
- scikit-learn casts X to float32 and goes left when float32(x) <= t
  (t a double). Exported: "le" with T = the largest double whose float32
  rounding is <= t, so x <= T <=> float32(x) <= t.
- XGBoost stores X as float32 and goes left when float32(x) < c (c a
  float32 split condition; the default direction for missing values never
  applies: our features are never missing). Exported: "lt" with T = the
  smallest double whose float32 rounding is >= c, so x < T <=> float32(x) < c.
- LightGBM compares doubles, x <= t (decision_type "<="); thresholds are
  taken as they are. A split whose missing_type is "Zero" (x == 0 goes the
  default way) is refused; "None" and "NaN" are exact for finite inputs.
Leaf values are written exactly (XGBoost's are float32, widened). XGBoost
sums its margins in float32, the schema in double: argmax can differ only
where two class margins tie within float32 rounding (the tests measure it).
"""
from __future__ import annotations

import json
import math

import numpy as np

F32 = np.float32
_NEG_INF32 = F32(-np.inf)
_POS_INF32 = F32(np.inf)


def le_threshold_for_f32(t: float) -> float:
    """The double T with (x <= T) == (float32(x) <= t) for every double x."""
    t = float(t)
    a = F32(t)
    if float(a) > t:
        a = np.nextafter(a, _NEG_INF32)
    b = np.nextafter(a, _POS_INF32)
    if np.isinf(b):  # a = the largest float32: x rounds to inf from a + half an ulp on
        mid = float(a) + (float(a) - float(np.nextafter(a, _NEG_INF32))) / 2.0
    else:
        mid = (float(a) + float(b)) / 2.0  # exact: float32 values have 24-bit significands
    with np.errstate(over="ignore"):
        rounds_to_a = F32(mid) <= a
    return float(mid) if rounds_to_a else float(np.nextafter(mid, -np.inf))


def lt_threshold_for_f32(c) -> float:
    """The double T with (x < T) == (float32(x) < c) for every double x (c a float32)."""
    c = F32(c)
    p = np.nextafter(c, _NEG_INF32)
    mid = (float(p) + float(c)) / 2.0
    with np.errstate(over="ignore"):
        rounds_to_c = F32(mid) >= c
    return float(mid) if rounds_to_c else float(np.nextafter(mid, np.inf))


class _Builder:
    """Collects one tree's nodes in preorder."""

    def __init__(self, width: int):
        self.width = width
        self.feature, self.threshold, self.left, self.right, self.value = [], [], [], [], []

    def add(self) -> int:
        k = len(self.feature)
        self.feature.append(-1)
        self.threshold.append(0.0)
        self.left.append(-1)
        self.right.append(-1)
        self.value.extend([0.0] * self.width)
        return k

    def tree(self, class_offset: int) -> dict:
        return {"feature": self.feature, "threshold": self.threshold, "left": self.left, "right": self.right,
                "value": self.value, "width": self.width, "class_offset": class_offset}


def _emit(builder: _Builder, node, children, split, leaf_values) -> int:
    """Preorder emission; children(node) -> (l, r) or None; split(node) -> (feature, threshold)."""
    k = builder.add()
    ch = children(node)
    if ch is None:
        vals = leaf_values(node)
        builder.value[k * builder.width:(k + 1) * builder.width] = [float(v) for v in vals]
        return k
    f, t = split(node)
    builder.feature[k] = int(f)
    builder.threshold[k] = float(t)
    builder.left[k] = _emit(builder, ch[0], children, split, leaf_values)
    builder.right[k] = _emit(builder, ch[1], children, split, leaf_values)
    return k


# ---------------------------------------------------------------- scikit-learn

def sklearn_tree_probabilities(est) -> np.ndarray:
    """Per node the class probabilities exactly as DecisionTreeClassifier.predict_proba computes them.

    scikit-learn >= 1.4 stores the class fractions in tree_.value and predict_proba returns them as they
    are (no renormalization); older versions stored counts and divided by their sum.
    """
    v = est.tree_.value[:, 0, :].astype(np.float64)
    if np.allclose(v.sum(axis=1), 1.0):
        return v
    normalizer = v.sum(axis=1)[:, np.newaxis]
    normalizer[normalizer == 0.0] = 1.0
    return v / normalizer


def sklearn_tree(est, n_classes_total: int, class_index) -> dict:
    """One fitted DecisionTreeClassifier -> tree dict of width n_classes_total (probabilities)."""
    t = est.tree_
    proba = sklearn_tree_probabilities(est)
    b = _Builder(n_classes_total)

    def children(k):
        return None if t.children_left[k] < 0 else (int(t.children_left[k]), int(t.children_right[k]))

    def split(k):
        return int(t.feature[k]), le_threshold_for_f32(float(t.threshold[k]))

    def leaf_values(k):
        out = [0.0] * n_classes_total
        for j, ci in enumerate(class_index):
            out[ci] = float(proba[k, j])
        return out

    _emit(b, 0, children, split, leaf_values)
    return b.tree(0)


def sklearn_regressor_model(est, n_outputs: int) -> dict:
    """A multi-output DecisionTreeRegressor (or a forest of them) -> "mean" model of width n_outputs."""
    trees = est.estimators_ if hasattr(est, "estimators_") else [est]
    out = []
    for e in trees:
        t = e.tree_
        v = t.value[:, :, 0]
        b = _Builder(n_outputs)

        def children(k, t=t):
            return None if t.children_left[k] < 0 else (int(t.children_left[k]), int(t.children_right[k]))

        def split(k, t=t):
            return int(t.feature[k]), le_threshold_for_f32(float(t.threshold[k]))

        def leaf_values(k, v=v):
            return [float(x) for x in v[k]]

        _emit(b, 0, children, split, leaf_values)
        out.append(b.tree(0))
    return {"aggregate": "mean", "decision": "le", "base_score": [0.0] * n_outputs, "trees": out}


def negated(body: dict) -> dict:
    """The same model with every leaf value and base score negated (argmin of regrets -> argmax)."""
    out = dict(body)
    out["base_score"] = [-v if v != 0.0 else 0.0 for v in body["base_score"]]
    trees = []
    for t in body["trees"]:
        t = dict(t)
        t["value"] = [-v if v != 0.0 else 0.0 for v in t["value"]]
        trees.append(t)
    out["trees"] = trees
    return out


def sklearn_model(est, n_classes: int, class_index=None) -> dict:
    """DecisionTreeClassifier or a forest of them -> "mean" model, decision "le"."""
    trees = est.estimators_ if hasattr(est, "estimators_") else [est]
    if class_index is None:
        class_index = list(range(n_classes))
    return {"aggregate": "mean", "decision": "le", "base_score": [0.0] * n_classes,
            "trees": [sklearn_tree(e, n_classes, class_index) for e in trees]}


# ---------------------------------------------------------------- XGBoost

def _parse_vector(text) -> list[float]:
    if isinstance(text, (int, float)):
        return [float(text)]
    s = str(text).strip().strip("[]")
    return [float(v) for v in s.split(",") if v.strip()]


def _xgb_learner(booster) -> dict:
    raw = json.loads(booster.save_raw(raw_format="json"))
    learner = raw["learner"]
    gb = learner["gradient_booster"]
    if gb.get("name") != "gbtree":
        raise ValueError(f"xgboost booster {gb.get('name')} is not exported")
    return learner


def _xgb_trees(learner: dict, class_of=None) -> list[dict]:
    model = learner["gradient_booster"]["model"]
    trees = []
    for i, tree in enumerate(model["trees"]):
        left, right = tree["left_children"], tree["right_children"]
        idx, cond = tree["split_indices"], tree["split_conditions"]
        stype = tree.get("split_type", [0] * len(left))
        b = _Builder(1)

        def children(k, left=left, right=right):
            return None if left[k] == -1 else (left[k], right[k])

        def split(k, idx=idx, cond=cond, stype=stype):
            if stype[k] != 0:
                raise ValueError("categorical xgboost splits are not exported")
            return idx[k], lt_threshold_for_f32(F32(cond[k]))

        def leaf_values(k, cond=cond):
            return [float(F32(cond[k]))]

        _emit(b, 0, children, split, leaf_values)
        trees.append(b.tree(int(model["tree_info"][i]) if class_of is None else class_of))
    return trees


def _xgb_base(learner: dict) -> list[float]:
    return [float(F32(v)) for v in _parse_vector(learner["learner_model_param"]["base_score"])]


def xgboost_model(booster, n_classes: int) -> dict:
    """A multi:softprob Booster -> "sum" model, decision "lt", one tree per class and round (width 1)."""
    learner = _xgb_learner(booster)
    objective = learner["objective"]["name"]
    if objective not in ("multi:softprob", "multi:softmax"):
        raise ValueError(f"xgboost objective {objective} is not exported as a classifier")
    base = _xgb_base(learner)
    if len(base) == 1:
        base = base * n_classes
    if len(base) != n_classes:
        raise ValueError(f"xgboost base_score has {len(base)} values for {n_classes} classes")
    return {"aggregate": "sum", "decision": "lt", "base_score": base, "trees": _xgb_trees(learner)}


def xgboost_regressors(boosters) -> dict:
    """One reg:squarederror Booster per class -> "sum" model (class j's trees have class_offset j)."""
    base, trees = [], []
    for j, booster in enumerate(boosters):
        learner = _xgb_learner(booster)
        if learner["objective"]["name"] != "reg:squarederror":
            raise ValueError(f"xgboost objective {learner['objective']['name']} is not exported as a regressor")
        b = _xgb_base(learner)
        if len(b) != 1:
            raise ValueError("xgboost regressor with a vector base_score")
        base.append(b[0])
        trees += _xgb_trees(learner, class_of=j)
    return {"aggregate": "sum", "decision": "lt", "base_score": base, "trees": trees}


# ---------------------------------------------------------------- LightGBM

def lightgbm_model(booster, n_classes: int) -> dict:
    """A multiclass LightGBM Booster -> "sum" model, decision "le" (tree i adds to class i % K)."""
    dump = booster.dump_model()
    per_iter = int(dump.get("num_tree_per_iteration", n_classes))
    if per_iter != n_classes:
        raise ValueError(f"lightgbm has {per_iter} trees per iteration for {n_classes} classes")
    return {"aggregate": "sum", "decision": "le", "base_score": [0.0] * n_classes,
            "trees": _lgb_trees(dump, lambda i: i % n_classes)}


def lightgbm_regressors(boosters) -> dict:
    """One regression Booster per class -> "sum" model (class j's trees have class_offset j)."""
    trees = []
    for j, booster in enumerate(boosters):
        dump = booster.dump_model()
        if int(dump.get("num_tree_per_iteration", 1)) != 1:
            raise ValueError("lightgbm regressor with several trees per iteration")
        trees += _lgb_trees(dump, lambda i, j=j: j)
    return {"aggregate": "sum", "decision": "le", "base_score": [0.0] * len(boosters), "trees": trees}


def _lgb_trees(dump: dict, class_of) -> list[dict]:
    trees = []
    for i, info in enumerate(dump["tree_info"]):
        b = _Builder(1)

        def children(n):
            return None if "leaf_value" in n else (n["left_child"], n["right_child"])

        def split(n):
            if n.get("decision_type") != "<=":
                raise ValueError(f"lightgbm decision_type {n.get('decision_type')} is not exported")
            if n.get("missing_type") not in ("None", "NaN"):
                raise ValueError(f"lightgbm missing_type {n.get('missing_type')} is not exported")
            t = float(n["threshold"])
            if not math.isfinite(t):
                raise ValueError("lightgbm threshold is not finite")
            return n["split_feature"], t

        def leaf_values(n):
            return [float(n["leaf_value"])]

        _emit(b, info["tree_structure"], children, split, leaf_values)
        trees.append(b.tree(class_of(i)))
    return trees


def n_nodes(model: dict) -> int:
    return sum(len(t["feature"]) for t in model["trees"])


def max_path(model: dict) -> int:
    """Nodes visited per prediction in the worst case (sum over trees of the depth + 1)."""
    total = 0
    for t in model["trees"]:
        depth = [0] * len(t["feature"])
        best = 0
        for k in range(len(t["feature"])):  # preorder: parents come first
            if t["feature"][k] >= 0:
                depth[t["left"][k]] = depth[t["right"][k]] = depth[k] + 1
            best = max(best, depth[k])
        total += best + 1
    return total


def support(X, names) -> dict:
    """The support of a model's training data: per input feature, [min, max] over the training samples (exact
    doubles). Written as the model's optional ``support`` field (docs/MODEL_TABLES.md): an input outside it is
    one the model never saw the like of (evaluate.outside_support)."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2 or X.shape[1] != len(names) or not len(X):
        raise ValueError(f"support: {X.shape} samples for {len(names)} features")
    return {n: [float(X[:, j].min()), float(X[:, j].max())] for j, n in enumerate(names)}
