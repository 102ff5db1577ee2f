"""Candidate sets over which an oracle takes the fastest configuration.

- ``TpR {2..32}``: CSR-vector with TpR in {2, 4, 8, 16, 32}, exactly Gao's set
  (Gao Table 4; all five are required).
- ``TpR all``: every CSR-vector TpR the section measured (adds tpr=1 and, on
  backends with 64-wide wavefronts, tpr=64).
- ``all aspmv kernels``: every configuration of csr_scalar, csr_vector,
  gao_partitioned, csr_adaptive and merge_path.
- ``everything``: the aspmv kernels plus cuSPARSE and Kokkos Kernels.
aspmv_auto is never a candidate: it is a predictor over the aspmv kernels.
"""
from __future__ import annotations

from dataclasses import dataclass

from aspmv_report.labels import ASPMV_KERNELS, GAO_TPRS, VENDOR_KERNELS, kernel_of, sort_labels, tpr_label, tpr_of


@dataclass(frozen=True)
class CandidateSet:
    key: str          # file-name stem
    name: str         # display name
    labels: tuple[str, ...]
    short: str = ""   # name inside "oracle(...)", defaults to name

    @property
    def oracle_name(self) -> str:
        """The name of this set's oracle used as a method: oracle(TpR {2..32}), oracle(all aspmv)."""
        return f"oracle({self.short or self.name})"

    @property
    def is_tpr(self) -> bool:
        """True when every candidate is a CSR-vector TpR."""
        return bool(self.labels) and all(tpr_of(l) is not None for l in self.labels)

    def tprs(self) -> tuple[int, ...]:
        """The CSR-vector TpRs of the set."""
        return tuple(sorted(t for t in (tpr_of(l) for l in self.labels) if t is not None))

    def reference_tprs(self) -> tuple[int, ...]:
        """TpRs for fixed-TpR predictors and PGO(k): the set's own, Gao's for kernel sets."""
        return self.tprs() if self.is_tpr else GAO_TPRS


def tpr_gao() -> CandidateSet:
    return CandidateSet("tpr_gao", "TpR {2..32}", tuple(tpr_label(t) for t in GAO_TPRS))


def tpr_all(available) -> CandidateSet:
    labels = sort_labels(l for l in available if tpr_of(l) is not None)
    return CandidateSet("tpr_all", "TpR all", tuple(labels))


def aspmv_all(available) -> CandidateSet:
    labels = sort_labels(l for l in available if kernel_of(l) in ASPMV_KERNELS)
    return CandidateSet("aspmv_all", "all aspmv kernels", tuple(labels), "all aspmv")


def everything(available) -> CandidateSet:
    labels = sort_labels(l for l in available if kernel_of(l) in ASPMV_KERNELS + VENDOR_KERNELS)
    return CandidateSet("everything", "everything", tuple(labels))


def standard_sets(available) -> list[CandidateSet]:
    """The four sets, in report order; a set equal to the one before it is left out."""
    sets = [tpr_gao()]
    extended = tpr_all(available)
    if set(extended.labels) != set(sets[0].labels):
        sets.append(extended)
    sets.append(aspmv_all(available))
    full = everything(available)
    if set(full.labels) != set(sets[-1].labels):
        sets.append(full)
    return sets
