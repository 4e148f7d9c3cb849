/* occluders.c - box slots and the bounding-volume hierarchy over the alive
 * boxes (built lazily when dirty; changed in place when a box is added,
 * moves or is removed), with the copies the walks read (occ_walk.c walks
 * them). */
#include "occluders.h"

#include "base.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LEAF_SIZE = 4 };

static bool has_tiny(const float min[3], const float max[3]) {
  return wy_occ_tiny(min[0]) || wy_occ_tiny(min[1]) || wy_occ_tiny(min[2]) || wy_occ_tiny(max[0]) ||
         wy_occ_tiny(max[1]) || wy_occ_tiny(max[2]);
}

void wy_occ_init(wy_occluders *o, const wy_allocator *alloc) {
  memset(o, 0, sizeof *o);
  o->alloc = alloc;
}

void wy_occ_free(wy_occluders *o) {
  wy_array_free(o->alloc, &o->boxes);
  wy_array_free(o->alloc, &o->nodes);
  wy_array_free(o->alloc, &o->parent);
  wy_free(o->alloc, o->walk_block, o->walk_room);
  wy_array_free(o->alloc, &o->leaf_of);
  wy_array_free(o->alloc, &o->leaves);
  wy_array_free(o->alloc, &o->order);
  wy_array_free(o->alloc, &o->slot_leaf);
  wy_occ_init(o, o->alloc);
}

static bool is_alive(const wy_occluders *o, int32_t slot) {
  return slot >= 0 && slot < o->boxes.count && o->boxes.data[slot].alive;
}

/* Slot's box as a leaf keeps it. */
static wy_leaf_box copy_of(const wy_occluders *o, int32_t slot) {
  const wy_box *box = &o->boxes.data[slot];
  wy_leaf_box copy;
  memcpy(copy.bounds, box->min, sizeof box->min);
  memcpy(copy.bounds + 3, box->max, sizeof box->max);
  copy.material = box->material;
  copy.slot = slot;
  return copy;
}

/* The leaf copy of a box in a built tree. */
static wy_leaf_box *leaf_copy(wy_occluders *o, int32_t slot) {
  const wy_bvh_node *leaf = &o->nodes.data[o->slot_leaf.data[slot]];
  for (int32_t i = leaf->first; i < leaf->first + leaf->count; i++) {
    if (o->leaves.data[i].slot == slot) {
      return &o->leaves.data[i];
    }
  }
  return NULL;
}

static bool built(const wy_occluders *o) { return !o->dirty && o->nodes.count > 0; }

static double area_of(const float b[6]) {
  double dx = (double)b[3] - b[0];
  double dy = (double)b[4] - b[1];
  double dz = (double)b[5] - b[2];
  return 2.0 * (dx * dy + dy * dz + dz * dx);
}

static void grow(float into[6], const float b[6]) {
  for (int k = 0; k < 3; k++) {
    into[k] = b[k] < into[k] ? b[k] : into[k];
    into[k + 3] = b[k + 3] > into[k + 3] ? b[k + 3] : into[k + 3];
  }
}

/* The bounds of a node from what it holds, as the build computes them. */
static void node_bounds(const wy_occluders *o, const wy_bvh_node *node, float out[6]) {
  if (node->count > 0) {
    memcpy(out, o->leaves.data[node->first].bounds, sizeof(float) * 6);
    for (int32_t i = 1; i < node->count; i++) {
      grow(out, o->leaves.data[node->first + i].bounds);
    }
  } else {
    memcpy(out, o->nodes.data[node->first].bounds, sizeof(float) * 6);
    grow(out, o->nodes.data[node->first + 1].bounds);
  }
}

/* Node n (not the root) as its pair's lane keeps it: the left child of a
 * pair is odd (the root is 0, children come two by two). */
static void pair_put(wy_occluders *o, int32_t n) {
  wy_bvh_pair *p = &o->pairs[(n - 1) / 2];
  int lane = (n - 1) % 2;
  const float *b = o->nodes.data[n].bounds;
  for (int k = 0; k < 3; k++) {
    p->planes[k][lane] = b[k];
    p->planes[k][lane + 2] = b[k + 3];
  }
  p->next[lane] = wy_occ_next_of(o, n);
}

