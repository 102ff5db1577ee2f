"""Issue 20, evaluation that cannot flatter: real matrices grouped by their source (a manifest), derived matrices
with their source, out-of-fold figures on the real matrices, tables trained without some groups."""
import json
import math
import shutil

import numpy as np
import pandas as pd
import pytest

from conftest import H100, add_derived, subsample

from aspmv_train import cli, evaluate, oof, split, train
from aspmv_train import export as export_mod

MANIFEST = ("name\tgroup\tdomain\tsource\tsource_path\tsha256\trows\tcols\tnnz\tconversion\n"
            "Andrews\tsuitesparse/Andrews\tgraph\ts\tp\t0\t1\t1\t1\tnone\n"
            "bcsstk16\ttrilinos/belos\tfem\ts\tp\t0\t1\t1\t1\tnone\n"
            "bcsstk25\ttrilinos/belos\tfem\ts\tp\t0\t1\t1\t1\tnone\n"
            "EX5\treal/graph\tgraph\ts\tp\t0\t1\t1\t1\tnone\n"
            "ct2010\treal/graph\tgraph\ts\tp\t0\t1\t1\t1\tnone\n"
            "lp_afiro\treal2/lp\tlp\ts\tp\t0\t1\t1\t1\tnone\n"
            "tiny_a\tsuitesparse/one\tother\ts\tp\t0\t1\t1\t1\tnone\n"
            "tiny_b\tsuitesparse/two\tother\ts\tp\t0\t1\t1\t1\tnone\n")


@pytest.fixture()
def manifest(tmp_path):
    p = tmp_path / "MANIFEST.tsv"
    p.write_text(MANIFEST)
    return split.read_manifest(p)


def _features(rows):
    return pd.DataFrame(rows, columns=["matrix", "family", "rows", "cols", "nnz"]).set_index("matrix")


def test_real_and_derived_names_take_their_sources_group(manifest):
    f = _features([
        ("Andrews", "real", 60000, 60000, 760154),
        ("Andrews-T", "real", 60000, 60000, 760154),
        ("Andrews--kron4-perm3", "real-derived", 240000, 240000, 3040616),
        ("bcsstk16-T--tile3x2s5", "real-derived", 10, 10, 10),
        ("bcsstk25", "real", 15439, 15439, 252241),
        ("lp_afiro-T", "real", 51, 27, 102),
        ("unknown_mat", "real", 100, 100, 5000),
        ("unknown_mat-T", "real", 100, 100, 5000),
        ("unknown_mat--kron2", "real-derived", 200, 200, 20000),
        ("copy_of_bcsstk25", "real", 15439, 15439, 252241),   # same shape: joins trilinos/belos, keeps its name
        ("tiny_a", "real", 2, 2, 4),                          # same shape as tiny_b, under 1,000 nonzeros:
        ("tiny_b", "real", 2, 2, 4),                          # listed ones are not joined
        ("band-r1000-w20-m9-seed1-perm2-T", "band", 1000, 1000, 20000),
    ])
    g = split.groups(f, manifest)
    assert g["Andrews"] == g["Andrews-T"] == g["Andrews--kron4-perm3"] == "suitesparse/Andrews"
    assert g["bcsstk16-T--tile3x2s5"] == g["bcsstk25"] == g["copy_of_bcsstk25"] == "trilinos/belos"
    assert g["lp_afiro-T"] == "real2/lp"
    assert g["unknown_mat"] == g["unknown_mat-T"] == g["unknown_mat--kron2"] == "unknown_mat"  # today's rule
    assert g["tiny_a"] == "suitesparse/one" and g["tiny_b"] == "suitesparse/two"
    assert g["band-r1000-w20-m9-seed1-perm2-T"] == "band-r1000-w20-m9-seed1"
    d = split.domains(f, manifest)
    assert d["Andrews--kron4-perm3"] == "graph" and d["bcsstk16-T--tile3x2s5"] == "fem"
    assert d["unknown_mat"] == split.UNLISTED and d["band-r1000-w20-m9-seed1-perm2-T"] == "band"
    # Without a manifest: today's rule (derived matrices still follow their source).
    g0 = split.groups(f, None)
    assert g0["Andrews--kron4-perm3"] == g0["Andrews"] == "Andrews"
    assert g0["tiny_a"] == g0["tiny_b"]
    # The split stratifies real-derived with real: a source and its derived matrices share a fold.
    s = split.make_split(f, ["Andrews"], seed=3, k=5, manifest=manifest)
    assert s.stratum["Andrews--kron4-perm3"] == s.stratum["Andrews"] == "real-shared"
    for a, b in (("Andrews", "Andrews--kron4-perm3"), ("bcsstk25", "bcsstk16-T--tile3x2s5"),
                 ("unknown_mat", "unknown_mat--kron2")):
        assert s.fold[a] == s.fold[b]
    assert split.matching(g, ["real/*", "trilinos/*"]).to_dict()["bcsstk25"]
    assert not split.matching(g, ["real/*"]).to_dict()["Andrews"]


