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
                   "--kinds", "linear,lightgbm,lightgbm_relative,lightgbm_relative_columns", "--calls", "100", "1000",
                   "--quick", "--quiet"])
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
            # The override: where "with formats" took a format.
            for k in ("linear", "lightgbm", "lightgbm_relative", "lightgbm_relative_columns"):
                o = row[k]["override"]
                assert o["n"] == row[k]["with_formats"]["format_picks"]
                if o["n"]:
                    assert 0 < o["min"] <= o["gm"] * (1 + 1e-12) and 0 <= o["below_1"] <= o["n"]
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
    assert {f["kind"] for f in r["fits"]} == {"linear", "lightgbm", "lightgbm_relative", "lightgbm_relative_columns"}
    # The columns kind reads the column ratios besides the features every kind reads; the report says so.
    assert r["extra_features"] == {"lightgbm_relative_columns": ["bandwidth_per_col", "max_dist_per_col",
                                                                 "min_dist_per_col", "max_dist_per_mean"]}
    assert "lightgbm_relative_columns reads bandwidth_per_col" in md
    lin = [f for f in r["fits"] if f["kind"] == "linear"]
    assert len(lin) == 3 and all(set(f["features"]) == {f"{w}:{l}" for w in ("time", "pre") for l in r["labels"]}
                                 for f in lin)
    assert "Lehnert's Table 2" in md


H100_REAL = REPO / "tuning_data/h100/measurements/2026-12-02-real-double-a1"
H100_GENERATED = REPO / "tuning_data/h100/measurements/2026-12-02-generated-a"


def test_generated_held_out_split_is_one_more_fold(tmp_path):
    from aspmv_train import split
    real = subsample(H100_REAL, tmp_path / "real", per_family=14, seed=4)
    gen = subsample(H100_GENERATED, tmp_path / "gen", per_family=6, seed=4)
    out = tmp_path / "out"
    rc = cli.main(["formats", "--measurements", str(real), "--generated", str(gen), "--arch", "h100", "--out",
                   str(out), "--folds", "3", "--kinds", "linear", "--calls", "100", "--quick", "--quiet"])
    assert rc == 0
    res = json.loads((out / "formats.json").read_text())
    r = res["precisions"]["double"]
    assert "--generated" in res["command"]
    rows = pd.read_csv(out / "formats.csv")
    held = rows[rows["set"] == "generated (held out)"]
    # The held-out set: the generated matrices the trainer's split tests (fold 0 of 5 of their family), in fold 3.
    g = pd.read_csv(gen / "features.csv.gz").set_index("matrix")
    everything = pd.concat([pd.read_csv(real / "features.csv.gz").set_index("matrix"), g])
    test = set(split.make_split(everything, shared_real=[], seed=2026, k=5).test) & set(g.index)
    assert test and set(held["matrix"]) == test and (held["fold"] == 3).all()
    assert r["sets"]["generated (held out)"]["n"] == len(test)
    # Fold 3's models were fitted on everything else: every predicted real matrix, the other generated, the guards.
    f3 = [f for f in r["fits"] if f["fold"] == 3]
    assert len(f3) == 1 and f3[0]["predicted"] == len(test)
    f0 = [f for f in r["fits"] if f["fold"] == 0][0]
    assert f3[0]["trained_on"] + f3[0]["predicted"] == f0["trained_on"] + f0["predicted"]
    # The generated matrices the split trains on are predicted nowhere; the real sets keep folds 0-2.
    assert not rows["matrix"].isin(set(g.index) - test).any()
    assert rows.loc[rows["set"] != "generated (held out)", "fold"].between(0, 2).all()
    assert "generated (held out)" in (out / "formats.md").read_text()


def test_selected_terms_keep_the_majority_of_folds():
    fits = [{"kind": "linear", "features": {"time:ell": ["nnz", "max"]}},
            {"kind": "linear", "features": {"time:ell": ["nnz"]}},
            {"kind": "linear", "features": {"time:ell": ["nnz", "max", "rows"]}},
            {"kind": "gbm"}]
    assert fc.selected_terms(fits, "time:ell") == [("nnz", 3), ("max", 2)]
    assert fc.selected_terms(fits, "time:sell") == []


def test_override_figures_bound_any_csr_choice():
    measured = np.array([[10.0, 12.0, 5.0], [10.0, 8.0, 20.0], [4.0, 6.0, 3.0]])
    is_format = np.array([False, False, True])
    csr = np.broadcast_to(~is_format, measured.shape)
    o = fc.override_figures(measured, np.array([2, 2, 0]), is_format, csr)
    # Rows 0 and 1 took the format: best CSR 10 / 5 and 8 / 20.
    assert o["n"] == 2 and o["below_1"] == 1
    assert o["gm"] == pytest.approx(math.sqrt(2.0 * 0.4)) and o["min"] == pytest.approx(0.4)
    assert fc.override_figures(measured, np.array([0, 1, 0]), is_format, csr) == {"n": 0}


