/* occ_walk.c - the segment walks over the occluders' hierarchy (occluders.c
 * builds it): sight transmitted, every box on a segment, walls up to a cap
 * (occ_bundle.c walks the sight of several segments from one point
 * together).
 *
 * Every walk answers exactly what the division-based slab test in exact_hit
 * answers, box by box and in the same order: a faster test with a
 * precomputed inverse direction decides whenever its rounding cannot change
 * the answer, and hands the few close calls to exact_hit. */
#include "occ_walk.h"

/* ---- the segment tests ------------------------------------------------------ */
/* Not inlined: the walk then holds start[] in registers rather than as
 * constants, which keeps the compiler from testing them with branches. */
static void seg_init(seg *s, const wy_occluders *o, const float a[3], const float b[3]) {
  seg_fill(s, start_fast(o, a), a, b);
  for (int k = 0; k < 3; k++) {
    s->enter[k] = s->d[k] < 0.0f ? k + 3 : k;
    s->leave[k] = s->d[k] < 0.0f ? k : k + 3;
  }
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
/* Whether the box (lane_bounds' order: low corner, then high) holds p
 * strictly inside. On a face it does not: a segment that ends on the near
 * face touches the box at its end only, which is no hit (exact_hit); one
 * that ends on the far face (footsteps on a floor, heard from below) has
 * crossed the whole box, a wall between. */
WY_INLINE bool box_holds(const float b[6], const float p[3]) {
  return p[0] > b[0] && p[1] > b[1] && p[2] > b[2] && p[0] < b[3] && p[1] < b[4] && p[2] < b[5];
}

WY_INLINE void walk(const wy_occluders *o, const wy_material *materials, const seg *exact,
                    walk_mode mode, int32_t max_walls, const float *source, walk_out *out) {
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
  /* What is next (wy_bvh_pair's next): a pair of children to test (>= 0), or ~ a
   * leaf, as byte offsets. */
  int64_t stack[WY_OCC_STACK];
  int32_t top = 0;
  float t0;
  float t1;
  const wy_bvh_node *root = &o->nodes.data[0];
  span(root->bounds, s, &t0, &t1);
  if (t0 - t1 > m) goto done;
  int64_t next = o->root_next;
  for (;;) {
    if (next < 0) {
      const wy_bvh_leaf4 *leaf = leaf_at(leaf4s, next);
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
        if (mode == WALLS && source) {
          float b[6];
          lane_bounds(leaf->planes[0], 4, i, b);
          if (box_holds(b, source)) continue; /* the thing making the sound */
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
          out->zero_at = (int32_t)(leaf - leaf4s) * 4 + i;
          goto done;
        }
      }
    } else {
      const wy_bvh_pair *p = pair_at(pairs, next);
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
                  const float b[3], walk_mode mode, int32_t max_walls, const float *source, walk_out *out) {
  seg s;
  for (;;) {
    memset(out, 0, sizeof *out);
    out->transmission = 1.0f;
    if (!wy_occ_prepare(o)) {
      return false;
    }
    seg_init(&s, o, a, b);
    if (o->nodes.count > 0) {
      walk(o, materials, &s, mode, max_walls, source, out);
    }
    if (order_free(o, mode, out)) {
      return true;
    }
    o->dirty = true;
  }
}

/* The box comes from the walk query returns, its last: where a refitted
 * tree was built again and walked over, the new tree's. */
bool wy_occ_sight_at(wy_occluders *o, const wy_material *materials, const float a[3], const float b[3],
                     float *transmission, int32_t *zero_at) {
  walk_out w;
  bool ok = query(o, materials, a, b, SIGHT, 0, NULL, &w);
  *transmission = ok ? w.transmission : 1.0f;
  *zero_at = ok && w.zero ? w.zero_at : -1;
  return ok;
}

/* One copy of the sight walk in the library, wy_occ_sight_at's: a cold
 * step fetches the code of every walk it runs. */
bool wy_occ_sight(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], float *transmission) {
  int32_t unused;
  return wy_occ_sight_at(o, materials, a, b, transmission, &unused);
}

bool wy_occ_segment(wy_occluders *o, const wy_material *materials, const float a[3],
                    const float b[3], wary_ray_result *out) {
  walk_out w;
  bool ok = query(o, materials, a, b, SEGMENT, 0, NULL, &w);
  out->transmission = ok ? w.transmission : 1.0f;
  out->walls = ok ? w.walls : 0;
  out->boxes = ok ? w.boxes : 0;
  return ok;
}

bool wy_occ_walls(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], int32_t max_walls, bool b_is_source, int32_t *walls) {
  walk_out w;
  *walls = 0;
  if (max_walls <= 0) {
    return true;
  }
  bool ok = query(o, materials, a, b, WALLS, max_walls, b_is_source ? b : NULL, &w);
  *walls = ok ? w.walls : 0;
  return ok;
}
