"""Where the section's data comes from: run.json of each run and the corpus families."""
from __future__ import annotations

from aspmv_report import provenance
from aspmv_report.context import Context
from aspmv_report.items import Heading, Text
from aspmv_report.tables import Table


def build(ctx: Context) -> list:
    runs = ctx.section.runs
    names = ", ".join(f"`{r.name}`" for r in runs)
    text = (f"Runs merged into this section, in command-line order: {names}. A row present in several runs "
            "is taken from the first. Only runtimes.csv rows with ok = 1 count as measurements.")
    run_table = provenance.run_table(runs).T.rename_axis("run.json field")
    return [
        Heading("Provenance"),
        Text(text),
        Table("runs", "Runs (run.json)", run_table, ("run.json",)),
        Table("families", "Matrices per family", provenance.family_counts(ctx.section.features),
              ("features.csv: family",)),
    ]
