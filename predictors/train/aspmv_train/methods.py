"""Method labels and time tables.

A method label is what a kernel-selection model predicts (docs/MODEL_TABLES.md):
the registry's kernel name, with its configuration after a slash where the
configuration is the model's to choose. Only aspmv's own kernels (run.json
family "aspmv") are labels; cuSPARSE, Kokkos Kernels and aspmv_auto are
comparators only.

- The TpR kernel (run.json ``tpr: true``, CSR-vector): one label per measured
  TpR, ``csr_vector/tpr=N``.
- A kernel measured with one configuration (csr_scalar ``-``, merge_path ``-``,
  gao_partitioned ``rule=cusp_mean``): its bare name.
- csr_adaptive is measured with three staging unrolls (``unroll=1/4/8``), but
  a plan that chooses csr_adaptive runs the unroll of the architecture table
  (``parameters.adaptive.stage_unroll`` of tuning_data/<arch>/arch.json;
  ``PlanOptions::adaptive_unroll`` = 0). So its label is the bare
  ``csr_adaptive`` timed at that unroll, never the best of the three (a
  choice the library would not make). The oracle over *all* measured aspmv
  configurations, unrolls included, is reported beside it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from aspmv_train.data import DataError, Measurements

# Kernels whose configuration the architecture table fixes: kernel -> function(arch.json) -> config.
def _adaptive_unroll(arch: dict) -> str:
    return f"unroll={int(arch.get('parameters', {}).get('adaptive', {}).get('stage_unroll', 1))}"


TABLE_CONFIGS = {
    "csr_adaptive": _adaptive_unroll,
    "csr_adaptive_delta": _adaptive_unroll,  # CSR-Adaptive's body over compressed columns: the same table unroll
}
# Kernels that need the row structure (a row_stats pass inside their own plan;
# kernel_info.hpp's needs_structure). Informational: see tasks.selection_costs.
ANALYSIS_KERNELS = ("gao_partitioned", "csr_adaptive", "csr_adaptive_delta", "merge_path")


def label_of(kernel: str, config: str) -> str:
    return kernel if config in ("-", "") else f"{kernel}/{config}"


def tpr_of(label: str) -> int | None:
    """TpR of a ``csr_vector/tpr=N`` label, else None."""
    if "/tpr=" in label:
        return int(label.split("/tpr=")[1])
    return None


@dataclass
class TimeTables:
    labels: list[str]            # model labels, canonical order (the classes' order)
    label_config: dict           # label -> (kernel, config) it is timed with
    time: pd.DataFrame           # matrix x label: seconds per call
    pre: pd.DataFrame            # matrix x label: preprocessing_s (plan analysis)
    all_aspmv: pd.DataFrame      # matrix x every measured aspmv configuration: seconds per call
    tpr_labels: list[str]        # the TpR kernel's labels, ascending TpR
    tprs: list[int]
    vendor: pd.DataFrame         # matrix x {best_cusparse, cusparse/alg1, cusparse/alg2, kokkos_kernels, mkl}
    vendor_pre: pd.DataFrame     # the same columns: setup seconds (best_cusparse: the faster algorithm's)
    auto: pd.Series | None       # aspmv_auto time per call
    auto_pre: pd.Series | None
    dropped: list[str]           # matrices without a complete set of label times
    # matrix x tpr_labels: the TpR kernel's times, tpr_global's samples. time[tpr_labels] (the matrices with every
    # label), except for folders of different method lists (data.load's mixed_methods): every matrix that measured
    # each TpR of the TpR kernel.
    tpr_time: pd.DataFrame | None = None

    def matrices(self) -> list[str]:
        return list(self.time.index)


# Kernels that run on a converted copy of A (KernelTraits::copies_values): the
# plan's automatic choice takes them only with PlanOptions::allow_conversion,
# and their memory guard refuses some matrices, so they are no labels of the
# kernel models (the runtime models of issue 22 rank them).
CONVERTED_FORMATS = ("sell", "ell", "jad", "dia", "tile8x4", "ell_bro")


def read_arch(tuning_dir: Path) -> dict:
    p = Path(tuning_dir) / "arch.json"
    return json.loads(p.read_text()) if p.exists() else {}


def build(meas: Measurements, arch: dict) -> TimeTables:
    r = meas.runtimes.copy()
    r["label"] = [label_of(k, c) for k, c in zip(r["kernel"], r["config"].astype(str))]
    wide_t = r.pivot_table(index="matrix", columns="label", values="time_s", aggfunc="first")
    wide_p = r.pivot_table(index="matrix", columns="label", values="preprocessing_s", aggfunc="first")
    tpr_kernel = meas.tpr_kernel()
    labels, config = [], {}
    tprs: list[int] = []
    for kernel in meas.aspmv_kernels():
        if kernel in CONVERTED_FORMATS:
            continue
        configs = sorted(set(r.loc[r["kernel"] == kernel, "config"].astype(str)))
        if not configs:
            continue
        if kernel == tpr_kernel or all(c.startswith("tpr=") for c in configs):
            # One label per TpR: the plan runs the TpR of a "kernel/tpr=N" label (csr_vector, csr_delta).
            kernel_tprs = sorted(int(c.split("=")[1]) for c in configs if c.startswith("tpr="))
            if kernel == tpr_kernel:
                tprs = kernel_tprs
            for t in kernel_tprs:
                lab = f"{kernel}/tpr={t}"
                labels.append(lab)
                config[lab] = (kernel, f"tpr={t}")
        elif len(configs) == 1:
            labels.append(kernel)
            config[kernel] = (kernel, configs[0])
        elif kernel in TABLE_CONFIGS:
            c = TABLE_CONFIGS[kernel](arch)
            if c not in configs:
                raise DataError(f"{kernel}: the architecture table's configuration {c} was not measured ({configs})")
            labels.append(kernel)
            config[kernel] = (kernel, c)
        else:
            raise DataError(f"{kernel} has configurations {configs} and no rule says which one a plan runs")
    src = {lab: label_of(*config[lab]) for lab in labels}
    time = pd.DataFrame({lab: wide_t[src[lab]] for lab in labels})
    pre = pd.DataFrame({lab: wide_p[src[lab]] for lab in labels})
    complete = time.notna().all(axis=1) & pre.notna().all(axis=1)
    dropped = sorted(time.index[~complete])
    time, pre = time[complete], pre[complete]
    aspmv_cols = [c for c in wide_t.columns if c.split("/")[0] in set(meas.aspmv_kernels())]
    all_aspmv = wide_t.loc[time.index, aspmv_cols]
    vendor = pd.DataFrame(index=time.index)
    vendor_pre = pd.DataFrame(index=time.index)
    cus = [c for c in ("cusparse/alg1", "cusparse/alg2") if c in wide_t.columns]
    for c in cus:
        vendor[c] = wide_t.loc[time.index, c]
        vendor_pre[c] = wide_p.loc[time.index, c]
    if cus:
        ct = wide_t.loc[time.index, cus]
        vendor["best_cusparse"] = ct.min(axis=1)
        fastest = ct.to_numpy().argmin(axis=1)
        vendor_pre["best_cusparse"] = wide_p.loc[time.index, cus].to_numpy()[np.arange(len(ct)), fastest]
    for name in ("kokkos_kernels", "mkl"):   # the CPU comparators: Kokkos Kernels' spmv, oneMKL's inspector-executor
        cols = [c for c in wide_t.columns if c.split("/")[0] == name]
        if cols:
            vendor[name] = wide_t.loc[time.index, cols[0]]
            vendor_pre[name] = wide_p.loc[time.index, cols[0]]
    auto = wide_t.loc[time.index, "aspmv_auto"] if "aspmv_auto" in wide_t.columns else None
    auto_pre = wide_p.loc[time.index, "aspmv_auto"] if "aspmv_auto" in wide_p.columns else None
    tpr_labels = [l for l in labels if tpr_of(l) is not None and l.split("/")[0] == tpr_kernel]
    tpr_time = time[tpr_labels]
    if meas.mixed_methods and tpr_labels:
        t = pd.DataFrame({lab: wide_t[src[lab]] for lab in tpr_labels})
        tpr_time = t[t.notna().all(axis=1)]
    return TimeTables(labels, config, time, pre, all_aspmv, tpr_labels, tprs, vendor, vendor_pre, auto, auto_pre,
                      dropped, tpr_time)


def gm(x) -> float:
    """Geometric mean of positive numbers (NaN when empty)."""
    x = np.asarray(x, dtype=float)
    return float(np.exp(np.mean(np.log(x)))) if len(x) else float("nan")
