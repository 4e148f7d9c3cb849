/* place.c - beliefs about places (seed 003, "Sounds nobody made"): a sound
 * with no maker, a vibration or a report becomes a belief about where it
 * happened, tagged (the sound's name, the stimulus tag), merged with one of
 * the same tag nearby, and walked through the states like any belief: it
 * climbs with what arrives, fades at the profile's fade_rate once nothing
 * does, then Lost, Remembered and Expired (then dropped). Each change of
 * state fires location_belief_changed. */
#include <string.h>

#include "internal.h"

bool wy_place_report(wary_world *w, wy_agent *ag, const float pos[3], int32_t tag,
                     float confidence, float accuracy) {
  float radius = wy_profile_of(w, ag)->hearing.merge_radius;
  wy_place *pl = NULL;
  for (int32_t i = 0; i < ag->places.count && !pl; i++)
    if (ag->places.data[i].tag == tag && wy_dist3(ag->places.data[i].pos, pos) <= radius) pl = &ag->places.data[i];
  if (!pl) {
    if (!wy_array_reserve(&ag->places, ag->places.count + 1))
      return false;
    pl = &ag->places.data[ag->places.count++];
    memset(pl, 0, sizeof *pl);
    pl->tag = tag;
    pl->state = WARY_UNDETECTED;
  }
  memcpy(pl->pos, pos, sizeof pl->pos);
  if (confidence > pl->confidence) pl->confidence = confidence;
  if (accuracy > pl->accuracy || !pl->fresh) pl->accuracy = accuracy;
  pl->fresh = true;
  return true;
}

static void changed(wary_world *w, wary_id agent, wy_place *pl, int32_t state) {
  wary_event *e = wy_event_push(w, WARY_EV_LOCATION_BELIEF_CHANGED, agent);
  if (e) {
    e->from_state = pl->state;
    e->to_state = state;
    e->confidence = pl->confidence;
    memcpy(e->pos, pl->pos, sizeof e->pos);
    e->tag = pl->tag;
  }
  pl->state = state;
  pl->time_in_state = 0.0f;
}

void wy_places_resolve(wary_world *w, wy_agent *ag, float dt) {
  const wary_profile_def *d = &wy_profile_of(w, ag)->def;
  wary_id agent = wy_actor_id(w, ag->actor);
  for (int32_t i = 0; i < ag->places.count; i++) {
    wy_place *pl = &ag->places.data[i];
    if (!pl->fresh) {
      float c = pl->confidence - d->fade_rate * dt;
      pl->confidence = c > 0.0f ? c : 0.0f;
    }
    pl->time_in_state += dt;
    float c = pl->confidence;
    int32_t level = c >= d->track_threshold    ? WARY_TRACKED
                    : c >= d->detect_threshold ? WARY_DETECTED
                    : c >= d->suspect_threshold ? WARY_SUSPECTED
                                                : WARY_UNDETECTED;
    bool on_ladder = pl->state >= WARY_SUSPECTED && pl->state <= WARY_TRACKED;
    int32_t rung = on_ladder ? pl->state : WARY_UNDETECTED;
    if (level > rung && pl->fresh) {
      changed(w, agent, pl, level);
    } else if (on_ladder && level < rung) {
      changed(w, agent, pl, level >= WARY_SUSPECTED ? level : (pl->fresh ? WARY_UNDETECTED : WARY_LOST));
    } else if (pl->state == WARY_LOST && pl->time_in_state >= d->lost_time) {
      changed(w, agent, pl, WARY_REMEMBERED);
    } else if (pl->state == WARY_REMEMBERED && pl->time_in_state >= d->memory_time) {
      changed(w, agent, pl, WARY_EXPIRED);
    }
    pl->fresh = false;
    /* An expired place, or a faint one never suspected, is forgotten. */
    if (pl->state == WARY_EXPIRED || (pl->state == WARY_UNDETECTED && pl->confidence <= 0.0f)) {
      ag->places.data[i] = ag->places.data[--ag->places.count];
      i--;
    }
  }
}

static void place_out(const wary_world *w, const wy_agent *ag, const wy_place *pl,
                      wary_location_belief *out) {
  memcpy(out->pos, pl->pos, sizeof out->pos);
  out->tag = pl->tag;
  out->confidence = pl->confidence;
  out->state = pl->state;
  out->time_in_state = pl->time_in_state;
  out->accuracy = pl->accuracy;
  out->uncertainty = (1.0f - pl->accuracy) * wy_profile_of(w, ag)->def.max_uncertainty;
}

int32_t wary_location_count(const wary_world *w, wary_id agent) {
  return wy_agent_list_count(w, agent, true);
}

int wary_location_at(const wary_world *w, wary_id agent, int32_t i, wary_location_belief *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = wy_agent_list_at(w, agent, true, i, &status);
  if (!ag) return status;
  place_out(w, ag, &ag->places.data[i], out);
  return WARY_OK;
}

int wary_location_strongest(const wary_world *w, wary_id agent, wary_location_belief *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = wy_agent_of(w, agent, &status);
  if (!ag) return status;
  const wy_place *best = NULL;
  for (int32_t i = 0; i < ag->places.count; i++)
    if (ag->places.data[i].confidence > 0.0f && (!best || ag->places.data[i].confidence > best->confidence))
      best = &ag->places.data[i];
  if (!best) return WARY_ERR_NOT_FOUND;
  place_out(w, ag, best, out);
  return WARY_OK;
}

int wary_report_location(wary_world *w, wary_id agent, float x, float y, float z, int32_t tag,
                         float confidence, float accuracy) {
  int status;
  wy_agent *ag = (wy_agent *)wy_agent_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_finite3(x, y, z) || !wy_finite(confidence) || confidence < 0.0f || confidence > 1.0f ||
      !wy_finite(accuracy) || accuracy < 0.0f || accuracy > 1.0f)
    return WARY_ERR_BAD_VALUE;
  if (!wary_name_string(w, tag)) return WARY_ERR_NOT_FOUND;
  float p[3] = {x, y, z};
  return wy_place_report(w, ag, p, tag, confidence, accuracy) ? WARY_OK : WARY_ERR_OUT_OF_MEMORY;
}
