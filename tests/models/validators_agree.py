#!/usr/bin/env python3
"""The generator's checks (predictors/codegen/generate_model_table.py) and the
C++ loader's (predictors/model_json.hpp) accept and refuse the same files.

    validators_agree.py AGREEMENT_BINARY WORK_DIR [--cases N] [--seed S]

Mutates tests/data/models/small_table.json and a synthetic table of
make_model_fixture.py (deleted, inserted and replaced bytes; number tokens
replaced by indices, overflows, non-integers), writes each mutant, and requires
`AGREEMENT_BINARY --check` and the generator to agree on every one; then the
same on hand-written variants of small_table.json's training supports (SUPPORT
below: each one accepted or refused as it says). Standard library only.
"""
import argparse
import importlib.util
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mutate(rng, src):
    b = bytearray(src)
    alphabet = b'{}[],:"\\ 0123456789-+.eE\n\tabcnrtufl\xc3\xa9\xff'
    op = rng.randrange(4)
    for _ in range(rng.randint(1, 3)):
        p = rng.randrange(len(b))
        if op == 0:
            del b[p]
        elif op == 1:
            b.insert(p, rng.choice(alphabet))
        elif op == 2:
            b[p] = rng.choice(alphabet)
        else:  # a number token -> another number
            j = p
            while j < len(b) and not 48 <= b[j] <= 57:
                j += 1
            k = j
            while k < len(b) and (48 <= b[k] <= 57 or b[k] in b".eE-+"):
                k += 1
            b[j:k] = rng.choice([b"-1", b"0", b"7", b"1e999", b"2.5", b"1.0", b"99999999999", b"-0", b"3", b"1"])
    return bytes(b)


# small_table.json's gather support (features nnz, calls) replaced: (replacement, valid?).
SUPPORT_TEXT = '"support": {"calls": [1, 1000], "nnz": [100, 5e6]}'
SUPPORT = [
    ('"support": {"nnz": [100, 5e6], "calls": [1, 1000]}', True),
    ('"support": {"nnz": [7, 7], "calls": [-0.0, 1e308]}', True),
    ('"support": {"nnz": [100, 5e6]}', False),
    ('"support": {}', False),
    ('"support": {"nnz": [100, 5e6], "calls": [1, 1000], "rows": [1, 2]}', False),
    ('"support": {"nnz": [5e6, 100], "calls": [1, 1000]}', False),
    ('"support": {"nnz": [100], "calls": [1, 1000]}', False),
    ('"support": {"nnz": [100, 5e6, 7], "calls": [1, 1000]}', False),
    ('"support": {"nnz": [100, "5e6"], "calls": [1, 1000]}', False),
    ('"support": {"nnz": [null, 5e6], "calls": [1, 1000]}', False),
    ('"support": {"nnz": [100, 1e999], "calls": [1, 1000]}', False),
    ('"support": {"nnz": 100, "calls": [1, 1000]}', False),
    ('"support": [[100, 5e6], [1, 1000]]', False),
    ('"support": null', False),
    ('"support": {"nnz": [100, 5e6], "calls": [1, 1000], "nnz": [100, 5e6]}', False),
]


def support_variants(binary, gen, work):
    """Both validators on SUPPORT; returns the number of wrong verdicts."""
    with open(os.path.join(ROOT, "tests", "data", "models", "small_table.json"), encoding="utf-8") as f:
        text = f.read()
    assert text.count(SUPPORT_TEXT) == 1
    paths = []
    for i, (replacement, _) in enumerate(SUPPORT):
        paths.append(os.path.join(work, f"support_{i}.json"))
        with open(paths[-1], "w", encoding="utf-8") as f:
            f.write(text.replace(SUPPORT_TEXT, replacement))
    out = subprocess.run([binary, "--check"] + paths, capture_output=True, check=True).stdout.decode()
    cpp = {line.split(" ", 2)[1]: line.split(" ", 2) for line in out.splitlines()}
    wrong = 0
    for path, (replacement, valid) in zip(paths, SUPPORT):
        try:
            gen.load(path)
            py, why = True, ""
        except (gen.TableError, OSError) as e:
            py, why = False, str(e)
        c = cpp[path]
        if py != valid or (c[0] == "OK") != valid:
            wrong += 1
            print(f"support {replacement}: expected {'valid' if valid else 'refused'}; generator "
                  f"{'accepts' if py else 'refuses (' + why + ')'}, C++ loader "
                  f"{'accepts' if c[0] == 'OK' else 'refuses (' + c[2] + ')'}")
        os.remove(path)
    print(f"validators_agree: {len(SUPPORT)} support variants, {wrong} wrong")
    return wrong


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("work")
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    gen = load_module("generate_model_table", os.path.join(ROOT, "predictors", "codegen", "generate_model_table.py"))
    fixture = load_module("make_model_fixture", os.path.join(HERE, "make_model_fixture.py"))
    os.makedirs(a.work, exist_ok=True)
    synthetic = os.path.join(a.work, "synthetic.json")
    fixture.write_json(fixture.make_table("small", 9), synthetic)
    sources = []
    for path in (os.path.join(ROOT, "tests", "data", "models", "small_table.json"), synthetic):
        with open(path, "rb") as f:
            sources.append(f.read())
    rng = random.Random(a.seed)
    paths = []
    for i in range(a.cases):
        path = os.path.join(a.work, f"mutant_{i}.json")
        with open(path, "wb") as f:
            f.write(mutate(rng, sources[i % 2]))
        paths.append(path)
    cpp = {}
    for start in range(0, len(paths), 500):
        out = subprocess.run([a.binary, "--check"] + paths[start:start + 500], capture_output=True, check=True).stdout
        out = out.decode("utf-8", errors="backslashreplace")
        for line in out.splitlines():
            status, path, *message = line.split(" ", 2)
            cpp[path] = (status == "OK", message[0] if message else "")
    accepted = disagree = 0
    for path in paths:
        try:
            gen.load(path)
            py, why = True, ""
        except (gen.TableError, OSError) as e:
            py, why = False, str(e)
        accepted += py
        if py != cpp[path][0]:
            disagree += 1
            print(f"{path}: generator {'accepts' if py else 'refuses (' + why + ')'}, "
                  f"C++ loader {'accepts' if cpp[path][0] else 'refuses (' + cpp[path][1] + ')'}")
    print(f"validators_agree: {len(paths)} mutants, {accepted} valid, {disagree} disagreements")
    for path in paths:
        os.remove(path)
    wrong = support_variants(a.binary, gen, a.work)
    return 1 if disagree or wrong or accepted == 0 or accepted == len(paths) else 0


if __name__ == "__main__":
    sys.exit(main())
