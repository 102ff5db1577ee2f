#!/usr/bin/env python3
"""Call 1's bench CSVs: per matrix the best CSR-vector over TpR 2-16 at each vector_load hint against the best at
plain loads (0), and the best cuSPARSE algorithm against the best CSR-vector (geometric means).

    python3 best_of_hints.py call1/double-medium.csv.xz [...]"""
import csv
import lzma
import math
import re
import sys
from collections import defaultdict


def gm(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


for path in sys.argv[1:]:
    best = defaultdict(dict)  # matrix -> hint -> best time
    cus = {}
    with lzma.open(path, "rt") if path.endswith(".xz") else open(path) as f:
        for r in csv.DictReader(f):
            t = float(r["time_s"])
            if t <= 0:
                continue
            m, method = r["matrix"], r["method"]
            if method.startswith("cusparse"):
                cus[m] = min(cus.get(m, t), t)
            elif method.startswith("csr_vector<"):
                h = re.search(r"vector_load=(\d)", method)
                hint = h.group(1) if h else "0"
                best[m][hint] = min(best[m].get(hint, t), t)
    mats = [m for m in best if "0" in best[m]]
    print(f"{path}: {len(mats)} matrices")
    for hint in "1234":
        r = [best[m][hint] / best[m]["0"] for m in mats if hint in best[m]]
        print(f"  vector_load={hint}: best over TpR / plain's: gm {gm(r):.3f}, min {min(r):.3f}, max {max(r):.3f}")
    for hint in "02":
        r = [cus[m] / best[m][hint] for m in mats if m in cus and hint in best[m]]
        below = sum(1 for v in r if v < 1)
        print(f"  best cuSPARSE / best CSR-vector at vector_load={hint}: gm {gm(r):.3f} ({below} of {len(r)} below 1)")
