"""Folders of different run.json method lists (the H200's 2026-11-25 generated corpus and its 2026-11-28 real corpus
with the new kernels): refused by default; with mixed_methods each model trains on the matrices that measured all
of its classes; oof scores tables trained on other folders against the evaluated folders' timings."""
import numpy as np
import pandas as pd
import pytest

from conftest import REPO, subsample

from aspmv_train import data, methods, oof, split, tasks, train

H200 = REPO / "tuning_data/h200/measurements"
NEW = H200 / "2026-11-28-real-double-a"     # every kernel (merge_split, csr_delta, csr_vector_team, formats)
OLD_GEN = H200 / "2026-11-25-h200-part1"     # the older method list, generated matrices
OLD_REAL = H200 / "2026-11-26-real-double-a"  # the older method list, the same real corpus


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    d = tmp_path_factory.mktemp("mixed")
    new = subsample(NEW, d / "new", per_family=10, seed=5)
    gen = subsample(OLD_GEN, d / "gen", per_family=4, seed=5)
    return new, gen


def test_different_method_lists_are_refused_by_default(folders):
    new, gen = folders
    with pytest.raises(data.DataError, match="--mixed-methods") as e:
        data.load([new, gen])
    assert "merge_split" in str(e.value) and "csr_delta" in str(e.value)


def test_mixed_methods_each_model_on_the_matrices_that_measured_its_classes(folders, arch_dir):
    new, gen = folders
    m = data.load([new, gen], mixed_methods=True)
    kernels = [x["kernel"] for x in m.methods]
    assert kernels[:len(data.load([new]).methods)] == [x["kernel"] for x in data.load([new]).methods]
    assert set(m.mixed_methods) == {str(new), str(gen)}
    assert "merge_split" not in m.mixed_methods[str(gen)] and "merge_split" in m.mixed_methods[str(new)]
    t = methods.build(m, {"parameters": {"adaptive": {"stage_unroll": 1}}})
    assert {"merge_split", "csr_delta/tpr=4", "csr_vector_team/tpr=32"} <= set(t.labels)
    assert not set(methods.CONVERTED_FORMATS) & {lab.split("/")[0] for lab in t.labels}
    new_mats = set(pd.read_csv(new / "features.csv.gz")["matrix"])
    gen_mats = set(pd.read_csv(gen / "features.csv.gz")["matrix"]) - new_mats
    # Kernel labels: only the matrices with every label (no generated matrix teaches that a new kernel loses).
    assert set(t.time.index) == new_mats and t.time.notna().all().all()
    assert gen_mats <= set(t.dropped)
    # tpr_global: every matrix that measured each TpR of CSR-vector, the older folder's too.
    assert set(t.tpr_time.index) == new_mats | gen_mats
    assert list(t.tpr_time.columns) == t.tpr_labels and t.tpr_time.notna().all().all()
    # One method list: tpr_time is time's TpR columns (tables trained before are rebuilt as they were).
    one = methods.build(data.load([gen]), {"parameters": {"adaptive": {"stage_unroll": 1}}})
    assert one.tpr_time.equals(one.time[one.tpr_labels])


def test_direct_kernels_follow_the_registry_traits(folders):
    new, _ = folders
    t = methods.build(data.load([new]), {"parameters": {"adaptive": {"stage_unroll": 1}}})
    c = tasks.Costs(data.load([new]).features, t)
    direct = {lab for lab, d in zip(c.labels, c.direct) if d}
    assert "merge_split" in direct and "csr_vector_team/tpr=8" in direct and "csr_vector/tpr=8" in direct
    assert not direct & {"csr_delta/tpr=8", "csr_adaptive", "merge_path", "coo", "gao_partitioned"}


