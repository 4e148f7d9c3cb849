/* bench/part_hearing.c - bench_core part 6, hearing (the built-in sense:
 * sounds delivered to agents), part hearing-worker, and the sound mix the
 * game world uses too. */
#include "core.h"

#define HEAR_SIZE 20000.0       /* 200 m */
#define HEAR_FAR_OFFSET 25000.0 /* far world: the makers' square starts at x = 250 m, 50 m past the listeners' */

const hear_type hear_types[HEAR_TYPES] = {
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

enum { HEAR_NORMAL, HEAR_FAR, HEAR_MUFFLED, HEAR_COUNT };
static const char *const hear_names[HEAR_COUNT] = {
    "normal", "listeners beyond range (far)", "muffled (hearing_range_scale 0)"};

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

/* Part 6's sound mix, defined in w. */
void game_sounds(wary_world *w, int32_t sound[HEAR_TYPES]) {
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
    double t0 = cpu_s();
    if (wary_step(w, DT) != WARY_OK) {
      fprintf(stderr, "bench_core: wary_step failed\n");
      exit(1);
    }
    double ms = (cpu_s() - t0) * 1e3;
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
void hear_params_read(hear_params *hp) {
  hp->n = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_N", 500);
  hp->makers = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_MAKERS", 100);
  hp->k = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_K", 2000);
  hp->rate = (int32_t)param(0, NULL, 0, "WARY_BENCH_HEARING_RATE", 200);
}

void report_hearing(const hear_params *hp, int reps, int steps) {
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
int hearing_worker(const hear_params *hp, int reps, int steps) {
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
