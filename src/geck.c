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
 * there, after the beliefs of the confidence model are resolved. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define WY_DEG2RAD 0.017453292519943295f
#define WY_EPS 1e-5f

static const char *const key_names[WY_GECK_KEYS] = {
  "armor_weight", "sneak", "perception", "running", "action",
  "blindness", "stealth_field", "sleeping", "dead", "exterior",
};

/* The head's height as a share of the eye height, per stance (vision's head
 * points: 1.70 m standing, 1.10 m crouched, 0.25 m prone). */
static const float head_share[3] = {1.0f, 1.10f / 1.70f, 0.25f / 1.70f};

int wy_geck_intern(wary_world *w) {
  if (w->geck_keys[0] != 0) return WARY_OK;
  int32_t keys[WY_GECK_KEYS];
  for (int i = 0; i < WY_GECK_KEYS; i++) {
    keys[i] = wary_name(w, key_names[i]);
    if (keys[i] < 1) return keys[i];
  }
  memcpy(w->geck_keys, keys, sizeof keys);
  return WARY_OK;
}

static float prop(const wary_world *w, const wy_actor *a, int key, float fallback) {
  int32_t k = w->geck_keys[key];
  for (int32_t i = 0; i < a->prop_count; i++)
    if (a->prop_key[i] == k) return a->prop_value[i];
  return fallback;
}

static bool flag(const wary_world *w, const wy_actor *a, int key) {
  return prop(w, a, key, 0.0f) != 0.0f;
}

static wary_id id_of(const wary_world *w, int32_t slot) {
  return wy_actor_id(w, slot);
}

/* Until relationships exist: other teams are enemies, team 0 is nobody's
 * (or everybody's, with team_zero_hostile); the dead are nobody's. */
static bool hostile(const wary_world *w, const wary_geck_def *g, const wy_actor *a,
                    const wy_actor *t) {
  if (!t || a == t || flag(w, t, WY_KEY_DEAD)) return false;
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
  return powf((radius - d) / radius, g->sneak_distance_attenuation_exponent);
}

/* A ray through the occluders lets some sight through. */
static bool line_of_sight(wary_world *w, const float from[3], const float to[3]) {
  wary_ray_result r;
  w->stats.rays++;
  wy_occ_ray(&w->occ, w->materials, from, to, &r);
  return r.transmission > 0.0f;
}

/* The modified perception skill of agent a towards target. */
static float perception_skill(const wary_world *w, const wy_geck_agent *gk, const wary_geck_def *g,
                              const wy_actor *a, wary_id target) {
  float base = g->sneak_perception_skill_min +
               (g->sneak_perception_skill_max - g->sneak_perception_skill_min) *
                 prop(w, a, WY_KEY_PERCEPTION, 5.0f) / 10.0f;
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
static void compute(wary_world *w, wy_agent *ag, const wary_geck_def *g, wy_geck_seen *e) {
  const wy_actor *a = &w->actors.data[ag->actor];
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
      contact = len <= 0.0f || dot >= len * cosf(g->view_half_angle * WY_DEG2RAD);
    }
  }
  bool moving = t->vel[0] != 0.0f || t->vel[1] != 0.0f || t->vel[2] != 0.0f;
  bool running = moving && flag(w, t, WY_KEY_RUNNING);
  float movement = 0.0f;
  if (moving)
    movement = (g->sneak_boot_weight_base +
                g->sneak_boot_weight_mult * prop(w, t, WY_KEY_ARMOR_WEIGHT, 0.0f)) *
               (running ? g->sneak_running_mult : 1.0f);
  float action = prop(w, t, WY_KEY_ACTION, 0.0f) * g->sneak_action_mult;
  float sound = att * g->sneak_sounds_mult * (movement + action) *
                (los ? 1.0f : g->sneak_sound_los_mult);
  float visual = 0.0f;
  if (contact) {
    float level = (g->use_world_light ? wy_light_at(w, t, true) : t->light) * 100.0f;
    float light = (g->detection_sneak_light_mod + level) * g->sneak_light_mult;
    float motion = 1.0f + (moving ? g->sneak_light_move_mult : 0.0f) +
                   (running ? g->sneak_light_run_mult : 0.0f);
    float sight = (100.0f - prop(w, a, WY_KEY_BLINDNESS, 0.0f)) / 100.0f;
    float field = flag(w, t, WY_KEY_STEALTH_FIELD) ? g->sneak_stealthboy_mult : 1.0f;
    visual = att * light * motion * sight * field;
  }
  float skill = g->sneak_skill_mult * (perception_skill(w, &ag->geck, g, a, e->target) * att -
                                       prop(w, t, WY_KEY_SNEAK, 0.0f));
  e->attenuation = att;
  e->sound = sound;
  e->visual = visual;
  e->skill = skill;
  e->los = los;
  e->value = g->sneak_base_value + sound + visual + skill;
  memcpy(e->pos, t->pos, sizeof e->pos);
  if (e->value > g->sneak_seen_min) memcpy(e->last_known, t->pos, sizeof e->last_known);
  update_timer(g, e);
}

