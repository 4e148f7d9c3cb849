/* grid.h - internal: a spatial hash grid over actor positions.
 * Rebuilt from flat arrays each step (a counting sort, no allocation once the
 * buffers have grown); queried per agent for the actors inside a range. */
#ifndef WARY_GRID_H
#define WARY_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "array.h"

typedef struct wy_grid {
  float cell;            /* cell size, units */
  int32_t bucket_count;  /* power of two */
  int32_t *bucket_start; /* bucket_count + 1 offsets into items */
  WY_ARRAY(int32_t) items;  /* actor slot indices sorted by bucket (count unused) */
  WY_ARRAY(int32_t) result; /* scratch returned by wy_grid_query (count unused) */
  int32_t count;         /* slots inserted at the last build */
  const float *pos;      /* positions used by the last build: 3 floats per slot */
  const wy_allocator *alloc;
} wy_grid;

bool wy_grid_init(wy_grid *g, float cell, const wy_allocator *alloc);
void wy_grid_free(wy_grid *g);
/* Inserts every slot s < n with include[s] true; pos holds 3 floats per slot
 * and must stay valid until the next build. False on out of memory. */
bool wy_grid_build(wy_grid *g, const float *pos, const bool *include, int32_t n);
/* Slots within radius (3D distance <= radius) of center, ascending slot order.
 * An infinite radius returns every inserted slot. The array is owned by the
 * grid and valid until the next query or build; *count receives its length
 * (-1 on out of memory). */
const int32_t *wy_grid_query(wy_grid *g, const float center[3], float radius, int32_t *count);

#endif
