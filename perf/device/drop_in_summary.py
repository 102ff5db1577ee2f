#!/usr/bin/env python3
"""The drop-in's kernels against cuSPARSE, per matrix and summed up, from one
or more `aspmv bench` CSVs (issue 21's drop-in target: >= 0.9x the best
cuSPARSE CSR algorithm in geometric mean over the real sets, none below 0.5x).

  python3 perf/device/drop_in_summary.py BENCH.csv[.xz|.gz] [--methods vector_split,merge_split,aspmv_spmv]
                                         [--per-matrix] [--below 1.0]

For each method named (a method of the CSV, variants included as the CSV
writes them, e.g. "vector_split[split_chunk=1024]"): best cuSPARSE CSR time
/ the method's time per matrix (above 1: the method is faster), its
geometric mean, minimum and the counts below 0.9 and 0.5, over the real
matrices (names not of the generator's form) and the generated ones apart.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer_summary import geomean, read_bench  # noqa: E402

GENERATED_PREFIXES = ("stencil", "rand-", "shortlong-", "rmat-", "chunglu-", "circuit-", "lp-r", "band-")


def open_any(path):
    if path.endswith(".xz"):
        import lzma
        import tempfile
        tmp = tempfile.NamedTemporaryFile("wb", suffix=".csv", delete=False)
        tmp.write(lzma.open(path).read())
        tmp.close()
        return tmp.name
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench", nargs="+")
    ap.add_argument("--methods", default="vector_split,merge_split,aspmv_spmv")
    ap.add_argument("--per-matrix", action="store_true")
    ap.add_argument("--below", type=float, default=1.0, help="per-matrix lines only for ratios below this")
    args = ap.parse_args()
    rows = {}
    for path in args.bench:
        r, _ = read_bench(open_any(path))
        rows.update(r)
    methods = [m for m in args.methods.split(",") if m]
    ratios = {m: {} for m in methods}
    for matrix, d in rows.items():
        csr = [t for (fam, meth), (t, _, _) in d.items() if fam == "cusparse" and meth.startswith("cusparse_csr")
]
        if not csr:
            continue
        for m in methods:
            hits = [t for (fam, meth), (t, _, _) in d.items() if meth == m]
            if hits:
                ratios[m][matrix] = min(csr) / hits[0]
    for m in methods:
        for label, pick in (("real", lambda n: not n.startswith(GENERATED_PREFIXES)),
                            ("generated", lambda n: n.startswith(GENERATED_PREFIXES))):
            vals = {k: v for k, v in ratios[m].items() if pick(k)}
            if not vals:
                continue
            worst = min(vals, key=vals.get)
            print("%-45s %-9s %3d matrices: geomean %.3f, min %.3f (%s), below 0.9: %d, below 0.5: %d" % (
                m, label, len(vals), geomean(vals.values()), vals[worst], worst,
                sum(v < 0.9 for v in vals.values()), sum(v < 0.5 for v in vals.values())))
    if args.per_matrix:
        first = methods[0]
        for k in sorted(ratios[first], key=ratios[first].get):
            if ratios[first][k] >= args.below:
                continue
            print("%-40s " % k[:40] + " ".join("%s %.3f" % (m, ratios[m].get(k, float("nan"))) for m in methods))


if __name__ == "__main__":
    main()
