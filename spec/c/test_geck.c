/* test_geck.c - the GECK model (seed 001) through the public C API: the
 * detection value computed by hand for walking, running in heavy armour,
 * dark and lit, with and without line of sight, alert, asleep, blind, in a
 * stealth field, outdoors and beyond reach; a sneaky shot that goes straight
 * from Normal to Combat; detection events; the calls' statuses; a prop
 * cleared. */
#include <string.h>

#include "check.h"
#include "wary.h"

typedef struct scene {
  wary_world *w;
  int32_t profile;
  wary_actor_id agent, target;
} scene;

static void set(scene *s, wary_actor_id actor, const char *key, float value) {
  ENSURE(wary_actor_set_prop(s->w, actor, make_name(s->w, key), value) == WARY_OK);
}

/* An agent at the origin (team 1, perception 6) and a hostile target (team
 * 2, sneak 30, armour 20, light 0.8) at x, walking; evaluated every step. */
static scene make(float x) {
  scene s;
  memset(&s, 0, sizeof s);
  s.w = make_world(NULL);
  wary_profile_def p = wary_default_profile_def();
  s.profile = make_profile(s.w, &p);
  wary_geck_def g = wary_default_geck_def();
  g.interval = 0.001f;
  ENSURE(wary_profile_set_geck(s.w, s.profile, &g) == WARY_OK);
  wary_actor_def a = wary_default_actor_def();
  a.profile = s.profile;
  a.team = 1;
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = x;
  t.vel[0] = 100.0f;
  t.team = 2;
  t.light = 0.8f;
  s.target = make_actor(s.w, &t);
  set(&s, s.agent, "perception", 6.0f);
  set(&s, s.target, "sneak", 30.0f);
  set(&s, s.target, "armor_weight", 20.0f);
  return s;
}

/* The target's entry after one step (the state the step started in). */
static wary_geck_target look(scene *s) {
  wary_geck_target t;
  ENSURE(wary_step(s->w, 0.01f) == WARY_OK);
  ENSURE(wary_geck_target_get(s->w, s->agent, s->target, &t) == WARY_OK);
  return t;
}

/* At 10 m of 25 m: attenuation (15 / 25)^2 = 0.36. Perception 6: skill 60. */
static void test_walking_lit(void) {
  scene s = make(1000.0f);
  wary_geck_target t = look(&s);
  NEAR(t.attenuation, 0.36f);
  ENSURE(t.line_of_sight);
  NEAR(t.sound, 0.36f * (10.0f + 20.0f));                  /* boot weight 10 + armour 20 */
  NEAR(t.visual, 0.36f * (80.0f * 0.5f) * 1.5f);           /* light 80 x 0.5, moving x 1.5 */
  NEAR(t.skill, 0.5f * (60.0f * 0.36f - 30.0f));           /* -4.2 */
  NEAR(t.detection, -35.0f + 10.8f + 21.6f - 4.2f);        /* -6.8: noticed, not seen */
  float v;
  ENSURE(wary_geck_detection_value(s.w, s.agent, s.target, &v) == WARY_OK);
  NEAR(v, t.detection);
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_ALERT);
  wary_world_destroy(s.w);
}

static void test_running_heavy_armour(void) {
  scene s = make(1000.0f);
  set(&s, s.target, "armor_weight", 45.0f);
  set(&s, s.target, "running", 1.0f);
  wary_geck_target t = look(&s);
  NEAR(t.sound, 0.36f * (10.0f + 45.0f) * 1.5f);           /* 29.7 */
  NEAR(t.visual, 0.36f * 40.0f * 2.0f);                    /* moving and running: x 2 */
  NEAR(t.detection, -35.0f + 29.7f + 28.8f - 4.2f);        /* 19.3: seen */
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_COMBAT);
  wary_world_destroy(s.w);
}

/* Seed 001: "unless player has Silent Running perk": running sounds as
 * walking, and still shows. */
static void test_silent_running(void) {
  scene s = make(1000.0f);
  set(&s, s.target, "armor_weight", 45.0f);
  set(&s, s.target, "running", 1.0f);
  set(&s, s.target, "silent_running", 1.0f);
  wary_geck_target t = look(&s);
  NEAR(t.sound, 0.36f * (10.0f + 45.0f));                  /* 19.8: no running mult */
  NEAR(t.visual, 0.36f * 40.0f * 2.0f);
  NEAR(t.detection, -35.0f + 19.8f + 28.8f - 4.2f);        /* 9.4: still seen */
  wary_world_destroy(s.w);
}

