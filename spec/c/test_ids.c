/* test_ids.c - ids: one slot space per kind, stale ids refused however often
 * a slot is reused (a slot is retired before its generation wraps), and an id
 * of another kind refused everywhere with WARY_ERR_WRONG_KIND, changing
 * nothing. In C a handle of another kind does not compile (spec/c/compile_fail/):
 * the wrong-kind checks build theirs from raw ids, as a binding passing plain
 * numbers does. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "id_pool.h"
#include "wary.h"

enum { CYCLES = 100000 };

#define KIND_OF(id) ((id) >> (WARY_ID_INDEX_BITS + WARY_ID_GEN_BITS))
#define INDEX_OF(id) ((id) % (1u << WARY_ID_INDEX_BITS))

static void test_first_ids_differ(void) {
  wary_world *w = make_world(NULL);
  wary_actor_def a = wary_default_actor_def();
  wary_box_def b = wary_default_box_def();
  b.max[0] = b.max[1] = b.max[2] = 1.0f;
  wary_actor_id actor;
  wary_box_id box;
  wary_light_id light;
  wary_environment_id env;
  wary_environment_def e = wary_default_environment_def();
  int made = wary_actor_create(w, &a, &actor) == WARY_OK;
  made += wary_box_create(w, &b, &box) == WARY_OK;
  made += wary_light_create(w, &(wary_light_def){{0, 0, 0}, 100.0f, 1.0f, true}, &light) == WARY_OK;
  made += wary_environment_create(w, &e, &env) == WARY_OK;
  ENSURE(made == 4 && !WARY_IS_NULL(actor) && !WARY_IS_NULL(box) && !WARY_IS_NULL(light) &&
         !WARY_IS_NULL(env));
  ENSURE(actor.id != box.id && actor.id != light.id && actor.id != env.id && box.id != light.id &&
         box.id != env.id && light.id != env.id);
  ENSURE(KIND_OF(actor.id) == WARY_KIND_ACTOR && KIND_OF(box.id) == WARY_KIND_BOX &&
         KIND_OF(light.id) == WARY_KIND_LIGHT && KIND_OF(env.id) == WARY_KIND_ENVIRONMENT);
  /* Each kind counts its slots from 0. */
  ENSURE(INDEX_OF(actor.id) == 0 && INDEX_OF(box.id) == 0 && INDEX_OF(light.id) == 0 &&
         INDEX_OF(env.id) == 0);
  /* The box id moves no actor and the actor id removes no box. */
  ENSURE(wary_actor_set_pos(w, (wary_actor_id){box.id}, 5, 5, 5) == WARY_ERR_WRONG_KIND);
  ENSURE(wary_box_destroy(w, (wary_box_id){actor.id}) == WARY_ERR_WRONG_KIND &&
         wary_box_valid(w, box));
  wary_world_destroy(w);
}

/* The generations of one slot, then its retirement; the kind running out. */
static void test_pool_limits(void) {
  wy_id_pool p;
  wary_world_def libc = wary_default_world_def();
  wy_allocator heap = wy_allocator_of(&libc);
  wy_id_pool_init(&p, WARY_KIND_LIGHT, &heap);
  int bad = 0;
  for (uint32_t gen = 1; gen <= WY_ID_GEN_MAX; gen++) {
    bad += wy_id_reserve(&p) != 0;
    wy_id id = wy_id_alloc(&p);
    bad += INDEX_OF(id) != 0 || ((id >> WARY_ID_INDEX_BITS) & WY_ID_GEN_MAX) != gen;
    bad += wy_id_slot(&p, id) != 0;
    wy_id_release(&p, 0);
    bad += wy_id_slot(&p, id) != -1 || wy_id_status(&p, id) != WARY_ERR_STALE_ID;
  }
  ENSURE(bad == 0);
  /* Slot 0 has had 511 objects: it is retired, the next object takes slot 1. */
  ENSURE(wy_id_reserve(&p) == 1);
  int32_t taken = 0;
  while (wy_id_reserve(&p) >= 0) {
    wy_id_alloc(&p);
    taken++;
  }
  ENSURE(taken == (1 << WARY_ID_INDEX_BITS) - 1);
  ENSURE(wy_id_reserve(&p) == WARY_ERR_FULL && p.alive == taken);
  /* A freed slot serves again. */
  wy_id_release(&p, 7);
  ENSURE(wy_id_reserve(&p) == 7);
  wy_id_pool_free(&p);
}

