#!/usr/bin/env python3
"""The handle's "T": atomic scatter or A^T with a value refresh, per matrix.

    handle_transpose_choice.py BENCH_FORMS_CSV MATRIX_DIR [--limit N]

Reads `aspmv bench-forms` rows (one vector) for the handle's "T" (refresh +
apply) and the drop-in's scatter "T", and the longest column of each matrix
from MATRIX_DIR/<name> (Matrix Market, symmetric ones expanded). Matrices
that are generated names, not files, are shown as "generated" and count as
short-columned: the benchmark set's generated matrices (stencils, uniform
random rows) are. Prints per matrix the time ratio A^T path / scatter next
to its longest column, then what the rule "scatter while the longest column
has at most N nonzeros" gives against the better of the two per matrix
(geometric mean, min), next to always-A^T and always-scatter. Standard
library only.
"""
import argparse
import collections
import csv
import gzip
import math
import os

HANDLE = 'handle "T" (refresh + apply)'
SCATTER = 'drop-in "T" (scatter)'


def longest_column(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        header = f.readline().lower()
        symmetric = any(w in header for w in ("symmetric", "hermitian", "skew"))
        line = f.readline()
        while line.startswith("%"):
            line = f.readline()
        counts = collections.Counter()
        for line in f:
            parts = line.split()
            if len(parts) < 2:
                continue
            i, j = int(parts[0]), int(parts[1])
            counts[j] += 1
            if symmetric and i != j:
                counts[i] += 1
    return max(counts.values()) if counts else 0


def gmean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("matrix_dir")
    ap.add_argument("--limit", type=int, default=1000)
    args = ap.parse_args()
    times = collections.defaultdict(dict)
    with open(args.csv) as f:
        for r in csv.DictReader(f):
            if r["form"] == "T" and r["vectors"] == "1" and r["ok"] == "1":
                times[r["matrix"]][r["method"]] = float(r["time_s"])
    rows = []
    for name, t in times.items():
        if HANDLE not in t or SCATTER not in t:
            continue
        path = os.path.join(args.matrix_dir, name)
        col = longest_column(path) if os.path.exists(path) else None
        rows.append((name, col, t[HANDLE], t[SCATTER]))
    rows.sort(key=lambda r: (r[1] is not None, r[1] or 0))
    print(f"{'matrix':44s} {'longest column':>14s} {'A^T path us':>11s} {'scatter us':>10s} {'A^T/scatter':>11s}")
    for name, col, h, s in rows:
        shown = "generated" if col is None else str(col)
        print(f"{name[:44]:44s} {shown:>14s} {h * 1e6:11.1f} {s * 1e6:10.1f} {h / s:11.2f}")
    rule, always_t, always_s = [], [], []
    for name, col, h, s in rows:
        best = min(h, s)
        scatter = col is None or col <= args.limit  # generated matrices of the set have short columns
        rule.append(best / (s if scatter else h))
        always_t.append(best / h)
        always_s.append(best / s)
    print(f"\nbetter-of-two / choice over {len(rows)} matrices (geometric mean, min):")
    print(f"  scatter up to {args.limit} per column: {gmean(rule):.3f}, {min(rule):.3f}")
    print(f"  always A^T (refresh + apply):        {gmean(always_t):.3f}, {min(always_t):.3f}")
    print(f"  always scatter:                      {gmean(always_s):.3f}, {min(always_s):.3f}")


if __name__ == "__main__":
    main()
