/* test_sight_bundle.c - wy_occ_sight_many (vision's sample rays walked
 * together) answers what wy_occ_sight answers for each segment alone, to
 * the bit: clustered and scattered end points, products that round (where
 * the order the boxes are met in shows and a segment is taken again alone),
 * -0.0, bundles of one segment repeated, grazing segments on an integer grid, segments along an axis or of
 * length 0, and a refitted tree. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "occluders.h"

#include "check.h"
#include "occluder_cases.h"

static wy_allocator heap;

typedef struct tally {
  int bundles, segments, bad;
  int rounding; /* segments with three or more factors other than 0 and 1, no 0 */
  int zero, clear;
} tally;

/* The factors of a segment other than 0 and 1, by brute force over every
 * box the segment touches (what wy_occ_segment counts). */
static void factors(const wy_occluders *o, const wy_material *mats, const float a[3], const float b[3],
                    int *partial, bool *zero) {
  *partial = 0;
  *zero = false;
  for (int32_t s = 0; s < o->boxes.count; s++) {
    const wy_box *box = &o->boxes.data[s];
    if (!box->alive || !brute_touch(box, a, b)) continue;
    float f = mats[box->material].vision_transmission;
    *partial += f != 0.0f && f != 1.0f;
    *zero = *zero || f == 0.0f;
  }
}

/* One bundle: eye to n points, together and one by one, on o (a second
 * tree fresh, when given, answers each alone too). */
static void check_bundle(wy_occluders *o, wy_occluders *fresh, const wy_material *mats, const float eye[3],
                         const float (*pts)[3], int32_t n, tally *t) {
  float many[WARY_MAX_SAMPLES];
  ENSURE(wy_occ_sight_many(o, mats, eye, pts, n, many, NULL));
  t->bundles++;
  for (int32_t r = 0; r < n; r++) {
    float one;
    ENSURE(wy_occ_sight(fresh ? fresh : o, mats, eye, pts[r], &one));
    int partial;
    bool zero;
    factors(o, mats, eye, pts[r], &partial, &zero);
    t->segments++;
    t->rounding += partial >= 3 && !zero;
    t->zero += many[r] == 0.0f;
    t->clear += many[r] == 1.0f;
    if (bits_of(one) != bits_of(many[r])) {
      t->bad++;
      if (t->bad <= 5)
        fprintf(stderr, "bundle of %d, segment %d: (%a %a %a)->(%a %a %a): alone %a, together %a\n", (int)n,
                (int)r, (double)eye[0], (double)eye[1], (double)eye[2], (double)pts[r][0], (double)pts[r][1],
                (double)pts[r][2], (double)one, (double)many[r]);
    }
  }
}

/* Boxes scattered over 100 m x 100 m, up to 3 m tall; snapped ones on whole
 * metres, some flat. */
static void scatter(wy_occluders *o, int32_t count, bool snapped) {
  for (int32_t i = 0; i < count; i++) {
    float min[3] = {rng_range(-50, 50), rng_range(-50, 50), rng_range(0, 1)};
    float max[3] = {min[0] + rng_range(0.5f, 4), min[1] + rng_range(0.5f, 4), min[2] + rng_range(0, 3)};
    if (snapped) {
      for (int k = 0; k < 3; k++) {
        min[k] = floorf(min[k]);
        max[k] = floorf(max[k]);
      }
    }
    ENSURE(wy_occ_add(o, i, min, max, (int32_t)(rng_next() % 8)));
  }
}

/* Vision's bundles: an eye, and n points on a body up to 20 m away (a
 * column of points 0.1-1.8 m high, half a metre wide), or n points anywhere
 * within 30 m (directions of every sign). */
static void random_bundles(wy_occluders *o, const wy_material *mats, int count, bool snapped, tally *t) {
  for (int i = 0; i < count; i++) {
    int32_t n = 2 + (int32_t)(rng_next() % (WARY_MAX_SAMPLES - 1));
    float eye[3] = {rng_range(-50, 50), rng_range(-50, 50), rng_range(0.5f, 2.0f)};
    float pts[WARY_MAX_SAMPLES][3];
    bool body = i % 3 != 0;
    float cx = eye[0] + rng_range(-20, 20), cy = eye[1] + rng_range(-20, 20);
    for (int32_t r = 0; r < n; r++) {
      if (body) {
        pts[r][0] = cx + rng_range(-0.25f, 0.25f);
        pts[r][1] = cy + rng_range(-0.25f, 0.25f);
        pts[r][2] = rng_range(0.1f, 1.8f);
      } else {
        pts[r][0] = eye[0] + rng_range(-30, 30);
        pts[r][1] = eye[1] + rng_range(-30, 30);
        pts[r][2] = rng_range(-1, 4);
      }
      if (snapped) {
        for (int k = 0; k < 3; k++) pts[r][k] = floorf(pts[r][k]);
      }
    }
    if (snapped) {
      for (int k = 0; k < 3; k++) eye[k] = floorf(eye[k]);
    }
    /* Bundles of one segment again and again (the bundle's test is then
     * the segment's own, margins and all), of points straight along an
     * axis from the eye, or on it. */
    if (i % 5 == 0) {
      for (int32_t r = 1; r < n; r++) memcpy(pts[r], pts[0], sizeof pts[0]);
    }
    if (i % 7 == 0) pts[0][0] = eye[0];
    if (i % 11 == 0) memcpy(pts[n - 1], eye, sizeof eye);
    check_bundle(o, NULL, mats, eye, (const float(*)[3])pts, n, t);
  }
}

