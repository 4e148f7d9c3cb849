/* test_resting.c - a resting agent (belief.h, wy_agent_resting): one with
 * no belief and its pain, places and emotions idle is passed by in the
 * resolve from a byte of its own, its records unread (step.c,
 * resolve_task), but for a slot that ran with an error count to clear.
 * Two worlds driven alike by the same random draws, one that passes
 * resting agents by, the other doing every part of every agent
 * (every_part: none ever rests), must agree to the bit after every step:
 * the events, every agent's brain and beliefs, its slots' error counts and
 * mutes, and the snapshot. The draws wake resting agents every way there
 * is: a target walks into sight or a custom sense sees it (a belief), a
 * sound (a place), fear input and emotions set, pain (its sense, health,
 * a pain switched off and on), a brain changed; and a custom sense's
 * queries fail now and then, so that a resting agent holds an error count
 * that a later clean run must clear. A third world, loaded from the first
 * now and then (a load clears the marks), must save the same bytes as it.
 * The first world must have passed resting agents by, some with an error
 * count held. */
#include <stdlib.h>
#include <string.h>

#include "belief.h"
#include "brain.h"
#include "check.h"
#include "minds.h"
#include "wary.h"

#define AGENTS 24
#define STEPS 3000

/* The custom sense sees its target for the agent (the same id in every
 * world) and in the steps the draws say. */
static wary_actor_id seer;

static void custom_sense(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  out->active = q->agent.id == seer.id;
  out->confidence = 0.7f;
  out->accuracy = 1.0f;
}

typedef struct game {
  wary_world *w;
  wary_actor_id agents[AGENTS], target;
  int32_t profile, pained, sound, pain;
} game;

static void build_of(game *g, bool every_part, int agents) {
  memset(g, 0, sizeof *g);
  g->w = make_world(NULL);
  if (!g->w) return;
  g->w->every_part = every_part;
  wary_sense_def sd = wary_default_sense_def();
  sd.max_range = 3000.0f;
  sd.interval = 0.05f;
  sd.evaluate = custom_sense;
  int32_t custom;
  MADE(wary_sense_create(g->w, &sd, &custom));
  wary_profile_def p = wary_default_profile_def();
  p.lost_time = 0.5f;
  p.memory_time = 0.5f;
  p.senses[p.sense_count++].sense = custom;
  g->profile = make_profile(g->w, &p);
  p.senses[p.sense_count++].sense = WARY_SENSE_PAIN;
  g->pained = make_profile(g->w, &p);
  wary_pain_def pd = wary_default_pain_def();
  MADE(wary_name(g->w, "burn", &pd.name));
  MADE(wary_pain_create(g->w, &pd, &g->pain));
  g->sound = make_sound(g->w, "Footstep", 2000.0f);
  for (int i = 0; i < agents; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i * 5000);
    ad.team = 1;
    ad.profile = i % 6 == 5 ? g->pained : g->profile;
    g->agents[i] = make_actor(g->w, &ad);
  }
  wary_actor_def ad = wary_default_actor_def();
  ad.pos[1] = 50000.0f; /* far from everyone */
  ad.team = 2;
  g->target = make_actor(g->w, &ad);
  MADE(wary_set_relationship(g->w, 1, 2, WARY_HOSTILE));
}

static void build(game *g, bool every_part) { build_of(g, every_part, AGENTS); }

/* What the game does before a step, drawn once for the three worlds. */
typedef struct turn {
  int what, agent;
  float value;
} turn;

static turn draw(int n) {
  turn t = {(int)(lcg() % 64), (int)(lcg() % AGENTS), unit()};
  /* Long quiet stretches, where the agents come to rest. */
  if ((n / 200) % 2 == 1) t.what = 63;
  return t;
}

static void play(game *g, const turn *t) {
  wary_world *w = g->w;
  wary_actor_id a = g->agents[t->agent];
  switch (t->what) {
    case 0: /* the target walks up to the agent, and is gone some steps later */
      MADE(wary_actor_set_pos(w, g->target, (float)(t->agent * 5000) + 300.0f, 0.0f, 0.0f));
      break;
    case 1: case 2: MADE(wary_actor_set_pos(w, g->target, 0.0f, 50000.0f, 0.0f)); break;
    case 3: MADE(wary_emit_sound(w, a, g->sound)); break;
    case 4: MADE(wary_set_fear_input(w, a, t->value)); break;
    case 5: MADE(wary_set_fear_input(w, a, 0.0f)); break;
    case 6: { /* refused while the profile feels nothing */
      const wary_brain_def *bd = wy_brain_of(w, t->agent % 6 == 5 ? g->pained : g->profile);
      ENSURE(wary_set_emotion(w, a, WARY_CURIOSITY, t->value) ==
             (bd->threat && bd->emotions ? WARY_OK : WARY_ERR_BAD_VALUE));
      break;
    }
    case 7: MADE(wary_reset_emotions(w, a)); break;
    case 8: MADE(wary_actor_set_health(w, a, t->value)); break;
    case 9: MADE(wary_pain_set_enabled(w, a, g->pain, t->value < 0.5f)); break;
    case 10: if (t->agent % 6 == 5) MADE(wary_report_pain(w, a, g->pain, t->value)); break;
    case 11: MADE(wary_pain_clear(w, a, g->pain)); break;
    case 12: {
      wary_brain_def bd = wary_default_brain_def();
      bd.emotions = t->value < 0.5f;
      MADE(wary_profile_set_brain(w, g->profile, &bd));
      break;
    }
    default: break;
  }
  /* The custom sense sees now and then (a belief), where the target is
   * near. */
  seer = t->what >= 13 && t->what < 16 ? a : (wary_actor_id)WARY_NULL_HANDLE;
  if (!WARY_IS_NULL(seer)) MADE(wary_actor_set_pos(w, g->target, (float)(t->agent * 5000) - 1500.0f, 0.0f, 0.0f));
}

