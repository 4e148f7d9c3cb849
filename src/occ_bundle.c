/* occ_bundle.c - vision's sample rays of a look, the segments from its eye
 * to each point, walked together through the occluders' hierarchy: the
 * tree once for all of them, each leaf per segment as occ_walk.c's walk
 * tests it, the same answers. */
#include "occ_walk.h"

#ifdef WY_PAIRS_SSE
/* ---- segments from one point, walked together ------------------------------- */

/* n segments a -> b[r] (vision's sample rays) as the node tests take them
 * together: per axis the least and greatest inverse direction, when every
 * direction has one sign there; an axis where they differ (or one is 0)
 * culls nothing (open). Any segment's t on a plane lies between the two
 * the bounds give (rounding keeps order), so a box the bundle misses by the
 * margin is one that each segment's own fast test misses, and then its
 * exact one.
 *
 * With the sign known, a segment enters a box's slab by one plane (the
 * min for a positive direction) and leaves by the other, so the bundle's
 * earliest entry is the lesser of that plane's two bounds and its latest
 * exit the greater of the other's: the values the four-way min and max of
 * both planes give, from half the work. The walk keeps an exit as its
 * negation, so that one max gathers entries and exits alike: a pair's
 * lanes are [left entry, right entry, -left exit, -right exit] (pair_lo,
 * pair_hi: the bounds so signed; a negative axis meets the maxes first and
 * swaps the halves), and entry - exit is entry + -exit to the bit. (A
 * leaf's boxes, tested four lanes of one segment at a time, keep their
 * exits as they are: t0 - t1, the same to the bit.)
 *
 * An open axis still bounds the segments: each one's coordinate there
 * stays between its ends, so within [lo, hi], the least and greatest of a
 * and every b on that axis. A box wholly below lo (its max < lo) or above
 * hi there is one exact_hit misses for every segment, whatever the
 * rounding: on that axis each segment's t reaches the box at 1 or later,
 * or leaves it at 0 or before, and a span met only at t = 1 or t = 0 is
 * missed. (The quotients keep the order of their numerators, and two
 * different floats never subtract to 0.) It needs every end finite (an
 * infinity makes exact_hit's quotient NaN, which it ignores): else lo and
 * hi are the infinities, which cull nothing. Inner nodes span most heights,
 * so the nodes take it on x and y only (a bundle open there, its targets
 * straight ahead, crossed the whole world without it), the leaves on every
 * open axis. */
typedef struct bundle {
  __m128 a[3];
  __m128 pair_lo[3];
  __m128 pair_hi[3];
  __m128 inv_lo[3];  /* a leaf's entries and exits: every lane the bound */
  __m128 inv_hi[3];
  __m128 range_pair[3]; /* open axis: [hi, hi, -lo, -lo] */
  __m128 range_lo[3];   /* open axis: lo (hi: below) in every lane */
  __m128 range_hi[3];
  __m128 margin;     /* every segment's, infinite unless the fast test takes all */
  __m128 nmargin;    /* the margin negated */
  uint32_t closed;   /* bit k: axis k culls (not open) */
  uint32_t neg;      /* bit k: every direction on axis k is negative */
  __m128 span_xy;    /* bundle_pair_xy's start: the span [0, 1] in x's order */
  bool swap_y;       /* bundle_pair_xy: y's sign is not x's */
} bundle;

/* A segment of the bundle as the per-segment leaf test takes it (seg4 less
 * what all of them share, the margin among it): its inverse direction in
 * every lane. */
typedef struct ray4 {
  __m128 inv[3];
} ray4;

static const float pair_signs[2][4] = {{1.0f, 1.0f, -1.0f, -1.0f}, {-1.0f, -1.0f, 1.0f, 1.0f}};

/* A point in lanes 0 to 2 (lane 3 zero), read no further than p[2]. */
WY_INLINE __m128 load3(const float p[3]) {
  return _mm_movelh_ps(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)p)), _mm_load_ss(p + 2));
}

/* Lane k of v in every lane. */
#define WY_LANE(v, k) _mm_castsi128_ps(_mm_shuffle_epi32(_mm_castps_si128(v), _MM_SHUFFLE(k, k, k, k)))

/* Whether the fast test's bounds hold for every direction a -> b[r], as
 * seg_fill works them out: each component 0 or within [2^-40, 2^40]. */
static bool bundle_dirs_ok(const float a[3], const float (*b)[3], int32_t n) {
  const __m128 av = load3(a), abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
  for (int32_t r = 0; r < n; r++) {
    __m128 d = _mm_sub_ps(load3(b[r]), av), ad = _mm_and_ps(d, abs_mask);
    __m128 ok = _mm_or_ps(_mm_cmpeq_ps(d, _mm_setzero_ps()),
                          _mm_and_ps(_mm_cmpge_ps(ad, _mm_set1_ps(WY_FAST_D_MIN)),
                                     _mm_cmple_ps(ad, _mm_set1_ps(WY_FAST_D_MAX))));
    if ((_mm_movemask_ps(ok) & 7) != 7) return false;
  }
  return true;
}

