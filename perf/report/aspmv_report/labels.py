"""Names of measured configurations.

A *label* names one column of measurements: ``kernel`` when the collector's
``config`` is ``-``, else ``kernel/config`` (``csr_vector/tpr=16``,
``cusparse/alg1``, ``csr_adaptive/unroll=4``).
"""
from __future__ import annotations

import re

ASPMV_KERNELS = ("csr_scalar", "csr_vector", "gao_partitioned", "csr_adaptive", "merge_path")
VENDOR_KERNELS = ("cusparse", "kokkos_kernels")
AUTO = "aspmv_auto"
KERNEL_ORDER = ASPMV_KERNELS + (AUTO,) + VENDOR_KERNELS

# Gao et al.'s thread-per-row candidates (Table 4, Eq. 6).
GAO_TPRS = (2, 4, 8, 16, 32)

CUSPARSE_ALGS = ("cusparse/alg1", "cusparse/alg2")
KOKKOS_KERNELS = "kokkos_kernels/native"

_TPR = re.compile(r"^csr_vector/tpr=(\d+)$")
_NUM = re.compile(r"(\d+)")


def make_label(kernel: str, config: str) -> str:
    """The label of a (kernel, config) pair of runtimes.csv."""
    config = "" if config is None else str(config).strip()
    return kernel if config in ("", "-", "nan") else f"{kernel}/{config}"


def tpr_label(tpr: int) -> str:
    """The label of CSR-vector with ``tpr`` threads per row."""
    return f"csr_vector/tpr={int(tpr)}"


def tpr_of(label: str) -> int | None:
    """TpR of a CSR-vector label, None for other labels."""
    m = _TPR.match(label)
    return int(m.group(1)) if m else None


def kernel_of(label: str) -> str:
    """The kernel part of a label."""
    return label.split("/", 1)[0]


def sort_key(label: str) -> tuple:
    """Canonical order: kernel order of the collector, then numbers numerically."""
    kernel = kernel_of(label)
    rank = KERNEL_ORDER.index(kernel) if kernel in KERNEL_ORDER else len(KERNEL_ORDER)
    rest = label[len(kernel):]
    parts = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in _NUM.split(rest) if p)
    return (rank, kernel, parts)


def sort_labels(labels) -> list[str]:
    """Labels in canonical order (also the oracle's tie-break order)."""
    return sorted(set(labels), key=sort_key)
