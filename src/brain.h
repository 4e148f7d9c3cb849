/* brain.h - the brain's settings per profile (seed 002): damage, pain and
 * health, emotions, threat and attention (wary_brain_def), read by
 * damage.c, pain.c and emotion.c. */
#ifndef WARY_BRAIN_H
#define WARY_BRAIN_H

#include "world.h"

struct wy_brain {
  WY_ARRAY(wary_brain_def) profiles; /* per profile, distances scaled */
};

extern const wy_module wy_brain_module;

static inline const wary_brain_def *wy_brain_of(const wary_world *w, int32_t profile) {
  return &w->brain->profiles.data[profile];
}

#endif
