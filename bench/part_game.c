/* bench/part_game.c - bench_core's game world (agents that see and hear,
 * targets that walk and make sounds, boxes) and its parts 8, the scaling
 * sweep, and 9, the steady game. */
#include "core.h"

#define GAME_SIZE 20000.0 /* 200 m: the side of the 1,000-agent world */
#define GAME_SIGHT 2000.0f /* 20 m: the agents' vision range */

/* n agents at constant density (n/4 targets, 2n boxes, n/5 sounds a second,
 * a side of 200 m x sqrt(n / 1000)) or at rising density (the 1,000-agent
 * world's square, boxes, targets and sounds: only the agents grow). */
game_params game_params_for(int32_t n, bool constant_density) {
  game_params p = {n, GAME_N / 4, 2 * GAME_N, GAME_N / 5, GAME_SIZE, 0.0, 0, NULL, NULL, NULL, false};
  if (constant_density) {
    p.targets = n / 4;
    p.boxes = 2 * n;
    p.rate = n / 5;
    p.size = GAME_SIZE * sqrt((double)n / GAME_N);
  }
  return p;
}

/* The scaling sweep's band (part 8a): 40 m, as far as the loudest sound of
 * the mix carries (vision reaches 20 m). Without it an agent near the edge
 * of the square perceives less than one in the middle, and the smaller the
 * square the more of its agents are near the edge: at 100 agents (63 m) an
 * agent held 4.1 beliefs after 1 s, at 10,000 (632 m) 6.7, so the work an
 * agent brings grew with N and the fitted exponent measured the square's
 * edge as much as wary. */
#define SWEEP_MARGIN (40.0 * UPM)

/* n agents at constant density with the band around them: the targets,
 * boxes and sounds of game_params_for(n, true) times the area of the square
 * with its band over the square's. */
static game_params game_params_banded(int32_t n) {
  game_params p = game_params_for(n, true);
  double grow = (p.size + 2.0 * SWEEP_MARGIN) / p.size;
  p.margin = SWEEP_MARGIN;
  p.targets = (int32_t)lround(p.targets * grow * grow);
  p.boxes = (int32_t)lround(p.boxes * grow * grow);
  p.rate = (int32_t)lround(p.rate * grow * grow);
  return p;
}

static void *count_alloc(void *user, size_t size) {
  heap_count *c = user;
  c->allocs++;
  c->live_bytes += (int64_t)size;
  return malloc(size);
}

static void *count_realloc(void *user, void *p, size_t old_size, size_t size) {
  heap_count *c = user;
  c->reallocs++;
  c->live_bytes += (int64_t)size - (int64_t)old_size;
  return realloc(p, size);
}

static void count_free(void *user, void *p, size_t size) {
  heap_count *c = user;
  c->frees++;
  c->live_bytes -= (int64_t)size;
  free(p);
}

/* The agents' profile: vision as in part 3 but for its 20 m range (focal 60
 * degrees, 5 sample points, 0.1 s) and hearing as in part 6 (its defaults, the ear at 0.64 m). */
static int32_t game_profile(wary_world *w, bool brainless) {
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 2;
  pd.senses[0].sense = WARY_SENSE_VISION;
  pd.senses[1].sense = WARY_SENSE_HEARING;
  int32_t prof;
  wary_vision_def vd = wary_default_vision_def();
  vd.max_range = GAME_SIGHT;
  vd.half_angle = VISION_HALF_ANGLE;
  vd.interval = 0.1f;
  wary_hearing_def hd = wary_default_hearing_def();
  hd.ear_height = HEAR_EAR;
  if (wary_profile_create(w, &pd, &prof) != WARY_OK || wary_profile_set_vision(w, prof, &vd) != WARY_OK ||
      wary_profile_set_hearing(w, prof, &hd) != WARY_OK)
    game_fail("set up the game profile");
  if (brainless) {
    wary_brain_def bd = wary_default_brain_def();
    bd.threat = false;
    bd.emotions = false;
    if (wary_profile_set_brain(w, prof, &bd) != WARY_OK) game_fail("set up the game profile's brain");
  }
  return prof;
}

