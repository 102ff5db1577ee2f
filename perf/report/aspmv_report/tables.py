"""Report tables: a DataFrame with a title, its input files, its CSV and its Markdown.

Every table is written in full precision to ``tables/<section>/<key>.csv``;
the Markdown shows numbers rounded to 3 significant digits (at least the
integer part), which is what ``fmt`` does.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd


@dataclass(frozen=True)
class Table:
    key: str                    # file stem, unique within a section
    title: str
    frame: pd.DataFrame
    sources: tuple[str, ...]    # input files (and columns) the numbers come from
    note: str = ""

    def csv_path(self, section_slug: str) -> str:
        return f"tables/{section_slug}/{self.key}.csv"


def fmt(value) -> str:
    """3 significant digits without exponent for 1e-4 <= |x| < 1e7; integers as integers."""
    if value is None or value is pd.NA:
        return "–"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        x = float(value)
        if math.isnan(x):
            return "–"
        if math.isinf(x):
            return "never" if x > 0 else "-inf"
        if x == 0:
            return "0"
        if abs(x) < 1e-4 or abs(x) >= 1e7:
            return f"{x:.3g}"
        digits = max(0, 2 - int(math.floor(math.log10(abs(x)))))
        return f"{x:.{digits}f}"
    return str(value).replace("|", "\\|")


def to_markdown(frame: pd.DataFrame) -> str:
    """A GitHub Markdown table; the index becomes the first column(s)."""
    flat = frame.reset_index() if _has_named_index(frame) else frame.copy()
    header = [str(c) for c in flat.columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for row in flat.itertuples(index=False):
        lines.append("| " + " | ".join(fmt(v) for v in row) + " |")
    return "\n".join(lines)


def _has_named_index(frame: pd.DataFrame) -> bool:
    return any(n is not None for n in frame.index.names) or not isinstance(frame.index, pd.RangeIndex)


def write_csv(table: Table, out_dir: Path, section_slug: str) -> Path:
    """Writes the table in full precision; returns its path."""
    path = out_dir / table.csv_path(section_slug)
    path.parent.mkdir(parents=True, exist_ok=True)
    frame = table.frame.reset_index() if _has_named_index(table.frame) else table.frame
    frame.to_csv(path, index=False, float_format="%.17g", lineterminator="\n")
    return path
