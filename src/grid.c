/* grid.c - the spatial grid: a counting sort of actor slots into xy cells,
 * and the sphere query over it.
 *
 * The cells are an array over the box the actors' cells span when that box
 * holds at most a few cells an actor; otherwise a hash table of the occupied
 * cells, at least twice as large as the actors (so it grows with them and
 * stays at most half full). Either way a cell holds only its own actors, in
 * slot order, so a query looks at the actors of the cells it covers and
 * puts the cells' runs into slot order (through a bitmap of the slots, or
 * by merging them): the order every caller relies on, without a sort.
 * Where the actors belong to at most WY_GRID_GROUPS teams, each team's are
 * kept apart (a group: its own cells, after the group before), so a query
 * that leaves a team out (vision's of the agent's own, most of the actors
 * in a game of guards) never looks at them. */
#include "grid.h"

#include <math.h>
#include <string.h>

#include "base.h"

/* Dense while the box spans at most this many cells an actor (and a few). */
enum { DENSE_CELLS_PER_ITEM = 4, DENSE_MIN_CELLS = 64, TABLE_MIN = 16 };

/* Cell coordinates are clamped so that huge or infinite positions still map
 * to an int and the mapping stays monotonic (the query relies on that to find
 * every point inside its bounding square). NaN positions can never pass the
 * distance check, so any cell will do for them. */
static const float cell_limit = 1073741824.0f; /* 2^30 */

/* The cell of v, for cells of size cell (a grid's: cell_coord). */
static inline int32_t cell_of_size(float cell, float v) {
  float c = v / cell;
  if (!(c >= -cell_limit)) {
    return isnan(c) ? 0 : (int32_t)-cell_limit;
  }
  if (c > cell_limit) {
    return (int32_t)cell_limit;
  }
  /* floorf without the call: truncation, one down below zero. */
  int32_t i = (int32_t)c;
  return i - (c < (float)i);
}

static int32_t cell_coord(const wy_grid *g, float v) { return cell_of_size(g->cell, v); }

/* Cell (cx, cy)'s corner as floats for corner_of: NaN, which no position
 * is at or past, where the cell's next coordinate would round. */
static inline void set_corner(float *corner, int32_t cx, int32_t cy) {
  bool held = cx > -(1 << 23) && cx < (1 << 23) && cy > -(1 << 23) && cy < (1 << 23);
  corner[0] = held ? (float)cx : NAN;
  corner[1] = held ? (float)cy : NAN;
}

static uint32_t hash_of(int32_t cx, int32_t cy) {
  uint32_t h = (uint32_t)cx * 0x9E3779B1u ^ (uint32_t)cy * 0x85EBCA77u;
  return h ^ (h >> 15);
}

/* The table slot of cell (cx, cy): where it is, or the empty one where it
 * would go. */
static wy_grid_key *table_find(const wy_grid *g, int32_t cx, int32_t cy) {
  uint32_t mask = (uint32_t)g->table.count - 1u;
  uint32_t i = hash_of(cx, cy) & mask;
  for (;;) {
    wy_grid_key *k = &g->table.data[i];
    if (k->cell < 0 || (k->cx == cx && k->cy == cy)) {
      return k;
    }
    i = (i + 1u) & mask;
  }
}

/* The index of cell (cx, cy), -1 when no actor is in it. */
static int32_t cell_index(const wy_grid *g, int32_t cx, int32_t cy) {
  if (g->dense) {
    int64_t x = (int64_t)cx - g->x0;
    int64_t y = (int64_t)cy - g->y0;
    return x >= 0 && x < g->width && y >= 0 && y < g->height ? (int32_t)(y * g->width + x) : -1;
  }
  return g->table.count > 0 ? table_find(g, cx, cy)->cell : -1;
}

/* The group of team's items (-1: none of the groups so far). */
static int32_t group_of(const wy_grid *g, int32_t team) {
  for (int32_t i = 0; i < g->groups; i++)
    if (g->group_team[i] == team) return i;
  return -1;
}

bool wy_grid_init(wy_grid *g, float cell, const wy_allocator *alloc) {
  memset(g, 0, sizeof *g);
  g->alloc = alloc;
  if (!(cell > 0.0f) || isinf(cell)) {
    return false;
  }
  g->cell = cell;
  g->dense = true;
  g->groups = 1;
  return true;
}

void wy_grid_free(wy_grid *g) {
  if (!g->alloc) return;
  wy_array_free(g->alloc, &g->table);
  wy_array_free(g->alloc, &g->start);
  wy_array_free(g->alloc, &g->items);
  wy_array_free(g->alloc, &g->by_slot);
  wy_array_free(g->alloc, &g->cell_of);
  wy_array_free(g->alloc, &g->key_of);
  wy_array_free(g->alloc, &g->corner_of);
  wy_grid_scratch_free(g->alloc, &g->scratch);
  memset(g, 0, sizeof *g);
}

