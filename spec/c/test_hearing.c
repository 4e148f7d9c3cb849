/* test_hearing.c - hearing (seed 003) and the other built-in senses through
 * the public C API: walls muffle (one wall at 0.4 takes a third off), noises
 * add up (a footstep every half second takes about 10 s to pass a single
 * step), pauses drain the build-up, filters, sounds nobody made become
 * beliefs about places, the stimulus bus and vibration, smell, touch and
 * echolocation. */
#include <string.h>

#include "check.h"
#include "wary.h"

typedef struct scene {
  wary_world *w;
  int32_t profile;
  int32_t footstep, gunshot, rock, explosion;
  wary_actor_id agent, target;
} scene;

static int32_t sound(wary_world *w, const char *name, int32_t category, int32_t alert,
                     float loudness, float range) {
  wary_sound_def s = wary_default_sound_def();
  s.name = make_name(w, name);
  s.category = category;
  s.alert_level = alert;
  s.loudness = loudness;
  s.max_range = range;
  int32_t index;
  MADE(wary_sound_create(w, &s, &index));
  return index;
}

/* A listener at the origin (ear at 64 cm) with the given senses, a target
 * at x, in world w (its sounds defined there). */
static scene make_in(wary_world *w, const int32_t *senses, int32_t count, float tx) {
  scene s;
  memset(&s, 0, sizeof s);
  s.w = w;
  wary_profile_def p = wary_default_profile_def();
  for (int32_t i = 0; i < count; i++) p.senses[i].sense = senses[i];
  p.sense_count = count;
  s.profile = make_profile(s.w, &p);
  s.footstep = sound(s.w, "Footstep", WARY_CATEGORY_ENEMY, WARY_NORMAL, 1.0f, 800.0f);
  s.gunshot = sound(s.w, "Gunshot", WARY_CATEGORY_ENEMY, WARY_LOUD, 3.0f, 4000.0f);
  s.rock = sound(s.w, "ThrownRock", WARY_CATEGORY_ENVIRONMENT, WARY_NORMAL, 1.4f, 1800.0f);
  s.explosion = sound(s.w, "Explosion", WARY_CATEGORY_ENVIRONMENT, WARY_EXPLOSIVE, 5.0f, 10000.0f);
  wary_actor_def a = wary_default_actor_def();
  a.profile = s.profile;
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = tx;
  t.pos[2] = 64.0f; /* level with the ear: distance is x */
  s.target = make_actor(s.w, &t);
  return s;
}

/* The same in a world of its own. */
static scene make(const int32_t *senses, int32_t count, float tx) {
  return make_in(make_world(NULL), senses, count, tx);
}

static const int32_t HEARING[] = {WARY_SENSE_HEARING};

static void wall_at(wary_world *w, float x) {
  wary_box_def b = wary_default_box_def();
  b.min[0] = x;
  b.max[0] = x + 10.0f;
  b.min[1] = -300.0f;
  b.max[1] = 300.0f;
  b.max[2] = 300.0f;
  make_box(w, &b);
}

/* Loudness of the first sound_heard event of one step, -1 if none. */
static float heard_now(scene *s) {
  wary_step(s->w, 0.1f);
  for (int32_t i = 0; i < wary_event_count(s->w); i++)
    if (wary_events(s->w)[i].type == WARY_EV_SOUND_HEARD) return wary_events(s->w)[i].loudness;
  return -1.0f;
}

static void test_walls_muffle(void) {
  scene s = make(HEARING, 1, 400.0f);
  wary_emit_sound(s.w, s.target, s.footstep);
  float open = heard_now(&s);
  NEAR(open, 1.0f - 0.25f); /* half the 8 m range: 1 - 0.5^2 */
  wall_at(s.w, 200.0f);
  wary_emit_sound(s.w, s.target, s.footstep);
  float one = heard_now(&s);
  /* One wall at 0.4 takes a third off: exp(-0.4) = 0.670. */
  NEAR(one, open * expf(-0.4f));
  ENSURE(one / open > 0.66f && one / open < 0.68f);
  wall_at(s.w, 300.0f);
  wary_emit_sound(s.w, s.target, s.footstep);
  float two = heard_now(&s);
  NEAR(two, open * expf(-0.8f));
  ENSURE(two < one);
  wary_world_destroy(s.w);
}

