#!/usr/bin/env python3
"""One kernel's variants in a bench CSV (`aspmv bench --variant ...`) beside its peers (variant_summary.py: the
variants alone): the kernel as the table runs it (the base,
its method name without brackets) against each of its variants ("KERNEL[...]" methods), the best CSR-vector (over
TpR) and the best cuSPARSE algorithm of the same process, with the achieved bandwidth against the run's copy
bandwidth. Geometric means over the matrices where every listed method ran and passed its check.

    python3 perf/device/variant_peers_summary.py [--kernel csr_chunks] [--per-matrix VARIANT] FILE.csv[.xz] [...]

--per-matrix: one line a matrix for that variant's method name (e.g. "csr_chunks[chunk_row_lanes=1]")."""
import argparse
import csv
import lzma
import math
from collections import defaultdict


def gm(v):
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def read(path):
    t, gbs, copy = defaultdict(dict), defaultdict(dict), {}
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        for r in csv.DictReader(f):
            if r["ok"] == "1" and float(r["time_s"]) > 0:
                t[r["matrix"]][r["method"]] = float(r["time_s"])
                gbs[r["matrix"]][r["method"]] = float(r["gbs"])
                copy[r["matrix"]] = float(r["copy_gbs"])
    return t, gbs, copy


def summarize(path, kernel, per_matrix):
    t, gbs, copy = read(path)
    forms = sorted({k for d in t.values() for k in d if k == kernel or k.startswith(kernel + "[")},
                   key=lambda k: (len(k), k))
    rows = []
    for m, d in t.items():
        cus = min((v for k, v in d.items() if k.startswith("cusparse")), default=None)
        cv = min((v for k, v in d.items() if k.startswith("csr_vector") and "[" not in k), default=None)
        if cus is None or any(k not in d for k in forms):
            continue
        rows.append((m, cus, cv, d))
    print(f"{path}: {len(rows)} matrices; time of {kernel} / the form (> 1: the form faster), best cuSPARSE / the "
          f"form, best cuSPARSE / best of it and CSR-vector, its % of copy bandwidth")
    for k in forms:
        speed = [d[kernel] / d[k] for _, _, _, d in rows]
        vs = [cus / d[k] for _, cus, _, d in rows]
        best = [cus / min(cv if cv else math.inf, d[k]) for _, cus, cv, d in rows]
        pct = [100 * gbs[m][k] / copy[m] for m, *_ in rows]
        print(f"  {k:55s} {gm(speed):6.3f} (min {min(speed):.3f}, max {max(speed):.3f})  vs cuSPARSE {gm(vs):.3f} "
              f"({sum(x < 1 for x in vs)} below 1.0)  best-of {gm(best):.3f} ({sum(x < 1 for x in best)} below 1.0, "
              f"{sum(x < 0.95 for x in best)} below 0.95)  copy {gm(pct):.1f} %")
    if per_matrix and per_matrix in forms:
        for m, cus, cv, d in sorted(rows):
            vec = f"{cv * 1e6:8.1f}" if cv else "       -"
            print(f"    {m[:44]:44s} {kernel} {d[kernel] * 1e6:8.1f}  form {d[per_matrix] * 1e6:8.1f}  "
                  f"vector {vec}  cuSPARSE {cus * 1e6:8.1f} us  form {100 * gbs[m][per_matrix] / copy[m]:5.1f} % "
                  f"of copy")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", default="csr_chunks")
    ap.add_argument("--per-matrix", default="")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    for path in a.files:
        summarize(path, a.kernel, a.per_matrix)


if __name__ == "__main__":
    main()
