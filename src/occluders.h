/* occluders.h - the boxes that block sight and sound, kept in a
 * bounding-volume hierarchy that is rebuilt lazily after boxes change, and the
 * segment query over them. Box slots are the slots of the boxes' ids (the
 * world's box id pool hands them out). */
#ifndef WARY_OCCLUDERS_H
#define WARY_OCCLUDERS_H

#include "array.h"
#include "wary.h"

typedef struct wy_box {
  float min[3];
  float max[3];
  int32_t material;
  bool alive;
} wy_box;

typedef struct wy_bvh_node {
  float min[3];
  float max[3];
  int32_t left;  /* child node index, or -1 for a leaf */
  int32_t right; /* child node index; for a leaf: first index into leaf_boxes */
  int32_t count; /* boxes in a leaf, 0 for an inner node */
} wy_bvh_node;

typedef struct wy_occluders {
  WY_ARRAY(wy_box) boxes;       /* slots (alive or dead: alive false) */
  int32_t alive_count;
  WY_ARRAY(wy_bvh_node) nodes;
  WY_ARRAY(int32_t) leaf_boxes; /* box slots referenced by leaves (count unused) */
  WY_ARRAY(int32_t) stack;      /* traversal stack (count unused) */
  bool dirty;                   /* boxes changed since the last build */
  const wy_allocator *alloc;
} wy_occluders;

typedef struct wy_material {
  float vision_transmission;
  bool sound_wall;
} wy_material;

void wy_occ_init(wy_occluders *o, const wy_allocator *alloc);
void wy_occ_free(wy_occluders *o);
/* Puts a box into slot, which must not hold one; false on out of memory (and
 * nothing changed). Bounds must be finite with max >= min. */
bool wy_occ_add(wy_occluders *o, int32_t slot, const float min[3], const float max[3],
                int32_t material);
void wy_occ_set_bounds(wy_occluders *o, int32_t slot, const float min[3], const float max[3]);
void wy_occ_set_material(wy_occluders *o, int32_t slot, int32_t material);
void wy_occ_remove(wy_occluders *o, int32_t slot);
/* Segment a->b against every alive box. transmission is the product of the
 * materials' vision_transmission of the boxes the segment touches, each box
 * once; once it reaches 0 the query stops (walls and boxes then count only
 * what was found so far). walls counts boxes whose material is a sound wall;
 * boxes counts boxes touched. A segment that starts or ends inside a box
 * touches it. Rebuilds the hierarchy first if dirty. Returns false only on out
 * of memory (out then holds transmission 1, walls 0, boxes 0). */
bool wy_occ_ray(wy_occluders *o, const wy_material *materials, const float a[3], const float b[3],
                wary_ray_result *out);
/* Same walk over the whole segment, never stopping early: walls and boxes
 * count every box touched (hearing, and the public wary_ray_cast). */
bool wy_occ_segment(wy_occluders *o, const wy_material *materials, const float a[3],
                    const float b[3], wary_ray_result *out);

#endif
