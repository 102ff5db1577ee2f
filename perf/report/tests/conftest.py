"""A tiny synthetic collector output with times chosen so every metric can be computed by hand.

Matrices A-E are fully measured. F is A with csr_vector tpr=8 failing its check
(ok = 0); G is B without cuSPARSE rows and a failures.csv line for it; H
failed to load (failures.csv only). The
double-precision data is split over two runs: run1 (A-D, F, G, blocks) and
run2 (E, plus a later copy of A's tpr=4 row and features that must be
ignored). run3 is a float run of A-C with a runtime model (predicted_time_s).
Every run.json lists METHODS, the registry of a CUDA build with Kokkos Kernels.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LABELS = [  # (kernel, config) in the column order of TIMES
    ("csr_vector", "tpr=1"), ("csr_vector", "tpr=2"), ("csr_vector", "tpr=4"), ("csr_vector", "tpr=8"),
    ("csr_vector", "tpr=16"), ("csr_vector", "tpr=32"), ("csr_scalar", "-"), ("gao_partitioned", "rule=cusp_mean"),
    ("csr_adaptive", "unroll=4"), ("merge_path", "-"), ("aspmv_auto", "-"), ("cusparse", "alg1"),
    ("cusparse", "alg2"), ("kokkos_kernels", "native"),
]
#        tpr1  tpr2 tpr4 tpr8 tpr16  tpr32 scalar gao  adapt merge auto  alg1 alg2 kk
TIMES = {
    "A": [20, 10, 8, 10, 12, 16, 9, 9.5, 8.5, 12, 8.2, 9, 10, 11],
    "B": [40, 30, 20, 12, 10, 11, 50, 9, 9.5, 11, 9.1, 8, 9, 12],
    "C": [5, 6, 7, 8, 9, 10, 5.5, 6.5, 7, 8, 6.6, 6, 4.5, 6.2],
    "D": [100, 60, 40, 25, 20, 20, 80, 18, 19, 22, 18.5, 21, 17, 24],
    "E": [50, 30, 20, 16, 16.32, 18, 40, 17, 15, 14, 15.2, 16, 15.5, 17],
}
TIMES["F"] = TIMES["A"]
TIMES["G"] = TIMES["B"]
# preprocessing_s per kernel (csr_vector, csr_scalar, kokkos_kernels: 0)
PREP = {
    "gao_partitioned": {"A": 12, "B": 22, "C": 5, "D": 10, "E": 3, "F": 12, "G": 22},
    "csr_adaptive": 3, "merge_path": 1, "aspmv_auto": 2.5,
    ("cusparse", "alg1"): 4, ("cusparse", "alg2"): 6,
}
# rule TpRs written by the collector (tpr_cusp_mean, tpr_reguly_sqrt_mean, tpr_kokkos_kernels)
RULES = {"A": (8, 4, 2), "B": (32, 8, 4), "C": (4, 2, 1), "D": (16, 4, 4), "E": (16, 4, 2)}
RULES["F"], RULES["G"] = RULES["A"], RULES["B"]
SHAPE = {  # family, nnz, mean, max, auto_kernel
    "A": ("stencil", 1000, 3, 5, "csr_vector"), "B": ("stencil", 10000, 12, 40, "gao_partitioned"),
    "C": ("power_law", 100000, 2, 100, "csr_scalar"), "D": ("power_law", 1000000, 20, 50, "gao_partitioned"),
    "E": ("real", 10000000, 10, 30, "merge_path"), "F": ("random_uniform", 1000, 3, 5, "csr_vector"),
    "G": ("random_uniform", 10000, 12, 40, "gao_partitioned"),
}
FEATURE_HEADER = ("matrix,family,rows,cols,nnz,density,mean,min,max,var,max_mu,sqrt_mean,cov,dispersion,mode,median,"
                  "min_dist,max_dist,bandwidth,density_min,density_max,density_mean,density_var,tpr_cusp_mean,"
                  "tpr_reguly_sqrt_mean,tpr_kokkos_kernels,auto_kernel,time_row_stats_s,time_row_histogram_s,"
                  "time_columns_s,collection_time_s")
BLOCK_HEADER = "matrix,block,row_begin,row_end,rows,cols,nnz,density,min,max,mean,var,max_mu,sqrt_mean,cov,tpr,time_s"
# (matrix, block, rows, nnz, {tpr: time})
BLOCKS = [
    ("A", 0, 100, 300, {2: 5, 4: 4, 8: 4.5, 16: 6, 32: 8}),
    ("A", 1, 10, 1000, {2: 50, 4: 30, 8: 20, 16: 10, 32: 10.1}),
    ("B", 0, 1000, 12000, {2: 12, 4: 9, 8: 7, 16: 7.7, 32: 9}),
    ("B", 1, 50, 100, {2: 3, 4: 3.5}),
]


# run.json "methods" of a CUDA build with Kokkos Kernels (docs/COLLECTOR_FORMAT.md): (kernel, family, analysis, tpr)
METHODS = [
    ("csr_scalar", "aspmv", False, False), ("csr_vector", "aspmv", False, True),
    ("gao_partitioned", "aspmv", True, False), ("csr_adaptive", "aspmv", True, False),
    ("merge_path", "aspmv", True, False), ("aspmv_auto", "aspmv_auto", True, False),
    ("cusparse", "vendor", True, False), ("kokkos_kernels", "vendor", False, False),
]


def methods_field(methods=METHODS):
    """run.json's "methods" list from (kernel, family, analysis, tpr) tuples."""
    return [{"kernel": k, "family": f, "analysis": a, "tpr": t} for k, f, a, t in methods]


