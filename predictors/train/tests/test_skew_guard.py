"""make_plan's skew guard as the trainer scores it (train.skew_guard / apply_skew_guard, mirroring
src/aspmv/planner/selection_guards.hpp; the C++ cases are tests/unit/test_selection_guards.cpp's)."""
import json
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from conftest import REPO

from aspmv_train import compare, evaluate, oof
from aspmv_train.train import (GuardLanes, apply_skew_guard, guard_lanes, lanes_guard, lanes_guard_on,
                               robust_kernel, skew_guard, skew_guard_parameters)

H100_ARCH = json.loads((REPO / "tuning_data/h100/arch.json").read_text())
H100 = guard_lanes(H100_ARCH, True, {})          # the arch table's 132 SMs x 32 lanes, a row gets 32 (CUDA)
CPU16 = guard_lanes({}, False, {"compute_units": 16})


def stats(rows, nnz, mx=0):
    return {"rows": rows, "nnz": nnz, "max": mx}


def test_lanes_as_make_plan_counts_them():
    assert H100 == GuardLanes(True, 132.0 * 32.0, 32.0)
    assert guard_lanes({"backend": "hip", "hardware": {"compute_units": 120, "simd_width": 64}}, True, {}) \
        == GuardLanes(True, 120.0 * 64.0, 64.0)
    # Without the table's hardware: the run's device (run.json, or a features row's DEVICE_FACTS).
    assert guard_lanes({}, True, {"compute_units": 132, "simd_width": 32}, "cuda") == H100
    assert CPU16 == GuardLanes(False, 16.0, 1.0)
    assert robust_kernel(True) == "vector_split" and robust_kernel(False) == "merge_path"
    assert skew_guard_parameters({}) == (1.0, 32)
    assert skew_guard_parameters({"parameters": {"skew_guard": {"row_share": 2.5, "min_row_passes": 3}}}) == (2.5, 3)


def test_few_long_rows_fire_on_the_known_path():
    # The 25 x 10,500 LP matrix: 129,000 nonzeros, mean 5,160: share 5.3, 161 passes of 32 lanes.
    s = stats(25, 129000)
    assert skew_guard("csr_vector/tpr=32", s, False, H100_ARCH, H100) == "vector_split"
    assert skew_guard("csr_scalar", s, False, H100_ARCH, H100) == "vector_split"
    assert skew_guard("csr_adaptive", s, False, H100_ARCH, H100) is None  # splits rows
    assert skew_guard("merge_path", s, False, H100_ARCH, H100) is None
    assert skew_guard("gao_partitioned", s, False, H100_ARCH, H100) is None


def test_short_or_regular_matrices_are_left_alone():
    assert skew_guard("csr_vector/tpr=4", stats(100, 300), False, H100_ARCH, H100) is None  # 100 rows of 3
    assert skew_guard("csr_scalar", stats(0, 0), False, H100_ARCH, H100) is None
    assert skew_guard("csr_vector/tpr=8", stats(1000000, 4000000, 9), True, H100_ARCH, H100) is None


def test_one_huge_row_is_seen_once_gathered():
    s = stats(1000000, 4000000, 1000000)  # one row of 1M among 4M nonzeros: the mean (4) says nothing
    assert skew_guard("csr_scalar", s, False, H100_ARCH, H100) is None
    assert skew_guard("csr_scalar", s, True, H100_ARCH, H100) == "vector_split"


def test_cpu_threads_and_merge_path():
    s = stats(45000, 200000, 17663)
    assert skew_guard("csr_scalar", s, True, {}, CPU16) == "merge_path"
    assert skew_guard("csr_scalar", s, False, {}, CPU16) is None  # mean 4.4: fewer passes than 8


