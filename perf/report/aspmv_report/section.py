"""Builds every item of one report section, in report order."""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from aspmv_report.context import Context
from aspmv_report.items import CsvOnly, Heading, Text
from aspmv_report.merge import Section
from aspmv_report.parts import blocks, models, overhead, provenance, selection, speedups
from aspmv_report.tables import Table

PARTS = (selection.build, speedups.build, overhead.build, blocks.build, models.build)


def build(section: Section, out_dir: Path, baseline_tpr: int) -> list:
    """Provenance, the comparisons' exclusions, then every part."""
    ctx = Context(section, out_dir, baseline_tpr)
    body = []
    for part in PARTS:
        body += part(ctx)
    return provenance.build(ctx) + exclusions(ctx) + body


def exclusions(ctx: Context) -> list:
    """Per comparison: matrices used, excluded and why (summary in the report, per matrix in a CSV)."""
    total = len(ctx.data.matrices)
    summary = pd.DataFrame(
        [{"comparison": c.name, "used": c.n, "excluded": len(c.excluded), "reasons": c.reason_summary()}
         for c in ctx.comparisons]).set_index("comparison")
    detail = pd.concat([c.excluded.assign(comparison=c.name) for c in ctx.comparisons], ignore_index=True)
    detail = detail.reindex(columns=["comparison", "matrix", "reason"])
    sources = ("runtimes.csv: ok", "failures.csv: stage", "features.csv")
    return [
        Heading("Comparisons and exclusions"),
        Text(f"The section names {total} matrices. A matrix lacking any configuration a comparison needs "
             "(row with ok = 0, failure recorded in failures.csv, or no row) is left out of that comparison; "
             "the first missing configuration is given as the reason."),
        Table("comparisons", "Matrices used and excluded per comparison", summary, sources),
        CsvOnly(Table("exclusions", "Excluded matrices per comparison", detail, sources)),
    ]
