/* geck.c - the GECK detection model (seed 001), for the agents whose profile
 * enables it:
 *
 *   detection = sneak_base_value + sound + visual + skill
 *   sound     = att x sounds_mult x (movement + action x action_mult)
 *               (x sound_los_mult without line of sight)
 *   visual    = att x contact x (light_mod + light level) x light_mult
 *               x (1 + moving x light_move_mult + running x light_run_mult)
 *               x (100 - blindness) / 100 (x stealthboy_mult in a stealth field)
 *   skill     = skill_mult x (perception skill x att - sneak)
 *   att       = ((max - d) / max) ^ exponent, 0 beyond max
 *
 * per hostile actor, and the agent-level states Normal, Alert, Combat and Lost
 * with the seed's transition rules: the alert list of detection events, the
 * target list with a timer per target, the alert timer of Lost. Detection
 * events and damage reports wait for the end of the next step; the pass runs
 * there, after the beliefs of the confidence model are resolved. Also the
 * model's settings (wary_default_geck_def, wary_profile_set_geck); reading an
 * agent's GECK state is geck_info.c. */
#include "geck.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "fmath.h"
#include "light.h"
#include "relation.h"

#define WY_EPS 1e-5f

static const char *const key_names[WY_GECK_KEYS] = {
  "armor_weight", "sneak", "perception", "running", "action",
  "blindness", "stealth_field", "sleeping", "dead", "exterior",
};

/* The head's height as a share of the eye height, per stance (vision's head
 * points: 1.70 m standing, 1.10 m crouched, 0.25 m prone). */
static const float head_share[3] = {1.0f, 1.10f / 1.70f, 0.25f / 1.70f};

static int intern_keys(wary_world *w, const char *fn) {
  if (w->geck->keys[0] != 0) return WARY_OK;
  int32_t keys[WY_GECK_KEYS], before = w->names.count;
  for (int i = 0; i < WY_GECK_KEYS; i++) {
    keys[i] = wy_name_intern(w, key_names[i]);
    if (keys[i] < 0) {
      wy_names_forget(w, before);
      return wy_fail_intern(w->error, fn, keys[i]);
    }
  }
  memcpy(w->geck->keys, keys, sizeof keys);
  return WARY_OK;
}

static float prop(const wary_world *w, const wy_actor *a, int key, float fallback) {
  int32_t k = w->geck->keys[key];
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == k) return a->prop_value[i];
  return fallback;
}

/* A prop with a range (docs/geck.md): outside it, its nearest end. */
static float ranged(const wary_world *w, const wy_actor *a, int key, float fallback, float lo, float hi) {
  float v = prop(w, a, key, fallback);
  return v < lo ? lo : v > hi ? hi : v;
}

static bool flag(const wary_world *w, const wy_actor *a, int key) {
  return prop(w, a, key, 0.0f) != 0.0f;
}

/* Whether the target has the Silent Running perk (its prop set and not 0). */
static bool silent_running(const wary_world *w, const wy_actor *t) {
  int32_t k = w->geck->silent_key;
  for (int32_t i = 0; k > 0 && i < t->prop_count; i++)
    if (t->prop_key[i] == k) return t->prop_value[i] != 0.0f;
  return false;
}

static wy_geck_agent *geck_agent(const wary_world *w, int32_t agent) {
  return &w->geck->agents.data[agent];
}

/* Seed 001's hostile actor, "an actor that I would attack if I detected
 * it": the relationship the game set (an override, else its teams'), else
 * other teams are enemies and team 0 is nobody's (or everybody's, with
 * team_zero_hostile); the dead are nobody's. */
static bool hostile(const wary_world *w, const wary_geck_def *g, const wy_actor *a, wy_id target) {
  const wy_actor *t = wy_actor_get(w, target);
  if (!t || a == t || flag(w, t, WY_KEY_DEAD)) return false;
  int32_t rel = wy_relationship_set(w, a->agent, target, t);
  if (rel >= 0) return rel == WARY_HOSTILE;
  if (a->team == 0 || t->team == 0) return g->team_zero_hostile;
  return a->team != t->team;
}

/* fSneakMaxDistance, times fSneakExteriorDistanceMult outdoors. */
static float radius_of(const wary_world *w, const wary_geck_def *g, const wy_actor *a) {
  float exterior = prop(w, a, WY_KEY_EXTERIOR, -1.0f);
  bool outdoors = exterior < 0.0f ? g->exterior : exterior != 0.0f;
  return g->sneak_max_distance * (outdoors ? g->sneak_exterior_distance_mult : 1.0f);
}

static float attenuation(const wary_geck_def *g, float d, float radius) {
  if (!(radius > 0.0f) || d >= radius) return 0.0f;
  return wy_powf((radius - d) / radius, g->sneak_distance_attenuation_exponent);
}

/* A ray through the occluders lets some sight through. */
static bool line_of_sight(wary_world *w, const float from[3], const float to[3]) {
  float sight;
  w->stats.rays++;
  wy_occ_sight(&w->occ, w->materials, from, to, &sight);
  return sight > 0.0f;
}

