#!/usr/bin/env python3
"""The best aspmv kernel against the best cuSPARSE algorithm per matrix, with and without lrb, from `aspmv bench
--csv` files (standard library only; .csv or .csv.xz).

    best_vs_cusparse.py DOUBLE.csv[,MORE.csv...] FLOAT.csv[,MORE.csv...]

Per precision and per set (real: matrices read from .mtx.xz files; generated: the rest): the geometric mean over
the matrices of best cuSPARSE time / best aspmv time (above 1, aspmv is faster), how many are below 1.0 and 0.95,
and the worst, once over the aspmv methods the files hold without any lrb method (where a matrix has one) and once
with lrb. "Best aspmv"
is the best of the aspmv methods in the files only (bench variants "[...]" and aspmv_auto left out), not of every
kernel the library has.
"""
import csv, math, lzma, sys
from collections import defaultdict
def rows(p):
    op = lzma.open if p.endswith(".xz") else open
    with op(p, "rt") as f:
        yield from csv.DictReader(f)
def gm(x): return math.exp(sum(map(math.log,x))/len(x))
for label, paths in [("double", sys.argv[1].split(",")), ("float", sys.argv[2].split(","))]:
    t = defaultdict(dict)
    for p in paths:
        for r in rows(p):
            try: v = float(r["time_s"])
            except: continue
            if r.get("ok","1") != "1" or not v > 0: continue
            t[r["matrix"]][r["method"]] = (v, r["family"], int(r["nnz"]))
    for sub, sel in (("real", lambda m: m.endswith(".mtx.xz")), ("generated", lambda m: not m.endswith(".mtx.xz"))):
        with_l, without = [], []
        for m, d in t.items():
            if not sel(m): continue
            cu = [v for k,(v,f,n) in d.items() if f.startswith("cusparse")]
            asp = {k: v for k,(v,f,n) in d.items() if f == "aspmv" and "[" not in k and k != "aspmv_auto"}
            if not cu or not asp: continue
            c = min(cu)
            with_l.append(c / min(asp.values()))
            others = [v for k, v in asp.items() if not k.startswith("lrb")]
            if others:  # a run of lrb alone has no "without"
                without.append(c / min(others))
        if with_l:
            head = f"{label:6s} {sub:9s} n={len(with_l):2d}  best aspmv / best cuSPARSE speed: "
            if len(without) == len(with_l):
                head += f"without lrb gm {gm(without):.3f} (below 1.0 on {sum(x<1 for x in without)}, below 0.95 on {sum(x<0.95 for x in without)}, min {min(without):.3f});  "
            print(head + f"with lrb gm {gm(with_l):.3f} (below 1.0 on {sum(x<1 for x in with_l)}, below 0.95 on {sum(x<0.95 for x in with_l)}, min {min(with_l):.3f})")
