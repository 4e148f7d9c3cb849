/* bench/bench_core.c - C benchmarks of the wary core, against the public API
 * (src/wary.h) only. Prints figures; asserts nothing about time.
 *
 *   build/bench/bench_core [N M K]          (or bash bench/run.sh for the full report)
 *
 * A world of N agents, M targets and K boxes (defaults 200, 50, 2000) in a
 * 100 m x 100 m square (units_per_meter 100: centimetres), built from a
 * fixed-seed LCG, so every run measures the same world. Three parts, and
 * three more (6., 8. and 9. in bench/run.sh's report) with worlds of their own:
 *
 * 1. Rays. wary_ray_cast (the BVH) over random segments of 5-40 m from eye
 *    height (1.7 m) to chest height (1 m) of someone standing there, and, in
 *    the same run over the same segments, a brute-force loop over all boxes
 *    with the same slab test and the same early stop at the first opaque box.
 *    Boxes are 0.5-3 m on each side and 0.5-3 m tall; materials are concrete
 *    (opaque), glass, foliage and smoke, so some rays stop early. The two are
 *    checked to agree on every segment (blocked or not, transmission).
 * 2. Steps. wary_step at 60 Hz with C evaluate callbacks (custom senses whose
 *    evaluate is C): ms per step (median over steps) and custom-sense queries
 *    handed out per second, for three sense set-ups:
 *      a. 1-2 C senses per agent, no rays: even agents {thermal}, odd agents
 *         {thermal, hearing}; thermal = (1 - d/30 m) x the target's "heat"
 *         prop (wary_actor_get_prop), hearing = (1 - d/40 m)^2 x speed/3 m/s.
 *      b. 1-2 C senses per agent, one with rays: odd agents get {thermal,
 *         sight}; sight = 120 degree cone, then one wary_ray_cast eye ->
 *         chest, (1 - d/40 m) x transmission.
 *      c. thermal only, 1 sense per agent: the world that bench/custom_senses.lua
 *         measures in Lua (same LCG, same layout, same sense), for comparison.
 *    Agents walk at 0-1 m/s and targets at 0.5-3 m/s, bouncing off the edges;
 *    positions are set between steps (not timed). Each repetition runs
 *    WARY_BENCH_STEPS steps (120 = 2 s of game time) after 60 warm-up steps.
 * 3. Vision. The same world with the built-in vision sense only (max_range
 *    30 m, focal cone 60 degrees each side, 5 sample points, interval 0.1 s;
 *    agents face where they walk): ms per step, vision pair evaluations per
 *    second and rays per second inside wary_step (CPU time, the clock
 *    of the Lua benchmarks, not wall time). The (agent, target) pairs
 *    vision looks at are counted in an untimed second run of the same world
 *    with a do-nothing C sense that has vision's interval and reach (see
 *    vision_run, bench/part_vision.c). Then the same world twice more, where no target can be seen
 *    without a ray being needed to say so: a fog with vision_range_scale 0
 *    over everything (out of range) and every agent looking straight up (out
 *    of cone): the same pairs are looked at and no ray is cast. Last, the
 *    normal world stepped in rounds, in a row and with WARY_BENCH_COLD_MB
 *    (8 64 256) MB of other memory used before each step, in turn: what a
 *    step costs when the rest of a game's frame left the caches cold.
 *    bench/vision.lua measures the same world through the Lua facade, and runs
 *    this program as its C worker (WARY_BENCH_PARTS=vision-worker).
 * 6. Hearing. A 200 m x 200 m square with WARY_BENCH_HEARING_K (2000) boxes,
 *    all opaque walls; WARY_BENCH_HEARING_N (500) agents standing spread out
 *    that only hear (the defaults); WARY_BENCH_HEARING_MAKERS (100) makers of
 *    another team walking 0.5-3 m/s; WARY_BENCH_HEARING_RATE (200) sounds a
 *    second from a mix of the seed's starter set (hear_types). ms/step,
 *    deliveries/s (sound_heard events) and arrivals/s (rays: one a (sound,
 *    listener) pair that passed every check), per CPU second in wary_step;
 *    then the same sounds where no listener is in range (the makers 50 m past
 *    the listeners' square; or a hearing_range_scale 0 environment over
 *    everything): no ray. Then the normal world stepped on for
 *    WARY_BENCH_HEARING_AGE (120) seconds of game time, to show how the step
 *    grows as beliefs pile up. bench/hearing.lua measures the same world
 *    through the facade, with this program as its C worker
 *    (WARY_BENCH_PARTS=hearing-worker).
 *
 * 8. Scaling (WARY_BENCH_PARTS=sweep). The game world: N agents that see
 *    (vision as in 3. but with a 20 m range) and hear (as in 6.), walking
 *    0-1 m/s facing where they walk; targets of another team walking 0.5-3 m/s
 *    and making sounds from 6.'s mix; boxes of 1.'s materials. At constant
 *    density: N agents in a square of 200 m x sqrt(N / 1000), and N/4
 *    targets, 2N boxes and N/5 sounds a second at that density over the
 *    square and a band of 40 m around it (SWEEP_MARGIN); at rising density:
 *    the 1,000-agent world's square, 2,000 boxes, 250 targets and 200 sounds
 *    a second, only the agents grow.
 *    For each N of WARY_BENCH_SWEEP_SIZES (100 300 1000 3000 10000), after
 *    WARY_BENCH_SWEEP_WARMUP (1) s of game time, WARY_BENCH_SWEEP_ROUNDS (3)
 *    rounds of WARY_BENCH_SWEEP_STEPS (12) steps, the worlds in turn: ms/step
 *    (CPU time) and the exponent b of ms/step ~ N^b fitted by least squares
 *    over log N, log ms (and the same for rays and grid candidates).
 *    WARY_BENCH_SWEEP_DENSITY: both (the default), constant or rising.
 * 9. The steady game (WARY_BENCH_PARTS=game): the game world at N = 1,000
 *    stepped for WARY_BENCH_GAME_AGE (120) s of game time, the median step of
 *    some of its seconds printed as it ages; then a second copy at
 *    WARY_BENCH_GAME_YOUNG (5) s and the aged one stepped in turn, rounds as
 *    in 8.: the step at 120 s over the step at 5 s; with them a third copy,
 *    aged alongside, whose profile has no brain (wary_brain_def.threat
 *    false): its step over the aged world's.
 *
 * budget. The ray budget (WARY_BENCH_PARTS=budget): the game world of 9. at
 *    5 s, with no budget and with a ray budget of half its vision rays a
 *    step, stepped in turn: vision rays a step (mean, p99, max), ms/step
 *    (median, p99), the pairs put off and the longest wait against the
 *    bound of docs/budget.md.
 *
 * workers. Threads (WARY_BENCH_PARTS=workers): the game world of 8. at
 *    constant density for each N of WARY_BENCH_WORKERS_SIZES (1000 10000),
 *    stepped on 1 and on 2 workers (libwary's pool) and, to measure the
 *    step's serial share, on 1 worker through a scheduler of its own that
 *    times the parallel phases; after WARY_BENCH_WORKERS_WARMUP (1) s,
 *    WARY_BENCH_WORKERS_ROUNDS (7) rounds of WARY_BENCH_WORKERS_STEPS (12)
 *    steps, the three worlds in turn, in wall time; the load average
 *    before and after.
 *
 * destroy. Removing actors (WARY_BENCH_PARTS=destroy): the game world of 8.
 *    at constant density for each N of WARY_BENCH_DESTROY_SIZES (1000
 *    10000), aged WARY_BENCH_DESTROY_AGE (5) s, then
 *    WARY_BENCH_DESTROY_ROUNDS (5) rounds of 0.1 s of steps and
 *    WARY_BENCH_DESTROY_COUNT (10) targets destroyed one after another, each
 *    timed alone in CPU time: us a destroy (the median of a round, median
 *    over rounds), and the first after a step.
 *
 * boxes. Editing boxes (WARY_BENCH_PARTS=boxes): for each count of
 *    WARY_BENCH_BOXES_SIZES (2000 25000), random boxes at part 1's density,
 *    the first ray (the build), then WARY_BENCH_BOXES_ROUNDS (20) rounds of a
 *    box added, moved and removed, each timed with the ray after it.
 *
 * prefetch. Only in bench_core_prefetch, bench_core built with the core and
 *    bench/prefetch_toggle.h (CMakeLists.txt): the game world of 9. at
 *    WARY_BENCH_GAME_YOUNG (5) s and at WARY_BENCH_GAME_AGE (120) s, each
 *    time WARY_BENCH_PREFETCH_ROUNDS (15) rounds of WARY_BENCH_PREFETCH_STEPS
 *    (24) steps with the core's WY_PREFETCH on and as many with it off;
 *    then part 3's world so, WARY_BENCH_PREFETCH_COLD_MB (64) MB of other
 *    memory used before each step.
 *
 * WARY_BENCH_PARTS: all (the default: 1-3, 6, 8 and 9), core (1-3), hearing
 * (6), sweep (8), game (9), budget, workers, destroy, boxes, rays (part 1's boxes
 * and segments through the core's walks beside a reference BVH: bench/rays.c), cold (3.'s caches-cold
 * rows alone: WARY_BENCH_COLD_MB, _ROUNDS, _STEPS, _CALLGRIND), vision-worker,
 * hearing-worker, thermal-worker (2.'s set-up c. in CPU time, for
 * bench/custom_senses.lua).
 *
 * Parameters: positional N M K, or the environment WARY_BENCH_N, _M, _K;
 * WARY_BENCH_REPS (7), WARY_BENCH_STEPS (120), WARY_BENCH_RAYS (20000).
 * Figures are medians over the repetitions (min-max in brackets); times come
 * from clock_gettime(CLOCK_MONOTONIC) (wall clock), except in parts 3, 6, 8
 * and 9 (CLOCK_PROCESS_CPUTIME_ID, CPU time). If WARY_BENCH_RESULTS
 * names a file, key=value lines are appended to it for bench/run.sh.
 *
 * This file holds main, which runs the parts WARY_BENCH_PARTS names. Each
 * part is a file of its own: bench/part_rays.c (1. and rays, beside
 * bench/rays.c and bench/ref_bvh.c), part_senses.c (2. and thermal-worker),
 * part_vision.c (3.), part_hearing.c (6.), part_game.c (the game world, 8.
 * and 9.), part_prefetch.c, part_budget.c, part_workers.c and
 * part_destroy.c; what they share is bench/core.h (core_util.c: clocks, figures, parameters, results;
 * core_world.c: the world of 1.-3.).
 */
