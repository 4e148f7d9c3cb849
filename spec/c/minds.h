/* minds.h - what test_rest.c and test_deferred.c compare between a world
 * that skips work and one that does every part of every step: a step's
 * events, every agent's brain and the threat of every belief it holds.
 * Needs the core's belief.h (wy_belief_threat, the record's threat as a
 * read makes it). */
#ifndef WARY_SPEC_MINDS_H
#define WARY_SPEC_MINDS_H

#include <string.h>

#include "belief.h"
#include "wary.h"

/* Whether worlds a and b, whose agents are agents_a and agents_b (n, in the
 * same order), agree to the bit. */
static inline bool same_minds(const wary_world *a, const wary_world *b, const wary_actor_id *agents_a,
                              const wary_actor_id *agents_b, int n) {
  int32_t count = wary_event_count(a);
  if (count != wary_event_count(b) || memcmp(wary_events(a), wary_events(b), (size_t)count * sizeof(wary_event)))
    return false;
  for (int i = 0; i < n; i++) {
    wary_brain_state x, y;
    wary_brain_get(a, agents_a[i], &x);
    wary_brain_get(b, agents_b[i], &y);
    if (memcmp(&x, &y, sizeof x)) return false;
    const wy_belief_list *lx = wy_beliefs_of(a, i), *ly = wy_beliefs_of(b, i);
    if (lx->count != ly->count) return false;
    for (int32_t k = 0; k < lx->count; k++) {
      int8_t vx, vy;
      float tx = wy_belief_threat(a, i, k, &vx), ty = wy_belief_threat(b, i, k, &vy);
      if (memcmp(&tx, &ty, sizeof tx) || vx != vy) return false;
    }
  }
  return true;
}

#endif
