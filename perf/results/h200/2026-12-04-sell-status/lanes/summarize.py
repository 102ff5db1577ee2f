#!/usr/bin/env python3
"""Summary of lanes_bench's CSV: per precision, cuSPARSE's SELL time / each layout's (geometric mean over the
matrices where cuSPARSE's SELL ran), and 1-entry / 4-entry time over all.  python3 summarize.py call2/lanes.csv.xz"""
import lzma
import math
import sys
from collections import defaultdict

t = defaultdict(dict)
err = defaultdict(float)
with lzma.open(sys.argv[1], "rt") as f:
    next(f)
    for line in f:
        m, v, method, rows, nnz, stored, us, rel = line.strip().split(",")
        t[(v, m)][method] = float(us)
        err[(v, method)] = max(err[(v, method)], float(rel))
gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
for v in ("double", "float"):
    both = [d for (vv, m), d in t.items() if vv == v and "cusparse_sell" in d]
    print(f"{v}: {len(both)} matrices with cuSPARSE's SELL")
    for g in ("sell_g1", "sell_g2", "sell_g4"):
        r = [d["cusparse_sell"] / d[g] for d in both]
        print(f"  cuSPARSE SELL / {g}: gm {gm(r):.3f}, min {min(r):.3f}, below 1 on {sum(x < 1 for x in r)}")
    every = [d for (vv, m), d in t.items() if vv == v]
    r = [d["sell_g1"] / d["sell_g4"] for d in every]
    print(f"  sell_g1 / sell_g4 over {len(every)}: gm {gm(r):.3f}, {min(r):.3f}-{max(r):.3f}")
    print("  largest relative error: " + ", ".join(f"{k[1]} {e:.2g}" for k, e in sorted(err.items()) if k[0] == v))
