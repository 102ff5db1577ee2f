#!/usr/bin/env python3
"""Prediction and ranking quality of the strip models, from the text `aspmv rank --measure` prints.

Per alternative and benchmark distribution ("label (distribution)"): the median and mean divergence |predicted - measured| / measured over the matrices
(Lehnert Fig. 1); per matrix: how far the measured time of the predicted best alternative is above the measured best of those ranked
(within 5 %, 5-20 %, above 20 %: Lehnert Fig. 2). Refused alternatives count in neither.

    rank_summary.py rank.txt [more.txt ...]
"""
from __future__ import annotations

import re
import statistics
import sys
from collections import defaultdict

HEADER = re.compile(r"^(?P<matrix>\S+): (?P<rows>\d+) x (?P<cols>\d+), (?P<nnz>\d+) nnz, (?P<value>\w+); models of")
ROW = re.compile(r"^(?P<rank>\d+)\s+(?P<label>\S+)\s+(?P<dist>\S+)\s+(?P<i>\d+)\s+(?P<pnz>\d+)\s+(?P<pred>[\d.]+)\s+"
                 r"(?P<conv>[\d.]+)\s+(?P<payoff>.+?)\s{2,}(?P<per_call>[\d.]+)\s+(?P<meas>[\d.]+|refused)")


def parse(paths):
    tables = []
    current = None
    for path in paths:
        for line in open(path):
            h = HEADER.match(line)
            if h:
                current = {"matrix": h["matrix"], "nnz": int(h["nnz"]), "rows": []}
                tables.append(current)
                continue
            r = ROW.match(line)
            if r and current is not None:
                meas = None if r["meas"] == "refused" else float(r["meas"])
                current["rows"].append((f'{r["label"]} ({r["dist"]})', float(r["pred"]), meas))
    return [t for t in tables if t["rows"]]


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    tables = parse(sys.argv[1:])
    divergence = defaultdict(list)
    within = {"<= 5 %": 0, "5-20 %": 0, "> 20 %": 0}
    for t in tables:
        ran = [(lab, p, m) for lab, p, m in t["rows"] if m is not None and m > 0]
        if not ran:
            continue
        for lab, p, m in ran:
            divergence[lab].append(abs(p - m) / m)
        best = min(m for _, _, m in ran)
        chosen = min(ran, key=lambda r: r[1])
        excess = chosen[2] / best - 1
        within["<= 5 %" if excess <= 0.05 else ("5-20 %" if excess <= 0.20 else "> 20 %")] += 1
    print(f"{len(tables)} matrices")
    print(f"{'alternative':<30} {'n':>3} {'median divergence':>18} {'mean divergence':>16}")
    for lab, d in sorted(divergence.items()):
        print(f"{lab:<30} {len(d):>3} {100 * statistics.median(d):>17.1f}% {100 * statistics.mean(d):>15.1f}%")
    n = sum(within.values())
    print("predicted best vs measured best: " +
          ", ".join(f"{k}: {v} of {n} ({100 * v / n:.0f} %)" for k, v in within.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
