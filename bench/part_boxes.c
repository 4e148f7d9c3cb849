/* bench/part_boxes.c - bench_core part boxes: what editing a level's boxes
 * costs while the game runs: a box added, moved or removed, and the ray
 * after it, which finds the box tree changed (occluders.c: the tree is
 * built lazily, at the first query after a change that needs a build). */
#include "core.h"

/* A ray across the middle of the size x size square, at chest height: the
 * query each edit is timed with (it takes the tree as the edit left it). */
static void middle_ray(wary_world *w, double size) {
  wary_ray_result r;
  float y = (float)(size * 0.5), z = 1.3f * (float)UPM;
  if (wary_ray_cast(w, (float)(size * 0.25), y, z, (float)(size * 0.75), y, z, &r) != WARY_OK)
    game_fail("cast a ray");
}

/* CPU microseconds of middle_ray alone. */
static double ray_us(wary_world *w, double size) {
  double t0 = cpu_s();
  middle_ray(w, size);
  return (cpu_s() - t0) * 1e6;
}

static void print_us(const char *label, const double *v, int n, const char *key, int32_t k) {
  summary s = summarize(v, n);
  printf("   %-44s %10.2f [%.2f - %.2f]\n", label, s.med, s.min, s.max);
  char name[64];
  snprintf(name, sizeof name, "boxes_%d_%s_us", (int)k, key);
  result_put(name, s.med);
}

/* One size: k boxes of part 1's kind (random_box, 0.5-3 m) at part 1's
 * density (2,000 in 100 m x 100 m: the square grows with k), the first
 * ray (the build), then rounds of: a box added, a box of the level moved
 * by up to 1 m, the added box removed, each followed by one ray and timed
 * with it; and the ray alone. */
static void boxes_size(int32_t k, int rounds) {
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = (float)UPM;
  wary_world *w = NULL;
  if (wary_world_create(&wd, &w) != WARY_OK) game_fail("create a world");
  double size = WORLD_SIZE * sqrt((double)k / 2000.0);
  wary_box_id *ids = malloc((size_t)k * sizeof *ids);
  wary_box_def *defs = malloc((size_t)k * sizeof *defs);
  double *add = malloc((size_t)rounds * sizeof *add), *move = malloc((size_t)rounds * sizeof *move),
         *drop = malloc((size_t)rounds * sizeof *drop), *alone = malloc((size_t)rounds * sizeof *alone);
  if (!ids || !defs || !add || !move || !drop || !alone) game_fail("allocate the measurements");
  lcg g = {20261207.0};
  for (int32_t i = 0; i < k; i++) {
    defs[i] = random_box(&g, size);
    if (wary_box_create(w, &defs[i], &ids[i]) != WARY_OK) game_fail("create a box");
  }
  double build = ray_us(w, size);
  for (int r = 0; r < rounds; r++) {
    alone[r] = ray_us(w, size);
    wary_box_def bd = random_box(&g, size);
    wary_box_id added;
    double t0 = cpu_s();
    if (wary_box_create(w, &bd, &added) != WARY_OK) game_fail("create a box");
    middle_ray(w, size);
    add[r] = (cpu_s() - t0) * 1e6;
    wary_box_def *m = &defs[(int32_t)(rnd(&g) * k)];
    float dx = (float)((rnd(&g) - 0.5) * 2.0 * UPM), dy = (float)((rnd(&g) - 0.5) * 2.0 * UPM);
    m->min[0] += dx;
    m->min[1] += dy;
    m->max[0] += dx;
    m->max[1] += dy;
    t0 = cpu_s();
    if (wary_box_set_bounds(w, ids[m - defs], m->min[0], m->min[1], m->min[2], m->max[0], m->max[1], m->max[2]) !=
        WARY_OK)
      game_fail("move a box");
    middle_ray(w, size);
    move[r] = (cpu_s() - t0) * 1e6;
    t0 = cpu_s();
    if (wary_box_destroy(w, added) != WARY_OK) game_fail("destroy a box");
    middle_ray(w, size);
    drop[r] = (cpu_s() - t0) * 1e6;
  }
  printf("   %d boxes in %.0f m x %.0f m: the first ray (the build) %.2f ms\n", (int)k, size / UPM, size / UPM,
         build / 1e3);
  char key[64];
  snprintf(key, sizeof key, "boxes_%d_build_ms", (int)k);
  result_put(key, build / 1e3);
  print_us("a box added, then a ray, us", add, rounds, "add", k);
  print_us("a box moved, then a ray, us", move, rounds, "move", k);
  print_us("a box removed, then a ray, us", drop, rounds, "remove", k);
  print_us("the ray alone, us", alone, rounds, "ray", k);
  wary_world_destroy(w);
  free(ids);
  free(defs);
  free(add);
  free(move);
  free(drop);
  free(alone);
}

/* Part boxes: each count of WARY_BENCH_BOXES_SIZES (2000 25000) in turn,
 * WARY_BENCH_BOXES_ROUNDS (20) rounds each. */
void report_boxes(void) {
  int32_t sizes[SIZES_MAX];
  int n = ints_from_env("WARY_BENCH_BOXES_SIZES", "2000 25000", 1, 1000000, "box counts", sizes, SIZES_MAX);
  int rounds = (int)param(0, NULL, 0, "WARY_BENCH_BOXES_ROUNDS", 20);
  if (rounds < 1) rounds = 1;
  printf("boxes. Editing a level's boxes while the game runs (C, CPU time each, median [min - max] of %d rounds):\n"
         "   a box added, a box moved, the added box removed, each followed by one ray across the level\n"
         "   (wary_ray_cast, which takes the box tree as the edit left it)\n",
         rounds);
  for (int i = 0; i < n; i++) boxes_size(sizes[i], rounds);
}
