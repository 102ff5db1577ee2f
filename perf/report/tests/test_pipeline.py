"""The section pipeline on the synthetic runs of conftest.py; expected numbers worked out by hand."""
import math

import numpy as np
import pandas as pd
import pytest

from aspmv_report import section
from aspmv_report.inputs import read_run
from aspmv_report.items import CsvOnly
from aspmv_report.merge import merge_runs
from aspmv_report.tables import Table

MEAN = np.mean


def build(runs, tmp_path, which=0):
    sections = merge_runs([read_run(p) for p in runs])
    items = section.build(sections[which], tmp_path / "out", 16)
    tables = {}
    for item in items:
        t = item.table if isinstance(item, CsvOnly) else item
        if isinstance(t, Table):
            tables[t.key] = t.frame
    return sections, tables


@pytest.fixture(scope="module")
def double(runs, tmp_path_factory):
    return build(runs, tmp_path_factory.mktemp("double"))


def test_sections_split_by_precision_and_first_run_wins(runs, double):
    sections, _ = double
    assert [(s.device, s.precision) for s in sections] == [("Test GPU", "double"), ("Test GPU", "float")]
    sec = sections[0]
    a4 = sec.runtimes[(sec.runtimes.matrix == "A") & (sec.runtimes.label == "csr_vector/tpr=4")]
    assert a4["time_s"].tolist() == [8.0] and a4["run"].tolist() == ["run1"]
    assert sec.features.loc["A", "family"] == "stencil"
    assert sec.features.loc["E", "family"] == "real"
    assert sorted(sec.runtimes.matrix.unique()) == list("ABCDEFG")
    assert sec.failures["message"].tolist() == ["out of memory, 2 GiB requested", "no such file"]


def test_failed_rows_and_failures_exclude_matrices(double):
    _, t = double
    comps = t["comparisons"]
    row = comps.loc["selection over TpR {2..32}"]
    assert (row["used"], row["excluded"]) == (5, 3)
    assert "csr_vector/tpr=8: ok=0 (1)" in row["reasons"]
    assert "cusparse/alg1: failed (kernel:cusparse) (1)" in row["reasons"]
    assert "matrix failed at stage load (1)" in row["reasons"]
    excl = t["exclusions"]
    assert set(excl[excl.comparison == "speedups"].matrix) == {"F", "G", "H"}
    assert set(excl[excl.comparison == "overhead"].matrix) == {"F", "H"}  # needs no cuSPARSE


def test_gao_table_4_over_tpr_2_to_32(double):
    _, t = double
    sel = t["selection_tpr_gao"]
    cusp = sel.loc["CUSP mean rule"]
    # t_p = 10, 11, 7, 20, 16.32 against t_s = 8, 10, 6, 20, 16
    assert cusp["n"] == 5
    assert cusp["accuracy_pct"] == pytest.approx(20.0)           # D (tie of 16 and 32)
    assert cusp["relaxed_accuracy_pct"] == pytest.approx(40.0)   # D and E (exactly 2 %)
    assert cusp["PLUB_pct"] == pytest.approx(100 * MEAN([2 / 8, 1 / 10, 1 / 6, 0, 0.32 / 16]))
    assert cusp["PGO(2)_pct"] == pytest.approx(100 * MEAN([0, 19 / 11, -1 / 7, 40 / 20, 13.68 / 16.32]))
    assert cusp["PGO(mean)_pct"] == pytest.approx(0.0)
    assert cusp["PGO(sqmean)_pct"] == pytest.approx(100 * MEAN([-2 / 10, 1 / 11, -1 / 7, 20 / 20, 3.68 / 16.32]))
    reguly = sel.loc["Reguly sqrt-mean rule"]  # t_p = 8, 12, 6, 40, 20
    assert reguly["accuracy_pct"] == pytest.approx(40.0)
    assert reguly["PLUB_pct"] == pytest.approx(29.0)
    kk = sel.loc["Kokkos Kernels rule"]  # t_p = 10, 20, 5 (tpr=1, outside the set), 40, 30
    assert kk["accuracy_pct"] == 0 and kk["relaxed_accuracy_pct"] == pytest.approx(20.0)
    assert kk["PLUB_pct"] == pytest.approx(100 * MEAN([2 / 8, 10 / 10, -1 / 6, 20 / 20, 14 / 16]))
    auto = sel.loc["aspmv_auto"]  # 8.2, 9.1, 6.6, 18.5, 15.2
    assert auto["accuracy_pct"] == 0
    assert auto["relaxed_accuracy_pct"] == pytest.approx(60.0)
    assert auto["PLUB_pct"] == pytest.approx(-1.8)
    assert auto["kernel_match_pct"] == pytest.approx(20.0)  # only A's auto_kernel is csr_vector
    assert sel.loc["TpR=16", "accuracy_pct"] == pytest.approx(40.0)  # B and D
    assert sel.loc["TpR=16", "PGO(16)_pct"] == pytest.approx(0.0)
    assert set(sel.index) >= {"best cuSPARSE", "cuSPARSE alg1", "cuSPARSE alg2", "Kokkos Kernels"}


