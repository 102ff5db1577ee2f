#!/usr/bin/env python3
"""Issue 21's CPU targets against Kokkos Kernels (and oneMKL where the collection has it) from a CPU collection
(`aspmv collect` on the host's cores: every aspmv kernel, the plan's choice aspmv_auto, the drop-in aspmv_spmv,
kokkos_kernels and, in builds with oneMKL, mkl timed in one process a matrix).

    python3 perf/device/cpu_collection_vs_kk.py FOLDER...

Per matrix (rows timed ok): the best aspmv kernel (family aspmv in run.json), the plan and the drop-in, each against
Kokkos Kernels' native spmv and oneMKL's inspector-executor; real matrices (no '--' in the name) and real-derived ones
apart. Prints geometric means of the comparator's time / ours, the least ratio and how many fall below 0.9.
"""
import json
import sys

import numpy as np
import pandas as pd



def gm(x):
    return float(np.exp(np.log(np.asarray(x, float)).mean()))


fs = sys.argv[1:]
runtimes = pd.concat([pd.read_csv(f + "/runtimes.csv.gz") for f in fs])
runtimes = runtimes[runtimes.ok == 1]
names = pd.concat([pd.read_csv(f + "/features.csv.gz", usecols=["matrix"]) for f in fs]).matrix
real = set(names[~names.str.contains("--")])
families = {m["kernel"]: m["family"] for m in json.load(open(fs[0] + "/run.json"))["methods"]}
aspmv_kernels = [k for k, f in families.items() if f == "aspmv"]
for name, mats in (("real", real), ("real-derived", set(names) - real)):
    r = runtimes[runtimes.matrix.isin(mats)]

    def one(kernel):
        return r[r.kernel == kernel].set_index("matrix").time_s

    for comparator, label in (("kokkos_kernels", "Kokkos Kernels"), ("mkl", "oneMKL")):
        if not (r.kernel == comparator).any():
            continue
        j = pd.DataFrame({"best kernel": r[r.kernel.isin(aspmv_kernels)].groupby("matrix").time_s.min(),
                          "bar": one(comparator), "plan (aspmv_auto)": one("aspmv_auto"),
                          "drop-in (aspmv_spmv)": one("aspmv_spmv")}).dropna()
        for c in ("best kernel", "plan (aspmv_auto)", "drop-in (aspmv_spmv)"):
            q = j.bar / j[c]
            print(f"{name}: {label} / {c}: geomean {gm(q):.3f}x over {len(j)}, min {q.min():.3f} ({q.idxmin()}), "
                  f"{int((q < 0.9).sum())} below 0.9")
