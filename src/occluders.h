/* occluders.h - the boxes that block sight and sound, kept in a
 * bounding-volume hierarchy (built lazily, then changed in place when a box
 * is added, moves or is removed, until it has degraded: wy_occ_add,
 * wy_occ_set_bounds), and the segment queries over them. Box slots are the
 * slots of the boxes' ids (the world's box id pool hands them out). */
#ifndef WARY_OCCLUDERS_H
#define WARY_OCCLUDERS_H

#include "array.h"
#include "wary.h"

/* A walk's stack holds one node per level of the tree; a median split
 * halves the boxes at each level, so no tree over fewer than 2^31 boxes is
 * deeper than 30 levels (the build checks it). */
enum { WY_OCC_STACK = 64 };

/* A coordinate below 2^-60 that is not 0: where one is, the walks' fast
 * test cannot bound its rounding. */
static inline bool wy_occ_tiny(float v) { return v != 0.0f && (v < 0x1p-60f && v > -0x1p-60f); }

typedef struct wy_box {
  float min[3];
  float max[3];
  int32_t material;
  bool alive;
} wy_box;

typedef struct wy_bvh_node {
  float bounds[6]; /* min x y z, max x y z */
  int32_t first;   /* inner: the left child (the right one is first + 1); leaf: into leaves (4 x its leaf4) */
  int32_t count;   /* boxes in a leaf, 0 for an inner node */
} wy_bvh_node;

/* What the walk reads of an inner node, in one cache line: its two
 * children's bounds, per axis [left min, right min, left max, right max],
 * and where each leads, in bytes (the walk adds them to its base with no
 * multiply): the pair of its own children, at that offset into pairs (>=
 * 0), or a leaf, ~ its offset into leaf4s. Copies kept by the build and
 * the refits. */
typedef struct wy_bvh_pair {
  float planes[3][4];
  int64_t next[2];
} wy_bvh_pair;

/* What the walk reads of a leaf, in two cache lines: its boxes' bounds
 * (up to four, in leaf order), per axis [their mins, their maxes], their
 * materials and how many there are. The lanes past count are empty boxes. */
typedef struct wy_bvh_leaf4 {
  float planes[3][8];
  int32_t material[4];
  int32_t count;
  int32_t unused[3];
} wy_bvh_leaf4;

_Static_assert(sizeof(wy_bvh_pair) == 64, "wy_bvh_pair is one cache line");
_Static_assert(sizeof(wy_bvh_leaf4) == 128, "wy_bvh_leaf4 is two cache lines");

/* A box as the walk reads it, in leaf order (a copy of its slot's box). */
typedef struct wy_leaf_box {
  float bounds[6];
  int32_t material;
  int32_t slot;
} wy_leaf_box;

typedef struct wy_occluders {
  WY_ARRAY(wy_box) boxes; /* slots (alive or dead: alive false) */
  int32_t alive_count;
  /* The alive boxes when the tree was built, and the boxes added in place
   * since (wy_occ_add: a quarter of built_count and a few more, then a
   * build). */
  int32_t built_count;
  int32_t inserted;
  WY_ARRAY(wy_bvh_node) nodes;   /* node 0 is the root */
  WY_ARRAY(int32_t) parent;      /* per node, -1 for the root */
  /* What the walk reads (in one block, on cache lines: walk_room bytes at
   * walk_block): inner node n's children in pairs[(nodes[n].first - 1) / 2],
   * leaf n's boxes in leaf4s[leaf_of[n]] (leaf_of: -1 for an inner node).
   * Room for walk_cap of each (the boxes of the build that laid it out),
   * which a build over fewer boxes reuses. */
  wy_bvh_pair *pairs;
  wy_bvh_leaf4 *leaf4s;
  void *walk_block;
  size_t walk_room;
  int32_t walk_cap;
  WY_ARRAY(int32_t) leaf_of;     /* per node (count unused) */
  /* Leaf n's copies at [4 x leaf_of[n], + its count), as its leaf4's
   * lanes: each leaf has room for four, so a box added in place or
   * removed changes its own leaf only (count unused). */
  WY_ARRAY(wy_leaf_box) leaves;
  WY_ARRAY(int32_t) order;       /* the build's scratch: the alive slots, in leaf order (count unused) */
  WY_ARRAY(int32_t) slot_leaf;   /* per slot: the leaf node holding it (count unused) */
  double area;       /* summed surface area of the nodes, kept by refits */
  double built_area; /* the same right after the build, less what removals took off */
  /* Build again: boxes added where the tree could not take them in place,
   * a leaf's last removed, or the tree degraded. */
  bool dirty;
  /* A box moved, or was added or removed in place, since the build: the
   * tree's shape is not the one a build would make now. */
  bool refitted;
  bool tiny;         /* some box has a coordinate below 2^-60 that is not 0 */
  bool signed_zero;  /* some material lets -0.0 through (set by its writer, never cleared) */
  const wy_allocator *alloc; /* the world's (set by wy_occ_init) */
  int64_t root_next; /* wy_occ_next_of(o, 0) of a built tree: where the walks start */
} wy_occluders;

