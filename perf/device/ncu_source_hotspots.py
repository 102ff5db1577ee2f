#!/usr/bin/env python3
"""Where a kernel's warps stall, from ncu's source page (SASS) as CSV.

Reads `ncu --csv --page source --print-source sass --section SourceCounters`
output (plain or .gz), cuts the SASS into windows of --window instructions and
prints the windows with the most warp-stall samples: their share of the samples
and of the executed instructions, and their most frequent opcodes (what the
window does: LDG/DMUL a product loop, MEMBAR fences, SHFL/BAR scans)."""
import argparse
import csv
import gzip
import io
import sys
from collections import Counter


def read_rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        lines = [line for line in f if line.startswith('"')]
    # The first quoted line names the kernel; the table starts after it.
    start = next(i for i, line in enumerate(lines) if line.startswith('"Address"'))
    return lines[0].strip(), list(csv.DictReader(io.StringIO("".join(lines[start:]))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--window", type=int, default=40)
    ap.add_argument("--top", type=int, default=8)
    a = ap.parse_args()
    for path in a.csv:
        _, rows = read_rows(path)
        samples = [int(r["Warp Stall Sampling (All Samples)"] or 0) for r in rows]
        executed = [int(r["Instructions Executed"] or 0) for r in rows]
        total_s, total_i = max(1, sum(samples)), max(1, sum(executed))
        print(f"{path}: {len(rows)} SASS instructions, {sum(executed)} warp instructions executed, "
              f"{sum(samples)} stall samples")
        windows = []
        for i in range(0, len(rows), a.window):
            ops = Counter(r["Source"].split()[0].split(".")[0] for r in rows[i:i + a.window]
                          if r["Source"].split() and not r["Source"].split()[0].startswith("@"))
            windows.append((sum(samples[i:i + a.window]), sum(executed[i:i + a.window]), i, ops))
        for s, n, i, ops in sorted(windows, key=lambda w: -w[0])[:a.top]:
            top_ops = " ".join(f"{o}x{c}" for o, c in ops.most_common(5))
            print(f"  SASS {i:5d}-{i + a.window:5d}: {100 * s / total_s:5.1f} % of samples, "
                  f"{100 * n / total_i:5.1f} % of instructions; {top_ops}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
