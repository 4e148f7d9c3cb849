/* test_events.c - every event says only what is true: one event of each type,
 * every field read, each field its type does not fill at its neutral value
 * (wary.h, at wary_event). The sounds come first, so a later event in the
 * same slot of the queue would show their pos and loudness if it kept them. */
#include <string.h>

#include "check.h"
#include "wary.h"

enum {
  F_TARGET = 1 << 0,
  F_FROM = 1 << 1,
  F_TO = 1 << 2,
  F_LOSS = 1 << 3,
  F_CONFIDENCE = 1 << 4,
  F_SENSE = 1 << 5,
  F_INDEX = 1 << 6,
  F_POS = 1 << 7,
  F_SOUND = 1 << 8,
  F_TAG = 1 << 9,
  F_LOUDNESS = 1 << 10,
  F_WALLS = 1 << 11,
  F_INSTIGATOR = 1 << 12,
  TYPES = WARY_EV_EMOTION_CHANGED + 1
};

#define STATE_FIELDS (F_TARGET | F_FROM | F_TO | F_LOSS | F_CONFIDENCE)

/* The fields each type fills, as wary.h lists them. */
static const unsigned meaningful[TYPES] = {
  [WARY_EV_SUSPECT] = STATE_FIELDS,
  [WARY_EV_DETECT] = STATE_FIELDS,
  [WARY_EV_TRACK] = STATE_FIELDS,
  [WARY_EV_LOST] = STATE_FIELDS,
  [WARY_EV_REMEMBER] = STATE_FIELDS,
  [WARY_EV_FORGET] = STATE_FIELDS,
  [WARY_EV_TELEGRAPH] = F_TARGET | F_FROM | F_TO | F_CONFIDENCE,
  [WARY_EV_SENSE_ERROR] = F_TARGET | F_SENSE | F_INDEX,
  [WARY_EV_HEAR] = F_TARGET | F_CONFIDENCE | F_POS | F_SOUND | F_LOUDNESS,
  [WARY_EV_SOUND_HEARD] = F_TARGET | F_CONFIDENCE | F_POS | F_SOUND | F_LOUDNESS | F_WALLS,
  [WARY_EV_LOCATION_BELIEF_CHANGED] = F_FROM | F_TO | F_CONFIDENCE | F_POS | F_TAG,
  [WARY_EV_GECK] = F_TARGET | F_FROM | F_TO | F_CONFIDENCE | F_POS | F_INDEX,
  [WARY_EV_DAMAGED] = F_TARGET | F_CONFIDENCE | F_POS | F_TAG | F_INSTIGATOR,
  [WARY_EV_PAIN_REPORTED] = F_CONFIDENCE | F_INDEX,
  [WARY_EV_EMOTION_CHANGED] = F_FROM | F_TO,
};

/* The fields of e that are not meaningful for its type and not neutral. */
static unsigned stale_fields(const wary_event *e) {
  unsigned m = meaningful[e->type], bad = 0;
  if (!(m & F_TARGET) && !WARY_IS_NULL(e->target)) bad |= F_TARGET;
  if (!(m & F_FROM) && e->from_state != -1) bad |= F_FROM;
  if (!(m & F_TO) && e->to_state != -1) bad |= F_TO;
  if (!(m & F_LOSS) && e->loss_reason != WARY_LOSS_NONE) bad |= F_LOSS;
  if (!(m & F_CONFIDENCE) && e->confidence != 0.0f) bad |= F_CONFIDENCE;
  if (!(m & F_SENSE) && e->sense != -1) bad |= F_SENSE;
  if (!(m & F_INDEX) && e->index != -1) bad |= F_INDEX;
  if (!(m & F_POS) && (e->pos[0] != 0.0f || e->pos[1] != 0.0f || e->pos[2] != 0.0f)) bad |= F_POS;
  if (!(m & F_SOUND) && e->sound != -1) bad |= F_SOUND;
  if (!(m & F_TAG) && e->tag != 0) bad |= F_TAG;
  if (!(m & F_LOUDNESS) && e->loudness != 0.0f) bad |= F_LOUDNESS;
  if (!(m & F_WALLS) && e->walls != 0) bad |= F_WALLS;
  if (!(m & F_INSTIGATOR) && !WARY_IS_NULL(e->instigator)) bad |= F_INSTIGATOR;
  return bad;
}

typedef struct scene {
  wary_world *w;
  wary_actor_id agent, target, guard, attacker;
  int32_t footstep, pain, custom;
  bool seen[TYPES];
  wary_event first[TYPES];
  int stale;   /* events of any type with a stale field */
  int events;
  int next_walked; /* events wary_event_next found for masks of some types */
} scene;