/* Past the last slot, creating fails with WARY_ERR_FULL (and a null handle)
 * instead of reusing an id. */
static void test_kind_runs_out(void) {
  wary_world *w = make_world(NULL);
  wary_light_def l = wary_default_light_def();
  wary_light_id last = WARY_NULL_HANDLE, id;
  int32_t made = 0;
  int status;
  for (; (status = wary_light_create(w, &l, &id)) == WARY_OK; made++) last = id;
  ENSURE(made == 1 << WARY_ID_INDEX_BITS && status == WARY_ERR_FULL && WARY_IS_NULL(id));
  ENSURE(INDEX_OF(last.id) == (1u << WARY_ID_INDEX_BITS) - 1u);
  ENSURE(wary_light_destroy(w, last) == WARY_OK && wary_light_create(w, &l, &id) == WARY_OK &&
         !WARY_IS_NULL(id));
  wary_world_destroy(w);
}

/* 100,000 destroy/create cycles of actors: every old id is refused, none
 * names the new actor or the one that stays. */
static void test_actor_cycles(void) {
  wary_world *w = make_world(NULL);
  wary_actor_def d = wary_default_actor_def();
  wary_actor_id stays = make_actor(w, &d);
  wary_actor_id id = make_actor(w, &d);
  wary_actor_id *old = malloc(CYCLES * sizeof *old);
  int bad = 0;
  for (int i = 0; i < CYCLES; i++) {
    bad += wary_actor_destroy(w, id) != WARY_OK;
    bad += wary_actor_destroy(w, id) != WARY_ERR_STALE_ID;
    old[i] = id;
    bad += wary_actor_create(w, &d, &id) != WARY_OK;
    bad += WARY_IS_NULL(id) || id.id == old[i].id || id.id == stays.id;
    bad += wary_actor_set_pos(w, old[i], 123, 0, 0) != WARY_ERR_STALE_ID;
  }
  ENSURE(bad == 0);
  for (int i = 0; i < CYCLES; i++) {
    bad += wary_actor_valid(w, old[i]) || old[i].id == id.id || old[i].id == stays.id;
    bad += wary_actor_set_pos(w, old[i], 123, 0, 0) != WARY_ERR_STALE_ID;
    bad += wary_actor_set_team(w, old[i], 9) != WARY_ERR_STALE_ID;
  }
  ENSURE(bad == 0);
  wary_actor_info info;
  ENSURE(wary_actor_get(w, id, &info) == WARY_OK && info.pos[0] == 0.0f && info.team == 0);
  ENSURE(wary_actor_get(w, stays, &info) == WARY_OK && info.pos[0] == 0.0f && info.team == 0);
  ENSURE(wary_actor_count(w) == 2);
  /* Slot 1 served 511 actors, then was retired. */
  ENSURE(INDEX_OF(old[0].id) == 1 && INDEX_OF(old[510].id) == 1 && INDEX_OF(old[511].id) == 2);
  free(old);
  wary_world_destroy(w);
}

static void test_box_cycles(void) {
  wary_world *w = make_world(NULL);
  wary_material_def glass = {1.0f, false};
  wary_box_def b = wary_default_box_def();
  b.max[0] = b.max[1] = b.max[2] = 1.0f;
  MADE(wary_material_create(w, &glass, &b.material));
  wary_box_id id = make_box(w, &b);
  wary_box_id *old = malloc(CYCLES * sizeof *old);
  int bad = 0;
  for (int i = 0; i < CYCLES; i++) {
    bad += wary_box_destroy(w, id) != WARY_OK;
    bad += wary_box_destroy(w, id) != WARY_ERR_STALE_ID;
    old[i] = id;
    bad += wary_box_create(w, &b, &id) != WARY_OK;
    bad += WARY_IS_NULL(id) || id.id == old[i].id;
    bad += wary_box_set_material(w, old[i], 0) != WARY_ERR_STALE_ID;
  }
  for (int i = 0; i < CYCLES; i++) {
    bad += wary_box_valid(w, old[i]) || old[i].id == id.id;
    bad += wary_box_set_material(w, old[i], 0) != WARY_ERR_STALE_ID;
    bad += wary_box_set_bounds(w, old[i], 5, 5, 5, 6, 6, 6) != WARY_ERR_STALE_ID;
  }
  ENSURE(bad == 0);
  /* The live box is still glass, where it was. */
  wary_ray_result r;
  ENSURE(wary_ray_cast(w, -1, 0.5f, 0.5f, 2, 0.5f, 0.5f, &r) == WARY_OK);
  ENSURE(r.boxes == 1 && r.transmission == 1.0f && wary_box_count(w) == 1);
  free(old);
  wary_world_destroy(w);
}

