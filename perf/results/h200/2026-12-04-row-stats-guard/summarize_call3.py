#!/usr/bin/env python3
"""Call 3's tables: per table (old: the h200 table of 2026-12-03; new: this commit's), over the 62 shared real
matrices, the plan's time per call against the best cuSPARSE CSR algorithm of the same process (geometric mean, min,
how many below 0.9 and 0.5), the same at 100 calls with the plan's make_plan time and cuSPARSE's setup amortized,
the drop-in's, and new against old (plan per call and at 100 calls; two processes a matrix).

    python3 perf/results/h200/2026-12-04-row-stats-guard/summarize_call3.py   # -> call3/summary_tables.txt
"""
from pathlib import Path

import numpy as np
import pandas as pd

here = Path(__file__).parent / "call3"
gm = lambda s: float(np.exp(np.log(s).mean()))
per = {}
for t in ("old", "new"):
    d = pd.read_csv(here / f"bench_{t}.csv")
    d = d[d.ok == 1]
    cus = d[d.method.str.startswith("cusparse_csr")]
    best = cus.loc[cus.groupby("matrix").time_s.idxmin()].set_index("matrix")
    def pick(m):
        return d[d.method == m].set_index("matrix")
    plan, drop = pick("aspmv_auto"), pick("aspmv_spmv")
    at100 = lambda x: (x.setup_s + 100 * x.time_s) / 100
    per[t] = {"plan": plan, "cus": best,
              "plan_vs_cus": best.time_s / plan.time_s,
              "plan100_vs_cus100": at100(best) / at100(plan),
              "drop_vs_cus": best.time_s / drop.time_s}
lines = []
for t in ("old", "new"):
    p = per[t]
    lines.append(f"{t}: {len(p['plan'])} matrices")
    for k in ("plan_vs_cus", "plan100_vs_cus100", "drop_vs_cus"):
        s = p[k].dropna()
        lines.append(f"  {k:18s} gm {gm(s):.3f}x  min {s.min():.3f} ({s.idxmin()})  below 0.9: {int((s < 0.9).sum())}"
                     f"  below 0.5: {int((s < 0.5).sum())}")
    lines.append(f"  make_plan (aspmv_auto setup) median {p['plan'].setup_s.median() * 1e6:.1f} us, "
                 f"max {p['plan'].setup_s.max() * 1e6:.1f} us")
    lines.append("  plan's kernels: " + ", ".join(f"{k} {v}" for k, v in
                                                  p["plan"].detail.str.split(":").str[0].value_counts().items()))
o, n = per["old"], per["new"]
common = o["plan"].index.intersection(n["plan"].index)
r = (o["plan"].time_s[common] / n["plan"].time_s[common])
r100 = ((o["plan"].setup_s + 100 * o["plan"].time_s)[common] / (n["plan"].setup_s + 100 * n["plan"].time_s)[common])
rc = o["cus"].time_s[common] / n["cus"].time_s[common]
lines.append(f"new/old plan speed per call: gm {gm(r):.3f} (min {r.min():.3f} {r.idxmin()}, max {r.max():.3f} "
             f"{r.idxmax()}); at 100 calls {gm(r100):.3f}; cuSPARSE's best old/new process (drift) gm {gm(rc):.3f}")
changed = [m for m in common if o["plan"].detail[m].split(":")[0] != n["plan"].detail[m].split(":")[0]]
lines.append(f"kernel changed on {len(changed)} of {len(common)}")
for m in sorted(changed, key=lambda m: r[m]):
    lines.append(f"  {m:28s} {o['plan'].detail[m].split(':')[0]:14s} {o['plan'].time_s[m] * 1e6:8.2f} us -> "
                 f"{n['plan'].detail[m].split(':')[0]:14s} {n['plan'].time_s[m] * 1e6:8.2f} us")
(here / "summary_tables.txt").write_text("\n".join(lines) + "\n")
print("\n".join(lines))
