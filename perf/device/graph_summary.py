#!/usr/bin/env python3
"""Applies replayed as graphs against direct calls, from `aspmv bench --graphs` CSVs: per matrix the best aspmv
kernel (every forced kernel configuration; not the plan's choice or the drop-in) called directly and replayed
(<name>@graph), cuSPARSE's best algorithm both ways, and DASP through the cuSPARSE yardstick of the peers file
(DASP's time x our best direct cuSPARSE CSR time / the peers file's best cuSPARSE time, as
perf/device/peer_summary.py computes it).

  python3 perf/device/graph_summary.py [--peers PEERS.csv] [--list N] BENCH.csv...
"""

from peer_summary import PLAN_METHODS, geomean, main_over_bench_files, read_bench, read_peers


def best(times, family, graph, csr_only=False):
    out = [t for (fam, name), t in times.items()
           if fam == family and name.endswith("@graph") == graph and name.split("@")[0] not in PLAN_METHODS
           and (not csr_only or "csr" in name)]
    return min(out) if out else None


def summarize(path, peers, listed):
    rows_by_matrix, nnz = read_bench(path)
    # microseconds a call; the DASP yardstick below is a ratio of seconds (read_peers) times microseconds
    times = {m: {k: v[0] * 1e6 for k, v in d.items()} for m, d in rows_by_matrix.items()}
    rows = []
    for m, t in times.items():
        a, ag = best(t, "aspmv", False), best(t, "aspmv", True)
        c, cg = best(t, "cusparse", False), best(t, "cusparse", True)
        c_csr = best(t, "cusparse", False, csr_only=True)
        p = peers.get(m, {})
        theirs = [v for k, v in p.items() if k.startswith("cusparse")]
        dasp = p["dasp"] * c_csr / min(theirs) if ("dasp" in p and theirs and c_csr) else None
        rows.append((nnz[m], m, a, ag, c, cg, dasp))
    full = [r for r in rows if None not in r[2:6]]
    print(f"{path}: {len(rows)} matrices, {len(full)} with every figure")
    print(f"  best aspmv direct / replayed (speed-up of the graph): geomean {geomean([r[2] / r[3] for r in full]):.3f}, "
          f"min {min(r[2] / r[3] for r in full):.3f}, max {max(r[2] / r[3] for r in full):.3f}")
    print(f"  best cuSPARSE direct / replayed: geomean {geomean([r[4] / r[5] for r in full]):.3f}")
    print(f"  best aspmv / best cuSPARSE, both direct: geomean {geomean([r[4] / r[2] for r in full]):.3f}, "
          f"below 1.0 on {sum(r[4] / r[2] < 1 for r in full)}; both replayed: geomean "
          f"{geomean([r[5] / r[3] for r in full]):.3f}, below 1.0 on {sum(r[5] / r[3] < 1 for r in full)}")
    with_dasp = [r for r in full if r[6]]
    print(f"  DASP (yardstick, direct cuSPARSE) ahead of the best aspmv kernel on {sum(r[2] > r[6] for r in with_dasp)} "
          f"of {len(with_dasp)} called directly, on {sum(r[3] > r[6] for r in with_dasp)} replayed")
    if listed:
        print(f"  the {listed} smallest (us): matrix, nnz, aspmv direct, aspmv replayed, cuSPARSE direct, "
              "cuSPARSE replayed, DASP")
        for n, m, a, ag, c, cg, d in sorted(full)[:listed]:
            print(f"    {m:26s} {n:9d} {a:7.2f} {ag:7.2f} {c:7.2f} {cg:7.2f} {d or 0:7.2f}")


def main():
    main_over_bench_files(__doc__, summarize)


if __name__ == "__main__":
    main()
