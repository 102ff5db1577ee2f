#!/usr/bin/env python3
"""The tuned plan against the automatic plan and the best of the kernels timed beside them (`aspmv bench --tuned`
CSVs): per matrix the best kernel's time over each plan's (1 = as fast), the tuned plan's pick and its tuning time
(setup) in calls of its own; geometric means and the counts within 5 % of the best kernel. "Kernels" are the
aspmv-family methods other than the plans (the --methods list of the call: not every registered kernel).

    python3 summary.py call1/tuned-medium.csv.xz [call1/tuned-shared.csv.xz ...]"""
import csv
import lzma
import math
import sys
from collections import defaultdict


def main(paths):
    for path in paths:
        with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as fh:
            rows = [r for r in csv.DictReader(fh) if r["ok"] == "1"]
        times, tuned = defaultdict(dict), {}
        for r in rows:
            times[r["matrix"]][r["method"]] = float(r["time_s"])
            if r["method"] == "aspmv_tuned":
                tuned[r["matrix"]] = (float(r["setup_s"]), r["detail"])
        ra, rt, wa, wt, calls = [], [], 0, 0, []
        print(f"{path}: {len(times)} matrices")
        for m, d in times.items():
            kernels = {k: v for k, v in d.items() if r_is_kernel(k)}
            if not kernels or "aspmv_auto" not in d or "aspmv_tuned" not in d:
                continue
            bk = min(kernels, key=kernels.get)
            best, a, t = kernels[bk], d["aspmv_auto"], d["aspmv_tuned"]
            ra.append(best / a)
            rt.append(best / t)
            wa += a <= 1.05 * best
            wt += t <= 1.05 * best
            setup, detail = tuned[m]
            calls.append(setup / t)
            pick = detail.split(" fastest")[0].replace("tuned: ", "") if detail.startswith("tuned") else "not tuned"
            print(f"  {m[:44]:44s} best {bk:20s} {best * 1e6:8.1f} us  auto {best / a:5.3f}  tuned {best / t:5.3f}"
                  f"  ({pick}; tuning {setup * 1e3:.1f} ms = {setup / t:.0f} calls)")
        gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))  # noqa: E731
        print(f"  best kernel / plan, geometric mean: automatic {gm(ra):.3f}, tuned {gm(rt):.3f}; within 5 %: "
              f"automatic {wa}, tuned {wt} of {len(ra)}; tuning {min(calls):.0f}-{max(calls):.0f} calls "
              f"(median {sorted(calls)[len(calls) // 2]:.0f})")


def r_is_kernel(method):
    return method not in ("aspmv_auto", "aspmv_tuned", "aspmv_spmv", "aspmv_rules") and not method.startswith(
        ("cusparse", "kokkos", "mkl"))


if __name__ == "__main__":
    main(sys.argv[1:])
