"""The training run: measurements -> model table (+ the data of the report).

    python -m aspmv_train train --measurements DIR [DIR ...] --arch ARCH --out model.json --report models.md

Steps (each model's choice is made on cross-validation over the training
folds; the held-out fold only reports):
1. tpr_global (GPU backends): label variants x algorithms, scored by PLUB.
2. tpr_block (GPU backends, blocks.csv): the same on the blockwise samples.
3. kernel_known: horizons 1 and 19 calls x algorithms, scored at 1 call.
4. kernel_gathered: feature sets (row_stats; every feature) x horizons
   (100 calls; per call) x algorithms, scored at 100 calls with the cost of
   the feature groups it reads.
5. gather: for every pair (known variant, gathered variant) a gather model
   on out-of-fold kernel predictions; the pair + gather model with the best
   cross-validated mean log(oracle / selection cost) over 1, 19, 100 calls
   is kept.
6. Cross-fitting over all K folds (each fold predicted by models trained on
   the other K-1, the gather labels from inner out-of-fold predictions) gives
   out-of-fold predictions for every matrix: the shared real matrices are
   reported from these (few of them fall in the held-out fold).
"""
from __future__ import annotations

import datetime as _dt
import json
import math
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train import assess, candidates, data, evaluate, export, features as feat, methods, metrics, selection
from aspmv_train import split as splitmod
from aspmv_train import runtime_table, tasks
from aspmv_train.selection import Result, Task

GPU_BACKENDS = ("cuda", "hip", "rocm", "sycl")
# make_plan gathers above the arch table's auto_adaptive_min_nnz from this many
# expected calls on, whatever the gather model says (gather_insured).
GATHER_INSURANCE_MIN_CALLS = 19
MODEL_ORDER = ("tpr_global", "tpr_block", "kernel_known", "kernel_gathered", "gather")
KNOWN_VARIANTS = ("1 call, direct kernels", "per-call, direct kernels")
GATHERED_VARIANTS = ("100 calls", "per-call")
# What a plan gathers: the known features and the row_stats pass (src/aspmv/planner: make_plan's gather_stats).
# The row histogram (mode, median) and the column structure (gaps, bandwidth) are in features.csv for studies, but
# no plan computes them, so a model reading them would see zeros in the library: the gathered models are offered
# the row_stats set only (a retraining test's table once picked "all" and its plans ran another kernel than the
# Python evaluator said, 2026-12-05).
GATHERED_SETS = {"row_stats": feat.ROW_STATS}
# Every model may read the device features (features.py, issue 20): each feature set is offered with and
# without them and the cross-validated selection decides (a tie goes to the cheaper model, either set).
DEVICE_SUFFIX = "+device"
TPR_SETS = {"Gao": feat.GAO, "Gao" + DEVICE_SUFFIX: feat.GAO_DEVICE}
KNOWN_SETS = {"known": feat.KNOWN, "known" + DEVICE_SUFFIX: feat.KNOWN_DEVICE}
GATHERED_DEVICE_SETS = {"row_stats": feat.ROW_STATS_DEVICE}
PACKAGE_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_MANIFEST = Path("perf/corpus/real/MANIFEST.tsv")


def manifest_of(cfg: Config):
    """The manifest a training run groups real matrices by (split.read_manifest), or None."""
    m = cfg.manifest
    if isinstance(m, str) and m.lower() == "none":
        return None
    if m is None:
        p = Path(cfg.repo_root or PACKAGE_ROOT) / DEFAULT_MANIFEST
        return splitmod.read_manifest(p) if p.exists() else None
    return splitmod.read_manifest(m)


@dataclass
class Config:
    measurements: list
    arch: str
    out: Path
    report: Path | None = None
    tuning_dir: Path | None = None
    seed: int = 2026
    folds: int = 5
    quick: bool = False
    max_model_bytes: int = 300_000
    max_total_bytes: int = 1_500_000
    command: str = ""
    repo_root: Path | None = None
    # The real corpus's manifest (split.py): None = perf/corpus/real/MANIFEST.tsv when it exists; "none" = no
    # manifest (every real matrix grouped by today's rule); else a path.
    manifest: Path | str | None = None
    # Groups left out of training (fnmatch patterns on the group name, e.g. "real/*"): a table for measuring
    # on matrices it never saw. exclude_matrices: matrices left out by name (the oof folds).
    exclude_groups: list = field(default_factory=list)
    exclude_matrices: frozenset = frozenset()
    # Write each model's training support (export.support) into the table (docs/MODEL_TABLES.md).
    support: bool = True
    # Merge folders whose run.json method lists differ (data.load's mixed_methods): each model trains on the
    # matrices that measured all of its classes.
    mixed_methods: bool = False
    # Train the runtime model (runtime_table.py; Plan::describe()'s forecasts only). False leaves it out of the
    # table (provenance omitted_models says so): over many classes it outgrows the size cap.
    runtime: bool = True


@dataclass
class Outcome:
    table: dict
    report: dict = field(default_factory=dict)
    results: dict = field(default_factory=dict)      # model -> list[Result]
    chosen: dict = field(default_factory=dict)       # model -> Result
    tasks: dict = field(default_factory=dict)        # model -> Task
    runtime: dict | None = None                      # the runtime model (runtime_table.py), when trained


def _git(args, cwd) -> str:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()
    except Exception:
        return ""


def _rel(path: Path, root: Path | None) -> str:
    path = Path(path).resolve()
    if root is not None:
        try:
            return str(path.relative_to(root.resolve()))
        except ValueError:
            pass
    return str(path)


def gather_insured(arch_json: dict, is_gpu: bool, nnz, calls):
    """The planner's insurance (src/aspmv/planner/model_selection.hpp): on a GPU a
    plan of at least GATHER_INSURANCE_MIN_CALLS expected calls over a matrix of at
    least the arch table's auto_adaptive_min_nnz nonzeros gathers row statistics
    whatever the gather model says; m, n and nnz cannot tell a regular matrix from
    one with a few rows of a million nonzeros, where a direct kernel is 100-1000x
    slower, and there the row_stats pass costs a few calls' worth."""
    min_nnz = int(arch_json.get("parameters", {}).get("auto_adaptive_min_nnz", 0) or 0)
    if not is_gpu or min_nnz <= 0 or calls < GATHER_INSURANCE_MIN_CALLS:
        return np.zeros(np.shape(nnz), dtype=bool)
    return np.asarray(nnz) >= min_nnz


