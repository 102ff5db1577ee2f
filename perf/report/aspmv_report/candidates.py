"""Candidate sets over which an oracle takes the fastest configuration.

Kernel names and families come from run.json ``methods`` (methods.Registry):

- ``TpR {2..32}``: the TpR kernel (the method with ``tpr: true``, CSR-vector)
  with TpR in {2, 4, 8, 16, 32}, exactly Gao's set (Gao Table 4; all five
  are required).
- ``TpR all``: every TpR of that kernel the section measured (adds tpr=1
  and, on backends with 64-wide wavefronts, tpr=64).
- ``all aspmv kernels``: every measured configuration of every kernel of
  family ``aspmv``.
- ``everything``: those plus every configuration of family ``vendor``
  (cuSPARSE, Kokkos Kernels).
Family ``aspmv_auto`` (aspmv_auto) is never a candidate: it is a predictor
over the aspmv kernels.
"""
from __future__ import annotations

from dataclasses import dataclass

from aspmv_report.labels import GAO_TPRS, kernel_of, tpr_label, tpr_of
from aspmv_report.methods import Registry


@dataclass(frozen=True)
class CandidateSet:
    key: str          # file-name stem
    name: str         # display name
    labels: tuple[str, ...]
    tpr_kernel: str   # the TpR kernel of run.json methods
    short: str = ""   # name inside "oracle(...)", defaults to name

    @property
    def oracle_name(self) -> str:
        """The name of this set's oracle used as a method: oracle(TpR {2..32}), oracle(all aspmv)."""
        return f"oracle({self.short or self.name})"

    @property
    def is_tpr(self) -> bool:
        """True when every candidate is a TpR of the TpR kernel."""
        return bool(self.labels) and all(tpr_of(self.tpr_kernel, l) is not None for l in self.labels)

    def tprs(self) -> tuple[int, ...]:
        """The TpRs of the set."""
        return tuple(sorted(t for t in (tpr_of(self.tpr_kernel, l) for l in self.labels) if t is not None))

    def reference_tprs(self) -> tuple[int, ...]:
        """TpRs for fixed-TpR predictors and PGO(k): the set's own, Gao's for kernel sets."""
        return self.tprs() if self.is_tpr else GAO_TPRS


def tpr_gao(methods: Registry) -> CandidateSet:
    k = methods.tpr_kernel
    return CandidateSet("tpr_gao", "TpR {2..32}", tuple(tpr_label(k, t) for t in GAO_TPRS), k)


def tpr_all(methods: Registry, available) -> CandidateSet:
    k = methods.tpr_kernel
    labels = methods.sort_labels(l for l in available if tpr_of(k, l) is not None)
    return CandidateSet("tpr_all", "TpR all", tuple(labels), k)


def aspmv_all(methods: Registry, available) -> CandidateSet:
    kernels = set(methods.aspmv)
    labels = methods.sort_labels(l for l in available if kernel_of(l) in kernels)
    return CandidateSet("aspmv_all", "all aspmv kernels", tuple(labels), methods.tpr_kernel, "all aspmv")


def everything(methods: Registry, available) -> CandidateSet:
    kernels = set(methods.aspmv + methods.vendors)
    labels = methods.sort_labels(l for l in available if kernel_of(l) in kernels)
    return CandidateSet("everything", "everything", tuple(labels), methods.tpr_kernel)


def standard_sets(methods: Registry, available) -> list[CandidateSet]:
    """The four sets, in report order; a set equal to the one before it is left out."""
    sets = [tpr_gao(methods)]
    extended = tpr_all(methods, available)
    if set(extended.labels) != set(sets[0].labels):
        sets.append(extended)
    sets.append(aspmv_all(methods, available))
    full = everything(methods, available)
    if set(full.labels) != set(sets[-1].labels):
        sets.append(full)
    return sets
