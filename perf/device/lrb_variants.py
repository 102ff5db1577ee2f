#!/usr/bin/env python3
"""lrb at the table's values against its bench variants ("lrb[key=value]"), the best other aspmv kernel and the
best cuSPARSE algorithm, from `aspmv bench --csv` files (standard library only; .csv or .csv.xz).

    lrb_variants.py BENCH.csv[.xz] [...]

Per file: one line per matrix (smallest first) with the times in us of lrb, each lrb variant the file holds, the best
other aspmv kernel (bench variants and aspmv_auto left out) and the best cuSPARSE algorithm (every family whose name
starts with cusparse); then, apart for the matrices below and above 1M nonzeros, geometric means over the matrices
of: variant time / lrb time (above 1, lrb at the table's values is faster), best other / lrb and best cuSPARSE / lrb
(above 1, lrb is faster), and the same two for each variant; with the worst, the best and how many are above 1.
Rows that failed the check or were not timed are left out.
"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def load(path):
    opener = lzma.open if path.endswith(".xz") else open
    t = defaultdict(dict)
    with opener(path, "rt", newline="") as f:
        for r in csv.DictReader(f):
            try:
                v = float(r["time_s"])
            except (KeyError, ValueError):
                continue
            if r.get("ok") != "1" or not v > 0:
                continue
            name = r["matrix"].split("/")[-1].replace(".mtx.xz", "").replace(".mtx", "")
            t[name][r["method"]] = (v, r["family"], int(r["nnz"]))
    return t


def gm(x):
    return math.exp(sum(map(math.log, x)) / len(x))


def report(path):
    t = load(path)
    variants = sorted({k for d in t.values() for k in d if k.startswith("lrb[")})
    print(path)
    print("%-34s %6s %8s " % ("matrix", "nnz M", "lrb") + " ".join("%12s" % v[4:-1][-12:] for v in variants) +
          " %8s %8s" % ("other", "cuSPARSE"))
    ratios = defaultdict(list)
    for m, d in sorted(t.items(), key=lambda kv: next(iter(kv[1].values()))[2]):
        if "lrb" not in d:
            continue
        lrb, n = d["lrb"][0], d["lrb"][2]
        other = [v for k, (v, fam, _) in d.items() if fam == "aspmv" and not k.startswith("lrb") and "[" not in k
                 and k != "aspmv_auto"]
        cu = [v for k, (v, fam, _) in d.items() if fam.startswith("cusparse")]
        nan = float("nan")
        print("%-34s %6.2f %8.1f " % (m[:34], n / 1e6, lrb * 1e6) +
              " ".join("%12.1f" % (d[v][0] * 1e6 if v in d else nan) for v in variants) +
              " %8.1f %8.1f" % (min(other) * 1e6 if other else nan, min(cu) * 1e6 if cu else nan))
        size = ">= 1M" if n >= 1e6 else "< 1M"
        for label, time in [("lrb", lrb)] + [(v, d[v][0]) for v in variants if v in d]:
            if label != "lrb":
                ratios[(label + " / lrb", size)].append(time / lrb)
            if other:
                ratios[("best other / " + label, size)].append(min(other) / time)
            if cu:
                ratios[("best cuSPARSE / " + label, size)].append(min(cu) / time)
    for (what, size), r in sorted(ratios.items()):
        print("  %-44s %-6s n=%3d  gm %.3f  min %.3f  max %.3f  above 1: %d" %
              (what, size, len(r), gm(r), min(r), max(r), sum(x > 1 for x in r)))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        report(p)
