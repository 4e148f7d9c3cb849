/* test_rest.c - an agent at rest (emotion.c, WY_IDLE_EMOTIONS): one with no
 * belief awake or listed, no attention and its emotions at 0 with no fear
 * input is passed by in the emotion pass, which would change nothing.
 * Two worlds driven alike, one passing the agents at rest by, the other
 * running every pass (every_part), must agree to the bit after every step:
 * the events, every agent's brain (emotions, fear input, dominant emotion,
 * attention) and the threat of every belief. The script wakes the resting
 * agents every way there is (fear input, an emotion set, emotions reset, a
 * sound heard, a hit, a brain changed, switched off and on, with emotions
 * and without) and lets them fall to rest again in between; the resting
 * world must have passed agents by at each quiet stretch, and the other
 * never. A third world, loaded from the first now and then (a load clears
 * the rests), must save the same bytes as it while both play on. */
#include <stdlib.h>
#include <string.h>

#include "belief.h"
#include "check.h"
#include "emotion.h"
#include "minds.h"
#include "wary.h"

#define AGENTS 4
#define STEPS 2400

typedef struct game {
  wary_world *w;
  wary_actor_id agents[AGENTS], target;
  int32_t profile, sound;
} game;

static void build(game *g, bool every_part) {
  memset(g, 0, sizeof *g);
  g->w = make_world(NULL);
  if (!g->w) return;
  g->w->every_part = every_part;
  wary_profile_def p = wary_default_profile_def();
  p.lost_time = 1.0f;
  p.memory_time = 1.0f;
  g->profile = make_profile(g->w, &p);
  wary_brain_def bd = wary_default_brain_def();
  bd.emotions = true;
  MADE(wary_profile_set_brain(g->w, g->profile, &bd));
  g->sound = make_sound(g->w, "Footstep", 2000.0f);
  for (int i = 0; i < AGENTS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i * 5000);
    ad.team = 1;
    ad.profile = g->profile;
    g->agents[i] = make_actor(g->w, &ad);
  }
  wary_actor_def ad = wary_default_actor_def();
  ad.pos[1] = 50000.0f; /* far from everyone */
  ad.team = 2;
  g->target = make_actor(g->w, &ad);
}

/* What the game does before step n, to either world. */
static void play(game *g, int n) {
  wary_world *w = g->w;
  wary_brain_def bd = wary_default_brain_def();
  bd.emotions = true;
  switch (n) {
    case 100: MADE(wary_set_fear_input(w, g->agents[0], 0.95f)); break;
    case 160: MADE(wary_set_fear_input(w, g->agents[0], 0.0f)); break;
    case 400: MADE(wary_set_emotion(w, g->agents[1], WARY_CURIOSITY, 0.6f)); break;
    case 420: MADE(wary_reset_emotions(w, g->agents[1])); break;
    case 500: MADE(wary_set_emotion(w, g->agents[1], WARY_AGGRESSION, 0.9f)); break;
    case 700: /* the target walks up to agent 2, steps, and is gone again */
      MADE(wary_actor_set_pos(w, g->target, 5000.0f + 300.0f, 0.0f, 0.0f));
      break;
    case 1000: {
      wary_damage_def d = wary_default_damage_def();
      d.victim = g->agents[3];
      d.instigator = g->target;
      d.amount = 30.0f;
      MADE(wary_apply_damage(w, &d));
      break;
    }
    case 1400: bd.threat = false; MADE(wary_profile_set_brain(w, g->profile, &bd)); break;
    /* Refused: a brain without threat feels nothing. */
    case 1450: ENSURE(wary_set_emotion(w, g->agents[0], WARY_FEAR, 0.8f) == WARY_ERR_BAD_VALUE); break;
    case 1500: MADE(wary_profile_set_brain(w, g->profile, &bd)); break;
    case 1550: MADE(wary_set_emotion(w, g->agents[0], WARY_ALERTNESS, 0.7f)); break;
    case 1600: bd.emotions = false; MADE(wary_profile_set_brain(w, g->profile, &bd)); break;
    case 1800: MADE(wary_profile_set_brain(w, g->profile, &bd)); break;
    default: break;
  }
  /* The agents stroll (a resting one's pass would note where it stands),
   * and who is hostile changes now and then. */
  for (int i = 0; i < AGENTS; i++)
    MADE(wary_actor_set_pos(w, g->agents[i], (float)(i * 5000), (float)((n * (i + 1)) % 700), 0.0f));
  if (n % 500 == 250) MADE(wary_set_relationship(w, 1, 2, (n / 500) % 2 ? WARY_HOSTILE : WARY_NEUTRAL));
  /* Footsteps by agent 2 for a while: heard, then forgotten. */
  if (n >= 700 && n < 760 && n % 10 == 0) MADE(wary_emit_sound(w, g->target, g->sound));
  if (n == 760) MADE(wary_actor_set_pos(w, g->target, 0.0f, 50000.0f, 0.0f));
}

