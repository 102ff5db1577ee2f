#!/usr/bin/env python3
"""The medium-row target of issue 21 (>= 85 % of the copy bandwidth on matrices above 1M nonzeros with 8-64 a row)
against how far the entries reach from the diagonal: per bin of bandwidth / columns (the collector's `bandwidth`
feature: the largest |column - row| over the matrix) and of x's size, the best aspmv kernel's and the best cuSPARSE
algorithm's bandwidth over the run's copy bandwidth, from `aspmv collect` folders, with collection_targets.py's
definitions (its `load`: aspmv-family kernels against cuSPARSE's CSR, COO and SELL; medium rows by nnz / rows).

    python3 perf/device/medium_rows_by_spread.py tuning_data/h100/measurements/2026-12-07-window-*"""
import csv
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from auto_vs_oracle import _in_run, _open  # noqa: E402
from collection_targets import VENDOR_ALL, best, load  # noqa: E402


def main(folders):
    mats = load(folders)
    feats = {}
    for f in folders:
        with _open(_in_run(f, "features.csv")) as fh:
            feats.update({r["matrix"]: r for r in csv.DictReader(fh)})
    rows = []
    for name, m in mats.items():
        if not (m["nnz"] > 1_000_000 and 8 <= m["nnz"] / max(m["rows"], 1) <= 64):
            continue
        fam = m["fam"]
        ours = best(m, lambda k, c: fam.get(k) == "aspmv")
        vend = best(m, lambda k, c: k in VENDOR_ALL)
        if not (ours and vend):
            continue
        cols = int(float(feats[name]["cols"]))
        rows.append((ours[1] / m["copy"], vend[1] / m["copy"], float(feats[name]["bandwidth"]) / cols,
                     cols * 8 / 2**20))
    print(f"{len(rows)} matrices above 1M nonzeros with 8-64 a row (double)")
    for label, k, edges in (("bandwidth / columns", 2, [0, 0.001, 0.01, 0.1, 0.5, 1.0001, float("inf")]),
                            ("x in double, MiB", 3, [0, 1, 4, 16, 50, float("inf")])):
        print(label)
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
