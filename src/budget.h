/* budget.h - the per-step ray budget (the world def's ray_budget): which due
 * (agent, target) vision pairs look this step when together they would cast
 * more rays than it allows, chosen in one serial pass before any agent
 * senses. The pass asks the grid for each due agent's candidates and does
 * each pair's checks before the rays, once, and keeps both; the step takes
 * the candidates from it (wy_budget_candidates), and its vision only asks
 * whether its pair was granted and casts its rays (wy_budget_look). */
#ifndef WARY_BUDGET_H
#define WARY_BUDGET_H

#include "vision.h"
#include "world.h"

/* A pair put off: a target an agent's vision was due to look at and did not. */
typedef struct wy_budget_wait {
  wy_id target;
  uint32_t since; /* the step it was first put off */
} wy_budget_wait;

typedef WY_ARRAY(wy_budget_wait) wy_budget_waits;

/* A due vision pair of this step: one the checks before the rays decide
 * (no rays, always granted), or one whose look casts rays. */
typedef struct wy_budget_pair {
  int32_t target;   /* actor slot */
  int32_t rays;     /* the most its look casts, 0: decided */
  int32_t sight;    /* its look so far in wy_budget.sights (rays > 0) */
  int32_t priority; /* its profile's vision priority */
  uint32_t since;   /* the step it was first put off, this step if it was not */
  float need;       /* its confidence's distance to the nearest threshold */
  uint32_t agent_serial, target_serial; /* the order they were added (wy_actor.serial) */
  int8_t reason;    /* rays 0: why it sees nothing */
  bool granted;
} wy_budget_pair;

struct wy_budget {
  WY_ARRAY(wy_budget_waits) agents; /* per agent: its pairs put off, by target slot */
  WY_ARRAY(wy_budget_pair) pairs;   /* this step's, by agent, then by target slot */
  WY_ARRAY(wy_sight) sights;        /* the looks of the pairs that cast rays */
  WY_ARRAY(int32_t) first;          /* per agent, and one past: its first pair */
  WY_ARRAY(bool) due;               /* per agent: its vision is due this step */
  WY_ARRAY(int32_t) cands;          /* the due agents' grid candidates, by agent */
  WY_ARRAY(int32_t) cand_first;     /* per agent, and one past: its first candidate */
  WY_ARRAY(int32_t) heap;           /* scratch for choosing */
  /* The waits every agent holds, summed: with none (no budget, or every
   * pair granted) a removed actor has none to drop. Derived, never saved:
   * a load counts them again. */
  int64_t waiting;
  bool planned;                     /* this step's pairs are chosen */
};

extern const wy_module wy_budget_module;

/* This step's pairs, chosen once the world has moved and before any agent
 * senses; nothing when the world has no budget. It changes nothing but
 * scratch (and the stats' ray count): false on out of memory. */
bool wy_budget_plan(wary_world *w);
/* The plan's pairs put off become the agents' waits (a wait that ends counts
 * in the stats); it cannot fail (wy_budget_plan made the room). */
void wy_budget_settle(wary_world *w);

/* This step's pair of the agent and the target in that actor slot, NULL
 * when the plan did not see it (no budget, or not a due vision pair). */
static inline const wy_budget_pair *wy_budget_pair_of(const wary_world *w, int32_t agent, int32_t target_slot) {
  const struct wy_budget *b = w->budget;
  if (!b->planned) return NULL;
  int32_t lo = b->first.data[agent], hi = b->first.data[agent + 1];
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    int32_t t = b->pairs.data[mid].target;
    if (t == target_slot) return &b->pairs.data[mid];
    if (t < target_slot) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

/* The grid's candidates of the agent this step (*count of them) when the
 * plan asked for them (its vision is due), else NULL. */
static inline const int32_t *wy_budget_candidates(const wary_world *w, int32_t agent, int32_t *count) {
  const struct wy_budget *b = w->budget;
  if (!b->planned || !b->due.data[agent]) return NULL;
  *count = b->cand_first.data[agent + 1] - b->cand_first.data[agent];
  return &b->cands.data[b->cand_first.data[agent]];
}

/* Vision's answer for a granted pair: its rays cast from the plan's look,
 * or the plan's answer when no ray was needed. */
static inline float wy_budget_look(wary_world *w, const wy_budget_pair *p, const wary_vision_def *v,
                                   const wy_actor *t, int32_t *reason, uint64_t *rays,
                                   uint64_t *vision_rays, wy_sight_hint *hint) {
  if (p->rays == 0) {
    *reason = p->reason;
    return 0.0f;
  }
  return wy_vision_cast(w, v, t, &w->budget->sights.data[p->sight], reason, NULL, rays, vision_rays, hint);
}

#endif