def test_format_table_decision_by_hand():
    from aspmv_train import format_table as ft
    T = np.array([[10.0, 5.0, 4.0], [10.0, 5.0, 4.0], [1.0, 5.0, 4.0]])
    P = np.array([[0.0, 100.0, 50.0], [0.0, 100.0, 50.0], [0.0, 1.0, 1.0]])
    converts = np.array([[True, True, True], [True, True, False], [True, True, True]])
    # 100 calls: row 0 the cheaper format (class 2: 450 < 600 < 1000); row 1 its guard refuses class 2, so class 1;
    # row 2 best_csr (100 against 501 and 401).
    assert ft.decide(T, P, 100.0, converts).tolist() == [2, 1, 0]
    # best_csr is always allowed, even where it is not marked.
    assert ft.decide(T, P, 100.0, np.zeros_like(converts)).tolist() == [0, 0, 0]


def test_format_table_adds_models_the_evaluator_reads(tmp_path):
    from aspmv_train import evaluate
    from aspmv_train import format_table as ft
    meas = subsample(H200_FORMATS, tmp_path / "meas", per_family=12, seed=5)
    base = REPO / "tuning_data/h200/model.json"
    before = json.loads(base.read_text())
    for name in ft.NAMES:  # the table without the format models as the input
        before["models"].pop(name, None)
    table_in = tmp_path / "in.json"
    table_in.write_text(json.dumps(before))
    out = tmp_path / "model.json"
    rc = cli.main(["format-table", "--measurements", str(meas), "--arch", "h200", "--table", str(table_in),
                   "--out", str(out), "--oof-out", str(tmp_path / "oof"), "--quick", "--quiet"])
    assert rc == 0
    after = evaluate.load(out)
    evaluate.validate(after)
    for name in before["models"]:                      # the table's own models unchanged
        assert after["models"][name] == before["models"][name]
    t, c = after["models"]["format_time"], after["models"]["format_conversion"]
    assert t["classes"] == c["classes"] and t["classes"][0] == ft.BEST_CSR and {"sell", "jad"} <= set(t["classes"])
    assert t["algorithm"] == c["algorithm"] == "lightgbm-runtime"
    assert after["provenance"]["format_models"]["measurements"] and "format_time" in after["provenance"]["models"]
    # best_csr's time is the least per call over the CSR labels; the exported trees predict what the boosters do.
    ocfg = oof.OofConfig(measurements=[meas], tuning_dir=REPO / "tuning_data/h200", quick=True, repo_root=REPO)
    tr = oof._trainer(ocfg, [meas], lambda *_: None)
    tr.load()
    mats = list(tr.times.time.index)
    alt = fc.alternatives(tr.meas, tr.times, mats)
    cl = ft.classes_of(alt, log=lambda *a: None)
    assert cl.labels == t["classes"]
    assert np.allclose(cl.T[:, 0], alt.T[:, ~alt.is_format].min(axis=1))
    X = tr.F.loc[mats, t["features"]].to_numpy(float)
    tb, pb = ft.fit(X, cl, np.ones(len(X), bool), 2026, quick=True)
    for i in range(0, len(mats), max(1, len(mats) // 7)):
        st, sp = evaluate.scores(t, list(X[i])), evaluate.scores(c, list(X[i]))
        for j in range(len(t["classes"])):
            assert math.exp(-st[j]) == pytest.approx(math.exp(tb[j].predict(X[i:i + 1])[0]), rel=1e-6)
            assert math.exp(-sp[j]) == pytest.approx(math.exp(pb[j].predict(X[i:i + 1])[0]), rel=1e-6)
    # The decision out-of-fold: every predicted matrix of a real-group fold, a pick per calls where it converts.
    res = json.loads((tmp_path / "oof" / "format_decision.json").read_text())
    rows = pd.read_csv(tmp_path / "oof" / "format_decision.csv")
    assert set(res["sets"]) == {"real", "real-derived"} and res["classes"] == t["classes"]
    for sname, S in res["sets"].items():
        assert len(rows[(rows["set"] == sname) & (rows["calls"] == 100)]) == S["n"]
        for N, row in S["calls"].items():
            assert len(row["per_format"]) == len(t["classes"]) - 1 and 0 < row["gm_all"]
            if N.endswith("(margin 0)"):  # no rows in the CSV: converts at least as often as at the margin
                assert row["converts"] >= S["calls"][N.split()[0]]["converts"] == sum(
                    S["calls"][N.split()[0]]["per_format"].values())
                continue
            conv = rows[(rows["set"] == sname) & (rows["calls"] == int(N)) & (rows["pick"] != ft.BEST_CSR)]
            assert len(conv) == row["converts"] == sum(row["per_format"].values())
            if row["converts"]:
                assert row["min"] == pytest.approx(conv["best_csr_over_pick"].min(), rel=1e-5)  # CSV: 6 digits
                assert row["gm_all"] == pytest.approx(np.exp(np.log(conv["best_csr_over_pick"]).sum() / S["n"]),
                                                rel=1e-5)
        assert {f"{int(N)}" for N in ft.CALLS} | {f"{int(N)} (margin 0)" for N in ft.CALLS} == set(S["calls"])
    assert res["margin"] == ft.MARGIN
    assert res["nested_margins"] and set(res["nested_margins"].values()) <= set(fc.MARGIN_GRID)
    assert "best CSR / format" in (tmp_path / "oof" / "format_decision.md").read_text()
    # A margin below 0 is refused.
    with pytest.raises(ValueError, match="--margin -0.1"):
        ft.out_of_fold(ft.FormatTableConfig(measurements=[meas], tuning_dir=REPO / "tuning_data/h200",
                                            table=table_in, quick=True, repo_root=REPO, margin=-0.1))
    # One precision at a time.
    with pytest.raises(ValueError, match="one precision"):
        ft.build(ft.FormatTableConfig(measurements=[meas, REPO / "tuning_data/h200/measurements/"
                                                    "2026-11-28-real-float-a"],
                                      tuning_dir=REPO / "tuning_data/h200", table=table_in, quick=True,
                                      repo_root=REPO))


def test_format_table_formats_keep_the_named_classes_only():
    """--formats: the named formats become classes, the others are neither classes nor the oracle's alternatives
    (cpu-x86's DIA, priced by predictors/format_rules.hpp); a format the folders did not time is an error."""
    from aspmv_train import format_table as ft
    meas = data.load([H200_FORMATS])
    times = methods.build(meas, {})
    mats = list(times.time.index)
    alt = fc.alternatives(meas, times, mats)
    logged = []
    every = ft.classes_of(alt, log=logged.append)
    assert every.labels == [ft.BEST_CSR, "sell", "ell", "jad", "dia"]
    sell = ft.classes_of(alt, log=logged.append, formats=("sell",))
    assert sell.labels == [ft.BEST_CSR, "sell"]
    assert any("dia left out (--formats)" in m for m in logged)
    assert np.allclose(sell.T[:, 1], every.T[:, 1], equal_nan=True)
    # The oracle sees the CSR labels and SELL only, not the formats left out.
    j = alt.labels.index("sell")
    for N in (100.0, 1000.0):
        sell_cost = fc.costs(alt.T[:, [j]], alt.P[:, [j]], N)[:, 0]
        assert np.allclose(sell.oracle(N), np.minimum(every.csr_cost(N), sell_cost))
        assert (sell.oracle(N) >= every.oracle(N) - 1e-15).all()
    with pytest.raises(ValueError, match="--formats tile8x4: not timed"):
        ft.classes_of(alt, formats=("sell", "tile8x4"))


def test_format_table_decide_takes_a_format_only_below_the_margin():
    """decide() mirrors make_plan: a format (cheapest first) only where its cost x (1 + margin) is below BEST_CSR's;
    margin 0 is the plain least cost; a format the guards refuse is never taken."""
    from aspmv_train import format_table as ft
    # Classes best_csr, sell, ell; 100 calls: best_csr 10 ms; sell 1 + 7 = 8 ms; ell 0 + 9 = 9 ms.
    T = np.array([[100e-6, 70e-6, 90e-6]])
    P = np.array([[1e-9, 1e-3, 1e-9]])
    ok = np.ones((1, 3), bool)
    assert ft.decide(T, P, 100, ok, 0.0)[0] == 1 == fc.choose(fc.costs(T, P, 100), ok)[0]
    assert ft.decide(T, P, 100, ok, 0.2)[0] == 1  # 8 x 1.2 = 9.6 < 10
    assert ft.decide(T, P, 100, ok, 0.3)[0] == 0  # 8 x 1.3 = 10.4
    assert ft.decide(T, P, 100, ok)[0] == 0  # the default, 0.5
    refused = ok.copy()
    refused[0, 1] = False  # sell refused by the guards: ell's 9 ms
    assert ft.decide(T, P, 100, refused, 0.1)[0] == 2 and ft.decide(T, P, 100, refused, 0.12)[0] == 0
    rng = np.random.default_rng(3)
    Tr, Pr = rng.uniform(1e-6, 1e-4, (200, 5)), rng.uniform(1e-6, 1e-2, (200, 5))
    conv = [int((ft.decide(Tr, Pr, 1000, np.ones((200, 5), bool), m) > 0).sum()) for m in fc.MARGIN_GRID]
    assert conv == sorted(conv, reverse=True) and conv[0] > conv[-1]