/* The leaves (leaf4s) of a built tree of n nodes: (n + 1) / 2, beside
 * its (n - 1) / 2 pairs. */
static inline int32_t wy_occ_leaf_count(const wy_occluders *o) { return (o->nodes.count + 1) / 2; }

/* Where node n of a built tree leads, as wy_bvh_pair's next: its
 * children's pair, or ~ its leaf4, as byte offsets (node 0: where the
 * walks start). */
static inline int64_t wy_occ_next_of(const wy_occluders *o, int32_t n) {
  const wy_bvh_node *node = &o->nodes.data[n];
  return node->count > 0 ? ~((int64_t)o->leaf_of.data[n] * (int64_t)sizeof(wy_bvh_leaf4))
                         : (int64_t)((node->first - 1) / 2) * (int64_t)sizeof(wy_bvh_pair);
}

typedef struct wy_material {
  float vision_transmission;
  bool sound_wall;
} wy_material;

void wy_occ_init(wy_occluders *o, const wy_allocator *alloc);

void wy_occ_free(wy_occluders *o);
/* Puts a box into slot, which must not hold one; false on out of memory (and
 * nothing changed): only where the slots cannot grow. Bounds must be
 * finite with max >= min. A built tree takes the box in place, refitted as
 * for a move (no build; memory only where its arrays grow); the next query
 * builds instead where the box has a tiny coordinate, where some material
 * lets -0.0 through (signed_zero), where the tree took a quarter more
 * boxes than it was built over (and 16) since its build, where a full
 * leaf's split would be too deep for the walks or past the room of the
 * walk block, out of memory, or once the summed node area has doubled
 * (what an add grows counts, as a move's). */
bool wy_occ_add(wy_occluders *o, int32_t slot, const float min[3], const float max[3],
                int32_t material);
/* Moves a box. A built tree is refitted (no allocation); it is built again at
 * the next query once refits have doubled its summed node area. */
void wy_occ_set_bounds(wy_occluders *o, int32_t slot, const float min[3], const float max[3]);
void wy_occ_set_material(wy_occluders *o, int32_t slot, int32_t material);
/* Removes a box: out of a built tree in place, as a move refits it, but
 * where it was its leaf's last box (then the next query builds again). */
void wy_occ_remove(wy_occluders *o, int32_t slot);
/* Builds the hierarchy now if it is dirty, or took boxes in place while
 * some material lets -0.0 through; false on out of memory (nothing
 * changed). After it, no query can fail until a box is added where the
 * tree cannot take it in place (wy_occ_add), removed as its leaf's last,
 * or moved once boxes were added in place (the build the moves may ask
 * for needs room for those too). A walk that builds the tree for the sign
 * of a 0 (where a material lets -0.0 through) reuses the room of this one:
 * no box goes in place once such a material is there, and a tree that
 * took some before it came is built here. */
