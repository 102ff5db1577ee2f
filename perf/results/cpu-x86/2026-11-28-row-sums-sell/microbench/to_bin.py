import sys, lzma, gzip, numpy as np, scipy.io, os
for path in sys.argv[2:]:
    op = lzma.open if path.endswith('.xz') else gzip.open if path.endswith('.gz') else open
    A = scipy.io.mmread(op(path, 'rb')).tocsr(); A.sum_duplicates(); A.sort_indices()
    A.data = np.random.default_rng(0).standard_normal(A.nnz)
    name = os.path.basename(path)
    with open(os.path.join(sys.argv[1], name + '.bin'), 'wb') as f:
        np.array([A.shape[0], A.shape[1], A.nnz], dtype=np.int64).tofile(f)
        A.indptr.astype(np.int32).tofile(f); A.indices.astype(np.int32).tofile(f); A.data.astype(np.float64).tofile(f)