void game_build(game_world *g, const game_params *p) {
  memset(g, 0, sizeof *g);
  g->p = *p;
  g->emit.x = 777.0;
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = (float)UPM;
  g->heap = calloc(1, sizeof *g->heap);
  wd.workers = p->workers;
  wd.enqueue_task = p->enqueue;
  wd.finish_task = p->finish;
  wd.task_user = p->task_user;
  if (p->workers <= 1 && !p->enqueue) {
    wd.alloc_fn = count_alloc;
    wd.realloc_fn = count_realloc;
    wd.free_fn = count_free;
    wd.alloc_user = g->heap;
  }
  g->agents = calloc((size_t)(p->agents ? p->agents : 1), sizeof *g->agents);
  g->makers = calloc((size_t)(p->targets ? p->targets : 1), sizeof *g->makers);
  if (!g->heap || !g->agents || !g->makers || wary_world_create(&wd, &g->w) != WARY_OK)
    game_fail("build the game world");
  wary_world *w = g->w;
  int32_t material[MAT_COUNT] = {0}; /* 0: the built-in opaque wall */
  for (int i = 1; i < MAT_COUNT; i++) {
    wary_material_def md = wary_default_material_def();
    md.vision_transmission = material_transmission[i];
    md.sound_wall = material_wall[i];
    if (wary_material_create(w, &md, &material[i]) != WARY_OK) game_fail("create a material");
  }
  game_sounds(w, g->sound);
  int32_t prof = game_profile(w, p->brainless);
  lcg gen = {20240607.0};
  double outer = p->size + 2.0 * p->margin; /* the targets' and boxes' square, from -margin */
  for (int32_t i = 0; i < p->boxes; i++) {
    wary_box_def bd = random_box(&gen, outer);
    for (int k = 0; k < 2; k++) {
      bd.min[k] -= (float)p->margin;
      bd.max[k] -= (float)p->margin;
    }
    bd.material = material[pick_material(rnd(&gen))];
    wary_box_id id;
    if (wary_box_create(w, &bd, &id) != WARY_OK) game_fail("create a box");
  }
  for (int32_t i = 0; i < p->agents; i++) {
    mover *a = &g->agents[i];
    a->x = rnd(&gen) * p->size;
    a->y = rnd(&gen) * p->size;
    random_velocity(&gen, a, 0.0, 100.0); /* 0-1 m/s, facing where it walks */
    wary_actor_def ad = mover_def(a, 1);
    ad.yaw = (float)(atan2(a->vy, a->vx) * 180.0 / PI_D);
    ad.profile = prof;
    if (wary_actor_create(w, &ad, &a->id) != WARY_OK) game_fail("create an agent");
  }
  for (int32_t i = 0; i < p->targets; i++) {
    mover *mk = &g->makers[i];
    mk->x = rnd(&gen) * outer - p->margin;
    mk->y = rnd(&gen) * outer - p->margin;
    random_velocity(&gen, mk, 50.0, 250.0); /* 0.5-3 m/s */
    wary_actor_def ad = mover_def(mk, 2);
    if (wary_actor_create(w, &ad, &mk->id) != WARY_OK) game_fail("create a target");
  }
}

/* Destroys the world; false when its allocations and frees do not balance. */
bool game_free(game_world *g) {
  wary_world_destroy(g->w);
  bool balanced = g->heap->allocs == g->heap->frees && g->heap->live_bytes == 0;
  free(g->heap);
  free(g->agents);
  free(g->makers);
  return balanced;
}

static bool collecting;

void game_collect(bool on) { collecting = on; }

/* One step of the game: everyone moves and the targets make this step's
 * sounds (untimed, as in part 6), then wary_step. Returns the milliseconds
 * inside wary_step by clock. */