bool wy_occ_prepare(wy_occluders *o);
/* Asks for what the walks read of a built tree (WY_PREFETCH, every line)
 * when it is at most WY_OCC_PREFETCH_MAX bytes (up to about 4,000 boxes): a step
 * casts its rays through a tree the game's frame has pushed out of the
 * caches, each node a load the next one waits for. */
enum { WY_OCC_PREFETCH_MAX = 256 * 1024 };
void wy_occ_prefetch(const wy_occluders *o);
/* Builds the tree now if a walk could build it: it is dirty (wy_occ_add,
 * wy_occ_remove), or it was changed in place while some material lets -0.0
 * through (a
 * sight stopped at a 0 then asks for a build; a fresh one answers the
 * same). After it, walks write nothing, so they may run at once. False on
 * out of memory. */
bool wy_occ_prepare_walks(wy_occluders *o);
/* Segment a->b against every alive box: *transmission receives the product
 * of the materials' vision_transmission of the boxes the segment touches,
 * each box once, nearer subtrees first; the walk stops once it reaches 0. A
 * segment that starts or ends inside a box touches it. Builds the hierarchy
 * first if dirty. Returns false only on out of memory (*transmission then 1). */
bool wy_occ_sight(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], float *transmission);
/* wy_occ_sight, also handing back in *zero_at the box whose factor 0
 * ended the segment, as 4 x its leaf4 + its lane (leaves[*zero_at].slot
 * is its slot), or -1 where none did (a hint for the next look:
 * occ_bundle.c; explain's sample_blocker: vision.c). */
bool wy_occ_sight_at(wy_occluders *o, const wy_material *materials, const float a[3], const float b[3],
                     float *transmission, int32_t *zero_at);
/* What ended a look's segments, a hint for its next look (vision.c): two
 * boxes as the walk reads them, each 4 x its leaf4 + its lane (-1: none),
 * and bit r of second, whether segment r's is box[1] rather than box[0].
 * A walk (the bundle's, or each segment's alone: every build) that leaves
 * every segment at a factor 0 met in at most two boxes names them; any
 * other walk names none (WY_OCC_NO_BLOCKERS). */
typedef struct wy_occ_blockers {
  int32_t box[2];
  uint32_t second;
} wy_occ_blockers;
#define WY_OCC_NO_BLOCKERS ((wy_occ_blockers){{-1, -1}, 0})

/* wy_occ_sight for the n segments a -> b[r], the same answers, walked
 * together where they can be (vision's sample rays); false only on out of
 * memory (each segment's transmission is then what wy_occ_sight left).
 * blockers (may be NULL) is a hint, whose boxes the tree may no longer
 * hold or which may no longer end the segments: where each still has a
 * factor 0 and touches its segment (exact_hit), every product is 0, as
 * the walk would find it, and nothing is walked (blockers left as they
 * were); else the walk's own are put there (left as they were when the
 * build runs out of memory). Looks of 1 to WARY_MAX_SAMPLES segments take
 * and leave hints; none or more take none and leave none. */
bool wy_occ_sight_many(wy_occluders *o, const wy_material *materials, const float a[3], const float (*b)[3],
                       int32_t n, float *transmission, wy_occ_blockers *blockers);
/* The same over the whole segment, never stopping early: walls counts the
 * boxes touched whose material is a sound wall, boxes every box touched (the
 * public wary_ray_cast). False only on out of memory (out then holds
 * transmission 1, walls 0, boxes 0). */
bool wy_occ_segment(wy_occluders *o, const wy_material *materials, const float a[3],
                    const float b[3], wary_ray_result *out);
/* The sound walls the segment crosses, counted up to max_walls: the walk
 * stops there, so *walls is the smaller of the two. b_is_source: b is where
 * a sound starts, and a wall that holds it inside (a door that creaks at
 * its centre) is the thing making the sound, not a wall between (seed
 * 003); one it lies on the far face of (a floor under footsteps) is. False only on out of memory (*walls then
 * 0). */
bool wy_occ_walls(wy_occluders *o, const wy_material *materials, const float a[3],
                  const float b[3], int32_t max_walls, bool b_is_source, int32_t *walls);

#endif