@pytest.fixture(scope="module")
def real_fixture(tmp_path_factory):
    """A small measurement folder with real, real-derived and generated matrices, and its manifest."""
    d = tmp_path_factory.mktemp("oof")
    meas = subsample(H100, d / "meas", per_family=9, seed=3,
                     keep=("EX5", "ct2010", "Andrews", "bcsstk16", "bcsstk25", "lp_afiro", "goodwin", "epb1"))
    # Real-derived copies (their timings are their source's): the source's group, family real-derived.
    add_derived(meas, {"Andrews--kron2": "Andrews", "bcsstk16-T--tile3x2s5": "bcsstk16", "EX5--perm1": "EX5"})
    (d / "MANIFEST.tsv").write_text(MANIFEST)
    return meas, d / "MANIFEST.tsv"


def test_exclude_groups_leaves_them_out_and_says_so(real_fixture, arch_dir, tmp_path):
    meas, man = real_fixture
    cfg = train.Config(measurements=[str(meas)], arch="t", out=tmp_path / "model.json", tuning_dir=arch_dir,
                       quick=True, folds=3, manifest=man, exclude_groups=["real/*", "trilinos/*"])
    t = train.Trainer(cfg, log=lambda m: None)
    t.load()
    gone = {"EX5", "ct2010", "EX5--perm1", "bcsstk16", "bcsstk25", "bcsstk16-T--tile3x2s5"}
    assert not gone & set(t.F.index) and not gone & set(t.meas.runtimes["matrix"])
    assert not gone & set(t.meas.blocks["matrix"]) and not gone & set(t.times.time.index)
    assert {"Andrews", "Andrews--kron2", "lp_afiro"} <= set(t.F.index)
    assert t.excluded["groups"] == 2 and t.excluded["matrices"] == len(gone)
    assert t.excluded["group_names"] == ["real/graph", "trilinos/belos"]
    # Through the command line: the provenance and the summary record it.
    out = tmp_path / "cli" / "model.json"
    assert cli.main(["train", "--measurements", str(meas), "--arch", "t", "--out", str(out), "--tuning-dir",
                     str(arch_dir), "--quick", "--folds", "3", "--quiet", "--manifest", str(man),
                     "--exclude-groups", "real/*", "--exclude-groups", "trilinos/*"]) == 0
    table = evaluate.load(out)
    prov = table["provenance"]
    assert prov["excluded_groups"]["patterns"] == ["real/*", "trilinos/*"]
    assert prov["excluded_groups"]["matrices"] == len(gone)
    assert "real/*,trilinos/*" in prov["summary"] and "--exclude-groups" in prov["training_command"]


