#!/usr/bin/env bash
# SellRowFunctor's SASS as make_plan instantiates it for the direct range launch (double and float), without a GPU:
# compiled with the h100 preset's flags (configure build/h100 first), the cubin cut out of the object's .nv_fatbin
# (extract.py), disassembled by nvdisasm (PyPI's nvidia-cuda-nvdisasm 13.5.37: this toolkit install has neither
# cuobjdump nor nvdisasm); prints the FMA and global-load counts and writes double.txt / float.txt (the bodies).
#   [SOURCE=lanes_sass.cpp] NVDISASM=/path/to/nvdisasm bash perf/results/h200/2026-12-04-sell-status/sass/build.sh
set -e
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$(dirname "$0")"
export PATH=/usr/local/cuda/bin:$PATH
${ASPMV_CACHE_DIR:-$HOME/.cache/aspmv}/install/cuda-sm90/bin/nvcc_wrapper -DKOKKOS_DEPENDENCE -I$root/src -I$root -I$root/build/h100/include -isystem ${ASPMV_CACHE_DIR:-$HOME/.cache/aspmv}/install/cuda-sm90/include -O3 -DNDEBUG -expt-extended-lambda -arch=sm_90 -std=c++17 -o sell.o -c ${SOURCE:-sell_sass.cpp} 2>&1 | grep -v "^$" | head -20
objcopy -O binary --only-section=.nv_fatbin sell.o sell.fatbin; python3 extract.py sell.fatbin sell; "$NVDISASM" -c sell0.cubin > sell.sass
python3 - <<'PY'
import re
s=open('sell.sass').read()
parts=re.split(r'\n\s*\.text\.(\S+):\n',s)
for i in range(1,len(parts),2):
    name,body=parts[i],parts[i+1]
    if 'SellRow' not in name and 'LanesRow' not in name: continue
    t='float' if ('SellRowFunctorIf' in name or 'LanesRowIf' in name) else 'double'
    lines=[re.sub(r'\s*/\*[0-9a-f]{4}\*/\s*','',l).split(';')[0].strip() for l in body.split('\n')]
    lines=[l for l in lines if l and not l.startswith('/*')]
    open(f'{t}.txt','w').write('\n'.join(lines))
    cnt=lambda p: sum(1 for l in lines if re.search(p,l))
    print(t,len(lines),'FMA',cnt(r'\b[FD]FMA\b'),'LDG',cnt(r'\bLDG'))
PY