double game_step_by(game_world *g, double (*clock)(void)) {
  wary_world *w = g->w;
  const game_params *p = &g->p;
  for (int32_t i = 0; i < p->agents; i++) {
    mover *a = &g->agents[i];
    move_in(a, DT, p->size, 0.0);
    wary_actor_set_pos(w, a->id, (float)a->x, (float)a->y, 0.0f);
    wary_actor_set_yaw(w, a->id, (float)(atan2(a->vy, a->vx) * 180.0 / PI_D));
  }
  for (int32_t i = 0; i < p->targets; i++) {
    mover *mk = &g->makers[i];
    move_around(mk, DT, -p->margin, p->size + p->margin);
    wary_actor_set_pos(w, mk->id, (float)mk->x, (float)mk->y, 0.0f);
    wary_actor_set_velocity(w, mk->id, (float)mk->vx, (float)mk->vy, 0.0f);
  }
  g->step_no++;
  int64_t count = g->step_no * p->rate / 60 - (g->step_no - 1) * p->rate / 60;
  for (int64_t s = 0; s < count && p->targets > 0; s++) {
    double u = rnd(&g->emit) * 100.0;
    int t = 0, acc = hear_types[0].share;
    while (t < HEAR_TYPES - 1 && u >= acc) acc += hear_types[++t].share;
    const mover *mk = &g->makers[(int32_t)(rnd(&g->emit) * p->targets)];
    int st;
    if (hear_types[t].at_place) {
      double dist = 500.0 + rnd(&g->emit) * 1000.0;
      double dir = heading_rad(rnd(&g->emit) * 360.0);
      st = wary_emit_sound_at(w, g->sound[t], (float)(mk->x + dist * cos(dir)), (float)(mk->y + dist * sin(dir)),
                              0.0f);
    } else {
      st = wary_emit_sound(w, mk->id, g->sound[t]);
    }
    if (st != WARY_OK) game_fail("emit a sound");
  }
  uint64_t a0 = g->heap->allocs + g->heap->reallocs;
  double t0 = clock();
  if (collecting) collect_toggle();
  int st = wary_step(w, DT);
  if (collecting) collect_toggle();
  double ms = (clock() - t0) * 1e3;
  g->step_allocs += g->heap->allocs + g->heap->reallocs - a0;
  if (st != WARY_OK) game_fail("step the game world");
  return ms;
}

/* The same in CPU time, as parts 8, 9, prefetch and budget take it. */
double game_step(game_world *g) { return game_step_by(g, cpu_s); }

/* The slope of log y over log x by least squares (points with x, y > 0). */
static double loglog_slope(const double *x, const double *y, int n) {
  double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (!(x[i] > 0.0 && y[i] > 0.0)) continue;
    double lx = log(x[i]), ly = log(y[i]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
    m++;
  }
  double den = m * sxx - sx * sx;
  return m >= 2 && den > 0.0 ? (m * sxy - sx * sy) / den : 0.0;
}

typedef struct game_point {
  game_world g;
  double *round_ms; /* the median step of each round */
  double *step_ms;  /* scratch: one round's steps */
  wary_stats before;
  uint32_t dropped_before;
  uint64_t allocs_before;
  uint64_t events, steps;
  summary ms;
  double rays, candidates, events_per_step, dropped, allocs;
} game_point;

/* Steps every world of pts in turn, rounds x stretch steps each, so that the
 * worlds share the machine's load; then their figures per step. */
/* pair_ratio (n >= 2): each round's step of the second world over the
 * first's; third_ratio (n >= 3): the third's over the second's. */
/* The world of pts whose measured steps callgrind counts (-1: none;
 * report_game). */
static int collected = -1;

static void game_measure(game_point *pts, int n, int rounds, int stretch, summary *pair_ratio,
                         summary *third_ratio) {
  for (int i = 0; i < n; i++) {
    pts[i].round_ms = malloc((size_t)rounds * sizeof *pts[i].round_ms);
    pts[i].step_ms = malloc((size_t)stretch * sizeof *pts[i].step_ms);
    if (!pts[i].round_ms || !pts[i].step_ms) game_fail("allocate the measurements");
    pts[i].before = wary_world_stats(pts[i].g.w);
    pts[i].dropped_before = wary_events_dropped(pts[i].g.w);
    pts[i].allocs_before = pts[i].g.step_allocs;
  }
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < n; i++) {
      game_point *q = &pts[i];
      if (collected >= 0) game_collect(i == collected);
      for (int s = 0; s < stretch; s++) {
        q->step_ms[s] = game_step(&q->g);
        q->events += (uint64_t)wary_event_count(q->g.w);
      }
      q->round_ms[r] = median(q->step_ms, stretch);
      q->steps += (uint64_t)stretch;
    }
  /* Each round's step of the second world over the first's, the two
   * rounds run one after the other (the machine's speed moves less between
   * them than over the whole part). */
  for (int k = 1; k <= 2 && k < n; k++) {
    summary *out = k == 1 ? pair_ratio : third_ratio;
    if (!out) continue;
    double *ratios = malloc((size_t)rounds * sizeof *ratios);
    if (!ratios) game_fail("allocate the measurements");
    for (int r = 0; r < rounds; r++)
      ratios[r] = pts[k - 1].round_ms[r] > 0.0 ? pts[k].round_ms[r] / pts[k - 1].round_ms[r] : 0.0;
    *out = summarize(ratios, rounds);
    free(ratios);
  }
  for (int i = 0; i < n; i++) {
    game_point *q = &pts[i];
    wary_stats after = wary_world_stats(q->g.w);
    double steps = (double)q->steps;
    q->ms = summarize(q->round_ms, rounds);
    q->rays = (double)(after.rays - q->before.rays) / steps;
    q->candidates = (double)(after.candidates - q->before.candidates) / steps;
    q->events_per_step = (double)q->events / steps;
    q->dropped = (double)(wary_events_dropped(q->g.w) - q->dropped_before) / steps;
    q->allocs = (double)(q->g.step_allocs - q->allocs_before) / steps;
    free(q->round_ms);
    free(q->step_ms);
  }
}

