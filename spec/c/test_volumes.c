/* test_volumes.c - the lamps' and environments' grids (vgrid.h): a grid
 * hands over, in ascending order, every slot whose volume holds a point
 * (random volumes of every shape, points on their edges), and a world
 * answers the same bits with its grids built as with them stale (every slot
 * tested, as before they existed): the environments at a point, a target's
 * light, after creates, changes, removals and a load; a step whose build
 * of them finds no memory fails and changes nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "faults.h"
#include "light.h"
#include "vgrid.h"
#include "world.h"

/* ---- the grid alone --------------------------------------------------------- */

#define VOLUMES 300

typedef struct volumes {
  float lo[VOLUMES][2], hi[VOLUMES][2];
  bool live[VOLUMES];
  int32_t count;
} volumes;

static bool extent_of(const void *context, int32_t slot, float lo[2], float hi[2]) {
  const volumes *v = context;
  if (!v->live[slot]) return false;
  memcpy(lo, v->lo[slot], sizeof v->lo[slot]);
  memcpy(hi, v->hi[slot], sizeof v->hi[slot]);
  return true;
}

/* A coordinate: mostly in [-1000, 1000], now and then one of a few shared
 * values (volumes that touch, or all at one point), or a large one. */
static float coordinate(void) {
  uint32_t r = lcg() % 20;
  if (r == 0) return 0.0f;
  if (r == 1) return 1e7f * (unit() - 0.5f);
  if (r == 2) return 250.0f;
  return 2000.0f * (unit() - 0.5f);
}

static void random_volumes(volumes *v, int shape) {
  v->count = 1 + (int32_t)(lcg() % VOLUMES);
  for (int32_t i = 0; i < v->count; i++) {
    v->live[i] = lcg() % 5 != 0;
    for (int k = 0; k < 2; k++) {
      float a = coordinate(), size;
      switch (shape) {
      case 0: size = 50.0f * unit(); break;               /* small rooms */
      case 1: size = 3000.0f * unit(); break;             /* some as large as the world */
      case 2: size = lcg() % 2 ? 0.0f : 10.0f; break;     /* flat, or points */
      case 3:                                             /* as wide as floats go, now and then */
        a = lcg() % 8 ? a : -3e38f;
        size = 100.0f * unit();
        break;
      default: size = 0.0f; a = 3.0f; break;              /* every volume the same point */
      }
      v->lo[i][k] = a;
      v->hi[i][k] = a == -3e38f ? 3e38f : a + size; /* its width past the largest float */
    }
  }
}

/* A point: inside a volume, on one of its edges, or anywhere. */
static void random_point(const volumes *v, float p[2]) {
  int32_t i = (int32_t)(lcg() % (uint32_t)v->count);
  for (int k = 0; k < 2; k++) {
    switch (lcg() % 4) {
    case 0: p[k] = v->lo[i][k]; break;
    case 1: p[k] = v->hi[i][k]; break;
    case 2: p[k] = v->lo[i][k] + (v->hi[i][k] - v->lo[i][k]) * unit(); break;
    default: p[k] = coordinate(); break;
    }
  }
}

