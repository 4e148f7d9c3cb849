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
  unsigned char *warm;              /* the current chunk written up to here (wy_slab_warm) */
  void *chunks;                     /* every chunk, linked through its header */
  size_t chunked;                   /* their bytes together */
  size_t cut;                       /* the bytes of the blocks cut from them (not free blocks taken again) */
} wy_slab;

/* An empty slab over host (no memory yet). */
void wy_slab_init(wy_slab *s, const wy_allocator *host);
/* Gives every chunk back to the host; the slab is empty again. Blocks
 * still handed out are gone with them; the largest ones (past the last
 * class) are the owner's to free before. */
void wy_slab_free(wy_slab *s);
/* Writes a byte of each page of the next bytes of the current chunk not
 * cut yet (no further than its end; pages an earlier call wrote are not
 * written again), which leaves the blocks as they were: the first write
 * of a fresh page takes a page fault (some 13 us each in a virtual
 * machine), and this takes it where the caller chooses. The step calls it
 * from a parallel part, where the slab is not used and the workers share
 * the faults, rather than have them in its serial reserve. Not under
 * AddressSanitizer (the part not cut is poisoned). */
void wy_slab_warm(wy_slab *s, size_t bytes);
/* The allocator whose blocks come from s (s must outlive its use). */
wy_allocator wy_slab_allocator(wy_slab *s);

#endif
