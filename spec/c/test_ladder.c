/* test_ladder.c - the rung a confidence puts a belief on (seed 000: Suspected,
 * Detected, Tracked by threshold) and the level a threat score reaches (seed
 * 002: low, medium, high, critical), as belief.h works them out without
 * branches: counted and picked by arithmetic. Each must give what the
 * definition gives, written here as a chain of tests from the top rung down,
 * for every threshold set and score tried: the defaults, thresholds equal to
 * each other, at 0 and at 1, threat levels out of order (the brain's need
 * not be in order; a profile's are), scores on and next to every threshold,
 * and -0, the infinities and NaN. */
#include <math.h>
#include <string.h>

#include "belief.h"
#include "check.h"

/* Seed 000's ladder, top down. */
static int32_t rung_by_definition(const wary_profile_def *d, float conf) {
  if (conf >= d->track_threshold) return WARY_TRACKED;
  if (conf >= d->detect_threshold) return WARY_DETECTED;
  if (conf >= d->suspect_threshold) return WARY_SUSPECTED;
  return WARY_UNDETECTED;
}

/* Seed 002's levels, top down: the first reached, for a score above 0. */
static int32_t level_by_definition(const wy_threat_scale *s, float score) {
  if (!(score > 0.0f)) return WARY_THREAT_NONE;
  if (score >= s->critical) return WARY_THREAT_CRITICAL;
  if (score >= s->high) return WARY_THREAT_HIGH;
  if (score >= s->medium) return WARY_THREAT_MEDIUM;
  if (score >= s->low) return WARY_THREAT_LOW;
  return WARY_THREAT_NONE;
}

/* The scores tried against thresholds t[0..n): a grid over [-0.1, 1.1],
 * every threshold and the floats either side of it, and the special ones. */
static int32_t scores(const float *t, int n, float *out) {
  int32_t k = 0;
  for (int i = -100; i <= 1100; i++) out[k++] = (float)i / 1000.0f;
  for (int i = 0; i < n; i++) {
    out[k++] = t[i];
    out[k++] = nextafterf(t[i], -INFINITY);
    out[k++] = nextafterf(t[i], INFINITY);
  }
  out[k++] = 0.0f;
  out[k++] = -0.0f;
  out[k++] = INFINITY;
  out[k++] = -INFINITY;
  out[k++] = NAN;
  out[k++] = 0x1p-149f;
  return k;
}

static void test_rungs(void) {
  static const float sets[][3] = {
    {0.15f, 0.35f, 0.60f}, {0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f}, {0.3f, 0.3f, 0.6f},
    {0.3f, 0.6f, 0.6f},    {0.0f, 0.5f, 1.0f}, {0.2f, 0.2f, 0.2f},
  };
  float s[1300];
  int32_t wrong = 0, tried = 0;
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
    wary_profile_def d = wary_default_profile_def();
    d.suspect_threshold = sets[i][0];
    d.detect_threshold = sets[i][1];
    d.track_threshold = sets[i][2];
    int32_t n = scores(sets[i], 3, s);
    for (int32_t k = 0; k < n; k++, tried++) wrong += wy_rung_of(&d, s[k]) != rung_by_definition(&d, s[k]);
  }
  ENSURE(tried > 8000);
  ENSURE(wrong == 0);
  /* Seed 000's defaults, by name. */
  wary_profile_def d = wary_default_profile_def();
  ENSURE(wy_rung_of(&d, 0.149f) == WARY_UNDETECTED);
  ENSURE(wy_rung_of(&d, 0.15f) == WARY_SUSPECTED);
  ENSURE(wy_rung_of(&d, 0.35f) == WARY_DETECTED);
  ENSURE(wy_rung_of(&d, 0.60f) == WARY_TRACKED);
  ENSURE(wy_rung_of(&d, NAN) == WARY_UNDETECTED);
}

static void test_levels(void) {
  static const float sets[][4] = {
    {0.2f, 0.4f, 0.6f, 0.85f}, {0.9f, 0.1f, 0.6f, 0.3f}, {0.0f, 0.0f, 0.0f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f},
    {0.5f, 0.5f, 0.5f, 0.5f},  {0.8f, 0.6f, 0.4f, 0.2f}, {0.2f, 0.85f, 0.4f, 0.6f},
  };
  float s[1300];
  int32_t wrong = 0, tried = 0;
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
    wy_threat_scale sc;
    memset(&sc, 0, sizeof sc);
    sc.low = sets[i][0];
    sc.medium = sets[i][1];
    sc.high = sets[i][2];
    sc.critical = sets[i][3];
    int32_t n = scores(sets[i], 4, s);
    for (int32_t k = 0; k < n; k++, tried++) wrong += wy_threat_level_of(&sc, s[k]) != level_by_definition(&sc, s[k]);
  }
  ENSURE(tried > 8000);
  ENSURE(wrong == 0);
  /* Seed 002's defaults: 0.8 is high (brain_spec's worked example), and a
   * level out of order is passed over by a higher one reached. */
  wary_brain_def b = wary_default_brain_def();
  wy_threat_scale sc;
  memset(&sc, 0, sizeof sc);
  sc.low = b.threat_low;
  sc.medium = b.threat_medium;
  sc.high = b.threat_high;
  sc.critical = b.threat_critical;
  ENSURE(wy_threat_level_of(&sc, 0.8f) == WARY_THREAT_HIGH);
  ENSURE(wy_threat_level_of(&sc, 0.85f) == WARY_THREAT_CRITICAL);
  ENSURE(wy_threat_level_of(&sc, 0.0f) == WARY_THREAT_NONE);
  sc.low = 0.9f;
  sc.medium = 0.1f;
  ENSURE(wy_threat_level_of(&sc, 0.5f) == WARY_THREAT_MEDIUM);
  ENSURE(wy_threat_level_of(&sc, 0.7f) == WARY_THREAT_HIGH);
  ENSURE(wy_threat_level_of(&sc, 0.95f) == WARY_THREAT_CRITICAL);
}

int main(void) {
  test_rungs();
  test_levels();
  return check_summary("test_ladder");
}
