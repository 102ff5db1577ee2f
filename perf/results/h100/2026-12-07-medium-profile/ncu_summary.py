import csv, collections, io, sys
want = ["Duration", "DRAM Throughput", "L2 Cache Throughput", "L1/TEX Cache Throughput", "L1/TEX Hit Rate", "L2 Hit Rate", "Achieved Occupancy", "Mem Busy", "Max Bandwidth", "Mem Pipes Busy", "Compute (SM) Throughput"]
short = {"Duration": "dur", "DRAM Throughput": "dram%", "L2 Cache Throughput": "l2%", "L1/TEX Cache Throughput": "l1%", "L1/TEX Hit Rate": "l1hit", "L2 Hit Rate": "l2hit", "Achieved Occupancy": "occ", "Mem Busy": "membusy", "Max Bandwidth": "maxbw", "Compute (SM) Throughput": "sm%"}
for f in sys.argv[1:]:
    text = open(f).read()
    text = text[text.index('"ID"'):]
    rows = list(csv.DictReader(io.StringIO(text)))
    by = collections.defaultdict(dict)
    for r in rows:
        if r.get("ID") == "ID" or not r.get("Kernel Name"): continue
        k = ("chunks" if "Chunks" in r["Kernel Name"] else r["Kernel Name"].split("<")[0][-30:]) + "#" + r["ID"]
        if r["Metric Name"] in short:
            by[k][short[r["Metric Name"]]] = r["Metric Value"]
    print(f)
    for k, d in by.items():
        print("   ", k, " ".join(f"{s}={d.get(s)}" for s in short.values() if s in d))