/* The agents passed by at the last step. */
static int resting(const game *g) {
  int n = 0;
  for (int32_t i = 0; i < g->w->agents.count; i++) n += (g->w->agents.data[i].idle & WY_IDLE_EMOTIONS) != 0;
  return n;
}

static bool same(const game *a, const game *b) {
  return same_minds(a->w, b->w, a->agents, b->agents, AGENTS);
}

static void rest_equals_every_pass(void) {
  game a, b, c;
  build(&a, false);
  build(&b, true);
  build(&c, false);
  if (!a.w || !b.w || !c.w) return;
  int bytes_differ = 0, loads = 0;
  int differ = 0, first = -1, reference_rested = 0, events = 0, emotion_events = 0;
  int rested_at[6] = {0};
  static const int quiet[6] = {90, 390, 690, 990, 1390, 2390}; /* the step before each wake-up, or the end */
  for (int n = 0; n < STEPS; n++) {
    /* Now and then c becomes a loaded copy of a (its agents' rests undone:
     * a load clears them), and plays on beside it. */
    if (n % 300 == 50) {
      ENSURE(load_copy(a.w, c.w));
      loads++;
    }
    play(&a, n);
    play(&b, n);
    play(&c, n);
    MADE(wary_step(a.w, 1.0f / 60.0f));
    MADE(wary_step(b.w, 1.0f / 60.0f));
    MADE(wary_step(c.w, 1.0f / 60.0f));
    if (n >= 50 && n % 25 == 0) bytes_differ += !same_bytes(a.w, c.w);
    if (!same(&a, &b)) {
      differ++;
      if (first < 0) first = n;
    }
    reference_rested += resting(&b);
    events += wary_event_count(a.w);
    for (int32_t e = 0; e < wary_event_count(a.w); e++) emotion_events += wary_events(a.w)[e].type == WARY_EV_EMOTION_CHANGED;
    for (int k = 0; k < 6; k++)
      if (n == quiet[k]) rested_at[k] = resting(&a);
  }
  if (differ) fprintf(stderr, "test_rest: %d steps differ, the first %d\n", differ, first);
  ENSURE(differ == 0);
  ENSURE(reference_rested == 0);
  /* A loaded copy saves what the world it was loaded from saves. */
  ENSURE(loads == 8);
  ENSURE(bytes_differ == 0);
  /* Every agent rests before the first wake-up and at the end; at each
   * stretch between, all but the one woken last, or all of them. */
  ENSURE(rested_at[0] == AGENTS);
  for (int k = 1; k < 5; k++) ENSURE(rested_at[k] >= AGENTS - 1);
  ENSURE(rested_at[5] == AGENTS);
  /* The script did move brains: fear, aggression and alert came and went. */
  ENSURE(emotion_events >= 6);
  ENSURE(events > emotion_events);
  wary_world_destroy(a.w);
  wary_world_destroy(b.w);
  wary_world_destroy(c.w);
}

int main(void) {
  rest_equals_every_pass();
  return check_summary("test_rest");
}
