#!/usr/bin/env python3
"""Summarises aspmv bench CSVs (.csv or .csv.xz) run with an lrb variant (default `lrb[selector=rules]`, from
`--variant selector=rules`; another with --variant METHOD, e.g. 'lrb[tpr_rule=kokkos_kernels]'): per matrix and value
type, lrb (as the build plans it) and the variant, their ratio, the best cuSPARSE algorithm (CSR, COO, SELL) and the
ratios to it, then the geometric mean of variant / lrb.

    perf/device/lrb_lanes_summary.py call1/bench.csv.xz call2/bench_generated.csv.xz
    perf/device/lrb_lanes_summary.py --variant 'lrb[tpr_rule=kokkos_kernels]' call5/bench.csv.xz
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


def main(paths, variant="lrb[selector=rules]"):
    times = defaultdict(dict)
    for p in paths:
        for r in rows(p):
            if r["ok"] == "1":
                times[(r["matrix"], r["value"])][r["method"]] = float(r["time_s"])
    ratios = []
    print(f"variant: {variant}")
    print(f"{'matrix':34} {'value':6} {'lrb us':>8} {'var. us':>9} {'var./lrb':>9} {'cuSPARSE us':>11} "
          f"{'lrb vs cuSPARSE':>15} {'best aspmv vs cuSPARSE':>22}")
    for (m, v), t in sorted(times.items()):
        if "lrb" not in t or variant not in t:
            continue
        cus = [x for k, x in t.items() if k.startswith("cusparse")]
        best_c = min(cus) if cus else float("nan")
        ours = [x for k, x in t.items() if not k.startswith("cusparse") and "[" not in k and k != "aspmv_spmv"
                and k != "aspmv_auto" and k != "aspmv_rules"]
        r = t[variant] / t["lrb"]
        ratios.append(r)
        print(f"{m[:34]:34} {v:6} {t['lrb'] * 1e6:8.2f} {t[variant] * 1e6:9.2f} {r:9.3f} "
              f"{best_c * 1e6:11.2f} {best_c / t['lrb']:15.3f} {best_c / min(ours):22.3f}")
    if ratios:
        gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        print(f"geometric mean of variant/lrb over {len(ratios)}: {gm:.3f} (min {min(ratios):.3f}, "
              f"max {max(ratios):.3f})")


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = "lrb[selector=rules]"
    if len(args) >= 2 and args[0] == "--variant":
        chosen, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    main(args, chosen)
