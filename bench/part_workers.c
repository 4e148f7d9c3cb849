/* bench/part_workers.c - bench_core part workers: the game world on 1 and 2
 * worker threads, and the serial share of its step. */
#include "core.h"

/* Part workers: a scheduler of this program's own that runs every piece on
 * the calling thread and adds up the wall time they take, so that the rest
 * of the step is its serial share. */
static void *timed_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  double t0 = now_s();
  task(0, count, 0, context);
  *(double *)user += now_s() - t0;
  return NULL;
}

static void timed_finish(void *task, void *user) {
  (void)task;
  (void)user;
}

static void print_load(const char *when) {
  FILE *f = fopen("/proc/loadavg", "r");
  char line[128] = "unknown";
  if (f) {
    if (!fgets(line, sizeof line, f)) strcpy(line, "unknown\n");
    fclose(f);
  }
  printf("   load average %s: %s", when, line);
}

/* Part workers: the game world of 8. (constant density) at each size of
 * WARY_BENCH_WORKERS_SIZES, three copies stepped in turn: on 1 and on 2
 * workers (libwary's pool), and on 1 worker through timed_enqueue. Wall
 * time: with threads, CPU time is the sum over them. */
void report_workers(void) {
  int32_t sizes[SIZES_MAX];
  int n = sizes_from_env("WARY_BENCH_WORKERS_SIZES", "1000 10000", sizes);
  int warmup = (int)param(0, NULL, 0, "WARY_BENCH_WORKERS_WARMUP", 1) * 60;
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_WORKERS_ROUNDS", 7);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_WORKERS_STEPS", 12);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
  printf("workers. The game world of 8. (constant density) stepped on 1 and 2 worker threads (C, wary_step, wall\n"
         "   time; %d s of game time first, then %d rounds of %d steps a world, the three worlds in turn)\n",
         warmup / 60, rounds, stretch);
  print_load("before");
  printf("   %7s %17s %17s %8s %8s %9s %9s\n", "agents", "1 worker ms/step", "2 workers ms/step", "speedup",
         "serial", "Amdahl 8", "Amdahl 16");
  for (int i = 0; i < n; i++) {
    game_world g[3];
    double task_s = 0.0;
    for (int k = 0; k < 3; k++) {
      game_params p = game_params_for(sizes[i], true);
      p.workers = k == 1 ? 2 : 1;
      if (k == 2) {
        p.enqueue = timed_enqueue;
        p.finish = timed_finish;
        p.task_user = &task_s;
      }
      game_build(&g[k], &p);
      for (int st = 0; st < warmup; st++) game_step_by(&g[k], now_s);
    }
    double *round_ms[3], *step_ms = malloc((size_t)stretch * sizeof *step_ms);
    for (int k = 0; k < 3; k++) round_ms[k] = malloc((size_t)rounds * sizeof *round_ms[k]);
    if (!step_ms || !round_ms[0] || !round_ms[1] || !round_ms[2]) game_fail("allocate the measurements");
    double timed_step_s = 0.0;
    task_s = 0.0;
    for (int r = 0; r < rounds; r++)
      for (int k = 0; k < 3; k++) {
        for (int st = 0; st < stretch; st++) step_ms[st] = game_step_by(&g[k], now_s);
        round_ms[k][r] = median(step_ms, stretch);
        if (k == 2)
          for (int st = 0; st < stretch; st++) timed_step_s += step_ms[st] / 1e3;
      }
    summary one = summarize(round_ms[0], rounds), two = summarize(round_ms[1], rounds);
    double speedup = two.med > 0.0 ? one.med / two.med : 0.0;
    double serial = timed_step_s > 0.0 ? (timed_step_s - task_s) / timed_step_s : 0.0;
    double amdahl8 = 1.0 / (serial + (1.0 - serial) / 8.0), amdahl16 = 1.0 / (serial + (1.0 - serial) / 16.0);
    char a[40], b[40];
    snprintf(a, sizeof a, "%.2f [%.2f-%.2f]", one.med, one.min, one.max);
    snprintf(b, sizeof b, "%.2f [%.2f-%.2f]", two.med, two.min, two.max);
    printf("   %7d %17s %17s %7.2fx %7.1f%% %8.1fx %8.1fx\n", (int)sizes[i], a, b, speedup, 100.0 * serial,
           amdahl8, amdahl16);
    char key[64];
    snprintf(key, sizeof key, "workers_%d_ms_1", (int)sizes[i]);
    result_put(key, one.med);
    snprintf(key, sizeof key, "workers_%d_ms_2", (int)sizes[i]);
    result_put(key, two.med);
    snprintf(key, sizeof key, "workers_%d_speedup", (int)sizes[i]);
    result_put(key, speedup);
    snprintf(key, sizeof key, "workers_%d_serial", (int)sizes[i]);
    result_put(key, serial);
    for (int k = 0; k < 3; k++) {
      free(round_ms[k]);
      game_free(&g[k]);
    }
    free(step_ms);
  }
  print_load("after");
  printf("   ms/step: the median step of a round, median over rounds [min - max]; speedup: 1 worker / 2 workers;\n"
         "   serial: the share of the step outside the agents' parallel phases (the third world, whose scheduler\n"
         "   times its pieces); Amdahl p: 1 / (serial + (1 - serial) / p), the speedup that share allows on p cores.\n");
}
