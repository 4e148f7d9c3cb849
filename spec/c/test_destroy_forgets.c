/* test_destroy_forgets.c - wary_actor_destroy leaves nothing about the actor
 * in any module: no belief (and the counts of beliefs drop by those about
 * it), nothing GECK knows of it, no alert it owns, no combat target, no
 * relationship override about it, no wait of the ray budget; and it leaves
 * everything about every other actor as it was, in the same order.
 *
 * The relation, budget and GECK modules pass their agents by when a
 * world-level count says that none can hold anything about the actor
 * (relation.c, budget.c and geck.c, actor_removed). So those counts are
 * checked against the agents' parts after each change that moves them
 * (overrides set and cleared, steps, an agent removed, a profile's senses
 * changed, the budget turned off, a load), and each skip is met where it
 * must not skip: GECK's knowledge outliving its model turned off, and a
 * world whose counts are 0 loading one whose are not. */
#include <math.h>
#include <string.h>

#include "belief.h"
#include "budget.h"
#include "check.h"
#include "geck.h"
#include "relation.h"
#include "wary.h"
#include "world.h"

#define AGENTS 10
#define MANY 40 /* agents: more than the belief walk asks ahead for (belief.c, actor_removed) */
#define TARGETS 6
#define DT (1.0f / 60.0f)
#define BUDGET 12 /* rays a step: well under what the agents' vision would cast */

typedef struct scene {
  wary_world *w;
  int32_t seer, gecko; /* profiles: vision alone; vision and the GECK model */
  wary_profile_def seer_def;
  wary_actor_id agents[MANY], targets[TARGETS];
  int step;
} scene;

/* Agents of team 1 on a ring of 6 m facing its middle, the even ones seers,
 * the odd ones also GECK's (evaluated every step) when geck is set; targets
 * of team 2 inside it. A budget of rays (0: none). */
static void build_of(scene *s, int32_t budget, bool geck, int agents) {
  memset(s, 0, sizeof *s);
  wary_world_def wd = wary_default_world_def();
  wd.ray_budget = budget;
  s->w = make_world(&wd);
  if (!s->w) return;
  s->seer_def = wary_default_profile_def();
  s->seer_def.senses[0].sense = WARY_SENSE_VISION;
  s->seer_def.sense_count = 1;
  s->seer = make_profile(s->w, &s->seer_def);
  s->gecko = make_profile(s->w, &s->seer_def);
  if (geck) {
    wary_geck_def g = wary_default_geck_def();
    g.interval = 0.001f;
    MADE(wary_profile_set_geck(s->w, s->gecko, &g));
  }
  for (int i = 0; i < agents; i++) {
    float a = (float)i * 2.0f * 3.14159265f / (float)agents;
    wary_actor_def d = wary_default_actor_def();
    d.profile = i % 2 ? s->gecko : s->seer;
    d.team = 1;
    d.pos[0] = 600.0f * cosf(a);
    d.pos[1] = 600.0f * sinf(a);
    d.yaw = a * 180.0f / 3.14159265f + 180.0f;
    s->agents[i] = make_actor(s->w, &d);
  }
  for (int i = 0; i < TARGETS; i++) {
    wary_actor_def d = wary_default_actor_def();
    d.team = 2;
    s->targets[i] = make_actor(s->w, &d);
  }
}

static void build(scene *s, int32_t budget, bool geck) { build_of(s, budget, geck, AGENTS); }

/* Steps with the targets walking circles of 1-3.5 m about the middle. */
static void play(scene *s, int steps) {
  for (int k = 0; k < steps; k++, s->step++) {
    for (int i = 0; i < TARGETS; i++) {
      float r = 100.0f + 50.0f * (float)i, a = (float)s->step * DT * (0.5f + 0.2f * (float)i) + (float)i;
      if (wary_actor_valid(s->w, s->targets[i]))
        MADE(wary_actor_set_pos(s->w, s->targets[i], r * cosf(a), r * sinf(a), 0.0f));
    }
    MADE(wary_step(s->w, DT));
  }
}

/* ---- what the modules hold ----------------------------------------------------- */

typedef struct traces {
  int32_t beliefs, known, alerts, combat, overrides, waits;
} traces;