def test_misprediction_histogram(double):
    _, t = double
    h = t["mispredictions_tpr_gao"]
    assert h.loc["CUSP mean rule"].to_dict() == {"n": 5, "correct": 1, "mispredicted": 4, "<=0": 0, "(0,2]": 1,
                                                 "(2,6]": 0, "(6,10]": 1, "(10,100]": 2, ">100": 0}
    assert h.loc["Reguly sqrt-mean rule", "(10,100]"] == 3  # 20, 100 (upper edge), 25
    assert h.loc["Kokkos Kernels rule", "<=0"] == 1         # tpr=1 beats the set on C
    assert t["misprediction_shares_tpr_gao"].loc["CUSP mean rule", "(10,100]"] == pytest.approx(50.0)


def test_oracles_of_the_other_sets(double):
    _, t = double
    assert t["oracle_choices_tpr_gao"]["matrices"].to_dict() == {2: 1, 4: 1, 8: 1, 16: 2, 32: 0}
    assert t["oracle_choices_tpr_all"]["matrices"].to_dict() == {1: 1, 2: 0, 4: 1, 8: 1, 16: 2, 32: 0}
    everything = t["selection_everything"]
    # oracle over everything: A 8 (tpr=4), B 8 (alg1), C 4.5 (alg2), D 17 (alg2), E 14 (merge_path)
    assert everything.loc["best cuSPARSE", "accuracy_pct"] == pytest.approx(60.0)
    assert everything.loc["oracle(all aspmv)", "PLUB_pct"] == pytest.approx(
        100 * MEAN([0, 1 / 8, 0.5 / 4.5, 1 / 17, 0]))
    assert t["winner_counts"]["matrices"].to_dict() == {"csr_vector": 1, "cusparse": 3, "merge_path": 1}


def test_speedups_over_baselines(double):
    _, t = double
    sp = t["speedups"]
    base16 = "CSR-vector TpR=16"
    assert sp.loc[(base16, "AM"), "oracle(TpR {2..32})"] == pytest.approx(1.204)
    assert sp.loc[(base16, "GM"), "oracle(TpR {2..32})"] == pytest.approx((1.5 * 1.5 * 1.02) ** 0.2)
    assert sp.loc[(base16, "AM"), "aspmv_auto"] == pytest.approx(
        MEAN([12 / 8.2, 10 / 9.1, 9 / 6.6, 20 / 18.5, 16.32 / 15.2]))
    assert sp.loc[("best cuSPARSE", "GM"), "oracle(all aspmv)"] == pytest.approx(
        (9 / 8 * 8 / 9 * 4.5 / 5 * 17 / 18 * 15.5 / 14) ** 0.2)
    assert sp.loc[("Kokkos Kernels", "AM"), "Kokkos Kernels"] == pytest.approx(1.0)


def test_best_counts(double):
    _, t = double
    c = t["best_counts"]
    all_methods = c["best among all methods"].dropna().astype(int)
    assert all_methods[all_methods > 0].to_dict() == {"Reguly sqrt-mean rule": 1, "oracle(TpR {2..32})": 1,
                                                      "oracle(all aspmv)": 2, "merge_path": 1, "best cuSPARSE": 3}
    single = c["best among single-configuration methods"].dropna().astype(int)
    assert single[single > 0].to_dict() == {"Reguly sqrt-mean rule": 1, "merge_path": 1, "cuSPARSE alg1": 1,
                                            "cuSPARSE alg2": 2}
    assert pd.isna(c.loc["oracle(all aspmv)", "best among single-configuration methods"])