/* The bundle of a -> b[r] and each segment's ray4, worked out four lanes at
 * a time (lane 3 idle): d = b - a and its inverse, +inf for a zero
 * component as seg_fill gives it: d + 0 is d but for a zero, which it
 * makes +0 (-0 + 0 is +0), and the division is seg_fill's. An axis where
 * some inverse is +inf (every zero component, and any positive one too
 * small to invert) is open; a negative one too small gives -inf and leaves
 * the axis closed, which culls nothing (bundle_pair_xy). The fast test takes every segment or none: the margin is the
 * bundle's. Its bounds hold when the least |d| other than 0 (a 0 counted
 * as 1) is 2^-40 or more and the sum of them (as great as any of them, the
 * rounding being monotonic; NaN if one is) 2^40 or less; else they are
 * checked segment by segment (bundle_dirs_ok), so that the bundle is fast
 * exactly when seg_fill would say each of its segments is. */
static void bundle_init(bundle *u, ray4 *v, const float a[3], const float (*b)[3], int32_t n, bool a_fast) {
  const __m128 av = load3(a);
  const __m128 inf = _mm_set1_ps(INFINITY), one = _mm_set1_ps(1.0f), zero = _mm_setzero_ps();
  const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
  __m128 lo = inf, hi = _mm_set1_ps(-INFINITY);
  __m128 ends_lo = av, ends_hi = av;
  __m128 least = inf, sum = zero;
  for (int32_t r = 0; r < n; r++) {
    __m128 bv = load3(b[r]);
    __m128 d = _mm_sub_ps(bv, av);
    ends_lo = _mm_min_ps(ends_lo, bv);
    ends_hi = _mm_max_ps(ends_hi, bv);
    __m128 inv = _mm_div_ps(one, _mm_add_ps(d, zero));
    __m128 ad = _mm_and_ps(d, abs_mask);
    least = _mm_min_ps(least, _mm_or_ps(ad, _mm_and_ps(_mm_cmpeq_ps(d, zero), one)));
    sum = _mm_add_ps(sum, ad);
    lo = _mm_min_ps(lo, inv);
    hi = _mm_max_ps(hi, inv);
    v[r].inv[0] = WY_LANE(inv, 0);
    v[r].inv[1] = WY_LANE(inv, 1);
    v[r].inv[2] = WY_LANE(inv, 2);
  }
  bool all_ok = (_mm_movemask_ps(_mm_and_ps(_mm_cmpge_ps(least, _mm_set1_ps(WY_FAST_D_MIN)),
                                            _mm_cmple_ps(sum, _mm_set1_ps(WY_FAST_D_MAX)))) & 7) == 7;
  if (!all_ok) all_ok = bundle_dirs_ok(a, b, n);
  int zeros = _mm_movemask_ps(_mm_cmpeq_ps(hi, inf));
  int neg_lo = _mm_movemask_ps(_mm_cmplt_ps(lo, zero));
  int neg_hi = _mm_movemask_ps(_mm_cmplt_ps(hi, zero));
  u->closed = (uint32_t)(~(zeros | (neg_lo ^ neg_hi)) & 7);
  u->neg = (uint32_t)(neg_lo & neg_hi & 7);
  u->span_xy = u->neg & 1 ? _mm_setr_ps(-1.0f, -1.0f, 0.0f, 0.0f) : _mm_setr_ps(0.0f, 0.0f, -1.0f, -1.0f);
  u->swap_y = ((u->neg ^ u->neg >> 1) & 1) != 0;
  bool all_fast = a_fast && all_ok;
  u->margin = _mm_set1_ps(all_fast ? margin : INFINITY);
  u->nmargin = _mm_set1_ps(all_fast ? -margin : -INFINITY);
  /* Every d within 2^40 (ok) and a finite (a - a is 0, not NaN): every end
   * is finite. */
  bool finite = all_ok && (_mm_movemask_ps(_mm_cmpeq_ps(_mm_sub_ps(av, av), zero)) & 7) == 7;
  if (!finite) {
    ends_lo = _mm_set1_ps(-INFINITY);
    ends_hi = inf;
  }
  u->a[0] = WY_LANE(av, 0);
  u->a[1] = WY_LANE(av, 1);
  u->a[2] = WY_LANE(av, 2);
  u->inv_lo[0] = WY_LANE(lo, 0);
  u->inv_lo[1] = WY_LANE(lo, 1);
  u->inv_hi[0] = WY_LANE(hi, 0);
  u->inv_hi[1] = WY_LANE(hi, 1);
  u->range_lo[2] = WY_LANE(ends_lo, 2);
  u->range_hi[2] = WY_LANE(ends_hi, 2);
  for (int k = 0; k < 2; k++) {
    __m128 sign = _mm_loadu_ps(pair_signs[u->neg >> k & 1]);
    u->pair_lo[k] = _mm_mul_ps(sign, u->inv_lo[k]);
    u->pair_hi[k] = _mm_mul_ps(sign, u->inv_hi[k]);
  }
  /* The common bundle, closed on x and y and open on z, reads no more
   * (a closed axis its inverses and pair bounds, an open one its range,
   * and range_pair only bundle_pair): the rest is for the others. */
  if (u->closed == 3) return;
  u->inv_lo[2] = WY_LANE(lo, 2);
  u->inv_hi[2] = WY_LANE(hi, 2);
  u->range_lo[0] = WY_LANE(ends_lo, 0);
  u->range_lo[1] = WY_LANE(ends_lo, 1);
  u->range_hi[0] = WY_LANE(ends_hi, 0);
  u->range_hi[1] = WY_LANE(ends_hi, 1);
  __m128 sign = _mm_loadu_ps(pair_signs[u->neg >> 2 & 1]);
  u->pair_lo[2] = _mm_mul_ps(sign, u->inv_lo[2]);
  u->pair_hi[2] = _mm_mul_ps(sign, u->inv_hi[2]);
  /* [hi, hi, -lo, -lo] per axis. */
  const __m128 nends_lo = _mm_xor_ps(ends_lo, _mm_set1_ps(-0.0f));
  __m128 hi_nlo01 = _mm_unpacklo_ps(ends_hi, nends_lo); /* hi0 -lo0 hi1 -lo1 */
  __m128 hi_nlo2 = _mm_unpackhi_ps(ends_hi, nends_lo);  /* hi2 -lo2 */
  u->range_pair[0] = _mm_shuffle_ps(hi_nlo01, hi_nlo01, _MM_SHUFFLE(1, 1, 0, 0));
  u->range_pair[1] = _mm_shuffle_ps(hi_nlo01, hi_nlo01, _MM_SHUFFLE(3, 3, 2, 2));
  u->range_pair[2] = _mm_shuffle_ps(hi_nlo2, hi_nlo2, _MM_SHUFFLE(1, 1, 0, 0));
}