# ---------------------------------------------------------------- the skew guard (selection_guards.hpp)

# Kernels whose rows are summed by one thread or one vector, never split (kernel_info.hpp's row_bound).
ROW_BOUND_KERNELS = ("csr_scalar", "csr_vector", "csr_delta")
# The largest TpR of a GPU backend (backends/*/traits.hpp max_tpr): the most lanes one row gets.
GPU_MAX_TPR = {"cuda": 32, "hip": 64, "rocm": 64}
SKEW_GUARD_ROW_SHARE = 1.0      # parameters.skew_guard.row_share when absent (arch_table_data.hpp)
SKEW_GUARD_MIN_ROW_PASSES = 32  # parameters.skew_guard.min_row_passes when absent


@dataclass(frozen=True)
class GuardLanes:
    """The device's lanes as the skew guard counts them (model_selection.hpp space_facts)."""
    is_gpu: bool
    lanes: float      # all lanes a row-splitting kernel can keep busy
    row_lanes: float  # the most lanes one row gets in a row-bound kernel


def robust_kernel(is_gpu: bool) -> str:
    """predictors/kernel_rules.hpp robust_kernel: vector_split on GPUs (CSR-Adaptive before 2026-12-04), merge-path
    on CPUs."""
    return "vector_split" if is_gpu else "merge_path"


# The robust kernels that need the row structure (kernel_info.hpp's needs_structure): a guard that fires on the
# known path gathers it first.
ROBUST_NEEDS_STRUCTURE = ("csr_adaptive", "merge_path")


def guard_lanes(arch_json: dict, is_gpu: bool, device: dict, backend: str | None = None) -> GuardLanes:
    """make_plan's lanes: on a GPU the arch table's compute_units x simd_width (``device``'s where the table lacks
    them), a row getting at most the backend's max TpR (32 on CUDA, 64 on HIP); on a CPU the threads, ``device``'s
    compute_units (run.json's ``device``, or a features row with its DEVICE_FACTS), a row getting one."""
    dev = device or {}
    if not is_gpu:
        return GuardLanes(False, float(dev.get("compute_units", 0) or 0), 1.0)
    hw = arch_json.get("hardware", {}) or {}
    cu = float(hw.get("compute_units", 0) or dev.get("compute_units", 0) or 0)
    simd = float(hw.get("simd_width", 0) or dev.get("simd_width", 0) or 0)
    b = str(backend or arch_json.get("backend", "") or "").lower()
    return GuardLanes(True, cu * simd, float(GPU_MAX_TPR.get(b, 32)))


def skew_guard_parameters(arch_json: dict) -> tuple[float, int]:
    """(row_share, min_row_passes) of the arch table's parameters.skew_guard, with the C++ defaults."""
    g = (arch_json.get("parameters", {}) or {}).get("skew_guard", {}) or {}
    return (float(g.get("row_share", SKEW_GUARD_ROW_SHARE)), int(g.get("min_row_passes", SKEW_GUARD_MIN_ROW_PASSES)))


def skew_guard_gathers_row_bound(arch_json: dict) -> bool:
    """parameters.skew_guard.gather_row_bound (arch_table_data.hpp skew_guard_gather_row_bound, default 0): a
    row-bound pick of the known path gathers the row statistics so the guard sees the longest row."""
    g = (arch_json.get("parameters", {}) or {}).get("skew_guard", {}) or {}
    return int(g.get("gather_row_bound", 0)) == 1


def skew_guard(pick_kernel: str, stats_row, gathered: bool, arch_json: dict, device: GuardLanes) -> str | None:
    """make_plan's skew guard (src/aspmv/planner/selection_guards.hpp): the robust kernel that replaces a row-bound
    pick (csr_scalar, csr_vector; a label's kernel is the part before '/'), or None when the guard does not fire.

    longest = the longest row (``stats_row['max']``) when the plan gathered row statistics, else the mean
    nnz / rows (the plan's RowStats::mean, not features.csv's rounded ``mean``); it fires when
        share  = longest * lanes / (nnz * row_lanes) > row_share   and
        passes = longest / row_lanes                 > min_row_passes
    (the same double operations as the C++). row_share <= 0 turns it off."""
    if str(pick_kernel).split("/")[0] not in ROW_BOUND_KERNELS:
        return None
    rows, nnz = float(stats_row["rows"]), float(stats_row["nnz"])
    row_share, min_passes = skew_guard_parameters(arch_json)
    if rows <= 0 or nnz <= 0 or row_share <= 0:
        return None
    longest = float(stats_row["max"]) if gathered else nnz / rows
    share = longest * device.lanes / (nnz * device.row_lanes)
    passes = longest / device.row_lanes
    if share <= row_share or passes <= float(min_passes):
        return None
    return robust_kernel(device.is_gpu)


# The row-lanes guard (selection_guards.hpp lanes_guard): on a CPU whose csr_scalar sums rows of at least
# LANES_GUARD_MIN_MEAN_ROW nonzeros on average in AVX-512 lanes (the arch table's host_row_simd 2), a CSR-vector
# pick with TpR > 1 runs csr_scalar. The collections it scores come from CPUs with AVX-512 (both cpu-x86 machines
# measured so far); a table of host_row_simd 2 scored on timings of a CPU without it would be scored wrongly.
LANES_GUARD_MIN_MEAN_ROW = 5  # kernels/csr_scalar.hpp avx512_lanes_min_mean_row


def lanes_guard_on(arch_json: dict, is_gpu: bool) -> bool:
    """Whether the row-lanes guard judges picks: a CPU table whose host_row_simd is 2."""
    return not is_gpu and int((arch_json.get("parameters", {}) or {}).get("host_row_simd", 0) or 0) == 2


