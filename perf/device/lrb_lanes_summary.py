#!/usr/bin/env python3
"""Summarises aspmv bench CSVs (.csv or .csv.xz) run with `--variant selector=rules`:
per matrix and value type, lrb (as the build plans it) and lrb[selector=rules] (the TpR rule for every class),
each over the best cuSPARSE algorithm (CSR, COO, SELL), then geometric means of lrb[selector=rules] / lrb.

    perf/device/lrb_lanes_summary.py call1/bench.csv.xz call2/bench_generated.csv.xz
"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def rows(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        yield from csv.DictReader(f)


def main(paths):
    times = defaultdict(dict)
    for p in paths:
        for r in rows(p):
            if r["ok"] == "1":
                times[(r["matrix"], r["value"])][r["method"]] = float(r["time_s"])
    ratios = []
    print(f"{'matrix':34} {'value':6} {'lrb us':>8} {'rules us':>9} {'rules/lrb':>9} {'cuSPARSE us':>11} "
          f"{'lrb vs cuSPARSE':>15} {'best aspmv vs cuSPARSE':>22}")
    for (m, v), t in sorted(times.items()):
        if "lrb" not in t or "lrb[selector=rules]" not in t:
            continue
        cus = [x for k, x in t.items() if k.startswith("cusparse")]
        best_c = min(cus) if cus else float("nan")
        ours = [x for k, x in t.items() if not k.startswith("cusparse") and "[" not in k and k != "aspmv_spmv"
                and k != "aspmv_auto" and k != "aspmv_rules"]
        r = t["lrb[selector=rules]"] / t["lrb"]
        ratios.append(r)
        print(f"{m[:34]:34} {v:6} {t['lrb'] * 1e6:8.2f} {t['lrb[selector=rules]'] * 1e6:9.2f} {r:9.3f} "
              f"{best_c * 1e6:11.2f} {best_c / t['lrb']:15.3f} {best_c / min(ours):22.3f}")
    if ratios:
        gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        print(f"geometric mean of rules/lrb over {len(ratios)}: {gm:.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
