"""Reading one collector run folder (docs/COLLECTOR_FORMAT.md).

run.json, runtimes.csv and features.csv are required; blocks.csv and
failures.csv may be missing or empty. run.json must list the build's
methods (``methods``, see methods.py), and every kernel of runtimes.csv
must be one of them. Nothing is filtered here: the ``ok`` column is kept
as written.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from aspmv_report.errors import InputError
from aspmv_report.labels import make_label
from aspmv_report.methods import Method, parse_methods

RUNTIME_COLUMNS = ("matrix", "kernel", "config", "time_s", "preprocessing_s", "gbs", "rel_error", "ok")
BLOCK_KEY = ("matrix", "block", "tpr")
FAILURE_COLUMNS = ("matrix", "stage", "message")


@dataclass(frozen=True)
class Run:
    """The files of one run folder, as read."""

    path: Path
    meta: dict
    methods: tuple[Method, ...]  # run.json methods, in the build's order
    runtimes: pd.DataFrame
    features: pd.DataFrame
    blocks: pd.DataFrame
    failures: pd.DataFrame

    @property
    def name(self) -> str:
        return self.path.name


def _existing(path: Path) -> Path:
    """The file, or its gzip-compressed twin (``name.csv.gz``, as committed
    under tuning_data/<arch>/measurements/) when only that exists."""
    if not path.exists():
        gz = path.with_name(path.name + ".gz")
        if gz.exists():
            return gz
    return path


def _read_csv(path: Path, required: bool, key_columns=("matrix",)) -> pd.DataFrame:
    path = _existing(path)
    if not path.exists() or path.stat().st_size == 0:
        if required:
            raise InputError(f"{path}: missing or empty")
        return pd.DataFrame(columns=list(key_columns))
    frame = pd.read_csv(path, dtype={"matrix": str, "config": str, "kernel": str, "family": str,
                                     "auto_kernel": str}, keep_default_na=False, na_values=["", "nan", "NaN"])
    frame.columns = [c.strip() for c in frame.columns]
    return frame


def read_failures(path: Path) -> pd.DataFrame:
    """failures.csv: its message may contain commas, so only the first two split."""
    rows = []
    if path.exists():
        lines = path.read_text(encoding="utf-8").splitlines()
        for line in lines[1:]:
            if not line.strip():
                continue
            parts = line.split(",", 2)
            parts += [""] * (3 - len(parts))
            rows.append([p.strip() for p in parts])
    return pd.DataFrame(rows, columns=list(FAILURE_COLUMNS))


def read_runtimes(path: Path) -> pd.DataFrame:
    """runtimes.csv with a ``label`` column added (see labels.make_label)."""
    frame = _read_csv(path, required=True)
    missing = [c for c in RUNTIME_COLUMNS if c not in frame.columns]
    if missing:
        raise InputError(f"{path}: missing columns {missing}")
    frame["config"] = frame["config"].fillna("-")
    frame["ok"] = pd.to_numeric(frame["ok"], errors="coerce").fillna(0).astype(int)
    frame["label"] = [make_label(k, c) for k, c in zip(frame["kernel"], frame["config"])]
    return frame


def read_run(path: str | Path) -> Run:
    """Reads one run folder."""
    path = Path(path)
    meta_path = path / "run.json"
    if not meta_path.exists():
        raise InputError(f"{meta_path}: missing")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise InputError(f"{meta_path}: not valid JSON ({err})") from None
    if not isinstance(meta, dict):
        raise InputError(f"{meta_path}: not a JSON object")
    methods = parse_methods(meta, meta_path)
    runtimes = read_runtimes(path / "runtimes.csv")
    unknown = sorted(set(runtimes["kernel"]) - {m.kernel for m in methods})
    if unknown:
        raise InputError(f"{_existing(path / 'runtimes.csv')}: kernels {', '.join(unknown)} are not in the "
                         f"\"methods\" of {meta_path}")
    features = _read_csv(path / "features.csv", required=True)
    if "matrix" not in features.columns:
        raise InputError(f"{path / 'features.csv'}: no matrix column")
    blocks = _read_csv(path / "blocks.csv", required=False, key_columns=BLOCK_KEY)
    return Run(path=path, meta=meta, methods=methods, runtimes=runtimes, features=features,
               blocks=blocks, failures=read_failures(path / "failures.csv"))
