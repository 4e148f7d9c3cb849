/* test_vision.c - the vision formula through the public C API, against the
 * worked numbers of seed 000: 75% at half range, cos(angle x 90 deg), the
 * weighted exposure (head and one shoulder: 42%), the three cones, the motion
 * bonus, light, and "any zero factor means no detection". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wary.h"

#include "check.h"

typedef struct scene {
  wary_world *w;
  int32_t profile;
  wary_actor_id agent, target;
} scene;

/* An agent at the origin facing +x, eyes at 1.7 m, and a target; vision
 * with every factor but the one under test at 1. */
static scene make(wary_vision_def v, float tx, float ty) {
  scene s;
  s.w = make_world(NULL);
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = WARY_SENSE_VISION;
  p.sense_count = 1;
  s.profile = make_profile(s.w, &p);
  wary_profile_set_vision(s.w, s.profile, &v);
  wary_actor_def a = wary_default_actor_def();
  a.profile = s.profile;
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = tx;
  t.pos[1] = ty;
  /* The head at eye height: the angle to it is the angle on the ground. */
  t.pos[2] = -0.0f;
  s.target = make_actor(s.w, &t);
  wary_samples head = {1, {0, 0, 170.0f, 1.0f}};
  wary_actor_set_samples(s.w, s.target, &head);
  return s;
}

static wary_vision_explain explain(const scene *s) {
  wary_vision_explain e;
  ENSURE(wary_vision_explain_get(s->w, s->agent, s->target, &e) == WARY_OK);
  return e;
}

static wary_vision_def plain(void) {
  wary_vision_def v = wary_default_vision_def();
  v.max_range = 3000.0f;
  v.eye_turn_rate = 0.0f;
  return v;
}

static void test_distance_falloff(void) {
  scene s = make(plain(), 1500.0f, 0.0f);
  wary_vision_explain e = explain(&s);
  /* At half the range 75% is left. */
  NEAR(e.distance_falloff, 0.75f);
  NEAR(e.confidence, 0.75f);
  ENSURE(e.cone == WARY_CONE_FOCAL);
  wary_actor_set_pos(s.w, s.target, 3001.0f, 0, 0);
  e = explain(&s);
  /* At full range nothing: out of range, and no ray is cast. */
  NEAR(e.confidence, 0.0f);
  ENSURE(e.reason == WARY_LOSS_OUT_OF_RANGE);
  wary_world_destroy(s.w);
}

static void test_angle_falloff(void) {
  /* 30 degrees off a 60 degree half angle: cos(0.5 x 90 deg) = 0.7071. */
  scene s = make(plain(), 100.0f * cosf(0.5235988f), 100.0f * sinf(0.5235988f));
  wary_vision_explain e = explain(&s);
  NEAR(e.angle, 30.0f);
  ENSURE(fabsf(e.angle_falloff - 0.70710678f) < 1e-3f);
  wary_world_destroy(s.w);
}

/* A box of the default material from its corners (x0, y0, z0) and (x1, y1, z1), in cm. */
static wary_box_id add_box(wary_world *w, float x0, float y0, float z0, float x1, float y1, float z1) {
  wary_box_def b = wary_default_box_def();
  b.min[0] = x0;
  b.min[1] = y0;
  b.min[2] = z0;
  b.max[0] = x1;
  b.max[1] = y1;
  b.max[2] = z1;
  return make_box(w, &b);
}

static void test_exposure_head_and_one_shoulder(void) {
  scene s = make(plain(), 1000.0f, 0.0f);
  wary_samples none = {0, {0}};
  wary_actor_set_samples(s.w, s.target, &none);
  /* A wall in front of chest, pelvis and the left shoulder: the head and the
   * right shoulder (y = -22 cm) stay clear. */
  wary_box_id wall = add_box(s.w, 900.0f, -10.0f, 0.0f, 910.0f, 100.0f, 160.0f);
  wary_vision_explain e = explain(&s);
  ENSURE(e.sample_count == 5);
  ENSURE(e.visible_points == 2);
  /* (1.0 + 0.6) / 3.8 = 42%. */
  NEAR(e.exposure, 1.6f / 3.8f);
  /* The wall is what stopped the three hidden points; the clear ones name none. */
  for (int32_t i = 0; i < e.sample_count; i++)
    ENSURE(e.sample_blocker[i].id == (e.sample_sight[i] == 0.0f ? wall.id : 0u));
  /* Glass dims nothing to 0: no blocker. */
  wary_material_def glass = wary_default_material_def();
  glass.vision_transmission = 0.5f;
  int32_t see_through = -1;
  ENSURE(wary_material_create(s.w, &glass, &see_through) == WARY_OK);
  ENSURE(wary_box_set_material(s.w, wall, see_through) == WARY_OK);
  e = explain(&s);
  for (int32_t i = 0; i < e.sample_count; i++) ENSURE(e.sample_blocker[i].id == 0u);
  wary_world_destroy(s.w);
}

