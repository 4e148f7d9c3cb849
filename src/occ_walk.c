/* occ_walk.c - the segment walks over the occluders' hierarchy (occluders.c
 * builds it): sight transmitted, every box on a segment, walls up to a cap,
 * and the sight of several segments from one point walked together.
 *
 * Every walk answers exactly what the division-based slab test in exact_hit
 * answers, box by box and in the same order: a faster test with a
 * precomputed inverse direction decides whenever its rounding cannot change
 * the answer, and hands the few close calls to exact_hit. */
#include "occluders.h"

#include "base.h"

#include <math.h>
#include <string.h>

/* On x86-64 the walk tests an inner node's two children, or a leaf's four
 * boxes, at once with SSE2 (every x86-64 has it), answering what the
 * one-box test span() answers, to the bit (slab4 says why). Elsewhere it
 * runs span() lane after lane. */
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define WY_PAIRS_SSE 1
#endif

/* The fast test's entry and exit parameters are within 12 x 2^-24 of the
 * exact ones where it matters (in [0, 2]); closer calls than this go to the
 * exact test. It also never rounds a parameter to 0 that is not 0, because
 * it is used only where no coordinate is tiny (below 2^-60, not 0) and no
 * direction component is below 2^-40 or above 2^40 (not 0): then an entry
 * of 0 is exact, and two entries one of which is 0 are ordered exactly. */
static const float margin = 0x1p-18f;

/* ---- the segment tests ------------------------------------------------------ */

/* A segment a + t d, t in [0, 1], set up for the fast test: per axis the
 * inverse of d and which of a box's planes it meets first (bounds index). */
typedef struct seg {
  float a[3];
  float d[3];
  float inv[3];
  int32_t enter[3];
  int32_t leave[3];
  float margin; /* infinite: every call goes to the exact test */
  float start[2]; /* 0 and 1, the segment's own span */
  bool fast;    /* the fast test's bounds hold (margin finite) */
} seg;

/* Whether the fast test may take segments from a: no coordinate of a nor
 * of any box is tiny. */
WY_INLINE bool start_fast(const wy_occluders *o, const float a[3]) {
  return !o->tiny && !wy_occ_tiny(a[0]) && !wy_occ_tiny(a[1]) && !wy_occ_tiny(a[2]);
}

/* What every walk reads of the segment a -> b (a_fast: start_fast of a). */
WY_INLINE void seg_fill(seg *s, bool a_fast, const float a[3], const float b[3]) {
  bool fast = a_fast;
  for (int k = 0; k < 3; k++) {
    float d = b[k] - a[k];
    s->a[k] = a[k];
    s->d[k] = d;
    /* A zero component gets +inf: (plane - a) * inf is -inf or +inf on
     * either side of the plane and NaN on it, which the test ignores, so the
     * slab alone decides, as exact_hit does. Components the error bound does
     * not cover (subnormal, huge, NaN) send every call to exact_hit. */
    s->inv[k] = d == 0.0f ? INFINITY : 1.0f / d;
    fast = fast && (d == 0.0f || (fabsf(d) >= 0x1p-40f && fabsf(d) <= 0x1p40f));
  }
  s->fast = fast;
  s->margin = fast ? margin : INFINITY;
  s->start[0] = 0.0f;
  s->start[1] = 1.0f;
}

/* Not inlined: the walk then holds start[] in registers rather than as
 * constants, which keeps the compiler from testing them with branches. */
static void seg_init(seg *s, const wy_occluders *o, const float a[3], const float b[3]) {
  seg_fill(s, start_fast(o, a), a, b);
  for (int k = 0; k < 3; k++) {
    s->enter[k] = s->d[k] < 0.0f ? k + 3 : k;
    s->leave[k] = s->d[k] < 0.0f ? k : k + 3;
  }
}

/* Slab test of the closed segment against a closed box; *enter receives the
 * first t inside. Dividing keeps 0/d at 0, and a zero component is decided
 * by whether a lies inside that slab. A segment that only touches the box
 * at one of its ends (a lamp or eyes on a face, looking away; a point on
 * the near face) does not cross it: a box it meets in a single point at
 * t = 0 or t = 1 is missed. This is the test every answer must agree with
 * (the fast tests leave such zero-length spans to it). */
static bool exact_hit(const float b[6], const seg *s, float *enter) {
  float t0 = 0.0f;
  float t1 = 1.0f;
  for (int k = 0; k < 3; k++) {
    if (s->d[k] == 0.0f) {
      if (s->a[k] < b[k] || s->a[k] > b[k + 3]) {
        return false;
      }
      continue;
    }
    float u = (b[k] - s->a[k]) / s->d[k];
    float w = (b[k + 3] - s->a[k]) / s->d[k];
    if (u > w) {
      float t = u;
      u = w;
      w = t;
    }
    t0 = u > t0 ? u : t0;
    t1 = w < t1 ? w : t1;
    if (t0 > t1) {
      return false;
    }
  }
  if (t0 == t1 && (t1 == 0.0f || t0 == 1.0f)) return false;
  *enter = t0;
  return true;
}

