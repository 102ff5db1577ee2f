"""What the parts of one report section share: the data, the output folder, the comparisons made."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from aspmv_report import comparison, timetable
from aspmv_report.comparison import Comparison, SectionData
from aspmv_report.merge import Section
from aspmv_report.methods import Registry

TIME_SOURCE = "runtimes.csv: time_s of rows with ok = 1"


@dataclass
class Context:
    section: Section
    out_dir: Path
    baseline_tpr: int
    data: SectionData = field(init=False)
    available: set[str] = field(init=False)  # labels with measurements (ok = 1)
    named: set[str] = field(init=False)      # labels with any runtimes.csv row
    comparisons: list[Comparison] = field(default_factory=list)

    def __post_init__(self):
        s = self.section
        self.data = SectionData(
            times=timetable.wide(s.runtimes, s.methods.order),
            features=s.features,
            matrices=timetable.all_matrices(s.runtimes, s.features, s.failures),
            reasons=timetable.ReasonFinder(s.runtimes, s.failures),
        )
        self.available = set(self.data.times.columns)
        self.named = set(timetable.all_labels(s.runtimes, s.methods.order))

    @property
    def methods(self) -> Registry:
        """run.json methods merged over the runs: kernel names, families, order."""
        return self.section.methods

    @property
    def slug(self) -> str:
        return self.section.slug

    def compare(self, name: str, labels, predictors=()) -> Comparison:
        """Builds a comparison and records it for the exclusion summary."""
        c = comparison.build(name, self.data, tuple(labels), list(predictors))
        self.comparisons.append(c)
        return c

    def column(self, value: str) -> pd.DataFrame:
        """matrix x label table of another runtimes.csv column (ok rows)."""
        return timetable.wide(self.section.runtimes, self.methods.order, value)

    def feature(self, name: str, matrices) -> pd.Series:
        """A features.csv column for ``matrices`` (NaN where absent)."""
        if name not in self.data.features.columns:
            return pd.Series(float("nan"), index=pd.Index(matrices, name="matrix"))
        return pd.to_numeric(self.data.features[name], errors="coerce").reindex(matrices)


def used_note(c: Comparison) -> str:
    """``n = 5 matrices (2 excluded, see Comparisons)``."""
    extra = f"; {len(c.excluded)} excluded, see *Comparisons and exclusions*" if len(c.excluded) else ""
    return f"n = {c.n} matrices (comparison *{c.name}*{extra})."