static void test_dark_behind_a_wall(void) {
  scene s = make(1000.0f);
  ENSURE(wary_actor_set_light(s.w, s.target, 0.0f) == WARY_OK);
  wary_geck_target t = look(&s);
  NEAR(t.visual, 0.0f);                                    /* light level 0 */
  NEAR(t.detection, -35.0f + 10.8f - 4.2f);
  wary_box_def b = wary_default_box_def();
  b.min[0] = 500.0f;
  b.max[0] = 510.0f;
  b.min[1] = -300.0f;
  b.max[1] = 300.0f;
  b.max[2] = 400.0f;
  make_box(s.w, &b);
  ENSURE(wary_actor_set_light(s.w, s.target, 1.0f) == WARY_OK);
  t = look(&s);
  ENSURE(!t.line_of_sight);
  NEAR(t.visual, 0.0f);                                    /* no visual contact */
  NEAR(t.sound, 0.36f * 30.0f * 0.1f);                     /* fSneakSoundLosMult */
  wary_world_destroy(s.w);
}

static void test_alert_asleep_blind_field(void) {
  scene s = make(1000.0f);
  look(&s); /* Normal -> Alert at -6.8 */
  wary_geck_target t = look(&s);
  NEAR(t.skill, 0.5f * (60.0f * 1.5f * 0.36f - 30.0f));   /* Alert: perception x 1.5 */
  wary_world_destroy(s.w);

  s = make(1000.0f);
  set(&s, s.agent, "sleeping", 1.0f);
  set(&s, s.agent, "blindness", 50.0f);
  set(&s, s.target, "stealth_field", 1.0f);
  t = look(&s);
  NEAR(t.skill, 0.5f * (60.0f * 0.25f * 0.36f - 30.0f));  /* asleep: x (1 - 0.75) */
  NEAR(t.visual, 21.6f * 0.5f * 0.1f);                     /* half blind, stealth field */
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_NORMAL);
  wary_world_destroy(s.w);
}

static void test_reach(void) {
  scene s = make(3000.0f);
  set(&s, s.agent, "exterior", 1.0f);                      /* outdoors: 50 m */
  wary_geck_target t = look(&s);
  NEAR(t.attenuation, 0.4f * 0.4f);                        /* (20 / 50)^2 */
  set(&s, s.agent, "exterior", 0.0f);
  t = look(&s);
  NEAR(t.attenuation, 0.0f);                               /* beyond 25 m */
  NEAR(t.detection, -35.0f - 0.5f * 30.0f);
  wary_world_destroy(s.w);
}

/* A sneaky target standing still in the dark at 6 m, then a shot (action 100). */
static void test_sneaky_shot(void) {
  scene s = make(600.0f);
  ENSURE(wary_actor_set_velocity(s.w, s.target, 0.0f, 0.0f, 0.0f) == WARY_OK);
  ENSURE(wary_actor_set_light(s.w, s.target, 0.0f) == WARY_OK);
  set(&s, s.target, "sneak", 60.0f);
  float att = (1900.0f / 2500.0f) * (1900.0f / 2500.0f);
  wary_geck_target t = look(&s);
  NEAR(t.detection, -35.0f + 0.5f * (60.0f * att - 60.0f)); /* about -47.7 */
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_NORMAL);
  set(&s, s.target, "action", 100.0f);
  t = look(&s);
  NEAR(t.detection, -35.0f + att * 100.0f + 0.5f * (60.0f * att - 60.0f)); /* about +10 */
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_COMBAT);
  int found = 0;
  for (int32_t i = 0; i < wary_event_count(s.w); i++) {
    const wary_event *e = &wary_events(s.w)[i];
    if (e->type != WARY_EV_GECK) continue;
    found++;
    ENSURE(e->from_state == WARY_GECK_NORMAL && e->to_state == WARY_GECK_COMBAT);
    ENSURE(e->agent.id == s.agent.id && e->target.id == s.target.id && e->index == -1);
    NEAR(e->confidence, t.detection);
  }
  ENSURE(found == 1);
  wary_world_destroy(s.w);
}

