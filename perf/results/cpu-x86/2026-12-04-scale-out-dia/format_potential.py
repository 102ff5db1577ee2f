#!/usr/bin/env python3
"""What converted formats could give a CPU plan that has no format models (the cpu-x86 table), from the 16-core
host's collections with the AVX-512 row lanes and SELL-8 (tuning_data/cpu-x86/measurements/2026-12-03-avx512-*):
per matrix the best CSR kernel's time per call against each format's, and the calls after which the format's
conversion (its recorded preprocessing) is repaid. DIA's timings there predate its AVX-512 lanes (stale).

    python3 perf/results/cpu-x86/2026-12-04-scale-out-dia/format_potential.py > .../format_potential.txt
"""
import collections
import csv
import glob
import gzip
import math
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
folders = sorted(glob.glob(os.path.join(root, "tuning_data/cpu-x86/measurements/2026-12-03-avx512-*")))
formats = ("sell", "ell", "jad", "dia")
best = collections.defaultdict(dict)  # matrix -> class -> (seconds a call, preprocessing seconds)
for d in folders:
    for x in csv.DictReader(gzip.open(os.path.join(d, "runtimes.csv.gz"), "rt")):
        if not x["time_s"] or x["kernel"].startswith("aspmv_") or x["kernel"] in ("kokkos_kernels", "mkl"):
            continue
        cls = x["kernel"] if x["kernel"] in formats else "csr"
        t, pre = float(x["time_s"]), float(x["preprocessing_s"] or 0)
        cur = best[x["matrix"]].get(cls)
        if cur is None or t < cur[0]:
            best[x["matrix"]][cls] = (t, pre)
print("folders:", ", ".join(os.path.basename(d) for d in folders))
print("format | matrices (both timed) | best CSR / format, geometric mean | format faster by > 5 % | by > 20 % |"
      " calls to repay where > 5 % (quartiles) | matrices where it is the cheapest at 1000 calls")
for f in formats:
    pairs = [(m, v) for m, v in best.items() if "csr" in v and f in v]
    if not pairs:
        continue
    ratios = [v["csr"][0] / v[f][0] for _, v in pairs]
    faster = [(m, v) for m, v in pairs if v["csr"][0] / v[f][0] > 1.05]
    repay = sorted(v[f][1] / (v["csr"][0] - v[f][0]) for _, v in faster)
    q = [repay[int(p * (len(repay) - 1))] for p in (0.25, 0.5, 0.75)] if repay else []
    at1000 = sum(1 for _, v in pairs if v[f][1] + 1000 * v[f][0] < 1000 * v["csr"][0])
    gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"{f} | {len(pairs)} | {gm:.3f} | {len(faster)} | {sum(r > 1.2 for r in ratios)} | "
          f"{' / '.join(f'{c:.0f}' for c in q)} | {at1000}")
