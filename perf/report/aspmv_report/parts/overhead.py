"""Overhead (Gao Eq. 6/7) and preprocessing amortization (Daga Fig. 13, Seer Fig. 7)."""
from __future__ import annotations

import pandas as pd

from aspmv_report import amortization, overhead
from aspmv_report.candidates import tpr_gao
from aspmv_report.context import TIME_SOURCE, Context, used_note
from aspmv_report.items import CsvOnly, Heading, Text
from aspmv_report.labels import kernel_of
from aspmv_report.predictors import evaluate, literature_rules, rule
from aspmv_report.tables import Table
from aspmv_report.timetable import take


def build(ctx: Context) -> list:
    return [Heading("Overhead and amortization")] + overhead_part(ctx) + amortization_part(ctx)


def overhead_part(ctx: Context) -> list:
    """T_naive / T_ML per predictor: the rules (row_stats features) and aspmv_auto (all features)."""
    rules = literature_rules(ctx.methods)
    gao = list(tpr_gao(ctx.methods).labels)
    autos = [k for k in ctx.methods.auto if k in ctx.available]
    comp = ctx.compare("overhead", gao + autos, rules)
    m = comp.matrices
    naive = overhead.t_naive(ctx.data.times, m, gao)
    row_stats = ctx.feature("time_row_stats_s", m)
    rows = {}
    for r in rules:
        t_pred = evaluate(r, ctx.data.times, ctx.data.features, m)["time"]
        rows[r.name] = {"features": "time_row_stats_s",
                        **overhead.ratio_summary(naive, overhead.t_ml(row_stats, t_pred), row_stats, t_pred)}
    for auto in autos:
        collection = ctx.feature("collection_time_s", m)
        t_pred = take(ctx.data.times, m, [auto])[auto]
        rows[auto] = {"features": "collection_time_s",
                      **overhead.ratio_summary(naive, overhead.t_ml(collection, t_pred), collection, t_pred)}
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("predictor")
    sources = (TIME_SOURCE, "features.csv: time_row_stats_s, collection_time_s, tpr_* rule columns")
    return [
        Heading("Predicting against trying every TpR (Gao Eq. 6, 7)", 4),
        Text("T_naive = t(TpR 2) + t(4) + t(8) + t(16) + t(32); T_ML = feature collection + inference + "
             "5 t_pred. **Inference is taken as 0 s: the collector does not time it.** The rules need only "
             "known and row_stats features (time_row_stats_s); aspmv_auto is charged collection_time_s. "
             "Ratios > 1: predicting is cheaper over the first five calls. " + used_note(comp)),
        Table("overhead", "T_naive / T_ML per predictor", table, sources,
              "mean_features_in_calls: feature collection time in calls of the predicted configuration."),
    ]


def preprocessing_labels(ctx: Context) -> list[str]:
    """Every measured label of a method with preprocessing (run.json methods ``analysis: true``),
    each configuration on its own (csr_adaptive per unroll, cuSPARSE per algorithm)."""
    kernels = set(ctx.methods.analysis)
    return [l for l in ctx.methods.sort_labels(ctx.available) if kernel_of(l) in kernels]


def amortization_part(ctx: Context) -> list:
    """Calls to amortize each kernel's preprocessing against CSR-vector with the CUSP rule's TpR."""
    base_rule = rule("CUSP mean rule", "tpr_cusp_mean", ctx.methods.tpr_kernel)
    labels = preprocessing_labels(ctx)
    comp = ctx.compare("amortization", labels, [base_rule])
    m = comp.matrices
    base = evaluate(base_rule, ctx.data.times, ctx.data.features, m)["time"]
    p_base = ctx.feature("time_row_stats_s", m)
    prep = ctx.column("preprocessing_s")
    rows, per_matrix = {}, {}
    for label in labels:
        t_k, p_k = take(ctx.data.times, m, [label])[label], take(prep, m, [label])[label]
        n_star = amortization.calls_to_amortize(p_k, t_k, p_base, base)
        rows[label] = {**amortization.summary(n_star),
                       "median_preprocessing_in_calls": float((p_k / t_k).median()) if m else float("nan")}
        per_matrix[label] = n_star
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("kernel")
    sources = (TIME_SOURCE, "runtimes.csv: preprocessing_s", "features.csv: tpr_cusp_mean, time_row_stats_s")
    per_matrix_table = Table("amortization_per_matrix", "Calls to amortize, per matrix (inf = never)",
                             pd.DataFrame(per_matrix, index=pd.Index(m, name="matrix")), sources)
    return [
        Heading("Preprocessing amortization (Daga Fig. 13; Seer Fig. 7)", 4),
        Text("n* = (p_k - p_base) / (t_base - t_k) calls when t_k < t_base, else never; baseline: CSR-vector "
             "with the CUSP mean rule's TpR, whose preprocessing is the row_stats pass (time_row_stats_s). "
             "n* below 0 (cheaper and faster) counts as 0. Seer's crossover example is 19 calls. " + used_note(comp)),
        Table("amortization", "Calls to amortize preprocessing", table, sources,
              "median_calls is 'never' when at least half the matrices never amortize; within_k_pct: share "
              "of matrices with n* <= k; median_preprocessing_in_calls: p_k / t_k."),
        CsvOnly(per_matrix_table),
    ]