static void test_gunshot_carries_further(void) {
  scene s = make(HEARING, 1, 3000.0f);
  /* 30 m: a footstep (8 m) is not even considered; a 3.0 gunshot over 40 m
   * arrives at 3 x (1 - 0.75^2) = 1.31: still full confidence. */
  wary_emit_sound(s.w, s.target, s.footstep);
  ENSURE(heard_now(&s) < 0.0f);
  wary_emit_sound(s.w, s.target, s.gunshot);
  NEAR(heard_now(&s), 3.0f * (1.0f - 0.5625f));
  wary_belief b;
  ENSURE(wary_belief_get(s.w, s.agent, s.target, &b) == WARY_OK);
  NEAR(b.shares[0], 1.0f);
  wary_world_destroy(s.w);
}

/* Footsteps every 0.5 s for `seconds`; returns the hearing share at the end. */
static float walk(scene *s, float seconds) {
  int steps = (int)(seconds * 10.0f + 0.5f);
  for (int i = 0; i < steps; i++) {
    if (i % 5 == 0) wary_emit_sound(s->w, s->target, s->footstep);
    wary_step(s->w, 0.1f);
  }
  wary_belief b;
  wary_belief_get(s->w, s->agent, s->target, &b);
  return b.shares[0];
}

static void test_noises_add_up(void) {
  scene s = make(HEARING, 1, 760.0f);
  /* A faint step: 1 - 0.95^2 = 0.0975. Each adds 0.0975 x 0.5 x 0.1. */
  float single = 1.0f - 0.95f * 0.95f;
  float after5 = walk(&s, 5.0f);
  ENSURE(after5 < single * 1.01f);
  float after11 = walk(&s, 6.0f);
  /* About 10 s to add up past a single step: 20 steps x 0.05 = 1.0 single. */
  ENSURE(after11 > single);
  NEAR(after11, 22.0f * single * 0.05f);
  wary_world_destroy(s.w);
}

static void test_pauses_drain(void) {
  scene s = make(HEARING, 1, 760.0f);
  walk(&s, 8.0f);
  wary_belief b;
  wary_belief_get(s.w, s.agent, s.target, &b);
  float built = b.shares[0];
  /* Short bursts with pauses longer than the hold time (1 s) keep draining. */
  for (int burst = 0; burst < 4; burst++) {
    walk(&s, 1.0f);
    for (int i = 0; i < 30; i++) wary_step(s.w, 0.1f);
  }
  wary_belief_get(s.w, s.agent, s.target, &b);
  ENSURE(b.confidence < built);
  wary_world_destroy(s.w);
}

static void test_empty_filter_is_deaf(void) {
  scene s = make(HEARING, 1, 300.0f);
  wary_filter_def f = wary_default_filter_def();
  f.categories = 0;
  wary_hearing_def h = wary_default_hearing_def();
  MADE(wary_filter_create(s.w, &f, &h.filter));
  ENSURE(wary_profile_set_hearing(s.w, s.profile, &h) == WARY_OK);
  wary_emit_sound(s.w, s.target, s.gunshot);
  ENSURE(heard_now(&s) < 0.0f);
  /* Enemy only, at least Loud: the footstep (Normal) is filtered, the gunshot not. */
  f.categories = 1u << WARY_CATEGORY_ENEMY;
  f.min_alert_level = WARY_LOUD;
  MADE(wary_filter_create(s.w, &f, &h.filter));
  wary_profile_set_hearing(s.w, s.profile, &h);
  wary_emit_sound(s.w, s.target, s.footstep);
  ENSURE(heard_now(&s) < 0.0f);
  wary_emit_sound(s.w, s.target, s.gunshot);
  ENSURE(heard_now(&s) > 0.0f);
  wary_world_destroy(s.w);
}

