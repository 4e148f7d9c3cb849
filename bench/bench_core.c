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
 *    vision_run). Then the same world twice more, where no target can be seen
 *    without a ray being needed to say so: a fog with vision_range_scale 0
 *    over everything (out of range) and every agent looking straight up (out
 *    of cone): the same pairs are looked at and no ray is cast.
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
 *    in 8.: the step at 120 s over the step at 5 s.
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
 * prefetch. Only in bench_core_prefetch, this file built with the core and
 *    bench/prefetch_toggle.h (CMakeLists.txt): the game world of 9. at
 *    WARY_BENCH_GAME_YOUNG (5) s and at WARY_BENCH_GAME_AGE (120) s, each
 *    time WARY_BENCH_PREFETCH_ROUNDS (15) rounds of WARY_BENCH_PREFETCH_STEPS
 *    (24) steps with the core's WY_PREFETCH on and as many with it off.
 *
 * WARY_BENCH_PARTS: all (the default: 1-3, 6, 8 and 9), core (1-3), hearing
 * (6), sweep (8), game (9), budget, workers, rays (part 1's boxes and segments through the
 * core's walks beside a reference BVH: bench/rays.c), vision-worker,
 * hearing-worker, thermal-worker (2.'s set-up c. in CPU time, for
 * bench/custom_senses.lua).
 *
 * Parameters: positional N M K, or the environment WARY_BENCH_N, _M, _K;
 * WARY_BENCH_REPS (7), WARY_BENCH_STEPS (120), WARY_BENCH_RAYS (20000).
 * Figures are medians over the repetitions (min-max in brackets); times come
 * from clock_gettime(CLOCK_MONOTONIC) (wall clock), except in parts 3, 6, 8
 * and 9 (CLOCK_PROCESS_CPUTIME_ID, CPU time). If WARY_BENCH_RESULTS
 * names a file, key=value lines are appended to it for bench/run.sh.
 */
#define _POSIX_C_SOURCE 199309L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rays.h"
#include "stats.h"
#include "wary.h"

/* Under valgrind --tool=callgrind, part 8 collects only its measured steps
 * (nothing happens without valgrind; nothing at all without the header). */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_CALLGRIND_START() CALLGRIND_START_INSTRUMENTATION
#define BENCH_CALLGRIND_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#define BENCH_CALLGRIND_STOP(label) \
  do {                              \
    CALLGRIND_DUMP_STATS_AT(label); \
    CALLGRIND_STOP_INSTRUMENTATION; \
  } while (0)
#endif
#endif
#ifndef BENCH_CALLGRIND_START
#define BENCH_CALLGRIND_START() ((void)0)
#define BENCH_CALLGRIND_TOGGLE() ((void)0)
#define BENCH_CALLGRIND_STOP(label) ((void)(label))
#endif

#define UPM 100.0           /* units per metre */
#define WORLD_SIZE 10000.0  /* 100 m */
#define DT (1.0f / 60.0f)
#define WARMUP_STEPS 60
#define PI_D 3.14159265358979323846

/* ---- the fixed-seed LCG (MINSTD, 48271 mod 2^31 - 1; the same generator,
 * seed and draw order as bench/custom_senses.lua, exact in doubles) ------- */

typedef struct lcg {
  double x;
} lcg;

static double rnd(lcg *g) {
  g->x = fmod(g->x * 48271.0, 2147483647.0);
  return g->x / 2147483647.0;
}

/* ---- timing and statistics ----------------------------------------------- */

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the process: the clock os.clock() reads in bench/custom_senses.lua and
 * bench/vision.lua, so part 3 compares with them like for like. */
static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct summary {
  double med, min, max;
} summary;

static summary summarize(const double *v, int n) {
  double *c = malloc((size_t)n * sizeof *c);
  summary s = {0, 0, 0};
  if (!c) return s;
  memcpy(c, v, (size_t)n * sizeof *c);
  s.med = median(c, n);
  s.min = c[0];
  s.max = c[n - 1];
  free(c);
  return s;
}

/* 1234567 -> "1.23 M" style, for a column of rates. */
static const char *si(double v, char *buf, size_t size) {
  if (v >= 1e9) snprintf(buf, size, "%.2f G", v / 1e9);
  else if (v >= 1e6) snprintf(buf, size, "%.2f M", v / 1e6);
  else if (v >= 1e3) snprintf(buf, size, "%.1f k", v / 1e3);
  else snprintf(buf, size, "%.1f", v);
  return buf;
}

/* A table row of a rate: label (width wide), median [min - max] in si units. */
static void print_rate_row(int width, const char *label, summary r) {
  char x[32], y[32], z[32];
  printf("   %-*s %12ss  [%s - %s]\n", width, label, si(r.med, x, sizeof x), si(r.min, y, sizeof y),
         si(r.max, z, sizeof z));
}

/* The head of a table of medians and its ms/step row (width: the label column). */
static void print_ms_rows(int width, summary ms_median, summary ms_mean) {
  printf("   %-*s %14s %22s\n", width, "", "median", "[min - max]");
  printf("   %-*s %12.3f ms  [%.3f - %.3f]   (mean %.3f)\n", width, "ms/step", ms_median.med,
         ms_median.min, ms_median.max, ms_mean.med);
}

/* ---- parameters ---------------------------------------------------------- */

static long param(int argc, char **argv, int pos, const char *env, long fallback) {
  const char *s = pos > 0 && pos < argc ? argv[pos] : getenv(env);
  if (!s || !*s) return fallback;
  char *end = NULL;
  long v = strtol(s, &end, 10);
  if (*end != '\0' || v < 0 || v > 10000000) {
    fprintf(stderr, "bench_core: %s: expected a non-negative integer, got '%s'\n", env, s);
    exit(2);
  }
  return v;
}

/* ---- the world ------------------------------------------------------------ */

enum { MAT_CONCRETE, MAT_GLASS, MAT_FOLIAGE, MAT_SMOKE, MAT_COUNT };
static const char *const material_names[MAT_COUNT] = {"concrete", "glass", "foliage", "smoke"};
static const float material_transmission[MAT_COUNT] = {0.0f, 1.0f, 0.72f, 0.02f};
static const bool material_wall[MAT_COUNT] = {true, true, false, false};
static const int material_share[MAT_COUNT] = {50, 15, 25, 10}; /* percent, see pick_material */

typedef struct mover {
  wary_actor_id id;
  double x, y, vx, vy;
} mover;

typedef struct bench_world {
  wary_world *w;
  int32_t material[MAT_COUNT]; /* world material index of each */
  int32_t k;
  float (*box_min)[3];
  float (*box_max)[3];
  int32_t *box_mat;            /* MAT_* of each box */
  wary_box_id first_box;
  int32_t n, m;
  mover *agents, *targets;
  int32_t heat_key;
} bench_world;

/* Picks a material with the shares 50% concrete, 15% glass, 25% foliage, 10% smoke. */
static int pick_material(double r) {
  return r < 0.50 ? MAT_CONCRETE : r < 0.65 ? MAT_GLASS : r < 0.90 ? MAT_FOLIAGE : MAT_SMOKE;
}

static double heading_rad(double deg) { return deg * PI_D / 180.0; }

/* A random walk for mv: speed min + [0, span) cm/s, any heading (two draws). */
static void random_velocity(lcg *g, mover *mv, double min, double span) {
  double speed = min + rnd(g) * span;
  double heading = rnd(g) * 360.0;
  mv->vx = speed * cos(heading_rad(heading));
  mv->vy = speed * sin(heading_rad(heading));
}

/* An actor def on team standing where mv is, moving as it does. */
static wary_actor_def mover_def(const mover *mv, int32_t team) {
  wary_actor_def ad = wary_default_actor_def();
  ad.pos[0] = (float)mv->x;
  ad.pos[1] = (float)mv->y;
  ad.vel[0] = (float)mv->vx;
  ad.vel[1] = (float)mv->vy;
  ad.team = team;
  return ad;
}

/* A box of random size 0.5-3 m a side and height, centred at random in a
 * size x size square (five draws). Material 0: the opaque wall. */
static wary_box_def random_box(lcg *g, double size) {
  double cx = rnd(g) * size;
  double cy = rnd(g) * size;
  double sx = 50.0 + rnd(g) * 250.0;
  double sy = 50.0 + rnd(g) * 250.0;
  double h = 50.0 + rnd(g) * 250.0;
  wary_box_def bd = wary_default_box_def();
  bd.min[0] = (float)(cx - sx / 2);
  bd.min[1] = (float)(cy - sy / 2);
  bd.min[2] = 0.0f;
  bd.max[0] = (float)(cx + sx / 2);
  bd.max[1] = (float)(cy + sy / 2);
  bd.max[2] = (float)h;
  return bd;
}

static bool world_build(bench_world *b, int32_t n, int32_t m, int32_t k) {
  memset(b, 0, sizeof *b);
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = (float)UPM;
  if (wary_world_create(&wd, &b->w) != WARY_OK) return false;
  b->material[MAT_CONCRETE] = 0; /* the built-in opaque wall */
  for (int i = 1; i < MAT_COUNT; i++) {
    wary_material_def md = wary_default_material_def();
    md.vision_transmission = material_transmission[i];
    md.sound_wall = material_wall[i];
    if (wary_material_create(b->w, &md, &b->material[i]) != WARY_OK) return false;
  }
  b->k = k;
  b->box_min = malloc((size_t)(k ? k : 1) * sizeof *b->box_min);
  b->box_max = malloc((size_t)(k ? k : 1) * sizeof *b->box_max);
  b->box_mat = malloc((size_t)(k ? k : 1) * sizeof *b->box_mat);
  b->agents = calloc((size_t)(n ? n : 1), sizeof *b->agents);
  b->targets = calloc((size_t)(m ? m : 1), sizeof *b->targets);
  if (!b->box_min || !b->box_max || !b->box_mat || !b->agents || !b->targets) return false;
  if (wary_name(b->w, "heat", &b->heat_key) != WARY_OK) return false;

  lcg g = {20240607.0};
  for (int32_t i = 0; i < k; i++) {
    wary_box_def bd = random_box(&g, WORLD_SIZE);
    int mat = pick_material(rnd(&g));
    bd.material = b->material[mat];
    wary_box_id id;
    if (wary_box_create(b->w, &bd, &id) != WARY_OK) return false;
    if (i == 0) b->first_box = id;
    memcpy(b->box_min[i], bd.min, sizeof bd.min);
    memcpy(b->box_max[i], bd.max, sizeof bd.max);
    b->box_mat[i] = mat;
  }
  b->n = n;
  b->m = m;
  for (int32_t i = 0; i < n; i++) {
    mover *a = &b->agents[i];
    a->x = rnd(&g) * WORLD_SIZE;
    a->y = rnd(&g) * WORLD_SIZE;
    random_velocity(&g, a, 0.0, 100.0); /* 0-1 m/s; the agent faces where it walks */
  }
  for (int32_t i = 0; i < m; i++) {
    mover *t = &b->targets[i];
    t->x = rnd(&g) * WORLD_SIZE;
    t->y = rnd(&g) * WORLD_SIZE;
    double heat = 0.3 + 0.7 * rnd(&g);
    random_velocity(&g, t, 50.0, 250.0); /* 0.5-3 m/s */
    wary_actor_def ad = mover_def(t, 2);
    if (wary_actor_create(b->w, &ad, &t->id) != WARY_OK ||
        wary_actor_set_prop(b->w, t->id, b->heat_key, (float)heat) != WARY_OK) return false;
  }
  return true;
}

/* Agents are created separately: each set-up has its own profiles. */
static bool world_add_agents(bench_world *b, const int32_t profile[2]) {
  for (int32_t i = 0; i < b->n; i++) {
    mover *a = &b->agents[i];
    wary_actor_def ad = mover_def(a, 1);
    ad.yaw = (float)(atan2(a->vy, a->vx) * 180.0 / PI_D);
    ad.profile = profile[i % 2];
    if (wary_actor_create(b->w, &ad, &a->id) != WARY_OK) return false;
  }
  return true;
}

static void world_free(bench_world *b) {
  wary_world_destroy(b->w);
  free(b->box_min);
  free(b->box_max);
  free(b->box_mat);
  free(b->agents);
  free(b->targets);
}

/* An environment over the whole size x size square (and as far again around
 * it) with the given range scales; exits with what on failure. */
static void cover_with_env(wary_world *w, double size, float vision_scale, float hearing_scale,
                           const char *what) {
  wary_environment_def ed = wary_default_environment_def();
  for (int i = 0; i < 3; i++) {
    ed.min[i] = (float)(-size);
    ed.max[i] = (float)(2.0 * size);
  }
  ed.vision_range_scale = vision_scale;
  ed.hearing_range_scale = hearing_scale;
  wary_environment_id env;
  if (wary_environment_create(w, &ed, &env) != WARY_OK) {
    fprintf(stderr, "bench_core: could not create %s\n", what);
    exit(1);
  }
}

/* One move of dt, bouncing off the edges of the size x size square whose x
 * starts at xo. */
static void move_in(mover *p, double dt, double size, double xo) {
  p->x += p->vx * dt;
  p->y += p->vy * dt;
  if (p->x < xo || p->x > xo + size) {
    p->vx = -p->vx;
    p->x = p->x < xo ? 2.0 * xo - p->x : 2.0 * (xo + size) - p->x;
  }
  if (p->y < 0.0 || p->y > size) {
    p->vy = -p->vy;
    p->y = p->y < 0.0 ? -p->y : 2.0 * size - p->y;
  }
}

static void move(mover *p, double dt) { move_in(p, dt, WORLD_SIZE, 0.0); }

/* move_in in the square [lo, hi] x [lo, hi]. */
static void move_around(mover *p, double dt, double lo, double hi) {
  p->x -= lo;
  p->y -= lo;
  move_in(p, dt, hi - lo, 0.0);
  p->x += lo;
  p->y += lo;
}

/* Moves every actor by one step (not timed). */
static void world_move(bench_world *b) {
  for (int32_t i = 0; i < b->n; i++) {
    mover *a = &b->agents[i];
    move(a, DT);
    wary_actor_set_pos(b->w, a->id, (float)a->x, (float)a->y, 0.0f);
    if (a->vx != 0.0 || a->vy != 0.0)
      wary_actor_set_yaw(b->w, a->id, (float)(atan2(a->vy, a->vx) * 180.0 / PI_D));
  }
  for (int32_t i = 0; i < b->m; i++) {
    mover *t = &b->targets[i];
    move(t, DT);
    wary_actor_set_pos(b->w, t->id, (float)t->x, (float)t->y, 0.0f);
    wary_actor_set_velocity(b->w, t->id, (float)t->vx, (float)t->vy, 0.0f);
  }
}

/* ---- 1. rays -------------------------------------------------------------- */

/* The core's slab test (closed segment a + t d, t in [0, 1], closed box): a
 * deliberate copy of exact_hit in src/occluders.c, which is static there
 * and not part of the public API this benchmark is limited to (see the top of
 * this file). The brute-force loop is the reference the BVH is checked
 * against, so it must decide hits exactly as the core does: keep the two in
 * step if the core's test ever changes. */
static bool segment_hits(const float mn[3], const float mx[3], const float a[3], const float d[3]) {
  float t0 = 0.0f, t1 = 1.0f;
  for (int k = 0; k < 3; k++) {
    if (d[k] == 0.0f) {
      if (a[k] < mn[k] || a[k] > mx[k]) return false;
      continue;
    }
    float u = (mn[k] - a[k]) / d[k];
    float w = (mx[k] - a[k]) / d[k];
    if (u > w) {
      float t = u;
      u = w;
      w = t;
    }
    t0 = u > t0 ? u : t0;
    t1 = w < t1 ? w : t1;
    if (t0 > t1) return false;
  }
  return true;
}

/* Every box, in creation order, stopping at the first opaque one. */
static float brute_ray(const bench_world *b, const seg *s) {
  float d[3] = {s->b[0] - s->a[0], s->b[1] - s->a[1], s->b[2] - s->a[2]};
  float tr = 1.0f;
  for (int32_t i = 0; i < b->k; i++) {
    if (!segment_hits(b->box_min[i], b->box_max[i], s->a, d)) continue;
    tr *= material_transmission[b->box_mat[i]];
    if (tr <= 0.0f) break;
  }
  return tr;
}

/* The segments of part 1 (and of the ray part): from a random point at eye
 * height, 5-40 m in a random direction, to chest height; returns their total
 * length. */
static double make_segments(seg *rays, int32_t nrays) {
  lcg g = {97531.0};
  double total_len = 0.0;
  for (int32_t i = 0; i < nrays; i++) {
    double ax = rnd(&g) * WORLD_SIZE;
    double ay = rnd(&g) * WORLD_SIZE;
    double len = 500.0 + rnd(&g) * 3500.0;
    double dir = rnd(&g) * 2.0 * PI_D;
    seg *s = &rays[i];
    s->a[0] = (float)ax;
    s->a[1] = (float)ay;
    s->a[2] = 170.0f;
    s->b[0] = (float)(ax + len * cos(dir));
    s->b[1] = (float)(ay + len * sin(dir));
    s->b[2] = 100.0f;
    total_len += len;
  }
  return total_len;
}

static void bench_rays(bench_world *b, int reps, int32_t nrays) {
  seg *rays = malloc((size_t)nrays * sizeof *rays);
  float *bvh_t = malloc((size_t)nrays * sizeof *bvh_t);
  double *bvh_rate = malloc((size_t)reps * sizeof *bvh_rate);
  double *brute_rate = malloc((size_t)reps * sizeof *brute_rate);
  double *moved_ms = malloc((size_t)reps * sizeof *moved_ms);
  if (!rays || !bvh_t || !bvh_rate || !brute_rate || !moved_ms) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  double total_len = make_segments(rays, nrays);
  /* Brute force costs K slab tests a ray: bound its share of the run. */
  int32_t nbrute = b->k > 0 ? (int32_t)(40e6 / b->k) : nrays;
  if (nbrute > nrays) nbrute = nrays;
  if (nbrute < 200) nbrute = nrays < 200 ? nrays : 200;
  int bvh_passes = 5;

  /* The first cast builds the hierarchy. */
  double t0 = now_s();
  wary_ray_result r;
  wary_ray_cast(b->w, 0, 0, 0, 1, 1, 1, &r);
  double first_build_ms = (now_s() - t0) * 1e3;

  int32_t blocked = 0, partial = 0, clear = 0, mismatch = 0;
  long boxes_crossed = 0;
  for (int32_t i = 0; i < nrays; i++) {
    const seg *s = &rays[i];
    wary_ray_cast(b->w, s->a[0], s->a[1], s->a[2], s->b[0], s->b[1], s->b[2], &r);
    bvh_t[i] = r.transmission;
    boxes_crossed += r.boxes;
    if (r.transmission <= 0.0f) blocked++;
    else if (r.transmission < 1.0f) partial++;
    else clear++;
  }
  for (int32_t i = 0; i < nbrute; i++) {
    float t = brute_ray(b, &rays[i]);
    bool same = (t <= 0.0f) == (bvh_t[i] <= 0.0f) && fabsf(t - bvh_t[i]) <= 1e-5f;
    mismatch += same ? 0 : 1;
  }

  volatile float sink = 0.0f;
  for (int rep = 0; rep < reps; rep++) {
    /* A box moves a centimetre (and back the next time): the hierarchy is
     * refitted, then a ray is cast. */
    float shift = rep % 2 ? 0.0f : 1.0f;
    t0 = now_s();
    wary_box_set_bounds(b->w, b->first_box, b->box_min[0][0] + shift, b->box_min[0][1],
                        b->box_min[0][2], b->box_max[0][0] + shift, b->box_max[0][1],
                        b->box_max[0][2]);
    wary_ray_cast(b->w, 0, 0, 0, 1, 1, 1, &r);
    moved_ms[rep] = (now_s() - t0) * 1e3;

    t0 = now_s();
    for (int p = 0; p < bvh_passes; p++)
      for (int32_t i = 0; i < nrays; i++) {
        const seg *s = &rays[i];
        wary_ray_cast(b->w, s->a[0], s->a[1], s->a[2], s->b[0], s->b[1], s->b[2], &r);
        sink += r.transmission;
      }
    bvh_rate[rep] = (double)nrays * bvh_passes / (now_s() - t0);

    t0 = now_s();
    for (int32_t i = 0; i < nbrute; i++) sink += brute_ray(b, &rays[i]);
    brute_rate[rep] = (double)nbrute / (now_s() - t0);
  }
  (void)sink;

  summary sb = summarize(bvh_rate, reps), sf = summarize(brute_rate, reps);
  summary sr = summarize(moved_ms, reps);
  printf("1. Rays: wary_ray_cast (BVH) against a brute-force loop over all %d boxes\n", (int)b->k);
  printf("   segments: %d, 5-40 m (mean %.1f m), eye 1.7 m -> chest 1.0 m, random direction\n",
         (int)nrays, total_len / nrays / UPM);
  printf("   boxes: 0.5-3 m a side, 0.5-3 m tall; materials (share, sight transmitted):");
  for (int i = 0; i < MAT_COUNT; i++)
    printf("%s %s %d%% %.2f", i ? "," : "", material_names[i], material_share[i],
           (double)material_transmission[i]);
  printf("\n");
  printf("   outcome (BVH): blocked %.1f%%, partly seen %.1f%%, clear %.1f%%; "
         "%.2f boxes counted per ray (up to the stop)\n",
         100.0 * blocked / nrays, 100.0 * partial / nrays, 100.0 * clear / nrays,
         (double)boxes_crossed / nrays);
  printf("   agreement: brute force and BVH agree on %d of %d segments (blocked, transmission +-1e-5)\n",
         (int)(nbrute - mismatch), (int)nbrute);
  printf("   %-34s %14s %22s\n", "", "rays/s", "[min - max]");
  print_rate_row(34, "wary_ray_cast (BVH)", sb);
  print_rate_row(34, "brute force (every box)", sf);
  printf("   %-34s %13.1fx\n", "BVH / brute force", sf.med > 0 ? sb.med / sf.med : 0.0);
  printf("   (%d BVH passes of %d rays and %d brute-force rays per repetition)\n", bvh_passes,
         (int)nrays, (int)nbrute);
  printf("   BVH build over %d boxes: first %.3f ms; a box moves, then a ray: %.3f ms [%.3f - %.3f]\n",
         (int)b->k, first_build_ms, sr.med, sr.min, sr.max);

  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  if (f) {
    fprintf(f, "rays_bvh_per_s=%.0f\nrays_brute_per_s=%.0f\n", sb.med, sf.med);
    fclose(f);
  }
  free(rays);
  free(bvh_t);
  free(bvh_rate);
  free(brute_rate);
  free(moved_ms);
}

/* WARY_BENCH_PARTS=rays: part 1's boxes and segments, the core beside the
 * reference BVH (bench/rays.c). */
static int rays_part(int32_t k, int32_t nrays, int reps) {
  bench_world b;
  seg *rays = malloc((size_t)nrays * sizeof *rays);
  if (!rays || !world_build(&b, 0, 0, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    return 1;
  }
  make_segments(rays, nrays);
  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  bench_rays_reference((const float (*)[3])b.box_min, (const float (*)[3])b.box_max, b.box_mat, k,
                       material_transmission, material_wall, MAT_COUNT, rays, nrays, reps, f);
  if (f) fclose(f);
  world_free(&b);
  free(rays);
  return 0;
}

/* ---- 2. steps with C senses --------------------------------------------- */

typedef struct sense_ctx {
  wary_world *w;
  int32_t heat_key;
  float range;
} sense_ctx;

/* A C sense's answer: active with confidence conf and the given accuracy
 * when conf is above threshold; otherwise out stays inactive. */
static void answer(wary_sense_result *out, float conf, float threshold, float accuracy) {
  if (conf > threshold) {
    out->active = true;
    out->confidence = conf;
    out->accuracy = accuracy;
  }
}

/* thermal: (1 - d / range) x heat, active above 0.1 (senses/thermal.lua in C). */
static void thermal_eval(void *user, const wary_sense_query *q, wary_sense_result *out) {
  sense_ctx *c = user;
  float heat = wary_actor_get_prop(c->w, q->target, c->heat_key, 0.0f);
  float v = (1.0f - q->distance / c->range) * heat;
  answer(out, v, 0.1f, 0.8f);
}

/* hearing: (1 - d / range)^2 x speed / 3 m/s, active above 0.05. */
static void hearing_eval(void *user, const wary_sense_query *q, wary_sense_result *out) {
  sense_ctx *c = user;
  const float *v = q->target_vel;
  float speed = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  float f = 1.0f - q->distance / c->range;
  float loud = speed / 300.0f;
  float conf = f * f * (loud > 1.0f ? 1.0f : loud);
  answer(out, conf, 0.05f, 0.5f);
}

/* sight: a 120 degree cone, then one ray eye -> chest, (1 - d / range) x transmission. */
static void sight_eval(void *user, const wary_sense_query *q, wary_sense_result *out) {
  sense_ctx *c = user;
  float dx = q->target_pos[0] - q->eye_pos[0], dy = q->target_pos[1] - q->eye_pos[1];
  float dz = q->target_pos[2] + 100.0f - q->eye_pos[2];
  float len = sqrtf(dx * dx + dy * dy + dz * dz);
  if (len <= 0.0f) return;
  float cosang = (dx * q->eye_forward[0] + dy * q->eye_forward[1] + dz * q->eye_forward[2]) / len;
  if (cosang < 0.5f) return; /* cos 60 degrees */
  wary_ray_result r;
  if (wary_ray_cast(c->w, q->eye_pos[0], q->eye_pos[1], q->eye_pos[2], q->target_pos[0],
                    q->target_pos[1], q->target_pos[2] + 100.0f, &r) != WARY_OK)
    return;
  float conf = (1.0f - q->distance / c->range) * r.transmission;
  answer(out, conf, 0.05f, 1.0f);
}

enum { SETUP_NO_RAYS, SETUP_RAYS, SETUP_THERMAL_ONLY, SETUP_COUNT };
static const char *const setup_names[SETUP_COUNT] = {
    "a. thermal | thermal+hearing", "b. thermal | thermal+sight(ray)", "c. thermal only (= Lua)"};

typedef struct step_figures {
  summary ms_median, ms_mean, queries_per_s;
  double queries_per_step, rays_per_step, beliefs, senses_per_agent;
} step_figures;

static step_figures bench_steps(int setup, int32_t n, int32_t m, int32_t k, int reps, int steps) {
  step_figures fig;
  memset(&fig, 0, sizeof fig);
  bench_world b;
  if (!world_build(&b, n, m, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    exit(1);
  }
  sense_ctx thermal = {b.w, b.heat_key, 3000.0f};
  sense_ctx second = {b.w, b.heat_key, 4000.0f};
  wary_sense_def sd = wary_default_sense_def();
  sd.interval = 0.1f;
  sd.max_range = thermal.range;
  sd.evaluate = thermal_eval;
  sd.user = &thermal;
  int32_t s_thermal, s_second, p_one, p_two;
  int failed = wary_sense_create(b.w, &sd, &s_thermal) != WARY_OK;
  sd.max_range = second.range;
  sd.evaluate = setup == SETUP_RAYS ? sight_eval : hearing_eval;
  sd.user = &second;
  sd.loss_reason = setup == SETUP_RAYS ? WARY_LOSS_OCCLUDED : WARY_LOSS_OUT_OF_RANGE;
  failed += wary_sense_create(b.w, &sd, &s_second) != WARY_OK;

  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 1;
  pd.senses[0].sense = s_thermal;
  failed += wary_profile_create(b.w, &pd, &p_one) != WARY_OK;
  pd.sense_count = 2;
  pd.senses[1].sense = s_second;
  failed += wary_profile_create(b.w, &pd, &p_two) != WARY_OK;
  int32_t profiles[2] = {p_one, setup == SETUP_THERMAL_ONLY ? p_one : p_two};
  if (failed || !world_add_agents(&b, profiles)) {
    fprintf(stderr, "bench_core: could not set up the senses\n");
    exit(1);
  }
  fig.senses_per_agent = setup == SETUP_THERMAL_ONLY ? 1.0 : (n / 2 + 2.0 * (n - n / 2)) / (n ? n : 1);

  for (int i = 0; i < WARMUP_STEPS; i++) {
    world_move(&b);
    wary_step(b.w, DT);
  }
  double *step_ms = malloc((size_t)steps * sizeof *step_ms);
  double *med = malloc((size_t)reps * sizeof *med);
  double *mean = malloc((size_t)reps * sizeof *mean);
  double *qps = malloc((size_t)reps * sizeof *qps);
  if (!step_ms || !med || !mean || !qps) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  uint64_t q_total = 0, r_total = 0;
  double beliefs = 0.0;
  for (int rep = 0; rep < reps; rep++) {
    wary_stats before = wary_world_stats(b.w);
    double sum = 0.0;
    for (int i = 0; i < steps; i++) {
      world_move(&b);
      double t0 = now_s();
      wary_step(b.w, DT);
      step_ms[i] = (now_s() - t0) * 1e3;
      sum += step_ms[i];
    }
    wary_stats after = wary_world_stats(b.w);
    uint64_t q = after.queries - before.queries;
    q_total += q;
    r_total += after.rays - before.rays;
    beliefs += after.beliefs;
    med[rep] = median(step_ms, steps);
    mean[rep] = sum / steps;
    qps[rep] = sum > 0.0 ? (double)q / (sum * 1e-3) : 0.0;
  }
  fig.ms_median = summarize(med, reps);
  fig.ms_mean = summarize(mean, reps);
  fig.queries_per_s = summarize(qps, reps);
  fig.queries_per_step = (double)q_total / ((double)reps * steps);
  fig.rays_per_step = (double)r_total / ((double)reps * steps);
  fig.beliefs = beliefs / reps;
  free(step_ms);
  free(med);
  free(mean);
  free(qps);
  world_free(&b);
  return fig;
}

/* ---- 3. vision (the built-in sense, evaluated in C) ---------------------- */

#define VISION_RANGE 3000.0f      /* 30 m */
#define VISION_HALF_ANGLE 60.0f   /* focal cone, degrees each side */

enum { VIS_NORMAL, VIS_FOG, VIS_CONE, VIS_COUNT };
static const char *const vis_names[VIS_COUNT] = {"normal", "out of range (fog, sight 0 m)",
                                                 "out of cone (eyes up)"};

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

/* One vision world, WARMUP_STEPS and then reps x steps, out[rep] per
 * repetition. Agents see with the built-in vision only. counting adds a
 * second profile slot: a C sense with vision's interval (so the same
 * golden-ratio phase, due on the same steps) and vision's reach (max_range =
 * 30 m + eye height + 2 m, the slack step.c gives vision in the grid query),
 * so each query it is handed is one (agent, target) pair vision looked at;
 * vision is unchanged by it (it reports nothing, so it makes no belief).
 * Returns the beliefs held at the end, or -1 with a message. */
static int32_t vision_run(int scenario, bool counting, int32_t n, int32_t m, int32_t k, int reps,
                          int steps, vis_rep *out) {
  bench_world b;
  if (!world_build(&b, n, m, k)) {
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
    failed += wary_sense_create(b.w, &sd, &pd.senses[1].sense) != WARY_OK;
  }
  int32_t prof;
  failed += wary_profile_create(b.w, &pd, &prof) != WARY_OK;
  wary_vision_def vd = wary_default_vision_def();
  vd.max_range = VISION_RANGE;
  vd.half_angle = VISION_HALF_ANGLE;
  vd.interval = 0.1f;
  int32_t profiles[2] = {prof, prof};
  if (failed || wary_profile_set_vision(b.w, prof, &vd) != WARY_OK ||
      !world_add_agents(&b, profiles)) {
    fprintf(stderr, "bench_core: could not set up vision\n");
    exit(1);
  }
  wary_actor_info info;
  if (n > 0 && (wary_actor_get(b.w, b.agents[0].id, &info) != WARY_OK ||
                info.eye_pos[2] - info.pos[2] != eye)) {
    eye_mismatch = true;
    printf("   WARNING: eye height is not %.1f units: the pair counter's reach differs from vision's\n",
           (double)eye);
  }
  /* Fog over everything that thins sight to nothing: the grid still hands
   * out every target within the 30 m reach, the range check refuses it. */
  if (scenario == VIS_FOG) cover_with_env(b.w, WORLD_SIZE, 0.0f, 1.0f, "the fog");
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

static void report_vision(int32_t n, int32_t m, int32_t k, int reps, int steps) {
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
         "   eyes up: each agent looks at a point 1 km above it, so every head is ~90 deg off its eyes.\n");
  bool agree = true;
  for (int s = 0; s < VIS_COUNT; s++) agree = agree && f[s].rays_agree;
  printf("   how pairs are counted: wary_world_stats has no vision counter (rays, custom-sense queries and grid\n"
         "   candidates only; candidates also hold the agent itself, its team mates and actors past the reach), so\n"
         "   each world is run a second time, untimed, with a C sense in a second profile slot that has vision's\n"
         "   interval and phase and vision's reach (30 m + eye height + 2 m) and reports nothing: the queries it is\n"
         "   handed are the pairs vision looked at. Rays in that run %s the timed run's in every repetition.\n",
         agree ? "equal" : "DIFFER FROM");
  printf("   time: CPU time of the process (clock_gettime(CLOCK_PROCESS_CPUTIME_ID), the clock of Lua's os.clock(),\n"
         "   unlike 1. and 2.) around each wary_step; pair evaluations/s and rays/s are per CPU second inside wary_step\n"
         "   (the whole step: grid, vision, rays, beliefs), median over repetitions; 1. measures ray casts alone.\n");
}

/* WARY_BENCH_PARTS=vision-worker: the normal vision world of part 3 only,
 * as machine-readable lines for bench/vision.lua, which runs this worker in
 * rounds interleaved with its Lua workers so that C and Lua share the load
 * of the machine. One REP line per repetition: CPU seconds in wary_step,
 * the median step (ms), rays, pairs (from the counting run), grid candidates
 * and events; then RESULT lines. */
static int vision_worker(int32_t n, int32_t m, int32_t k, int reps, int steps) {
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

/* ---- 6. hearing (the built-in sense: sounds delivered to agents) --------- */

#define HEAR_SIZE 20000.0       /* 200 m */
#define HEAR_FAR_OFFSET 25000.0 /* far world: the makers' square starts at x = 250 m, 50 m past the listeners' */
#define HEAR_EAR 64.0f          /* 0.64 m, the default ear height, set explicitly */

/* The sounds of the mix: the seed's starter set as profiles/sounds.lua ships it
 * (copied here, and in bench/hearing.lua, so that the benchmark does not move
 * when that file does), with the share of the 200 sounds a second each gets.
 * at_place: thrown by a maker, lands 5-15 m away: a sound nobody made
 * (wary_emit_sound_at); the others are made by the maker (wary_emit_sound). */
typedef struct hear_type {
  const char *name;
  int32_t category, alert_level;
  float loudness, range_m, accuracy;
  int32_t max_lod_tier, share; /* share: percent of the sounds emitted */
  bool at_place;
} hear_type;

static const hear_type hear_types[] = {
    {"Footstep", WARY_CATEGORY_ENEMY, WARY_NORMAL, 1.0f, 8.0f, 0.0f, 1, 30, false},
    {"Sprint", WARY_CATEGORY_ENEMY, WARY_LOUD, 1.8f, 16.0f, 0.0f, 2, 15, false},
    {"CrouchedStep", WARY_CATEGORY_ENEMY, WARY_WHISPER, 0.3f, 3.0f, 0.0f, 0, 5, false},
    {"Reload", WARY_CATEGORY_ENEMY, WARY_NORMAL, 1.2f, 10.0f, 0.0f, 1, 10, false},
    {"SuppressedShot", WARY_CATEGORY_ENEMY, WARY_WHISPER, 0.6f, 9.0f, 0.0f, 1, 5, false},
    {"Gunshot", WARY_CATEGORY_ENEMY, WARY_LOUD, 3.0f, 40.0f, 0.9f, 3, 10, false},
    {"Door", WARY_CATEGORY_ENVIRONMENT, WARY_NORMAL, 1.0f, 12.0f, 0.0f, 2, 8, false},
    {"GlassBreak", WARY_CATEGORY_ENVIRONMENT, WARY_LOUD, 2.0f, 25.0f, 0.0f, 3, 4, false},
    {"ThrownRock", WARY_CATEGORY_ENVIRONMENT, WARY_NORMAL, 1.4f, 18.0f, 0.0f, 2, 10, true},
    {"AnimalCall", WARY_CATEGORY_ANIMAL, WARY_NORMAL, 1.5f, 20.0f, 0.0f, 2, 3, false},
};
#define HEAR_TYPES ((int)(sizeof hear_types / sizeof hear_types[0]))

enum { HEAR_NORMAL, HEAR_FAR, HEAR_MUFFLED, HEAR_COUNT };
static const char *const hear_names[HEAR_COUNT] = {
    "normal", "listeners beyond range (far)", "muffled (hearing_range_scale 0)"};

typedef struct hear_params {
  int32_t n, makers, k, rate; /* agents, makers, boxes, sounds per second */
} hear_params;

typedef struct hear_rep {
  double seconds;    /* CPU time inside wary_step over the repetition */
  double ms_median;  /* median step of the repetition */
  uint64_t rays;     /* wary_world_stats: one a (sound, listener) pair that passed every check */
  uint64_t heard;    /* sound_heard events: pending sounds reported by the hearing updates */
  uint64_t hear;     /* hear events */
  uint64_t events;   /* every event */
  uint64_t sounds;   /* sounds emitted */
  uint64_t in_range; /* (sound, listener) pairs within the sound's nominal range, counted here */
  int32_t beliefs0;  /* beliefs held when the repetition starts */
  int32_t beliefs;   /* beliefs held when it ends */
  int32_t idle;      /* of those, beliefs in Undetected or Expired */
} hear_rep;

/* One move of dt inside [lo, lo + HEAR_SIZE] on both axes (x offset by xo). */
static void hear_move(mover *p, double dt, double xo) { move_in(p, dt, HEAR_SIZE, xo); }

/* (Sound, listener) pairs within the sound's nominal range (no fog): the
 * core's own arithmetic (float ear-to-sound distance, heard = loudness x
 * (1 - (d / range)^2) > 0), so in the normal world it is exactly the pairs
 * that pass the range check; nothing else can refuse them here (tier 0, no
 * filter, another team, clear weather). */
static uint64_t hear_in_range(const float (*ear)[3], int32_t n, const float pos[3], float range,
                              float loudness) {
  uint64_t c = 0;
  for (int32_t i = 0; i < n; i++) {
    float dx = pos[0] - ear[i][0], dy = pos[1] - ear[i][1], dz = pos[2] - ear[i][2];
    float d = sqrtf(dx * dx + dy * dy + dz * dz);
    if (!(d <= range)) continue;
    float x = d / range;
    if (loudness * (1.0f - x * x) > 0.0f) c++;
  }
  return c;
}

/* Beliefs held by the agents in Undetected or Expired (untimed). */
static int32_t hear_idle(wary_world *w, const wary_actor_id *agents, int32_t n) {
  int32_t idle = 0;
  for (int32_t i = 0; i < n; i++) {
    wary_belief b;
    for (int32_t j = 0; wary_belief_at(w, agents[i], j, &b) == WARY_OK; j++)
      idle += b.state == WARY_UNDETECTED || b.state == WARY_EXPIRED;
  }
  return idle;
}

static void game_fail(const char *what) {
  fprintf(stderr, "bench_core: could not %s\n", what);
  exit(1);
}

/* Part 6's sound mix, defined in w. */
static void game_sounds(wary_world *w, int32_t sound[HEAR_TYPES]) {
  for (int t = 0; t < HEAR_TYPES; t++) {
    const hear_type *h = &hear_types[t];
    wary_sound_def sd = wary_default_sound_def();
    int status = wary_name(w, h->name, &sd.name);
    sd.category = h->category;
    sd.alert_level = h->alert_level;
    sd.loudness = h->loudness;
    sd.max_range = h->range_m * (float)UPM;
    sd.location_accuracy = h->accuracy;
    sd.max_lod_tier = h->max_lod_tier;
    if (status != WARY_OK || wary_sound_create(w, &sd, &sound[t]) != WARY_OK) game_fail("define a sound");
  }
}

/* A label: hearing_run's measured steps are collected under callgrind and
 * dumped with it (part 8). */
static const char *hear_callgrind;

/* One hearing world: warmup steps, then reps x steps, out[rep] per
 * repetition. Returns the beliefs held at the end; *dropped gets the events
 * dropped (the event queue was full). */
static int32_t hearing_run(int kind, const hear_params *hp, int warmup, int reps, int steps,
                           hear_rep *out, uint32_t *dropped) {
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = (float)UPM;
  wary_world *w;
  int made = wary_world_create(&wd, &w);
  int32_t sound[HEAR_TYPES];
  float range[HEAR_TYPES];
  int32_t n = hp->n, nm = hp->makers;
  mover *makers = calloc((size_t)(nm ? nm : 1), sizeof *makers);
  float(*ear)[3] = calloc((size_t)(n ? n : 1), sizeof *ear);
  wary_actor_id *agents = calloc((size_t)(n ? n : 1), sizeof *agents);
  double *step_ms = malloc((size_t)steps * sizeof *step_ms);
  if (made != WARY_OK || !makers || !ear || !agents || !step_ms) {
    fprintf(stderr, "bench_core: could not build the hearing world\n");
    exit(1);
  }
  game_sounds(w, sound);
  for (int t = 0; t < HEAR_TYPES; t++) range[t] = hear_types[t].range_m * (float)UPM;
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 1;
  pd.senses[0].sense = WARY_SENSE_HEARING;
  int32_t prof;
  int status = wary_profile_create(w, &pd, &prof);
  wary_hearing_def hd = wary_default_hearing_def();
  hd.ear_height = HEAR_EAR;
  if (status != WARY_OK || wary_profile_set_hearing(w, prof, &hd) != WARY_OK) {
    fprintf(stderr, "bench_core: could not set up hearing\n");
    exit(1);
  }

  /* Boxes, then agents, then makers, from one generator (bench/hearing.lua
   * draws the same numbers in the same order). */
  lcg g = {20240607.0};
  for (int32_t i = 0; i < hp->k; i++) {
    wary_box_def bd = random_box(&g, HEAR_SIZE); /* the opaque wall, a wall for sound */
    wary_box_id box;
    if (wary_box_create(w, &bd, &box) != WARY_OK) {
      fprintf(stderr, "bench_core: could not create a box\n");
      exit(1);
    }
  }
  for (int32_t i = 0; i < n; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(rnd(&g) * HEAR_SIZE);
    ad.pos[1] = (float)(rnd(&g) * HEAR_SIZE);
    ad.team = 1;
    ad.profile = prof;
    ear[i][0] = ad.pos[0];
    ear[i][1] = ad.pos[1];
    ear[i][2] = ad.pos[2] + HEAR_EAR;
    if (wary_actor_create(w, &ad, &agents[i]) != WARY_OK) {
      fprintf(stderr, "bench_core: could not create an agent\n");
      exit(1);
    }
  }
  double xo = kind == HEAR_FAR ? HEAR_FAR_OFFSET : 0.0;
  for (int32_t i = 0; i < nm; i++) {
    mover *mk = &makers[i];
    mk->x = xo + rnd(&g) * HEAR_SIZE;
    mk->y = rnd(&g) * HEAR_SIZE;
    random_velocity(&g, mk, 50.0, 250.0); /* 0.5-3 m/s */
    wary_actor_def ad = mover_def(mk, 2);
    if (wary_actor_create(w, &ad, &mk->id) != WARY_OK) {
      fprintf(stderr, "bench_core: could not create a maker\n");
      exit(1);
    }
  }
  /* Every listener stands where sounds carry 0 m: the grid still hands out
   * every listener within a sound's range, the range check refuses it. */
  if (kind == HEAR_MUFFLED) cover_with_env(w, HEAR_SIZE, 1.0f, 0.0f, "the environment");

  /* The sounds: rate a second on average, floor(s x rate / 60) - floor((s - 1)
   * x rate / 60) at step s; each draws its type, its maker and (thrown) where
   * it lands, from a second generator. */
  lcg e = {777.0};
  int64_t step_no = 0;
  int total = warmup + reps * steps;
  for (int i = 0; i < total; i++) {
    int rep = i < warmup ? -1 : (i - warmup) / steps;
    int at = i < warmup ? 0 : (i - warmup) % steps;
    hear_rep *r = rep >= 0 ? &out[rep] : NULL;
    if (r && at == 0) {
      memset(r, 0, sizeof *r);
      r->beliefs0 = wary_world_stats(w).beliefs;
    }
    for (int32_t j = 0; j < nm; j++) {
      hear_move(&makers[j], DT, xo);
      wary_actor_set_pos(w, makers[j].id, (float)makers[j].x, (float)makers[j].y, 0.0f);
    }
    step_no++;
    int64_t count = step_no * hp->rate / 60 - (step_no - 1) * hp->rate / 60;
    for (int64_t s = 0; s < count && nm > 0; s++) {
      double u = rnd(&e) * 100.0;
      int t = 0, acc = hear_types[0].share;
      while (t < HEAR_TYPES - 1 && u >= acc) acc += hear_types[++t].share;
      const mover *mk = &makers[(int32_t)(rnd(&e) * nm)];
      float pos[3] = {(float)mk->x, (float)mk->y, 0.0f};
      int st;
      if (hear_types[t].at_place) {
        double dist = 500.0 + rnd(&e) * 1000.0;
        double dir = heading_rad(rnd(&e) * 360.0);
        pos[0] = (float)(mk->x + dist * cos(dir));
        pos[1] = (float)(mk->y + dist * sin(dir));
        st = wary_emit_sound_at(w, sound[t], pos[0], pos[1], pos[2]);
      } else {
        st = wary_emit_sound(w, mk->id, sound[t]);
      }
      if (st != WARY_OK) {
        fprintf(stderr, "bench_core: could not emit a sound (%d)\n", st);
        exit(1);
      }
      if (r) {
        r->sounds++;
        r->in_range += hear_in_range((const float(*)[3])ear, n, pos, range[t], hear_types[t].loudness);
      }
    }
    wary_stats before = wary_world_stats(w);
    /* Part 8 collects the measured steps under callgrind (hear_callgrind). */
    bool collect = r && hear_callgrind;
    if (collect && i == warmup) BENCH_CALLGRIND_START();
    if (collect) BENCH_CALLGRIND_TOGGLE();
    double t0 = cpu_s();
    if (wary_step(w, DT) != WARY_OK) {
      fprintf(stderr, "bench_core: wary_step failed\n");
      exit(1);
    }
    double ms = (cpu_s() - t0) * 1e3;
    if (collect) BENCH_CALLGRIND_TOGGLE();
    if (collect && i == total - 1) BENCH_CALLGRIND_STOP(hear_callgrind);
    if (!r) continue;
    step_ms[at] = ms;
    r->seconds += ms * 1e-3;
    r->rays += wary_world_stats(w).rays - before.rays;
    int32_t ne = wary_event_count(w);
    const wary_event *ev = wary_events(w);
    r->events += (uint64_t)ne;
    for (int32_t j = 0; j < ne; j++) {
      r->heard += ev[j].type == WARY_EV_SOUND_HEARD;
      r->hear += ev[j].type == WARY_EV_HEAR;
    }
    if (at == steps - 1) {
      r->ms_median = median(step_ms, steps);
      r->beliefs = wary_world_stats(w).beliefs;
      r->idle = hear_idle(w, agents, n);
    }
  }
  int32_t beliefs = wary_world_stats(w).beliefs;
  *dropped = wary_events_dropped(w);
  wary_world_destroy(w);
  free(makers);
  free(ear);
  free(agents);
  free(step_ms);
  return beliefs;
}

typedef struct hear_figures {
  summary ms_median, ms_mean, heard_per_s, rays_per_s;
  double sounds, in_range, rays, heard, hear, events; /* per step */
  double beliefs, beliefs0, idle; /* at the end of the run, at the start of the measurement, idle at the end */
  double ms_first, ms_last;       /* the first and the last repetition's median step */
  uint32_t dropped;
} hear_figures;

static hear_figures bench_hearing(int kind, const hear_params *hp, int reps, int steps) {
  hear_figures f;
  memset(&f, 0, sizeof f);
  hear_rep *r = calloc((size_t)reps, sizeof *r);
  double *v[4];
  for (int i = 0; i < 4; i++) v[i] = malloc((size_t)reps * sizeof *v[i]);
  if (!r || !v[0] || !v[1] || !v[2] || !v[3]) {
    fprintf(stderr, "bench_core: out of memory\n");
    exit(1);
  }
  f.beliefs = hearing_run(kind, hp, WARMUP_STEPS, reps, steps, r, &f.dropped);
  f.beliefs0 = r[0].beliefs0;
  f.idle = r[reps - 1].idle;
  f.ms_first = r[0].ms_median;
  f.ms_last = r[reps - 1].ms_median;
  hear_rep sum;
  memset(&sum, 0, sizeof sum);
  for (int i = 0; i < reps; i++) {
    v[0][i] = r[i].ms_median;
    v[1][i] = r[i].seconds * 1e3 / steps;
    v[2][i] = r[i].seconds > 0.0 ? (double)r[i].heard / r[i].seconds : 0.0;
    v[3][i] = r[i].seconds > 0.0 ? (double)r[i].rays / r[i].seconds : 0.0;
    sum.sounds += r[i].sounds;
    sum.in_range += r[i].in_range;
    sum.rays += r[i].rays;
    sum.heard += r[i].heard;
    sum.hear += r[i].hear;
    sum.events += r[i].events;
  }
  f.ms_median = summarize(v[0], reps);
  f.ms_mean = summarize(v[1], reps);
  f.heard_per_s = summarize(v[2], reps);
  f.rays_per_s = summarize(v[3], reps);
  double total = (double)reps * steps;
  f.sounds = (double)sum.sounds / total;
  f.in_range = (double)sum.in_range / total;
  f.rays = (double)sum.rays / total;
  f.heard = (double)sum.heard / total;
  f.hear = (double)sum.hear / total;
  f.events = (double)sum.events / total;
  free(r);
  for (int i = 0; i < 4; i++) free(v[i]);
  return f;
}

/* WARY_BENCH_HEARING_N (500 agents), _MAKERS (100), _K (2000 boxes), _RATE (200 sounds/s). */
static void hear_params_read(hear_params *hp) {
  hp->n = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_N", 500);
  hp->makers = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_MAKERS", 100);
  hp->k = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_K", 2000);
  hp->rate = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_RATE", 200);
}

static void report_hearing(const hear_params *hp, int reps, int steps) {
  hear_figures f[HEAR_COUNT];
  for (int s = 0; s < HEAR_COUNT; s++) f[s] = bench_hearing(s, hp, reps, steps);
  const hear_figures *h = &f[HEAR_NORMAL];
  printf("6. Hearing, the built-in sense in the C core (wary_step; %d steps a repetition after %d warm-up)\n",
         steps, WARMUP_STEPS);
  printf("   a 200 m x 200 m world, %d boxes (0.5-3 m a side, 0.5-3 m tall, all opaque: walls for sound);\n"
         "   %d agents standing spread out (uniform at random), hearing only (defaults: interval 0.1 s, wall\n"
         "   absorption 0.4, ear 0.64 m, no filter, max 3 pending a type); %d makers of another team walking\n"
         "   0.5-3 m/s; %d sounds/s (floor(s x %d / 60) by step s: 3 or 4 a step), drawn from the starter set:\n   ",
         (int)hp->k, (int)hp->n, (int)hp->makers, (int)hp->rate, (int)hp->rate);
  for (int t = 0; t < HEAR_TYPES; t++)
    printf("%s%s %.0f m %d%%", t == 0 ? "" : t == 5 ? ",\n   " : ", ", hear_types[t].name,
           (double)hear_types[t].range_m, (int)hear_types[t].share);
  printf(";\n   a ThrownRock lands 5-15 m from its thrower (wary_emit_sound_at: nobody made it), the rest\n"
         "   are made by their maker (wary_emit_sound)\n");
  print_ms_rows(34, h->ms_median, h->ms_mean);
  print_rate_row(34, "deliveries/s (sound_heard events)", h->heard_per_s);
  print_rate_row(34, "arrivals/s (= rays/s)", h->rays_per_s);
  printf("   per step: %.2f sounds emitted, %.1f (sound, listener) pairs in range, %.1f arrivals (rays),\n"
         "   %.1f deliveries (sound_heard), %.1f hear events, %.1f events in all\n",
         h->sounds, h->in_range, h->rays, h->heard, h->hear, h->events);
  printf("   per game second (60 steps): %.0f sounds, %.0f arrivals, %.0f deliveries\n", h->sounds * 60.0,
         h->rays * 60.0, h->heard * 60.0);
  printf("   beliefs: %.0f when the measurement starts, %.0f at its end (%.0f of them Undetected or Expired);\n"
         "   median step of the first repetition %.3f ms, of the last %.3f ms (the world ages: see below)\n",
         h->beliefs0, h->beliefs, h->idle, h->ms_first, h->ms_last);
  printf("\n   No ray for a sound out of range (the same sounds emitted; rays/step from wary_world_stats):\n");
  printf("   %-34s %11s %13s %10s %15s %9s\n", "world", "sounds/step", "in range/step", "rays/step",
         "deliveries/step", "ms/step");
  for (int s = 0; s < HEAR_COUNT; s++)
    printf("   %-34s %11.2f %13.1f %10.1f %15.1f %9.3f\n", hear_names[s], f[s].sounds, f[s].in_range,
           f[s].rays, f[s].heard, f[s].ms_median.med);
  printf("   far: the makers walk a square 250-450 m along x, 50 m past the listeners' (longest range 40 m;\n"
         "   a rock lands at most 15 m nearer, and carries 18 m): no listener is within any sound's range, and\n"
         "   the grid hands none out. muffled: the normal world under an environment with hearing_range_scale 0:\n"
         "   the grid hands out every listener within a sound's range (\"in range\" counts them), and the range\n"
         "   check, first in line, refuses each before any ray.\n");
  bool dropped = false;
  for (int s = 0; s < HEAR_COUNT; s++) dropped = dropped || f[s].dropped;
  printf("   how deliveries are counted: a (sound, listener) pair that passes range, level of detail, filter\n"
         "   and team gets one wall ray, then goes into the listener's pending list: rays = arrivals (here %s the\n"
         "   pairs in range counted outside the core with the core's arithmetic). The listener's next hearing\n"
         "   update reports each pending sound as one sound_heard event: deliveries = sound_heard events. Over a\n"
         "   run they fall short of arrivals only by the sounds the pending cap pushed out (more than 3 of a type\n"
         "   reaching a listener between two of its updates: the quietest gives way) and those still pending at\n"
         "   the end (a repetition also reports those pending from the one before). Events dropped: %s.\n",
         h->rays == h->in_range ? "equal to" : "NOT EQUAL TO", dropped ? "SOME" : "none");
  printf("   time: CPU time of the process around each wary_step (as in 3.); deliveries/s and arrivals/s are per CPU\n"
         "   second inside wary_step (delivery, rays, hearing updates, beliefs), median over repetitions.\n");

  /* The normal world stepped on for age seconds, one repetition a game second. */
  int age = (int)param(0, NULL, 0, "WARY_BENCH_HEARING_AGE", 120);
  if (age < 1) return;
  hear_rep *r = calloc((size_t)age, sizeof *r);
  if (!r) return;
  uint32_t d = 0;
  hearing_run(HEAR_NORMAL, hp, 0, age, 60, r, &d);
  printf("\n   The world ages: the normal world stepped on for %d s of game time (one stretch of 60 steps a second)\n",
         age);
  printf("   %-12s %10s %10s %22s %12s\n", "game time", "ms/step", "beliefs", "Undetected or Expired",
         "arrivals/s");
  static const int marks[] = {1, 5, 15, 30, 60, 90, 120, 180, 240, 300, 600};
  for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
    if (marks[i] > age) break;
    const hear_rep *q = &r[marks[i] - 1];
    printf("   %10d s %10.3f %10d %22d %12.0f\n", marks[i], q->ms_median, (int)q->beliefs, (int)q->idle,
           (double)q->rays);
  }
  printf("   (ms/step: the median step of that second, CPU time; arrivals/s: rays in that game second.)\n"
         "   A belief leaves an agent only when its target is removed: one about a maker that fell silent stays,\n"
         "   Undetected or Expired, and every step walks it, so the step grows with the (agent, maker) pairs ever\n"
         "   heard (at most %d x %d = %d here) while the sounds stay the same; the figures above (game seconds\n"
         "   %.0f-%.0f) measure a world whose beliefs are still piling up.\n",
         (int)hp->n, (int)hp->makers, (int)(hp->n * hp->makers), WARMUP_STEPS / 60.0,
         (WARMUP_STEPS + (double)reps * steps) / 60.0);
  free(r);
}

/* WARY_BENCH_PARTS=hearing-worker: the three hearing worlds of part 6 as
 * machine-readable lines for bench/hearing.lua: one REP line a repetition
 * and world (world, CPU seconds in wary_step, median step ms, rays,
 * sound_heard, hear, events, sounds, beliefs at its start and at its end),
 * then RESULT lines. */
static int hearing_worker(const hear_params *hp, int reps, int steps) {
  hear_rep *r = calloc((size_t)reps, sizeof *r);
  if (!r) return 1;
  int32_t beliefs = 0;
  uint32_t dropped = 0;
  for (int s = 0; s < HEAR_COUNT; s++) {
    uint32_t d = 0;
    int32_t b = hearing_run(s, hp, WARMUP_STEPS, reps, steps, r, &d);
    if (s == HEAR_NORMAL) beliefs = b;
    dropped += d;
    for (int i = 0; i < reps; i++)
      printf("REP %d %.9f %.9f %llu %llu %llu %llu %llu %d %d\n", s, r[i].seconds, r[i].ms_median,
             (unsigned long long)r[i].rays, (unsigned long long)r[i].heard,
             (unsigned long long)r[i].hear, (unsigned long long)r[i].events,
             (unsigned long long)r[i].sounds, (int)r[i].beliefs0, (int)r[i].beliefs);
  }
  printf("RESULT interpreter -\nRESULT backend none (C)\nRESULT beliefs %d\nRESULT dropped %u\n", (int)beliefs,
         dropped);
  free(r);
  return 0;
}

/* ---- 8. the game world: the scaling sweep; 9. the steady game ------------ */

#define GAME_SIZE 20000.0 /* 200 m: the side of the 1,000-agent world */
#define GAME_N 1000       /* agents in the steady game */
#define GAME_SIGHT 2000.0f /* 20 m: the agents' vision range */

/* The game world (see the top of this file): agents that see and hear,
 * targets that walk about making sounds, boxes of part 1's materials. */
typedef struct game_params {
  int32_t agents, targets, boxes, rate; /* rate: sounds a second */
  double size;                          /* side of the agents' square, units */
  /* The band around the agents' square that the targets, their sounds and
   * the boxes fill too, at the same density (0: none), units. */
  double margin;
  /* The world def's workers and task callbacks (part workers); with either,
   * the world keeps the C library's allocator: the counting hooks below are
   * not thread-safe. */
  int32_t workers;
  wary_enqueue_task_fn enqueue;
  wary_finish_task_fn finish;
  void *task_user;
} game_params;

/* n agents at constant density (n/4 targets, 2n boxes, n/5 sounds a second,
 * a side of 200 m x sqrt(n / 1000)) or at rising density (the 1,000-agent
 * world's square, boxes, targets and sounds: only the agents grow). */
static game_params game_params_for(int32_t n, bool constant_density) {
  game_params p = {n, GAME_N / 4, 2 * GAME_N, GAME_N / 5, GAME_SIZE, 0.0, 0, NULL, NULL, NULL};
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

/* Counts what a world allocates, through its allocator hooks (wary_world_def). */
typedef struct heap_count {
  uint64_t allocs, reallocs, frees;
  int64_t live_bytes;
} heap_count;

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

typedef struct game_world {
  wary_world *w;
  heap_count *heap;   /* the world's allocations (its allocator hooks) */
  uint64_t step_allocs; /* allocations and reallocations inside wary_step so far */
  game_params p;
  mover *agents, *makers;
  int32_t sound[HEAR_TYPES];
  lcg emit;        /* the sounds' generator */
  int64_t step_no; /* steps taken */
} game_world;

/* The agents' profile: vision as in part 3 but for its 20 m range (focal 60
 * degrees, 5 sample points, 0.1 s) and hearing as in part 6 (its defaults, the ear at 0.64 m). */
static int32_t game_profile(wary_world *w) {
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
  return prof;
}

static void game_build(game_world *g, const game_params *p) {
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
  int32_t prof = game_profile(w);
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
static bool game_free(game_world *g) {
  wary_world_destroy(g->w);
  bool balanced = g->heap->allocs == g->heap->frees && g->heap->live_bytes == 0;
  free(g->heap);
  free(g->agents);
  free(g->makers);
  return balanced;
}

/* One step of the game: everyone moves and the targets make this step's
 * sounds (untimed, as in part 6), then wary_step. Returns the milliseconds
 * inside wary_step by clock. */
static double game_step_by(game_world *g, double (*clock)(void)) {
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
  int st = wary_step(w, DT);
  double ms = (clock() - t0) * 1e3;
  g->step_allocs += g->heap->allocs + g->heap->reallocs - a0;
  if (st != WARY_OK) game_fail("step the game world");
  return ms;
}

/* The same in CPU time, as parts 8 and 9 take it. */
static double game_step(game_world *g) { return game_step_by(g, cpu_s); }

/* Appends key=value to the WARY_BENCH_RESULTS file, when there is one. */
static void result_put(const char *key, double value) {
  const char *out = getenv("WARY_BENCH_RESULTS");
  FILE *f = out && *out ? fopen(out, "a") : NULL;
  if (!f) return;
  fprintf(f, "%s=%.9g\n", key, value);
  fclose(f);
}

/* result_put of the key format (one %s) with tag in it. */
static void result_tagged(const char *format, const char *tag, double value) {
  char key[64];
  snprintf(key, sizeof key, format, tag);
  result_put(key, value);
}

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

/* WARY_BENCH_SWEEP_SIZES: agents at each point of the sweep. */
#define SWEEP_MAX 16
static int sweep_sizes(int32_t *sizes) {
  const char *s = getenv("WARY_BENCH_SWEEP_SIZES");
  if (!s || !*s) s = "100 300 1000 3000 10000";
  int n = 0;
  while (*s && n < SWEEP_MAX) {
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (end == s || v < 4 || v > 1000000) {
      fprintf(stderr, "bench_core: WARY_BENCH_SWEEP_SIZES: expected agent counts from 4 to 1000000, got '%s'\n",
              getenv("WARY_BENCH_SWEEP_SIZES"));
      exit(2);
    }
    sizes[n++] = (int32_t)v;
    s = end;
    while (*s == ' ' || *s == ',') s++;
  }
  return n;
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
static void game_measure(game_point *pts, int n, int rounds, int stretch, summary *pair_ratio) {
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
      for (int s = 0; s < stretch; s++) {
        q->step_ms[s] = game_step(&q->g);
        q->events += (uint64_t)wary_event_count(q->g.w);
      }
      q->round_ms[r] = median(q->step_ms, stretch);
      q->steps += (uint64_t)stretch;
    }
  /* Two worlds: each round's step of the second over the first's, the two
   * rounds run one after the other (the machine's speed moves less between
   * them than over the whole part). */
  if (pair_ratio && n == 2) {
    double *ratios = malloc((size_t)rounds * sizeof *ratios);
    if (!ratios) game_fail("allocate the measurements");
    for (int r = 0; r < rounds; r++)
      ratios[r] = pts[0].round_ms[r] > 0.0 ? pts[1].round_ms[r] / pts[0].round_ms[r] : 0.0;
    *pair_ratio = summarize(ratios, rounds);
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
  game_measure(pts, n, rounds, stretch, NULL);
  printf("   %s\n", constant_density
                        ? "a. constant density: N agents in a square of 200 m x sqrt(N/1000) (side m); N/4 targets, 2N boxes\n"
                          "   and N/5 sounds/s on it, and at that density on a band 40 m wide around it too (targets and boxes:\n"
                          "   the counts with the band), so that an agent at the edge perceives what one in the middle does"
                        : "b. rising density: N agents in the 1,000-agent world (200 m, 2000 boxes, 250 targets, 200 sounds/s)");
  printf("   %7s %7s %6s %7s %8s %17s %9s %10s %10s %9s %9s %9s %9s\n", "agents", "targets", "boxes", "side m",
         "ms/step", "[min - max]", "us/agent", "rays/step", "cand/step", "events/st", "dropped/st", "beliefs",
         "allocs/st");
  double x[SWEEP_MAX] = {0}, t[SWEEP_MAX] = {0}, rays[SWEEP_MAX] = {0}, cand[SWEEP_MAX] = {0};
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
static void report_sweep(void) {
  int32_t sizes[SWEEP_MAX];
  int n = sweep_sizes(sizes);
  int warmup = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_WARMUP", 1) * 60;
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_ROUNDS", 3);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_STEPS", 12);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
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
static void game_times(int *young, int *age) {
  *age = (int)param(0, NULL, 0, "WARY_BENCH_GAME_AGE", 120);
  *young = (int)param(0, NULL, 0, "WARY_BENCH_GAME_YOUNG", 5);
  if (*young < 1) *young = 1;
  if (*age < *young) *age = *young;
}

/* Part 9: the 1,000-agent world at 5 s and at 120 s of game time. */
static void report_game(void) {
  int young, age;
  game_times(&young, &age);
  /* More rounds than the sweep's: they are short next to the ageing, and
   * the ratio of the two worlds is a figure of its own. */
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_GAME_ROUNDS", 9);
  int stretch = (int)param(0, NULL, 0, "WARY_BENCH_SWEEP_STEPS", 12);
  if (rounds < 1) rounds = 1;
  if (stretch < 1) stretch = 1;
  game_params p = game_params_for(GAME_N, true);
  game_point pts[2];
  memset(pts, 0, sizeof pts);
  game_build(&pts[0].g, &p);
  game_build(&pts[1].g, &p);
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
  summary pair;
  game_measure(pts, 2, rounds, stretch, &pair);
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
  result_put("game_agents", p.agents);
  result_put("game_young_s", young);
  result_put("game_age_s", age);
  result_put("game_ms_young", pts[0].ms.med);
  result_put("game_ms_old", pts[1].ms.med);
  result_put("game_ratio", ratio);
  result_put("allocs_per_step_steady", pts[1].allocs);
  bool balanced = game_free(&pts[0].g);
  balanced = game_free(&pts[1].g) && balanced;
  printf("   at destroy the worlds' allocations and frees %s\n", balanced ? "balanced" : "DID NOT BALANCE");
}

/* ---- prefetch: the step with and without asking for memory ahead ---------- */

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

/* One world at 5 s and at 120 s (WARY_BENCH_GAME_YOUNG, _AGE) of game time,
 * each time stepped with and without WY_PREFETCH in turn in one process:
 * the same memory, the same load. */
static void report_prefetch(void) {
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
  printf("   (the median step of each half round, then medians over rounds [min - max]; the ratio is taken\n"
         "   within each round; the steps of the rounds count towards the world's game time)\n");
  result_put("prefetch_ratio_young", r_young);
  result_put("prefetch_ratio_old", r_old);
  if (!game_free(&g)) printf("   at destroy the world's allocations and frees DID NOT BALANCE\n");
}
#endif

/* ---- budget: the ray budget in the steady game ---------------------------- */

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
    if (collect) BENCH_CALLGRIND_TOGGLE();
    b->ms[s] = game_step(&b->g);
    if (collect) BENCH_CALLGRIND_TOGGLE();
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
static void report_budget(void) {
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
static void report_workers(void) {
  const char *s = getenv("WARY_BENCH_WORKERS_SIZES");
  if (!s || !*s) s = "1000 10000";
  int32_t sizes[SWEEP_MAX];
  int n = 0;
  for (char *end = NULL; *s && n < SWEEP_MAX; s = end) {
    long v = strtol(s, &end, 10);
    if (end == s || v < 4 || v > 1000000) {
      fprintf(stderr, "bench_core: WARY_BENCH_WORKERS_SIZES: expected agent counts from 4 to 1000000, got '%s'\n",
              getenv("WARY_BENCH_WORKERS_SIZES"));
      exit(2);
    }
    sizes[n++] = (int32_t)v;
    while (*end == ' ' || *end == ',') end++;
  }
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

/* WARY_BENCH_PARTS=thermal-worker: part 2's set-up c. (the thermal sense only)
 * timed in CPU time, for bench/custom_senses.lua, which runs it in turn with
 * its Lua workers so that they share the load: one REP line a repetition (CPU
 * seconds in wary_step, custom-sense queries). */
static int thermal_worker(int32_t n, int32_t m, int32_t k, int reps, int steps) {
  bench_world b;
  if (!world_build(&b, n, m, k)) game_fail("build the world");
  sense_ctx thermal = {b.w, b.heat_key, 3000.0f};
  wary_sense_def sd = wary_default_sense_def();
  sd.interval = 0.1f;
  sd.max_range = thermal.range;
  sd.evaluate = thermal_eval;
  sd.user = &thermal;
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 1;
  int32_t prof;
  if (wary_sense_create(b.w, &sd, &pd.senses[0].sense) != WARY_OK || wary_profile_create(b.w, &pd, &prof) != WARY_OK)
    game_fail("set up the thermal sense");
  int32_t profiles[2] = {prof, prof};
  if (!world_add_agents(&b, profiles)) game_fail("create the agents");
  for (int i = 0; i < WARMUP_STEPS; i++) {
    world_move(&b);
    wary_step(b.w, DT);
  }
  for (int rep = 0; rep < reps; rep++) {
    wary_stats before = wary_world_stats(b.w);
    double seconds = 0.0;
    for (int i = 0; i < steps; i++) {
      world_move(&b);
      double t0 = cpu_s();
      wary_step(b.w, DT);
      seconds += cpu_s() - t0;
    }
    printf("REP %.9f %llu\n", seconds,
           (unsigned long long)(wary_world_stats(b.w).queries - before.queries));
  }
  world_free(&b);
  return 0;
}

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
  if (strcmp(parts, "sweep") == 0) {
    report_sweep();
    return 0;
  }
  if (strcmp(parts, "game") == 0) {
    report_game();
    return 0;
  }
  if (strcmp(parts, "budget") == 0) {
    report_budget();
    return 0;
  }
  if (strcmp(parts, "workers") == 0) {
    report_workers();
    return 0;
  }
#ifdef WARY_BENCH_PREFETCH_TOGGLE
  if (strcmp(parts, "prefetch") == 0) {
    report_prefetch();
    return 0;
  }
#endif
  if (strcmp(parts, "all") != 0 && strcmp(parts, "core") != 0) {
    fprintf(stderr, "bench_core: WARY_BENCH_PARTS: expected all, core, hearing, sweep, game, budget, workers, rays, "
                    "vision-worker, hearing-worker or thermal-worker, got '%s'\n", parts);
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