/* The bundle's test of a pair's two children: bit i of the result says
 * child i may be touched by some segment; *entry the earliest entries
 * (lanes 0 and 1). closed, neg: u->closed and u->neg (walk_bundle's
 * common bundle takes bundle_pair_xy instead). */
WY_INLINE int bundle_pair(const bundle *u, const wy_bvh_pair *p, uint32_t closed, uint32_t neg, __m128 *entry) {
  __m128 acc = _mm_setr_ps(0.0f, 0.0f, -1.0f, -1.0f); /* the segments' span [0, 1] */
  int outside = 0;
  for (int k = 0; k < 2; k++) {
    if (closed >> k & 1) continue;
    /* [left min, right min, -left max, -right max] past [hi, hi, -lo, -lo]. */
    __m128 signed_planes = _mm_mul_ps(_mm_load_ps(p->planes[k]), _mm_loadu_ps(pair_signs[0]));
    outside |= _mm_movemask_ps(_mm_cmpgt_ps(signed_planes, u->range_pair[k]));
  }
  for (int k = 0; k < 3; k++) {
    if (!(closed >> k & 1)) continue;
    __m128 x = _mm_sub_ps(_mm_load_ps(p->planes[k]), u->a[k]);
    __m128 t = _mm_min_ps(_mm_mul_ps(x, u->pair_lo[k]), _mm_mul_ps(x, u->pair_hi[k]));
    if (neg >> k & 1) t = _mm_shuffle_ps(t, t, _MM_SHUFFLE(1, 0, 3, 2));
    acc = _mm_max_ps(t, acc);
  }
  *entry = acc;
  __m128 gap = _mm_add_ps(acc, _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(1, 0, 3, 2)));
  return ~(_mm_movemask_ps(_mm_cmpgt_ps(gap, u->margin)) | outside | outside >> 2) & 3;
}

/* bundle_pair for a bundle closed on x and y (walk_bundle's common one),
 * without a shuffle per axis: its lanes keep x's order (the halves
 * swapped when x is negative, the span [0, 1] as u->span_xy starts it),
 * and only y's products are swapped, when y's sign is not x's. The gap
 * adds the two halves, so its lanes 0 and 1 are bundle_pair's (a + b is
 * b + a to the bit), and so is the result; *entry holds the entries in
 * lanes 2 and 3 when x is negative. The maxima are those of bundle_pair
 * taken in another order, which changes none (two zeros may differ in
 * sign, which no comparison and no sum past the margin sees). A product is
 * NaN only where an inverse is -inf (a negative component too small to
 * invert): that component is below WY_FAST_D_MIN, so the margin is
 * infinite and no child is culled, and the order of the walk changes no
 * answer. */
