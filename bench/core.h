/* bench/core.h - what the parts of bench_core share (bench/bench_core.c says
 * what each part measures and how): the constants, the fixed-seed LCG,
 * clocks and figures, parameters, the results file and failing (core_util.c),
 * the world of parts 1-3 and what the other worlds are built from
 * (core_world.c), the sound mix of part 6, the game world of parts 8 and 9,
 * and each part's entry. */
#ifndef WARY_BENCH_CORE_H
#define WARY_BENCH_CORE_H

#define _POSIX_C_SOURCE 199309L

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rays.h"
#include "stats.h"
#include "wary.h"

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

static inline double rnd(lcg *g) {
  g->x = fmod(g->x * 48271.0, 2147483647.0);
  return g->x / 2147483647.0;
}

/* ---- clocks, figures, parameters, results, failing (core_util.c) --------- */

typedef struct summary {
  double med, min, max;
} summary;

double now_s(void); /* wall clock, s */
double cpu_s(void); /* the process's CPU time, s */
summary summarize(const double *v, int n);
const char *si(double v, char *buf, size_t size);
void print_rate_row(int width, const char *label, summary r);
void print_ms_rows(int width, summary ms_median, summary ms_mean);
long param(int argc, char **argv, int pos, const char *env, long fallback);
void result_put(const char *key, double value);
void result_tagged(const char *format, const char *tag, double value);
/* Whole numbers from the environment variable env (fallback when it is
 * unset or empty), from lo to hi, apart by spaces or commas, at most max of
 * them (what names them in the message); prints what is wrong and exits 2
 * on anything else. */
int ints_from_env(const char *env, const char *fallback, long lo, long hi, const char *what, int32_t *out,
                  int max);
/* Agent counts (ints_from_env): from 4 to 1,000,000, at most SIZES_MAX. */
#define SIZES_MAX 16
int sizes_from_env(const char *env, const char *fallback, int32_t sizes[SIZES_MAX]);
/* Prints "bench_core: could not <what>" and exits 1. */
_Noreturn void game_fail(const char *what);

/* ---- the world of parts 1-3, and moving things (core_world.c) ------------ */

enum { MAT_CONCRETE, MAT_GLASS, MAT_FOLIAGE, MAT_SMOKE, MAT_COUNT };
extern const char *const material_names[MAT_COUNT];
extern const float material_transmission[MAT_COUNT];
extern const bool material_wall[MAT_COUNT];
extern const int material_share[MAT_COUNT];

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

int pick_material(double r);
double heading_rad(double deg);
void random_velocity(lcg *g, mover *mv, double min, double span);
wary_actor_def mover_def(const mover *mv, int32_t team);
wary_box_def random_box(lcg *g, double size);
bool world_build(bench_world *b, int32_t n, int32_t m, int32_t k);
bool world_add_agents(bench_world *b, const int32_t profile[2]);
void world_free(bench_world *b);
void cover_with_env(wary_world *w, double size, float vision_scale, float hearing_scale, const char *what);
void move_in(mover *p, double dt, double size, double xo);
void move_around(mover *p, double dt, double lo, double hi);
void world_move(bench_world *b);
/* steps steps of 1/60 s, each after a world_move (not timed): the seconds
 * spent in wary_step by clock (now_s or cpu_s), and each step's ms into
 * step_ms when it is not NULL. */
double world_run(bench_world *b, int steps, double (*clock)(void), double *step_ms);
/* Reads and writes one byte of every 64 of buf (size bytes), as the rest
 * of a game's frame may use other memory between two steps. */
void cold_touch(unsigned char *buf, size_t size);
/* Under valgrind --tool=callgrind --collect-atstart=no, turns collection on
 * or off (bench/callgrind.sh); does nothing without valgrind, nothing at all
 * without its header. */
void collect_toggle(void);

/* ---- 1. rays (part_rays.c) ----------------------------------------------- */

void bench_rays(bench_world *b, int reps, int32_t nrays);
int rays_part(int32_t k, int32_t nrays, int reps);

/* ---- 2. steps with C senses (part_senses.c) ------------------------------- */

enum { SETUP_NO_RAYS, SETUP_RAYS, SETUP_THERMAL_ONLY, SETUP_COUNT };
extern const char *const setup_names[SETUP_COUNT];

typedef struct step_figures {
  summary ms_median, ms_mean, queries_per_s;
  double queries_per_step, rays_per_step, beliefs, senses_per_agent;
} step_figures;

step_figures bench_steps(int setup, int32_t n, int32_t m, int32_t k, int reps, int steps);
int thermal_worker(int32_t n, int32_t m, int32_t k, int reps, int steps);
/* Set-up c.'s world (the thermal sense only, a C callback), built and
 * stepped WARMUP_STEPS: thermal_worker's, and what bench_thermal (a module
 * of these files that LuaJIT loads with ffi) gives bench/custom_senses.lua
 * to step beside its Lua world in one process. NULL: it could not be built. */
