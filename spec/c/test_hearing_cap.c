/* test_hearing_cap.c - the wall ray of hearing stops at a cap of walls
 * (wy_hearing_wall_cap) past which no sound can be heard, and that changes
 * nothing: the last factor of the hearing formula is the same with the wall
 * count capped or not over many random sounds, and in a world of thin walls
 * every sound heard arrives as loud as the formula says through all the walls
 * wary_ray_cast counts (and none is heard that it says is silent). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hearing.h"

static void test_formula(void) {
  const float absorptions[] = {0.0f, 1e-7f, 1e-3f, 0.05f, 0.4f, 1.0f, 2.5f, 5.0f, 40.0f, 1e6f};
  int bad = 0;
  int capped = 0;
  for (int i = 0; i < 400000; i++) {
    float a = i % 3 == 0 ? absorptions[rng_next() % 10] : rng_range(0.0f, 8.0f);
    float heard = i % 5 == 0 ? rng_range(0.0f, 1e-30f) : rng_range(0.0f, 1e4f);
    int32_t cap = wy_hearing_wall_cap(a);
    int32_t walls = (int32_t)(rng_next() % 3000);
    if (i % 4 == 0 && cap < 3000) {
      walls = cap - 2 + (int32_t)(rng_next() % 5); /* around the cap */
    }
    if (walls < 0) {
      walls = 0;
    }
    int32_t counted = walls < cap ? walls : cap;
    capped += counted < walls;
    float full = wy_hearing_through_walls(heard, a, walls);
    float cut = wy_hearing_through_walls(heard, a, counted);
    bad += bits_of(full) != bits_of(cut);
    /* Through the cap itself nothing is heard, whatever the loudness. */
    bad += cap < INT32_MAX && wy_hearing_through_walls(1e38f, a, cap) != 0.0f;
  }
  printf("hearing cap: 400000 random sounds through walls, %d of them past the cap\n", capped);
  ENSURE(bad == 0);
  ENSURE(capped > 50000);
  ENSURE(wy_hearing_wall_cap(0.4f) == 300 && wy_hearing_wall_cap(0.0f) == INT32_MAX &&
         wy_hearing_wall_cap(1e-7f) == INT32_MAX);
}

enum { WALLS = 60, LISTENERS = 40, SOUNDS = 150 };

/* The walls of test_world (x in [i + 0.4, i + 0.6], |y| and |z| within 100
 * and 10) that hold p strictly inside. */
static int32_t walls_holding(const float p[3]) {
  int32_t n = 0;
  for (int i = 0; i < WALLS; i++)
    n += p[0] > (float)i + 0.4f && p[0] < (float)i + 0.6f && fabsf(p[1]) < 100.0f && fabsf(p[2]) < 10.0f;
  return n;
}

/* Listeners behind up to 60 thin walls (one a metre along x) hear makers of
 * another team; three profiles absorb 0.4, 2.5 and 5 a wall (caps 300, 48,
 * 24). Every sound_heard must carry the loudness of the formula through the
 * walls wary_ray_cast counts from the ear to the sound, and every listener
 * that formula lets hear a sound must have heard it. */
