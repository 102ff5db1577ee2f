"""The spec (/tmp/loc/spec.txt) of every matrix of the 2026-12-06 H100 collections, for locality.cpp: real
matrices from ~/.cache/aspmv/matrices/real-corpus (scripts/fetch_real_corpus.sh), real-derived ones as that file
with the derive ops of their names, generated ones by name. Run from the repository root."""
import gzip, csv, re, sys
from pathlib import Path
C = Path.home() / ".cache/aspmv/matrices/real-corpus"
stems = {}
for line in (C / "spec.txt").read_text().splitlines():
    line = line.split("#")[0].strip()
    if not line: continue
    f = line.split()[1]
    s = re.sub(r"\.(mtx|rua|rsa|rb)(\.(gz|xz))?$", "", f)
    stems[s] = f
M = "tuning_data/h100/measurements/2026-12-06-"
out = []
seen = set()
for d in ["all-real-a", "all-real-b", "all-real-c", "generated-a", "generated-b"]:
    with gzip.open(M + d + "/features.csv.gz", "rt") as fh:
        for r in csv.DictReader(fh):
            n, fam = r["matrix"], r["family"]
            if n in seen: continue
            seen.add(n)
            if fam in ("real", "real-derived"):
                base, _, ops = n.partition("--")
                T = base.endswith("-T")
                if T: base = base[:-2]
                if base not in stems: print("missing", n, file=sys.stderr); continue
                out.append(f"file {C / stems[base]}" + (" -T" if T else "") + ("" if not ops else " " + " ".join(ops.split("-"))))
            else:
                out.append(n)
Path("/tmp/loc").mkdir(exist_ok=True)
Path("/tmp/loc/spec.txt").write_text("\n".join(out) + "\n")
print(len(out))
