#!/usr/bin/env python3
"""Per matrix, figure and rank count: stock and aspmv microseconds and stock/aspmv, Tpetra and PETSc side by side,
from aspmv-scale-out's CSV (one header per run).  python3 summarize.py call1/scale-out.csv"""
import csv
import sys
from collections import defaultdict

rows = defaultdict(dict)
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f):
        if r["host"] == "host":
            continue
        rows[(r["matrix"], r["figure"], int(r["ranks"]), r["host"])][r["operator"]] = float(r["seconds"]) * 1e6
print("| matrix | nnz | figure | ranks | Tpetra stock us | Tpetra aspmv us | speed-up | PETSc stock us | PETSc aspmv us | speed-up |")
print("|---|---|---|---|---|---|---|---|---|---|")
nnz = {}
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f):
        if r["host"] != "host":
            nnz[r["matrix"]] = int(r["nnz"])
keys = sorted({(m, fig, n) for (m, fig, n, _) in rows if fig in ("spmv", "cg_iteration")})
for m, fig, n in keys:
    cells = []
    for host in ("tpetra", "petsc"):
        v = rows.get((m, fig, n, host), {})
        if "stock" in v and "aspmv" in v:
            cells += [f"{v['stock']:,.0f}", f"{v['aspmv']:,.0f}", f"{v['stock'] / v['aspmv']:.2f}x"]
        else:
            cells += ["-", "-", "-"]
    print(f"| {m} | {nnz[m] / 1e6:.2f}M | {fig} | {n} | " + " | ".join(cells) + " |")
print()
print("Tpetra aspmv phases (us per apply, slowest rank): owned / import wait / remote")
for m, n in sorted({(m, n) for (m, fig, n, h) in rows if fig == "phase_owned"}):
    ph = [rows[(m, f, n, "tpetra")].get("aspmv", float("nan")) for f in ("phase_owned", "phase_import_wait", "phase_remote")]
    print(f"- {m}, {n} ranks: {ph[0]:,.0f} / {ph[1]:,.0f} / {ph[2]:,.0f}")