/* Every entry about actor id in every agent's part of every module, found
 * by looking at each (not through the indexes the modules keep). */
static traces traces_of(const wary_world *w, wy_id id) {
  traces t;
  memset(&t, 0, sizeof t);
  for (int32_t i = 0; i < w->agents.count; i++) {
    const wy_belief_list *l = wy_beliefs_of(w, i);
    for (int32_t k = 0; k < l->count; k++) t.beliefs += l->data[k].target == id;
    const wy_geck_agent *g = &w->geck->agents.data[i];
    for (int32_t k = 0; k < g->seen.count; k++) t.known += g->seen.data[k].target == id;
    for (int32_t k = 0; k < g->alert_count; k++) t.alerts += g->alerts[k].owner.id == id;
    t.combat += g->current == id;
    const wy_relation_list *r = &w->relations->agents.data[i];
    for (int32_t k = 0; k < r->count; k++) t.overrides += r->relation[k].target == id;
    const wy_budget_waits *q = &w->budget->agents.data[i];
    for (int32_t k = 0; k < q->count; k++) t.waits += q->data[k].target == id;
  }
  return t;
}

static void ensure_none(const wary_world *w, wy_id id) {
  traces t = traces_of(w, id);
  ENSURE(t.beliefs == 0);
  ENSURE(t.known == 0);
  ENSURE(t.alerts == 0);
  ENSURE(t.combat == 0);
  ENSURE(t.overrides == 0);
  ENSURE(t.waits == 0);
}

/* The world-level counts the skips read equal what the agents hold. */
static void ensure_counts(const wary_world *w) {
  int64_t overrides = 0, known = 0, waits = 0;
  for (int32_t i = 0; i < w->agents.count; i++) {
    overrides += w->relations->agents.data[i].count;
    known += w->geck->agents.data[i].seen.count;
    waits += w->budget->agents.data[i].count;
  }
  ENSURE(w->relations->overrides == overrides);
  ENSURE(w->geck->known == known);
  ENSURE(w->budget->waiting == waits);
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }
static uint64_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* A digest of everything the agents other than gone hold about actors
 * other than gone, each list in its order (but the overrides': one that
 * goes takes the last one's place, so theirs are summed, as are the
 * agents' digests: a removed agent's place goes to the last one); gone
 * itself as a combat target counts as none. */
static uint64_t others(const wary_world *w, wy_id gone) {
  uint64_t all = 0;
  for (int32_t i = 0; i < w->agents.count; i++) {
    wary_actor_id agent = {wy_agent_id(w, i)};
    if (agent.id == gone) continue;
    uint64_t h = mix(14695981039346656037ull, agent.id);
    for (int32_t k = 0; k < wary_belief_count(w, agent); k++) {
      wary_belief b, again;
      if (wary_belief_at(w, agent, k, &b) != WARY_OK || b.target.id == gone) continue;
      /* Found by its target too: the index still points at it. */
      ENSURE(wary_belief_get(w, agent, b.target, &again) == WARY_OK && again.confidence == b.confidence);
      h = mix(mix(mix(mix(h, b.target.id), bits(b.confidence)), bits(b.fused)), (uint64_t)b.state);
      h = mix(mix(mix(h, bits(b.time_in_state)), bits(b.last_known[0])), bits(b.uncertainty));
      for (int32_t s = 0; s < b.sense_count; s++) h = mix(mix(h, bits(b.shares[s])), b.active[s]);
    }
    wary_geck_info g;
    if (wary_geck_info_get(w, agent, &g) == WARY_OK) {
      h = mix(mix(mix(h, (uint64_t)g.state), bits(g.time_in_state)), bits(g.alert_timer));
      /* The one its pass chose (the info's is worked out from the list). */
      wy_id current = w->geck->agents.data[i].current;
      h = mix(h, current == gone ? 0 : current);
      for (int32_t k = 0; k < g.target_count; k++) {
        wary_geck_target t;
        if (wary_geck_target_at(w, agent, k, &t) != WARY_OK || t.target.id == gone) continue;
        h = mix(mix(mix(mix(h, t.target.id), bits(t.detection)), t.listed), bits(t.timer));
      }
      for (int32_t k = 0; k < g.alert_count; k++) {
        wary_geck_alert al;
        if (wary_geck_alert_at(w, agent, k, &al) != WARY_OK || al.owner.id == gone) continue;
        h = mix(mix(mix(h, al.owner.id), (uint64_t)al.type), bits(al.remaining));
      }
    }
    const wy_relation_list *r = &w->relations->agents.data[i];
    uint64_t sum = 0;
    for (int32_t k = 0; k < r->count; k++)
      if (r->relation[k].target != gone) sum += mix(mix(7u, r->relation[k].target), (uint64_t)r->relation[k].relationship);
    h = mix(h, sum);
    const wy_budget_waits *q = &w->budget->agents.data[i];
    for (int32_t k = 0; k < q->count; k++)
      if (q->data[k].target != gone) h = mix(mix(h, q->data[k].target), q->data[k].since);
    all += h;
  }
  return all;
}

