#!/usr/bin/env python3
"""The table of docs/studies/scale-out.md's threads-per-rank section from scale-out.csv (run.sh): per matrix,
figure and ranks x threads, stock Tpetra's time and the aspmv operators' speed-ups over it.
    python3 perf/results/cpu-x86/2026-12-05-scale-out-threads/summarize.py [scale-out.csv]"""
import csv
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
t, nnz = {}, {}
for r in csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "scale-out.csv"))):
    if r["host"] == "host":  # a repeated header
        continue
    shape = f"{r['ranks']}x{r['threads']}"
    t[(r["host"], r["operator"], r["figure"], r["matrix"], shape)] = float(r["seconds"])
    nnz[r["matrix"]] = int(r["nnz"])
order = {"1x1": 0, "1x2": 1, "2x1": 2}
keys = sorted({(k[3], k[2], k[4]) for k in t if k[2] in ("spmv", "cg_iteration")},
              key=lambda k: (k[0], k[1], order.get(k[2], 9)))
print("| matrix | nnz | figure | ranks x threads | Tpetra stock us | aspmv | aspmv_convert |")
print("|---|---|---|---|---|---|---|")
for m, f, shape in keys:
    s = t.get(("tpetra", "stock", f, m, shape))
    if s is None:
        continue
    cells = [f"{s * 1e6:,.0f}"]
    for op in ("aspmv", "aspmv_convert"):
        v = t.get(("tpetra", op, f, m, shape))
        cells.append(f"{s / v:.2f}x" if v else "-")
    print(f"| {m} | {nnz[m] / 1e6:.2f}M | {f} | {shape} | " + " | ".join(cells) + " |")
