/* bench/part_destroy.c - bench_core part destroy: what removing one actor
 * costs in the game world, whose every module hears of it (actor.c,
 * wary_actor_destroy). */
#include "core.h"

/* Destroys the world's target at index i of its makers, which the last one
 * replaces: the steps after move and sound only live ones. Returns the CPU
 * microseconds wary_actor_destroy took. */
static double destroy_target(game_world *g, int32_t i) {
  wary_actor_id id = g->makers[i].id;
  double t0 = cpu_s();
  int st = wary_actor_destroy(g->w, id);
  double us = (cpu_s() - t0) * 1e6;
  if (st != WARY_OK) game_fail("destroy a target");
  g->makers[i] = g->makers[--g->p.targets];
  return us;
}

/* Part destroy: the game world of 8. (constant density) at each size of
 * WARY_BENCH_DESTROY_SIZES, aged WARY_BENCH_DESTROY_AGE (5) s; then
 * WARY_BENCH_DESTROY_ROUNDS (5) rounds, each 0.1 s of steps (so that the
 * round starts from caches a step has filled) and then
 * WARY_BENCH_DESTROY_COUNT (10) targets destroyed one after another, as a
 * game removes several in a frame, each timed alone (CPU time). The
 * targets are drawn with a fixed generator, so every run destroys the
 * same ones. */
void report_destroy(void) {
  int32_t sizes[SIZES_MAX];
  int n = sizes_from_env("WARY_BENCH_DESTROY_SIZES", "1000 10000", sizes);
  int age = (int)param(0, NULL, 0, "WARY_BENCH_DESTROY_AGE", 5);
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_DESTROY_ROUNDS", 5);
  int count = (int)param(0, NULL, 0, "WARY_BENCH_DESTROY_COUNT", 10);
  if (age < 0) age = 0;
  if (rounds < 1) rounds = 1;
  if (count < 1) count = 1;
  printf("destroy. The game world of 8. (constant density) aged %d s, then %d rounds of 0.1 s of steps and %d\n"
         "   targets destroyed one after another (C, wary_actor_destroy, CPU time each)\n",
         age, rounds, count);
  printf("   %7s %8s %9s %24s %24s\n", "agents", "targets", "beliefs", "us/destroy", "first after a step, us");
  double *us = malloc((size_t)count * sizeof *us), *round_us = malloc((size_t)rounds * sizeof *round_us),
         *first_us = malloc((size_t)rounds * sizeof *first_us);
  if (!us || !round_us || !first_us) game_fail("allocate the measurements");
  for (int k = 0; k < n; k++) {
    game_params p = game_params_for(sizes[k], true);
    if (p.targets < rounds * count) game_fail("destroy that many targets (fewer rounds or targets a round)");
    game_world g;
    game_build(&g, &p);
    for (int s = 0; s < age * 60; s++) game_step(&g);
    int32_t beliefs = wary_world_stats(g.w).beliefs;
    lcg pick = {4242.0};
    for (int r = 0; r < rounds; r++) {
      for (int s = 0; s < 6; s++) game_step(&g);
      for (int i = 0; i < count; i++) us[i] = destroy_target(&g, (int32_t)(rnd(&pick) * g.p.targets));
      first_us[r] = us[0];
      round_us[r] = median(us, count);
    }
    summary all = summarize(round_us, rounds), first = summarize(first_us, rounds);
    char a[40], b[40];
    snprintf(a, sizeof a, "%.2f [%.2f-%.2f]", all.med, all.min, all.max);
    snprintf(b, sizeof b, "%.2f [%.2f-%.2f]", first.med, first.min, first.max);
    printf("   %7d %8d %9d %24s %24s\n", (int)sizes[k], (int)p.targets, (int)beliefs, a, b);
    char key[64];
    snprintf(key, sizeof key, "destroy_%d_us", (int)sizes[k]);
    result_put(key, all.med);
    snprintf(key, sizeof key, "destroy_%d_first_us", (int)sizes[k]);
    result_put(key, first.med);
    game_free(&g);
  }
  free(us);
  free(round_us);
  free(first_us);
  printf("   us/destroy: the median destroy of a round, median over rounds [min - max]; first after a step: the\n"
         "   round's first destroy (the step has just filled the caches with other things), median over rounds;\n"
         "   beliefs: held when the rounds begin.\n");
}
