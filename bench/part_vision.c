/* bench/part_vision.c - bench_core part 3, vision (the built-in sense
 * evaluated in C), and part vision-worker. */
#include "core.h"

#define VISION_RANGE 3000.0f      /* 30 m */

enum { VIS_NORMAL, VIS_FOG, VIS_CONE, VIS_ROOMS, VIS_COUNT };
static const char *const vis_names[VIS_COUNT] = {"normal", "out of range (fog, sight 0 m)",
                                                 "out of cone (eyes up)", "1,001 environments"};

#define ROOMS 1000

/* Part 3's world with ROOMS rooms scattered over it (environments 3-8 m on
 * a side, overlapping now and then) and one over the whole level, none of
 * which changes what vision sees (their scales are 1, their light is for
 * per-target light, off here): the same rays as the plain world, so what
 * the row adds is vision asking which of them hold each pair's eyes and
 * head. */
static void scatter_rooms(wary_world *w) {
  lcg g = {20261206.0};
  cover_with_env(w, WORLD_SIZE, 1.0f, 0.9f, "the level's environment");
  for (int i = 0; i < ROOMS; i++) {
    wary_environment_def ed = wary_default_environment_def();
    double x = rnd(&g) * WORLD_SIZE, y = rnd(&g) * WORLD_SIZE;
    double sx = (3.0 + 5.0 * rnd(&g)) * UPM, sy = (3.0 + 5.0 * rnd(&g)) * UPM;
    float lo[3] = {(float)x, (float)y, 0.0f}, hi[3] = {(float)(x + sx), (float)(y + sy), (float)(3.0 * UPM)};
    memcpy(ed.min, lo, sizeof lo);
    memcpy(ed.max, hi, sizeof hi);
    ed.light = 0.2f;
    if (wary_environment_create(w, &ed, NULL) != WARY_OK) {
      fprintf(stderr, "bench_core: could not create the rooms\n");
      exit(1);
    }
  }
}

typedef struct vis_rep {
  double seconds;   /* CPU time inside wary_step over the repetition */
  double ms_median; /* median step of the repetition */
  uint64_t rays, queries, candidates, events;
} vis_rep;

static bool eye_mismatch; /* an agent's eye height is not the one the pair counter assumes */

/* The pair counter: a C sense that is handed exactly the pairs vision looks
 * at (see vision_run) and reports nothing. */
static void count_eval(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  (void)q;
  (void)out;
}

/* Out-of-cone world: every agent looks at a point 1 km straight above its
 * eyes, so every target's head is ~90 degrees off the eye direction. */
static void look_up(bench_world *b) {
  for (int32_t i = 0; i < b->n; i++) {
    const mover *a = &b->agents[i];
    wary_actor_look_at(b->w, a->id, (float)a->x, (float)a->y, (float)(1000.0 * UPM));
  }
}

/* Part 3's world (built into b), its agents seeing with the built-in
 * vision only. counting adds a second profile slot: a C sense with
 * vision's interval (so the same golden-ratio phase, due on the same steps)
 * and vision's reach (max_range = 30 m + eye height + 2 m, the slack step.c
 * gives vision in the grid query), so each query it is handed is one
 * (agent, target) pair vision looked at; vision is unchanged by it (it
 * reports nothing, so it makes no belief). Exits on failure. */
