import struct,sys
d=open(sys.argv[1],'rb').read()
pos=0; n=0
while pos+16<=len(d):
    magic,ver,hsz,fsz=struct.unpack_from('<IHHQ',d,pos)
    if magic!=0xBA55ED50: pos+=8; continue
    e=pos+hsz; end=pos+hsz+fsz
    while e<end:
        kind,ev,ehs,psz=struct.unpack_from('<HHIQ',d,e)
        p=d[e+ehs:e+ehs+psz]
        if p[:4]==b'\x7fELF': open(f'{sys.argv[2]}{n}.cubin','wb').write(p); n+=1
        e+=ehs+psz
    pos=end
print(n)