WY_INLINE int bundle_pair_xy(const bundle *u, const wy_bvh_pair *p, __m128 *entry) {
  __m128 x = _mm_sub_ps(_mm_load_ps(p->planes[0]), u->a[0]);
  __m128 acc = _mm_max_ps(_mm_min_ps(_mm_mul_ps(x, u->pair_lo[0]), _mm_mul_ps(x, u->pair_hi[0])), u->span_xy);
  __m128 y = _mm_sub_ps(_mm_load_ps(p->planes[1]), u->a[1]);
  __m128 t = _mm_min_ps(_mm_mul_ps(y, u->pair_lo[1]), _mm_mul_ps(y, u->pair_hi[1]));
  if (u->swap_y) t = _mm_shuffle_ps(t, t, _MM_SHUFFLE(1, 0, 3, 2));
  acc = _mm_max_ps(t, acc);
  *entry = acc;
  __m128 gap = _mm_add_ps(acc, _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_movemask_ps(_mm_cmpngt_ps(gap, u->margin)) & 3; /* not gap > margin: bundle_pair's */
}

/* A leaf's planes less the segments' start, per axis: those its boxes are
 * entered by (e: the mins, or the maxes on a negative closed axis) and
 * left by (l). Worked out once per leaf for the bundle's test and every
 * segment's. */
typedef struct leaf_rel {
  __m128 e[3];
  __m128 l[3];
} leaf_rel;

WY_INLINE void leaf_rel_of(const bundle *u, const wy_bvh_leaf4 *q, uint32_t neg, int k, leaf_rel *x) {
  int enter = neg >> k & 1 ? 4 : 0;
  x->e[k] = _mm_sub_ps(_mm_load_ps(q->planes[k] + enter), u->a[k]);
  x->l[k] = _mm_sub_ps(_mm_load_ps(q->planes[k] + (4 - enter)), u->a[k]);
}

/* The bundle's test of a leaf's four boxes, axis by axis: the latest
 * entry t0, the earliest exit t1 over the closed axes and the boxes
 * outside an open axis's range. The latest exit is the least of the
 * greater products, which is the greatest of the lesser products of the
 * negated bounds, negated (to the bit, NaN or not: the same comparisons
 * pick the same operands). The closed axes are taken in their order, and
 * the open ones only add to outside: the answers of a test of all three
 * at once, to the bit. */
typedef struct leaf_test {
  __m128 t0, t1, outside;
} leaf_test;

WY_INLINE void bundle_leaf_axis(const bundle *u, const wy_bvh_leaf4 *q, const leaf_rel *x, uint32_t closed, int k,
                                leaf_test *s) {
  if (closed >> k & 1) {
    s->t0 = _mm_max_ps(_mm_min_ps(_mm_mul_ps(x->e[k], u->inv_lo[k]), _mm_mul_ps(x->e[k], u->inv_hi[k])), s->t0);
    s->t1 = _mm_min_ps(_mm_max_ps(_mm_mul_ps(x->l[k], u->inv_lo[k]), _mm_mul_ps(x->l[k], u->inv_hi[k])), s->t1);
  } else {
    s->outside = _mm_or_ps(s->outside, _mm_or_ps(_mm_cmplt_ps(u->range_hi[k], _mm_load_ps(q->planes[k])),
                                                 _mm_cmplt_ps(_mm_load_ps(q->planes[k] + 4), u->range_lo[k])));
  }
}

/* Bit i: box i may be touched, by the axes tested so far. */
WY_INLINE int bundle_leaf_mask(const bundle *u, const leaf_test *s) {
  return ~_mm_movemask_ps(_mm_or_ps(_mm_cmpgt_ps(_mm_sub_ps(s->t0, s->t1), u->margin), s->outside)) & 0xF;
}

/* Bit i: every segment of the bundle surely touches box i, as ray_leaf
 * would say of each (sure, not within the margin): then the walk need not
 * ask it segment by segment. On a closed axis a segment's entry and exit
 * lie between the products of x's planes with the least and the greatest
 * inverse (rounding is monotonic), so the greater entry product and the
 * lesser exit one bound every segment's t0 from above and t1 from below.
 * On an open axis, a box whose slab holds the whole range of the ends
 * [lo, hi] is entered at t <= 0 (or at a NaN, which ray_leaf ignores) and
 * left at t >= 1 - 2^-24 or later: its plane less a is at least d = b - a
 * (or at most, d negative), and d times its rounded inverse rounds to
 * 1 - 2^-24 or more; t1 starts below that, 1 - 2^-22. t0 - t1 is then at
 * least each segment's own, so below -m (nm) it is below for each; with
 * the margin infinite (the fast test not taken) no box is. */
WY_INLINE int bundle_leaf_every(const bundle *u, const wy_bvh_leaf4 *q, const leaf_rel *x, uint32_t closed) {
  __m128 t0 = _mm_setzero_ps(), t1 = _mm_set1_ps(1.0f - 0x1p-22f);
  __m128 cover = _mm_castsi128_ps(_mm_set1_epi32(-1));
  for (int k = 0; k < 3; k++) {
    if (closed >> k & 1) {
      t0 = _mm_max_ps(_mm_max_ps(_mm_mul_ps(x->e[k], u->inv_lo[k]), _mm_mul_ps(x->e[k], u->inv_hi[k])), t0);
      t1 = _mm_min_ps(_mm_min_ps(_mm_mul_ps(x->l[k], u->inv_lo[k]), _mm_mul_ps(x->l[k], u->inv_hi[k])), t1);
    } else {
      cover = _mm_and_ps(cover, _mm_and_ps(_mm_cmple_ps(_mm_load_ps(q->planes[k]), u->range_lo[k]),
                                           _mm_cmpge_ps(_mm_load_ps(q->planes[k] + 4), u->range_hi[k])));
    }
  }
  return _mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(_mm_sub_ps(t0, t1), u->nmargin), cover));
}