/* Lights and environments: a stale set would change the light at the actor. */
static void test_light_and_environment_cycles(void) {
  wary_world *w = make_world(NULL);
  ENSURE(wary_world_set_sun(w, 0, 0, 0, 1.0f, 0.0f) == WARY_OK);
  wary_actor_def d = wary_default_actor_def();
  wary_actor_id actor = make_actor(w, &d);
  wary_light_def l = wary_default_light_def();
  l.pos[2] = 100.0f;
  l.radius = 1000.0f;
  l.cast_shadows = false;
  wary_light_def dark = l;
  dark.intensity = 0.0f;
  wary_environment_def e = wary_default_environment_def();
  e.min[0] = e.min[1] = e.min[2] = -500.0f;
  e.max[0] = e.max[1] = e.max[2] = 500.0f;
  wary_environment_def cellar = e;
  cellar.light = 0.0f;
  float lit = wary_light_at(w, actor);
  wary_light_id light;
  wary_environment_id env;
  MADE(wary_light_create(w, &l, &light));
  MADE(wary_environment_create(w, &e, &env));
  lit = wary_light_at(w, actor);
  ENSURE(lit > 0.9f);
  wary_light_id *old_light = malloc(CYCLES * sizeof *old_light);
  wary_environment_id *old_env = malloc(CYCLES * sizeof *old_env);
  int bad = 0;
  for (int i = 0; i < CYCLES; i++) {
    bad += wary_light_destroy(w, light) != WARY_OK || wary_light_destroy(w, light) != WARY_ERR_STALE_ID;
    bad += wary_environment_destroy(w, env) != WARY_OK ||
           wary_environment_destroy(w, env) != WARY_ERR_STALE_ID;
    old_light[i] = light;
    old_env[i] = env;
    bad += wary_light_create(w, &l, &light) != WARY_OK;
    bad += wary_environment_create(w, &e, &env) != WARY_OK;
    bad += WARY_IS_NULL(light) || light.id == old_light[i].id || WARY_IS_NULL(env) ||
           env.id == old_env[i].id;
  }
  for (int i = 0; i < CYCLES; i++) {
    bad += old_light[i].id == light.id || old_env[i].id == env.id;
    bad += wary_light_set(w, old_light[i], &dark) != WARY_ERR_STALE_ID;
    bad += wary_environment_set(w, old_env[i], &cellar) != WARY_ERR_STALE_ID;
  }
  ENSURE(bad == 0);
  ENSURE(wary_light_at(w, actor) == lit);
  free(old_light);
  free(old_env);
  wary_world_destroy(w);
}

/* ---- an id of another kind ------------------------------------------------ */

typedef struct scene {
  wary_world *w;
  wary_actor_id agent, target;
  wary_box_id box;
  wary_light_id light;
  wary_environment_id env;
  int32_t sound, tag;
} scene;