/* ---- the two lists --------------------------------------------------------- */

static wy_geck_seen *seen_find(const wy_geck_agent *gk, wary_id target, int32_t *index) {
  for (int32_t i = 0; i < gk->seen.count; i++)
    if (gk->seen.data[i].target == target) {
      if (index) *index = i;
      return &gk->seen.data[i];
    }
  return NULL;
}

static wy_geck_seen *seen_add(wy_geck_agent *gk, wary_id target, const wy_actor *t) {
  if (!wy_array_reserve(&gk->seen, gk->seen.count + 1))
    return NULL;
  wy_geck_seen *e = &gk->seen.data[gk->seen.count++];
  memset(e, 0, sizeof *e);
  e->target = target;
  e->undetected = -1.0f;
  memcpy(e->pos, t->pos, sizeof e->pos);
  memcpy(e->last_known, t->pos, sizeof e->last_known);
  return e;
}

/* What the agent knows of target, computed now. */
static wy_geck_seen *seen_now(wary_world *w, wy_agent *ag, const wary_geck_def *g, wary_id target) {
  wy_geck_seen *e = seen_find(&ag->geck, target, NULL);
  if (!e) e = seen_add(&ag->geck, target, wy_actor_get(w, target));
  if (e) compute(w, ag, g, e);
  return e;
}

static void alerts_drop(wy_geck_agent *gk, wary_id owner, int32_t type) {
  int32_t n = 0;
  for (int32_t i = 0; i < gk->alert_count; i++) {
    const wary_geck_alert *al = &gk->alerts[i];
    if (al->owner == owner && (type < 0 || al->type == type)) continue;
    gk->alerts[n++] = *al;
  }
  gk->alert_count = n;
}

static void seen_remove(wy_geck_agent *gk, int32_t i) {
  alerts_drop(gk, gk->seen.data[i].target, -1);
  if (gk->current == gk->seen.data[i].target) gk->current = 0;
  memmove(gk->seen.data + i, gk->seen.data + i + 1,
          (size_t)(gk->seen.count - i - 1) * sizeof *gk->seen.data);
  gk->seen.count--;
}

/* An event of the same owner and type is refreshed in place; a full list
 * gives up the entry closest to expiring. */
static void alert_add(wy_geck_agent *gk, const wary_geck_def *g, wary_id owner, int32_t type,
                      const float pos[3], float rating) {
  wary_geck_alert *al = NULL;
  for (int32_t i = 0; owner != 0 && i < gk->alert_count && !al; i++)
    if (gk->alerts[i].owner == owner && gk->alerts[i].type == type) al = &gk->alerts[i];
  if (!al && gk->alert_count < WARY_GECK_MAX_ALERTS) al = &gk->alerts[gk->alert_count++];
  for (int32_t i = 0; !al && i < gk->alert_count; i++)
    if (i == 0 || gk->alerts[i].remaining < al->remaining) al = &gk->alerts[i];
  al->owner = owner;
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

void wy_geck_reset_agent(wy_agent *ag) {
  wy_geck_agent *gk = &ag->geck;
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

void wy_geck_free_agent(wy_agent *ag) {
  wy_array_free(&ag->geck.seen);
}

void wy_geck_drop_target(wary_world *w, wary_id target) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_geck_agent *gk = &w->agents.data[i].geck;
    int32_t k;
    if (seen_find(gk, target, &k)) seen_remove(gk, k);
    else alerts_drop(gk, target, -1);
  }
}

/* ---- states ------------------------------------------------------------------ */

/* Changes state and says why: cause (0: timers), its detection value and
 * place, and the type of the detection event behind it (-1 none). */