void wy_grid_scratch_free(const wy_allocator *alloc, wy_grid_scratch *s) {
  wy_array_free(alloc, &s->result);
  wy_array_free(alloc, &s->merged);
  wy_array_free(alloc, &s->runs);
  wy_array_free(alloc, &s->bits);
  wy_array_free(alloc, &s->words);
}

/* Room for room slots found (every slot inserted: a query returns no more),
 * and a cleared bit for every slot below slots and for every word of those. */
static bool scratch_reserve(const wy_allocator *alloc, wy_grid_scratch *s, int32_t room, int32_t slots) {
  int32_t words = (slots + 63) / 64, tops = (words + 63) / 64;
  if (!(wy_array_reserve(alloc, &s->result, room) && wy_array_reserve(alloc, &s->merged, room) &&
        wy_array_reserve(alloc, &s->runs, room + 1) && wy_array_reserve(alloc, &s->bits, words) &&
        wy_array_reserve(alloc, &s->words, tops)))
    return false;
  if (s->bits.count < words) {
    memset(s->bits.data + s->bits.count, 0, (size_t)(words - s->bits.count) * sizeof *s->bits.data);
    s->bits.count = words;
  }
  if (s->words.count < tops) {
    memset(s->words.data + s->words.count, 0, (size_t)(tops - s->words.count) * sizeof *s->words.data);
    s->words.count = tops;
  }
  return true;
}

bool wy_grid_scratch_fit(const wy_grid *g, wy_grid_scratch *s) {
  return scratch_reserve(g->alloc, s, g->items.count > 0 ? g->items.count : 1, g->slots);
}

/* Numbers the occupied cells in a hash table: cell_of[k], the coordinates
 * of the k-th inserted slot's cell (two ints) on entry, receives its cell.
 * Returns how many there are, -1 on out of memory. */
static int32_t hash_cells(wy_grid *g, int32_t total) {
  int32_t size = TABLE_MIN;
  while (size < 2 * total) {
    size *= 2;
  }
  /* The table in use follows the actors; its memory only grows. */
  if (!wy_array_reserve(g->alloc, &g->table, size)) {
    return -1;
  }
  g->table.count = size;
  for (int32_t i = 0; i < size; i++) {
    g->table.data[i].cell = -1;
  }
  int32_t cells = 0;
  for (int32_t k = 0; k < total; k++) {
    int32_t cx = g->cell_of.data[2 * k];
    int32_t cy = g->cell_of.data[2 * k + 1];
    wy_grid_key *key = table_find(g, cx, cy);
    if (key->cell < 0) {
      key->cx = cx;
      key->cy = cy;
      key->cell = cells++;
    }
    g->cell_of.data[k] = key->cell; /* k <= 2k: read already */
  }
  return cells;
}

void wy_grid_members_changed(wy_grid *g) { g->patchable = false; }

bool wy_grid_reserve(wy_grid *g, int32_t n) {
  g->items.count = 0;
  g->patchable = g->patching = false;
  /* The queries' scratch never holds more than every inserted slot, so
   * growing it here keeps queries free of allocation. */
  int32_t room = n > 0 ? n : 1;
  return wy_array_reserve(g->alloc, &g->items, room) && wy_array_reserve(g->alloc, &g->by_slot, room) &&
         wy_array_reserve(g->alloc, &g->cell_of, 2 * room) && wy_array_reserve(g->alloc, &g->key_of, room) &&
         wy_array_reserve(g->alloc, &g->corner_of, 2 * room) &&
         scratch_reserve(g->alloc, &g->scratch, room, n);
}

void wy_grid_box_clear(wy_grid_box *b) {
  b->x0 = b->y0 = INT32_MAX;
  b->x1 = b->y1 = INT32_MIN;
  b->total = b->moved = 0;
  b->rebuild = false;
}

void wy_grid_box_join(wy_grid_box *into, const wy_grid_box *b) {
  into->x0 = b->x0 < into->x0 ? b->x0 : into->x0;
  into->y0 = b->y0 < into->y0 ? b->y0 : into->y0;
  into->x1 = b->x1 > into->x1 ? b->x1 : into->x1;
  into->y1 = b->y1 > into->y1 ? b->y1 : into->y1;
  into->total += b->total;
  into->rebuild = into->rebuild || b->rebuild;
  for (int32_t i = 0; i < b->moved && !into->rebuild; i++) {
    if (into->moved == WY_GRID_MOVES) into->rebuild = true;
    else into->moved_slot[into->moved++] = b->moved_slot[i];
  }
}

