"""Blockwise TpR selection from blocks.csv (Gao Sec. 4.3: Table 9, Figs. 5 and 10)."""
from __future__ import annotations

from aspmv_report import blockwise
from aspmv_report.figures import tpr_distribution
from aspmv_report.items import CsvOnly, Heading, Text
from aspmv_report.tables import Table

SOURCES = ("blocks.csv: time_s per (matrix, block, tpr); rows, nnz of the block",)


def build(ctx) -> list:
    items = [Heading("Blockwise TpR (Gao Table 9, Figs. 5 and 10)")]
    blocks = ctx.section.blocks
    if blocks.empty or "time_s" not in blocks.columns:
        return items + [Text("No blocks.csv rows in this section.")]
    wide, excluded = blockwise.block_times(blocks)
    shapes = blockwise.block_shapes(blocks).loc[wide.index]
    max_tpr = int(max(wide.columns)) if len(wide.columns) else 32
    best = blockwise.oracle_tpr(wide)
    choices = blockwise.rule_choices(shapes, max_tpr)
    table = blockwise.rule_table(wide, best, choices).rename_axis("rule")
    counts = best["tpr"].value_counts().reindex(list(wide.columns), fill_value=0).rename("blocks").to_frame()
    counts.index.name = "optimal TpR"
    n_matrices = wide.index.get_level_values("matrix").nunique()
    reason = "; ".join(f"{r} ({c})" for r, c in excluded["reason"].value_counts().sort_index().items())
    text = (f"{len(wide)} blocks of {n_matrices} matrices measured with every TpR of "
            f"{{{', '.join(str(t) for t in wide.columns)}}} (rule cap: {max_tpr}); "
            f"{len(excluded)} blocks excluded" + (f": {reason}." if len(excluded) else ".")
            + " Rules computed from each block's rows and nnz as in tpr_rules.hpp; a rule whose TpR was not "
              "measured for a block leaves that block out of its row (left_out).")
    per_block = blockwise.per_block(wide, best, choices)
    counts_table = Table("blockwise_optimal_tpr", "Optimal TpR of the blocks (Gao Fig. 5)", counts, SOURCES)
    items += [
        Text(text),
        Table("blockwise_rules", "Rules and fixed TpRs per block: accuracy, relaxed accuracy, PLUB (%)",
              table, SOURCES),
        counts_table,
        CsvOnly(Table("blockwise_per_block", "Per block: oracle TpR, rule TpRs and PLUB", per_block, SOURCES)),
        CsvOnly(Table("blockwise_excluded", "Blocks left out", excluded, SOURCES)),
    ]
    if len(wide):
        items.append(tpr_distribution.plot(counts["blocks"], "blocks", "optimal_tpr_blocks", ctx.out_dir, ctx.slug,
                                           SOURCES + (counts_table.csv_path(ctx.slug),)))
    return items
