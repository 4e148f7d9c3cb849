/* small_senses.h - smell, touch and echolocation, evaluated one candidate at
 * a time, and the settings they share with vibration (wary_basic_sense_def,
 * per profile); each agent's touches reported since its last update. */
#ifndef WARY_SMALL_SENSES_H
#define WARY_SMALL_SENSES_H

#include "world.h"

typedef struct wy_small_settings {
  wary_basic_sense_def sense[WARY_BUILTIN_SENSES]; /* vibration .. echolocation, scaled */
} wy_small_settings;

typedef struct wy_touches {
  wy_id toucher[4];     /* reported since the agent's last update */
  int32_t count;
} wy_touches;

struct wy_small {
  WY_ARRAY(wy_small_settings) profiles;
  WY_ARRAY(wy_touches) agents;
};

extern const wy_module wy_small_module;

static inline const wary_basic_sense_def *wy_small_of(const wary_world *w, int32_t profile,
                                                      int32_t sense) {
  return &w->small->profiles.data[profile].sense[sense];
}

/* The factors whose product is what a small sense made of a target
 * (wary_explain); each is 1 where the sense has no such factor. */
typedef struct wy_small_factors {
  float scent;        /* smell: the target's scent */
  float sensitivity;
  float distance;     /* smell, echolocation: 1 - (d / range)^2 */
  float clear;        /* echolocation: 1 with no wall in the way, else 0 */
} wy_small_factors;

/* What a's smell, touch or echolocation (sense) makes of t at distance: the
 * confidence, 0 (or less) when nothing, with *reason saying why; *rays
 * counts the rays cast; f (NULL: not wanted) gets its factors. */
float wy_small_sense(wary_world *w, const wy_actor *a, int32_t sense, const wy_actor *t,
                     float distance, int32_t *reason, uint64_t *rays, wy_small_factors *f);
/* The agent's reported touches -> reports (report.h) into into; false on out of memory. */
bool wy_touches_report(wary_world *w, struct wy_reports *into, int32_t agent);
/* The touches reported (wy_touches_report) are spent. */
void wy_touches_clear(wary_world *w, int32_t agent);

#endif
