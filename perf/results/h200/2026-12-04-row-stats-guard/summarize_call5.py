#!/usr/bin/env python3
"""Call 5's table: per precision, matrix and tool (new: csr_delta's row-relative form; old: 93c6db5's per-row
bases), the fastest csr_delta configuration against the fastest plain CSR kernel of the same process (CSR-vector,
CSR-Adaptive, lrb), and its bandwidth by CSR's bytes (the bench's GB/s) against the copy bandwidth of that process.

    python3 perf/results/h200/2026-12-04-row-stats-guard/summarize_call5.py   # -> call5/summary_tables.txt
"""
from pathlib import Path

import pandas as pd

here = Path(__file__).parent / "call5"
lines = ["precision tool matrix | best csr_delta | us | % copy (CSR's bytes) | best plain kernel | us | ratio"]
for prec in ("double", "float"):
    for t in ("new", "old"):
        d = pd.read_csv(here / f"bench_{t}_{prec}.csv")
        d = d[d.ok == 1]
        for m, g in d.groupby("matrix"):
            g = g.set_index("method")
            delta = g[g.index.str.startswith("csr_delta")].time_s
            plain = g[~g.index.str.startswith(("csr_delta", "cusparse"))].time_s
            bd, bp = delta.idxmin(), plain.idxmin()
            lines.append(f"{prec} {t} {m} | {bd} | {delta.min() * 1e6:.1f} | "
                         f"{100 * g.loc[bd, 'gbs'] / g.loc[bd, 'copy_gbs']:.1f} | {bp} | {plain.min() * 1e6:.1f} | "
                         f"{plain.min() / delta.min():.3f}")
(here / "summary_tables.txt").write_text("\n".join(lines) + "\n")
print("\n".join(lines))
