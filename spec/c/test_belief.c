/* test_belief.c - the belief pipeline through the public C API, with C
 * senses whose answer each test sets: fusion, evidence, Set Target
 * Confidence, the seven states and their events, loss, ids. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "wary.h"

#include "check.h"

/* A sense that reports a fixed confidence (0: inactive) per sense slot. */
static float answer[4];
static float answer_accuracy = 1.0f; /* every slot's */
static float answer_x = 0.0f;        /* != 0: every slot answers a location (answer_x, 0, 0) */
static int slot_ids[4] = {0, 1, 2, 3};
static void fixed_sense(void *user, const wary_sense_query *q, wary_sense_result *out) {
  float c = answer[*(int *)user];
  (void)q;
  if (c > 0.0f) {
    out->active = true;
    out->confidence = c;
    out->accuracy = answer_accuracy;
    out->has_location = answer_x != 0.0f;
    out->location[0] = answer_x;
  }
}

typedef struct fixture {
  wary_world *w;
  int32_t senses[4];
  wary_actor_id agent, target;
} fixture;

static fixture make(int nsenses, bool direct) {
  fixture f;
  memset(&f, 0, sizeof f);
  memset(answer, 0, sizeof answer);
  answer_accuracy = 1.0f;
  answer_x = 0.0f;
  f.w = make_world(NULL);
  wary_profile_def p = wary_default_profile_def();
  for (int i = 0; i < nsenses; i++) {
    wary_sense_def s = wary_default_sense_def();
    s.max_range = 5000.0f;
    s.evaluate = fixed_sense;
    s.user = &slot_ids[i];
    s.direct_lost_cut = direct;
    s.loss_reason = direct ? WARY_LOSS_OCCLUDED : WARY_LOSS_SENSOR_DROPOUT;
    MADE(wary_sense_create(f.w, &s, &f.senses[i]));
    p.senses[i].sense = f.senses[i];
  }
  p.sense_count = nsenses;
  int32_t prof = make_profile(f.w, &p);
  wary_actor_def a = wary_default_actor_def();
  a.profile = prof;
  a.team = 1;
  f.agent = make_actor(f.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = 1000.0f;
  t.team = 2;
  f.target = make_actor(f.w, &t);
  return f;
}

static int events_of(const fixture *f, int type) {
  int n = 0;
  for (int i = 0; i < wary_event_count(f->w); i++) n += wary_events(f->w)[i].type == type;
  return n;
}

/* Steps for the given seconds at 60 Hz; returns how many events of type fired. */
static int run(fixture *f, float seconds, int type) {
  int n = 0;
  for (int i = 0; i < (int)lroundf(seconds * 60.0f); i++) {
    wary_step(f->w, 1.0f / 60.0f);
    n += events_of(f, type);
  }
  return n;
}

static wary_belief belief(const fixture *f) {
  wary_belief b;
  wary_belief_get(f->w, f->agent, f->target, &b);
  return b;
}

static void test_fusion(void) {
  fixture f = make(3, false);
  answer[0] = 0.8f;
  answer[1] = 0.3f;
  answer[2] = 0.2f;
  run(&f, 0.5f, -1);
  /* Vision 0.8 with two other active senses at a 0.1 bonus fuses to 1.0. */
  NEAR(belief(&f).fused, 1.0f);
  answer[2] = 0.0f;
  run(&f, 1.0f, -1);
  NEAR(belief(&f).fused, 0.9f);
  answer[1] = 0.0f;
  run(&f, 1.0f, -1);
  NEAR(belief(&f).fused, 0.8f);
  wary_world_destroy(f.w);
}

static void test_states_climb_and_track(void) {
  fixture f = make(1, false);
  answer[0] = 0.9f;
  wary_step(f.w, 1.0f / 60.0f);
  /* All rungs fire in order on the way up, in one step; Tracked waits for
   * min_track_duration. */
  ENSURE(wary_event_count(f.w) == 3);
  ENSURE(wary_events(f.w)[0].type == WARY_EV_SUSPECT);
  ENSURE(wary_events(f.w)[1].type == WARY_EV_TELEGRAPH);
  ENSURE(wary_events(f.w)[2].type == WARY_EV_DETECT);
  ENSURE(belief(&f).state == WARY_DETECTED);
  int tracks = run(&f, 0.3f, WARY_EV_TRACK);
  ENSURE(tracks == 0);
  tracks = run(&f, 0.6f, WARY_EV_TRACK);
  ENSURE(tracks == 1);
  ENSURE(belief(&f).state == WARY_TRACKED);
  /* A tracked target that slips below 0.60 fires detect again. */
  answer[0] = 0.5f;
  int detects = run(&f, 5.0f, WARY_EV_DETECT);
  ENSURE(detects == 1);
  ENSURE(belief(&f).state == WARY_DETECTED);
  NEAR(belief(&f).confidence, 0.5f);
  wary_world_destroy(f.w);
}

static void test_clamp_holds_suspected(void) {
  fixture f = make(1, false);
  answer[0] = 1.0f;
  int32_t tag = make_name(f.w, "Disguise");
  ENSURE(wary_evidence_add(f.w, f.agent, f.target, tag, WARY_CLAMP, 0.15f, 0.0f, 0) == WARY_OK);
  run(&f, 3.0f, -1);
  /* A clamp evidence of 0.15 holds a fully seen target at Suspected. */
  NEAR(belief(&f).confidence, 0.15f);
  ENSURE(belief(&f).state == WARY_SUSPECTED);
  ENSURE(wary_evidence_remove(f.w, f.agent, f.target, tag) == WARY_OK);
  run(&f, 1.0f, -1);
  ENSURE(belief(&f).state == WARY_TRACKED);
  wary_world_destroy(f.w);
}

static void test_evidence_resolution(void) {
  fixture f = make(1, false);
  answer[0] = 0.6f;
  int32_t a = make_name(f.w, "A"), b = make_name(f.w, "B"), c = make_name(f.w, "C");
  wary_evidence_add(f.w, f.agent, f.target, a, WARY_RAISE, 0.7f, 0.0f, 0);
  wary_evidence_add(f.w, f.agent, f.target, b, WARY_RAISE, 0.9f, 0.0f, 0);
  wary_evidence_add(f.w, f.agent, f.target, c, WARY_CLAMP, 0.8f, 0.0f, 0);
  run(&f, 0.5f, -1);
  /* Highest floor 0.9, lowest ceiling 0.8: the ceiling beats the floor. */
  NEAR(belief(&f).confidence, 0.8f);
  /* Same tag replaces. */
  wary_evidence_add(f.w, f.agent, f.target, c, WARY_CLAMP, 0.5f, 0.0f, 0);
  ENSURE(wary_evidence_count(f.w, f.agent, f.target) == 3);
  run(&f, 0.1f, -1);
  NEAR(belief(&f).confidence, 0.5f);
  wary_evidence_clear(f.w, f.agent, f.target);
  /* Reductions add up, only while a sense reports. */
  wary_evidence_add(f.w, f.agent, f.target, a, WARY_LOWER, 0.1f, 0.0f, 0);
  wary_evidence_add(f.w, f.agent, f.target, b, WARY_LOWER, 0.2f, 0.0f, 0);
  run(&f, 3.0f, -1);
  NEAR(belief(&f).confidence, 0.3f);
  /* Lifetimes expire by themselves. */
  wary_evidence_clear(f.w, f.agent, f.target);
  wary_evidence_add(f.w, f.agent, f.target, a, WARY_INVALIDATE, 0.0f, 1.0f, 0);
  run(&f, 0.5f, -1);
  NEAR(belief(&f).confidence, 0.0f);
  ENSURE(belief(&f).state == WARY_UNDETECTED);
  run(&f, 0.6f, -1);
  ENSURE(wary_evidence_count(f.w, f.agent, f.target) == 0);
  NEAR(belief(&f).confidence, 0.6f);
  wary_world_destroy(f.w);
}

static void test_set_confidence_never_lowers(void) {
  fixture f = make(1, false);
  answer[0] = 0.5f;
  run(&f, 1.0f, -1);
  wary_set_confidence(f.w, f.agent, f.target, 0.2f);
  run(&f, 1.0f / 60.0f, -1);
  NEAR(belief(&f).confidence, 0.5f);
  wary_set_confidence(f.w, f.agent, f.target, 0.9f);
  run(&f, 1.0f / 60.0f, -1);
  NEAR(belief(&f).confidence, 0.9f);
  /* Then it fades at fade_rate back to what the senses say. */
  run(&f, 1.0f, -1);
  ENSURE(belief(&f).confidence < 0.81f && belief(&f).confidence > 0.79f);
  run(&f, 5.0f, -1);
  NEAR(belief(&f).confidence, 0.5f);
  wary_world_destroy(f.w);
}

static void test_direct_cut_loses_at_once(void) {
  fixture f = make(1, true);
  answer[0] = 0.9f;
  run(&f, 2.0f, -1);
  ENSURE(belief(&f).state == WARY_TRACKED);
  answer[0] = 0.0f;
  int lost = run(&f, 0.5f, WARY_EV_LOST);
  ENSURE(lost == 1);
  ENSURE(belief(&f).state == WARY_LOST);
  ENSURE(belief(&f).loss_reason == WARY_LOSS_OCCLUDED);
  NEAR(belief(&f).shares[0], 0.0f);
  /* The belief itself fades; Lost -> Remembered -> Expired on their timers. */
  ENSURE(belief(&f).confidence > 0.8f);
  ENSURE(run(&f, 5.0f, WARY_EV_REMEMBER) == 1);
  ENSURE(run(&f, 30.5f, WARY_EV_FORGET) == 1);
  ENSURE(belief(&f).state == WARY_EXPIRED);
  wary_world_destroy(f.w);
}

static void test_soft_loss_steps_down(void) {
  fixture f = make(1, false);
  answer[0] = 0.9f;
  run(&f, 2.0f, -1);
  answer[0] = 0.0f;
  /* Through the grace the share holds, then fades; each rung fires. */
  ENSURE(run(&f, 0.25f, WARY_EV_LOST) == 0);
  NEAR(belief(&f).shares[0], 0.9f);
  int detect = 0, suspect = 0, lost = 0;
  for (int i = 0; i < 60 * 10; i++) {
    wary_step(f.w, 1.0f / 60.0f);
    detect += events_of(&f, WARY_EV_DETECT);
    suspect += events_of(&f, WARY_EV_SUSPECT);
    lost += events_of(&f, WARY_EV_LOST);
  }
  ENSURE(detect == 1 && suspect == 1 && lost == 1);
  ENSURE(belief(&f).state == WARY_LOST);
  ENSURE(belief(&f).loss_reason == WARY_LOSS_SENSOR_DROPOUT);
  wary_world_destroy(f.w);
}

static void test_stale_ids_change_nothing(void) {
  fixture f = make(1, false);
  wary_actor_id old = f.target;
  ENSURE(wary_actor_destroy(f.w, old) == WARY_OK);
  ENSURE(wary_actor_destroy(f.w, old) == WARY_ERR_STALE_ID);
  ENSURE(wary_actor_set_pos(f.w, old, 1, 2, 3) == WARY_ERR_STALE_ID);
  wary_actor_def t = wary_default_actor_def();
  wary_actor_id fresh;
  ENSURE(wary_actor_create(f.w, &t, &fresh) == WARY_OK && fresh.id != old.id &&
         !WARY_IS_NULL(fresh));
  ENSURE(!wary_actor_valid(f.w, old));
  ENSURE(wary_actor_set_pos(f.w, fresh, NAN, 0, 0) == WARY_ERR_BAD_VALUE);
  wary_actor_info info;
  wary_actor_get(f.w, fresh, &info);
  ENSURE(info.pos[0] == 0.0f);
  ENSURE(wary_set_confidence(f.w, fresh, f.agent, 0.5f) == WARY_ERR_NOT_AGENT);
  ENSURE(wary_step(f.w, -1.0f) == WARY_ERR_BAD_VALUE);
  wary_world_destroy(f.w);
}

static void test_telegraph_between_suspect_and_detect(void) {
  fixture f = make(1, false);
  answer[0] = 0.5f;
  int order[8], n = 0;
  for (int i = 0; i < 30; i++) {
    wary_step(f.w, 1.0f / 60.0f);
    for (int k = 0; k < wary_event_count(f.w) && n < 8; k++) order[n++] = wary_events(f.w)[k].type;
  }
  ENSURE(n == 3);
  ENSURE(order[0] == WARY_EV_SUSPECT && order[1] == WARY_EV_TELEGRAPH && order[2] == WARY_EV_DETECT);
  wary_world_destroy(f.w);
}

static void test_event_queue_is_bounded(void) {
  wary_world_def wd = wary_default_world_def();
  wd.event_capacity = 2;
  wary_world *w;
  MADE(wary_world_create(&wd, &w));
  wary_sense_def sd = wary_default_sense_def();
  sd.max_range = 5000.0f;
  sd.evaluate = fixed_sense;
  sd.user = &slot_ids[0];
  wary_profile_def p = wary_default_profile_def();
  MADE(wary_sense_create(w, &sd, &p.senses[0].sense));
  p.sense_count = 1;
  wary_actor_def a = wary_default_actor_def();
  MADE(wary_profile_create(w, &p, &a.profile));
  wary_actor_id agent = make_actor(w, &a);
  wary_actor_def t = wary_default_actor_def();
  wary_actor_id target = make_actor(w, &t);
  answer[0] = 0.9f;
  wary_step(w, 1.0f / 60.0f);
  /* Suspect, telegraph and detect fire in this step: the queue keeps the
   * first two, drops the newest and counts it. */
  ENSURE(wary_event_count(w) == 2);
  ENSURE(wary_events(w)[0].type == WARY_EV_SUSPECT);
  ENSURE(wary_events(w)[1].type == WARY_EV_TELEGRAPH);
  ENSURE(wary_events_dropped(w) == 1);
  wary_belief b;
  wary_belief_get(w, agent, target, &b);
  ENSURE(b.state == WARY_DETECTED);
  /* The queue is emptied by the next step. */
  wary_step(w, 1.0f / 60.0f);
  ENSURE(wary_event_count(w) == 0);
  ENSURE(wary_events_dropped(w) == 1);
  wary_world_destroy(w);
}

static void test_structure_is_refused_during_a_step(void) {
  fixture f = make(1, false);
  answer[0] = 0.5f;
  ENSURE(wary_step_begin(f.w, 1.0f / 60.0f) == WARY_OK);
  ENSURE(wary_step_begin(f.w, 1.0f / 60.0f) == WARY_ERR_IN_STEP);
  wary_actor_def t = wary_default_actor_def();
  wary_actor_id no_actor;
  ENSURE(wary_actor_create(f.w, &t, &no_actor) == WARY_ERR_IN_STEP && WARY_IS_NULL(no_actor));
  ENSURE(wary_actor_destroy(f.w, f.target) == WARY_ERR_IN_STEP);
  wary_box_def box = wary_default_box_def();
  box.max[0] = box.max[1] = box.max[2] = 1.0f;
  wary_box_id no_box;
  ENSURE(wary_box_create(f.w, &box, &no_box) == WARY_ERR_IN_STEP && WARY_IS_NULL(no_box));
  wary_profile_def p = wary_default_profile_def();
  int32_t no_profile;
  ENSURE(wary_profile_create(f.w, &p, &no_profile) == WARY_ERR_IN_STEP && no_profile == -1);
  ENSURE(wary_step_end(f.w) == WARY_OK);
  ENSURE(wary_step_end(f.w) == WARY_ERR_NOT_IN_STEP);
  ENSURE(wary_actor_count(f.w) == 2);
  ENSURE(wary_box_count(f.w) == 0);
  ENSURE(wary_actor_valid(f.w, f.target));
  wary_world_destroy(f.w);
}

static void test_muting_counts_failing_steps_in_a_row(void) {
  fixture f = make(1, false);
  answer[0] = 0.5f;
  /* Two failing steps, then a clean one (the C callback answers): the count
   * starts again. */
  for (int round = 0; round < 2; round++) {
    ENSURE(wary_step_begin(f.w, 0.1f) == WARY_OK);
    ENSURE(wary_query_count(f.w) == 1 && wary_query_fail(f.w, 0) == WARY_OK);
    wary_step_end(f.w);
  }
  ENSURE(wary_step(f.w, 0.1f) == WARY_OK);
  wary_belief b;
  ENSURE(wary_belief_get(f.w, f.agent, f.target, &b) == WARY_OK);
  ENSURE(!b.muted[0]);
  /* Three failing steps in a row mute it: no more queries for this agent. */
  for (int round = 0; round < 3; round++) {
    wary_step_begin(f.w, 0.1f);
    ENSURE(wary_query_count(f.w) == 1);
    wary_query_fail(f.w, 0);
    wary_step_end(f.w);
  }
  wary_step_begin(f.w, 0.1f);
  ENSURE(wary_query_count(f.w) == 0);
  wary_step_end(f.w);
  ENSURE(wary_belief_get(f.w, f.agent, f.target, &b) == WARY_OK);
  ENSURE(b.muted[0]);
  ENSURE(wary_sense_unmute(f.w, f.agent, 0) == WARY_OK);
  wary_step_begin(f.w, 0.1f);
  ENSURE(wary_query_count(f.w) == 1);
  wary_step_end(f.w);
  wary_world_destroy(f.w);
}

/* A C sense's answer with a location that is not finite is its failure (a
 * sense_error, counted towards muting), as a Lua sense's is, not a report
 * at the target's own place. */
static void test_non_finite_location_fails(void) {
  const float bad[] = {NAN, INFINITY, -INFINITY};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    fixture f = make(1, false);
    answer[0] = 0.5f;
    answer_x = bad[k];
    ENSURE(wary_step(f.w, 0.1f) == WARY_OK);
    ENSURE(events_of(&f, WARY_EV_SENSE_ERROR) == 1);
    wary_belief b;
    ENSURE(wary_belief_get(f.w, f.agent, f.target, &b) == WARY_ERR_NOT_FOUND);
    /* A finite location is taken. */
    answer_x = 700.0f;
    ENSURE(wary_step(f.w, 0.1f) == WARY_OK);
    ENSURE(events_of(&f, WARY_EV_SENSE_ERROR) == 0);
    b = belief(&f);
    ENSURE(b.confidence > 0.0f && b.last_known[0] == 700.0f);
    wary_world_destroy(f.w);
  }
}

