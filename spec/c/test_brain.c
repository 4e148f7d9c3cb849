/* test_brain.c - seed 002 through the public C API: the damage sense (25 a
 * shot: 0.25 then 0.5; who did it; self-damage), pain dulling (burning 0.6:
 * sight x0.76, hearing x0.82; burning with smoke x0.224), health, emotions
 * (the brute and the coward), threat and relationships. */
#include <string.h>

#include "check.h"
#include "wary.h"

typedef struct scene {
  wary_world *w;
  int32_t profile;
  wary_actor_id agent, player;
} scene;

static scene make(float max_fear, float max_aggression) {
  scene s;
  memset(&s, 0, sizeof s);
  s.w = make_world(NULL);
  wary_profile_def p = wary_default_profile_def();
  const int32_t senses[] = {WARY_SENSE_VISION, WARY_SENSE_HEARING, WARY_SENSE_DAMAGE, WARY_SENSE_PAIN};
  for (int32_t i = 0; i < 4; i++) p.senses[i].sense = senses[i];
  p.sense_count = 4;
  s.profile = make_profile(s.w, &p);
  wary_brain_def b = wary_default_brain_def();
  b.emotion_max[WARY_FEAR] = max_fear;
  b.emotion_max[WARY_AGGRESSION] = max_aggression;
  ENSURE(wary_profile_set_brain(s.w, s.profile, &b) == WARY_OK);
  wary_actor_def a = wary_default_actor_def();
  a.profile = s.profile;
  a.team = 1;
  a.yaw = 180.0f;
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = 5000.0f;
  t.team = 2;
  s.player = make_actor(s.w, &t);
  return s;
}

static void hit(scene *s, wary_actor_id instigator, float amount) {
  wary_damage_def d = wary_default_damage_def();
  d.victim = s->agent;
  d.instigator = instigator;
  d.amount = amount;
  ENSURE(wary_apply_damage(s->w, &d) == WARY_OK);
}

static void test_rifle(void) {
  scene s = make(1.0f, 1.0f);
  wary_belief b;
  hit(&s, s.player, 25.0f);
  wary_step(s.w, 1.0f / 60.0f);
  ENSURE(wary_belief_get(s.w, s.agent, s.player, &b) == WARY_OK);
  NEAR(b.confidence, 0.25f);
  ENSURE(b.state == WARY_SUSPECTED);
  hit(&s, s.player, 25.0f);
  wary_step(s.w, 1.0f / 60.0f);
  wary_belief_get(s.w, s.agent, s.player, &b);
  NEAR(b.confidence, 0.5f);
  ENSURE(b.state == WARY_DETECTED);
  /* self-damage: an event, no belief */
  hit(&s, s.agent, 10.0f);
  wary_step(s.w, 1.0f / 60.0f);
  ENSURE(wary_belief_count(s.w, s.agent) == 1);
  int32_t damaged = 0;
  for (int32_t i = 0; i < wary_event_count(s.w); i++)
    damaged += wary_events(s.w)[i].type == WARY_EV_DAMAGED;
  ENSURE(damaged == 1);
  wary_world_destroy(s.w);
}

static void test_pain(void) {
  scene s = make(1.0f, 1.0f);
  wary_pain_def burning = wary_default_pain_def();
  burning.name = make_name(s.w, "Burning");
  burning.effect_count = 2;
  burning.effect_sense[0] = WARY_SENSE_VISION;
  burning.effect[0] = 0.4f;
  burning.effect_sense[1] = WARY_SENSE_HEARING;
  burning.effect[1] = 0.3f;
  int32_t burn, smk;
  int burn_status = wary_pain_create(s.w, &burning, &burn);
  wary_pain_def smoke = wary_default_pain_def();
  smoke.name = make_name(s.w, "Smoke");
  smoke.decay_rate = 0.5f;
  smoke.effect_count = 1;
  smoke.effect_sense[0] = WARY_SENSE_VISION;
  smoke.effect[0] = 0.9f;
  int smoke_status = wary_pain_create(s.w, &smoke, &smk);
  ENSURE(burn_status == WARY_OK && smoke_status == WARY_OK && burn == 0 && smk == 1);
  wary_brain_state st;
  ENSURE(wary_report_pain(s.w, s.agent, burn, 0.6f) == WARY_OK);
  wary_brain_get(s.w, s.agent, &st);
  NEAR(st.multiplier[0], 0.76f);
  NEAR(st.multiplier[1], 0.82f);
  wary_pain_clear(s.w, s.agent, -1);
  wary_report_pain(s.w, s.agent, burn, 0.5f);
  wary_report_pain(s.w, s.agent, smk, 0.8f);
  wary_brain_get(s.w, s.agent, &st);
  NEAR(st.multiplier[0], 0.224f);
  wary_pain_clear(s.w, s.agent, -1);
  ENSURE(wary_actor_set_health(s.w, s.agent, 0.5f) == WARY_OK);
  wary_brain_get(s.w, s.agent, &st);
  for (int32_t i = 0; i < 4; i++) NEAR(st.multiplier[i], 0.5f);
  wary_world_destroy(s.w);
}

