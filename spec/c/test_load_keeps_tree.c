/* test_load_keeps_tree.c - a load whose snapshot holds the boxes the world
 * has (a rollback's, a quickload's) keeps the world's box tree rather than
 * building it again at the next step (save.c, wary_world_load), and the
 * world then plays on exactly as a world made anew that loaded the same
 * snapshot: the same bytes after every step, a tree built fresh or refitted
 * by a moved box. A snapshot of other boxes (one moved since the save)
 * has the tree built again. */
#include "check.h"
#include "world.h"

#define DT (1.0f / 60.0f)
#define WALLS 12

typedef struct scene {
  wary_world *w;
  wary_actor_id agent, target;
  wary_box_id boxes[WALLS];
} scene;

/* An agent that looks along x at a target walking behind glass and walls. */
static bool make_scene(scene *sc) {
  memset(sc, 0, sizeof *sc);
  sc->w = make_world(NULL);
  if (!sc->w) return false;
  wary_world *w = sc->w;
  wary_material_def glass = wary_default_material_def();
  glass.vision_transmission = 0.6f;
  glass.sound_wall = false;
  int32_t glass_index = 0;
  if (!MADE(wary_material_create(w, &glass, &glass_index))) return false;
  wary_profile_def pd = wary_default_profile_def();
  pd.senses[0].sense = WARY_SENSE_VISION;
  pd.sense_count = 1;
  int32_t profile = make_profile(w, &pd);
  wary_actor_def ad = wary_default_actor_def();
  ad.profile = profile;
  sc->agent = make_actor(w, &ad);
  ad = wary_default_actor_def();
  ad.pos[0] = 1500.0f;
  ad.vel[1] = 60.0f;
  sc->target = make_actor(w, &ad);
  for (int i = 0; i < WALLS; i++) {
    wary_box_def bd = wary_default_box_def();
    bd.min[0] = 300.0f + 90.0f * (float)i;
    bd.min[1] = -400.0f + 70.0f * (float)(i % 5);
    bd.max[0] = bd.min[0] + 20.0f;
    bd.max[1] = bd.min[1] + 60.0f;
    bd.max[2] = 250.0f;
    bd.material = i % 3 == 0 ? 0 : glass_index;
    sc->boxes[i] = make_box(w, &bd);
  }
  return true;
}

/* n steps, the target walking on. */
static void play(scene *sc, int n) {
  for (int i = 0; i < n; i++) {
    wary_actor_info st;
    ENSURE(wary_actor_get(sc->w, sc->target, &st) == WARY_OK);
    float y = st.pos[1] + 60.0f * DT;
    if (y > 400.0f) y = -400.0f;
    ENSURE(wary_actor_set_pos(sc->w, sc->target, st.pos[0], y, st.pos[2]) == WARY_OK);
    ENSURE(wary_step(sc->w, DT) == WARY_OK);
  }
}

/* A world made anew loads snap and plays n steps beside sc's world, which
 * loaded it too: the same bytes after every step. */
static void plays_as_anew(scene *sc, const unsigned char *snap, size_t size, int n) {
  scene fresh;
  if (!make_scene(&fresh)) return;
  ENSURE(wary_world_load(fresh.w, snap, size) == WARY_OK);
  for (int i = 0; i < n; i++) {
    play(sc, 1);
    play(&fresh, 1);
    ENSURE(same_bytes(sc->w, fresh.w));
  }
  wary_world_destroy(fresh.w);
}

static void test_same_boxes_keep_the_tree(void) {
  scene sc;
  if (!make_scene(&sc)) return;
  play(&sc, 30);
  size_t size = 0;
  unsigned char *snap = snapshot_of(sc.w, &size);
  play(&sc, 20);
  ENSURE(!sc.w->occ.dirty);
  int32_t nodes = sc.w->occ.nodes.count;
  ENSURE(snap && wary_world_load(sc.w, snap, size) == WARY_OK);
  ENSURE(!sc.w->occ.dirty); /* kept: no build at the next step */
  ENSURE(sc.w->occ.nodes.count == nodes);
  plays_as_anew(&sc, snap, size, 40);
  free(snap);
  wary_world_destroy(sc.w);
}

static void test_a_refitted_tree_kept_plays_alike(void) {
  scene sc;
  if (!make_scene(&sc)) return;
  play(&sc, 10);
  /* A wall moved a little: the tree is refitted, not built. */
  ENSURE(wary_box_set_bounds(sc.w, sc.boxes[4], 660.0f, -120.0f, 0.0f, 680.0f, -60.0f, 250.0f) == WARY_OK);
  play(&sc, 10);
  ENSURE(sc.w->occ.refitted && !sc.w->occ.dirty);
  size_t size = 0;
  unsigned char *snap = snapshot_of(sc.w, &size);
  play(&sc, 15);
  ENSURE(snap && wary_world_load(sc.w, snap, size) == WARY_OK);
  ENSURE(sc.w->occ.refitted && !sc.w->occ.dirty);
  plays_as_anew(&sc, snap, size, 40);
  free(snap);
  wary_world_destroy(sc.w);
}

static void test_other_boxes_build_it_again(void) {
  scene sc;
  if (!make_scene(&sc)) return;
  play(&sc, 10);
  size_t size = 0;
  unsigned char *snap = snapshot_of(sc.w, &size);
  ENSURE(wary_box_set_bounds(sc.w, sc.boxes[2], 480.0f, 0.0f, 0.0f, 500.0f, 60.0f, 250.0f) == WARY_OK);
  play(&sc, 5);
  ENSURE(!sc.w->occ.dirty);
  ENSURE(snap && wary_world_load(sc.w, snap, size) == WARY_OK);
  ENSURE(sc.w->occ.dirty && !sc.w->occ.refitted);
  plays_as_anew(&sc, snap, size, 20);
  free(snap);
  wary_world_destroy(sc.w);
}

int main(void) {
  test_same_boxes_keep_the_tree();
  test_a_refitted_tree_kept_plays_alike();
  test_other_boxes_build_it_again();
  return check_summary("test_load_keeps_tree");
}
