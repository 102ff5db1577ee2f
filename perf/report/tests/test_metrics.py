"""The metric functions on small hand-made inputs."""
import math

import pandas as pd
import pytest

from aspmv_report import amortization, best_counts, mispredictions, overhead, selection, speedups, tpr_rules
from aspmv_report.labels import make_label, sort_labels, tpr_of
from aspmv_report.tables import fmt


def s(*values):
    return pd.Series(values, index=[f"m{i}" for i in range(len(values))], dtype=float)


def test_plub_and_pgo_follow_gao_eq_4_and_5():
    t_p, t_s, t_k = s(10, 11, 6), s(8, 10, 6), s(20, 11, 3)
    assert selection.plub(t_p, t_s) == pytest.approx(100 * (2 / 8 + 1 / 10 + 0) / 3)
    assert selection.pgo(t_k, t_p) == pytest.approx(100 * (10 / 10 + 0 - 3 / 6) / 3)


def test_accuracy_accepts_ties_and_rejects_non_candidates():
    best = pd.DataFrame({"label": ["csr_vector/tpr=16", "csr_vector/tpr=4"], "time": [20.0, 8.0]}, index=["a", "b"])
    pred = pd.DataFrame({"label": ["csr_vector/tpr=32", "cusparse/alg1"], "time": [20.0, 8.0]}, index=["a", "b"])
    candidates = ["csr_vector/tpr=4", "csr_vector/tpr=16", "csr_vector/tpr=32"]
    assert list(selection.is_correct(pred, best, candidates, True)) == [True, False]
    assert list(selection.is_correct(pred, best, candidates, False)) == [True, True]


def test_relaxed_accuracy_counts_exactly_two_percent():
    loss = selection.loss_pct(s(16.32, 10.3, 7), s(16, 10, 8))
    assert loss.tolist() == [2.0, 3.0, -12.5]
    assert selection.relaxed_accuracy(loss) == pytest.approx(200 / 3)


def test_histogram_bins_have_inclusive_upper_edges():
    loss = s(0, 2, 2.5, 6, 10, 100, 100.5, -3)
    correct = pd.Series([True] + [False] * 7, index=loss.index)
    h = mispredictions.histogram(loss, correct)
    assert h == {"n": 8, "correct": 1, "mispredicted": 7, "<=0": 1, "(0,2]": 1, "(2,6]": 2, "(6,10]": 1,
                 "(10,100]": 1, ">100": 1}
    shares = mispredictions.shares(pd.DataFrame([h], index=["p"]))
    assert shares.loc["p", "(2,6]"] == pytest.approx(200 / 7)


def test_speedup_means():
    table = speedups.speedup_table({"x": s(1, 4)}, {"base": s(2, 2)})
    assert table.loc[("base", "AM"), "x"] == pytest.approx((2 + 0.5) / 2)
    assert table.loc[("base", "GM"), "x"] == pytest.approx(1.0)


def test_best_counts_count_ties_for_each():
    counts = best_counts.best_counts({"a": s(1, 2, 3), "b": s(1, 1, 4), "c": s(2, 3, 3)})
    assert counts.to_dict() == {"a": 2, "b": 2, "c": 1}


def test_calls_to_amortize():
    n = amortization.calls_to_amortize(p_k=s(12, 1, 3, 5), t_k=s(9.5, 8, 10, 11), p_base=s(2, 2, 2, 2),
                                       t_base=s(10, 10, 10, 10))
    assert n.tolist() == [20.0, 0.0, math.inf, math.inf]
    summary = amortization.summary(n)
    assert summary == {"n": 4, "median_calls": math.inf, "within_1_pct": 25.0, "within_10_pct": 25.0,
                       "within_100_pct": 50.0, "never_pct": 50.0}


def test_overhead_ratio():
    times = pd.DataFrame({f"csr_vector/tpr={t}": [t * 1.0] for t in (2, 4, 8, 16, 32)}, index=["m"])
    naive = overhead.t_naive(times, ["m"], list(times.columns))
    assert naive["m"] == 62.0
    ml = overhead.t_ml(s(2).set_axis(["m"]), s(4).set_axis(["m"]))
    assert ml["m"] == 22.0
    summary = overhead.ratio_summary(naive, ml, s(2).set_axis(["m"]), s(4).set_axis(["m"]))
    assert summary["mean_ratio"] == pytest.approx(62 / 22) and summary["mean_features_in_calls"] == 0.5


@pytest.mark.parametrize("rows,nnz,cap,cusp,reguly,kk", [
    (100, 300, 32, 4, 2, 1), (10, 1000, 32, 32, 16, 32), (1000, 12000, 32, 16, 4, 2),
    (10, 0, 32, 1, 1, 1), (1, 7, 64, 8, 4, 2), (1, 5000, 64, 64, 64, 64),
])
def test_tpr_rules_match_the_cpp_rules(rows, nnz, cap, cusp, reguly, kk):
    assert tpr_rules.cusp_mean(rows, nnz, cap) == cusp
    assert tpr_rules.reguly_sqrt_mean(rows, nnz, cap) == reguly
    assert tpr_rules.kokkos_kernels(rows, nnz, cap) == kk


def test_failure_stages_of_both_spellings():
    from aspmv_report.timetable import ReasonFinder

    runtimes = pd.DataFrame({"matrix": ["a"], "label": ["csr_vector/tpr=8"], "ok": [0]})
    failures = pd.DataFrame({"matrix": ["a", "b", "c", "d"],
                             "stage": ["kernel:cusparse", "kernel:merge_path/-", "measure", "blocks"],
                             "message": ["x"] * 4})
    r = ReasonFinder(runtimes, failures)
    assert r.reason("a", "csr_vector/tpr=8") == "csr_vector/tpr=8: ok=0"
    assert r.reason("a", "cusparse/alg2") == "cusparse/alg2: failed (kernel:cusparse)"
    assert r.reason("b", "merge_path") == "merge_path: failed (kernel:merge_path)"
    assert r.reason("b", "csr_scalar") == "csr_scalar: not measured"
    assert r.reason("c", "csr_scalar") == "matrix failed at stage measure"
    assert r.reason("d", "csr_scalar") == "csr_scalar: not measured"


def test_labels():
    assert make_label("merge_path", "-") == "merge_path"
    assert make_label("csr_vector", "tpr=8") == "csr_vector/tpr=8"
    assert tpr_of("csr_vector", "csr_vector/tpr=32") == 32 and tpr_of("csr_vector", "cusparse/alg1") is None
    assert tpr_of("csr_vector", "csr_vector/tpr=8;variant") is None
    order = ("csr_vector", "merge_path", "cusparse")
    assert sort_labels(["cusparse/alg1", "csr_vector/tpr=16", "csr_vector/tpr=2", "merge_path"], order) == [
        "csr_vector/tpr=2", "csr_vector/tpr=16", "merge_path", "cusparse/alg1"]
    # the order is the registry's, whatever it is; kernels outside it go last
    assert sort_labels(["csr_vector/tpr=2", "merge_path", "zzz", "cusparse/alg1"], ("cusparse", "merge_path")) == [
        "cusparse/alg1", "merge_path", "csr_vector/tpr=2", "zzz"]


def test_fmt_three_significant_digits():
    assert [fmt(v) for v in (160.71, 10.7333, 0.56, 2.0, 0.0, float("inf"), float("nan"), 7)] == [
        "161", "10.7", "0.560", "2.00", "0", "never", "–", "7"]
