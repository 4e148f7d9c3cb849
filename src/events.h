/* events.h - the world's bounded queue of a step's events. */
#ifndef WARY_EVENTS_H
#define WARY_EVENTS_H

#include "id_pool.h"
#include "wary.h"

/* A neutral event of type about agent (wary.h, at wary_event, lists the
 * neutral values), for the caller to fill with the fields its type means;
 * NULL when the queue is full (counted in wary_events_dropped). */
wary_event *wy_event_push(wary_world *w, int32_t type, wy_id agent);

#endif