/* The modified perception skill of agent a towards target. */
static float perception_skill(const wary_world *w, const wy_geck_agent *gk, const wary_geck_def *g,
                              const wy_actor *a, wy_id target) {
  float base = g->sneak_perception_skill_min +
               (g->sneak_perception_skill_max - g->sneak_perception_skill_min) *
                 ranged(w, a, WY_KEY_PERCEPTION, 5.0f, 0.0f, 10.0f) / 10.0f;
  float alert = gk->state == WARY_GECK_ALERT || gk->state == WARY_GECK_LOST ? 1.0f : 0.0f;
  float sleeping = flag(w, a, WY_KEY_SLEEPING) ? 1.0f : 0.0f;
  float other = gk->state == WARY_GECK_COMBAT && target != gk->current ? 1.0f : 0.0f;
  return base * (1.0f + alert * g->sneak_alert_mod + sleeping * g->sneak_sleep_bonus +
                 other * g->sneak_combat_mod);
}

static bool expired(const wary_geck_def *g, const wy_geck_seen *e) {
  return e->undetected >= 0.0f && e->undetected >= g->target_timer - WY_EPS;
}

/* A listed target runs its timer while below sneak_lost_min. */
static void update_timer(const wary_geck_def *g, wy_geck_seen *e) {
  if (!e->listed || e->value >= g->sneak_lost_min) e->undetected = -1.0f;
  else if (e->undetected < 0.0f) e->undetected = 0.0f;
}

/* The detection value of e's target for agent ag, with its parts. */
static void compute(wary_world *w, int32_t agent, const wary_geck_def *g, wy_geck_seen *e) {
  const wy_actor *a = wy_agent_actor(w, agent);
  wy_actor *t = wy_actor_get(w, e->target);
  float d = wy_dist3(a->pos, t->pos);
  float att = t->perceivable ? attenuation(g, d, radius_of(w, g, a)) : 0.0f;
  bool los = false, contact = false;
  if (att > 0.0f) {
    float eye[3], forward[3];
    wy_actor_eye(w, a, eye, forward);
    float head[3] = {t->pos[0], t->pos[1], t->pos[2] + t->eye_height * head_share[t->stance]};
    los = line_of_sight(w, eye, head);
    contact = los;
    if (contact && g->view_half_angle < 180.0f) {
      float v[3] = {head[0] - eye[0], head[1] - eye[1], head[2] - eye[2]};
      float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      float dot = v[0] * forward[0] + v[1] * forward[1] + v[2] * forward[2];
      contact = len <= 0.0f || dot >= len * wy_cosf(g->view_half_angle * WY_DEG2RAD);
    }
  }
  bool moving = t->vel[0] != 0.0f || t->vel[1] != 0.0f || t->vel[2] != 0.0f;
  bool running = moving && flag(w, t, WY_KEY_RUNNING);
  float movement = 0.0f;
  if (moving)
    movement = (g->sneak_boot_weight_base +
                g->sneak_boot_weight_mult * ranged(w, t, WY_KEY_ARMOR_WEIGHT, 0.0f, 0.0f, FLT_MAX)) *
               /* Seed 001: "unless player has Silent Running perk". */
               (running && !silent_running(w, t) ? g->sneak_running_mult : 1.0f);
  /* A weight or a sound below 0 counts as 0: no target is quieter than silent. */
  float action = ranged(w, t, WY_KEY_ACTION, 0.0f, 0.0f, FLT_MAX) * g->sneak_action_mult;
  float sound = att * g->sneak_sounds_mult * (movement + action) *
                (los ? 1.0f : g->sneak_sound_los_mult);
  float visual = 0.0f;
  if (contact) {
    float level = (g->use_world_light ? wy_light_at(w, t, true, &w->stats.rays) : t->light) * 100.0f;
    float light = (g->detection_sneak_light_mod + level) * g->sneak_light_mult;
    float motion = 1.0f + (moving ? g->sneak_light_move_mult : 0.0f) +
                   (running ? g->sneak_light_run_mult : 0.0f);
    float sight = (100.0f - ranged(w, a, WY_KEY_BLINDNESS, 0.0f, 0.0f, 100.0f)) / 100.0f;
    float field = flag(w, t, WY_KEY_STEALTH_FIELD) ? g->sneak_stealthboy_mult : 1.0f;
    visual = att * light * motion * sight * field;
  }
  float skill = g->sneak_skill_mult * (perception_skill(w, geck_agent(w, agent), g, a, e->target) * att -
                                       ranged(w, t, WY_KEY_SNEAK, 0.0f, 0.0f, 100.0f));
  /* Props and settings are any finite floats: a term that overflows
   * saturates (wy_saturate), so the value stays a number. */
  e->attenuation = att;
  e->sound = wy_saturate(sound);
  e->visual = wy_saturate(visual);
  e->skill = wy_saturate(skill);
  e->los = los;
  e->value = wy_saturate(g->sneak_base_value + e->sound + e->visual + e->skill);
  memcpy(e->pos, t->pos, sizeof e->pos);
  if (e->value > g->sneak_seen_min) memcpy(e->last_known, t->pos, sizeof e->last_known);
  update_timer(g, e);
}