/* The fast test, branch-free: the span [*t0, *t1] of t inside the box (empty
 * when t0 > t1). A NaN from a zero component fails both compares and leaves
 * the span as it was. */
WY_INLINE float max_of(float x, float y) { return x > y ? x : y; }
WY_INLINE float min_of(float x, float y) { return x < y ? x : y; }

WY_INLINE void span(const float b[6], const seg *s, float *t0, float *t1) {
  float ux = (b[s->enter[0]] - s->a[0]) * s->inv[0];
  float uy = (b[s->enter[1]] - s->a[1]) * s->inv[1];
  float uz = (b[s->enter[2]] - s->a[2]) * s->inv[2];
  float wx = (b[s->leave[0]] - s->a[0]) * s->inv[0];
  float wy = (b[s->leave[1]] - s->a[1]) * s->inv[1];
  float wz = (b[s->leave[2]] - s->a[2]) * s->inv[2];
  *t0 = max_of(uz, max_of(uy, max_of(ux, s->start[0])));
  *t1 = min_of(wz, min_of(wy, min_of(wx, s->start[1])));
}

/* The bounds of lane i of n (a pair's 2 children, a leaf's 4 boxes) as the
 * one-box tests take them (min x y z, max x y z), from planes laid out per
 * axis in rows of 2n: the n mins, then the n maxes. */
static void lane_bounds(const float *planes, int n, int i, float b[6]) {
  for (int k = 0; k < 3; k++) {
    b[k] = planes[2 * n * k + i];
    b[k + 3] = planes[2 * n * k + i + n];
  }
}

#ifdef WY_PAIRS_SSE
/* A segment as the four-lane tests take it: its start, inverse direction
 * and span in every lane. */
typedef struct seg4 {
  __m128 a[3];
  __m128 inv[3];
  __m128 start[2];
} seg4;

WY_INLINE seg4 seg4_of(const seg *s) {
  seg4 v;
  for (int k = 0; k < 3; k++) {
    v.a[k] = _mm_set1_ps(s->a[k]);
    v.inv[k] = _mm_set1_ps(s->inv[k]);
  }
  v.start[0] = _mm_set1_ps(s->start[0]);
  v.start[1] = _mm_set1_ps(s->start[1]);
  return v;
}

/* Where the segment meets a box's lower and upper planes along an axis (t
 * of each lane's min and max), as where it enters and leaves their slab:
 * the lesser and the greater, which is what span() takes by the
 * direction's sign, to the bit. A zero component leaves a NaN on a plane
 * the segment lies in: MINPS and MAXPS then give their second operand,
 * the min's t on entering and the max's on leaving, as span() does; two
 * equal ts differ at most in the sign of a zero, which no comparison sees. */
WY_INLINE void slab4(__m128 lo, __m128 hi, __m128 *enter, __m128 *leave) {
  *enter = _mm_min_ps(hi, lo);
  *leave = _mm_max_ps(lo, hi);
}

/* span() of a pair's two children at once: the left one's [*l0, *l1], the
 * right one's [*r0, *r1] (lanes 0 and 1). */
WY_INLINE void pair_spans(const wy_bvh_pair *p, const seg4 *v, float *l0, float *l1, float *r0, float *r1) {
  __m128 tx = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(p->planes[0]), v->a[0]), v->inv[0]);
  __m128 ty = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(p->planes[1]), v->a[1]), v->inv[1]);
  __m128 tz = _mm_mul_ps(_mm_sub_ps(_mm_load_ps(p->planes[2]), v->a[2]), v->inv[2]);
  __m128 ex, fx, ey, fy, ez, fz;
  slab4(tx, _mm_shuffle_ps(tx, tx, _MM_SHUFFLE(1, 0, 3, 2)), &ex, &fx);
  slab4(ty, _mm_shuffle_ps(ty, ty, _MM_SHUFFLE(1, 0, 3, 2)), &ey, &fy);
  slab4(tz, _mm_shuffle_ps(tz, tz, _MM_SHUFFLE(1, 0, 3, 2)), &ez, &fz);
  __m128 enter = _mm_max_ps(ez, _mm_max_ps(ey, _mm_max_ps(ex, v->start[0])));
  __m128 leave = _mm_min_ps(fz, _mm_min_ps(fy, _mm_min_ps(fx, v->start[1])));
  *l0 = _mm_cvtss_f32(enter);
  *r0 = _mm_cvtss_f32(_mm_shuffle_ps(enter, enter, _MM_SHUFFLE(1, 1, 1, 1)));
  *l1 = _mm_cvtss_f32(leave);
  *r1 = _mm_cvtss_f32(_mm_shuffle_ps(leave, leave, _MM_SHUFFLE(1, 1, 1, 1)));
}