static scene make(void) {
  scene s;
  memset(&s, 0, sizeof s);
  s.w = make_world(NULL);
  wary_profile_def p = wary_default_profile_def();
  for (int32_t i = 0; i < WARY_BUILTIN_SENSES; i++) p.senses[i].sense = i;
  p.sense_count = WARY_BUILTIN_SENSES;
  int32_t profile = make_profile(s.w, &p);
  wary_geck_def g = wary_default_geck_def();
  ENSURE(wary_profile_set_geck(s.w, profile, &g) == WARY_OK);
  wary_brain_def b = wary_default_brain_def();
  ENSURE(wary_profile_set_brain(s.w, profile, &b) == WARY_OK);
  wary_actor_def a = wary_default_actor_def();
  a.profile = profile;
  a.team = 1;
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = 500.0f;
  t.team = 2;
  t.vel[0] = 100.0f;
  s.target = make_actor(s.w, &t);
  wary_box_def box = wary_default_box_def();
  box.min[0] = 1000.0f;
  box.max[0] = 1100.0f;
  box.max[1] = box.max[2] = 100.0f;
  s.box = make_box(s.w, &box);
  wary_light_def l = wary_default_light_def();
  MADE(wary_light_create(s.w, &l, &s.light));
  wary_environment_def e = wary_default_environment_def();
  MADE(wary_environment_create(s.w, &e, &s.env));
  MADE(wary_name(s.w, "Tag", &s.tag));
  wary_sound_def sd = wary_default_sound_def();
  sd.name = make_name(s.w, "Footstep");
  MADE(wary_sound_create(s.w, &sd, &s.sound));
  wary_pain_def pd = wary_default_pain_def();
  pd.name = make_name(s.w, "Burning");
  int32_t pain;
  ENSURE(wary_pain_create(s.w, &pd, &pain) == WARY_OK && pain == 0);
  ENSURE(!WARY_IS_NULL(s.agent) && !WARY_IS_NULL(s.target) && !WARY_IS_NULL(s.box) &&
         !WARY_IS_NULL(s.light) && !WARY_IS_NULL(s.env) && s.sound == 0 && s.tag > 0);
  return s;
}

#define WRONG(call) bad += (call) != WARY_ERR_WRONG_KIND

/* Every actor call with the raw id of another kind where an actor is
 * expected; the number of calls not refused with WARY_ERR_WRONG_KIND. */
