#!/usr/bin/env python3
"""Per matrix of a folder of pattern .mtx.xz files: rows, nonzeros, longest row, and SELL-32's stored entries
(rows in their order) with 1 and 4 entries a lane, for rules.py.
    real_features.py DIR OUT.json   (needs numpy)"""
import lzma, os, sys, json
import numpy as np
D, OUT = sys.argv[1], sys.argv[2]
out={}
for f in sorted(os.listdir(D)):
    with lzma.open(os.path.join(D, f),'rt') as h:
        head=h.readline(); sym='symmetric' in head
        line=h.readline()
        while line.startswith('%'): line=h.readline()
        m,n,e=map(int,line.split())
        data=np.loadtxt(h,dtype=np.int64,ndmin=2)
    i=data[:,0]-1; j=data[:,1]-1
    if sym:
        off=i!=j; i,j=np.concatenate([i,j[off]]),np.concatenate([j,i[off]])
    key=np.unique(i*n+j); i=key//n
    L=np.bincount(i,minlength=m)
    def stored(G,C=32):
        pad=(-m)%C; Lp=np.concatenate([L,np.zeros(pad,dtype=L.dtype)]).reshape(-1,C)
        w=Lp.max(1); w=(w+G-1)//G*G
        return int((w*C).sum()), w
    s4,w4=stored(4); s1,w1=stored(1)
    out[f]=dict(rows=m,nnz=int(L.sum()),longest=int(L.max()),stored4=s4,stored1=s1,
                slice_max_w4=int(w4.max()), slice_mean_w4=float(w4.mean()))
json.dump(out,open(OUT,'w'),indent=0)
print(len(out))