/* Leaf node n's boxes as the walk reads them; the lanes past its last box
 * are empty boxes (never read: the walk stops at the count). */
static void leaf4_put(wy_occluders *o, int32_t n) {
  const wy_bvh_node *leaf = &o->nodes.data[n];
  wy_bvh_leaf4 *q = &o->leaf4s[o->leaf_of.data[n]];
  for (int32_t i = 0; i < 4; i++) {
    const wy_leaf_box *box = i < leaf->count ? &o->leaves.data[leaf->first + i] : NULL;
    for (int k = 0; k < 3; k++) {
      q->planes[k][i] = box ? box->bounds[k] : 1.0f;
      q->planes[k][i + 4] = box ? box->bounds[k + 3] : 0.0f;
    }
    q->material[i] = box ? box->material : 0;
  }
  q->count = leaf->count;
}

/* Leaf n and every node above it take their bounds again, stopping where
 * nothing changes. The summed node area measures how far the tree has
 * degraded: past twice the build's, the next query builds again. */
static void refit_up(wy_occluders *o, int32_t leaf) {
  for (int32_t n = leaf; n >= 0; n = o->parent.data[n]) {
    wy_bvh_node *node = &o->nodes.data[n];
    float b[6];
    node_bounds(o, node, b);
    if (memcmp(b, node->bounds, sizeof b) == 0) {
      break;
    }
    o->area += area_of(b) - area_of(node->bounds);
    memcpy(node->bounds, b, sizeof b);
    if (n > 0) pair_put(o, n);
  }
  o->refitted = true;
  if (o->area > 2.0 * o->built_area) {
    o->dirty = true;
  }
}

/* The moved box's leaf copy, then its leaf and the nodes above it. */
static void refit(wy_occluders *o, int32_t slot) {
  *leaf_copy(o, slot) = copy_of(o, slot);
  leaf4_put(o, o->slot_leaf.data[slot]);
  refit_up(o, o->slot_leaf.data[slot]);
}

void wy_occ_set_bounds(wy_occluders *o, int32_t slot, const float min[3], const float max[3]) {
  if (!is_alive(o, slot)) {
    return;
  }
  memcpy(o->boxes.data[slot].min, min, sizeof o->boxes.data[slot].min);
  memcpy(o->boxes.data[slot].max, max, sizeof o->boxes.data[slot].max);
  o->tiny = o->tiny || has_tiny(min, max);
  if (built(o)) {
    refit(o, slot);
  }
}

void wy_occ_set_material(wy_occluders *o, int32_t slot, int32_t material) {
  /* The walk reads the material through the box's leaf copy: no build. */
  if (!is_alive(o, slot)) {
    return;
  }
  o->boxes.data[slot].material = material;
  if (built(o)) {
    leaf_copy(o, slot)->material = material;
    leaf4_put(o, o->slot_leaf.data[slot]);
  }
}

/* A built tree loses the box as a move changes it: its leaf copy goes
 * (the others keep their order), and its leaf and the nodes above it are
 * refitted, with no build and no allocation (a tree of 25,000 boxes takes
 * about 4 ms to build). The walks' answers do not depend on the tree's
 * shape (occ_walk.c, settle_product and order_free). The last box of a
 * leaf asks for a build instead: a leaf of none would read as an inner
 * node. */
void wy_occ_remove(wy_occluders *o, int32_t slot) {
  if (!is_alive(o, slot)) {
    return;
  }
  wy_box *box = &o->boxes.data[slot];
  box->alive = false;
  o->alive_count--;
  int32_t n = built(o) ? o->slot_leaf.data[slot] : -1;
  /* (A box with a tiny coordinate goes through a build too, which finds
   * whether any is left: tiny slows every walk.) */
  if (n < 0 || o->nodes.data[n].count < 2 || has_tiny(box->min, box->max)) {
    o->dirty = true;
    return;
  }
  wy_bvh_node *leaf = &o->nodes.data[n];
  wy_leaf_box *copy = leaf_copy(o, slot);
  const wy_leaf_box *end = &o->leaves.data[leaf->first + leaf->count];
  memmove(copy, copy + 1, (size_t)(end - copy - 1) * sizeof *copy);
  leaf->count--;
  leaf4_put(o, n);
  /* What the removal takes off the summed area comes off the build's too,
   * so that only moves count towards a build (refit_up). */
  double before = o->area;
  refit_up(o, n);
  o->built_area += o->area - before;
}