static int actor_calls(scene *s, uint32_t raw) {
  wary_world *w = s->w;
  wary_actor_id A = s->agent, T = s->target, x = {raw};
  int bad = 0;
  wary_actor_info info;
  wary_belief belief;
  wary_evidence ev;
  wary_vision_explain ex;
  wary_heard_sound heard[4];
  wary_location_belief loc;
  wary_brain_state brain;
  wary_threat threat;
  wary_geck_info gi;
  wary_geck_alert ga;
  wary_geck_target gt;
  wary_samples samples;
  memset(&samples, 0, sizeof samples);
  float value;
  WRONG(wary_actor_destroy(w, x));
  bad += wary_actor_valid(w, x);
  WRONG(wary_actor_get(w, x, &info));
  WRONG(wary_actor_pos(w, x, &value, &value, &value));
  WRONG(wary_actor_set_pos(w, x, 1, 2, 3));
  WRONG(wary_actor_set_velocity(w, x, 1, 2, 3));
  WRONG(wary_actor_teleport(w, x, 1, 2, 3));
  WRONG(wary_actor_clear_velocity(w, x));
  WRONG(wary_actor_clear_prop(w, x, 1));
  WRONG(wary_actor_set_yaw(w, x, 90));
  WRONG(wary_actor_look_at(w, x, 1, 2, 3));
  WRONG(wary_actor_look_forward(w, x));
  WRONG(wary_actor_set_stance(w, x, WARY_PRONE));
  WRONG(wary_actor_set_team(w, x, 7));
  WRONG(wary_actor_set_visibility(w, x, 0.5f));
  WRONG(wary_actor_set_light(w, x, 0.5f));
  WRONG(wary_actor_set_lod_tier(w, x, 2));
  WRONG(wary_actor_set_perceivable(w, x, false));
  WRONG(wary_actor_set_off_screen(w, x, true));
  WRONG(wary_actor_set_prop(w, x, s->tag, 1.0f));
  bad += wary_actor_get_prop(w, x, s->tag, -3.0f) != -3.0f;
  WRONG(wary_actor_set_samples(w, x, &samples));
  WRONG(wary_actor_set_scent(w, x, 0.5f));
  WRONG(wary_actor_set_health(w, x, 0.5f));
  bad += wary_light_at(w, x) != -1.0f;
  WRONG(wary_belief_get(w, x, T, &belief));
  WRONG(wary_belief_get(w, A, x, &belief));
  int32_t got;
  wary_actor_id who_now;
  WRONG(wary_belief_confidence(w, x, T, &value));
  WRONG(wary_belief_confidence(w, A, x, &value));
  WRONG(wary_belief_state(w, x, T, &got));
  WRONG(wary_belief_state(w, A, x, &got));
  WRONG(wary_attention_get(w, x, &who_now));
  WRONG(wary_dominant_get(w, x, &got));
  WRONG(wary_belief_count(w, x));
  WRONG(wary_belief_at(w, x, 0, &belief));
  WRONG(wary_set_confidence(w, x, T, 0.5f));
  WRONG(wary_set_confidence(w, A, x, 0.5f));
  WRONG(wary_evidence_add(w, x, T, s->tag, WARY_RAISE, 0.5f, 0.0f, 0));
  WRONG(wary_evidence_add(w, A, x, s->tag, WARY_RAISE, 0.5f, 0.0f, 0));
  WRONG(wary_evidence_remove(w, A, x, s->tag));
  WRONG(wary_evidence_clear(w, A, x));
  WRONG(wary_evidence_count(w, A, x));
  WRONG(wary_evidence_at(w, A, x, 0, &ev));
  WRONG(wary_sense_unmute(w, x, 0));
  WRONG(wary_vision_explain_get(w, x, T, &ex));
  WRONG(wary_vision_explain_get(w, A, x, &ex));
  WRONG(wary_emit_sound(w, x, s->sound));
  WRONG(wary_recent_sounds(w, x, 6.0f, heard, 4));
  WRONG(wary_location_count(w, x));
  WRONG(wary_location_at(w, x, 0, &loc));
  WRONG(wary_location_strongest(w, x, &loc));
  WRONG(wary_report_location(w, x, 1, 2, 3, s->tag, 0.5f, 0.5f));
  WRONG(wary_report_touch(w, x, T));
  WRONG(wary_report_touch(w, A, x));
  wary_stimulus_def st = wary_default_stimulus_def();
  st.tag = s->tag;
  st.source = x;
  WRONG(wary_emit_stimulus(w, &st));
  wary_damage_def dmg = wary_default_damage_def();
  dmg.victim = x;
  dmg.amount = 10.0f;
  WRONG(wary_apply_damage(w, &dmg));
  dmg.victim = A;
  wary_actor_id *who[] = {&dmg.instigator, &dmg.causer, &dmg.causer_instigator, &dmg.causer_owner};
  for (int i = 0; i < 4; i++) {
    *who[i] = x;
    WRONG(wary_apply_damage(w, &dmg));
    *who[i] = (wary_actor_id)WARY_NULL_HANDLE;
  }
  WRONG(wary_report_pain(w, x, 0, 0.5f));
  WRONG(wary_pain_clear(w, x, -1));
  WRONG(wary_pain_set_enabled(w, x, 0, 0));
  WRONG(wary_set_fear_input(w, x, 0.5f));
  WRONG(wary_set_emotion(w, x, WARY_FEAR, 0.5f));
  WRONG(wary_reset_emotions(w, x));
  WRONG(wary_brain_get(w, x, &brain));
  WRONG(wary_threat_get(w, x, T, &threat));
  WRONG(wary_threat_get(w, A, x, &threat));
  WRONG(wary_set_relationship_override(w, x, T, WARY_FRIENDLY));
  WRONG(wary_set_relationship_override(w, A, x, WARY_FRIENDLY));
  WRONG(wary_geck_state(w, x));
  WRONG(wary_geck_detection_value(w, x, T, &value));
  WRONG(wary_geck_detection_value(w, A, x, &value));
  WRONG(wary_create_detection_event(w, x, 1, 2, 3, 10.0f, WARY_GECK_EVENT_WEAPON));
  WRONG(wary_geck_damage(w, x, T));
  WRONG(wary_geck_damage(w, A, x));
  WRONG(wary_geck_info_get(w, x, &gi));
  WRONG(wary_geck_alert_at(w, x, 0, &ga));
  WRONG(wary_geck_target_at(w, x, 0, &gt));
  WRONG(wary_geck_target_get(w, x, T, &gt));
  WRONG(wary_geck_target_get(w, A, x, &gt));
  return bad;
}