def meta(precision="double", device="Test GPU", commit="abc1234", methods=METHODS):
    """run.json; ``methods=None`` leaves the "methods" field out."""
    out = {
        "aspmv_version": "0.1.0", "commit": commit, "date": "2026-11-22T10:00:00Z", "host": "testhost",
        "backend": "cuda", "execution_space": "Cuda",
        "device": {"name": device, "compute_units": 132, "simd_width": 32, "l2_cache_bytes": 52428800,
                   "memory_bytes": 85899345920, "peak_bandwidth_gbs": 3350.0, "compute_capability": "9.0"},
        "kokkos_version": "4.3.0", "arch_table": {"arch": "hopper", "status": "tuned"},
        "precision": precision, "copy_bandwidth_gbs": 2900.0,
        "timing": {"warmup": 10, "batches": 5, "min_batch_seconds": 0.01, "rounds": 3},
        "spec": {"path": "corpus.txt", "sha256": "f" * 64},
    }
    if methods is not None:
        out["methods"] = methods_field(methods)
    out["command"] = ["aspmv", "collect"]
    return out


def prep_of(kernel, config, matrix):
    value = PREP.get((kernel, config), PREP.get(kernel, 0))
    return value[matrix] if isinstance(value, dict) else value


def runtime_rows(matrix, scale=1.0, skip=(), not_ok=(), override=None, predicted=None):
    rows = []
    for (kernel, config), t in zip(LABELS, TIMES[matrix]):
        if kernel in skip:
            continue
        t = (override or {}).get((kernel, config), t) * scale
        ok = 0 if (kernel, config) in not_ok else 1
        row = [matrix, kernel, config, repr(t), repr(prep_of(kernel, config, matrix)), repr(100.0 / t),
               "1e-15" if ok else "0.5", str(ok)]
        if predicted is not None:
            row.append(repr(t * predicted.get((kernel, config), 1.0)))
        rows.append(",".join(row))
    return rows


def feature_row(matrix, family=None):
    fam, nnz, mean, mx, auto = SHAPE[matrix]
    rows = nnz // mean
    cusp, reguly, kk = RULES[matrix]
    values = [matrix, family or fam, rows, rows, nnz, nnz / rows / rows, mean, 1, mx, 4.0, mx - mean, mean ** 0.5,
              0.5, 2.0, mean, mean, 1, 10, 20, 0.0, 0.0, 0.0, 0.0, cusp, reguly, kk, auto, 2, 0.5, 0.5, 3]
    return ",".join(str(v) for v in values)


def block_rows(only=None):
    out = []
    for matrix, block, rows, nnz, times in BLOCKS:
        if only and matrix not in only:
            continue
        mean = nnz / rows
        for tpr, t in times.items():
            out.append(",".join(str(v) for v in [matrix, block, 0, rows, rows, rows, nnz, 0.1, 1, 5, mean, 1.0,
                                                 1.0, mean ** 0.5, 0.2, tpr, t]))
    return out


def write(folder: Path, name: str, lines):
    (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_run(folder: Path, run_meta, runtimes, features, blocks=None, failures=None, predicted=False):
    folder.mkdir(parents=True)
    (folder / "run.json").write_text(json.dumps(run_meta, indent=1), encoding="utf-8")
    header = "matrix,kernel,config,time_s,preprocessing_s,gbs,rel_error,ok" + (",predicted_time_s" if predicted else "")
    write(folder, "runtimes.csv", [header] + runtimes)
    write(folder, "features.csv", [FEATURE_HEADER] + features)
    if blocks is not None:
        write(folder, "blocks.csv", [BLOCK_HEADER] + blocks)
    if failures is not None:
        write(folder, "failures.csv", ["matrix,stage,message"] + failures)
    return folder


def make_runs(folder: Path):
    """(run1, run2, run3) folders as described in the module docstring."""
    run1 = write_run(
        folder / "run1", meta(),
        runtime_rows("A") + runtime_rows("B") + runtime_rows("C") + runtime_rows("D")
        + runtime_rows("F", not_ok={("csr_vector", "tpr=8")}) + runtime_rows("G", skip={"cusparse"}),
        [feature_row(m) for m in "ABCDFG"], block_rows(),
        ["G,kernel:cusparse,out of memory, 2 GiB requested", "H,load,no such file"])
    run2 = write_run(
        folder / "run2", meta(commit="def5678"),
        runtime_rows("E") + ["A,csr_vector,tpr=4,1.0,0,100.0,1e-15,1"],
        [feature_row("E"), feature_row("A", family="should_be_ignored")])
    predicted = {("csr_vector", "tpr=2"): 0.5}  # the model ranks tpr=2 first
    run3 = write_run(
        folder / "run3", meta(precision="float"),
        runtime_rows("A", 0.5, predicted=predicted) + runtime_rows("B", 0.5, predicted=predicted)
        + runtime_rows("C", 0.5, predicted=predicted),
        [feature_row(m) for m in "ABC"], predicted=True)
    return run1, run2, run3


@pytest.fixture(scope="session")
def runs(tmp_path_factory):
    """The synthetic runs, written once per test session (the tests only read them)."""
    return make_runs(tmp_path_factory.mktemp("runs"))
