/* geck_info.c - reading an agent's GECK state: its state and timers, its
 * alert list, and what it knows of each hostile actor. */
#include "geck.h"

#include <string.h>

/* The agent's GECK part, or NULL with *status set (WARY_ERR_NOT_FOUND: no GECK
 * model) and its text for fn. */
static const wy_geck_agent *geck_of(const wary_world *w, const char *fn, wy_id agent, int *status) {
  const wy_actor *a = wy_actor_get(w, agent);
  *status = !a ? wy_actor_status(w, agent, fn, "agent")
            : a->agent < 0 ? wy_fail_not_agent(w, fn, "agent", agent)
            : !wy_geck_of(w, a->profile)->enabled
                ? wy_fail(w->error, WARY_ERR_NOT_FOUND, fn,
                          "agent: expected an agent of the GECK model, got %x, whose profile %d does not use it",
                          agent, a->profile)
                : WARY_OK;
  return *status == WARY_OK ? &w->geck->agents.data[a->agent] : NULL;
}

int32_t wary_geck_state(const wary_world *w, wary_actor_id agent_h) {
  wy_id agent = agent_h.id;
  int status;
  const wy_geck_agent *gk = geck_of(w, __func__, agent, &status);
  return gk ? gk->state : status;
}

int wary_geck_info_get(const wary_world *w, wary_actor_id agent_h, wary_geck_info *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int status;
  const wy_geck_agent *gk = geck_of(w, __func__, agent, &status);
  if (!gk) return status;
  out->state = gk->state;
  out->time_in_state = gk->time_in_state;
  out->alert_timer = gk->alert_timer;
  out->alert_count = gk->alert_count;
  out->target_count = gk->seen.count;
  const wy_geck_seen *best = NULL;
  for (int32_t i = 0; i < gk->seen.count; i++) {
    const wy_geck_seen *e = &gk->seen.data[i];
    if (!e->listed) continue;
    out->listed_count++;
    if (!best || e->value > best->value) best = e;
  }
  out->combat_target.id = best ? best->target : 0;
  return WARY_OK;
}

int wary_geck_alert_at(const wary_world *w, wary_actor_id agent_h, int32_t i, wary_geck_alert *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int status;
  const wy_geck_agent *gk = geck_of(w, __func__, agent, &status);
  if (!gk) return status;
  if (i < 0 || i >= gk->alert_count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "an alert", i, gk->alert_count);
  *out = gk->alerts[i];
  return WARY_OK;
}

static int target_info(const wary_world *w, wy_id agent, const wy_geck_seen *e,
                       wary_geck_target *out) {
  float timer = wy_geck_of(w, wy_actor_get(w, agent)->profile)->target_timer;
  out->target.id = e->target;
  out->detection = e->value;
  out->attenuation = e->attenuation;
  out->sound = e->sound;
  out->visual = e->visual;
  out->skill = e->skill;
  out->line_of_sight = e->los;
  out->listed = e->listed;
  out->timer_running = e->undetected >= 0.0f;
  out->timer = out->timer_running ? (timer > e->undetected ? timer - e->undetected : 0.0f) : timer;
  memcpy(out->last_known, e->last_known, sizeof out->last_known);
  return WARY_OK;
}

int wary_geck_target_at(const wary_world *w, wary_actor_id agent_h, int32_t i, wary_geck_target *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int status;
  const wy_geck_agent *gk = geck_of(w, __func__, agent, &status);
  if (!gk) return status;
  if (i < 0 || i >= gk->seen.count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "a detection target", i, gk->seen.count);
  return target_info(w, agent, &gk->seen.data[i], out);
}

static int target_get(const wary_world *w, const char *fn, wy_id agent, wy_id target, wary_geck_target *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, fn, "out");
  memset(out, 0, sizeof *out);
  int status;
  const wy_geck_agent *gk = geck_of(w, fn, agent, &status);
  if (!gk) return status;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target, fn, "target");
  const wy_geck_seen *e = wy_geck_find(gk, target, NULL);
  if (!e)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, fn, "target: agent %x has evaluated no detection value of %x",
                   agent, target);
  return target_info(w, agent, e, out);
}

int wary_geck_target_get(const wary_world *w, wary_actor_id agent, wary_actor_id target, wary_geck_target *out) {
  return target_get(w, __func__, agent.id, target.id, out);
}

int wary_geck_detection_value(const wary_world *w, wary_actor_id agent, wary_actor_id target,
                              float *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  wary_geck_target t;
  int status = target_get(w, __func__, agent.id, target.id, &t);
  *out = t.detection;
  return status;
}