def test_parameters_and_off_switch():
    s = stats(45000, 200000, 17663)
    off = {"parameters": {"skew_guard": {"row_share": 0}}}
    assert skew_guard("csr_scalar", s, True, off, CPU16) is None
    # share = 17663 * 16 / 200000 = 1.41: over the default 1.0, not over 2.
    assert skew_guard("csr_scalar", s, True, {"parameters": {"skew_guard": {"row_share": 2.0}}}, CPU16) is None
    assert skew_guard("csr_scalar", s, True, {"parameters": {"skew_guard": {"min_row_passes": 20000}}},
                      CPU16) is None
    # The boundaries are strict (> row_share, > min_row_passes), as in the C++.
    floor8 = {"parameters": {"skew_guard": {"min_row_passes": 8}}}
    assert skew_guard("csr_scalar", stats(8, 64, 8), True, floor8, GuardLanes(False, 8.0, 1.0)) is None  # share 1
    assert skew_guard("csr_scalar", stats(8, 64, 9), True, floor8, GuardLanes(False, 8.0, 1.0)) == "merge_path"
    assert skew_guard("csr_scalar", stats(8, 64, 9), True, {}, GuardLanes(False, 8.0, 1.0)) is None  # 9 <= 32 passes


def _costs(F, labels):
    return SimpleNamespace(mats=list(F.index), labels=labels, F=F)


def test_apply_over_picks_scores_the_robust_kernel_and_the_gather():
    F = pd.DataFrame({"rows": [25, 1000000, 1000000, 100, 25], "nnz": [129000, 4000000, 4000000, 300, 129000],
                      "max": [5200, 1000000, 1000000, 3, 5200], "compute_units": 132, "simd_width": 32,
                      "time_row_stats_s": [1e-5, 2e-4, 2e-4, 3e-6, 1e-5]},
                     index=["lp", "huge_known", "huge_gathered", "short", "lp_unanswered"])
    labels = ["csr_scalar", "csr_vector/tpr=32", "vector_split", "merge_path"]
    costs = _costs(F, labels)
    pred = np.array([1, 0, 0, 1, -1])
    gathered = np.array([False, False, True, False, False])
    # Lanes from each matrix's device columns (the table has no hardware here).
    g = apply_skew_guard(costs, None, pred, gathered, {}, True, backend="cuda")
    assert g.fired.tolist() == [True, False, True, False, False]
    assert g.pred.tolist() == [2, 0, 2, 1, -1]
    assert g.gather_s.tolist() == [0.0] * 5  # vector_split needs no row structure: no pass on the known path
    assert not g.paid.any()
    # gather_row_bound: every row-bound pick of the known path pays the pass and the guard sees its longest row
    # (huge_known: one row of 1M, fired now); the gathered path and unanswered picks as before.
    rb = {"parameters": {"skew_guard": {"gather_row_bound": 1}}}
    g = apply_skew_guard(costs, None, pred, gathered, rb, True, backend="cuda")
    assert g.fired.tolist() == [True, True, True, False, False]
    assert g.pred.tolist() == [2, 2, 2, 1, -1]
    assert g.paid.tolist() == [True, True, False, True, False]
    assert g.gather_s.tolist() == [1e-5, 2e-4, 0.0, 3e-6, 0.0]
    # A subset, the table's hardware, a CPU (16 threads): merge-path.
    g = apply_skew_guard(costs, [2], [0], [True], H100_ARCH, True)
    assert g.pred.tolist() == [2]
    g = apply_skew_guard(costs, [2], [0], [True], {}, False, device={"compute_units": 16})
    assert g.pred.tolist() == [3] and g.fired.tolist() == [True]
    # merge-path needs the row structure: fired from the mean on the known path, the plan pays the pass.
    g = apply_skew_guard(costs, [0], [0], [False], {"parameters": {"skew_guard": {"row_share": 0.5}}}, False,
                         device={"compute_units": 16})  # 25 rows of 5,160 on 16 threads: share 0.64
    assert g.pred.tolist() == [3] and g.gather_s.tolist() == [1e-5] and g.paid.tolist() == [True]
    # Off, or a robust kernel that was not measured: the picks as they were.
    g = apply_skew_guard(costs, None, pred, gathered, {"parameters": {"skew_guard": {"row_share": 0}}}, True)
    assert g.pred.tolist() == pred.tolist() and not g.fired.any()
    g = apply_skew_guard(_costs(F, labels[:2]), None, pred, gathered, {}, True)
    assert g.pred.tolist() == pred.tolist() and not g.fired.any()