static void test_sound_nobody_made_is_a_place(void) {
  scene s = make(HEARING, 1, 5000.0f);
  wary_emit_sound_at(s.w, s.rock, 900.0f, 0.0f, 64.0f);
  int changed = 0;
  for (int i = 0; i < 3; i++) {
    wary_step(s.w, 0.1f);
    for (int32_t k = 0; k < wary_event_count(s.w); k++) {
      const wary_event *e = &wary_events(s.w)[k];
      ENSURE(e->type != WARY_EV_HEAR); /* nobody to fire it about */
      if (e->type == WARY_EV_LOCATION_BELIEF_CHANGED) {
        changed++;
        NEAR(e->pos[0], 900.0f);
        ENSURE(e->tag == make_name(s.w, "ThrownRock"));
      }
    }
  }
  ENSURE(changed == 2); /* Suspected, then Detected: a rung at a time */
  wary_location_belief l;
  ENSURE(wary_location_strongest(s.w, s.agent, &l) == WARY_OK);
  /* 1.4 x (1 - 0.5^2) = 1.05: sure of the place (1.0), then two steps of
   * fading at 0.1/s; precision 0.4. One rock is not tracked: Tracked needs
   * min_track_duration in Detected with reports arriving (seed 000). */
  NEAR(l.confidence, 1.0f - 0.02f);
  NEAR(l.accuracy, 0.4f);
  ENSURE(l.state == WARY_DETECTED);
  /* A second rock in the same spot merges; it fades once the noise stops. */
  wary_emit_sound_at(s.w, s.rock, 950.0f, 0.0f, 64.0f);
  wary_step(s.w, 0.1f);
  ENSURE(wary_location_count(s.w, s.agent) == 1);
  wary_belief b;
  ENSURE(wary_belief_get(s.w, s.agent, s.target, &b) == WARY_ERR_NOT_FOUND);
  for (int i = 0; i < 100; i++) wary_step(s.w, 0.1f);
  wary_location_at(s.w, s.agent, 0, &l);
  ENSURE(l.state == WARY_LOST);
  wary_world_destroy(s.w);
}

static void test_vibration_and_the_bus(void) {
  const int32_t senses[] = {WARY_SENSE_VIBRATION};
  scene s = make(senses, 1, 5000.0f);
  wary_stimulus_def st = wary_default_stimulus_def();
  st.tag = make_name(s.w, "Stimulus.Vibration.Footfall");
  st.pos[0] = 500.0f;
  st.pos[2] = 64.0f; /* level with the ear */
  st.radius = 1000.0f;
  ENSURE(wary_emit_stimulus(s.w, &st) == WARY_OK);
  wary_step(s.w, 0.1f);
  wary_location_belief l;
  ENSURE(wary_location_strongest(s.w, s.agent, &l) == WARY_OK);
  NEAR(l.confidence, 1.0f - 0.25f);
  /* Explosions shake the ground through their sound's stimulus. */
  wary_emit_sound_at(s.w, s.explosion, -2000.0f, 0.0f, 0.0f);
  wary_step(s.w, 0.1f);
  ENSURE(wary_location_count(s.w, s.agent) == 2);
  /* Other tags do not. */
  st.tag = make_name(s.w, "Stimulus.Custom.Psychic");
  wary_emit_stimulus(s.w, &st);
  wary_step(s.w, 0.1f);
  ENSURE(wary_location_count(s.w, s.agent) == 2);
  wary_world_destroy(s.w);
}

static float share_after(scene *s, float seconds) {
  for (int i = 0; i < (int)(seconds * 10.0f + 0.5f); i++) wary_step(s->w, 0.1f);
  wary_belief b;
  return wary_belief_get(s->w, s->agent, s->target, &b) == WARY_OK ? b.shares[0] : 0.0f;
}

