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

The real corpus (issue 20): a manifest (perf/corpus/real/MANIFEST.tsv,
tab-separated, columns ``name group domain ...``) gives every real matrix
its source group (``trilinos/belos``, ``suitesparse/CHOLMOD``,
``real/graph``, ...) and a coarse domain. A real matrix (family ``real``,
name = file stem, ``-T`` for its transpose) listed there takes the
manifest's group; one that is not listed keeps the rule above. A
real-derived matrix (family ``real-derived``, name
``<stem>[-T]--<op>-<op>...``) belongs to its source's group: the source is
the part before ``--`` without a trailing ``-T``. ``real-derived`` is
stratified with ``real`` (the stratum is the group's), so a source and
everything derived from it are always in one fold. Same-shape joining
skips manifest-listed matrices under 1,000 nonzeros (there shapes coincide
by accident and would merge whole source groups); a joined group keeps the
manifest's name.
"""
from __future__ import annotations

import csv
import fnmatch
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

_SUFFIX = re.compile(r"(-T|-perm\d+)$")
# Families whose matrices come from real sources (the collector's family column).
REAL_FAMILIES = ("real", "real-derived")
# Below this many nonzeros, equal shapes of manifest-listed matrices are taken as accidents.
SHAPE_JOIN_MIN_NNZ = 1000
UNLISTED = "unlisted"  # the domain of a real matrix the manifest does not list


@dataclass
class Manifest:
    """The real corpus's manifest: per matrix name (file stem) its group and domain."""
    path: str
    group: dict
    domain: dict

    def __len__(self) -> int:
        return len(self.group)



def shown_path(path) -> str:
    """A file as tables and reports name it: relative to the repository when inside it (no machine's absolute
    path in a committed table), else its file name."""
    p = Path(path).resolve()
    try:
        return str(p.relative_to(Path(__file__).resolve().parents[3]))
    except ValueError:
        return p.name


def read_manifest(path) -> Manifest:
    """Reads a MANIFEST.tsv (header with at least ``name``, ``group``; ``domain`` optional)."""
    path = Path(path)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    group, domain = {}, {}
    for i, r in enumerate(rows, start=2):
        name, g = (r.get("name") or "").strip(), (r.get("group") or "").strip()
        if not name or not g:
            raise ValueError(f"{path}:{i}: a row without name or group")
        group[name] = g
        domain[name] = (r.get("domain") or "").strip() or "other"
    return Manifest(str(path), group, domain)


def source_name(matrix: str, family: str) -> str:
    """The real source matrix of a real or real-derived matrix: the stem before ``--``, without ``-T``."""
    name = matrix.split("--", 1)[0] if family == "real-derived" else matrix
    return name[:-2] if name.endswith("-T") else name


def _listed(manifest: Manifest | None, src: str) -> str | None:
    """The manifest's key for a source name (itself, or its base name without -T/_perm), else None."""
    if manifest is None:
        return None
    if src in manifest.group:
        return src
    b = base_name(src, "real")
    return b if b in manifest.group else None


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


def groups(features: pd.DataFrame, manifest: Manifest | None = None) -> pd.Series:
    """Per matrix (features' index) its group name."""
    fam = features["family"].astype(str)
    base, listed = [], set()
    for m, f in zip(features.index, fam):
        if f in REAL_FAMILIES:
            src = source_name(m, f)
            key = _listed(manifest, src)
            if key is not None:
                base.append(manifest.group[key])
                listed.add(m)
            else:
                base.append(base_name(src, "real"))
        else:
            base.append(base_name(m, f))
    base = pd.Series(base, index=features.index)
    manifest_groups = set(manifest.group.values()) if manifest is not None else set()
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
        nnz = int(row["nnz"])
        if m in listed and nnz < SHAPE_JOIN_MIN_NNZ:
            continue
        key = (min(int(row["rows"]), int(row["cols"])), max(int(row["rows"]), int(row["cols"])), nnz)
        by_shape.setdefault(key, []).append(base[m])
    for members in by_shape.values():
        roots = sorted({find(b) for b in members}, key=lambda r: (r not in manifest_groups, r))
        for r in roots[1:]:
            parent[r] = roots[0]
    return base.map(find)


def domains(features: pd.DataFrame, manifest: Manifest | None = None) -> pd.Series:
    """Per matrix: the manifest's domain of its real source; ``unlisted`` for a real matrix the manifest
    lacks; the family for generated matrices."""
    out = []
    for m, f in zip(features.index, features["family"].astype(str)):
        if f in REAL_FAMILIES:
            key = _listed(manifest, source_name(m, f))
            out.append(manifest.domain[key] if key is not None else UNLISTED)
        else:
            out.append(f)
    return pd.Series(out, index=features.index)


def matching(group: pd.Series, patterns) -> pd.Series:
    """Per matrix: whether its group matches one of the fnmatch ``patterns`` (case-sensitive)."""
    pats = [p for p in patterns if p]
    return group.map(lambda g: any(fnmatch.fnmatchcase(str(g), p) for p in pats)).astype(bool)


def deal(names, seed: int, k: int, start: int = 0) -> dict:
    """Groups ordered by sha256(seed:group), dealt round-robin into k folds from ``start``."""
    order = sorted(set(names), key=lambda x: _h(f"{seed}:{x}"))
    return {name: (start + i) % k for i, name in enumerate(order)}


@dataclass
class Split:
    seed: int
    k: int
    group: pd.Series      # matrix -> group
    stratum: pd.Series    # matrix -> stratum
    fold: pd.Series       # matrix -> fold (0 = test)
    manifest: str | None = None  # the real corpus's manifest the groups came from

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
                       f"(+ same-shape copies)"
                       + (f", real and real-derived matrices by their source's group in {shown_path(self.manifest)}"
                          if self.manifest else "")
                       + f"; stratified by family (real-derived with real); groups ordered by sha256(seed:group), "
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


def make_split(features: pd.DataFrame, shared_real, seed: int = 2026, k: int = 5,
               manifest: Manifest | None = None) -> Split:
    g = groups(features, manifest)
    fam = features["family"].astype(str)
    shared_groups = {g[m] for m in shared_real if m in g.index}
    stratum = pd.Series([("real-shared" if gr in shared_groups else "real-other") if f in REAL_FAMILIES else f
                         for f, gr in zip(fam, g)], index=features.index)
    fold_of_group = {}
    gs = pd.DataFrame({"group": g, "stratum": stratum})
    for s, d in gs.groupby("stratum", sort=True):
        fold_of_group.update(deal(d["group"].unique(), seed, k, int(_h(f"{seed}:stratum:{s}")[:8], 16) % k))
    fold = g.map(fold_of_group).astype(int)
    return Split(seed, k, g, stratum, fold, manifest.path if manifest is not None else None)
