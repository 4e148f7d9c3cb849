/* bench/part_budget.c - bench_core part budget: the ray budget in the steady
 * game. */
#include "core.h"

/* The value at quantile q of v (sorted in place): the smallest with at least
 * q of the values at or below it. */
static double quantile(double *v, int n, double q) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  int i = (int)ceil(q * n) - 1;
  return v[i < 0 ? 0 : (i >= n ? n - 1 : i)];
}

/* One world of the part, with what its measured steps cast and took. */
typedef struct budget_world {
  game_world g;
  int32_t budget;
  double *ms, *rays;     /* per measured step: CPU ms inside wary_step, vision rays */
  double most_pairs;     /* the most due pairs needing rays in one step (D) */
  wary_stats before;
  summary ms_round;      /* the median step of each round */
} budget_world;

/* The game world warmed up without a budget for warmup steps; then, if
 * half, its budget is set to rays, or when rays is 0 to half the vision rays
 * of its last warm-up second. */
static void budget_build(budget_world *b, int warmup, bool half, int32_t fixed, int steps) {
  memset(b, 0, sizeof *b);
  game_params p = game_params_for(GAME_N, true);
  game_build(&b->g, &p);
  uint64_t rays = 0;
  for (int s = 0; s < warmup; s++) {
    uint64_t r0 = wary_world_stats(b->g.w).vision_rays;
    game_step(&b->g);
    if (s >= warmup - 60) rays += wary_world_stats(b->g.w).vision_rays - r0;
  }
  int32_t second = warmup < 60 ? warmup : 60;
  b->budget = !half ? 0 : fixed > 0 ? fixed : second > 0 ? (int32_t)(rays / (uint64_t)second / 2) : 0;
  if (b->budget > 0 && wary_world_set_ray_budget(b->g.w, b->budget) != WARY_OK) game_fail("set the ray budget");
  b->ms = calloc((size_t)steps, sizeof *b->ms);
  b->rays = calloc((size_t)steps, sizeof *b->rays);
  if (!b->ms || !b->rays) game_fail("allocate the measurements");
  b->before = wary_world_stats(b->g.w);
}

/* Steps of the world from step `at`, `count` of them; under callgrind only
 * these steps are counted when collect is set (valgrind --collect-atstart=no). */
static void budget_steps(budget_world *b, int at, int count, bool collect) {
  for (int s = at; s < at + count; s++) {
    wary_stats st = wary_world_stats(b->g.w);
    game_collect(collect);
    b->ms[s] = game_step(&b->g);
    game_collect(false);
    wary_stats after = wary_world_stats(b->g.w);
    b->rays[s] = (double)(after.vision_rays - st.vision_rays);
    double pairs = (double)(after.budget_pairs - st.budget_pairs);
    if (pairs > b->most_pairs) b->most_pairs = pairs;
  }
}

/* Part budget: the steady game at 1,000 agents with no budget and with one
 * of half its vision rays, stepped in turn. WARY_BENCH_BUDGET_WORLDS: both
 * (the default), off or on (one world, for callgrind); _WARMUP (5 s),
 * _STEPS (600), _ROUND (60 steps a world a round), _RAYS (0: half the vision
 * rays; else that budget); WARY_BENCH_BUDGET_CALLGRIND=1 collects only the
 * measured steps. */
