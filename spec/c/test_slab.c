/* test_slab.c - the world's slab for the agents' tables (src/slab.h): tables
 * that grow by doubling ask the host for a handful of chunks, not a block
 * each; a block given back is the next of its size; every block starts on
 * a cache line and keeps its contents as it grows; a host with nothing to
 * give leaves the slab as it was; what the host gave is given back, sizes
 * and all. Then a world: its agents' belief lists grow over a minute of
 * hearing and sight while the hooks are asked a few times in all. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "check.h"
#include "counting.h"
#include "slab.h"

/* The host: the counting allocator without realloc (the slab copies). */
static wy_allocator host_allocator(counter *h) {
  memset(h, 0, sizeof *h);
  return (wy_allocator){count_alloc, NULL, count_free, h};
}

static bool on_line(const void *p) { return ((uintptr_t)p & 63u) == 0; }

/* A slab over a counting host; it stays where it is made (al points at s). */
typedef struct fixture {
  counter h;
  wy_slab s;
  wy_allocator al;
} fixture;

static void fixture_init(fixture *f) {
  wy_allocator host = host_allocator(&f->h);
  wy_slab_init(&f->s, &host);
  f->al = wy_slab_allocator(&f->s);
}

typedef WY_ARRAY(uint32_t) table;

/* 512 tables grown by doubling to 2,048 elements of 4 bytes each, one
 * element at a time, in turn (as agents' lists grow over a game): 4 MiB in
 * all, 4,096 growths; the host sees a chunk now and then. */
static void test_growth_asks_for_chunks(void) {
  fixture f;
  fixture_init(&f);
  enum { TABLES = 512, ELEMENTS = 2048 };
  table *t = calloc(TABLES, sizeof *t);
  bool ok = true, kept = true, lined = true;
  long growths = 0;
  for (int32_t n = 1; n <= ELEMENTS && ok; n++) {
    for (int32_t i = 0; i < TABLES && ok; i++) {
      int32_t cap = t[i].cap;
      uint32_t *v = wy_array_push(&f.al, &t[i]);
      ok = v != NULL;
      if (!ok) break;
      *v = (uint32_t)(i * ELEMENTS + n - 1);
      if (t[i].cap != cap) {
        growths++;
        lined = lined && on_line(t[i].data);
        for (int32_t k = 0; k < n; k++) kept = kept && t[i].data[k] == (uint32_t)(i * ELEMENTS + k);
      }
    }
  }
  ENSURE(ok);
  ENSURE(kept);
  ENSURE(lined);
  ENSURE(growths == TABLES * 8); /* 16, 32, ..., 2048 */
  /* 4 MiB of tables, the blocks they grew out of besides: chunks of 64 KiB,
   * 64 KiB, 128 KiB, ... each as large as all before: under 20 in all. */
  ENSURE(f.h.allocs > 1 && f.h.allocs < 20);
  ENSURE(f.s.chunked >= (size_t)TABLES * ELEMENTS * 4);
  for (int32_t i = 0; i < TABLES; i++) wy_array_free(&f.al, &t[i]);
  free(t);
  wy_slab_free(&f.s);
  ENSURE(f.h.frees == f.h.allocs);
  ENSURE(f.h.live_bytes == 0);
  ENSURE(f.h.size_mismatches == 0);
}

/* A block given back is the next one of its size: a table that comes and
 * goes a thousand times costs the host one chunk. */
static void test_blocks_are_reused(void) {
  fixture f;
  fixture_init(&f);
  void *first = wy_alloc(&f.al, 1000);
  ENSURE(first && on_line(first));
  wy_free(&f.al, first, 1000);
  void *again = wy_alloc(&f.al, 700); /* the same size class: 1 KiB */
  ENSURE(again == first);
  wy_free(&f.al, again, 700);
  bool same = true;
  for (int i = 0; i < 1000; i++) {
    void *a = wy_alloc(&f.al, 3000), *b = wy_alloc(&f.al, 100);
    same = same && a && b && on_line(a) && on_line(b);
    wy_free(&f.al, a, 3000);
    wy_free(&f.al, b, 100);
  }
  ENSURE(same);
  ENSURE(f.h.allocs == 1);
  wy_slab_free(&f.s);
  ENSURE(f.h.frees == 1 && f.h.live_bytes == 0);
}

