/* Compiled core of fairpair.matching: the algorithm of blossom.py, step for step.
 *
 * blossom.py is the reference and documents the algorithm (the names here follow it); this
 * file is a faithful port so that both give the same matching, only faster. Differences:
 *
 * - Numbers are exact signed integers of K 64-bit limbs (two's complement, little-endian
 *   limb order). K only grows: set_weight widens every stored number when a weight needs more
 *   bits (duals, keys and the stage's shift stay below 8x the largest weight, see need_limbs).
 * - Edges store twice their weight (the algorithm only ever uses 2 * w) as the number of an
 *   entry in a table of distinct weights (WTable), in both endpoints' adjacency arrays. A
 *   pairing round has few distinct weights (the Dutch engine gives one to each pair of player
 *   kinds, and its rewards add some), so the table stays in cache and a scan reads 8 bytes an
 *   edge instead of 8 K: at 5,000 players weights inline took 1.3 GB and most of the scan
 *   time waited on them.
 * - The adjacency keeps Python's dict order (insertion order; a removed edge that comes back
 *   goes last), so that ties are broken as in blossom.py.
 * - Sparse starts (below): a large graph started from scratch is solved on a subgraph, then
 *   priced. The matching is a maximum-weight one as blossom.py's, but where several optima
 *   tie it may be another one; below sparse_edges edges nothing differs.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t limb;

#define FREE_ 0
#define S_ 1
#define T_ 2
#define NONE -1

/* ------------------------------------------------------------------ growable int vectors */

typedef struct {
    int *a;
    Py_ssize_t len, cap;
} IVec;

static int iv_reserve(IVec *v, Py_ssize_t cap) {
    if (cap <= v->cap) return 0;
    Py_ssize_t c = v->cap ? v->cap : 4;
    while (c < cap) c *= 2;
    int *a = (int *)PyMem_Realloc(v->a, (size_t)c * sizeof(int));
    if (!a) { PyErr_NoMemory(); return -1; }
    v->a = a;
    v->cap = c;
    return 0;
}

static inline int iv_push(IVec *v, int x) {
    if (v->len == v->cap && iv_reserve(v, v->len + 1) < 0) return -1;
    v->a[v->len++] = x;
    return 0;
}

static inline int iv_push2(IVec *v, int x, int y) {
    if (v->len + 2 > v->cap && iv_reserve(v, v->len + 2) < 0) return -1;
    v->a[v->len++] = x;
    v->a[v->len++] = y;
    return 0;
}

static inline int iv_push3(IVec *v, int x, int y, int z) {
    if (v->len + 3 > v->cap && iv_reserve(v, v->len + 3) < 0) return -1;
    v->a[v->len++] = x;
    v->a[v->len++] = y;
    v->a[v->len++] = z;
    return 0;
}

static void iv_free(IVec *v) {
    PyMem_Free(v->a);
    v->a = NULL;
    v->len = v->cap = 0;
}

/* ------------------------------------------------------------------ multi-limb integers */

static inline void mp_copy(limb *d, const limb *a, int K) {
    for (int i = 0; i < K; i++) d[i] = a[i]; /* short: a call to memcpy costs more */
}
static inline void mp_zero(limb *d, int K) { memset(d, 0, (size_t)K * sizeof(limb)); }

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
/* add-with-carry chains (adc/sbb) */
static inline void mp_add(limb *d, const limb *a, const limb *b, int K) {
    unsigned char c = 0;
    for (int i = 0; i < K; i++) c = _addcarry_u64(c, a[i], b[i], (unsigned long long *)&d[i]);
}

static inline void mp_sub(limb *d, const limb *a, const limb *b, int K) {
    unsigned char c = 0;
    for (int i = 0; i < K; i++) c = _subborrow_u64(c, a[i], b[i], (unsigned long long *)&d[i]);
}
#else
static inline void mp_add(limb *d, const limb *a, const limb *b, int K) {
    unsigned __int128 t = 0;
    for (int i = 0; i < K; i++) {
        t = (unsigned __int128)a[i] + b[i] + (t >> 64);
        d[i] = (limb)t;
    }
}

static inline void mp_sub(limb *d, const limb *a, const limb *b, int K) {
    limb borrow = 0;
    for (int i = 0; i < K; i++) {
        limb x = a[i], y = b[i];
        limb r = x - y - borrow;
        borrow = (x < y) || (x == y && borrow);
        d[i] = r;
    }
}
#endif

static inline int mp_cmp(const limb *a, const limb *b, int K) {
    int64_t ha = (int64_t)a[K - 1], hb = (int64_t)b[K - 1];
    if (ha != hb) return ha < hb ? -1 : 1;
    for (int i = K - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int mp_eq(const limb *a, const limb *b, int K) {
    for (int i = 0; i < K; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static inline int mp_sign(const limb *a, int K) {
    if ((int64_t)a[K - 1] < 0) return -1;
    for (int i = 0; i < K; i++)
        if (a[i]) return 1;
    return 0;
}

static inline void mp_inc(limb *d, int K) {
    for (int i = 0; i < K; i++)
        if (++d[i]) break;
}

/* d = a >> 1 (arithmetic) */
static inline void mp_half(limb *d, const limb *a, int K) {
    for (int i = 0; i < K; i++) {
        limb hi = i + 1 < K ? a[i + 1] : (limb)((int64_t)a[K - 1] >> 63);
        d[i] = (a[i] >> 1) | (hi << 63);
    }
}

/* The scans of grow and add_blossom do a few of these per edge: with K known at compile time
 * the loops unroll into plain add/sub-with-carry chains (the number of limbs is fixed while a
 * solve runs, so the switch always takes the same branch). */
#if defined(__GNUC__) || defined(__clang__)
#define MP_INLINE static inline __attribute__((always_inline))
#else
#define MP_INLINE static inline
#endif
#define MP_CASES(F) \
    F(1) F(2) F(3) F(4) F(5) F(6) F(7) F(8) F(9) F(10) F(11) F(12) F(13) F(14) F(15) F(16)

/* d = a + b - w */
MP_INLINE void mp_add_sub_k(limb *d, const limb *a, const limb *b, const limb *w, int K) {
    mp_add(d, a, b, K);
    mp_sub(d, d, w, K);
}
static inline void mp_add_sub(limb *d, const limb *a, const limb *b, const limb *w, int K) {
    switch (K) {
#define F(k) case k: mp_add_sub_k(d, a, b, w, k); return;
        MP_CASES(F)
#undef F
    default: mp_add_sub_k(d, a, b, w, K);
    }
}
static inline void mp_sub_fast(limb *d, const limb *a, const limb *b, int K) {
    switch (K) {
#define F(k) case k: mp_sub(d, a, b, k); return;
        MP_CASES(F)
#undef F
    default: mp_sub(d, a, b, K);
    }
}
static inline void mp_add_fast(limb *d, const limb *a, const limb *b, int K) {
    switch (K) {
#define F(k) case k: mp_add(d, a, b, k); return;
        MP_CASES(F)
#undef F
    default: mp_add(d, a, b, K);
    }
}
static inline int mp_cmp_fast(const limb *a, const limb *b, int K) {
    switch (K) {
#define F(k) case k: return mp_cmp(a, b, k);
        MP_CASES(F)
#undef F
    default: return mp_cmp(a, b, K);
    }
}
static inline void mp_copy_fast(limb *d, const limb *a, int K) {
    switch (K) {
#define F(k) case k: mp_copy(d, a, k); return;
        MP_CASES(F)
#undef F
    default: mp_copy(d, a, K);
    }
}

/* ------------------------------------------------------------------ heaps
 * Entries: K limbs of key, then three ints compared after it (as the tuples of blossom.py). */

typedef struct {
    limb *a;
    Py_ssize_t len, cap;
    int E; /* limbs per entry: K + 3 */
} Heap;

static inline int he_cmp(const limb *x, const limb *y, int K) {
    int c = mp_cmp(x, y, K);
    if (c) return c;
    for (int i = K; i < K + 3; i++) {
        int64_t p = (int64_t)x[i], q = (int64_t)y[i];
        if (p != q) return p < q ? -1 : 1;
    }
    return 0;
}

static void he_swap(limb *x, limb *y, int E) {
    for (int i = 0; i < E; i++) {
        limb t = x[i];
        x[i] = y[i];
        y[i] = t;
    }
}

static int he_push(Heap *h, const limb *key, int K, int p, int q, int r) {
    int E = K + 3;
    if (h->E != E) { h->len = 0; h->E = E; }
    if ((h->len + 1) * E > h->cap) {
        Py_ssize_t c = h->cap ? h->cap * 2 : 64 * E;
        while (c < (h->len + 1) * E) c *= 2;
        limb *a = (limb *)PyMem_Realloc(h->a, (size_t)c * sizeof(limb));
        if (!a) { PyErr_NoMemory(); return -1; }
        h->a = a;
        h->cap = c;
    }
    limb *e = h->a + h->len * E;
    mp_copy(e, key, K);
    e[K] = (limb)(int64_t)p;
    e[K + 1] = (limb)(int64_t)q;
    e[K + 2] = (limb)(int64_t)r;
    Py_ssize_t i = h->len++;
    while (i > 0) {
        Py_ssize_t up = (i - 1) / 2;
        if (he_cmp(h->a + i * E, h->a + up * E, K) >= 0) break;
        he_swap(h->a + i * E, h->a + up * E, E);
        i = up;
    }
    return 0;
}

static void he_pop(Heap *h, int K) {
    int E = K + 3;
    h->len--;
    if (h->len == 0) return;
    mp_copy(h->a, h->a + h->len * E, E);
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->len && he_cmp(h->a + l * E, h->a + m * E, K) < 0) m = l;
        if (r < h->len && he_cmp(h->a + r * E, h->a + m * E, K) < 0) m = r;
        if (m == i) break;
        he_swap(h->a + i * E, h->a + m * E, E);
        i = m;
    }
}

#define HE_INT(h, K, j) ((int)(int64_t)(h)->a[(K) + (j)])

/* ------------------------------------------------------------------ the matcher */

typedef struct {
    int *nb;  /* neighbour, or -1 for a removed entry */
    int *wi;  /* the WTable entry holding 2 * weight, on both sides */
    int len, cap, dead;
    int act;  /* entries [0, act) are active (seen by the algorithm), [act, len) are not: see
                 "Sparse starts" below; act == len except after a sparse start */
} Adj;

/* ------------------------------------------------------------------ edge index
 * Where edge {u, v} sits in adj[u] and adj[v]: an open-addressing hash table keyed by the pair
 * (u < v), linear probing, deletion by shifting back (no tombstones). Its memory follows the
 * edges (about 23 bytes an edge at most), where an n x n table of positions took 4 n^2 bytes:
 * 1 GiB at 16,384 vertices, the limit the compiled core had. */

typedef struct {
    uint64_t key; /* (u << 32) | v with u < v; EMPTY_KEY when free */
    int at_lo, at_hi; /* index of the edge in adj[u] and in adj[v] */
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, used; /* cap: a power of two */
} EdgeIndex;

#define EMPTY_KEY UINT64_MAX

static inline uint64_t pair_key(int u, int v) {
    return u < v ? ((uint64_t)(uint32_t)u << 32) | (uint32_t)v : ((uint64_t)(uint32_t)v << 32) | (uint32_t)u;
}

static inline size_t slot_of(uint64_t key, size_t cap) {
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 17) & (cap - 1);
}

static Slot *ix_find(const EdgeIndex *ix, uint64_t key) {
    if (!ix->cap) return NULL;
    size_t mask = ix->cap - 1;
    for (size_t i = slot_of(key, ix->cap);; i = (i + 1) & mask) {
        Slot *s = &ix->slots[i];
        if (s->key == key) return s;
        if (s->key == EMPTY_KEY) return NULL;
    }
}

static int ix_init(EdgeIndex *ix, size_t cap) {
    Slot *slots = (Slot *)PyMem_Malloc(sizeof(Slot) * cap);
    if (!slots) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < cap; i++) slots[i].key = EMPTY_KEY;
    ix->slots = slots;
    ix->cap = cap;
    ix->used = 0;
    return 0;
}

static int ix_grow(EdgeIndex *ix) {
    EdgeIndex bigger;
    if (ix_init(&bigger, ix->cap ? ix->cap * 2 : 64) < 0) return -1;
    size_t mask = bigger.cap - 1;
    for (size_t i = 0; i < ix->cap; i++) {
        Slot *s = &ix->slots[i];
        if (s->key == EMPTY_KEY) continue;
        size_t j = slot_of(s->key, bigger.cap);
        while (bigger.slots[j].key != EMPTY_KEY) j = (j + 1) & mask;
        bigger.slots[j] = *s;
    }
    bigger.used = ix->used;
    PyMem_Free(ix->slots);
    *ix = bigger;
    return 0;
}

/* A new slot for key (not present), or NULL with an exception set. */
static Slot *ix_add(EdgeIndex *ix, uint64_t key) {
    if ((ix->used + 1) * 10 > ix->cap * 7 && ix_grow(ix) < 0) return NULL;
    size_t mask = ix->cap - 1;
    size_t i = slot_of(key, ix->cap);
    while (ix->slots[i].key != EMPTY_KEY) i = (i + 1) & mask;
    ix->slots[i].key = key;
    ix->used++;
    return &ix->slots[i];
}

static void ix_remove(EdgeIndex *ix, Slot *s) {
    size_t mask = ix->cap - 1;
    size_t hole = (size_t)(s - ix->slots);
    for (size_t j = (hole + 1) & mask; ix->slots[j].key != EMPTY_KEY; j = (j + 1) & mask) {
        size_t home = slot_of(ix->slots[j].key, ix->cap);
        /* move j back into the hole unless its home lies cyclically in (hole, j] */
        int stays = hole < j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            ix->slots[hole] = ix->slots[j];
            hole = j;
        }
    }
    ix->slots[hole].key = EMPTY_KEY;
    ix->used--;
}

static int ix_copy(EdgeIndex *d, const EdgeIndex *a) {
    d->slots = NULL;
    d->cap = d->used = 0;
    if (!a->cap) return 0;
    d->slots = (Slot *)PyMem_Malloc(sizeof(Slot) * a->cap);
    if (!d->slots) { PyErr_NoMemory(); return -1; }
    memcpy(d->slots, a->slots, sizeof(Slot) * a->cap);
    d->cap = a->cap;
    d->used = a->used;
    return 0;
}

/* The index of v in adj[u] (-1 when there is no edge). */
static inline int ix_at(const EdgeIndex *ix, int u, int v) {
    const Slot *s = ix_find(ix, pair_key(u, v));
    if (!s) return -1;
    return u < v ? s->at_lo : s->at_hi;
}

static inline void ix_set_at(EdgeIndex *ix, int u, int v, int at) {
    Slot *s = ix_find(ix, pair_key(u, v));
    if (u < v) s->at_lo = at; else s->at_hi = at;
}

/* ------------------------------------------------------------------ table of weights
 * Distinct values of 2 * weight, each stored once (K limbs) and shared by every edge that has
 * it; an entry counts its edges and is reused when none is left. */

typedef struct {
    limb *vals;  /* cap entries of K limbs */
    int *refs;   /* edges using the entry (0: free) */
    int len, cap;
    IVec free_ids;
    int *slots;  /* interning hash: entry id, or -1; hcap is a power of two */
    size_t hcap, hused;
} WTable;

typedef struct {
    PyObject_HEAD
    int n;
    int K;
    /* graph */
    Adj *adj;
    EdgeIndex index; /* where each edge sits in its two adjacency arrays */
    WTable wt;
    IVec changed; /* pairs */
    long solve_count;
    /* sparse starts (see "Sparse starts"): settings, state and counters */
    long sparse_edges;   /* a start from scratch on at least this many edges goes sparse */
    int sparse_keep;     /* edges kept per vertex and distinct weight at a sparse start */
    long inactive;       /* edges outside the active subgraph */
    int inactive_raised; /* an inactive edge got heavier since the last pricing */
    long priced, activated; /* pricing passes, edges they brought into the active subgraph */
    int keep_subgraph;   /* a start from scratch keeps the active subgraph (solve(subgraph=True)) */
    /* vertices whose dual may have fallen (or that got a heavier inactive edge) since the last
     * pricing: only their inactive edges can have a negative slack; price_all after a start */
    char *lowered;
    IVec lowered_list;
    int price_all;
    int *cls_stamp, cls_gen; /* pricing: per weight entry, the vertex its threshold is for */
    limb *cls_thr;
    int cls_cap, cls_k;
    /* what a stage labelled (st_b) and the vertices given a best edge to S (st_v): the next
     * stage resets those instead of all 2n (st_full: all, after the stage arrays are made) */
    IVec st_b, st_v;
    int st_full;
    /* prefer(): the vertices it settled since the last solve, the sides of the graph (0/1,
     * -1 unknown), and a parent array for its searches */
    char *fixed;
    signed char *side;
    int prefer_ready; /* 1: sides computed and no blossom since the last solve; -1: unusable */
    int *pfx;
    /* matching, duals and blossoms */
    int *mate;
    limb *dual; /* 2n numbers */
    int *parent, *base, *top;
    IVec *children, *cycle; /* cycle: pairs */
    IVec unused_ids;
    IVec split;
    /* stage */
    int *label, *le, *bts, *bss, *stamp, *tree;
    char *bss_has_list;
    IVec *bss_list; /* triples: the edge (x, y) and its weight entry (weights do not change
                       while a stage runs) */
    limb *bts_key, *bss_key, *since, *shift;
    /* sfix[v] = dual[v] + since[top[v]] for an S-vertex: fixed while v stays S (its dual falls
     * as the shift grows); set when v becomes S. Every key below is built from it. */
    limb *sfix;
    IVec *members;
    int active;
    Heap h1, h2, h3, h4;
    IVec queue;
    /* scratch */
    int *mark, mark_gen;
    int *pos2; /* 2n: per blossom index into best_to, with mark */
    IVec tmp, tmp2, stack;
    limb *t0, *t1, *t2, *t3;
} Core;

#define NUM(arr, i) ((arr) + (size_t)(i) * (size_t)K)

