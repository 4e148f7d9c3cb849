/* vgrid.c - the volume grid's build (vgrid.h). */
#include "vgrid.h"

#include <math.h>

/* About this many cells a volume, and at most this many listings of a
 * volume in a cell each on average (past it the cells are made coarser: a
 * few volumes as large as the world would otherwise fill every cell). */
#define WY_VGRID_CELLS_EACH 2
#define WY_VGRID_LISTINGS_EACH 8
#define WY_VGRID_MOST_CELLS (1 << 16)

void wy_vgrid_init(wy_vgrid *g) {
  *g = (wy_vgrid){0};
}

void wy_vgrid_free(wy_vgrid *g, const wy_allocator *al) {
  wy_array_free(al, &g->start);
  wy_array_free(al, &g->items);
  g->fresh = false;
}

/* Cells along an axis of length span: n, or 1 for an axis of no length. */
static float cells_per_unit(float span, int32_t n) { return span > 0.0f ? (float)n / span : 0.0f; }

/* How many listings slots' volumes make in g's cells as they are set. */
static int64_t listings(const wy_vgrid *g, int32_t count, wy_vgrid_extent extent, const void *context) {
  int64_t total = 0;
  for (int32_t i = 0; i < count; i++) {
    float lo[2], hi[2];
    if (!extent(context, i, lo, hi)) continue;
    int64_t cx = wy_vgrid_cell(hi[0], g->lo[0], g->inv[0], g->nx) - wy_vgrid_cell(lo[0], g->lo[0], g->inv[0], g->nx);
    int64_t cy = wy_vgrid_cell(hi[1], g->lo[1], g->inv[1], g->ny) - wy_vgrid_cell(lo[1], g->lo[1], g->inv[1], g->ny);
    total += (cx + 1) * (cy + 1);
  }
  return total;
}

bool wy_vgrid_build(wy_vgrid *g, const wy_allocator *al, int32_t count, wy_vgrid_extent extent,
                    const void *context) {
  g->fresh = false;
  g->lo[0] = g->lo[1] = INFINITY;
  g->hi[0] = g->hi[1] = -INFINITY;
  int32_t volumes = 0;
  for (int32_t i = 0; i < count; i++) {
    float lo[2], hi[2];
    if (!extent(context, i, lo, hi)) continue;
    volumes++;
    for (int k = 0; k < 2; k++) {
      g->lo[k] = lo[k] < g->lo[k] ? lo[k] : g->lo[k];
      g->hi[k] = hi[k] > g->hi[k] ? hi[k] : g->hi[k];
    }
  }
  g->nx = g->ny = 1;
  g->inv[0] = g->inv[1] = 0.0f;
  if (volumes > 0) {
    /* Cells about square, as many as WY_VGRID_CELLS_EACH a volume. */
    float w = g->hi[0] - g->lo[0], h = g->hi[1] - g->lo[1];
    double cells = (double)volumes * WY_VGRID_CELLS_EACH;
    cells = cells < WY_VGRID_MOST_CELLS ? cells : WY_VGRID_MOST_CELLS;
    double nx = w > 0.0f && h > 0.0f ? sqrt(cells * w / h) : w > 0.0f ? cells : 1.0;
    /* (Extents as wide as floats go make w and h infinite, and nx NaN.) */
    nx = !(nx >= 1.0) ? 1.0 : nx > cells ? cells : nx;
    double ny = h > 0.0f ? cells / nx : 1.0;
    g->nx = (int32_t)nx;
    g->ny = ny < 1.0 ? 1 : (int32_t)ny;
  }
  int64_t total;
  for (;;) {
    g->inv[0] = cells_per_unit(g->hi[0] - g->lo[0], g->nx);
    g->inv[1] = cells_per_unit(g->hi[1] - g->lo[1], g->ny);
    total = listings(g, count, extent, context);
    if (total <= (int64_t)volumes * WY_VGRID_LISTINGS_EACH || (g->nx == 1 && g->ny == 1)) break;
    g->nx = (g->nx + 1) / 2;
    g->ny = (g->ny + 1) / 2;
  }
  int32_t cells = g->nx * g->ny;
  if (!wy_array_reserve(al, &g->start, cells + 1) || !wy_array_reserve(al, &g->items, (int32_t)total)) return false;
  int32_t *start = g->start.data;
  for (int32_t c = 0; c <= cells; c++) start[c] = 0;
  /* A counting sort by cell, the slots taken in ascending order: each
   * cell's slots end up ascending. start[c + 1] counts cell c's first. */
  for (int pass = 0; pass < 2; pass++) {
    for (int32_t i = 0; i < count; i++) {
      float lo[2], hi[2];
      if (!extent(context, i, lo, hi)) continue;
      int32_t x0 = wy_vgrid_cell(lo[0], g->lo[0], g->inv[0], g->nx), x1 = wy_vgrid_cell(hi[0], g->lo[0], g->inv[0], g->nx);
      int32_t y0 = wy_vgrid_cell(lo[1], g->lo[1], g->inv[1], g->ny), y1 = wy_vgrid_cell(hi[1], g->lo[1], g->inv[1], g->ny);
      for (int32_t y = y0; y <= y1; y++)
        for (int32_t x = x0; x <= x1; x++) {
          int32_t c = y * g->nx + x;
          if (pass == 0) start[c + 1]++;
          else g->items.data[start[c]++] = i;
        }
    }
    /* start[c]: where cell c's slots begin, then, as each is placed, where its next one goes. */
    if (pass == 0)
      for (int32_t c = 0; c < cells; c++) start[c + 1] += start[c];
  }
  /* Each start[c] is now where cell c ends, its next's beginning. */
  for (int32_t c = cells; c > 0; c--) start[c] = start[c - 1];
  start[0] = 0;
  g->start.count = cells + 1;
  g->items.count = (int32_t)total;
  g->fresh = true;
  return true;
}