def lanes_guard(pick_label: str, rows: float, nnz: float) -> str | None:
    """csr_scalar where the row-lanes guard replaces ``pick_label`` (a CSR-vector label with TpR > 1 on rows of
    LANES_GUARD_MIN_MEAN_ROW or more nonzeros on average), else None. Call only where lanes_guard_on."""
    kernel, _, config = str(pick_label).partition("/")
    if kernel != "csr_vector" or not config.startswith("tpr=") or int(config[4:]) <= 1:
        return None
    return "csr_scalar" if rows > 0 and nnz >= LANES_GUARD_MIN_MEAN_ROW * rows else None


@dataclass
class SkewGuarded:
    """Plan picks after the skew guard, per matrix of the ``idx`` given to apply_skew_guard."""
    pred: np.ndarray      # label index the plan runs (the robust kernel's where the guard fired)
    fired: np.ndarray     # the guard replaced the pick
    gather_s: np.ndarray  # the row_stats pass the guard made the plan pay on the known path, else 0
    paid: np.ndarray      # the known path paid that pass (gather_row_bound, or a robust kernel needing it)
    lanes_fired: np.ndarray | None = None  # the row-lanes guard replaced the pick (CPUs; after the skew guard)


def apply_skew_guard(costs: tasks.Costs, idx, pred, gathered, arch_json: dict, is_gpu: bool,
                     device: dict | None = None, backend: str | None = None) -> SkewGuarded:
    """The skew guard over plan picks ``pred`` (label indices, -1: no answer) of matrices ``idx`` of ``costs``,
    ``gathered`` saying which took the gathered path. Where it fires the pick becomes the robust kernel's label
    (vector_split on GPUs; merge_path's ``-`` on CPUs). On the known path the plan pays the row_stats pass
    (features.csv's time_row_stats_s) where the table's skew_guard.gather_row_bound makes a row-bound pick gather
    (the guard then judges the longest row), or where the guard fires and the robust kernel needs the row
    structure. ``device``: run.json's ``device``; None: each matrix's own DEVICE_FACTS columns (data.load puts
    run.json's beside every matrix). A robust kernel that is not a measured label leaves the picks as they are.
    Then, on CPU tables of host_row_simd 2, the row-lanes guard (lanes_guard) over the picks the skew guard left."""
    idx = np.arange(len(costs.mats)) if idx is None else np.asarray(idx, dtype=int)
    pred = np.asarray(pred, dtype=int).copy()
    gathered = np.broadcast_to(np.asarray(gathered, dtype=bool), pred.shape)
    fired = np.zeros(len(pred), dtype=bool)
    paid = np.zeros(len(pred), dtype=bool)
    gather_s = np.zeros(len(pred))
    lanes_fired = np.zeros(len(pred), dtype=bool)
    robust = robust_kernel(is_gpu)
    if robust not in costs.labels:
        return SkewGuarded(pred, fired, gather_s, paid, lanes_fired)
    r = costs.labels.index(robust)
    F = costs.F.iloc[idx]
    rs_cost = feat.collection_cost(F, feat.ROW_STATS).to_numpy()
    fixed = guard_lanes(arch_json, is_gpu, device, backend) if device is not None else None
    row_share, _ = skew_guard_parameters(arch_json)
    gathers_row_bound = skew_guard_gathers_row_bound(arch_json) and row_share > 0
    lanes_on = lanes_guard_on(arch_json, is_gpu)
    cols = [c for c in ("rows", "nnz", "max", "compute_units", "simd_width") if c in F.columns]
    for i, row in enumerate(F[cols].to_dict("records")):
        if pred[i] < 0:
            continue
        label = costs.labels[pred[i]]
        sees_max = bool(gathered[i])
        if (not sees_max and gathers_row_bound and label.split("/")[0] in ROW_BOUND_KERNELS
                and float(row["rows"]) > 0 and float(row["nnz"]) > 0):
            sees_max = paid[i] = True
        lanes = fixed or guard_lanes(arch_json, is_gpu, row, backend)
        if skew_guard(label, row, sees_max, arch_json, lanes) is not None:
            fired[i] = True
            pred[i] = r
            if not sees_max and robust in ROBUST_NEEDS_STRUCTURE:
                paid[i] = True
        if paid[i]:
            gather_s[i] = rs_cost[i]
        if lanes_on and not fired[i]:
            to = lanes_guard(costs.labels[pred[i]], float(row["rows"]), float(row["nnz"]))
            if to is not None and to in costs.labels:
                lanes_fired[i] = True
                pred[i] = costs.labels.index(to)
    return SkewGuarded(pred, fired, gather_s, paid, lanes_fired)


def _swap_fold(task: Task, f: int) -> Task:
    """The task with fold f held out (folds f and 0 swapped)."""
    fo = task.fold.copy()
    fo[task.fold == f] = 0
    fo[task.fold == 0] = f
    t = Task(**{k: getattr(task, k) for k in task.__dataclass_fields__})
    t.fold = fo
    return t


def _fit_predict(task: Task, variant: str, cand, seed: int):
    """(out-of-fold predictions on the task's training samples, fitted model's predictions on its test samples)."""
    y = task.labels[variant]
    R = task.regret.get(variant) if cand.regret else None
    cols = task.regret_cols.get(variant) if cand.regret else None
    w = None if cand.regret else task.weights.get(variant)
    oof = selection.cross_val_predict(task, cand, y, w, seed, R, cols)
    fitted = cand.fit(task.X[task.train], y[task.train], None if w is None else w[task.train], seed=seed,
                      R=None if R is None else R[task.train], R_cols=cols)
    test = fitted.predict(task.X[task.test])
    return oof, test


def _base_variant(v: str) -> str:
    return v.replace(" (regret)", "")


