"""remeasure.py: a folder's kernels replaced by a later collection of those kernels alone."""
import json

import pandas as pd
import pytest

from conftest import REPO, subsample

from aspmv_train import data, remeasure
from aspmv_train.cli import main

BASE = REPO / "tuning_data/h200/measurements/2026-12-02-generated-a"


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """A base folder and a 'new' one that measured lrb (half the time) and csr_vector (2 % slower) alone, without
    one matrix of the base and with another matrix of another shape."""
    d = tmp_path_factory.mktemp("remeasure")
    base = subsample(BASE, d / "base", per_family=3, seed=11)
    new = d / "new"
    new.mkdir()
    f = pd.read_csv(base / "features.csv.gz")
    names = list(f["matrix"])
    gone, reshaped = names[0], names[1]
    nf = f[f["matrix"] != gone].copy()
    nf.loc[nf["matrix"] == reshaped, "nnz"] += 1
    nf.to_csv(new / "features.csv.gz", index=False)
    r = pd.read_csv(base / "runtimes.csv.gz")
    nr = r[r["kernel"].isin(["lrb", "csr_vector"]) & (r["matrix"] != gone)].copy()
    nr.loc[nr["kernel"] == "lrb", "time_s"] *= 0.5
    nr.loc[nr["kernel"] == "lrb", "gbs"] *= 2
    nr.loc[nr["kernel"] == "csr_vector", "time_s"] *= 1.02
    nr.loc[nr["kernel"] == "csr_vector", "gbs"] /= 1.02
    nr.to_csv(new / "runtimes.csv.gz", index=False)
    pd.DataFrame({"matrix": [names[2]], "stage": ["kernel:lrb/rule=cusp_mean"], "message": ["new failure"]}).to_csv(
        new / "failures.csv", index=False)
    run = json.loads((base / "run.json").read_text())
    run["methods"] = [m for m in run["methods"] if m["kernel"] in ("csr_vector", "lrb")]
    run["commit"], run["command"] = "abc123", "aspmv collect --methods lrb,csr_vector"
    (new / "run.json").write_text(json.dumps(run))
    return base, new, gone, reshaped


def test_replaces_the_kernels_rows_and_leaves_out_the_matrices_not_remeasured(folders, tmp_path):
    base, new, gone, reshaped = folders
    out = tmp_path / "out"
    info = remeasure.remeasure(base, new, out, ["lrb"])
    assert info["left_out_not_measured"] == [gone] and info["left_out_other_shape"] == [reshaped]
    b = pd.read_csv(base / "runtimes.csv.gz")
    o = pd.read_csv(out / "runtimes.csv.gz")
    kept = set(pd.read_csv(base / "features.csv.gz")["matrix"]) - {gone, reshaped}
    assert set(o["matrix"]) == kept == set(pd.read_csv(out / "features.csv.gz")["matrix"])
    keys = ["matrix", "kernel", "config"]
    j = o.merge(b, on=keys, suffixes=("", "_base"))
    assert len(j) == len(b[b["matrix"].isin(kept)])  # every row of the kept matrices, once
    lrb = j[j["kernel"] == "lrb"]
    assert not lrb.empty and list(lrb["time_s"]) == pytest.approx(list(0.5 * lrb["time_s_base"]))
    other = j[j["kernel"] != "lrb"]
    assert (other["time_s"] == other["time_s_base"]).all()  # csr_vector is a reference: not replaced
    assert info["replaced_ratio"]["lrb"]["median"] == pytest.approx(0.5)
    assert info["reference_drift"]["csr_vector"]["median"] == pytest.approx(1.02)
    run = json.loads((out / "run.json").read_text())
    assert run["methods"] == json.loads((base / "run.json").read_text())["methods"]
    assert run["remeasured"]["kernels"] == ["lrb"] and run["remeasured"]["new_commit"] == "abc123"
    fails = pd.read_csv(out / "failures.csv")
    assert "new failure" in set(fails["message"])
    # lrb's failures are the new folder's only.
    assert set(fails.loc[fails["stage"].str.startswith("kernel:lrb/"), "message"]) == {"new failure"}
    # The trainer reads it as any folder.
    m = data.load([out])
    assert set(m.features.index) == kept


