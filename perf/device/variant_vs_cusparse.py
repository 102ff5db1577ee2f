#!/usr/bin/env python3
"""The best aspmv kernel against the best cuSPARSE algorithm per matrix, once at the table's values and once with
one bench variant allowed, from `aspmv bench --csv` files (standard library only; .csv, .csv.gz or .csv.xz).

    variant_vs_cusparse.py VARIANT BENCH.csv[.xz] [...]

VARIANT is the text inside a method's brackets ("direct_launch=2" picks "csr_scalar[direct_launch=2]" and the
like). Per value type and matrix: the best aspmv method's time without variants (other variants, the drop-in
aspmv_spmv and aspmv_auto left out), the best with VARIANT's methods allowed, the best cuSPARSE algorithm's, and
best cuSPARSE / best aspmv for both (above 1, aspmv is faster); then the geometric means and how many matrices are
below 1.0 and 0.95. "Best aspmv" is the best of the methods the files hold, not of every kernel the library has.
Rows that failed the check or were not timed are left out.
"""
import csv
import gzip
import lzma
import math
import sys
from collections import defaultdict


def opener(path):
    return gzip.open if path.endswith(".gz") else lzma.open if path.endswith(".xz") else open


def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main(variant, paths):
    times = defaultdict(dict)
    for path in paths:
        with opener(path)(path, "rt", newline="") as f:
            for r in csv.DictReader(f):
                try:
                    t = float(r["time_s"])
                except (KeyError, ValueError):
                    continue
                if r.get("ok") == "1" and t > 0:
                    times[(r.get("value", ""), r["matrix"])][r["method"]] = t
    ratios = defaultdict(lambda: ([], []))
    for (value, matrix), d in sorted(times.items()):
        cusparse = [t for m, t in d.items() if m.startswith("cusparse")]
        plain = [t for m, t in d.items()
                 if not m.startswith("cusparse") and "[" not in m and m not in ("aspmv_spmv", "aspmv_auto")]
        allowed = plain + [t for m, t in d.items() if m.endswith("[" + variant + "]")]
        if not cusparse or not plain:
            continue
        c, b0, b1 = min(cusparse), min(plain), min(allowed)
        ratios[value][0].append(c / b0)
        ratios[value][1].append(c / b1)
        print(f"{value:6s} {matrix[:34]:34s} best {b0 * 1e6:9.2f} us  with {variant}: {b1 * 1e6:9.2f} us  "
              f"cuSPARSE {c * 1e6:9.2f} us  ratio {c / b0:.3f} -> {c / b1:.3f}")
    for value, (r0, r1) in sorted(ratios.items()):
        print(f"{value}: {len(r0)} matrices, best cuSPARSE / best aspmv {geo(r0):.3f} -> {geo(r1):.3f} with "
              f"{variant}; below 1.0: {sum(x < 1 for x in r0)} -> {sum(x < 1 for x in r1)}; below 0.95: "
              f"{sum(x < 0.95 for x in r0)} -> {sum(x < 0.95 for x in r1)}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
