#!/usr/bin/env python3
"""The medium-row target of issue 21 (>= 85 % of the copy bandwidth on matrices above 1M nonzeros with 8-64 a row)
against how far a row's columns spread: per bin of bandwidth / columns (the collector's `bandwidth` feature: the
largest |column - row| over the matrix) and of x's size, the best aspmv kernel's and cuSPARSE's best GB/s over the
run's copy bandwidth, from a collection's folders (runtimes.csv.gz, features.csv.gz, run.json).

    python3 perf/device/medium_rows_by_spread.py tuning_data/h100/measurements/2026-12-07-window-*"""
import csv
import gzip
import json
import os
import statistics
import sys
from collections import defaultdict


def main(folders):
    best, cus, feats, copy = defaultdict(float), defaultdict(float), {}, {}
    for d in folders:
        run_copy = json.load(open(os.path.join(d, "run.json")))["copy_bandwidth_gbs"]
        for r in csv.DictReader(gzip.open(os.path.join(d, "runtimes.csv.gz"), "rt")):
            if r["ok"] != "1":
                continue
            m, g = r["matrix"], float(r["gbs"])
            copy[m] = run_copy
            if r["kernel"].startswith("cusparse"):
                cus[m] = max(cus[m], g)
            else:
                best[m] = max(best[m], g)
        for r in csv.DictReader(gzip.open(os.path.join(d, "features.csv.gz"), "rt")):
            feats[r["matrix"]] = r
    rows = []
    for m, f in feats.items():
        nnz, mean, cols = int(f["nnz"]), float(f["mean"]), int(f["cols"])
        if nnz < 1_000_000 or not 8 <= mean <= 64 or m not in best:
            continue
        rows.append((best[m] / copy[m], cus[m] / copy[m], float(f["bandwidth"]) / cols, cols * 8 / 2**20))
    print(f"{len(rows)} matrices above 1M nonzeros with 8-64 a row (double)")
    for name, k, edges in (("bandwidth / columns", 2, [0, 0.001, 0.01, 0.1, 0.5, 1.0001, float("inf")]),
                           ("x in double, MiB", 3, [0, 1, 4, 16, 50, float("inf")])):
        print(name)
        bins = defaultdict(list)
        for r in rows:
            bins[max(i for i in range(len(edges) - 1) if r[k] >= edges[i])].append(r)
        for i in sorted(bins):
            v = bins[i]
            print(f"  {edges[i]:g}-{edges[i + 1]:g}: n={len(v):3d}  best aspmv median {statistics.median(x[0] for x in v):.2f}"
                  f" of copy ({sum(x[0] >= 0.85 for x in v)} at >= 0.85), best cuSPARSE median"
                  f" {statistics.median(x[1] for x in v):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