/* wary_event_next walks exactly the events of the types in a mask, in
 * order, for masks of no type, one type, some types and every type. */
static void check_next(scene *s) {
  const int32_t n = wary_event_count(s->w);
  const wary_event *e = wary_events(s->w);
  const uint32_t masks[] = {0u, 1u << WARY_EV_HEAR, 1u << WARY_EV_SENSE_ERROR,
                            (1u << WARY_EV_DETECT) | (1u << WARY_EV_SOUND_HEARD) |
                                (1u << WARY_EV_EMOTION_CHANGED),
                            0xFFFFFFFFu};
  for (size_t m = 0; m < sizeof masks / sizeof masks[0]; m++) {
    int32_t want = 0;
    while (want < n && !(masks[m] >> e[want].type & 1u)) want++;
    for (int32_t i = wary_event_next(s->w, masks[m], 0); i < n;
         i = wary_event_next(s->w, masks[m], i + 1)) {
      ENSURE(i == want);
      want = i + 1;
      while (want < n && !(masks[m] >> e[want].type & 1u)) want++;
      s->next_walked += m > 0 && m < 4;
    }
    ENSURE(want >= n);
    ENSURE(wary_event_next(s->w, masks[m], -7) == wary_event_next(s->w, masks[m], 0));
    ENSURE(wary_event_next(s->w, masks[m], n) == n && wary_event_next(s->w, masks[m], n + 3) == n);
  }
}

/* Every event of the step is checked; the first of each type is kept. */
static void collect(scene *s) {
  check_next(s);
  for (int32_t i = 0; i < wary_event_count(s->w); i++) {
    const wary_event *e = &wary_events(s->w)[i];
    ENSURE(e->type >= 0 && e->type < TYPES);
    if (e->type < 0 || e->type >= TYPES) continue;
    s->events++;
    if (stale_fields(e) != 0) {
      s->stale++;
      fprintf(stderr, "event %d of type %d: stale fields 0x%x\n", i, e->type, stale_fields(e));
    }
    if (!s->seen[e->type]) s->first[e->type] = *e;
    s->seen[e->type] = true;
  }
}

static void step(scene *s, float dt) {
  ENSURE(wary_step(s->w, dt) == WARY_OK);
  collect(s);
}

static scene make(void) {
  scene s;
  memset(&s, 0, sizeof s);
  s.w = make_world(NULL);
  wary_sense_def custom = wary_default_sense_def();
  MADE(wary_sense_create(s.w, &custom, &s.custom));
  wary_profile_def p = wary_default_profile_def();
  const int32_t senses[] = {WARY_SENSE_VISION, WARY_SENSE_HEARING, WARY_SENSE_DAMAGE,
                            WARY_SENSE_PAIN, s.custom};
  for (int32_t i = 0; i < 5; i++) p.senses[i].sense = senses[i];
  p.sense_count = 5;
  p.lost_time = 0.5f;
  p.memory_time = 0.5f;
  int32_t profile = make_profile(s.w, &p);
  wary_brain_def b = wary_default_brain_def();
  ENSURE(wary_profile_set_brain(s.w, profile, &b) == WARY_OK);
  wary_profile_def gp = wary_default_profile_def();
  int32_t geck = make_profile(s.w, &gp);
  wary_geck_def g = wary_default_geck_def();
  ENSURE(wary_profile_set_geck(s.w, geck, &g) == WARY_OK);

  wary_actor_def a = wary_default_actor_def();
  a.profile = profile;
  a.team = 1;
  a.yaw = 180.0f; /* facing away from the target: it is only heard at first */
  s.agent = make_actor(s.w, &a);
  wary_actor_def t = wary_default_actor_def();
  t.pos[0] = 1200.0f;
  t.team = 2;
  s.target = make_actor(s.w, &t);
  wary_actor_def d = wary_default_actor_def();
  d.pos[1] = 5000.0f;
  d.team = 2;
  s.attacker = make_actor(s.w, &d);
  wary_actor_def gd = wary_default_actor_def();
  gd.profile = geck;
  gd.pos[1] = -20000.0f;
  gd.team = 1;
  s.guard = make_actor(s.w, &gd);

  wary_sound_def sd = wary_default_sound_def();
  sd.name = make_name(s.w, "Footstep");
  int sound_status = wary_sound_create(s.w, &sd, &s.footstep);
  wary_pain_def pd = wary_default_pain_def();
  pd.name = make_name(s.w, "Burning");
  int pain_status = wary_pain_create(s.w, &pd, &s.pain);
  ENSURE(!WARY_IS_NULL(s.agent) && !WARY_IS_NULL(s.target) && !WARY_IS_NULL(s.attacker) &&
         !WARY_IS_NULL(s.guard) && sound_status == WARY_OK && s.footstep == 0 &&
         pain_status == WARY_OK && s.pain == 0);
  return s;
}

