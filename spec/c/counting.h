/* counting.h - a counting allocator for the C tests' allocator hooks (a
 * world's def, a slab's host): it counts every call, and each block carries
 * its size in front, so a free or realloc told another size is caught.
 * With refuse set, it gives nothing once allocs has reached allowed. A test
 * includes it once, after check.h. */
#ifndef WARY_SPEC_COUNTING_H
#define WARY_SPEC_COUNTING_H

#include <stddef.h>
#include <stdlib.h>

typedef struct counter {
  long allocs, reallocs, frees, live_blocks;
  size_t live_bytes;
  long size_mismatches;
  bool refuse; /* give nothing once allocs reaches allowed */
  long allowed;
} counter;

typedef union counted_header {
  size_t size;
  max_align_t align;
} counted_header;

static void *count_alloc(void *user, size_t size) {
  counter *c = user;
  if (c->refuse && c->allocs >= c->allowed) return NULL;
  counted_header *h = malloc(sizeof *h + size);
  if (!h) return NULL;
  h->size = size;
  c->allocs++;
  c->live_blocks++;
  c->live_bytes += size;
  return h + 1;
}

static void count_free(void *user, void *p, size_t size) {
  counter *c = user;
  counted_header *h = (counted_header *)p - 1;
  if (h->size != size) c->size_mismatches++;
  c->frees++;
  c->live_blocks--;
  c->live_bytes -= h->size;
  free(h);
}

static void *count_realloc(void *user, void *p, size_t old_size, size_t size) {
  counter *c = user;
  counted_header *h = (counted_header *)p - 1;
  if (h->size != old_size) c->size_mismatches++;
  counted_header *n = realloc(h, sizeof *n + size);
  if (!n) return NULL;
  c->reallocs++;
  c->live_bytes += size - n->size;
  n->size = size;
  return n + 1;
}

#endif