static int need_limbs(size_t bits) {
    /* Duals, keys and the shift stay below 8x the largest weight (and sums of two of them):
     * 8 spare bits and a sign bit are plenty. */
    return (int)((bits + 9 + 63) / 64);
}


#define WT(c, id) ((c)->wt.vals + (size_t)(id) * (size_t)(c)->K)

static inline size_t wt_hash(const limb *w, int K, size_t hcap) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < K; i++) h = (h ^ w[i]) * 0xBF58476D1CE4E5B9ULL;
    return (size_t)(h ^ (h >> 31)) & (hcap - 1);
}

static int wt_rehash(Core *c, size_t hcap) {
    WTable *t = &c->wt;
    int *slots = (int *)PyMem_Malloc(sizeof(int) * hcap);
    if (!slots) { PyErr_NoMemory(); return -1; }
    for (size_t i = 0; i < hcap; i++) slots[i] = -1;
    size_t used = 0;
    for (int id = 0; id < t->len; id++) {
        if (!t->refs[id]) continue;
        size_t j = wt_hash(WT(c, id), c->K, hcap);
        while (slots[j] >= 0) j = (j + 1) & (hcap - 1);
        slots[j] = id;
        used++;
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->hcap = hcap;
    t->hused = used;
    return 0;
}

/* The entry of value w (K limbs), made if new; its edge count is raised by one. -1: error. */
static int wt_intern(Core *c, const limb *w) {
    WTable *t = &c->wt;
    int K = c->K;
    if ((t->hused + 1) * 2 > t->hcap && wt_rehash(c, t->hcap ? t->hcap * 2 : 1024) < 0) return -1;
    size_t mask = t->hcap - 1;
    size_t j = wt_hash(w, K, t->hcap);
    for (; t->slots[j] >= 0; j = (j + 1) & mask) {
        int id = t->slots[j];
        if (mp_eq(WT(c, id), w, K)) {
            t->refs[id]++;
            return id;
        }
    }
    int id;
    if (t->free_ids.len) {
        id = t->free_ids.a[--t->free_ids.len];
    } else {
        if (t->len == t->cap) {
            int cap = t->cap ? t->cap * 2 : 256;
            limb *vals = (limb *)PyMem_Realloc(t->vals, sizeof(limb) * (size_t)cap * K);
            if (!vals) { PyErr_NoMemory(); return -1; }
            t->vals = vals;
            int *refs = (int *)PyMem_Realloc(t->refs, sizeof(int) * (size_t)cap);
            if (!refs) { PyErr_NoMemory(); return -1; }
            t->refs = refs;
            t->cap = cap;
        }
        id = t->len++;
    }
    mp_copy(WT(c, id), w, K);
    t->refs[id] = 1;
    t->slots[j] = id;
    t->hused++;
    return id;
}

/* One edge fewer uses entry id; the last one frees it (out of the hash, onto the free list). */
static int wt_release(Core *c, int id) {
    WTable *t = &c->wt;
    if (--t->refs[id]) return 0;
    size_t mask = t->hcap - 1;
    size_t hole = wt_hash(WT(c, id), c->K, t->hcap);
    while (t->slots[hole] != id) hole = (hole + 1) & mask;
    for (size_t j = (hole + 1) & mask; t->slots[j] >= 0; j = (j + 1) & mask) {
        size_t home = wt_hash(WT(c, t->slots[j]), c->K, t->hcap);
        int stays = hole < j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            t->slots[hole] = t->slots[j];
            hole = j;
        }
    }
    t->slots[hole] = -1;
    t->hused--;
    return iv_push(&t->free_ids, id);
}

static int wt_copy(WTable *d, const WTable *a, int K) {
    memset(d, 0, sizeof(*d));
    if (a->cap) {
        d->vals = (limb *)PyMem_Malloc(sizeof(limb) * (size_t)a->cap * K);
        d->refs = (int *)PyMem_Malloc(sizeof(int) * (size_t)a->cap);
        if (!d->vals || !d->refs) { PyErr_NoMemory(); return -1; }
        memcpy(d->vals, a->vals, sizeof(limb) * (size_t)a->len * K);
        memcpy(d->refs, a->refs, sizeof(int) * (size_t)a->len);
    }
    if (a->hcap) {
        d->slots = (int *)PyMem_Malloc(sizeof(int) * a->hcap);
        if (!d->slots) { PyErr_NoMemory(); return -1; }
        memcpy(d->slots, a->slots, sizeof(int) * a->hcap);
    }
    d->len = a->len;
    d->cap = a->cap;
    d->hcap = a->hcap;
    d->hused = a->hused;
    if (a->free_ids.len) {
        d->free_ids.a = (int *)PyMem_Malloc(sizeof(int) * (size_t)a->free_ids.len);
        if (!d->free_ids.a) { PyErr_NoMemory(); return -1; }
        memcpy(d->free_ids.a, a->free_ids.a, sizeof(int) * (size_t)a->free_ids.len);
        d->free_ids.len = d->free_ids.cap = a->free_ids.len;
    }
    return 0;
}

static void wt_free(WTable *t) {
    PyMem_Free(t->vals);
    PyMem_Free(t->refs);
    PyMem_Free(t->slots);
    iv_free(&t->free_ids);
    memset(t, 0, sizeof(*t));
}

static void bump_mark(Core *c) {
    if (++c->mark_gen == 0x7fffffff) {
        memset(c->mark, 0, sizeof(int) * (size_t)(2 * c->n));
        c->mark_gen = 1;
    }
}

/* Re-encode every stored number with K2 >= K limbs (all stored numbers are >= 0 between solves). */
static int widen(Core *c, int K2) {
    int K = c->K, n = c->n;
    if (K2 <= K) return 0;
    limb *nd = (limb *)PyMem_Calloc((size_t)(2 * n + 1) * K2, sizeof(limb));
    limb *t = (limb *)PyMem_Calloc((size_t)4 * K2 + 4, sizeof(limb));
    if (!nd || !t) { PyMem_Free(nd); PyMem_Free(t); PyErr_NoMemory(); return -1; }
    if (c->wt.cap) {
        limb *nv = (limb *)PyMem_Calloc((size_t)c->wt.cap * K2, sizeof(limb));
        if (!nv) { PyMem_Free(nd); PyMem_Free(t); PyErr_NoMemory(); return -1; }
        for (int i = 0; i < c->wt.len; i++) memcpy(nv + (size_t)i * K2, c->wt.vals + (size_t)i * K, sizeof(limb) * K);
        PyMem_Free(c->wt.vals);
        c->wt.vals = nv;
    }
    for (int i = 0; i < 2 * n; i++) memcpy(nd + (size_t)i * K2, c->dual + (size_t)i * K, sizeof(limb) * K);
    PyMem_Free(c->dual);
    PyMem_Free(c->t0);
    c->dual = nd;
    c->t0 = t;
    c->t1 = t + K2;
    c->t2 = t + 2 * K2;
    c->t3 = t + 3 * K2;
    /* stage arrays are re-made at each stage */
    PyMem_Free(c->bts_key); c->bts_key = NULL;
    PyMem_Free(c->bss_key); c->bss_key = NULL;
    PyMem_Free(c->since); c->since = NULL;
    PyMem_Free(c->shift); c->shift = NULL;
    PyMem_Free(c->sfix); c->sfix = NULL;
    c->K = K2;
    return c->wt.hcap ? wt_rehash(c, c->wt.hcap) : 0; /* the hash reads every limb */
}

static inline limb *edge_w2(Core *c, int u, int v) {
    int p = ix_at(&c->index, u, v);
    if (p < 0) return NULL;
    return WT(c, c->adj[u].wi[p]);
}

static int adj_append(Adj *a, int v, int wi) {
    if (a->len == a->cap) {
        int cap = a->cap ? a->cap * 2 : 8;
        int *nb = (int *)PyMem_Realloc(a->nb, sizeof(int) * (size_t)cap);
        if (!nb) { PyErr_NoMemory(); return -1; }
        a->nb = nb;
        int *nw = (int *)PyMem_Realloc(a->wi, sizeof(int) * (size_t)cap);
        if (!nw) { PyErr_NoMemory(); return -1; }
        a->wi = nw;
        a->cap = cap;
    }
    a->nb[a->len] = v;
    a->wi[a->len] = wi;
    a->len++;
    return 0;
}

/* Drop the removed entries of adj[u], the active ones and the others each kept together. */
static void adj_compact(Core *c, int u) {
    Adj *a = &c->adj[u];
    int j = 0, act = 0;
    for (int i = 0; i < a->len; i++) {
        if (i == a->act) act = j;
        if (a->nb[i] < 0) continue;
        a->nb[j] = a->nb[i];
        a->wi[j] = a->wi[i];
        ix_set_at(&c->index, u, a->nb[j], j);
        j++;
    }
    a->act = a->act >= a->len ? j : act;
    a->len = j;
    a->dead = 0;
}

/* Swap entries i and j of adj[u], keeping the index right. */
static void adj_swap(Core *c, int u, int i, int j) {
    Adj *a = &c->adj[u];
    int vi = a->nb[i], wi = a->wi[i], vj = a->nb[j], wj = a->wi[j];
    a->nb[i] = vj;
    a->wi[i] = wj;
    a->nb[j] = vi;
    a->wi[j] = wi;
    if (vj >= 0) ix_set_at(&c->index, u, vj, i);
    if (vi >= 0) ix_set_at(&c->index, u, vi, j);
}

/* Bring entry i of adj[u] into the active part (no change if it is there). */
static void activate_entry(Core *c, int u, int i) {
    Adj *a = &c->adj[u];
    if (i < a->act) return;
    if (i != a->act) adj_swap(c, u, i, a->act);
    a->act++;
}

/* Is the edge of slot s active? (Both of its entries always are, or neither.) */
static inline int slot_active(const Core *c, const Slot *s) {
    int lo = (int)(s->key >> 32);
    return s->at_lo < c->adj[lo].act;
}

/* v's dual may have fallen: the next pricing reads its inactive edges. */
static inline int lower_mark(Core *c, int v) {
    if (!c->inactive || c->price_all || c->lowered[v]) return 0;
    c->lowered[v] = 1;
    return iv_push(&c->lowered_list, v);
}

/* Remove edge {u, v} (present) from both adjacency arrays and the index. */
static int adj_remove(Core *c, int u, int v) {
    Slot *s = ix_find(&c->index, pair_key(u, v));
    int lo = u < v ? u : v, hi = u < v ? v : u;
    if (!slot_active(c, s)) c->inactive--;
    c->adj[lo].nb[s->at_lo] = -1;
    c->adj[hi].nb[s->at_hi] = -1;
    int wi = c->adj[lo].wi[s->at_lo];
    ix_remove(&c->index, s);
    if (wt_release(c, wi) < 0) return -1;
    Adj *a = &c->adj[lo];
    if (++a->dead * 2 > a->len && a->dead > 8) adj_compact(c, lo);
    a = &c->adj[hi];
    if (++a->dead * 2 > a->len && a->dead > 8) adj_compact(c, hi);
    return 0;
}

/* ------------------------------------------------------------------ blossom helpers */

/* Leaves of b in the order of blossom.py's _leaves, appended to out. */
static int leaves(Core *c, int b, IVec *out) {
    int n = c->n;
    if (b < n) return iv_push(out, b);
    IVec *st = &c->stack;
    Py_ssize_t base = st->len;
    if (iv_push(st, b) < 0) return -1;
    while (st->len > base) {
        int x = st->a[--st->len];
        if (x < n) {
            if (iv_push(out, x) < 0) return -1;
        } else {
            IVec *ch = &c->children[x];
            if (iv_reserve(st, st->len + ch->len) < 0) return -1;
            for (Py_ssize_t i = 0; i < ch->len; i++) st->a[st->len++] = ch->a[i];
        }
    }
    return 0;
}

static int set_top_of_leaves(Core *c, int b, int t) {
    Py_ssize_t m = c->tmp2.len;
    if (leaves(c, b, &c->tmp2) < 0) return -1;
    for (Py_ssize_t i = m; i < c->tmp2.len; i++) c->top[c->tmp2.a[i]] = t;
    c->tmp2.len = m;
    return 0;
}

static void release(Core *c, int b) {
    int K = c->K;
    c->children[b].len = 0;
    c->cycle[b].len = 0;
    c->base[b] = -1;
    mp_zero(NUM(c->dual, b), K);
    if (c->label) {
        c->label[b] = FREE_;
        c->le[2 * b] = NONE;
        c->bss[2 * b] = NONE;
        c->bss_has_list[b] = 0;
    }
    iv_push(&c->unused_ids, b);
}

static int expand_plain(Core *c, int b) {
    IVec *ch = &c->children[b];
    for (Py_ssize_t i = 0; i < ch->len; i++) {
        int x = ch->a[i];
        c->parent[x] = -1;
        if (set_top_of_leaves(c, x, x) < 0) return -1;
    }
    release(c, b);
    return 0;
}

static int dissolve(Core *c, int b) {
    int K = c->K;
    limb *z = NUM(c->dual, b);
    if (mp_sign(z, K)) {
        Py_ssize_t m = c->tmp2.len;
        if (leaves(c, b, &c->tmp2) < 0) return -1;
        for (Py_ssize_t i = m; i < c->tmp2.len; i++) {
            limb *d = NUM(c->dual, c->tmp2.a[i]);
            mp_add(d, d, z, K);
        }
        c->tmp2.len = m;
        int base = c->base[b];
        int mt = c->mate[base];
        if (iv_push(&c->split, base) < 0) return -1;
        if (mt != NONE) {
            c->mate[base] = c->mate[mt] = NONE;
            if (iv_push(&c->split, mt) < 0) return -1;
        }
    }
    return expand_plain(c, b);
}

static inline int child_containing(Core *c, int b, int v) {
    int x = v;
    while (c->parent[x] != b) x = c->parent[x];
    return x;
}

static int rotate_rev(IVec *v, Py_ssize_t i, Py_ssize_t unit) {
    /* v = v[i:] + v[:i] (in units of `unit` ints) */
    Py_ssize_t k = v->len, s = i * unit;
    if (s == 0 || s == k) return 0;
    int *t = (int *)PyMem_Malloc(sizeof(int) * (size_t)k);
    if (!t) { PyErr_NoMemory(); return -1; }
    memcpy(t, v->a + s, sizeof(int) * (size_t)(k - s));
    memcpy(t + (k - s), v->a, sizeof(int) * (size_t)s);
    memcpy(v->a, t, sizeof(int) * (size_t)k);
    PyMem_Free(t);
    return 0;
}

static int match_inside(Core *c, int b, int x, int y, IVec *work) {
    int n = c->n;
    int cx = child_containing(c, b, x), cy = child_containing(c, b, y);
    if (cx >= n && iv_push2(work, cx, x) < 0) return -1;
    if (cy >= n && iv_push2(work, cy, y) < 0) return -1;
    c->mate[x] = y;
    c->mate[y] = x;
    return 0;
}

static int rotate(Core *c, int b0, int v0) {
    int n = c->n;
    IVec work = {0};
    if (iv_push2(&work, b0, v0) < 0) return -1;
    while (work.len) {
        int v = work.a[--work.len];
        int b = work.a[--work.len];
        int ch = child_containing(c, b, v);
        if (ch >= n && iv_push2(&work, ch, v) < 0) goto fail;
        IVec *children = &c->children[b];
        IVec *cycle = &c->cycle[b];
        Py_ssize_t k = children->len, i = 0;
        while (children->a[i] != ch) i++;
        if (i) {
            Py_ssize_t j = i;
            if (i % 2 == 0) {
                while (j) {
                    int x = cycle->a[2 * (j - 2)], y = cycle->a[2 * (j - 2) + 1];
                    j -= 2;
                    if (match_inside(c, b, x, y, &work) < 0) goto fail;
                }
            } else {
                while (j != k) {
                    Py_ssize_t q = (j + 1) % k;
                    int x = cycle->a[2 * q], y = cycle->a[2 * q + 1];
                    j += 2;
                    if (match_inside(c, b, x, y, &work) < 0) goto fail;
                }
            }
            if (rotate_rev(children, i, 1) < 0 || rotate_rev(cycle, i, 2) < 0) goto fail;
        }
        c->base[b] = v;
    }
    iv_free(&work);
    return 0;
fail:
    iv_free(&work);
    return -1;
}

/* ------------------------------------------------------------------ warm start */

static int cmp_sorted(const void *p, const void *q) {
    const int64_t *a = (const int64_t *)p, *b = (const int64_t *)q;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : (a[1] > b[1]);
}

/* A small vertex cover of the changed edges, as blossom.py's _cover_changed_edges. */
static int cover_changed_edges(Core *c, IVec *cover) {
    int n = c->n;
    Py_ssize_t m = c->changed.len / 2;
    int *count = (int *)PyMem_Calloc((size_t)n + 1, sizeof(int));
    int64_t *order = (int64_t *)PyMem_Malloc(sizeof(int64_t) * 2 * (size_t)(m + 1));
    char *chosen = (char *)PyMem_Calloc((size_t)n + 1, 1);
    if (!count || !order || !chosen) { PyMem_Free(count); PyMem_Free(order); PyMem_Free(chosen); PyErr_NoMemory(); return -1; }
    int *e = c->changed.a;
    for (Py_ssize_t i = 0; i < m; i++) {
        count[e[2 * i]]++;
        count[e[2 * i + 1]]++;
    }
    for (Py_ssize_t i = 0; i < m; i++) {
        int a = count[e[2 * i]], b = count[e[2 * i + 1]];
        order[2 * i] = -(int64_t)(a > b ? a : b);
        order[2 * i + 1] = i; /* stable, as Python's sorted */
    }
    qsort(order, (size_t)m, 2 * sizeof(int64_t), cmp_sorted);
    int rc = 0;
    for (Py_ssize_t k = 0; k < m; k++) {
        Py_ssize_t i = (Py_ssize_t)order[2 * k + 1];
        int u = e[2 * i], v = e[2 * i + 1];
        if (chosen[u] || chosen[v]) continue;
        int pick = count[u] >= count[v] ? u : v;
        chosen[pick] = 1;
        if (iv_push(cover, pick) < 0) { rc = -1; break; }
    }
    PyMem_Free(count);
    PyMem_Free(order);
    PyMem_Free(chosen);
    return rc;
}