/* Beliefs dropped from the middle of a list (their memory time over, their
 * targets destroyed, one at a time, a few together, and more than the prune
 * notes at once) leave the index sound: every belief left is found by its
 * target, no dropped one is, and targets seen again get one belief each. */
#define DROP_TARGETS 70
static wary_actor_id drop_targets[DROP_TARGETS];
static bool drop_seen[DROP_TARGETS];
static void seen_sense(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  for (int i = 0; i < DROP_TARGETS; i++)
    if (drop_targets[i].id == q->target.id && drop_seen[i]) {
      out->active = true;
      out->confidence = 1.0f;
      out->accuracy = 1.0f;
    }
}

/* Steps until the agent holds want beliefs (at most 2,000 steps). */
static void step_until(wary_world *w, wary_actor_id agent, int32_t want) {
  for (int i = 0; i < 2000 && wary_belief_count(w, agent) != want; i++) wary_step(w, 0.1f);
}

/* Every belief is found by its target, every live target seen is held once,
 * and no other target is. */
static int index_agrees(wary_world *w, wary_actor_id agent, const bool *alive) {
  int bad = 0;
  int32_t n = wary_belief_count(w, agent), want = 0;
  for (int i = 0; i < DROP_TARGETS; i++) want += alive[i] && drop_seen[i];
  bad += n != want;
  for (int32_t i = 0; i < n; i++) {
    wary_belief at, got;
    memset(&at, 0, sizeof at);
    memset(&got, 0, sizeof got);
    bad += wary_belief_at(w, agent, i, &at) != WARY_OK;
    bad += wary_belief_get(w, agent, at.target, &got) != WARY_OK;
    bad += at.target.id != got.target.id || at.confidence != got.confidence || at.state != got.state;
    for (int32_t k = i + 1; k < n; k++) {
      wary_belief other;
      bad += wary_belief_at(w, agent, k, &other) == WARY_OK && other.target.id == at.target.id;
    }
  }
  for (int i = 0; i < DROP_TARGETS; i++) {
    wary_belief b;
    if (!alive[i] || drop_seen[i]) continue;
    bad += wary_belief_get(w, agent, drop_targets[i], &b) != WARY_ERR_NOT_FOUND;
  }
  return bad;
}

