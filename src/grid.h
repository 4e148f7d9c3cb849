/* grid.h - internal: a spatial grid over actor positions, by xy cells.
 * Rebuilt from the caller's positions and teams each step (flat arrays or
 * records read in place: wy_grid_input; a counting sort into cells, no
 * allocation once the buffers have grown), or patched where only a few
 * actors changed cells (wy_grid_prepare); queried per agent for the actors
 * inside a range, in slot order, without those of a team to skip. */
#ifndef WARY_GRID_H
#define WARY_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "array.h"

/* An inserted actor as queries read it. */
typedef struct wy_grid_item {
  float pos[3];
  int32_t slot;
  int32_t team;
} wy_grid_item;

/* A cell of the hashed table: its coordinates and its index (-1: empty). */
typedef struct wy_grid_key {
  int32_t cx, cy;
  int32_t cell;
} wy_grid_key;

/* The buffers a query writes and its counters: the grid's own for callers
 * one at a time, one per worker for queries that run at once. */
typedef struct wy_grid_scratch {
  WY_ARRAY(int32_t) result;     /* count unused */
  WY_ARRAY(int32_t) merged;
  WY_ARRAY(int32_t) runs;
  /* A bit a slot, all clear between queries: count is the words cleared,
   * which cover every slot of the last build. */
  WY_ARRAY(uint64_t) bits;
  /* A bit a word of bits, set while that word holds a slot found: count
   * is the words cleared, one for every 64 words of bits. */
  WY_ARRAY(uint64_t) words;
  uint64_t walked;              /* items looked at by its queries */
  uint64_t returned;            /* slots they returned */
  uint64_t queries;
} wy_grid_scratch;

/* Teams the items are grouped by, at most: a query that leaves a team out
 * (vision's of the agent's own) then walks the other teams' items only. */
enum { WY_GRID_GROUPS = 4 };

typedef struct wy_grid {
  float cell;                   /* cell size, units */
  bool dense;                   /* cells indexed by position in the box x0, y0, width, height */
  int32_t x0, y0, width, height;
  int32_t cells;                /* cells of a group */
  int32_t groups;               /* 1, or one a team when the items hold at most WY_GRID_GROUPS */
  int32_t group_team[WY_GRID_GROUPS];
  WY_ARRAY(wy_grid_key) table;  /* otherwise hashed: count is the table's size, a power of two */
  WY_ARRAY(int32_t) start;      /* per group and cell (group * cells + cell), its first item; one more */
  WY_ARRAY(wy_grid_item) items; /* by group, then cell, in slot order within (count: inserted) */
  WY_ARRAY(int32_t) by_slot;    /* by slot below slots: its item's index, -1 when not inserted */
  WY_ARRAY(int32_t) cell_of;    /* scratch of the build: each inserted slot's cell */
  /* By inserted slot, its cell in its group (dense grids only): what a
   * patch compares the slot's cell with. */
  WY_ARRAY(int32_t) key_of;
  /* By inserted slot, its cell's x and y as floats (dense grids only;
   * NaN where a float does not hold the cell past it): a patch's walk
   * sees a slot still in its cell without the cell's arithmetic. */
  WY_ARRAY(float) corner_of;
  int32_t slots;                /* the last build's n: every slot is below it */
  /* The last build was dense and succeeded (patchable), and the build
   * under way patches it (patching: wy_grid_prepare). */
  bool patchable, patching;
  wy_grid_scratch scratch;      /* of wy_grid_query; grown by each build */
  const wy_allocator *alloc;    /* the world's (set by wy_grid_init) */
} wy_grid;

/* The slots a patch moves to another cell, at most: 10,000 agents walking
 * at constant density move 12 to 32 a step (more than the 16 this was),
 * and a patch moves them in a small share of a build's instructions, a
 * build that runs on one thread. */
enum { WY_GRID_MOVES = 128 };

/* What the first pass of a build found over some slots: the bounds of the
 * included slots' cells and how many there were (wy_grid_box_clear: none). */
typedef struct wy_grid_box {
  int32_t x0, y0, x1, y1;
  int32_t total;
  /* A patch's walk (wy_grid_walk): the slots it found in another cell than
   * the last build's, and whether the grid must be built afresh instead
   * (a slot inserted or left out, a team changed, a slot out of the box,
   * more than WY_GRID_MOVES slots moved). */
  int32_t moved;
  bool rebuild;
  /* Only the first moved are set: a box is cleared and copied by its
   * other fields (wy_grid_box_clear), 28 bytes rather than 540. */
  int32_t moved_slot[WY_GRID_MOVES];
} wy_grid_box;

