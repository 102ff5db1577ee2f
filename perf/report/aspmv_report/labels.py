"""Names of measured configurations.

A *label* names one column of measurements: ``kernel`` when the collector's
``config`` is ``-``, else ``kernel/config`` (``csr_vector/tpr=16``,
``cusparse/alg1``, ``csr_adaptive/unroll=4``).

No kernel name is written here: which kernels exist, their family and their
canonical order come from run.json ``methods`` (methods.Registry). This
module holds only the grammar of labels and configurations.
"""
from __future__ import annotations

import re

# Gao et al.'s thread-per-row candidates (Table 4, Eq. 6).
GAO_TPRS = (2, 4, 8, 16, 32)

# Configuration of a kernel whose run.json method has ``tpr: true``.
TPR_CONFIG = "tpr={}"
_TPR_CONFIG = re.compile(r"^tpr=(\d+)$")
_NUM = re.compile(r"(\d+)")


def make_label(kernel: str, config: str) -> str:
    """The label of a (kernel, config) pair of runtimes.csv."""
    config = "" if config is None else str(config).strip()
    return kernel if config in ("", "-", "nan") else f"{kernel}/{config}"


def kernel_of(label: str) -> str:
    """The kernel part of a label."""
    return label.split("/", 1)[0]


def config_of(label: str) -> str:
    """The config part of a label ("" when the collector wrote ``-``)."""
    return label.split("/", 1)[1] if "/" in label else ""


def tpr_label(kernel: str, tpr: int) -> str:
    """The label of ``kernel`` (the TpR kernel) with ``tpr`` threads per row."""
    return make_label(kernel, TPR_CONFIG.format(int(tpr)))


def tpr_of(kernel: str, label: str) -> int | None:
    """TpR of a label of ``kernel`` (the TpR kernel), None for other labels."""
    if kernel_of(label) != kernel:
        return None
    m = _TPR_CONFIG.match(config_of(label))
    return int(m.group(1)) if m else None


def sort_key(label: str, order) -> tuple:
    """Canonical order: ``order`` (run.json methods) for kernels, then numbers numerically.
    A kernel outside ``order`` sorts after every kernel in it."""
    kernel = kernel_of(label)
    order = tuple(order)
    rank = order.index(kernel) if kernel in order else len(order)
    rest = label[len(kernel):]
    parts = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in _NUM.split(rest) if p)
    return (rank, kernel, parts)


def sort_labels(labels, order) -> list[str]:
    """Labels in canonical order (also the oracle's tie-break order)."""
    order = tuple(order)
    return sorted(set(labels), key=lambda label: sort_key(label, order))
