/* test_budget.c - the per-step ray budget (budget.c): a ring of guards
 * watching targets that walk about some pillars, stepped with a budget well
 * under what vision would cast. No step casts more vision rays than the
 * budget; every pair put off looks again within the bound of budget.c
 * (I x (ceil(D / G) - 1) steps), measured here from the plan's own grants;
 * two runs agree to the bit; a budget that covers every ray changes nothing
 * against no budget at all; a pair put off keeps its share and its loss
 * reason; priority and need order the pairs. */
#include <math.h>
#include <string.h>

#include "budget.h"
#include "check.h"
#include "wary.h"

#define AGENTS 12
#define TARGETS 8
#define STEPS 1200
#define DT (1.0f / 60.0f)
#define SLOTS 64 /* actor slots the test's worlds use, at most */

/* A world with that ray budget. */
static wary_world *budget_world(int32_t budget) {
  wary_world_def wd = wary_default_world_def();
  wd.ray_budget = budget;
  return make_world(&wd);
}

/* A profile that only sees, with vision's defaults. */
static int32_t vision_profile(wary_world *w) {
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = WARY_SENSE_VISION;
  p.sense_count = 1;
  return make_profile(w, &p);
}

/* An actor of team at (x, y) facing yaw: an agent of profile, or a target (-1). */
static wary_actor_id put(wary_world *w, int32_t profile, int32_t team, float x, float y, float yaw) {
  wary_actor_def d = wary_default_actor_def();
  d.profile = profile;
  d.team = team;
  d.pos[0] = x;
  d.pos[1] = y;
  d.yaw = yaw;
  return make_actor(w, &d);
}

typedef struct game {
  wary_world *w;
  wary_actor_id agents[AGENTS], targets[TARGETS];
} game;

static void build(game *g, int32_t budget) {
  memset(g, 0, sizeof *g);
  g->w = budget_world(budget);
  if (!g->w) return;
  int32_t profile = vision_profile(g->w);
  for (int i = 0; i < 4; i++) {
    float x = (i % 2 ? 150.0f : -150.0f), y = (i / 2 ? 150.0f : -150.0f);
    wary_box_def b = {{x - 25.0f, y - 25.0f, 0.0f}, {x + 25.0f, y + 25.0f, 120.0f + 40.0f * (float)i}, 0};
    make_box(g->w, &b);
  }
  for (int i = 0; i < AGENTS; i++) {
    float a = (float)i * 2.0f * 3.14159265f / AGENTS;
    g->agents[i] = put(g->w, profile, 1, 1000.0f * cosf(a), 1000.0f * sinf(a), a * 180.0f / 3.14159265f + 180.0f);
  }
  for (int i = 0; i < TARGETS; i++) g->targets[i] = put(g->w, -1, 2, 0.0f, 0.0f, 0.0f);
}

/* Targets walk circles of 1-4 m about the pillars, each at its own pace. */
static void move(game *g, int step) {
  for (int i = 0; i < TARGETS; i++) {
    float r = 100.0f + 40.0f * (float)i, a = (float)step * DT * (0.3f + 0.17f * (float)i) + (float)i;
    wary_actor_set_pos(g->w, g->targets[i], r * cosf(a), r * sinf(a), 0.0f);
  }
}

