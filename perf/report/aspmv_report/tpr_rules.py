"""The literature's TpR rules, as predictors/tpr_rules.hpp computes them.

- CUSP mean (Gao Eq. 1):       min(2^ceil(log2(ceil(mean))), max)
- Reguly sqrt-mean (Gao Eq. 2): min(2^ceil(log2(ceil(sqrt(mean)))), max)
- Kokkos Kernels: smallest power of two VL with 6 VL >= max(1, floor(nnz / rows)), capped at max
with mean = nnz / rows. Used for the blocks of blocks.csv, whose rule
choices the collector does not write.
"""
from __future__ import annotations

import math


def pow2_at_least(value: float, cap: int) -> int:
    """Smallest power of two >= value, at most cap (1 for value <= 1)."""
    p = 1
    while p < cap and p < value:
        p *= 2
    return p


def cusp_mean(rows: int, nnz: int, max_tpr: int) -> int:
    mean = nnz / rows if rows > 0 else 0.0
    return pow2_at_least(math.ceil(mean), max_tpr)


def reguly_sqrt_mean(rows: int, nnz: int, max_tpr: int) -> int:
    mean = nnz / rows if rows > 0 else 0.0
    return pow2_at_least(math.ceil(math.sqrt(mean)), max_tpr)


def kokkos_kernels(rows: int, nnz: int, max_tpr: int) -> int:
    per_row = nnz // rows if rows > 0 else 0
    per_row = max(per_row, 1)
    vl = 1
    while vl < max_tpr and vl * 6 < per_row:
        vl *= 2
    return vl


RULES = {
    "CUSP mean rule": cusp_mean,
    "Reguly sqrt-mean rule": reguly_sqrt_mean,
    "Kokkos Kernels rule": kokkos_kernels,
}
