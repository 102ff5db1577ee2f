#!/usr/bin/env python3
"""The architecture-table generator refuses out-of-range parameters with a message naming the field, and accepts
the same table with an in-range value (so a refusal is the field's, not the table's).

    arch_generator_refuses.py GENERATOR ARCH_JSON WORK_DIR
"""
import json
import os
import subprocess
import sys

# (path under "parameters", bad value, good value, text the refusal must contain)
CASES = [
    (("launch", "direct"), 3, 2, "parameters.launch.direct"),
    (("launch", "direct"), -1, 1, "parameters.launch.direct"),
    (("vector_split", "warp_rows"), 3, 4, "parameters.vector_split.warp_rows"),
    (("sell", "lane_entries"), {"float": 1, "double": 2}, {"float": 1, "double": 4}, "parameters.sell.lane_entries"),
    (("sell", "row_lanes"), 3, 0, "parameters.sell.row_lanes"),
    (("sell", "lane_entries"), {"float": 0, "double": 4}, {"float": 4, "double": 4}, "parameters.sell.lane_entries"),
    (("csr_chunks", "overlap"), 2, 1, "parameters.csr_chunks.overlap"),
    (("csr_chunks", "load"), 1, 0, "parameters.csr_chunks.load"),
    (("csr_chunks", "load_l2_percent"), 10001, 85, "parameters.csr_chunks.load_l2_percent"),
    (("vector_load_l2_percent",), -1, 60, "parameters.vector_load_l2_percent"),
    (("vector_split", "fill_percent"), -1, 50, "parameters.vector_split.fill_percent"),
]


def run(generator, table, work, name):
    path = os.path.join(work, name + ".json")
    with open(path, "w") as f:
        json.dump(table, f, indent=2)
    return subprocess.run([sys.executable, generator, path, os.path.join(work, name + ".hpp")],
                          capture_output=True, text=True)


def main(generator, arch_json, work):
    os.makedirs(work, exist_ok=True)
    with open(arch_json) as f:
        base = json.load(f)
    failures = 0
    for i, (keys, bad, good, text) in enumerate(CASES):
        for value, should_pass in ((bad, False), (good, True)):
            table = json.loads(json.dumps(base))
            node = table["parameters"]
            for key in keys[:-1]:
                node = node.setdefault(key, {})
            node[keys[-1]] = value
            r = run(generator, table, work, f"case{i}_{should_pass}")
            passed = r.returncode == 0
            if passed != should_pass or (not passed and text not in r.stderr + r.stdout):
                failures += 1
                print(f"FAIL: {'.'.join(keys)} = {value}: exit {r.returncode}, {(r.stderr + r.stdout).strip()}")
    print(f"{len(CASES) * 2 - failures} of {len(CASES) * 2} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
