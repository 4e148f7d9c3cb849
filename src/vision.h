/* vision.h - the built-in vision sense: its settings per profile (defaults,
 * checks, wary_profile_set_vision) and its evaluation of one target. */
#ifndef WARY_VISION_H
#define WARY_VISION_H

#include "world.h"

/* A profile's vision: its def, distances scaled, and what a look at a
 * target works out from the def alone, once (vision.c, derive). */
typedef struct wy_vision_profile {
  wary_vision_def def;    /* first: wy_vision_of's pointer is this one's */
  /* The cosine surely_out (vision.c) compares with, or NAN when it never
   * tells (a rear cone, a widest half angle of 179 degrees or more). */
  float outside_cos;
  /* Per stance, the height of the head (the first sample point) over the
   * position of a target with no points of its own when it sits straight
   * above it, else NAN (surely_out). */
  float head_up[3];
} wy_vision_profile;

struct wy_vision {
  WY_ARRAY(wy_vision_profile) profiles; /* per profile */
};

extern const wy_module wy_vision_module;

/* The profile's vision def. The functions below that take one take it from
 * here: they find what was worked out from it beside it. */
static inline const wary_vision_def *wy_vision_of(const wary_world *w, int32_t profile) {
  return &w->vision->profiles.data[profile].def;
}

/* How far from an agent's feet a target can be for vision to see it: the
 * slot's range from the eyes to the head, with some slack for both heights
 * (the exact range check comes before any ray). */
static inline float wy_vision_reach(const wary_world *w, const wy_actor *a, float range) {
  return range + (a->eye_height + 2.0f * w->def.units_per_meter);
}

/* How far from an agent's feet the step looks for slot s's candidates. */
static inline float wy_slot_reach(const wary_world *w, const wy_actor *a, const wy_profile *p, int32_t s) {
  return s == p->builtin_slot[WARY_SENSE_VISION] ? wy_vision_reach(w, a, p->slots[s].range) : p->slots[s].range;
}

/* Vision's confidence in t for agent a (0 when it sees nothing, with *reason
 * set); fills ex when given. wy_vision_plan then wy_vision_cast. *rays
 * counts every ray cast, *vision_rays the sample rays among them (the
 * world's stats, or a lane's while agents are sensed at once). */
float wy_vision_eval(wary_world *w, const wy_actor *a, const wary_vision_def *v, const wy_actor *t,
                     int32_t *reason, wary_vision_explain *ex, uint64_t *rays, uint64_t *vision_rays);
/* ex's sample_blocker, for the look wy_vision_eval filled it with from
 * agent a's eyes: for each sample its rays left at no sight, the box whose
 * material stops sight nearest the eye (wary_vision_explain_get; none for
 * a look that cast no ray). Its rays are not counted. */
void wy_vision_blockers(wary_world *w, const wy_actor *a, wary_vision_explain *ex);
/* The same from eyes at eye looking along forward (the looker's, as
 * wy_actor_eye gives them), for a caller that looks at many targets with
 * the same eyes. */
float wy_vision_eval_from(wary_world *w, const float eye[3], const float forward[3], const wary_vision_def *v,
                          const wy_actor *t, int32_t *reason, wary_vision_explain *ex, uint64_t *rays,
                          uint64_t *vision_rays, wy_sight_hint *hint);

/* What a look has worked out when only its rays are left. */
typedef struct wy_sight {
  float pts[WARY_MAX_SAMPLES][3];
  float wt[WARY_MAX_SAMPLES];
  float eye[3];
  int32_t n;         /* sample points: the most rays the look casts */
  float before_rays; /* every factor but exposure */
} wy_sight;

/* Everything before the rays, cheapest first (range, cone, then the factors
 * that need no ray) of a look at t from eye, looking along forward (the
 * looker's eyes, as wy_actor_eye gives them): false when that decides, no
 * detection with *reason set; else *s holds what the rays need. Fills ex
 * when given. */
bool wy_vision_plan(wary_world *w, const float eye[3], const float forward[3],
                    const wary_vision_def *v, const wy_actor *t, int32_t *reason, wary_vision_explain *ex,
                    wy_sight *s, uint64_t *rays);
/* The rays of a planned look and its confidence (0 with *reason when they
 * leave too little in sight); fills ex when given (as planned with it).
 * hint (may be NULL): the looker's two slots for t (wy_sight_hint), read
 * and kept (never with ex). */
float wy_vision_cast(wary_world *w, const wary_vision_def *v, const wy_actor *t, const wy_sight *s,
                     int32_t *reason, wary_vision_explain *ex, uint64_t *rays, uint64_t *vision_rays,
                     wy_sight_hint *hint);

#endif
