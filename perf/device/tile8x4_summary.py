#!/usr/bin/env python3
"""tile8x4's two bodies against each other and against every other aspmv kernel, from `aspmv bench` CSVs run
with `--variant tile_mma=0` (the matrix units: method tile8x4; one thread a row: tile8x4[tile_mma=0]), and
whether tile8x4 changes how many matrices DASP (through the cuSPARSE yardstick of the peers file, as
perf/device/peer_summary.py computes it) is ahead of the best aspmv kernel on.

  python3 perf/device/tile8x4_summary.py [--peers PEERS.csv] [--list N] BENCH.csv...
"""

from peer_summary import geomean, main_over_bench_files, read_bench, read_peers


def summarize(path, peers, listed):
    rows_by_matrix, nnz = read_bench(path)
    # microseconds a call; the DASP yardstick below is a ratio of seconds (read_peers) times microseconds
    times = {m: {k: v[0] * 1e6 for k, v in d.items()} for m, d in rows_by_matrix.items()}
    mma_gain, vs_mma, vs_rows, lines = [], [], [], []
    wins = dasp_without = dasp_with = 0
    for m, d in times.items():
        ours = {k[1]: v for k, v in d.items() if k[0] == "aspmv" and not k[1].startswith("aspmv_")}
        mma, rows = ours.get("tile8x4"), ours.get("tile8x4[tile_mma=0]")
        best_other = min(v for k, v in ours.items() if not k.startswith("tile8x4"))
        if mma and rows:
            mma_gain.append(rows / mma)
        if mma:
            vs_mma.append(best_other / mma)
        if rows:
            vs_rows.append(best_other / rows)
        best_tile = min(v for v in (mma, rows) if v)
        wins += best_tile < best_other
        csr = [v for k, v in d.items() if k[0] == "cusparse" and "csr" in k[1]]
        p = peers.get(m, {})
        theirs = [v for k, v in p.items() if k.startswith("cusparse")]
        if csr and theirs and "dasp" in p:
            dasp = p["dasp"] * min(csr) / min(theirs)
            dasp_without += best_other > dasp
            dasp_with += min(best_other, best_tile) > dasp
            lines.append((nnz[m], m, best_other, mma, rows, dasp))
    print(f"{path}: {len(times)} matrices")
    print(f"  one-thread-a-row time / matrix-unit time: geomean {geomean(mma_gain):.3f}, min {min(mma_gain):.3f}, "
          f"max {max(mma_gain):.3f}; the matrix units faster on {sum(g > 1 for g in mma_gain)}")
    print(f"  best other aspmv kernel / tile8x4 on the matrix units: geomean {geomean(vs_mma):.3f}, above 1 on "
          f"{sum(v > 1 for v in vs_mma)}; / one thread a row: geomean {geomean(vs_rows):.3f}, above 1 on "
          f"{sum(v > 1 for v in vs_rows)}")
    print(f"  tile8x4 (either body) faster than every other aspmv kernel on {wins}; DASP (yardstick) ahead of the "
          f"best aspmv kernel on {dasp_without} without tile8x4, {dasp_with} with it")
    if listed:
        print(f"  the {listed} smallest (us): matrix, nnz, best other kernel, tile8x4 matrix units, one thread a row, DASP")
        for n, m, best_other, mma, rows, dasp in sorted(lines)[:listed]:
            print(f"    {m:28s} {n:9d} {best_other:8.2f} {mma or 0:8.2f} {rows or 0:8.2f} {dasp:8.2f}")


def main():
    main_over_bench_files(__doc__, summarize)


if __name__ == "__main__":
    main()
