#!/usr/bin/env python3
"""The medium-row target of issue 21 (>= 85 % of the copy bandwidth on matrices above 1M nonzeros with 8-64 a row)
against how far the entries reach from the diagonal: per bin of bandwidth / columns (the collector's `bandwidth`
feature: the largest |column - row| over the matrix) and of x's size, the best aspmv kernel's and the best cuSPARSE
algorithm's bandwidth over the run's copy bandwidth, from `aspmv collect` folders, with collection_targets.py's
definitions (its `load`: aspmv-family kernels against cuSPARSE's CSR, COO and SELL; medium rows by nnz / rows).
With --locality (the per-matrix column locality of
docs/studies/h100/runtime-models/regressions-2026-12-07-locality/locality.csv.gz: `lines8`, the x lines of 8 entries a
row touches per nonzero, and `reuse8`, the share of nonzeros whose line the row before touched) also per bin of x
size and of the new x lines a nonzero (lines8 x (1 - reuse8)): with x in the L2, a nonzero that gathers a line no
neighbour did costs an L2 sector of 32 bytes for its 8.

    python3 perf/device/medium_rows_by_spread.py tuning_data/h100/measurements/2026-12-07-window-* \
        [--locality docs/studies/h100/runtime-models/regressions-2026-12-07-locality/locality.csv.gz]"""
import argparse
import gzip
import csv
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from auto_vs_oracle import _in_run, _open  # noqa: E402
from collection_targets import VENDOR_ALL, best, load  # noqa: E402


def summary(v):
    return (f"n={len(v):3d}  best aspmv median {statistics.median(x[0] for x in v):.2f} of copy"
            f" ({sum(x[0] >= 0.85 for x in v)} at >= 0.85, {sum(x[0] >= 0.75 for x in v)} at >= 0.75),"
            f" best cuSPARSE median {statistics.median(x[1] for x in v):.2f}")


def main(folders, locality_csv=None):
    mats = load(folders)
    locality = {}
    if locality_csv:
        with gzip.open(locality_csv, "rt") if locality_csv.endswith(".gz") else open(locality_csv) as fh:
            locality = {r["matrix"]: r for r in csv.DictReader(fh)}
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
        loc = locality.get(name)
        new_lines = float(loc["lines8"]) * (1 - float(loc["reuse8"])) if loc else None
        rows.append((ours[1] / m["copy"], vend[1] / m["copy"], float(feats[name]["bandwidth"]) / cols,
                     cols * 8 / 2**20, new_lines))
    print(f"{len(rows)} matrices above 1M nonzeros with 8-64 a row (double)")
    for label, k, edges in (("bandwidth / columns", 2, [0, 0.001, 0.01, 0.1, 0.5, 1.0001, float("inf")]),
                            ("x in double, MiB", 3, [0, 1, 4, 16, 50, float("inf")])):
        print(label)
        bins = defaultdict(list)
        for r in rows:
            bins[max(i for i in range(len(edges) - 1) if r[k] >= edges[i])].append(r)
        for i in sorted(bins):
            v = bins[i]
            print(f"  {edges[i]:g}-{edges[i + 1]:g}: {summary(v)}")
    if not locality:
        return
    known = [r for r in rows if r[4] is not None]
    print(f"x in double, MiB / new x lines a nonzero ({len(known)} of {len(rows)} with locality)")
    for xlo, xhi in ((0, 16), (16, 40), (40, float("inf"))):
        for lo, hi in ((0, 0.4), (0.4, 0.8), (0.8, 1.0001)):
            v = [r for r in known if xlo <= r[3] < xhi and lo <= r[4] < hi]
            if v:
                print(f"  {xlo:g}-{xhi:g} / {lo:g}-{hi:g}: {summary(v)}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--locality")
    a = ap.parse_args()
    main(a.folders, a.locality)