/* The fast test of a leaf's four boxes at once (margin m): bit i of *miss
 * says box i is surely not touched, of *sure that it surely is (its span is
 * not within the margin of empty: t0 is in [0, inf] and t1 in [-inf, 1],
 * so neither difference is NaN); neither: exact_hit decides. */
WY_INLINE void leaf4_spans(const wy_bvh_leaf4 *q, const seg4 *v, float m, int *miss, int *sure) {
  __m128 ex, fx, ey, fy, ez, fz;
  slab4(_mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[0]), v->a[0]), v->inv[0]),
        _mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[0] + 4), v->a[0]), v->inv[0]), &ex, &fx);
  slab4(_mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[1]), v->a[1]), v->inv[1]),
        _mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[1] + 4), v->a[1]), v->inv[1]), &ey, &fy);
  slab4(_mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[2]), v->a[2]), v->inv[2]),
        _mm_mul_ps(_mm_sub_ps(_mm_load_ps(q->planes[2] + 4), v->a[2]), v->inv[2]), &ez, &fz);
  __m128 t0 = _mm_max_ps(ez, _mm_max_ps(ey, _mm_max_ps(ex, v->start[0])));
  __m128 t1 = _mm_min_ps(fz, _mm_min_ps(fy, _mm_min_ps(fx, v->start[1])));
  __m128 margin = _mm_set1_ps(m);
  *miss = _mm_movemask_ps(_mm_cmpgt_ps(_mm_sub_ps(t0, t1), margin));
  *sure = _mm_movemask_ps(_mm_cmpgt_ps(_mm_sub_ps(t1, t0), margin));
}
#else
/* The same, one lane after the other with span(). */
static void pair_spans(const wy_bvh_pair *p, const seg *s, float *l0, float *l1, float *r0, float *r1) {
  float b[6];
  lane_bounds(p->planes[0], 2, 0, b);
  span(b, s, l0, l1);
  lane_bounds(p->planes[0], 2, 1, b);
  span(b, s, r0, r1);
}

static void leaf4_spans(const wy_bvh_leaf4 *q, const seg *s, float m, int *miss, int *sure) {
  *miss = *sure = 0;
  for (int i = 0; i < q->count; i++) {
    float b[6], t0, t1;
    lane_bounds(q->planes[0], 4, i, b);
    span(b, s, &t0, &t1);
    *miss |= (t0 - t1 > m) << i;
    *sure |= (t1 - t0 > m) << i;
  }
}
#endif

/* Two entries the fast test cannot order as exact_hit would: closer than
 * the margin and neither of them 0. */
WY_INLINE bool too_close(float l0, float r0, const seg *s) {
  return !(fabsf(l0 - r0) > s->margin) && !(s->fast && (l0 == 0.0f || r0 == 0.0f));
}

/* ---- the walk ----------------------------------------------------------------- */

typedef enum walk_mode { SIGHT, SEGMENT, WALLS } walk_mode;

typedef struct walk_out {
  float transmission;
  int32_t walls;
  int32_t boxes;
  int32_t partial;  /* factors other than 1 and 0 multiplied in */
  bool zero;        /* a factor 0 was multiplied in */
} walk_out;

/* The see-through boxes a segment touched (factors other than 1 and 0), by
 * material. Their product is taken in material order, not in the order the
 * walk met them (tally_product), so that every tree over the same boxes, a
 * refitted one or a bundle's walk, gives it to the bit: a moved box refits
 * the tree however many see-through boxes a segment crosses (with the walk's
 * order, three or more asked for a build, a step's worth in a forest). */
typedef struct tally {
  uint64_t mask[WARY_MAX_MATERIALS / 64];
  uint32_t count[WARY_MAX_MATERIALS];
} tally;

static void tally_clear(tally *t) { memset(t->mask, 0, sizeof t->mask); }

WY_INLINE void tally_add(tally *t, int32_t m) {
  uint64_t bit = 1ull << (m & 63), *word = &t->mask[m >> 6];
  if (!(*word & bit)) {
    *word |= bit;
    t->count[m] = 0;
  }
  t->count[m]++;
}

/* The product of the tallied factors, material by material, each in turn as
 * many times as it was met. */
static float tally_product(const tally *t, const wy_material *materials) {
  float p = 1.0f;
  for (int32_t k = 0; k < WARY_MAX_MATERIALS / 64; k++)
    for (uint64_t bits = t->mask[k]; bits; bits &= bits - 1u) {
      int32_t m = k * 64 + wy_lowest_bit(bits);
      float f = materials[m].vision_transmission;
      for (uint32_t c = t->count[m]; c > 0; c--) p *= f;
    }
  return p;
}

