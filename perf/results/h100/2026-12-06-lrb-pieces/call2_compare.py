#!/usr/bin/env python3
"""Call 2: lrb with the committed pieces (new.csv) against call 1's binary before and after it (old1.csv, old2.csv),
per list of call 1; with the fixed-piece and spans variants and cuSPARSE's COO ALG1 of the same process (new.csv).

    python3 perf/results/h100/2026-12-06-lrb-pieces/call2_compare.py > perf/results/h100/2026-12-06-lrb-pieces/call2/comparison.txt

old = the geometric mean of old1 and old2 per matrix; drift = old2 / old1. Ratios above 1: the right-hand one is
slower (x / new: new is faster).
"""
import csv
import math
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load(name):
    t = defaultdict(dict)
    with open(HERE / "call2" / name, newline="") as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1":
                t[r["matrix"]][r["method"]] = float(r["time_s"])
    return t


def gm(v):
    return math.exp(sum(map(math.log, v)) / len(v))


def main():
    o1, o2, n = load("old1.csv"), load("old2.csv"), load("new.csv")
    for title, listing in (("real losers", "losers-real.txt"), ("generated losers", "losers-generated.txt"),
                           ("controls", "controls.txt")):
        names = [line.strip().split("/")[-1] for line in open(HERE / listing) if line.strip()]
        cols = defaultdict(list)
        for m in names:
            if m not in n or m not in o1 or m not in o2:
                print(f"  {m}: missing")
                continue
            old = math.sqrt(o1[m]["lrb"] * o2[m]["lrb"])
            new = n[m]["lrb"]
            cols["old / new"].append(old / new)
            cols["drift old2 / old1"].append(o2[m]["lrb"] / o1[m]["lrb"])
            for v in ("lrb[lrb_piece=128]", "lrb[lrb_piece=256]", "lrb[lrb_spans=1]"):
                cols[f"{v} / new"].append(n[m][v] / new)
            cols["COO ALG1 / new"].append(n[m]["cusparse_coo_alg1"] / new)
            cols["COO ALG1 / old"].append(n[m]["cusparse_coo_alg1"] / old)
        print(f"{title} ({len(cols['old / new'])} matrices)")
        for k, v in cols.items():
            print(f"  {k:26s} gm {gm(v):.3f}  min {min(v):.3f}  max {max(v):.3f}  below 1: {sum(x < 1 for x in v)}")


if __name__ == "__main__":
    main()
