#!/usr/bin/env python3
"""Condenses `ncu --csv --page details` files (perf/device/gpu_session.sh ncu-profile)
into one markdown table: per file (case) and profiled launch, the kernel, its
duration, DRAM and achieved memory throughput, L1 and L2 hit rates, the share of
the elapsed cycles the SMs were active (tail and imbalance), achieved against
theoretical occupancy, warp cycles per issued instruction and the dominant
stall as Nsight Compute's rule states it.

    perf/device/ncu_summary.py ncu_*.csv > summary.md
"""
import csv
import re
import sys
from pathlib import Path

METRICS = {
    "Duration": "duration",
    "DRAM Throughput": "dram_pct",
    "L1/TEX Hit Rate": "l1_hit",
    "L2 Hit Rate": "l2_hit",
    "Elapsed Cycles": "elapsed",
    "SM Active Cycles": "sm_active",
    "Achieved Occupancy": "achieved_occ",
    "Theoretical Occupancy": "theoretical_occ",
    "Warp Cycles Per Issued Instruction": "cpi",
    "Registers Per Thread": "registers",
    "Waves Per SM": "waves",
    "Grid Size": "grid",
    "Block Size": "block",
}


def number(text):
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def launches(path: Path):
    lines = path.read_text(errors="replace").splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        return []
    out = {}
    for r in csv.reader(lines[start:]):
        if not r or r[0] == "ID":
            continue
        r = r + [""] * 20
        d = out.setdefault(r[0], {"kernel": r[4], "stall": ""})
        name, unit, value = r[12], r[13], r[14]
        if name in METRICS:
            v = number(value)
            if name == "Duration" and v is not None:
                v = v / 1000.0 if unit == "ns" else v * (1e3 if unit == "ms" else 1.0)  # -> us
            d[METRICS[name]] = v
        if name == "Memory Throughput" and unit.endswith("/s"):
            v = number(value)
            scale = {"byte/s": 1e-9, "Kbyte/s": 1e-6, "Mbyte/s": 1e-3, "Gbyte/s": 1.0, "Tbyte/s": 1e3}.get(unit)
            if v is not None and scale:
                d["gbs"] = v * scale
        if r[15] == "CPIStall" and "spends" in r[17] and not d["stall"]:
            m = re.search(r"spends ([\d.]+) cycles being stalled (.*?)\.", r[17])
            if m:
                d["stall"] = f"{m[1]} cycles {m[2]}"
    return list(out.values())


def short_kernel(name: str) -> str:
    m = re.search(r"Parallel(?:For|Reduce)<(?:\w+::)*(\w+Functor)", name)
    return m[1] if m else name[:40]


def f(v, fmt="{:.1f}"):
    return "–" if v is None else fmt.format(v)


def main(paths):
    print("| case | kernel | grid x block | us | DRAM % | GB/s | L1 hit % | L2 hit % | SM active / elapsed | "
          "occupancy achieved / theoretical % | cycles per issue | dominant stall |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p in paths:
        case = Path(p).stem.removeprefix("ncu_")
        for d in launches(Path(p)):
            active = (d.get("sm_active") / d["elapsed"]) if d.get("sm_active") and d.get("elapsed") else None
            print(f"| {case} | {short_kernel(d['kernel'])} | {f(d.get('grid'), '{:.0f}')} x {f(d.get('block'), '{:.0f}')} "
                  f"| {f(d.get('duration'), '{:.2f}')} | {f(d.get('dram_pct'))} | {f(d.get('gbs'), '{:.0f}')} "
                  f"| {f(d.get('l1_hit'))} | {f(d.get('l2_hit'))} | {f(active, '{:.2f}')} "
                  f"| {f(d.get('achieved_occ'))} / {f(d.get('theoretical_occ'), '{:.0f}')} | {f(d.get('cpi'))} "
                  f"| {d['stall'] or '–'} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
