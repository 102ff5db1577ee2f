"""Merging run folders into report sections.

Runs are grouped by (device name, precision): each group is one section of
the report. Inside a group, a row of the same key (runtimes: matrix, kernel,
config; features: matrix; blocks: matrix, block, tpr) read from several runs
is taken from the first run given on the command line; the later copies are
dropped whatever their ``ok``.

The run.json ``methods`` of all the runs given are merged into one registry
(methods.merge_registries: same properties and same relative order for
shared kernels) that every section uses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pandas as pd

from aspmv_report.inputs import BLOCK_KEY, Run
from aspmv_report.methods import Registry, merge_registries


@dataclass(frozen=True)
class Section:
    """The merged data of one (device, precision)."""

    device: str
    precision: str
    runs: tuple[Run, ...]
    methods: Registry       # merged over every run given to the report
    runtimes: pd.DataFrame  # every row, ``ok`` as written, plus ``label`` and ``run``
    features: pd.DataFrame  # indexed by matrix
    blocks: pd.DataFrame
    failures: pd.DataFrame

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", f"{self.device}-{self.precision}".lower()).strip("-")

    @property
    def title(self) -> str:
        return f"{self.device}, {self.precision}"


def section_key(run: Run) -> tuple[str, str]:
    """(device name, precision) of a run, from run.json."""
    device = run.meta.get("device") or {}
    name = device.get("name") if isinstance(device, dict) else str(device)
    return (str(name or "unknown device"), str(run.meta.get("precision") or "unknown precision"))


def keep_first(frames: list[pd.DataFrame], runs: list[Run], key: tuple[str, ...]) -> pd.DataFrame:
    """Concatenates in run order and keeps the first row of each key."""
    tagged = [f.assign(run=r.name) for f, r in zip(frames, runs) if not f.empty]
    if not tagged:
        return frames[0].assign(run=pd.Series(dtype=str)).iloc[0:0]
    merged = pd.concat(tagged, ignore_index=True, sort=False)
    return merged.drop_duplicates(subset=list(key), keep="first").reset_index(drop=True)


def merge_methods(runs: list[Run]) -> Registry:
    """The merged run.json methods of ``runs``; checks that there is exactly one TpR kernel."""
    registry = merge_registries([(r.methods, str(r.path / "run.json")) for r in runs])
    registry.check()
    return registry


def merge_runs(runs: list[Run]) -> list[Section]:
    """Groups runs by (device, precision), keeping command-line order inside a group."""
    registry = merge_methods(runs)
    groups: dict[tuple[str, str], list[Run]] = {}
    for run in runs:
        groups.setdefault(section_key(run), []).append(run)
    sections = []
    for (device, precision), members in sorted(groups.items()):
        runtimes = keep_first([r.runtimes for r in members], members, ("matrix", "kernel", "config"))
        features = keep_first([r.features for r in members], members, ("matrix",)).set_index("matrix").sort_index()
        blocks = keep_first([r.blocks for r in members], members, BLOCK_KEY)
        failures = pd.concat([r.failures.assign(run=r.name) for r in members], ignore_index=True)
        failures = failures.drop_duplicates(subset=["matrix", "stage", "message"]).reset_index(drop=True)
        sections.append(Section(device, precision, tuple(members), registry, runtimes, features, blocks, failures))
    return sections