/* Slot s's position and team in the caller's input. */
static inline const float *input_pos(const wy_grid_input *in, int32_t s) {
  return (const float *)(const void *)((const char *)in->pos + (size_t)s * in->pos_stride);
}

static inline int32_t input_team(const wy_grid_input *in, int32_t s) {
  return *(const int32_t *)(const void *)((const char *)in->team + (size_t)s * in->team_stride);
}

/* Each included slot's cell goes into cell_of by slot (two ints at 2s),
 * where wy_grid_place packs them: pieces write slots of their own. */
void wy_grid_cells(wy_grid *g, const wy_grid_input *in, int32_t start, int32_t end, wy_grid_box *box) {
  /* The bounds held here (not the box: its list of moves is large). */
  int32_t x0 = box->x0, y0 = box->y0, x1 = box->x1, y1 = box->y1, total = box->total;
  int32_t *cell = g->cell_of.data;
  const bool *include = in->include;
  for (int32_t wd = start >> 6; wd << 6 < end; wd++)
    for (uint64_t b = wy_bits_in(in->members, wd, start, end); b; b &= b - 1) {
      int32_t s = wd << 6 | wy_lowest_bit(b);
      if (!include[s]) continue;
      const float *pos = input_pos(in, s);
      int32_t cx = cell_coord(g, pos[0]);
      int32_t cy = cell_coord(g, pos[1]);
      x0 = cx < x0 ? cx : x0;
      x1 = cx > x1 ? cx : x1;
      y0 = cy < y0 ? cy : y0;
      y1 = cy > y1 ? cy : y1;
      cell[2 * s] = cx;
      cell[2 * s + 1] = cy;
      total++;
    }
  box->x0 = x0;
  box->y0 = y0;
  box->x1 = x1;
  box->y1 = y1;
  box->total = total;
}

bool wy_grid_build(wy_grid *g, const float *pos, const int32_t *team, const bool *include,
                   int32_t n) {
  if (!wy_grid_reserve(g, n)) return false;
  wy_grid_box box;
  wy_grid_box_clear(&box);
  const wy_grid_input in = {pos, 3 * sizeof *pos, team, sizeof *team, include, NULL};
  wy_grid_cells(g, &in, 0, n, &box);
  return wy_grid_place(g, &in, n, &box);
}

bool wy_grid_place(wy_grid *g, const wy_grid_input *in, int32_t n, const wy_grid_box *box) {
  const bool *include = in->include;
  g->slots = n;
  int32_t total = box->total;
  int64_t x0 = box->x0, y0 = box->y0, x1 = box->x1, y1 = box->y1;
  int64_t span = total > 0 ? (x1 - x0 + 1) * (y1 - y0 + 1) : 0;
  g->dense = span <= (int64_t)total * DENSE_CELLS_PER_ITEM + DENSE_MIN_CELLS;
  if (g->dense) {
    g->x0 = total > 0 ? (int32_t)x0 : 0;
    g->y0 = total > 0 ? (int32_t)y0 : 0;
    g->width = total > 0 ? (int32_t)(x1 - x0 + 1) : 0;
    g->height = total > 0 ? (int32_t)(y1 - y0 + 1) : 0;
  }
  /* Each inserted slot's group, in by_slot until the placement writes it
   * (the team of the slot before is looked up once for a run of them);
   * its cell packed into cell_of: dense, its index in the box (every cell
   * is inside: cell_index without its checks), else its coordinates for
   * hash_cells. The k-th inserted slot writes at k or 2k, below its own
   * 2s unless k = s, so it overwrites only cells read already. */
  int32_t *group = g->by_slot.data, *cell = g->cell_of.data;
  int32_t last_team = 0, last_group = -1, k = 0;
  g->groups = 0;
  for (int32_t s = 0; s < n; s++) {
    if (!include[s]) continue;
    int32_t team = input_team(in, s);
    if (team != last_team || last_group < 0) {
      last_team = team;
      last_group = g->groups > 0 ? group_of(g, last_team) : -1;
      if (last_group < 0 && g->groups >= 0) {
        if (g->groups < WY_GRID_GROUPS) {
          last_group = g->groups;
          g->group_team[g->groups++] = last_team;
        } else {
          g->groups = -1; /* too many teams: one group */
        }
      }
      if (g->groups < 0) last_group = 0;
    }
    group[k] = last_group;
    int32_t cx = cell[2 * s], cy = cell[2 * s + 1];
    if (g->dense) {
      cell[k] = g->key_of.data[s] = (cy - g->y0) * g->width + (cx - g->x0);
      set_corner(&g->corner_of.data[2 * s], cx, cy);
    } else {
      cell[2 * k] = cx;
      cell[2 * k + 1] = cy;
    }
    k++;
  }
  if (g->groups <= 0) g->groups = 1;
  int32_t cells;
  if (g->dense) {
    cells = (int32_t)span;
  } else {
    cells = hash_cells(g, total);
    if (cells < 0) {
      g->dense = true;
      g->width = g->height = 0;
      g->patchable = false;
      return false;
    }
  }
  /* A group's cells follow the one before's: each item's key is its
   * group's first cell and its own. */
  g->cells = cells;
  int64_t keys = (int64_t)g->groups * cells;
  if (keys >= INT32_MAX || !wy_array_reserve(g->alloc, &g->start, (int32_t)keys + 1)) {
    g->dense = true;
    g->width = g->height = 0;
    g->groups = 1;
    g->cells = 0;
    g->patchable = false;
    return false;
  }
  int32_t *start = g->start.data;
  memset(start, 0, ((size_t)keys + 1) * sizeof *start);
  if (g->groups > 1) {
    for (k = 0; k < total; k++) {
      cell[k] += group[k] * cells;
      start[cell[k] + 1]++;
    }
  } else {
    for (k = 0; k < total; k++) start[cell[k] + 1]++;
  }
  for (int64_t c = 0; c < keys; c++) {
    start[c + 1] += start[c];
  }
  /* Placing the slots in ascending order at each key's start keeps every
   * cell of a group in slot order; each start[c] then holds its key's end,
   * so moving them one key up gives the starts again. */
  k = 0;
  for (int32_t s = 0; s < n; s++) {
    if (include[s]) {
      int32_t at = start[cell[k++]]++;
      wy_grid_item *item = &g->items.data[at];
      memcpy(item->pos, input_pos(in, s), sizeof item->pos);
      item->slot = s;
      item->team = input_team(in, s);
      g->by_slot.data[s] = at; /* group[] (by_slot's room) was read to its last above */
    } else {
      g->by_slot.data[s] = -1;
    }
  }
  memmove(start + 1, start, (size_t)keys * sizeof *start);
  start[0] = 0;
  g->items.count = total;
  g->patchable = g->dense;
  return true;
}