static void test_beliefs_dropped_from_the_middle_stay_found(void) {
  wary_world *w = make_world(NULL);
  wary_sense_def s = wary_default_sense_def();
  s.max_range = 5000.0f;
  s.evaluate = seen_sense;
  int32_t sense = 0;
  MADE(wary_sense_create(w, &s, &sense));
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = sense;
  p.sense_count = 1;
  p.memory_time = 1.0f;
  wary_actor_def a = wary_default_actor_def();
  a.profile = make_profile(w, &p);
  a.team = 1;
  wary_actor_id agent = make_actor(w, &a);
  bool alive[DROP_TARGETS];
  for (int i = 0; i < DROP_TARGETS; i++) {
    wary_actor_def t = wary_default_actor_def();
    t.pos[0] = 10.0f + (float)i;
    t.team = 2;
    drop_targets[i] = make_actor(w, &t);
    drop_seen[i] = alive[i] = true;
  }
  step_until(w, agent, DROP_TARGETS);
  ENSURE(wary_belief_count(w, agent) == DROP_TARGETS);
  ENSURE(index_agrees(w, agent, alive) == 0);

  /* Every third, then a run of five: forgotten, pruned. */
  int32_t left = DROP_TARGETS;
  for (int i = 0; i < DROP_TARGETS; i += 3) drop_seen[i] = false, left--;
  for (int i = 40; i < 50; i += 1)
    if (drop_seen[i] && i % 2) drop_seen[i] = false, left--;
  step_until(w, agent, left);
  ENSURE(wary_belief_count(w, agent) == left);
  ENSURE(index_agrees(w, agent, alive) == 0);

  /* Targets destroyed one by one, at the start, middle and end. */
  int gone[] = {1, 2, 35, 68, 69};
  for (size_t g = 0; g < sizeof gone / sizeof gone[0]; g++) {
    ENSURE(wary_actor_destroy(w, drop_targets[gone[g]]) == WARY_OK);
    alive[gone[g]] = false;
    ENSURE(index_agrees(w, agent, alive) == 0);
  }

  /* More than one prune notes (16) at once: the index is built again. */
  int32_t many = 0;
  for (int i = 0; i < DROP_TARGETS && many < 30; i++)
    if (alive[i] && drop_seen[i]) drop_seen[i] = false, many++;
  ENSURE(many == 30);
  int32_t held = 0;
  for (int i = 0; i < DROP_TARGETS; i++) held += alive[i] && drop_seen[i];
  step_until(w, agent, held);
  ENSURE(index_agrees(w, agent, alive) == 0);

  /* Seen again: one new belief each, found like the rest. */
  held = 0;
  for (int i = 0; i < DROP_TARGETS; i++) drop_seen[i] = true, held += alive[i];
  step_until(w, agent, held);
  ENSURE(wary_belief_count(w, agent) == held);
  ENSURE(index_agrees(w, agent, alive) == 0);
  wary_world_destroy(w);
}

