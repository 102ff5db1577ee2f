"""The method registry of the build: run.json ``methods`` (docs/COLLECTOR_FORMAT.md).

Every kernel name the report uses, its family, its properties and the
canonical kernel order come from here, never from a list in this package:

- ``family``: ``aspmv`` (a kernel of the library), ``aspmv_auto`` (the
  plan's automatic choice), ``vendor`` (a comparator library);
- ``analysis``: the method has a setup step whose cost is amortized over calls;
- ``tpr``: the kernel's configurations are ``tpr=N`` (threads per row); the
  report expects exactly one such kernel (Gao's TpR study runs on it).

Merge rule over the run folders given to the report (merge_registries):
the merged registry lists every kernel any run lists. A kernel listed by
several runs must have the same family, analysis and tpr in each. Kernels
shared by two runs must be in the same relative order in both; the merged
order is the one order that keeps every run's order, and where the runs do
not order two kernels, the one seen first (runs in command-line order, then
position in the run) comes first. A single run's list is kept as it is.
Anything else is a MethodsError naming the run.json files.
"""
from __future__ import annotations

from dataclasses import dataclass

from aspmv_report import labels as lb
from aspmv_report.errors import InputError

FAMILIES = ("aspmv", "aspmv_auto", "vendor")
FIELDS = (("kernel", str), ("family", str), ("analysis", bool), ("tpr", bool))
HOW_TO_FIX = ("The report takes every kernel name, family and the kernel order from it: the method registry "
              "of the build that took the run (docs/COLLECTOR_FORMAT.md, run.json). Collect the run again with "
              "an aspmv build that writes it, or add that build's list by hand as described there.")


class MethodsError(InputError):
    """run.json ``methods`` is missing, malformed, or the runs disagree."""


@dataclass(frozen=True)
class Method:
    """One entry of run.json ``methods``."""

    kernel: str
    family: str
    analysis: bool
    tpr: bool


def parse_methods(meta: dict, path) -> tuple[Method, ...]:
    """The ``methods`` list of one run.json (``path`` names the file in errors)."""
    if "methods" not in meta:
        raise MethodsError(f"{path}: no \"methods\" field. {HOW_TO_FIX}")
    value = meta["methods"]
    if not isinstance(value, list) or not value:
        raise MethodsError(f"{path}: \"methods\" must be a non-empty list of objects. {HOW_TO_FIX}")
    out, seen = [], set()
    for i, entry in enumerate(value):
        where = f"{path}: methods[{i}]"
        if not isinstance(entry, dict):
            raise MethodsError(f"{where}: not an object")
        for name, kind in FIELDS:
            if name not in entry:
                raise MethodsError(f"{where}: no \"{name}\"")
            if type(entry[name]) is not kind:  # bool is not accepted for str, nor 0/1 for bool
                raise MethodsError(f"{where}: \"{name}\" must be a {'string' if kind is str else 'true/false'}")
        kernel = entry["kernel"]
        if not kernel or any(c in kernel for c in "/,") or kernel != kernel.strip():
            raise MethodsError(f"{where}: kernel name {kernel!r} is empty or contains '/', ',' or spaces at an end")
        if entry["family"] not in FAMILIES:
            raise MethodsError(f"{where}: family {entry['family']!r} of {kernel} is not one of {', '.join(FAMILIES)}")
        if kernel in seen:
            raise MethodsError(f"{where}: kernel {kernel} is listed twice")
        seen.add(kernel)
        out.append(Method(kernel, entry["family"], entry["analysis"], entry["tpr"]))
    return tuple(out)


