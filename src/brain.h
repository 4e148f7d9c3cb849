/* brain.h - the brain's settings per profile (seed 002): damage, pain and
 * health, emotions, threat and attention (wary_brain_def), read by
 * damage.c, pain.c and emotion.c. */
#ifndef WARY_BRAIN_H
#define WARY_BRAIN_H

#include "belief.h"
#include "world.h"

/* A profile's brain, and what the emotion pass (emotion.c) would otherwise
 * work out of it for every agent at every pass. Derived: set with the
 * brain (brain.c, derive), never saved. */
typedef struct wy_brain_profile {
  wary_brain_def def; /* distances scaled */
  /* The threat's weights, range and levels as the pass scores with them
   * (pos 0: the pass puts where the agent stands). */
  wy_threat_scale scale;
  /* 1 + the weights, in the order the pass's bound of deferred threats
   * adds them. */
  double bound_weights;
  /* The threat of a belief that is no target, at confidence 0 with no
   * damage record, is +0. */
  bool idle_zero;
} wy_brain_profile;

struct wy_brain {
  WY_ARRAY(wy_brain_profile) profiles; /* per profile */
};

extern const wy_module wy_brain_module;

static inline const wy_brain_profile *wy_brain_profile_of(const wary_world *w, int32_t profile) {
  return &w->brain->profiles.data[profile];
}

static inline const wary_brain_def *wy_brain_of(const wary_world *w, int32_t profile) {
  return &w->brain->profiles.data[profile].def;
}

#endif