def test_the_row_lanes_guard_on_cpu_tables_with_avx512_rows():
    # selection_guards.hpp lanes_guard: CSR-vector with TpR > 1 on rows of 5+ nonzeros on average -> csr_scalar,
    # on CPU tables whose host_row_simd is 2, after the skew guard.
    lanes = {"parameters": {"host_row_simd": 2}}
    assert lanes_guard_on(lanes, False) and not lanes_guard_on(lanes, True) and not lanes_guard_on({}, False)
    assert lanes_guard("csr_vector/tpr=2", 4000, 240000) == "csr_scalar"
    assert lanes_guard("csr_vector/tpr=2", 4000, 20000) == "csr_scalar"  # a mean of 5
    assert lanes_guard("csr_vector/tpr=2", 4000, 19999) is None
    assert lanes_guard("csr_vector/tpr=1", 4000, 240000) is None
    assert lanes_guard("csr_vector_team/tpr=8", 4000, 240000) is None
    assert lanes_guard("merge_path", 4000, 240000) is None
    F = pd.DataFrame({"rows": [4000, 4000, 25], "nnz": [240000, 8000, 129000], "max": [80, 4, 5200],
                      "time_row_stats_s": 1e-5},
                     index=["long_rows", "short_rows", "lp"])
    costs = _costs(F, ["csr_scalar", "csr_vector/tpr=2", "merge_path"])
    pred, gathered = np.array([1, 1, 1]), np.array([True, True, True])
    skewed = {"parameters": {"host_row_simd": 2, "skew_guard": {"row_share": 0.5}}}
    g = apply_skew_guard(costs, None, pred, gathered, skewed, False, device={"compute_units": 16})
    # lp (25 rows of 5,160 on 16 threads: share 0.64 > 0.5): the skew guard fires first (merge-path);
    # long_rows: the lanes guard; short_rows: neither.
    assert g.pred.tolist() == [0, 1, 2]
    assert g.fired.tolist() == [False, False, True] and g.lanes_fired.tolist() == [True, False, False]
    g = apply_skew_guard(costs, None, pred, gathered, {}, False, device={"compute_units": 16})
    assert g.pred.tolist() == [1, 1, 1] and not g.lanes_fired.any()  # no lanes; lp under the default share


def test_plan_cost_of_a_guarded_pick():
    """oof's amortized cost: the robust kernel's preprocessing + 100 calls + the row_stats pass on the known path,
    the kernel_gathered features' cost on the gathered path."""
    p = compare.PlanPicks(pred=np.array([2, 2, 0]), gathered=np.array([True, True, False]),
                          support_fired=np.zeros(3, bool), skew_fired=np.array([True, True, False]),
                          skew_gather_s=np.array([1e-5, 0.0, 0.0]), model_pred=np.array([1, 0, 0]),
                          model_gathered=np.array([False, True, False]))
    fc = p.feature_cost([7e-5, 8e-5, 9e-5])
    assert fc.tolist() == [1e-5, 8e-5, 0.0]
    costs = SimpleNamespace(P=np.array([[0, 0, 3e-4], [0, 0, 4e-4], [1e-6, 0, 0]]),
                            T=np.array([[0, 5e-3, 1e-5], [0, 0, 2e-5], [2e-6, 0, 0]]))
    c = oof.plan_costs(costs, [0, 1, 2], p.pred, p.gathered, fc)
    assert c == pytest.approx([(3e-4 + 100 * 1e-5 + 1e-5) / 100, (4e-4 + 100 * 2e-5 + 8e-5) / 100,
                               (1e-6 + 100 * 2e-6) / 100])


def test_compare_reports_the_guard(tiny_h100, tmp_path):
    """compare.score on a subsample with the committed H100 table: the plan's pick is the guarded one."""
    (tmp_path / "arch.json").write_text(json.dumps(H100_ARCH))
    table = evaluate.load(REPO / "tuning_data/h100/model.json")
    res = compare.score({"h100": table}, [str(tiny_h100)], tmp_path)
    g = res["tables"]["h100"]["sets"]["all"]["skew_guard"]
    assert g["fired"] >= 0 and g["fired_known_path"] <= g["fired"]
    assert "skew guard" in compare.markdown(res)