static void report_sweep_one(bool constant_density, const int32_t *sizes, int n, int warmup, int rounds,
                             int stretch) {
  game_point *pts = calloc((size_t)n, sizeof *pts);
  if (!pts) game_fail("allocate the sweep");
  for (int i = 0; i < n; i++) {
    game_params p = constant_density ? game_params_banded(sizes[i]) : game_params_for(sizes[i], false);
    game_build(&pts[i].g, &p);
    for (int s = 0; s < warmup; s++) game_step(&pts[i].g);
  }
  game_measure(pts, n, rounds, stretch, NULL, NULL);
  printf("   %s\n", constant_density
                        ? "a. constant density: N agents in a square of 200 m x sqrt(N/1000) (side m); N/4 targets, 2N boxes\n"
                          "   and N/5 sounds/s on it, and at that density on a band 40 m wide around it too (targets and boxes:\n"
                          "   the counts with the band), so that an agent at the edge perceives what one in the middle does"
                        : "b. rising density: N agents in the 1,000-agent world (200 m, 2000 boxes, 250 targets, 200 sounds/s)");
  printf("   %7s %7s %6s %7s %8s %17s %9s %10s %10s %9s %9s %9s %9s\n", "agents", "targets", "boxes", "side m",
         "ms/step", "[min - max]", "us/agent", "rays/step", "cand/step", "events/st", "dropped/st", "beliefs",
         "allocs/st");
  double x[SIZES_MAX] = {0}, t[SIZES_MAX] = {0}, rays[SIZES_MAX] = {0}, cand[SIZES_MAX] = {0};
  for (int i = 0; i < n; i++) {
    const game_point *q = &pts[i];
    const game_params *p = &q->g.p;
    x[i] = p->agents;
    t[i] = q->ms.med;
    rays[i] = q->rays;
    cand[i] = q->candidates;
    printf("   %7d %7d %6d %7.0f %8.3f   [%6.3f - %6.3f] %9.2f %10.0f %10.0f %9.1f %10.1f %9d %9.2f\n",
           (int)p->agents, (int)p->targets, (int)p->boxes, p->size / UPM, q->ms.med, q->ms.min, q->ms.max,
           q->ms.med * 1e3 / p->agents, q->rays, q->candidates, q->events_per_step, q->dropped,
           (int)wary_world_stats(q->g.w).beliefs, q->allocs);
  }
  double bt = loglog_slope(x, t, n), br = loglog_slope(x, rays, n), bc = loglog_slope(x, cand, n);
  printf("   fitted exponent b (y ~ N^b, log-log least squares over the %d sizes): ms/step %.2f, rays/step %.2f,\n"
         "   grid candidates/step %.2f (1.00: the cost of an agent does not grow with N)\n", n, bt, br, bc);
  const char *tag = constant_density ? "const" : "rising";
  result_tagged("sweep_%s_exponent", tag, bt);
  result_tagged("sweep_%s_rays_exponent", tag, br);
  result_tagged("sweep_%s_n_min", tag, x[0]);
  result_tagged("sweep_%s_n_max", tag, x[n - 1]);
  result_tagged("sweep_%s_dropped_at_max", tag, pts[n - 1].dropped);
  if (constant_density) {
    result_put("allocs_per_step_scale", pts[n - 1].allocs);
    result_put("allocs_scale_agents", x[n - 1]);
  }
  bool balanced = true;
  for (int i = 0; i < n; i++) balanced = game_free(&pts[i].g) && balanced;
  printf("   allocs/st: allocations and reallocations the world's counting allocator (its allocator hooks)\n"
         "   saw inside wary_step, per measured step; at destroy the allocations and frees %s\n",
         balanced ? "balanced" : "DID NOT BALANCE");
  free(pts);
}