/* Box, light and environment calls with ids of the other kinds. */
static int place_calls(scene *s) {
  wary_world *w = s->w;
  wary_light_def l = wary_default_light_def();
  wary_environment_def e = wary_default_environment_def();
  int bad = 0;
  const uint32_t not_box[] = {s->agent.id, s->light.id, s->env.id};
  for (int i = 0; i < 3; i++) {
    wary_box_id x = {not_box[i]};
    WRONG(wary_box_set_bounds(w, x, 0, 0, 0, 1, 1, 1));
    WRONG(wary_box_set_material(w, x, 0));
    WRONG(wary_box_destroy(w, x));
    bad += wary_box_valid(w, x);
  }
  const uint32_t not_light[] = {s->agent.id, s->box.id, s->env.id};
  for (int i = 0; i < 3; i++) {
    wary_light_id x = {not_light[i]};
    WRONG(wary_light_set(w, x, &l));
    WRONG(wary_light_destroy(w, x));
  }
  const uint32_t not_env[] = {s->agent.id, s->box.id, s->light.id};
  for (int i = 0; i < 3; i++) {
    wary_environment_id x = {not_env[i]};
    WRONG(wary_environment_set(w, x, &e));
    WRONG(wary_environment_destroy(w, x));
  }
  return bad;
}

/* Everything one can read of a world, to see that refused calls changed nothing. */
static int differences(const scene *a, const scene *b) {
  int diff = 0;
  const wary_actor_id actors[][2] = {{a->agent, b->agent}, {a->target, b->target}};
  for (int i = 0; i < 2; i++) {
    wary_actor_info x, y;
    wary_actor_get(a->w, actors[i][0], &x);
    wary_actor_get(b->w, actors[i][1], &y);
    diff += memcmp(&x, &y, sizeof x) != 0;
  }
  wary_belief x, y;
  diff += wary_belief_get(a->w, a->agent, a->target, &x) != wary_belief_get(b->w, b->agent, b->target, &y);
  diff += memcmp(&x, &y, sizeof x) != 0;
  wary_brain_state bx, by;
  wary_brain_get(a->w, a->agent, &bx);
  wary_brain_get(b->w, b->agent, &by);
  diff += memcmp(&bx, &by, sizeof bx) != 0;
  diff += wary_geck_state(a->w, a->agent) != wary_geck_state(b->w, b->agent);
  diff += wary_location_count(a->w, a->agent) != wary_location_count(b->w, b->agent);
  diff += wary_evidence_count(a->w, a->agent, a->target) != wary_evidence_count(b->w, b->agent, b->target);
  diff += wary_box_count(a->w) != wary_box_count(b->w) || wary_actor_count(a->w) != wary_actor_count(b->w);
  diff += wary_event_count(a->w) != wary_event_count(b->w);
  for (int32_t i = 0; i < wary_event_count(a->w) && i < wary_event_count(b->w); i++)
    diff += memcmp(&wary_events(a->w)[i], &wary_events(b->w)[i], sizeof(wary_event)) != 0;
  wary_stats sa = wary_world_stats(a->w), sb = wary_world_stats(b->w);
  diff += sa.rays != sb.rays || sa.beliefs != sb.beliefs || sa.candidates != sb.candidates;
  return diff;
}

static void test_wrong_kind(void) {
  scene s = make(), same = make();
  for (int i = 0; i < 10; i++) {
    wary_step(s.w, 0.1f);
    wary_step(same.w, 0.1f);
  }
  ENSURE(differences(&s, &same) == 0);
  ENSURE(actor_calls(&s, s.box.id) == 0);
  ENSURE(actor_calls(&s, s.light.id) == 0);
  ENSURE(actor_calls(&s, s.env.id) == 0);
  ENSURE(place_calls(&s) == 0);
  ENSURE(differences(&s, &same) == 0);
  /* Nothing was queued either: the next steps go the same way. */
  for (int i = 0; i < 30; i++) {
    wary_step(s.w, 0.1f);
    wary_step(same.w, 0.1f);
    ENSURE(differences(&s, &same) == 0);
  }
  wary_belief b;
  ENSURE(wary_belief_get(s.w, s.agent, s.target, &b) == WARY_OK && b.state >= WARY_SUSPECTED);
  wary_world_destroy(s.w);
  wary_world_destroy(same.w);
}