static void test_detection_event(void) {
  scene s = make(1000.0f);
  ENSURE(wary_actor_set_pos(s.w, s.target, 100000.0f, 0.0f, 0.0f) == WARY_OK);
  ENSURE(wary_step(s.w, 0.01f) == WARY_OK);
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_NORMAL);
  /* An explosion of rating 100 at 10 m: -35 + 0.36 x 100 + 0.5 x 60 x 0.36 = 11.8. */
  ENSURE(wary_create_detection_event(s.w, s.target, 1000.0f, 0.0f, 0.0f, 100.0f,
                                     WARY_GECK_EVENT_EXPLOSION) == WARY_OK);
  ENSURE(wary_step(s.w, 0.01f) == WARY_OK);
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_ALERT);
  wary_geck_alert al;
  ENSURE(wary_geck_alert_at(s.w, s.agent, 0, &al) == WARY_OK);
  ENSURE(al.owner.id == s.target.id && al.type == WARY_GECK_EVENT_EXPLOSION);
  NEAR(al.rating, 100.0f);
  NEAR(al.pos[0], 1000.0f);
  const wary_event *e = &wary_events(s.w)[0];
  ENSURE(e->type == WARY_EV_GECK && e->index == WARY_GECK_EVENT_EXPLOSION);
  NEAR(e->confidence, -35.0f + 36.0f + 0.5f * 60.0f * 0.36f);
  wary_world_destroy(s.w);
}

/* A full alert list gives up the entry closest to expiring: ownerless
 * events one a step, the 17th takes the 1st's place and the 18th the 2nd's
 * (the list kept replacing its first entry, the 17th among them). */
static void test_full_alert_list(void) {
  scene s = make(1000.0f);
  ENSURE(wary_actor_set_pos(s.w, s.target, 100000.0f, 0.0f, 0.0f) == WARY_OK);
  const wary_actor_id nobody = WARY_NULL_HANDLE;
  for (int32_t i = 1; i <= WARY_GECK_MAX_ALERTS + 2; i++) {
    ENSURE(wary_create_detection_event(s.w, nobody, 1000.0f, 0.0f, 0.0f, 100.0f + (float)i,
                                       WARY_GECK_EVENT_EXPLOSION) == WARY_OK);
    ENSURE(wary_step(s.w, 0.1f) == WARY_OK);
  }
  wary_geck_info info;
  ENSURE(wary_geck_info_get(s.w, s.agent, &info) == WARY_OK);
  ENSURE(info.alert_count == WARY_GECK_MAX_ALERTS);
  bool held[WARY_GECK_MAX_ALERTS + 3] = {false};
  for (int32_t k = 0; k < info.alert_count; k++) {
    wary_geck_alert al;
    ENSURE(wary_geck_alert_at(s.w, s.agent, k, &al) == WARY_OK);
    int32_t i = (int32_t)(al.rating - 100.0f + 0.5f);
    ENSURE(i >= 1 && i <= WARY_GECK_MAX_ALERTS + 2);
    if (i >= 1 && i <= WARY_GECK_MAX_ALERTS + 2) held[i] = true;
  }
  ENSURE(!held[1] && !held[2]);
  for (int32_t i = 3; i <= WARY_GECK_MAX_ALERTS + 2; i++) ENSURE(held[i]);
  wary_world_destroy(s.w);
}

static void test_statuses(void) {
  scene s = make(1000.0f);
  float v = 1.0f;
  ENSURE(wary_geck_detection_value(s.w, s.agent, s.target, &v) == WARY_ERR_NOT_FOUND);
  ENSURE(v == 0.0f);
  ENSURE(wary_geck_state(s.w, s.target) == WARY_ERR_NOT_AGENT);
  const wary_actor_id nobody = WARY_NULL_HANDLE, unknown = {12345};
  ENSURE(wary_geck_state(s.w, nobody) == WARY_ERR_STALE_ID);
  ENSURE(wary_create_detection_event(s.w, nobody, 0.0f, 0.0f, 0.0f, -1.0f, 0) == WARY_ERR_BAD_VALUE);
  ENSURE(wary_create_detection_event(s.w, nobody, 0.0f, 0.0f, 0.0f, 1.0f, 7) == WARY_ERR_BAD_VALUE);
  /* Noticed, damage and last-known events are the model's own, not the game's. */
  for (int32_t type = WARY_GECK_EVENT_NOTICED; type <= WARY_GECK_EVENT_LAST_KNOWN; type++)
    ENSURE(wary_create_detection_event(s.w, nobody, 0.0f, 0.0f, 0.0f, 1.0f, type) == WARY_ERR_BAD_VALUE);
  ENSURE(strstr(wary_last_error(s.w), "type: expected an integer in [3, 6], got 2") != NULL);
  /* A hit on an agent of the confidence model is refused, as every GECK call on it. */
  wary_profile_def plain = wary_default_profile_def();
  int32_t plain_profile = -1;
  ENSURE(wary_profile_create(s.w, &plain, &plain_profile) == WARY_OK);
  wary_actor_def ad = wary_default_actor_def();
  ad.profile = plain_profile;
  wary_actor_id other = WARY_NULL_HANDLE;
  ENSURE(wary_actor_create(s.w, &ad, &other) == WARY_OK);
  ENSURE(wary_geck_damage(s.w, other, s.target) == WARY_ERR_NOT_FOUND);
  ENSURE(strstr(wary_last_error(s.w), "victim: expected an agent of the GECK model") != NULL);
  ENSURE(wary_geck_damage(s.w, s.agent, s.target) == WARY_OK);
  ENSURE(wary_create_detection_event(s.w, unknown, 0.0f, 0.0f, 0.0f, 1.0f, 0) == WARY_ERR_STALE_ID);
  ENSURE(wary_geck_damage(s.w, s.target, s.agent) == WARY_ERR_NOT_AGENT);
  wary_geck_def g = wary_default_geck_def();
  g.sneak_max_distance = 0.0f;
  ENSURE(wary_profile_set_geck(s.w, s.profile, &g) == WARY_ERR_BAD_VALUE);
  g = wary_default_geck_def();
  g.enabled = false;
  ENSURE(wary_profile_set_geck(s.w, s.profile, &g) == WARY_OK);
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_ERR_NOT_FOUND);
  /* A profile without the model leaves the agent alone. */
  ENSURE(wary_step(s.w, 0.1f) == WARY_OK);
  ENSURE(wary_event_count(s.w) == 0);
  wary_world_destroy(s.w);
}