static void enter(wary_world *w, wy_agent *ag, const wary_geck_def *g, int32_t state,
                  wary_id cause, float value, const float pos[3], int32_t type) {
  wy_geck_agent *gk = &ag->geck;
  wary_event *ev = wy_event_push(w, WARY_EV_GECK, id_of(w, ag->actor));
  if (ev) {
    ev->target = cause;
    ev->from_state = gk->state;
    ev->to_state = state;
    ev->confidence = value;
    ev->index = type;
    if (pos) memcpy(ev->pos, pos, sizeof ev->pos);
  }
  if (state == WARY_GECK_NORMAL) wy_geck_reset_agent(ag);
  gk->state = state;
  gk->time_in_state = 0.0f;
  if (state == WARY_GECK_LOST) gk->alert_timer = g->alert_timer;
}

static void enter_because(wary_world *w, wy_agent *ag, const wary_geck_def *g, int32_t state,
                          const wy_geck_seen *e, int32_t type) {
  enter(w, ag, g, state, e ? e->target : 0, e ? e->value : 0.0f, e ? e->pos : NULL, type);
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

static void combat(wary_world *w, wy_agent *ag, const wary_geck_def *g) {
  wy_geck_agent *gk = &ag->geck;
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
  if (listed == 0 && gk->alert_count == 0) {
    enter(w, ag, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
  } else if (all_lost && gk->alert_count > 0) {
    wy_geck_seen *e = seen_find(gk, gk->current, NULL);
    enter(w, ag, g, WARY_GECK_LOST, gk->current, e ? e->value : 0.0f, e ? e->last_known : NULL, -1);
  }
}

static void rules(wary_world *w, wy_agent *ag, const wary_geck_def *g) {
  wy_geck_agent *gk = &ag->geck;
  wy_geck_seen *detected = strongest(gk, g->sneak_seen_min);
  if (detected && gk->state != WARY_GECK_COMBAT) {
    list_detected(gk, g);
    enter_because(w, ag, g, WARY_GECK_COMBAT, detected, -1);
    return;
  }
  switch (gk->state) {
  case WARY_GECK_NORMAL: {
    wy_geck_seen *noticed = strongest(gk, g->sneak_noticed_min);
    if (noticed) {
      notice(gk, g);
      enter_because(w, ag, g, WARY_GECK_ALERT, noticed, WARY_GECK_EVENT_NOTICED);
    }
    break;
  }
  case WARY_GECK_ALERT:
    notice(gk, g);
    drop_expired(gk, g);
    if (gk->alert_count == 0) enter(w, ag, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
    break;
  case WARY_GECK_COMBAT: combat(w, ag, g); break;
  default: {
    notice(gk, g);
    drop_expired(gk, g);
    bool quiet = gk->alert_timer <= WY_EPS;
    for (int32_t i = 0; quiet && i < gk->seen.count; i++)
      quiet = !gk->seen.data[i].listed || gk->seen.data[i].value <= g->sneak_noticed_min;
    if (quiet) enter(w, ag, g, WARY_GECK_NORMAL, 0, 0.0f, NULL, -1);
    break;
  }
  }
}

/* ---- detection events and damage --------------------------------------------------- */

/* An agent within reach runs detection on the event: its action rating as
 * the sound, the agent's perception as the skill (an event has no sneak). */
static bool hear_event(wary_world *w, wy_agent *ag, const wary_geck_def *g,
                       const wy_geck_pending *ev) {
  wy_geck_agent *gk = &ag->geck;
  const wy_actor *a = &w->actors.data[ag->actor];
  if (gk->state == WARY_GECK_COMBAT || id_of(w, ag->actor) == ev->owner) return true;
  if (ev->owner != 0 ? !hostile(w, g, a, wy_actor_get(w, ev->owner)) : !g->hear_ownerless_events)
    return true;
  float radius = radius_of(w, g, a);
  float d = wy_dist3(a->pos, ev->pos);
  if (d > radius) return true;
  float att = attenuation(g, d, radius);
  float eye[3], forward[3];
  wy_actor_eye(w, a, eye, forward);
  bool los = line_of_sight(w, eye, ev->pos);
  float value = g->sneak_base_value +
                att * g->sneak_sounds_mult * ev->rating * g->sneak_action_mult *
                  (los ? 1.0f : g->sneak_sound_los_mult) +
                g->sneak_skill_mult * perception_skill(w, gk, g, a, ev->owner) * att;
  if (value <= g->sneak_noticed_min) return true;
  alert_add(gk, g, ev->owner, ev->type, ev->pos, ev->rating);
  if (gk->state == WARY_GECK_NORMAL) {
    enter(w, ag, g, WARY_GECK_ALERT, ev->owner, value, ev->pos, ev->type);
    return true;
  }
  if (gk->state == WARY_GECK_LOST) gk->alert_timer = g->alert_timer;
  if (ev->owner == 0) return true;
  wy_geck_seen *e = seen_now(w, ag, g, ev->owner);
  if (!e) return false;
  list(g, e, ev->pos);
  return true;
}

/* Damage counts whatever the distance: an event at the attacker with its
 * detection value now. */
static bool damaged(wary_world *w, wy_agent *ag, const wary_geck_def *g, wary_id attacker) {
  wy_geck_agent *gk = &ag->geck;
  const wy_actor *t = wy_actor_get(w, attacker);
  if (!hostile(w, g, &w->actors.data[ag->actor], t)) return true;
  wy_geck_seen *e = seen_now(w, ag, g, attacker);
  if (!e) return false;
  alert_add(gk, g, attacker, WARY_GECK_EVENT_DAMAGE, t->pos, e->value);
  if (gk->state == WARY_GECK_NORMAL) {
    enter_because(w, ag, g, WARY_GECK_ALERT, e, WARY_GECK_EVENT_DAMAGE);
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
    wy_agent *ag = &w->agents.data[victim->agent];
    const wy_profile *p = wy_profile_of(w, ag);
    return !p->geck.enabled || damaged(w, ag, &p->geck, ev->owner);
  }
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_agent *ag = &w->agents.data[i];
    const wy_profile *p = wy_profile_of(w, ag);
    if (p->geck.enabled && !hear_event(w, ag, &p->geck, ev)) return false;
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

/* Staggered like the senses: golden-ratio phases over the interval. */
static bool due(const wary_world *w, wy_agent *ag, const wary_geck_def *g, float dt) {
  wy_geck_agent *gk = &ag->geck;
  const wy_actor *a = &w->actors.data[ag->actor];
  float interval = g->interval * w->def.lod_interval_scale[a->lod_tier];
  if (!gk->started) {
    gk->started = true;
    gk->next_due = (float)fmod((double)a->serial * 0.6180339887498949, 1.0) * interval;
  }
  bool now = gk->next_due <= WY_EPS;
  if (now) {
    gk->next_due += interval;
    if (gk->next_due <= 0.0f) gk->next_due = interval;
  }
  gk->next_due -= dt;
  return now;
}

/* Hostiles inside the agent's reach join what it knows; everything it
 * knows is computed again (beyond reach: no attenuation, no ray). */
static int evaluate(wary_world *w, wy_agent *ag, const wary_geck_def *g) {
  wy_geck_agent *gk = &ag->geck;
  const wy_actor *a = &w->actors.data[ag->actor];
  int32_t count = 0;
  const int32_t *cand = wy_grid_query(&w->grid, a->pos, radius_of(w, g, a), &count);
  if (count < 0) return WARY_ERR_OUT_OF_MEMORY;
  w->stats.candidates += (uint64_t)count;
  for (int32_t c = 0; c < count; c++) {
    const wy_actor *t = &w->actors.data[cand[c]];
    wary_id target = id_of(w, cand[c]);
    if (!hostile(w, g, a, t) || seen_find(gk, target, NULL)) continue;
    if (!seen_add(gk, target, t)) return WARY_ERR_OUT_OF_MEMORY;
  }
  pick_current(gk);
  for (int32_t i = gk->seen.count - 1; i >= 0; i--) {
    if (!hostile(w, g, a, wy_actor_get(w, gk->seen.data[i].target))) seen_remove(gk, i);
    else compute(w, ag, g, &gk->seen.data[i]);
  }
  return WARY_OK;
}

int wy_geck_step(wary_world *w, float dt) {
  int status = WARY_OK;
  for (int32_t i = 0; i < w->agents.count; i++)
    if (wy_profile_of(w, &w->agents.data[i])->geck.enabled) tick(&w->agents.data[i].geck, dt);
  /* Direct detection first: a sneaky shooter detected at once goes Normal to
   * Combat, even when the same shot is also a detection event (which a guard
   * already in Combat then ignores). */
  for (int32_t i = 0; i < w->agents.count && status == WARY_OK; i++) {
    wy_agent *ag = &w->agents.data[i];
    const wary_geck_def *g = &wy_profile_of(w, ag)->geck;
    if (!g->enabled) continue;
    if (due(w, ag, g, dt)) status = evaluate(w, ag, g);
    if (status == WARY_OK) rules(w, ag, g);
  }
  for (int32_t k = 0; k < w->geck_pending.count && status == WARY_OK; k++)
    if (!deliver(w, &w->geck_pending.data[k])) status = WARY_ERR_OUT_OF_MEMORY;
  w->geck_pending.count = 0;
  return status;
}

/* ---- the public calls -------------------------------------------------------------------- */

static bool queue(wary_world *w, const wy_geck_pending *p) {
  if (!wy_array_reserve(&w->geck_pending, w->geck_pending.count + 1))
    return false;
  w->geck_pending.data[w->geck_pending.count++] = *p;
  return true;
}

int wary_create_detection_event(wary_world *w, wary_id owner, float x, float y, float z,
                                float rating, int32_t type) {
  if (owner != 0 && !wy_actor_get(w, owner)) return wy_actor_status(w, owner);
  if (!wy_finite3(x, y, z) || !wy_finite(rating) || rating < 0.0f) return WARY_ERR_BAD_VALUE;
  if (type < WARY_GECK_EVENT_NOTICED || type > WARY_GECK_EVENT_CUSTOM) return WARY_ERR_BAD_VALUE;
  wy_geck_pending p = {false, owner, 0, {x, y, z}, rating, type};
  return queue(w, &p) ? WARY_OK : WARY_ERR_OUT_OF_MEMORY;
}

int wary_geck_damage(wary_world *w, wary_id victim, wary_id attacker) {
  const wy_actor *v = wy_actor_get(w, victim);
  if (!v) return wy_actor_status(w, victim);
  if (!wy_actor_get(w, attacker)) return wy_actor_status(w, attacker);
  if (v->agent < 0) return WARY_ERR_NOT_AGENT;
  if (victim == attacker) return WARY_ERR_BAD_VALUE;
  wy_geck_pending p = {true, attacker, victim, {0.0f, 0.0f, 0.0f}, 0.0f, WARY_GECK_EVENT_DAMAGE};
  return queue(w, &p) ? WARY_OK : WARY_ERR_OUT_OF_MEMORY;
}

/* The agent, or NULL with *status set (WARY_ERR_NOT_FOUND: no GECK model). */
static const wy_agent *geck_of(const wary_world *w, wary_id agent, int *status) {
  const wy_actor *a = wy_actor_get(w, agent);
  *status = !a ? wy_actor_status(w, agent)
            : a->agent < 0 ? WARY_ERR_NOT_AGENT
            : !w->profiles.data[a->profile].geck.enabled ? WARY_ERR_NOT_FOUND
                                                    : WARY_OK;
  return *status == WARY_OK ? &w->agents.data[a->agent] : NULL;
}

int32_t wary_geck_state(const wary_world *w, wary_id agent) {
  int status;
  const wy_agent *ag = geck_of(w, agent, &status);
  return ag ? ag->geck.state : status;
}

int wary_geck_info_get(const wary_world *w, wary_id agent, wary_geck_info *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = geck_of(w, agent, &status);
  if (!ag) return status;
  const wy_geck_agent *gk = &ag->geck;
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
  out->combat_target = best ? best->target : 0;
  return WARY_OK;
}

int wary_geck_alert_at(const wary_world *w, wary_id agent, int32_t i, wary_geck_alert *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = geck_of(w, agent, &status);
  if (!ag) return status;
  if (i < 0 || i >= ag->geck.alert_count) return WARY_ERR_NOT_FOUND;
  *out = ag->geck.alerts[i];
  return WARY_OK;
}

static int target_info(const wary_world *w, const wy_agent *ag, const wy_geck_seen *e,
                       wary_geck_target *out) {
  if (!e) return WARY_ERR_NOT_FOUND;
  float timer = wy_profile_of(w, ag)->geck.target_timer;
  out->target = e->target;
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

int wary_geck_target_at(const wary_world *w, wary_id agent, int32_t i, wary_geck_target *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = geck_of(w, agent, &status);
  if (!ag) return status;
  if (i < 0 || i >= ag->geck.seen.count) return WARY_ERR_NOT_FOUND;
  return target_info(w, ag, &ag->geck.seen.data[i], out);
}

int wary_geck_target_get(const wary_world *w, wary_id agent, wary_id target,
                         wary_geck_target *out) {
  memset(out, 0, sizeof *out);
  int status;
  const wy_agent *ag = geck_of(w, agent, &status);
  if (!ag) return status;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target);
  return target_info(w, ag, seen_find(&ag->geck, target, NULL), out);
}

int wary_geck_detection_value(const wary_world *w, wary_id agent, wary_id target, float *out) {
  wary_geck_target t;
  int status = wary_geck_target_get(w, agent, target, &t);
  *out = t.detection;
  return status;
}