static int32_t dominant_after_hit(float max_fear, float max_aggression) {
  scene s = make(max_fear, max_aggression);
  hit(&s, s.player, 25.0f);
  for (int i = 0; i < 60; i++) wary_step(s.w, 1.0f / 60.0f);
  wary_brain_state st;
  wary_brain_get(s.w, s.agent, &st);
  wary_threat t;
  ENSURE(wary_threat_get(s.w, s.agent, s.player, &t) == WARY_OK);
  ENSURE(t.relationship == WARY_HOSTILE && t.score > 0.0f);
  NEAR(t.damage, 25.0f);
  ENSURE(st.attention.id == s.player.id);
  wary_set_relationship(s.w, 1, 2, WARY_FRIENDLY);
  wary_step(s.w, 1.0f / 60.0f);
  wary_threat_get(s.w, s.agent, s.player, &t);
  ENSURE(t.score == 0.0f && t.relationship == WARY_FRIENDLY);
  wary_world_destroy(s.w);
  return st.dominant;
}

/* A brain that keeps no threat (wary_brain_def.threat false): the beliefs
 * go exactly as with one (the damage record fades, and the belief is
 * dropped, at the same steps), but threat reads 0 and none, there is no
 * attention and no emotion; turned on again, the next step scores as the
 * world that kept it all along. */
static void test_without_threat(void) {
  scene on = make(1.0f, 1.0f), off = make(1.0f, 1.0f);
  wary_brain_def b = wary_default_brain_def();
  b.threat = false;
  ENSURE(wary_profile_set_brain(off.w, off.profile, &b) == WARY_OK);
  hit(&on, on.player, 100.0f);
  hit(&off, off.player, 100.0f);
  int differ = 0, threats = 0, dropped_at = -1;
  for (int i = 0; i < 60 * 180; i++) {
    wary_step(on.w, 1.0f / 60.0f);
    wary_step(off.w, 1.0f / 60.0f);
    wary_belief x, y;
    int sx = wary_belief_get(on.w, on.agent, on.player, &x);
    int sy = wary_belief_get(off.w, off.agent, off.player, &y);
    if (sx != sy || (sx == WARY_OK && (x.confidence != y.confidence || x.state != y.state))) differ++;
    if (sx != WARY_OK && dropped_at < 0) dropped_at = i;
    wary_threat t;
    if (wary_threat_get(off.w, off.agent, off.player, &t) == WARY_OK) {
      if (t.score != 0.0f || t.level != WARY_THREAT_NONE) threats++;
      wary_threat u;
      ENSURE(wary_threat_get(on.w, on.agent, on.player, &u) == WARY_OK);
      ENSURE(t.damage == u.damage && t.relationship == u.relationship);
    }
    wary_brain_state st;
    wary_brain_get(off.w, off.agent, &st);
    if (st.attention.id != 0 || st.dominant != WARY_CALM || st.emotions[WARY_FEAR] != 0.0f) threats++;
  }
  ENSURE(differ == 0);
  ENSURE(threats == 0);
  ENSURE(dropped_at > 0); /* the record faded and the belief went, in both worlds alike */
  if (dropped_at <= 0) fprintf(stderr, "  the belief was never dropped\n");
  /* A new hit, and the threat turned on again in the middle of it. */
  hit(&on, on.player, 50.0f);
  hit(&off, off.player, 50.0f);
  for (int i = 0; i < 30; i++) {
    wary_step(on.w, 1.0f / 60.0f);
    wary_step(off.w, 1.0f / 60.0f);
  }
  b.threat = true;
  ENSURE(wary_profile_set_brain(off.w, off.profile, &b) == WARY_OK);
  wary_step(on.w, 1.0f / 60.0f);
  wary_step(off.w, 1.0f / 60.0f);
  wary_threat t, u;
  ENSURE(wary_threat_get(on.w, on.agent, on.player, &u) == WARY_OK && u.score > 0.0f);
  ENSURE(wary_threat_get(off.w, off.agent, off.player, &t) == WARY_OK);
  ENSURE(t.score == u.score && t.level == u.level);
  wary_actor_id seen;
  ENSURE(wary_attention_get(off.w, off.agent, &seen) == WARY_OK && seen.id == off.player.id);
  /* Turned off with an emotion showing: the next step calms it, and says so. */
  for (int i = 0; i < 60; i++) wary_step(off.w, 1.0f / 60.0f);
  int32_t before = WARY_CALM;
  ENSURE(wary_dominant_get(off.w, off.agent, &before) == WARY_OK && before != WARY_CALM);
  b.threat = false;
  ENSURE(wary_profile_set_brain(off.w, off.profile, &b) == WARY_OK);
  wary_step(off.w, 1.0f / 60.0f);
  int told = 0;
  for (int32_t k = 0; k < wary_event_count(off.w); k++) {
    const wary_event *e = &wary_events(off.w)[k];
    if (e->type == WARY_EV_EMOTION_CHANGED && e->from_state == before && e->to_state == WARY_CALM) told++;
  }
  ENSURE(told == 1);
  int32_t now = -1;
  ENSURE(wary_dominant_get(off.w, off.agent, &now) == WARY_OK && now == WARY_CALM);
  wary_world_destroy(on.w);
  wary_world_destroy(off.w);
}