static void test_smell_touch_echo(void) {
  const int32_t smell[] = {WARY_SENSE_SMELL};
  scene s = make(smell, 1, 250.0f);
  /* About half the 5 m range (feet to feet), scent 1, through a wall too. */
  float x = hypotf(250.0f, 64.0f) / 500.0f;
  wall_at(s.w, 100.0f);
  NEAR(share_after(&s, 1.0f), 1.0f - x * x);
  wary_actor_set_scent(s.w, s.target, 0.5f);
  NEAR(share_after(&s, 1.0f), 0.5f * (1.0f - x * x));
  wary_world_destroy(s.w);

  const int32_t touch[] = {WARY_SENSE_TOUCH};
  s = make(touch, 1, 300.0f);
  NEAR(share_after(&s, 0.5f), 0.0f);
  wary_report_touch(s.w, s.agent, s.target);
  wary_step(s.w, 0.1f);
  wary_belief b;
  wary_belief_get(s.w, s.agent, s.target, &b);
  NEAR(b.shares[0], 1.0f);
  wary_actor_set_pos(s.w, s.target, 40.0f, 0.0f, 0.0f);
  NEAR(share_after(&s, 0.5f), 1.0f);
  wary_world_destroy(s.w);

  const int32_t echo[] = {WARY_SENSE_ECHOLOCATION};
  s = make(echo, 1, 1000.0f);
  /* About half the 20 m range, in the dark; a wall stops the ping. */
  x = hypotf(1000.0f, 64.0f) / 2000.0f;
  wary_actor_set_light(s.w, s.target, 0.0f);
  NEAR(share_after(&s, 1.0f), 1.0f - x * x);
  wall_at(s.w, 500.0f);
  share_after(&s, 1.0f);
  wary_belief_get(s.w, s.agent, s.target, &b);
  ENSURE(!b.active[0]);
  wary_world_destroy(s.w);
}

static void test_recent_sounds(void) {
  scene s = make(HEARING, 1, 400.0f);
  wary_emit_sound(s.w, s.target, s.footstep);
  wary_step(s.w, 0.1f);
  wary_emit_sound(s.w, s.target, s.gunshot);
  wary_step(s.w, 0.1f);
  wary_heard_sound out[WARY_RECENT_SOUNDS];
  ENSURE(wary_recent_sounds(s.w, s.agent, 6.0f, out, WARY_RECENT_SOUNDS) == 2);
  ENSURE(out[0].sound == s.gunshot && out[1].sound == s.footstep);
  ENSURE(out[0].maker.id == s.target.id);
  /* Heard at the hearing updates of the two steps: its age, and its time
   * the world's then. */
  NEAR(out[0].age, 0.0f);
  NEAR(out[1].age, 0.1f);
  NEAR(out[1].time, (float)wary_world_time(s.w) - 0.1f);
  for (int i = 0; i < 70; i++) wary_step(s.w, 0.1f);
  ENSURE(wary_recent_sounds(s.w, s.agent, 10.0f, out, WARY_RECENT_SOUNDS) == 0);
  wary_world_destroy(s.w);
}

/* wary_explain names how a footstep was weighed: its factors multiply to
 * what arrived (seed 003's formula), and the share is the higher of the
 * single sound and the build-up. */
static void test_explain(void) {
  scene s = make(HEARING, 1, 400.0f);
  wary_emit_sound(s.w, s.target, s.footstep);
  wary_step(s.w, 0.1f);
  wary_factor f[WARY_EXPLAIN_FACTORS];
  int32_t n = wary_explain(s.w, s.agent, s.target, f, WARY_EXPLAIN_FACTORS);
  float heard = -1.0f, product = 1.0f, share = -1.0f, single = -1.0f;
  for (int32_t i = 0; i < n; i++) {
    switch (f[i].kind) {
      case WARY_FACTOR_SOUND: heard = f[i].value; ENSURE(f[i].ref == s.footstep); break;
      case WARY_FACTOR_LOUDNESS: case WARY_FACTOR_FILTER: case WARY_FACTOR_DISTANCE:
      case WARY_FACTOR_WALLS: case WARY_FACTOR_WEATHER: product *= f[i].value; break;
      case WARY_FACTOR_SINGLE: single = f[i].value; break;
      case WARY_FACTOR_HEARD: ENSURE(f[i].detail == 0); break; /* the single sound won */
      case WARY_FACTOR_SHARE: share = f[i].value; ENSURE(f[i].detail == WARY_SHARE_REPORTING); break;
      default: break;
    }
  }
  NEAR(heard, 0.75f); /* 1 - (4 / 8)^2 */
  NEAR(product, heard);
  NEAR(single, heard);
  NEAR(share, heard);
  ENSURE(n > 0 && f[n - 1].kind == WARY_FACTOR_SMOOTHED && f[n - 2].kind == WARY_FACTOR_RESULT);
  ENSURE(strcmp(wary_factor_name(WARY_FACTOR_BUILD_UP), "build_up") == 0);
  /* A short buffer takes the first factors; bad input is refused. */
  ENSURE(wary_explain(s.w, s.agent, s.target, f, 2) == 2);
  ENSURE(wary_explain(s.w, s.agent, s.target, f, -1) == WARY_ERR_BAD_VALUE);
  ENSURE(wary_explain(s.w, s.agent, s.agent, NULL, 0) == 0);
  wary_world_destroy(s.w);
}