static void test_bundles(void) {
  enum { BOXES = 2000, BUNDLES = 6000 };
  const struct {
    const wy_material *mats;
    bool signed_zero, snapped;
    const char *what;
  } runs[] = {
      {rounding, false, false, "products that round"},
      {signed_zeros, true, false, "0 and -0.0"},
      {rounding, false, true, "whole metres (grazing)"},
  };
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
    wy_occluders o;
    wy_occ_init(&o, &heap);
    o.signed_zero = runs[k].signed_zero;
    scatter(&o, BOXES, runs[k].snapped);
    tally t = {0};
    random_bundles(&o, runs[k].mats, BUNDLES, runs[k].snapped, &t);
    printf("sight bundles, %s: %d bundles, %d segments the same alone and together "
           "(%d with 3+ factors that round, %d at 0, %d clear)\n",
           runs[k].what, t.bundles, t.segments - t.bad, t.rounding, t.zero, t.clear);
    ENSURE(t.bad == 0);
    /* The data reaches every case: order shows, blocked, clear. */
    ENSURE(t.rounding > t.segments / 100 && t.zero > t.segments / 10 && t.clear > t.segments / 40);
    wy_occ_free(&o);
  }
}

/* A refitted tree: bundles answer what a tree built where the boxes now
 * are answers for each segment alone. */
static void test_refitted(void) {
  enum { BOXES = 1500, ROUNDS = 20, BUNDLES = 300 };
  wy_occluders moved;
  wy_occ_init(&moved, &heap);
  moved.signed_zero = true;
  scatter(&moved, BOXES, false);
  tally t = {0};
  for (int round = 0; round < ROUNDS; round++) {
    float sight;
    const float p[3] = {0, 0, 0};
    ENSURE(wy_occ_sight(&moved, signed_zeros, p, p, &sight));
    for (int j = 0; j < 1 + round % 5; j++) {
      int32_t s = (int32_t)(rng_next() % BOXES);
      wy_box *box = &moved.boxes.data[s];
      float dx = rng_range(-3, 3), dy = rng_range(-3, 3);
      float min[3] = {box->min[0] + dx, box->min[1] + dy, box->min[2]};
      float max[3] = {box->max[0] + dx, box->max[1] + dy, box->max[2]};
      wy_occ_set_bounds(&moved, s, min, max);
    }
    ENSURE(moved.refitted && !moved.dirty);
    wy_occluders fresh;
    wy_occ_init(&fresh, &heap);
    fresh.signed_zero = true;
    for (int32_t i = 0; i < BOXES; i++) {
      const wy_box *box = &moved.boxes.data[i];
      ENSURE(wy_occ_add(&fresh, i, box->min, box->max, box->material));
    }
    for (int i = 0; i < BUNDLES; i++) {
      int32_t n = 5;
      float eye[3] = {rng_range(-50, 50), rng_range(-50, 50), 1.7f};
      float cx = eye[0] + rng_range(-20, 20), cy = eye[1] + rng_range(-20, 20);
      float pts[5][3];
      for (int32_t r = 0; r < n; r++) {
        pts[r][0] = cx + rng_range(-0.25f, 0.25f);
        pts[r][1] = cy + rng_range(-0.25f, 0.25f);
        pts[r][2] = rng_range(0.1f, 1.8f);
      }
      check_bundle(&moved, &fresh, signed_zeros, eye, (const float(*)[3])pts, n, &t);
    }
    wy_occ_free(&fresh);
  }
  printf("sight bundles through refitted trees: %d segments the same as a fresh build's alone "
         "(%d with 3+ factors that round, %d at 0)\n",
         t.segments - t.bad, t.rounding, t.zero);
  ENSURE(t.bad == 0 && t.rounding > 0 && t.zero > t.segments / 10);
  wy_occ_free(&moved);
}

/* No boxes: every segment is clear; one segment alone or none. */
static void test_edges(void) {
  wy_occluders o;
  wy_occ_init(&o, &heap);
  const float eye[3] = {0, 0, 1.7f};
  const float pts[3][3] = {{5, 0, 1}, {5, 0, 0.5f}, {5, 0.1f, 1.5f}};
  float out[3] = {-1, -1, -1};
  ENSURE(wy_occ_sight_many(&o, rounding, eye, pts, 3, out, NULL) && out[0] == 1.0f && out[1] == 1.0f &&
         out[2] == 1.0f);
  const float min[3] = {2, -1, 0}, max[3] = {3, 1, 1.5f};
  ENSURE(wy_occ_add(&o, 0, min, max, 3)); /* 0.72, 1.5 m high: the two low points behind it */
  ENSURE(wy_occ_sight_many(&o, rounding, eye, pts, 3, out, NULL));
  ENSURE(out[0] == 0.72f && out[1] == 0.72f && out[2] == 1.0f);
  out[0] = -1;
  ENSURE(wy_occ_sight_many(&o, rounding, eye, pts, 1, out, NULL) && out[0] == 0.72f);
  ENSURE(wy_occ_sight_many(&o, rounding, eye, pts, 0, out, NULL) && out[0] == 0.72f);
  wy_occ_free(&o);
}

int main(void) {
  *lcg_seed() = 777u; /* (check.h: rng_next) */
  wary_world_def libc = wary_default_world_def();
  heap = wy_allocator_of(&libc);
  test_edges();
  test_bundles();
  test_refitted();
  return check_summary("test_sight_bundle");
}