/* The see-through materials a walk keeps as a list (a segment's, up to
 * this many: past it, walk() tallies them, and a bundle's segment is taken
 * again by walk()). */
enum { WY_KEPT = 16 };

/* The product of n >= 3 see-through factors kept as their materials m (put
 * in order here): material by material, ascending, as tally_product takes
 * them. */
static float kept_product(uint8_t *m, int32_t n, const wy_material *materials) {
  for (int32_t j = 1; j < n; j++)
    for (int32_t k = j; k > 0 && m[k - 1] > m[k]; k--) {
      uint8_t t = m[k];
      m[k] = m[k - 1];
      m[k - 1] = t;
    }
  float p = 1.0f;
  for (int32_t j = 0; j < n; j++) p *= materials[m[j]].vision_transmission;
  return p;
}

/* What a walk keeps of the see-through boxes it met: the first WY_KEPT
 * materials in a list, and past them a tally of all (its mask cleared only
 * then). */
typedef struct seen_boxes {
  uint8_t kept[WY_KEPT];
  tally all;
} seen_boxes;

/* The partial-th see-through box met (0 first) is of material m. */
WY_INLINE void seen_add(seen_boxes *b, int32_t partial, int32_t m) {
  if (partial < WY_KEPT) {
    b->kept[partial] = (uint8_t)m;
    return;
  }
  if (partial == WY_KEPT) {
    tally_clear(&b->all);
    for (int32_t j = 0; j < WY_KEPT; j++) tally_add(&b->all, b->kept[j]);
  }
  tally_add(&b->all, m);
}

/* The walk's answer from what it met: with a factor 0, the product as met
 * (0, or -0.0 through a material that lets -0.0 through: order_free); with
 * three or more factors other than 1 and 0, their product in material order;
 * else the product as met, which is that (two factors commute). */
WY_INLINE void settle_product(walk_out *w, seen_boxes *b, const wy_material *materials) {
  if (w->zero || w->partial < 3) return;
  w->transmission =
      w->partial <= WY_KEPT ? kept_product(b->kept, w->partial, materials) : tally_product(&b->all, materials);
}

/* Depth first, the nearer child first (by where the segment enters it; ties:
 * the left one). A child the fast test cannot rule out is walked, which
 * changes nothing (nothing below it is touched when it is not); when both
 * are walked and their entries are too close to order, exact_hit orders
 * them. */
WY_INLINE void walk(const wy_occluders *o, const wy_material *materials, const seg *exact,
                    walk_mode mode, int32_t max_walls, walk_out *out) {
  const seg local = *exact; /* kept in registers: exact_hit takes the original */
  const seg *s = &local;
  const wy_bvh_pair *pairs = o->pairs;
  const wy_bvh_leaf4 *leaf4s = o->leaf4s;
#ifdef WY_PAIRS_SSE
  const seg4 v = seg4_of(s);
  const seg4 *lanes = &v;
#else
  const seg *lanes = s;
#endif
  float m = s->margin;
  float transmission = 1.0f;
  int32_t walls = 0;
  int32_t boxes = 0;
  int32_t partial = 0;
  bool zero = false;
  seen_boxes seen;
  /* What is next: a pair of children to test (>= 0), or ~ a leaf. */
  int32_t stack[WY_OCC_STACK];
  int32_t top = 0;
  float t0;
  float t1;
  const wy_bvh_node *root = &o->nodes.data[0];
  span(root->bounds, s, &t0, &t1);
  if (t0 - t1 > m) goto done;
  int32_t next = root->count > 0 ? ~o->leaf_of.data[0] : 0;
  for (;;) {
    if (next < 0) {
      const wy_bvh_leaf4 *leaf = &leaf4s[~next];
      int miss, sure;
      leaf4_spans(leaf, lanes, m, &miss, &sure);
      for (int32_t i = 0; i < leaf->count; i++) {
        const wy_material *mat = &materials[leaf->material[i]];
        if (mode == WALLS && !mat->sound_wall) {
          continue;
        }
        if (miss >> i & 1) {
          continue;
        }
        if (WY_RARELY(!(sure >> i & 1))) {
          float b[6], enter;
          lane_bounds(leaf->planes[0], 4, i, b);
          if (!exact_hit(b, exact, &enter)) continue;
        }
        boxes++;
        walls += mat->sound_wall ? 1 : 0;
        if (mode == WALLS) {
          if (walls >= max_walls) {
            goto done;
          }
          continue;
        }
        float f = mat->vision_transmission;
        transmission *= f;
        if ((f != 1.0f) & (f != 0.0f)) {
          seen_add(&seen, partial, leaf->material[i]);
          partial++;
        }
        zero |= f == 0.0f;
        /* Sight stops at a factor 0 (not at a product rounded to 0: its
         * product is taken in material order at the end). */
        if (mode == SIGHT && zero) {
          goto done;
        }
      }
    } else {
      const wy_bvh_pair *p = &pairs[next];
      float l0;
      float l1;
      float r0;
      float r1;
      pair_spans(p, lanes, &l0, &l1, &r0, &r1);
      bool hl = !(l0 - l1 > m);
      bool hr = !(r0 - r1 > m);
      if (WY_RARELY(hl && hr && too_close(l0, r0, s))) {
        float b[6];
        lane_bounds(p->planes[0], 2, 0, b);
        hl = exact_hit(b, exact, &l0);
        lane_bounds(p->planes[0], 2, 1, b);
        hr = exact_hit(b, exact, &r0);
      }
      if (hl || hr) {
        bool right_first = !hl || (hr && r0 < l0);
        if (hl && hr) {
          stack[top++] = p->next[!right_first];
        }
        next = p->next[right_first];
        continue;
      }
    }
    if (top == 0) break;
    next = stack[--top];
  }
done:
  out->transmission = transmission;
  out->walls = walls;
  out->boxes = boxes;
  out->partial = partial;
  out->zero = zero;
  if (mode != WALLS) settle_product(out, &seen, materials);
}