typedef struct thermal_world thermal_world;
thermal_world *thermal_open(int32_t n, int32_t m, int32_t k);
/* Moves its actors, then one step: the CPU seconds inside wary_step. */
double thermal_step(thermal_world *t);
/* The custom-sense queries it has handed out (wary_stats.queries). */
uint64_t thermal_queries(const thermal_world *t);
void thermal_close(thermal_world *t);

/* ---- 3. vision (part_vision.c) ------------------------------------------- */

#define VISION_HALF_ANGLE 60.0f /* focal cone, degrees each side */

void report_vision(int32_t n, int32_t m, int32_t k, int reps, int steps);
/* Part cold: only part 3's caches-cold rows (bench/callgrind.sh counts
 * their steps' cache misses). */
void report_vision_cold(int32_t n, int32_t m, int32_t k);
/* Part 3's world (n agents, m targets, k boxes; 30 m sight, vision only)
 * built into b; counting adds the pair counter's sense. Exits on failure. */
void vision_world(bench_world *b, int32_t n, int32_t m, int32_t k, bool counting);
/* The same without the counter, stepped WARMUP_STEPS steps (each after a
 * world_move). */
void vision_world_warm(bench_world *b, int32_t n, int32_t m, int32_t k);
int vision_worker(int32_t n, int32_t m, int32_t k, int reps, int steps);

/* ---- 6. hearing, and the sound mix (part_hearing.c) ----------------------- */

#define HEAR_EAR 64.0f /* 0.64 m, the default ear height, set explicitly */

/* The sounds of the mix: the seed's starter set as lua/wary/data/sounds.lua
 * ships it (copied in bench/part_hearing.c and bench/hearing.lua, so that the
 * benchmark does not move when that file does), with the share of the 200
 * sounds a second each gets.
 * at_place: thrown by a maker, lands 5-15 m away: a sound nobody made
 * (wary_emit_sound_at); the others are made by the maker (wary_emit_sound). */
typedef struct hear_type {
  const char *name;
  int32_t category, alert_level;
  float loudness, range_m, accuracy;
  int32_t max_lod_tier, share; /* share: percent of the sounds emitted */
  bool at_place;
} hear_type;

#define HEAR_TYPES 10
extern const hear_type hear_types[HEAR_TYPES];

typedef struct hear_params {
  int32_t n, makers, k, rate; /* agents, makers, boxes, sounds per second */
} hear_params;

void game_sounds(wary_world *w, int32_t sound[HEAR_TYPES]);
void hear_params_read(hear_params *hp);
void report_hearing(const hear_params *hp, int reps, int steps);
int hearing_worker(const hear_params *hp, int reps, int steps);

/* ---- the game world; 8. the sweep, 9. the steady game (part_game.c) ------- */

#define GAME_N 1000 /* agents in the steady game */

/* The game world (bench_core.c says what it holds): agents that see and
 * hear, targets that walk about making sounds, boxes of part 1's materials. */
typedef struct game_params {
  int32_t agents, targets, boxes, rate; /* rate: sounds a second */
  double size;                          /* side of the agents' square, units */
  /* The band around the agents' square that the targets, their sounds and
   * the boxes fill too, at the same density (0: none), units. */
  double margin;
  /* The world def's workers and task callbacks (part workers); with either,
   * the world keeps the C library's allocator: the counting hooks
   * (part_game.c, heap_count) are not thread-safe. */
  int32_t workers;
  wary_enqueue_task_fn enqueue;
  wary_finish_task_fn finish;
  void *task_user;
  /* The agents' profile has no brain (wary_brain_def.threat false: no
   * threat, attention or emotions); part 9's third world. */
  bool brainless;
} game_params;

/* Counts what a world allocates, through its allocator hooks (wary_world_def). */
typedef struct heap_count {
  uint64_t allocs, reallocs, frees;
  int64_t live_bytes;
} heap_count;

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

game_params game_params_for(int32_t n, bool constant_density);
void game_build(game_world *g, const game_params *p);
bool game_free(game_world *g);
double game_step_by(game_world *g, double (*clock)(void));
/* Under valgrind --tool=callgrind --collect-atstart=no, game_step_by
 * collects inside wary_step only while on (bench/callgrind.sh): nothing
 * happens without valgrind, nothing at all without its header. */
void game_collect(bool on);
double game_step(game_world *g);
void game_times(int *young, int *age);
void report_sweep(void);
void report_game(void);

/* ---- the other parts ------------------------------------------------------- */

void report_prefetch(void); /* part_prefetch.c, bench_core_prefetch only */
void report_budget(void);   /* part_budget.c */
void report_workers(void);  /* part_workers.c */
void report_destroy(void);  /* part_destroy.c */
void report_boxes(void);    /* part_boxes.c */
void report_save(void);     /* part_save.c */

#endif
