/* custom.h - the custom senses' batch of a step: one query per (agent,
 * target, slot) that is due, a result slot for each, handed to the backend
 * (or to C evaluate callbacks) between wary_step_begin and wary_step_end. */
#ifndef WARY_CUSTOM_H
#define WARY_CUSTOM_H

#include <string.h>

#include "world.h"

typedef struct wy_query_link {
  int32_t agent;   /* agent index */
  int32_t belief;  /* belief index in that agent, -1 until one exists */
  bool failed;
} wy_query_link;

/* Three arrays of one count (queries.count), pushed together. */
struct wy_custom {
  WY_ARRAY(wary_sense_query) queries;
  WY_ARRAY(wary_sense_result) results;
  WY_ARRAY(wy_query_link) links;
};

extern const wy_module wy_custom_module;

/* A custom sense's confidence or accuracy as the step takes it (and
 * explain shows it): clamped to 0..1, and 0 for a NaN or an infinity. */
static inline float wy_result_value(float v) { return wy_finite(v) ? wy_clamp01(v) : 0.0f; }

/* Queues into c (a lane's batch) the query of agent's slot (its sense)
 * about the actor in target_slot; belief: the index of the agent's belief
 * about it, -1 none (the step knows it: beliefs are above the senses); eye
 * and forward: the agent's eyes (wy_actor_eye, worked out once for all its
 * queries). False on out of memory. Inline: the step calls it for every
 * (agent, target, slot) due. */
static inline bool wy_custom_push(wary_world *w, struct wy_custom *c, int32_t agent, int32_t slot, int32_t sense,
                                  int32_t target_slot, float distance, int32_t belief, const float eye[3],
                                  const float forward[3]) {
  int32_t n = c->queries.count;
  if (!wy_array_reserve(&w->alloc, &c->queries, n + 1) || !wy_array_reserve(&w->alloc, &c->results, n + 1) ||
      !wy_array_reserve(&w->alloc, &c->links, n + 1))
    return false;
  const wy_agent *ag = &w->agents.data[agent];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_actor *t = &w->actors.data[target_slot];
  wary_sense_query *q = &c->queries.data[n];
  q->agent.id = wy_actor_id(w, ag->actor);
  q->target.id = wy_actor_id(w, target_slot);
  q->sense = sense;
  q->slot = slot;
  q->profile = a->profile;
  q->lod_tier = a->lod_tier;
  q->off_screen = a->off_screen;
  q->dt = ag->slot[slot].since;
  q->distance = distance;
  memcpy(q->agent_pos, a->pos, sizeof q->agent_pos);
  q->agent_yaw = a->yaw;
  memcpy(q->eye_pos, eye, sizeof q->eye_pos);
  memcpy(q->eye_forward, forward, sizeof q->eye_forward);
  q->light = a->light;
  q->weather = w->def.weather;
  memcpy(q->target_pos, t->pos, sizeof q->target_pos);
  memcpy(q->target_vel, t->vel, sizeof q->target_vel);
  memset(&c->results.data[n], 0, sizeof c->results.data[n]);
  c->links.data[n].agent = agent;
  c->links.data[n].failed = false;
  c->links.data[n].belief = belief;
  c->queries.count++;
  return true;
}

/* Room for count queries in the world's batch; false on out of memory. */
bool wy_custom_reserve(wary_world *w, int32_t count);
/* Appends queries [first, first + count) of a lane's batch to the world's;
 * false on out of memory (never with the room reserved). */
bool wy_custom_append(wary_world *w, const struct wy_custom *from, int32_t first, int32_t count);

/* Runs the C evaluate callbacks of the queries whose sense has one. */
void wy_custom_evaluate(wary_world *w);

#endif