/* A refitted tree has the boxes' old shape, so it may order the touched
 * boxes otherwise than the tree a build would make now. Counts do not
 * depend on the order, nor does the product (settle_product), but for the
 * sign of a 0 where some material is -0.0 and sight stopped at the first
 * factor 0: that answer of a refitted tree is taken again from a fresh
 * build, so every answer is the one that build gives. */
static bool order_free(const wy_occluders *o, walk_mode mode, const walk_out *w) {
  if (mode == WALLS || !o->refitted) {
    return true;
  }
  return !(mode == SIGHT && o->signed_zero && w->transmission == 0.0f);
}

WY_INLINE bool query(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], walk_mode mode, int32_t max_walls, walk_out *out) {
  seg s;
  for (;;) {
    memset(out, 0, sizeof *out);
    out->transmission = 1.0f;
    if (!wy_occ_prepare(o)) {
      return false;
    }
    seg_init(&s, o, a, b);
    if (o->nodes.count > 0) {
      walk(o, materials, &s, mode, max_walls, out);
    }
    if (order_free(o, mode, out)) {
      return true;
    }
    o->dirty = true;
  }
}

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
 * swaps the halves), and entry - exit is entry + -exit to the bit.
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
  __m128 inv_lo[3];  /* a leaf's entries: every lane the bound */
  __m128 inv_hi[3];
  __m128 ninv_lo[3]; /* its negated exits: the bounds negated */
  __m128 ninv_hi[3];
  __m128 range_pair[3]; /* open axis: [hi, hi, -lo, -lo] */
  __m128 range_lo[3];   /* open axis: lo (hi: below) in every lane */
  __m128 range_hi[3];
  __m128 margin;
  uint32_t closed;   /* bit k: axis k culls (not open) */
  uint32_t neg;      /* bit k: every direction on axis k is negative */
} bundle;

/* A segment of the bundle as the per-segment leaf test takes it (seg4 less
 * what all of them share): its inverse direction in every lane, its margin
 * and the margin negated. */
typedef struct ray4 {
  __m128 inv[3];
  __m128 margin;
  __m128 nmargin;
} ray4;

static const float pair_signs[2][4] = {{1.0f, 1.0f, -1.0f, -1.0f}, {-1.0f, -1.0f, 1.0f, 1.0f}};

/* The bundle of a -> b[r] and each segment's ray4, worked out four lanes at
 * a time (lane 3 idle): d = b - a, its inverse (+inf for a zero component,
 * as seg_fill gives it, by the same division) and whether the fast test's
 * bounds hold, as seg_fill works them out. */