/* Part 8. */
void report_sweep(void) {
  int32_t sizes[SIZES_MAX];
  int n = sizes_from_env("WARY_BENCH_SWEEP_SIZES", "100 300 1000 3000 10000", sizes);
  int warmup = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_WARMUP", 1) * 60;
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_ROUNDS", 3);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_STEPS", 12);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
  /* bench/callgrind.sh counts every wary_step of the sweep. */
  game_collect(param(0, NULL, 0, "WARY_BENCH_SWEEP_CALLGRIND", 0) == 1);
  printf("8. Scaling: the game world from %d to %d agents (C, wary_step; agents see and hear, targets walk and make\n"
         "   sounds; %d s of game time first, then %d rounds of %d steps a world, the worlds in turn)\n",
         (int)sizes[0], (int)sizes[n - 1], warmup / 60, rounds, stretch);
  const char *density = getenv("WARY_BENCH_SWEEP_DENSITY");
  if (!density || !*density) density = "both";
  if (strcmp(density, "rising") != 0) report_sweep_one(true, sizes, n, warmup, rounds, stretch);
  if (strcmp(density, "constant") != 0) report_sweep_one(false, sizes, n, warmup, rounds, stretch);
  printf("   ms/step: the median step of a round, median over rounds [min - max], CPU time around wary_step;\n"
         "   rays, grid candidates (wary_world_stats), events and events dropped (wary_events_dropped): per step;\n"
         "   beliefs: held at the end; allocs/st: see a. N = 1,000 in b. is the steady game of 9., young.\n");
}

/* The two game times of parts 9 and prefetch (WARY_BENCH_GAME_YOUNG, _AGE):
 * young at least 1 s, age at least young. */
void game_times(int *young, int *age) {
  *age = (int)param(0, NULL, 0, "WARY_BENCH_GAME_AGE", 120);
  *young = (int)param(0, NULL, 0, "WARY_BENCH_GAME_YOUNG", 5);
  if (*young < 1) *young = 1;
  if (*age < *young) *age = *young;
}

/* WARY_BENCH_GAME_DIGEST: prints an FNV-1a hash of each measured world's
 * snapshot (wary_world_save), so that a change meant to keep every result
 * to the bit can be checked against the code before it. */
static void game_digest(game_point *pts) {
  for (int i = 0; i < 2; i++) {
    size_t size = 0;
    wary_world_save(pts[i].g.w, NULL, 0, &size);
    unsigned char *buf = malloc(size);
    uint64_t h = 14695981039346656037ull;
    if (buf && wary_world_save(pts[i].g.w, buf, size, &size) == WARY_OK) {
      for (size_t b = 0; b < size; b++) h = (h ^ buf[b]) * 1099511628211ull;
    } else {
      h = 0;
    }
    free(buf);
    printf("   digest of the %s world's snapshot: %016llx (%zu bytes)\n", i ? "aged" : "young",
           (unsigned long long)h, size);
  }
}