/* ---- the two lists --------------------------------------------------------- */

static wy_geck_seen *seen_add(wary_world *w, wy_geck_agent *gk, wy_id target, const wy_actor *t) {
  if (!wy_array_reserve(&w->tables, &gk->seen, gk->seen.count + 1))
    return NULL;
  wy_geck_seen *e = &gk->seen.data[gk->seen.count++];
  w->geck->known++;
  memset(e, 0, sizeof *e);
  e->target = target;
  e->undetected = -1.0f;
  memcpy(e->pos, t->pos, sizeof e->pos);
  memcpy(e->last_known, t->pos, sizeof e->last_known);
  return e;
}

/* What the agent knows of target, computed now. */
static wy_geck_seen *seen_now(wary_world *w, int32_t agent, const wary_geck_def *g,
                              wy_id target) {
  wy_geck_seen *e = wy_geck_find(geck_agent(w, agent), target, NULL);
  if (!e) e = seen_add(w, geck_agent(w, agent), target, wy_actor_get(w, target));
  if (e) compute(w, agent, g, e);
  return e;
}

static void alerts_drop(wy_geck_agent *gk, wy_id owner, int32_t type) {
  int32_t n = 0;
  for (int32_t i = 0; i < gk->alert_count; i++) {
    const wary_geck_alert *al = &gk->alerts[i];
    if (al->owner.id == owner && (type < 0 || al->type == type)) continue;
    gk->alerts[n++] = *al;
  }
  gk->alert_count = n;
}

static void seen_remove(wary_world *w, wy_geck_agent *gk, int32_t i) {
  alerts_drop(gk, gk->seen.data[i].target, -1);
  if (gk->current == gk->seen.data[i].target) gk->current = 0;
  memmove(gk->seen.data + i, gk->seen.data + i + 1,
          (size_t)(gk->seen.count - i - 1) * sizeof *gk->seen.data);
  gk->seen.count--;
  w->geck->known--;
}

/* An event of the same owner and type is refreshed in place; a full list
 * gives up the entry closest to expiring. */
static void alert_add(wy_geck_agent *gk, const wary_geck_def *g, wy_id owner, int32_t type,
                      const float pos[3], float rating) {
  wary_geck_alert *al = NULL;
  for (int32_t i = 0; owner != 0 && i < gk->alert_count && !al; i++)
    if (gk->alerts[i].owner.id == owner && gk->alerts[i].type == type) al = &gk->alerts[i];
  if (!al && gk->alert_count < WARY_GECK_MAX_ALERTS) al = &gk->alerts[gk->alert_count++];
  if (!al) {
    /* Full: the one closest to expiring (the first of those alike). */
    int32_t k = 0;
    for (int32_t i = 1; i < gk->alert_count; i++)
      if (gk->alerts[i].remaining < gk->alerts[k].remaining) k = i;
    al = &gk->alerts[k];
  }
  al->owner.id = owner;
  al->type = type;
  memcpy(al->pos, pos, sizeof al->pos);
  al->rating = rating;
  al->remaining = g->event_lifetime;
}

static void list(const wary_geck_def *g, wy_geck_seen *e, const float pos[3]) {
  if (!e->listed) memcpy(e->last_known, pos, sizeof e->last_known);
  e->listed = true;
  update_timer(g, e);
}

/* The combat target: the listed target with the highest detection value. */
static void pick_current(wy_geck_agent *gk) {
  const wy_geck_seen *best = NULL;
  for (int32_t i = 0; i < gk->seen.count; i++) {
    const wy_geck_seen *e = &gk->seen.data[i];
    if (e->listed && (!best || e->value > best->value)) best = e;
  }
  gk->current = best ? best->target : 0;
}

/* Back to Normal, lists emptied (what it knows stays, unlisted). */
static void reset_agent(wy_geck_agent *gk) {
  gk->state = WARY_GECK_NORMAL;
  gk->time_in_state = 0.0f;
  gk->alert_timer = 0.0f;
  gk->current = 0;
  gk->alert_count = 0;
  for (int32_t i = 0; i < gk->seen.count; i++) {
    gk->seen.data[i].listed = false;
    gk->seen.data[i].undetected = -1.0f;
  }
}

/* ---- states ------------------------------------------------------------------ */

/* Changes state and says why: cause (0: timers), its detection value and
 * place, and the type of the detection event behind it (-1 none). */
static void enter(wary_world *w, int32_t agent, const wary_geck_def *g, int32_t state,
                  wy_id cause, float value, const float pos[3], int32_t type) {
  wy_geck_agent *gk = geck_agent(w, agent);
  wary_event *ev = wy_event_push(w, WARY_EV_GECK, wy_agent_id(w, agent));
  if (ev) {
    ev->target.id = cause;
    ev->from_state = gk->state;
    ev->to_state = state;
    ev->confidence = value;
    ev->index = type;
    if (pos) memcpy(ev->pos, pos, sizeof ev->pos);
  }
  if (state == WARY_GECK_NORMAL) reset_agent(gk);
  gk->state = state;
  gk->time_in_state = 0.0f;
  /* The Lost search's timer: running only while Lost. */
  gk->alert_timer = state == WARY_GECK_LOST ? g->alert_timer : 0.0f;
}

