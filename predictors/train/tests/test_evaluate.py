"""The pure-Python evaluator and validator against the schema (docs/MODEL_TABLES.md)."""
import copy
import json

import pytest

from aspmv_train import evaluate as E


def table(models):
    return {"schema": "aspmv-models/1", "arch": "test", "status": "untrained",
            "provenance": {"summary": "test"}, "models": models}


def stump(feature=0, threshold=4.5, left=(1.0, 0.0), right=(0.0, 1.0), offset=0):
    w = len(left)
    return {"feature": [feature, -1, -1], "threshold": [threshold, 0, 0], "left": [1, -1, -1], "right": [2, -1, -1],
            "value": [0.0] * w + list(left) + list(right), "width": w, "class_offset": offset}


def model(trees, decision="le", aggregate="sum", classes=("a", "b"), features=("mean",), base=None):
    return {"algorithm": "test", "features": list(features), "classes": list(classes), "aggregate": aggregate,
            "decision": decision, "base_score": list(base or [0.0] * len(classes)), "trees": trees}


def test_le_and_lt_differ_exactly_at_the_threshold():
    le = model([stump()], "le")
    lt = model([stump()], "lt")
    assert E.predict(le, [4.5]) == "a" and E.predict(lt, [4.5]) == "b"
    assert E.predict(le, [4.4999999999999991]) == "a" and E.predict(lt, [4.4999999999999991]) == "a"
    assert E.predict(le, [4.5000000000000009]) == "b"


def test_sum_mean_base_and_lowest_index_on_ties():
    m = model([stump(left=(1.0, 1.0), right=(0.0, 2.0))], aggregate="sum")
    assert E.scores(m, [1.0]) == [1.0, 1.0]
    assert E.predict_index(m, [1.0]) == 0  # tie: the lowest index
    m["base_score"] = [0.0, 0.5]
    assert E.predict(m, [1.0]) == "b"
    mean = model([stump(left=(0.2, 0.8), right=(1.0, 0.0)), stump(left=(0.6, 0.4), right=(1.0, 0.0))],
                 aggregate="mean")
    assert E.scores(mean, [1.0]) == [(0.2 + 0.6) / 2, (0.8 + 0.4) / 2]
    assert E.confidence(mean, [1.0]) == pytest.approx(0.6)


def test_class_offset_width_one_trees():
    trees = [stump(left=(1.0,), right=(-1.0,), offset=0), stump(left=(-2.0,), right=(3.0,), offset=1)]
    m = model(trees)
    assert E.scores(m, [0.0]) == [1.0, -2.0]
    assert E.scores(m, [9.0]) == [-1.0, 3.0]
    assert E.confidence(m, [9.0]) == pytest.approx(1 / (1 + pytest.importorskip("math").exp(-4.0)))


def test_sums_in_file_order_in_double():
    # 1e16 + 1 + 1 != 1e16 + 2 in double: order matters and must be the file's.
    trees = [stump(left=(1e16, 0.0), right=(0, 0)), stump(left=(1.0, 0.0), right=(0, 0)),
             stump(left=(1.0, 0.0), right=(0, 0))]
    assert E.scores(model(trees), [0.0])[0] == ((0.0 + 1e16) + 1.0) + 1.0


def valid():
    return table({"tpr_global": model([stump()], features=("mean",), classes=("1", "32"))})


def test_valid_table_passes():
    E.validate(valid())


@pytest.mark.parametrize("breaker, message", [
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("left", [0, -1, -1]), "forward"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("left", [2, -1, -1]), "reached twice"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("feature", [3, -1, -1]), "out of range"),
    (lambda t: t["models"]["tpr_global"]["trees"][0]["value"].pop(), r"len\(value\)"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("class_offset", 1), "class_offset"),
    (lambda t: t["models"]["tpr_global"].__setitem__("base_score", [0.0]), "base_score"),
    (lambda t: t["models"]["tpr_global"]["trees"][0]["threshold"].__setitem__(0, float("nan")), "finite"),
    (lambda t: t["models"]["tpr_global"]["trees"][0]["value"].__setitem__(3, float("inf")), "finite"),
    (lambda t: t["models"]["tpr_global"].__setitem__("features", ["nonsense"]), "unknown feature"),
    (lambda t: t["models"].__setitem__("kernel_magic", t["models"]["tpr_global"]), "unknown model"),
    (lambda t: t["models"]["tpr_global"].__setitem__("decision", "lte"), "decision"),
    (lambda t: t["models"]["tpr_global"].__setitem__("aggregate", "max"), "aggregate"),
    (lambda t: t.__setitem__("schema", "aspmv-models/2"), "schema"),
    (lambda t: t.__setitem__("status", "trained"), "measurement"),
])
def test_validation_rejects(breaker, message):
    t = copy.deepcopy(valid())
    breaker(t)
    with pytest.raises(E.ModelError, match=message):
        E.validate(t)


def test_committed_tables_are_valid():
    from conftest import REPO
    paths = sorted(REPO.glob("tuning_data/*/model.json"))
    assert paths
    for p in paths:
        t = E.load(p)
        assert t["arch"] == p.parent.name
        # Every number was written so that it reads back as the same double.
        text = p.read_text()
        assert "NaN" not in text and "Infinity" not in text
        json.loads(text)


@pytest.mark.parametrize("breaker, message", [
    (lambda t: t.__setitem__("extra", 1), "outside the schema"),
    (lambda t: t["models"]["tpr_global"].__setitem__("hyper", 1), "outside the schema"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("depth", 1), "outside the schema"),
    (lambda t: t["models"]["tpr_global"].__setitem__("classes", ["1", "1"]), "repeated"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("left", [1.0, -1, -1]), "integer"),
    (lambda t: t["models"]["tpr_global"]["trees"][0].__setitem__("left", [2 ** 40, -1, -1]), "integer"),
])
def test_validation_rejects_what_the_cpp_loader_rejects(breaker, message):
    t = copy.deepcopy(valid())
    breaker(t)
    with pytest.raises(E.ModelError, match=message):
        E.validate(t)


def test_strict_json():
    text = json.dumps(valid())
    E.loads(text)
    with pytest.raises(E.ModelError, match="duplicate"):
        E.loads(text[:-1] + ', "arch": "x"}')
    with pytest.raises(E.ModelError, match="strict"):
        E.loads(text.replace('4.5', 'NaN'))