/* Past the largest block (256 KiB) the host gives it, on a line too, and
 * takes it back; a table grown through that size keeps its contents. */
static void test_large_blocks(void) {
  fixture f;
  fixture_init(&f);
  table t = {0};
  bool ok = true;
  for (uint32_t k = 0; k < 200000 && ok; k++) {
    uint32_t *v = wy_array_push(&f.al, &t);
    ok = v != NULL;
    if (ok) *v = k * 3u;
  }
  ENSURE(ok);
  ENSURE(t.cap == 262144 && on_line(t.data)); /* 1 MiB: the host's */
  bool kept = true;
  for (uint32_t k = 0; k < 200000; k++) kept = kept && t.data[k] == k * 3u;
  ENSURE(kept);
  long before = f.h.frees;
  wy_array_free(&f.al, &t);
  ENSURE(f.h.frees == before + 1); /* straight back to the host */
  wy_slab_free(&f.s);
  ENSURE(f.h.frees == f.h.allocs && f.h.live_bytes == 0 && f.h.size_mismatches == 0);
}

/* A host with nothing to give: the request fails, the table is as it was,
 * and the next request, once the host gives again, succeeds. */
static void test_out_of_memory(void) {
  fixture f;
  fixture_init(&f);
  f.h.refuse = true;
  f.h.allowed = 0;
  table t = {0};
  ENSURE(!wy_array_reserve(&f.al, &t, 10));
  ENSURE(t.data == NULL && t.cap == 0 && f.s.chunked == 0);
  f.h.allowed = 1;
  ENSURE(wy_array_reserve(&f.al, &t, 10000)); /* 40 KB: the first chunk */
  t.count = 10000;
  t.data[9999] = 7u;
  /* 80 KB would need a second chunk: refused, the table kept. */
  ENSURE(!wy_array_reserve(&f.al, &t, 20000));
  ENSURE(t.cap == 16384 && t.data[9999] == 7u);
  f.h.refuse = false;
  ENSURE(wy_array_reserve(&f.al, &t, 20000));
  ENSURE(t.data[9999] == 7u);
  wy_array_free(&f.al, &t);
  wy_slab_free(&f.s);
  ENSURE(f.h.frees == f.h.allocs && f.h.live_bytes == 0);
}

/* Warming writes ahead in the current chunk's part not cut yet, never
 * past its end, and leaves every block cut before as it was; the slab
 * counts what it cuts (not free blocks taken again), and a warm before
 * the first chunk or past the part a warm reached does nothing. */
static void test_warm(void) {
  fixture f;
  fixture_init(&f);
  wy_slab_warm(&f.s, 1 << 20); /* no chunk yet */
  ENSURE(f.s.cut == 0 && f.s.chunked == 0);
  unsigned char *a = wy_alloc(&f.al, 1000), *b = wy_alloc(&f.al, 100);
  ENSURE(a && b);
  ENSURE(f.s.cut == 1024 + 128);
  memset(a, 0xa5, 1000);
  memset(b, 0x5a, 100);
  unsigned char *at = f.s.at;
  wy_slab_warm(&f.s, 10000);
  /* On a page boundary or not, the warm reaches 10,000 bytes ahead. */
  ENSURE(f.s.at == at && f.s.warm == at + 10000);
  wy_slab_warm(&f.s, 100); /* warmed already */
  ENSURE(f.s.warm == at + 10000);
  wy_slab_warm(&f.s, SIZE_MAX / 2); /* to the chunk's end, no further */
  ENSURE(f.s.warm == f.s.end);
  bool kept = true;
  for (int i = 0; i < 1000; i++) kept = kept && a[i] == 0xa5;
  for (int i = 0; i < 100; i++) kept = kept && b[i] == 0x5a;
  ENSURE(kept);
  /* A free block taken again is not cut. */
  wy_free(&f.al, b, 100);
  void *again = wy_alloc(&f.al, 100);
  ENSURE(again == b && f.s.cut == 1024 + 128);
  /* A new chunk starts its warm afresh, at its first block. */
  void *big = wy_alloc(&f.al, 200000);
  ENSURE(big && f.s.warm == (unsigned char *)big);
  wy_slab_warm(&f.s, 64);
  ENSURE(f.s.warm > (unsigned char *)big && f.s.warm <= f.s.end);
  wy_free(&f.al, big, 200000);
  wy_free(&f.al, again, 100);
  wy_free(&f.al, a, 1000);
  wy_slab_free(&f.s);
  ENSURE(f.h.frees == f.h.allocs && f.h.live_bytes == 0);
}

