/* array.h - the one growable array of the core: a typed pointer with its
 * count and capacity, grown by doubling, its memory from a world's allocator
 * (alloc.h). Every table that grows uses it.
 *
 *   typedef WY_ARRAY(wy_place) wy_place_list;
 *   wy_place *p = wy_array_push(&w->alloc, &places);   NULL: out of memory, nothing changed
 *
 * The macros evaluate their arguments more than once: pass plain lvalues. */
#ifndef WARY_ARRAY_H
#define WARY_ARRAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alloc.h"
#include "base.h"

#define WY_ARRAY(T) \
  struct {          \
    T *data;        \
    int32_t count;  \
    int32_t cap;    \
  }

/* data grown to hold at least need elements of size bytes (*cap updated), or
 * data itself when *cap already does or when out of memory (*cap unchanged). */
WY_COLD void *wy_grow(const wy_allocator *al, void *data, int32_t *cap, int32_t need, size_t size);
/* The capacity a block of cap elements grows to for need (> cap): doubled
 * from at least 16; 0 when need is too large. */
int32_t wy_grown_cap(int32_t cap, int32_t need);

/* True when a holds room for need elements; false (a unchanged) when out of memory. */
#define wy_array_reserve(al, a, need)                                                         \
  ((need) <= (a)->cap ||                                                                      \
   ((a)->data = wy_grow((al), (a)->data, &(a)->cap, (need), sizeof *(a)->data), (need) <= (a)->cap))

/* The new last element (uninitialised), NULL when out of memory. */
#define wy_array_push(al, a) \
  (wy_array_reserve((al), (a), (a)->count + 1) ? &(a)->data[(a)->count++] : NULL)

/* Moves the last element into i: order is not kept. */
#define wy_array_swap_remove(a, i) ((a)->data[(i)] = (a)->data[--(a)->count])

#define wy_array_free(al, a)                                                  \
  (wy_free((al), (a)->data, (size_t)(a)->cap * sizeof *(a)->data), (a)->data = NULL, \
   (a)->count = 0, (a)->cap = 0)

#endif