@pytest.mark.filterwarnings("ignore:The number of unique classes:UserWarning")  # a small fixture, many classes
def test_trainer_with_mixed_methods(folders, arch_dir, tmp_path):
    new, gen = folders
    cfg = train.Config(measurements=[str(new), str(gen)], arch="t", out=tmp_path / "model.json",
                       tuning_dir=arch_dir, quick=True, folds=3, mixed_methods=True, repo_root=REPO, runtime=False)
    tr = train.Trainer(cfg, log=lambda *_: None)
    out = tr.run()
    models = out.table["models"]
    assert {"tpr_global", "kernel_known", "kernel_gathered", "gather"} <= set(models)
    assert out.tasks["tpr_global"].X.shape[0] == len(tr.times.tpr_time) > len(tr.times.time)
    assert out.tasks["kernel_gathered"].X.shape[0] == len(tr.times.time)
    assert set(models["kernel_known"]["classes"]) <= {lab for lab, d in zip(tr.costs.labels, tr.costs.direct) if d}
    prov = out.table["provenance"]["mixed_methods"]
    assert prov["kernel_model_matrices"] == len(tr.times.time)
    assert prov["tpr_global_matrices"] == len(tr.times.tpr_time)
    # --no-runtime: no runtime model, and the provenance says why.
    assert "runtime" not in models and "no-runtime" in out.table["provenance"]["omitted_models"]["runtime"]
    assert "rules decide" not in out.table["provenance"]["summary"]


def test_oof_scores_tables_of_other_folders_on_the_evaluated_ones(tmp_path, arch_dir, monkeypatch):
    """Trained on the older real folder, predicted and scored on the newer one; each fold's table is trained
    without every training matrix of the fold's groups."""
    pick = pd.read_csv(OLD_REAL / "features.csv.gz")
    both = sorted(set(pick["matrix"]) & set(pd.read_csv(NEW / "features.csv.gz")["matrix"]))
    rng = np.random.default_rng(2)
    real = pick[pick["matrix"].isin(both) & pick["family"].isin(split.REAL_FAMILIES)]["matrix"].tolist()
    keep = sorted(rng.choice(real, size=60, replace=False).tolist())
    old = subsample(OLD_REAL, tmp_path / "old", per_family=5, seed=1, keep=keep)
    old_real = set(pd.read_csv(old / "features.csv.gz").query("family in @split.REAL_FAMILIES")["matrix"])
    new = subsample(NEW, tmp_path / "new", per_family=0, keep=keep)
    seen = {}
    real_fold_table = oof._fold_table

    def spy(cfg, folders, members):
        seen[tuple(sorted(members))] = [str(f) for f in folders]
        return real_fold_table(cfg, folders, members)

    monkeypatch.setattr(oof, "_fold_table", spy)
    cfg = oof.OofConfig(measurements=[str(old)], eval_measurements=[str(new)], tuning_dir=arch_dir, folds=3,
                        train_folds=3, quick=True, seed=5, repo_root=REPO)
    r = oof.run(cfg, log=lambda *_: None)["precisions"]["double"]
    assert r["trained_on_measurements"] == [str(old)] and r["measurements"] == [str(new)]
    rows = pd.DataFrame(r["rows"])
    assert set(rows["matrix"]) <= set(keep)
    labels = set(methods.build(data.load([new]), {"parameters": {"adaptive": {"stage_unroll": 1}}}).labels)
    assert set(rows["choice"]) <= labels
    # The groups: each fold left out every training real matrix of its groups, and only real ones.
    meas_old = data.load([old])
    g_old = split.groups(meas_old.features, train.manifest_of(train.Config([], "t", tmp_path, repo_root=REPO)))
    fold_of = rows.groupby("group")["oof_fold"].first().to_dict()
    eval_group = rows.set_index("matrix")["group"].to_dict()
    group = lambda m: eval_group.get(m, g_old.get(m))  # noqa: E731 (an evaluated matrix takes its group there)
    assert len(seen) == len(r["folds"])
    for excluded, fl in seen.items():
        assert fl == [str(old)]
        assert set(excluded) <= old_real | set(keep)
        f = {fold_of[group(m)] for m in excluded if group(m) in fold_of}
        assert len(f) == 1
        f = f.pop()
        assert {m for m in old_real if fold_of.get(group(m)) == f} <= set(excluded)
    # Scored on the evaluated folders' timings: the oracle over the newer labels.
    assert r["sets"]["real"]["n"] + r["sets"]["real-derived"]["n"] > 0
