"""Speedups over baselines and best counts (Gao Tables 6/10 and 7/11, Figs. 8/11),
bandwidth against the copy roofline, and where each kernel wins (Seer Fig. 1)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from aspmv_report import best_counts, provenance, speedups
from aspmv_report.candidates import aspmv_all, everything, tpr_gao
from aspmv_report.context import TIME_SOURCE, Context, used_note
from aspmv_report.figures import bandwidth, speedup as speedup_figure, winners
from aspmv_report.items import CsvOnly, Heading, Text
from aspmv_report.labels import AUTO, CUSPARSE_ALGS, KOKKOS_KERNELS, kernel_of, tpr_label
from aspmv_report.predictors import Predictor, evaluate, fixed, literature_rules, min_of
from aspmv_report.tables import Table

KERNEL_METHODS = ("csr_scalar", "gao_partitioned", "csr_adaptive", "merge_path")
PLOTTED = ("CUSP mean rule", "Reguly sqrt-mean rule", "Kokkos Kernels rule", "aspmv_auto",
           "oracle(TpR {2..32})", "oracle(all aspmv)", "best cuSPARSE", "Kokkos Kernels")


def methods(ctx: Context) -> list[Predictor]:
    """Gao Table 6/10's columns for aspmv: rules, aspmv_auto, oracles, each aspmv kernel, vendors."""
    avail = ctx.available
    out = literature_rules()
    if AUTO in avail:
        out.append(fixed("aspmv_auto", AUTO, has_config=False))
    for cset in (tpr_gao(), aspmv_all(avail)):
        out.append(min_of(cset.oracle_name, cset.labels))
    for kernel in KERNEL_METHODS:
        labels = [l for l in aspmv_all(avail).labels if kernel_of(l) == kernel]
        if len(labels) == 1:
            out.append(fixed(kernel, labels[0]))
        elif labels:
            out.append(min_of(f"{kernel} (best of {len(labels)} configs)", tuple(labels)))
    algs = tuple(a for a in CUSPARSE_ALGS if a in avail)
    if algs:
        out.append(min_of("best cuSPARSE", algs))
    if KOKKOS_KERNELS in avail:
        out.append(fixed("Kokkos Kernels", KOKKOS_KERNELS))
    return out


def baselines(ctx: Context) -> list[Predictor]:
    out = [fixed(f"CSR-vector TpR={ctx.baseline_tpr}", tpr_label(ctx.baseline_tpr))]
    algs = tuple(a for a in CUSPARSE_ALGS if a in ctx.available)
    if algs:
        out.append(min_of("best cuSPARSE", algs))
    if KOKKOS_KERNELS in ctx.available:
        out.append(fixed("Kokkos Kernels", KOKKOS_KERNELS))
    return out


def single_config(ctx: Context, preds: list[Predictor]) -> list[Predictor]:
    """Methods that run one configuration per matrix (no oracle; cuSPARSE algorithms one by one)."""
    out = [p for p in preds if p.uses_features or len(p.static_labels() or ()) == 1]
    out += [fixed(f"cuSPARSE {a.split('/')[1]}", a) for a in CUSPARSE_ALGS if a in ctx.available]
    return out


def build(ctx: Context) -> list:
    preds, bases = methods(ctx), baselines(ctx)
    singles = single_config(ctx, preds)
    everyone = {p.name: p for p in bases + preds + singles}
    static = [l for p in everyone.values() for l in (p.static_labels() or ())]
    comp = ctx.compare("speedups", static, [p for p in everyone.values() if p.uses_features])
    m = comp.matrices
    ev = {name: evaluate(p, ctx.data.times, ctx.data.features, m) for name, p in everyone.items()}
    t = {name: e["time"] for name, e in ev.items()}
    sources = (TIME_SOURCE, "features.csv: tpr_cusp_mean, tpr_reguly_sqrt_mean, tpr_kokkos_kernels")

    table = speedups.speedup_table({p.name: t[p.name] for p in preds}, {b.name: t[b.name] for b in bases})
    base0 = bases[0].name
    with_oracles = [bases[0].name] + [p.name for p in preds]
    without = [bases[0].name] + [p.name for p in singles]
    counts = pd.DataFrame({
        "best among all methods": best_counts.best_counts({n: t[n] for n in with_oracles}),
        "best among single-configuration methods": best_counts.best_counts({n: t[n] for n in without}),
    }).reindex(list(dict.fromkeys(with_oracles + without))).astype("Int64")
    counts.index.name = "method"
    per_matrix = pd.DataFrame({n: speedups.speedup(t[base0], t[n]) for n in with_oracles}).rename_axis("matrix")
    per_matrix_table = Table("speedup_per_matrix", f"Per-matrix speedup over {base0}", per_matrix, sources)

    items = [
        Heading("Speedups and best counts (Gao Tables 6/7, 10/11; Figs. 8/11)"),
        Text(used_note(comp)),
        Table("speedups", "Arithmetic (AM) and geometric (GM) mean speedup of each method over each baseline",
              table, sources, "speedup = t_baseline / t_method per matrix. Methods named '(best of N configs)' "
              "and 'oracle(...)' take the fastest of several measured configurations."),
        Table("best_counts", "Matrices where each method is the fastest of a stated set (ties count for each)",
              counts, sources, "'all methods' includes the oracles (as Gao's 'Optimal'); 'single-configuration "
              f"methods' are the rules, aspmv_auto, single kernels, each cuSPARSE algorithm, Kokkos Kernels and "
              f"{base0}. – : not in that set."),
        CsvOnly(per_matrix_table),
    ]
    if m:
        plotted = [n for n in PLOTTED if n in per_matrix.columns]
        sort_by = "aspmv_auto" if "aspmv_auto" in plotted else "oracle(all aspmv)"
        items.append(speedup_figure.plot(per_matrix[plotted], sort_by, base0, ctx.out_dir, ctx.slug,
                                         sources + (per_matrix_table.csv_path(ctx.slug),)))
        items += bandwidth_part(ctx, m, ev)
        items += winner_part(ctx, m)
    return items


