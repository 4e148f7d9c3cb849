/* occluders.c - box slots, the bounding-volume hierarchy over the alive boxes
 * (rebuilt lazily when dirty), and the segment walk. */
#include "occluders.h"

#include <stdlib.h>
#include <string.h>

enum { LEAF_SIZE = 4 };

void wy_occ_init(wy_occluders *o, const wy_allocator *alloc) {
  memset(o, 0, sizeof *o);
  o->alloc = alloc;
}

void wy_occ_free(wy_occluders *o) {
  wy_array_free(o->alloc, &o->boxes);
  wy_array_free(o->alloc, &o->nodes);
  wy_array_free(o->alloc, &o->leaf_boxes);
  wy_array_free(o->alloc, &o->stack);
  wy_occ_init(o, o->alloc);
}

static bool is_alive(const wy_occluders *o, int32_t slot) {
  return slot >= 0 && slot < o->boxes.count && o->boxes.data[slot].alive;
}

bool wy_occ_add(wy_occluders *o, int32_t slot, const float min[3], const float max[3],
                int32_t material) {
  if (slot < 0 || is_alive(o, slot)) {
    return false;
  }
  if (slot >= o->boxes.count) {
    if (!wy_array_reserve(o->alloc, &o->boxes, slot + 1)) {
      return false;
    }
    for (int32_t s = o->boxes.count; s < slot; s++) {
      o->boxes.data[s].alive = false;
    }
    o->boxes.count = slot + 1;
  }
  wy_box *box = &o->boxes.data[slot];
  memcpy(box->min, min, sizeof box->min);
  memcpy(box->max, max, sizeof box->max);
  box->material = material;
  box->alive = true;
  o->alive_count++;
  o->dirty = true;
  return true;
}

void wy_occ_set_bounds(wy_occluders *o, int32_t slot, const float min[3], const float max[3]) {
  if (!is_alive(o, slot)) {
    return;
  }
  memcpy(o->boxes.data[slot].min, min, sizeof o->boxes.data[slot].min);
  memcpy(o->boxes.data[slot].max, max, sizeof o->boxes.data[slot].max);
  o->dirty = true;
}

void wy_occ_set_material(wy_occluders *o, int32_t slot, int32_t material) {
  /* Leaves hold slots and the walk reads the material, so no rebuild. */
  if (is_alive(o, slot)) {
    o->boxes.data[slot].material = material;
  }
}

void wy_occ_remove(wy_occluders *o, int32_t slot) {
  if (!is_alive(o, slot)) {
    return;
  }
  o->boxes.data[slot].alive = false;
  o->alive_count--;
  o->dirty = true;
}

/* Twice the centroid: the same order without the multiply. */
static float centroid_key(const wy_occluders *o, int32_t slot, int axis) {
  return o->boxes.data[slot].min[axis] + o->boxes.data[slot].max[axis];
}

/* Orders by centroid key, ties by slot: with every key distinct the
 * partition below stays balanced when many boxes share a coordinate. */
static bool before(const wy_occluders *o, int32_t x, int32_t y, int axis) {
  float kx = centroid_key(o, x, axis);
  float ky = centroid_key(o, y, axis);
  return (kx < ky) | ((kx == ky) & (x < y));
}

/* Quickselect over leaf_boxes[lo, hi) so that k holds its sorted element,
 * smaller ones before it and larger after. The partition swaps
 * unconditionally and counts, because its comparisons are unpredictable and
 * mispredicted branches dominated the rebuild. */
static void select_nth(wy_occluders *o, int32_t lo, int32_t hi, int32_t k, int axis) {
  int32_t *v = o->leaf_boxes.data;
  while (hi - lo > 1) {
    int32_t m = lo + (hi - lo) / 2;
    int32_t last = hi - 1;
    int32_t p;
    if (before(o, v[lo], v[m], axis)) {
      p = before(o, v[m], v[last], axis) ? m : before(o, v[lo], v[last], axis) ? last : lo;
    } else {
      p = before(o, v[lo], v[last], axis) ? lo : before(o, v[m], v[last], axis) ? last : m;
    }
    int32_t pivot = v[p];
    v[p] = v[last];
    v[last] = pivot;
    float pk = centroid_key(o, pivot, axis);
    int32_t store = lo;
    for (int32_t i = lo; i < last; i++) {
      int32_t s = v[i];
      float sk = centroid_key(o, s, axis);
      v[i] = v[store];
      v[store] = s;
      store += (sk < pk) | ((sk == pk) & (s < pivot));
    }
    v[last] = v[store];
    v[store] = pivot;
    if (k < store) {
      hi = store;
    } else if (k > store) {
      lo = store + 1;
    } else {
      return;
    }
  }
}

