"""Issue 22: converted formats (sell, ell, jad, dia) in the runtime selection, out-of-fold."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from conftest import REPO, subsample

from aspmv_train import cli, data, methods, oof
from aspmv_train import format_choice as fc

H200_FORMATS = REPO / "tuning_data/h200/measurements/2026-11-28-real-double-a"
H100_NO_FORMATS = REPO / "tuning_data/h100/measurements/2026-11-26"


def test_costs_choices_and_margin_by_hand():
    T = np.array([[1.0, 2.0, 0.5, np.nan],
                  [1.0, 0.9, 0.8, 0.1]])
    P = np.array([[0.0, 0.0, 10.0, 0.0],
                  [0.0, 5.0, 1.0, 50.0]])
    C = fc.costs(T, P, 10.0)
    assert C[0].tolist() == [10.0, 20.0, 15.0, math.inf]   # a format that did not run costs inf
    assert C[1].tolist() == [10.0, 14.0, 9.0, 51.0]
    is_format = np.array([False, False, True, True])
    allowed = np.isfinite(C)
    assert fc.choose(C, allowed).tolist() == [0, 2]
    assert fc.choose(C, allowed & ~is_format).tolist() == [0, 0]
    # The format is taken only when cheaper than the best CSR alternative by the margin: 9 x 1.1 < 10, 9 x 1.2 not.
    assert fc.choose_with_margin(C, allowed, is_format, 0.1).tolist() == [0, 2]
    assert fc.choose_with_margin(C, allowed, is_format, 0.2).tolist() == [0, 0]
    # No format allowed on a row: the CSR choice.
    assert fc.choose_with_margin(C, allowed & ~is_format, is_format, 0.0).tolist() == [0, 0]
    # The margin of the best measured outcome; ties go to the larger margin (converting less).
    measured = np.array([[10.0, 20.0, 15.0, np.inf], [10.0, 14.0, 5.0, 51.0]])
    assert fc.choose_margin(C, allowed, is_format, measured, grid=(0.0, 0.1, 0.2)) == 0.1
    measured_no_gain = np.array([[10.0, 20.0, 15.0, np.inf], [10.0, 14.0, 10.0, 51.0]])
    assert fc.choose_margin(C, allowed, is_format, measured_no_gain, grid=(0.0, 0.1, 0.2)) == 0.2
    # Figures against the oracle over all alternatives.
    s = fc.set_figures(measured, np.array([0, 0]), is_format, ["m0", "m1"])
    assert s["n"] == 2 and s["format_picks"] == 0
    assert s["gm"] == pytest.approx(math.sqrt(1.0 * 0.5)) and s["min"] == pytest.approx(0.5)
    assert s["ranking"]["max_ratio"] == pytest.approx(2.0) and s["ranking"]["max_at"] == "m1"
    assert fc.set_figures(measured, np.array([0, 2]), is_format, ["m0", "m1"])["gm"] == pytest.approx(1.0)


def test_alternatives_are_the_csr_labels_then_one_per_format():
    meas = data.load([H200_FORMATS])
    times = methods.build(meas, {})
    mats = list(times.time.index)
    alt = fc.alternatives(meas, times, mats)
    formats = [l for l, f in zip(alt.labels, alt.is_format) if f]
    assert formats == ["sell", "ell", "jad", "dia"]
    assert alt.labels[:len(times.labels)] == list(times.labels)
    assert not set(formats) & set(times.labels)           # methods.build keeps them out of the classes
    n_csr = len(times.labels)
    assert np.isfinite(alt.T[:, :n_csr]).all()               # complete rows only (methods.build)
    # The guards' refusals (failures.csv) are the format's missing times: DIA refuses most real matrices.
    refused = pd.read_csv(H200_FORMATS / "failures.csv")
    dia_refused = set(refused.loc[refused["stage"] == "kernel:dia/-", "matrix"]) & set(mats)
    j = alt.labels.index("dia")
    assert dia_refused and all(np.isnan(alt.T[mats.index(m), j]) for m in dia_refused)
    assert np.isfinite(alt.T[:, j]).sum() == len(mats) - len(dia_refused)
    # Conversion is the format's preprocessing, measured wherever it ran.
    assert (alt.P[np.isfinite(alt.T)] > 0).all()


def test_folders_without_formats_are_refused_clearly(tmp_path):
    meas = subsample(H100_NO_FORMATS, tmp_path / "meas", per_family=3, seed=2)
    cfg = fc.FormatConfig(measurements=[str(meas)], tuning_dir=REPO / "tuning_data/h100", folds=2, quick=True,
                          kinds=("linear",), repo_root=REPO)
    with pytest.raises(ValueError, match="no converted format was timed"):
        fc.run(cfg, log=lambda *a: None)


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    d = tmp_path_factory.mktemp("formats")
    meas = subsample(H200_FORMATS, d / "meas", per_family=16, seed=3)
    for name in ("failures.csv",):
        (d / "meas" / name).write_text((H200_FORMATS / name).read_text())
    out = d / "out"
    rc = cli.main(["formats", "--measurements", str(meas), "--arch", "h200", "--out", str(out), "--folds", "3",
                   "--kinds", "linear", "--calls", "100", "1000", "--quick", "--quiet"])
    assert rc == 0
    return meas, out


def test_formats_study_end_to_end(study):
    meas, out = study
    res = json.loads((out / "formats.json").read_text())
    r = res["precisions"]["double"]
    assert r["formats"] == ["sell", "ell", "jad", "dia"]
    f = pd.read_csv(meas / "features.csv.gz").set_index("matrix")
    rows = pd.read_csv(out / "formats.csv")
    for sname, S in r["sets"].items():
        fam = f.loc[rows.loc[rows["set"] == sname, "matrix"], "family"]
        assert (fam == sname).all() and len(fam) == S["n"] > 0
        for N in ("100", "1000"):
            row = S["calls"][N]
            for sel in ("csr_only", "with_formats", "with_formats_margin"):
                s = row["linear"][sel]
                assert 0 < s["min"] <= s["gm"] <= 1.0 + 1e-12      # against the oracle over every alternative
            assert row["linear"]["csr_only"]["format_picks"] == 0
            assert row["oracle_csr_only"]["gm"] <= 1.0 + 1e-12
    # Every predicted matrix once, its fold a real-group fold; the guard matrices only train.
    assert rows["matrix"].is_unique and rows["fold"].between(0, 2).all()
    assert not rows["matrix"].isin(f.index[~f["family"].isin(["real", "real-derived"])]).any()
    # A pick is an alternative that ran on the matrix: its ratio to the best is finite and >= 1.
    for col in ("linear_csr_only_ratio", "linear_with_formats_ratio"):
        assert np.isfinite(rows[col]).all() and (rows[col] >= 1.0 - 1e-12).all()
    assert set(rows["linear_csr_only"]) <= set(r["labels"]) - set(r["formats"])
    md = (out / "formats.md").read_text()
    assert "with formats, margin" in md and "dia conversion" in md and res["command"].startswith("python -m")
    # Lehnert's Table 2: per fold, the terms the linear kind kept for each target; the report lists the common ones.
    lin = [f for f in r["fits"] if f["kind"] == "linear"]
    assert len(lin) == 3 and all(set(f["features"]) == {f"{w}:{l}" for w in ("time", "pre") for l in r["labels"]}
                                 for f in lin)
    assert "Lehnert's Table 2" in md


def test_selected_terms_keep_the_majority_of_folds():
    fits = [{"kind": "linear", "features": {"time:ell": ["nnz", "max"]}},
            {"kind": "linear", "features": {"time:ell": ["nnz"]}},
            {"kind": "linear", "features": {"time:ell": ["nnz", "max", "rows"]}},
            {"kind": "gbm"}]
    assert fc.selected_terms(fits, "time:ell") == [("nnz", 3), ("max", 2)]
    assert fc.selected_terms(fits, "time:sell") == []