/* ---- adding a box to a built tree ------------------------------------------- */

/* The boxes a build over n allows added in place after it: a quarter of
 * n, and INSERT_SLACK more; the next one asks for a build. An insert goes
 * down the tree greedily, never across it as a build's median splits do,
 * so a tree that took in a quarter more boxes is built again (at 25,000
 * boxes a build takes about 4 ms, once per 6,000 adds); the few more let a
 * tree of a handful of boxes take some. */
enum { INSERT_SLACK = 16 };
static int32_t insert_allowance(int32_t n) { return n / 4 + INSERT_SLACK; }

/* The leaf a new box of bounds b goes to: from the root down, the child
 * whose surface area grows least by taking it (ties: the smaller child,
 * then the left one). */
static int32_t choose_leaf(const wy_occluders *o, const float b[6]) {
  int32_t n = 0;
  while (o->nodes.data[n].count == 0) {
    int32_t left = o->nodes.data[n].first;
    double size[2];
    double cost[2];
    for (int c = 0; c < 2; c++) {
      float u[6];
      memcpy(u, o->nodes.data[left + c].bounds, sizeof u);
      size[c] = area_of(u);
      grow(u, b);
      cost[c] = area_of(u) - size[c];
    }
    n = left + (cost[1] < cost[0] || (cost[1] == cost[0] && size[1] < size[0]));
  }
  return n;
}

/* Levels above node n. */
static int depth_of(const wy_occluders *o, int32_t n) {
  int depth = 0;
  for (n = o->parent.data[n]; n >= 0; n = o->parent.data[n]) depth++;
  return depth;
}

/* Orders leaf copies as before() orders boxes: by centroid key, ties by slot. */
static bool copy_before(const wy_leaf_box *x, const wy_leaf_box *y, int axis) {
  float kx = x->bounds[axis] + x->bounds[axis + 3];
  float ky = y->bounds[axis] + y->bounds[axis + 3];
  return kx < ky || (kx == ky && x->slot < y->slot);
}

/* Full leaf n and the box added become two leaves, n's children (node n is
 * an inner node from then on): the five split as a build splits them, at
 * the median of their centroids along the axis where those spread most,
 * two left and three right. The left child keeps n's leaf4 and the right
 * one takes the next (leaf4s stay packed: wy_occ_leaf_count); both are new
 * nodes at the end of nodes, as a pair. The caller made room for them. */
static void split_leaf(wy_occluders *o, int32_t n, const wy_leaf_box *added) {
  wy_bvh_node *node = &o->nodes.data[n];
  wy_leaf_box five[LEAF_SIZE + 1];
  memcpy(five, &o->leaves.data[node->first], LEAF_SIZE * sizeof *five);
  five[LEAF_SIZE] = *added;
  int axis = 0;
  float spread[3];
  for (int k = 0; k < 3; k++) {
    float lo = five[0].bounds[k] + five[0].bounds[k + 3];
    float hi = lo;
    for (int i = 1; i <= LEAF_SIZE; i++) {
      float c = five[i].bounds[k] + five[i].bounds[k + 3];
      lo = c < lo ? c : lo;
      hi = c > hi ? c : hi;
    }
    spread[k] = hi - lo;
    axis = spread[k] > spread[axis] ? k : axis;
  }
  for (int i = 1; i <= LEAF_SIZE; i++) {
    for (int j = i; j > 0 && copy_before(&five[j], &five[j - 1], axis); j--) {
      wy_leaf_box t = five[j];
      five[j] = five[j - 1];
      five[j - 1] = t;
    }
  }
  int32_t left = o->nodes.count;
  int32_t leaf4 = wy_occ_leaf_count(o);
  o->nodes.count += 2;
  for (int32_t c = 0; c < 2; c++) {
    int32_t m = left + c;
    wy_bvh_node *child = &o->nodes.data[m];
    o->parent.data[m] = n;
    o->leaf_of.data[m] = c == 0 ? o->leaf_of.data[n] : leaf4;
    child->first = LEAF_SIZE * o->leaf_of.data[m];
    child->count = c == 0 ? 2 : 3;
    for (int32_t i = 0; i < child->count; i++) {
      o->leaves.data[child->first + i] = five[2 * c + i];
      o->slot_leaf.data[five[2 * c + i].slot] = m;
    }
    node_bounds(o, child, child->bounds);
    o->area += area_of(child->bounds);
    pair_put(o, m);
    leaf4_put(o, m);
  }
  node->first = left;
  node->count = 0;
  o->leaf_of.data[n] = -1;
  /* Where n leads is now its children's pair, not a leaf. */
  if (n > 0) {
    pair_put(o, n);
  } else {
    o->root_next = wy_occ_next_of(o, 0);
  }
  refit_up(o, n);
}

