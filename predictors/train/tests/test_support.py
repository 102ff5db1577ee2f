"""The training support (docs/MODEL_TABLES.md, "support") in the Python evaluator: the validator's rules
(those of the C++ loader and the build's generator) and the out-of-support verdict on the cases that
tests/unit/test_model_json.cpp checks the C++ first_outside_support with (tests/data/models/support_cases.json)."""
import copy
import json
import math

import pytest

from aspmv_train import agreement, evaluate
from conftest import REPO

DATA = REPO / "tests/data/models"


def _number(v):
    return float(v) if isinstance(v, str) else v  # "nan", "inf", "-inf"


def test_the_shared_cases_agree_with_the_cpp_side():
    table = evaluate.load(DATA / "small_table.json")
    cases = json.loads((DATA / "support_cases.json").read_text())
    assert cases["table"] == "small_table.json" and len(cases["cases"]) >= 15
    for c in cases["cases"]:
        model = table["models"][c["model"]]
        x = [_number(v) for v in c["x"]]
        assert evaluate.first_outside_support(model, x) == c["outside"], c
        out = evaluate.outside_support(model, dict(zip(model["features"], x)))
        if c["outside"] < 0:
            assert out == [], c
        else:
            name, v, lo, hi = out[0]
            assert name == model["features"][c["outside"]], c
            assert (math.isnan(v) and math.isnan(x[c["outside"]])) or v == x[c["outside"]]
            assert [lo, hi] == [float(b) for b in model["support"][name]]


def test_validator_one_finite_range_per_input_feature():
    table = evaluate.load(DATA / "small_table.json")
    model = table["models"]["gather"]  # features nnz, calls
    evaluate.validate_model("gather", model)
    del model["support"]
    evaluate.validate_model("gather", model)  # optional
    for bad, msg in (({"nnz": [1, 2]}, "no entry for the model's feature 'calls'"),
                     ({}, "no entry for the model's feature 'nnz'"),
                     ({"nnz": [1, 2], "calls": [1, 2], "rows": [1, 2]}, "not one of the model's features"),
                     ({"nnz": [2, 1], "calls": [1, 2]}, "lo <= hi"),
                     ({"nnz": [1, math.inf], "calls": [1, 2]}, "lo <= hi"),
                     ({"nnz": [1, "2"], "calls": [1, 2]}, "lo <= hi"),
                     ({"nnz": [1, 2, 3], "calls": [1, 2]}, "lo <= hi"),
                     ([[1, 2], [1, 2]], "not an object")):
        with pytest.raises(evaluate.ModelError, match=msg):
            evaluate.validate_model("gather", {**model, "support": bad})


def test_committed_tables_without_support_are_never_outside():
    for path in sorted((REPO / "tuning_data").glob("*/model.json")):
        table = evaluate.load(path)
        for model in table["models"].values():
            if "support" not in model:
                assert evaluate.first_outside_support(model, [math.nan] * len(model["features"])) == -1


def test_agreement_csv_carries_the_support_verdict(tmp_path):
    table = evaluate.load(DATA / "small_table.json")
    csv_path = tmp_path / "agree.csv"
    n = agreement.dump(table, csv_path, samples=300, seed=1)
    assert agreement.check(table, csv_path) == (n, 0)
    lines = csv_path.read_text().splitlines()
    assert lines[0].split(",")[-2:] == ["outside", "class_index"]
    verdicts = {}
    for line in lines[1:]:
        row = line.split(",")
        verdicts.setdefault(row[0], set()).add(int(row[-2]))
    assert {-1, 0, 1, 2} <= verdicts["tpr_global"] and {-1, 0} <= verdicts["gather"]
    # A verdict written wrong is a disagreement.
    wrong = lines[:1] + [",".join(line.split(",")[:-2] + ["-1" if line.split(",")[-2] != "-1" else "0",
                                                          line.split(",")[-1]]) for line in lines[1:2]]
    (tmp_path / "wrong.csv").write_text("\n".join(wrong) + "\n")
    assert agreement.check(table, tmp_path / "wrong.csv") == (1, 1)
    # Without the column (older CSVs): classes only.
    old = [",".join(line.split(",")[:-2] + line.split(",")[-1:]) for line in lines]
    (tmp_path / "old.csv").write_text("\n".join(old) + "\n")
    assert agreement.check(copy.deepcopy(table), tmp_path / "old.csv") == (n, 0)