/* A caller that keeps no handle passes NULL: the thing is still made; a
 * world needs its out (nothing could destroy it). */
static void test_null_out(void) {
  wary_world_def d = wary_default_world_def();
  ENSURE(wary_world_create(&d, NULL) == WARY_ERR_BAD_VALUE);
  wary_world *w = make_world(&d);
  wary_box_def b = wary_default_box_def();
  b.max[0] = b.max[1] = b.max[2] = 100.0f;
  ENSURE(wary_box_create(w, &b, NULL) == WARY_OK && wary_box_count(w) == 1);
  wary_actor_def a = wary_default_actor_def();
  ENSURE(wary_actor_create(w, &a, NULL) == WARY_OK && wary_actor_count(w) == 1);
  ENSURE(wary_light_create(w, &(wary_light_def){{0, 0, 0}, 100.0f, 1.0f, true}, NULL) == WARY_OK);
  wary_environment_def e = wary_default_environment_def();
  ENSURE(wary_environment_create(w, &e, NULL) == WARY_OK);
  wary_material_def m = wary_default_material_def();
  ENSURE(wary_material_create(w, &m, NULL) == WARY_OK);
  ENSURE(wary_name(w, "unkept", NULL) == WARY_OK);
  a.stance = 9;
  ENSURE(wary_actor_create(w, &a, NULL) == WARY_ERR_BAD_VALUE && wary_actor_count(w) == 1);
  wary_world_destroy(w);
}

/* A snapshot whose actor free list names a retired slot (generation 511),
 * its checksum made right: refused, so that no load can hand out a wrapped
 * id (generation 512 is 0 with a carry into the kind's bits). */
static void test_free_list_of_retired_slot_refused(void) {
  wary_world *w;
  ENSURE(wary_world_create(NULL, &w) == WARY_OK);
  wary_actor_def ad = wary_default_actor_def();
  wary_actor_id a, b;
  ENSURE(wary_actor_create(w, &ad, &a) == WARY_OK);
  for (int g = 1; g < (int)WY_ID_GEN_MAX; g++) {
    ENSURE(wary_actor_destroy(w, a) == WARY_OK && wary_actor_create(w, &ad, &a) == WARY_OK);
  }
  ENSURE(INDEX_OF(a.id) == 0 && (a.id >> WARY_ID_INDEX_BITS & WY_ID_GEN_MAX) == WY_ID_GEN_MAX);
  ENSURE(wary_actor_destroy(w, a) == WARY_OK); /* slot 0 retired */
  ENSURE(wary_actor_create(w, &ad, &b) == WARY_OK && INDEX_OF(b.id) == 1);
  ENSURE(wary_actor_destroy(w, b) == WARY_OK); /* slot 1 free, generation 1 */
  size_t n;
  ENSURE(wary_world_save(w, NULL, 0, &n) == WARY_OK);
  unsigned char *s = malloc(n);
  ENSURE(wary_world_save(w, s, n, &n) == WARY_OK);
  /* The actor slots (id 0, generation 511; id 0, generation 1), then the free
   * list (count 1, slot 1): slot 1 made slot 0. */
  static const unsigned char slots[] = {0, 0, 0, 0, 0xff, 0x01, 0, 0, 0, 0, 0x01, 0x00, 1, 0, 0, 0, 1, 0, 0, 0};
  size_t at = 0;
  for (size_t i = 28; i + sizeof slots <= n && !at; i++)
    if (memcmp(s + i, slots, sizeof slots) == 0) at = i;
  ENSURE(at > 0);
  s[at + sizeof slots - 4] = 0;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 28; k < n; k++) h = (h ^ s[k]) * 0x100000001b3ull;
  for (int k = 0; k < 8; k++) s[20 + k] = (unsigned char)(h >> (8 * k));
  wary_world *w2;
  ENSURE(wary_world_create(NULL, &w2) == WARY_OK);
  ENSURE(wary_world_load(w2, s, n) == WARY_ERR_BAD_VALUE);
  ENSURE(strstr(wary_last_error(w2), "free list") != NULL && strstr(wary_last_error(w2), "retired") != NULL);
  ENSURE(wary_actor_count(w2) == 0);
  /* The snapshot as saved loads, and the next actor takes slot 1 again. */
  ENSURE(wary_world_save(w, s, n, &n) == WARY_OK && wary_world_load(w2, s, n) == WARY_OK);
  ENSURE(wary_actor_create(w2, &ad, &b) == WARY_OK && INDEX_OF(b.id) == 1);
  free(s);
  wary_world_destroy(w);
  wary_world_destroy(w2);
}