static void test_grid_random(void) {
  wary_world_def d = wary_default_world_def();
  wy_allocator al = wy_allocator_of(&d);
  volumes v;
  wy_vgrid g;
  wy_vgrid_init(&g);
  int missed = 0, unordered = 0, narrowed = 0;
  for (int round = 0; round < 400; round++) {
    random_volumes(&v, round % 5);
    ENSURE(wy_vgrid_build(&g, &al, v.count, extent_of, &v));
    ENSURE(g.fresh);
    int32_t live = 0;
    for (int32_t i = 0; i < v.count; i++) live += v.live[i];
    ENSURE(g.items.count <= 8 * live || (g.nx == 1 && g.ny == 1));
    for (int q = 0; q < 200; q++) {
      float p[2];
      random_point(&v, p);
      int32_t n;
      const int32_t *at = wy_vgrid_at(&g, p[0], p[1], v.count, &n);
      for (int32_t k = 1; k < n; k++) unordered += at[k] <= at[k - 1];
      int32_t holding = 0;
      for (int32_t i = 0; i < v.count; i++) {
        if (!v.live[i] || p[0] < v.lo[i][0] || p[0] > v.hi[i][0] || p[1] < v.lo[i][1] || p[1] > v.hi[i][1])
          continue;
        holding++;
        bool found = false;
        for (int32_t k = 0; k < n && !found; k++) found = at[k] == i;
        missed += !found;
      }
      narrowed += n < v.count && holding < n;
    }
  }
  ENSURE(missed == 0);
  ENSURE(unordered == 0);
  ENSURE(narrowed > 1000); /* it does leave slots out */
  wy_vgrid_stale(&g);
  int32_t n;
  ENSURE(wy_vgrid_at(&g, 0.0f, 0.0f, 17, &n) == NULL && n == 17);
  /* No volume: nothing holds any point. */
  v.count = 3;
  memset(v.live, 0, sizeof v.live);
  ENSURE(wy_vgrid_build(&g, &al, v.count, extent_of, &v));
  (void)wy_vgrid_at(&g, 0.0f, 0.0f, v.count, &n);
  ENSURE(n == 0);
  wy_vgrid_free(&g, &al);
}

/* Rooms crowding a 100 m square, with one volume over the whole level (a
 * fog) and one room 10 km off: the cells still span the rooms, so a point
 * among them is handed a few slots, not all of them, and every one that
 * holds it. */
static void test_grid_outliers(void) {
  wary_world_def d = wary_default_world_def();
  wy_allocator al = wy_allocator_of(&d);
  static volumes v;
  v.count = VOLUMES;
  for (int32_t i = 0; i < v.count; i++) {
    v.live[i] = true;
    for (int k = 0; k < 2; k++) {
      v.lo[i][k] = 10000.0f * unit();
      v.hi[i][k] = v.lo[i][k] + 300.0f + 500.0f * unit();
    }
  }
  for (int k = 0; k < 2; k++) {
    v.lo[7][k] = -1e6f; /* the fog */
    v.hi[7][k] = 1e6f;
    v.lo[8][k] = 1e6f; /* the far room */
    v.hi[8][k] = 1e6f + 500.0f;
  }
  wy_vgrid g;
  wy_vgrid_init(&g);
  ENSURE(wy_vgrid_build(&g, &al, v.count, extent_of, &v));
  int64_t handed = 0;
  int missed = 0;
  for (int q = 0; q < 1000; q++) {
    float p[2] = {10000.0f * unit(), 10000.0f * unit()};
    if (q == 0) p[0] = p[1] = 1e6f + 100.0f; /* in the far room */
    int32_t n;
    const int32_t *at = wy_vgrid_at(&g, p[0], p[1], v.count, &n);
    handed += n;
    for (int32_t i = 0; i < v.count; i++) {
      if (p[0] < v.lo[i][0] || p[0] > v.hi[i][0] || p[1] < v.lo[i][1] || p[1] > v.hi[i][1]) continue;
      bool found = false;
      for (int32_t k = 0; k < n && !found; k++) found = at[k] == i;
      missed += !found;
    }
  }
  ENSURE(missed == 0);
  ENSURE(handed < 1000 * 20); /* a point among 300 rooms is handed about 10 */
  wy_vgrid_free(&g, &al);
}

/* ---- a world's answers, grids built and stale --------------------------------- */

/* The environments at p and the light at each target, with the world's
 * grids as they are, and again with both stale (the light taken afresh). */
