/* grid.c - the spatial hash grid: a counting sort of actor slots into hashed
 * xy cells, and the sphere query over it. */
#include "grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BUCKET_COUNT = 4096 };

/* Cell coordinates are clamped so that huge or infinite positions still map
 * to an int and the mapping stays monotonic (the query relies on that to find
 * every point inside its bounding square). NaN positions can never pass the
 * distance check, so any cell will do for them. */
static const float cell_limit = 1073741824.0f; /* 2^30 */

static int32_t cell_coord(const wy_grid *g, float v) {
  float c = floorf(v / g->cell);
  if (!(c >= -cell_limit)) {
    return isnan(c) ? 0 : (int32_t)-cell_limit;
  }
  return c > cell_limit ? (int32_t)cell_limit : (int32_t)c;
}

static int32_t bucket_of(const wy_grid *g, int32_t cx, int32_t cy) {
  uint32_t h = (uint32_t)cx * 73856093u ^ (uint32_t)cy * 19349663u;
  return (int32_t)(h & (uint32_t)(g->bucket_count - 1));
}

static int32_t bucket_of_pos(const wy_grid *g, const float *p) {
  return bucket_of(g, cell_coord(g, p[0]), cell_coord(g, p[1]));
}

bool wy_grid_init(wy_grid *g, float cell, const wy_allocator *alloc) {
  memset(g, 0, sizeof *g);
  g->alloc = alloc;
  if (!(cell > 0.0f) || isinf(cell)) {
    return false;
  }
  g->cell = cell;
  g->bucket_count = BUCKET_COUNT;
  g->bucket_start = wy_alloc_zero(alloc, ((size_t)BUCKET_COUNT + 1) * sizeof *g->bucket_start);
  return g->bucket_start != NULL;
}

void wy_grid_free(wy_grid *g) {
  if (!g->alloc) return;
  wy_free(g->alloc, g->bucket_start, ((size_t)g->bucket_count + 1) * sizeof *g->bucket_start);
  wy_array_free(g->alloc, &g->items);
  wy_array_free(g->alloc, &g->result);
  memset(g, 0, sizeof *g);
}

bool wy_grid_build(wy_grid *g, const float *pos, const bool *include, int32_t n) {
  int32_t *start = g->bucket_start;
  memset(start, 0, ((size_t)g->bucket_count + 1) * sizeof *start);
  g->count = 0;
  g->pos = pos;
  int32_t total = 0;
  for (int32_t s = 0; s < n; s++) {
    if (include[s]) {
      start[bucket_of_pos(g, pos + 3 * s)]++;
      total++;
    }
  }
  /* The query result never holds more than every inserted slot, so growing it
   * here keeps queries free of allocation. */
  if (!wy_array_reserve(g->alloc, &g->items, total > 0 ? total : 1) ||
      !wy_array_reserve(g->alloc, &g->result, total > 0 ? total : 1)) {
    memset(start, 0, ((size_t)g->bucket_count + 1) * sizeof *start);
    return false;
  }
  int32_t sum = 0;
  for (int32_t b = 0; b < g->bucket_count; b++) {
    sum += start[b];
    start[b] = sum;
  }
  start[g->bucket_count] = sum;
  /* Filling each bucket from its end with descending slots leaves every
   * bucket in ascending slot order and start[b] at the bucket's first item. */
  for (int32_t s = n - 1; s >= 0; s--) {
    if (include[s]) {
      g->items.data[--start[bucket_of_pos(g, pos + 3 * s)]] = s;
    }
  }
  g->count = total;
  return true;
}

static int compare_slots(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a;
  int32_t y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static bool within(const float *p, const float c[3], float r2) {
  float dx = p[0] - c[0];
  float dy = p[1] - c[1];
  float dz = p[2] - c[2];
  return dx * dx + dy * dy + dz * dz <= r2;
}

const int32_t *wy_grid_query(wy_grid *g, const float center[3], float radius, int32_t *count) {
  int32_t found = 0;
  *count = 0;
  if (g->count == 0) {
    return g->result.data;
  }
  if (radius == INFINITY) {
    memcpy(g->result.data, g->items.data, (size_t)g->count * sizeof *g->result.data);
    found = g->count;
  } else if (radius >= 0.0f && isfinite(center[0]) && isfinite(center[1]) &&
             isfinite(center[2])) {
    float r2 = radius * radius;
    /* The margin absorbs the rounding (and underflow) of the distance check
     * so that a point it accepts is never outside the square walked. */
    float mx = (fabsf(center[0]) + radius) * 1e-5f + 1e-20f;
    float my = (fabsf(center[1]) + radius) * 1e-5f + 1e-20f;
    int32_t x0 = cell_coord(g, center[0] - radius - mx);
    int32_t x1 = cell_coord(g, center[0] + radius + mx);
    int32_t y0 = cell_coord(g, center[1] - radius - my);
    int32_t y1 = cell_coord(g, center[1] + radius + my);
    int64_t cells = ((int64_t)x1 - x0 + 1) * ((int64_t)y1 - y0 + 1);
    if (cells > g->bucket_count || cells > g->count) {
      /* Walking the cells would cost more than checking every item. */
      for (int32_t i = 0; i < g->count; i++) {
        if (within(g->pos + 3 * g->items.data[i], center, r2)) {
          g->result.data[found++] = g->items.data[i];
        }
      }
    } else {
      for (int32_t cy = y0; cy <= y1; cy++) {
        for (int32_t cx = x0; cx <= x1; cx++) {
          int32_t b = bucket_of(g, cx, cy);
          for (int32_t i = g->bucket_start[b]; i < g->bucket_start[b + 1]; i++) {
            const float *p = g->pos + 3 * g->items.data[i];
            /* Other cells share the bucket; taking an item only from its own
             * cell keeps the result free of duplicates. */
            if (cell_coord(g, p[0]) == cx && cell_coord(g, p[1]) == cy && within(p, center, r2)) {
              g->result.data[found++] = g->items.data[i];
            }
          }
        }
      }
    }
  }
  if (found > 1) {
    qsort(g->result.data, (size_t)found, sizeof *g->result.data, compare_slots);
  }
  *count = found;
  return g->result.data;
}
