/* custom.c - the custom senses' batch of a step (custom.h): the queries, the
 * results the backend writes, and failures, which count towards muting the
 * slot for that agent. */
#include "custom.h"

#include <string.h>

#include "events.h"

static bool create(wary_world *w) {
  w->custom = wy_alloc_zero(&w->alloc, sizeof *w->custom);
  bool ok = w->custom != NULL;
  for (int32_t i = 0; ok && i < w->lanes.count; i++) {
    w->lanes.data[i].custom = wy_alloc_zero(&w->alloc, sizeof *w->custom);
    ok = w->lanes.data[i].custom != NULL;
  }
  return ok;
}

static void free_batch(wary_world *w, struct wy_custom *c) {
  if (!c) return;
  wy_array_free(&w->alloc, &c->queries);
  wy_array_free(&w->alloc, &c->results);
  wy_array_free(&w->alloc, &c->links);
  wy_free(&w->alloc, c, sizeof *c);
}

static void destroy(wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++) free_batch(w, w->lanes.data[i].custom);
  free_batch(w, w->custom);
}

bool wy_custom_reserve(wary_world *w, int32_t count) {
  struct wy_custom *c = w->custom;
  return wy_array_reserve(&w->alloc, &c->queries, count) && wy_array_reserve(&w->alloc, &c->results, count) &&
         wy_array_reserve(&w->alloc, &c->links, count);
}

bool wy_custom_append(wary_world *w, const struct wy_custom *from, int32_t first, int32_t count) {
  if (count == 0) return true;
  struct wy_custom *c = w->custom;
  int32_t n = c->queries.count;
  if (!wy_array_reserve(&w->alloc, &c->queries, n + count) || !wy_array_reserve(&w->alloc, &c->results, n + count) ||
      !wy_array_reserve(&w->alloc, &c->links, n + count))
    return false;
  memcpy(c->queries.data + n, from->queries.data + first, (size_t)count * sizeof *c->queries.data);
  memcpy(c->results.data + n, from->results.data + first, (size_t)count * sizeof *c->results.data);
  memcpy(c->links.data + n, from->links.data + first, (size_t)count * sizeof *c->links.data);
  c->queries.count += count;
  return true;
}

const wy_module wy_custom_module = {.create = create, .destroy = destroy};

void wy_custom_evaluate(wary_world *w) {
  /* A callback that destroys the world ends the evaluations (step.c frees
   * it once they return). */
  for (int32_t i = 0; i < w->custom->queries.count && !w->destroy_after_evaluate; i++) {
    const wary_sense_query *q = &w->custom->queries.data[i];
    const wary_sense_def *sense = &w->senses.data[q->sense].def;
    if (!sense->evaluate) continue;
    wary_sense_result *r = &w->custom->results.data[i];
    sense->evaluate(sense->user, q, r);
    /* As a Lua sense's answer (runner.lua): a location that is not
     * finite is the sense's failure, not the target's true place. */
    if (r->active && r->has_location && !wy_finite3(r->location[0], r->location[1], r->location[2]))
      (void)wary_query_fail(w, i);
  }
}

int32_t wary_query_count(const wary_world *w) { return w->custom->queries.count; }
const wary_sense_query *wary_queries(const wary_world *w) { return w->custom->queries.data; }
wary_sense_result *wary_results(wary_world *w) { return w->custom->results.data; }

int wary_query_fail(wary_world *w, int32_t i) {
  if (!w->in_step) return wy_fail_not_in_step(w->error, __func__);
  if (i < 0 || i >= w->custom->queries.count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "a query", i, w->custom->queries.count);
  wy_query_link *l = &w->custom->links.data[i];
  if (l->failed) return WARY_OK;
  l->failed = true;
  memset(&w->custom->results.data[i], 0, sizeof w->custom->results.data[i]);
  const wary_sense_query *q = &w->custom->queries.data[i];
  wy_agent *ag = &w->agents.data[l->agent];
  /* One count per step: a sense that fails for several targets in one step
   * has failed once; steps without a failure start the count again. */
  wy_slot_fail(&ag->slot[q->slot], w->def.sense_error_limit);
  wary_event *e = wy_event_push(w, WARY_EV_SENSE_ERROR, q->agent.id);
  if (e) {
    e->target = q->target;
    e->sense = q->sense;
    e->index = i;
  }
  return WARY_OK;
}
