#!/usr/bin/env python3
"""Splits the real corpus into parts that each fit one device call's carry,
as pattern-only Matrix Market files compressed with xz.

    perf/device/real_corpus_parts.py CORPUS_DIR OUT_DIR [--budget-mib 14]
        [--derived CORPUS_DIR/derived.txt] [--guards perf/corpus/specs/guard-matrices.txt]
        [--spec-prefix spec-h100]

CORPUS_DIR is scripts/fetch_real_corpus.sh's folder (spec.txt: "file <name>"
per matrix); --derived is scripts/real_derived_spec.py's output for it (its
lines name their source file the same way). A device call carries at most
64 MiB with the working tree, so the corpus travels in parts.

Why pattern-only: an SpMV's time does not depend on the values (no kernel
branches on them, GPUs run subnormal FP64/FP32 FMAs at full rate), and
neither does any feature; the values are most of a Matrix Market file's
compressed bytes. A real or integer coordinate file loses its value column
and becomes "pattern" (the reader gives every entry the value 1); a complex
one loses both (hermitian and skew-symmetric become symmetric: the same
pattern). Explicit zeros stay entries. Files in other formats
(Harwell-Boeing, array) are kept as they are, xz-compressed.

Writes, under OUT_DIR:
  files/<name>.xz         the pattern files ("foo.mtx.gz" -> "foo.mtx.xz", "A.rua" -> "A.rua.xz";
                          made once, remade when the source is newer)
  <part>/                 per part (a, b, c, ...): hard links to its files and
    <spec-prefix>-<part>.txt  "file <name>.xz" for its matrices, the --derived
                              lines whose source is one of them, and (part a only) the guard matrices
  parts.tsv               part, file, bytes, source
The parts are as few as --budget-mib allows and balanced by work (a file's
nonzeros and those of the derived matrices grown from it): files by
decreasing work, each to the part of least work with room for it; the split
is the same for the same corpus. Pack each part for the device with
`tar -cf rc-<part>.tar -C OUT_DIR/<part> .` and unpack it into
.device/real-corpus there (perf/device/gpu_session.sh collect-real with
REAL_PART=<part>). Standard library only.
"""
from __future__ import annotations

import argparse
import gzip
import lzma
import os
import re
import string
import sys
from pathlib import Path

VALUE_COLUMNS = {"real": 1, "integer": 1, "double": 1, "complex": 2, "pattern": 0}


def open_text(path: Path):
    name = path.name
    if name.endswith(".gz"):
        return gzip.open(path, "rt", encoding="latin-1", newline="")
    if name.endswith(".xz"):
        return lzma.open(path, "rt", encoding="latin-1", newline="")
    return open(path, "rt", encoding="latin-1", newline="")