/* The walks of a step pass retired and freed slots by with the pool's live
 * bits (id_pool.h, wy_id_live_bits): with 70 retired slots between the
 * live ones (past a word of bits), a target destroyed and the world loaded
 * into another, the grid finds exactly the live actors, the vision sees
 * what it saw, and a loaded world (its bits built again) steps as the one
 * it was saved from. */
static void test_walks_pass_retired_slots_by(void) {
  wary_world *w = make_world(NULL), *copy = make_world(NULL);
  wary_world *worlds[2] = {w, copy};
  wary_actor_id agent = {0}, target = {0}, gone = {0};
  for (int k = 0; k < 2; k++) {
    wary_profile_def p = wary_default_profile_def();
    p.senses[0].sense = WARY_SENSE_VISION;
    p.sense_count = 1;
    int32_t profile = make_profile(worlds[k], &p);
    wary_actor_def a = wary_default_actor_def();
    a.profile = profile;
    a.team = 1;
    if (k == 0) agent = make_actor(w, &a);
  }
  wary_actor_def t = wary_default_actor_def();
  t.team = 2;
  /* 70 slots retired: each served 511 targets. */
  for (int slot = 0; slot < 70; slot++)
    for (int n = 0; n < 511; n++) {
      wary_actor_id x = make_actor(w, &t);
      ENSURE(wary_actor_destroy(w, x) == WARY_OK);
    }
  t.pos[0] = 400.0f;
  target = make_actor(w, &t);
  t.pos[0] = 300.0f;
  gone = make_actor(w, &t);
  ENSURE(INDEX_OF(target.id) == 71 && INDEX_OF(gone.id) == 72);
  for (int i = 0; i < 30; i++) ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK);
  ENSURE(wary_actor_destroy(w, gone) == WARY_OK);
  ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK);
  wary_actor_id found[8];
  int32_t n = wary_query_actors(w, 0.0f, 0.0f, 0.0f, 1000.0f, found, 8);
  ENSURE(n == 2 && found[0].id == agent.id && found[1].id == target.id);
  float c = 0.0f;
  ENSURE(wary_belief_confidence(w, agent, target, &c) == WARY_OK && c > 0.5f);
  ENSURE(load_copy(w, copy));
  ENSURE(wary_query_actors(copy, 0.0f, 0.0f, 0.0f, 1000.0f, found, 8) == 2 && found[1].id == target.id);
  for (int i = 0; i < 30; i++) {
    ENSURE(wary_actor_set_pos(w, target, 400.0f + (float)i * 10.0f, 0.0f, 0.0f) == WARY_OK);
    ENSURE(wary_actor_set_pos(copy, target, 400.0f + (float)i * 10.0f, 0.0f, 0.0f) == WARY_OK);
    ENSURE(wary_step(w, 1.0f / 30.0f) == WARY_OK && wary_step(copy, 1.0f / 30.0f) == WARY_OK);
  }
  ENSURE(same_bytes(w, copy));
  /* A new actor takes slot 72 (freed, not retired), and is found. */
  wary_actor_id again = make_actor(copy, &t);
  ENSURE(INDEX_OF(again.id) == 72);
  ENSURE(wary_step(copy, 1.0f / 30.0f) == WARY_OK);
  ENSURE(wary_query_actors(copy, 300.0f, 0.0f, 0.0f, 10.0f, found, 8) == 1 && found[0].id == again.id);
  wary_world_destroy(w);
  wary_world_destroy(copy);
}

int main(void) {
  test_null_out();
  test_free_list_of_retired_slot_refused();
  test_first_ids_differ();
  test_pool_limits();
  test_kind_runs_out();
  test_actor_cycles();
  test_box_cycles();
  test_light_and_environment_cycles();
  test_wrong_kind();
  test_walks_pass_retired_slots_by();
  return check_summary("test_ids");
}
