#!/usr/bin/env python3
"""Issue 21's CPU targets from `aspmv bench --csv` rows of the host's cores (perf/device/gpu_session.sh cpu-bench).

    python3 perf/device/cpu_targets.py cpu_bench.csv [--value double]

Per matrix (time_s of the rows that passed the check): the best aspmv kernel as built (family aspmv, one kernel
configuration, no variant), the same with the variants counted (the shapes a table could ship), the plan's choice
(aspmv_auto), the drop-in (aspmv_spmv), Kokkos Kernels' native spmv and oneMKL's inspector-executor. Printed:
geometric means of comparator time / ours, the least ratio, how many matrices fall below 0.9, and for each variant
its time over the shipped kernel's (so a table change is judged on every matrix at once).
"""
from __future__ import annotations

import argparse
import csv
import math
from collections import defaultdict


def gm(values):
    v = [x for x in values if x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else float("nan")


def load(path, value):
    t = defaultdict(dict)
    nnz = {}
    for r in csv.DictReader(open(path)):
        if r["value"] != value or r["ok"] != "1":
            continue
        t[r["matrix"]][r["method"]] = (float(r["time_s"]), r["family"], r["detail"].split(":")[0].split("<")[0])
        nnz[r["matrix"]] = int(r["nnz"])
    return t, nnz


def summary(label, ratios, names):
    pairs = [(x, n) for x, n in zip(ratios, names) if x > 0 and math.isfinite(x)]
    if not pairs:
        return f"{label}: no matrices"
    worst = min(pairs)
    below = sum(1 for x, _ in pairs if x < 0.9)
    return (f"{label}: geomean {gm([x for x, _ in pairs]):.3f}x over {len(pairs)}, min {worst[0]:.3f} ({worst[1]}), "
            f"{below} below 0.9")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--value", default="double")
    ap.add_argument("--ship", metavar="VARIANT", action="append", default=[],
                    help="read the run as if the table shipped VARIANT (e.g. host_shares=1): a kernel with a "
                         "'kernel[VARIANT]' row takes that row's time, and so do the plan and the drop-in where "
                         "they ran that kernel (a substitution within the run, printed as such); repeatable "
                         "for variants of different kernels")
    ap.add_argument("--files-only", action="store_true", help="only matrices read from files (the real sets), "
                                                                "not generated ones")
    a = ap.parse_args()
    t, nnz = load(a.csv, a.value)
    if a.files_only:
        t = {m: v for m, v in t.items() if ".mtx" in m or ".rua" in m or ".rsa" in m}
    for ship in a.ship:
        tag = "[" + ship.replace(",", ";") + "]"
        for methods in t.values():
            for k in [k for k in methods if k.endswith(tag)]:
                base = k[: -len(tag)]
                if base in methods:
                    methods[base] = (methods[k][0],) + methods[base][1:]
                for auto in ("aspmv_auto", "aspmv_spmv"):
                    if auto in methods and methods[auto][2] == base:
                        methods[auto] = (methods[k][0],) + methods[auto][1:]
                del methods[k]
    rows = defaultdict(list)
    names = []
    variants = defaultdict(list)
    same_kernel = []   # (drop-in time / plan time, matrix, kernel) where both ran the same kernel
    for m, methods in sorted(t.items(), key=lambda kv: nnz[kv[0]]):
        kernels = {k: v[0] for k, v in methods.items() if v[1] == "aspmv" and k not in ("aspmv_spmv",)}
        shipped = {k: v for k, v in kernels.items() if "[" not in k}
        if not shipped or "kokkos_kernels" not in methods:
            continue
        best = min(shipped.values())
        best_any = min(kernels.values())
        names.append(m)
        kk = methods["kokkos_kernels"][0]
        mkl = methods.get("mkl_ie", (float("nan"), ""))[0]
        auto = methods.get("aspmv_auto", (float("nan"), ""))[0]
        drop = methods.get("aspmv_spmv", (float("nan"), ""))[0]
        if "aspmv_auto" in methods and "aspmv_spmv" in methods and methods["aspmv_auto"][2] == methods["aspmv_spmv"][2]:
            same_kernel.append((drop / auto, m, methods["aspmv_auto"][2]))
        rows["kk/best"].append(kk / best)
        rows["kk/best_with_variants"].append(kk / best_any)
        rows["mkl/best"].append(mkl / best)
        rows["mkl/best_with_variants"].append(mkl / best_any)
        rows["kk/plan"].append(kk / auto)
        rows["mkl/plan"].append(mkl / auto)
        rows["kk/drop_in"].append(kk / drop)
        rows["mkl/drop_in"].append(mkl / drop)
        for k, v in kernels.items():
            if "[" in k:
                base = k.split("[")[0]
                if base in shipped:
                    variants[k.split("[")[1].rstrip("]") + " " + base].append((shipped[base] / v, m))
    print(f"{len(names)} matrices ({a.value}) with Kokkos Kernels' time; ratios are comparator time / aspmv time"
          + (f"; as if the table shipped {' and '.join(a.ship)} (its rows substituted)" if a.ship else ""))
    for key, label in (("kk/best", "Kokkos Kernels / best aspmv kernel"),
                       ("kk/best_with_variants", "Kokkos Kernels / best aspmv kernel or variant"),
                       ("mkl/best", "oneMKL / best aspmv kernel"),
                       ("mkl/best_with_variants", "oneMKL / best aspmv kernel or variant"),
                       ("kk/plan", "Kokkos Kernels / plan (aspmv_auto)"),
                       ("mkl/plan", "oneMKL / plan (aspmv_auto)"),
                       ("kk/drop_in", "Kokkos Kernels / drop-in (aspmv_spmv)"),
                       ("mkl/drop_in", "oneMKL / drop-in (aspmv_spmv)")):
        print("  " + summary(label, rows[key], names))
    if same_kernel and not a.ship:   # (a substitution makes both the variant's row)
        print("  " + summary("drop-in / plan where both ran the same kernel (>= 1: the plan is not slower)",
                             [x for x, _, _ in same_kernel], [f"{n} ({k})" for _, n, k in same_kernel]))
    print("variants (shipped kernel's time / the variant's: > 1 the variant is faster)")
    for k in sorted(variants):
        r = variants[k]
        print("  " + summary(k, [x for x, _ in r], [n for _, n in r]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