/* Slot's box into the built tree in place, as a move refits it (the
 * walks' answers do not depend on the tree's shape: occ_walk.c,
 * settle_product and order_free): into the leaf choose_leaf picks, which
 * has room for four (leaves, wy_occluders), or, where that is full, into a
 * split of it. False, with nothing changed, where it cannot: past the
 * build's allowance (insert_allowance), where a split would reach a depth the
 * walks' stacks do not hold or leaves the walk block has no room for (it
 * was laid out for the boxes of its build), or out of memory; the caller
 * then asks for a build. Whatever it adds to the summed node area counts
 * towards a build (refit_up), unlike a removal: what a greedy insert grows
 * is how far the tree degrades from one a build would make. */
static bool insert(wy_occluders *o, int32_t slot) {
  if (o->inserted >= insert_allowance(o->built_count)) {
    return false;
  }
  wy_leaf_box copy = copy_of(o, slot);
  int32_t n = choose_leaf(o, copy.bounds);
  if (!wy_array_reserve(o->alloc, &o->slot_leaf, o->boxes.count)) {
    return false;
  }
  wy_bvh_node *leaf = &o->nodes.data[n];
  if (leaf->count < LEAF_SIZE) {
    o->leaves.data[leaf->first + leaf->count] = copy;
    leaf->count++;
    o->slot_leaf.data[slot] = n;
    leaf4_put(o, n);
    refit_up(o, n);
  } else {
    /* The build refuses a depth of WY_OCC_STACK (build_node's depth counts
     * levels below the root); the split leaves sit one below n. */
    int32_t leaves = wy_occ_leaf_count(o);
    int32_t nodes = o->nodes.count + 2;
    if (depth_of(o, n) + 1 >= WY_OCC_STACK || leaves + 1 > o->walk_cap ||
        !wy_array_reserve(o->alloc, &o->nodes, nodes) || !wy_array_reserve(o->alloc, &o->parent, nodes) ||
        !wy_array_reserve(o->alloc, &o->leaf_of, nodes) ||
        !wy_array_reserve(o->alloc, &o->leaves, LEAF_SIZE * (leaves + 1))) {
      return false;
    }
    split_leaf(o, n, &copy);
  }
  o->inserted++;
  return true;
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
  /* A built tree takes the box in place (insert); where it cannot, the
   * next query builds. A box with a tiny coordinate goes through a build,
   * as its removal does. So does every box where some material lets -0.0
   * through: a walk through a tree changed in place then builds it again
   * for the sign of a 0 (occ_walk.c, order_free), inside a step's rays,
   * and that build must find room in the last one's (wy_occ_prepare),
   * which a tree that took more boxes than it was built over lacks. */
  bool tiny = has_tiny(min, max);
  o->tiny = o->tiny || tiny;
  if (!built(o) || tiny || o->signed_zero || !insert(o, slot)) {
    o->dirty = true;
  }
  return true;
}

/* ---- the build ------------------------------------------------------------ */

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

/* Quickselect over order[lo, hi) so that k holds its sorted element,
 * smaller ones before it and larger after. The partition swaps
 * unconditionally and counts, because its comparisons are unpredictable and
 * mispredicted branches dominated the rebuild. */
