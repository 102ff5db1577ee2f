#!/usr/bin/env python3
"""coo_summary.txt: aspmv's coo before (../2026-11-27-cusparse-coo) and after
the parallel fixup (this folder), and against cuSPARSE's COO in each run.
Run from the repository root: python3 perf/results/h200/2026-11-27-coo-fixup/coo_summary.py"""
import collections
import csv
import gzip
import math

BASE = "perf/results/h200/"


def gm(v):
    v = [x for x in v if x > 0]
    return math.exp(sum(map(math.log, v)) / len(v))


def load(path):
    rows = collections.defaultdict(dict)
    for r in csv.DictReader(gzip.open(path, "rt")):
        t = float(r["time_s"])
        if t > 0 and r["ok"] == "1":
            rows[r["matrix"]][r["method"]] = t
    return rows


def best_coo(d):
    return min(d[k] for k in ("cusparse_coo_alg1", "cusparse_coo_alg2") if k in d)


for f in ["real_double", "real_float"]:
    new = load(BASE + "2026-11-27-coo-fixup/" + f + ".csv.gz")
    old = load(BASE + "2026-11-27-cusparse-coo/" + f + ".csv.gz")
    sp = [old[m]["coo"] / new[m]["coo"] for m in new if "coo" in new[m] and "coo" in old.get(m, {})]
    vs = [best_coo(new[m]) / new[m]["coo"] for m in new if "coo" in new[m]]
    vo = [best_coo(old[m]) / old[m]["coo"] for m in old if "coo" in old[m]]
    print(f"{f}: {len(sp)} matrices")
    print(f"  coo, old time / new time (two H200s, two runs): geomean {gm(sp):.2f}, min {min(sp):.2f}, max {max(sp):.2f}")
    print(f"  coo against the best cuSPARSE COO (same run): new {gm(vs):.3f} (min {min(vs):.3f}, max {max(vs):.3f}); old {gm(vo):.3f}")
    for m in ["offshore.mtx", "linux-includes.mtx", "4elt.mtx", "web-sk-2005.mtx"]:
        print(f"  {m}: old {old[m]['coo'] * 1e6:.1f} us, new {new[m]['coo'] * 1e6:.1f} us, "
              f"cuSPARSE COO ALG1 {new[m]['cusparse_coo_alg1'] * 1e6:.1f} us")