/* Part 9: the 1,000-agent world at 5 s and at 120 s of game time. */
void report_game(void) {
  int young, age;
  game_times(&young, &age);
  /* More rounds than the sweep's: they are short next to the ageing, and
   * the ratio of the two worlds is a figure of its own. */
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_GAME_ROUNDS", 9);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_STEPS", 12);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
  game_params p = game_params_for(GAME_N, true);
  /* A third world: the aged one's copy whose profile has no brain
   * (brainless: no threat, attention or emotions), aged alongside it. */
  game_params nobrain = p;
  nobrain.brainless = true;
  game_point pts[3];
  memset(pts, 0, sizeof pts);
  game_build(&pts[0].g, &p);
  game_build(&pts[1].g, &p);
  game_build(&pts[2].g, &nobrain);
  for (int s = 0; s < young * 60; s++) game_step(&pts[0].g);
  printf("9. The steady game: %d agents that see and hear, %d targets making %d sounds/s, %d boxes, %.0f m x %.0f m\n"
         "   (the world of 8. at N = %d), stepped for %d s of game time (C, wary_step, CPU time)\n",
         (int)p.agents, (int)p.targets, (int)p.rate, (int)p.boxes, p.size / UPM, p.size / UPM, GAME_N, age);
  printf("   %10s %9s %9s %10s %10s %10s\n", "game time", "ms/step", "beliefs", "rays/step", "events/st",
         "allocs/st");
  static const int marks[] = {1, 5, 15, 30, 60, 90, 120, 180, 240, 300, 600};
  size_t mark = 0;
  double second[60];
  for (int sec = 1; sec <= age; sec++) {
    wary_stats before = wary_world_stats(pts[1].g.w);
    uint64_t allocs = pts[1].g.step_allocs;
    uint64_t events = 0;
    for (int s = 0; s < 60; s++) {
      second[s] = game_step(&pts[1].g);
      events += (uint64_t)wary_event_count(pts[1].g.w);
      game_step(&pts[2].g);
    }
    if (mark < sizeof marks / sizeof marks[0] && sec == marks[mark]) {
      mark++;
      wary_stats after = wary_world_stats(pts[1].g.w);
      printf("   %8d s %9.3f %9d %10.1f %10.1f %10.2f\n", sec, median(second, 60), (int)after.beliefs,
             (double)(after.rays - before.rays) / 60.0, (double)events / 60.0,
             (double)(pts[1].g.step_allocs - allocs) / 60.0);
    }
  }
  printf("   (the median step of that game second while the world ages; the first run of 60 steps is its first\n"
         "   second; allocs/st: allocations and reallocations inside wary_step, per step of that second)\n");
  summary pair, third;
  /* WARY_BENCH_GAME_CALLGRIND=1: callgrind counts the aged world's measured
   * steps only (inside wary_step); 2: the young world's. */
  int collect = (int)param(0, NULL, 0, "WARY_BENCH_GAME_CALLGRIND", 0);
  collected = collect == 1 ? 1 : collect == 2 ? 0 : -1;
  game_measure(pts, 3, rounds, stretch, &pair, &third);
  collected = -1;
  game_collect(false);
  if (getenv("WARY_BENCH_GAME_DIGEST")) game_digest(pts);
  double ratio = pair.med;
  printf("   Then a second copy at %d s and this one at %d s, stepped in turn (%d rounds of %d steps each):\n", young,
         age, rounds, stretch);
  printf("   step at %3d s: %8.3f ms [%.3f - %.3f], %d beliefs\n", young, pts[0].ms.med, pts[0].ms.min,
         pts[0].ms.max, (int)wary_world_stats(pts[0].g.w).beliefs);
  printf("   step at %3d s: %8.3f ms [%.3f - %.3f], %d beliefs, %.2f allocs/step\n", age, pts[1].ms.med,
         pts[1].ms.min, pts[1].ms.max, (int)wary_world_stats(pts[1].g.w).beliefs, pts[1].allocs);
  printf("   step at %d s / step at %d s: %.2fx [%.2f - %.2f] (each round of the %d s world over the round of the %d s world\n"
         "   just before it, median over rounds [min - max]); the medians above give %.2fx\n", age, young, ratio, pair.min,
         pair.max, age, young,
         pts[0].ms.med > 0.0 ? pts[1].ms.med / pts[0].ms.med : 0.0);
  printf("   step at %3d s, the profile with no brain (no threat, attention or emotions): %8.3f ms [%.3f - %.3f];\n"
         "   over the step with one: %.2fx [%.2f - %.2f] (each round over the round of the world with a brain just\n"
         "   before it, median over rounds [min - max])\n", age, pts[2].ms.med, pts[2].ms.min, pts[2].ms.max,
         third.med, third.min, third.max);
  result_put("game_agents", p.agents);
  result_put("game_young_s", young);
  result_put("game_age_s", age);
  result_put("game_ms_young", pts[0].ms.med);
  result_put("game_ms_old", pts[1].ms.med);
  result_put("game_ratio", ratio);
  result_put("game_ms_old_brainless", pts[2].ms.med);
  result_put("game_brainless_ratio", third.med);
  result_put("allocs_per_step_steady", pts[1].allocs);
  bool balanced = game_free(&pts[0].g);
  balanced = game_free(&pts[1].g) && balanced;
  balanced = game_free(&pts[2].g) && balanced;
  printf("   at destroy the worlds' allocations and frees %s\n", balanced ? "balanced" : "DID NOT BALANCE");
}
