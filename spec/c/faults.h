/* faults.h - an allocator for a world's hooks that refuses one allocation
 * of its choosing: the C library's otherwise, counting what it hands out
 * and what is held. spec/c/test_oom.c and the fuzzer (spec/fuzz) use it. */
#ifndef WARY_SPEC_FAULTS_H
#define WARY_SPEC_FAULTS_H

#include <stdbool.h>
#include <stdlib.h>

#include "wary.h"

typedef struct faults {
  long count;    /* allocations asked for so far */
  long fail_at;  /* the one refused, -1 none */
  long live;     /* blocks held */
  bool failed;   /* the refused one was asked for */
} faults;

static void *f_alloc(void *user, size_t size) {
  faults *f = user;
  if (f->count++ == f->fail_at) {
    f->failed = true;
    return NULL;
  }
  void *p = malloc(size);
  if (p) f->live++;
  return p;
}

static void *f_realloc(void *user, void *p, size_t old_size, size_t size) {
  (void)old_size;
  faults *f = user;
  if (f->count++ == f->fail_at) {
    f->failed = true;
    return NULL;
  }
  return realloc(p, size);
}

static void f_free(void *user, void *p, size_t size) {
  (void)size;
  faults *f = user;
  f->live--;
  free(p);
}

/* The hooks of d call f. */
static inline void faults_use(wary_world_def *d, faults *f) {
  d->alloc_fn = f_alloc;
  d->realloc_fn = f_realloc;
  d->free_fn = f_free;
  d->alloc_user = f;
}

#endif