def uncompressed_name(name: str) -> str:
    """"a/foo.mtx.gz" -> "foo.mtx": the base name without a trailing .gz or .xz."""
    base = os.path.basename(name)
    for ext in (".gz", ".xz"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base


def stem_of(name: str) -> str:
    """"a/foo.mtx.gz" -> "foo" (as perf/corpus/spec.cpp names files)."""
    return os.path.splitext(uncompressed_name(name))[0]


def packed_name(name: str) -> str:
    """"a/foo.mtx.gz" -> "foo.mtx.xz", "A.rua" -> "A.rua.xz": the reader knows a file by its extension."""
    return uncompressed_name(name) + ".xz"


def pattern_lines(src: Path):
    """The lines of `src` as a pattern file (None when it is not a coordinate Matrix Market file)."""
    with open_text(src) as f:
        header = f.readline()
        h = header.split()
        if len(h) < 5 or h[0].lower() != "%%matrixmarket" or h[2].lower() != "coordinate":
            return None
        field = h[3].lower()
        if field not in VALUE_COLUMNS:
            raise SystemExit(f"{src}: unknown Matrix Market field '{h[3]}'")
        drop = VALUE_COLUMNS[field]
        # A pattern is never hermitian or skew-symmetric: both store one triangle of a symmetric pattern.
        symmetry = ["symmetric" if w.lower() in ("hermitian", "skew-symmetric") else w for w in h[4:]]
        yield " ".join([h[0], h[1], h[2], "pattern", *symmetry]) + "\n"
        size_seen = False
        for line in f:
            s = line.strip()
            if not s or s.startswith("%"):
                if not size_seen:
                    yield line if line.endswith("\n") else line + "\n"
                continue
            if not size_seen:
                size_seen = True
                yield s + "\n"
                continue
            w = s.split()
            if len(w) != 2 + drop:
                raise SystemExit(f"{src}: entry line '{s}' has {len(w)} words, a {field} entry {2 + drop}")
            yield w[0] + " " + w[1] + "\n"


def make_pattern_file(src: Path, dst: Path) -> None:
    tmp = dst.with_name(dst.name + ".tmp")
    gen = pattern_lines(src)
    first = next(gen, None)
    with lzma.open(tmp, "wt", preset=6, encoding="latin-1", newline="") as out:
        if first is None:  # not a coordinate Matrix Market file: the text as it is
            with open_text(src) as f:
                for chunk in iter(lambda: f.read(1 << 20), ""):
                    out.write(chunk)
        else:
            out.write(first)
            buf = []
            for line in gen:
                buf.append(line)
                if len(buf) >= 65536:
                    out.write("".join(buf))
                    buf.clear()
            out.write("".join(buf))
    os.replace(tmp, dst)


def nnz_of(path: Path) -> int:
    """The entry count of a Matrix Market file's size line (0 for other formats)."""
    with open_text(path) as f:
        if not f.readline().lower().startswith("%%matrixmarket"):
            return 0
        for line in f:
            w = line.split()
            if w and not w[0].startswith("%"):
                return int(w[-1]) if len(w) == 3 else 0
    return 0


def spec_files(spec: Path) -> list[str]:
    out = []
    for line in spec.read_text().splitlines():
        s = line.split("#", 1)[0].split()
        if len(s) >= 2 and s[0] == "file":
            out.append(s[1])
    return out


def part_names():
    for c in string.ascii_lowercase:
        yield c
    raise SystemExit("more than 26 parts: raise --budget-mib")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--budget-mib", type=float, default=14.0, help="compressed bytes a part may hold (MiB)")
    ap.add_argument("--derived", type=Path, help="real_derived_spec.py's lines for this corpus")
    ap.add_argument("--guards", type=Path, help="generated guard matrices, listed in part a")
    ap.add_argument("--spec-prefix", default="spec-h100")
    a = ap.parse_args(argv)

    names = spec_files(a.corpus / "spec.txt")
    files = a.out / "files"
    files.mkdir(parents=True, exist_ok=True)
    size, source = {}, {}
    for i, n in enumerate(names):
        src = a.corpus / n
        dst = files / packed_name(n)
        if not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime:
            print(f"[{i + 1}/{len(names)}] {n}", file=sys.stderr)
            make_pattern_file(src, dst)
        size[dst.name], source[dst.name] = dst.stat().st_size, n

    by_stem = {stem_of(f): f for f in size}
    derived = []
    if a.derived:
        for line in a.derived.read_text().splitlines():
            w = line.split("#", 1)[0].split()
            if len(w) >= 2 and w[0] == "file":
                f = by_stem.get(stem_of(w[1]), stem_of(w[1]) + " (missing)")
                derived.append((f, re.sub(r"^(\s*file\s+)\S+", lambda m: m.group(1) + f, line)))
    # The work of a file: its own nonzeros and those of the derived matrices grown from it (their comment's
    # "N nonzeros"), which dominate a collection's time.
    work = {f: nnz_of(files / f) for f in size}
    for f, line in derived:
        m = re.search(r"(\d+) nonzeros", line)
        if f in work and m:
            work[f] += int(m.group(1))

    # Parts: as few as the byte budget allows; files by decreasing work, each to the part of least work
    # with room for it (a new part when none has).
    budget = int(a.budget_mib * (1 << 20))
    count = max(1, -(-sum(size.values()) // budget))
    parts: list[list[str]] = [[] for _ in range(count)]
    load, bytes_in = [0] * count, [0] * count
    for f in sorted(size, key=lambda f: (-work[f], f)):
        if size[f] > budget:
            raise SystemExit(f"{f}: {size[f]} bytes, more than a part's {budget}")
        room = [j for j in range(len(parts)) if bytes_in[j] + size[f] <= budget]
        if not room:
            parts.append([])
            load.append(0)
            bytes_in.append(0)
            room = [len(parts) - 1]
        j = min(room, key=lambda j: (load[j], j))
        parts[j].append(f)
        load[j] += work[f]
        bytes_in[j] += size[f]

    guards = [l for l in a.guards.read_text().splitlines() if l.strip() and not l.startswith("#")] if a.guards else []

    rows = ["part\tfile\tbytes\tsource"]
    for name, members in zip(part_names(), parts):
        d = a.out / name
        if d.exists():
            for p in d.iterdir():
                p.unlink()
        d.mkdir(exist_ok=True)
        members = sorted(members)
        for f in members:
            os.link(files / f, d / f)
            rows.append(f"{name}\t{f}\t{size[f]}\t{source[f]}")
        inside = set(members)
        lines = [f"# Real corpus, part {name} of {len(parts)} (perf/device/real_corpus_parts.py, "
                 f"{a.budget_mib:g} MiB a part): pattern files; the derived lines whose source is here"]
        lines += [f"file {f}" for f in members]
        lines += [l for f, l in derived if f in inside]
        if name == "a" and guards:
            lines += [f"# Guard matrices ({a.guards})"] + guards
        (d / f"{a.spec_prefix}-{name}.txt").write_text("\n".join(lines) + "\n")
        print(f"part {name}: {len(members)} files, {sum(size[f] for f in members) / 2**20:.1f} MiB, "
              f"{sum(1 for f, _ in derived if f in inside)} derived, {sum(work[f] for f in members) / 1e6:.0f}M "
              "nonzeros in all", file=sys.stderr)
    missing = sorted({f for f, _ in derived if f not in size})
    if missing:  # a --derived list written for another version of the corpus
        print(f"left out: {sum(1 for f, _ in derived if f not in size)} derived lines whose source is not in "
              f"spec.txt ({', '.join(missing[:5])}{', ...' if len(missing) > 5 else ''})", file=sys.stderr)
    (a.out / "parts.tsv").write_text("\n".join(rows) + "\n")
    print(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