@dataclass(frozen=True)
class Registry:
    """The merged methods of the runs given to the report, in canonical order."""

    methods: tuple[Method, ...]
    sources: tuple[str, ...] = ()  # the run.json files merged, for messages

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(m.kernel for m in self.methods)

    def kernels(self, *families: str) -> tuple[str, ...]:
        """Kernels of the given families, canonical order."""
        return tuple(m.kernel for m in self.methods if m.family in families)

    @property
    def aspmv(self) -> tuple[str, ...]:
        """The library's kernels (family aspmv)."""
        return self.kernels("aspmv")

    @property
    def auto(self) -> tuple[str, ...]:
        """The plan's automatic choice (family aspmv_auto), usually one."""
        return self.kernels("aspmv_auto")

    @property
    def vendors(self) -> tuple[str, ...]:
        """Comparator libraries (family vendor)."""
        return self.kernels("vendor")

    @property
    def analysis(self) -> tuple[str, ...]:
        """Methods with a setup step whose cost is amortized (analysis: true)."""
        return tuple(m.kernel for m in self.methods if m.analysis)

    @property
    def tpr_kernel(self) -> str:
        """The one kernel with ``tpr: true`` (CSR-vector); MethodsError when there is not exactly one."""
        found = [m.kernel for m in self.methods if m.tpr]
        if len(found) != 1:
            files = ", ".join(self.sources) or "run.json"
            listed = ", ".join(found) if found else "none"
            raise MethodsError(f"{files}: the report needs exactly one method with \"tpr\": true "
                               f"(the threads-per-row kernel of Gao's TpR study); found {listed}")
        return found[0]

    def check(self) -> None:
        """What every report section needs: exactly one TpR kernel (MethodsError otherwise)."""
        self.tpr_kernel  # noqa: B018 -- the property raises

    def sort_labels(self, labels) -> list[str]:
        """Labels in canonical order (kernels in registry order, then configs numerically)."""
        return lb.sort_labels(labels, self.order)

    def tpr_label(self, tpr: int) -> str:
        """The TpR kernel's label for ``tpr`` threads per row (``csr_vector/tpr=16``)."""
        return lb.tpr_label(self.tpr_kernel, tpr)

    def tpr_of(self, label: str) -> int | None:
        """TpR of a label of the TpR kernel, None for other labels."""
        return lb.tpr_of(self.tpr_kernel, label)


def merge_registries(lists: list[tuple[tuple[Method, ...], str]]) -> Registry:
    """Merges (methods, run.json path) pairs given in command-line order (see the module docstring)."""
    first: dict[str, tuple[Method, str]] = {}
    for methods, path in lists:
        for m in methods:
            if m.kernel not in first:
                first[m.kernel] = (m, path)
                continue
            known, known_path = first[m.kernel]
            for name in ("family", "analysis", "tpr"):
                if getattr(known, name) != getattr(m, name):
                    raise MethodsError(
                        f"run.json methods disagree on {m.kernel}: {known_path} has {name} = "
                        f"{_json(getattr(known, name))}, {path} has {name} = {_json(getattr(m, name))}")
    positions = [({m.kernel: i for i, m in enumerate(methods)}, path) for methods, path in lists]
    for a in range(len(positions)):
        for b in range(a + 1, len(positions)):
            _check_pair(positions[a], positions[b])
    order = _merged_order([tuple(m.kernel for m in methods) for methods, _ in lists],
                          [path for _, path in lists])
    return Registry(tuple(first[k][0] for k in order), tuple(str(p) for _, p in lists))


def _json(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else f'"{value}"'


def _check_pair(one, two) -> None:
    """Two runs list their shared kernels in the same order."""
    (pos1, path1), (pos2, path2) = one, two
    shared = sorted(set(pos1) & set(pos2), key=pos1.get)
    for x, y in zip(shared, shared[1:]):
        if pos2[x] > pos2[y]:
            raise MethodsError(f"run.json methods disagree on the kernel order: {path1} lists {x} before {y}, "
                               f"{path2} lists {y} before {x}. Runs given together must list shared kernels "
                               "in the same order.")


def _merged_order(orders: list[tuple[str, ...]], paths) -> list[str]:
    """Topological order of 'x comes before y in some run'; ties by first appearance."""
    seen: dict[str, tuple[int, int]] = {}
    after: dict[str, set[str]] = {}
    before_count: dict[str, int] = {}
    for r, order in enumerate(orders):
        for i, k in enumerate(order):
            seen.setdefault(k, (r, i))
            after.setdefault(k, set())
            before_count.setdefault(k, 0)
        for x, y in zip(order, order[1:]):
            if y not in after[x]:
                after[x].add(y)
                before_count[y] += 1
    out = []
    ready = [k for k in seen if before_count[k] == 0]
    while ready:
        k = min(ready, key=seen.get)
        ready.remove(k)
        out.append(k)
        for y in after[k]:
            before_count[y] -= 1
            if before_count[y] == 0:
                ready.append(y)
    if len(out) != len(seen):  # a cycle through three or more runs
        stuck = ", ".join(sorted(k for k in seen if k not in out))
        raise MethodsError(f"run.json methods of {', '.join(map(str, paths))} admit no common kernel order "
                           f"(kernels {stuck}). Runs given together must list shared kernels in the same order.")
    return out