#include "core.h"

int main(int argc, char **argv) {
  int32_t n = (int32_t)param(argc, argv, 1, "WARY_BENCH_N", 200);
  int32_t m = (int32_t)param(argc, argv, 2, "WARY_BENCH_M", 50);
  int32_t k = (int32_t)param(argc, argv, 3, "WARY_BENCH_K", 2000);
  int reps = (int)param(argc, argv, 0, "WARY_BENCH_REPS", 7);
  int steps = (int)param(argc, argv, 0, "WARY_BENCH_STEPS", 120);
  int32_t nrays = (int32_t)param(argc, argv, 0, "WARY_BENCH_RAYS", 20000);
  if (reps < 1) reps = 1;
  if (steps < 1) steps = 1;
  if (nrays < 1) nrays = 1;
  const char *parts = getenv("WARY_BENCH_PARTS");
  if (!parts || !*parts) parts = "all";
  hear_params hp;
  hear_params_read(&hp);
  if (strcmp(parts, "vision-worker") == 0) return vision_worker(n, m, k, reps, steps);
  if (strcmp(parts, "hearing-worker") == 0) return hearing_worker(&hp, reps, steps);
  if (strcmp(parts, "hearing") == 0) {
    report_hearing(&hp, reps, steps);
    return 0;
  }
  if (strcmp(parts, "thermal-worker") == 0) return thermal_worker(n, m, k, reps, steps);
  if (strcmp(parts, "rays") == 0) return rays_part(k, nrays, reps);
  if (strcmp(parts, "cold") == 0) {
    report_vision_cold(n, m, k);
    return 0;
  }
  /* The parts that read their own parameters. */
  static const struct {
    const char *name;
    void (*report)(void);
  } own[] = {
      {"sweep", report_sweep},     {"game", report_game},       {"budget", report_budget},
      {"workers", report_workers}, {"destroy", report_destroy}, {"boxes", report_boxes},
      {"save", report_save},
#ifdef WARY_BENCH_PREFETCH_TOGGLE
      {"prefetch", report_prefetch},
#endif
  };
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
    if (strcmp(parts, own[i].name) == 0) {
      own[i].report();
      return 0;
    }
  }
  if (strcmp(parts, "all") != 0 && strcmp(parts, "core") != 0) {
    fprintf(stderr, "bench_core: WARY_BENCH_PARTS: expected all, core, hearing, sweep, game, budget, workers, "
                    "destroy, boxes, rays, cold, vision-worker, hearing-worker or thermal-worker, got '%s'\n", parts);
    return 2;
  }

