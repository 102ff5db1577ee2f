"""Issue 20, item 4: runtime models (log time per kernel configuration) as a selector, out-of-fold."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from conftest import H100, add_derived, subsample

from aspmv_train import cli, compare, oof
from aspmv_train import runtime_models as rm
from aspmv_train import split

MANIFEST = ("name\tgroup\tdomain\n"
            "EX5\treal/graph\tgraph\n"
            "ct2010\treal/graph\tgraph\n"
            "Andrews\tsuitesparse/Andrews\tgraph\n"
            "bcsstk16\ttrilinos/belos\tfem\n"
            "bcsstk25\ttrilinos/belos\tfem\n"
            "goodwin\tsuitesparse/goodwin\tfem\n"
            "epb1\tsuitesparse/epb1\tother\n")


def _synthetic(n=240, seed=1):
    """Positive features over several decades, four group folds, and log times exactly linear in the module's
    log-features (two of five features)."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([10 ** rng.uniform(2, 7, n), 10 ** rng.uniform(-6, -1, n), rng.uniform(1, 50, n),
                         10 ** rng.uniform(0, 4, n), rng.integers(0, 5, n).astype(float)])
    fold = np.repeat(np.arange(1, 5), n // 4)
    Z = rm.LogFeatures().fit(X).transform(X)
    y1 = -11.0 + 0.9 * Z[:, 0] - 0.35 * Z[:, 1]
    y2 = -9.0 + 0.5 * Z[:, 3]
    return X, Z, np.column_stack([y1, y2]), fold


def test_log_features_are_log1p_in_small_value_units():
    X = np.array([[0.0, 1e-6], [1.0, 1e-5], [100.0, 1e-3], [1e6, 0.1]])
    lf = rm.LogFeatures().fit(X)
    Z = lf.transform(X)
    assert np.all(lf.scale > 0)
    assert Z[0, 0] == 0.0 and np.all(np.diff(Z, axis=0) > 0)
    assert Z[3, 1] == pytest.approx(math.log1p(0.1 / lf.scale[1]))


def test_linear_model_recovers_an_exact_log_linear_runtime():
    X, Z, Y, fold = _synthetic()
    m = rm.LinearModel().fit(Z, Y, fold, ["a", "b", "c", "d", "e"])
    assert m.info["features"][0] == ["a", "b"] or sorted(m.info["features"][0]) == ["a", "b"]
    assert m.info["features"][1] == ["d"]
    # Fresh matrices from the same law: relative error ~ 0.
    X2, _, _, _ = _synthetic(seed=2)
    Z2 = rm.LogFeatures().fit(X).transform(X2)
    t_true = np.exp(np.column_stack([-11.0 + 0.9 * Z2[:, 0] - 0.35 * Z2[:, 1], -9.0 + 0.5 * Z2[:, 3]]))
    P = m.predict(Z2)
    rel = np.abs(np.exp(P) - t_true) / t_true
    assert rel.max() < 1e-9
    assert rm.relative_errors(P, np.log(t_true))["median"] < 1e-9
    assert np.nanmax(np.abs(m.cv_pred - Y)) < 1e-9


def test_gbm_and_knn_fit_and_predict():
    X, Z, Y, fold = _synthetic(n=160)
    rng = np.random.default_rng(3)
    Y = Y + rng.normal(0, 0.02, Y.shape)
    Y[5, 1] = np.nan  # an unmeasured configuration is skipped, not fitted
    for kind in ("gbm", "knn"):
        m = rm.MODELS[kind](seed=1, quick=True).fit(Z, Y, fold, list("abcde"))
        P = m.predict(Z[:20])
        assert P.shape == (20, 2) and np.isfinite(P).all()
        assert np.isfinite(m.cv_pred[np.isfinite(Y)]).all()
        err = rm.relative_errors(m.cv_pred, Y)
        assert err["n"] == Y.size - 1 and err["median"] < 0.5, (kind, err)
        # Deterministic.
        P2 = rm.MODELS[kind](seed=1, quick=True).fit(Z, Y, fold, list("abcde")).predict(Z[:20])
        assert np.array_equal(P, P2)
    knn = rm.MODELS["knn"](seed=1).fit(Z, Y, fold, list("abcde"))
    assert set(knn.info["weights"].values()) <= set(rm.KNN_SCALES) and knn.info["k"] in rm.KNN_K
    # Two of the five features carry nothing: the learned weights use fewer than all at full weight.
    assert sum(v for v in knn.info["weights"].values()) < 5.0


def test_ranking_pick_and_veto_by_hand():
    r = rm.ranking([1.0, 1.04, 1.05, 1.1, 1.2, 1.3, 2.5])
    assert r["n"] == 7
    assert r["within_5_pct"] == pytest.approx(100 * 3 / 7)
    assert r["5_to_20_pct"] == pytest.approx(100 * 2 / 7)
    assert r["over_20_pct"] == pytest.approx(100 * 2 / 7)
    assert r["max_ratio"] == 2.5 and r["over_2x"] == 1 and r["max_at"] == 6
    # Predicted costs (3 matrices x 3 labels) and the classifier's proposals.
    C = np.array([[1.0, 2.0, 3.0],
                  [4.0, 1.0, 1.5],
                  [2.0, 1.9, np.nan]])
    assert rm.pick(C).tolist() == [0, 1, 1]
    prop = np.array([2, 2, -1])
    assert rm.veto(C, prop, 2.0).tolist() == [0, 2, 1]   # 3.0 > 2 x 1.0; 1.5 <= 2 x 1.0; unanswered: the pick
    assert rm.veto(C, prop, 1.25).tolist() == [0, 1, 1]
    assert rm.veto(C, prop, math.inf).tolist() == [2, 2, 1]
    # Measured costs: the veto is right on matrix 0, wrong on matrix 1. By hand: X = 1.25 picks [0, 1, 1] (costs
    # 1, 1.2, 1), X = 2 picks [0, 2, 1] (1, 1, 1: the best), X = 5 and never pick [2, 2, 1] (3.5, 1, 1).
    A = np.array([[1.0, 2.0, 3.5], [3.0, 1.2, 1.0], [1.0, 1.0, 1.0]])
    assert rm.choose_veto(C, prop, A, grid=(1.25, 2.0, 5.0, math.inf)) == 2.0
    # Ties go to the larger X (fewer vetoes).
    assert rm.choose_veto(C, prop, np.ones((3, 3)), grid=(1.25, 2.0, math.inf)) == math.inf
    # Relative error of a 10 % overestimate.
    assert rm.relative_errors(np.log([[1.1e-5]]), np.log([[1e-5]]))["median"] == pytest.approx(0.1)


def test_predicted_costs_amortize_the_analysis():
    class T:  # a two-label Targets
        labels = ["a", "b"]
        time_col = {"a": 0, "b": 1}
        pre_col = {"a": 2, "b": 3}
    P = np.log(np.array([[1e-5, 2e-5, 5e-3, 1e-6]]))
    C = rm.predicted_costs(P, T, calls=100)
    assert C[0] == pytest.approx([1e-5 + 5e-5, 2e-5 + 1e-8])
    assert rm.pick(C).tolist() == [1]


@pytest.fixture(scope="module")
def fixture(tmp_path_factory):
    d = tmp_path_factory.mktemp("runtime")
    meas = subsample(H100, d / "meas", per_family=12, seed=4,
                     keep=("EX5", "ct2010", "Andrews", "bcsstk16", "bcsstk25", "goodwin", "goodwin-T", "epb1"))
    add_derived(meas, {"Andrews--kron2": "Andrews", "EX5--perm1": "EX5"})
    (d / "MANIFEST.tsv").write_text(MANIFEST)
    return meas, d / "MANIFEST.tsv"


def _fake_tables(cfg, precision, folders, jobs, log):
    """Classifier tables without the trainer: every proposal is the first label (csr_scalar), known path."""
    return {f: ({"models": {}}, [], "fake") for f in jobs}


def _fake_fold_picks(table, costs, arch_json, is_gpu, idx, gathered_fc, backend=None):
    n = len(idx)
    return {"pred": np.zeros(n, dtype=int), "gathered": np.zeros(n, dtype=bool), "fcost": np.zeros(n)}


class _Picks:
    def __init__(self, n):
        self.pred = np.zeros(n, dtype=int)


def _fake_plan_picks(table, costs, arch_json, is_gpu, calls=100, idx=None, **kw):
    return _Picks(len(idx))


def test_out_of_fold_end_to_end(fixture, arch_dir, tmp_path, monkeypatch):
    meas, man = fixture
    monkeypatch.setattr(rm, "classifier_tables", _fake_tables)
    monkeypatch.setattr(oof, "fold_picks", _fake_fold_picks)
    monkeypatch.setattr(compare, "plan_picks", _fake_plan_picks)
    cfg = rm.RuntimeConfig(measurements=[str(meas)], tuning_dir=arch_dir, folds=3, train_folds=3, quick=True,
                           manifest=man, seed=5, command="python -m aspmv_train runtime (test)")
    result = rm.run(cfg, log=lambda m: None)
    r = result["precisions"]["double"]
    feats = pd.read_csv(meas / "features.csv.gz").set_index("matrix")
    groups = split.groups(feats, split.read_manifest(man))
    # Never trained on a predicted matrix's group; every real matrix predicted by exactly one fold.
    seen = []
    for f in r["folds"]:
        assert not {groups[m] for m in f["_trained"]} & {groups[m] for m in f["_predicted"]}
        assert not set(f["_trained"]) & set(f["_generated"])
        seen += f["_predicted"]
    real = feats.index[feats["family"].isin(["real", "real-derived"])]
    timed = set(pd.read_csv(meas / "runtimes.csv.gz")["matrix"])
    assert sorted(seen) == sorted(m for m in real if m in timed) and len(seen) == len(set(seen))
    # A source and its derived matrices in one fold.
    fold_of = {m: f["fold"] for f in r["folds"] for m in f["_predicted"]}
    assert fold_of["Andrews--kron2"] == fold_of["Andrews"] and fold_of["EX5--perm1"] == fold_of["EX5"]
    # Features from features.py's known + row_stats groups; the configurations are every aspmv one.
    assert {"nnz", "rows", "max", "var"} <= set(r["features"]) and "bandwidth" not in r["features"]
    assert "csr_adaptive/unroll=4" in r["configs"] and "csr_vector/tpr=32" in r["configs"]
    for sname in ("real", "generated held-out"):
        for k in rm.KINDS:
            q = r["prediction"][sname][k]["all configurations"]
            assert q["n"] > 0 and math.isfinite(q["median"])
            s = r["selection"][sname][k]
            assert s["n"] > 0 and 0 < s["gm"] <= 1.0 + 1e-12
            rk = s["ranking"]
            assert rk["within_5_pct"] + rk["5_to_20_pct"] + rk["over_20_pct"] == pytest.approx(100.0)
        assert "classifier" in r["selection"][sname] and "veto: knn" in r["selection"][sname]
    # The figures are those of the rows.
    rows = pd.DataFrame(r["rows"])
    real_rows = rows[rows["set"] == "real"]
    assert (real_rows["nnz"] >= cfg.min_nnz).all()
    s = r["selection"]["real"]["linear"]
    assert s["ranking"]["within_5_pct"] == pytest.approx(100.0 * (real_rows["linear_ratio"].round(12) <= 1.05).mean())
    assert s["ranking"]["max_ratio"] == pytest.approx(real_rows["linear_ratio"].max())
    cl = r["selection"]["real"]["classifier"]
    assert (real_rows["classifier"] == "csr_scalar").all()
    assert cl["ranking"]["max_ratio"] == pytest.approx(real_rows["classifier_ratio"].max())
    for k in rm.KINDS:
        assert r["selection"]["real"][f"veto: {k}"]["gathered_pct"] == 100.0
    # Output files.
    paths = rm.write(result, tmp_path / "out")
    j = json.loads(paths[1].read_text())
    assert "_trained" not in j["precisions"]["double"]["folds"][0]
    assert len(pd.read_csv(paths[2])) == len(rows)
    text = paths[0].read_text()
    assert "python -m aspmv_train runtime (test)" in text and "within 5 %" in text and "veto: gbm" in text
    # Deterministic: the same run gives the same figures (the linear kind alone here; gbm and knn above).
    cfg.kinds = ("linear",)
    again = rm.run(cfg, log=lambda m: None)["precisions"]["double"]
    assert again["selection"]["real"]["linear"] == r["selection"]["real"]["linear"]
    assert again["prediction"]["real"]["linear"] == r["prediction"]["real"]["linear"]


def test_cli_runtime_without_classifier(fixture, arch_dir, tmp_path):
    meas, man = fixture
    args = ["runtime", "--measurements", str(meas), "--arch", "t", "--tuning-dir", str(arch_dir), "--folds", "3",
            "--train-folds", "3", "--quick", "--no-classifier", "--kinds", "linear,knn", "--manifest", str(man),
            "--quiet", "--cache", str(tmp_path / "cache")]
    assert cli.main(args + ["--out", str(tmp_path / "a")]) == 0
    text = (tmp_path / "a" / "runtime.md").read_text()
    assert "--no-classifier" in text and "| real | linear |" in text and "| real | gbm |" not in text
    # The second run reads the fits from the cache and writes the same figures.
    assert len(list((tmp_path / "cache" / "double").glob("runtime-*-fold*.pkl"))) == 6
    assert cli.main(args + ["--out", str(tmp_path / "b")]) == 0
    a, b = (json.loads((tmp_path / d / "runtime.json").read_text()) for d in "ab")
    strip = lambda j: {k: v for k, v in j["precisions"]["double"].items() if k != "folds"}  # noqa: E731
    assert strip(a) == strip(b)
