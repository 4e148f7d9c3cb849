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
  const wy_belief_list *next; /* the next agent's in this worker's run (wy_lane.resolve_next), or NULL */
  double *drift;            /* its emotion record's drift (emotion.h): resolve.c adds to it */
} wy_resolving;

/* A slot's share counts while it reports or is inside its loss grace. */
static inline bool wy_slot_in_grace(const wy_belief_slot *bs, const wy_slot *sl) {
  return bs->active || (bs->ever && bs->silent < sl->loss_grace);
}

/* Slot s adds the corroboration bonus to fusion whose best slot is best. */
static inline bool wy_slot_corroborates(const wy_belief_slot *bsl, const wy_profile *p, const float *dull,
                                        int32_t best, int32_t s) {
  return s != best && bsl[s].share * dull[s] > 0.0f && wy_slot_in_grace(&bsl[s], &p->slots[s]);
}

/* Fusion (seed 000): the strongest dulled, weighed share plus the bonus of
 * each other sense still holding the target, capped at 1. *best_slot (NULL:
 * not wanted): the strongest slot, -1 none. */
float wy_fuse(const wy_belief_slot *bsl, const wy_profile *p, const float *dull, int32_t *best_slot);

/* A belief's evidence resolved together (seed 000): the highest floor, the
 * lowest ceiling, the reductions added up, whether any invalidates. */
typedef struct wy_evidence_sum {
  float floor;           /* -1: none */
  float ceiling;         /* 2: none */
  float lower;
  bool invalidate;
  int32_t floor_entry;   /* the entry that sets the floor, -1 */
  int32_t ceiling_entry; /* the entry that sets the ceiling, -1 */
} wy_evidence_sum;

wy_evidence_sum wy_evidence_sum_of(const wary_world *w, const wy_belief *b);

/* One step of each of l's beliefs: a quiet one only moves its clocks
 * (resolve.c says when a belief is quiet). True when one of them may now
 * hold nothing (wy_beliefs_prune then drops it). */
bool wy_resolve_beliefs(wary_world *w, const wy_resolving *r, wy_belief_list *l, float dt);

#endif
