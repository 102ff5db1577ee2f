"""Matrix groups and the seeded, family-stratified group split.

A group is a generator lineage: the stable name of a generated matrix
encodes its family and parameters, and suffixes apply to the matrix named
before them (perf/corpus/generated.hpp): ``-perm<k>`` (a symmetric
permutation) and ``-T`` (the transpose). Stripping every trailing suffix
gives the lineage's base name; all matrices with one base name are one group
(e.g. ``band-r1000-w20-m9-seed1``, ``...-seed1-perm2`` and ``...-seed1-perm2-T``).
Real matrices: the file stem without ``-T`` (a matrix and its transpose) and
without a ``_perm`` suffix (SuiteSparse's ``Tina_AskCal_perm``); real
matrices with the same shape up to transposition ({m, n} and nnz) are joined
into one group too (copies and permutations under other names).

Folds: the groups of each stratum (the collector's family; ``real`` divided
into the shared real matrices and the other real ones) are ordered by
sha256(seed:group) and dealt round-robin into K folds from a per-stratum
starting fold, so the split is the same on every machine and library
version. Fold 0 is the held-out test split (1/K of the groups, 20 % for
K = 5); folds 1..K-1 train (and serve as the cross-validation folds for
model selection).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

import pandas as pd

_SUFFIX = re.compile(r"(-T|-perm\d+)$")


def base_name(matrix: str, family: str) -> str:
    name = matrix
    if family == "real":
        while True:
            new = re.sub(r"(-T|_perm)$", "", name)
            if new == name:
                return name
            name = new
    while True:
        new = _SUFFIX.sub("", name)
        if new == name:
            return name
        name = new


def _h(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def groups(features: pd.DataFrame) -> pd.Series:
    """Per matrix (features' index) its group name."""
    fam = features["family"].astype(str)
    base = pd.Series([base_name(m, f) for m, f in zip(features.index, fam)], index=features.index)
    # Real matrices of one shape (up to transposition) join one group: union-find over bases.
    parent = {b: b for b in base.unique()}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    real = features[fam == "real"]
    by_shape: dict = {}
    for m, row in real.iterrows():
        key = (min(int(row["rows"]), int(row["cols"])), max(int(row["rows"]), int(row["cols"])), int(row["nnz"]))
        by_shape.setdefault(key, []).append(base[m])
    for members in by_shape.values():
        roots = sorted({find(b) for b in members})
        for r in roots[1:]:
            parent[r] = roots[0]
    return base.map(find)


@dataclass
class Split:
    seed: int
    k: int
    group: pd.Series      # matrix -> group
    stratum: pd.Series    # matrix -> stratum
    fold: pd.Series       # matrix -> fold (0 = test)

    @property
    def test(self) -> list[str]:
        return list(self.fold.index[self.fold == 0])

    @property
    def train(self) -> list[str]:
        return list(self.fold.index[self.fold != 0])

    def is_test(self, matrices) -> pd.Series:
        return self.fold.loc[list(matrices)] == 0

    def table(self) -> pd.DataFrame:
        """Per stratum: groups and matrices in train and test."""
        df = pd.DataFrame({"group": self.group, "stratum": self.stratum, "test": self.fold == 0})
        rows = []
        for s, d in df.groupby("stratum", sort=True):
            rows.append({"stratum": s,
                         "train_groups": d.loc[~d.test, "group"].nunique(), "test_groups": d.loc[d.test, "group"].nunique(),
                         "train_matrices": int((~d.test).sum()), "test_matrices": int(d.test.sum())})
        out = pd.DataFrame(rows).set_index("stratum")
        out.loc["total"] = [df.loc[~df.test, "group"].nunique(), df.loc[df.test, "group"].nunique(),
                            int((~df.test).sum()), int(df.test.sum())]
        return out

    def summary(self) -> dict:
        t = self.table()
        return {
            "method": (f"group split: generator lineage (name without -perm<k>/-T suffixes), real matrix + transpose "
                       f"(+ same-shape copies); stratified by family; groups ordered by sha256(seed:group), "
                       f"dealt round-robin into {self.k} folds; fold 0 held out"),
            "seed": self.seed,
            "folds": self.k,
            "train_matrices": int(t.loc["total", "train_matrices"]),
            "test_matrices": int(t.loc["total", "test_matrices"]),
            "train_groups": int(t.loc["total", "train_groups"]),
            "test_groups": int(t.loc["total", "test_groups"]),
            "per_stratum_test_over_total": {s: f"{int(r.test_matrices)}/{int(r.train_matrices + r.test_matrices)}"
                                            for s, r in t.drop(index="total").iterrows()},
        }


def make_split(features: pd.DataFrame, shared_real, seed: int = 2026, k: int = 5) -> Split:
    g = groups(features)
    fam = features["family"].astype(str)
    shared_groups = {g[m] for m in shared_real if m in g.index}
    stratum = pd.Series([("real-shared" if gr in shared_groups else "real-other") if f == "real" else f
                         for f, gr in zip(fam, g)], index=features.index)
    fold_of_group = {}
    gs = pd.DataFrame({"group": g, "stratum": stratum})
    for s, d in gs.groupby("stratum", sort=True):
        names = sorted(d["group"].unique(), key=lambda x: _h(f"{seed}:{x}"))
        start = int(_h(f"{seed}:stratum:{s}")[:8], 16) % k
        for i, name in enumerate(names):
            fold_of_group[name] = (start + i) % k
    fold = g.map(fold_of_group).astype(int)
    return Split(seed, k, g, stratum, fold)