static uint64_t mix(uint64_t h, uint32_t v) { return (h ^ v) * 1099511628211ull; }
static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* Every belief and every event of the last step, to the bit. */
static uint64_t hash_world(const wary_world *w, const game *g, uint64_t h) {
  for (int i = 0; i < AGENTS; i++) {
    int32_t n = wary_belief_count(w, g->agents[i]);
    for (int32_t k = 0; k < n; k++) {
      wary_belief b;
      wary_belief_at(w, g->agents[i], k, &b);
      h = mix(h, b.target.id);
      h = mix(h, bits(b.confidence));
      h = mix(h, bits(b.smoothed));
      h = mix(h, (uint32_t)b.state);
      h = mix(h, (uint32_t)b.loss_reason);
      h = mix(h, bits(b.shares[0]));
      h = mix(h, bits(b.last_known[0]));
    }
  }
  const wary_event *ev = wary_events(w);
  for (int32_t i = 0; i < wary_event_count(w); i++) {
    h = mix(h, (uint32_t)ev[i].type);
    h = mix(h, ev[i].agent.id);
    h = mix(h, ev[i].target.id);
    h = mix(h, (uint32_t)ev[i].to_state);
    h = mix(h, (uint32_t)ev[i].loss_reason);
    h = mix(h, bits(ev[i].confidence));
  }
  return h;
}

/* What a run measured. */
typedef struct run_figures {
  uint64_t hash;
  uint64_t most_rays;     /* vision rays in the busiest step */
  uint64_t most_pairs;    /* due pairs needing rays in the busiest step (D) */
  int64_t longest_wait;   /* measured here from each step's grants */
  wary_stats stats;
} run_figures;

/* Steps g for STEPS steps; with a budget, follows every pair the plan put
 * off until its agent's vision looks at it again (granted, or no longer in
 * need of rays at one of its agent's updates). */
static run_figures run(game *g) {
  run_figures f;
  memset(&f, 0, sizeof f);
  static int64_t start[AGENTS][SLOTS];
  for (int a = 0; a < AGENTS; a++)
    for (int t = 0; t < SLOTS; t++) start[a][t] = -1;
  uint64_t h = 1469598103934665603ull;
  for (int s = 0; s < STEPS; s++) {
    move(g, s);
    wary_stats before = wary_world_stats(g->w);
    ENSURE(wary_step(g->w, DT) == WARY_OK);
    wary_stats after = wary_world_stats(g->w);
    uint64_t rays = after.vision_rays - before.vision_rays, pairs = after.budget_pairs - before.budget_pairs;
    if (rays > f.most_rays) f.most_rays = rays;
    if (pairs > f.most_pairs) f.most_pairs = pairs;
    h = hash_world(g->w, g, h);
    const struct wy_budget *b = g->w->budget;
    if (!b->planned) continue;
    int64_t now = (int64_t)g->w->steps;
    for (int a = 0; a < AGENTS; a++) {
      if (!b->due.data[a]) continue;
      bool listed[SLOTS] = {false}, granted[SLOTS] = {false};
      for (int32_t k = b->first.data[a]; k < b->first.data[a + 1]; k++) {
        listed[b->pairs.data[k].target] = true;
        granted[b->pairs.data[k].target] = b->pairs.data[k].granted;
      }
      for (int t = 0; t < SLOTS; t++) {
        if (start[a][t] >= 0 && (!listed[t] || granted[t])) {
          if (now - start[a][t] > f.longest_wait) f.longest_wait = now - start[a][t];
          start[a][t] = -1;
        }
        if (listed[t] && !granted[t] && start[a][t] < 0) start[a][t] = now;
      }
    }
  }
  /* A pair still waiting at the end counts as far as it got. */
  for (int a = 0; a < AGENTS; a++)
    for (int t = 0; t < SLOTS; t++)
      if (start[a][t] >= 0 && (int64_t)g->w->steps - start[a][t] > f.longest_wait)
        f.longest_wait = (int64_t)g->w->steps - start[a][t];
  f.hash = h;
  f.stats = wary_world_stats(g->w);
  return f;
}

/* budget.c's bound: I x (ceil(D / G) - 1) steps, G = max(1, floor(B / R)). */
static int64_t bound(int64_t interval_steps, int64_t most_pairs, int64_t budget, int64_t rays_per_pair) {
  int64_t g = budget / rays_per_pair > 1 ? budget / rays_per_pair : 1;
  return interval_steps * ((most_pairs + g - 1) / g - 1);
}