static int differences(wary_world *w, const wary_actor_id *targets, int32_t n_targets) {
  int diff = 0;
  for (int q = 0; q < 300; q++) {
    float p[3] = {4000.0f * (unit() - 0.5f), 4000.0f * (unit() - 0.5f), 300.0f * unit()};
    float a[3], b[3];
    wy_env_at(w, p, &a[0], &a[1], &a[2]);
    bool fresh = w->env_grid.fresh;
    wy_vgrid_stale(&w->env_grid);
    wy_env_at(w, p, &b[0], &b[1], &b[2]);
    w->env_grid.fresh = fresh;
    diff += memcmp(a, b, sizeof a) != 0;
  }
  for (int32_t i = 0; i < n_targets; i++) {
    w->light_epoch++;
    float a = wary_light_at(w, targets[i]);
    bool fresh = w->light_grid.fresh;
    wy_vgrid_stale(&w->light_grid);
    w->light_epoch++;
    float b = wary_light_at(w, targets[i]);
    w->light_grid.fresh = fresh;
    diff += memcmp(&a, &b, sizeof a) != 0;
  }
  return diff;
}

#define ENVS 400
#define LAMPS 300
#define TARGETS 40

static wary_environment_def random_env(void) {
  wary_environment_def e = wary_default_environment_def();
  float x = 4000.0f * (unit() - 0.5f), y = 4000.0f * (unit() - 0.5f), s = 20.0f + 600.0f * unit();
  float lo[3] = {x, y, 0.0f}, hi[3] = {x + s * unit(), y + s * unit(), 100.0f + 200.0f * unit()};
  memcpy(e.min, lo, sizeof lo);
  memcpy(e.max, hi, sizeof hi);
  e.vision_range_scale = unit();
  e.hearing_range_scale = unit();
  e.light = lcg() % 3 ? -1.0f : unit();
  return e;
}

static wary_light_def random_lamp(void) {
  wary_light_def l = wary_default_light_def();
  l.pos[0] = 4000.0f * (unit() - 0.5f);
  l.pos[1] = 4000.0f * (unit() - 0.5f);
  l.pos[2] = 250.0f;
  l.radius = 50.0f + 500.0f * unit();
  l.intensity = unit();
  l.cast_shadows = lcg() % 2;
  return l;
}

/* Of 300 points spread as the volumes are, how many the environments'
 * grid hands fewer than a tenth of their slots. */
static int narrowed(const wary_world *w) {
  int few = 0;
  for (int q = 0; q < 300; q++) {
    int32_t n;
    (void)wy_vgrid_at(&w->env_grid, 4000.0f * (unit() - 0.5f), 4000.0f * (unit() - 0.5f), w->envs.count, &n);
    few += n < w->envs.count / 10;
  }
  return few;
}

/* A step, after which both grids are built, answer as every slot does, and
 * leave most slots out. */
static void step_and_compare(wary_world *w, const wary_actor_id *targets) {
  MADE(wary_step(w, 0.05f));
  ENSURE(w->env_grid.fresh && w->light_grid.fresh);
  ENSURE(differences(w, targets, TARGETS) == 0);
  ENSURE(narrowed(w) > 250);
}