def bandwidth_part(ctx: Context, m: list[str], ev: dict) -> list:
    """GB/s of the fastest aspmv configuration and of the faster cuSPARSE algorithm, against nnz."""
    gbs = ctx.column("gbs")
    series = {}
    for name, shown in (("oracle(all aspmv)", "fastest aspmv kernel"), ("best cuSPARSE", "faster cuSPARSE alg")):
        if name in ev:
            labels = ev[name]["label"]
            series[shown] = pd.Series([gbs.at[i, l] for i, l in labels.items()], index=labels.index, dtype=float)
    nnz = ctx.feature("nnz", m)
    copy_gbs = provenance.copy_bandwidth(ctx.section.runs)
    frame = pd.DataFrame({"nnz": nnz, **{f"{k} gbs": v for k, v in series.items()}}).rename_axis("matrix")
    table = Table("bandwidth_per_matrix", "Effective bandwidth per matrix", frame,
                  ("runtimes.csv: gbs", "features.csv: nnz", "run.json: copy_bandwidth_gbs"))
    summary = pd.DataFrame({k: {"median GB/s": float(v.median()), "max GB/s": float(v.max()),
                                "median % of copy": float(100 * v.median() / copy_gbs)}
                            for k, v in series.items()}).T.rename_axis("configuration")
    items = [Table("bandwidth_summary", "Effective bandwidth of the fastest configurations", summary,
                   table.sources, f"copy bandwidth of the run: {copy_gbs:.4g} GB/s (run.json)."),
             CsvOnly(table)]
    if nnz.notna().any():
        items.append(bandwidth.plot(nnz, series, copy_gbs, ctx.out_dir, ctx.slug,
                                    table.sources + (table.csv_path(ctx.slug),)))
    return items


def winner_part(ctx: Context, m: list[str]) -> list:
    """Kernel family of the oracle over everything, against nnz and max/mean (Seer Fig. 1)."""
    cset = everything(ctx.available)
    best = min_of("oracle", cset.labels)
    labels = evaluate(best, ctx.data.times, ctx.data.features, m)["label"]
    frame = pd.DataFrame({"nnz": ctx.feature("nnz", m),
                          "y": ctx.feature("max", m) / ctx.feature("mean", m),
                          "winner": labels.map(kernel_of), "label": labels}).rename_axis("matrix")
    table = Table("winner_per_matrix", "Fastest configuration per matrix (everything)",
                  frame.rename(columns={"y": "max/mean"}), (TIME_SOURCE, "features.csv: nnz, max, mean"))
    counts = frame["winner"].value_counts().sort_index().rename("matrices").to_frame().rename_axis("fastest kernel")
    items = [Table("winner_counts", "Matrices per fastest kernel (oracle over everything)", counts, table.sources),
             CsvOnly(table)]
    plot_frame = frame.replace([np.inf, -np.inf], np.nan).dropna(subset=["nnz", "y"])
    plot_frame = plot_frame[(plot_frame["nnz"] > 0) & (plot_frame["y"] > 0)]
    if len(plot_frame):
        items.append(winners.plot(plot_frame, "max / mean row length", ctx.out_dir, ctx.slug,
                                  table.sources + (table.csv_path(ctx.slug),)))
    return items