/* The attention on an actor removed since the last step reads as none,
 * from wary_attention_get and wary_brain_get alike, before the next step
 * chooses again (the soak review read the removed id back). */
static void test_attention_on_a_removed_actor_is_none(void) {
  scene s = make(1.0f, 1.0f);
  hit(&s, s.player, 25.0f);
  for (int i = 0; i < 60; i++) wary_step(s.w, 1.0f / 60.0f);
  wary_actor_id seen;
  ENSURE(wary_attention_get(s.w, s.agent, &seen) == WARY_OK && seen.id == s.player.id);
  ENSURE(wary_actor_destroy(s.w, s.player) == WARY_OK);
  ENSURE(wary_attention_get(s.w, s.agent, &seen) == WARY_OK && seen.id == 0);
  wary_brain_state st;
  ENSURE(wary_brain_get(s.w, s.agent, &st) == WARY_OK && st.attention.id == 0);
  ENSURE(wary_step(s.w, 1.0f / 60.0f) == WARY_OK);
  ENSURE(wary_attention_get(s.w, s.agent, &seen) == WARY_OK && seen.id == 0);
  wary_world_destroy(s.w);
}

/* A hit by a weapon (not a pawn) with no causer_owner in its def is its
 * owner's, as set with wary_actor_set_owner; a def's causer_owner wins;
 * else the causer's instigator; with neither, the weapon itself. */
static void test_a_weapons_hit_is_its_owners(void) {
  scene s = make(1.0f, 1.0f);
  wary_actor_def g = wary_default_actor_def();
  g.pos[0] = 4000.0f;
  wary_actor_id gun = make_actor(s.w, &g), other = make_actor(s.w, &g);
  wary_damage_def d = wary_default_damage_def();
  d.victim = s.agent;
  d.causer = gun;
  d.causer_is_pawn = false;
  d.amount = 10.0f;
  int32_t attackers[4];
  const wary_actor_id none = WARY_NULL_HANDLE;
  const wary_actor_id owners[4] = {s.player, s.player, none, none};
  for (int k = 0; k < 4; k++) {
    ENSURE(wary_actor_set_owner(s.w, gun, owners[k]) == WARY_OK);
    ENSURE(wary_actor_set_instigator(s.w, gun, k == 2 ? other : none) == WARY_OK);
    d.causer_owner = k == 1 ? other : none;
    ENSURE(wary_apply_damage(s.w, &d) == WARY_OK);
    ENSURE(wary_step(s.w, 1.0f / 60.0f) == WARY_OK);
    attackers[k] = -1;
    for (int32_t i = 0; i < wary_event_count(s.w); i++)
      if (wary_events(s.w)[i].type == WARY_EV_DAMAGED) attackers[k] = (int32_t)wary_events(s.w)[i].target.id;
  }
  ENSURE(attackers[0] == (int32_t)s.player.id);
  ENSURE(attackers[1] == (int32_t)other.id);
  ENSURE(attackers[2] == (int32_t)other.id);
  ENSURE(attackers[3] == (int32_t)gun.id);
  wary_world_destroy(s.w);
}

int main(void) {
  test_a_weapons_hit_is_its_owners();
  test_without_threat();
  test_rifle();
  test_pain();
  test_attention_on_a_removed_actor_is_none();
  ENSURE(dominant_after_hit(0.0f, 1.0f) == WARY_AGGRESSIVE);
  ENSURE(dominant_after_hit(1.0f, 0.0f) == WARY_FEARFUL);
  return check_summary("test_brain");
}
