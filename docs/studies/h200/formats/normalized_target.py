#!/usr/bin/env python3
"""Does a size-normalized regression target rank the alternatives better out of fold than log(time)?
Trees cannot extrapolate: a real-derived matrix larger than every training matrix of its fold gets the largest
training matrices' log(time). Predicting log(time / bound), bound = launch floor + CSR bytes / copy bandwidth,
asks the trees for an efficiency, which carries over to larger sizes. Per alternative (the CSR kernels per
configuration and the formats) one HistGradientBoostingRegressor per target kind on the features.csv columns, the
real groups (a derived matrix with its source) in 5 folds by hash; the pick is the least predicted time per call,
scored against the measured best per call: share within 5 % and geometric mean of best / pick, per set.
    "$(scripts/python_env.sh)" docs/studies/h200/formats/normalized_target.py \
        tuning_data/h200/measurements/2026-11-28-real-double-{a,b} > docs/studies/h200/formats/normalized_target.txt"""
import collections
import csv
import gzip
import hashlib
import json
import math
import os
import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor

SKIP = {"aspmv_auto", "aspmv_rules", "aspmv_spmv", "kokkos_kernels", "cusparse", "cusparse_coo", "cusparse_sell"}
FLOOR_S = 5e-6


def load(folders):
    feats, times, copy_bw = {}, collections.defaultdict(dict), []
    for d in folders:
        copy_bw.append(json.load(open(os.path.join(d, "run.json")))["copy_bandwidth_gbs"] * 1e9)
        with gzip.open(os.path.join(d, "features.csv.gz"), "rt") as f:
            for r in csv.DictReader(f):
                feats[r["matrix"]] = r
        with gzip.open(os.path.join(d, "runtimes.csv.gz"), "rt") as f:
            for r in csv.DictReader(f):
                if r["ok"] == "1" and r["kernel"] not in SKIP:
                    times[r["matrix"]][(r["kernel"], r["config"])] = float(r["time_s"])
    return feats, times, float(np.median(copy_bw))


def dataset(folders):
    """The real and real-derived matrices of the folders: names, log features X, per-call times T (one column per
    alternative in `alts`, NaN where not run), the CSR bound, the group fold (0-4) and the real-derived mask."""
    feats, times, bw = load(folders)
    names = sorted(m for m in times if m in feats and feats[m]["family"] in ("real", "real-derived"))
    cols = ["rows", "cols", "nnz", "density", "mean", "min", "max", "var", "max_mu", "sqrt_mean", "cov", "dispersion",
            "mode", "median", "min_dist", "max_dist", "bandwidth", "density_min", "density_max", "density_mean",
            "density_var"]
    X = np.array([[float(feats[m][c] or "nan") for c in cols] for m in names])
    X = np.sign(X) * np.log1p(np.abs(X))
    rows, ncols, nnz = (np.array([float(feats[m][k]) for m in names]) for k in ("rows", "cols", "nnz"))
    bound = FLOOR_S + (12 * nnz + 4 * rows + 8 * ncols + 8 * rows) / bw
    alts = sorted({k for m in names for k in times[m]})
    T = np.array([[times[m].get(a, np.nan) for a in alts] for m in names])
    group = [m.split("--")[0] for m in names]
    fold = np.array([int(hashlib.sha256(f"0:{g}".encode()).hexdigest(), 16) % 5 for g in group])
    derived = np.array([feats[m]["family"] == "real-derived" for m in names])
    return names, X, T, alts, bound, fold, derived


def main():
    names, X, T, alts, bound, fold, derived = dataset(sys.argv[1:])
    for kind in ("log_time", "log_time_over_bound"):
        P = np.full(T.shape, np.nan)
        for j in range(len(alts)):
            y = np.log(T[:, j]) - (np.log(bound) if kind != "log_time" else 0)
            for f in range(5):
                tr, te = (fold != f) & np.isfinite(y), fold == f
                if tr.sum() < 20:
                    continue
                g = HistGradientBoostingRegressor(max_iter=200, learning_rate=0.1, random_state=0).fit(X[tr], y[tr])
                P[te, j] = g.predict(X[te]) + (np.log(bound[te]) if kind != "log_time" else 0)
        P[~np.isfinite(T)] = np.nan
        for label, sel in (("real", ~derived), ("real-derived", derived)):
            ratios, errs = [], []
            for i in np.where(sel)[0]:
                if not np.isfinite(P[i]).any():
                    continue
                pick = np.nanargmin(P[i])
                ratios.append(np.nanmin(T[i]) / T[i, pick])
                ok = np.isfinite(P[i]) & np.isfinite(T[i])
                errs.extend(np.abs(np.exp(P[i, ok]) - T[i, ok]) / T[i, ok])
            r = np.array(ratios)
            print(f"{kind:20s} {label:13s} {len(r):4d} matrices: within 5 % {np.mean(r >= 1 / 1.05):.1%}, "
                  f"gm best/pick {math.exp(np.mean(np.log(r))):.3f}, min {r.min():.3f}; "
                  f"median |t_pred - t| / t {np.median(errs):.1%}")


if __name__ == "__main__":
    main()