def test_oof_end_to_end_on_a_fixture(real_fixture, arch_dir, tmp_path):
    meas, man = real_fixture
    cfg = oof.OofConfig(measurements=[str(meas)], tuning_dir=arch_dir, folds=3, train_folds=3, quick=True,
                        manifest=man, seed=5)
    result = oof.run(cfg, log=lambda m: None)
    r = result["precisions"]["double"]
    rows = pd.DataFrame(r["rows"])
    # No group split across folds; every fold's table was trained without its fold's matrices.
    assert (rows.groupby("group")["oof_fold"].nunique() == 1).all()
    assert rows.loc[rows.matrix == "Andrews--kron2", "oof_fold"].item() == rows.loc[rows.matrix == "Andrews",
                                                                                   "oof_fold"].item()
    feats = pd.read_csv(meas / "features.csv.gz").set_index("matrix")
    n_all = len(feats)
    for f in r["folds"]:
        left_out = (rows.oof_fold == f["fold"]).sum()
        assert f["trained_on"] <= n_all - f["matrices"] and f["matrices"] >= left_out
    assert set(rows["set"]) == {"real", "real-derived"}
    assert r["sets"]["real-derived"]["n"] == 3
    assert r["sets"]["generated held-out"]["n"] > 0
    # One value by hand from the fixture's timings: cost = (features if gathered + preprocessing + 100 calls)/100.
    rt = pd.read_csv(meas / "runtimes.csv.gz")
    rt = rt[rt["ok"] == 1]
    row = rows[rows.matrix == "Andrews"].iloc[0]
    kernel, _, config = row["choice"].partition("/")
    mine = rt[(rt.matrix == "Andrews") & (rt.kernel == kernel) & (rt.config == (config or "-"))]
    if kernel == "csr_adaptive":
        mine = rt[(rt.matrix == "Andrews") & (rt.kernel == kernel) & (rt.config == "unroll=1")]
    cost = mine["preprocessing_s"].item() + 100 * mine["time_s"].item()
    if row["gathered"]:
        cost += feats.loc["Andrews", "time_row_stats_s"]  # the fixture's tables read row statistics only
    labels = rt[(rt.matrix == "Andrews") & (rt.kernel.isin(["csr_scalar", "csr_vector", "gao_partitioned",
                                                              "merge_path", "coo"])
                                           | ((rt.matrix == "Andrews") & (rt.kernel == "csr_adaptive")
                                              & (rt.config == "unroll=1")))]
    best = (labels["preprocessing_s"] + 100 * labels["time_s"]).min()
    assert row["vs_oracle"] == pytest.approx(best / cost, rel=1e-9)
    cus = rt[(rt.matrix == "Andrews") & (rt.kernel == "cusparse")]
    assert row["vs_best_cusparse"] == pytest.approx((cus["preprocessing_s"] + 100 * cus["time_s"]).min() / cost,
                                                    rel=1e-9)
    # The summary figures are those of the rows.
    real = rows[(rows["set"] == "real") & rows["counted"]]
    assert (rows.loc[~rows["counted"], "nnz"] < 1000).all() and (~rows["counted"]).any()
    s = r["sets"]["real"]
    assert s["n"] == len(real)
    assert s["gm"] == pytest.approx(math.exp(np.log(real["vs_oracle"]).mean()))
    assert s["min"] == pytest.approx(real["vs_oracle"].min())
    assert s["above_0.8_pct"] == pytest.approx(100.0 * (real["vs_oracle"] > 0.8).mean())
    assert [t["target"] for t in s["targets"]][0].startswith("gm")
    t0 = s["targets"][0]
    assert t0["met"] == (s["gm"] >= 0.93) and t0["by"] == pytest.approx(max(0.0, 0.93 - s["gm"]))
    assert set(r["per_domain"]["real"]) <= {"graph", "fem", "lp", split.UNLISTED}
    # The out-of-support guard: scored on the same matrices; where it did not fire the plan is the same.
    g = s["guard"]
    assert g["n"] == s["n"] and g["gm_without"] == pytest.approx(s["gm"]) and g["changed"] <= g["fired"]
    same = real[~real["guard_fired"]]
    assert (same["guard_choice"] == same["choice"]).all()
    assert np.allclose(same["guard_vs_oracle"], same["vs_oracle"])
    assert g["gm_with"] == pytest.approx(math.exp(np.log(real["guard_vs_oracle"]).mean()))
    assert "guard" in r["sets"]["generated held-out"]
    paths = oof.write(result, tmp_path / "out")
    assert json.loads(paths[1].read_text())["precisions"]["double"]["sets"]["real"]["n"] == len(real)
    assert len(pd.read_csv(paths[2])) == len(rows)
    text = paths[0].read_text()
    assert "real-derived" in text and "generated held-out" in text and "Per domain" in text


def test_precisions_are_evaluated_apart(real_fixture, tmp_path):
    meas, _ = real_fixture
    fl = tmp_path / "float"
    shutil.copytree(meas, fl)
    run = json.loads((fl / "run.json").read_text())
    run["precision"] = "float"
    (fl / "run.json").write_text(json.dumps(run))
    assert oof.precisions([str(meas), str(fl)]) == {"double": [str(meas)], "float": [str(fl)]}


def test_support_and_outside_support():
    model = {"features": ["rows", "nnz", "calls"], "classes": ["a", "b"], "aggregate": "sum", "decision": "le",
             "base_score": [0.0, 0.0], "trees": [{"feature": [-1], "threshold": [0.0], "left": [-1], "right": [-1],
                                                   "value": [1.0], "width": 1, "class_offset": 0}],
             "support": {"rows": [10.0, 1000.0], "nnz": [100.0, 5e6], "calls": [1.0, 1000.0]}}
    evaluate.validate_model("gather", model)
    assert evaluate.outside_support(model, {"rows": 10, "nnz": 5e6, "calls": 1e9}) == []  # bounds inclusive; calls
    assert evaluate.outside_support(model, {"rows": 5, "nnz": 6e6, "calls": 1}) == [("rows", 5.0, 10.0, 1000.0),
                                                                                   ("nnz", 6e6, 100.0, 5e6)]
    assert evaluate.outside_support({**model, "support": {}}, {"rows": 1, "nnz": 1, "calls": 1}) == []
    for bad, msg in (({"max": [0, 1]}, "not one of the model's features"), ({"rows": [2.0, 1.0]}, "lo <= hi"),
                     ({"rows": [1.0]}, "lo <= hi"), ([], "not an object")):
        with pytest.raises(evaluate.ModelError, match=msg):
            evaluate.validate_model("gather", {**model, "support": bad})
    X = np.array([[3.0, 1e-300], [1.0, 7.5], [2.0, -0.0]])
    assert export_mod.support(X, ["a", "b"]) == {"a": [1.0, 3.0], "b": [-0.0, 7.5]}
