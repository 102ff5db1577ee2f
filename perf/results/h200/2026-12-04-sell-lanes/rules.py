#!/usr/bin/env python3
"""Candidate rules for SELL's entries a lane (G) and lanes a row (P) on call 2's grid (G 1 or 4 x P 1, 2, 4, 8, both
precisions, 62 real matrices): per rule the geometric mean of time(rule's pick) / time(best of the grid), how many
picks within 5 % of the best, and the worst picks. The shipped rule is "tau1.25 a0.5 fill1 skew4".
    rules.py FEATURES.json CALL2_DIR   (features from real_features.py; CALL2_DIR holds bench_{double,float}.csv.xz)"""
import csv, json, lzma, math, sys
F=json.load(open(sys.argv[1]))
DEV=132*2048
T={}
for prec in ("double","float"):
    for r in csv.DictReader(lzma.open(f"{sys.argv[2]}/bench_{prec}.csv.xz","rt")):
        if r["ok"]=="1": T[(prec,r["matrix"],r["method"])]=float(r["time_s"])
def key(G,P):
    parts=[]
    if G==4: parts.append("sell_lanes=4")
    if P!=1: parts.append(f"sell_row_lanes={P}")
    return "sell" if not parts else "sell["+";".join(parts)+"]"
def evaluate(name, rule, show=4):
    res=[]
    for prec in ("double","float"):
        for m,f in F.items():
            ts={(G,P):T.get((prec,m,key(G,P))) for G in (1,4) for P in (1,2,4,8)}
            if None in ts.values(): continue
            best=min(ts.values()); c=rule(f)
            res.append((ts[c]/best,prec,m,c,min(ts,key=ts.get)))
    g=math.exp(sum(math.log(x[0]) for x in res)/len(res))
    w=sorted(res)[-show:]
    print(f"{name:50s} gm {g:.3f} w5% {sum(x[0]<=1.05 for x in res)}/{len(res)} worst "+", ".join(f"{x[0]:.2f} {x[2][:10]} {x[1][0]} {x[3]} b{x[4]}" for x in w[::-1]))
def mk(tau, a, fill, skew):
    def r(f):
        G=4 if f['stored4']<=tau*f['stored1'] else 1
        st=f['stored4'] if G==4 else f['stored1']
        mg=st/(f['rows']*G)
        P=1
        while P<8 and mg>=a*2*P and (f['rows']*2*P<=fill*DEV or f['longest']>=skew*st/f['rows']): P*=2
        return (G,P)
    return r
evaluate("fixed G4 P1", lambda f:(4,1))
evaluate("G4 P8", lambda f:(4,8))
for tau in (1.1,1.25):
  for a in (0.5,1,2):
    for fill in (0.5,1,2):
      for skew in (4,16,1e9):
        evaluate(f"tau{tau} a{a} fill{fill} skew{skew}", mk(tau,a,fill,skew),2)
