#!/usr/bin/env python3
"""The table of docs/studies/scale-out.md's build-machine section from scale-out.csv:
per matrix, figure and ranks, each host's stock time and its aspmv operators' speed-ups over it."""
import csv
import os
import sys
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "scale-out.csv"))))
t = {}
nnz = {}
for r in rows:
    if r["host"] == "host" or r.get("operator") == "operator":  # a repeated header
        continue
    t[(r["host"], r["operator"], r["figure"], r["matrix"], int(r["ranks"]))] = float(r["seconds"])
    nnz[r["matrix"]] = int(r["nnz"])
keys = sorted({(k[3], k[2], k[4]) for k in t if k[2] in ("spmv", "cg_iteration")})
print("| matrix | nnz | figure | ranks | Tpetra stock us | aspmv | aspmv_convert | PETSc stock us | aspmv | aspmv_convert |")
print("|---|---|---|---|---|---|---|---|---|---|")
for m, f, p in keys:
    cells = []
    for h in ("tpetra", "petsc"):
        s = t.get((h, "stock", f, m, p))
        if s is None:
            cells += ["-", "-", "-"]
            continue
        cells.append(f"{s * 1e6:,.0f}")
        for op in ("aspmv", "aspmv_convert"):
            v = t.get((h, op, f, m, p))
            cells.append(f"{s / v:.2f}x" if v else "-")
    print(f"| {m} | {nnz[m] / 1e6:.2f}M | {f} | {p} | " + " | ".join(cells) + " |")
