/* slab.h - where the tables each agent owns get their memory (its beliefs,
 * places, hearing, GECK and ray-budget lists): a world's slab of blocks, so
 * that a step in steady state asks the host's allocator for nothing however
 * many agents grow and shrink their tables.
 *
 * A block is 64 << k bytes (k < WY_SLAB_CLASSES) and starts on a cache
 * line. A block given back goes on its size's free list and is what the
 * next request of that size gets. New blocks are cut from the current
 * chunk; a new chunk, got through the world's allocator (alloc.h), is at
 * least as large as all the chunks before it together, so a world whose
 * tables grow to S bytes asks its host about log2(S / 64 KiB) times, and a
 * world whose tables stay below what they once held, never. A request past
 * the largest block goes to the host itself (line-aligned too). Memory
 * given back stays in the slab until the world is destroyed.
 *
 * wy_slab_allocator makes a slab a wy_allocator: the agents' tables grow
 * with wy_array_reserve and the other helpers of array.h, as every table.
 * Not thread-safe: the step reserves every table's room in its serial
 * parts, so its parallel parts never reach the slab. Under AddressSanitizer
 * the free blocks, the unused part of a chunk and the part of each block
 * past the size asked for are poisoned. */
#ifndef WARY_SLAB_H
#define WARY_SLAB_H

#include <stddef.h>
#include <stdint.h>

#include "alloc.h"

#define WY_SLAB_CLASSES 13 /* blocks of 64 B .. 256 KiB */

typedef struct wy_slab {
  wy_allocator host;                /* where chunks and the largest blocks come from */
  void *free[WY_SLAB_CLASSES];      /* the free blocks of each size, linked through their first word */
  unsigned char *at, *end;          /* the current chunk's part not cut yet */
  void *chunks;                     /* every chunk, linked through its header */
  size_t chunked;                   /* their bytes together */
} wy_slab;

/* An empty slab over host (no memory yet). */
void wy_slab_init(wy_slab *s, const wy_allocator *host);
/* Gives every chunk back to the host; the slab is empty again. Blocks
 * still handed out are gone with them; the largest ones (past the last
 * class) are the owner's to free before. */
void wy_slab_free(wy_slab *s);
/* The allocator whose blocks come from s (s must outlive its use). */
wy_allocator wy_slab_allocator(wy_slab *s);

#endif