static int32_t build_node(wy_occluders *o, int32_t lo, int32_t hi) {
  int32_t index = o->nodes.count++;
  wy_bvh_node *node = &o->nodes.data[index];
  float cmin[3];
  float cmax[3];
  const wy_box *first = &o->boxes.data[o->leaf_boxes.data[lo]];
  for (int k = 0; k < 3; k++) {
    node->min[k] = first->min[k];
    node->max[k] = first->max[k];
    cmin[k] = cmax[k] = centroid_key(o, o->leaf_boxes.data[lo], k);
  }
  for (int32_t i = lo + 1; i < hi; i++) {
    const wy_box *box = &o->boxes.data[o->leaf_boxes.data[i]];
    for (int k = 0; k < 3; k++) {
      float c = centroid_key(o, o->leaf_boxes.data[i], k);
      node->min[k] = box->min[k] < node->min[k] ? box->min[k] : node->min[k];
      node->max[k] = box->max[k] > node->max[k] ? box->max[k] : node->max[k];
      cmin[k] = c < cmin[k] ? c : cmin[k];
      cmax[k] = c > cmax[k] ? c : cmax[k];
    }
  }
  if (hi - lo <= LEAF_SIZE) {
    node->left = -1;
    node->right = lo;
    node->count = hi - lo;
    return index;
  }
  int axis = 0;
  for (int k = 1; k < 3; k++) {
    if (cmax[k] - cmin[k] > cmax[axis] - cmin[axis]) {
      axis = k;
    }
  }
  int32_t mid = lo + (hi - lo) / 2;
  select_nth(o, lo, hi, mid, axis);
  node->count = 0;
  int32_t left = build_node(o, lo, mid);
  int32_t right = build_node(o, mid, hi);
  o->nodes.data[index].left = left;
  o->nodes.data[index].right = right;
  return index;
}

static bool rebuild(wy_occluders *o) {
  int32_t n = o->alive_count;
  if (n > 0) {
    /* A tree over n boxes has at most 2n - 1 nodes, and the walk pushes each
     * node at most once. */
    if (!wy_array_reserve(o->alloc, &o->leaf_boxes, n) || !wy_array_reserve(o->alloc, &o->nodes, 2 * n) ||
        !wy_array_reserve(o->alloc, &o->stack, 2 * n)) {
      return false;
    }
  }
  int32_t m = 0;
  for (int32_t s = 0; s < o->boxes.count; s++) {
    if (o->boxes.data[s].alive) {
      o->leaf_boxes.data[m++] = s;
    }
  }
  o->nodes.count = 0;
  if (n > 0) {
    build_node(o, 0, n);
  }
  o->dirty = false;
  return true;
}

/* Slab test of the closed segment a + t d, t in [0, 1], against a closed box;
 * *enter receives the first t inside. Dividing (rather than multiplying by a
 * precomputed 1/d) keeps 0/d at 0 where 0 * inf would give NaN, and a zero
 * component is decided by whether a lies inside that slab. */
static bool segment_hits(const float min[3], const float max[3], const float a[3],
                         const float d[3], float *enter) {
  float t0 = 0.0f;
  float t1 = 1.0f;
  for (int k = 0; k < 3; k++) {
    if (d[k] == 0.0f) {
      if (a[k] < min[k] || a[k] > max[k]) {
        return false;
      }
      continue;
    }
    float u = (min[k] - a[k]) / d[k];
    float w = (max[k] - a[k]) / d[k];
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
  *enter = t0;
  return true;
}

/* Nearer children are walked first so that an early stop at an opaque box
 * mostly counts what lies in front of it. */
static bool walk(wy_occluders *o, const wy_material *materials, const float a[3], const float b[3],
                 bool stop_at_zero, wary_ray_result *out) {
  out->transmission = 1.0f;
  out->walls = 0;
  out->boxes = 0;
  if (o->dirty && !rebuild(o)) {
    return false;
  }
  float d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
  float t;
  if (o->nodes.count == 0 || !segment_hits(o->nodes.data[0].min, o->nodes.data[0].max, a, d, &t)) {
    return true;
  }
  int32_t top = 0;
  o->stack.data[top++] = 0;
  while (top > 0) {
    const wy_bvh_node *node = &o->nodes.data[o->stack.data[--top]];
    if (node->left < 0) {
      for (int32_t i = 0; i < node->count; i++) {
        const wy_box *box = &o->boxes.data[o->leaf_boxes.data[node->right + i]];
        if (!segment_hits(box->min, box->max, a, d, &t)) {
          continue;
        }
        const wy_material *m = &materials[box->material];
        out->boxes++;
        out->walls += m->sound_wall ? 1 : 0;
        out->transmission *= m->vision_transmission;
        if (stop_at_zero && out->transmission <= 0.0f) {
          return true;
        }
      }
      continue;
    }
    const wy_bvh_node *l = &o->nodes.data[node->left];
    const wy_bvh_node *r = &o->nodes.data[node->right];
    float tl;
    float tr;
    bool hl = segment_hits(l->min, l->max, a, d, &tl);
    bool hr = segment_hits(r->min, r->max, a, d, &tr);
    if (hl && hr) {
      bool left_first = tl <= tr;
      o->stack.data[top++] = left_first ? node->right : node->left;
      o->stack.data[top++] = left_first ? node->left : node->right;
    } else if (hl || hr) {
      o->stack.data[top++] = hl ? node->left : node->right;
    }
  }
  return true;
}

bool wy_occ_ray(wy_occluders *o, const wy_material *materials, const float a[3], const float b[3],
                wary_ray_result *out) {
  return walk(o, materials, a, b, true, out);
}

bool wy_occ_segment(wy_occluders *o, const wy_material *materials, const float a[3],
                    const float b[3], wary_ray_result *out) {
  return walk(o, materials, a, b, false, out);
}