/* leaf4_spans of one segment of the bundle (the span [0, 1]), from the
 * leaf's planes less its start (x). On a closed axis the segment's sign is the bundle's, so its entries and
 * exits are x's planes times its inverse, which are what slab4 picks of
 * them: no component there is 0, so no t is NaN (for a segment the fast
 * test takes; else the margin m is infinite, and the masks are 0 whatever
 * the ts). An open axis keeps slab4 (x's planes there are the mins and the
 * maxes), for the NaN of a zero component. t1 - t0 > m is t0 - t1 < -m
 * (nm), to the bit: t0 is never NaN, nor t1. */
WY_INLINE void ray_leaf(const leaf_rel *x, const ray4 *v, uint32_t closed, __m128 m, __m128 nm, int *miss,
                        int *sure) {
  __m128 t0 = _mm_setzero_ps(), t1 = _mm_set1_ps(1.0f);
  for (int k = 0; k < 3; k++) {
    __m128 e = _mm_mul_ps(x->e[k], v->inv[k]);
    __m128 l = _mm_mul_ps(x->l[k], v->inv[k]);
    if (!(closed >> k & 1)) slab4(e, l, &e, &l);
    t0 = _mm_max_ps(e, t0);
    t1 = _mm_min_ps(l, t1);
  }
  __m128 gap = _mm_sub_ps(t0, t1);
  *miss = _mm_movemask_ps(_mm_cmpgt_ps(gap, m));
  *sure = _mm_movemask_ps(_mm_cmplt_ps(gap, nm));
}

/* What a bundle's walk hands back: each segment's product and the count
 * of its see-through factors (other than 1 and 0), and the segments to be
 * taken again alone (bit r: past WY_KEPT see-through boxes, which walk()
 * tallies). */
typedef struct bundle_out {
  float transmission[WARY_MAX_SAMPLES];
  int32_t partial[WARY_MAX_SAMPLES];
  int32_t zero_at[WARY_MAX_SAMPLES]; /* the box whose 0 ended segment r (wy_occ_blockers), or -1 */
  uint32_t retake;
} bundle_out;
/* walk_bundle_closed sets each output with two four-lane stores. */
_Static_assert(WARY_MAX_SAMPLES == 8, "bundle_out is set eight lanes at a time");

/* The segments in kept (three or more see-through factors and no 0): the
 * product of their factors in material order, as walk() takes it
 * (settle_product), or past WY_KEPT of them, a bit in the result (walk()
 * takes them again). Out of line, one copy for the walk's five: it runs
 * for few bundles, and inlined (its sort unrolled) it made each copy of
 * the walk some lines longer, fetched on a cold step. */
static WY_NOINLINE uint32_t settle_kept(uint32_t kept, uint8_t (*seen)[WY_KEPT],
                                                      const int32_t *partial, const wy_material *materials,
                                                      float *transmission) {
  uint32_t retake = 0;
  for (uint32_t left = kept; left; left &= left - 1u) {
    int32_t r = wy_lowest_bit(left);
    if (partial[r] <= WY_KEPT)
      transmission[r] = kept_product(seen[r], partial[r], materials);
    else
      retake |= 1u << r;
  }
  return retake;
}

/* walk() in SIGHT mode for the n segments a -> b[r] at once: the tree is
 * walked once for all of them, each leaf the bundle may touch is tested
 * per segment as walk() tests it, and a segment stops once its product
 * reaches 0. The boxes a segment touches are walk()'s; the order they are
 * met in may differ, so the caller takes again, alone, any product it
 * cannot trust (wy_occ_sight_many). */