static void test_cap_and_bound(void) {
  game free_run;
  build(&free_run, 0);
  run_figures off = run(&free_run);
  wary_world_destroy(free_run.w);
  /* The budgets below are all under what vision casts unbudgeted. */
  ENSURE(off.most_rays > 40);
  ENSURE(off.stats.budget_pairs == 0);
  static const int32_t budgets[] = {5, 12, 25, 40};
  for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
    game g;
    build(&g, budgets[i]);
    run_figures f = run(&g);
    /* Five sample points a target: at most 5 rays a pair, 6 steps an update. */
    int64_t limit = bound(6, (int64_t)f.most_pairs, budgets[i], 5);
    ENSURE(f.most_rays <= (uint64_t)budgets[i]);
    ENSURE(f.stats.budget_deferred > 0);
    ENSURE(f.longest_wait > 0);
    ENSURE(f.longest_wait <= limit);
    ENSURE(f.stats.budget_max_wait == f.longest_wait);
    if (f.longest_wait > limit || f.most_rays > (uint64_t)budgets[i])
      fprintf(stderr, "budget %d: %llu rays in a step, D %llu, longest wait %lld steps, bound %lld\n",
              (int)budgets[i], (unsigned long long)f.most_rays, (unsigned long long)f.most_pairs,
              (long long)f.longest_wait, (long long)limit);
    wary_world_destroy(g.w);
  }
}

static void test_deterministic(void) {
  game a, b;
  build(&a, 25);
  build(&b, 25);
  run_figures fa = run(&a), fb = run(&b);
  ENSURE(fa.hash == fb.hash);
  ENSURE(fa.stats.vision_rays == fb.stats.vision_rays);
  ENSURE(fa.stats.budget_deferred == fb.stats.budget_deferred);
  ENSURE(fa.stats.budget_max_wait == fb.stats.budget_max_wait);
  wary_world_destroy(a.w);
  wary_world_destroy(b.w);
}

/* A budget no step reaches plans every step and changes nothing; and back
 * at 0, no step plans. */
static void test_off_is_unchanged(void) {
  game off, roomy, small;
  build(&off, 0);
  build(&roomy, 1000000);
  run_figures fo = run(&off), fr = run(&roomy);
  ENSURE(fo.hash == fr.hash);
  ENSURE(fo.stats.vision_rays == fr.stats.vision_rays);
  ENSURE(fo.stats.rays == fr.stats.rays);
  ENSURE(fr.stats.budget_pairs > 0);
  ENSURE(fr.stats.budget_deferred == 0);
  ENSURE(fo.stats.budget_pairs == 0);
  build(&small, 10);
  ENSURE(wary_world_set_ray_budget(small.w, 0) == WARY_OK);
  run_figures fs = run(&small);
  ENSURE(fs.hash == fo.hash);
  ENSURE(fs.stats.budget_pairs == 0);
  ENSURE(wary_world_set_ray_budget(small.w, -1) == WARY_ERR_BAD_VALUE);
  ENSURE(strstr(wary_last_error(small.w), "ray_budget") != NULL);
  wary_world_def wd = wary_default_world_def();
  wd.ray_budget = -5;
  wary_world *w = NULL;
  ENSURE(wary_world_create(&wd, &w) == WARY_ERR_BAD_VALUE && w == NULL);
  wary_world_destroy(off.w);
  wary_world_destroy(roomy.w);
  wary_world_destroy(small.w);
}

/* One guard, two targets in the open, a budget for one pair a step: each
 * update looks at one and puts the other off. Both are detected; the one put
 * off keeps its share meanwhile; when one steps behind a wall, it is lost
 * as occluded, not out of range. */