def test_refuses_a_kernel_the_new_folder_did_not_measure_and_writing_over_an_input(folders, tmp_path):
    base, new, _, _ = folders
    with pytest.raises(data.DataError, match="kernel merge_path is not among new folder"):
        remeasure.remeasure(base, new, tmp_path / "o1", ["merge_path"])
    with pytest.raises(data.DataError, match="is an input folder"):
        remeasure.remeasure(base, new, new, ["lrb"])
    with pytest.raises(data.DataError, match="no kernel"):
        remeasure.remeasure(base, new, tmp_path / "o2", [])


def test_command_line(folders, tmp_path, capsys):
    base, new, _, _ = folders
    assert main(["remeasure", "--base", str(base), "--new", str(new), "--kernels", "lrb",
                 "--out", str(tmp_path / "o")]) == 0
    out = capsys.readouterr().out
    assert "reference drift, new/base time, csr_vector" in out and "replaced, new/base time, lrb" in out
    assert main(["remeasure", "--base", str(base), "--new", str(new), "--kernels", "nope",
                 "--out", str(tmp_path / "o2")]) == 2
    assert "kernel nope is not among" in capsys.readouterr().err


def test_a_yardstick_puts_the_replaced_times_in_the_base_sessions_units(folders, tmp_path):
    base, new, _, _ = folders
    # The new session ran csr_vector 2 % slower (its code unchanged, say): lrb's times, half the base's there, are
    # put in the base session's units, 0.5 / 1.02 of the base's.
    info = remeasure.remeasure(base, new, tmp_path / "o", ["lrb"], ("csr_vector", ["tpr=2", "tpr=4"]))
    assert info["yardstick"]["factor_base_over_new"]["median"] == pytest.approx(1 / 1.02)
    assert info["replaced_ratio"]["lrb"]["median"] == pytest.approx(0.5)
    assert info["replaced_ratio_in_base_units"]["lrb"]["median"] == pytest.approx(0.5 / 1.02)
    o = pd.read_csv(tmp_path / "o" / "runtimes.csv.gz")
    b = pd.read_csv(base / "runtimes.csv.gz")
    j = o[o["kernel"] == "lrb"].merge(b, on=["matrix", "kernel", "config"], suffixes=("", "_base"))
    assert list(j["time_s"]) == pytest.approx(list(j["time_s_base"] * 0.5 / 1.02))
    assert list(j["gbs"]) == pytest.approx(list(j["gbs_base"] * 2 * 1.02), rel=1e-3)
    # A matrix whose yardstick the new folder did not time is left out.
    n2 = tmp_path / "new2"
    n2.mkdir()
    for name in ("features.csv.gz", "run.json", "failures.csv"):
        (n2 / name).write_bytes((new / name).read_bytes())
    r = pd.read_csv(new / "runtimes.csv.gz")
    lost = sorted(set(r["matrix"]))[0]
    r[~((r["matrix"] == lost) & (r["kernel"] == "csr_vector"))].to_csv(n2 / "runtimes.csv.gz", index=False)
    info = remeasure.remeasure(base, n2, tmp_path / "o2", ["lrb"], ("csr_vector", ["tpr=2"]))
    assert info["yardstick"]["left_out_without"] == [lost]
    assert lost not in set(pd.read_csv(tmp_path / "o2" / "features.csv.gz")["matrix"])
    with pytest.raises(data.DataError, match="yardstick merge_path is not among new"):
        remeasure.remeasure(base, new, tmp_path / "o3", ["lrb"], ("merge_path", ["-"]))


