#!/usr/bin/env python3
"""Writes the corpus spec of real-derived matrices: GPU-sized matrices grown
from the real corpus's matrices by the derive ops of perf/corpus/derive.hpp
(Kronecker products with an identity or a seeded pattern, block tiling with
block permutations, random symmetric permutations).

    scripts/real_derived_spec.py REAL_CORPUS_DIR [--count 360] [--min-nnz 1100000]
                                 [--max-nnz 24000000] [--seed 2026] > derived.txt

REAL_CORPUS_DIR holds scripts/fetch_real_corpus.sh's spec.txt and
MANIFEST.tsv. Every source matrix of at least --source-min-nnz nonzeros gets
one derived matrix, and sources taken in a seeded order get more until
--count; each aims at a nonzero count drawn log-uniformly in [min, max]
(seeded by the source's name, so the spec is the same on every machine) and
takes one growth op, chosen the same way, and a symmetric permutation on
half of the square ones. The lines name the files as spec.txt does (paths
relative to REAL_CORPUS_DIR: write the output there, or pass --prefix).
Standard library only.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import math
import sys
from pathlib import Path

INT32_MAX = 2**31 - 1


def unit(*key) -> float:
    """A number in [0, 1) from sha256 of the key: the same on every machine."""
    h = hashlib.sha256(":".join(str(k) for k in key).encode()).hexdigest()
    return int(h[:13], 16) / float(1 << 52)


def ops_for(name: str, rows: int, cols: int, nnz: int, which: int, args) -> list[str]:
    lo, hi = math.log(args.min_nnz), math.log(args.max_nnz)
    target = math.exp(lo + (hi - lo) * unit(args.seed, name, which, "target"))
    factor = max(2, math.ceil(target / nnz))
    kind = ["kron", "tile", "kronp"][int(3 * unit(args.seed, name, which, "kind"))]
    seed = 1 + int(1000 * unit(args.seed, name, which, "seed"))
    if kind == "tile":
        c = min(3, 1 + int(3 * unit(args.seed, name, which, "copies")))
        r = max(2, math.ceil(factor / c))
        c = min(c, r)
        op, grow_rows = f"tile{r}x{c}s{seed}", r
    elif kind == "kronp":
        d = 2 + int(3 * unit(args.seed, name, which, "pattern"))
        k = max(d, 2, math.ceil(factor / d))
        op, grow_rows = f"kronp{k}d{d}s{seed}", k
    else:
        op, grow_rows = f"kron{factor}", factor
    if rows * grow_rows > INT32_MAX or cols * grow_rows > INT32_MAX:
        return []
    ops = [op]
    if rows == cols and unit(args.seed, name, which, "perm") < 0.5:
        ops.append(f"perm{seed}")
    return ops


def derived_nnz(nnz: int, ops: list[str]) -> int:
    import re
    for op in ops:
        if m := re.fullmatch(r"kron(\d+)", op):
            nnz *= int(m[1])
        elif m := re.fullmatch(r"kronp(\d+)d(\d+)s\d+", op):
            nnz *= int(m[1]) * int(m[2])
        elif m := re.fullmatch(r"tile(\d+)x(\d+)s\d+", op):
            nnz *= int(m[1]) * int(m[2])
    return nnz


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--count", type=int, default=360)
    ap.add_argument("--min-nnz", type=float, default=1.1e6)
    ap.add_argument("--max-nnz", type=float, default=24e6)
    ap.add_argument("--source-min-nnz", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--prefix", default="", help="prepended to every file path")
    args = ap.parse_args(argv)

    files = {}
    for line in (args.corpus / "spec.txt").read_text().splitlines():
        words = line.split("#")[0].split()
        if len(words) == 2 and words[0] == "file":
            stem = Path(words[1]).name
            for ext in (".gz", ".xz"):
                stem = stem[: -len(ext)] if stem.endswith(ext) else stem
            files[Path(stem).stem] = words[1]
    with open(args.corpus / "MANIFEST.tsv", newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")]
    sources = sorted((r for r in rows if int(r["nnz"]) >= args.source_min_nnz and r["name"] in files),
                     key=lambda r: r["name"])
    if not sources:
        print("real_derived_spec: no source matrix in " + str(args.corpus), file=sys.stderr)
        return 2
    order = sorted(sources, key=lambda r: unit(args.seed, r["name"], "order"))
    lines, which, seen = [], 0, set()
    while len(lines) < args.count:
        for r in (sources if which == 0 else order):
            if len(lines) >= args.count:
                break
            ops = ops_for(r["name"], int(r["rows"]), int(r["cols"]), int(r["nnz"]), which, args)
            key = (r["name"], tuple(ops))
            if not ops or key in seen:
                continue
            seen.add(key)
            n = derived_nnz(int(r["nnz"]), ops)
            lines.append(f"file {args.prefix}{files[r['name']]} {' '.join(ops)}"
                         f"  # {r['group']}, {r['domain']}, {n} nonzeros")
        which += 1
        if which > 50:
            break
    print("# Real-derived matrices (scripts/real_derived_spec.py "
          f"--count {args.count} --min-nnz {int(args.min_nnz)} --max-nnz {int(args.max_nnz)} --seed {args.seed})")
    print("\n".join(sorted(lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