static void enter_because(wary_world *w, int32_t agent, const wary_geck_def *g, int32_t state,
                          const wy_geck_seen *e, int32_t type) {
  enter(w, agent, g, state, e ? e->target : 0, e ? e->value : 0.0f, e ? e->pos : NULL, type);
}

/* The strongest entry above min, NULL if none. */
static wy_geck_seen *strongest(wy_geck_agent *gk, float min) {
  wy_geck_seen *best = NULL;
  for (int32_t i = 0; i < gk->seen.count; i++) {
    wy_geck_seen *e = &gk->seen.data[i];
    if (e->value > min && (!best || e->value > best->value)) best = e;
  }
  return best;
}

/* Every detected hostile joins the target list. */
static void list_detected(wy_geck_agent *gk, const wary_geck_def *g) {
  for (int32_t i = 0; i < gk->seen.count; i++)
    if (gk->seen.data[i].value > g->sneak_seen_min) list(g, &gk->seen.data[i], gk->seen.data[i].pos);
  pick_current(gk);
}

/* A hostile inside the alert threshold keeps its event where it is now
 * (the seed's search area recentred on it). */
static void notice(wy_geck_agent *gk, const wary_geck_def *g) {
  for (int32_t i = 0; i < gk->seen.count; i++) {
    const wy_geck_seen *e = &gk->seen.data[i];
    if (e->value > g->sneak_noticed_min)
      alert_add(gk, g, e->target, WARY_GECK_EVENT_NOTICED, e->pos, e->value);
  }
}

/* A listed target whose timer ran out, still undetected and not the one
 * searched for, leaves the list with its last known place. */
static void drop_expired(wy_geck_agent *gk, const wary_geck_def *g) {
  pick_current(gk);
  for (int32_t i = 0; i < gk->seen.count; i++) {
    wy_geck_seen *e = &gk->seen.data[i];
    if (!e->listed || e->target == gk->current || !expired(g, e) || e->value >= g->sneak_lost_min)
      continue;
    e->listed = false;
    e->undetected = -1.0f;
    alerts_drop(gk, e->target, WARY_GECK_EVENT_LAST_KNOWN);
  }
}

