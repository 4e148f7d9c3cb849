/* evidence.h - the evidence a belief holds (floors, ceilings, reductions,
 * invalidations) and their lifetimes; how they combine is resolve.c's. */
#ifndef WARY_EVIDENCE_H
#define WARY_EVIDENCE_H

#include "belief.h"

/* Ages the evidence of l's beliefs by dt; what has outlived its lifetime goes. */
void wy_evidence_tick(wary_world *w, wy_belief_list *l, float dt);

#endif
