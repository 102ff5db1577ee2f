#!/usr/bin/env python3
"""aspmv's SELL (and its `--variant`s), ELL and JAD against cuSPARSE's SELL, from `aspmv bench --csv` files.

    perf/device/sell_vs_cusparse.py BENCH.csv[.xz] [BENCH.csv[.xz] ...]

Per file (one precision each): for every method whose name starts with sell, ell or jad, over the matrices where
it and cusparse_sell_alg1 both ran (ok): the geometric mean of cuSPARSE's time / the method's (> 1: ours faster),
the least, how many below 1, and the median setup (conversion) of each. Standard library only.
"""
import csv
import lzma
import math
import statistics
import sys
from collections import defaultdict

BAR = "cusparse_sell_alg1"
PREFIXES = ("sell", "ell", "jad")


def summary(path: str) -> str:
    time, setup, value = defaultdict(dict), defaultdict(dict), set()
    with (lzma.open(path, "rt", newline="") if path.endswith(".xz") else open(path, newline="")) as f:
        for r in csv.DictReader(f):
            if r["ok"] != "1":
                continue
            time[r["method"]][r["matrix"]] = float(r["time_s"])
            setup[r["method"]][r["matrix"]] = float(r["setup_s"])
            value.add(r["value"])
    bar = time.get(BAR, {})
    lines = [f"{path} ({', '.join(sorted(value))}): {len(bar)} matrices with {BAR}",
             f"{'method':34s} {'n':>3s} {'gm cuSPARSE/ours':>16s} {'min':>6s} {'below 1':>7s} {'setup ms (median)':>17s}"]
    for m in sorted(k for k in time if k.startswith(PREFIXES)):
        common = [x for x in time[m] if x in bar]
        if not common:
            continue
        r = [bar[x] / time[m][x] for x in common]
        gm = math.exp(sum(math.log(v) for v in r) / len(r))
        lines.append(f"{m:34s} {len(r):3d} {gm:16.3f} {min(r):6.3f} {sum(v < 1 for v in r):7d} "
                     f"{1e3 * statistics.median(setup[m].values()):17.3f}")
    lines.append(f"{BAR:34s} {'':3s} {'':16s} {'':6s} {'':7s} {1e3 * statistics.median(setup[BAR].values()):17.3f}"
                 if bar else f"no {BAR} rows")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("\n\n".join(summary(p) for p in sys.argv[1:]))