bool wy_grid_prepare(wy_grid *g, int32_t n) {
  g->patching = g->patchable && n == g->slots;
  return g->patching || wy_grid_reserve(g, n);
}

/* A patch's walk: each inserted slot's new position written into its item,
 * and its cell compared with the last build's (in the box's, which a patch
 * keeps: the finish sees whether it still holds an item on each edge).
 * Past the first difference a patch cannot take, it stops: the finish
 * builds afresh. */
static void patch_cells(wy_grid *g, const wy_grid_input *in, int32_t start, int32_t end, wy_grid_box *box) {
  const bool *include = in->include;
  const int32_t *item_of = g->by_slot.data, *key_of = g->key_of.data;
  const float *corner = g->corner_of.data;
  wy_grid_item *items = g->items.data;
  int64_t x0 = g->x0, y0 = g->y0;
  uint64_t width = (uint64_t)g->width, height = (uint64_t)g->height;
  /* Held here: the items' stores would otherwise have each slot read it
   * again (the box too, but for its list of moves, which is large). */
  float cell = g->cell;
  int32_t moved = box->moved, *moved_slot = box->moved_slot;
  /* A build afresh follows (a piece before found it): nothing here is of
   * use to it. */
  if (box->rebuild) return;
  /* Only members are visited: the others hold no item (members that left
   * made the grid unpatchable, wy_grid_members_changed). */
  bool stop = false;
  for (int32_t wd = start >> 6; !stop && wd << 6 < end; wd++)
    for (uint64_t b = wy_bits_in(in->members, wd, start, end); b; b &= b - 1) {
      int32_t s = wd << 6 | wy_lowest_bit(b), at = item_of[s];
      if (!include[s] || at < 0) {
        if ((stop = include[s] || at >= 0)) break;
        continue;
      }
      const float *pos = input_pos(in, s);
      wy_grid_item *item = &items[at];
      memcpy(item->pos, pos, sizeof item->pos);
      if ((stop = item->team != input_team(in, s))) break;
      /* Most slots stay in their cell: v / cell (cell_of_size's) between
       * the corner and the next cell's, which is its floor being the
       * cell's (NaN on either side fails it). */
      float u = pos[0] / cell, v = pos[1] / cell, ux = corner[2 * s], vy = corner[2 * s + 1];
      if ((u >= ux) & (u < ux + 1.0f) & (v >= vy) & (v < vy + 1.0f)) continue;
      uint64_t x = (uint64_t)(cell_of_size(cell, pos[0]) - x0), y = (uint64_t)(cell_of_size(cell, pos[1]) - y0);
      if ((stop = x >= width || y >= height)) break;
      if ((int32_t)(y * width + x) != key_of[s]) {
        if ((stop = moved == WY_GRID_MOVES)) break;
        moved_slot[moved++] = s;
      }
    }
  box->moved = moved;
  box->rebuild = stop;
}