#ifdef __OPTIMIZE__
  const char *opt = "optimized";
#else
  const char *opt = "NOT optimized (-O0): figures are meaningless";
#endif
#ifdef NDEBUG
  const char *asserts = "NDEBUG";
#else
  const char *asserts = "asserts on";
#endif
  printf("== bench_core (C, public API): N=%d agents, M=%d targets, K=%d boxes, 100 m x 100 m, "
         "%d repetitions\n",
         (int)n, (int)m, (int)k, reps);
  printf("   compiled: %s, %s; clock: clock_gettime(CLOCK_MONOTONIC), wall time\n\n", opt, asserts);

  bench_world b;
  if (!world_build(&b, n, m, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    return 1;
  }
  bench_rays(&b, reps, nrays);
  world_free(&b);

  printf("\n2. Steps at 60 Hz with C evaluate callbacks (%d steps a repetition after %d warm-up; "
         "sense interval 0.1 s)\n",
         steps, WARMUP_STEPS);
  printf("   %-32s %6s %15s %8s %15s %9s %8s %8s\n", "set-up (even | odd agents)", "senses",
         "ms/step median", "mean", "queries/s", "q/step", "rays/st", "beliefs");
  step_figures figs[SETUP_COUNT];
  for (int s = 0; s < SETUP_COUNT; s++) {
    step_figures f = bench_steps(s, n, m, k, reps, steps);
    figs[s] = f;
    char x[32];
    printf("   %-32s %6.1f %8.3f [%.3f-%.3f] %6.3f %13ss %9.1f %8.1f %8.0f\n", setup_names[s],
           f.senses_per_agent, f.ms_median.med, f.ms_median.min, f.ms_median.max, f.ms_mean.med,
           si(f.queries_per_s.med, x, sizeof x), f.queries_per_step, f.rays_per_step, f.beliefs);
  }
  printf("   ms/step: median over the steps of a repetition, median over repetitions [min-max];\n"
         "   mean: total step time / steps (senses are staggered, so steps differ);\n"
         "   queries/s: custom-sense queries handed out (wary_world_stats) / time in wary_step;\n"
         "   rays/st: wary_ray_cast calls per step (sight only); beliefs: held at the end of a repetition.\n");

  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  if (f) {
    fprintf(f, "c_thermal_ms_per_step=%.6f\nc_thermal_queries_per_s=%.0f\nc_thermal_queries_per_step=%.2f\n",
            figs[SETUP_THERMAL_ONLY].ms_median.med, figs[SETUP_THERMAL_ONLY].queries_per_s.med,
            figs[SETUP_THERMAL_ONLY].queries_per_step);
    fclose(f);
  }
  printf("\n");
  report_vision(n, m, k, reps, steps);
  if (strcmp(parts, "all") == 0) {
    printf("\n");
    report_hearing(&hp, reps, steps);
    printf("\n");
    report_sweep();
    printf("\n");
    report_game();
  }
  return 0;
}
