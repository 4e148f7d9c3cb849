/* events.c - the events of a step: a bounded queue of records that each start
 * neutral, and reading them after the step. */
#include "events.h"

#include "world.h"

/* Every event starts from this: each type then writes its meaningful fields
 * (wary.h, at wary_event, says which). */
static const wary_event neutral = {
  .target = {0}, .from_state = -1, .to_state = -1, .loss_reason = WARY_LOSS_NONE,
  .confidence = 0.0f, .sense = -1, .index = -1, .pos = {0.0f, 0.0f, 0.0f},
  .sound = -1, .tag = 0, .loudness = 0.0f, .walls = 0, .instigator = {0},
};

wary_event *wy_event_push(wary_world *w, int32_t type, wy_id agent) {
  if (w->event_count >= w->def.event_capacity) {
    w->events_dropped++;
    return NULL;
  }
  wary_event *e = &w->events[w->event_count++];
  *e = neutral;
  e->type = type;
  e->agent.id = agent;
  return e;
}

int32_t wary_event_count(const wary_world *w) { return w->event_count; }
const wary_event *wary_events(const wary_world *w) { return w->events; }
uint32_t wary_events_dropped(const wary_world *w) { return w->events_dropped; }