static void bundle_init(bundle *u, ray4 *v, const float a[3], const float (*b)[3], int32_t n, bool a_fast) {
  const __m128 av = _mm_setr_ps(a[0], a[1], a[2], 0.0f);
  const __m128 inf = _mm_set1_ps(INFINITY), one = _mm_set1_ps(1.0f);
  const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
  __m128 lo = inf, hi = _mm_set1_ps(-INFINITY);
  __m128 ends_lo = av, ends_hi = av;
  int zero = 0;
  bool all_fast = a_fast, all_ok = true;
  for (int32_t r = 0; r < n; r++) {
    __m128 bv = _mm_setr_ps(b[r][0], b[r][1], b[r][2], 0.0f);
    __m128 d = _mm_sub_ps(bv, av);
    ends_lo = _mm_min_ps(ends_lo, bv);
    ends_hi = _mm_max_ps(ends_hi, bv);
    __m128 z = _mm_cmpeq_ps(d, _mm_setzero_ps());
    __m128 inv = _mm_or_ps(_mm_and_ps(z, inf), _mm_andnot_ps(z, _mm_div_ps(one, d)));
    __m128 ad = _mm_and_ps(d, abs_mask);
    __m128 ok = _mm_or_ps(z, _mm_and_ps(_mm_cmpge_ps(ad, _mm_set1_ps(0x1p-40f)), _mm_cmple_ps(ad, _mm_set1_ps(0x1p40f))));
    bool ok3 = (_mm_movemask_ps(ok) & 7) == 7;
    bool fast = a_fast && ok3;
    all_ok = all_ok && ok3;
    all_fast = all_fast && fast;
    zero |= _mm_movemask_ps(z);
    lo = _mm_min_ps(lo, inv);
    hi = _mm_max_ps(hi, inv);
    v[r].inv[0] = _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(0, 0, 0, 0));
    v[r].inv[1] = _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(1, 1, 1, 1));
    v[r].inv[2] = _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(2, 2, 2, 2));
    v[r].margin = _mm_set1_ps(fast ? margin : INFINITY);
    v[r].nmargin = _mm_set1_ps(fast ? -margin : -INFINITY);
  }
  int neg_lo = _mm_movemask_ps(_mm_cmplt_ps(lo, _mm_setzero_ps()));
  int neg_hi = _mm_movemask_ps(_mm_cmplt_ps(hi, _mm_setzero_ps()));
  u->closed = (uint32_t)(~(zero | (neg_lo ^ neg_hi)) & 7);
  u->neg = (uint32_t)(neg_lo & neg_hi & 7);
  u->margin = _mm_set1_ps(all_fast ? margin : INFINITY);
  float lo_k[4], hi_k[4], end_lo[4], end_hi[4];
  _mm_storeu_ps(lo_k, lo);
  _mm_storeu_ps(hi_k, hi);
  /* Every d within 2^40 (ok) and a finite: every end is finite. */
  bool finite = all_ok && isfinite(a[0]) && isfinite(a[1]) && isfinite(a[2]);
  _mm_storeu_ps(end_lo, finite ? ends_lo : _mm_set1_ps(-INFINITY));
  _mm_storeu_ps(end_hi, finite ? ends_hi : inf);
  for (int k = 0; k < 3; k++) {
    int neg = u->neg >> k & 1;
    __m128 sign = _mm_loadu_ps(pair_signs[neg]);
    u->a[k] = _mm_set1_ps(a[k]);
    u->pair_lo[k] = _mm_mul_ps(sign, _mm_set1_ps(lo_k[k]));
    u->pair_hi[k] = _mm_mul_ps(sign, _mm_set1_ps(hi_k[k]));
    u->inv_lo[k] = _mm_set1_ps(lo_k[k]);
    u->inv_hi[k] = _mm_set1_ps(hi_k[k]);
    u->ninv_lo[k] = _mm_set1_ps(-lo_k[k]);
    u->ninv_hi[k] = _mm_set1_ps(-hi_k[k]);
    u->range_pair[k] = _mm_setr_ps(end_hi[k], end_hi[k], -end_lo[k], -end_lo[k]);
    u->range_lo[k] = _mm_set1_ps(end_lo[k]);
    u->range_hi[k] = _mm_set1_ps(end_hi[k]);
  }
}

/* The bundle's test of a pair's two children: bit i of the result says
 * child i may be touched by some segment; *entry the earliest entries
 * (lanes 0 and 1). closed, neg: u->closed and u->neg, constants where the
 * walk is specialised. */
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

/* A leaf's planes less the segments' start, per axis: those its boxes are
 * entered by (e: the mins, or the maxes on a negative closed axis) and
 * left by (l). Worked out once per leaf for the bundle's test and every
 * segment's. */
typedef struct leaf_rel {
  __m128 e[3];
  __m128 l[3];
} leaf_rel;

WY_INLINE void leaf_rel_of(const bundle *u, const wy_bvh_leaf4 *q, uint32_t neg, leaf_rel *x) {
  for (int k = 0; k < 3; k++) {
    int enter = neg >> k & 1 ? 4 : 0;
    x->e[k] = _mm_sub_ps(_mm_load_ps(q->planes[k] + enter), u->a[k]);
    x->l[k] = _mm_sub_ps(_mm_load_ps(q->planes[k] + (4 - enter)), u->a[k]);
  }
}

/* The same of a leaf's four boxes: bit i says box i may be touched
 * (closed: u->closed, a constant where the walk is specialised). */
