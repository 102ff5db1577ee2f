#!/usr/bin/env python3
"""Call 1's fixed pieces replayed as rules of the pieces' length (issue 21, 2026-12-06).

    python3 perf/results/h100/2026-12-06-lrb-pieces/piece_rule.py > perf/results/h100/2026-12-06-lrb-pieces/piece_rule.txt

For each rule, the time of the variant the rule would pick per matrix (lrb[lrb_piece=N]; "lrb" where it picks what
call 1's default picked) against lrb as committed before (pieces of 256 or 512 by choose_lrb_piece), geometric mean
and worst over the matrices of call 1, double and float. A rule sees each matrix's longest row (the collector's
"max" feature of tuning_data/h100/measurements/2026-12-06-*). Simulated from timings of fixed pieces, not a
measurement of the rule: call 2 measures the rule as committed.
"""
import csv
import gzip
import math
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]


def features():
    out = {}
    for f in sorted(ROOT.glob("tuning_data/h100/measurements/2026-12-06-*/features.csv.gz")):
        with gzip.open(f, "rt", newline="") as fh:
            for r in csv.DictReader(fh):
                out[r["matrix"]] = int(float(r["max"]))
    return out


def times():
    t = defaultdict(dict)
    for f in sorted((HERE / "call1").glob("*.csv")):
        prec = f.name.split("-")[0]
        with open(f, newline="") as fh:
            for r in csv.DictReader(fh):
                if r["ok"] == "1":
                    t[(prec, r["matrix"].replace(".mtx.xz", ""))][r["method"]] = float(r["time_s"])
    return t


def pieces_rule(row_pieces, lengths=(128, 256)):
    def rule(longest):
        for p in lengths:
            if math.ceil(longest / p) <= row_pieces:
                return p
        return lengths[-1]
    return rule


def main():
    longest, t = features(), times()
    rules = [("fixed 64", lambda m: 64), ("fixed 128", lambda m: 128), ("fixed 256", lambda m: 256)]
    rules += [(f"128, 256 where the longest row has more than {k} pieces of 128", pieces_rule(k)) for k in (64, 128, 256)]
    rules += [("oracle (the fastest fixed piece per matrix)", None)]
    print(f"{'rule':68s} {'precision':9s} {'n':>3s} {'gm before/rule':>14s} {'worst':>6s}")
    for name, rule in rules:
        for prec in ("double", "float"):
            ratios = []
            for (p, m), d in t.items():
                if p != prec or m not in longest:
                    continue
                if rule is None:
                    best = min(v for k, v in d.items() if k.startswith("lrb"))
                else:
                    best = d[f"lrb[lrb_piece={rule(longest[m])}]"]
                ratios.append(d["lrb"] / best)
            gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
            print(f"{name:68s} {prec:9s} {len(ratios):3d} {gm:14.3f} {min(ratios):6.3f}")


if __name__ == "__main__":
    main()
