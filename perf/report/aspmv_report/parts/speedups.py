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
from aspmv_report.labels import kernel_of
from aspmv_report.predictors import (Predictor, auto_predictors, display_name, evaluate, fixed, literature_rules,
                                     min_of, vendor_predictors)
from aspmv_report.tables import Table


def methods(ctx: Context) -> list[Predictor]:
    """Gao Table 6/10's columns for aspmv: rules, aspmv_auto, oracles, each aspmv kernel other than the
    TpR kernel (which the TpR oracle and the rules stand for), vendors; kernels from run.json methods."""
    avail = ctx.available
    out = literature_rules(ctx.methods) + auto_predictors(ctx.methods, avail)
    kernel_set = aspmv_all(ctx.methods, avail)
    for cset in (tpr_gao(ctx.methods), kernel_set):
        out.append(min_of(cset.oracle_name, cset.labels))
    for kernel in ctx.methods.aspmv:
        if kernel == ctx.methods.tpr_kernel:
            continue
        labels = [l for l in kernel_set.labels if kernel_of(l) == kernel]
        if len(labels) == 1:
            out.append(fixed(kernel, labels[0]))
        elif labels:
            out.append(min_of(f"{kernel} (best of {len(labels)} configs)", tuple(labels)))
    out += [vendor for vendor, _ in vendor_predictors(ctx.methods, avail, ctx.named)]
    return out


def plotted(ctx: Context) -> list[str]:
    """Methods drawn in the speedup figure: rules, the automatic choice, the two oracles, the vendors."""
    names = [r.name for r in literature_rules(ctx.methods)] + list(ctx.methods.auto)
    names += [tpr_gao(ctx.methods).oracle_name, aspmv_all(ctx.methods, ctx.available).oracle_name]
    return names + [vendor.name for vendor, _ in vendor_predictors(ctx.methods, ctx.available, ctx.named)]


def baselines(ctx: Context) -> list[Predictor]:
    tpr_kernel = ctx.methods.tpr_kernel
    out = [fixed(f"{display_name(tpr_kernel)} TpR={ctx.baseline_tpr}", ctx.methods.tpr_label(ctx.baseline_tpr))]
    return out + [vendor for vendor, _ in vendor_predictors(ctx.methods, ctx.available, ctx.named)]


def single_config(ctx: Context, preds: list[Predictor]) -> list[Predictor]:
    """Methods that run one configuration per matrix (no oracle; a vendor's configurations one by one)."""
    out = [p for p in preds if p.uses_features or len(p.static_labels() or ()) == 1]
    out += [p for _, per_config in vendor_predictors(ctx.methods, ctx.available, ctx.named) for p in per_config]
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
    autos = [p.name for p in auto_predictors(ctx.methods, ctx.available)]

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
        shown = [n for n in plotted(ctx) if n in per_matrix.columns]
        all_aspmv = aspmv_all(ctx.methods, ctx.available).oracle_name
        sort_by = next((n for n in autos if n in shown), all_aspmv)
        items.append(speedup_figure.plot(per_matrix[shown], sort_by, base0, ctx.out_dir, ctx.slug,
                                         sources + (per_matrix_table.csv_path(ctx.slug),)))
        items += bandwidth_part(ctx, m, ev)
        items += winner_part(ctx, m)
    return items


def bandwidth_part(ctx: Context, m: list[str], ev: dict) -> list:
    """GB/s of the fastest aspmv configuration and of the faster configuration of each vendor with
    several (cuSPARSE's algorithms), against nnz."""
    gbs = ctx.column("gbs")
    series = {}
    shown_as = [(aspmv_all(ctx.methods, ctx.available).oracle_name, "fastest aspmv kernel")]
    for kernel in ctx.methods.vendors:
        name = display_name(kernel)
        shown_as.append((f"best {name}", f"faster {name} alg"))
    for name, shown in shown_as:
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
    cset = everything(ctx.methods, ctx.available)
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