def test_a_kernel_the_base_did_not_have_is_added_in_the_base_sessions_units(folders, tmp_path):
    base, new, gone, reshaped = folders
    # The new folder also timed "ell_bro", a kernel the base's code lacked: its rows join the base's, scaled by
    # the yardstick as a replaced kernel's, and its method joins run.json's.
    n3 = tmp_path / "new3"
    n3.mkdir()
    for name in ("features.csv.gz", "failures.csv"):
        (n3 / name).write_bytes((new / name).read_bytes())
    r = pd.read_csv(new / "runtimes.csv.gz")
    bro = r[r["kernel"] == "lrb"].drop_duplicates("matrix").assign(kernel="ell_bro", config="-")
    pd.concat([r, bro]).to_csv(n3 / "runtimes.csv.gz", index=False)
    run = json.loads((new / "run.json").read_text())
    run["methods"].append({"kernel": "ell_bro", "family": "aspmv", "tpr": False})
    (n3 / "run.json").write_text(json.dumps(run))
    out = tmp_path / "o"
    info = remeasure.remeasure(base, n3, out, ["lrb", "ell_bro"], ("csr_vector", ["tpr=2", "tpr=4"]))
    assert info["added"] == ["ell_bro"]
    o = pd.read_csv(out / "runtimes.csv.gz")
    got = o[o["kernel"] == "ell_bro"].set_index("matrix")["time_s"]
    want = bro.set_index("matrix")["time_s"] / 1.02
    assert set(got.index) == set(want.index) - {gone, reshaped}
    assert list(got.sort_index()) == pytest.approx(list(want[got.index].sort_index()))
    methods = json.loads((out / "run.json").read_text())["methods"]
    assert [m["kernel"] for m in methods][-1] == "ell_bro"
    assert "added (not in the base): ell_bro" in remeasure.summary_lines(info)[0]
    assert set(data.load([out]).features.index) == set(got.index)


def test_feature_times_come_from_the_new_folder_when_asked(folders, tmp_path):
    """A feature pass whose code changed (the row_stats reduction): its collection time is the new folder's, the
    other features and times the base's; without the option every feature is the base's."""
    base, new, _, _ = folders
    faster = tmp_path / "faster"
    for p in new.iterdir():
        (faster / p.name).parent.mkdir(parents=True, exist_ok=True)
        (faster / p.name).write_bytes(p.read_bytes())
    nf = pd.read_csv(new / "features.csv.gz")
    nf["time_row_stats_s"] *= 0.25
    nf["max"] += 1000  # not a time: never taken from the new folder
    nf.to_csv(faster / "features.csv.gz", index=False)
    info = remeasure.remeasure(base, faster, tmp_path / "o", ["lrb"], feature_times=["time_row_stats_s"])
    b = pd.read_csv(base / "features.csv.gz").set_index("matrix")
    o = pd.read_csv(tmp_path / "o" / "features.csv.gz").set_index("matrix")
    assert list(o["time_row_stats_s"]) == pytest.approx(list(0.25 * b.loc[o.index, "time_row_stats_s"]))
    assert (o["max"] == b.loc[o.index, "max"]).all()
    assert (o["time_columns_s"] == b.loc[o.index, "time_columns_s"]).all()
    assert info["feature_times"]["time_row_stats_s"]["median"] == pytest.approx(0.25)
    plain = remeasure.remeasure(base, faster, tmp_path / "p", ["lrb"])
    assert plain["feature_times"] == {}
    p = pd.read_csv(tmp_path / "p" / "features.csv.gz").set_index("matrix")
    assert (p["time_row_stats_s"] == b.loc[p.index, "time_row_stats_s"]).all()
    with pytest.raises(data.DataError, match="not a feature collection time"):
        remeasure.remeasure(base, faster, tmp_path / "q", ["lrb"], feature_times=["max"])
    assert main(["remeasure", "--base", str(base), "--new", str(faster), "--kernels", "lrb", "--out",
                 str(tmp_path / "c"), "--feature-times", "time_row_stats_s"]) == 0