WY_INLINE int bundle_leaf(const bundle *u, const wy_bvh_leaf4 *q, const leaf_rel *x, uint32_t closed) {
  __m128 t0 = _mm_setzero_ps(), nt1 = _mm_set1_ps(-1.0f);
  __m128 outside = _mm_setzero_ps();
  for (int k = 0; k < 3; k++) {
    if (closed >> k & 1) continue;
    outside = _mm_or_ps(outside, _mm_or_ps(_mm_cmplt_ps(u->range_hi[k], _mm_load_ps(q->planes[k])),
                                           _mm_cmplt_ps(_mm_load_ps(q->planes[k] + 4), u->range_lo[k])));
  }
  for (int k = 0; k < 3; k++) {
    if (!(closed >> k & 1)) continue;
    t0 = _mm_max_ps(_mm_min_ps(_mm_mul_ps(x->e[k], u->inv_lo[k]), _mm_mul_ps(x->e[k], u->inv_hi[k])), t0);
    nt1 = _mm_max_ps(_mm_min_ps(_mm_mul_ps(x->l[k], u->ninv_lo[k]), _mm_mul_ps(x->l[k], u->ninv_hi[k])), nt1);
  }
  return ~_mm_movemask_ps(_mm_or_ps(_mm_cmpgt_ps(_mm_add_ps(t0, nt1), u->margin), outside)) & 0xF;
}

/* leaf4_spans of one segment of the bundle (the span [0, 1]), from the
 * leaf's planes less its start (x). On a closed axis the segment's sign is the bundle's, so its entries and
 * exits are x's planes times its inverse, which are what slab4 picks of
 * them: no component there is 0, so no t is NaN (for a segment the fast
 * test takes; any other has an infinite margin, and its masks are 0
 * whatever the ts). An open axis keeps slab4 (x's planes there are the
 * mins and the maxes), for the NaN of a zero component. t1 - t0 > m is
 * t0 - t1 < -m, to the bit: t0 is never NaN, nor t1. */
WY_INLINE void ray_leaf(const leaf_rel *x, const ray4 *v, uint32_t closed, int *miss, int *sure) {
  __m128 t0 = _mm_setzero_ps(), t1 = _mm_set1_ps(1.0f);
  for (int k = 0; k < 3; k++) {
    __m128 e = _mm_mul_ps(x->e[k], v->inv[k]);
    __m128 l = _mm_mul_ps(x->l[k], v->inv[k]);
    if (!(closed >> k & 1)) slab4(e, l, &e, &l);
    t0 = _mm_max_ps(e, t0);
    t1 = _mm_min_ps(l, t1);
  }
  __m128 gap = _mm_sub_ps(t0, t1);
  *miss = _mm_movemask_ps(_mm_cmpgt_ps(gap, v->margin));
  *sure = _mm_movemask_ps(_mm_cmplt_ps(gap, v->nmargin));
}

/* walk() in SIGHT mode for the n segments a -> b[r] at once: the tree is
 * walked once for all of them, each leaf the bundle may touch is tested
 * per segment as walk() tests it, and a segment stops once its product
 * reaches 0. The boxes a segment touches are walk()'s; the order they are
 * met in may differ, so the caller takes again, alone, any product it
 * cannot trust (sight_order_free). */
WY_INLINE void walk_bundle_closed(const wy_occluders *o, const wy_material *materials, const float a[3],
                                   const float (*b)[3], int32_t n, bool a_fast, const bundle *bu,
                                   const ray4 *v, uint32_t closed, uint32_t neg, walk_out *out) {
  /* Each segment's see-through materials, as met (WY_KEPT of them: past
   * that, sight_order_free has walk() take it again). */
  uint8_t seen[WARY_MAX_SAMPLES][WY_KEPT];
  /* A copy, which no store of the walk's can change: reading *bu instead
   * cost more (the compiler reloads it past every product stored). */
  const bundle u = *bu;
  for (int32_t r = 0; r < n; r++) out[r] = (walk_out){1.0f, 0, 0, 0, false};
  uint32_t alive = (1u << n) - 1u;
  const wy_bvh_pair *pairs = o->pairs;
  const wy_bvh_leaf4 *leaf4s = o->leaf4s;
  int32_t stack[WY_OCC_STACK];
  int32_t top = 0;
  const wy_bvh_node *root = &o->nodes.data[0];
  int32_t next = root->count > 0 ? ~o->leaf_of.data[0] : 0;
  for (;;) {
    if (next < 0) {
      const wy_bvh_leaf4 *leaf = &leaf4s[~next];
      /* The boxes some segment may touch (the lanes past count are empty). */
      leaf_rel x;
      leaf_rel_of(&u, leaf, neg, &x);
      int maybe = bundle_leaf(&u, leaf, &x, closed) & ((1 << leaf->count) - 1);
      for (uint32_t left = maybe ? alive : 0u; left; left &= left - 1u) {
        int32_t r = wy_lowest_bit(left);
        int miss, sure;
        ray_leaf(&x, &v[r], closed, &miss, &sure);
        walk_out *w = &out[r];
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
          w->transmission *= f;
          if (f == 0.0f) {
            w->zero = true;
            alive &= ~(1u << r);
            break;
          }
          if (w->partial < WY_KEPT) seen[r][w->partial] = (uint8_t)leaf->material[i];
          w->partial++;
        }
      }
      if (!alive) break;
    } else {
      const wy_bvh_pair *p = &pairs[next];
      __m128 entry;
      int hit = bundle_pair(&u, p, closed, neg, &entry);
      if (hit) {
        float l0 = _mm_cvtss_f32(entry);
        float r0 = _mm_cvtss_f32(_mm_shuffle_ps(entry, entry, _MM_SHUFFLE(1, 1, 1, 1)));
        bool right_first = hit == 2 || (hit == 3 && r0 < l0);
        if (hit == 3) stack[top++] = p->next[!right_first];
        next = p->next[right_first];
        continue;
      }
    }
    if (top == 0) break;
    next = stack[--top];
  }
  /* Three or more see-through factors: their product in material order,
   * as walk() takes it (settle_product). */
  for (int32_t r = 0; r < n; r++) {
    walk_out *w = &out[r];
    if (!w->zero && w->partial >= 3 && w->partial <= WY_KEPT)
      w->transmission = kept_product(seen[r], w->partial, materials);
  }
}

