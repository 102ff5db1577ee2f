#!/usr/bin/env python3
"""Call 4: per precision and method, old-launch time / new-launch time over the matrices both binaries ran
(geometric mean, range, how many > 5 % either way), and cuSPARSE's SELL / our SELL with each launch.
    python3 summarize_call4.py DIR   (DIR holds bench_{new,old}_{double,float}.csv[.xz])"""
import csv
import lzma
import math
import os
import sys
from collections import defaultdict


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


gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
d = sys.argv[1]
for prec in ("double", "float"):
    pn, po = find(d, f"bench_new_{prec}.csv"), find(d, f"bench_old_{prec}.csv")
    if not pn or not po:
        continue
    new, old = load(pn), load(po)
    methods = sorted({m for (_, m) in new})
    print(f"{prec}:")
    for m in methods:
        r = [old[k] / new[k] for k in new if k[1] == m and k in old]
        if r:
            print(f"  {m:18s} old/new gm {gm(r):.3f} ({min(r):.2f}-{max(r):.2f}), {len(r)} matrices, "
                  f"> 5 % faster {sum(x > 1.05 for x in r)}, > 5 % slower {sum(x < 1 / 1.05 for x in r)}")
    for label, t in (("new", new), ("old", old)):
        r = [t[(mat, "cusparse_sell_alg1")] / t[(mat, "sell")] for (mat, m) in t
             if m == "sell" and (mat, "cusparse_sell_alg1") in t]
        if r:
            print(f"  cuSPARSE SELL / our SELL, {label} launch: gm {gm(r):.3f} over {len(r)}, min {min(r):.3f}, "
                  f"below 1 on {sum(x < 1 for x in r)}")