/* ---- a world ------------------------------------------------------------------ */

/* 400 agents that see and hear, 100 targets walking among them and making
 * a sound every step: over half a minute their belief lists grow from nothing
 * to thousands of beliefs in all (each list growing several times), yet
 * the steps ask the hooks only when the tables together outgrow the slab. */
static void test_steps_ask_the_hooks_rarely(void) {
  counter c;
  memset(&c, 0, sizeof c);
  wary_world_def d = wary_default_world_def();
  d.alloc_fn = count_alloc;
  d.realloc_fn = count_realloc;
  d.free_fn = count_free;
  d.alloc_user = &c;
  wary_world *w = make_world(&d);
  if (!w) return;
  wary_sound_def sd = wary_default_sound_def();
  MADE(wary_name(w, "Footstep", &sd.name));
  sd.max_range = 2500.0f;
  int32_t sound = -1, prof = -1;
  MADE(wary_sound_create(w, &sd, &sound));
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true;
  pd.sense_count = 2;
  pd.senses[0].sense = WARY_SENSE_VISION;
  pd.senses[1].sense = WARY_SENSE_HEARING;
  MADE(wary_profile_create(w, &pd, &prof));
  enum { AGENTS = 400, TARGETS = 100 };
  const float side = 10000.0f; /* 100 m */
  wary_actor_id targets[TARGETS];
  uint32_t seed = 12345u;
  for (int i = 0; i < AGENTS + TARGETS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    seed = seed * 1664525u + 1013904223u;
    ad.pos[0] = (float)(seed >> 8) / 16777216.0f * side;
    seed = seed * 1664525u + 1013904223u;
    ad.pos[1] = (float)(seed >> 8) / 16777216.0f * side;
    ad.yaw = (float)(i * 37 % 360);
    ad.team = i < AGENTS ? 1 : 2;
    ad.profile = i < AGENTS ? prof : -1;
    wary_actor_id id = make_actor(w, &ad);
    if (i >= AGENTS) targets[i - AGENTS] = id;
  }
  ENSURE(wary_step(w, 1.0f / 60.0f) == WARY_OK);
  long before = c.allocs + c.reallocs;
  int32_t beliefs0 = wary_world_stats(w).beliefs;
  bool stepped = true;
  for (int step = 1; step <= 1800 && stepped; step++) {
    for (int i = 0; i < TARGETS; i++) {
      /* Each target walks a circle of its own, 10-30 m across, at 1-3 m/s. */
      float r = 500.0f + (float)(i % 5) * 250.0f, a = (float)step * (0.002f + 0.0004f * (float)(i % 7));
      float cx = (float)(i % 10) * 1000.0f + 500.0f, cy = (float)(i / 10) * 1000.0f + 500.0f;
      stepped = stepped && wary_actor_set_pos(w, targets[i], cx + r * cosf(a), cy + r * sinf(a), 0.0f) == WARY_OK;
    }
    stepped = stepped && wary_emit_sound(w, targets[step % TARGETS], sound) == WARY_OK;
    stepped = stepped && wary_step(w, 1.0f / 60.0f) == WARY_OK;
  }
  ENSURE(stepped);
  int32_t beliefs = wary_world_stats(w).beliefs;
  long asked = c.allocs + c.reallocs - before;
  /* What the test stands on: many lists grew, from a few beliefs to many. */
  ENSURE(beliefs > 10 * beliefs0 && beliefs > 5 * AGENTS);
  /* One growth a list and table would be thousands of allocations; the
   * step's scratch, events and the slab's chunks are a few dozen. */
  ENSURE(asked < 60);
  if (!(asked < 60))
    fprintf(stderr, "  beliefs %d -> %d, the steps asked the hooks %ld times\n", (int)beliefs0, (int)beliefs, asked);
  wary_world_destroy(w);
  /* The slab's chunks go back with the sizes the host gave. */
  ENSURE(c.frees == c.allocs && c.live_bytes == 0 && c.size_mismatches == 0);
}

int main(void) {
  test_growth_asks_for_chunks();
  test_blocks_are_reused();
  test_large_blocks();
  test_out_of_memory();
  test_warm();
  test_steps_ask_the_hooks_rarely();
  return check_summary("test_slab");
}
