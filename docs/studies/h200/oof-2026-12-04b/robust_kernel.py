#!/usr/bin/env python3
"""Which kernel the skew guard should fall back to on the H200: CSR-Adaptive (the robust kernel until 2026-12-04,
rowBlocks built per plan) or vector_split (the drop-in's kernel, no analysis). Over the real matrices of the given
collection folders where the guard fires for a CSR-vector<32> pick once it sees the longest row (share > 1 and more
than 32 passes of 32 lanes: src/aspmv/planner/selection_guards.hpp, the H200's 132 x 32 lanes), each kernel's cost at
100 calls ((preprocessing + 100 calls) / 100, the oof's scoring) against the oracle over the plan's 26 labels.

    python3 docs/studies/h200/oof-2026-12-04b/robust_kernel.py build/remeasured/h200-delta/real-double-{a,b,c}
"""
import glob
import sys

import numpy as np
import pandas as pd

folders = sys.argv[1:]
R = pd.concat([pd.read_csv(glob.glob(f"{f}/runtimes.csv*")[0]) for f in folders])
F = pd.concat([pd.read_csv(glob.glob(f"{f}/features.csv*")[0]) for f in folders]).drop_duplicates("matrix")
F = F.set_index("matrix")
R = R[R.ok == 1]
R["label"] = np.where(R.config == "-", R.kernel, R.kernel + "/" + R.config)
R["cost"] = (R.preprocessing_s.fillna(0) + 100 * R.time_s) / 100
C = R.pivot_table(index="matrix", columns="label", values="cost", aggfunc="min")
plan = [c for c in C.columns if not (c.startswith(("aspmv", "cusparse", "kokkos"))
                                     or c in ("dia", "ell", "jad", "sell", "tile8x4"))]
oracle = C[plan].min(axis=1)
lanes, row_lanes = 132 * 32, 32
share = F["max"] * lanes / (F["nnz"] * row_lanes)
fires = (share > 1.0) & (F["max"] / row_lanes > 32)
gm = lambda s: float(np.exp(np.log(s).mean()))
for name, sel in (("guard fires", fires), ("every matrix of the folders (real and real-derived)", fires | ~fires)):
    m = [x for x in F.index[sel] if x in C.index]
    print(f"{name}: {len(m)} matrices")
    for k in ("csr_adaptive/unroll=1", "vector_split", "csr_vector/tpr=32"):
        r = (oracle[m] / C.loc[m, k]).dropna()
        print(f"  {k:22s} vs oracle gm {gm(r):.3f}  min {r.min():.3f}  below 0.5: {int((r < 0.5).sum())}")
    a = (C.loc[m, "csr_adaptive/unroll=1"] / C.loc[m, "vector_split"]).dropna()
    print(f"  csr_adaptive / vector_split cost: gm {gm(a):.3f}; vector_split faster on {int((a > 1).sum())} of {len(a)}")
