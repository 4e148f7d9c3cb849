/* bench/part_prefetch.c - bench_core part prefetch (bench_core_prefetch
 * only): the steady game, and part 3's world with its caches cold, with
 * the core's WY_PREFETCH on and off. */
#include "core.h"

#ifdef WARY_BENCH_PREFETCH_TOGGLE
int wy_bench_prefetch = 1;

/* The game world of 9. stepped rounds rounds of stretch steps twice a
 * round, prefetching on then off or off then on (alternating): prints and
 * returns the median over rounds of a round's step with / without. */
static double prefetch_rounds(game_world *g, int at, int rounds, int stretch) {
  double *ms = malloc(sizeof *ms * (size_t)stretch);
  double *on = malloc(sizeof *on * (size_t)rounds), *off = malloc(sizeof *off * (size_t)rounds);
  double *ratio = malloc(sizeof *ratio * (size_t)rounds);
  if (!ms || !on || !off || !ratio) game_fail("allocate the rounds");
  for (int r = 0; r < rounds; r++) {
    for (int half = 0; half < 2; half++) {
      wy_bench_prefetch = (r + half) % 2 == 0;
      for (int s = 0; s < stretch; s++) ms[s] = game_step(g);
      (wy_bench_prefetch ? on : off)[r] = median(ms, stretch);
    }
    ratio[r] = off[r] > 0.0 ? on[r] / off[r] : 0.0;
  }
  wy_bench_prefetch = 1;
  summary son = summarize(on, rounds), soff = summarize(off, rounds), sr = summarize(ratio, rounds);
  printf("   at %3d s: %8.3f ms with [%.3f - %.3f], %8.3f ms without [%.3f - %.3f], with / without %.3f [%.3f - %.3f]\n",
         at, son.med, son.min, son.max, soff.med, soff.min, soff.max, sr.med, sr.min, sr.max);
  free(ms);
  free(on);
  free(off);
  free(ratio);
  return sr.med;
}

/* Part 3's world (N agents, 30 m sight, vision only) stepped rounds rounds
 * of stretch steps twice a round, prefetching on then off or off then on,
 * with mb MB of other memory read and written before every step (untimed),
 * as a game's frame may between two steps: what asking ahead is worth when
 * the step finds its data out of the caches. Prints and returns the median
 * over rounds of a round's ratio with / without. */
static double prefetch_cold(int rounds, int stretch, int32_t mb) {
  int32_t n = (int32_t)param(0, NULL, 0, "WARY_BENCH_N", 200);
  int32_t m = (int32_t)param(0, NULL, 0, "WARY_BENCH_M", 50);
  int32_t k = (int32_t)param(0, NULL, 0, "WARY_BENCH_K", 2000);
  unsigned char *buf = malloc((size_t)mb << 20);
  double *ms = malloc(sizeof *ms * (size_t)stretch);
  double *on = malloc(sizeof *on * (size_t)rounds), *off = malloc(sizeof *off * (size_t)rounds);
  double *ratio = malloc(sizeof *ratio * (size_t)rounds);
  if (!buf || !ms || !on || !off || !ratio) game_fail("allocate the rounds");
  memset(buf, 1, (size_t)mb << 20);
  bench_world b;
  vision_world_warm(&b, n, m, k);
  for (int r = 0; r < rounds; r++) {
    for (int half = 0; half < 2; half++) {
      wy_bench_prefetch = (r + half) % 2 == 0;
      for (int s = 0; s < stretch; s++) {
        world_move(&b);
        cold_touch(buf, (size_t)mb << 20);
        double t0 = cpu_s();
        wary_step(b.w, DT);
        ms[s] = (cpu_s() - t0) * 1e3;
      }
      (wy_bench_prefetch ? on : off)[r] = median(ms, stretch);
    }
    ratio[r] = off[r] > 0.0 ? on[r] / off[r] : 0.0;
  }
  wy_bench_prefetch = 1;
  world_free(&b);
  summary son = summarize(on, rounds), soff = summarize(off, rounds), sr = summarize(ratio, rounds);
  printf("   part 3's world (%d agents), %d MB used before each step: %.3f ms with [%.3f - %.3f], %.3f ms without\n"
         "   [%.3f - %.3f], with / without %.3f [%.3f - %.3f]\n",
         (int)n, (int)mb, son.med, son.min, son.max, soff.med, soff.min, soff.max, sr.med, sr.min, sr.max);
  free(buf);
  free(ms);
  free(on);
  free(off);
  free(ratio);
  return sr.med;
}

/* One world at 5 s and at 120 s (WARY_BENCH_GAME_YOUNG, _AGE) of game time,
 * each time stepped with and without WY_PREFETCH in turn in one process:
 * the same memory, the same load. */
void report_prefetch(void) {
  int young, age;
  game_times(&young, &age);
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_PREFETCH_ROUNDS", 15);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_PREFETCH_STEPS", 24);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
  game_params p = game_params_for(GAME_N, true);
  game_world g;
  game_build(&g, &p);
  printf("prefetch. The game world of 9. (%d agents) stepped with and without asking for memory ahead\n"
         "   (WY_PREFETCH, base.h), in turn, %d rounds of %d steps each way (C, wary_step, CPU time):\n",
         (int)p.agents, rounds, stretch);
  int64_t at = 0;
  for (; at < (int64_t)young * 60; at++) game_step(&g);
  double r_young = prefetch_rounds(&g, young, rounds, stretch);
  at += 2 * (int64_t)rounds * stretch;
  for (; at < (int64_t)age * 60; at++) game_step(&g);
  double r_old = prefetch_rounds(&g, age, rounds, stretch);
  int32_t mb = (int32_t)param(0, NULL, 0, "WARY_BENCH_PREFETCH_COLD_MB", 64);
  double r_cold = mb > 0 ? prefetch_cold(rounds, stretch, mb) : 0.0;
  printf("   (the median step of each half round, then medians over rounds [min - max]; the ratio is taken\n"
         "   within each round; the steps of the rounds count towards the world's game time)\n");
  result_put("prefetch_ratio_young", r_young);
  result_put("prefetch_ratio_old", r_old);
  if (mb > 0) {
    result_put("prefetch_ratio_cold", r_cold);
    result_put("prefetch_cold_agents", (double)param(0, NULL, 0, "WARY_BENCH_N", 200));
  }
  if (!game_free(&g)) printf("   at destroy the world's allocations and frees DID NOT BALANCE\n");
}
#endif