void vision_world(bench_world *b, int32_t n, int32_t m, int32_t k, bool counting) {
  if (!world_build(b, n, m, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    exit(1);
  }
  float eye = 1.7f * (float)UPM; /* the default eye height, as wy_scaled makes it */
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 1;
  pd.senses[0].sense = WARY_SENSE_VISION;
  int failed = 0;
  if (counting) {
    wary_sense_def sd = wary_default_sense_def();
    sd.interval = 0.1f;
    sd.max_range = VISION_RANGE + (eye + 2.0f * (float)UPM);
    sd.evaluate = count_eval;
    pd.sense_count = 2;
    failed += wary_sense_create(b->w, &sd, &pd.senses[1].sense) != WARY_OK;
  }
  int32_t prof;
  failed += wary_profile_create(b->w, &pd, &prof) != WARY_OK;
  wary_vision_def vd = wary_default_vision_def();
  vd.max_range = VISION_RANGE;
  vd.half_angle = VISION_HALF_ANGLE;
  vd.interval = 0.1f;
  int32_t profiles[2] = {prof, prof};
  if (failed || wary_profile_set_vision(b->w, prof, &vd) != WARY_OK || !world_add_agents(b, profiles)) {
    fprintf(stderr, "bench_core: could not set up vision\n");
    exit(1);
  }
  wary_actor_info info;
  if (n > 0 && (wary_actor_get(b->w, b->agents[0].id, &info) != WARY_OK ||
                info.eye_pos[2] - info.pos[2] != eye)) {
    eye_mismatch = true;
    printf("   WARNING: eye height is not %.1f units: the pair counter's reach differs from vision's\n",
           (double)eye);
  }
}

void vision_world_warm(bench_world *b, int32_t n, int32_t m, int32_t k) {
  vision_world(b, n, m, k, false);
  for (int i = 0; i < WARMUP_STEPS; i++) {
    world_move(b);
    wary_step(b->w, DT);
  }
}

/* One vision world (vision_world), WARMUP_STEPS and then reps x steps,
 * out[rep] per repetition. Returns the beliefs held at the end, or -1 with
 * a message. */
static int32_t vision_run(int scenario, bool counting, int32_t n, int32_t m, int32_t k, int reps,
                          int steps, vis_rep *out) {
  bench_world b;
  vision_world(&b, n, m, k, counting);
  /* Fog over everything that thins sight to nothing: the grid still hands
   * out every target within the 30 m reach, the range check refuses it. */
  if (scenario == VIS_FOG) cover_with_env(b.w, WORLD_SIZE, 0.0f, 1.0f, "the fog");
  if (scenario == VIS_ROOMS) scatter_rooms(b.w);
  for (int i = 0; i < WARMUP_STEPS; i++) {
    world_move(&b);
    if (scenario == VIS_CONE) look_up(&b);
    wary_step(b.w, DT);
  }
  double *step_ms = malloc((size_t)steps * sizeof *step_ms);
  if (!step_ms) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  for (int rep = 0; rep < reps; rep++) {
    wary_stats before = wary_world_stats(b.w);
    double sum = 0.0;
    uint64_t events = 0;
    for (int i = 0; i < steps; i++) {
      world_move(&b);
      if (scenario == VIS_CONE) look_up(&b);
      double t0 = cpu_s();
      wary_step(b.w, DT);
      step_ms[i] = (cpu_s() - t0) * 1e3;
      sum += step_ms[i];
      events += (uint64_t)wary_event_count(b.w);
    }
    out[rep].events = events;
    wary_stats after = wary_world_stats(b.w);
    out[rep].seconds = sum * 1e-3;
    out[rep].ms_median = median(step_ms, steps);
    out[rep].rays = after.rays - before.rays;
    out[rep].queries = after.queries - before.queries;
    out[rep].candidates = after.candidates - before.candidates;
  }
  int32_t beliefs = wary_world_stats(b.w).beliefs;
  free(step_ms);
  world_free(&b);
  return beliefs;
}

typedef struct vis_figures {
  summary ms_median, ms_mean, pairs_per_s, rays_per_s;
  double pairs_per_step, rays_per_step, candidates_per_step, beliefs;
  uint64_t pairs_total, rays_total; /* over the measured steps of all repetitions */
  bool rays_agree; /* the counting run cast the same rays in every repetition */
} vis_figures;

static vis_figures bench_vision(int scenario, int32_t n, int32_t m, int32_t k, int reps, int steps) {
  vis_figures f;
  memset(&f, 0, sizeof f);
  vis_rep *timed = calloc((size_t)reps, sizeof *timed);
  vis_rep *count = calloc((size_t)reps, sizeof *count);
  double *v_med = malloc((size_t)reps * sizeof *v_med);
  double *v_mean = malloc((size_t)reps * sizeof *v_mean);
  double *v_pairs = malloc((size_t)reps * sizeof *v_pairs);
  double *v_rays = malloc((size_t)reps * sizeof *v_rays);
  if (!timed || !count || !v_med || !v_mean || !v_pairs || !v_rays) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  f.beliefs = vision_run(scenario, false, n, m, k, reps, steps, timed);
  vision_run(scenario, true, n, m, k, reps, steps, count);
  uint64_t pairs = 0, rays = 0, cand = 0;
  f.rays_agree = true;
  for (int r = 0; r < reps; r++) {
    f.rays_agree = f.rays_agree && count[r].rays == timed[r].rays;
    pairs += count[r].queries;
    rays += timed[r].rays;
    cand += timed[r].candidates;
    v_med[r] = timed[r].ms_median;
    v_mean[r] = timed[r].seconds * 1e3 / steps;
    v_pairs[r] = timed[r].seconds > 0.0 ? (double)count[r].queries / timed[r].seconds : 0.0;
    v_rays[r] = timed[r].seconds > 0.0 ? (double)timed[r].rays / timed[r].seconds : 0.0;
  }
  double total_steps = (double)reps * steps;
  f.ms_median = summarize(v_med, reps);
  f.ms_mean = summarize(v_mean, reps);
  f.pairs_per_s = summarize(v_pairs, reps);
  f.rays_per_s = summarize(v_rays, reps);
  f.pairs_per_step = (double)pairs / total_steps;
  f.rays_per_step = (double)rays / total_steps;
  f.candidates_per_step = (double)cand / total_steps;
  f.pairs_total = pairs;
  f.rays_total = rays;
  free(timed);
  free(count);
  free(v_med);
  free(v_mean);
  free(v_pairs);
  free(v_rays);
  return f;
}

/* ---- caches cold ------------------------------------------------------------ */

#define COLD_ROUNDS 3
#define COLD_STEPS 30
#define COLD_SIZES_MAX 4

/* The normal world of part 3 stepped in rounds, steps steps (COLD_STEPS) a
 * condition in turn: in a row (what every other figure of this part
 * measures: the caches hold what the last step left), and with each size
 * of mb (MB: WARY_BENCH_COLD_MB) of other memory read and written before
 * every step, untimed. The median step of a round, the median over rounds
 * (COLD_ROUNDS). collect (WARY_BENCH_COLD_CALLGRIND): 1, callgrind collects
 * inside the steps of the largest size only; 2, inside the steps in a row
 * only (bench/callgrind.sh, 8d.); 0, nothing. */
static void report_cold(int32_t n, int32_t m, int32_t k, const int32_t *mb, int sizes, int rounds, int steps,
                        int collect) {
  /* ints_from_env gives at least one size, from 1 MB. */
  int32_t largest = 0;
  for (int c = 0; c < sizes; c++) largest = mb[c] > largest ? mb[c] : largest;
  unsigned char *buf = malloc((size_t)largest << 20);
  if (!buf) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  memset(buf, 1, (size_t)largest << 20);
  bench_world b;
  vision_world_warm(&b, n, m, k);
  double round_ms[COLD_SIZES_MAX + 1][COLD_ROUNDS], step_ms[COLD_STEPS];
  for (int r = 0; r < rounds; r++) {
    for (int c = 0; c <= sizes; c++) {
      bool collecting = (collect == 1 && c > 0 && mb[c - 1] == largest) || (collect == 2 && c == 0);
      for (int i = 0; i < steps; i++) {
        world_move(&b);
        if (c > 0) cold_touch(buf, (size_t)mb[c - 1] << 20);
        double t0 = cpu_s();
        if (collecting) collect_toggle();
        wary_step(b.w, DT);
        if (collecting) collect_toggle();
        step_ms[i] = (cpu_s() - t0) * 1e3;
      }
      round_ms[c][r] = median(step_ms, steps);
    }
  }
  world_free(&b);
  free(buf);
  printf("\n   Caches cold: the normal world, %d rounds of %d steps a condition in turn; ms/step: the median step of\n"
         "   a round, median [min - max] over rounds (a game's frame may use other memory between two steps)\n",
         rounds, steps);
  printf("   %-46s %9s  %-17s %9s\n", "condition", "ms/step", "[min - max]", "/ in a row");
  summary warm = summarize(round_ms[0], rounds);
  double largest_ms = 0.0;
  printf("   %-46s %9.3f  [%.3f - %.3f]\n", "steps in a row (what the rest of 3. measures)", warm.med, warm.min,
         warm.max);
  result_put("vision_warm_ms", warm.med);
  for (int c = 1; c <= sizes; c++) {
    summary cold = summarize(round_ms[c], rounds);
    char label[64];
    snprintf(label, sizeof label, "%d MB read and written before each step", (int)mb[c - 1]);
    printf("   %-46s %9.3f  [%.3f - %.3f] %9.2fx\n", label, cold.med, cold.min, cold.max,
           warm.med > 0.0 ? cold.med / warm.med : 0.0);
    if (mb[c - 1] == largest) largest_ms = cold.med;
  }
  result_put("vision_agents", (double)n);
  result_put("vision_cold_mb", (double)largest);
  result_put("vision_cold_ms", largest_ms);
}

/* The sizes of WARY_BENCH_COLD_MB into mb (read before a part runs: a bad
 * value stops it first); their count. */
static int cold_sizes(int32_t *mb) {
  return ints_from_env("WARY_BENCH_COLD_MB", "8 64 256", 1, 1024, "sizes in MB", mb, COLD_SIZES_MAX);
}

void report_vision_cold(int32_t n, int32_t m, int32_t k) {
  int32_t mb[COLD_SIZES_MAX];
  int sizes = cold_sizes(mb);
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_COLD_ROUNDS", COLD_ROUNDS);
  int steps = (int)param(0, NULL, 0, "WARY_BENCH_COLD_STEPS", COLD_STEPS);
  rounds = rounds < 1 ? 1 : rounds > COLD_ROUNDS ? COLD_ROUNDS : rounds;
  steps = steps < 1 ? 1 : steps > COLD_STEPS ? COLD_STEPS : steps;
  int collect = (int)param(0, NULL, 0, "WARY_BENCH_COLD_CALLGRIND", 0);
  printf("3. (caches cold only) part 3's world: %d agents, %d targets, %d boxes\n", (int)n, (int)m, (int)k);
  report_cold(n, m, k, mb, sizes, rounds, steps, collect);
}

void report_vision(int32_t n, int32_t m, int32_t k, int reps, int steps) {
  /* Read first: a bad value stops the part before it runs. */
  int32_t mb[COLD_SIZES_MAX];
  int sizes = cold_sizes(mb);
  vis_figures f[VIS_COUNT];
  for (int s = 0; s < VIS_COUNT; s++) f[s] = bench_vision(s, n, m, k, reps, steps);
  const vis_figures *v = &f[VIS_NORMAL];
  char x[32];
  printf("3. Vision, the built-in sense in the C core (wary_step; %d steps a repetition after %d warm-up)\n",
         steps, WARMUP_STEPS);
  printf("   the world of 1. and 2. (same LCG): %d agents, %d targets, %d boxes; agents see with vision only:\n"
         "   max_range %.0f m, focal cone %.0f deg each side (peripheral and rear cones off), 5 sample points,\n"
         "   interval 0.1 s; agents walk 0-1 m/s facing where they walk (random yaw), targets stand and move 0.5-3 m/s\n",
         (int)n, (int)m, (int)k, (double)(VISION_RANGE / UPM), (double)VISION_HALF_ANGLE);
  print_ms_rows(28, v->ms_median, v->ms_mean);
  print_rate_row(28, "vision pair evaluations/s", v->pairs_per_s);
  print_rate_row(28, "rays/s", v->rays_per_s);
  printf("   per step: %.1f pair evaluations, %.1f rays (%.2f a pair), %.1f grid candidates; %.0f beliefs at the end\n",
         v->pairs_per_step, v->rays_per_step,
         v->pairs_per_step > 0 ? v->rays_per_step / v->pairs_per_step : 0.0, v->candidates_per_step,
         v->beliefs);
  printf("\n   No ray for a target outside range or cone (same world, same pairs; rays/step from wary_world_stats):\n");
  printf("   %-32s %11s %10s %10s %9s %15s\n", "world", "pairs/step", "rays/step", "rays/pair", "ms/step",
         "pair evals/s");
  for (int s = 0; s < VIS_COUNT; s++)
    printf("   %-32s %11.1f %10.1f %10.3f %9.3f %13ss\n", vis_names[s], f[s].pairs_per_step,
           f[s].rays_per_step, f[s].pairs_per_step > 0 ? f[s].rays_per_step / f[s].pairs_per_step : 0.0,
           f[s].ms_median.med, si(f[s].pairs_per_s.med, x, sizeof x));
  printf("   fog: an environment over the whole world with vision_range_scale 0 (sight range 0 m);\n"
         "   eyes up: each agent looks at a point 1 km above it, so every head is ~90 deg off its eyes;\n"
         "   1,001 environments: %d rooms 3-8 m a side scattered over the world and one over all of it, none\n"
         "   changing what vision sees (the same rays): what asking which hold each pair's eyes and head costs.\n",
         ROOMS);
  bool agree = true;
  for (int s = 0; s < VIS_COUNT; s++) agree = agree && f[s].rays_agree;
  printf("   how pairs are counted: wary_world_stats has no vision counter (rays, custom-sense queries and grid\n"
         "   candidates only; candidates also hold the agent itself and actors past the reach), so\n"
         "   each world is run a second time, untimed, with a C sense in a second profile slot that has vision's\n"
         "   interval and phase and vision's reach (30 m + eye height + 2 m) and reports nothing: the queries it is\n"
         "   handed are the pairs vision looked at. Rays in that run %s the timed run's in every repetition.\n",
         agree ? "equal" : "DIFFER FROM");
  printf("   time: CPU time of the process (clock_gettime(CLOCK_PROCESS_CPUTIME_ID), the clock of Lua's os.clock(),\n"
         "   unlike 1. and 2.) around each wary_step; pair evaluations/s and rays/s are per CPU second inside wary_step\n"
         "   (the whole step: grid, vision, rays, beliefs), median over repetitions; 1. measures ray casts alone.\n");
  report_cold(n, m, k, mb, sizes, COLD_ROUNDS, COLD_STEPS, 0);
}

/* WARY_BENCH_PARTS=vision-worker: the normal vision world of part 3 only,
 * as machine-readable lines for bench/vision.lua, which runs this worker in
 * rounds interleaved with its Lua workers so that C and Lua share the load
 * of the machine. One REP line per repetition: CPU seconds in wary_step,
 * the median step (ms), rays, pairs (from the counting run), grid candidates
 * and events; then RESULT lines. */
int vision_worker(int32_t n, int32_t m, int32_t k, int reps, int steps) {
  vis_rep *timed = calloc((size_t)reps, sizeof *timed);
  vis_rep *count = calloc((size_t)reps, sizeof *count);
  if (!timed || !count) {
    fprintf(stderr, "bench_core: out of memory\n");
    return 1;
  }
  int32_t beliefs = vision_run(VIS_NORMAL, false, n, m, k, reps, steps, timed);
  vision_run(VIS_NORMAL, true, n, m, k, reps, steps, count);
  bool agree = true;
  for (int r = 0; r < reps; r++) {
    agree = agree && count[r].rays == timed[r].rays;
    printf("REP %.9f %.9f %llu %llu %llu %llu\n", timed[r].seconds, timed[r].ms_median,
           (unsigned long long)timed[r].rays, (unsigned long long)count[r].queries,
           (unsigned long long)timed[r].candidates, (unsigned long long)timed[r].events);
  }
  printf("RESULT interpreter -\nRESULT backend none (C)\nRESULT beliefs %d\nRESULT rays_agree %s\n"
         "RESULT eye_ok %s\n",
         (int)beliefs, agree ? "yes" : "no", eye_mismatch ? "no" : "yes");
  free(timed);
  free(count);
  return 0;
}
