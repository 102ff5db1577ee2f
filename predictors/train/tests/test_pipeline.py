"""End to end on tiny corpora cut from the committed measurements: train -> export -> evaluate -> agreement.

The CI smoke test of the retraining workflow's Python half (a few seconds per corpus on two cores): the
quick candidate grid, every model the data allow, the table written and read back, the pure-Python
evaluator equal to every fitted library model on the held-out rows, the agreement CSV re-read.
"""
import json
import time

import numpy as np
import pytest

from aspmv_train import agreement, cli, compare, evaluate, report, runtime_table, train
from aspmv_train import features as feat


def _train(meas, arch, arch_dir, tmp_path):
    out = tmp_path / arch / "model.json"
    cfg = train.Config(measurements=[str(meas)], arch=arch, out=out, report=tmp_path / "models.md",
                       tuning_dir=arch_dir, quick=True, folds=5, command="pytest", repo_root=None)
    trainer = train.Trainer(cfg, log=lambda m: None)
    t0 = time.time()
    result = trainer.run()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(train.compact_dumps(result.table))
    (tmp_path / "models.md").write_text(report.render(trainer, result))
    return trainer, result, out, time.time() - t0


def _check_exact(result):
    for name, r in result.chosen.items():
        task = result.tasks[name]
        model = result.table["models"][name]
        index = {c: task.classes.index(c) for c in model["classes"]}
        X = task.X[task.test]
        ours = np.array([index[model["classes"][i]] for i in evaluate.predict_rows(model, X.tolist())])
        lib = r.fitted.predict(X)
        assert np.array_equal(lib, r.test_pred)
        mismatch = np.flatnonzero(ours != lib)
        if r.candidate.algorithm.startswith("xgboost"):
            assert len(mismatch) <= max(1, len(X) // 1000), (name, mismatch)
        else:
            assert len(mismatch) == 0, (name, r.candidate.name, mismatch[:10])


def _check_runtime(trainer, table):
    """The runtime model in the table: one class per method label, read by the JSON evaluator as minus ln of the
    seconds the boosters predict (refitted here with the same seed: LightGBM is deterministic), and held-out
    scores that a measured time can check."""
    rt = table["models"]["runtime"]
    task = trainer.costs
    assert rt["algorithm"] == "lightgbm-runtime"
    assert rt["classes"] == list(task.labels)
    chosen = trainer.combo["gathered"]
    gathered = chosen.task
    assert rt["features"] == chosen.model["features"]  # what a gathered plan has
    Xall = gathered.X[:, [gathered.features.index(n) for n in rt["features"]]]
    boosters = runtime_table.fit(Xall, task.T, gathered.fold != 0, trainer.cfg.seed, quick=True)
    X = Xall[gathered.test]
    expected = -np.log(runtime_table.predict_seconds(boosters, X))
    ours = np.array([evaluate.scores(rt, x) for x in X.tolist()])
    assert np.allclose(ours, expected, rtol=1e-6, atol=1e-6)
    h = rt["scores"]
    assert h["split"] == "held-out" and h["n"] == int(gathered.test.sum())
    assert abs(h["pick_within_5pct"] + h["pick_5_to_20pct"] + h["pick_beyond_20pct"] - 100.0) < 1e-6
    assert 0 <= h["median_rel_error_pct"] < 1000


def test_gpu_corpus_end_to_end(tiny_h100, arch_dir, tmp_path):
    trainer, result, out, seconds = _train(tiny_h100, "testgpu", arch_dir, tmp_path)
    table = evaluate.load(out)  # validates
    assert table["status"] == "trained"
    assert set(table["models"]) == {"tpr_global", "tpr_block", "kernel_known", "kernel_gathered", "gather", "runtime"}
    for key in ("measurements", "measurement_commit", "measurement_date", "device", "corpus_spec_sha256",
                "training_command", "training_commit", "trained_at", "split", "summary"):
        assert key in table["provenance"]
    assert table["models"]["gather"]["classes"] == ["known", "gathered"]
    assert table["models"]["gather"]["features"][-1] == "calls"
    assert set(table["models"]["kernel_known"]["features"]) <= set(feat.KNOWN_DEVICE)  # known (+ device) only
    for c in table["models"]["kernel_known"]["classes"]:
        assert c == "csr_scalar" or c.startswith("csr_vector/tpr=")
    _check_exact(result)
    _check_runtime(trainer, table)
    # Each model carries the exact support of its training samples.
    for name, r in result.chosen.items():
        sup = table["models"][name]["support"]
        X = r.task.X[r.task.train]
        assert list(sup) == table["models"][name]["features"]
        assert [v[0] for v in sup.values()] == X.min(axis=0).tolist()
        assert [v[1] for v in sup.values()] == X.max(axis=0).tolist()
    # The file reads back to the very doubles the evaluator used.
    assert json.loads(out.read_text())["models"] == result.table["models"]
    csv_path = tmp_path / "agree.csv"
    assert cli.main(["agreement", "--model", str(out), "--samples", "300", "--seed", "1", "--out", str(csv_path),
                     "--measurements", str(tiny_h100)]) == 0
    rows, bad = agreement.check(table, csv_path)
    assert rows == 300 * len(table["models"]) and bad == 0
    header = csv_path.read_text().splitlines()[0].split(",")
    assert header[0] == "model" and header[-1] == "class_index" and header[1] == "f0"
    text = (tmp_path / "models.md").read_text()
    assert "offline prediction" in text and "issue 9" in text.lower()
    assert seconds < 60
    # compare: the exported table, read back and scored by the JSON evaluator on its own measurements, gives the
    # trainer's held-out figures (fold 0's predictions are the exported models'; xgboost may differ on a row).
    scored = compare.score({"t": table}, [str(tiny_h100)], arch_dir)["tables"]["t"]["sets"]["held_out"]
    held = result.report["kernels"]["held_out"]["plan_apply_100"]["vs_oracle_all_aspmv"]["gm"]
    assert scored["answered"] == len(trainer.split.test)
    assert scored["vs_oracle_gm"] == pytest.approx(held, rel=0.02)
    assert scored["tpr_global"]["n"] == result.chosen["tpr_global"].held_out["n"]
    assert abs(scored["tpr_global"]["accuracy_pct"] - result.chosen["tpr_global"].held_out["accuracy_pct"]) <= \
        100.0 / scored["tpr_global"]["n"] + 1e-9


def test_cpu_corpus_has_no_tpr_models(tiny_cpu, arch_dir, tmp_path):
    trainer, result, out, seconds = _train(tiny_cpu, "testcpu", arch_dir, tmp_path)
    table = evaluate.load(out)
    assert "tpr_global" not in table["models"] and "tpr_block" not in table["models"]
    assert "tpr_global" in table["provenance"]["omitted_models"]
    assert {"kernel_known", "kernel_gathered", "gather"} <= set(table["models"])
    _check_exact(result)
    assert cli.main(["validate", str(out)]) == 0
    assert seconds < 60


def test_split_keeps_lineages_together(tiny_h100):
    from aspmv_train import data, split
    m = data.load([tiny_h100])
    s = split.make_split(m.features, m.shared_real, seed=2026, k=5)
    for g, folds in s.fold.groupby(s.group):
        assert folds.nunique() == 1, g
    assert split.base_name("band-r1000-w20-m9-seed1-perm2-T", "band") == "band-r1000-w20-m9-seed1"
    assert split.base_name("QAP15-T", "real") == "QAP15"
    # Deterministic: the same split twice.
    assert s.fold.equals(split.make_split(m.features, m.shared_real, seed=2026, k=5).fold)


@pytest.mark.parametrize("arch", ["h100", "cpu-x86"])
def test_committed_trained_tables_agree_with_their_dump(arch, tmp_path):
    from conftest import REPO
    path = REPO / f"tuning_data/{arch}/model.json"
    table = evaluate.load(path)
    if table["status"] != "trained":
        pytest.skip("not trained")
    csv_path = tmp_path / "agree.csv"
    n = agreement.dump(table, csv_path, samples=200, seed=1,
                       folders=[REPO / p for p in table["provenance"]["measurements"]])
    assert agreement.check(table, csv_path) == (n, 0)
