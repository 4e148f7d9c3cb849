/* check.h - what the C tests (spec/c/test_*.c) share: ENSURE and NEAR, the
 * counts they keep, and helpers that make an object and hand it back. Each
 * test is its own executable and includes this once; its main ends with
 * `return check_summary("test_x");`. */
#ifndef WARY_SPEC_CHECK_H
#define WARY_SPEC_CHECK_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wary.h"

static int checks;
static int failures;

/* Counts a check; a failing one is counted and reported with its line. */
#define ENSURE(c)                                                            \
  do {                                                                       \
    checks++;                                                                \
    if (!(c)) {                                                              \
      failures++;                                                            \
      fprintf(stderr, "%s:%d: ENSURE(%s) failed\n", __FILE__, __LINE__, #c); \
    }                                                                        \
  } while (0)

/* Two floats within 1e-4 of each other. */
#define NEAR(a, b) ENSURE(fabsf((float)(a) - (float)(b)) < 1e-4f)

/* A call that makes something (its status is WARY_OK, what it made is in its
 * *out) as a fixture's step, not a check of its own: true when it succeeded;
 * a failure is counted as a failed check and reported. So a test's count of
 * checks is that of its ENSUREs whether it makes its objects through these
 * or not. */
static inline bool made_ok(int status, const char *call, const char *file, int line) {
  if (status == WARY_OK) return true;
  checks++;
  failures++;
  fprintf(stderr, "%s:%d: %s returned status %d\n", file, line, call, status);
  return false;
}
#define MADE(call) made_ok((call), #call, __FILE__, __LINE__)

/* What most tests make, handed back as a value. A failure is counted as by
 * MADE (reported with the call and a line of this file) and gives what the
 * call wrote: a null world or handle, profile -1, name 0. */
static inline wary_world *make_world(const wary_world_def *def) {
  wary_world *w;
  MADE(wary_world_create(def, &w));
  return w;
}

static inline wary_actor_id make_actor(wary_world *w, const wary_actor_def *def) {
  wary_actor_id id;
  MADE(wary_actor_create(w, def, &id));
  return id;
}

static inline wary_box_id make_box(wary_world *w, const wary_box_def *def) {
  wary_box_id id;
  MADE(wary_box_create(w, def, &id));
  return id;
}

static inline int32_t make_profile(wary_world *w, const wary_profile_def *def) {
  int32_t index;
  MADE(wary_profile_create(w, def, &index));
  return index;
}

/* The key of an interned name. */
static inline int32_t make_name(wary_world *w, const char *name) {
  int32_t key;
  MADE(wary_name(w, name, &key));
  return key;
}

/* A sound of the default definition, named name and heard up to
 * max_range: its index (-1 when it could not be made). */
static inline int32_t make_sound(wary_world *w, const char *name, float max_range) {
  wary_sound_def def = wary_default_sound_def();
  def.name = make_name(w, name);
  def.max_range = max_range;
  int32_t index = -1;
  MADE(wary_sound_create(w, &def, &index));
  return index;
}

/* The world's snapshot (malloc'd; NULL when it cannot be taken). */
static inline unsigned char *snapshot_of(wary_world *w, size_t *size) {
  *size = 0;
  if (wary_world_save(w, NULL, 0, size) != WARY_OK) return NULL;
  unsigned char *buf = malloc(*size);
  if (buf && wary_world_save(w, buf, *size, size) != WARY_OK) {
    free(buf);
    buf = NULL;
  }
  return buf;
}

/* into loads from's snapshot (into has from's definitions): whether it did. */
static inline bool load_copy(wary_world *from, wary_world *into) {
  size_t size;
  unsigned char *snap = snapshot_of(from, &size);
  bool loaded = snap && into && wary_world_load(into, snap, size) == WARY_OK;
  free(snap);
  return loaded;
}

/* Whether two worlds' snapshots are the same bytes. */
static inline bool same_bytes(wary_world *a, wary_world *b) {
  size_t na, nb;
  unsigned char *sa = snapshot_of(a, &na), *sb = snapshot_of(b, &nb);
  bool same = sa && sb && na == nb && memcmp(sa, sb, na) == 0;
  free(sa);
  free(sb);
  return same;
}

/* A generator that draws the same numbers everywhere, for the tests that
 * play a game by turns: *lcg_seed() is its state, lcg() the next number
 * (24 bits), unit() one in [0, 1). */
static inline uint32_t *lcg_seed(void) {
  static uint32_t state;
  return &state;
}
static inline uint32_t lcg(void) {
  uint32_t *s = lcg_seed();
  *s = *s * 1664525u + 1013904223u;
  return *s >> 8;
}
static inline float unit(void) { return (float)(lcg() % 10000u) / 10000.0f; }

/* The same generator for the tests that draw random geometry (the same
 * data on every libc): rng_next() is lcg(), rng_range(lo, hi) a float in
 * [lo, hi). Each such test seeds it first in main (*lcg_seed() = ...),
 * so that it draws its own numbers. */
static inline uint32_t rng_next(void) { return lcg(); }
static inline float rng_range(float lo, float hi) { return lo + (hi - lo) * ((float)lcg() / 16777216.0f); }

/* A float's bits, to compare answers to the bit (0.0f and -0.0f differ). */
static inline uint32_t bits_of(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* The end of main: prints "<name>: N checks, F failed" ("N checks, F
 * failed" without a name) and returns the exit status, nonzero on a failure. */
static inline int check_summary(const char *name) {
  if (name) printf("%s: ", name);
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}

#endif
