#!/usr/bin/env python3
"""Converts one matrix file that aspmv's reader does not read into Matrix Market.

    matrix_convert.py KIND IN OUT.mtx.gz

KIND:
  graph   METIS / Chaco graph (a header "n m [fmt [ncon [edim]]]", then one
          line of neighbours per vertex): the adjacency matrix, as a pattern
          (vertex and edge weights dropped); symmetric when every edge is
          listed from both ends, general otherwise.
  grf     Scotch graph (.grf, .grf.gz): the same.
  lp-npz  a linear program saved by numpy (scipy's linprog benchmark files:
          dense arrays A_ub, A_eq; object arrays are not loaded): the
          constraint matrix [A_ub; A_eq], its nonzeros.
  mat     a MATLAB file read by scipy.io.loadmat: its sparse matrix A (or
          Problem.A), real only.

Writes OUT (gzip, mtime 0: the same bytes every run) and prints one line
that says how it was converted. A file that cannot be converted exits with
status 3 and its reason on stdout. Used by scripts/fetch_real_corpus.sh;
numpy and scipy are imported only for the kinds that need them.
"""

import gzip
import sys


class Reject(Exception):
    pass


def open_text(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="latin-1")
    return open(path, "r", encoding="latin-1")


def write_mtx(out, rows, cols, entries, field, symmetry, comment):
    """entries: sorted (i, j[, v]) with 1-based indices."""
    with open(out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
            gz.write(f"%%MatrixMarket matrix coordinate {field} {symmetry}\n".encode())
            for line in comment:
                gz.write(f"% {line}\n".encode())
            gz.write(f"{rows} {cols} {len(entries)}\n".encode())
            chunk = []
            for e in entries:
                if field == "pattern":
                    chunk.append(f"{e[0]} {e[1]}\n")
                else:
                    chunk.append(f"{e[0]} {e[1]} {e[2]!r}\n")
                if len(chunk) >= 65536:
                    gz.write("".join(chunk).encode())
                    chunk = []
            gz.write("".join(chunk).encode())


def adjacency(n, arcs, what):
    """arcs: set of (i, j), 1-based, as listed. Symmetric pattern when the
    arcs come in pairs, general otherwise."""
    if not arcs:
        raise Reject(f"{what} with no edges")
    symmetric = all((j, i) in arcs for (i, j) in arcs)
    if symmetric:
        entries = sorted((i, j) for (i, j) in arcs if i >= j)
        return n, entries, "symmetric", f"{what} -> symmetric pattern mtx (weights dropped)"
    return n, sorted(arcs), "general", f"{what} -> general pattern mtx (edges as listed, weights dropped)"


def read_metis(path):
    with open_text(path) as f:
        body = [ln for ln in f.read().split("\n") if not ln.lstrip().startswith("%")]
    while body and not body[0].strip():
        body.pop(0)
    if not body:
        raise Reject("empty graph file")
    head = body[0].split()
    try:
        n, m = int(head[0]), int(head[1])
    except (IndexError, ValueError):
        raise Reject("no 'n m' header line") from None
    fmt = head[2] if len(head) > 2 else "0"
    if not fmt.isdigit() or len(fmt) > 3:
        raise Reject(f"unknown graph format code {fmt!r}")
    fmt = fmt.zfill(3)
    has_size, has_vwgt, has_ewgt = fmt[0] == "1", fmt[1] == "1", fmt[2] == "1"
    ncon = int(head[3]) if has_vwgt and len(head) > 3 else (1 if has_vwgt else 0)
    edim = int(head[4]) if has_ewgt and len(head) > 4 else (1 if has_ewgt else 0)
    if m <= 0:
        raise Reject("graph with no edges (header)")
    vertex_lines = body[1:1 + n]
    if len(vertex_lines) < n:
        raise Reject(f"header says {n} vertices, the file has {len(vertex_lines)} lines")
    arcs = set()
    for i, ln in enumerate(vertex_lines, start=1):
        tok = ln.split()
        tok = tok[(1 if has_size else 0) + ncon:]
        step = 1 + edim
        if len(tok) % step:
            raise Reject(f"vertex {i}: {len(tok)} values do not make neighbour/weight groups of {step}")
        for k in range(0, len(tok), step):
            try:
                j = int(tok[k])
            except ValueError:
                raise Reject(f"vertex {i}: neighbour {tok[k]!r} is not an integer") from None
            if not 1 <= j <= n:
                raise Reject(f"vertex {i}: neighbour {j} out of 1..{n}")
            arcs.add((i, j))
    if len(arcs) != 2 * m and len(arcs) != m:
        raise Reject(f"header says {m} edges, the lines give {len(arcs)} distinct arcs")
    return adjacency(n, arcs, "METIS/Chaco graph")


def read_scotch(path):
    with open_text(path) as f:
        tok = f.read().split()
    try:
        version, n, arcs_n, base, flags = int(tok[0]), int(tok[1]), int(tok[2]), int(tok[3]), tok[4]
    except (IndexError, ValueError):
        raise Reject("not a Scotch graph header") from None
    if version != 0 or not flags.isdigit():
        raise Reject(f"unsupported Scotch graph version {version} / flags {flags!r}")
    flags = flags.zfill(3)
    labels, eload, vload = flags[0] == "1", flags[1] == "1", flags[2] == "1"
    pos = 5
    rows = []
    vertex_label = []
    for v in range(n):
        label = v + base
        if labels:
            label = int(tok[pos]); pos += 1
        if vload:
            pos += 1
        degree = int(tok[pos]); pos += 1
        nb = []
        for _ in range(degree):
            if eload:
                pos += 1
            nb.append(int(tok[pos])); pos += 1
        vertex_label.append(label)
        rows.append(nb)
    index = {lab: k + 1 for k, lab in enumerate(vertex_label)}
    arcs = set()
    for i, nb in enumerate(rows, start=1):
        for lab in nb:
            j = index.get(lab) if labels else lab - base + 1
            if j is None or not 1 <= j <= n:
                raise Reject(f"vertex {i}: neighbour {lab} out of range")
            arcs.add((i, j))
    if arcs_n and len(arcs) != arcs_n:
        raise Reject(f"header says {arcs_n} arcs, the lists give {len(arcs)} distinct arcs")
    return adjacency(n, arcs, "Scotch graph")


def convert_graph(kind, src, out):
    n, entries, symmetry, how = read_metis(src) if kind == "graph" else read_scotch(src)
    write_mtx(out, n, n, entries, "pattern", symmetry, [f"converted by scripts/matrix_convert.py: {how}"])
    return how


def convert_lp(src, out):
    import numpy as np

    with np.load(src, allow_pickle=False) as d:
        parts = []
        for key in ("A_ub", "A_eq"):
            if key in d.files:
                a = d[key]
                if a.ndim == 2 and a.shape[0] > 0:
                    parts.append(a)
    if not parts:
        raise Reject("no A_ub or A_eq array")
    cols = parts[0].shape[1]
    if any(p.shape[1] != cols for p in parts):
        raise Reject("A_ub and A_eq have different column counts")
    a = np.vstack(parts).astype(np.float64)
    if not np.isfinite(a).all():
        raise Reject("non-finite constraint coefficients")
    i, j = np.nonzero(a)
    entries = list(zip((i + 1).tolist(), (j + 1).tolist(), a[i, j].tolist()))
    how = "npz dense A_ub/A_eq arrays (no pickle) -> [A_ub;A_eq] general real mtx (nonzeros only)"
    write_mtx(out, a.shape[0], cols, entries, "real", "general", [f"converted by scripts/matrix_convert.py: {how}"])
    return how


def convert_mat(src, out):
    import numpy as np
    import scipy.io
    import scipy.sparse

    d = scipy.io.loadmat(src)
    a, where = None, None
    if "A" in d and scipy.sparse.issparse(d["A"]):
        a, where = d["A"], "A"
    elif "Problem" in d:
        p = d["Problem"]
        if p.dtype.names and "A" in p.dtype.names:
            cand = p["A"][0, 0]
            if scipy.sparse.issparse(cand):
                a, where = cand, "Problem.A"
    if a is None:
        raise Reject("no sparse matrix A (or Problem.A)")
    if np.iscomplexobj(a.data):
        raise Reject("complex matrix")
    a = scipy.sparse.coo_matrix(a)
    a.sum_duplicates()
    keep = a.data != 0
    order = np.lexsort((a.col[keep], a.row[keep]))
    r, c, v = a.row[keep][order], a.col[keep][order], a.data[keep][order].astype(np.float64)
    entries = list(zip((r + 1).tolist(), (c + 1).tolist(), v.tolist()))
    how = f".mat sparse variable {where} (scipy.io.loadmat) -> general real mtx"
    write_mtx(out, a.shape[0], a.shape[1], entries, "real", "general",
              [f"converted by scripts/matrix_convert.py: {how}"])
    return how


def main(argv):
    if len(argv) != 4 or argv[1] not in ("graph", "grf", "lp-npz", "mat"):
        sys.stderr.write(__doc__)
        return 2
    kind, src, out = argv[1:]
    try:
        if kind in ("graph", "grf"):
            how = convert_graph(kind, src, out)
        elif kind == "lp-npz":
            how = convert_lp(src, out)
        else:
            how = convert_mat(src, out)
    except Reject as e:
        print(f"cannot convert: {e}")
        return 3
    except (ValueError, OSError, IndexError, KeyError) as e:
        print(f"cannot convert: {type(e).__name__}: {e}".replace("\t", " ").replace("\n", " "))
        return 3
    print(how)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
