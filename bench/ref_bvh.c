/* bench/ref_bvh.c - a reference bounding-volume hierarchy, written apart from
 * the core to say what a plain, good one costs on the same boxes and
 * segments: a binned SAH build (16 bins an axis, leaves of at most 4 boxes)
 * and an ordered walk (the nearer child first) with a local stack and a
 * branch-free slab test against a precomputed inverse direction. Unlike the
 * core it does not answer grazing segments exactly as a division would, and a
 * segment with a zero component lying in a box's face may go either way (the
 * benchmark's segments have none). */
#include "ref_bvh.h"

#include <math.h>
#include <stdlib.h>

enum { BINS = 16, MAX_LEAF = 4, STACK = 64 };

typedef struct box { float lo[3], hi[3]; int32_t material; } box;
/* count 0: an inner node, whose children are first and first + 1 */
typedef struct node { float lo[3], hi[3]; int32_t first, count; } node;
struct ref_bvh { node *nodes; box *boxes; /* in leaf order */ int32_t n, used; };

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))

static void empty(float lo[3], float hi[3]) {
  for (int k = 0; k < 3; k++) lo[k] = INFINITY, hi[k] = -INFINITY;
}

static void grow(float lo[3], float hi[3], const float plo[3], const float phi[3]) {
  for (int k = 0; k < 3; k++) lo[k] = MIN(lo[k], plo[k]), hi[k] = MAX(hi[k], phi[k]);
}

static float area(const float lo[3], const float hi[3]) {
  float x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
  return x < 0.0f ? 0.0f : x * y + y * z + z * x;
}

static int bin_of(const box *b, int k, float lo, float scale) {
  return MIN(BINS - 1, (int)((0.5f * (b->lo[k] + b->hi[k]) - lo) * scale));
}

static void build(ref_bvh *t, int32_t index, int32_t first, int32_t count) {
  node *nd = &t->nodes[index];
  box *bx = t->boxes + first;
  float clo[3], chi[3], best = INFINITY;
  int axis = -1, split = 0;
  empty(nd->lo, nd->hi), empty(clo, chi);
  for (int32_t i = 0; i < count; i++) {
    float c[3] = {0.5f * (bx[i].lo[0] + bx[i].hi[0]), 0.5f * (bx[i].lo[1] + bx[i].hi[1]),
                  0.5f * (bx[i].lo[2] + bx[i].hi[2])};
    grow(nd->lo, nd->hi, bx[i].lo, bx[i].hi), grow(clo, chi, c, c);
  }
  nd->first = first, nd->count = count;
  for (int k = 0; k < 3; k++) {
    if (!(chi[k] > clo[k])) continue;
    int32_t n[BINS] = {0};
    float lo[BINS][3], hi[BINS][3], right[BINS], alo[3], ahi[3], scale = BINS / (chi[k] - clo[k]);
    for (int j = 0; j < BINS; j++) empty(lo[j], hi[j]);
    for (int32_t i = 0; i < count; i++) {
      int j = bin_of(&bx[i], k, clo[k], scale);
      n[j]++, grow(lo[j], hi[j], bx[i].lo, bx[i].hi);
    }
    empty(alo, ahi);
    for (int j = BINS - 1, m = 0; j > 0; j--) /* right[j]: the cost of bins j.. */
      grow(alo, ahi, lo[j], hi[j]), m += n[j], right[j] = area(alo, ahi) * (float)m;
    empty(alo, ahi);
    for (int j = 0, m = 0; j < BINS - 1; j++) { /* a split between bins j and j + 1 */
      grow(alo, ahi, lo[j], hi[j]), m += n[j];
      float cost = area(alo, ahi) * (float)m + right[j + 1];
      if (m > 0 && m < count && cost < best) best = cost, axis = k, split = j + 1;
    }
  }
  float whole = area(nd->lo, nd->hi); /* a split costs one more node to test */
  if (count == 1 || (count <= MAX_LEAF && !(whole + best < whole * (float)count))) return;
  int32_t mid = count / 2, i = 0, j = count - 1;
  if (axis >= 0) {
    for (float scale = BINS / (chi[axis] - clo[axis]); i <= j;) {
      if (bin_of(&bx[i], axis, clo[axis], scale) < split) i++;
      else { box tmp = bx[i]; bx[i] = bx[j], bx[j--] = tmp; }
    }
    mid = i;
  }
  int32_t left = t->used;
  t->used += 2, nd->first = left, nd->count = 0;
  build(t, left, first, mid), build(t, left + 1, first + mid, count - mid);
}

ref_bvh *ref_bvh_build(const float (*min)[3], const float (*max)[3], const int32_t *material,
                       int32_t n) {
  ref_bvh *t = calloc(1, sizeof *t);
  if (!t || !(t->nodes = malloc(sizeof *t->nodes * (size_t)(2 * n + 1))) ||
      !(t->boxes = malloc(sizeof *t->boxes * (size_t)(n + 1))))
    return ref_bvh_free(t), NULL;
  for (int32_t i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++) t->boxes[i].lo[k] = min[i][k], t->boxes[i].hi[k] = max[i][k];
    t->boxes[i].material = material[i];
  }
  t->n = n, t->used = 1;
  if (n > 0) build(t, 0, 0, n);
  return t;
}

void ref_bvh_free(ref_bvh *t) {
  if (t) free(t->nodes), free(t->boxes), free(t);
}

/* Where the segment o + t / inv enters the box (t in [0, 1]); *hit false when it misses. */
static inline float enter(const float lo[3], const float hi[3], const float o[3],
                          const float inv[3], bool *hit) {
  float t0 = 0.0f, t1 = 1.0f;
  for (int k = 0; k < 3; k++) {
    float u = (lo[k] - o[k]) * inv[k], w = (hi[k] - o[k]) * inv[k];
    t0 = MAX(t0, MIN(u, w)), t1 = MIN(t1, MAX(u, w));
  }
  *hit = t0 <= t1;
  return t0;
}

float ref_bvh_walk(const ref_bvh *t, const float *transmission, const bool *wall,
                   const float a[3], const float b[3], bool stop, int32_t *boxes, int32_t *walls) {
  float inv[3] = {1.0f / (b[0] - a[0]), 1.0f / (b[1] - a[1]), 1.0f / (b[2] - a[2])}, p = 1.0f;
  int32_t stack[STACK], top = 0, i = 0, nb = 0, nw = 0;
  bool hl = t->n > 0, hr;
  if (hl) enter(t->nodes[0].lo, t->nodes[0].hi, a, inv, &hl);
  while (hl) {
    const node *nd = &t->nodes[i];
    if (nd->count > 0) {
      for (const box *x = &t->boxes[nd->first]; x < &t->boxes[nd->first + nd->count]; x++) {
        enter(x->lo, x->hi, a, inv, &hr);
        if (!hr) continue;
        p *= transmission[x->material], nb++, nw += wall[x->material];
        if (stop && p <= 0.0f) goto done;
      }
    } else {
      const node *l = &t->nodes[nd->first];
      float tl = enter(l->lo, l->hi, a, inv, &hl), tr = enter(l[1].lo, l[1].hi, a, inv, &hr);
      if (hl || hr) { /* the nearer child next, the other one on the stack */
        bool right_first = !hl || (hr && tr < tl);
        if (hl && hr) stack[top++] = nd->first + !right_first;
        i = nd->first + right_first, hl = true;
        continue;
      }
    }
    if ((hl = top > 0)) i = stack[--top];
  }
done:
  *boxes = nb, *walls = nw;
  return p;
}