static void settle(Core *c, int v) {
    int K = c->K;
    limb *need = c->t0, *lack = c->t1;
    mp_zero(need, K);
    int partner = NONE;
    Adj *a = &c->adj[v];
    for (int i = 0; i < a->act; i++) {
        int x = a->nb[i];
        if (x < 0) continue;
        mp_sub(lack, WT(c, a->wi[i]), NUM(c->dual, x), K);
        int cm = mp_cmp(lack, need, K);
        if (cm > 0) {
            mp_copy(need, lack, K);
            partner = c->mate[x] == NONE ? x : NONE;
        } else if (cm == 0 && partner == NONE && c->mate[x] == NONE) {
            partner = x;
        }
    }
    mp_copy(NUM(c->dual, v), need, K);
    if (partner != NONE) {
        c->mate[v] = partner;
        c->mate[partner] = v;
    }
}

static int make_roots_even(Core *c, const int *cand, Py_ssize_t m) {
    int K = c->K;
    for (Py_ssize_t i = 0; i < m; i++) {
        int v = cand[i];
        if (c->mate[v] == NONE && (NUM(c->dual, v)[0] & 1)) {
            while (c->top[v] != v)
                if (dissolve(c, c->top[v]) < 0) return -1;
            if (NUM(c->dual, v)[0] & 1) mp_inc(NUM(c->dual, v), K);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ sparse starts
 * A start from scratch on a large graph (at least sparse_edges edges) solves a subgraph first:
 * for each vertex and each distinct weight among its edges, sparse_keep of those edges (taken
 * around its adjacency from a place that differs from vertex to vertex, so that the edges kept
 * spread over the vertices of a kind), with the edges the other ends kept. The other edges are
 * inactive: the algorithm does not see them. After every solve a pricing pass reads each
 * inactive edge's slack against the duals (with the duals of the blossoms that hold both
 * ends): when none is negative, the matching and the duals prove optimality in the whole graph
 * (LP duality, as the certificate of check_optimality); otherwise the edges of negative slack
 * become active and the matching is repaired around them, until none is left. An inactive
 * edge that changes or goes is no changed edge (the matching does not use it); one that gets
 * heavier is read by the next pricing. In a bracket of the Dutch engine most vertices have a
 * handful of distinct weights among thousands of edges: the subgraph holds a few percent of
 * the edges and the pricing finds few edges to add (benchmarks/NOTES.md, "Sparse starts"). */

static int select_sparse(Core *c) {
    int n = c->n, keep = c->sparse_keep < 1 ? 1 : c->sparse_keep;
    c->inactive = 0;
    c->inactive_raised = 0;
    if (c->sparse_edges < 0 || (long)c->index.used < c->sparse_edges) {
        for (int u = 0; u < n; u++) c->adj[u].act = c->adj[u].len;
        return 0;
    }
    size_t total = 0;
    size_t *off = (size_t *)PyMem_Malloc(sizeof(size_t) * ((size_t)n + 1));
    if (!off) { PyErr_NoMemory(); return -1; }
    for (int u = 0; u < n; u++) {
        off[u] = total;
        total += (size_t)c->adj[u].len;
    }
    char *flag = (char *)PyMem_Calloc(total + 1, 1);
    int *count = (int *)PyMem_Calloc(2 * (size_t)c->wt.cap + 2, sizeof(int));
    IVec touched = {0};
    int rc = 0;
    if (!flag || !count) { PyErr_NoMemory(); rc = -1; goto done; }
    int *rank = count + c->wt.cap + 1;
    for (int u = 0; u < n; u++) {
        Adj *a = &c->adj[u];
        int live = a->len - a->dead;
        if (live <= 0) continue;
        int all = live <= 2 * keep;
        if (!all) {
            for (int i = 0; i < a->len; i++) {
                if (a->nb[i] < 0) continue;
                int w = a->wi[i];
                if (!count[w] && iv_push(&touched, w) < 0) { rc = -1; goto done; }
                count[w]++;
            }
        }
        /* of the k edges of one weight, those of rank (in adjacency order, turned by a phase
         * that depends on u) 0, k / keep, 2 k / keep ...: spread over the class (edges to a
         * block of neighbours in a row left most vertex duals uneven and the pricing busy) */
        uint64_t phase = (uint64_t)(uint32_t)u * 2654435761u;
        for (int i = 0; i < a->len; i++) {
            int v = a->nb[i];
            if (v < 0) continue;
            if (!all) {
                int w = a->wi[i], k = count[w];
                int step = k > keep ? k / keep : 1;
                int q = (int)(((uint64_t)rank[w]++ + phase) % (uint64_t)k);
                if (q % step || q / step >= keep) continue;
            }
            flag[off[u] + (size_t)i] = 1;
            const Slot *sl = ix_find(&c->index, pair_key(u, v));
            flag[off[v] + (size_t)(v < u ? sl->at_lo : sl->at_hi)] = 1;
        }
        for (Py_ssize_t t = 0; t < touched.len; t++) count[touched.a[t]] = rank[touched.a[t]] = 0;
        touched.len = 0;
    }
    long inactive = 0;
    for (int u = 0; u < n; u++) {
        Adj *a = &c->adj[u];
        char *f = flag + off[u];
        int kept = 0;
        for (int i = 0; i < a->len; i++) kept += f[i];
        int p = 0;
        for (int i = kept; i < a->len; i++) {
            if (!f[i]) continue;
            while (f[p]) p++;
            adj_swap(c, u, p, i);
            f[p] = 1;
            f[i] = 0;
        }
        a->act = kept;
        inactive += a->len - kept - a->dead; /* the removed entries are all past the kept ones */
    }
    c->inactive = inactive / 2;
done:
    iv_free(&touched);
    PyMem_Free(off);
    PyMem_Free(flag);
    PyMem_Free(count);
    return rc;
}

/* Forget the vertices marked for pricing. */
static void lower_clear(Core *c) {
    for (Py_ssize_t i = 0; i < c->lowered_list.len; i++) c->lowered[c->lowered_list.a[i]] = 0;
    c->lowered_list.len = 0;
    c->price_all = 0;
}

/* Pricing: bring every inactive edge of negative slack into the active subgraph, as a changed
 * edge. Returns how many, or -1. Read between solves, when the duals are settled. Only the
 * vertices whose dual may have fallen since the last pricing are read (every vertex after a
 * start): an edge's slack falls only when the dual of an end does (S-vertices of a stage, the
 * vertices a warm start makes anew) or its weight rises (lower_mark); the duals of blossoms
 * fall only for T-blossoms, whose vertices rise as much. For a vertex u and each weight entry
 * among its inactive edges, threshold = 2 w - dual(u) is made once: an edge to v has a negative
 * slack, blossoms aside, when dual(v) is below it (one comparison from the top limb down). */
static Py_ssize_t price(Core *c) {
    if (!c->inactive) {
        lower_clear(c);
        return 0;
    }
    int n = c->n, K = c->K;
    int all = c->price_all || c->lowered_list.len * 4 > n;
    if (!all && !c->lowered_list.len) return 0;
    c->priced++;
    limb *zc = NULL;
    int *depth = NULL;
    IVec found = {0}, chain = {0};
    Py_ssize_t rc = -1;
    if (c->cls_cap < c->wt.cap || c->cls_k != K || !c->cls_thr) {
        PyMem_Free(c->cls_stamp);
        PyMem_Free(c->cls_thr);
        c->cls_cap = c->wt.cap;
        c->cls_k = K;
        c->cls_stamp = (int *)PyMem_Calloc((size_t)c->cls_cap + 1, sizeof(int));
        c->cls_thr = (limb *)PyMem_Malloc(sizeof(limb) * ((size_t)c->cls_cap + 1) * (size_t)K);
        c->cls_gen = 0;
        if (!c->cls_stamp || !c->cls_thr) {
            PyMem_Free(c->cls_stamp);
            PyMem_Free(c->cls_thr);
            c->cls_stamp = NULL;
            c->cls_thr = NULL;
            c->cls_cap = 0;
            PyErr_NoMemory();
            return -1;
        }
    }
    limb *s = c->t0, *t = c->t1;
    Py_ssize_t count = all ? n : c->lowered_list.len;
    for (Py_ssize_t k = 0; k < count; k++) {
        int u = all ? (int)k : c->lowered_list.a[k];
        Adj *a = &c->adj[u];
        if (a->act >= a->len) continue;
        const limb *du = NUM(c->dual, u);
        int tu = c->top[u];
        if (++c->cls_gen == 0x7fffffff) {
            memset(c->cls_stamp, 0, sizeof(int) * ((size_t)c->cls_cap + 1));
            c->cls_gen = 1;
        }
        int gen = c->cls_gen;
        for (int j = a->act; j < a->len; j++) {
            int v = a->nb[j];
            if (v < 0 || (all && v <= u)) continue; /* removed, or read from v's side */
            int wi = a->wi[j];
            limb *thr = c->cls_thr + (size_t)wi * (size_t)K;
            if (c->cls_stamp[wi] != gen) {
                c->cls_stamp[wi] = gen;
                mp_sub(thr, WT(c, wi), du, K);
            }
            const limb *dv = NUM(c->dual, v);
            if (mp_cmp_fast(dv, thr, K) >= 0) continue;
            mp_sub(s, dv, thr, K); /* the slack without blossoms: < 0 */
            if (tu >= n && tu == c->top[v]) {
                if (!zc) {
                    /* zc[b]: the duals of b and of every blossom around it; depth[b]: how
                     * many blossoms hold b */
                    zc = (limb *)PyMem_Calloc((size_t)(2 * n + 1) * (size_t)K, sizeof(limb));
                    depth = (int *)PyMem_Malloc(sizeof(int) * (size_t)(2 * n + 1));
                    if (!zc || !depth) { PyErr_NoMemory(); goto done; }
                    for (int b = 0; b < 2 * n; b++) depth[b] = -1;
                    for (int b = n; b < 2 * n; b++) {
                        if (!c->children[b].len || depth[b] >= 0) continue;
                        chain.len = 0;
                        int x = b;
                        while (x != -1 && depth[x] < 0) {
                            if (iv_push(&chain, x) < 0) goto done;
                            x = c->parent[x];
                        }
                        for (Py_ssize_t i = chain.len - 1; i >= 0; i--) {
                            int y = chain.a[i], p = c->parent[y];
                            depth[y] = p == -1 ? 0 : depth[p] + 1;
                            if (p == -1) mp_copy(NUM(zc, y), NUM(c->dual, y), K);
                            else mp_add(NUM(zc, y), NUM(zc, p), NUM(c->dual, y), K);
                        }
                    }
                }
                /* the top blossom holds both: at least its dual counts */
                mp_add(t, s, NUM(c->dual, tu), K);
                mp_add(t, t, NUM(c->dual, tu), K);
                if (mp_sign(t, K) >= 0) continue;
                int x = c->parent[u], y = c->parent[v];
                while (depth[x] > depth[y]) x = c->parent[x];
                while (depth[y] > depth[x]) y = c->parent[y];
                while (x != y) {
                    x = c->parent[x];
                    y = c->parent[y];
                }
                mp_add(t, s, NUM(zc, x), K);
                mp_add(t, t, NUM(zc, x), K);
                if (mp_sign(t, K) >= 0) continue;
            }
            if (iv_push2(&found, u, v) < 0) goto done;
        }
    }
    lower_clear(c);
    Py_ssize_t added = 0;
    for (Py_ssize_t i = 0; i < found.len; i += 2) {
        int u = found.a[i], v = found.a[i + 1];
        const Slot *sl = ix_find(&c->index, pair_key(u, v));
        if (slot_active(c, sl)) continue; /* found from both ends */
        activate_entry(c, u, u < v ? sl->at_lo : sl->at_hi);
        sl = ix_find(&c->index, pair_key(u, v));
        activate_entry(c, v, v < u ? sl->at_lo : sl->at_hi);
        if (iv_push2(&c->changed, u, v) < 0) goto done;
        added++;
    }
    c->inactive -= added;
    c->activated += added;
    rc = added;
done:
    PyMem_Free(zc);
    PyMem_Free(depth);
    iv_free(&found);
    iv_free(&chain);
    return rc;
}

static int reset(Core *c) {
    int n = c->n, K = c->K;
    if (!c->keep_subgraph && select_sparse(c) < 0) return -1;
    lower_clear(c);
    c->price_all = 1; /* every dual is made anew */
    for (int v = 0; v < n; v++) c->mate[v] = NONE;
    for (int b = 0; b < 2 * n; b++) {
        c->parent[b] = -1;
        c->children[b].len = 0;
        c->cycle[b].len = 0;
        c->base[b] = b < n ? b : -1;
    }
    for (int v = 0; v < n; v++) c->top[v] = v;
    c->unused_ids.len = 0;
    for (int b = 2 * n - 1; b >= n; b--)
        if (iv_push(&c->unused_ids, b) < 0) return -1;
    mp_zero(c->dual, 2 * n * K);
    for (int v = 0; v < n; v++) {
        Adj *a = &c->adj[v];
        limb *d = NUM(c->dual, v);
        for (int i = 0; i < a->act; i++) {
            if (a->nb[i] < 0) continue;
            limb *w = WT(c, a->wi[i]);
            if (mp_cmp(w, d, K) > 0) mp_copy(d, w, K); /* max of 2w, halved below */
        }
        mp_half(d, d, K);
    }
    for (int v = 0; v < n; v++)
        if (c->mate[v] == NONE && mp_sign(NUM(c->dual, v), K) > 0) settle(c, v);
    c->split.len = 0;
    IVec all = {0};
    for (int v = 0; v < n; v++)
        if (iv_push(&all, v) < 0) { iv_free(&all); return -1; }
    int rc = make_roots_even(c, all.a, all.len);
    iv_free(&all);
    return rc;
}

static int prepare_warm_start(Core *c, IVec *dirty, IVec *cand) {
    int K = c->K;
    c->split.len = 0;
    for (Py_ssize_t i = 0; i < dirty->len; i++)
        if (iv_push(&c->split, dirty->a[i]) < 0) return -1;
    for (Py_ssize_t i = 0; i < dirty->len; i++) {
        int v = dirty->a[i];
        while (c->top[v] != v)
            if (dissolve(c, c->top[v]) < 0) return -1;
    }
    limb *need = c->t2, *lack = c->t3;
    for (Py_ssize_t i = 0; i < dirty->len; i++) {
        int v = dirty->a[i];
        int m = c->mate[v];
        mp_zero(need, K);
        Adj *a = &c->adj[v];
        for (int j = 0; j < a->act; j++) {
            int x = a->nb[j];
            if (x < 0 || x == m) continue;
            mp_sub(lack, WT(c, a->wi[j]), NUM(c->dual, x), K);
            if (mp_cmp(lack, need, K) > 0) mp_copy(need, lack, K);
        }
        if (m != NONE) {
            limb *wm = edge_w2(c, v, m);
            if (wm) {
                mp_sub(lack, wm, NUM(c->dual, m), K);
                if (mp_cmp(lack, need, K) >= 0) {
                    mp_copy(NUM(c->dual, v), lack, K);
                    continue;
                }
            }
            c->mate[v] = c->mate[m] = NONE;
            if (iv_push(&c->split, m) < 0) return -1;
        }
        mp_copy(NUM(c->dual, v), need, K);
    }
    /* candidates = dict.fromkeys(split) */
    bump_mark(c);
    for (Py_ssize_t i = 0; i < c->split.len; i++) {
        int v = c->split.a[i];
        if (c->mark[v] == c->mark_gen) continue;
        c->mark[v] = c->mark_gen;
        if (iv_push(cand, v) < 0) return -1;
        if (lower_mark(c, v) < 0) return -1; /* its dual was made anew */
    }
    for (Py_ssize_t i = 0; i < cand->len; i++) {
        int v = cand->a[i];
        if (c->mate[v] == NONE && mp_sign(NUM(c->dual, v), K) > 0 && c->top[v] == v) settle(c, v);
    }
    return make_roots_even(c, cand->a, cand->len);
}

/* ------------------------------------------------------------------ stages */

/* Queue the vertices of the top-level blossom b, just made S and flushed, for scanning. */
static int queue_s_leaves(Core *c, int b) {
    int K = c->K;
    Py_ssize_t m = c->queue.len;
    if (leaves(c, b, &c->queue) < 0) return -1;
    for (Py_ssize_t i = m; i < c->queue.len; i++) {
        int v = c->queue.a[i];
        mp_add(NUM(c->sfix, v), NUM(c->dual, v), c->shift, K);
        if (lower_mark(c, v) < 0) return -1; /* an S-vertex's dual falls as the stage goes on */
    }
    return 0;
}

static void flush(Core *c, int b) {
    int K = c->K;
    int lab = c->label[b];
    limb *owed = c->t0;
    mp_sub(owed, c->shift, NUM(c->since, b), K);
    mp_copy(NUM(c->since, b), c->shift, K);
    if (lab == FREE_ || !mp_sign(owed, K)) return;
    /* S: vertices fall, the blossom rises; T: the reverse. */
    if (b < c->n) {
        limb *d = NUM(c->dual, b);
        if (lab == S_) mp_sub(d, d, owed, K); else mp_add(d, d, owed, K);
        return;
    }
    limb *d = NUM(c->dual, b);
    if (lab == S_) mp_add(d, d, owed, K); else mp_sub(d, d, owed, K);
    Py_ssize_t m = c->tmp2.len;
    if (leaves(c, b, &c->tmp2) < 0) return; /* out of memory: reported by the caller's check */
    for (Py_ssize_t i = m; i < c->tmp2.len; i++) {
        limb *dv = NUM(c->dual, c->tmp2.a[i]);
        if (lab == S_) mp_sub(dv, dv, owed, K); else mp_add(dv, dv, owed, K);
    }
    c->tmp2.len = m;
}

static int assign_label(Core *c, int v, int lab, int p) {
    int K = c->K;
    int b = c->top[v];
    flush(c, b);
    c->label[b] = lab;
    c->stamp[b]++;
    if (iv_push(&c->st_b, b) < 0) return -1;
    int root;
    if (p == NONE) {
        root = v;
        c->members[root].len = 0;
        if (iv_push(&c->members[root], b) < 0) return -1;
        c->active++;
    } else {
        root = c->tree[c->top[p]];
        if (iv_push(&c->members[root], b) < 0) return -1;
    }
    c->tree[b] = root;
    c->le[2 * b] = p;
    c->le[2 * b + 1] = v;
    c->bss[2 * b] = NONE;
    c->bss_has_list[b] = 0;
    if (lab == S_) return queue_s_leaves(c, b);
    if (b >= c->n) {
        limb *key = c->t1;
        mp_add(key, NUM(c->dual, b), c->shift, K);
        if (he_push(&c->h4, key, K, b, c->stamp[b], 0) < 0) return -1;
    }
    int base = c->base[b];
    return assign_label(c, c->mate[base], S_, base);
}

/* The S-blossom above the S-blossom b in its tree, or NONE at a root. */
static inline int tree_parent(Core *c, int b) {
    int p = c->le[2 * b];
    if (p == NONE) return NONE;
    int t = c->top[p];
    return c->top[c->le[2 * t]];
}

static int common_ancestor(Core *c, int bx, int by) {
    bump_mark(c);
    int a = bx, b = by;
    while (a != NONE || b != NONE) {
        if (a != NONE) {
            if (c->mark[a] == c->mark_gen) return a;
            c->mark[a] = c->mark_gen;
            a = tree_parent(c, a);
        }
        int t = a;
        a = b;
        b = t;
    }
    return NONE;
}

static int recompute_best_to_s(Core *c, int y);

static int add_blossom(Core *c, int lca, int x, int y) {
    int K = c->K, n = c->n;
    int *top = c->top;
    IVec px = {0}, py = {0}, children = {0}, cycle = {0};
    for (int b = top[x]; b != lca; b = top[c->le[2 * b]])
        if (iv_push(&px, b) < 0) goto fail;
    for (int b = top[y]; b != lca; b = top[c->le[2 * b]])
        if (iv_push(&py, b) < 0) goto fail;
    if (iv_push(&children, lca) < 0) goto fail;
    for (Py_ssize_t i = px.len - 1; i >= 0; i--)
        if (iv_push(&children, px.a[i]) < 0) goto fail;
    for (Py_ssize_t i = 0; i < py.len; i++)
        if (iv_push(&children, py.a[i]) < 0) goto fail;
    for (Py_ssize_t i = px.len - 1; i >= 0; i--)
        if (iv_push2(&cycle, c->le[2 * px.a[i]], c->le[2 * px.a[i] + 1]) < 0) goto fail;
    if (iv_push2(&cycle, x, y) < 0) goto fail;
    for (Py_ssize_t i = 0; i < py.len; i++)
        if (iv_push2(&cycle, c->le[2 * py.a[i] + 1], c->le[2 * py.a[i]]) < 0) goto fail;
    for (Py_ssize_t i = 0; i < children.len; i++) flush(c, children.a[i]);
    int b = c->unused_ids.a[--c->unused_ids.len];
    mp_copy(NUM(c->since, b), c->shift, K);
    iv_free(&c->children[b]);
    c->children[b] = children;
    children = (IVec){0};
    iv_free(&c->cycle[b]);
    c->cycle[b] = cycle;
    cycle = (IVec){0};
    IVec *ch = &c->children[b];
    c->base[b] = c->base[lca];
    mp_zero(NUM(c->dual, b), K);
    c->parent[b] = -1;
    c->label[b] = S_;
    if (iv_push(&c->st_b, b) < 0) goto fail;
    int root = c->tree[lca];
    c->tree[b] = root;
    if (iv_push(&c->members[root], b) < 0) goto fail;
    c->le[2 * b] = c->le[2 * lca];
    c->le[2 * b + 1] = c->le[2 * lca + 1];
    for (Py_ssize_t i = 0; i < ch->len; i++) {
        c->parent[ch->a[i]] = b;
        if (set_top_of_leaves(c, ch->a[i], b) < 0) goto fail;
    }
    for (Py_ssize_t i = 0; i < ch->len; i++)
        if (c->label[ch->a[i]] == T_ && queue_s_leaves(c, ch->a[i]) < 0) goto fail;
    /* Least-slack edges to the other S-blossoms, one per blossom, in first-seen order. */
    IVec *best = &c->tmp; /* pairs; keys in c->since-sized scratch below */
    best->len = 0;
    bump_mark(c);
    limb *keys = NULL;
    Py_ssize_t keys_cap = 0;
    limb *key = c->t1;
    for (Py_ssize_t i = 0; i < ch->len; i++) {
        int cc = ch->a[i];
        IVec *cl = NULL;
        Py_ssize_t nl = 0, li = 0;
        int q = 0, v = NONE;
        if (c->bss_has_list[cc]) {
            cl = &c->bss_list[cc];
        } else {
            c->tmp2.len = 0;
            if (leaves(c, cc, &c->tmp2) < 0) goto fail;
            nl = c->tmp2.len;
        }
        for (;;) {
            int u, wid;
            if (cl) {
                if (li >= cl->len) break;
                v = cl->a[li];
                u = cl->a[li + 1];
                wid = cl->a[li + 2];
                li += 3;
            } else {
                /* all edges of all leaves of cc, in order */
                if (v == NONE || q >= c->adj[v].act) {
                    if (li >= nl) break;
                    v = c->tmp2.a[li++];
                    q = 0;
                    continue;
                }
                u = c->adj[v].nb[q];
                wid = c->adj[v].wi[q];
                q++;
                if (u < 0) continue;
            }
            int bu = top[u];
            if (bu == b || c->label[bu] != S_) continue;
            mp_add_sub(key, NUM(c->sfix, v), NUM(c->sfix, u), WT(c, wid), K);
            if (c->mark[bu] != c->mark_gen) {
                c->mark[bu] = c->mark_gen;
                Py_ssize_t idx = best->len / 3;
                c->pos2[bu] = (int)idx;
                if (iv_push3(best, v, u, wid) < 0) goto fail;
                if ((idx + 1) * K > keys_cap) {
                    Py_ssize_t nc = keys_cap ? keys_cap * 2 : 16 * K;
                    while (nc < (idx + 1) * K) nc *= 2;
                    limb *nk = (limb *)PyMem_Realloc(keys, sizeof(limb) * (size_t)nc);
                    if (!nk) { PyErr_NoMemory(); goto fail; }
                    keys = nk;
                    keys_cap = nc;
                }
                mp_copy_fast(keys + idx * K, key, K);
            } else {
                Py_ssize_t idx = c->pos2[bu];
                if (mp_cmp_fast(key, keys + idx * K, K) < 0) {
                    mp_copy_fast(keys + idx * K, key, K);
                    best->a[3 * idx] = v;
                    best->a[3 * idx + 1] = u;
                    best->a[3 * idx + 2] = wid;
                }
            }
        }
        c->tmp2.len = 0;
        c->bss_has_list[cc] = 0;
        c->bss[2 * cc] = NONE;
    }
    IVec *list = &c->bss_list[b];
    list->len = 0;
    if (iv_reserve(list, best->len) < 0) goto fail;
    memcpy(list->a, best->a, sizeof(int) * (size_t)best->len);
    list->len = best->len;
    c->bss_has_list[b] = 1;
    if (best->len) {
        /* min over (key, edge) tuples */
        Py_ssize_t m = 0;
        for (Py_ssize_t i = 1; i < best->len / 3; i++) {
            int cm = mp_cmp(keys + i * K, keys + m * K, K);
            if (cm < 0 || (cm == 0 && (best->a[3 * i] < best->a[3 * m] ||
                                       (best->a[3 * i] == best->a[3 * m] && best->a[3 * i + 1] < best->a[3 * m + 1]))))
                m = i;
        }
        c->bss[2 * b] = best->a[3 * m];
        c->bss[2 * b + 1] = best->a[3 * m + 1];
        mp_copy(NUM(c->bss_key, b), keys + m * K, K);
        if (he_push(&c->h3, keys + m * K, K, b, best->a[3 * m], best->a[3 * m + 1]) < 0) goto fail;
    } else {
        c->bss[2 * b] = NONE;
    }
    PyMem_Free(keys);
    iv_free(&px);
    iv_free(&py);
    (void)n;
    return 0;
fail:
    iv_free(&px);
    iv_free(&py);
    iv_free(&children);
    iv_free(&cycle);
    return -1;
}

static int flip_path(Core *c, int s, int partner) {
    int n = c->n;
    for (;;) {
        int bs = c->top[s];
        if (bs >= n && rotate(c, bs, s) < 0) return -1;
        c->mate[s] = partner;
        if (c->le[2 * bs] == NONE) return 0;
        int bt = c->top[c->le[2 * bs]];
        int p = c->le[2 * bt], q = c->le[2 * bt + 1];
        if (bt >= n && rotate(c, bt, q) < 0) return -1;
        c->mate[q] = p;
        s = p;
        partner = q;
    }
}

static void unlabel(Core *c, int b) {
    int K = c->K;
    c->label[b] = FREE_;
    mp_copy(NUM(c->since, b), c->shift, K);
    c->stamp[b]++;
    c->tree[b] = -1;
    c->le[2 * b] = NONE;
    c->bss[2 * b] = NONE;
    c->bss_has_list[b] = 0;
}

static int retire(Core *c, int root) {
    int n = c->n, K = c->K;
    IVec members = c->members[root];
    c->members[root] = (IVec){0};
    c->active--;
    IVec freed = {0}, stack = {0};
    bump_mark(c);
    int rc = -1;
    for (Py_ssize_t i = 0; i < members.len; i++) {
        int b = members.a[i];
        if (c->mark[b] == c->mark_gen) continue;
        c->mark[b] = c->mark_gen;
        if (c->parent[b] != -1 || c->label[b] == FREE_ || c->tree[b] != root) continue;
        if (b >= n && !c->children[b].len) continue;
        flush(c, b);
        int was_s = c->label[b] == S_;
        unlabel(c, b);
        if (leaves(c, b, &freed) < 0) goto done;
        if (was_s && b >= n && !mp_sign(NUM(c->dual, b), K))
            if (iv_push(&stack, b) < 0) goto done;
    }
    while (stack.len) {
        int b = stack.a[--stack.len];
        IVec ch = {0};
        if (iv_reserve(&ch, c->children[b].len) < 0) goto done;
        memcpy(ch.a, c->children[b].a, sizeof(int) * (size_t)c->children[b].len);
        ch.len = c->children[b].len;
        if (expand_plain(c, b) < 0) { iv_free(&ch); goto done; }
        for (Py_ssize_t i = 0; i < ch.len; i++) {
            int x = ch.a[i];
            unlabel(c, x);
            if (x >= n && !mp_sign(NUM(c->dual, x), K))
                if (iv_push(&stack, x) < 0) { iv_free(&ch); goto done; }
        }
        iv_free(&ch);
    }
    limb *key = c->t1;
    for (Py_ssize_t i = 0; i < freed.len; i++) {
        int y = freed.a[i];
        c->stamp[y]++;
        if (c->bts[2 * y] != NONE) {
            mp_add(key, NUM(c->bts_key, y), NUM(c->dual, y), K);
            if (he_push(&c->h2, key, K, y, c->stamp[y], 0) < 0) goto done;
        }
    }
    rc = 0;
done:
    iv_free(&members);
    iv_free(&freed);
    iv_free(&stack);
    return rc;
}

static int augment(Core *c, int x, int y) {
    if (flip_path(c, x, y) < 0) return -1;
    return flip_path(c, y, x);
}

/* 1 on augmentation, 0 otherwise, -1 on error */
static int tight_edge(Core *c, int x, int y) {
    int by = c->top[y];
    int lab = c->label[by];
    if (lab == FREE_) {
        if (c->mate[c->base[by]] == NONE) {
            int root = c->tree[c->top[x]];
            if (augment(c, x, y) < 0 || retire(c, root) < 0) return -1;
            return 1;
        }
        return assign_label(c, y, T_, x) < 0 ? -1 : 0;
    }
    if (lab == S_) {
        int bx = c->top[x];
        int lca = common_ancestor(c, bx, by);
        if (lca == NONE) {
            int r1 = c->tree[bx], r2 = c->tree[by];
            if (augment(c, x, y) < 0 || retire(c, r1) < 0 || retire(c, r2) < 0) return -1;
            return 1;
        }
        return add_blossom(c, lca, x, y) < 0 ? -1 : 0;
    }
    return 0;
}

static int grow(Core *c) {
    int K = c->K;
    int *top = c->top, *label = c->label;
    limb *two_shift = c->t2;
    limb key[64], slack[64];
    limb *keyp = K <= 64 ? key : (limb *)PyMem_Malloc(sizeof(limb) * 2 * (size_t)K);
    if (!keyp) { PyErr_NoMemory(); return -1; }
    limb *slackp = K <= 64 ? slack : keyp + K;
    int rc = 0;
    mp_add(two_shift, c->shift, c->shift, K); /* no dual step happens while scanning */
    while (c->queue.len) {
        int x = c->queue.a[--c->queue.len];
        int bx = top[x];
        if (label[bx] != S_) continue;
        const limb *fixed = NUM(c->sfix, x);
        if (he_push(&c->h1, fixed, K, x, 0, 0) < 0) { rc = -1; goto out; }
        Adj *a = &c->adj[x];
        for (int i = 0; i < a->act; i++) {
            int y = a->nb[i];
            if (y < 0) continue;
            int by = top[y];
            if (bx == by) continue;
            const limb *w2 = WT(c, a->wi[i]);
            int lab = label[by];
            mp_sub_fast(keyp, fixed, w2, K);
            int better = c->bts[2 * y] == NONE || mp_cmp_fast(keyp, NUM(c->bts_key, y), K) < 0;
            if (better) {
                if (c->bts[2 * y] == NONE && iv_push(&c->st_v, y) < 0) { rc = -1; goto out; }
                c->bts[2 * y] = x;
                c->bts[2 * y + 1] = y;
                mp_copy_fast(NUM(c->bts_key, y), keyp, K);
            }
            if (lab == S_) {
                /* S-S key = slack + 2 shift = sfix[x] + sfix[y] - 2w */
                mp_add_fast(slackp, keyp, NUM(c->sfix, y), K);
                if (mp_eq(slackp, two_shift, K)) {
                    int t = tight_edge(c, x, y);
                    if (t < 0) { rc = -1; goto out; }
                    if (t) break;
                    bx = top[x];
                } else if (c->bss[2 * bx] == NONE || mp_cmp(slackp, NUM(c->bss_key, bx), K) < 0) {
                    c->bss[2 * bx] = x;
                    c->bss[2 * bx + 1] = y;
                    mp_copy(NUM(c->bss_key, bx), slackp, K);
                    if (he_push(&c->h3, slackp, K, bx, x, y) < 0) { rc = -1; goto out; }
                }
            } else if (lab == FREE_) {
                mp_add_fast(slackp, keyp, NUM(c->dual, y), K); /* key + dual[y] */
                if (better && he_push(&c->h2, slackp, K, y, c->stamp[y], 0) < 0) { rc = -1; goto out; }
                if (mp_eq(slackp, c->shift, K)) {
                    int t = tight_edge(c, x, y);
                    if (t < 0) { rc = -1; goto out; }
                    if (t) break;
                    bx = top[x];
                }
            }
        }
    }
out:
    if (keyp != key) PyMem_Free(keyp);
    return rc;
}

static int recompute_best_to_s(Core *c, int y) {
    int K = c->K;
    int ty = c->top[y];
    int best = NONE;
    limb *bk = c->t2, *key = c->t3;
    Adj *a = &c->adj[y];
    for (int i = 0; i < a->act; i++) {
        int x = a->nb[i];
        if (x < 0) continue;
        int bx = c->top[x];
        if (bx == ty || c->label[bx] != S_) continue;
        mp_sub(key, NUM(c->sfix, x), WT(c, a->wi[i]), K);
        if (best == NONE || mp_cmp(key, bk, K) < 0) {
            best = x;
            mp_copy(bk, key, K);
        }
    }
    if (best != NONE && c->bts[2 * y] == NONE && iv_push(&c->st_v, y) < 0) return -1;
    c->bts[2 * y] = best;
    c->bts[2 * y + 1] = y;
    if (best != NONE) {
        mp_copy(NUM(c->bts_key, y), bk, K);
        mp_add(key, bk, NUM(c->dual, y), K);
        return he_push(&c->h2, key, K, y, c->stamp[y], 0);
    }
    mp_zero(NUM(c->bts_key, y), K);
    return 0;
}

static int recompute_best_ss(Core *c, int b) {
    int K = c->K, n = c->n;
    IVec cand = {0};
    IVec *cl = &cand;
    if (b < n) {
        Adj *a = &c->adj[b];
        for (int i = 0; i < a->act; i++)
            if (a->nb[i] >= 0 && iv_push3(&cand, b, a->nb[i], a->wi[i]) < 0) goto fail;
    } else if (!c->bss_has_list[b]) {
        IVec lv = {0};
        if (leaves(c, b, &lv) < 0) { iv_free(&lv); goto fail; }
        for (Py_ssize_t j = 0; j < lv.len; j++) {
            Adj *a = &c->adj[lv.a[j]];
            for (int q = 0; q < a->act; q++)
                if (a->nb[q] >= 0 && iv_push3(&cand, lv.a[j], a->nb[q], a->wi[q]) < 0) { iv_free(&lv); goto fail; }
        }
        iv_free(&lv);
    } else {
        cl = &c->bss_list[b];
    }
    int bx = NONE, byy = NONE;
    limb *bk = c->t2, *key = c->t3;
    for (Py_ssize_t j = 0; j < cl->len; j += 3) {
        int x = cl->a[j], y = cl->a[j + 1];
        int by = c->top[y];
        if (by == b || c->label[by] != S_) continue;
        mp_add(key, NUM(c->sfix, x), NUM(c->sfix, y), K);
        mp_sub(key, key, WT(c, cl->a[j + 2]), K);
        if (bx == NONE || mp_cmp(key, bk, K) < 0) {
            bx = x;
            byy = y;
            mp_copy(bk, key, K);
        }
    }
    iv_free(&cand);
    c->bss[2 * b] = bx;
    c->bss[2 * b + 1] = byy;
    if (bx != NONE) {
        mp_copy(NUM(c->bss_key, b), bk, K);
        return he_push(&c->h3, bk, K, b, bx, byy);
    }
    mp_zero(NUM(c->bss_key, b), K);
    return 0;
fail:
    iv_free(&cand);
    return -1;
}

static int expand_t_blossom(Core *c, int b) {
    int K = c->K, n = c->n;
    int p = c->le[2 * b], q = c->le[2 * b + 1];
    int root = c->tree[b];
    IVec children = {0}, cycle = {0};
    if (iv_reserve(&children, c->children[b].len) < 0 || iv_reserve(&cycle, c->cycle[b].len) < 0) goto fail;
    memcpy(children.a, c->children[b].a, sizeof(int) * (size_t)c->children[b].len);
    children.len = c->children[b].len;
    memcpy(cycle.a, c->cycle[b].a, sizeof(int) * (size_t)c->cycle[b].len);
    cycle.len = c->cycle[b].len;
    flush(c, b);
    if (expand_plain(c, b) < 0) goto fail;
    for (Py_ssize_t i = 0; i < children.len; i++) {
        int x = children.a[i];
        c->label[x] = FREE_;
        mp_copy(NUM(c->since, x), c->shift, K);
        c->le[2 * x] = NONE;
        c->bss[2 * x] = NONE;
        c->bss_has_list[x] = 0;
    }
    Py_ssize_t k = children.len, j = 0;
    int tq = c->top[q];
    while (children.a[j] != tq) j++;
    Py_ssize_t step = (j % 2) ? 1 : -1;
    int ep = p, eq = q;
    while (((j % k) + k) % k) {
        if (assign_label(c, eq, T_, ep) < 0) goto fail;
        j += step;
        Py_ssize_t nxt = (((j + step) % k) + k) % k;
        Py_ssize_t jj = ((j % k) + k) % k;
        int x, y;
        if (step == 1) {
            x = cycle.a[2 * jj];
            y = cycle.a[2 * jj + 1];
        } else {
            y = cycle.a[2 * nxt];
            x = cycle.a[2 * nxt + 1];
        }
        ep = x;
        eq = y;
        j += step;
    }
    int bc = children.a[0];
    c->label[bc] = T_;
    c->stamp[bc]++;
    if (iv_push(&c->st_b, bc) < 0) goto fail;
    c->tree[bc] = root;
    if (iv_push(&c->members[root], bc) < 0) goto fail;
    c->le[2 * bc] = ep;
    c->le[2 * bc + 1] = eq;
    if (bc >= n) {
        limb *key = c->t1;
        mp_add(key, NUM(c->dual, bc), c->shift, K);
        if (he_push(&c->h4, key, K, bc, c->stamp[bc], 0) < 0) goto fail;
    }
    for (Py_ssize_t i = 0; i < children.len; i++) {
        int x = children.a[i];
        if (c->label[x] != FREE_) continue;
        Py_ssize_t m = c->tmp2.len;
        if (leaves(c, x, &c->tmp2) < 0) goto fail;
        for (Py_ssize_t t = m; t < c->tmp2.len; t++) {
            int v = c->tmp2.a[t];
            c->stamp[v]++;
            if (c->bts[2 * v] != NONE) {
                limb *key = c->t1;
                mp_add(key, NUM(c->bts_key, v), NUM(c->dual, v), K);
                if (he_push(&c->h2, key, K, v, c->stamp[v], 0) < 0) goto fail;
            }
        }
        c->tmp2.len = m;
    }
    iv_free(&children);
    iv_free(&cycle);
    return 0;
fail:
    iv_free(&children);
    iv_free(&cycle);
    return -1;
}

static int adjust_duals(Core *c) {
    int K = c->K;
    int *top = c->top, *label = c->label;
    limb *delta = c->t1;
    limb *tmp = (limb *)PyMem_Malloc(sizeof(limb) * 2 * (size_t)K);
    if (!tmp) { PyErr_NoMemory(); return -1; }
    limb *d = tmp, *v2 = tmp + K;
    limb dl[64];
    limb *dlt = K <= 64 ? dl : NULL;
    limb *dbuf = NULL;
    if (!dlt) { dbuf = (limb *)PyMem_Malloc(sizeof(limb) * (size_t)K); dlt = dbuf; }
    int rc = -1;
    /* delta1 */
    int v1;
    for (;;) {
        limb *e = c->h1.a;
        v1 = HE_INT(&c->h1, K, 0);
        int b1 = top[v1];
        if (label[b1] == S_ && mp_eq(NUM(c->sfix, v1), e, K)) {
            mp_sub(dlt, e, c->shift, K);
            break;
        }
        he_pop(&c->h1, K);
    }
    int kind = 1, arg = v1, ex = NONE, ey = NONE;
    /* delta2 */
    while (c->h2.len) {
        limb *e = c->h2.a;
        int y = HE_INT(&c->h2, K, 0), st = HE_INT(&c->h2, K, 1);
        if (st != c->stamp[y] || label[top[y]] != FREE_) { he_pop(&c->h2, K); continue; }
        int x = c->bts[2 * y];
        mp_add(v2, NUM(c->bts_key, y), NUM(c->dual, y), K);
        if (x == NONE || !mp_eq(e, v2, K)) { he_pop(&c->h2, K); continue; }
        int bx = top[x];
        if (label[bx] != S_ || (mp_sub(v2, NUM(c->sfix, x), edge_w2(c, x, y), K), !mp_eq(v2, NUM(c->bts_key, y), K))) {
            he_pop(&c->h2, K);
            if (recompute_best_to_s(c, y) < 0) goto out;
            continue;
        }
        mp_sub(d, e, c->shift, K);
        if (mp_cmp(d, dlt, K) < 0) {
            kind = 2;
            mp_copy(dlt, d, K);
            ex = x;
            ey = y;
        }
        break;
    }
    /* delta3 */
    while (c->h3.len) {
        limb *e = c->h3.a;
        int b = HE_INT(&c->h3, K, 0), x = HE_INT(&c->h3, K, 1), y = HE_INT(&c->h3, K, 2);
        if (c->parent[b] != -1 || label[b] != S_ || top[x] != b) { he_pop(&c->h3, K); continue; }
        int by = top[y];
        if (by == b) { he_pop(&c->h3, K); continue; }
        int ok = label[by] == S_;
        if (ok) {
            mp_add(v2, NUM(c->sfix, x), NUM(c->sfix, y), K);
            mp_sub(v2, v2, edge_w2(c, x, y), K);
            ok = mp_eq(v2, e, K);
        }
        if (!ok) {
            int current = c->bss[2 * b] == x && c->bss[2 * b + 1] == y && mp_eq(NUM(c->bss_key, b), e, K);
            he_pop(&c->h3, K);
            if (current && recompute_best_ss(c, b) < 0) goto out;
            continue;
        }
        mp_sub(d, e, c->shift, K);
        mp_sub(d, d, c->shift, K);
        if (d[0] & 1) { PyErr_SetString(PyExc_AssertionError, "S-S slack must be even"); goto out; }
        mp_half(d, d, K);
        if (mp_cmp(d, dlt, K) < 0) {
            kind = 3;
            mp_copy(dlt, d, K);
            ex = x;
            ey = y;
        }
        break;
    }
    /* delta4 */
    while (c->h4.len) {
        limb *e = c->h4.a;
        int b = HE_INT(&c->h4, K, 0), st = HE_INT(&c->h4, K, 1);
        if (st != c->stamp[b] || c->parent[b] != -1 || label[b] != T_ || !c->children[b].len) {
            he_pop(&c->h4, K);
            continue;
        }
        mp_sub(d, e, c->shift, K);
        if (mp_cmp(d, dlt, K) < 0) {
            kind = 4;
            mp_copy(dlt, d, K);
            arg = b;
        }
        break;
    }
    if (mp_sign(dlt, K) < 0) { PyErr_SetString(PyExc_AssertionError, "negative dual step"); goto out; }
    mp_add(c->shift, c->shift, dlt, K);
    (void)delta;
    if (kind == 1) {
        int root = c->tree[top[arg]];
        if (flip_path(c, arg, NONE) < 0 || retire(c, root) < 0) goto out;
    } else if (kind == 2 || kind == 3) {
        if (tight_edge(c, ex, ey) < 0) goto out;
    } else {
        if (expand_t_blossom(c, arg) < 0) goto out;
    }
    rc = 0;
out:
    PyMem_Free(tmp);
    PyMem_Free(dbuf);
    return rc;
}

static int stage_alloc(Core *c) {
    int n = c->n, K = c->K;
    size_t m = (size_t)(2 * n + 1);
    if (!c->label) {
        c->label = (int *)PyMem_Calloc(m, sizeof(int));
        c->le = (int *)PyMem_Calloc(2 * m, sizeof(int));
        c->bts = (int *)PyMem_Calloc(2 * m, sizeof(int));
        c->bss = (int *)PyMem_Calloc(2 * m, sizeof(int));
        c->stamp = (int *)PyMem_Calloc(m, sizeof(int));
        c->tree = (int *)PyMem_Calloc(m, sizeof(int));
        c->bss_has_list = (char *)PyMem_Calloc(m, 1);
        c->bss_list = (IVec *)PyMem_Calloc(m, sizeof(IVec));
        c->members = (IVec *)PyMem_Calloc(m, sizeof(IVec));
        if (!c->label || !c->le || !c->bts || !c->bss || !c->stamp || !c->tree || !c->bss_has_list ||
            !c->bss_list || !c->members) {
            PyErr_NoMemory();
            return -1;
        }
        c->st_full = 1;
    }
    if (!c->since) {
        c->bts_key = (limb *)PyMem_Calloc(m * K, sizeof(limb));
        c->bss_key = (limb *)PyMem_Calloc(m * K, sizeof(limb));
        c->since = (limb *)PyMem_Calloc(m * K, sizeof(limb));
        c->shift = (limb *)PyMem_Calloc((size_t)K, sizeof(limb));
        c->sfix = (limb *)PyMem_Calloc(m * K, sizeof(limb));
        if (!c->bts_key || !c->bss_key || !c->since || !c->shift || !c->sfix) { PyErr_NoMemory(); return -1; }
    }
    return 0;
}

static int stage(Core *c, const int *roots, Py_ssize_t nroots) {
    int n = c->n, K = c->K;
    if (stage_alloc(c) < 0) return -1;
    /* Labels and what goes with them back to free. Only what the last stage labelled can be
     * otherwise (a stage costs what it touches, not O(n): a round of 10,000 players solves a
     * graph of 20,000 vertices a thousand times). since[] needs no reset: it is read only for
     * blossoms labelled in this stage, which set it when labelled. */
    Py_ssize_t nb = c->st_full ? 2 * (Py_ssize_t)n : c->st_b.len;
    for (Py_ssize_t i = 0; i < nb; i++) {
        int b = c->st_full ? (int)i : c->st_b.a[i];
        c->label[b] = FREE_;
        c->le[2 * b] = NONE;
        c->bss[2 * b] = NONE;
        c->bss_has_list[b] = 0;
        c->stamp[b] = 0;
        c->tree[b] = -1;
        c->members[b].len = 0;
    }
    Py_ssize_t nv = c->st_full ? (Py_ssize_t)n : c->st_v.len;
    for (Py_ssize_t i = 0; i < nv; i++) c->bts[2 * (c->st_full ? (int)i : c->st_v.a[i])] = NONE;
    c->st_b.len = c->st_v.len = 0;
    c->st_full = 0;
    mp_zero(c->shift, K);
    c->h1.len = c->h2.len = c->h3.len = c->h4.len = 0;
    c->queue.len = 0;
    c->active = 0;
    for (Py_ssize_t i = 0; i < nroots; i++)
        if (assign_label(c, roots[i], S_, NONE) < 0) return -1;
    while (c->active) {
        if (grow(c) < 0) return -1;
        if (!c->active) break;
        if (adjust_duals(c) < 0) return -1;
    }
    return 0;
}

/* Roots per stage. One stage growing every exposed vertex at once (hundreds after the greedy
 * start of a bracket set-up solve) makes each new blossom's candidate list as long as the
 * number of S-blossoms around it; a stage is also O(n) to set up, so one root per stage is
 * slow too. A few roots per stage was fastest (benchmarks/NOTES.md, 2026-11-22). Vertices
 * still exposed outside the stage keep their duals and are met as free vertices, which the
 * stage augments to; every stage ends with its roots matched or at dual zero, and later stages
 * never raise the dual of an exposed vertex, so the result is still optimal. */
#define STAGE_ROOTS 8

/* Sparse starts: the defaults (see "Sparse starts" and benchmarks/NOTES.md). */
#define SPARSE_EDGES (-1) /* never, unless asked (pairing.matcher.sparse_matcher) */
#define SPARSE_KEEP 4

/* Roots are taken smallest dual first (ties by vertex): at 5,000 players this cut the round
 * from 66 to 54 s against the order of the vertices (benchmarks/NOTES.md, 2026-11-22). */
static Core *sort_core;
static int cmp_dual_asc(const void *p, const void *q) {
    int a = *(const int *)p, b = *(const int *)q, K = sort_core->K;
    int r = mp_cmp(NUM(sort_core->dual, a), NUM(sort_core->dual, b), K);
    return r ? r : (a > b) - (a < b);
}

static int run_stages(Core *c, const int *cand, Py_ssize_t m) {
    int K = c->K;
    IVec roots = {0};
    for (Py_ssize_t i = 0; i < m; i++) {
        int v = cand[i];
        if (c->mate[v] == NONE && mp_sign(NUM(c->dual, v), K) > 0)
            if (iv_push(&roots, v) < 0) { iv_free(&roots); return -1; }
    }
    int rc = 0;
    sort_core = c; /* the GIL is held: no other solve runs meanwhile */
    qsort(roots.a, (size_t)roots.len, sizeof(int), cmp_dual_asc);
    for (Py_ssize_t i = 0; i < roots.len && rc == 0; i += STAGE_ROOTS) {
        Py_ssize_t k = 0; /* keep the roots of this batch an earlier stage left exposed */
        for (Py_ssize_t j = i; j < i + STAGE_ROOTS && j < roots.len; j++) {
            int v = roots.a[j];
            if (c->mate[v] == NONE && mp_sign(NUM(c->dual, v), K) > 0) roots.a[i + k++] = v;
        }
        if (k) rc = stage(c, roots.a + i, k);
    }
    iv_free(&roots);
    return rc;
}

static int run_all(Core *c) {
    IVec all = {0};
    for (int v = 0; v < c->n; v++)
        if (iv_push(&all, v) < 0) { iv_free(&all); return -1; }
    int rc = run_stages(c, all.a, all.len);
    iv_free(&all);
    return rc;
}

/* ------------------------------------------------------------------ Python interface */

static int check_pair(Core *c, Py_ssize_t u, Py_ssize_t v) {
    if (u == v) { PyErr_SetString(PyExc_ValueError, "no loops: u must differ from v"); return -1; }
    if (u < 0 || v < 0 || u >= c->n || v >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return -1; }
    return 0;
}

static int pylong_to_limbs(PyObject *o, limb *out, int K) {
    unsigned char buf[8 * 64];
    unsigned char *b = K <= 64 ? buf : (unsigned char *)PyMem_Malloc((size_t)K * 8);
    if (!b) { PyErr_NoMemory(); return -1; }
#if PY_VERSION_HEX >= 0x030D0000
    int rc = _PyLong_AsByteArray((PyLongObject *)o, b, (size_t)K * 8, 1, 1, 1);
#else
    int rc = _PyLong_AsByteArray((PyLongObject *)o, b, (size_t)K * 8, 1, 1);
#endif
    if (rc == 0)
        for (int i = 0; i < K; i++) {
            limb x = 0;
            for (int j = 7; j >= 0; j--) x = (x << 8) | b[8 * i + j];
            out[i] = x;
        }
    if (b != buf) PyMem_Free(b);
    return rc;
}

static PyObject *limbs_to_pylong(const limb *a, int K) {
    unsigned char buf[8 * 64];
    unsigned char *b = K <= 64 ? buf : (unsigned char *)PyMem_Malloc((size_t)K * 8);
    if (!b) return PyErr_NoMemory();
    for (int i = 0; i < K; i++)
        for (int j = 0; j < 8; j++) b[8 * i + j] = (unsigned char)(a[i] >> (8 * j));
    PyObject *r = _PyLong_FromByteArray(b, (size_t)K * 8, 1, 1);
    if (b != buf) PyMem_Free(b);
    return r;
}

static PyObject *weight_of(Core *c, int u, int v) {
    limb *w = edge_w2(c, u, v);
    if (!w) return PyLong_FromLong(0);
    mp_half(c->t0, w, c->K);
    return limbs_to_pylong(c->t0, c->K);
}

static int set_w2(Core *c, int u, int v, const limb *nw, int sign);

static int do_set_weight(Core *c, int u, int v, PyObject *w) {
    if (!PyLong_Check(w)) { PyErr_SetString(PyExc_TypeError, "weights must be int"); return -1; }
    int sign = _PyLong_Sign(w);
    if (sign < 0) { PyErr_SetString(PyExc_ValueError, "weights must be >= 0"); return -1; }
    size_t bits = _PyLong_NumBits(w);
    if (bits == (size_t)-1 && PyErr_Occurred()) return -1;
    int K2 = need_limbs(bits);
    if (K2 > c->K && widen(c, K2) < 0) return -1;
    int K = c->K;
    limb *nw = c->t1;
    if (pylong_to_limbs(w, nw, K) < 0) return -1;
    mp_add(nw, nw, nw, K);
    return set_w2(c, u, v, nw, sign);
}

/* Set edge {u, v} (whose slot is found, or NULL for a new edge) to the weight of table entry
 * id, taking over one reference to it. */
static int set_wid_at(Core *c, int u, int v, int id, Slot *found) {
    int K = c->K;
    if (found) {
        int lo = u < v ? u : v, hi = u < v ? v : u;
        int *at_lo = &c->adj[lo].wi[found->at_lo], *at_hi = &c->adj[hi].wi[found->at_hi];
        int old = *at_lo;
        if (old == id) return wt_release(c, id);
        int heavier = mp_cmp(WT(c, id), WT(c, old), K) > 0;
        *at_lo = *at_hi = id;
        if (wt_release(c, old) < 0) return -1;
        if (!slot_active(c, found)) {
            /* not seen by the algorithm: the pricing after the next solve reads it */
            if (heavier) {
                c->inactive_raised = 1;
                return lower_mark(c, u);
            }
            return 0;
        }
    } else {
        if (adj_append(&c->adj[u], v, id) < 0 || adj_append(&c->adj[v], u, id) < 0) return -1;
        Slot *slot = ix_add(&c->index, pair_key(u, v));
        if (!slot) return -1;
        slot->at_lo = u < v ? c->adj[u].len - 1 : c->adj[v].len - 1;
        slot->at_hi = u < v ? c->adj[v].len - 1 : c->adj[u].len - 1;
        if (c->inactive) {
            /* after a sparse start a new edge stays out (moving it in costs four lookups in
             * the index), and the next pricing reads it */
            c->inactive++;
            c->inactive_raised = 1;
            return lower_mark(c, u);
        }
        activate_entry(c, u, c->adj[u].len - 1);
        activate_entry(c, v, c->adj[v].len - 1);
    }
    return iv_push2(&c->changed, u, v);
}

static int set_wid(Core *c, int u, int v, int id) {
    return set_wid_at(c, u, v, id, ix_find(&c->index, pair_key(u, v)));
}

/* Remove edge {u, v} if it exists. */
static int remove_edge(Core *c, int u, int v) {
    Slot *found = ix_find(&c->index, pair_key(u, v));
    if (!found) return 0;
    int active = slot_active(c, found);
    if (adj_remove(c, u, v) < 0) return -1;
    return active ? iv_push2(&c->changed, u, v) : 0;
}

/* Set edge {u, v} to 2 * weight nw (K limbs); sign 0 removes it. */
static int set_w2(Core *c, int u, int v, const limb *nw, int sign) {
    if (sign == 0) return remove_edge(c, u, v);
    int id = wt_intern(c, nw);
    return id < 0 ? -1 : set_wid(c, u, v, id);
}

/* The table entry of a Python int weight, with a reference for the caller; ZERO_W for 0.
 * Weights repeat (one object per pair of kinds of player in a Dutch bracket): the entry of the
 * last object is kept, with a reference of its own, and an object met again is not read again.
 * Objects are compared by identity, so the cache lives for one call, whose arguments hold
 * them; cache_done drops its reference. */
#define ZERO_W (-2)
typedef struct {
    PyObject *obj;
    int id;
} WCache;

static int cache_done(Core *c, WCache *wc) {
    int rc = wc->obj && wc->id >= 0 ? wt_release(c, wc->id) : 0;
    wc->obj = NULL;
    return rc;
}

static int weight_id(Core *c, WCache *wc, PyObject *w) {
    if (w == wc->obj) {
        if (wc->id >= 0) c->wt.refs[wc->id]++;
        return wc->id;
    }
    if (!PyLong_Check(w)) { PyErr_SetString(PyExc_TypeError, "weights must be int"); return -1; }
    int sign = _PyLong_Sign(w);
    if (sign < 0) { PyErr_SetString(PyExc_ValueError, "weights must be >= 0"); return -1; }
    int id = ZERO_W;
    if (sign) {
        size_t bits = _PyLong_NumBits(w);
        if (bits == (size_t)-1 && PyErr_Occurred()) return -1;
        int K2 = need_limbs(bits);
        if (K2 > c->K && widen(c, K2) < 0) return -1;
        limb *nw = c->t1;
        if (pylong_to_limbs(w, nw, c->K) < 0) return -1;
        mp_add(nw, nw, nw, c->K);
        id = wt_intern(c, nw);
        if (id < 0) return -1;
    }
    if (cache_done(c, wc) < 0) return -1;
    wc->obj = w;
    wc->id = id;
    if (id >= 0) c->wt.refs[id]++;
    return id;
}

static int set_by_id(Core *c, int u, int v, int id) {
    return id == ZERO_W ? remove_edge(c, u, v) : set_wid(c, u, v, id);
}

static int parse_pair(Core *c, PyObject *const *args, int *u, int *v) {
    Py_ssize_t a = PyLong_AsSsize_t(args[0]);
    if (a == -1 && PyErr_Occurred()) return -1;
    Py_ssize_t b = PyLong_AsSsize_t(args[1]);
    if (b == -1 && PyErr_Occurred()) return -1;
    if (check_pair(c, a, b) < 0) return -1;
    *u = (int)a;
    *v = (int)b;
    return 0;
}

static PyObject *Core_set_weight(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u, v;
    if (nargs != 3) { PyErr_SetString(PyExc_TypeError, "set_weight(u, v, weight)"); return NULL; }
    if (parse_pair(c, args, &u, &v) < 0 || do_set_weight(c, u, v, args[2]) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_weight(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u, v;
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "weight(u, v)"); return NULL; }
    if (parse_pair(c, args, &u, &v) < 0) return NULL;
    return weight_of(c, u, v);
}

static PyObject *Core_add_weight(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u, v;
    if (nargs != 3) { PyErr_SetString(PyExc_TypeError, "add_weight(u, v, delta)"); return NULL; }
    if (parse_pair(c, args, &u, &v) < 0) return NULL;
    PyObject *w = weight_of(c, u, v);
    if (!w) return NULL;
    PyObject *s = PyNumber_Add(w, args[2]);
    Py_DECREF(w);
    if (!s) return NULL;
    int rc = do_set_weight(c, u, v, s);
    Py_DECREF(s);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}


/* The neighbours of v, in adjacency order (no weights: cheaper than neighbours()). */
static PyObject *Core_neighbour_ids(Core *c, PyObject *arg) {
    Py_ssize_t v = PyLong_AsSsize_t(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < 0 || v >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    Adj *a = &c->adj[v];
    PyObject *l = PyList_New(a->len - a->dead);
    if (!l) return NULL;
    Py_ssize_t k = 0;
    for (int i = 0; i < a->len; i++) {
        if (a->nb[i] < 0) continue;
        PyObject *x = PyLong_FromLong(a->nb[i]);
        if (!x) { Py_DECREF(l); return NULL; }
        PyList_SET_ITEM(l, k++, x);
    }
    return l;
}

/* Vertex numbers of a sequence, checked as pairs with u. */
static int *vertex_list(Core *c, int u, PyObject *seq, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, "a sequence of vertices");
    if (!fast) return NULL;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(fast);
    int *out = (int *)PyMem_Malloc(sizeof(int) * (size_t)(m + 1));
    if (!out) { Py_DECREF(fast); PyErr_NoMemory(); return NULL; }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < m; i++) {
        Py_ssize_t v = PyLong_AsSsize_t(items[i]);
        if ((v == -1 && PyErr_Occurred()) || check_pair(c, u, v) < 0) {
            PyMem_Free(out);
            Py_DECREF(fast);
            return NULL;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    *len = m;
    return out;
}

/* The (u, vs) arguments of a row method called with ``want`` arguments: u checked, vs as
 * vertex numbers (to PyMem_Free). NULL with an exception set on bad arguments. */
static int *row_args(Core *c, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
                     const char *usage, int *u_out, Py_ssize_t *m) {
    if (nargs != want) { PyErr_SetString(PyExc_TypeError, usage); return NULL; }
    Py_ssize_t u = PyLong_AsSsize_t(args[0]);
    if (u == -1 && PyErr_Occurred()) return NULL;
    if (u < 0 || u >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    *u_out = (int)u;
    return vertex_list(c, (int)u, args[1], m);
}

/* Bits of a number >= 0. */
static size_t mp_bits(const limb *a, int K) {
    for (int k = K - 1; k >= 0; k--)
        if (a[k]) return (size_t)k * 64 + (size_t)(64 - __builtin_clzll(a[k]));
    return 0;
}

/* Widen the core so that any weight plus or minus 2 * d fits. */
static int delta_room(Core *c, PyObject *d) {
    if (!PyLong_Check(d)) { PyErr_SetString(PyExc_TypeError, "weights must be int"); return -1; }
    PyObject *a = PyNumber_Absolute(d);
    if (!a) return -1;
    size_t bits = _PyLong_NumBits(a);
    Py_DECREF(a);
    if (bits == (size_t)-1 && PyErr_Occurred()) return -1;
    int K2 = need_limbs(bits + 1);
    return K2 > c->K ? widen(c, K2) : 0;
}

/* add_weights(u, vs, delta): add delta (an int, or one int per vertex) to each edge {u, v}
 * that exists; edges that do not exist are left alone; a weight that becomes 0 removes its
 * edge. The sums are made on the stored numbers (no Python int per edge); the last sum's
 * entry is kept for the edges after it with the same weight and delta. */
static PyObject *Core_add_weights(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u;
    Py_ssize_t m;
    int *vs = row_args(c, args, nargs, 3, "add_weights(u, vs, delta)", &u, &m);
    if (!vs) return NULL;
    PyObject *deltas = NULL;
    if (!PyLong_Check(args[2])) {
        deltas = PySequence_Fast(args[2], "delta: an int or a sequence of ints");
        if (!deltas) { PyMem_Free(vs); return NULL; }
        if (PySequence_Fast_GET_SIZE(deltas) != m) {
            PyErr_SetString(PyExc_ValueError, "one delta per vertex");
            Py_DECREF(deltas);
            PyMem_Free(vs);
            return NULL;
        }
    }
    limb *dl = NULL, *sum = NULL;
    int dK = 0;
    PyObject *last_d = NULL; /* the delta in dl, as converted with dK limbs */
    int last_old = -1, last_new = ZERO_W; /* last_new holds a reference when >= 0 */
    int rc = 0;
    for (Py_ssize_t i = 0; i < m && rc == 0; i++) {
        Slot *sl = ix_find(&c->index, pair_key(u, vs[i]));
        if (!sl) continue;
        PyObject *d = deltas ? PySequence_Fast_GET_ITEM(deltas, i) : args[2];
        if (d != last_d || dK != c->K) {
            if (delta_room(c, d) < 0) { rc = -1; break; }
            if (dK != c->K) {
                PyMem_Free(dl);
                dl = (limb *)PyMem_Malloc(sizeof(limb) * 2 * (size_t)c->K);
                if (!dl) { PyErr_NoMemory(); rc = -1; break; }
                dK = c->K;
            }
            if (pylong_to_limbs(d, dl, dK) < 0) { rc = -1; break; }
            mp_add(dl, dl, dl, dK);
            sum = dl + dK;
            last_d = d;
            if (last_new >= 0 && wt_release(c, last_new) < 0) { rc = -1; break; }
            last_old = -1;
            last_new = ZERO_W;
        }
        int lo = u < vs[i] ? u : vs[i];
        int old = c->adj[lo].wi[sl->at_lo];
        int id;
        if (old == last_old) {
            id = last_new;
            if (id >= 0) c->wt.refs[id]++;
        } else {
            int K = c->K;
            mp_add(sum, WT(c, old), dl, K);
            int sign = mp_sign(sum, K);
            if (sign < 0) { PyErr_SetString(PyExc_ValueError, "weights must be >= 0"); rc = -1; break; }
            if (sign > 0 && need_limbs(mp_bits(sum, K) - 1) > K) {
                /* cannot happen: delta_limbs left room for any weight plus delta */
                PyErr_SetString(PyExc_OverflowError, "weight out of range");
                rc = -1;
                break;
            }
            id = sign ? wt_intern(c, sum) : ZERO_W;
            if (id == -1) { rc = -1; break; }
            if (last_new >= 0 && wt_release(c, last_new) < 0) { rc = -1; break; }
            last_old = old;
            last_new = id;
            if (id >= 0) c->wt.refs[id]++;
        }
        rc = id == ZERO_W ? remove_edge(c, u, vs[i]) : set_wid_at(c, u, vs[i], id, sl);
    }
    if (last_new >= 0 && wt_release(c, last_new) < 0) rc = -1;
    PyMem_Free(dl);
    Py_XDECREF(deltas);
    PyMem_Free(vs);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ preferences
 * prefer(x, candidates) settles x with the first candidate that some maximum-weight matching
 * pairs with x, among the matchings that keep every pair prefer settled before. After a solve
 * the duals are optimal, and a matching is maximum-weight exactly when its edges are tight
 * (zero slack) and it covers every vertex of positive dual (complementary slackness; for a
 * bipartite graph there are no blossom duals). Such matchings containing x-y and the settled
 * pairs exist exactly when, with x-y put in and the pairs x and y had taken out, the two
 * vertices left alone (those of positive dual) can be covered again by alternating paths of
 * tight edges that avoid the settled vertices: each path ends at a free vertex or at a vertex
 * of dual zero, which may be left alone (the augmenting path theorem, vertex by vertex). The
 * duals stay optimal throughout, so a sequence of preferences costs searches in the tight
 * graph, not solves: the transpositions of a Dutch remainder (step 7), hundreds of solves at
 * 10,000 players, become one solve. Only for bipartite graphs without blossoms (checked once
 * after a solve; prefer raises otherwise). */

static int prefer_prepare(Core *c) {
    int n = c->n;
    if (c->prefer_ready) return c->prefer_ready;
    if (!c->fixed) c->fixed = (char *)PyMem_Calloc((size_t)n + 1, 1);
    if (!c->side) c->side = (signed char *)PyMem_Malloc((size_t)n + 1);
    if (!c->pfx) c->pfx = (int *)PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    if (!c->fixed || !c->side || !c->pfx) { PyErr_NoMemory(); return -2; }
    for (int v = 0; v < n; v++)
        if (c->top[v] != v) { c->prefer_ready = -1; return -1; }
    for (int v = 0; v < n; v++) c->side[v] = -1;
    IVec queue = {0};
    int ok = 1;
    for (int r = 0; r < n && ok; r++) {
        if (c->side[r] >= 0 || c->adj[r].len - c->adj[r].dead <= 0) continue;
        c->side[r] = 0;
        queue.len = 0;
        if (iv_push(&queue, r) < 0) { iv_free(&queue); return -2; }
        for (Py_ssize_t q = 0; q < queue.len && ok; q++) {
            int u = queue.a[q];
            Adj *a = &c->adj[u];
            for (int j = 0; j < a->len; j++) {
                int v = a->nb[j];
                if (v < 0) continue;
                if (c->side[v] < 0) {
                    c->side[v] = (signed char)(1 - c->side[u]);
                    if (iv_push(&queue, v) < 0) { iv_free(&queue); return -2; }
                } else if (c->side[v] == c->side[u]) {
                    ok = 0;
                    break;
                }
            }
        }
    }
    iv_free(&queue);
    c->prefer_ready = ok ? 1 : -1;
    return c->prefer_ready;
}

/* Is edge {u, v} of entry wid tight? */
static inline int tight(Core *c, int u, int v, int wid, limb *scratch) {
    int K = c->K;
    mp_add(scratch, NUM(c->dual, u), NUM(c->dual, v), K);
    return mp_eq(scratch, WT(c, wid), K);
}

/* Set mate[v] = m, noting the old value in log (pairs) to undo. */
static inline int remate(Core *c, IVec *log, int v, int m) {
    if (iv_push2(log, v, c->mate[v]) < 0) return -1;
    c->mate[v] = m;
    return 0;
}

/* Cover the free vertex s again: an alternating path of tight edges from s, avoiding settled
 * vertices, to a free vertex or to a matched vertex of dual zero (left alone), flipped.
 * 1 if found, 0 if none, -1 on error. */
static int cover(Core *c, int s, IVec *log) {
    int K = c->K;
    limb *scratch = c->t2;
    IVec queue = {0};
    bump_mark(c);
    c->mark[s] = c->mark_gen;
    c->pfx[s] = NONE;
    if (iv_push(&queue, s) < 0) return -1;
    int rc = 0;
    for (Py_ssize_t q = 0; q < queue.len && !rc; q++) {
        int u = queue.a[q]; /* on s's side, free (s) or matched to the vertex it came from */
        Adj *a = &c->adj[u];
        for (int j = 0; j < a->len; j++) {
            int v = a->nb[j];
            if (v < 0 || c->fixed[v] || c->mark[v] == c->mark_gen || v == c->mate[u]) continue;
            if (!tight(c, u, v, a->wi[j], scratch)) continue;
            c->mark[v] = c->mark_gen;
            int w = c->mate[v];
            int ends = w == NONE || (!c->fixed[w] && !mp_sign(NUM(c->dual, w), K));
            if (!ends) {
                if (c->fixed[w] || c->mark[w] == c->mark_gen) continue;
                c->mark[w] = c->mark_gen;
                c->pfx[w] = u;
                c->pfx[v] = NONE;
                if (iv_push(&queue, w) < 0) { rc = -1; break; }
                continue;
            }
            /* flip: v takes u, u's old partner (the vertex before it on the path) takes the
             * one before that, and so on back to s; w (if any) is left alone */
            if (w != NONE && remate(c, log, w, NONE) < 0) { rc = -1; break; }
            int x = u, y = v;
            for (;;) {
                int prev = c->mate[x]; /* x's partner on the path before it, NONE at s */
                if (remate(c, log, x, y) < 0 || remate(c, log, y, x) < 0) { rc = -1; break; }
                if (x == s) break;
                y = prev;
                x = c->pfx[x];
            }
            if (!rc) rc = 1;
            break;
        }
    }
    iv_free(&queue);
    return rc;
}

static void undo_log(Core *c, IVec *log) {
    for (Py_ssize_t i = log->len - 2; i >= 0; i -= 2) c->mate[log->a[i]] = log->a[i + 1];
    log->len = 0;
}

/* prefer(x, candidates): see above. Returns the partner chosen. */
static PyObject *Core_prefer(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int x;
    Py_ssize_t m;
    int *cand = row_args(c, args, nargs, 2, "prefer(x, candidates)", &x, &m);
    if (!cand) return NULL;
    int K = c->K;
    PyObject *result = NULL;
    IVec log = {0};
    int ready = prefer_prepare(c);
    if (ready < 0) {
        if (ready == -1)
            PyErr_SetString(PyExc_ValueError, "prefer needs a solved bipartite graph without blossoms");
        goto done;
    }
    if (c->changed.len || c->inactive_raised) {
        PyErr_SetString(PyExc_ValueError, "prefer needs a solve after the last change of weights");
        goto done;
    }
    int l0 = c->mate[x];
    if (c->fixed[x] || l0 == NONE) {
        PyErr_SetString(PyExc_ValueError, "prefer: x must be matched and not settled yet");
        goto done;
    }
    limb *scratch = c->t3;
    int listed = 0;
    /* When the search that re-covers x's partner l0 fails for a candidate y, the vertices it
     * reached (marked with generation memo) bound every later search for l0: with y' instead
     * of y only y' is barred and only a' = mate(y') is freed (y is reached through a alone,
     * which that search did not reach), so unless it reached a', l0 cannot be covered with y'
     * either. Trying l0 first makes this the common failure a single search. */
    int memo = 0;
    for (Py_ssize_t i = 0; i < m && !listed; i++) {
        int y = cand[i];
        if (y == l0) {
            listed = 1;
            break;
        }
        Slot *sl = ix_find(&c->index, pair_key(x, y));
        if (!sl || c->fixed[y]) continue;
        int wid = c->adj[x < y ? x : y].wi[sl->at_lo];
        if (!tight(c, x, y, wid, scratch)) continue;
        /* x-y in, x-l0 and a-y out; x and y settled; l0 and a covered again if they must */
        int a = c->mate[y];
        if (memo && (a == NONE || c->mark[a] != memo)) continue;
        if (remate(c, &log, l0, NONE) < 0 || (a != NONE && remate(c, &log, a, NONE) < 0) ||
            remate(c, &log, x, y) < 0 || remate(c, &log, y, x) < 0)
            goto done;
        c->fixed[x] = c->fixed[y] = 1;
        int ok = 1;
        memo = 0; /* a search overwrites the marks */
        int free_ones[2] = {l0, a};
        for (int k = 0; k < 2 && ok; k++) {
            int s = free_ones[k];
            if (s == NONE || c->mate[s] != NONE || !mp_sign(NUM(c->dual, s), K)) continue;
            int r = cover(c, s, &log);
            if (r < 0) goto done;
            ok = r;
            if (!r && k == 0) memo = c->mark_gen;
        }
        if (ok) {
            result = PyLong_FromLong(y);
            goto done;
        }
        c->fixed[x] = c->fixed[y] = 0;
        undo_log(c, &log);
    }
    if (!listed) {
        PyErr_SetString(PyExc_ValueError, "prefer: x's partner must be among the candidates");
        goto done;
    }
    /* none before x's partner: x keeps it */
    c->fixed[x] = c->fixed[l0] = 1;
    result = PyLong_FromLong(l0);
done:
    iv_free(&log);
    PyMem_Free(cand);
    return result;
}

/* keep_only(u, v): remove every edge of u but {u, v} (v may be -1: all of them). */
static PyObject *Core_keep_only(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "keep_only(u, v)"); return NULL; }
    Py_ssize_t u = PyLong_AsSsize_t(args[0]), v = PyLong_AsSsize_t(args[1]);
    if ((u == -1 || v == -1) && PyErr_Occurred()) return NULL;
    if (u < 0 || u >= c->n || v < -1 || v >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    Adj *a = &c->adj[u];
    int *others = (int *)PyMem_Malloc(sizeof(int) * ((size_t)a->len + 1));
    if (!others) return PyErr_NoMemory();
    int k = 0;
    for (int i = 0; i < a->len; i++)
        if (a->nb[i] >= 0 && a->nb[i] != v) others[k++] = a->nb[i];
    int rc = 0;
    for (int i = 0; i < k && rc == 0; i++) rc = remove_edge(c, (int)u, others[i]);
    PyMem_Free(others);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

/* set_weights_by_kind(u, vs, mask, kinds, table): for each v of vs with mask[v] nonzero, the
 * weight of {u, v} becomes table[kinds[v]] (0 removes the edge). mask: a byte per vertex;
 * kinds: a buffer of C ints, one per vertex. One conversion per entry of table, however many
 * edges share it. */
static PyObject *Core_set_weights_by_kind(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u;
    Py_ssize_t m;
    int *vs = row_args(c, args, nargs, 5, "set_weights_by_kind(u, vs, mask, kinds, table)", &u, &m);
    if (!vs) return NULL;
    Py_buffer mask = {0}, kinds = {0};
    PyObject *table = NULL;
    int *ids = NULL;
    Py_ssize_t nt = 0;
    int rc = -1;
    if (PyObject_GetBuffer(args[2], &mask, PyBUF_SIMPLE) < 0) goto done;
    if (PyObject_GetBuffer(args[3], &kinds, PyBUF_FORMAT) < 0) goto done;
    if (kinds.itemsize != sizeof(int) || !kinds.format || strcmp(kinds.format, "i") != 0) {
        PyErr_SetString(PyExc_TypeError, "kinds: a buffer of C ints (array('i'))");
        goto done;
    }
    table = PySequence_Fast(args[4], "table: a sequence of ints");
    if (!table) goto done;
    nt = PySequence_Fast_GET_SIZE(table);
    ids = (int *)PyMem_Malloc(sizeof(int) * ((size_t)nt + 1));
    if (!ids) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t t = 0; t < nt; t++) ids[t] = -3; /* not converted yet */
    const unsigned char *mk = (const unsigned char *)mask.buf;
    const int *kd = (const int *)kinds.buf;
    Py_ssize_t nm = mask.len, nk = kinds.len / (Py_ssize_t)sizeof(int);
    rc = 0;
    WCache wc = {NULL, 0};
    for (Py_ssize_t i = 0; i < m && rc == 0; i++) {
        int v = vs[i];
        if (v >= nm || v >= nk) { PyErr_SetString(PyExc_IndexError, "mask and kinds need an entry per vertex"); rc = -1; break; }
        if (!mk[v]) continue;
        int k = kd[v];
        if (k < 0 || k >= nt) { PyErr_SetString(PyExc_IndexError, "kind out of the table"); rc = -1; break; }
        if (ids[k] == -3) {
            ids[k] = weight_id(c, &wc, PySequence_Fast_GET_ITEM(table, k));
            if (ids[k] == -1) { rc = -1; break; }
            if (ids[k] >= 0) c->wt.refs[ids[k]]++; /* the table's own reference */
        }
        int id = ids[k];
        if (id >= 0) c->wt.refs[id]++;
        rc = set_by_id(c, u, v, id);
    }
    if (cache_done(c, &wc) < 0) rc = -1;
    for (Py_ssize_t t = 0; t < nt; t++)
        if (ids[t] >= 0 && wt_release(c, ids[t]) < 0) rc = -1;
done:
    if (mask.obj) PyBuffer_Release(&mask);
    if (kinds.obj) PyBuffer_Release(&kinds);
    Py_XDECREF(table);
    PyMem_Free(ids);
    PyMem_Free(vs);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

/* remove_edges(u, vs): remove each edge {u, v} that exists. */
static PyObject *Core_remove_edges(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u;
    Py_ssize_t m;
    int *vs = row_args(c, args, nargs, 2, "remove_edges(u, vs)", &u, &m);
    if (!vs) return NULL;
    for (Py_ssize_t i = 0; i < m; i++) {
        Slot *s = ix_find(&c->index, pair_key(u, vs[i]));
        if (!s) continue;
        int active = slot_active(c, s);
        if (adj_remove(c, u, vs[i]) < 0) { PyMem_Free(vs); return NULL; } /* set_weight(u, v, 0) */
        if (active && iv_push2(&c->changed, u, vs[i]) < 0) { PyMem_Free(vs); return NULL; }
    }
    PyMem_Free(vs);
    Py_RETURN_NONE;
}


/* set_weights(u, vs, ws): set_weight(u, vs[i], ws[i]) for each i, in one call. */
static PyObject *Core_set_weights(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    int u;
    Py_ssize_t m;
    int *vs = row_args(c, args, nargs, 3, "set_weights(u, vs, ws)", &u, &m);
    if (!vs) return NULL;
    PyObject *ws = PySequence_Fast(args[2], "ws: a sequence of ints");
    if (!ws) { PyMem_Free(vs); return NULL; }
    if (PySequence_Fast_GET_SIZE(ws) != m) {
        PyErr_SetString(PyExc_ValueError, "one weight per vertex");
        Py_DECREF(ws);
        PyMem_Free(vs);
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(ws);
    int rc = 0;
    WCache wc = {NULL, 0};
    for (Py_ssize_t i = 0; i < m && rc == 0; i++) {
        int id = weight_id(c, &wc, items[i]);
        rc = id == -1 ? -1 : set_by_id(c, u, vs[i], id);
    }
    if (cache_done(c, &wc) < 0) rc = -1;
    Py_DECREF(ws);
    PyMem_Free(vs);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_mate(Core *c, PyObject *arg) {
    Py_ssize_t v = PyLong_AsSsize_t(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < 0 || v >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    int m = c->mate[v];
    if (m == NONE) Py_RETURN_NONE;
    return PyLong_FromLong(m);
}

static PyObject *Core_mates(Core *c, PyObject *unused) {
    PyObject *l = PyList_New(c->n);
    if (!l) return NULL;
    for (int v = 0; v < c->n; v++) {
        PyObject *x;
        if (c->mate[v] == NONE) { x = Py_None; Py_INCREF(x); } else x = PyLong_FromLong(c->mate[v]);
        if (!x) { Py_DECREF(l); return NULL; }
        PyList_SET_ITEM(l, v, x);
    }
    return l;
}

static PyObject *Core_neighbours(Core *c, PyObject *arg) {
    Py_ssize_t v = PyLong_AsSsize_t(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    if (v < 0 || v >= c->n) { PyErr_SetString(PyExc_IndexError, "vertex out of range"); return NULL; }
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    Adj *a = &c->adj[v];
    for (int i = 0; i < a->len; i++) {
        if (a->nb[i] < 0) continue;
        PyObject *k = PyLong_FromLong(a->nb[i]);
        PyObject *w = weight_of(c, (int)v, a->nb[i]);
        if (!k || !w || PyDict_SetItem(d, k, w) < 0) { Py_XDECREF(k); Py_XDECREF(w); Py_DECREF(d); return NULL; }
        Py_DECREF(k);
        Py_DECREF(w);
    }
    return d;
}

static PyObject *Core_edges(Core *c, PyObject *unused) {
    PyObject *l = PyList_New(0);
    if (!l) return NULL;
    for (int u = 0; u < c->n; u++) {
        Adj *a = &c->adj[u];
        for (int i = 0; i < a->len; i++) {
            int v = a->nb[i];
            if (v <= u) continue;
            PyObject *w = weight_of(c, u, v);
            if (!w) { Py_DECREF(l); return NULL; }
            PyObject *t = Py_BuildValue("(iiN)", u, v, w);
            if (!t || PyList_Append(l, t) < 0) { Py_XDECREF(t); Py_DECREF(l); return NULL; }
            Py_DECREF(t);
        }
    }
    return l;
}

/* The bytes argument marking a set of vertices (one byte per vertex, nonzero: inside). */
static const char *inside_mask(Core *c, PyObject *arg) {
    if (!PyBytes_Check(arg)) { PyErr_SetString(PyExc_TypeError, "inside must be bytes"); return NULL; }
    if (PyBytes_GET_SIZE(arg) < c->n) { PyErr_SetString(PyExc_ValueError, "inside must have a byte per vertex"); return NULL; }
    return PyBytes_AS_STRING(arg);
}

/* For each v of vs (all inside the set): the most v gains, in doubled units, from an edge to a
 * vertex o outside the set: max of 2 w(v, o) - dual(o) - 2 z(o), where z(o) sums the duals of
 * the blossoms that hold the whole set and o; None for v without such an edge. None instead
 * of the list when a blossom of positive dual holds part of the set and vertices outside it
 * (the bound of WeightedMatcher.outer_gains needs every such blossom to hold the whole set).
 * Read after a solve (the duals are then settled). */
static PyObject *Core_outer_gains(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "outer_gains(vs, inside)"); return NULL; }
    const char *inside = inside_mask(c, args[1]);
    if (!inside) return NULL;
    int n = c->n, K = c->K;
    /* count[b]: vertices of the set inside blossom b; size[b]: all its vertices */
    int *count = (int *)PyMem_Calloc((size_t)(2 * n) + 1, sizeof(int));
    int *size = (int *)PyMem_Calloc((size_t)(2 * n) + 1, sizeof(int));
    limb *zsum = (limb *)PyMem_Calloc((size_t)n * (size_t)K + 1, sizeof(limb));
    char *encloses = (char *)PyMem_Calloc((size_t)(2 * n) + 1, 1);
    PyObject *seq = NULL, *out = NULL;
    if (!count || !size || !zsum || !encloses) { PyErr_NoMemory(); goto done; }
    int members = 0;
    for (int v = 0; v < n; v++) {
        if (inside[v]) members++;
        for (int b = c->parent[v]; b != -1; b = c->parent[b]) {
            size[b]++;
            if (inside[v]) count[b]++;
        }
    }
    for (int b = n; b < 2 * n; b++) {
        if (!size[b] || !count[b] || mp_sign(NUM(c->dual, b), K) <= 0) continue;
        if (count[b] == members && size[b] > members) encloses[b] = 1;
        else if (count[b] != size[b]) { out = Py_None; Py_INCREF(out); goto done; }
    }
    for (int v = 0; v < n; v++) {
        if (inside[v]) continue;
        for (int b = c->parent[v]; b != -1; b = c->parent[b])
            if (encloses[b]) mp_add(NUM(zsum, v), NUM(zsum, v), NUM(c->dual, b), K);
    }
    seq = PySequence_Fast(args[0], "vs must be a sequence");
    if (!seq) goto done;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    out = PyList_New(m);
    if (!out) goto done;
    limb *best = c->t2, *gain = c->t3;
    for (Py_ssize_t i = 0; i < m; i++) {
        Py_ssize_t v = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_CLEAR(out); goto done; }
        if (v < 0 || v >= n || !inside[v]) {
            PyErr_SetString(PyExc_IndexError, "vertex out of range or outside the set");
            Py_CLEAR(out);
            goto done;
        }
        Adj *a = &c->adj[v];
        int found = 0;
        for (int j = 0; j < a->len; j++) {
            int o = a->nb[j];
            if (o < 0 || inside[o]) continue;
            mp_sub(gain, WT(c, a->wi[j]), NUM(c->dual, o), K);
            mp_sub(gain, gain, NUM(zsum, o), K);
            mp_sub(gain, gain, NUM(zsum, o), K);
            if (!found || mp_cmp(gain, best, K) > 0) { mp_copy(best, gain, K); found = 1; }
        }
        PyObject *x;
        if (found) {
            x = limbs_to_pylong(best, K);
            if (!x) { Py_CLEAR(out); goto done; }
        } else {
            x = Py_None;
            Py_INCREF(x);
        }
        PyList_SET_ITEM(out, i, x);
    }
done:
    Py_XDECREF(seq);
    PyMem_Free(count);
    PyMem_Free(size);
    PyMem_Free(zsum);
    PyMem_Free(encloses);
    return out;
}

/* Copy into c (self) the edges of source with both ends in the set marked by inside, their
 * weights doubled: a graph of part of a round, in units where the source's duals are whole. */
static PyTypeObject CoreType;
static PyObject *Core_take_inside(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyObject_TypeCheck(args[0], &CoreType)) {
        PyErr_SetString(PyExc_TypeError, "take_inside(source: Core, inside: bytes)");
        return NULL;
    }
    Core *src = (Core *)args[0];
    if (src->n > c->n) { PyErr_SetString(PyExc_ValueError, "the source has more vertices"); return NULL; }
    const char *inside = inside_mask(src, args[1]);
    if (!inside) return NULL;
    size_t bits = 0;
    for (int i = 0; i < src->wt.len; i++) {
        if (!src->wt.refs[i]) continue;
        const limb *w = WT(src, i);
        for (int k = src->K - 1; k >= 0; k--)
            if (w[k]) {
                size_t b = (size_t)k * 64 + (size_t)(64 - __builtin_clzll(w[k]));
                if (b > bits) bits = b;
                break;
            }
    }
    int K2 = need_limbs(bits); /* doubled source weights: the source stores 2 w */
    if (K2 > c->K && widen(c, K2) < 0) return NULL;
    int K = c->K, Ks = src->K;
    limb *nw = c->t1;
    for (int u = 0; u < src->n; u++) {
        if (!inside[u]) continue;
        Adj *a = &src->adj[u];
        for (int j = 0; j < a->len; j++) {
            int v = a->nb[j];
            if (v <= u || !inside[v]) continue;
            mp_zero(nw, K);
            memcpy(nw, WT(src, a->wi[j]), sizeof(limb) * (size_t)(Ks < K ? Ks : K));
            mp_add(nw, nw, nw, K); /* stored: 2 * (2 w) */
            if (set_w2(c, u, v, nw, 1) < 0) return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyObject *Core_total_weight(Core *c, PyObject *unused) {
    PyObject *total = PyLong_FromLong(0);
    for (int v = 0; v < c->n && total; v++) {
        int m = c->mate[v];
        if (m <= v) continue;
        PyObject *w = weight_of(c, v, m);
        if (!w) { Py_DECREF(total); return NULL; }
        PyObject *s = PyNumber_Add(total, w);
        Py_DECREF(w);
        Py_DECREF(total);
        total = s;
    }
    return total;
}

/* Repair the matching after changes of weights (or start over, by the size rule, when warm is
 * None and many vertices are touched). */
static int repair(Core *c, PyObject *warm) {
    IVec dirty = {0}, cand = {0};
    int rc = cover_changed_edges(c, &dirty);
    c->changed.len = 0;
    if (rc == 0) {
        if (warm == Py_None && dirty.len * 8 > c->n) {
            rc = reset(c);
            if (rc == 0) rc = run_all(c);
        } else {
            rc = prepare_warm_start(c, &dirty, &cand);
            if (rc == 0) rc = run_stages(c, cand.a, cand.len);
        }
    }
    iv_free(&dirty);
    iv_free(&cand);
    return rc;
}

static PyObject *Core_solve(Core *c, PyObject *args, PyObject *kw) {
    static char *names[] = {"warm", "subgraph", NULL};
    c->prefer_ready = 0;
    if (c->fixed) memset(c->fixed, 0, (size_t)c->n + 1);
    PyObject *warm = Py_None;
    int subgraph = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$Op", names, &warm, &subgraph)) return NULL;
    int rc = 0;
    if (warm == Py_False) {
        c->changed.len = 0;
        c->solve_count++;
        c->keep_subgraph = subgraph;
        rc = reset(c);
        c->keep_subgraph = 0;
        if (rc == 0) rc = run_all(c);
    } else {
        c->solve_count++;
        if (!c->changed.len && !c->inactive_raised) Py_RETURN_NONE;
        if (c->changed.len) rc = repair(c, warm);
    }
    /* a sparse start: the inactive edges priced against the new duals, until none is short */
    c->inactive_raised = 0;
    while (rc == 0) {
        Py_ssize_t added = price(c);
        if (added <= 0) {
            rc = (int)added;
            break;
        }
        rc = repair(c, Py_True);
    }
    if (rc < 0) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    Py_RETURN_NONE;
}

static int iv_copy(IVec *d, const IVec *a) {
    d->a = NULL;
    d->len = d->cap = 0;
    if (iv_reserve(d, a->len ? a->len : 1) < 0) return -1;
    if (a->len) memcpy(d->a, a->a, sizeof(int) * (size_t)a->len);
    d->len = a->len;
    return 0;
}


/* A copy of the matcher between solves: graph, pending changes, matching, duals, blossoms.
 * The per-stage arrays are not copied; they are made again at the next stage. */
static PyObject *Core_copy(Core *c, PyObject *unused) {
    Core *d = (Core *)PyType_GenericNew(&CoreType, NULL, NULL);
    if (!d) return NULL;
    int n = c->n, K = c->K;
    size_t m = (size_t)(2 * n + 1);
    d->n = n;
    d->K = K;
    d->solve_count = c->solve_count;
    d->mark_gen = 1;
    d->adj = (Adj *)PyMem_Calloc((size_t)n + 1, sizeof(Adj));
    d->mate = (int *)PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    d->dual = (limb *)PyMem_Malloc(sizeof(limb) * m * K);
    d->parent = (int *)PyMem_Malloc(sizeof(int) * m);
    d->base = (int *)PyMem_Malloc(sizeof(int) * m);
    d->top = (int *)PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    d->children = (IVec *)PyMem_Calloc(m, sizeof(IVec));
    d->cycle = (IVec *)PyMem_Calloc(m, sizeof(IVec));
    d->mark = (int *)PyMem_Calloc(m, sizeof(int));
    d->pos2 = (int *)PyMem_Calloc(m, sizeof(int));
    d->t0 = (limb *)PyMem_Calloc((size_t)4 * K + 4, sizeof(limb));
    if (!d->adj || ix_copy(&d->index, &c->index) < 0 || wt_copy(&d->wt, &c->wt, K) < 0 || !d->mate || !d->dual || !d->parent || !d->base || !d->top ||
        !d->children || !d->cycle || !d->mark || !d->pos2 || !d->t0)
        goto fail;
    d->t1 = d->t0 + K;
    d->t2 = d->t0 + 2 * K;
    d->t3 = d->t0 + 3 * K;
    for (int v = 0; v < n; v++) {
        Adj *a = &c->adj[v], *b = &d->adj[v];
        int cap = a->len ? a->len : 1;
        b->nb = (int *)PyMem_Malloc(sizeof(int) * (size_t)cap);
        b->wi = (int *)PyMem_Malloc(sizeof(int) * (size_t)cap);
        if (!b->nb || !b->wi) goto fail;
        if (a->len) {
            memcpy(b->nb, a->nb, sizeof(int) * (size_t)a->len);
            memcpy(b->wi, a->wi, sizeof(int) * (size_t)a->len);
        }
        b->len = a->len;
        b->cap = cap;
        b->dead = a->dead;
        b->act = a->act;
    }
    d->sparse_edges = c->sparse_edges;
    d->sparse_keep = c->sparse_keep;
    d->inactive = c->inactive;
    d->inactive_raised = c->inactive_raised;
    d->priced = c->priced;
    d->activated = c->activated;
    d->price_all = c->price_all;
    if (c->fixed) { /* the pairs prefer settled since the last solve */
        d->fixed = (char *)PyMem_Malloc((size_t)n + 1);
        if (!d->fixed) goto fail;
        memcpy(d->fixed, c->fixed, (size_t)n + 1);
    }
    d->lowered = (char *)PyMem_Malloc((size_t)n + 1);
    if (!d->lowered || iv_copy(&d->lowered_list, &c->lowered_list) < 0) goto fail;
    memcpy(d->lowered, c->lowered, (size_t)n + 1);
    if (n) memcpy(d->mate, c->mate, sizeof(int) * (size_t)n);
    memcpy(d->dual, c->dual, sizeof(limb) * m * K);
    memcpy(d->parent, c->parent, sizeof(int) * m);
    memcpy(d->base, c->base, sizeof(int) * m);
    if (n) memcpy(d->top, c->top, sizeof(int) * (size_t)n);
    for (size_t b = 0; b < (size_t)(2 * n); b++)
        if (iv_copy(&d->children[b], &c->children[b]) < 0 || iv_copy(&d->cycle[b], &c->cycle[b]) < 0) goto fail;
    if (iv_copy(&d->unused_ids, &c->unused_ids) < 0 || iv_copy(&d->changed, &c->changed) < 0) goto fail;
    return (PyObject *)d;
fail:
    Py_DECREF(d);
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return NULL;
}

static PyObject *Core_deepcopy(Core *c, PyObject *memo) { return Core_copy(c, NULL); }

static PyObject *Core_state(Core *c, PyObject *unused) {
    /* (mates, duals, parents, children, bases) for the certificate check in Python */
    int n = c->n, K = c->K;
    PyObject *mates = Core_mates(c, NULL);
    PyObject *duals = PyList_New(2 * n), *parents = PyList_New(2 * n), *children = PyList_New(2 * n),
             *bases = PyList_New(2 * n);
    if (!mates || !duals || !parents || !children || !bases) goto fail;
    for (int b = 0; b < 2 * n; b++) {
        PyObject *d = limbs_to_pylong(NUM(c->dual, b), K);
        if (!d) goto fail;
        PyList_SET_ITEM(duals, b, d);
        PyList_SET_ITEM(parents, b, PyLong_FromLong(c->parent[b]));
        PyList_SET_ITEM(bases, b, PyLong_FromLong(b < n ? b : c->base[b]));
        PyObject *ch = PyList_New(c->children[b].len);
        if (!ch) goto fail;
        for (Py_ssize_t i = 0; i < c->children[b].len; i++) PyList_SET_ITEM(ch, i, PyLong_FromLong(c->children[b].a[i]));
        PyList_SET_ITEM(children, b, ch);
    }
    return Py_BuildValue("(NNNNN)", mates, duals, parents, children, bases);
fail:
    Py_XDECREF(mates);
    Py_XDECREF(duals);
    Py_XDECREF(parents);
    Py_XDECREF(children);
    Py_XDECREF(bases);
    return NULL;
}

static void Core_free_all(Core *c) {
    int n = c->n;
    if (c->adj)
        for (int v = 0; v < n; v++) {
            PyMem_Free(c->adj[v].nb);
            PyMem_Free(c->adj[v].wi);
        }
    PyMem_Free(c->adj);
    PyMem_Free(c->index.slots);
    wt_free(&c->wt);
    iv_free(&c->changed);
    PyMem_Free(c->mate);
    PyMem_Free(c->dual);
    PyMem_Free(c->parent);
    PyMem_Free(c->base);
    PyMem_Free(c->top);
    for (int b = 0; b < 2 * n; b++) {
        if (c->children) iv_free(&c->children[b]);
        if (c->cycle) iv_free(&c->cycle[b]);
        if (c->bss_list) iv_free(&c->bss_list[b]);
        if (c->members) iv_free(&c->members[b]);
    }
    PyMem_Free(c->children);
    PyMem_Free(c->cycle);
    PyMem_Free(c->bss_list);
    PyMem_Free(c->members);
    iv_free(&c->unused_ids);
    iv_free(&c->split);
    PyMem_Free(c->label);
    PyMem_Free(c->le);
    PyMem_Free(c->bts);
    PyMem_Free(c->bss);
    PyMem_Free(c->stamp);
    PyMem_Free(c->tree);
    PyMem_Free(c->bss_has_list);
    PyMem_Free(c->bts_key);
    PyMem_Free(c->bss_key);
    PyMem_Free(c->since);
    PyMem_Free(c->shift);
    PyMem_Free(c->sfix);
    PyMem_Free(c->h1.a);
    PyMem_Free(c->h2.a);
    PyMem_Free(c->h3.a);
    PyMem_Free(c->h4.a);
    iv_free(&c->queue);
    PyMem_Free(c->mark);
    PyMem_Free(c->pos2);
    iv_free(&c->tmp);
    iv_free(&c->tmp2);
    iv_free(&c->stack);
    PyMem_Free(c->t0);
    PyMem_Free(c->lowered);
    iv_free(&c->lowered_list);
    PyMem_Free(c->cls_stamp);
    PyMem_Free(c->cls_thr);
    iv_free(&c->st_b);
    iv_free(&c->st_v);
    PyMem_Free(c->fixed);
    PyMem_Free(c->side);
    PyMem_Free(c->pfx);
}

static void Core_dealloc(Core *c) {
    Core_free_all(c);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "n", &n)) return -1;
    if (n < 0) { PyErr_SetString(PyExc_ValueError, "vertex_count must be >= 0"); return -1; }
    if (n > (1 << 29)) { PyErr_SetString(PyExc_ValueError, "vertex_count too large for the compiled matcher"); return -1; }
    if (c->n || c->adj) { PyErr_SetString(PyExc_RuntimeError, "already initialised"); return -1; }
    c->n = (int)n;
    c->K = 1;
    size_t m = (size_t)(2 * n + 1);
    c->adj = (Adj *)PyMem_Calloc((size_t)n + 1, sizeof(Adj));
    c->mate = (int *)PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    c->dual = (limb *)PyMem_Calloc(m, sizeof(limb));
    c->parent = (int *)PyMem_Malloc(sizeof(int) * m);
    c->base = (int *)PyMem_Malloc(sizeof(int) * m);
    c->top = (int *)PyMem_Malloc(sizeof(int) * ((size_t)n + 1));
    c->children = (IVec *)PyMem_Calloc(m, sizeof(IVec));
    c->cycle = (IVec *)PyMem_Calloc(m, sizeof(IVec));
    c->mark = (int *)PyMem_Calloc(m, sizeof(int));
    c->pos2 = (int *)PyMem_Calloc(m, sizeof(int));
    c->t0 = (limb *)PyMem_Calloc(8, sizeof(limb));
    c->lowered = (char *)PyMem_Calloc((size_t)n + 1, 1);
    if (!c->adj || !c->mate || !c->dual || !c->parent || !c->base || !c->top || !c->children ||
        !c->cycle || !c->mark || !c->pos2 || !c->t0 || !c->lowered) {
        PyErr_NoMemory();
        return -1;
    }
    c->t1 = c->t0 + 1;
    c->t2 = c->t0 + 2;
    c->t3 = c->t0 + 3;
    c->mark_gen = 1;
    c->sparse_edges = SPARSE_EDGES;
    c->sparse_keep = SPARSE_KEEP;
    for (int v = 0; v < n; v++) {
        c->mate[v] = NONE;
        c->top[v] = v;
    }
    for (Py_ssize_t b = 0; b < 2 * n; b++) {
        c->parent[b] = -1;
        c->base[b] = b < n ? (int)b : -1;
    }
    for (Py_ssize_t b = 2 * n - 1; b >= n; b--)
        if (iv_push(&c->unused_ids, (int)b) < 0) return -1;
    return 0;
}

static PyObject *Core_get_n(Core *c, void *unused) { return PyLong_FromLong(c->n); }
static PyObject *Core_get_sc(Core *c, void *unused) { return PyLong_FromLong(c->solve_count); }
static int Core_set_sc(Core *c, PyObject *v, void *unused) {
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    c->solve_count = x;
    return 0;
}
static PyObject *Core_get_limbs(Core *c, void *unused) { return PyLong_FromLong(c->K); }
static PyObject *Core_get_se(Core *c, void *unused) { return PyLong_FromLong(c->sparse_edges); }
static int Core_set_se(Core *c, PyObject *v, void *unused) {
    long x = v ? PyLong_AsLong(v) : -1;
    if (x == -1 && PyErr_Occurred()) return -1;
    c->sparse_edges = x;
    return 0;
}
static PyObject *Core_get_sk(Core *c, void *unused) { return PyLong_FromLong(c->sparse_keep); }
static int Core_set_sk(Core *c, PyObject *v, void *unused) {
    long x = v ? PyLong_AsLong(v) : -1;
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < 1 || x > (1 << 20)) { PyErr_SetString(PyExc_ValueError, "sparse_keep must be 1 .. 2**20"); return -1; }
    c->sparse_keep = (int)x;
    return 0;
}
static PyObject *Core_get_pricing(Core *c, void *unused) {
    return Py_BuildValue("(lll)", c->priced, c->activated, c->inactive);
}

static PyMethodDef Core_methods[] = {
    {"set_weight", (PyCFunction)(void (*)(void))Core_set_weight, METH_FASTCALL, "Set the weight of edge {u, v}; 0 removes the edge."},
    {"weight", (PyCFunction)(void (*)(void))Core_weight, METH_FASTCALL, "Current weight of edge {u, v} (0 if there is no edge)."},
    {"add_weight", (PyCFunction)(void (*)(void))Core_add_weight, METH_FASTCALL, "Add delta to the weight of {u, v}."},
    {"mate", (PyCFunction)Core_mate, METH_O, "The vertex matched to v, or None."},
    {"mates", (PyCFunction)Core_mates, METH_NOARGS, "For every vertex its mate, or None."},
    {"set_weights", (PyCFunction)(void (*)(void))Core_set_weights, METH_FASTCALL, "set_weight(u, vs[i], ws[i]) for each i."},
    {"neighbour_ids", (PyCFunction)Core_neighbour_ids, METH_O, "The neighbours of v, in adjacency order."},
    {"add_weights", (PyCFunction)(void (*)(void))Core_add_weights, METH_FASTCALL, "Add delta (or one delta per vertex) to each existing edge {u, v}."},
    {"remove_edges", (PyCFunction)(void (*)(void))Core_remove_edges, METH_FASTCALL, "Remove each existing edge {u, v}."},
    {"keep_only", (PyCFunction)(void (*)(void))Core_keep_only, METH_FASTCALL, "Remove every edge of u but {u, v}."},
    {"prefer", (PyCFunction)(void (*)(void))Core_prefer, METH_FASTCALL, "Settle x with its first candidate that a maximum-weight matching keeping the settled pairs allows."},
    {"set_weights_by_kind", (PyCFunction)(void (*)(void))Core_set_weights_by_kind, METH_FASTCALL, "For v of vs with mask[v]: weight(u, v) = table[kinds[v]]."},
    {"neighbours", (PyCFunction)Core_neighbours, METH_O, "A copy of the edges of v as {neighbour: weight}."},
    {"edges", (PyCFunction)Core_edges, METH_NOARGS, "All edges as (u, v, weight) with u < v, as a list."},
    {"total_weight", (PyCFunction)Core_total_weight, METH_NOARGS, "Total weight of the current matching."},
    {"solve", (PyCFunction)(void (*)(void))Core_solve, METH_VARARGS | METH_KEYWORDS, "Make the matching maximum-weight again."},
    {"state", (PyCFunction)Core_state, METH_NOARGS, "(mates, duals, parents, children, bases) for checking."},
    {"take_inside", (PyCFunction)(void (*)(void))Core_take_inside, METH_FASTCALL, "Copy the source's edges inside the set, weights doubled."},
    {"outer_gains", (PyCFunction)(void (*)(void))Core_outer_gains, METH_FASTCALL, "For each v of vs: max of 2 w(v, o) - dual(o) - 2 z(o) over its neighbours o outside the set (see weighted.py)."},
    {"__copy__", (PyCFunction)Core_copy, METH_NOARGS, "A copy of the matcher (graph, matching, duals, blossoms)."},
    {"__deepcopy__", (PyCFunction)Core_deepcopy, METH_O, "The same as __copy__ (nothing is shared)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"vertex_count", (getter)Core_get_n, NULL, "Number of vertices.", NULL},
    {"solve_count", (getter)Core_get_sc, (setter)Core_set_sc, "Number of solves.", NULL},
    {"limbs", (getter)Core_get_limbs, NULL, "64-bit limbs per number.", NULL},
    {"sparse_edges", (getter)Core_get_se, (setter)Core_set_se, "A start from scratch on at least this many edges solves a subgraph first (-1: never).", NULL},
    {"sparse_keep", (getter)Core_get_sk, (setter)Core_set_sk, "Edges kept per vertex and distinct weight at a sparse start.", NULL},
    {"pricing", (getter)Core_get_pricing, NULL, "(pricing passes, edges they activated, edges inactive now).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fairpair.matching._blossom.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Compiled maximum-weight matching core (see blossom.py for the algorithm).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_blossom", "Compiled core of fairpair.matching.", -1, NULL,
};

PyMODINIT_FUNC PyInit__blossom(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
