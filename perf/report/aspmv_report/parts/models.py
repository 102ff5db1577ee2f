"""Runtime-model quality (Lehnert Figs. 1 and 2; Wang-Gu-Li Eq. 7), when a model predicted times."""
from __future__ import annotations

import pandas as pd

from aspmv_report import prediction_error, ranking
from aspmv_report.context import Context, used_note
from aspmv_report.items import Heading, Text
from aspmv_report.labels import kernel_of
from aspmv_report.tables import Table
from aspmv_report.timetable import take

SOURCES = ("runtimes.csv: predicted_time_s and time_s of rows with ok = 1",)


def has_model(runtimes: pd.DataFrame) -> bool:
    return "predicted_time_s" in runtimes.columns and runtimes["predicted_time_s"].notna().any()


def build(ctx: Context) -> list:
    items = [Heading("Runtime model: ranking quality and prediction error")]
    runtimes = ctx.section.runtimes
    if not has_model(runtimes):
        return items + [Text("No runtime model in this run: runtimes.csv has no predicted_time_s, so there is "
                             "no ranking quality (Lehnert Fig. 2) and no prediction error (D_r) to report.")]
    ok = runtimes[(runtimes["ok"] == 1) & runtimes["predicted_time_s"].notna()]
    autos = set(ctx.methods.auto)  # the plan's automatic choice is not a configuration
    labels = ctx.methods.sort_labels(l for l in ok["label"].unique() if kernel_of(l) not in autos)
    comp = ctx.compare("ranking", labels)
    predicted = ctx.column("predicted_time_s").reindex(index=comp.matrices, columns=labels)
    complete = predicted.notna().all(axis=1)
    m = [x for x in comp.matrices if complete.get(x, False)]
    ranked = ranking.top_ranked(predicted.loc[m], take(ctx.data.times, m, labels))
    quality = pd.DataFrame([ranking.ranking_quality(ranked)], index=pd.Index(["runtime model"], name="model"))
    errors = prediction_error.error_table(ok[["kernel", "time_s", "predicted_time_s"]]).rename_axis("kernel")
    return items + [
        Text(f"Ranked over {len(labels)} configurations with predictions. " + used_note(comp)
             + (f" {len(comp.matrices) - len(m)} more lack a prediction for some configuration." if
                len(m) < len(comp.matrices) else "")),
        Table("ranking_quality", "Share (%) of matrices by divergence of the top-ranked configuration from the "
              "best (Lehnert Fig. 2)", quality, SOURCES),
        Table("prediction_error", "Prediction error D_r = |t_pred - t_meas| / t_meas per kernel (%)", errors,
              SOURCES),
    ]