WY_INLINE void walk_bundle_closed(const wy_occluders *o, const wy_material *materials, const float a[3],
                                   const float (*b)[3], int32_t n, bool a_fast, const bundle *bu,
                                   const ray4 *v, uint32_t closed, uint32_t neg, bundle_out *out) {
  /* Each segment's see-through materials, as met (WY_KEPT of them: past
   * that, it is taken again). */
  uint8_t seen[WARY_MAX_SAMPLES][WY_KEPT];
  /* A copy, which no store of the walk's can change: reading *bu instead
   * cost more (the compiler reloads it past every product stored). */
  const bundle u = *bu;
  float *transmission = out->transmission;
  int32_t *partial = out->partial;
  _mm_storeu_ps(transmission, _mm_set1_ps(1.0f));
  _mm_storeu_ps(transmission + 4, _mm_set1_ps(1.0f));
  _mm_storeu_si128((__m128i *)(void *)partial, _mm_setzero_si128());
  _mm_storeu_si128((__m128i *)(void *)(partial + 4), _mm_setzero_si128());
  _mm_storeu_si128((__m128i *)(void *)out->zero_at, _mm_set1_epi32(-1));
  _mm_storeu_si128((__m128i *)(void *)(out->zero_at + 4), _mm_set1_epi32(-1));
  uint32_t alive = (1u << n) - 1u; /* bit r: segment r met no factor 0 */
  uint32_t many = 0; /* bit r: three or more see-through factors */
  const wy_bvh_pair *pairs = o->pairs;
  const wy_bvh_leaf4 *leaf4s = o->leaf4s;
  int64_t stack[WY_OCC_STACK];
  int32_t top = 0;
  int64_t next = o->root_next;
  for (;;) {
    if (next < 0) {
      const wy_bvh_leaf4 *leaf = leaf_at(leaf4s, next);
      /* The boxes some segment may touch (the lanes past count are empty). */
      leaf_rel x;
      leaf_test lt = {_mm_setzero_ps(), _mm_set1_ps(1.0f), _mm_setzero_ps()};
      leaf_rel_of(&u, leaf, neg, 0, &x);
      leaf_rel_of(&u, leaf, neg, 1, &x);
      bundle_leaf_axis(&u, leaf, &x, closed, 0, &lt);
      bundle_leaf_axis(&u, leaf, &x, closed, 1, &lt);
      /* The leaf's second line (z, the materials, the count) is read only
       * when x and y leave some box (often none: the pairs test x and y of
       * the leaf's bounds, not of its boxes). A box x and y rule out stays
       * out: t0 only rises and t1 only falls (max and min return the kept
       * operand, never a NaN), so t0 - t1 never falls, and outside only
       * gains bits; the mask after z is the old one, to the bit. */
      int maybe = 0;
      if (bundle_leaf_mask(&u, &lt)) {
        leaf_rel_of(&u, leaf, neg, 2, &x);
        bundle_leaf_axis(&u, leaf, &x, closed, 2, &lt);
        maybe = bundle_leaf_mask(&u, &lt) & ((1 << leaf->count) - 1);
      }
      /* Boxes every segment surely touches need no test of each one's:
       * box by box, each alive segment takes the factor (each still meets
       * the leaf's boxes in leaf order), and a 0 ends them all. */
      if (maybe && !(maybe & ~bundle_leaf_every(&u, leaf, &x, closed))) {
        for (unsigned boxes = (unsigned)maybe; boxes; boxes &= boxes - 1u) {
          int32_t i = wy_lowest_bit(boxes);
          float f = materials[leaf->material[i]].vision_transmission;
          if (f == 1.0f) continue;
          for (uint32_t left = alive; left; left &= left - 1u) transmission[wy_lowest_bit(left)] *= f;
          if (f == 0.0f) {
            int32_t at = (int32_t)(leaf - leaf4s) * 4 + i;
            for (uint32_t left = alive; left; left &= left - 1u) out->zero_at[wy_lowest_bit(left)] = at;
            alive = 0;
            break;
          }
          for (uint32_t left = alive; left; left &= left - 1u) {
            int32_t r = wy_lowest_bit(left);
            int32_t p = partial[r]++;
            if (p < WY_KEPT) seen[r][p] = (uint8_t)leaf->material[i];
            if (p == 2) many |= 1u << r;
          }
        }
        maybe = 0;
      }
      for (uint32_t left = maybe ? alive : 0u; left; left &= left - 1u) {
        int32_t r = wy_lowest_bit(left);
        int miss, sure;
        ray_leaf(&x, &v[r], closed, u.margin, u.nmargin, &miss, &sure);
        /* Its boxes in leaf order, as walk() takes them. */
        for (unsigned boxes = (unsigned)(maybe & ~miss); boxes; boxes &= boxes - 1u) {
          int32_t i = wy_lowest_bit(boxes);
          if (WY_RARELY(!(sure >> i & 1))) {
            float bounds[6], enter;
            seg s;
            seg_fill(&s, a_fast, a, b[r]);
            lane_bounds(leaf->planes[0], 4, i, bounds);
            if (!exact_hit(bounds, &s, &enter)) continue;
          }
          /* A factor 1 changes nothing (a product times 1 is itself: no
           * factor is NaN), and a segment still walked has met no 0. */
          float f = materials[leaf->material[i]].vision_transmission;
          if (f == 1.0f) continue;
          transmission[r] *= f;
          if (f == 0.0f) {
            out->zero_at[r] = (int32_t)(leaf - leaf4s) * 4 + i;
            alive &= ~(1u << r);
            break;
          }
          int32_t p = partial[r]++;
          if (p < WY_KEPT) seen[r][p] = (uint8_t)leaf->material[i];
          if (p == 2) many |= 1u << r;
        }
      }
      if (!alive) break;
    } else {
      const wy_bvh_pair *p = pair_at(pairs, next);
      __m128 entry;
      int hit = closed == 3 ? bundle_pair_xy(&u, p, &entry) : bundle_pair(&u, p, closed, neg, &entry);
      if (hit) {
        bool right_first = hit == 2;
        if (hit == 3) {
          /* bundle_pair_xy's entries are in lanes 2 and 3 when x is negative. */
          if (closed == 3 && (neg & 1)) entry = _mm_shuffle_ps(entry, entry, _MM_SHUFFLE(1, 0, 3, 2));
          float l0 = _mm_cvtss_f32(entry);
          float r0 = _mm_cvtss_f32(_mm_shuffle_ps(entry, entry, _MM_SHUFFLE(1, 1, 1, 1)));
          right_first = r0 < l0;
          stack[top++] = p->next[!right_first];
        }
        next = p->next[right_first];
        continue;
      }
    }
    if (top == 0) break;
    next = stack[--top];
  }
  uint32_t kept = many & alive;
  out->retake = WY_RARELY(kept) ? settle_kept(kept, seen, partial, materials, transmission) : 0u;
}

