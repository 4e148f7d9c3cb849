/* occ_walk.h - internal: what the segment walks over the occluders'
 * hierarchy share (occ_walk.c, one segment at a time; occ_bundle.c, the
 * sample rays of a look from one point together): the segment as the fast
 * test takes it, the exact test every answer agrees with, the four-lane
 * slab and what a walk hands back. */
#ifndef WARY_OCC_WALK_H
#define WARY_OCC_WALK_H

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

/* The direction components the fast tests' error bound covers: 0, or a
 * magnitude within [WY_FAST_D_MIN, WY_FAST_D_MAX] (seg_fill; occ_bundle.c
 * checks a bundle's against the same). */
#define WY_FAST_D_MIN 0x1p-40f
#define WY_FAST_D_MAX 0x1p40f

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
    fast = fast && (d == 0.0f || (fabsf(d) >= WY_FAST_D_MIN && fabsf(d) <= WY_FAST_D_MAX));
  }
  s->fast = fast;
  s->margin = fast ? margin : INFINITY;
  s->start[0] = 0.0f;
  s->start[1] = 1.0f;
}

/* Slab test of the closed segment against a closed box; *enter receives the
 * first t inside. Dividing keeps 0/d at 0, and a zero component is decided
 * by whether a lies inside that slab. A segment that only touches the box
 * at one of its ends (a lamp or eyes on a face, looking away; a point on
 * the near face) does not cross it: a box it meets in a single point at
 * t = 0 or t = 1 is missed. This is the test every answer must agree with
 * (the fast tests leave such zero-length spans to it). */
static inline bool exact_hit(const float b[6], const seg *s, float *enter) {
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

/* The bounds of lane i of n (a pair's 2 children, a leaf's 4 boxes) as the
 * one-box tests take them (min x y z, max x y z), from planes laid out per
 * axis in rows of 2n: the n mins, then the n maxes. */
static inline void lane_bounds(const float *planes, int n, int i, float b[6]) {
  for (int k = 0; k < 3; k++) {
    b[k] = planes[2 * n * k + i];
    b[k + 3] = planes[2 * n * k + i + n];
  }
}

#ifdef WY_PAIRS_SSE
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
#endif

/* The pair or the leaf a walk's next (wy_bvh_pair) leads to. */
WY_INLINE const wy_bvh_pair *pair_at(const wy_bvh_pair *pairs, int64_t next) {
  return (const wy_bvh_pair *)(const void *)((const unsigned char *)pairs + next);
}

WY_INLINE const wy_bvh_leaf4 *leaf_at(const wy_bvh_leaf4 *leaf4s, int64_t next) {
  return (const wy_bvh_leaf4 *)(const void *)((const unsigned char *)leaf4s + ~next);
}

typedef struct walk_out {
  float transmission;
  int32_t walls;
  int32_t boxes;
  int32_t partial;  /* factors other than 1 and 0 multiplied in */
  bool zero;        /* a factor 0 was multiplied in */
  /* SIGHT, zero set: the box whose 0 ended the walk, as a hint names it
   * (wy_occ_blockers). Written only where sight stops, so that no other
   * walk pays for it: read it only when zero is set. */
  int32_t zero_at;
} walk_out;


/* The see-through materials a walk keeps as a list (a segment's, up to
 * this many: past it, walk() tallies them, and a bundle's segment is taken
 * again by walk()). */
enum { WY_KEPT = 16 };

/* The product of n >= 3 see-through factors kept as their materials m (put
 * in order here): material by material, ascending, as tally_product takes
 * them. */
static inline float kept_product(uint8_t *m, int32_t n, const wy_material *materials) {
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

#endif
