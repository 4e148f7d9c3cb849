/* events.c - the events of a step: a queue of records that each start
 * neutral, grown as a step needs up to the world's event_capacity (in steady
 * state it has grown already: no allocation), and reading them after the step. */
#include "events.h"

#include <string.h>

#include "world.h"

/* Every event starts from this: each type then writes its meaningful fields
 * (wary.h, at wary_event, says which). */
static const wary_event neutral = {
  .target = {0}, .from_state = -1, .to_state = -1, .loss_reason = WARY_LOSS_NONE,
  .confidence = 0.0f, .sense = -1, .index = -1, .pos = {0.0f, 0.0f, 0.0f},
  .sound = -1, .tag = 0, .loudness = 0.0f, .walls = 0, .instigator = {0},
};

/* A record at the end of queue, NULL (and counted in *dropped) past cap
 * or when out of memory to grow. */
static wary_event *queue_push(wary_world *w, wy_event_queue *queue, int32_t cap, uint32_t *dropped) {
  int32_t n = queue->count;
  int32_t room = queue->cap < cap / 2 ? 2 * queue->cap : cap;
  if (room <= n) room = cap < 1024 ? cap : 1024; /* a lane's first */
  if (n >= cap || (n == queue->cap && !wy_array_reserve(&w->alloc, queue, room))) {
    (*dropped)++;
    return NULL;
  }
  return &queue->data[queue->count++];
}

static wary_event *neutral_event(wary_event *e, int32_t type, wy_id agent) {
  if (!e) return NULL;
  *e = neutral;
  e->type = type;
  e->agent.id = agent;
  return e;
}

wary_event *wy_event_push(wary_world *w, int32_t type, wy_id agent) {
  return neutral_event(queue_push(w, &w->events, w->def.event_capacity, &w->events_dropped), type, agent);
}

/* Which events the world keeps is decided at the merge, in agent order
 * (the first event_capacity), so that it does not depend on the order a
 * host's scheduler ran the pieces in. A lane whose agents came in order
 * (wy_lane.in_order) holds only events that the merge puts before this
 * one: past event_capacity of them, the merge would drop it too, so the
 * lane does. Out of order, it keeps every event (up to what an int32
 * counts): one of an agent it has not reached may yet be kept. */
#define WY_LANE_EVENTS_MAX (INT32_MAX / 2)

/* A lane's event when its queue is full: grown, or dropped (queue_push).
 * Out of line, so that the common case below saves no registers. */
static WY_NOINLINE wary_event *lane_event_grown(wary_world *w, wy_lane *lane, int32_t cap, int32_t type,
                                                              wy_id agent) {
  return neutral_event(queue_push(w, &lane->events, cap, &lane->events_dropped), type, agent);
}

wary_event *wy_lane_event(wary_world *w, wy_lane *lane, int32_t type, wy_id agent) {
  int32_t cap = lane->in_order ? w->def.event_capacity : WY_LANE_EVENTS_MAX;
  /* Below both caps (nearly every event: the lane's queue keeps its room
   * from step to step), queue_push would take the next record as is. */
  int32_t n = lane->events.count;
  if (WY_RARELY(n >= cap || n >= lane->events.cap)) return lane_event_grown(w, lane, cap, type, agent);
  lane->events.count = n + 1;
  return neutral_event(&lane->events.data[n], type, agent);
}

void wy_events_take(wary_world *w, const wy_lane *lane, int32_t first, int32_t count) {
  /* What the queue holds room for already goes in one copy, past
   * event_capacity dropped, as queue_push would one at a time; growing it
   * is left to queue_push (one at a time, as ever). */
  wy_event_queue *q = &w->events;
  int32_t left = w->def.event_capacity - q->count;
  int32_t keep = count < left ? count : (left > 0 ? left : 0);
  if (q->count + keep <= q->cap) {
    if (keep > 0) memcpy(q->data + q->count, lane->events.data + first, (size_t)keep * sizeof *q->data);
    q->count += keep;
    w->events_dropped += (uint32_t)(count - keep);
    return;
  }
  for (int32_t i = first; i < first + count; i++) {
    wary_event *e = queue_push(w, &w->events, w->def.event_capacity, &w->events_dropped);
    if (e) *e = lane->events.data[i];
  }
}

int32_t wary_event_count(const wary_world *w) { return w->events.count; }
const wary_event *wary_events(const wary_world *w) { return w->events.data; }

int32_t wary_event_next(const wary_world *w, uint32_t type_mask, int32_t from) {
  int32_t n = w->events.count;
  const wary_event *e = w->events.data;
  for (int32_t i = from > 0 ? from : 0; i < n; i++) {
    uint32_t t = (uint32_t)e[i].type;
    if (t < 32u && (type_mask >> t & 1u)) {
      return i;
    }
  }
  return n;
}
uint32_t wary_events_dropped(const wary_world *w) { return w->events_dropped; }
