"""Reads collector measurement folders (docs/COLLECTOR_FORMAT.md).

A folder holds features.csv(.gz), runtimes.csv(.gz), blocks.csv(.gz),
run.json, and optionally sessions.txt and corpus-spec.txt. Several folders
are merged: a matrix measured in more than one keeps the rows of the first
folder that has it (the others are listed in ``duplicates``); every folder's
run.json must list the same methods, unless ``mixed_methods`` is asked for:
then the methods are the union of the folders' (first folder's order, then
each later folder's new ones), a matrix has times for the methods its own
folder measured, and each model trains only on the matrices that measured all
of its classes (methods.build: the kernel models on the matrices with every
label, tpr_global on those with every TpR of the TpR kernel), so a model
never learns that a method its folder did not run never wins.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from aspmv_train import features as feat


class DataError(Exception):
    """A measurement folder is missing a file or has inconsistent content."""


def _read_csv(folder: Path, stem: str, required: bool = True) -> pd.DataFrame | None:
    for name in (stem + ".csv.gz", stem + ".csv"):
        p = folder / name
        if p.exists():
            return pd.read_csv(p)
    if required:
        raise DataError(f"{folder}: no {stem}.csv.gz or {stem}.csv")
    return None


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


_REAL_LINE = re.compile(r"^file\s+\.\./real/(\S+?)(\.mtx|\.rb|\.rua|\.rsa|\.rra)?(\.gz)?\s*$")


def shared_real_matrices(spec_text: str) -> list[str]:
    """The matrices a corpus spec takes from ../real (the shared real set), untransposed ones only."""
    out = []
    for line in spec_text.splitlines():
        m = _REAL_LINE.match(line.strip())
        if m:
            out.append(m.group(1))
    return out


@dataclass
class Folder:
    path: Path
    run: dict
    sessions: str
    spec_sha256: str | None      # of corpus-spec.txt in the folder, else run.json's
    spec_text: str


@dataclass
class Measurements:
    folders: list[Folder]
    features: pd.DataFrame          # index: matrix
    runtimes: pd.DataFrame          # long form, ok == 1 rows only
    blocks: pd.DataFrame | None
    methods: list[dict]             # run.json "methods" (canonical order)
    shared_real: list[str]          # the shared real matrices present in features
    duplicates: list[str] = field(default_factory=list)
    dropped_not_ok: int = 0
    # Folders with different method lists were merged (load's mixed_methods): per folder, its kernels.
    mixed_methods: dict | None = None

    @property
    def run(self) -> dict:
        return self.folders[0].run

    def aspmv_kernels(self) -> list[str]:
        return [m["kernel"] for m in self.methods if m["family"] == "aspmv"]

    def tpr_kernel(self) -> str | None:
        ks = [m["kernel"] for m in self.methods if m.get("tpr")]
        return ks[0] if ks else None

    def vendor_kernels(self) -> list[str]:
        return [m["kernel"] for m in self.methods if m["family"] == "vendor"]


def load_folder(path: Path) -> tuple[Folder, pd.DataFrame, pd.DataFrame, pd.DataFrame | None]:
    path = Path(path)
    if not path.is_dir():
        raise DataError(f"{path}: not a folder")
    run_path = path / "run.json"
    if not run_path.exists():
        raise DataError(f"{path}: no run.json")
    run = json.loads(run_path.read_text())
    if "methods" not in run:
        raise DataError(f"{run_path}: no 'methods' field (docs/COLLECTOR_FORMAT.md)")
    sessions = (path / "sessions.txt").read_text() if (path / "sessions.txt").exists() else ""
    spec = path / "corpus-spec.txt"
    spec_text = spec.read_text() if spec.exists() else ""
    spec_sha = sha256_file(spec) if spec.exists() else run.get("spec", {}).get("sha256")
    feats = with_device(_read_csv(path, "features"), run)
    runs = _read_csv(path, "runtimes")
    blocks = _read_csv(path, "blocks", required=False)
    if blocks is not None:
        blocks = with_device(blocks, run)
    return Folder(path, run, sessions, spec_sha, spec_text), feats, runs, blocks


def with_device(df: pd.DataFrame, run: dict) -> pd.DataFrame:
    """features.csv / blocks.csv rows with the run's device facts and the device features (features.py)."""
    df = df.copy()
    for k, v in feat.device_facts(run).items():
        df[k] = v
    return feat.add_device(df)


def union_methods(method_lists: list[list[dict]]) -> list[dict]:
    """The union of run.json method lists: the first list's order, then each later list's new kernels. A
    kernel listed twice must keep its family and its TpR flag."""
    out: list[dict] = []
    by_kernel: dict = {}
    for methods in method_lists:
        for m in methods:
            k = m["kernel"]
            if k not in by_kernel:
                by_kernel[k] = m
                out.append(m)
            elif (by_kernel[k].get("family"), bool(by_kernel[k].get("tpr"))) != (m.get("family"), bool(m.get("tpr"))):
                raise DataError(f"kernel {k}: family/tpr differ between the folders' run.json methods")
    return out


def load(paths: list[str | Path], mixed_methods: bool = False) -> Measurements:
    """Loads and merges measurement folders (first folder wins for a repeated matrix). Folders whose run.json
    method lists differ are refused unless ``mixed_methods`` (module docstring)."""
    if not paths:
        raise DataError("no measurement folder given")
    folders, fs, rs, bs = [], [], [], []
    seen: set[str] = set()
    duplicates: list[str] = []
    methods = None
    lists = []
    for p in paths:
        folder, f, r, b = load_folder(Path(p))
        lists.append(folder.run["methods"])
        if methods is None:
            methods = folder.run["methods"]
        elif [m["kernel"] for m in folder.run["methods"]] != [m["kernel"] for m in methods] and not mixed_methods:
            mine = [m["kernel"] for m in folder.run["methods"]]
            first = [m["kernel"] for m in methods]
            diff = sorted(set(mine) ^ set(first))
            raise DataError(
                f"{p}: run.json methods differ from {folders[0].path}'s"
                + (f" (in one list only: {', '.join(diff)})" if diff else " (same kernels, another order)")
                + "; a model trained on both would learn that a method a folder did not measure never wins. "
                  "Train on folders of one method list, or pass --mixed-methods (train, oof): the union of the "
                  "methods, each model trained on the matrices that measured all of its classes")
        new = ~f["matrix"].isin(seen)
        duplicates += f.loc[~new, "matrix"].tolist()
        keep = set(f.loc[new, "matrix"])
        seen |= keep
        folders.append(folder)
        fs.append(f[new])
        rs.append(r[r["matrix"].isin(keep)])
        if b is not None:
            bs.append(b[b["matrix"].isin(keep)])
    features = pd.concat(fs, ignore_index=True).set_index("matrix")
    runtimes = pd.concat(rs, ignore_index=True)
    n_all = len(runtimes)
    runtimes = runtimes[runtimes["ok"] == 1].copy()
    blocks = pd.concat(bs, ignore_index=True) if bs else None
    real = []
    for folder in folders:
        real += [m for m in shared_real_matrices(folder.spec_text) if m in features.index and m not in real]
    mixed = None
    if len({tuple(m["kernel"] for m in ms) for ms in lists}) > 1:
        methods = union_methods(lists)
        mixed = {str(f.path): [m["kernel"] for m in ms] for f, ms in zip(folders, lists)}
    return Measurements(folders, features, runtimes, blocks, methods, real, duplicates, n_all - len(runtimes),
                        mixed)
