/* slab.c - a world's slab of blocks for the agents' tables (slab.h). */
#include "slab.h"

#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define WY_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WY_ASAN 1
#endif
#endif
#ifdef WY_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

enum { LINE = 64, SMALLEST = LINE, FIRST_CHUNK = 64 * 1024, PAGE = 4096 };
#define LARGEST ((size_t)SMALLEST << (WY_SLAB_CLASSES - 1))

/* A chunk starts with this, then the blocks from the first line after it. */
typedef struct chunk {
  struct chunk *next;
  size_t size;
} chunk;

/* The class of a block of size bytes (size <= LARGEST; 0 is the smallest). */
static int class_of(size_t size) {
  int k = 0;
  while (((size_t)SMALLEST << k) < size) k++;
  return k;
}

static size_t class_size(int k) { return (size_t)SMALLEST << k; }

void wy_slab_init(wy_slab *s, const wy_allocator *host) {
  memset(s, 0, sizeof *s);
  s->host = *host;
}

void wy_slab_free(wy_slab *s) {
  chunk *c = s->chunks;
  while (c) {
    chunk *next = c->next;
    UNPOISON(c, c->size);
    wy_free(&s->host, c, c->size);
    c = next;
  }
  wy_allocator host = s->host;
  wy_slab_init(s, &host);
}

/* A block of class k put on its free list (poisoned but for the link). */
static void put_block(wy_slab *s, void *p, int k) {
  UNPOISON(p, sizeof(void *));
  memcpy(p, &s->free[k], sizeof(void *));
  s->free[k] = p;
  POISON(p, class_size(k));
}

/* What is left of the current chunk goes on the free lists, the largest
 * blocks first (it is a whole number of lines: everything is cut in lines). */
static void spend_rest(wy_slab *s) {
  while (s->at && (size_t)(s->end - s->at) >= SMALLEST) {
    int k = WY_SLAB_CLASSES - 1;
    while (class_size(k) > (size_t)(s->end - s->at)) k--;
    unsigned char *p = s->at;
    s->at += class_size(k);
    put_block(s, p, k);
  }
}

/* A new chunk with room for size bytes from a line; false when the host has none. */
static bool new_chunk(wy_slab *s, size_t size) {
  size_t want = s->chunked > FIRST_CHUNK ? s->chunked : FIRST_CHUNK;
  size_t need = size + sizeof(chunk) + LINE;
  if (want < need) want = need;
  chunk *c = wy_alloc(&s->host, want);
  if (!c) return false;
  spend_rest(s);
  c->size = want;
  c->next = s->chunks;
  s->chunks = c;
  s->chunked += want;
  uintptr_t from = ((uintptr_t)(c + 1) + LINE - 1) & ~(uintptr_t)(LINE - 1);
  s->at = (unsigned char *)c + (from - (uintptr_t)c);
  s->end = s->at + ((size_t)((unsigned char *)c + want - s->at) & ~(size_t)(LINE - 1));
  s->warm = s->at;
  POISON(s->at, (size_t)(s->end - s->at));
  return true;
}

/* A block of class k, unpoisoned for size bytes; NULL when the host has no memory. */
static void *get_block(wy_slab *s, int k, size_t size) {
  unsigned char *p = s->free[k];
  if (p) {
    UNPOISON(p, sizeof(void *));
    memcpy(&s->free[k], p, sizeof(void *));
  } else {
    size_t n = class_size(k);
    if ((!s->at || (size_t)(s->end - s->at) < n) && !new_chunk(s, n)) return NULL;
    p = s->at;
    s->at += n;
    s->cut += n;
  }
  UNPOISON(p, size);
  return p;
}

/* ---- blocks past the largest class: the host's, on a line ---------------------- */

enum { EXTRA = LINE + sizeof(void *) };

static void *big_alloc(wy_slab *s, size_t size) {
  if (size > SIZE_MAX - EXTRA) return NULL;
  unsigned char *raw = wy_alloc(&s->host, size + EXTRA);
  if (!raw) return NULL;
  uintptr_t at = ((uintptr_t)raw + sizeof(void *) + LINE - 1) & ~(uintptr_t)(LINE - 1);
  unsigned char *p = raw + (at - (uintptr_t)raw);
  memcpy(p - sizeof(void *), &raw, sizeof raw);
  return p;
}

static void big_free(wy_slab *s, void *p, size_t size) {
  void *raw;
  memcpy(&raw, (unsigned char *)p - sizeof(void *), sizeof raw);
  wy_free(&s->host, raw, size + EXTRA);
}

/* ---- the allocator's three calls ------------------------------------------------ */

static void *slab_alloc(void *user, size_t size) {
  wy_slab *s = user;
  return size > LARGEST ? big_alloc(s, size) : get_block(s, class_of(size), size);
}

static void slab_free(void *user, void *p, size_t size) {
  wy_slab *s = user;
  if (!p) return;
  if (size > LARGEST) big_free(s, p, size);
  else put_block(s, p, class_of(size));
}

static void *slab_realloc(void *user, void *p, size_t old_size, size_t size) {
  wy_slab *s = user;
  /* The same block while the size stays in its class. */
  if (old_size <= LARGEST && size <= LARGEST && class_of(old_size) == class_of(size)) {
    if (size > old_size) UNPOISON((unsigned char *)p + old_size, size - old_size);
    else POISON((unsigned char *)p + size, old_size - size);
    return p;
  }
  void *q = slab_alloc(s, size);
  if (!q) return NULL;
  memcpy(q, p, old_size < size ? old_size : size);
  slab_free(s, p, old_size);
  return q;
}

void wy_slab_warm(wy_slab *s, size_t bytes) {
  if (!s->at) return;
  size_t left = (size_t)(s->end - s->at);
  unsigned char *to = s->at + (bytes < left ? bytes : left);
#ifndef WY_ASAN
  /* The first byte of the part in each page, from where a warm ended. */
  for (unsigned char *p = s->warm > s->at ? s->warm : s->at; p < to;) {
    *(volatile unsigned char *)p = 0;
    size_t rest = PAGE - (size_t)((uintptr_t)p % PAGE);
    p = (size_t)(to - p) > rest ? p + rest : to;
  }
#endif
  if (to > s->warm) s->warm = to;
}

wy_allocator wy_slab_allocator(wy_slab *s) { return (wy_allocator){slab_alloc, slab_realloc, slab_free, s}; }