void report_budget(void) {
  int warmup = (int)param(0, NULL, 0, "WARY_BENCH_BUDGET_WARMUP", 5) * 60;
  int steps = (int)param(0, NULL, 0, "WARY_BENCH_BUDGET_STEPS", 600);
  int round = (int)param(0, NULL, 0, "WARY_BENCH_BUDGET_ROUND", 60);
  bool collect = param(0, NULL, 0, "WARY_BENCH_BUDGET_CALLGRIND", 0) == 1;
  int32_t fixed = (int32_t)param(0, NULL, 0, "WARY_BENCH_BUDGET_RAYS", 0);
  const char *which = getenv("WARY_BENCH_BUDGET_WORLDS");
  if (!which || !*which) which = "both";
  if (steps < 1) steps = 1;
  if (round < 1) round = 1;
  bool off = strcmp(which, "on") != 0, on = strcmp(which, "off") != 0;
  budget_world w[2];
  memset(w, 0, sizeof w); /* one of the two is built at least (GCC's LTO cannot tell) */
  int n = 0;
  if (off) budget_build(&w[n++], warmup, false, 0, steps);
  if (on) budget_build(&w[n++], warmup, true, fixed, steps);
  for (int at = 0; at < steps; at += round)
    for (int i = 0; i < n; i++) budget_steps(&w[i], at, at + round <= steps ? round : steps - at, collect);
  game_params p = w[0].g.p;
  printf("budget. The ray budget: the steady game of 9. (%d agents that see and hear, %d targets, %d boxes), %d s\n"
         "   of game time without a budget, then %d steps of each world in turn, %d at a time (C, wary_step, CPU time)\n",
         (int)p.agents, (int)p.targets, (int)p.boxes, warmup / 60, steps, round);
  printf("   %-22s %10s %11s %10s %10s %9s %9s %10s %10s %8s %8s\n", "world", "budget", "vision r/st", "p99 r/st",
         "max r/st", "ms median", "ms p99", "put off/st", "pairs D", "waited", "bound");
  for (int i = 0; i < n; i++) {
    budget_world *b = &w[i];
    wary_stats after = wary_world_stats(b->g.w);
    double mean = 0.0;
    for (int s = 0; s < steps; s++) mean += b->rays[s] / steps;
    double p99_rays = quantile(b->rays, steps, 0.99), max_rays = b->rays[steps - 1];
    double med = median(b->ms, steps), p99 = quantile(b->ms, steps, 0.99);
    double put_off = (double)(after.budget_deferred - b->before.budget_deferred) / steps;
    /* budget.c's bound: I x (ceil(D / G) - 1), I = 6 steps (0.1 s at 60 Hz),
     * G = floor(B / 5) pairs (5 sample points, 5 rays a pair at most). */
    double g = b->budget / 5 > 1 ? (double)(b->budget / 5) : 1.0;
    double bound = 6.0 * (ceil(b->most_pairs / g) - 1.0);
    char budget[32], waited[32], bnd[32], pairs[32];
    snprintf(budget, sizeof budget, b->budget ? "%d" : "off", (int)b->budget);
    snprintf(waited, sizeof waited, b->budget ? "%d" : "-", (int)after.budget_max_wait);
    snprintf(bnd, sizeof bnd, b->budget ? "%.0f" : "-", bound);
    snprintf(pairs, sizeof pairs, b->budget ? "%.0f" : "-", b->most_pairs);
    printf("   %-22s %10s %11.1f %10.0f %10.0f %9.3f %9.3f %10.1f %10s %8s %8s\n",
           !b->budget ? "no budget" : fixed > 0 ? "a budget" : "half the rays", budget, mean, p99_rays, max_rays, med, p99, put_off, pairs,
           waited, bnd);
    const char *tag = b->budget ? "on" : "off";
    result_tagged("budget_%s_ms", tag, med);
    result_tagged("budget_%s_p99_ms", tag, p99);
    result_tagged("budget_%s_rays", tag, mean);
    if (b->budget) {
      result_put("budget_rays", b->budget);
      result_put("budget_p99_rays", p99_rays);
      result_put("budget_max_wait", after.budget_max_wait);
      result_put("budget_wait_bound", bound);
    }
    free(b->ms);
    free(b->rays);
    if (!game_free(&b->g)) printf("   the %s world's allocations and frees DID NOT BALANCE\n", tag);
  }
  printf("   vision r/st: vision's sample rays a step (wary_world_stats vision_rays), mean, p99 and max over the\n"
         "   measured steps; the budget is half the mean of the last warm-up second. ms: CPU time inside wary_step\n"
         "   (the budget's pass included). put off/st: pairs the budget put off a step; pairs D: the most due pairs\n"
         "   needing rays in one step; waited: the longest a pair was put off, steps; bound: 6 x (ceil(D / G) - 1),\n"
         "   G = floor(budget / 5) (docs/budget.md).\n");
}