/* Destroys actor: nothing about it is left, nothing else moved, the belief
 * count dropped by its beliefs, and the counts still agree. */
static void destroy_and_check(wary_world *w, wary_actor_id actor) {
  traces before = traces_of(w, actor.id);
  uint64_t digest = others(w, actor.id);
  int32_t beliefs = wary_world_stats(w).beliefs;
  int32_t held = 0;
  for (int32_t i = 0; i < w->agents.count; i++) held += wary_belief_count(w, (wary_actor_id){wy_agent_id(w, i)});
  const wy_actor *a = wy_actor_get(w, actor.id);
  int32_t own = a && a->agent >= 0 ? wary_belief_count(w, actor) : 0; /* an agent's own go with it */
  ENSURE(wary_actor_destroy(w, actor) == WARY_OK);
  ensure_none(w, actor.id);
  ENSURE(others(w, actor.id) == digest);
  ENSURE(wary_world_stats(w).beliefs == beliefs - before.beliefs - own);
  int32_t now = 0;
  for (int32_t i = 0; i < w->agents.count; i++) now += wary_belief_count(w, (wary_actor_id){wy_agent_id(w, i)});
  ENSURE(now == held - before.beliefs - own);
  ensure_counts(w);
}

/* ---- the tests ------------------------------------------------------------------ */

/* Every module holds something about the target; the counts follow each
 * change that moves them. */
static void test_every_module(void) {
  scene s;
  build(&s, BUDGET, true);
  play(&s, 90);
  wary_actor_id t = s.targets[0];
  MADE(wary_set_relationship_override(s.w, s.agents[0], t, WARY_FRIENDLY));
  MADE(wary_set_relationship_override(s.w, s.agents[0], s.targets[1], WARY_NEUTRAL));
  MADE(wary_set_relationship_override(s.w, s.agents[1], t, WARY_NEUTRAL));
  MADE(wary_set_relationship_override(s.w, s.agents[1], t, WARY_HOSTILE)); /* changed, not added */
  MADE(wary_set_relationship_override(s.w, s.agents[2], s.targets[2], WARY_FRIENDLY));
  MADE(wary_set_relationship_override(s.w, s.agents[2], s.targets[2], -1)); /* cleared */
  MADE(wary_set_relationship_override(s.w, s.agents[3], s.agents[4], WARY_HOSTILE));
  MADE(wary_set_relationship_override(s.w, s.agents[5], s.targets[3], WARY_FRIENDLY));
  ensure_counts(s.w);
  ENSURE(s.w->relations->overrides == 5);
  /* What the test is about: the target is in every part. */
  traces before = traces_of(s.w, t.id);
  ENSURE(before.beliefs >= AGENTS / 2);
  ENSURE(before.known > 0);
  ENSURE(before.alerts > 0);
  ENSURE(before.overrides == 2);
  ENSURE(before.waits > 0);
  destroy_and_check(s.w, t);
  ENSURE(s.w->relations->overrides == 3);
  /* An agent that holds overrides, waits and GECK entries: its own go. */
  traces mine = traces_of(s.w, s.agents[4].id);
  ENSURE(mine.overrides == 1 && mine.beliefs > 0);
  ENSURE(s.w->budget->agents.data[wy_actor_get(s.w, s.agents[3].id)->agent].count > 0);
  ENSURE(s.w->geck->agents.data[wy_actor_get(s.w, s.agents[5].id)->agent].seen.count > 0);
  destroy_and_check(s.w, s.agents[3]);
  destroy_and_check(s.w, s.agents[5]);
  ENSURE(s.w->relations->overrides == 1);
  destroy_and_check(s.w, s.agents[4]);
  play(&s, 30);
  ensure_counts(s.w);
  /* The seers' senses change: their waits are void. */
  int64_t seers = 0;
  for (int32_t i = 0; i < s.w->agents.count; i++)
    if (wy_agent_actor(s.w, i)->profile == s.seer) seers += s.w->budget->agents.data[i].count;
  ENSURE(seers > 0);
  wary_profile_def two = s.seer_def;
  two.senses[1].sense = WARY_SENSE_HEARING;
  two.sense_count = 2;
  MADE(wary_profile_set(s.w, s.seer, &two));
  ensure_counts(s.w);
  ENSURE(s.w->budget->waiting > 0); /* the GECK agents' are kept */
  play(&s, 30);
  destroy_and_check(s.w, s.targets[1]);
  /* No budget: no waits. */
  MADE(wary_world_set_ray_budget(s.w, 0));
  ensure_counts(s.w);
  ENSURE(s.w->budget->waiting == 0);
  play(&s, 30);
  destroy_and_check(s.w, s.targets[2]);
  wary_world_destroy(s.w);
}

