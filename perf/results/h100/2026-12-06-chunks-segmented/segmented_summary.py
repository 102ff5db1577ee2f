#!/usr/bin/env python3
"""A bench CSV of this folder's calls: csr_chunks as the table runs it (the base: lanes by the rule, a thread a row
where it gives one lane) and each csr_chunks variant the CSV holds, against the best CSR-vector (over TpR) and the
best cuSPARSE algorithm of the same process, with the achieved bandwidth against the run's copy bandwidth.
Geometric means over the matrices where every listed method ran and passed its check.

    python3 segmented_summary.py call1/double-medium.csv[.xz] [...]"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


for path in sys.argv[1:]:
    t, gbs, copy = defaultdict(dict), defaultdict(dict), {}
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                t[r["matrix"]][r["method"]] = float(r["time_s"])
                gbs[r["matrix"]][r["method"]] = float(r["gbs"])
                copy[r["matrix"]] = float(r["copy_gbs"])
    chunks = sorted({k for d in t.values() for k in d if k.startswith("csr_chunks")}, key=lambda k: (len(k), k))
    rows = []
    for m, d in t.items():
        cus = min((v for k, v in d.items() if k.startswith("cusparse")), default=None)
        cv = min((v for k, v in d.items() if k.startswith("csr_vector") and "[" not in k), default=None)
        if cus is None or cv is None or any(k not in d for k in chunks):
            continue
        rows.append((m, cus, cv, d))
    print(f"{path}: {len(rows)} matrices; time of csr_chunks / the variant (> 1: the variant faster), "
          f"best cuSPARSE / the variant, best cuSPARSE / best of it and CSR-vector, its % of copy bandwidth")
    for k in chunks:
        speed = [d["csr_chunks"] / d[k] for _, _, _, d in rows]
        vs = [cus / d[k] for _, cus, _, d in rows]
        best = [cus / min(cv, d[k]) for _, cus, cv, d in rows]
        pct = [100 * gbs[m][k] / copy[m] for m, *_ in rows]
        print(f"  {k:55s} {gm(speed):6.3f} (min {min(speed):.3f}, max {max(speed):.3f})  vs cuSPARSE {gm(vs):.3f}  "
              f"best-of {gm(best):.3f} ({sum(x < 1 for x in best)} below 1.0, {sum(x < 0.95 for x in best)} below "
              f"0.95)  copy {gm(pct):.1f} %")
    if len(rows) <= 20:  # per matrix for the medium-row sets
        seg = next((k for k in chunks if k == "csr_chunks[chunk_row_sum=1]"), None)
        if seg:
            for m, cus, cv, d in sorted(rows):
                print(f"    {m[:44]:44s} chunks {d['csr_chunks'] * 1e6:8.1f}  seg {d[seg] * 1e6:8.1f}  "
                      f"vector {cv * 1e6:8.1f}  cuSPARSE {cus * 1e6:8.1f} us  seg {100 * gbs[m][seg] / copy[m]:5.1f} %")
