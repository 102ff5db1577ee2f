"""The pieces a report section is made of, in order: headings, text, tables, figures."""
from __future__ import annotations

from dataclasses import dataclass

from aspmv_report.figures.style import Figure
from aspmv_report.tables import Table


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 3


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class CsvOnly:
    """A table written to tables/ and linked, but too long to print (per-matrix data)."""

    table: Table


Item = Heading | Text | Table | Figure | CsvOnly
