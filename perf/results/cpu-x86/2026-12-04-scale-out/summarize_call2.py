#!/usr/bin/env python3
"""Call 2: stock Tpetra / the aspmv operator with nonblocking sends (isend) and with Tpetra's default MPI_Send
(send), each pair from its own process; and the aspmv operator's phases.  python3 summarize_call2.py call2/scale-out.csv"""
import csv
import sys
from collections import defaultdict

t = defaultdict(dict)
names = ["bin", "host", "operator", "figure", "matrix", "ranks", "rows", "nnz", "seconds"]
with open(sys.argv[1]) as f:
    for r in csv.reader(f):
        r = dict(zip(names, r))
        if r["host"] == "host":
            continue
        t[(r["matrix"], r["figure"], int(r["ranks"]))][(r["bin"], r["operator"])] = float(r["seconds"]) * 1e6
print("| matrix | figure | ranks | stock us | aspmv, Isend us | stock / aspmv | stock us | aspmv, MPI_Send us | stock / aspmv |")
print("|---|---|---|---|---|---|---|---|---|")
for (m, fig, n), v in sorted(t.items()):
    if fig not in ("spmv", "cg_iteration"):
        continue
    a, b = v.get(("isend", "stock")), v.get(("isend", "aspmv"))
    c, d = v.get(("send", "stock")), v.get(("send", "aspmv"))
    print(f"| {m} | {fig} | {n} | {a:,.0f} | {b:,.0f} | {a / b:.2f}x | {c:,.0f} | {d:,.0f} | {c / d:.2f}x |")
print()
print("aspmv operator phases, us per apply, slowest rank (owned / import wait / remote): Isend | MPI_Send")
for (m, fig, n), v in sorted(t.items()):
    if fig != "phase_owned":
        continue
    ph = lambda b: " / ".join(f"{t[(m, f, n)][(b, 'aspmv')]:,.0f}" for f in ("phase_owned", "phase_import_wait", "phase_remote"))
    print(f"- {m}, {n} ranks: {ph('isend')} | {ph('send')}")