/* The usual world: no budget, no GECK, no override. Only beliefs to drop,
 * in more agents than the walk asks ahead for. */
static void test_beliefs_alone(void) {
  scene s;
  build_of(&s, 0, false, MANY);
  play(&s, 60);
  ENSURE(traces_of(s.w, s.targets[0].id).beliefs == MANY);
  destroy_and_check(s.w, s.targets[0]);
  destroy_and_check(s.w, s.agents[0]);
  ENSURE(s.w->relations->overrides == 0 && s.w->geck->known == 0 && s.w->budget->waiting == 0);
  play(&s, 30);
  destroy_and_check(s.w, s.targets[1]);
  wary_world_destroy(s.w);
}

/* GECK's knowledge outlives its model turned off (it is kept, unlisted):
 * with no profile using the model, what is known still goes. */
static void test_geck_turned_off(void) {
  scene s;
  build(&s, 0, true);
  play(&s, 60);
  wary_geck_def off = wary_default_geck_def();
  off.enabled = false;
  MADE(wary_profile_set_geck(s.w, s.gecko, &off));
  ENSURE(s.w->geck->enabled_profiles == 0);
  ENSURE(traces_of(s.w, s.targets[0].id).known > 0);
  destroy_and_check(s.w, s.targets[0]);
  ENSURE(s.w->geck->known > 0);
  wary_world_destroy(s.w);
}

/* A load brings other parts in: the counts are those of what it brought. */
static void test_after_load(void) {
  /* Into a world whose counts are 0 (unplayed, no override). */
  scene a, b;
  build(&a, BUDGET, true);
  play(&a, 90);
  MADE(wary_set_relationship_override(a.w, a.agents[0], a.targets[0], WARY_FRIENDLY));
  MADE(wary_set_relationship_override(a.w, a.agents[6], a.targets[0], WARY_FRIENDLY));
  build(&b, BUDGET, true);
  ENSURE(b.w->relations->overrides == 0 && b.w->geck->known == 0 && b.w->budget->waiting == 0);
  ENSURE(load_copy(a.w, b.w));
  ensure_counts(b.w);
  traces t = traces_of(b.w, a.targets[0].id);
  ENSURE(t.overrides == 2 && t.waits > 0 && t.known > 0);
  destroy_and_check(b.w, a.targets[0]);
  play(&b, 10);
  ensure_counts(b.w);
  /* Into a world whose counts are not 0, from one that holds nothing. */
  scene c;
  build(&c, BUDGET, true);
  ENSURE(load_copy(c.w, b.w));
  ensure_counts(b.w);
  ENSURE(b.w->relations->overrides == 0 && b.w->geck->known == 0 && b.w->budget->waiting == 0);
  wary_world_destroy(c.w);
  wary_world_destroy(b.w);

  /* The model off, what it knew kept, loaded into a world that knows
   * nothing: only the count tells the walk there is something to drop. */
  wary_geck_def off = wary_default_geck_def();
  off.enabled = false;
  MADE(wary_profile_set_geck(a.w, a.gecko, &off));
  MADE(wary_world_set_ray_budget(a.w, 0));
  scene d;
  build(&d, BUDGET, true);
  MADE(wary_profile_set_geck(d.w, d.gecko, &off));
  ENSURE(load_copy(a.w, d.w));
  ensure_counts(d.w);
  ENSURE(d.w->geck->enabled_profiles == 0 && traces_of(d.w, a.targets[1].id).known > 0);
  destroy_and_check(d.w, a.targets[1]);
  wary_world_destroy(d.w);
  wary_world_destroy(a.w);
}

