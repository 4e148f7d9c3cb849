/* resolve.h - how an agent's beliefs change in one step (resolve.c). */
#ifndef WARY_RESOLVE_H
#define WARY_RESOLVE_H

#include "belief.h"

/* An agent as its beliefs resolve, taken once per agent by the step. What
 * pain and health do to its senses comes from the brain (pain.c), the layer
 * above, so the step passes it in. */
typedef struct wy_resolving {
  wy_id agent;            /* its id, for the events */
  int32_t index;          /* its index */
  const wy_agent *slots;    /* its sense slots' mutes and which ran this step */
  const wy_profile *profile;
  const float *dull;        /* per slot: the multiplier on the slot's share (1: untouched) */
  float suppress_below;     /* a dulled share below this turns the slot off for the target */
  wy_lane *lane;            /* the worker's, which takes the events */
} wy_resolving;

/* One step of each of l's beliefs: a quiet one only moves its clocks
 * (resolve.c says when a belief is quiet). True when one of them may now
 * hold nothing (wy_beliefs_prune then drops it). */
bool wy_resolve_beliefs(wary_world *w, const wy_resolving *r, wy_belief_list *l, float dt);

#endif