/* The common bundle, vision's rays to a body from an eye above or below
 * most of it, culls on x and y but not z: its walk is specialised for that
 * and for each of the four signs of x and y, without the tests of which
 * axes cull and which way. */
static void walk_bundle(const wy_occluders *o, const wy_material *materials, const float a[3],
                        const float (*b)[3], int32_t n, bool a_fast, walk_out *out) {
  bundle u;
  ray4 v[WARY_MAX_SAMPLES];
  bundle_init(&u, v, a, b, n, a_fast);
  if (u.closed == 3) {
    switch (u.neg) {
      case 0: walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, 3, 0, out); return;
      case 1: walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, 3, 1, out); return;
      case 2: walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, 3, 2, out); return;
      default: walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, 3, 3, out); return;
    }
  }
  walk_bundle_closed(o, materials, a, b, n, a_fast, &u, v, u.closed, u.neg, out);
}

/* A bundle's product is walk()'s but for the sign of a 0 where some
 * material is -0.0 (as order_free says of a refitted tree's), and past
 * WY_KEPT see-through boxes, which walk() takes again. */
static bool sight_order_free(const wy_occluders *o, const walk_out *w) {
  return !(o->signed_zero && w->transmission == 0.0f) && (w->zero || w->partial <= WY_KEPT);
}
#endif

bool wy_occ_sight_many(wy_occluders *o, const wy_material *materials, const float a[3], const float (*b)[3],
                       int32_t n, float *transmission) {
#ifdef WY_PAIRS_SSE
  if (n >= 2 && n <= WARY_MAX_SAMPLES) {
    if (!wy_occ_prepare(o)) {
      for (int32_t r = 0; r < n; r++) transmission[r] = 1.0f;
      return false;
    }
    if (o->nodes.count == 0) {
      for (int32_t r = 0; r < n; r++) transmission[r] = 1.0f;
      return true;
    }
    walk_out w[WARY_MAX_SAMPLES];
    walk_bundle(o, materials, a, b, n, start_fast(o, a), w);
    bool ok = true;
    for (int32_t r = 0; r < n; r++) {
      transmission[r] = w[r].transmission;
      if (WY_RARELY(!sight_order_free(o, &w[r]))) ok = wy_occ_sight(o, materials, a, b[r], &transmission[r]) && ok;
    }
    return ok;
  }
#endif
  bool ok = true;
  for (int32_t r = 0; r < n; r++) ok = wy_occ_sight(o, materials, a, b[r], &transmission[r]) && ok;
  return ok;
}

bool wy_occ_sight(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], float *transmission) {
  walk_out w;
  bool ok = query(o, materials, a, b, SIGHT, 0, &w);
  *transmission = ok ? w.transmission : 1.0f;
  return ok;
}

bool wy_occ_segment(wy_occluders *o, const wy_material *materials, const float a[3],
                    const float b[3], wary_ray_result *out) {
  walk_out w;
  bool ok = query(o, materials, a, b, SEGMENT, 0, &w);
  out->transmission = ok ? w.transmission : 1.0f;
  out->walls = ok ? w.walls : 0;
  out->boxes = ok ? w.boxes : 0;
  return ok;
}

bool wy_occ_walls(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], int32_t max_walls, int32_t *walls) {
  walk_out w;
  *walls = 0;
  if (max_walls <= 0) {
    return true;
  }
  bool ok = query(o, materials, a, b, WALLS, max_walls, &w);
  *walls = ok ? w.walls : 0;
  return ok;
}
