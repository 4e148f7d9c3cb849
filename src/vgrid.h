/* vgrid.h - a uniform grid over volumes' extents on the ground (x and y):
 * which slots of a table may hold a point, in ascending slot order, without
 * testing every slot. The environments (world.h, wy_env_at) and the lamps
 * (light.c) keep one each: vision asks which environments hold a pair's
 * eyes and head, and light which lamps reach a target, and testing each
 * one made a thousand environments cost a step 9x (part 3's world with
 * 1,001 environments: 0.83 against 0.09 ms; 0.099 ms with the grid).
 *
 * Its users test what it hands them exactly as they tested every slot, and
 * it hands them, in the same order, every slot that can hold the point: the
 * answers are the same bits with or without it. It is built before a step
 * once its volumes changed (wy_vgrid_build; out of memory, the step fails
 * as for the box tree); until then it is stale and wy_vgrid_at hands over
 * every slot. */
#ifndef WARY_VGRID_H
#define WARY_VGRID_H

#include <stdbool.h>
#include <stdint.h>

#include "array.h"

typedef struct wy_vgrid {
  bool fresh; /* built from the volumes as they are now */
  int32_t nx, ny;
  /* The volumes' extents together: no volume holds a point outside them
   * (empty, lo > hi, with no volume). */
  float lo[2], hi[2];
  /* The cells span most volumes (vgrid.c, frame), from base, inv cells a
   * unit along x and y; what lies past them is in the edge cells. */
  float base[2], inv[2];
  WY_ARRAY(int32_t) start;  /* nx * ny + 1: cell c's slots are items[start[c] .. start[c + 1]) */
  WY_ARRAY(int32_t) items;
} wy_vgrid;

/* Slot's extent on the ground into lo and hi (x, y); false when the slot
 * holds no volume. A volume holds no point outside its extent. */
typedef bool (*wy_vgrid_extent)(const void *context, int32_t slot, float lo[2], float hi[2]);

void wy_vgrid_init(wy_vgrid *g);
void wy_vgrid_free(wy_vgrid *g, const wy_allocator *al);

/* Its volumes changed: stale until built again. */
static inline void wy_vgrid_stale(wy_vgrid *g) { g->fresh = false; }

/* Built over slots [0, count), extent telling each one's; false when out
 * of memory (it stays stale, and answers as a stale grid does). */
bool wy_vgrid_build(wy_vgrid *g, const wy_allocator *al, int32_t count, wy_vgrid_extent extent,
                    const void *context);

/* The cell along one axis of a coordinate v, clamped into [0, n): the same
 * for a point and for the extents it was built from, and never smaller for
 * a larger v, so a point inside an extent is in one of its cells. */
static inline int32_t wy_vgrid_cell(float v, float base, float inv, int32_t n) {
  float f = (v - base) * inv;
  if (!(f >= 1.0f)) return 0;
  return f >= (float)n ? n - 1 : (int32_t)f;
}

/* The slots whose volumes may hold (x, y), ascending, their number in *n;
 * NULL when the grid is stale: then every slot [0, count) may. */
static inline const int32_t *wy_vgrid_at(const wy_vgrid *g, float x, float y, int32_t count, int32_t *n) {
  if (!g->fresh) {
    *n = count;
    return NULL;
  }
  if (!(x >= g->lo[0] && x <= g->hi[0] && y >= g->lo[1] && y <= g->hi[1])) {
    *n = 0;
    return g->start.data;
  }
  int32_t c = wy_vgrid_cell(y, g->base[1], g->inv[1], g->ny) * g->nx + wy_vgrid_cell(x, g->base[0], g->inv[0], g->nx);
  *n = g->start.data[c + 1] - g->start.data[c];
  return g->items.data + g->start.data[c];
}

#endif