static void test_one_of_each(void) {
  scene s = make();
  /* Sounds: the target's footstep (hear, sound_heard) and one nobody made
   * (a belief about the place). */
  ENSURE(wary_emit_sound(s.w, s.target, s.footstep) == WARY_OK);
  ENSURE(wary_emit_sound_at(s.w, s.footstep, 0.0f, -500.0f, 0.0f) == WARY_OK);
  step(&s, 0.1f);
  ENSURE(s.seen[WARY_EV_SOUND_HEARD] && s.seen[WARY_EV_HEAR] &&
         s.seen[WARY_EV_LOCATION_BELIEF_CHANGED]);
  /* A hit, a pain report, a detection event for the GECK guard. */
  wary_damage_def dmg = wary_default_damage_def();
  dmg.victim = s.agent;
  dmg.instigator = s.attacker;
  dmg.amount = 30.0f;
  dmg.type = make_name(s.w, "Fire");
  dmg.pos[2] = 150.0f;
  ENSURE(wary_apply_damage(s.w, &dmg) == WARY_OK);
  ENSURE(wary_report_pain(s.w, s.agent, s.pain, 0.5f) == WARY_OK);
  wary_actor_id nobody = WARY_NULL_HANDLE;
  ENSURE(wary_create_detection_event(s.w, nobody, 0.0f, -20000.0f, 0.0f, 100.0f,
                                     WARY_GECK_EVENT_WEAPON) == WARY_OK);
  step(&s, 0.1f);
  /* A custom sense fails once (evaluated by hand, as a backend does). */
  ENSURE(wary_step_begin(s.w, 0.1f) == WARY_OK);
  ENSURE(wary_query_count(s.w) > 0);
  ENSURE(wary_query_fail(s.w, 0) == WARY_OK);
  ENSURE(wary_step_end(s.w) == WARY_OK);
  collect(&s);
  /* Turned to the target: seen, climbing to Tracked; then it walks away. */
  ENSURE(wary_actor_set_yaw(s.w, s.agent, 0.0f) == WARY_OK);
  for (int i = 0; i < 30; i++) step(&s, 0.1f);
  ENSURE(wary_actor_set_pos(s.w, s.target, 90000.0f, 0.0f, 0.0f) == WARY_OK);
  for (int i = 0; i < 300 && !s.seen[WARY_EV_FORGET]; i++) step(&s, 0.1f);

  for (int type = 0; type < TYPES; type++) {
    ENSURE(s.seen[type]);
    if (!s.seen[type]) fprintf(stderr, "no event of type %d\n", type);
  }
  ENSURE(s.events > TYPES && s.stale == 0);
  ENSURE(s.next_walked > 3);

  /* The meaningful fields say what happened. */
  const wary_event *e = &s.first[WARY_EV_SOUND_HEARD];
  ENSURE(e->agent.id == s.agent.id && e->target.id == s.target.id && e->sound == s.footstep);
  ENSURE(e->pos[0] == 1200.0f && e->loudness > 0.0f && e->confidence == e->loudness);
  e = &s.first[WARY_EV_HEAR];
  ENSURE(e->target.id == s.target.id && e->sound == s.footstep && e->loudness > 0.0f);
  e = &s.first[WARY_EV_LOCATION_BELIEF_CHANGED];
  ENSURE(WARY_IS_NULL(e->target) && e->pos[1] == -500.0f &&
         e->tag == make_name(s.w, "Footstep") && e->from_state == WARY_UNDETECTED &&
         e->to_state > WARY_UNDETECTED);
  e = &s.first[WARY_EV_DAMAGED];
  ENSURE(e->target.id == s.attacker.id && e->instigator.id == s.attacker.id &&
         e->confidence == 30.0f && e->tag == make_name(s.w, "Fire") && e->pos[2] == 150.0f);
  e = &s.first[WARY_EV_PAIN_REPORTED];
  ENSURE(e->agent.id == s.agent.id && e->index == s.pain && e->confidence == 0.5f);
  e = &s.first[WARY_EV_GECK];
  ENSURE(e->agent.id == s.guard.id && e->from_state == WARY_GECK_NORMAL &&
         e->to_state == WARY_GECK_ALERT &&
         e->index == WARY_GECK_EVENT_WEAPON && e->pos[1] == -20000.0f);
  e = &s.first[WARY_EV_SENSE_ERROR];
  ENSURE(e->sense == s.custom && e->index == 0 && e->target.id == s.target.id);
  e = &s.first[WARY_EV_EMOTION_CHANGED];
  ENSURE(e->from_state == WARY_CALM && e->to_state != WARY_CALM);
  e = &s.first[WARY_EV_LOST];
  ENSURE(e->target.id == s.target.id && e->to_state == WARY_LOST &&
         e->loss_reason != WARY_LOSS_NONE);
  e = &s.first[WARY_EV_TELEGRAPH];
  ENSURE(e->from_state == e->to_state && e->confidence >= 0.25f);
  wary_world_destroy(s.w);
}