static void test_world(void) {
  wary_world_def wd = wary_default_world_def();
  wd.units_per_meter = 1.0f;
  wary_world *w = make_world(&wd);
  const float absorption[3] = {0.4f, 2.5f, 5.0f};
  int32_t profile[3];
  for (int p = 0; p < 3; p++) {
    wary_profile_def pd = wary_default_profile_def();
    pd.senses[0].sense = WARY_SENSE_HEARING;
    pd.sense_count = 1;
    profile[p] = make_profile(w, &pd);
    wary_hearing_def h = wary_default_hearing_def();
    h.wall_absorption = absorption[p];
    h.ear_height = 0.64f;
    ENSURE(wary_profile_set_hearing(w, profile[p], &h) == WARY_OK);
  }
  wary_sound_def sd = wary_default_sound_def();
  sd.name = make_name(w, "Shot");
  sd.category = WARY_CATEGORY_ENEMY;
  sd.loudness = 3.0f;
  sd.max_range = 90.0f;
  sd.max_pending = 1000;
  int32_t shot;
  ENSURE(wary_sound_create(w, &sd, &shot) == WARY_OK);
  for (int i = 0; i < WALLS; i++) {
    wary_box_def b = wary_default_box_def();
    b.min[0] = (float)i + 0.4f;
    b.max[0] = (float)i + 0.6f;
    b.min[1] = -100.0f;
    b.max[1] = 100.0f;
    b.min[2] = -10.0f;
    b.max[2] = 10.0f;
    make_box(w, &b);
  }
  wary_actor_id listener[LISTENERS];
  float at[LISTENERS][3];
  for (int i = 0; i < LISTENERS; i++) {
    wary_actor_def a = wary_default_actor_def();
    a.pos[0] = rng_range(-5.0f, 65.0f);
    a.pos[1] = rng_range(-30.0f, 30.0f);
    memcpy(at[i], a.pos, sizeof at[i]);
    a.team = 1;
    a.profile = profile[i % 3];
    listener[i] = make_actor(w, &a);
  }
  wary_actor_def md = wary_default_actor_def();
  md.team = 2;
  wary_actor_id maker = make_actor(w, &md);
  int heard = 0;
  int silent_past_cap = 0;
  int bad = 0;
  for (int s = 0; s < SOUNDS; s++) {
    float pos[3] = {rng_range(-5.0f, 65.0f), rng_range(-30.0f, 30.0f), 0.0f};
    ENSURE(wary_actor_set_pos(w, maker, pos[0], pos[1], pos[2]) == WARY_OK);
    ENSURE(wary_emit_sound(w, maker, shot) == WARY_OK);
    /* What each listener should hear: the formula through every wall. */
    float want[LISTENERS];
    int32_t want_walls[LISTENERS];
    for (int i = 0; i < LISTENERS; i++) {
      float ear[3] = {at[i][0], at[i][1], at[i][2] + 0.64f};
      float dx = pos[0] - ear[0], dy = pos[1] - ear[1], dz = pos[2] - ear[2];
      float d = sqrtf(dx * dx + dy * dy + dz * dz);
      float r = d / sd.max_range;
      float loud = sd.loudness * 1.0f * (1.0f - r * r) * wd.weather;
      wary_ray_result ray;
      ENSURE(wary_ray_cast(w, ear[0], ear[1], ear[2], pos[0], pos[1], pos[2], &ray) == WARY_OK);
      /* A wall the sound starts in is the thing making it, not a wall between. */
      want_walls[i] = ray.walls - walls_holding(pos);
      want[i] = d <= sd.max_range && loud > 0.0f
                    ? wy_hearing_through_walls(loud, absorption[i % 3], want_walls[i])
                    : 0.0f;
      silent_past_cap += want[i] == 0.0f && want_walls[i] >= wy_hearing_wall_cap(absorption[i % 3]);
    }
    bool got[LISTENERS] = {false};
    for (int step = 0; step < 3; step++) {
      ENSURE(wary_step(w, 0.1f) == WARY_OK);
      for (int32_t e = 0; e < wary_event_count(w); e++) {
        const wary_event *ev = &wary_events(w)[e];
        if (ev->type != WARY_EV_SOUND_HEARD) continue;
        int i = 0;
        while (i < LISTENERS && listener[i].id != ev->agent.id) i++;
        bad += i == LISTENERS || got[i] || bits_of(ev->loudness) != bits_of(want[i]) ||
               ev->walls != want_walls[i];
        if (i < LISTENERS) got[i] = true;
        heard++;
      }
    }
    for (int i = 0; i < LISTENERS; i++) bad += got[i] != (want[i] > 0.0f);
  }
  printf("hearing cap: %d sounds to %d listeners through up to %d walls: %d heard, "
         "%d silent past the cap\n", SOUNDS, LISTENERS, WALLS, heard, silent_past_cap);
  ENSURE(bad == 0);
  ENSURE(heard > 1000 && silent_past_cap > 500);
  wary_world_destroy(w);
}

int main(void) {
  *lcg_seed() = 4242u; /* (check.h: rng_next) */
  test_formula();
  test_world();
  return check_summary(NULL);
}
