#!/usr/bin/env python3
"""Summarises the MANIFEST.tsv of the real-matrix corpus (scripts/fetch_real_corpus.sh).

    scripts/real_corpus_summary.py [MANIFEST.tsv] [--min N] [--large NNZ]

Prints the number of distinct matrices (the manifest's rows: the script has
de-duplicated them), how many have at least NNZ nonzeros (default 100,000,
as the reader counts them: both triangles of a symmetric matrix), and the
counts per source, per group and per domain. Exits 1 when there are fewer
than N distinct matrices (default 0), 2 on a malformed manifest.
Default manifest: $ASPMV_CACHE_DIR/matrices/real-corpus/MANIFEST.tsv.
Standard library only.
"""

import argparse
import collections
import csv
import os
import sys

COLUMNS = ["name", "group", "domain", "source", "source_path", "sha256", "rows", "cols", "nnz", "conversion"]


def default_manifest():
    cache = os.environ.get("ASPMV_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "aspmv")
    return os.path.join(cache, "matrices", "real-corpus", "MANIFEST.tsv")


def read_manifest(path):
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header != COLUMNS:
            raise ValueError(f"{path}: header {header} is not {COLUMNS}")
        rows = []
        for number, row in enumerate(reader, start=2):
            if len(row) != len(COLUMNS):
                raise ValueError(f"{path}:{number}: {len(row)} columns, expected {len(COLUMNS)}")
            entry = dict(zip(COLUMNS, row))
            for key in ("rows", "cols", "nnz"):
                entry[key] = int(entry[key])
            rows.append(entry)
    names = collections.Counter(r["name"] for r in rows)
    twice = sorted(n for n, c in names.items() if c > 1)
    if twice:
        raise ValueError(f"{path}: names listed twice: {', '.join(twice)}")
    return rows


def table(title, counter, large):
    width = max([len(k) for k in counter] + [len(title)])
    lines = [f"{title:<{width}}  matrices  >= large"]
    for key in sorted(counter, key=lambda k: (-counter[k], k)):
        lines.append(f"{key:<{width}}  {counter[key]:>8}  {large[key]:>8}")
    return lines


def summarise(rows, large_nnz):
    big = [r for r in rows if r["nnz"] >= large_nnz]
    out = [
        f"distinct matrices: {len(rows)}",
        f"with >= {large_nnz:,} nonzeros: {len(big)}",
        f"nonzeros: {sum(r['nnz'] for r in rows):,} in all, largest {max((r['nnz'] for r in rows), default=0):,}",
        f"converted to Matrix Market: {sum(r['conversion'] != 'none' for r in rows)}",
        "",
    ]
    for title, key in (("source", "source"), ("group", "group"), ("domain", "domain")):
        counts = collections.Counter(r[key] for r in rows)
        large = collections.Counter(r[key] for r in big)
        out += table(title, counts, large) + [""]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?", default=default_manifest())
    parser.add_argument("--min", type=int, default=0, help="fail (exit 1) below this many distinct matrices")
    parser.add_argument("--large", type=int, default=100_000, help="the nonzero count that makes a matrix large")
    args = parser.parse_args(argv)
    try:
        rows = read_manifest(args.manifest)
    except (OSError, ValueError) as e:
        print(f"real_corpus_summary: {e}", file=sys.stderr)
        return 2
    print("\n".join(summarise(rows, args.large)).rstrip())
    if len(rows) < args.min:
        print(f"real_corpus_summary: {len(rows)} distinct matrices, fewer than --min {args.min}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