/* What a build reads of each slot s < n, where the caller keeps it: its 3
 * floats of position at pos + s * pos_stride bytes, its team at team + s *
 * team_stride bytes (flat arrays, or the fields of records: the world's
 * actors, read in place rather than copied out every step), and whether
 * it is inserted (include[s]). */
typedef struct wy_grid_input {
  const float *pos;
  size_t pos_stride;
  const int32_t *team;
  size_t team_stride;
  const bool *include;
  /* NULL, or a bit a slot (wy_bits_in): only slots whose bit is set may
   * be included, and the walks pass the others by 64 at a time. A slot
   * whose bit goes while it holds an item must be followed by
   * wy_grid_members_changed before the next walk. */
  const uint64_t *members;
} wy_grid_input;

bool wy_grid_init(wy_grid *g, float cell, const wy_allocator *alloc);
/* Slots left the members (wy_grid_input): the next walk builds afresh
 * rather than patch the last build, whose items it would not all visit. */
void wy_grid_members_changed(wy_grid *g);
void wy_grid_free(wy_grid *g);
/* Inserts every slot s < n with include[s] true; pos holds 3 floats per slot,
 * team one team per slot (both copied). False on out of memory (the grid is
 * then empty). */
bool wy_grid_build(wy_grid *g, const float *pos, const int32_t *team, const bool *include,
                   int32_t n);
/* A build in two passes, for callers that run the first in pieces at once
 * (actor.c, wy_grid_refresh): wy_grid_reserve makes room for n slots (false
 * on out of memory: the grid is then empty); wy_grid_cells, the first pass,
 * finds the cells of the included slots of [start, end) and adds them to
 * *box; wy_grid_place, once every slot below n has been through it (box:
 * the pieces' boxes joined), the rest. wy_grid_build is the three at once. */
bool wy_grid_reserve(wy_grid *g, int32_t n);
void wy_grid_box_clear(wy_grid_box *b);
void wy_grid_box_join(wy_grid_box *into, const wy_grid_box *b);
void wy_grid_cells(wy_grid *g, const wy_grid_input *in, int32_t start, int32_t end, wy_grid_box *box);
bool wy_grid_place(wy_grid *g, const wy_grid_input *in, int32_t n, const wy_grid_box *box);
/* The same build for a caller that builds over the same slots again and
 * again (actor.c, wy_grid_refresh), patching the last build where it can:
 * where that one was dense (an array of cells) over the same n slots, the
 * walk writes the inserted slots' new positions into their items and notes
 * the few slots that changed cells, and the finish moves those items only;
 * anything else (a slot inserted or left out, a team changed, the box of
 * cells changed, many slots moved) builds afresh. The grid is then what a
 * build would have made, item for item. wy_grid_prepare is wy_grid_reserve
 * when it cannot patch (false on out of memory); wy_grid_walk and
 * wy_grid_finish are wy_grid_cells and wy_grid_place, or the patch's. */
bool wy_grid_prepare(wy_grid *g, int32_t n);
void wy_grid_walk(wy_grid *g, const wy_grid_input *in, int32_t start, int32_t end, wy_grid_box *box);
/* Asks for the items a patch's walks will write (a hint, none when they
 * build, nor past WY_GRID_AHEAD_MOST bytes of them): after a collection
 * most are misses, and a walk reaches them in cell order, one by one.
 * All of them, in array order, cost a few dozen prefetches at a few
 * hundred actors; the slots' own (through by_slot) would cost a load
 * and a prefetch each. */
#define WY_GRID_AHEAD_MOST (32 * 1024)
void wy_grid_walk_ahead(const wy_grid *g);
bool wy_grid_finish(wy_grid *g, const wy_grid_input *in, int32_t n, const wy_grid_box *box);
/* Slots within radius (3D distance <= radius) of center, ascending slot
 * order, leaving out those of team skip_team (0: none): where the items are
 * grouped by team, that team's are not looked at. An infinite radius
 * returns every inserted slot. The array is owned by the grid and valid
 * until the next query or build; *count receives its length. Never
 * allocates. */
const int32_t *wy_grid_query(wy_grid *g, const float center[3], float radius, int32_t skip_team,
                             int32_t *count);
/* The same into s (which wy_grid_scratch_fit made room in since the last
 * build), reading nothing of g that a query writes: queries into scratches
 * of their own may run at once. */
const int32_t *wy_grid_query_in(const wy_grid *g, wy_grid_scratch *s, const float center[3], float radius,
                                int32_t skip_team, int32_t *count);
/* Room in s for any query of the grid as built; false on out of memory. */
bool wy_grid_scratch_fit(const wy_grid *g, wy_grid_scratch *s);
void wy_grid_scratch_free(const wy_allocator *alloc, wy_grid_scratch *s);

#endif