/* The world's clock keeps time however long the world runs (hearing's
 * build-up and recent_sounds are measured against it): 10 s of 1/60 s steps
 * after a day and after 6 days of play read 10 s (600 float steps of 1/60:
 * 5.2e-7 s more), and every step reads a later time than the one before.
 * A float clock read 9.375 s after a day, and stood still from 2^19 s
 * (6.07 days) on; a float read of the double clock repeated every other
 * step at 144 Hz after 18 hours. */
static void test_clock_keeps_time(void) {
  wary_world *w = make_world(NULL);
  const double day = 86400.0;
  for (int days = 1; days <= 6; days += 5) {
    while (wary_world_time(w) < days * day) ENSURE(wary_step(w, 3600.0f) == WARY_OK);
    double from = wary_world_time(w), last = from;
    for (int i = 0; i < 600; i++) {
      ENSURE(wary_step(w, 1.0f / 60.0f) == WARY_OK);
      ENSURE(wary_world_time(w) > last);
      last = wary_world_time(w);
    }
    ENSURE(fabs(wary_world_time(w) - from - 10.0) <= 1e-6);
    for (int i = 0; i < 600; i++) {
      ENSURE(wary_step(w, 1.0f / 144.0f) == WARY_OK);
      ENSURE(wary_world_time(w) > last);
      last = wary_world_time(w);
    }
  }
  wary_world_destroy(w);
}

/* Hearing in a world a year old hears as in one an hour old: the step by
 * step states, shares and recent sounds of a target's footsteps the same
 * (its times count from an epoch the steps move up, hearing.h; counted
 * from 0, as floats, a year's 2 s last place had steps run together and
 * sounds stay recent 7 s); the same here to the bit, over minutes within
 * the double clock's rounding (shares 1e-5 apart at most); and a copy
 * loaded from the old world plays on to the same bytes. */
static void test_old_world_hears_as_a_young_one(void) {
  enum { STEPS = 240 };
  const double ages[] = {3600.0, 365.0 * 86400.0};
  static int32_t state[2][STEPS], recent[2][STEPS];
  static float share[2][STEPS], age[2][STEPS];
  scene s[2];
  for (int k = 0; k < 2; k++) {
    wary_world *w = make_world(NULL);
    while (wary_world_time(w) < ages[k]) ENSURE(wary_step(w, 3600.0f) == WARY_OK);
    s[k] = make_in(w, HEARING, 1, 500.0f);
    for (int i = 0; i < STEPS; i++) {
      if (i % 20 == 0 && i < 180) wary_emit_sound(w, s[k].target, s[k].footstep);
      ENSURE(wary_step(w, 1.0f / 60.0f) == WARY_OK);
      wary_belief b;
      bool held = wary_belief_get(w, s[k].agent, s[k].target, &b) == WARY_OK;
      state[k][i] = held ? b.state : -1;
      share[k][i] = held ? b.shares[0] : -1.0f;
      wary_heard_sound out[WARY_RECENT_SOUNDS];
      recent[k][i] = wary_recent_sounds(w, s[k].agent, 1.0f, out, WARY_RECENT_SOUNDS);
      age[k][i] = recent[k][i] > 0 ? out[0].age : -1.0f;
    }
  }
  int climbed = 0;
  for (int i = 0; i < STEPS; i++) {
    ENSURE(state[0][i] == state[1][i]);
    ENSURE(recent[0][i] == recent[1][i]);
    ENSURE(share[0][i] == share[1][i]);
    ENSURE(age[0][i] == age[1][i]);
    climbed += state[0][i] >= WARY_DETECTED;
  }
  ENSURE(climbed > 0 && share[0][STEPS - 1] < share[0][180]); /* heard, then fading */
  scene c = make(HEARING, 1, 500.0f);
  ENSURE(load_copy(s[1].w, c.w));
  for (int i = 0; i < 300; i++) {
    if (i % 20 == 0 && i < 120) {
      wary_emit_sound(s[1].w, s[1].target, s[1].footstep);
      wary_emit_sound(c.w, s[1].target, s[1].footstep);
    }
    wary_step(s[1].w, 0.5f);
    wary_step(c.w, 0.5f);
    if (i % 25 == 0) ENSURE(same_bytes(s[1].w, c.w));
  }
  for (int k = 0; k < 2; k++) wary_world_destroy(s[k].w);
  wary_world_destroy(c.w);
}