/* The common bundle, vision's rays to a body from an eye above or below
 * most of it, culls on x and y but not z: its walk is specialised for
 * that, without the tests of which axes cull (bundle_pair_xy). One copy
 * takes every sign of x and y: a copy for each of the four signs saved a
 * test or two a node but ran four copies of the walk's code, lines a cold
 * step fetched for each. The second copy, for the other bundles, stays: one
 * in a hundred looks takes it, and splitting such a bundle by its signs
 * instead (tried on 2026-12-06) left rays with a direction of exactly 0 on
 * x or y, common where an eye and a target line up, to be walked one by
 * one: 2.7x the time of such a look. */
static void walk_bundle(const wy_occluders *o, const wy_material *materials, const float a[3],
                        const float (*b)[3], int32_t n, bool a_fast, bundle_out *out) {
  bundle u;
  ray4 v[WARY_MAX_SAMPLES];
  bundle_init(&u, v, a, b, n, a_fast);
  if (u.closed == 3) {
    /* The same call with closed a constant: this copy of the inlined walk
     * takes bundle_pair_xy and drops the tests of which axes cull. */
    walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, 3, u.neg, out);
    return;
  }
  walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, u.closed, u.neg, out);
}
#endif

/* A segment taken alone (a bundle's retake, a look's segments where no
 * bundle walks them), *zero_at the box whose 0 ended it or -1
 * (wy_occ_sight_at): out of line, so that wy_occ_sight's walk is not
 * inlined into vision's looks, whose code a cold step fetches for every
 * look. */
static WY_NOINLINE bool sight_alone(wy_occluders *o, const wy_material *materials, const float a[3],
                                                  const float b[3], float *transmission, int32_t *zero_at) {
  return wy_occ_sight_at(o, materials, a, b, transmission, zero_at);
}

/* ---- sight hints ---------------------------------------------------------------- */
/* Both walks name blockers and take hints: the bundle's, and the segments
 * walked one by one (a single ray, or every look in a build without
 * SSE2), whose walk() hands back the box that ended each. */

/* Whether box at (wy_occ_blockers) of the built tree (wy_occ_prepare'd)
 * has a factor 0 and touches the segment a -> b as every walk decides it
 * (exact_hit): then walk() meets that 0, and with no material -0.0
 * (signed_zero clear) the product is +0, whatever else it meets. Any at is
 * safe to ask: one past the tree's leaves, or a lane past its leaf's
 * count, is not there. */