/* A host scheduler that runs a phase in pieces of 4 agents, in order, on
 * the calling thread. */
static void *pieces_of_4(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  (void)user;
  for (int32_t s = 0; s < count; s += 4) task(s, s + 4 < count ? s + 4 : count, 0, context);
  return NULL;
}
static void pieces_done(void *handle, void *user) {
  (void)handle;
  (void)user;
}

typedef struct heard_world {
  wary_world *w;
  wary_actor_id maker;
  int32_t shot;
} heard_world;

/* 20 agents that only hear, and a maker of loud sounds among them. */
static heard_world heard_world_make(int32_t capacity, bool scheduled) {
  heard_world h;
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = 1.0f;
  wd.event_capacity = capacity;
  if (scheduled) {
    wd.workers = 1;
    wd.enqueue_task = pieces_of_4;
    wd.finish_task = pieces_done;
  }
  h.w = make_world(&wd);
  wary_profile_def pd = wary_default_profile_def();
  pd.senses[0].sense = WARY_SENSE_HEARING;
  pd.sense_count = 1;
  int32_t prof = make_profile(h.w, &pd);
  wary_sound_def sd = wary_default_sound_def();
  sd.name = make_name(h.w, "Shot");
  sd.category = WARY_CATEGORY_ENEMY;
  sd.loudness = 3.0f;
  sd.max_range = 90.0f;
  MADE(wary_sound_create(h.w, &sd, &h.shot));
  for (int i = 0; i < 20; i++) {
    wary_actor_def a = wary_default_actor_def();
    a.pos[0] = (float)i;
    a.pos[1] = 3.0f;
    a.team = 1;
    a.profile = prof;
    make_actor(h.w, &a);
  }
  wary_actor_def md = wary_default_actor_def();
  md.team = 2;
  h.maker = make_actor(h.w, &md);
  return h;
}

/* The events a step keeps, past event_capacity, are the same whether the
 * step runs its phases as one piece or a host's scheduler runs them in
 * pieces: the first event_capacity in agent order, the rest counted as
 * dropped. The hearing events here come while nothing was gathered (the
 * step's quiet path). */
static void test_capacity_holds_with_and_without_a_scheduler(void) {
  const int32_t capacities[] = {3, 25, 65536};
  for (size_t c = 0; c < sizeof capacities / sizeof capacities[0]; c++) {
    heard_world one = heard_world_make(capacities[c], false), pieces = heard_world_make(capacities[c], true);
    ENSURE(wary_step(one.w, 0.1f) == WARY_OK && wary_step(pieces.w, 0.1f) == WARY_OK);
    ENSURE(wary_emit_sound(one.w, one.maker, one.shot) == WARY_OK);
    ENSURE(wary_emit_sound(pieces.w, pieces.maker, pieces.shot) == WARY_OK);
    int32_t kept = 0;
    for (int step = 0; step < 3; step++) {
      ENSURE(wary_step(one.w, 0.1f) == WARY_OK && wary_step(pieces.w, 0.1f) == WARY_OK);
      int32_t n = wary_event_count(one.w);
      kept += n;
      ENSURE(n <= capacities[c]);
      ENSURE(n == wary_event_count(pieces.w));
      ENSURE(wary_events_dropped(one.w) == wary_events_dropped(pieces.w));
      for (int32_t e = 0; e < n && e < wary_event_count(pieces.w); e++) {
        const wary_event *a = &wary_events(one.w)[e], *b = &wary_events(pieces.w)[e];
        ENSURE(a->type == b->type && a->agent.id == b->agent.id && a->target.id == b->target.id);
      }
    }
    /* Something was heard, and past the smaller capacities some dropped. */
    ENSURE(kept > 0);
    ENSURE(capacities[c] > 100 || wary_events_dropped(one.w) > 0);
    wary_world_destroy(one.w);
    wary_world_destroy(pieces.w);
  }
}

int main(void) {
  test_one_of_each();
  test_capacity_holds_with_and_without_a_scheduler();
  return check_summary("test_events");
}
