/* alloc.c - the allocator hooks of a world, or the C library's (alloc.h). */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

static void *c_alloc(void *user, size_t size) {
  (void)user;
  return malloc(size);
}

static void *c_realloc(void *user, void *p, size_t old_size, size_t size) {
  (void)user;
  (void)old_size;
  return realloc(p, size);
}

static void c_free(void *user, void *p, size_t size) {
  (void)user;
  (void)size;
  free(p);
}

bool wy_allocator_valid(const wary_world_def *d) {
  if (!d->alloc_fn && !d->free_fn) return !d->realloc_fn;
  return d->alloc_fn && d->free_fn;
}

wy_allocator wy_allocator_of(const wary_world_def *d) {
  if (!d->alloc_fn) return (wy_allocator){c_alloc, c_realloc, c_free, NULL};
  return (wy_allocator){d->alloc_fn, d->realloc_fn, d->free_fn, d->alloc_user};
}

void *wy_alloc(const wy_allocator *a, size_t size) { return a->alloc(a->user, size); }

void *wy_alloc_zero(const wy_allocator *a, size_t size) {
  void *p = a->alloc(a->user, size);
  if (p) memset(p, 0, size);
  return p;
}

void *wy_realloc(const wy_allocator *a, void *p, size_t old_size, size_t size) {
  if (!p) return a->alloc(a->user, size);
  if (a->realloc) return a->realloc(a->user, p, old_size, size);
  void *q = a->alloc(a->user, size);
  if (!q) return NULL;
  memcpy(q, p, old_size < size ? old_size : size);
  a->free(a->user, p, old_size);
  return q;
}

void wy_free(const wy_allocator *a, void *p, size_t size) {
  if (p) a->free(a->user, p, size);
}