void wy_grid_walk_ahead(const wy_grid *g) {
  size_t size = (size_t)g->items.count * sizeof *g->items.data;
  if (g->patching && size <= WY_GRID_AHEAD_MOST) wy_prefetch_span(g->items.data, size);
}

void wy_grid_walk(wy_grid *g, const wy_grid_input *in, int32_t start, int32_t end, wy_grid_box *box) {
  if (g->patching) patch_cells(g, in, start, end, box);
  else wy_grid_cells(g, in, start, end, box);
}

/* Slot s's item, its position new, from the cell of its last build to the
 * one it is in, among the items of that cell in slot order: the items
 * between shift by one and the keys between start one on or one back. The
 * items are then what a build would place. */
static void move_item(wy_grid *g, int32_t s, int32_t cell) {
  int32_t *item_of = g->by_slot.data, *start = g->start.data;
  wy_grid_item *items = g->items.data;
  int32_t at = item_of[s];
  wy_grid_item moving = items[at];
  int32_t base = g->groups > 1 ? group_of(g, moving.team) * g->cells : 0;
  int32_t from = base + g->key_of.data[s], to = base + cell;
  g->key_of.data[s] = cell;
  set_corner(&g->corner_of.data[2 * s], g->x0 + cell % g->width, g->y0 + cell / g->width);
  int32_t t = start[to];
  while (t < start[to + 1] && items[t].slot < s) t++;
  int32_t lo, hi;
  if (to > from) {
    t--; /* where it goes once it has left its place, below */
    memmove(items + at, items + at + 1, (size_t)(t - at) * sizeof *items);
    for (int32_t c = from + 1; c <= to; c++) start[c]--;
    lo = at;
    hi = t;
  } else {
    memmove(items + t + 1, items + t, (size_t)(at - t) * sizeof *items);
    for (int32_t c = to + 1; c <= from; c++) start[c]++;
    lo = t;
    hi = at;
  }
  items[t] = moving;
  for (int32_t j = lo; j <= hi; j++) item_of[items[j].slot] = j;
}

/* Whether some group's cells of row y (by_row), else of column x = at,
 * hold an item. */
static bool line_held(const wy_grid *g, bool by_row, int32_t at) {
  const int32_t *start = g->start.data;
  int32_t n = by_row ? g->width : g->height, step = by_row ? 1 : g->width;
  for (int32_t group = 0; group < g->groups; group++) {
    int32_t k = group * g->cells + (by_row ? at * g->width : at);
    for (int32_t i = 0; i < n; i++, k += step)
      if (start[k + 1] > start[k]) return true;
  }
  return false;
}

/* Slot s's cell in its group, from its position (which its item holds). */
static int32_t new_key(const wy_grid *g, int32_t s) {
  const wy_grid_item *item = &g->items.data[g->by_slot.data[s]];
  int32_t cx = cell_coord(g, item->pos[0]), cy = cell_coord(g, item->pos[1]);
  return (cy - g->y0) * g->width + (cx - g->x0);
}

bool wy_grid_finish(wy_grid *g, const wy_grid_input *in, int32_t n, const wy_grid_box *box) {
  if (!g->patching) return wy_grid_place(g, in, n, box);
  g->patching = false;
  if (!box->rebuild) {
    /* A move shifts the items and the keys between its two cells: past
     * some of those a build costs less (it looks at every item and key a
     * few times). The same sum whatever the order of the moves. */
    int32_t keys[WY_GRID_MOVES];
    int64_t cost = 0, budget = 2 * ((int64_t)g->items.count + (int64_t)g->groups * g->cells);
    const int32_t *start = g->start.data;
    for (int32_t i = 0; i < box->moved; i++) {
      int32_t s = box->moved_slot[i], from = g->key_of.data[s], to = keys[i] = new_key(g, s);
      int32_t base = g->groups > 1 ? group_of(g, g->items.data[g->by_slot.data[s]].team) * g->cells : 0;
      int64_t shifted = (int64_t)start[base + to] - start[base + from], crossed = (int64_t)to - from;
      cost += (shifted < 0 ? -shifted : shifted) + (crossed < 0 ? -crossed : crossed);
    }
    /* The edges of the box a moved slot left (bits: left, right, bottom,
     * top): a build would make the box smaller if one no longer held an
     * item. */
    int32_t left = 0, w = g->width, h = g->height;
    for (int32_t i = 0; i < box->moved && cost <= budget; i++) {
      int32_t s = box->moved_slot[i], key = g->key_of.data[s], x = key % w, y = key / w;
      left |= (x == 0) | (x == w - 1) << 1 | (y == 0) << 2 | (y == h - 1) << 3;
      move_item(g, s, keys[i]);
    }
    if (cost <= budget &&
        !((left & 1 && !line_held(g, false, 0)) || (left & 2 && !line_held(g, false, w - 1)) ||
          (left & 4 && !line_held(g, true, 0)) || (left & 8 && !line_held(g, true, h - 1))))
      return true;
  }
  /* Afresh, in the room the last build of n slots had. */
  g->items.count = 0;
  g->patchable = false;
  wy_grid_box all;
  wy_grid_box_clear(&all);
  wy_grid_cells(g, in, 0, n, &all);
  return wy_grid_place(g, in, n, &all);
}