static void test_world_same(void) {
  wary_world_def d = wary_default_world_def();
  d.units_per_meter = 100.0f;
  faults f = {.fail_at = -1};
  faults_use(&d, &f);
  wary_world *w = make_world(&d);
  if (!w) return;
  MADE(wary_world_set_sun(w, 0.0f, 0.0f, 0.0f, 1.0f, 0.05f)); /* dark: the lamps count */
  wary_environment_id envs[ENVS];
  wary_light_id lamps[LAMPS];
  wary_actor_id targets[TARGETS];
  for (int i = 0; i < 30; i++) {
    wary_box_def b = wary_default_box_def();
    float x = 4000.0f * (unit() - 0.5f), y = 4000.0f * (unit() - 0.5f);
    float lo[3] = {x, y, 0.0f}, hi[3] = {x + 200.0f, y + 50.0f, 300.0f};
    memcpy(b.min, lo, sizeof lo);
    memcpy(b.max, hi, sizeof hi);
    make_box(w, &b);
  }
  for (int i = 0; i < TARGETS; i++) {
    wary_actor_def a = wary_default_actor_def();
    a.pos[0] = 4000.0f * (unit() - 0.5f);
    a.pos[1] = 4000.0f * (unit() - 0.5f);
    targets[i] = make_actor(w, &a);
  }
  for (int i = 0; i < ENVS; i++) {
    wary_environment_def e = random_env();
    MADE(wary_environment_create(w, &e, &envs[i]));
  }
  for (int i = 0; i < LAMPS; i++) {
    wary_light_def l = random_lamp();
    MADE(wary_light_create(w, &l, &lamps[i]));
  }
  ENSURE(!w->env_grid.fresh && !w->light_grid.fresh); /* stale until a step */
  int lit = 0;
  for (int i = 0; i < TARGETS; i++) lit += wary_light_at(w, targets[i]) > 0.05f;
  ENSURE(lit >= TARGETS / 4); /* a lamp reaches many of them */
  step_and_compare(w, targets);

  /* Each change alone leaves its own grid stale (the other as it was),
   * and the next step builds it again. */
  for (int round = 0; round < 3; round++) {
    for (int change = 0; change < 6; change++) {
      int i = (round * 6 + change) * 7;
      wary_environment_def e = random_env();
      wary_light_def l = random_lamp();
      switch (change) {
      case 0: MADE(wary_environment_set(w, envs[i % ENVS], &e)); break;
      case 1: MADE(wary_environment_destroy(w, envs[i % ENVS])); break;
      case 2: MADE(wary_environment_create(w, &e, &envs[(i - 7) % ENVS])); break;
      case 3: MADE(wary_light_set(w, lamps[i % LAMPS], &l)); break;
      case 4: MADE(wary_light_destroy(w, lamps[i % LAMPS])); break;
      default: MADE(wary_light_create(w, &l, &lamps[(i - 7) % LAMPS])); break;
      }
      bool lamps_changed = change >= 3;
      ENSURE(w->env_grid.fresh == lamps_changed && w->light_grid.fresh == !lamps_changed);
      step_and_compare(w, targets);
    }
  }

  /* A load leaves them stale; the next step builds them. */
  size_t size;
  unsigned char *bytes = snapshot_of(w, &size);
  ENSURE(bytes != NULL);
  if (bytes) {
    MADE(wary_world_load(w, bytes, size));
    free(bytes);
  }
  ENSURE(!w->env_grid.fresh && !w->light_grid.fresh);
  step_and_compare(w, targets);

  /* A step whose build of them finds no memory fails as out of memory
   * (as for the box tree) and changes nothing the world saves; what was
   * not built stays stale, and the next step builds it. */
  int built_later = 0;
  for (long k = 0; k < 4; k++) {
    wary_environment_def e = random_env();
    MADE(wary_environment_create(w, &e, NULL));
    wary_light_def l = random_lamp();
    MADE(wary_light_create(w, &l, NULL));
    /* Without their room, the step's first allocations are the grids' four
     * (the lamps' cells and slots, then the environments'): the k-th is
     * refused. */
    wy_vgrid_free(&w->light_grid, &w->alloc);
    wy_vgrid_free(&w->env_grid, &w->alloc);
    size_t before_size, after_size;
    unsigned char *before = snapshot_of(w, &before_size);
    f.failed = false;
    f.fail_at = f.count + k;
    ENSURE(wary_step(w, 0.05f) == WARY_ERR_OUT_OF_MEMORY);
    f.fail_at = -1;
    ENSURE(f.failed);
    ENSURE(w->light_grid.fresh == (k >= 2) && !w->env_grid.fresh); /* the lamps' is built first */
    unsigned char *after = snapshot_of(w, &after_size);
    ENSURE(before && after && before_size == after_size && memcmp(before, after, before_size) == 0);
    free(before);
    free(after);
    ENSURE(differences(w, targets, TARGETS) == 0);
    step_and_compare(w, targets);
    built_later += w->env_grid.fresh && w->light_grid.fresh;
  }
  ENSURE(built_later == 4);
  wary_world_destroy(w);
}

int main(void) {
  test_grid_random();
  test_grid_outliers();
  test_world_same();
  return check_summary("test_volumes");
}
