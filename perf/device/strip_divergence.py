#!/usr/bin/env python3
"""The strip runtime models' prediction and ranking quality on whole collections: `aspmv rank --features` (every
strip model's prediction for every matrix of a collector folder) joined with what that folder measured.

    strip_divergence.py PREDICTED.csv:FOLDER [PREDICTED.csv:FOLDER ...] [--out-csv per_matrix.csv]

Sets: the folder's `family` column (real, real-derived; any generated family counts as "generated"); guard matrices
(the generated families inside a real-corpus folder) are left out of the real sets. Per set, alternative and
benchmark distribution: n, median and mean D_r = |predicted - measured| / measured (Wang-Gu-Li Eq. 7; Lehnert
Fig. 1's divergence), also over the matrices of at least two strips (I >= 2: a target matrix spans several strips,
the regime the papers measured) and of one strip. Per set and distribution, the improvement factor of the mean D_r
of a distribution's models over the constant rows' (Guo-Wang's fixed P_NZ; the paper's 1.5-2x), and the ranking:
per matrix, the measured time of the predicted fastest of the alternatives that ran, over the measured fastest
(within 5 %, 5-20 %, above 20 %; Lehnert Fig. 2).
"""
from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from pathlib import Path

import pandas as pd

REAL_SETS = ("real", "real-derived")


def measured(folder: Path) -> pd.DataFrame:
    """Seconds per call of every (matrix, label) that ran and was correct."""
    name = "runtimes.csv" if (folder / "runtimes.csv").exists() else "runtimes.csv.gz"
    r = pd.read_csv(folder / name)
    r = r[r["ok"].astype(str).isin(["1", "true", "True"])]
    label = r["kernel"].where(r["config"].astype(str) == "-", r["kernel"] + "/" + r["config"].astype(str))
    return pd.DataFrame({"matrix": r["matrix"].astype(str), "label": label, "measured_s": r["time_s"].astype(float)})


def family_sets(folder: Path) -> pd.Series:
    name = "features.csv" if (folder / "features.csv").exists() else "features.csv.gz"
    f = pd.read_csv(folder / name, usecols=["matrix", "family"])
    real_corpus = f["family"].astype(str).isin(REAL_SETS).any()
    sets = f["family"].astype(str).map(lambda x: x if x in REAL_SETS else ("guard" if real_corpus else "generated"))
    return pd.Series(sets.to_numpy(), index=f["matrix"].astype(str))


def joined(pairs) -> pd.DataFrame:
    parts = []
    for pair in pairs:
        csv, folder = pair.split(":", 1)
        p = pd.read_csv(csv)
        p["matrix"] = p["matrix"].astype(str)
        d = p.merge(measured(Path(folder)), on=["matrix", "label"], how="inner")
        d["set"] = d["matrix"].map(family_sets(Path(folder)))
        parts.append(d)
    d = pd.concat(parts, ignore_index=True)
    d = d[d["set"] != "guard"]
    d["d_r"] = (d["predicted_s"] - d["measured_s"]).abs() / d["measured_s"]
    return d


def q(x) -> str:
    return f"{100 * x:.1f} %" if x < 10 else f"{x:.0f}x"


def divergence_table(d: pd.DataFrame) -> list[str]:
    out = ["| set | alternative | distribution | n | median D_r | mean D_r | I >= 2: n, median, mean | I = 1: median |",
           "|---|---|---|---|---|---|---|---|"]
    for (s, label, dist), g in d.groupby(["set", "label", "distribution"], sort=True):
        many = g[g["strips"] >= 2]["d_r"]
        one = g[g["strips"] < 2]["d_r"]
        many_text = f"{len(many)}, {q(many.median())}, {q(many.mean())}" if len(many) else "0"
        out.append(f"| {s} | {label} | {dist} | {len(g)} | {q(g['d_r'].median())} | {q(g['d_r'].mean())} | "
                   f"{many_text} | {q(one.median()) if len(one) else '-'} |")
    return out


def improvement_table(d: pd.DataFrame) -> list[str]:
    out = ["| set | alternative | mean D_r: constant / normal | constant / uniform | matrices where normal beats "
           "constant | uniform beats constant | I >= 2: constant / normal, constant / uniform |",
           "|---|---|---|---|---|---|---|"]
    for (s, label), g in d.groupby(["set", "label"], sort=True):
        w = g.pivot_table(index="matrix", columns="distribution", values="d_r")
        strips = g.groupby("matrix")["strips"].max()
        if not {"constant", "normal", "uniform"} <= set(w.columns):
            continue
        w = w.dropna()
        many = w[strips.loc[w.index] >= 2]

        def f(a, b, x=w):
            return f"{x[a].mean() / x[b].mean():.2f}" if len(x) and x[b].mean() > 0 else "-"
        out.append(f"| {s} | {label} | {f('constant', 'normal')} | {f('constant', 'uniform')} | "
                   f"{int((w['normal'] < w['constant']).sum())} of {len(w)} | "
                   f"{int((w['uniform'] < w['constant']).sum())} of {len(w)} | "
                   f"{f('constant', 'normal', many)}, {f('constant', 'uniform', many)} ({len(many)}) |")
    return out


def ranking_table(d: pd.DataFrame) -> list[str]:
    out = ["| set | distribution | matrices | predicted best within 5 % | 5-20 % | above 20 % | gm measured best / "
           "predicted best's | the measured best's alternative, most often |", "|---|---|---|---|---|---|---|---|"]
    for (s, dist), g in d.groupby(["set", "distribution"], sort=True):
        ratios, winners = [], defaultdict(int)
        for _, m in g.groupby("matrix"):
            pick = m.loc[m["predicted_s"].idxmin()]
            best = m.loc[m["measured_s"].idxmin()]
            ratios.append(pick["measured_s"] / best["measured_s"])
            winners[best["label"]] += 1
        n = len(ratios)
        w5 = sum(r <= 1.05 for r in ratios)
        w20 = sum(1.05 < r <= 1.2 for r in ratios)
        gm = math.exp(statistics.fmean(-math.log(r) for r in ratios))
        top = max(winners, key=winners.get)
        out.append(f"| {s} | {dist} | {n} | {w5} ({100 * w5 / n:.0f} %) | {w20} | {n - w5 - w20} | {gm:.3f} | "
                   f"{top} ({winners[top]}) |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pairs", nargs="+", help="PREDICTED.csv:FOLDER")
    ap.add_argument("--out-csv", help="the joined rows (matrix, label, distribution, strips, pnz, times, D_r)")
    a = ap.parse_args()
    d = joined(a.pairs)
    if a.out_csv:
        d.to_csv(a.out_csv, index=False, float_format="%.6g")
    print("## Divergence per alternative and benchmark distribution\n")
    print("\n".join(divergence_table(d)))
    print("\n## The distributions against the constant rows (mean D_r ratio above 1: the distribution predicts "
          "better)\n")
    print("\n".join(improvement_table(d)))
    print("\n## Ranking the strip alternatives (the predicted fastest, measured)\n")
    print("\n".join(ranking_table(d)))


if __name__ == "__main__":
    main()