static void select_nth(wy_occluders *o, int32_t lo, int32_t hi, int32_t k, int axis) {
  int32_t *v = o->order.data;
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

/* Builds node index over order[lo, hi) (a median split along the widest
 * spread of centroids); returns the depth of its subtree. The order of the
 * boxes in the leaves and of the children is what the walk's product of
 * transmissions follows, so it must not change. */
static int build_node(wy_occluders *o, int32_t index, int32_t lo, int32_t hi) {
  wy_bvh_node *node = &o->nodes.data[index];
  float cmin[3];
  float cmax[3];
  const wy_box *first = &o->boxes.data[o->order.data[lo]];
  for (int k = 0; k < 3; k++) {
    node->bounds[k] = first->min[k];
    node->bounds[k + 3] = first->max[k];
    cmin[k] = cmax[k] = centroid_key(o, o->order.data[lo], k);
  }
  for (int32_t i = lo + 1; i < hi; i++) {
    const wy_box *box = &o->boxes.data[o->order.data[i]];
    for (int k = 0; k < 3; k++) {
      float c = centroid_key(o, o->order.data[i], k);
      node->bounds[k] = box->min[k] < node->bounds[k] ? box->min[k] : node->bounds[k];
      node->bounds[k + 3] = box->max[k] > node->bounds[k + 3] ? box->max[k] : node->bounds[k + 3];
      cmin[k] = c < cmin[k] ? c : cmin[k];
      cmax[k] = c > cmax[k] ? c : cmax[k];
    }
  }
  if (hi - lo <= LEAF_SIZE) {
    node->first = lo;
    node->count = hi - lo;
    for (int32_t i = lo; i < hi; i++) {
      o->slot_leaf.data[o->order.data[i]] = index;
    }
    return 0;
  }
  int axis = 0;
  for (int k = 1; k < 3; k++) {
    if (cmax[k] - cmin[k] > cmax[axis] - cmin[axis]) {
      axis = k;
    }
  }
  int32_t mid = lo + (hi - lo) / 2;
  select_nth(o, lo, hi, mid, axis);
  int32_t left = o->nodes.count;
  o->nodes.count += 2;
  node->first = left;
  node->count = 0;
  o->parent.data[left] = o->parent.data[left + 1] = index;
  int dl = build_node(o, left, lo, mid);
  int dr = build_node(o, left + 1, mid, hi);
  return 1 + (dl > dr ? dl : dr);
}

/* Room for what the walk reads of a tree over n boxes, on cache lines: n
 * pairs and n leaf4s (walk_cap). A build over them takes at most half the
 * leaves (its median splits leave two boxes or more in each, but for a
 * lone box) and a pair fewer; the splits of boxes added in place (insert)
 * take what is left. False on out of memory (the old room kept, walk_cap
 * its own). */
static bool walk_room(wy_occluders *o, int32_t n) {
  size_t need = (size_t)n * (sizeof(wy_bvh_pair) + sizeof(wy_bvh_leaf4)) + 64;
  if (need <= o->walk_room) return true;
  void *block = wy_alloc(o->alloc, need);
  if (!block) return false;
  wy_free(o->alloc, o->walk_block, o->walk_room);
  o->walk_block = block;
  o->walk_room = need;
  o->walk_cap = n;
  uintptr_t at = ((uintptr_t)block + 63) & ~(uintptr_t)63;
  o->pairs = (wy_bvh_pair *)((unsigned char *)block + (at - (uintptr_t)block));
  o->leaf4s = (wy_bvh_leaf4 *)(o->pairs + n);
  return true;
}

/* The leaves a build over n boxes makes (build_node halves them until a
 * part holds LEAF_SIZE or fewer: the count depends on n alone). */
static int32_t leaves_of(int32_t n) { return n <= LEAF_SIZE ? 1 : leaves_of(n / 2) + leaves_of(n - n / 2); }

static bool rebuild(wy_occluders *o) {
  int32_t n = o->alive_count;
  if (n > 0) {
    /* A tree over n boxes has at most 2n - 1 nodes; each leaf's copies
     * have room for four, the build's leaves and as many more as the adds
     * it allows can split off (insert: each split makes one leaf), so that
     * those find their room (a grown array is copied: 0.2 ms at 2,000
     * boxes, where the add itself takes a microsecond). */
    if (!wy_array_reserve(o->alloc, &o->order, n) ||
        !wy_array_reserve(o->alloc, &o->leaves, LEAF_SIZE * (leaves_of(n) + insert_allowance(n))) ||
        !wy_array_reserve(o->alloc, &o->nodes, 2 * n) || !wy_array_reserve(o->alloc, &o->parent, 2 * n) ||
        !wy_array_reserve(o->alloc, &o->leaf_of, 2 * n) || !walk_room(o, n) ||
        !wy_array_reserve(o->alloc, &o->slot_leaf, o->boxes.count)) {
      return false;
    }
  }
  int32_t m = 0;
  o->tiny = false;
  for (int32_t s = 0; s < o->boxes.count; s++) {
    const wy_box *box = &o->boxes.data[s];
    if (box->alive) {
      o->order.data[m++] = s;
      o->tiny = o->tiny || has_tiny(box->min, box->max);
    }
  }
  o->nodes.count = 0;
  o->area = 0.0;
  if (n > 0) {
    o->nodes.count = 1;
    o->parent.data[0] = -1;
    int32_t leaves = 0;
    if (build_node(o, 0, 0, n) < WY_OCC_STACK) {
      for (int32_t i = 0; i < o->nodes.count; i++) {
        o->area += area_of(o->nodes.data[i].bounds);
        o->leaf_of.data[i] = o->nodes.data[i].count > 0 ? leaves++ : -1;
      }
    }
    /* The old tree is gone: where this one is too deep, a build is still
     * asked for (a refitted tree may come here not dirty). */
    if (leaves == 0) {
      o->nodes.count = 0;
      o->dirty = true;
      return false;
    }
    /* Each leaf's copies at 4 x its leaf4, where it has room for four
     * (build_node left first at the leaf's boxes in order). */
    for (int32_t i = 0; i < o->nodes.count; i++) {
      wy_bvh_node *node = &o->nodes.data[i];
      if (node->count == 0) continue;
      int32_t lo = node->first;
      node->first = LEAF_SIZE * o->leaf_of.data[i];
      for (int32_t j = 0; j < node->count; j++) o->leaves.data[node->first + j] = copy_of(o, o->order.data[lo + j]);
    }
    for (int32_t i = 0; i < o->nodes.count; i++) {
      if (i > 0) pair_put(o, i);
      if (o->nodes.data[i].count > 0) leaf4_put(o, i);
    }
    o->root_next = wy_occ_next_of(o, 0);
  }
  o->built_area = o->area;
  o->built_count = n;
  o->inserted = 0;
  o->dirty = false;
  o->refitted = false;
  return true;
}

bool wy_occ_prepare_walks(wy_occluders *o) {
  return !(o->dirty || (o->refitted && o->signed_zero)) || rebuild(o);
}

bool wy_occ_prepare(wy_occluders *o) {
  /* Where a material lets -0.0 through, a walk may build the tree again
   * for the sign of a 0, inside a step's rays, in the room of the last
   * build (query, occ_walk.c): a tree that took boxes in place before such
   * a material came (wy_occ_add takes none after) may need more, so it is
   * built here, where a failure is the caller's to report. */
  if (o->signed_zero && o->inserted > 0) o->dirty = true;
  return !o->dirty || rebuild(o);
}

void wy_occ_prefetch(const wy_occluders *o) {
  if (o->dirty || o->nodes.count == 0) return;
  size_t pairs = (size_t)(o->nodes.count - 1) / 2 * sizeof(wy_bvh_pair);
  size_t leaves = (size_t)wy_occ_leaf_count(o) * sizeof(wy_bvh_leaf4);
  if (pairs + leaves > WY_OCC_PREFETCH_MAX) return;
  if (pairs > 0) wy_prefetch_span(o->pairs, pairs);
  wy_prefetch_span(o->leaf4s, leaves);
}