static void test_cones(void) {
  wary_vision_def v = plain();
  v.peripheral_cone = true;
  v.rear_cone = true;
  /* 90 degrees to the side, 10 m: peripheral, x0.45, range 60% (18 m). */
  scene s = make(v, 0.0f, 1000.0f);
  wary_vision_explain e = explain(&s);
  ENSURE(e.cone == WARY_CONE_PERIPHERAL);
  NEAR(e.cone_scale, 0.45f);
  ENSURE(fabsf(e.range - 1800.0f) < 1e-2f);
  ENSURE(fabsf(e.angle_falloff - cosf(90.0f / 110.0f * 1.5707963f)) < 1e-3f);
  /* Straight behind at 5 m, standing still: not seen. */
  wary_actor_set_pos(s.w, s.target, -500.0f, 0, 0);
  e = explain(&s);
  ENSURE(e.cone == WARY_CONE_NONE);
  NEAR(e.confidence, 0.0f);
  /* Running at 4 m/s: the rear cone, x0.25, range 35% (10.5 m). */
  wary_actor_set_velocity(s.w, s.target, 400.0f, 0, 0);
  e = explain(&s);
  ENSURE(e.cone == WARY_CONE_REAR);
  NEAR(e.cone_scale, 0.25f);
  ENSURE(fabsf(e.range - 1050.0f) < 1e-2f);
  ENSURE(e.confidence > 0.0f);
  wary_world_destroy(s.w);
}

static void test_motion_bonus(void) {
  scene s = make(plain(), 1500.0f, 0.0f);
  wary_actor_set_velocity(s.w, s.target, 0.0f, 300.0f, 0.0f);
  NEAR(explain(&s).motion_bonus, 1.15f);
  /* Up to 30% more at 600 cm/s or faster. */
  wary_actor_set_velocity(s.w, s.target, 0.0f, 900.0f, 0.0f);
  NEAR(explain(&s).motion_bonus, 1.3f);
  NEAR(explain(&s).confidence, 0.75f * 1.3f);
  wary_world_destroy(s.w);
}

static void test_light_and_zero_factors(void) {
  scene s = make(plain(), 1500.0f, 0.0f);
  wary_actor_set_light(s.w, s.target, 0.0f);
  /* Total darkness leaves darkness_min_detection (0.1). */
  NEAR(explain(&s).light_factor, 0.1f);
  wary_actor_set_light(s.w, s.target, 1.0f);
  wary_actor_set_visibility(s.w, s.target, 0.0f);
  wary_vision_explain e = explain(&s);
  NEAR(e.confidence, 0.0f);
  ENSURE(e.reason == WARY_LOSS_SENSOR_DROPOUT);
  wary_actor_set_visibility(s.w, s.target, 1.0f);
  wary_world_set_weather(s.w, 0.0f);
  NEAR(explain(&s).confidence, 0.0f);
  wary_world_set_weather(s.w, 1.0f);
  add_box(s.w, 700.0f, -500.0f, 0.0f, 710.0f, 500.0f, 400.0f);
  e = explain(&s);
  NEAR(e.confidence, 0.0f);
  ENSURE(e.reason == WARY_LOSS_OCCLUDED);
  wary_world_destroy(s.w);
}

static void test_sun_and_shade(void) {
  wary_vision_def v = plain();
  v.use_per_target_light = true;
  scene s = make(v, 1000.0f, 0.0f);
  NEAR(wary_light_at(s.w, s.target), 1.0f);
  /* A roof over the target: shade, a third of the sun. */
  add_box(s.w, 800.0f, -200.0f, 300.0f, 1200.0f, 200.0f, 320.0f);
  wary_step(s.w, 0.0f);
  NEAR(wary_light_at(s.w, s.target), 0.3f);
  wary_world_destroy(s.w);
}

static void test_sees_through_steps(void) {
  scene s = make(plain(), 1500.0f, 0.0f);
  for (int i = 0; i < 30; i++) wary_step(s.w, 1.0f / 60.0f);
  wary_belief b;
  ENSURE(wary_belief_get(s.w, s.agent, s.target, &b) == WARY_OK);
  NEAR(b.shares[0], 0.75f);
  ENSURE(b.state == WARY_DETECTED);
  wary_world_destroy(s.w);
}

