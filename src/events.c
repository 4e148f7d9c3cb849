/* events.c - the events of a step: a queue of records that each start
 * neutral, grown as a step needs up to the world's event_capacity (in steady
 * state it has grown already: no allocation), and reading them after the step. */
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
  /* Past the capacity, or out of memory to grow: dropped, and counted. */
  int32_t n = w->events.count;
  int32_t room = w->events.cap < w->def.event_capacity / 2 ? 2 * w->events.cap : w->def.event_capacity;
  if (n >= w->def.event_capacity || (n == w->events.cap && !wy_array_reserve(&w->alloc, &w->events, room))) {
    w->events_dropped++;
    return NULL;
  }
  wary_event *e = &w->events.data[w->events.count++];
  *e = neutral;
  e->type = type;
  e->agent.id = agent;
  return e;
}

int32_t wary_event_count(const wary_world *w) { return w->events.count; }
const wary_event *wary_events(const wary_world *w) { return w->events.data; }
uint32_t wary_events_dropped(const wary_world *w) { return w->events_dropped; }
