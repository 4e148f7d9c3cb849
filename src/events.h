/* events.h - the world's bounded queue of a step's events. */
#ifndef WARY_EVENTS_H
#define WARY_EVENTS_H

#include "id_pool.h"
#include "wary.h"
#include "world.h"

/* A neutral event of type about agent (wary.h, at wary_event, lists the
 * neutral values), for the caller to fill with the fields its type means;
 * NULL when the queue is full (counted in wary_events_dropped). */
wary_event *wy_event_push(wary_world *w, int32_t type, wy_id agent);
/* The same into a lane's queue, while pieces of the step run at once: it
 * also holds up to event_capacity (the rest are counted in the lane), and
 * the step moves it into the world's, in agent order, with wy_events_take. */
wary_event *wy_lane_event(wary_world *w, wy_lane *lane, int32_t type, wy_id agent);
/* Appends events [first, first + count) of a lane to the world's queue, as
 * wy_event_push would have queued them. */
void wy_events_take(wary_world *w, const wy_lane *lane, int32_t first, int32_t count);

#endif
