/* bench/part_save.c - bench_core part save: what a snapshot of the game
 * world costs, saved into a buffer the game keeps and loaded back into the
 * same world (wary_world_save, wary_world_load), as a game that rolls back
 * or autosaves does. */
#include "core.h"

/* Part save: the game world of 8. (constant density) at each size of
 * WARY_BENCH_SAVE_SIZES, aged WARY_BENCH_SAVE_AGE (5) s; then
 * WARY_BENCH_SAVE_ROUNDS (7) rounds, each a step, a save into a buffer made
 * once (its size asked first, untimed), the load of that snapshot into the
 * same world, and the step after it (which builds again what no snapshot
 * holds: the grid, and the box tree only where the boxes changed), each
 * timed alone (CPU time). */
void report_save(void) {
  int32_t sizes[SIZES_MAX];
  int n = sizes_from_env("WARY_BENCH_SAVE_SIZES", "200 1000", sizes);
  int age = (int)param(0, NULL, 0, "WARY_BENCH_SAVE_AGE", 5);
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_SAVE_ROUNDS", 7);
  if (age < 0) age = 0;
  if (rounds < 1) rounds = 1;
  printf("save. The game world of 8. (constant density) aged %d s, then %d rounds of a step, a save into a\n"
         "   buffer kept from round to round, its load into the same world and the step after (C, CPU time each)\n",
         age, rounds);
  printf("   %7s %9s %10s %22s %22s %10s %12s\n", "agents", "beliefs", "bytes", "save, ms", "load, ms", "step, ms",
         "step after");
  double *save_ms = malloc((size_t)rounds * sizeof *save_ms), *load_ms = malloc((size_t)rounds * sizeof *load_ms),
         *step_ms = malloc((size_t)rounds * sizeof *step_ms), *after_ms = malloc((size_t)rounds * sizeof *after_ms);
  if (!save_ms || !load_ms || !step_ms || !after_ms) game_fail("allocate the measurements");
  for (int k = 0; k < n; k++) {
    game_params p = game_params_for(sizes[k], true);
    game_world g;
    game_build(&g, &p);
    for (int s = 0; s < age * 60; s++) game_step(&g);
    size_t size = 0, cap = 0;
    void *buf = NULL;
    for (int r = 0; r < rounds; r++) {
      step_ms[r] = game_step(&g);
      if (wary_world_save(g.w, NULL, 0, &size) != WARY_OK) game_fail("size a snapshot");
      if (size > cap) {
        /* Room to grow: the next rounds' snapshots reuse it. */
        cap = size + size / 4;
        free(buf);
        buf = malloc(cap);
        if (!buf) game_fail("allocate a snapshot's buffer");
      }
      double t0 = cpu_s();
      if (wary_world_save(g.w, buf, cap, &size) != WARY_OK) game_fail("save");
      double t1 = cpu_s();
      if (wary_world_load(g.w, buf, size) != WARY_OK) game_fail("load");
      double t2 = cpu_s();
      save_ms[r] = (t1 - t0) * 1e3;
      load_ms[r] = (t2 - t1) * 1e3;
      after_ms[r] = game_step(&g);
    }
    summary sv = summarize(save_ms, rounds), ld = summarize(load_ms, rounds), st = summarize(step_ms, rounds),
            af = summarize(after_ms, rounds);
    char a[40], b[40];
    snprintf(a, sizeof a, "%.2f [%.2f-%.2f]", sv.med, sv.min, sv.max);
    snprintf(b, sizeof b, "%.2f [%.2f-%.2f]", ld.med, ld.min, ld.max);
    printf("   %7d %9d %10zu %22s %22s %10.3f %12.3f\n", (int)sizes[k], (int)wary_world_stats(g.w).beliefs, size, a,
           b, st.med, af.med);
    char key[64];
    snprintf(key, sizeof key, "save_%d_ms", (int)sizes[k]);
    result_put(key, sv.med);
    snprintf(key, sizeof key, "load_%d_ms", (int)sizes[k]);
    result_put(key, ld.med);
    snprintf(key, sizeof key, "save_%d_bytes", (int)sizes[k]);
    result_put(key, (double)size);
    snprintf(key, sizeof key, "save_%d_step_after_ms", (int)sizes[k]);
    result_put(key, af.med);
    free(buf);
    game_free(&g);
  }
  free(save_ms);
  free(load_ms);
  free(step_ms);
  free(after_ms);
  printf("   save, load: the median of the rounds [min - max]; step: the median of the rounds' steps before the\n"
         "   save, for scale; step after: the median of the steps after the load.\n");
}