static void combat(wary_world *w, int32_t agent, const wary_geck_def *g) {
  wy_geck_agent *gk = geck_agent(w, agent);
  list_detected(gk, g);
  drop_expired(gk, g);
  int32_t listed = 0;
  bool all_lost = true;
  for (int32_t i = 0; i < gk->seen.count; i++) {
    const wy_geck_seen *e = &gk->seen.data[i];
    if (!e->listed) continue;
    listed++;
    all_lost = all_lost && e->value <= g->sneak_seen_min && expired(g, e);
    alert_add(gk, g, e->target, WARY_GECK_EVENT_LAST_KNOWN, e->last_known, e->value);
  }
  /* No target left (killed, removed, no longer an enemy): the fight is
   * over, whatever events the alert list still holds (a search with no
   * target would be a combat_to_lost naming nobody). */
  if (listed == 0) {
    enter(w, agent, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
  } else if (all_lost && gk->alert_count > 0) {
    wy_geck_seen *e = wy_geck_find(gk, gk->current, NULL);
    enter(w, agent, g, WARY_GECK_LOST, gk->current, e ? e->value : 0.0f, e ? e->last_known : NULL, -1);
  }
}

static void rules(wary_world *w, int32_t agent, const wary_geck_def *g) {
  wy_geck_agent *gk = geck_agent(w, agent);
  wy_geck_seen *detected = strongest(gk, g->sneak_seen_min);
  if (detected && gk->state != WARY_GECK_COMBAT) {
    list_detected(gk, g);
    enter_because(w, agent, g, WARY_GECK_COMBAT, detected, -1);
    return;
  }
  switch (gk->state) {
  case WARY_GECK_NORMAL: {
    wy_geck_seen *noticed = strongest(gk, g->sneak_noticed_min);
    if (noticed) {
      notice(gk, g);
      enter_because(w, agent, g, WARY_GECK_ALERT, noticed, WARY_GECK_EVENT_NOTICED);
    }
    break;
  }
  case WARY_GECK_ALERT:
    notice(gk, g);
    drop_expired(gk, g);
    if (gk->alert_count == 0) enter(w, agent, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
    break;
  case WARY_GECK_COMBAT: combat(w, agent, g); break;
  default: {
    notice(gk, g);
    drop_expired(gk, g);
    bool quiet = gk->alert_timer <= WY_EPS;
    for (int32_t i = 0; quiet && i < gk->seen.count; i++)
      quiet = !gk->seen.data[i].listed || gk->seen.data[i].value <= g->sneak_noticed_min;
    if (quiet) enter(w, agent, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
    break;
  }
  }
}

/* ---- detection events and damage --------------------------------------------------- */

/* An agent within reach runs detection on the event: its action rating as
 * the sound, the agent's perception as the skill (an event has no sneak). */
static bool hear_event(wary_world *w, int32_t agent, const wary_geck_def *g,
                       const wy_geck_pending *ev) {
  wy_geck_agent *gk = geck_agent(w, agent);
  const wy_actor *a = wy_agent_actor(w, agent);
  if (gk->state == WARY_GECK_COMBAT || wy_agent_id(w, agent) == ev->owner) return true;
  if (ev->owner != 0 ? !hostile(w, g, a, ev->owner) : !g->hear_ownerless_events)
    return true;
  float radius = radius_of(w, g, a);
  float d = wy_dist3(a->pos, ev->pos);
  if (d > radius) return true;
  float att = attenuation(g, d, radius);
  float eye[3], forward[3];
  wy_actor_eye(w, a, eye, forward);
  bool los = line_of_sight(w, eye, ev->pos);
  float value = wy_saturate(g->sneak_base_value +
                            wy_saturate(att * g->sneak_sounds_mult * ev->rating * g->sneak_action_mult *
                                        (los ? 1.0f : g->sneak_sound_los_mult)) +
                            wy_saturate(g->sneak_skill_mult * perception_skill(w, gk, g, a, ev->owner) * att));
  if (value <= g->sneak_noticed_min) return true;
  alert_add(gk, g, ev->owner, ev->type, ev->pos, ev->rating);
  if (gk->state == WARY_GECK_NORMAL) {
    enter(w, agent, g, WARY_GECK_ALERT, ev->owner, value, ev->pos, ev->type);
    return true;
  }
  if (gk->state == WARY_GECK_LOST) gk->alert_timer = g->alert_timer;
  if (ev->owner == 0) return true;
  wy_geck_seen *e = seen_now(w, agent, g, ev->owner);
  if (!e) return false;
  list(g, e, ev->pos);
  return true;
}

/* Damage counts whatever the distance: an event at the attacker with its
 * detection value now. */
static bool damaged(wary_world *w, int32_t agent, const wary_geck_def *g, wy_id attacker) {
  wy_geck_agent *gk = geck_agent(w, agent);
  const wy_actor *t = wy_actor_get(w, attacker);
  if (!hostile(w, g, wy_agent_actor(w, agent), attacker)) return true;
  wy_geck_seen *e = seen_now(w, agent, g, attacker);
  if (!e) return false;
  alert_add(gk, g, attacker, WARY_GECK_EVENT_DAMAGE, t->pos, e->value);
  if (gk->state == WARY_GECK_NORMAL) {
    enter_because(w, agent, g, WARY_GECK_ALERT, e, WARY_GECK_EVENT_DAMAGE);
    return true;
  }
  if (gk->state == WARY_GECK_LOST) gk->alert_timer = g->alert_timer;
  list(g, e, t->pos);
  return true;
}

static bool deliver(wary_world *w, const wy_geck_pending *ev) {
  if (ev->owner != 0 && !wy_actor_get(w, ev->owner)) return true;
  if (ev->damage) {
    const wy_actor *victim = wy_actor_get(w, ev->victim);
    if (!victim || victim->agent < 0) return true;
    const wary_geck_def *g = wy_geck_of(w, victim->profile);
    return !g->enabled || damaged(w, victim->agent, g, ev->owner);
  }
  for (int32_t i = 0; i < w->agents.count; i++) {
    const wary_geck_def *g = wy_geck_of(w, wy_agent_actor(w, i)->profile);
    if (g->enabled && !hear_event(w, i, g, ev)) return false;
  }
  return true;
}

/* ---- the pass ------------------------------------------------------------------------ */

static void tick(wy_geck_agent *gk, float dt) {
  gk->time_in_state += dt;
  gk->alert_timer = gk->alert_timer > dt ? gk->alert_timer - dt : 0.0f;
  int32_t n = 0;
  for (int32_t i = 0; i < gk->alert_count; i++) {
    gk->alerts[i].remaining -= dt;
    if (gk->alerts[i].remaining > WY_EPS) gk->alerts[n++] = gk->alerts[i];
  }
  gk->alert_count = n;
  for (int32_t i = 0; i < gk->seen.count; i++)
    if (gk->seen.data[i].undetected >= 0.0f) gk->seen.data[i].undetected += dt;
}

/* When the agent is next due: its stagger phase before its first pass. */
static float next_due(const wary_world *w, int32_t agent, float interval) {
  const wy_geck_agent *gk = geck_agent(w, agent);
  return gk->started ? gk->next_due
                     : (float)fmod((double)wy_agent_actor(w, agent)->serial * 0.6180339887498949, 1.0) * interval;
}

/* Staggered like the senses: golden-ratio phases over the interval. */
static bool due(const wary_world *w, int32_t agent, const wary_geck_def *g, float dt) {
  wy_geck_agent *gk = geck_agent(w, agent);
  const wy_actor *a = wy_agent_actor(w, agent);
  float interval = wy_period(g->interval, w->def.lod_interval_scale[a->lod_tier]);
  gk->next_due = next_due(w, agent, interval);
  gk->started = true;
  bool now = gk->next_due <= WY_EPS;
  if (now) gk->next_due = wy_next_period(gk->next_due, interval);
  gk->next_due -= dt;
  return now;
}

/* Hostiles inside the agent's reach join what it knows; everything it
 * knows is computed again (beyond reach: no attenuation, no ray). */
static int evaluate(wary_world *w, int32_t agent, const wary_geck_def *g) {
  wy_geck_agent *gk = geck_agent(w, agent);
  const wy_actor *a = wy_agent_actor(w, agent);
  int32_t count = 0;
  const int32_t *cand = wy_grid_query(&w->grid, a->pos, radius_of(w, g, a), 0, &count);
  w->stats.candidates += (uint64_t)count;
  for (int32_t c = 0; c < count; c++) {
    const wy_actor *t = &w->actors.data[cand[c]];
    wy_id target = wy_actor_id(w, cand[c]);
    if (!hostile(w, g, a, target) || wy_geck_find(gk, target, NULL)) continue;
    if (!seen_add(w, gk, target, t)) return WARY_ERR_OUT_OF_MEMORY;
  }
  pick_current(gk);
  for (int32_t i = gk->seen.count - 1; i >= 0; i--) {
    if (!hostile(w, g, a, gk->seen.data[i].target)) seen_remove(w, gk, i);
    else compute(w, agent, g, &gk->seen.data[i]);
  }
  return WARY_OK;
}

int wy_geck_step(wary_world *w, float dt) {
  int status = WARY_OK;
  /* No agent uses the model: its events find nobody. */
  if (w->geck->enabled_profiles == 0) {
    w->geck->pending.count = 0;
    return status;
  }
  w->geck->silent_key = wy_name_find(w, "silent_running");
  for (int32_t i = 0; i < w->agents.count; i++)
    if (wy_geck_of(w, wy_agent_actor(w, i)->profile)->enabled) tick(geck_agent(w, i), dt);
  /* Direct detection first: a sneaky shooter detected at once goes Normal to
   * Combat, even when the same shot is also a detection event (which a guard
   * already in Combat then ignores). */
  for (int32_t i = 0; i < w->agents.count && status == WARY_OK; i++) {
    const wary_geck_def *g = wy_geck_of(w, wy_agent_actor(w, i)->profile);
    if (!g->enabled) continue;
    if (due(w, i, g, dt)) status = evaluate(w, i, g);
    if (status == WARY_OK) rules(w, i, g);
  }
  for (int32_t k = 0; k < w->geck->pending.count && status == WARY_OK; k++)
    if (!deliver(w, &w->geck->pending.data[k])) status = WARY_ERR_OUT_OF_MEMORY;
  w->geck->pending.count = 0;
  return status;
}

bool wy_geck_reserve(wary_world *w) {
  if (w->geck->enabled_profiles == 0) return true;
  for (int32_t i = 0; i < w->agents.count; i++) {
    const wy_actor *a = wy_agent_actor(w, i);
    const wary_geck_def *g = wy_geck_of(w, a->profile);
    if (!g->enabled) continue;
    /* An evaluation adds what its query finds; every queued event, one. */
    int32_t room = w->geck->pending.count, count = 0;
    if (next_due(w, i, wy_period(g->interval, w->def.lod_interval_scale[a->lod_tier])) <= WY_EPS) {
      wy_grid_query(&w->grid, a->pos, radius_of(w, g, a), 0, &count);
      room += count;
    }
    wy_geck_agent *gk = geck_agent(w, i);
    if (!wy_array_reserve(&w->tables, &gk->seen, gk->seen.count + room)) return false;
  }
  return true;
}

/* ---- the public calls -------------------------------------------------------------------- */

static bool queue(wary_world *w, const wy_geck_pending *p) {
  wy_geck_pending *slot = wy_array_push(&w->alloc, &w->geck->pending);
  if (!slot) return false;
  *slot = *p;
  return true;
}

int wary_create_detection_event(wary_world *w, wary_actor_id owner_h, float x, float y, float z, float rating, int32_t type) {
  wy_id owner = owner_h.id;
  wy_error *e = w->error;
  /* The step took room for the events queued before it (wy_geck_reserve). */
  if (w->in_step) return wy_fail_in_step(e, __func__);
  if (owner != 0 && !wy_actor_get(w, owner)) return wy_actor_status(w, owner, __func__, "owner");
  if (wy_bad(e, __func__, "x", x, WY_FINITE) || wy_bad(e, __func__, "y", y, WY_FINITE) ||
      wy_bad(e, __func__, "z", z, WY_FINITE) || wy_bad(e, __func__, "rating", rating, WY_NONNEG) ||
      /* Noticed, damage and last-known events are the model's own. */
      wy_bad_int(e, __func__, "type", -1, type, WARY_GECK_EVENT_IMPACT, WARY_GECK_EVENT_CUSTOM))
    return WARY_ERR_BAD_VALUE;
  wy_geck_pending p = {false, owner, 0, {x, y, z}, rating, type};
  return queue(w, &p) ? WARY_OK : wy_fail_memory(e, __func__);
}

int wary_geck_damage(wary_world *w, wary_actor_id victim_h, wary_actor_id attacker_h) {
  wy_id victim = victim_h.id;
  wy_id attacker = attacker_h.id;
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  const wy_actor *v = wy_actor_get(w, victim);
  if (!v) return wy_actor_status(w, victim, __func__, "victim");
  if (!wy_actor_get(w, attacker)) return wy_actor_status(w, attacker, __func__, "attacker");
  if (v->agent < 0) return wy_fail_not_agent(w, __func__, "victim", victim);
  /* As every wary_geck_* call on an agent of the other model (geck_info.c). */
  if (!wy_geck_of(w, v->profile)->enabled)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                   "victim: expected an agent of the GECK model, got %x, whose profile %d does not use it", victim,
                   v->profile);
  if (victim == attacker)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__,
                   "attacker: expected an actor other than the victim, got %x", attacker);
  wy_geck_pending p = {true, attacker, victim, {0.0f, 0.0f, 0.0f}, 0.0f, WARY_GECK_EVENT_DAMAGE};
  return queue(w, &p) ? WARY_OK : wy_fail_memory(w->error, __func__);
}

/* ---- settings and the module ------------------------------------------------------ */

wary_geck_def wary_default_geck_def(void) {
  wary_geck_def g;
  memset(&g, 0, sizeof g);
  g.enabled = true;
  g.interval = 0.1f;
  g.sneak_base_value = -35.0f;
  g.sneak_skill_mult = 0.5f;
  g.sneak_max_distance = -1.0f;
  g.sneak_exterior_distance_mult = 2.0f;
  g.sneak_distance_attenuation_exponent = 2.0f;
  g.sneak_sound_los_mult = 0.1f;
  g.sneak_sounds_mult = 1.0f;
  g.sneak_boot_weight_base = 10.0f;
  g.sneak_boot_weight_mult = 1.0f;
  g.sneak_running_mult = 1.5f;
  g.sneak_action_mult = 1.0f;
  g.sneak_light_mult = 0.5f;
  g.detection_sneak_light_mod = 0.0f;
  g.sneak_light_move_mult = 0.5f;
  g.sneak_light_run_mult = 0.5f;
  g.sneak_stealthboy_mult = 0.1f;
  g.sneak_perception_skill_min = 0.0f;
  g.sneak_perception_skill_max = 100.0f;
  g.sneak_alert_mod = 0.5f;
  g.sneak_sleep_bonus = -0.75f;
  g.sneak_combat_mod = -0.5f;
  g.sneak_noticed_min = -20.0f;
  g.sneak_seen_min = 0.0f;
  g.sneak_lost_min = -20.0f;
  g.event_lifetime = 10.0f;
  g.target_timer = 5.0f;
  g.alert_timer = 15.0f;
  g.view_half_angle = 180.0f;
  g.hear_ownerless_events = true;
  return g;
}

/* fSneakMaxDistance is 2500 in the seed's units: 25 m at wary's default of
 * centimetres (Gamebryo's own units would make it about 36 m). */
static void scale_geck(const wary_world *w, wary_geck_def *g) {
  g->sneak_max_distance = wy_scaled(w, g->sneak_max_distance, 25.0f);
}

static int geck_check(wy_error *e, const char *fn, const wary_geck_def *g) {
  if (!g) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "geck_def");
  const struct { const char *name; float v; } any[] = {
    {"geck_def.sneak_base_value", g->sneak_base_value},
    {"geck_def.sneak_skill_mult", g->sneak_skill_mult},
    {"geck_def.sneak_sounds_mult", g->sneak_sounds_mult},
    {"geck_def.sneak_boot_weight_base", g->sneak_boot_weight_base},
    {"geck_def.sneak_boot_weight_mult", g->sneak_boot_weight_mult},
    {"geck_def.sneak_running_mult", g->sneak_running_mult},
    {"geck_def.sneak_action_mult", g->sneak_action_mult},
    {"geck_def.sneak_light_mult", g->sneak_light_mult},
    {"geck_def.detection_sneak_light_mod", g->detection_sneak_light_mod},
    {"geck_def.sneak_light_move_mult", g->sneak_light_move_mult},
    {"geck_def.sneak_light_run_mult", g->sneak_light_run_mult},
    {"geck_def.sneak_stealthboy_mult", g->sneak_stealthboy_mult},
    {"geck_def.sneak_perception_skill_min", g->sneak_perception_skill_min},
    {"geck_def.sneak_perception_skill_max", g->sneak_perception_skill_max},
    {"geck_def.sneak_alert_mod", g->sneak_alert_mod},
    {"geck_def.sneak_sleep_bonus", g->sneak_sleep_bonus},
    {"geck_def.sneak_combat_mod", g->sneak_combat_mod},
    {"geck_def.sneak_noticed_min", g->sneak_noticed_min},
    {"geck_def.sneak_seen_min", g->sneak_seen_min},
    {"geck_def.sneak_lost_min", g->sneak_lost_min},
  };
  for (size_t i = 0; i < sizeof any / sizeof any[0]; i++)
    if (wy_bad(e, fn, any[i].name, any[i].v, WY_FINITE)) return WARY_ERR_BAD_VALUE;
  if (wy_bad(e, fn, "geck_def.interval", g->interval, WY_POSITIVE) ||
      wy_bad(e, fn, "geck_def.sneak_max_distance", g->sneak_max_distance, WY_SCALED_POSITIVE) ||
      wy_bad(e, fn, "geck_def.sneak_exterior_distance_mult", g->sneak_exterior_distance_mult, WY_NONNEG) ||
      wy_bad(e, fn, "geck_def.sneak_distance_attenuation_exponent", g->sneak_distance_attenuation_exponent,
             WY_NONNEG) ||
      wy_bad(e, fn, "geck_def.sneak_sound_los_mult", g->sneak_sound_los_mult, WY_NONNEG) ||
      wy_bad(e, fn, "geck_def.event_lifetime", g->event_lifetime, WY_NONNEG) ||
      wy_bad(e, fn, "geck_def.target_timer", g->target_timer, WY_NONNEG) ||
      wy_bad(e, fn, "geck_def.alert_timer", g->alert_timer, WY_NONNEG) ||
      wy_bad_range(e, fn, "geck_def.view_half_angle", g->view_half_angle, 0.0f, 180.0f))
    return WARY_ERR_BAD_VALUE;
  return WARY_OK;
}

