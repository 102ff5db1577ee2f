#!/usr/bin/env python3
"""The converted formats on a collected corpus: per set (real, real-derived) and precision, how often a format
is the fastest alternative, our SELL against cuSPARSE's SELL (and ELL, the same kernel on unsorted rows, on the
matrices where all three ran), csr_delta against the best plain CSR kernel, and the
best aspmv alternative against the vendor's CSR (the best cuSPARSE CSR algorithm on GPUs, oneMKL's
inspector-executor on CPUs) with and without the formats.

    perf/device/formats_corpus_summary.py MEASUREMENT_DIR... > summary.md

MEASUREMENT_DIR: collector folders (runtimes.csv.gz, features.csv.gz, run.json; docs/COLLECTOR_FORMAT.md) that
timed the formats; folders of one precision are merged. Times are the collector's seconds per call; "at N
calls" adds the preprocessing (analysis or conversion) once. Ratios are geometric means over the matrices where
both sides ran (a format the guard refused did not). Needs pandas and numpy (scripts/python_env.sh).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd

CSR = ("csr_scalar", "csr_vector", "gao_partitioned", "csr_adaptive", "merge_path", "coo", "merge_split",
       "csr_vector_team", "csr_delta")
FORMATS = ("sell", "ell", "jad", "dia")
SETS = ("real", "real-derived")


def gm(x) -> float:
    x = np.asarray(x, float)
    return float(np.exp(np.mean(np.log(x)))) if len(x) else float("nan")


def load(folders):
    r = pd.concat([pd.read_csv(Path(d) / "runtimes.csv.gz") for d in folders])
    f = pd.concat([pd.read_csv(Path(d) / "features.csv.gz") for d in folders]).drop_duplicates("matrix")
    r = r[r["ok"] == 1]
    t = r.pivot_table(index="matrix", columns=["kernel", "config"], values="time_s", aggfunc="first")
    p = r.pivot_table(index="matrix", columns=["kernel", "config"], values="preprocessing_s", aggfunc="first")
    return t, p, f.set_index("matrix")["family"].reindex(t.index)


def cols(t, kernels):
    return [c for c in t.columns if c[0] in kernels]


def best(t, p, kernels, calls):
    c = cols(t, kernels)
    cost = t[c] if calls is None else t[c] * calls + p[c]
    return cost.min(axis=1), cost.idxmin(axis=1)


def main(argv) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    by_prec: dict = {}
    for d in argv:
        prec = json.loads((Path(d) / "run.json").read_text()).get("precision", "double")
        by_prec.setdefault(prec, []).append(d)
    out = ["| precision | set | matrices | format fastest per call (> 5 %) | at 100 calls | at 1,000 calls | "
           "which format wins (per call) | SELL / cuSPARSE SELL (speed, both ran) | ELL / cuSPARSE SELL, and SELL "
           "on those matrices | csr_delta / best plain CSR | "
           "vendor CSR | best aspmv / vendor: CSR only, with formats |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for prec, folders in by_prec.items():
        t, p, fam = load(folders)
        if not cols(t, FORMATS):
            raise SystemExit(f"{', '.join(folders)}: no format timed")
        for s in SETS:
            m = (fam == s).to_numpy()
            if not m.any():
                continue
            ts, ps = t[m], p[m]
            wins = []
            for calls in (None, 100, 1000):
                bc, _ = best(ts, ps, CSR, calls)
                bf, kf = best(ts, ps, FORMATS, calls)
                ok = bf.notna()
                g = (bc[ok] / bf[ok])
                wins.append(f"{int((g > 1).sum())} ({int((g > 1.05).sum())})")
                if calls is None:
                    who = kf[ok][g > 1].map(lambda c: c[0]).value_counts()
                    who_text = ", ".join(f"{k} {v}" for k, v in who.items()) or "-"
            sell, cus = ts[("sell", "-")], ts[("cusparse_sell", "c=32")] if ("cusparse_sell", "c=32") in ts else None
            if cus is not None:
                both = sell.notna() & cus.notna()
                q = cus[both] / sell[both]
                sell_text = f"{gm(q):.3f} ({int(both.sum())}; ours faster on {int((q > 1).sum())})"
                ell = ts[("ell", "-")]
                both3 = both & ell.notna()
                ell_text = (f"{gm(cus[both3] / ell[both3]):.3f}, {gm(cus[both3] / sell[both3]):.3f} "
                            f"({int(both3.sum())})")
            else:
                sell_text = ell_text = "-"
            plain = [c for c in cols(ts, CSR) if c[0] != "csr_delta"]
            dq = ts[plain].min(axis=1) / ts[cols(ts, ("csr_delta",))].min(axis=1)
            delta_text = f"{gm(dq.dropna()):.3f} (>= 1.15x on {int((dq >= 1.15).sum())})"
            vendor = next((v for v in ("cusparse", "mkl", "kokkos_kernels") if cols(ts, (v,))), None)
            if vendor is not None:
                cu = ts[cols(ts, (vendor,))].min(axis=1)
                bc, _ = best(ts, ps, CSR, None)
                ball = pd.concat([bc, best(ts, ps, FORMATS, None)[0]], axis=1).min(axis=1)
                ok = cu.notna()
                vend = (f"{vendor} | {gm(cu[ok] / bc[ok]):.3f}, {gm(cu[ok] / ball[ok]):.3f} "
                        f"(below 1: {int((cu[ok] / ball[ok] < 1).sum())} of {int(ok.sum())})")
            else:
                vend = "- | -"
            out.append(f"| {prec} | {s} | {int(m.sum())} | {wins[0]} | {wins[1]} | {wins[2]} | {who_text} | "
                       f"{sell_text} | {ell_text} | {delta_text} | {vend} |")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
