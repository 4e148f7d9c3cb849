/* vgrid.c - the volume grid's build (vgrid.h). */
#include "vgrid.h"

#include <math.h>
#include <stdlib.h>

/* About this many cells a volume, and at most this many listings of a
 * volume in a cell each on average (past it the cells are made coarser: a
 * few volumes as large as the world would otherwise fill every cell). */
#define WY_VGRID_CELLS_EACH 2
#define WY_VGRID_LISTINGS_EACH 8
#define WY_VGRID_MOST_CELLS (1 << 16)
#define WY_VGRID_SAMPLE 64

void wy_vgrid_init(wy_vgrid *g) {
  *g = (wy_vgrid){0};
}

void wy_vgrid_free(wy_vgrid *g, const wy_allocator *al) {
  wy_array_free(al, &g->start);
  wy_array_free(al, &g->items);
  g->fresh = false;
}

static int32_t cell_x(const wy_vgrid *g, float x) { return wy_vgrid_cell(x, g->base[0], g->inv[0], g->nx); }
static int32_t cell_y(const wy_vgrid *g, float y) { return wy_vgrid_cell(y, g->base[1], g->inv[1], g->ny); }

/* How many listings slots' volumes make in g's cells as they are set. */
static int64_t listings(const wy_vgrid *g, int32_t count, wy_vgrid_extent extent, const void *context) {
  int64_t total = 0;
  for (int32_t i = 0; i < count; i++) {
    float lo[2], hi[2];
    if (!extent(context, i, lo, hi)) continue;
    total += (int64_t)(cell_x(g, hi[0]) - cell_x(g, lo[0]) + 1) * (cell_y(g, hi[1]) - cell_y(g, lo[1]) + 1);
  }
  return total;
}

static int ascending(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* The frame the cells span, along each axis from the 5th percentile of the
 * volumes' lower edges to the 95th of their upper ones: one volume as wide
 * as the world (a fog over the level), or one far off, would otherwise
 * stretch every cell over the rooms that crowd the rest, and the grid would
 * hand over all of them. What lies past the frame is in its edge cells
 * (wy_vgrid_cell clamps), still found: the frame only shapes the cells, so
 * it is taken from at most WY_VGRID_SAMPLE volumes, evenly spaced by slot
 * (sorting them all made a build of 1,000 five times slower). The 95th
 * upper edge is at least the 5th lower one: each volume's upper edge is at
 * least its lower one. */
static void frame(int32_t count, int32_t volumes, wy_vgrid_extent extent, const void *context, float lo[2],
                  float hi[2]) {
  float edges[4][WY_VGRID_SAMPLE]; /* lower x, lower y, upper x, upper y */
  int32_t stride = (volumes + WY_VGRID_SAMPLE - 1) / WY_VGRID_SAMPLE, n = 0, seen = 0;
  for (int32_t i = 0; i < count && n < WY_VGRID_SAMPLE; i++) {
    float l[2], h[2];
    if (!extent(context, i, l, h) || seen++ % stride != 0) continue;
    edges[0][n] = l[0];
    edges[1][n] = l[1];
    edges[2][n] = h[0];
    edges[3][n] = h[1];
    n++;
  }
  for (int k = 0; k < 4; k++) qsort(edges[k], (size_t)n, sizeof edges[k][0], ascending);
  int32_t low = (int32_t)(0.05 * (n - 1) + 0.5), high = (int32_t)(0.95 * (n - 1) + 0.5);
  for (int k = 0; k < 2; k++) {
    lo[k] = edges[k][low];
    hi[k] = edges[2 + k][high];
  }
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
  g->base[0] = g->base[1] = 0.0f;
  g->inv[0] = g->inv[1] = 0.0f;
  float flo[2] = {0.0f, 0.0f}, fhi[2] = {0.0f, 0.0f};
  if (volumes > 0) {
    frame(count, volumes, extent, context, flo, fhi);
    /* Cells about square, as many as WY_VGRID_CELLS_EACH a volume. */
    float w = fhi[0] - flo[0], h = fhi[1] - flo[1];
    double cells = (double)volumes * WY_VGRID_CELLS_EACH;
    cells = cells < WY_VGRID_MOST_CELLS ? cells : WY_VGRID_MOST_CELLS;
    double nx = w > 0.0f && h > 0.0f ? sqrt(cells * w / h) : w > 0.0f ? cells : 1.0;
    /* (Extents as wide as floats go make w and h infinite, and nx NaN.) */
    nx = !(nx >= 1.0) ? 1.0 : nx > cells ? cells : nx;
    double ny = h > 0.0f ? cells / nx : 1.0;
    g->nx = (int32_t)nx;
    g->ny = ny < 1.0 ? 1 : (int32_t)ny;
    g->base[0] = flo[0];
    g->base[1] = flo[1];
  }
  int64_t total;
  for (;;) {
    /* A span of no width (or past the floats) has one cell along it: inv 0. */
    for (int k = 0; k < 2; k++) {
      float span = fhi[k] - flo[k];
      g->inv[k] = span > 0.0f ? (float)(k == 0 ? g->nx : g->ny) / span : 0.0f;
    }
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
      int32_t x0 = cell_x(g, lo[0]), x1 = cell_x(g, hi[0]), y0 = cell_y(g, lo[1]), y1 = cell_y(g, hi[1]);
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