int wary_profile_set_geck(wary_world *w, int32_t profile, const wary_geck_def *def) {
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK) status = geck_check(w->error, __func__, def);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status == WARY_OK && def->enabled) status = intern_keys(w, __func__);
  if (status != WARY_OK) return status;
  wary_geck_def *g = &w->geck->profiles.data[profile];
  if (g->enabled && !def->enabled)
    for (int32_t i = 0; i < w->agents.count; i++)
      if (wy_agent_actor(w, i)->profile == profile) reset_agent(geck_agent(w, i));
  w->geck->enabled_profiles += (def->enabled ? 1 : 0) - (g->enabled ? 1 : 0);
  *g = *def;
  scale_geck(w, g);
  return WARY_OK;
}

static bool create(wary_world *w) {
  w->geck = wy_alloc_zero(&w->alloc, sizeof *w->geck);
  return w->geck != NULL;
}

static void destroy(wary_world *w) {
  if (!w->geck) return;
  for (int32_t i = 0; i < w->geck->agents.count; i++) wy_array_free(&w->tables, &w->geck->agents.data[i].seen);
  wy_array_free(&w->alloc, &w->geck->agents);
  wy_array_free(&w->alloc, &w->geck->profiles);
  wy_array_free(&w->alloc, &w->geck->pending);
  wy_free(&w->alloc, w->geck, sizeof *w->geck);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  return wy_array_reserve(&w->alloc, &w->geck->agents, agents) &&
         wy_array_reserve(&w->alloc, &w->geck->profiles, profiles);
}

