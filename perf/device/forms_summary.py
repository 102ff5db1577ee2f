#!/usr/bin/env python3
"""Summary of `aspmv bench-forms` CSVs (docs/PERF.md, "Transposes and multivectors").

    perf/device/forms_summary.py [--columns-max-mean T] bench_forms.csv [more.csv ...]

Per matrix, the times of one run; with --columns-max-mean T also the
drop-in's rule applied to the two measured multivector shapes (lanes over
columns up to a mean row length of T, over entries above; each with the
team pass over long rows where the run measured it). Printed:
geometric means (and min, max,
count below 1) of time ratios, each written so that > 1 means aspmv is
faster (for the comparisons with cuSPARSE and with one SpMV per column) or
stated as a slowdown (the transposed forms against the plan's y = A x).
"""
import collections
import csv
import math
import sys

SCATTER = 'drop-in "T" (scatter)'
HANDLE = 'handle "T" (refresh + apply)'


def geo(v):
    return math.exp(sum(math.log(x) for x in v) / len(v))


def main(paths, threshold=None):
    times = collections.defaultdict(dict)
    mean = {}
    failed = 0
    for path in paths:
        for r in csv.DictReader(open(path)):
            if r["ok"] != "1":
                failed += 1
                continue
            # The CSV writer turns commas into semicolons; 2026-11-25 run2 wrote
            # "multivector; lanes over ..." for "multivector (lanes over ...)".
            method = r["method"].replace("multivector; lanes over columns", "multivector (lanes over columns)")
            method = method.replace("multivector; lanes over entries", "multivector (lanes over entries)")
            method = method.replace("; ", ", ")
            times[r["matrix"]][(r["form"], method, r["layout"])] = float(r["time_s"])
            mean[r["matrix"]] = int(r["nnz"]) / max(1, int(r["rows"]))
    ratios = collections.defaultdict(list)
    for matrix, d in times.items():
        n = d.get(("N", "plan.apply (A)", "-"))
        cus_t = [d[k] for k in d if k[0] == "T" and k[1].startswith("cusparse")]
        best_cus_t = min(cus_t) if cus_t else None
        for name, key in (("transposed plan", "transposed plan.apply"), ("handle T", HANDLE), ("drop-in T scatter", SCATTER)):
            t = d.get(("T", key, "-"))
            if t and n:
                ratios[f"{name} / plan of A (slowdown)"].append(t / n)
            if t and best_cus_t:
                ratios[f"best cuSPARSE T / {name} (speedup)"].append(best_cus_t / t)
        for form in sorted({k[0] for k in d if k[0].startswith("N x")}):
            per_column = d.get((form, "plan.apply per column", "left"))
            for layout in ("left", "right"):
                cus = d.get((form, "cusparse_spmm_default", layout))
                methods = sorted({k[1] for k in d if k[0] == form and k[2] == layout and
                                  (k[1] in ("drop-in multivector", "plan.apply multivector") or k[1].startswith("multivector ("))})
                for method in methods:
                    t = d.get((form, method, layout))
                    if not t:
                        continue
                    if cus:
                        ratios[f"{form} {layout}: cusparseSpMM / {method} (speedup)"].append(cus / t)
                    if per_column and method == "drop-in multivector":
                        ratios[f"{form} {layout}: {form[4:]} plan.apply / {method} (speedup)"].append(per_column / t)
                if threshold is not None and cus:
                    shape = "columns" if mean[matrix] <= threshold else "entries"
                    t = d.get((form, f"multivector (lanes over {shape})", layout))
                    if t:
                        ratios[f"{form} {layout}: cusparseSpMM / rule (mean <= {threshold:g}: columns) (speedup)"].append(cus / t)
    print(f"{len(times)} matrices, {failed} rows failed their check or did not run")
    for k in sorted(ratios):
        v = ratios[k]
        print(f"  {k:72s} n={len(v):3d}  geomean {geo(v):6.3f}  min {min(v):6.3f}  max {max(v):6.3f}  below 1: {sum(x < 1 for x in v)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    threshold = None
    if args[:1] == ["--columns-max-mean"]:
        threshold = float(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    main(args, threshold)
