/* vision.h - the built-in vision sense: its settings per profile (defaults,
 * checks, wary_profile_set_vision) and its evaluation of one target. */
#ifndef WARY_VISION_H
#define WARY_VISION_H

#include "world.h"

struct wy_vision {
  WY_ARRAY(wary_vision_def) profiles; /* per profile, distances scaled */
};

extern const wy_module wy_vision_module;

static inline const wary_vision_def *wy_vision_of(const wary_world *w, int32_t profile) {
  return &w->vision->profiles.data[profile];
}

/* Vision's confidence in t for agent a (0 when it sees nothing, with *reason
 * set); fills ex when given. *rays counts the rays cast (the world's stats,
 * or a lane's while agents are sensed at once). */
float wy_vision_eval(wary_world *w, const wy_actor *a, const wary_vision_def *v, const wy_actor *t,
                     int32_t *reason, wary_vision_explain *ex, uint64_t *rays);

#endif
