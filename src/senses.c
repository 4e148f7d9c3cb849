/* senses.c - the small built-in senses, one candidate at a time:
 * - smell: scent x sensitivity x (1 - (d / range)^2), through walls, no light;
 * - touch: within reach (0.6 m) it is sure (sensitivity), and a reported touch
 *   (wary_report_touch) counts at the next step whatever the distance;
 * - echolocation: pings that ignore light and cones: sensitivity x
 *   (1 - (d / range)^2), stopped by any sound wall between ear and chest.
 * Vibration lives on the stimulus bus (stimulus.c); these share its settings'
 * shape (wary_basic_sense_def). */
#include <string.h>

#include "internal.h"

wary_basic_sense_def wary_default_basic_sense_def(int32_t sense) {
  wary_basic_sense_def d;
  memset(&d, 0, sizeof d);
  d.range = -1.0f;
  d.weight = 1.0f;
  d.sensitivity = 1.0f;
  switch (sense) {
    case WARY_SENSE_SMELL: d.interval = 0.5f; d.loss_grace = 2.0f; d.accuracy = 0.3f; break;
    case WARY_SENSE_TOUCH: d.interval = 0.1f; d.loss_grace = 0.5f; d.accuracy = 1.0f; break;
    case WARY_SENSE_ECHOLOCATION: d.interval = 0.5f; d.loss_grace = 1.0f; d.accuracy = 0.8f; break;
    default: d.interval = 0.1f; d.loss_grace = 1.0f; d.accuracy = 0.5f; break;
  }
  return d;
}

/* Default reach of each, in metres. */
float wy_basic_range_m(int32_t sense) {
  switch (sense) {
    case WARY_SENSE_SMELL: return 5.0f;
    case WARY_SENSE_TOUCH: return 0.6f;
    case WARY_SENSE_ECHOLOCATION: return 20.0f;
    default: return 30.0f; /* vibration */
  }
}

static bool report_at(wary_world *w, int32_t agent_index, const wy_profile *p, int32_t slot,
                      int32_t target_slot, float c, int32_t reason, int32_t sense) {
  wary_id target = wy_actor_id(w, target_slot);
  if (c <= 0.0f && !wy_belief_find(&w->agents.data[agent_index], target, NULL)) return true;
  return wy_push_report(w, agent_index, slot, target, wy_clamp01(c), reason,
                        p->basic[sense].accuracy, NULL);
}

bool wy_sense_basic(wary_world *w, int32_t agent_index, const wy_actor *a, const wy_profile *p,
                    int32_t slot, int32_t target_slot, float distance) {
  int32_t sense = p->slots[slot].sense;
  const wary_basic_sense_def *b = &p->basic[sense];
  const wy_actor *t = &w->actors.data[target_slot];
  float x = b->range > 0.0f ? distance / b->range : 1.0f;
  if (x > 1.0f) return report_at(w, agent_index, p, slot, target_slot, 0.0f, WARY_LOSS_OUT_OF_RANGE, sense);
  float c = 0.0f;
  int32_t reason = WARY_LOSS_NONE;
  if (sense == WARY_SENSE_SMELL) {
    c = t->scent * b->sensitivity * (1.0f - x * x);
    reason = WARY_LOSS_SENSOR_DROPOUT;
  } else if (sense == WARY_SENSE_TOUCH) {
    c = b->sensitivity;
    reason = WARY_LOSS_OUT_OF_RANGE;
  } else if (sense == WARY_SENSE_ECHOLOCATION) {
    float ear[3] = {a->pos[0], a->pos[1], a->pos[2] + p->hearing.ear_height};
    float chest[3] = {t->pos[0], t->pos[1], t->pos[2] + w->def.units_per_meter};
    wary_ray_result r;
    w->stats.rays++;
    bool clear = wy_occ_segment(&w->occ, w->materials, ear, chest, &r) && r.walls == 0;
    c = clear ? b->sensitivity * (1.0f - x * x) : 0.0f;
    reason = clear ? WARY_LOSS_OUT_OF_RANGE : WARY_LOSS_OCCLUDED;
  }
  return report_at(w, agent_index, p, slot, target_slot, c, reason, sense);
}

int wary_report_touch(wary_world *w, wary_id agent, wary_id toucher) {
  const wy_actor *a = wy_actor_get(w, agent);
  if (!a) return wy_actor_status(w, agent);
  if (!wy_actor_get(w, toucher)) return wy_actor_status(w, toucher);
  if (a->agent < 0) return WARY_ERR_NOT_AGENT;
  if (agent == toucher) return WARY_ERR_BAD_VALUE;
  wy_agent *ag = &w->agents.data[a->agent];
  for (int32_t i = 0; i < ag->touch_count; i++)
    if (ag->touches[i] == toucher) return WARY_OK;
  if (ag->touch_count >= 4) return WARY_ERR_FULL;
  ag->touches[ag->touch_count++] = toucher;
  return WARY_OK;
}

bool wy_touches(wary_world *w, int32_t agent_index) {
  wy_agent *ag = &w->agents.data[agent_index];
  const wy_profile *p = &w->profiles.data[w->actors.data[ag->actor].profile];
  int32_t slot = p->builtin_slot[WARY_SENSE_TOUCH];
  for (int32_t i = 0; slot >= 0 && i < ag->touch_count; i++) {
    const wy_actor *t = wy_actor_get(w, ag->touches[i]);
    if (t && !wy_push_report(w, agent_index, slot, ag->touches[i],
                             wy_clamp01(p->basic[WARY_SENSE_TOUCH].sensitivity), WARY_LOSS_NONE,
                             1.0f, NULL))
      return false;
  }
  ag->touch_count = 0;
  return true;
}

int wary_actor_set_scent(wary_world *w, wary_id id, float scent) {
  wy_actor *a = wy_actor_get(w, id);
  if (!a) return wy_actor_status(w, id);
  if (!wy_finite(scent) || scent < 0.0f || scent > 1.0f) return WARY_ERR_BAD_VALUE;
  a->scent = scent;
  return WARY_OK;
}
