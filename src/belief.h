/* belief.h - beliefs about actors, per agent: the record, finding, making and
 * dropping them. How one changes each step is resolve.c; evidence is
 * evidence.c. */
#ifndef WARY_BELIEF_H
#define WARY_BELIEF_H

#include "world.h"

/* What an agent believes of one actor. It is the only record per (agent,
 * target), so the layers above keep their per-target data here too (the
 * first-sight hold-back, the damage record and threat): it then goes with
 * the belief when the target is removed or the belief is dropped. */
typedef struct wy_belief {
  wy_id target;
  float confidence;
  float smoothed;
  float fused;
  float time_in_state;
  float last_known[3];
  float uncertainty;
  float pending_set;      /* set_confidence to apply at the next resolve, -1 none */
  int32_t state;
  int32_t loss_reason;
  int32_t losing_slot;    /* slot that reported last, -1 none */
  bool sensed;
  /* The first sighting (wy_belief_first_sight, applied by the step to
   * vision's reports): vision has seen it for first_spot_reaction_time. */
  bool spotted;
  float spot_time;        /* seconds of unbroken first sight so far */
  /* Per slot, written by the step from the senses' reports, read by resolve.c. */
  bool due[WY_SLOTS];     /* slot evaluated this step */
  int32_t reason[WY_SLOTS]; /* why the slot's last evaluation saw nothing (built-in senses) */
  bool reported[WY_SLOTS];/* slot got an active result this step */
  bool active[WY_SLOTS];
  bool ever[WY_SLOTS];    /* slot has reported at least once */
  float shares[WY_SLOTS];
  float silent[WY_SLOTS]; /* seconds since the slot last reported */
  float accuracy[WY_SLOTS];
  float location[WY_SLOTS][3];
  int32_t evidence_count;
  wary_evidence evidence[WARY_MAX_EVIDENCE];
  /* The brain's record of it: damage.c adds to damage (which keeps the
   * belief from being dropped while it lasts), emotion.c fades it and
   * scores the threat. */
  float damage;           /* damage recorded from the target, fading */
  float threat;           /* threat score, 0..1 */
  int32_t threat_level;   /* wary_threat_level */
} wy_belief;

typedef WY_ARRAY(wy_belief) wy_belief_list;

struct wy_beliefs {
  WY_ARRAY(wy_belief_list) agents; /* per agent */
};

extern const wy_module wy_belief_module;

static inline wy_belief_list *wy_beliefs_of(const wary_world *w, int32_t agent) {
  return &w->beliefs->agents.data[agent];
}

wy_belief *wy_belief_find(const wy_belief_list *l, wy_id target, int32_t *index);
/* A new belief about target t at the end of l: its index, or -1 on out of memory. */
int32_t wy_belief_create(wary_world *w, wy_belief_list *l, wy_id target, const wy_actor *t);
/* The belief of agent about target (made if create), or NULL with *status:
 * the agent's or target's id status, NOT_FOUND, OUT_OF_MEMORY. */
wy_belief *wy_belief_of(wary_world *w, wy_id agent, wy_id target, bool create, int *status);
/* Drops the beliefs that hold nothing (empty after memory_time when Expired). */
void wy_beliefs_prune(wy_belief_list *l, float memory_time);

/* Vision's confidence c as the belief takes it: held back (0) until the
 * target has been in sight without a break for reaction_time seconds. */
static inline float wy_belief_first_sight(wy_belief *b, float c, float dt, float reaction_time) {
  if (b->spotted) return c;
  b->spot_time = c > 0.0f ? b->spot_time + dt : 0.0f;
  if (c > 0.0f && b->spot_time >= reaction_time) b->spotted = true;
  return b->spotted ? c : 0.0f;
}

#endif