def test_overhead_naive_against_ml(double):
    _, t = double
    o = t["overhead"]
    # G (B without cuSPARSE) takes part: this comparison needs no cuSPARSE; F (tpr=8 failed) does not.
    assert o.loc["CUSP mean rule", "n"] == 6
    ratios = [56 / 52, 83 / 57, 40 / 37, 165 / 102, 100.32 / 83.6, 83 / 57]  # T_naive / (2 + 5 t_cusp)
    assert o.loc["CUSP mean rule", "mean_ratio"] == pytest.approx(MEAN(ratios))
    assert o.loc["CUSP mean rule", "max_ratio"] == pytest.approx(165 / 102)
    auto = [56 / (3 + 41), 83 / (3 + 45.5), 40 / (3 + 33), 165 / (3 + 92.5), 100.32 / (3 + 76), 83 / (3 + 45.5)]
    assert o.loc["aspmv_auto", "mean_ratio"] == pytest.approx(MEAN(auto))
    assert o.loc["aspmv_auto", "mean_features_in_calls"] == pytest.approx(MEAN([3 / 8.2, 3 / 9.1, 3 / 6.6,
                                                                                 3 / 18.5, 3 / 15.2, 3 / 9.1]))


def test_amortization_against_the_cusp_rule(double):
    _, t = double
    a = t["amortization"]
    gao = a.loc["gao_partitioned/rule=cusp_mean"]  # n* = 20, 10, 6, 4, never
    assert (gao["median_calls"], gao["within_1_pct"], gao["within_10_pct"], gao["within_100_pct"],
            gao["never_pct"]) == (10.0, 0.0, 60.0, 80.0, 20.0)
    adaptive = a.loc["csr_adaptive/unroll=4"]  # 1/1.5, 1/1.5, never, 1, 1/1.32
    assert adaptive["median_calls"] == pytest.approx(1 / 1.32)
    assert adaptive["within_1_pct"] == pytest.approx(80.0)
    merge = a.loc["merge_path"]  # never, never (equal times), never, never, 0
    assert merge["median_calls"] == math.inf and merge["within_1_pct"] == pytest.approx(20.0)
    assert t["amortization_per_matrix"].loc["E", "merge_path"] == 0.0


def test_blockwise_rules(double):
    _, t = double
    b = t["blockwise_rules"]
    assert b.loc["CUSP mean rule"].to_dict() == pytest.approx(
        {"n": 3, "left_out": 0, "accuracy_pct": 100 / 3, "relaxed_accuracy_pct": 200 / 3, "PLUB_pct": 11 / 3})
    assert b.loc["Reguly sqrt-mean rule", "PLUB_pct"] == pytest.approx((25 + 0 + 100 * 2 / 7) / 3)
    kk = b.loc["Kokkos Kernels rule"]  # picks tpr=1 on block A/0: not measured
    assert (kk["n"], kk["left_out"]) == (2, 1)
    assert kk["PLUB_pct"] == pytest.approx((1 + 100 * 5 / 7) / 2)
    assert t["blockwise_optimal_tpr"]["blocks"].to_dict() == {2: 0, 4: 1, 8: 1, 16: 1, 32: 0}
    assert len(t["blockwise_excluded"]) == 1


def test_ranking_and_prediction_error_in_the_float_run(runs, tmp_path):
    _, t = build(runs, tmp_path, which=1)
    q = t["ranking_quality"].iloc[0]
    assert q["n"] == 3
    assert q["<=5%"] == pytest.approx(100 / 3) and q[">20%"] == pytest.approx(200 / 3)
    err = t["prediction_error"]
    assert err.loc["csr_vector", "n"] == 18
    assert err.loc["csr_vector", "mean_Dr_pct"] == pytest.approx(50 * 3 / 18)
    assert err.loc["merge_path", "median_Dr_pct"] == 0
