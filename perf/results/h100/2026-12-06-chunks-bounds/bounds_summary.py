#!/usr/bin/env python3
"""Call 1's bench CSVs (this folder): csr_chunks with each lanes-a-row setting (chunk_row_lanes 1, the table's,
and the --variant 2, 4, 8 rows) and team size (double-teams.csv: team_threads 128, 256, 512) against the best
CSR-vector and the best cuSPARSE algorithm of the same process, per matrix and in geometric mean.

    python3 bounds_summary.py call1/double-medium.csv [...]"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


for path in sys.argv[1:]:
    t = defaultdict(dict)
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                t[r["matrix"]][r["method"]] = float(r["time_s"])
    chunk_methods = sorted({k for times in t.values() for k in times if k.startswith("csr_chunks")})
    print(f"{path}: {len(t)} matrices; time in us; ratios: best cuSPARSE / method (> 1: the method is faster)")
    head = ["matrix", "cusparse", "csr_vector"] + chunk_methods
    print(" ".join(f"{h[:26]:>26}" if i == 0 else f"{h.replace('csr_chunks', 'ch'):>22}" for i, h in enumerate(head)))
    ratios = defaultdict(list)
    best_ours, best_cv = [], []
    for m, times in sorted(t.items()):
        cus = min((v for k, v in times.items() if k.startswith("cusparse")), default=None)
        cv = min((v for k, v in times.items() if k.startswith("csr_vector")), default=None)
        cells = [f"{m[:26]:>26}", f"{cus * 1e6:22.1f}" if cus else f"{'-':>22}", f"{cv * 1e6:22.1f}" if cv else f"{'-':>22}"]
        for k in chunk_methods:
            v = times.get(k)
            cells.append(f"{v * 1e6:14.1f} {cus / v if cus and v else float('nan'):7.3f}" if v else f"{'-':>22}")
            if cus and v:
                ratios[k].append(cus / v)
        print(" ".join(cells))
        if cus and cv:
            ours = min([cv] + [times[k] for k in chunk_methods if k in times])
            best_ours.append(cus / ours)
            best_cv.append(cus / cv)
    for k in chunk_methods:
        print(f"gm best cuSPARSE / {k}: {gm(ratios[k]):.3f} over {len(ratios[k])}")
    if best_cv:
        print(f"gm best cuSPARSE / best csr_vector: {gm(best_cv):.3f}; / best of csr_vector and every csr_chunks row: "
              f"{gm(best_ours):.3f} ({sum(r < 1.0 for r in best_ours)} of {len(best_ours)} below 1.0, "
              f"{sum(r < 0.95 for r in best_ours)} below 0.95)")
