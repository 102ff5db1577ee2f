#!/usr/bin/env python3
"""Call 3's bench CSVs: csr_chunks against the best CSR-vector (the table's evict-first loads) and lrb, the
evict-first CSR-vector against plain loads (--variant vector_load=0, same process), and the best cuSPARSE algorithm
against the best of {CSR-vector plain, lrb} (before this session) and of {CSR-vector evict-first, lrb, csr_chunks}
(geometric means over the matrices every method ran on; rows that failed the check are left out).

    python3 chunks_summary.py call3/double-medium.csv.xz [...] [--per-matrix]"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def best(times, pred):
    vals = [t for m, t in times.items() if pred(m)]
    return min(vals) if vals else None


per_matrix = "--per-matrix" in sys.argv
for path in [a for a in sys.argv[1:] if not a.startswith("--")]:
    t = defaultdict(dict)
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                t[r["matrix"]][r["method"]] = min(float(r["time_s"]), t[r["matrix"]].get(r["method"], math.inf))
    rows = []
    for m, times in t.items():
        cv = best(times, lambda k: k.startswith("csr_vector<") and "[" not in k)
        cv0 = best(times, lambda k: k.startswith("csr_vector<") and "vector_load=0" in k)
        lrb, ch = times.get("lrb"), times.get("csr_chunks")
        cus = best(times, lambda k: k.startswith("cusparse"))
        if None in (cv, cv0, lrb, ch, cus):
            continue
        rows.append((m, cv, cv0, lrb, ch, cus))
    print(f"{path}: {len(rows)} matrices")
    print(f"  evict-first / plain CSR-vector (best over TpR): {gm([r[1] / r[2] for r in rows]):.3f}")
    print(f"  csr_chunks / best CSR-vector: {gm([r[4] / r[1] for r in rows]):.3f}; / lrb: {gm([r[4] / r[3] for r in rows]):.3f};"
          f" fastest of the three on {sum(1 for r in rows if r[4] < min(r[1], r[3]))}")
    for label, ours in (("before ({CSR-vector plain, lrb})", lambda r: min(r[2], r[3])),
                        ("after ({CSR-vector, lrb, csr_chunks})", lambda r: min(r[1], r[3], r[4]))):
        q = [r[5] / ours(r) for r in rows]
        print(f"  best cuSPARSE / best aspmv {label}: {gm(q):.3f}, {sum(1 for v in q if v < 1)} below 1.0, "
              f"{sum(1 for v in q if v < 0.95)} below 0.95")
    if per_matrix:
        print("  matrix: csr_chunks, CSR-vector, CSR-vector plain, lrb, best cuSPARSE (us)")
        for r in sorted(rows):
            print(f"  {r[0]}: " + ", ".join(f"{v * 1e6:.1f}" for v in r[1:]))
