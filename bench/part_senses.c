/* bench/part_senses.c - bench_core part 2, steps at 60 Hz with C evaluate
 * callbacks, and part thermal-worker (its set-up c. in CPU time, for
 * bench/custom_senses.lua). */
#include "core.h"

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

const char *const setup_names[SETUP_COUNT] = {
    "a. thermal | thermal+hearing", "b. thermal | thermal+sight(ray)", "c. thermal only (= Lua)"};

/* The thermal sense's def (interval 0.1 s, reaching c->range): its
 * evaluate is thermal_eval, told c. */
static wary_sense_def thermal_def(sense_ctx *c) {
  wary_sense_def sd = wary_default_sense_def();
  sd.interval = 0.1f;
  sd.max_range = c->range;
  sd.evaluate = thermal_eval;
  sd.user = c;
  return sd;
}

step_figures bench_steps(int setup, int32_t n, int32_t m, int32_t k, int reps, int steps) {
  step_figures fig;
  memset(&fig, 0, sizeof fig);
  bench_world b;
  if (!world_build(&b, n, m, k)) {
    fprintf(stderr, "bench_core: could not build the world\n");
    exit(1);
  }
  sense_ctx thermal = {b.w, b.heat_key, 3000.0f};
  sense_ctx second = {b.w, b.heat_key, 4000.0f};
  wary_sense_def sd = thermal_def(&thermal);
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

  world_run(&b, WARMUP_STEPS, now_s, NULL);
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
    double sum = world_run(&b, steps, now_s, step_ms) * 1e3;
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

/* Part 2's set-up c. (the thermal sense only), built and warmed up. */
struct thermal_world {
  bench_world b;
  sense_ctx thermal;
};

thermal_world *thermal_open(int32_t n, int32_t m, int32_t k) {
  thermal_world *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  bench_world *b = &t->b;
  wary_profile_def pd = wary_default_profile_def();
  pd.ignore_same_team = true; /* agents perceive the targets, not each other (bench/README.md) */
  pd.sense_count = 1;
  int32_t profiles[2] = {0, 0};
  bool built = world_build(b, n, m, k);
  if (built) {
    t->thermal = (sense_ctx){b->w, b->heat_key, 3000.0f};
    wary_sense_def sd = thermal_def(&t->thermal);
    built = wary_sense_create(b->w, &sd, &pd.senses[0].sense) == WARY_OK &&
            wary_profile_create(b->w, &pd, &profiles[0]) == WARY_OK;
  }
  profiles[1] = profiles[0];
  if (!built || !world_add_agents(b, profiles)) {
    thermal_close(t);
    return NULL;
  }
  world_run(b, WARMUP_STEPS, now_s, NULL);
  return t;
}

double thermal_step(thermal_world *t) { return world_run(&t->b, 1, cpu_s, NULL); }

uint64_t thermal_queries(const thermal_world *t) { return wary_world_stats(t->b.w).queries; }

void thermal_close(thermal_world *t) {
  if (!t) return;
  world_free(&t->b);
  free(t);
}

/* WARY_BENCH_PARTS=thermal-worker: part 2's set-up c. (the thermal sense only)
 * timed in CPU time, for bench/custom_senses.lua, which runs it in turn with
 * its Lua workers so that they share the load: one REP line a repetition (CPU
 * seconds in wary_step, custom-sense queries). */
int thermal_worker(int32_t n, int32_t m, int32_t k, int reps, int steps) {
  thermal_world *t = thermal_open(n, m, k);
  if (!t) game_fail("build the thermal world");
  for (int rep = 0; rep < reps; rep++) {
    uint64_t before = thermal_queries(t);
    double seconds = world_run(&t->b, steps, cpu_s, NULL);
    printf("REP %.9f %llu\n", seconds, (unsigned long long)(thermal_queries(t) - before));
  }
  thermal_close(t);
  return 0;
}