/* Whether p is within sqrt(r2) of (cx, cy, cz). */
static inline bool within_at(const float *p, float cx, float cy, float cz, float r2) {
  float dx = p[0] - cx;
  float dy = p[1] - cy;
  float dz = p[2] - cz;
  return dx * dx + dy * dy + dz * dz <= r2;
}

static bool within(const float *p, const float c[3], float r2) { return within_at(p, c[0], c[1], c[2], r2); }

/* within, for a radius whose square a float does not hold (past about
 * 1.8e19): in doubles, which hold the squares of any float distance. */
static bool within_wide(const float *p, const float c[3], double r2) {
  double dx = (double)p[0] - c[0], dy = (double)p[1] - c[1], dz = (double)p[2] - c[2];
  return dx * dx + dy * dy + dz * dz <= r2;
}

/* Merges the ascending runs result[runs[i], runs[i + 1]), i < count, pairwise
 * until one is left; returns the array that holds it (result or merged). */
static int32_t *merge_runs(wy_grid_scratch *g, int32_t count) {
  int32_t *from = g->result.data;
  int32_t *to = g->merged.data;
  int32_t *runs = g->runs.data;
  while (count > 1) {
    int32_t out = 0;
    for (int32_t r = 0; r < count; r += 2) {
      int32_t lo = runs[r];
      int32_t mid = runs[r + 1];
      int32_t hi = runs[r + 2 < count ? r + 2 : count];
      int32_t i = lo;
      int32_t j = mid;
      int32_t k = lo;
      /* Which run gives the next slot follows no pattern: taken by
       * arithmetic, not a branch. (Equal slots never meet: each actor is
       * in one run.) */
      while (i < mid && j < hi) {
        int32_t a = from[i], b = from[j];
        int32_t first = a < b;
        to[k++] = first ? a : b;
        i += first;
        j += 1 - first;
      }
      while (i < mid) {
        to[k++] = from[i++];
      }
      while (j < hi) {
        to[k++] = from[j++];
      }
      runs[out++] = lo;
    }
    runs[out] = runs[count];
    count = out;
    int32_t *t = from;
    from = to;
    to = t;
  }
  return from;
}

/* A query's answer of at most this many slots is put in order by insertion
 * (a query's usual answer: some ten slots from six runs). */
enum { INSERTION_MAX = 32 };

/* The slots found, result[0, n) in runs ascending runs, in ascending order.
 * A few are sorted in place by insertion: its cost follows the slots found
 * only, where the bitmap below is walked over the span of slots they are
 * spread over, which grows with the actors (past two words a slot found,
 * the runs were merged instead: n log runs with a pass's overhead a run,
 * about 1,000 instructions a query at 10,000 agents, 450 by the bitmap at
 * 1,000). More, spread over a few words of words, are set in the bitmap and
 * its words in the bitmap of words, and read back in order, each word
 * cleared as it is read; else merge_runs merges the runs. The three give
 * the same order: each slot is found once. */
static int32_t *insertion(int32_t *a, int32_t n) {
  for (int32_t i = 1; i < n; i++) {
    int32_t v = a[i], j = i;
    /* A slot below the first moves them all; any other stops at the first
     * at the latest (slots are unique), so its walk needs no bound: the
     * check a step saved costs more than the one an insert adds. */
    if (v < a[0]) {
      memmove(a + 1, a, sizeof *a * (size_t)i);
      j = 0;
    } else {
      for (; a[j - 1] > v; j--) a[j] = a[j - 1];
    }
    a[j] = v;
  }
  return a;
}