/* A step, the custom sense's queries failing as the draw says (the same
 * queries, in the same order, in every world). */
static void step(game *g, uint32_t fails) {
  MADE(wary_step_begin(g->w, 1.0f / 60.0f));
  for (int32_t q = 0; q < wary_query_count(g->w); q++)
    if ((fails >> (q % 24)) & 1u) MADE(wary_query_fail(g->w, q));
  MADE(wary_step_evaluate(g->w));
  MADE(wary_step_end(g->w));
}

/* The agents' slots' error counts and mutes agree. */
static bool same_slots(const wary_world *a, const wary_world *b) {
  for (int32_t i = 0; i < a->agents.count; i++)
    for (int s = 0; s < WY_SLOTS; s++) {
      const wy_agent_slot *x = &a->agents.data[i].slot[s], *y = &b->agents.data[i].slot[s];
      if (x->errors != y->errors || x->muted != y->muted) return false;
    }
  return true;
}

static void resting_equals_every_part(void) {
  game a, b, c;
  build(&a, false);
  build(&b, true);
  build(&c, false);
  if (!a.w || !b.w || !c.w) return;
  *lcg_seed() = 12345u;
  int differ = 0, first = -1, bytes_differ = 0, loads = 0, reference_rested = 0;
  long rested = 0, rested_with_errors = 0, beliefs = 0;
  for (int n = 0; n < STEPS; n++) {
    if (n % 300 == 150) {
      ENSURE(load_copy(a.w, c.w));
      loads++;
    }
    turn t = draw(n);
    /* A query fails in about one step in four, in the busy stretches. */
    uint32_t fails = (n / 200) % 2 == 0 && lcg() % 4 == 0 ? (uint32_t)lcg() : 0u;
    play(&a, &t);
    play(&b, &t);
    play(&c, &t);
    step(&a, fails);
    step(&b, fails);
    step(&c, fails);
    if (!same_minds(a.w, b.w, a.agents, b.agents, AGENTS) || !same_slots(a.w, b.w)) {
      differ++;
      if (first < 0) first = n;
    }
    if (n % 25 == 0) {
      bytes_differ += !same_bytes(a.w, b.w);
      if (n > 150) bytes_differ += !same_bytes(a.w, c.w);
    }
    for (int32_t i = 0; i < AGENTS; i++) {
      beliefs += wy_beliefs_of(a.w, i)->count;
      reference_rested += wy_agent_resting(b.w, i);
      if (!wy_agent_resting(a.w, i)) continue;
      rested++;
      for (int s = 0; s < WY_SLOTS; s++)
        if (a.w->agents.data[i].slot[s].errors != 0) {
          rested_with_errors++;
          break;
        }
    }
  }
  if (differ) fprintf(stderr, "test_resting: %d steps differ, the first %d\n", differ, first);
  ENSURE(differ == 0);
  ENSURE(bytes_differ == 0);
  ENSURE(loads == 10);
  ENSURE(reference_rested == 0);
  /* The script did rest agents, some holding an error count, and did make
   * beliefs. */
  ENSURE(rested > AGENTS * STEPS / 4);
  ENSURE(rested_with_errors > 0);
  ENSURE(beliefs > 0);
  wary_world_destroy(a.w);
  wary_world_destroy(b.w);
  wary_world_destroy(c.w);
}

/* A snapshot loaded into a world that never had room for its agents (no
 * agent, so no module reserved for them): its agents rest as the saved
 * world's do once they have resolved. */
static void rest_after_a_load_into_less_room(void) {
  game a, d;
  build(&a, false);
  build_of(&d, false, 0);
  if (!a.w || !d.w) return;
  for (int n = 0; n < 60; n++) ENSURE(wary_step(a.w, 0.05f) == WARY_OK);
  ENSURE(load_copy(a.w, d.w));
  int resting_a = 0, resting_d = 0;
  for (int32_t i = 0; i < AGENTS; i++) ENSURE(!wy_agent_resting(d.w, i)); /* none, until resolved */
  ENSURE(wary_step(a.w, 0.05f) == WARY_OK);
  ENSURE(wary_step(d.w, 0.05f) == WARY_OK);
  for (int32_t i = 0; i < AGENTS; i++) {
    resting_a += wy_agent_resting(a.w, i);
    resting_d += wy_agent_resting(d.w, i);
    ENSURE(wy_agent_resting(a.w, i) == wy_agent_resting(d.w, i));
  }
  ENSURE(resting_a > 0);
  ENSURE(resting_d == resting_a);
  ENSURE(same_bytes(a.w, d.w));
  wary_world_destroy(a.w);
  wary_world_destroy(d.w);
}

int main(void) {
  resting_equals_every_part();
  rest_after_a_load_into_less_room();
  return check_summary("test_resting");
}