/* Velocity follows the motion between steps until the game sets one. */
static void test_velocity_from_motion(void) {
  wary_world_def wd = wary_default_world_def();
  wary_world *w = make_world(&wd);
  wary_actor_def d = wary_default_actor_def();
  wary_actor_id walker = make_actor(w, &d), driven = make_actor(w, &d);
  ENSURE(wary_actor_set_velocity(w, driven, 0.0f, 50.0f, 0.0f) == WARY_OK);
  wary_actor_info info;
  for (int i = 1; i <= 10; i++) {
    wary_actor_set_pos(w, walker, 5.0f * (float)i, 0.0f, 0.0f); /* 5 units a step of 0.1 s */
    wary_actor_set_pos(w, driven, 5.0f * (float)i, 0.0f, 0.0f);
    wary_step(w, 0.1f);
  }
  wary_actor_get(w, walker, &info);
  NEAR(50.0f, info.vel[0]);
  NEAR(0.0f, info.vel[1]);
  wary_actor_get(w, driven, &info);
  NEAR(0.0f, info.vel[0]); /* the game's, whatever set_pos does */
  NEAR(50.0f, info.vel[1]);
  wary_step(w, 0.1f);
  wary_actor_get(w, walker, &info);
  NEAR(0.0f, info.vel[0]); /* it stopped */
  /* A teleport is no move; set_pos's jump is. */
  ENSURE(wary_actor_teleport(w, walker, 1000.0f, 0.0f, 0.0f) == WARY_OK);
  wary_step(w, 0.1f);
  wary_actor_get(w, walker, &info);
  NEAR(0.0f, info.vel[0]);
  NEAR(1000.0f, info.pos[0]);
  wary_actor_set_pos(w, walker, 2000.0f, 0.0f, 0.0f);
  wary_step(w, 0.1f);
  wary_actor_get(w, walker, &info);
  NEAR(10000.0f, info.vel[0]);
  /* A move too large for a float speed is a jump too (not an infinite
   * velocity that set_velocity itself would refuse). */
  wary_actor_set_pos(w, walker, 3e38f, 0.0f, 0.0f);
  wary_step(w, 0.1f);
  wary_actor_get(w, walker, &info);
  ENSURE(info.vel[0] == 0.0f && info.vel[1] == 0.0f && info.pos[0] == 3e38f);
  wary_actor_set_pos(w, walker, 3e38f, 50.0f, 0.0f);
  wary_step(w, 0.1f);
  wary_actor_get(w, walker, &info);
  NEAR(500.0f, info.vel[1]);
  /* The game's velocity forgotten: the motion again from the next step. */
  ENSURE(wary_actor_clear_velocity(w, driven) == WARY_OK);
  wary_actor_set_pos(w, driven, 100.0f, 0.0f, 0.0f);
  wary_step(w, 0.1f);
  wary_actor_get(w, driven, &info);
  NEAR(500.0f, info.vel[0]);
  NEAR(0.0f, info.vel[1]);
  wary_world_destroy(w);
}

/* The edge tests' agent (team 1, yaw 13 degrees) with vision v alone, and
 * targets of other teams only. */
static wary_actor_id edge_agent(wary_world *w, const wary_vision_def *v) {
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = WARY_SENSE_VISION;
  p.sense_count = 1;
  p.ignore_same_team = true;
  int32_t profile = make_profile(w, &p);
  ENSURE(wary_profile_set_vision(w, profile, v) == WARY_OK);
  wary_actor_def a = wary_default_actor_def();
  a.profile = profile;
  a.team = 1;
  a.yaw = 13.0f;
  wary_actor_id agent = make_actor(w, &a);
  return agent;
}

/* One step of w sees exactly those of agent's n targets that explain
 * finds a confidence for; counts those into *seen of *total. Destroys w. */
static void step_agrees(wary_world *w, wary_actor_id agent, const wary_actor_id *targets, int n, int *seen,
                        int *total) {
  ENSURE(wary_step(w, 0.1f) == WARY_OK);
  int differ = 0;
  for (int i = 0; i < n; i++) {
    wary_vision_explain e;
    wary_belief b;
    ENSURE(wary_vision_explain_get(w, agent, targets[i], &e) == WARY_OK);
    bool stepped = wary_belief_get(w, agent, targets[i], &b) == WARY_OK && b.shares[0] > 0.0f;
    bool explained = e.confidence > 0.0f;
    differ += stepped != explained;
    *seen += explained;
    (*total)++;
  }
  ENSURE(differ == 0);
  wary_world_destroy(w);
}

/* A step tells a target outside every cone before working out its sample
 * points (vision.c, surely_out); explain works every plan out in full.
 * Targets all around the edge of the focal cone (and of the peripheral one),
 * some close enough that the head is well above the eye line: a step sees
 * exactly those explain finds a confidence for. */
