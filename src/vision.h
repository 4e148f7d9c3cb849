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

/* How far from an agent's feet a target can be for vision to see it: the
 * slot's range from the eyes to the head, with some slack for both heights
 * (the exact range check comes before any ray). */
static inline float wy_vision_reach(const wary_world *w, const wy_actor *a, float range) {
  return range + (a->eye_height + 2.0f * w->def.units_per_meter);
}

/* The rays wy_vision_eval would cast at most for the pair: its sample count,
 * or 0 when the checks before the rays already decide (range, cone, dark). */
int32_t wy_vision_rays(wary_world *w, const wy_actor *a, const wary_vision_def *v, const wy_actor *t);

/* Vision's confidence in t for agent a (0 when it sees nothing, with *reason
 * set); fills ex when given. */
float wy_vision_eval(wary_world *w, const wy_actor *a, const wary_vision_def *v, const wy_actor *t,
                     int32_t *reason, wary_vision_explain *ex);

#endif