/* A C sense's answer out of bounds (confidence 1.5, accuracy NaN) is
 * taken clamped, and a NaN as 0: wary_explain shows what the step took,
 * not what the callback wrote. */
static void test_explain_shows_an_answer_as_taken(void) {
  fixture f = make(1, false);
  answer[0] = 1.5f;
  answer_accuracy = NAN;
  wary_step(f.w, 1.0f / 60.0f);
  wary_factor out[WARY_EXPLAIN_FACTORS];
  int32_t n = wary_explain(f.w, f.agent, f.target, out, WARY_EXPLAIN_FACTORS);
  ENSURE(n > 0);
  int seen = 0;
  for (int32_t i = 0; i < n; i++) {
    ENSURE(isfinite(out[i].value));
    if (out[i].kind == WARY_FACTOR_RETURNED) {
      seen |= 1;
      ENSURE(out[i].value == 1.0f);
    }
    if (out[i].kind == WARY_FACTOR_ACCURACY) {
      seen |= 2;
      ENSURE(out[i].value == 0.0f);
    }
  }
  ENSURE(seen == 3);
  wary_world_destroy(f.w);
}

int main(void) {
  test_fusion();
  test_states_climb_and_track();
  test_clamp_holds_suspected();
  test_evidence_resolution();
  test_set_confidence_never_lowers();
  test_direct_cut_loses_at_once();
  test_soft_loss_steps_down();
  test_stale_ids_change_nothing();
  test_telegraph_between_suspect_and_detect();
  test_event_queue_is_bounded();
  test_structure_is_refused_during_a_step();
  test_muting_counts_failing_steps_in_a_row();
  test_non_finite_location_fails();
  test_beliefs_dropped_from_the_middle_stay_found();
  test_explain_shows_an_answer_as_taken();
  return check_summary("test_belief");
}
