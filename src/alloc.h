/* alloc.h - where a world's memory comes from: the allocator hooks of its
 * def (wary_world_def's alloc_fn, realloc_fn, free_fn and alloc_user), or the
 * C library's. Every allocation of the core goes through these four calls,
 * with the size of the block, so a host's allocator sees each one. */
#ifndef WARY_ALLOC_H
#define WARY_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

#include "wary.h"

typedef struct wy_allocator {
  wary_alloc_fn alloc;
  wary_realloc_fn realloc; /* NULL: alloc, copy, free */
  wary_free_fn free;
  void *user;
} wy_allocator;

/* The hooks come as all three NULL, or alloc_fn and free_fn set (realloc_fn optional). */
bool wy_allocator_valid(const wary_world_def *d);
/* d's hooks, the C library's where d has none. */
wy_allocator wy_allocator_of(const wary_world_def *d);

/* size bytes (size > 0), NULL when out of memory. */
void *wy_alloc(const wy_allocator *a, size_t size);
/* size bytes set to 0. */
void *wy_alloc_zero(const wy_allocator *a, size_t size);
/* p (old_size bytes, or NULL and 0) grown or shrunk to size bytes; NULL when out
 * of memory, p then unchanged. */
void *wy_realloc(const wy_allocator *a, void *p, size_t old_size, size_t size);
/* Gives back p (size bytes); NULL: nothing. */
void wy_free(const wy_allocator *a, void *p, size_t size);

#endif
