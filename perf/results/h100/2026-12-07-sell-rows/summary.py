#!/usr/bin/env python3
"""Call 6's tables (README here): our SELL against cuSPARSE's SELL of the same process, the new tool (B3) with and
without `--variant sell_load=2` against the tool of 58c5af4 (B0) through each one's cuSPARSE SELL, per set
(losers.txt, controls.txt, medium.txt), and the hint against the footprint (the rows' arrays with x and y estimated
from the nonzeros, rows and columns). Standard library only.

    python3 summary.py call6/b3.csv.xz call6/b0.csv.xz [--value-bytes 8]   # float: call6/b3-float... --value-bytes 4
"""
import argparse
import csv
import lzma
import math
import os
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CUS, HINT = "cusparse_sell_alg1", "sell[sell_load=2]"


def load(path):
    d = defaultdict(dict)
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path, newline="")) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                d[r["matrix"]][r["method"]] = (float(r["time_s"]), int(r["rows"]), int(r["cols"]), int(r["nnz"]))
    return d


def key(line):
    b = os.path.basename(line.strip())
    if "--" in b:
        base, ops = b.split("--", 1)
        return base.split(".")[0] + "--" + ops
    return b


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def span(v):
    return f"{gm(v):.3f} ({min(v):.3f}-{max(v):.3f})" if v else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("--value-bytes", type=int, default=8)
    a = ap.parse_args()
    new, old = load(a.new), load(a.old)
    t = lambda d, m: d[m][0]  # noqa: E731
    for name in ("losers", "controls", "medium"):
        with open(os.path.join(HERE, name + ".txt")) as f:
            names = [key(l) for l in f if l.strip()]
        rows = [(n, new[n], old.get(n, {})) for n in names if "sell" in new.get(n, {}) and CUS in new.get(n, {})]
        plain = [t(m, CUS) / t(m, "sell") for _, m, _ in rows]
        hint = [t(m, CUS) / t(m, HINT) for _, m, _ in rows if HINT in m]
        prev = [t(o, CUS) / t(o, "sell") for _, _, o in rows if "sell" in o and CUS in o]
        rules = [(t(o, "sell") / t(o, CUS)) / (t(m, "sell") / t(m, CUS)) for _, m, o in rows if "sell" in o and CUS in o]
        hvp = [t(m, "sell") / t(m, HINT) for _, m, _ in rows if HINT in m]
        below = lambda v: sum(x < 1 for x in v)  # noqa: E731
        print(f"{name}: n={len(rows)}; cuSPARSE SELL / ours: old {gm(prev):.3f} ({below(prev)} below 1), new "
              f"{gm(plain):.3f} ({below(plain)}), new with the hint {gm(hint):.3f} ({below(hint)}); new / old "
              f"through the yardstick {span(rules)}; hint / no hint {span(hvp)}")
    print("hint / no hint by footprint (MB):")
    for n, m in sorted(new.items(), key=lambda kv: kv[1].get("sell", (0, 0, 0, 0))[3]):
        if "sell" in m and HINT in m:
            _, rows, cols, nnz = m["sell"]
            mb = (nnz * (a.value_bytes + 4) + rows * 4 + (cols + rows) * a.value_bytes) / 1e6
            print(f"  {mb:7.1f}  {n:45.45s} {t(m, 'sell') / t(m, HINT):.3f}")


if __name__ == "__main__":
    main()