/* A place searched is forgotten (wary_location_forget): the last takes its
 * index, no event fires, a sleeping one can go, the others fade on to their
 * end, and a copy loaded from the world plays on to the same bytes. Not
 * during a step; a bad index is refused. */
static void test_forget_place(void) {
  scene s = make(HEARING, 1, 5000.0f);
  wary_emit_sound_at(s.w, s.rock, 900.0f, 0.0f, 64.0f);
  wary_emit_sound_at(s.w, s.rock, -900.0f, 0.0f, 64.0f);
  wary_emit_sound_at(s.w, s.rock, 0.0f, 900.0f, 64.0f);
  for (int i = 0; i < 100; i++) wary_step(s.w, 0.1f); /* Lost by now: asleep, waiting for lost_time */
  ENSURE(wary_location_count(s.w, s.agent) == 3);
  wary_location_belief first, last;
  ENSURE(wary_location_at(s.w, s.agent, 0, &first) == WARY_OK && first.state == WARY_LOST);
  ENSURE(wary_location_at(s.w, s.agent, 2, &last) == WARY_OK);
  ENSURE(wary_location_forget(s.w, s.agent, 0) == WARY_OK);
  ENSURE(wary_location_count(s.w, s.agent) == 2);
  wary_location_belief moved;
  ENSURE(wary_location_at(s.w, s.agent, 0, &moved) == WARY_OK && memcmp(&moved, &last, sizeof moved) == 0);
  ENSURE(wary_location_forget(s.w, s.agent, 2) == WARY_ERR_NOT_FOUND);
  ENSURE(strstr(wary_last_error(s.w), "wary_location_forget: i: expected a location belief index in [0, 1], got 2"));
  ENSURE(wary_step_begin(s.w, 0.1f) == WARY_OK);
  ENSURE(wary_location_forget(s.w, s.agent, 0) == WARY_ERR_IN_STEP);
  ENSURE(wary_step_end(s.w) == WARY_OK);
  ENSURE(wary_location_count(s.w, s.agent) == 2);
  /* A copy loaded now plays on as the world does. */
  scene c = make(HEARING, 1, 5000.0f);
  wary_world *copy = c.w;
  ENSURE(load_copy(s.w, copy));
  int events = 0;
  for (int i = 0; i < 600; i++) {
    wary_step(s.w, 0.1f);
    wary_step(copy, 0.1f);
    for (int32_t k = 0; k < wary_event_count(s.w); k++) {
      const wary_event *e = &wary_events(s.w)[k];
      if (e->type != WARY_EV_LOCATION_BELIEF_CHANGED) continue;
      events++;
      ENSURE(e->pos[0] != first.pos[0] || e->pos[1] != first.pos[1]); /* never the one forgotten */
    }
    if (i % 50 == 0) ENSURE(same_bytes(s.w, copy));
  }
  ENSURE(events >= 4); /* each left one: Remembered, Expired */
  ENSURE(wary_location_count(s.w, s.agent) == 0);
  wary_world_destroy(s.w);
  wary_world_destroy(copy);
}

int main(void) {
  test_forget_place();
  test_clock_keeps_time();
  test_walls_muffle();
  test_gunshot_carries_further();
  test_noises_add_up();
  test_pauses_drain();
  test_empty_filter_is_deaf();
  test_sound_nobody_made_is_a_place();
  test_vibration_and_the_bus();
  test_smell_touch_echo();
  test_recent_sounds();
  test_old_world_hears_as_a_young_one();
  test_explain();
  return check_summary("test_hearing");
}
