#!/usr/bin/env python3
"""The plan's choice over 100 calls with its analysis amortized, from `aspmv bench --csv` files
(issue 20's measured-in-the-library figures), per file: against the oracle over aspmv's
kernels and against the best cuSPARSE algorithm, each method costing time_s + setup_s / 100;
overall, per source set (perf/corpus/real/MANIFEST.tsv's shared:real, shared:real2) and per
domain; the six lowest.

    perf/device/amortized_vs_oracle.py BENCH.csv [BENCH.csv ...]

Run from the repository root (reads the manifest). Standard library only.
"""
import csv, math, sys, collections
man={r['name']:r for r in csv.DictReader(open('perf/corpus/real/MANIFEST.tsv'),delimiter='\t')}
def gm(v): v=[x for x in v if x>0]; return math.exp(sum(map(math.log,v))/len(v))
for path in sys.argv[1:]:
    rows=list(csv.DictReader(open(path)))
    by=collections.defaultdict(list)
    for r in rows: by[r['matrix']].append(r)
    res=[]
    for m,rs in by.items():
        cost=lambda r: float(r['time_s'])+float(r['setup_s'])/100
        ker=[r for r in rs if r['family']=='aspmv' and r['ok']=='1']
        auto=[r for r in rs if r['method']=='aspmv_auto']
        cus=[r for r in rs if r['method'].startswith('cusparse')]
        if not ker or not auto: continue
        o=min(cost(r) for r in ker); a=cost(auto[0]); c=min(cost(r) for r in cus) if cus else float('nan')
        name=m.split('.')[0]
        res.append((name, o/a, c/a, man.get(name,{}).get('domain','?'), man.get(name,{}).get('source','?'), auto[0]['detail'][:60]))
    v=[x[1] for x in res]; cv=[x[2] for x in res]
    print(path.split('/')[-1], len(res), 'gm of oracle %.3f min %.3f (%s) <0.5: %d  >0.8: %.1f%%  vs cuSPARSE gm %.3fx, <0.9x: %d' % (gm(v), min(v), min(res,key=lambda x:x[1])[0], sum(x<0.5 for x in v), 100*sum(x>0.8 for x in v)/len(v), gm(cv), sum(x<0.9 for x in cv)))
    for src in ('shared:real','shared:real2'):
        s=[x for x in res if x[4]==src]; print('  ',src,len(s),'gm %.3f min %.3f cuSPARSE %.3fx'%(gm([x[1] for x in s]),min(x[1] for x in s),gm([x[2] for x in s])))
    dom=collections.defaultdict(list)
    for x in res: dom[x[3]].append(x)
    print('   | domain | matrices | gm of oracle | min | gm vs best cuSPARSE |')
    for d,s in sorted(dom.items()): print('   | %s | %d | %.3f | %.3f | %.3fx |'%(d,len(s),gm([x[1] for x in s]),min(x[1] for x in s),gm([x[2] for x in s])))
    for x in sorted(res,key=lambda x:x[1])[:6]: print('   worst', x[0], round(x[1],3), round(x[2],3), x[3], x[5])