static void test_held(void) {
  wary_world *w = budget_world(5);
  int32_t profile = vision_profile(w);
  wary_box_def wall = {{700.0f, 300.0f, 0.0f}, {720.0f, 700.0f, 300.0f}, 0};
  make_box(w, &wall);
  wary_actor_id guard = put(w, profile, 1, 0.0f, 0.0f, 0.0f);
  wary_actor_id a = put(w, -1, 2, 600.0f, 100.0f, 0.0f);
  wary_actor_id b = put(w, -1, 2, 600.0f, -100.0f, 0.0f);
  bool seen_a = false, seen_b = false, held = true, lost_occluded = false, lost_elsewise = false;
  for (int s = 0; s < 240; s++) {
    if (s == 120) wary_actor_set_pos(w, a, 800.0f, 500.0f, 0.0f);
    ENSURE(wary_step(w, DT) == WARY_OK);
    wary_belief ba, bb;
    if (wary_belief_get(w, guard, a, &ba) == WARY_OK && ba.state == WARY_DETECTED) seen_a = true;
    if (wary_belief_get(w, guard, b, &bb) == WARY_OK && bb.state == WARY_DETECTED) seen_b = true;
    /* Once seen, b keeps a share at every step, looked at or not. */
    if (seen_b && !(bb.shares[0] > 0.0f)) held = false;
    const wary_event *ev = wary_events(w);
    for (int32_t i = 0; i < wary_event_count(w); i++)
      if (ev[i].type == WARY_EV_LOST && ev[i].target.id == a.id) {
        if (ev[i].loss_reason == WARY_LOSS_OCCLUDED) lost_occluded = true;
        else lost_elsewise = true;
      }
  }
  ENSURE(seen_a && seen_b);
  ENSURE(held);
  ENSURE(lost_occluded && !lost_elsewise);
  wary_stats st = wary_world_stats(w);
  ENSURE(st.budget_deferred > 0);
  wary_world_destroy(w);
}

/* Vision every step (interval = dt), two guards of one target each, a budget
 * for one pair a step. The first step only the first guard is due (the
 * stagger); from the second both are: the guard of the higher priority looks
 * first, then they take turns (the one put off goes first). */
static void test_priority(void) {
  wary_world *w = budget_world(5);
  int32_t low = vision_profile(w), high = vision_profile(w);
  wary_vision_def v = wary_default_vision_def();
  v.interval = DT;
  wary_profile_set_vision(w, low, &v);
  v.priority = 3;
  wary_profile_set_vision(w, high, &v);
  wary_actor_id g_low = put(w, low, 1, 0.0f, 1000.0f, 0.0f);
  wary_actor_id g_high = put(w, high, 1, 0.0f, -1000.0f, 0.0f);
  wary_actor_id t_low = put(w, -1, 2, 500.0f, 1000.0f, 0.0f);
  wary_actor_id t_high = put(w, -1, 2, 500.0f, -1000.0f, 0.0f);
  wary_belief bl, bh;
  ENSURE(wary_step(w, DT) == WARY_OK);
  ENSURE(wary_belief_get(w, g_low, t_low, &bl) == WARY_OK && bl.shares[0] > 0.0f);
  ENSURE(wary_belief_get(w, g_high, t_high, &bh) == WARY_ERR_NOT_FOUND);
  ENSURE(wary_step(w, DT) == WARY_OK);
  ENSURE(wary_belief_get(w, g_high, t_high, &bh) == WARY_OK && bh.shares[0] > 0.0f);
  ENSURE(wary_belief_get(w, g_low, t_low, &bl) == WARY_OK && bl.shares[0] > 0.0f);
  wary_stats st = wary_world_stats(w);
  ENSURE(st.budget_pairs == 3 && st.budget_deferred == 1 && st.budget_max_wait == 0);
  ENSURE(wary_step(w, DT) == WARY_OK);
  st = wary_world_stats(w);
  ENSURE(st.budget_pairs == 5 && st.budget_deferred == 2 && st.budget_max_wait == 1);
  wary_world_destroy(w);
}

int main(void) {
  test_cap_and_bound();
  test_deterministic();
  test_off_is_unchanged();
  test_held();
  test_priority();
  return check_summary("test_budget");
}
