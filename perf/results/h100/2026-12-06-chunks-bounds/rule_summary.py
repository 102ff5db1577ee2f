#!/usr/bin/env python3
"""Call 4's bench CSVs: csr_chunks with one lane a row (the base), 8 lanes and the rule (chunk_row_lanes=0) against
the best CSR-vector and the best cuSPARSE algorithm of the same process; geometric means over the matrices where
every one ran (rows that failed the check left out); call 3's legacy body figures are in its own CSVs.

    python3 rule_summary.py call4/double-medium.csv [...]"""
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
    keys = {"1": "csr_chunks", "8": "csr_chunks[chunk_row_lanes=8]", "rule": "csr_chunks[chunk_row_lanes=0]"}
    rows = []
    for m, d in t.items():
        cus = min((v for k, v in d.items() if k.startswith("cusparse")), default=None)
        cv = min((v for k, v in d.items() if k.startswith("csr_vector")), default=None)
        if cus is None or cv is None or any(k not in d for k in keys.values()):
            continue
        rows.append((m, cus, cv, {n: d[k] for n, k in keys.items()}))
    print(f"{path}: {len(rows)} matrices")
    oracle = [min(c["1"], c["8"]) / c["rule"] for _, _, _, c in rows]
    print(f"  rule against the better of 1 and 8 lanes: gm {gm(oracle):.3f}, min {min(oracle):.3f}; "
          f"rule / 1 lane gm {gm([c['1'] / c['rule'] for *_, c in rows]):.3f}")
    for name in ("1", "rule"):
        r = [cus / min(cv, c[name]) for _, cus, cv, c in rows]
        print(f"  best cuSPARSE / best of csr_vector and csr_chunks ({name} lane{'s' if name != '1' else ''}): "
              f"gm {gm(r):.3f}, {sum(x < 1 for x in r)} below 1.0, {sum(x < 0.95 for x in r)} below 0.95")
    r = [cus / c["rule"] for _, cus, _, c in rows]
    print(f"  best cuSPARSE / csr_chunks by the rule: gm {gm(r):.3f}; fastest of the three methods on "
          f"{sum(c['rule'] < min(cus, cv) for _, cus, cv, c in rows)}")