/* wary_actor_clear_prop: the model reads its default again; the other
 * props keep their values; nothing to clear is no error. */
static void test_clear_prop(void) {
  scene s = make(1000.0f);
  set(&s, s.target, "armor_weight", 45.0f);
  set(&s, s.target, "running", 1.0f);
  int32_t running = make_name(s.w, "running"), armor = make_name(s.w, "armor_weight");
  ENSURE(wary_actor_clear_prop(s.w, s.target, running) == WARY_OK);
  ENSURE(wary_actor_clear_prop(s.w, s.target, running) == WARY_OK);
  NEAR(wary_actor_get_prop(s.w, s.target, running, -1.0f), -1.0f);
  NEAR(wary_actor_get_prop(s.w, s.target, armor, -1.0f), 45.0f);
  wary_geck_target t = look(&s);
  NEAR(t.sound, 0.36f * (10.0f + 45.0f)); /* walking again */
  ENSURE(wary_actor_clear_prop(s.w, s.target, 99999) == WARY_ERR_NOT_FOUND);
  ENSURE(strstr(wary_last_error(s.w), "key: expected an interned name") != NULL);
  wary_world_destroy(s.w);
}

/* Settings and props are any finite floats: terms that overflow saturate
 * (the largest float of their sign), so the value stays a number and the
 * states follow it. sound +inf and skill -inf made the value NaN. */
static void test_overflow_saturates(void) {
  scene s = make(1000.0f);
  wary_geck_def g = wary_default_geck_def();
  g.interval = 0.001f;
  g.sneak_sounds_mult = 3e38f;
  g.sneak_skill_mult = 3e38f;
  ENSURE(wary_profile_set_geck(s.w, s.profile, &g) == WARY_OK);
  set(&s, s.target, "sneak", 100.0f);
  wary_geck_target t = look(&s);
  ENSURE(t.sound == 3.40282347e38f && t.skill == -3.40282347e38f);
  /* base + sound + visual + skill, each sum a float's. */
  ENSURE(t.detection == t.detection && t.detection == ((-35.0f + t.sound) + t.visual) + t.skill);
  /* A game's prop of 1e38 armour: the sound term saturates alone. */
  set(&s, s.target, "armor_weight", 1e38f);
  g.sneak_skill_mult = 0.5f;
  ENSURE(wary_profile_set_geck(s.w, s.profile, &g) == WARY_OK);
  t = look(&s);
  ENSURE(t.sound == 3.40282347e38f && t.detection == 3.40282347e38f);
  ENSURE(wary_geck_state(s.w, s.agent) == WARY_GECK_COMBAT);
  wary_world_destroy(s.w);
}

int main(void) {
  test_overflow_saturates();
  test_walking_lit();
  test_running_heavy_armour();
  test_silent_running();
  test_dark_behind_a_wall();
  test_alert_asleep_blind_field();
  test_reach();
  test_sneaky_shot();
  test_detection_event();
  test_full_alert_list();
  test_statuses();
  test_clear_prop();
  return check_summary("test_geck");
}