static void check_cone_edges(bool peripheral, int *seen, int *total) {
  wary_vision_def v = plain();
  v.peripheral_cone = peripheral;
  v.rear_cone = false;
  wary_world *w = make_world(NULL);
  wary_actor_id agent = edge_agent(w, &v);
  enum { TARGETS = 400 };
  wary_actor_id targets[TARGETS];
  float edge = peripheral ? v.peripheral_half_angle : v.half_angle;
  for (int i = 0; i < TARGETS; i++) {
    /* Bearings within half a degree of the edge, either side; distances
     * from 0.4 m (head far above the eye line) to 25 m. */
    float off = (float)(i % 100 - 50) * 0.01f;
    float bearing = (13.0f + (i % 2 ? edge : -edge) + off) * 3.14159265f / 180.0f;
    float dist = 40.0f + (float)(i * 37 % 2460);
    wary_actor_def t = wary_default_actor_def();
    t.team = 2;
    t.pos[0] = dist * cosf(bearing);
    t.pos[1] = dist * sinf(bearing);
    t.pos[2] = (float)(i % 3) * 40.0f - 40.0f;
    targets[i] = make_actor(w, &t);
  }
  step_agrees(w, agent, targets, TARGETS, seen, total);
}

static void test_cone_edges(void) {
  int seen = 0, total = 0;
  check_cone_edges(false, &seen, &total);
  check_cone_edges(true, &seen, &total);
  printf("vision: %d targets at the edges of the cones, %d seen, a step and explain agree\n", total, seen);
  ENSURE(seen > total / 4 && seen < 3 * total / 4);
}

/* A step tells a target beyond max_range before working out its sample
 * points (vision.c, surely_out); explain works every plan out in full.
 * Targets all around the agent at about max_range (within 1%), with the
 * cones that shorten the range (peripheral, rear: the agent moves) and, in
 * one world, fog over half of them: a step sees exactly those explain
 * finds a confidence for. */
static void check_range_edges(bool fog, int *seen, int *total) {
  wary_vision_def v = plain();
  v.peripheral_cone = true;
  v.peripheral_range_scale = 0.995f;
  v.rear_cone = true;
  v.rear_range_scale = 0.99f;
  v.rear_min_speed = 0.0f;
  v.half_angle = 90.0f;
  v.peripheral_half_angle = 120.0f;
  wary_world *w = make_world(NULL);
  if (fog) {
    wary_environment_def e = wary_default_environment_def();
    e.min[0] = -1e5f;
    e.min[1] = 0.0f;
    e.min[2] = -1e5f;
    e.max[0] = 1e5f;
    e.max[1] = 1e5f;
    e.max[2] = 1e5f;
    e.vision_range_scale = 0.997f;
    wary_environment_id env;
    ENSURE(wary_environment_create(w, &e, &env) == WARY_OK);
  }
  wary_actor_id agent = edge_agent(w, &v);
  enum { TARGETS = 400 };
  wary_actor_id targets[TARGETS];
  for (int i = 0; i < TARGETS; i++) {
    float bearing = (float)(i * 7) * 3.14159265f / 180.0f;
    float dist = v.max_range * (0.985f + 0.0001f * (float)(i * 53 % 300));
    wary_actor_def t = wary_default_actor_def();
    t.team = 2;
    t.pos[0] = dist * cosf(bearing);
    t.pos[1] = dist * sinf(bearing);
    t.pos[2] = (float)(i % 3) * 40.0f - 40.0f;
    t.vel[0] = 50.0f;
    targets[i] = make_actor(w, &t);
  }
  step_agrees(w, agent, targets, TARGETS, seen, total);
}

static void test_range_edges(void) {
  int seen = 0, total = 0;
  check_range_edges(false, &seen, &total);
  check_range_edges(true, &seen, &total);
  printf("vision: %d targets at the edge of the range, %d seen, a step and explain agree\n", total, seen);
  ENSURE(seen > total / 4 && seen < 3 * total / 4);
}

/* An agent and a target near the float's limit on either side (2e38 and
 * -2e38 apart: a distance that overflows to inf): out of range, with a
 * finite angle, not a NaN one. */
static void test_far_apart_is_out_of_range(void) {
  scene s = make(plain(), 2e38f, 0.0f);
  ENSURE(wary_actor_set_pos(s.w, s.agent, -2e38f, 0.0f, 0.0f) == WARY_OK);
  ENSURE(wary_step(s.w, 1.0f / 60.0f) == WARY_OK);
  wary_vision_explain e = explain(&s);
  ENSURE(isinf(e.distance));
  ENSURE(e.angle == 0.0f); /* straight ahead: the agent faces +x */
  ENSURE(e.reason == WARY_LOSS_OUT_OF_RANGE);
  ENSURE(e.confidence == 0.0f);
  wary_world_destroy(s.w);
}

int main(void) {
  test_velocity_from_motion();
  test_distance_falloff();
  test_angle_falloff();
  test_exposure_head_and_one_shoulder();
  test_cones();
  test_motion_bonus();
  test_light_and_zero_factors();
  test_sun_and_shade();
  test_sees_through_steps();
  test_cone_edges();
  test_range_edges();
  test_far_apart_is_out_of_range();
  return check_summary("test_vision");
}
