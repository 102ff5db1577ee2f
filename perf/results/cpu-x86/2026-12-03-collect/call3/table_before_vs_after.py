#!/usr/bin/env python3
"""Call 3: the plan of the table before (cpu_bench_table_before.csv, ASPMV_MODEL_FILE) against the plan of the
retrained table (cpu_bench.csv, compiled in), each per matrix against csr_scalar timed in its own process (the two
are different processes). Prints the geometric mean of (before / csr_scalar) / (retrained / csr_scalar): > 1 the
retrained table's plan is faster.
    python3 table_before_vs_after.py cpu_bench.csv cpu_bench_table_before.csv"""
import collections
import csv
import math
import sys


def load(path):
    t, detail = collections.defaultdict(dict), {}
    for r in csv.DictReader(open(path)):
        if r["ok"] == "1" and r["value"] == "double":
            t[r["matrix"]][r["method"]] = float(r["time_s"])
            detail[(r["matrix"], r["method"])] = r["detail"].split(":")[0]
    return t, detail


new, dn = load(sys.argv[1])
old, do = load(sys.argv[2])
rows = []
for m in new:
    if m in old and all(k in d for d in (new[m], old[m]) for k in ("aspmv_auto", "csr_scalar")):
        rows.append(((old[m]["aspmv_auto"] / old[m]["csr_scalar"]) / (new[m]["aspmv_auto"] / new[m]["csr_scalar"]), m,
                     dn[(m, "aspmv_auto")], do[(m, "aspmv_auto")]))
rows.sort()
print(f"plan of the table before / plan of the retrained table, each against csr_scalar in its own process: "
      f"geomean {math.exp(sum(math.log(r[0]) for r in rows) / len(rows)):.3f} over {len(rows)}")
for r in rows[:4] + rows[-4:]:
    print("  %.3f %s (retrained: %s, before: %s)" % r)