/* A new profile does not use the model until its GECK def is set. */
static void profile_added(wary_world *w, int32_t profile) {
  (void)profile;
  wary_geck_def *g = &w->geck->profiles.data[w->geck->profiles.count++];
  *g = wary_default_geck_def();
  scale_geck(w, g);
  g->enabled = false;
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->geck->agents.data[w->geck->agents.count++], 0, sizeof(wy_geck_agent));
}

static void agent_removed(wary_world *w, int32_t agent) {
  w->geck->known -= w->geck->agents.data[agent].seen.count;
  wy_array_free(&w->tables, &w->geck->agents.data[agent].seen);
  wy_array_swap_remove(&w->geck->agents, agent);
}

/* What agents know of a removed actor, and their alerts it owns, go with
 * it. An agent holds alerts and a combat target only while its profile
 * uses the model: the pass alone makes them, for those agents alone, and
 * turning the model off clears them (reset_agent); an actor's profile
 * never changes, and a load takes the saved world's profiles only when
 * they are the world's own, the model on or off in each (and refuses
 * alerts, a target or a state where it is off: save.c). So with no
 * profile using it and nothing known, no agent holds anything about the
 * actor, and the agents are passed by (most worlds never use the model). */
static void actor_removed(wary_world *w, wy_id target) {
  if (w->geck->enabled_profiles == 0 && w->geck->known == 0) return;
  for (int32_t i = 0; i < w->geck->agents.count; i++) {
    wy_geck_agent *gk = geck_agent(w, i);
    int32_t k;
    if (wy_geck_find(gk, target, &k)) seen_remove(w, gk, k);
    else alerts_drop(gk, target, -1);
  }
}

static void loaded(wary_world *w) {
  w->geck->known = 0;
  for (int32_t i = 0; i < w->geck->agents.count; i++) w->geck->known += geck_agent(w, i)->seen.count;
}

/* As the senses' (wary_actor_set_lod_tier): the next evaluation waits the
 * same share of the new interval as was left of the old. */
static void lod_changed(wary_world *w, int32_t agent, float ratio) {
  wy_geck_agent *gk = geck_agent(w, agent);
  if (gk->started) wy_stretch_wait(&gk->next_due, ratio, WY_EPS);
}

const wy_module wy_geck_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
  .agent_added = agent_added, .agent_removed = agent_removed, .actor_removed = actor_removed,
  .lod_changed = lod_changed, .loaded = loaded,
};
