#!/usr/bin/env python3
"""SELL's GPU forms against the table's SELL and cuSPARSE's SELL, per precision: for every SELL method of the file
(sell, sell[sell_lanes=4], sell[sell_row_lanes=P], ...), time of `sell` / time of the form (geometric mean, range,
> 5 % either way) and cuSPARSE's SELL time / the form's (geometric mean over the matrices where cuSPARSE's SELL ran,
min, how many below 1).
    python3 summarize.py DIR   (DIR holds bench_{double,float}.csv[.xz], one process a matrix)"""
import csv
import lzma
import math
import os
import sys

BASE = "sell"
CUSPARSE = "cusparse_sell_alg1"


def load(path):
    t = {}
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1":
                t[(r["matrix"], r["method"])] = float(r["time_s"])
    return t


def find(d, name):
    for p in (os.path.join(d, name), os.path.join(d, name + ".xz")):
        if os.path.exists(p):
            return p
    return None


def gm(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main(d):
    for prec in ("double", "float"):
        p = find(d, f"bench_{prec}.csv")
        if not p:
            continue
        t = load(p)
        mats = sorted({m for (m, _) in t})
        methods = sorted({k for (_, k) in t if k.startswith("sell")}, key=lambda k: (k != BASE, k))
        print(f"{prec}: {len(mats)} matrices")
        for name in methods:
            line = f"  {name:34s}"
            r = [t[(m, BASE)] / t[(m, name)] for m in mats if (m, name) in t and (m, BASE) in t]
            if r and name != BASE:
                line += (f" sell/form gm {gm(r):.3f} ({min(r):.2f}-{max(r):.2f}), faster {sum(x > 1.05 for x in r):2d},"
                         f" slower {sum(x < 1 / 1.05 for x in r):2d};")
            c = sorted((t[(m, CUSPARSE)] / t[(m, name)], m) for m in mats if (m, name) in t and (m, CUSPARSE) in t)
            if c:
                line += (f" cuSPARSE SELL/form gm {gm([x for x, _ in c]):.3f} over {len(c)}, min {c[0][0]:.3f}"
                         f" ({c[0][1]}), below 1 on {sum(x < 1 for x, _ in c)}")
            print(line)


if __name__ == "__main__":
    main(sys.argv[1])
