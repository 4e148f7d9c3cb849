/* pain.h - pain and health (seed 002): the world's pain types, and each
 * agent's part: health, pain levels, reports waiting for their event, and
 * the multiplier pain and health put on each sense slot this step. */
#ifndef WARY_PAIN_H
#define WARY_PAIN_H

#include "world.h"

/* A pain report waiting for the agent's next update (its event). */
typedef struct wy_pain_report {
  int32_t pain;
  float level;
} wy_pain_report;

/* What every step reads and writes first (the queue's count, the
 * multipliers of the profile's first slots; which of the types a world
 * defines are off, their levels: two cache lines for a few of each), the
 * queue after. */
typedef struct wy_pain_agent {
  float health;           /* 0..1, 1 at creation */
  int32_t queue_count;
  /* Pain and health multiplier per slot this step; 1 past the profile's
   * slots (as wy_pain_multiplier gives them). */
  float dull[WY_SLOTS];
  bool off[WARY_MAX_PAIN_TYPES];
  float level[WARY_MAX_PAIN_TYPES];
  wy_pain_report queue[WARY_PAIN_QUEUE];
} wy_pain_agent;

struct wy_pain {
  wary_pain_def types[WARY_MAX_PAIN_TYPES];
  int32_t type_count;
  WY_ARRAY(wy_pain_agent) agents; /* per agent */
};

extern const wy_module wy_pain_module;

static inline const wy_pain_agent *wy_pain_of(const wary_world *w, int32_t agent) {
  return &w->pain->agents.data[agent];
}

/* The multiplier pain and health put on an agent's slot now (1: none). */
float wy_pain_multiplier(const wary_world *w, int32_t agent, int32_t slot);
/* A place the slot sensed at confidence c, as pain and health leave it: c
 * times the multiplier, 0 when that falls below pain_suppress_below (the
 * sense is off for it, as for a target: resolve.c). */
float wy_pain_place(const wary_world *w, int32_t agent, int32_t slot, float c);
/* One step of an agent's pain: its reports' events, the multipliers, decay. */
/* Returns the multipliers the agent's beliefs take this step (its record's,
 * or all 1 when its pain is idle: actor.h, WY_IDLE_PAIN). */
const float *wy_pain_step(wary_world *w, wy_lane *lane, int32_t agent, float dt);

#endif