static const int32_t *ascending(wy_grid_scratch *sc, int32_t runs, int32_t n) {
  if (runs <= 1) return sc->result.data;
  if (n <= INSERTION_MAX) return insertion(sc->result.data, n);
  const int32_t *found = sc->result.data;
  int32_t lo = found[0], hi = found[0];
  for (int32_t i = 1; i < n; i++) {
    lo = found[i] < lo ? found[i] : lo;
    hi = found[i] > hi ? found[i] : hi;
  }
  int32_t first = (int32_t)((uint32_t)lo >> 12), last = (int32_t)((uint32_t)hi >> 12);
  if (last - first + 1 > 2 * n || ((uint32_t)hi >> 6) >= (uint32_t)sc->bits.count) return merge_runs(sc, runs);
  uint64_t *bits = sc->bits.data, *words = sc->words.data;
  for (int32_t i = 0; i < n; i++) {
    uint32_t s = (uint32_t)found[i];
    bits[s >> 6] |= 1ull << (s & 63u);
    words[s >> 12] |= 1ull << ((s >> 6) & 63u);
  }
  int32_t *out = sc->merged.data, k = 0;
  for (int32_t top = first; top <= last; top++) {
    uint64_t w = words[top];
    words[top] = 0;
    for (; w; w &= w - 1) {
      int32_t word = top * 64 + wy_lowest_bit(w);
      uint64_t b = bits[word];
      bits[word] = 0;
      for (; b; b &= b - 1) out[k++] = word * 64 + wy_lowest_bit(b);
    }
  }
  return out;
}

/* The slots a dense grid's walk found, result[0, n), in ascending order:
 * ascending's, with the runs found afterwards (where a slot is below the
 * one before it) rather than by the walk, and only for more than
 * INSERTION_MAX (insertion needs none, and passes over a sorted answer at
 * once). The walk looks at about two items for each it keeps, so marking
 * the runs as it went cost more than this. */
static const int32_t *ascending_found(wy_grid_scratch *sc, int32_t n) {
  int32_t *a = sc->result.data;
  if (n <= INSERTION_MAX) return insertion(a, n);
  int32_t *run = sc->runs.data, runs = 1;
  run[0] = 0;
  for (int32_t i = 1; i < n; i++) {
    run[runs] = i;
    runs += a[i] < a[i - 1];
  }
  run[runs] = n;
  return ascending(sc, runs, n);
}

/* Appends the slot of an item found in range, unless its team is skipped. */
static void take(const wy_grid_item *item, int32_t skip_team, int32_t *out, int32_t *found) {
  if (skip_team == 0 || item->team != skip_team) out[(*found)++] = item->slot;
}

/* A dense grid's row: the items [i, end) in range (of the center cx, cy,
 * cz) and not of a skipped team (skipping: skip_team's may be among them)
 * appended to result from found; returns the new count. Every item's slot
 * is written where the next one found goes, and counted only if it is
 * kept: no branch on the distance, which about half the items of the
 * square fail (the result has room for every actor, and no walk meets an
 * actor twice). */
WY_INLINE int32_t walk_row(const wy_grid_item *items, int32_t i, int32_t end, float cx, float cy, float cz,
                           float r2, bool skipping, int32_t skip_team, int32_t *result, int32_t found) {
  for (; i < end; i++) {
    const wy_grid_item *item = &items[i];
    int32_t keep = within_at(item->pos, cx, cy, cz, r2);
    if (skipping) keep &= item->team != skip_team;
    result[found] = item->slot;
    found += keep;
  }
  return found;
}

/* The cells of the square around center (a cell an actor or fewer): their
 * slots in range, in ascending runs (a cell's, or a dense grid's row's as
 * long as they ascend), merged. NULL when the square holds more cells than
 * there are actors. */