/* An override about a removed actor gives its room back: an agent with its
 * every override taken sets one more once one of them is gone. */
static void test_override_room(void) {
  scene s;
  build(&s, 0, false);
  wary_actor_id agent = s.agents[0], about[WARY_MAX_OVERRIDES + 1];
  for (int i = 0; i < WARY_MAX_OVERRIDES + 1; i++) about[i] = i < TARGETS ? s.targets[i] : s.agents[i - TARGETS + 1];
  for (int i = 0; i < WARY_MAX_OVERRIDES; i++)
    MADE(wary_set_relationship_override(s.w, agent, about[i], WARY_FRIENDLY));
  ENSURE(wary_set_relationship_override(s.w, agent, about[WARY_MAX_OVERRIDES], WARY_FRIENDLY) == WARY_ERR_FULL);
  destroy_and_check(s.w, about[2]);
  ENSURE(wary_set_relationship_override(s.w, agent, about[WARY_MAX_OVERRIDES], WARY_FRIENDLY) == WARY_OK);
  int32_t index = wy_actor_get(s.w, agent.id)->agent;
  ENSURE(wy_relationship(s.w, index, about[WARY_MAX_OVERRIDES].id) == WARY_FRIENDLY);
  ENSURE(wy_relationship(s.w, index, about[3].id) == WARY_FRIENDLY);
  ensure_counts(s.w);
  wary_world_destroy(s.w);
}

/* What a destroy passes by must not be in a snapshot either: a load
 * refuses an agent whose profile does not use the GECK model and yet holds
 * its state, a combat target or alerts (the world saved it so only if its
 * memory was changed by hand), naming the agent, and changes nothing. */
static void test_load_refuses_geck_left_on(void) {
  for (int field = 0; field < 3; field++) {
    scene a, b;
    build(&a, 0, false);
    build(&b, 0, false);
    play(&a, 30);
    ENSURE(load_copy(a.w, b.w));
    int32_t i = wy_actor_get(a.w, a.agents[2].id)->agent;
    wy_geck_agent *g = &a.w->geck->agents.data[i];
    if (field == 0) g->state = WARY_GECK_COMBAT;
    if (field == 1) g->current = a.targets[0].id;
    if (field == 2) {
      g->alerts[0].owner = a.targets[0];
      g->alerts[0].type = WARY_GECK_EVENT_NOTICED;
      g->alert_count = 1;
    }
    size_t size, before_size;
    unsigned char *snap = snapshot_of(a.w, &size), *before = snapshot_of(b.w, &before_size);
    ENSURE(snap && before);
    ENSURE(wary_world_load(b.w, snap, size) == WARY_ERR_BAD_VALUE);
    char says[96];
    snprintf(says, sizeof says, "geck %d", (int)i);
    ENSURE(strstr(wary_last_error(b.w), says) != NULL);
    ENSURE(strstr(wary_last_error(b.w), "does not use the model") != NULL);
    size_t after_size;
    unsigned char *after = snapshot_of(b.w, &after_size);
    ENSURE(after && after_size == before_size && memcmp(after, before, before_size) == 0);
    free(after);
    free(before);
    free(snap);
    wary_world_destroy(a.w);
    wary_world_destroy(b.w);
  }
}

int main(void) {
  test_every_module();
  test_beliefs_alone();
  test_geck_turned_off();
  test_after_load();
  test_override_room();
  test_load_refuses_geck_left_on();
  return check_summary("test_destroy_forgets");
}
