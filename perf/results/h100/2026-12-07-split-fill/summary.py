#!/usr/bin/env python3
"""Call 1's bench CSV (`--methods vector_split,csr_vector<32>,cusparse --variant split_fill_percent=P ...`): per
matrix vector_split's time with each fill over its time without (the mean-length rule alone), and CSR-vector at a
warp a row and cuSPARSE's best over it; geometric means, quartiles and the worst by rows bin (H100: 8,448 warps of 32
threads at once, 270,336 threads).

    python3 summary.py CSV[.xz] [--per-matrix]"""
import math
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../device"))
from bench_csv import timed_rows  # noqa: E402


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def q(v, f):
    v = sorted(v)
    return v[min(len(v) - 1, int(f * len(v)))] if v else float("nan")


def main(path, per_matrix):
    times = defaultdict(dict)  # matrix -> method label -> time
    rows = {}
    for r in timed_rows(path):
        t = r["time_s"]
        m, meth = r["matrix"], r["method"]
        rows[m] = int(r["rows"])
        if meth.startswith("cusparse"):
            key = "cusparse"
        elif meth.startswith("vector_split"):
            fill = re.search(r"split_fill_percent=(\d+)", meth)
            key = "fill%s" % fill.group(1) if fill else "fill0"
        elif meth.startswith("csr_vector<32>"):
            key = "vector32"
        else:
            continue
        times[m][key] = min(times[m].get(key, t), t)
    keys = sorted({k for t in times.values() for k in t if k.startswith("fill") and k != "fill0"},
                  key=lambda k: int(k[4:])) + ["vector32", "cusparse"]
    bins = [0, 1000, 4224, 8448, 33792, 135168, 10**12]
    print("time over vector_split's without fill (fill0); gm [q25 q75] worst, by rows")
    for lo, hi in zip(bins, bins[1:]):
        ms = [m for m in times if lo <= rows[m] < hi and "fill0" in times[m]]
        if not ms:
            continue
        cells = []
        for k in keys:
            r = [times[m][k] / times[m]["fill0"] for m in ms if k in times[m]]
            cells.append("%s %.3f [%.2f %.2f] %.2f" % (k, gm(r), q(r, .25), q(r, .75), max(r)) if r else k + " -")
        print("rows %7d-%-7d n=%3d  %s" % (lo, hi if hi < 10**12 else 0, len(ms), " | ".join(cells)))
    for k in keys:
        r = [t[k] / t["fill0"] for t in times.values() if k in t and "fill0" in t]
        print("all %-9s n=%3d gm %.3f, faster >2%% %d, slower >2%% %d" %
              (k, len(r), gm(r), sum(x < 0.98 for x in r), sum(x > 1.02 for x in r)))
    if per_matrix:
        for m in sorted(times, key=lambda m: rows[m]):
            t = times[m]
            if "fill0" in t:
                print("%-60s %8d %9.2f us  %s" % (m[-60:], rows[m], t["fill0"] * 1e6,
                      " ".join("%s %.3f" % (k, t[k] / t["fill0"]) for k in keys if k in t)))


if __name__ == "__main__":
    main(sys.argv[1], "--per-matrix" in sys.argv[2:])
