#!/usr/bin/env python3
"""The drop-in's old rule against vector_split where that rule ran CSR-vector (issue 21, 2026-12-02, fifth session).

    drop_in_rule_bound.py FOLDER...

Until 2026-12-02 the GPU drop-in ran CSR-vector with the CUSP mean TpR instead of vector_split where m, n and nnz
bound every row to 4x the mean (min(n, nnz) <= 4 x max(mean, 1)). In collector folders whose binary had that rule,
`aspmv_spmv` is the old drop-in and `vector_split` the kernel it runs now, timed in the same process. For every
matrix where the bound held: old drop-in time / vector_split time (above 1: vector_split faster), and the geometric
mean over those with at most 25 rows apart from the others. Standard library only.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from auto_vs_oracle import _in_run, _open  # noqa: E402
from peer_summary import geomean  # noqa: E402

FEW_ROWS = 25


def main(folders):
    out = []
    for f in folders:
        with _open(_in_run(f, "features.csv")) as fh:
            feats = {r["matrix"]: r for r in csv.DictReader(fh)}
        t = {}
        with _open(_in_run(f, "runtimes.csv")) as fh:
            for r in csv.DictReader(fh):
                if r["ok"] == "1" and r["kernel"] in ("aspmv_spmv", "vector_split") and r["config"] == "-":
                    t[(r["matrix"], r["kernel"])] = float(r["time_s"])
        for m, fe in feats.items():
            rows, cols, nnz = (int(float(fe[k])) for k in ("rows", "cols", "nnz"))
            if rows == 0 or nnz == 0 or min(cols, nnz) > 4 * max(nnz / rows, 1.0):
                continue
            old, new = t.get((m, "aspmv_spmv")), t.get((m, "vector_split"))
            if old and new:
                out.append((rows, nnz / rows, cols, old / new, m))
    out.sort()
    for rows, mean, cols, r, m in out:
        print(f"rows {rows:>8} mean {mean:>9.1f} cols {cols:>7}  old drop-in / vector_split {r:6.2f}  {m}")
    few = [r for rows, _, _, r, _ in out if rows <= FEW_ROWS]
    rest = [r for rows, _, _, r, _ in out if rows > FEW_ROWS]
    print(f"{len(out)} matrices where the bound held: geometric mean {geomean([o[3] for o in out]):.3f}; "
          f"<= {FEW_ROWS} rows ({len(few)}): " + ", ".join(f"{r:.2f}" for r in sorted(few)) +
          f"; the other {len(rest)}: {geomean(rest):.3f} ({min(rest):.2f}-{max(rest):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
