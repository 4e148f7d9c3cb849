/* budget.h - the per-step ray budget (the world def's ray_budget): which due
 * (agent, target) vision pairs look this step when together they would cast
 * more rays than it allows, chosen in one serial pass before any agent
 * senses; vision then only asks whether its pair was granted. */
#ifndef WARY_BUDGET_H
#define WARY_BUDGET_H

#include "world.h"

/* A pair put off: a target an agent's vision was due to look at and did not. */
typedef struct wy_budget_wait {
  wy_id target;
  uint32_t since; /* the step it was first put off */
} wy_budget_wait;

typedef WY_ARRAY(wy_budget_wait) wy_budget_waits;

/* A due pair whose look would cast rays this step. */
typedef struct wy_budget_pair {
  int32_t target;   /* actor slot */
  int32_t rays;     /* the most its look casts */
  int32_t priority; /* its profile's vision priority */
  uint32_t since;   /* the step it was first put off, this step if it was not */
  float need;       /* its confidence's distance to the nearest threshold */
  bool granted;
} wy_budget_pair;

struct wy_budget {
  WY_ARRAY(wy_budget_waits) agents; /* per agent: its pairs put off, by target slot */
  WY_ARRAY(wy_budget_pair) pairs;   /* this step's, by agent, then by target slot */
  WY_ARRAY(int32_t) first;          /* per agent, and one past: its first pair */
  WY_ARRAY(bool) due;               /* per agent: its vision is due this step */
  WY_ARRAY(int32_t) heap;           /* scratch for choosing */
  bool planned;                     /* this step's pairs are chosen */
};

extern const wy_module wy_budget_module;

/* This step's pairs, chosen once the world has moved and before any agent
 * senses; nothing when the world has no budget. False: out of memory, and
 * nothing was put off. */
bool wy_budget_plan(wary_world *w);

/* Whether the agent's vision looks at the target in that actor slot this
 * step (a pair the plan did not see is not held back). */
static inline bool wy_budget_granted(const wary_world *w, int32_t agent, int32_t target_slot) {
  const struct wy_budget *b = w->budget;
  if (!b->planned) return true;
  int32_t lo = b->first.data[agent], hi = b->first.data[agent + 1];
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    int32_t t = b->pairs.data[mid].target;
    if (t == target_slot) return b->pairs.data[mid].granted;
    if (t < target_slot) lo = mid + 1;
    else hi = mid;
  }
  return true;
}

#endif
