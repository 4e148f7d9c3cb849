/* bench/core_world.c - the world of parts 1-3 (N agents, M targets, K boxes
 * in a 100 m square, from the fixed-seed LCG), and what the other parts'
 * worlds are built from too: the materials, random boxes, movers (their
 * defs, velocities and moves), an environment over a whole world (core.h). */
#include "core.h"

const char *const material_names[MAT_COUNT] = {"concrete", "glass", "foliage", "smoke"};
const float material_transmission[MAT_COUNT] = {0.0f, 1.0f, 0.72f, 0.02f};
const bool material_wall[MAT_COUNT] = {true, true, false, false};
const int material_share[MAT_COUNT] = {50, 15, 25, 10}; /* percent, see pick_material */

/* Picks a material with the shares 50% concrete, 15% glass, 25% foliage, 10% smoke. */
int pick_material(double r) {
  return r < 0.50 ? MAT_CONCRETE : r < 0.65 ? MAT_GLASS : r < 0.90 ? MAT_FOLIAGE : MAT_SMOKE;
}

double heading_rad(double deg) { return deg * PI_D / 180.0; }

/* A random walk for mv: speed min + [0, span) cm/s, any heading (two draws). */
void random_velocity(lcg *g, mover *mv, double min, double span) {
  double speed = min + rnd(g) * span;
  double heading = rnd(g) * 360.0;
  mv->vx = speed * cos(heading_rad(heading));
  mv->vy = speed * sin(heading_rad(heading));
}

/* An actor def on team standing where mv is, moving as it does. */
wary_actor_def mover_def(const mover *mv, int32_t team) {
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
wary_box_def random_box(lcg *g, double size) {
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

bool world_build(bench_world *b, int32_t n, int32_t m, int32_t k) {
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
bool world_add_agents(bench_world *b, const int32_t profile[2]) {
  for (int32_t i = 0; i < b->n; i++) {
    mover *a = &b->agents[i];
    wary_actor_def ad = mover_def(a, 1);
    ad.yaw = (float)(atan2(a->vy, a->vx) * 180.0 / PI_D);
    ad.profile = profile[i % 2];
    if (wary_actor_create(b->w, &ad, &a->id) != WARY_OK) return false;
  }
  return true;
}

void world_free(bench_world *b) {
  wary_world_destroy(b->w);
  free(b->box_min);
  free(b->box_max);
  free(b->box_mat);
  free(b->agents);
  free(b->targets);
}

/* An environment over the whole size x size square (and as far again around
 * it) with the given range scales; exits with what on failure. */
void cover_with_env(wary_world *w, double size, float vision_scale, float hearing_scale,
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
void move_in(mover *p, double dt, double size, double xo) {
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
void move_around(mover *p, double dt, double lo, double hi) {
  p->x -= lo;
  p->y -= lo;
  move_in(p, dt, hi - lo, 0.0);
  p->x += lo;
  p->y += lo;
}

/* Moves every actor by one step (not timed). */
void world_move(bench_world *b) {
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

double world_run(bench_world *b, int steps, double (*clock)(void), double *step_ms) {
  double seconds = 0.0;
  for (int i = 0; i < steps; i++) {
    world_move(b);
    double t0 = clock();
    wary_step(b->w, DT);
    double t = clock() - t0;
    if (step_ms) step_ms[i] = t * 1e3;
    seconds += t;
  }
  return seconds;
}
