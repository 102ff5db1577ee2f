"""Call 7 comparison (per matrix: lrb team one launch, range one launch, launch per TpR, best other aspmv kernel, best
cuSPARSE, and lrb with ASPMV_EXP_LRB_LONG_ROW=128/256 from their own processes; then geometric means).
    python3 compare.py DIR   (DIR holds bench.csv, long_row_128.csv, long_row_256.csv, unpacked)
"""
import csv, math, sys, os
from collections import defaultdict
R=sys.argv[1]
def load(p):
    t=defaultdict(dict)
    if not os.path.exists(p): return t
    for r in csv.DictReader(open(p)):
        try: v=float(r["time_s"])
        except: continue
        if r.get("ok")!="1" or not v>0: continue
        t[r["matrix"].split('/')[-1].replace('.mtx.xz','')][r["method"]]=(v,r["family"],int(r["nnz"]))
    return t
b=load(R+"/bench.csv"); l128=load(R+"/long_row_128.csv"); l256=load(R+"/long_row_256.csv")
gm=lambda x: math.exp(sum(map(math.log,x))/len(x)) if x else float('nan')
T="lrb"; G="lrb[lrb_one_launch=2]"; Z="lrb[lrb_one_launch=0]"
rat=defaultdict(list)
print("%-34s %8s %8s %8s %8s %8s %6s | %8s %8s %8s %8s"%("matrix","team","range","perTpR","other","cusp","nnzM","t128","r128","t256","r256"))
for m,d in b.items():
    if T not in d: continue
    oth=min([v for k,(v,f,n) in d.items() if f=="aspmv" and not k.startswith("lrb") and "[" not in k and k!="aspmv_auto"] or [float('nan')])
    cu=min([v for k,(v,f,n) in d.items() if f.startswith("cusparse")] or [float('nan')])
    n=d[T][2]
    g=lambda dd,k: dd.get(m,{}).get(k,(float('nan'),))[0]
    row=(m[:34],d[T][0]*1e6,d.get(G,(float('nan'),))[0]*1e6,d.get(Z,(float('nan'),))[0]*1e6,oth*1e6,cu*1e6,n/1e6,g(l128,T)*1e6,g(l128,G)*1e6,g(l256,T)*1e6,g(l256,G)*1e6)
    print("%-34s %8.1f %8.1f %8.1f %8.1f %8.1f %6.2f | %8.1f %8.1f %8.1f %8.1f"%row)
    big = n>=1e6
    if G in d: rat[("range/team", big)].append(d[T][0]/d[G][0])
    best_t=min(d[T][0], d.get(G,(9e9,))[0])
    rat[("best(team,range) vs other", big)].append(oth/best_t)
    rat[("best(team,range) vs cusparse", big)].append(cu/best_t)
    rat[("team vs other", big)].append(oth/d[T][0])
    if m in l128 and T in l128[m]: rat[("team512 / team128 (speed of 128)", big)].append(d[T][0]/l128[m][T][0])
    if m in l256 and T in l256[m]: rat[("team512 / team256", big)].append(d[T][0]/l256[m][T][0])
for k in sorted(rat): print("%-40s %s n=%d gm %.3f min %.3f max %.3f"%(k[0], ">=1M" if k[1] else "<1M", len(rat[k]), gm(rat[k]), min(rat[k]), max(rat[k])))
