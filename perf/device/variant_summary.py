#!/usr/bin/env python3
"""Parameter sweeps of `aspmv bench --variant`: for each variant (a method
"kernel[key=value]"), its time over the same kernel at the table's values,
per kernel and over all kernels that read the parameter (geometric means over
the matrices; a variant that failed, e.g. beyond the team scratch, is left
out and counted).

    perf/device/variant_summary.py bench.csv[.gz|.xz] [...]

A matrix is keyed by its name and value type, so double and float files can
be given together.
"""
import csv
import gzip
import lzma
import math
import re
import sys
from collections import defaultdict


def read(paths):
    times = {}
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else lzma.open if path.endswith(".xz") else open
        with opener(path, "rt") as f:
            for r in csv.DictReader(f):
                times[((r["matrix"], r.get("value", "")), r["method"])] = float(r["time_s"])
    return times


def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main(paths):
    times = read(paths)
    per_kernel, per_value, failed = defaultdict(list), defaultdict(list), defaultdict(int)
    for (matrix, method), t in times.items():
        m = re.match(r"(.*)\[(.*)\]$", method)
        if not m or (matrix, m[1]) not in times or times[(matrix, m[1])] <= 0:
            continue
        if t <= 0:
            failed[m[2]] += 1
            continue
        ratio = t / times[(matrix, m[1])]
        per_kernel[(m[2], m[1])].append(ratio)
        per_value[m[2]].append(ratio)
    print("variant                      kernels  pairs  geo-mean  min    max    (time / time at the table's value)")
    for value, xs in sorted(per_value.items()):
        kernels = sorted({k for (v, k) in per_kernel if v == value})
        print(f"{value:28s} {len(kernels):7d} {len(xs):6d}  {geo(xs):8.3f}  {min(xs):5.3f}  {max(xs):5.3f}")
    for value, n in sorted(failed.items()):
        print(f"{value:28s} failed on {n} (kernel, matrix) pairs")
    print("\nper kernel:")
    for (value, kernel), xs in sorted(per_kernel.items()):
        print(f"  {kernel:22s} {value:28s} geo {geo(xs):.3f}  min {min(xs):.3f}  max {max(xs):.3f}  n {len(xs)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
