"""Selection quality per candidate set: Gao Table 4, Fig. 3 and Fig. 7."""
from __future__ import annotations

import pandas as pd

from aspmv_report import mispredictions, selection
from aspmv_report.candidates import CandidateSet, standard_sets
from aspmv_report.context import TIME_SOURCE, Context, used_note
from aspmv_report.figures import mispredictions as misprediction_figure
from aspmv_report.figures import tpr_distribution
from aspmv_report.items import CsvOnly, Heading, Text
from aspmv_report.labels import kernel_of
from aspmv_report.oracle import choice_counts, oracle
from aspmv_report.predictors import (RULE_SHORT, evaluate, literature_rules, min_of, standard_predictors,
                                     vendor_predictors)
from aspmv_report.tables import Table
from aspmv_report.timetable import take

RULE_SOURCE = "features.csv: tpr_cusp_mean, tpr_reguly_sqrt_mean, tpr_kokkos_kernels"


def predictors_for(ctx: Context, cset: CandidateSet, smaller: list[CandidateSet]):
    """Table 4's rows: rules, fixed TpRs, aspmv_auto, vendors, and the oracles of smaller sets."""
    preds = standard_predictors(ctx.methods, ctx.available, cset.reference_tprs(), ctx.named)
    preds += [min_of(s.oracle_name, s.labels) for s in smaller]
    return preds


def references_for(ctx: Context, cset: CandidateSet, rules_eval: dict[str, pd.DataFrame], times, matrices):
    """PGO(k) references: every TpR of the set (Gao's for kernel sets) and every rule."""
    label = ctx.methods.tpr_label
    refs = {str(t): take(times, matrices, [label(t)])[label(t)] for t in cset.reference_tprs()}
    refs.update({RULE_SHORT[name]: ev["time"] for name, ev in rules_eval.items()})
    return refs


def score(ctx: Context, cset: CandidateSet, preds, matrices):
    """Per predictor its Table 4 row and histogram, plus the per-matrix choices; and the oracle."""
    times, feats = ctx.data.times, ctx.data.features
    best = oracle(times, cset.labels, matrices, ctx.methods.order)
    evals = {p.name: evaluate(p, times, feats, matrices) for p in preds}
    refs = references_for(ctx, cset, {r.name: evals[r.name] for r in literature_rules(ctx.methods)}, times,
                          matrices)
    autos = set(ctx.methods.auto)
    auto_kernels = feats["auto_kernel"].reindex(matrices) if "auto_kernel" in feats.columns else None
    rows, hist, per_matrix = {}, {}, {"oracle label": best["label"], "oracle time_s": best["time"]}
    for p in preds:
        ev = evals[p.name]
        kernels = ev["label"].map(kernel_of)
        if p.name in autos:  # the plan's choice: its kernel is features.csv auto_kernel
            kernels = auto_kernels if auto_kernels is not None else pd.Series(p.name, index=ev.index)
        rows[p.name] = selection.selection_row(ev, best, cset.labels, p.has_config, kernels, refs)
        loss = selection.loss_pct(ev["time"], best["time"])
        hist[p.name] = mispredictions.histogram(loss, selection.is_correct(ev, best, cset.labels, p.has_config))
        per_matrix[f"{p.name} label"] = ev["label"]
        per_matrix[f"{p.name} PLUB_pct"] = loss
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("predictor")
    counts = pd.DataFrame.from_dict(hist, orient="index").rename_axis("predictor")
    return best, table, counts, pd.DataFrame(per_matrix).rename_axis("matrix")


def build_set(ctx: Context, cset: CandidateSet, smaller: list[CandidateSet]) -> list:
    preds = predictors_for(ctx, cset, smaller)
    static = list(cset.labels) + [ctx.methods.tpr_label(t) for t in cset.reference_tprs()]
    for p in preds:
        static += list(p.static_labels() or ())
    comp = ctx.compare(f"selection over {cset.name}", static, [p for p in preds if p.uses_features])
    best, table, counts, per_matrix = score(ctx, cset, preds, comp.matrices)
    shares = mispredictions.shares(counts).rename_axis("predictor")
    sources = (TIME_SOURCE, RULE_SOURCE, "features.csv: auto_kernel (kernel match of aspmv_auto)")
    key = cset.key
    shares_table = Table(f"misprediction_shares_{key}", f"Mispredictions per PLUB interval in % of each "
                         f"predictor's mispredictions, oracle over {cset.name}", shares, sources)
    items = [
        Heading(f"Oracle over {cset.name}", 4),
        Text(f"Candidates: {', '.join(f'`{l}`' for l in cset.labels)}. " + used_note(comp)),
        Table(f"selection_{key}", f"Selection quality against the oracle over {cset.name} (Gao Table 4)",
              table, sources, "accuracy, relaxed accuracy (PLUB <= 2 %), kernel match, PLUB and PGO(k) in %; "
              "PGO(mean|sqmean|kk) is against the CUSP, Reguly and Kokkos Kernels rules. aspmv_auto is "
              "measured as its own kernel, so its exact accuracy (time equality) is rarely met: read its "
              "relaxed accuracy."),
        Table(f"mispredictions_{key}", f"Mispredictions per PLUB interval, oracle over {cset.name} (Gao Fig. 7)",
              counts, sources, "counts of matrices; intervals in % of PLUB."),
        CsvOnly(Table(f"per_matrix_{key}", f"Per-matrix choices and PLUB, oracle over {cset.name}", per_matrix,
                      sources)),
        CsvOnly(shares_table),
    ]
    if comp.matrices:
        per_config = {p.name for _, more in vendor_predictors(ctx.methods, ctx.available, ctx.named) for p in more}
        shown = [p for p in shares.index if not p.startswith("TpR=") and p not in per_config]
        items.append(misprediction_figure.plot(shares.loc[shown], cset.name, f"mispredictions_{key}", ctx.out_dir,
                                               ctx.slug, sources + (shares_table.csv_path(ctx.slug),)))
    return items + distribution(ctx, cset, best)


def distribution(ctx: Context, cset: CandidateSet, best: pd.DataFrame) -> list:
    """How often each candidate is the fastest (Gao Fig. 3 for TpR sets)."""
    counts = choice_counts(best["label"], cset.labels)
    is_tpr = cset.is_tpr
    frame = counts.to_frame()
    if is_tpr:
        frame.index = pd.Index([ctx.methods.tpr_of(l) for l in counts.index], name="optimal TpR")
    else:
        frame.index.name = "fastest configuration"
    table = Table(f"oracle_choices_{cset.key}", f"Fastest configuration per matrix, {cset.name}"
                  + (" (Gao Fig. 3)" if is_tpr else ""), frame, (TIME_SOURCE,))
    items = [table]
    if is_tpr and len(best):
        items.append(tpr_distribution.plot(frame["matrices"], "matrices", f"optimal_tpr_{cset.key}", ctx.out_dir,
                                           ctx.slug, (TIME_SOURCE, table.csv_path(ctx.slug))))
    return items


def build(ctx: Context) -> list:
    """One subsection per candidate set, smaller sets' oracles evaluated on the larger ones."""
    items = [Heading("Selection quality (Gao Table 4, Figs. 3 and 7)")]
    sets = standard_sets(ctx.methods, ctx.available)
    for i, cset in enumerate(sets):
        smaller = [] if cset.is_tpr else [s for s in sets[:i] if s.key in ("tpr_gao", "aspmv_all")]
        items += build_set(ctx, cset, smaller)
    return items