static bool blocks(const wy_occluders *o, const wy_material *materials, int32_t at, const float a[3],
                   const float b[3]) {
  if (at < 0 || at >> 2 >= wy_occ_leaf_count(o)) return false;
  const wy_bvh_leaf4 *leaf = &o->leaf4s[at >> 2];
  int32_t i = at & 3;
  if (i >= leaf->count || materials[leaf->material[i]].vision_transmission != 0.0f) return false;
  /* exact_hit reads the segment's a and d only (seg_fill's). */
  seg s;
  for (int k = 0; k < 3; k++) {
    s.a[k] = a[k];
    s.d[k] = b[k] - a[k];
  }
  float bounds[6], enter;
  lane_bounds(leaf->planes[0], 4, i, bounds);
  return exact_hit(bounds, &s, &enter);
}

/* Whether k's boxes still end every segment (blocks). */
static bool blocked_all(const wy_occluders *o, const wy_material *materials, const wy_occ_blockers *k,
                        const float a[3], const float (*b)[3], int32_t n) {
  if (k->box[0] < 0 || o->signed_zero) return false;
  for (int32_t r = 0; r < n; r++)
    if (!blocks(o, materials, k->box[k->second >> r & 1], a, b[r])) return false;
  return true;
}

/* The hint the walk of n segments leaves, from the box whose 0 ended each
 * (zero_at[r], -1 for none): those boxes when every segment ended at a 0
 * and they are at most two; else none. Both walks' rule. */
static void blockers_found(const int32_t *zero_at, int32_t n, wy_occ_blockers *k) {
  int32_t first = zero_at[0], other = -1;
  uint32_t second = 0;
  for (int32_t r = 0; r < n && first >= 0; r++) {
    int32_t at = zero_at[r];
    if (at == first) continue;
    if (at < 0 || (other >= 0 && at != other)) first = -1;
    other = at;
    second |= 1u << r;
  }
  k->box[0] = first;
  k->box[1] = first >= 0 ? other : -1;
  k->second = first >= 0 ? second : 0;
}

bool wy_occ_sight_many(wy_occluders *o, const wy_material *materials, const float a[3], const float (*b)[3],
                       int32_t n, float *transmission, wy_occ_blockers *blockers) {
  /* A hint has a bit of second for each of WARY_MAX_SAMPLES segments (a
   * look's): more (a caller of its own) take none and leave none. */
  if (n < 1 || n > WARY_MAX_SAMPLES) {
    if (blockers) *blockers = WY_OCC_NO_BLOCKERS;
    blockers = NULL;
    /* No segment: nothing to answer, and nothing to build the tree for. */
    if (n < 1) return true;
  }
  if (!wy_occ_prepare(o)) {
    for (int32_t r = 0; r < n; r++) transmission[r] = 1.0f;
    return false;
  }
  if (o->nodes.count == 0) {
    for (int32_t r = 0; r < n; r++) transmission[r] = 1.0f;
    if (blockers) *blockers = WY_OCC_NO_BLOCKERS;
    return true;
  }
  if (blockers && blocked_all(o, materials, blockers, a, b, n)) {
    for (int32_t r = 0; r < n; r++) transmission[r] = 0.0f;
    return true;
  }
#ifdef WY_PAIRS_SSE
  if (n >= 2 && n <= WARY_MAX_SAMPLES) {
    bundle_out w;
    walk_bundle(o, materials, a, b, n, start_fast(o, a), &w);
    if (blockers) blockers_found(w.zero_at, n, blockers);
    /* A bundle's product is walk()'s but past WY_KEPT see-through boxes
     * (retake), and for the sign of a 0 where some material is -0.0 (as
     * order_free says of a refitted tree's): those walk() takes again. */
    uint32_t retake = w.retake;
    for (int32_t r = 0; r < n; r++) transmission[r] = w.transmission[r];
    if (WY_RARELY(o->signed_zero))
      for (int32_t r = 0; r < n; r++) retake |= (uint32_t)(w.transmission[r] == 0.0f) << r;
    bool ok = true;
    for (; retake; retake &= retake - 1u) {
      int32_t r = wy_lowest_bit(retake);
      int32_t unused; /* the bundle's own zero_at made the hint */
      ok = sight_alone(o, materials, a, b[r], &transmission[r], &unused) && ok;
    }
    return ok;
  }
#endif
  /* Each segment alone: the hint from the box that ended each one's walk,
   * its last (query walks a refitted tree again after a build where it
   * stopped at a 0 and some material is -0.0). Such a build may leave the
   * boxes of the segments before it named in the old tree: a hint that no
   * look takes, as blocked_all refuses every one where signed_zero is set. */
  /* Each of the n is set below (zeroed first: gcc cannot tell n >= 1). */
  int32_t zero_at[WARY_MAX_SAMPLES] = {0};
  bool ok = true;
  for (int32_t r = 0; r < n; r++) {
    int32_t at;
    ok = sight_alone(o, materials, a, b[r], &transmission[r], &at) && ok;
    if (r < WARY_MAX_SAMPLES) zero_at[r] = at;
  }
  if (blockers) blockers_found(zero_at, n, blockers);
  return ok;
}