static const int32_t *walk_cells(const wy_grid *g, wy_grid_scratch *sc, const float center[3], float radius,
                                 int32_t skip_team, int32_t *found, int64_t *walked) {
  /* The margin absorbs the rounding (and underflow) of the distance check
   * so that a point it accepts is never outside the square walked. */
  float mx = (fabsf(center[0]) + radius) * 1e-5f + 1e-20f;
  float my = (fabsf(center[1]) + radius) * 1e-5f + 1e-20f;
  int64_t x0 = cell_coord(g, center[0] - radius - mx);
  int64_t x1 = cell_coord(g, center[0] + radius + mx);
  int64_t y0 = cell_coord(g, center[1] - radius - my);
  int64_t y1 = cell_coord(g, center[1] + radius + my);
  if (g->dense) {
    x0 = x0 > g->x0 ? x0 : g->x0;
    y0 = y0 > g->y0 ? y0 : g->y0;
    x1 = x1 < (int64_t)g->x0 + g->width - 1 ? x1 : (int64_t)g->x0 + g->width - 1;
    y1 = y1 < (int64_t)g->y0 + g->height - 1 ? y1 : (int64_t)g->y0 + g->height - 1;
  }
  int64_t cells = x1 < x0 || y1 < y0 ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1);
  if (cells > g->items.count) {
    return NULL;
  }
  float r2 = radius * radius;
  int32_t runs = 0;
  /* The left-out team's group is not walked. */
  int32_t skipped_group = skip_team != 0 && g->groups > 1 ? group_of(g, skip_team) : -1;
  if (g->dense) {
    /* A row's cells are side by side in items: one walk a row (walk_row),
     * from a row's first key to the next row's (width keys on). Items
     * grouped by team (more than one group) hold one team a group, so only
     * a single group can hold skip_team's: past the skipped group no item
     * is of it. What the walk reads of the grid and the center is held
     * here: the result's stores would otherwise have every row read it
     * again. */
    const wy_grid_item *items = g->items.data;
    const int32_t *start = g->start.data;
    int32_t *result = sc->result.data;
    int32_t n = *found;
    int64_t seen = 0, width = g->width, rows = y1 - y0;
    float cx = center[0], cy = center[1], cz = center[2];
    bool skipping = skip_team != 0 && g->groups <= 1;
    for (int32_t group = 0; group < g->groups && x0 <= x1; group++) {
      if (group == skipped_group) continue;
      int64_t row = (int64_t)group * g->cells + (y0 - g->y0) * width - g->x0;
      for (int64_t k = 0; k <= rows; k++, row += width) {
        int32_t begin = start[row + x0], end = start[row + x1 + 1];
        n = skipping ? walk_row(items, begin, end, cx, cy, cz, r2, true, skip_team, result, n)
                     : walk_row(items, begin, end, cx, cy, cz, r2, false, skip_team, result, n);
        seen += end - begin;
      }
    }
    *walked += seen;
    *found = n;
    return ascending_found(sc, n);
  }
  for (int64_t cy = y0; cy <= y1; cy++) {
    for (int64_t cx = x0; cx <= x1; cx++) {
      int32_t cell = cell_index(g, (int32_t)cx, (int32_t)cy);
      for (int32_t group = 0; group < g->groups && cell >= 0; group++) {
        if (group == skipped_group) continue;
        int32_t c = group * g->cells + cell;
        int32_t before = *found;
        for (int32_t i = g->start.data[c]; i < g->start.data[c + 1]; i++) {
          if (within(g->items.data[i].pos, center, r2)) {
            take(&g->items.data[i], skip_team, sc->result.data, found);
          }
        }
        *walked += g->start.data[c + 1] - g->start.data[c];
        if (*found > before) {
          sc->runs.data[runs++] = before;
        }
      }
    }
  }
  sc->runs.data[runs] = *found;
  return ascending(sc, runs, *found);
}

const int32_t *wy_grid_query(wy_grid *g, const float center[3], float radius, int32_t skip_team,
                             int32_t *count) {
  return wy_grid_query_in(g, &g->scratch, center, radius, skip_team, count);
}

const int32_t *wy_grid_query_in(const wy_grid *g, wy_grid_scratch *sc, const float center[3], float radius,
                                int32_t skip_team, int32_t *count) {
  int32_t found = 0;
  int64_t walked = 0;
  const int32_t *answer = sc->result.data;
  bool everything = radius == INFINITY;
  bool in_range = radius >= 0.0f && isfinite(center[0]) && isfinite(center[1]) &&
                  isfinite(center[2]);
  if (g->items.count > 0 && (everything || in_range)) {
    /* A finite radius whose square is not a float is looked at in doubles. */
    bool wide = !everything && isinf(radius * radius);
    const int32_t *cells = everything || wide ? NULL
                                              : walk_cells(g, sc, center, radius, skip_team, &found, &walked);
    if (cells) {
      answer = cells;
    } else {
      /* Every actor, in slot order (an infinite radius takes them all). */
      float r2 = radius * radius;
      double r2_wide = (double)radius * radius;
      for (int32_t s = 0; s < g->slots; s++) {
        if (g->by_slot.data[s] < 0) continue;
        const wy_grid_item *item = &g->items.data[g->by_slot.data[s]];
        if (everything || (wide ? within_wide(item->pos, center, r2_wide) : within(item->pos, center, r2))) {
          take(item, skip_team, sc->result.data, &found);
        }
      }
      walked = g->items.count;
    }
  }
  sc->walked += (uint64_t)walked;
  sc->returned += (uint64_t)found;
  sc->queries++;
  *count = found;
  return answer;
}
