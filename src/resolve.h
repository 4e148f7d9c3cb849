/* resolve.h - how one belief changes in one step (resolve.c). */
#ifndef WARY_RESOLVE_H
#define WARY_RESOLVE_H

#include "belief.h"

/* An agent as its beliefs resolve, taken once per agent by the step. What
 * pain and health do to its senses comes from the brain (pain.c), the layer
 * above, so the step passes it in. */
typedef struct wy_resolving {
  wy_id agent;            /* its id, for the events */
  const wy_agent *slots;    /* its sense slots' mutes */
  const wy_profile *profile;
  const float *dull;        /* per slot: the multiplier on the slot's share (1: untouched) */
  float suppress_below;     /* a dulled share below this turns the slot off for the target */
} wy_resolving;

/* One step of belief i of l. */
void wy_resolve_belief(wary_world *w, const wy_resolving *r, wy_belief_list *l, int32_t i, float dt);

#endif