class Trainer:
    def __init__(self, cfg: Config, log=print):
        self.cfg = cfg
        self.log = log
        self.grid = candidates.default_grid(cfg.quick)
        self.gather_grid = ([c for c in self.grid if c.algorithm in ("cart", "cart-regret")] if cfg.quick else
                            [candidates.Candidate("cart", {"max_depth": d}) for d in (2, 3, 4, 6, 8)]
                            + [candidates.Candidate("cart-regret", {"max_depth": d, "min_samples_leaf": 3})
                               for d in (3, 4, 6)]
                            + [candidates.Candidate("lightgbm", {"n_estimators": 20, "num_leaves": 7,
                                                                 "learning_rate": 0.3})])

    # ------------------------------------------------------------ data
    def load(self):
        cfg = self.cfg
        self.meas = data.load(cfg.measurements, mixed_methods=cfg.mixed_methods)
        tuning = cfg.tuning_dir or (Path(cfg.out).parent)
        self.arch_json = methods.read_arch(tuning)
        self.manifest = manifest_of(cfg)
        self.excluded = self._exclude()
        self.times = methods.build(self.meas, self.arch_json)
        self.split = splitmod.make_split(self.meas.features, self.meas.shared_real, cfg.seed, cfg.folds,
                                         self.manifest)
        self.F = self.meas.features
        backend = str(self.meas.run.get("backend", "")).lower()
        self.is_gpu = backend in GPU_BACKENDS
        self.log(f"{len(self.F)} matrices, {len(self.times.labels)} method labels, backend {backend}; "
                 f"split {len(self.split.train)} train / {len(self.split.test)} held out")
        if self.meas.mixed_methods:
            self.log(f"mixed method lists: kernel models on the {len(self.times.time)} matrices with every label, "
                     f"tpr_global on the {len(self.times.tpr_time)} with every TpR")

    def _exclude(self) -> dict:
        """Drops the matrices of the excluded groups (and matrices) before anything is built from them."""
        cfg, meas = self.cfg, self.meas
        if not cfg.exclude_groups and not cfg.exclude_matrices:
            return {}
        g = splitmod.groups(meas.features, self.manifest)
        drop = splitmod.matching(g, cfg.exclude_groups) if cfg.exclude_groups else pd.Series(False, index=g.index)
        if cfg.exclude_matrices:
            drop |= g.index.isin(list(cfg.exclude_matrices))
        gone = set(g.index[drop])
        meas.features = meas.features[~drop]
        meas.runtimes = meas.runtimes[~meas.runtimes["matrix"].isin(gone)]
        if meas.blocks is not None:
            meas.blocks = meas.blocks[~meas.blocks["matrix"].isin(gone)]
        meas.shared_real = [m for m in meas.shared_real if m not in gone]
        out = {"matrices": int(drop.sum())}
        if cfg.exclude_groups:
            hit = sorted(set(g[splitmod.matching(g, cfg.exclude_groups)]))
            out.update({"patterns": list(cfg.exclude_groups), "groups": len(hit),
                        "group_names": hit[:50] + (["..."] if len(hit) > 50 else [])})
        self.log(f"excluded {out['matrices']} matrices"
                 + (f" of {out['groups']} groups matching {','.join(cfg.exclude_groups)}" if cfg.exclude_groups
                    else ""))
        return out

    # ------------------------------------------------------------ TpR
    def train_tpr(self, out: Outcome):
        if not self.is_gpu or not self.times.tpr_labels:
            return
        res, rules = [], None
        for set_name, names in TPR_SETS.items():
            task, r = tasks.tpr_global_task(self.F, self.times, self.split.fold, names)
            rules = rules or r
            self.log(f"tpr_global [{set_name} features]")
            res += selection.run(task, self.grid, self.cfg.seed, self.cfg.max_model_bytes, log=self.log)
        out.results["tpr_global"] = res
        out.chosen["tpr_global"] = selection.choose(res, res[0].task.tolerance)
        task = out.tasks["tpr_global"] = out.chosen["tpr_global"].task
        out.report["tpr_global_rules"] = {k: task.evaluate(None, v[task.test], task.test) for k, v in rules.items()}
        out.report["tpr_global_rules_all"] = {k: task.evaluate(None, v, np.ones(len(v), bool))
                                              for k, v in rules.items()}
        out.report["tpr_global_noise"] = self._tpr_noise(task, out.chosen["tpr_global"])
        res, rules = [], None
        for set_name, names in TPR_SETS.items():
            bt = tasks.tpr_block_task(self.meas.blocks, self.split.fold, names=names)
            if bt is None:
                return
            task, r = bt
            rules = rules or r
            self.log(f"tpr_block ({len(task.ids)} blocks) [{set_name} features]")
            res += selection.run(task, self.grid, self.cfg.seed, self.cfg.max_model_bytes, log=self.log)
        out.results["tpr_block"] = res
        out.chosen["tpr_block"] = selection.choose(res, res[0].task.tolerance)
        task = out.tasks["tpr_block"] = out.chosen["tpr_block"].task
        out.report["tpr_block_rules"] = {k: task.evaluate(None, v[task.test], task.test) for k, v in rules.items()}

    def _tpr_noise(self, task: Task, chosen: Result) -> dict:
        """Why TpR selection has a floor here: near-ties and launch-bound matrices (held-out fold)."""
        T = self.times.tpr_time.loc[task.ids, self.times.tpr_labels].to_numpy()[task.test]
        S = np.sort(T, axis=1)
        p = chosen.test_pred
        tp = T[np.arange(len(T)), p]
        loss = 100.0 * (tp - S[:, 0]) / S[:, 0]
        order = np.argsort(-loss)
        top = order[: max(1, len(loss) // 100)]
        slow = S[:, 0] >= 20e-6
        return {
            "second_within_2pct_pct": 100.0 * float(np.mean((S[:, 1] - S[:, 0]) / S[:, 0] <= 0.02)),
            "oracle_below_10us_pct": 100.0 * float(np.mean(S[:, 0] < 10e-6)),
            "plub_share_of_worst_1pct": float(loss[top].sum() / max(loss.sum(), 1e-300) * 100.0),
            "plub_without_worst_1pct": float(np.delete(loss, top).mean()),
            "worst": [(task.ids[np.flatnonzero(task.test)[i]], float(loss[i])) for i in order[:5]],
            "oracle_ge_20us": metrics.selection(tp[slow], S[slow, 0]) if slow.any() else {},
        }

    # ------------------------------------------------------------ kernels
    def train_kernels(self, out: Outcome):
        costs = tasks.Costs(self.F, self.times)
        self.costs = costs
        zero = np.zeros(len(costs.mats))
        kres = []
        for set_name, names in KNOWN_SETS.items():
            kt = tasks.kernel_task("kernel_known", names, costs, self.split.fold, 1, zero, KNOWN_VARIANTS)
            self.log(f"kernel_known [{set_name} features]")
            kres += selection.run(kt, self.grid, self.cfg.seed, self.cfg.max_model_bytes, log=self.log)
        known_by_variant = {}
        for v in KNOWN_VARIANTS:
            rs = [r for r in kres if _base_variant(r.variant) == v]
            known_by_variant[v] = selection.choose(rs, kt.tolerance)
        self.known_by_variant = known_by_variant
        gathered = {}
        gt_by_set = {}
        gres_all = []
        for set_name, names in [*GATHERED_SETS.items(),
                                *((k + DEVICE_SUFFIX, v) for k, v in GATHERED_DEVICE_SETS.items())]:
            fc = costs.feature_cost(names)
            gt = tasks.kernel_task("kernel_gathered", names, costs, self.split.fold, 100, fc, GATHERED_VARIANTS)
            gt_by_set[set_name] = (gt, fc)
            self.log(f"kernel_gathered [{set_name} features]")
            gres = selection.run(gt, self.grid, self.cfg.seed, self.cfg.max_model_bytes, log=self.log)
            for r in gres:
                r.variant = f"{set_name}: {r.variant}"
                r.feature_set = set_name
            gres_all += gres
        for set_name in GATHERED_SETS:  # per feature set and label variant: with or without the device features
            for v in GATHERED_VARIANTS:
                rs = [r for r in gres_all if r.feature_set in (set_name, set_name + DEVICE_SUFFIX)
                      and _base_variant(r.variant).split(": ", 1)[1] == v]
                gathered[(set_name, v)] = selection.choose(rs, gt_by_set[set_name][0].tolerance)
        # Pairs + gather models, chosen on cross-validation.
        self.log("gather (pairs of kernel models)")
        combos = []
        for kv, kr in known_by_variant.items():
            for (sn, gv), gr in gathered.items():
                gt, fc = gt_by_set[gr.feature_set]
                res = []
                for names in KNOWN_SETS.values():
                    task = tasks.gather_task(costs, self.split.fold, kr.oof, gr.oof, _full(kr.task, kr), _full(gt, gr),
                                             fc, names=names)
                    res += selection.run(task, self.gather_grid, self.cfg.seed, self.cfg.max_model_bytes, log=None)
                best = selection.choose(res, res[0].task.tolerance)
                combos.append({"known": kr, "gathered": gr, "set": gr.feature_set, "gather": best, "task": best.task,
                               "results": res, "known_variant": kv, "gathered_variant": gv})
                self.log(f"  known [{kv}] {kr.candidate.name} ({_set_of(kr)}) + gathered [{gr.feature_set}: {gv}] "
                         f"{gr.candidate.name}: cv {best._score_cv:.4f} held-out {best._score_held:.4f} "
                         f"({best.candidate.name}, {_set_of(best)})")
        best = max(combos, key=lambda c: c["gather"]._score_cv)
        out.results["kernel_known"], out.tasks["kernel_known"] = kres, best["known"].task
        out.results["kernel_gathered"], out.tasks["kernel_gathered"] = gres_all, best["gathered"].task
        out.results["gather"], out.tasks["gather"] = best["results"], best["task"]
        out.chosen["kernel_known"] = best["known"]
        out.chosen["kernel_gathered"] = best["gathered"]
        out.chosen["gather"] = best["gather"]
        self.combo = best
        self.gathered_fc = gt_by_set[best["set"]][1]
        out.report["combos"] = [{"known": f"{c['known_variant']}: {c['known'].candidate.name} ({_set_of(c['known'])})",
                                 "gathered": f"{c['set']}: {c['gathered_variant']}: {c['gathered'].candidate.name}",
                                 "gather": f"{c['gather'].candidate.name} ({_set_of(c['gather'])})",
                                 "cv": c["gather"]._score_cv,
                                 "held_out": c["gather"]._score_held,
                                 "held_out_detail": c["gather"].held_out} for c in combos]

    def crossfit(self, out: Outcome) -> dict:
        """Out-of-fold kernel choices for every matrix (K models each; fold 0's are the exported ones)."""
        costs = self.costs
        kt, gtask = out.tasks["kernel_known"], out.tasks["kernel_gathered"]
        kr, gr, ga = out.chosen["kernel_known"], out.chosen["kernel_gathered"], out.chosen["gather"]
        n = len(costs.mats)
        known = np.full(n, -1)
        gath = np.full(n, -1)
        dec = {N: np.full(n, -1) for N in tasks.EVAL_CALLS}
        fold = self.split.fold.loc[costs.mats].to_numpy()
        for f in range(self.cfg.folds):
            if not (fold == f).any():
                continue
            k2, g2 = _swap_fold(kt, f), _swap_fold(gtask, f)
            k_oof, k_test = _fit_predict(k2, _base_variant(kr.variant), kr.candidate, self.cfg.seed)
            g_oof, g_test = _fit_predict(g2, _base_variant(gr.variant.split(": ", 1)[1]), gr.candidate,
                                         self.cfg.seed)
            sw = self.split.fold.copy()
            sw[self.split.fold == f] = 0
            sw[self.split.fold == 0] = f
            kf = np.full(n, -1)
            gf = np.full(n, -1)
            kf[k2.test] = k_test
            gf[g2.test] = g_test
            gat = tasks.gather_task(costs, sw, k_oof, g_oof, kf, gf, self.gathered_fc,
                                    names=out.chosen["gather"].task.features[:-1])
            _, d_test = _fit_predict(gat, "cheaper path", ga.candidate, self.cfg.seed)
            sel = np.flatnonzero(gat.test)
            ids = [gat.ids[i] for i in sel]
            mi = {m: i for i, m in enumerate(costs.mats)}
            for (m, N), d in zip(ids, d_test):
                if N in dec:
                    dec[N][mi[m]] = d
            known[fold == f] = k_test
            gath[fold == f] = g_test
        nnz = self.F.loc[costs.mats, "nnz"].to_numpy()
        for N in dec:
            dec[N] = np.where(gather_insured(self.arch_json, self.is_gpu, nnz, N), 1, dec[N])
        # The skew guard over both paths' picks (it does not depend on the calls): "known"/"gathered" are the
        # plan's picks, "known_model"/"gathered_model" the models' (the drop-in call has no guard).
        ks = self.skew_guarded(known, False)
        gs = self.skew_guarded(gath, True)
        return {"known": ks.pred, "gathered": gs.pred, "decisions": dec, "known_model": known,
                "gathered_model": gath, "skew_known": ks.fired, "skew_gathered": gs.fired,
                "skew_known_gather_s": ks.gather_s}

    def skew_guarded(self, pred, gathered) -> SkewGuarded:
        """apply_skew_guard over picks of every matrix of self.costs (the run's backend, each matrix's device)."""
        return apply_skew_guard(self.costs, None, pred, gathered, self.arch_json, self.is_gpu,
                                backend=str(self.meas.run.get("backend", "")).lower() or None)

    def crossfit_task(self, task: Task, variant: str, cand) -> np.ndarray:
        """Out-of-fold predictions of one model for every sample (fold f from a model trained on the others)."""
        pred = np.full(len(task.ids), -1)
        for f in range(self.cfg.folds):
            if not (task.fold == f).any():
                continue
            t2 = _swap_fold(task, f)
            y = t2.labels[variant]
            R = t2.regret.get(variant) if cand.regret else None
            cols = t2.regret_cols.get(variant) if cand.regret else None
            w = None if cand.regret else t2.weights.get(variant)
            fitted = cand.fit(t2.X[t2.train], y[t2.train], None if w is None else w[t2.train], seed=self.cfg.seed,
                              R=None if R is None else R[t2.train], R_cols=cols)
            pred[t2.test] = fitted.predict(t2.X[t2.test])
        return pred

    def assess_kernels(self, out: Outcome):
        costs = self.costs
        cf = self.crossfit(out)
        self.cf = cf
        # The drop-in alternative: the known model of the other label variant (per call, direct kernels).
        chosen_kv = _base_variant(out.chosen["kernel_known"].variant)
        alt = {v: r for v, r in self.known_by_variant.items() if v != chosen_kv}
        alt_pred = {v: self.crossfit_task(r.task, v, r.candidate) for v, r in alt.items()}
        fold = self.split.fold.loc[costs.mats].to_numpy()
        sets = {"held_out": np.flatnonzero(fold == 0), "all_folds": np.arange(len(costs.mats))}
        real = [costs.mats.index(m) for m in self.meas.shared_real if m in costs.mats]
        if real:
            sets["shared_real"] = np.array(real)
        tpr_lab = self.times.tpr_labels
        if self.is_gpu and tpr_lab and "tpr_cusp_mean" in self.F.columns:
            fallback = np.array([costs.labels.index(f"{self.times.tpr_labels[0].split('/')[0]}/tpr="
                                                    f"{min(int(v), max(self.times.tprs))}")
                                 for v in self.F.loc[costs.mats, "tpr_cusp_mean"]])
        else:
            fallback = np.full(len(costs.mats), costs.labels.index("csr_scalar") if "csr_scalar" in costs.labels
                               else 0)
        rep = {}
        for name, idx in sets.items():
            kp, gp = cf["known"][idx], cf["gathered"][idx]
            km = cf["known_model"][idx]
            dec = {N: cf["decisions"][N][idx] for N in tasks.EVAL_CALLS}
            plan_pred = np.where(dec[100] == 1, gp, kp)
            plan_model = np.where(dec[100] == 1, cf["gathered_model"][idx], km)
            skew = np.where(dec[100] == 1, cf["skew_gathered"][idx], cf["skew_known"][idx])
            rep[name] = {
                "n": int(len(idx)),
                "selection": assess.selection_at(costs, idx, kp, gp, self.gathered_fc, dec,
                                                 cf["skew_known_gather_s"]),
                "plan_apply_100": assess.plan_apply(costs, idx, plan_pred),
                "skew_guard_100": {"fired": int(skew.sum()),
                                   "fired_known_path": int((skew & (dec[100] != 1)).sum()),
                                   "plan_apply_without": assess.plan_apply(costs, idx, plan_model)},
                "gathered_apply": assess.plan_apply(costs, idx, gp),
                "drop_in": assess.drop_in(costs, idx, km, fallback),
                "drop_in_alternatives": {f"{v}: {alt[v].candidate.name}": assess.drop_in(costs, idx, p[idx], fallback)
                                         for v, p in alt_pred.items()},
                "drop_in_rule": assess.drop_in(costs, idx, fallback[idx], fallback),
            }
        if real:
            rows = []
            for i in real:
                d100 = cf["decisions"][100][i]
                p = cf["gathered"][i] if d100 == 1 else cf["known"][i]
                v = costs.vendor.iloc[i]
                kpi = cf["known_model"][i]  # the drop-in call: no plan, no guard
                dp = kpi if costs.direct[kpi] else fallback[i]
                rows.append({"matrix": costs.mats[i], "fold": int(fold[i]), "nnz": int(self.F.loc[costs.mats[i], "nnz"]),
                             "plan_choice": costs.labels[p], "gathered_at_100": bool(d100 == 1),
                             "skew_guard": bool(cf["skew_gathered"][i] if d100 == 1 else cf["skew_known"][i]),
                             "oracle": costs.labels[int(np.argmin(costs.T[i]))],
                             "vs_oracle_all": float(costs.all_min[i] / costs.T[i, p]),
                             "vs_best_cusparse": float(v.get("best_cusparse", np.nan) / costs.T[i, p]),
                             "drop_in_choice": costs.labels[dp],
                             "drop_in_vs_alg1": float(v.get("cusparse/alg1", np.nan) / costs.T[i, dp])})
            rep["shared_real_rows"] = rows
        out.report["kernels"] = rep

    # ------------------------------------------------------------ runtime
    def train_runtime(self, out: Outcome):
        """The runtime model over kernel_gathered's classes and features (runtime_table.py; describe() only)."""
        r = out.chosen.get("kernel_gathered")
        if r is None or not self.cfg.runtime:
            return
        task = r.task
        # The inputs kernel_gathered reads (what a gathered plan has), in its order.
        names = list(r.model["features"])
        X = task.X[:, [task.features.index(n) for n in names]]
        self.log("runtime (predicted time per call of each kernel_gathered class)")
        m = runtime_table.model(X, self.costs.T, task.fold, names, list(self.costs.labels), self.cfg.seed,
                                self.cfg.quick)
        if self.cfg.support:
            m["support"] = export.support(X[task.train], names)
        out.runtime = m
        h = m["scores"]
        self.log(f"  held-out: median relative error {h['median_rel_error_pct']:.1f} %, least predicted time within "
                 f"5 % of the best on {h['pick_within_5pct']:.1f} %")

    # ------------------------------------------------------------ export
    def export_table(self, out: Outcome) -> dict:
        cfg = self.cfg
        models = {}
        for name in MODEL_ORDER:
            if name not in out.chosen:
                continue
            r = out.chosen[name]
            m = dict(r.model)
            m["scores"] = assess.finite(_scores(name, r))
            if cfg.support:
                m["support"] = export.support(r.task.X[r.task.train], r.task.features)
            models[name] = m
        if out.runtime is not None:
            models["runtime"] = out.runtime
        meas = self.meas
        run = meas.run
        root = cfg.repo_root
        head = _git(["rev-parse", "--short", "HEAD"], root) if root else ""
        dirty = _git(["status", "--porcelain", "--", "predictors/train"], root) if root else ""
        spec_shas = sorted({f.spec_sha256 for f in meas.folders if f.spec_sha256})
        prov = {
            "measurements": [_rel(f.path, root) for f in meas.folders],
            "measurement_commit": run.get("commit", ""),
            "measurement_commit_note": ("the collector's build stamp from run.json; the binary's source commit is "
                                        f"in tuning_data/{cfg.arch}/PROVENANCE.md"),
            "measurement_date": run.get("date", ""),
            "measurement_sessions": [s for f in meas.folders for s in f.sessions.splitlines() if s.strip()],
            "device": f"{run.get('device', {}).get('name', '')} ({run.get('execution_space', run.get('backend', ''))}, "
                      f"{run.get('precision', '')})",
            "corpus_spec_sha256": spec_shas[0] if len(spec_shas) == 1 else spec_shas,
            "training_command": cfg.command,
            "training_commit": head + ("+uncommitted predictors/train changes" if dirty else ""),
            "trained_at": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
            "split": self.split.summary(),
            "libraries": _versions(),
            "selection": ("each model's algorithm, hyper-parameters and label variant chosen on grouped "
                          "cross-validation over the training folds (the held-out fold never chooses); among "
                          "candidates under the size cap within the tolerance of the best score, the cheapest "
                          "to evaluate; scores in each model's 'scores' are held-out"),
            "costs": ("kernel-selection labels and scores count feature collection (the collector's time of the "
                      "feature groups a model reads), analysis (preprocessing_s) and calls (time_s, launch "
                      "included); offline, from recorded timings"),
            "methods": {lab: "/".join(self.times.label_config[lab]) for lab in self.times.labels},
            "models": {name: (_model_prov(name, out.chosen[name]) if name in out.chosen else
                              _runtime_prov(models[name])) for name in models},
        }
        if meas.duplicates:
            prov["duplicates_skipped"] = len(meas.duplicates)
        if self.manifest is not None:
            prov["real_manifest"] = {"path": _rel(Path(self.manifest.path), root), "matrices": len(self.manifest)}
        if self.excluded.get("patterns"):
            prov["excluded_groups"] = self.excluded
        if meas.mixed_methods:
            prov["mixed_methods"] = {
                "folders": {_rel(Path(f), root): ks for f, ks in meas.mixed_methods.items()},
                "rule": ("folders of different run.json method lists merged (--mixed-methods): the methods are "
                         "their union; each model trains on the matrices that measured all of its classes"),
                "kernel_model_matrices": int(len(self.times.time)),
                "tpr_global_matrices": int(len(self.times.tpr_time)),
            }
        omitted = self._omitted(out)
        if omitted:
            prov["omitted_models"] = omitted
        prov["summary"] = self._summary(out, models, omitted)
        table = {"schema": evaluate.SCHEMA, "arch": cfg.arch, "status": "trained",
                 "provenance": assess.finite(prov), "models": models}
        evaluate.validate(table)
        size = len(dumps(table))
        if size > cfg.max_total_bytes:
            raise RuntimeError(f"model table is {size} bytes, over the cap of {cfg.max_total_bytes}")
        return table

    def _omitted(self, out: Outcome) -> dict:
        om = {}
        if not self.is_gpu:
            t = self.times
            T = t.time[t.tpr_labels]
            tpr1 = 100.0 * float((T.to_numpy().argmin(axis=1) == 0).mean()) if len(t.tpr_labels) else 0.0
            best = t.time.to_numpy().argmin(axis=1)
            vec = 100.0 * float(np.isin(best, [t.labels.index(l) for l in t.tpr_labels]).mean())
            why = (f"CPU backend ({self.meas.run.get('execution_space', '')}): CSR-vector's threads per row is a "
                   f"vector length run as a serial inner loop; TpR=1 is its fastest TpR on {tpr1:.0f} % of the "
                   f"matrices and csr_vector (any TpR) is the fastest method on {vec:.1f} %: a TpR model would "
                   f"only learn noise, so the rule decides")
            om["tpr_global"] = why
            om["tpr_block"] = why
        elif "tpr_block" not in out.chosen:
            om["tpr_block"] = "no blockwise samples (blocks.csv) in the measurements"
        if not self.cfg.runtime and "kernel_gathered" in out.chosen:
            om["runtime"] = (f"left out (--no-runtime): over kernel_gathered's {len(self.times.labels)} classes it "
                             f"does not fit the table's size cap; Plan::describe() prints no forecast")
        return om

    def _summary(self, out: Outcome, models: dict, omitted: dict) -> str:
        parts = [f"Trained on {len(self.F)} matrices measured on {self.meas.run.get('device', {}).get('name', '?')} "
                 f"({self.meas.run.get('date', '')[:10]}), {len(self.split.test)} held out by matrix group"]
        if self.excluded.get("patterns"):
            parts[0] += (f", without the {self.excluded['matrices']} matrices of the {self.excluded['groups']} groups "
                         f"matching {','.join(self.excluded['patterns'])}")
        s = []
        if "tpr_global" in models:
            h = out.chosen["tpr_global"].held_out
            s.append(f"tpr_global {h['accuracy_pct']:.0f} % accuracy, PLUB {h['PLUB_pct']:.1f} %")
        if "tpr_block" in models:
            h = out.chosen["tpr_block"].held_out
            s.append(f"tpr_block relaxed accuracy {h['relaxed_accuracy_pct']:.0f} %, PLUB {h['PLUB_pct']:.1f} %")
        k = out.report.get("kernels", {}).get("held_out")
        if k:
            sel = k["selection"]
            s.append("kernel selection " + ", ".join(f"{sel[N]['selection']['gm']:.2f}x oracle at {N} call"
                                                     + ("s" if N > 1 else "") for N in tasks.EVAL_CALLS))
            s.append(f"plan choice per call {k['plan_apply_100']['vs_oracle_all_aspmv']['gm']:.2f}x the oracle over "
                     "all aspmv configurations")
        ruled = [k for k in omitted if k != "runtime"]
        if ruled:
            s.append("no " + "/".join(ruled) + " model (rules decide)")
        if "runtime" in omitted:
            s.append("no runtime model (--no-runtime)")
        return parts[0] + ": held-out " + "; ".join(s) + "."

    # ------------------------------------------------------------ all
    def run(self) -> Outcome:
        t0 = time.time()
        self.load()
        out = Outcome(table={})
        self.train_tpr(out)
        self.train_kernels(out)
        self.assess_kernels(out)
        self.train_runtime(out)
        out.table = self.export_table(out)
        out.report["elapsed_s"] = time.time() - t0
        out.report["split_table"] = self.split.table()
        out.report["dropped"] = self.times.dropped
        self.out = out
        return out


def _set_of(r: Result) -> str:
    """'device features' when a result's model reads any, else 'no device features'."""
    return "device features" if set(r.task.features) & set(feat.DEVICE) else "no device features"


def _full(task: Task, r: Result) -> np.ndarray:
    """A result's test predictions spread over all of the task's samples (-1 on training samples)."""
    full = np.full(len(task.ids), -1)
    full[task.test] = r.test_pred
    return full


def _scores(name: str, r: Result) -> dict:
    h = r.held_out
    if name in ("tpr_global", "tpr_block"):
        return {"split": "held-out", "n": h.get("n"), "accuracy_pct": h.get("accuracy_pct"),
                "relaxed_accuracy_pct": h.get("relaxed_accuracy_pct"), "PLUB_pct": h.get("PLUB_pct"),
                "cv_PLUB_pct": r.cv.get("PLUB_pct")}
    out = {"split": "held-out"}
    out.update({k: v for k, v in h.items() if isinstance(v, (int, float))})
    return out


def _runtime_prov(m: dict) -> dict:
    return {"algorithm": m["algorithm"], "hyperparameters": dict(runtime_table.PARAMS), "labels": "ln seconds per call",
            "classes": len(m["classes"]), "trees": len(m["trees"]), "nodes": export.n_nodes(m),
            "worst_case_nodes_visited": export.max_path(m)}


def _model_prov(name: str, r: Result) -> dict:
    return {"algorithm": r.candidate.algorithm, "hyperparameters": r.candidate.params, "labels": r.variant,
            "classes": len(r.model["classes"]), "trees": len(r.model["trees"]), "nodes": r.nodes,
            "worst_case_nodes_visited": r.path}


def _versions() -> dict:
    import importlib.metadata as md
    out = {"python": sys.version.split()[0]}
    for p in ("numpy", "pandas", "scikit-learn", "xgboost-cpu", "xgboost", "lightgbm"):
        try:
            out[p] = md.version(p)
        except md.PackageNotFoundError:
            pass
    return out


def dumps(table: dict) -> str:
    """The table as JSON: floats as Python's repr (shortest round-trip = the same double everywhere)."""
    return json.dumps(table, indent=1, allow_nan=False) + "\n"


def compact_dumps(table: dict) -> str:
    """Readable header, one line per tree array (keeps the file small and diffable)."""
    lines = ["{"]
    lines.append(f' "schema": {json.dumps(table["schema"])},')
    lines.append(f' "arch": {json.dumps(table["arch"])},')
    lines.append(f' "status": {json.dumps(table["status"])},')
    prov = json.dumps(table["provenance"], indent=2, allow_nan=False).replace("\n", "\n ")
    lines.append(f' "provenance": {prov},')
    lines.append(' "models": {')
    names = list(table["models"])
    for mi, name in enumerate(names):
        m = table["models"][name]
        lines.append(f'  {json.dumps(name)}: {{')
        keys = [k for k in m if k != "trees"]
        for k in keys:
            lines.append(f'   {json.dumps(k)}: {json.dumps(m[k], allow_nan=False)},')
        lines.append('   "trees": [')
        for ti, t in enumerate(m["trees"]):
            sep = "," if ti + 1 < len(m["trees"]) else ""
            lines.append("    " + json.dumps(t, separators=(",", ":"), allow_nan=False) + sep)
        lines.append("   ]")
        lines.append("  }" + ("," if mi + 1 < len(names) else ""))
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"
