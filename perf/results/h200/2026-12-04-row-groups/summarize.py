#!/usr/bin/env python3
"""The tables of README.md from the calls' CSVs (python3 summarize.py, pandas): call 1's 62 shared real matrices
(CSR-vector's team launch against the range of warps, per TpR), calls 2-3's generated matrices (the best plain kernel
against csr_delta, each launch per TpR, call 3's vector_unroll=8 switch), call 3's 62 real (the plan, the drop-in and
the kernels against the best cuSPARSE CSR algorithm). Times: the bench's median of 3 interleaved rounds."""
import numpy as np
import pandas as pd


def gm(r):
    return float(np.exp(np.log(r).mean()))


def load(path):
    d = pd.read_csv(path)
    d["t"] = d.time_s * 1e6
    return d


print("== call 1: 62 shared real matrices, double: CSR-vector team launch / range of warps, per TpR")
d = load("call1/bench_real.csv.xz")
piv = d.pivot_table(index="matrix", columns="method", values="t")
for tpr in [1, 2, 4, 8, 16, 32]:
    r = piv[f"csr_vector<{tpr}>"] / piv[f"csr_vector<{tpr}>[vector_range=1]"]
    print(f"  TpR {tpr:2d}: geometric mean {gm(r):.3f}, min {r.min():.3f}, max {r.max():.3f}")
team = piv[[f"csr_vector<{t}>" for t in [1, 2, 4, 8, 16, 32]]].min(axis=1)
rng = piv[[f"csr_vector<{t}>[vector_range=1]" for t in [2, 4, 8, 16, 32]] + ["csr_vector<1>"]].min(axis=1)
r = team / rng
print(f"  best TpR, team / range: {gm(r):.3f} (min {r.min():.3f}, max {r.max():.3f})")

for call, team_variant in (("call2", "vector_range=0"), ("call3", None)):
    for prec in ("double", "float"):
        print(f"== {call}: generated, {prec}: best plain kernel against csr_delta (times in us)")
        d = load(f"{call}/bench_gen_{prec}.csv.xz")
        for m, g in d.groupby("matrix", sort=False):
            t = g.set_index("method").t
            plain = t[[i for i in t.index if not i.startswith(("csr_delta", "csr_adaptive_delta", "cusparse"))
                       and "vector_unroll" not in i]]
            delta = t[[i for i in t.index if i.startswith("csr_delta") and "[" not in i]]
            cus = t[[i for i in t.index if i.startswith("cusparse")]]
            line = (f"  {m[:42]:42s} plain {plain.idxmin():30s} {plain.min():6.1f} | {delta.idxmin():13s} "
                    f"{delta.min():6.1f} = {plain.min() / delta.min():.3f}x | best cuSPARSE {cus.min():6.1f}")
            if team_variant:
                per = " ".join(
                    "%d:%.2f/%.2f" % (k, t[f"csr_vector<{k}>"] / t[f"csr_vector<{k}>[vector_range=1]"],
                                      t[f"csr_delta<{k}>[vector_range=0]"] / t[f"csr_delta<{k}>"]) for k in (2, 4, 8))
                line += f" | team/range vector,delta {per}"
            else:
                per = " ".join(
                    "%d:%.2f/%.2f" % (k, t[f"csr_vector<{k}>"] / t[f"csr_vector<{k}>[vector_unroll=8]"],
                                      t[f"csr_delta<{k}>"] / t[f"csr_delta<{k}>[vector_unroll=8]"]) for k in (2, 4, 8))
                line += f" | unroll-8 speed-up (time u4 / u8) vector/delta {per}"
            print(line)

print("== call 3: 62 shared real matrices, double, against the best cuSPARSE CSR algorithm")
d = load("call3/bench_real.csv.xz")
piv = d.pivot_table(index="matrix", columns="method", values="t")
cus = piv[[c for c in piv.columns if c.startswith("cusparse")]].min(axis=1)
rows = [("plan (aspmv_auto)", piv["aspmv_auto"]), ("drop-in (aspmv_spmv)", piv["aspmv_spmv"]),
        ("best CSR-vector TpR", piv[[c for c in piv.columns if c.startswith("csr_vector<")]].min(axis=1)),
        ("best csr_delta TpR", piv[[c for c in piv.columns if c.startswith("csr_delta")]].min(axis=1)),
        ("lrb", piv["lrb"]), ("vector_split", piv["vector_split"])]
for name, s in rows:
    r = cus / s
    print(f"  {name:22s} {gm(r):.3f}x (min {r.min():.3f}; {(r < 1).sum()} below 1.0, {(r < 0.9).sum()} below 0.9)")
picks = d[d.method == "aspmv_auto"].detail.str.extract(r"^([a-z_0-9]+)")[0].value_counts()
print("  the plan's kernels: " + ", ".join(f"{k} {v}" for k, v in picks.items()))
