"""Command line: python3 -m aspmv_report --runs RUN_DIR [RUN_DIR ...] --out OUT_DIR [--title T] [--baseline-tpr 16]."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from aspmv_report import markdown, section
from aspmv_report.inputs import InputError, read_run
from aspmv_report.items import CsvOnly
from aspmv_report.merge import merge_runs
from aspmv_report.tables import Table, write_csv


def parse_args(argv):
    p = argparse.ArgumentParser(prog=os.environ.get("ASPMV_REPORT_PROG", "python3 -m aspmv_report"),
                                description="Study report from aspmv collector runs (docs/COLLECTOR_FORMAT.md).")
    p.add_argument("--runs", nargs="+", required=True, metavar="RUN_DIR",
                   help="collector run folders; for a row present in several, the first given wins")
    p.add_argument("--out", required=True, metavar="OUT_DIR", help="output folder (README.md, tables/, figures/)")
    p.add_argument("--title", default="aspmv study report", help="title of README.md")
    p.add_argument("--baseline-tpr", type=int, default=16, help="CSR-vector TpR of the speedup baseline (Gao: 16)")
    return p.parse_args(argv)


def write_tables(items, out_dir: Path, slug: str) -> None:
    for item in items:
        table = item.table if isinstance(item, CsvOnly) else item
        if isinstance(table, Table):
            write_csv(table, out_dir, slug)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        runs = [read_run(path) for path in args.runs]
        sections = merge_runs(runs)  # also merges run.json methods (MethodsError on a conflict)
    except (InputError, OSError, ValueError) as err:
        print(f"{os.environ.get('ASPMV_REPORT_PROG', 'aspmv_report')}: {err}", file=sys.stderr)
        return 2
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    rendered = []
    for sec in sections:
        items = section.build(sec, out_dir, args.baseline_tpr)
        write_tables(items, out_dir, sec.slug)
        rendered.append((sec.title, sec.slug, items))
    text = markdown.render(args.title, [r.name for r in runs], rendered)
    (out_dir / "README.md").write_text(text, encoding="utf-8")
    print(out_dir / "README.md")
    return 0
