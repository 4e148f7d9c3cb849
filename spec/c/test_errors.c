/* test_errors.c - bad values through the C API: each gets its status, leaves
 * the world as it was, and leaves a last-error text (wary_last_error, and the
 * log callback of the world def) that names the function, the field, what
 * was expected and what was given. A few texts are checked word for word,
 * the rest by their parts. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "wary.h"

/* What the log callback heard. */
typedef struct heard {
  int count;
  char last[512];
} heard;

static void log_to(void *user, const char *message) {
  heard *h = user;
  h->count++;
  snprintf(h->last, sizeof h->last, "%s", message);
}

/* A world whose failures are logged into h. */
static wary_world *logged_world(heard *h) {
  wary_world_def d = wary_default_world_def();
  d.log = log_to;
  d.log_user = h;
  return make_world(&d);
}

/* The last error is text, word for word, and the log heard it as the
 * failure number count. */
#define SAYS(w, h, n, text)                                         \
  do {                                                              \
    ENSURE(strcmp(wary_last_error(w), (text)) == 0);                \
    ENSURE((h)->count == (n) && strcmp((h)->last, (text)) == 0);    \
    if (strcmp(wary_last_error(w), (text)) != 0)                    \
      fprintf(stderr, "  said: %s\n  want: %s\n", wary_last_error(w), (text)); \
  } while (0)

/* The last error holds each of the parts. */
static bool has_parts(const char *text, const char *const *parts) {
  for (int i = 0; parts[i]; i++)
    if (!strstr(text, parts[i])) {
      fprintf(stderr, "  '%s' lacks '%s'\n", text, parts[i]);
      return false;
    }
  return true;
}
#define HAS(w, ...) ENSURE(has_parts(wary_last_error(w), (const char *const[]){__VA_ARGS__, NULL}))

static void test_world_def(void) {
  heard h = {0};
  wary_world_def d = wary_default_world_def();
  d.log = log_to;
  d.log_user = &h;
  wary_world *w = (wary_world *)&h; /* not NULL, so the test sees it cleared */
  d.units_per_meter = 0.0f;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && w == NULL);
  ENSURE(h.count == 1 &&
         strcmp(h.last, "wary_world_create: world_def.units_per_meter: expected a finite number in (0, 1e+06], got 0") ==
             0);
  /* So large that its scaled ranges overflow: refused as such, not as out of memory. */
  d.units_per_meter = 3.5e37f;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && w == NULL && h.count == 2 &&
         strcmp(h.last, "wary_world_create: world_def.units_per_meter: expected a finite number in (0, 1e+06], got "
                        "3.5e+37") == 0);
  d.units_per_meter = 100.0f;
  d.event_capacity = 0;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && w == NULL);
  ENSURE(h.count == 3 &&
         strcmp(h.last, "wary_world_create: world_def.event_capacity: expected an integer >= 1, got 0") == 0);
  d.event_capacity = 4096;
  d.lod_interval_scale[2] = -INFINITY;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && w == NULL);
  ENSURE(h.count == 4 && strcmp(h.last, "wary_world_create: world_def.lod_interval_scale[2]: expected a finite "
                                        "number > 0, got -inf") == 0);
  /* A zeroed def is no def: units_per_meter has no default there. */
  wary_world_def zero;
  memset(&zero, 0, sizeof zero);
  zero.log = log_to;
  zero.log_user = &h;
  ENSURE(wary_world_create(&zero, &w) == WARY_ERR_BAD_VALUE && w == NULL && h.count == 5);
  ENSURE(strstr(h.last, "world_def.units_per_meter") != NULL);
  ENSURE(wary_world_create(&d, NULL) == WARY_ERR_BAD_VALUE && h.count == 6);
  ENSURE(strcmp(h.last, "wary_world_create: out: expected a pointer, got NULL") == 0);
  /* A world that made it has no error yet. */
  w = logged_world(&h);
  ENSURE(w && strcmp(wary_last_error(w), "") == 0 && h.count == 6);
  wary_world_destroy(w);
  /* Without a log, the refusal's text is this thread's, from wary_last_error(NULL). */
  d = wary_default_world_def();
  d.workers = -1;
  ENSURE(wary_world_create(&d, &w) == WARY_ERR_BAD_VALUE && w == NULL);
  ENSURE(strncmp(wary_last_error(NULL), "wary_world_create: world_def.workers: expected ", 47) == 0);
  ENSURE(strstr(wary_last_error(NULL), "got -1") != NULL);
  /* A world made after it leaves it (as a call that succeeds leaves a world's). */
  ENSURE(wary_world_create(NULL, &w) == WARY_OK);
  ENSURE(strstr(wary_last_error(NULL), "world_def.workers") != NULL);
  wary_world_destroy(w);
}

static void test_actor_def(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_actor_def a = wary_default_actor_def();
  a.pos[1] = NAN;
  wary_actor_id id = {7};
  ENSURE(wary_actor_create(w, &a, &id) == WARY_ERR_BAD_VALUE && WARY_IS_NULL(id));
  SAYS(w, &h, 1, "wary_actor_create: actor_def.pos[1]: expected a finite number, got nan");
  ENSURE(wary_actor_count(w) == 0);
  a = wary_default_actor_def();
  a.profile = 3;
  ENSURE(wary_actor_create(w, &a, NULL) == WARY_ERR_NOT_FOUND && wary_actor_count(w) == 0);
  SAYS(w, &h, 2, "wary_actor_create: actor_def.profile: expected -1 (a target; no profile has been made), got 3");
  a = wary_default_actor_def();
  a.visibility = 1.5f;
  ENSURE(wary_actor_create(w, &a, NULL) == WARY_ERR_BAD_VALUE && wary_actor_count(w) == 0);
  HAS(w, "wary_actor_create: ", "actor_def.visibility", "expected a finite number in [0, 1]", "got 1.5");
  ENSURE(wary_actor_create(w, NULL, NULL) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 4, "wary_actor_create: actor_def: expected a pointer, got NULL");
  wary_world_destroy(w);
}

static void test_profile_def(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_profile_def p = wary_default_profile_def();
  p.detect_threshold = 2.0f;
  int32_t index = 5;
  ENSURE(wary_profile_create(w, &p, &index) == WARY_ERR_BAD_VALUE && index == -1);
  SAYS(w, &h, 1,
       "wary_profile_create: profile_def.detect_threshold: expected a number in [suspect_threshold 0.15, "
       "track_threshold 0.6], got 2");
  p = wary_default_profile_def();
  p.sense_count = 2;
  p.senses[0].sense = WARY_SENSE_VISION;
  p.senses[1].sense = WARY_SENSE_VISION;
  ENSURE(wary_profile_create(w, &p, &index) == WARY_ERR_BAD_VALUE && index == -1);
  HAS(w, "wary_profile_create: ", "profile_def.senses[1].sense", "expected a sense not listed before", "got 0");
  /* An index no sense has: not found, as every index a def names that the
   * world lacks (a box's material, an actor's profile, a hearing filter). */
  p.senses[1].sense = 99;
  ENSURE(wary_profile_create(w, &p, &index) == WARY_ERR_NOT_FOUND && index == -1);
  HAS(w, "wary_profile_create: ", "profile_def.senses[1].sense", "expected a sense index in [0, ", "got 99");
  /* Nothing was made: the first good profile is profile 0. */
  p.sense_count = 1;
  ENSURE(wary_profile_create(w, &p, &index) == WARY_OK && index == 0);
  ENSURE(h.count == 3);
  /* A setter checks the profile index first, then the def. */
  ENSURE(wary_profile_set(w, 4, &p) == WARY_ERR_NOT_FOUND);
  SAYS(w, &h, 4, "wary_profile_set: profile: expected a profile index in [0, 0], got 4");
  /* A zeroed vision def has no interval. */
  wary_actor_def ad = wary_default_actor_def();
  ad.profile = 0;
  wary_actor_id guard = make_actor(w, &ad);
  ad.profile = -1;
  ad.pos[0] = 500.0f;
  wary_actor_id thief = make_actor(w, &ad);
  wary_vision_explain before, after;
  ENSURE(wary_vision_explain_get(w, guard, thief, &before) == WARY_OK);
  wary_vision_def zero, before_vision = wary_default_vision_def();
  memset(&zero, 0, sizeof zero);
  ENSURE(wary_profile_set_vision(w, 0, &zero) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 5, "wary_profile_set_vision: vision_def.interval: expected a finite number > 0, got 0");
  ENSURE(wary_vision_explain_get(w, guard, thief, &after) == WARY_OK);
  ENSURE(after.range == before.range && after.confidence == before.confidence);
  /* A peripheral cone no wider than the focal one would never apply. */
  wary_vision_def narrow = wary_default_vision_def();
  narrow.peripheral_cone = true;
  narrow.peripheral_half_angle = 60.0f;
  ENSURE(wary_profile_set_vision(w, 0, &narrow) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 6,
       "wary_profile_set_vision: vision_def.peripheral_half_angle: expected more than half_angle 60 with "
       "peripheral_cone on (the ring beyond the focal cone), got 60");
  narrow.peripheral_half_angle = 61.0f;
  ENSURE(wary_profile_set_vision(w, 0, &narrow) == WARY_OK);
  ENSURE(wary_profile_set_vision(w, 0, &before_vision) == WARY_OK);
  wary_hearing_def hd = wary_default_hearing_def();
  hd.filter = 2;
  ENSURE(wary_profile_set_hearing(w, 0, &hd) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_profile_set_hearing: ", "hearing_def.filter", "expected -1 (hears everything", "got 2");
  wary_world_destroy(w);
}

static void test_boxes(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_box_def b = wary_default_box_def();
  b.min[2] = 300.0f;
  b.max[0] = b.max[1] = 100.0f;
  wary_box_id box = {9};
  ENSURE(wary_box_create(w, &b, &box) == WARY_ERR_BAD_VALUE && WARY_IS_NULL(box));
  SAYS(w, &h, 1, "wary_box_create: box_def.max[2]: expected a finite number >= min[2] (300), got 0");
  ENSURE(wary_box_count(w) == 0);
  b.max[2] = 400.0f;
  b.material = 3;
  ENSURE(wary_box_create(w, &b, &box) == WARY_ERR_NOT_FOUND && wary_box_count(w) == 0);
  SAYS(w, &h, 2, "wary_box_create: box_def.material: expected a material index in [0, 0], got 3");
  b.material = 0;
  box = make_box(w, &b);
  ENSURE(wary_box_set_bounds(w, box, 0, 0, 0, 10, INFINITY, 10) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 3, "wary_box_set_bounds: max_y: expected a finite number, got inf");
  wary_material_def m = wary_default_material_def();
  m.vision_transmission = -0.25f;
  int32_t material = 4;
  ENSURE(wary_material_create(w, &m, &material) == WARY_ERR_BAD_VALUE && material == -1);
  HAS(w, "wary_material_create: ", "material_def.vision_transmission", "expected a finite number in [0, 1]",
      "got -0.25");
  wary_world_destroy(w);
}

static void test_handles(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_actor_def a = wary_default_actor_def();
  wary_actor_id gone = make_actor(w, &a);
  wary_actor_id kept = make_actor(w, &a);
  ENSURE(wary_actor_destroy(w, gone) == WARY_OK);
  ENSURE(wary_actor_set_pos(w, gone, 1, 2, 3) == WARY_ERR_STALE_ID);
  SAYS(w, &h, 1, "wary_actor_set_pos: actor: expected a live actor, got a stale handle 0x20100000 (removed)");
  ENSURE(wary_actor_count(w) == 1);
  /* The box given an actor's id, as a binding passing plain numbers can. */
  wary_box_def b = wary_default_box_def();
  b.max[0] = b.max[1] = b.max[2] = 1.0f;
  wary_box_id box = make_box(w, &b);
  ENSURE(wary_box_destroy(w, (wary_box_id){kept.id}) == WARY_ERR_WRONG_KIND && wary_box_valid(w, box));
  SAYS(w, &h, 2, "wary_box_destroy: box: expected a live box, got an actor id (0x20100001)");
  ENSURE(wary_actor_get(w, (wary_actor_id)WARY_NULL_HANDLE, &(wary_actor_info){0}) == WARY_ERR_STALE_ID);
  SAYS(w, &h, 3, "wary_actor_get: actor: expected a live actor, got a null handle");
  ENSURE(wary_actor_set_yaw(w, (wary_actor_id){kept.id + 5}, 0) == WARY_ERR_STALE_ID);
  HAS(w, "wary_actor_set_yaw: actor: ", "0x20100006", "no actor of this world has had it");
  /* An actor with no profile is no agent. */
  ENSURE(wary_belief_count(w, kept) == WARY_ERR_NOT_AGENT);
  SAYS(w, &h, 5, "wary_belief_count: agent: expected an agent, got 0x20100001, an actor with no profile");
  wary_world_destroy(w);
}

static void test_setters(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_actor_def a = wary_default_actor_def();
  wary_actor_id id = make_actor(w, &a);
  ENSURE(wary_actor_set_visibility(w, id, 1.5f) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 1, "wary_actor_set_visibility: visibility: expected a finite number in [0, 1], got 1.5");
  wary_actor_info info;
  ENSURE(wary_actor_get(w, id, &info) == WARY_OK && info.visibility == 1.0f);
  ENSURE(wary_actor_set_stance(w, id, 7) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_actor_set_stance: ", "stance", "expected an integer in [0, 2]", "got 7");
  ENSURE(wary_actor_set_pos(w, id, 0, NAN, 0) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_actor_set_pos: ", "y: ", "expected a finite number", "got nan");
  ENSURE(wary_actor_get(w, id, &info) == WARY_OK && info.pos[1] == 0.0f && info.stance == WARY_STANDING);
  /* A teleport names itself, not set_pos (which it shares the checks with). */
  ENSURE(wary_actor_teleport(w, id, 0, NAN, 0) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_actor_teleport: ", "y: ", "expected a finite number", "got nan");
  ENSURE(wary_actor_teleport(w, (wary_actor_id){id.id + 1}, 0, 0, 0) != WARY_OK);
  HAS(w, "wary_actor_teleport: ", "actor: ", "expected a live actor");
  ENSURE(wary_actor_get(w, id, &info) == WARY_OK && info.pos[1] == 0.0f);
  ENSURE(wary_actor_set_prop(w, id, 99, 1.0f) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_actor_set_prop: ", "key", "expected an interned name", "got 99");
  ENSURE(wary_world_set_weather(w, -0.5f) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_world_set_weather: weather: expected a finite number in [0, 1], got -0.5");
  wary_world_destroy(w);
}

static void test_sounds_and_pain(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_sound_def s = wary_default_sound_def();
  s.name = make_name(w, "footstep");
  int32_t sound;
  ENSURE(wary_sound_create(w, &s, &sound) == WARY_OK && sound == 0);
  ENSURE(wary_emit_sound_at(w, 5, 0, 0, 0) == WARY_ERR_NOT_FOUND);
  SAYS(w, &h, 1, "wary_emit_sound_at: sound: expected a sound index in [0, 0], got 5");
  s.name = 77;
  ENSURE(wary_sound_create(w, &s, &sound) == WARY_ERR_NOT_FOUND && sound == -1);
  HAS(w, "wary_sound_create: ", "sound_def.name", "expected an interned name", "got 77");
  wary_pain_def p = wary_default_pain_def();
  p.name = make_name(w, "burning");
  p.effect_count = WARY_MAX_PAIN_EFFECTS + 1;
  int32_t pain;
  ENSURE(wary_pain_create(w, &p, &pain) == WARY_ERR_BAD_VALUE && pain == -1);
  SAYS(w, &h, 3, "wary_pain_create: pain_def.effect_count: expected an integer in [0, 8], got 9");
  p.effect_count = 1;
  p.effect_sense[0] = WARY_SENSE_VISION;
  p.effect[0] = 2.0f;
  ENSURE(wary_pain_create(w, &p, &pain) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_pain_create: ", "pain_def.effect[0]", "expected a finite number in [0, 1]", "got 2");
  p.effect[0] = 0.5f;
  ENSURE(wary_pain_create(w, &p, &pain) == WARY_OK && pain == 0);
  ENSURE(h.count == 4);
  wary_world_destroy(w);
}

/* A full table, a call during a step and one only a step allows. */
static void test_tables_and_steps(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_actor_def a = wary_default_actor_def();
  wary_actor_id id = make_actor(w, &a);
  char name[16];
  for (int i = 0; i < WARY_MAX_PROPS; i++) {
    snprintf(name, sizeof name, "p%d", i);
    ENSURE(wary_actor_set_prop(w, id, make_name(w, name), 1.0f) == WARY_OK);
  }
  int32_t extra = make_name(w, "extra");
  ENSURE(wary_actor_set_prop(w, id, extra, 1.0f) == WARY_ERR_FULL);
  HAS(w, "wary_actor_set_prop: ", "table full", "16 props", "none with key 17 (extra)");
  ENSURE(wary_actor_get_prop(w, id, extra, -1.0f) == -1.0f);
  /* No prop under the key: the fallback, and nothing to report. */
  HAS(w, "wary_actor_set_prop: ");
  wary_actor_id gone = make_actor(w, &a);
  ENSURE(wary_actor_destroy(w, gone) == WARY_OK);
  ENSURE(wary_actor_get_prop(w, gone, extra, -2.0f) == -2.0f);
  HAS(w, "wary_actor_get_prop: actor: ", "stale");
  /* A wall between two points, which a step may neither move nor make glass. */
  wary_box_def bd = wary_default_box_def();
  bd.min[0] = 100.0f, bd.min[1] = -50.0f, bd.max[0] = 110.0f, bd.max[1] = 50.0f, bd.max[2] = 300.0f;
  wary_box_id box;
  ENSURE(wary_box_create(w, &bd, &box) == WARY_OK);
  wary_material_def glass = {1.0f, false};
  int32_t see_through = -1;
  ENSURE(wary_material_create(w, &glass, &see_through) == WARY_OK);
  ENSURE(wary_step_begin(w, 0.1f) == WARY_OK);
  ENSURE(wary_actor_create(w, &a, NULL) == WARY_ERR_IN_STEP && wary_actor_count(w) == 1);
  SAYS(w, &h, 3, "wary_actor_create: not allowed during a step (between wary_step_begin and wary_step_end)");
  ENSURE(wary_box_set_bounds(w, box, 500.0f, -50.0f, 0.0f, 510.0f, 50.0f, 300.0f) == WARY_ERR_IN_STEP);
  HAS(w, "wary_box_set_bounds: not allowed during a step");
  ENSURE(wary_box_set_material(w, box, see_through) == WARY_ERR_IN_STEP);
  HAS(w, "wary_box_set_material: not allowed during a step");
  /* GECK events queued in a step would find no room taken for them. */
  wary_actor_id nobody = WARY_NULL_HANDLE;
  ENSURE(wary_create_detection_event(w, nobody, 0.0f, 0.0f, 0.0f, 10.0f, WARY_GECK_EVENT_CUSTOM) == WARY_ERR_IN_STEP);
  HAS(w, "wary_create_detection_event: not allowed during a step");
  ENSURE(wary_geck_damage(w, id, id) == WARY_ERR_IN_STEP);
  HAS(w, "wary_geck_damage: not allowed during a step");
  ENSURE(wary_step_end(w) == WARY_OK);
  wary_ray_result ray;
  ENSURE(wary_ray_cast(w, 0.0f, 0.0f, 100.0f, 200.0f, 0.0f, 100.0f, &ray) == WARY_OK && ray.transmission == 0.0f &&
         ray.walls == 1);
  ENSURE(wary_query_fail(w, 0) == WARY_ERR_NOT_IN_STEP);
  SAYS(w, &h, 8, "wary_query_fail: only allowed during a step (between wary_step_begin and wary_step_end)");
  ENSURE(wary_step(w, -1.0f) == WARY_ERR_BAD_VALUE && wary_world_time(w) == 0.1f);
  SAYS(w, &h, 9, "wary_step_begin: dt: expected a finite number in [0, 3600], got -1");
  /* A sound and a filter, retuned between steps only; a sound keeps its name. */
  wary_sound_def creak = wary_default_sound_def();
  creak.name = make_name(w, "Creak");
  int32_t sound = -1, filter = -1;
  wary_filter_def deafish = wary_default_filter_def();
  ENSURE(wary_sound_create(w, &creak, &sound) == WARY_OK && wary_filter_create(w, &deafish, &filter) == WARY_OK);
  ENSURE(wary_sound_set(w, sound + 1, &creak) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_sound_set: sound: ");
  wary_sound_def renamed = creak;
  renamed.name = make_name(w, "Squeak");
  ENSURE(wary_sound_set(w, sound, &renamed) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_sound_set: sound_def.name: expected the sound's own name Creak, got Squeak");
  renamed = creak;
  renamed.loudness = -1.0f;
  ENSURE(wary_sound_set(w, sound, &renamed) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_sound_set: sound_def.loudness: ", "got -1");
  deafish.categories = 0x20u;
  ENSURE(wary_filter_set(w, filter, &deafish) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_filter_set: filter_def.categories: ", "got 32");
  ENSURE(wary_filter_set(w, -1, &deafish) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_filter_set: filter: ");
  deafish.categories = 0u;
  creak.loudness = 2.0f;
  ENSURE(wary_sound_set(w, sound, &creak) == WARY_OK && wary_filter_set(w, filter, &deafish) == WARY_OK);
  ENSURE(wary_step_begin(w, 0.1f) == WARY_OK);
  ENSURE(wary_sound_set(w, sound, &creak) == WARY_ERR_IN_STEP);
  HAS(w, "wary_sound_set: not allowed during a step");
  ENSURE(wary_filter_set(w, filter, &deafish) == WARY_ERR_IN_STEP);
  HAS(w, "wary_filter_set: not allowed during a step");
  ENSURE(wary_step_end(w) == WARY_OK);
  wary_world_destroy(w);
}

/* A world logged into h with an agent (the default profile) and a target,
 * both at the origin. */
static wary_world *agent_and_target(heard *h, wary_actor_id *agent, wary_actor_id *target) {
  wary_world *w = logged_world(h);
  wary_profile_def p = wary_default_profile_def();
  wary_actor_def a = wary_default_actor_def();
  a.profile = make_profile(w, &p);
  *agent = make_actor(w, &a);
  a.profile = -1;
  *target = make_actor(w, &a);
  return w;
}

/* A failure that answers a question (no belief yet) says so too; a call that
 * succeeds leaves the text, and one that succeeds with nothing to do logs nothing. */
static void test_answers_and_lifetime(void) {
  heard h = {0};
  wary_actor_id agent, target;
  wary_world *w = agent_and_target(&h, &agent, &target);
  wary_belief b;
  /* About itself: a bad value, from every call that takes an agent and a target. */
  ENSURE(wary_belief_get(w, agent, agent, &b) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 1, "wary_belief_get: target: expected an actor other than the agent, got 0x20100000 (the agent)");
  wary_threat th;
  ENSURE(wary_threat_get(w, agent, agent, &th) == WARY_ERR_BAD_VALUE);
  h.count = 0;
  ENSURE(wary_evidence_remove(w, agent, agent, 1) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 1, "wary_evidence_remove: target: expected an actor other than the agent, got 0x20100000 (the agent)");
  h.count = 0;
  ENSURE(wary_belief_get(w, agent, target, &b) == WARY_ERR_NOT_FOUND);
  SAYS(w, &h, 1, "wary_belief_get: target: agent 0x20100000 holds no belief about 0x20100001");
  ENSURE(wary_evidence_clear(w, agent, target) == WARY_OK && h.count == 1);
  ENSURE(wary_actor_set_pos(w, target, 1, 2, 3) == WARY_OK);
  SAYS(w, &h, 1, "wary_belief_get: target: agent 0x20100000 holds no belief about 0x20100001");
  ENSURE(wary_evidence_remove(w, agent, target, 1) == WARY_ERR_NOT_FOUND);
  SAYS(w, &h, 2, "wary_evidence_remove: target: agent 0x20100000 holds no belief about 0x20100001");
  ENSURE(wary_set_confidence(w, agent, agent, 0.5f) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 3, "wary_set_confidence: target: expected an actor other than the agent, got 0x20100000 (the agent)");
  /* The one-field readers: no belief is an answer (0, Undetected), not an
   * error; a bad handle or a NULL out is one, with its out zeroed. */
  float c = -1.0f, x = -1.0f, y = -1.0f, z = -1.0f;
  int32_t st = -1;
  wary_actor_id at = target;
  ENSURE(wary_belief_confidence(w, agent, target, &c) == WARY_OK && c == 0.0f && h.count == 3);
  ENSURE(wary_belief_state(w, agent, target, &st) == WARY_OK && st == WARY_UNDETECTED && h.count == 3);
  ENSURE(wary_attention_get(w, agent, &at) == WARY_OK && WARY_IS_NULL(at) && h.count == 3);
  ENSURE(wary_dominant_get(w, agent, &st) == WARY_OK && st == WARY_CALM && h.count == 3);
  ENSURE(wary_actor_pos(w, target, &x, &y, &z) == WARY_OK && x == 1.0f && y == 2.0f && z == 3.0f);
  c = -1.0f;
  ENSURE(wary_belief_confidence(w, target, agent, &c) == WARY_ERR_NOT_AGENT && c == 0.0f);
  SAYS(w, &h, 4, "wary_belief_confidence: agent: expected an agent, got 0x20100001, an actor with no profile");
  ENSURE(wary_belief_state(w, agent, (wary_actor_id)WARY_NULL_HANDLE, &st) == WARY_ERR_STALE_ID &&
         st == WARY_UNDETECTED);
  HAS(w, "wary_belief_state", "target");
  ENSURE(wary_dominant_get(w, agent, NULL) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 6, "wary_dominant_get: out: expected a pointer, got NULL");
  ENSURE(wary_actor_pos(w, target, &x, NULL, &z) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 7, "wary_actor_pos: y: expected a pointer, got NULL");
  /* An agent's view of itself is no relationship, as no belief is. */
  ENSURE(wary_set_relationship_override(w, agent, agent, WARY_FRIENDLY) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 8, "wary_set_relationship_override: target: expected an actor other than the agent, got "
                 "0x20100000 (the agent)");
  ENSURE(wary_report_touch(w, agent, agent) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, 9, "wary_report_touch: toucher: expected an actor other than the agent, got 0x20100000 (the agent)");
  /* Removing one is taken (a save of an older release may hold it). */
  ENSURE(wary_set_relationship_override(w, agent, agent, -1) == WARY_OK);
  wary_world_destroy(w);
}

/* Every reader that fills a struct or a value through out refuses a NULL
 * one, before anything else, with the same text (none crashes). */
static void test_null_outs(void) {
  heard h = {0};
  wary_actor_id agent, target;
  wary_world *w = agent_and_target(&h, &agent, &target);
  int n = 0;
#define NULL_OUT(fn, ...)                                                  \
  do {                                                                     \
    n++;                                                                   \
    ENSURE(fn(__VA_ARGS__, NULL) == WARY_ERR_BAD_VALUE);                   \
    SAYS(w, &h, n, #fn ": out: expected a pointer, got NULL");             \
  } while (0)
  NULL_OUT(wary_ray_cast, w, 0, 0, 0, 100, 100, 100);
  NULL_OUT(wary_actor_get, w, target);
  NULL_OUT(wary_belief_get, w, agent, target);
  NULL_OUT(wary_belief_at, w, agent, 0);
  NULL_OUT(wary_evidence_at, w, agent, target, 0);
  NULL_OUT(wary_sense_muted, w, agent, 0);
  bool muted;
  n++;
  ENSURE(wary_sense_muted(w, agent, 16, &muted) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_sense_muted: slot: expected a sense slot index, got 16 (there is none)");
  n++;
  ENSURE(wary_sense_unmute(w, agent, 16) == WARY_ERR_NOT_FOUND);
  HAS(w, "wary_sense_unmute: slot: expected a sense slot index, got 16 (there is none)");
  NULL_OUT(wary_vision_explain_get, w, agent, target);
  NULL_OUT(wary_location_at, w, agent, 0);
  NULL_OUT(wary_location_strongest, w, agent);
  NULL_OUT(wary_geck_detection_value, w, agent, target);
  NULL_OUT(wary_geck_info_get, w, agent);
  NULL_OUT(wary_geck_alert_at, w, agent, 0);
  NULL_OUT(wary_geck_target_at, w, agent, 0);
  NULL_OUT(wary_geck_target_get, w, agent, target);
#undef NULL_OUT
  /* The list readers: a NULL out with room (cap > 0) too; and a NULL def. */
  ENSURE(wary_query_actors(w, 0, 0, 0, 1000, NULL, 4) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_query_actors: out: expected a pointer, got NULL");
  ENSURE(wary_recent_sounds(w, agent, 1.0f, NULL, 4) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_recent_sounds: out: expected a pointer, got NULL");
  ENSURE(wary_explain(w, agent, target, NULL, 4) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_explain: out: expected a pointer, got NULL");
  ENSURE(wary_world_set_ray_budget(w, -1) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_world_set_ray_budget: rays: expected an integer >= 0 (0: no budget), got -1");
  int32_t sound = 0;
  ENSURE(wary_sound_create(w, NULL, &sound) == WARY_ERR_BAD_VALUE && sound == -1);
  SAYS(w, &h, ++n, "wary_sound_create: sound_def: expected a pointer, got NULL");
  ENSURE(wary_emit_stimulus(w, NULL) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_emit_stimulus: stimulus_def: expected a pointer, got NULL");
  wary_samples none = {0};
  none.count = 2;
  none.points[2] = 170.0f; /* two points at the head, weights 0 */
  none.points[6] = 90.0f;
  ENSURE(wary_actor_set_samples(w, agent, &none) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n, "wary_actor_set_samples: samples: expected at least one point with a weight > 0 (none: never seen), "
                   "got 2 of weight 0");
  wary_stimulus_def st = wary_default_stimulus_def();
  ENSURE(wary_name(w, "Stimulus.Vibration.", &st.tag) == WARY_OK);
  ENSURE(wary_emit_stimulus(w, &st) == WARY_ERR_BAD_VALUE);
  SAYS(w, &h, ++n,
       "wary_emit_stimulus: stimulus_def.tag: expected a tag of whole dotted parts (Stimulus.Custom.Psychic), got "
       "\"Stimulus.Vibration.\"");
  wary_world_destroy(w);
}

/* A log callback whose own call fails is not called again for it, and the
 * failure it was called for stays the last error (its call's status is
 * still returned). */
static wary_world *meddled;
static int meddles, meddle_status;

static void meddling_log(void *user, const char *message) {
  (void)user;
  (void)message;
  meddles++;
  meddle_status = wary_belief_count(meddled, (wary_actor_id)WARY_NULL_HANDLE);
}

static void test_log_inside_log(void) {
  wary_world_def d = wary_default_world_def();
  d.log = meddling_log;
  meddled = make_world(&d);
  ENSURE(wary_world_set_weather(meddled, 3.0f) == WARY_ERR_BAD_VALUE && meddles == 1);
  ENSURE(meddle_status == WARY_ERR_STALE_ID);
  ENSURE(strcmp(wary_last_error(meddled), "wary_world_set_weather: weather: expected a finite number in [0, 1], got 3") == 0);
  wary_world_destroy(meddled);
}

static void test_names(void) {
  ENSURE(strcmp(wary_event_name(WARY_EV_LOCATION_BELIEF_CHANGED), "location_belief_changed") == 0);
  ENSURE(strcmp(wary_state_name(WARY_TRACKED), "tracked") == 0);
  ENSURE(strcmp(wary_loss_reason_name(WARY_LOSS_OUT_OF_RANGE), "out_of_range") == 0);
  ENSURE(strcmp(wary_emotion_name(WARY_PANICKED), "panicked") == 0);
  ENSURE(strcmp(wary_detection_state_name(WARY_GECK_COMBAT), "combat") == 0);
  ENSURE(strcmp(wary_stance_name(WARY_PRONE), "prone") == 0);
  ENSURE(wary_state_name(-1) == NULL && wary_state_name(WARY_EXPIRED + 1) == NULL);
  ENSURE(wary_event_name(WARY_EV_EMOTION_CHANGED + 1) == NULL && wary_stance_name(3) == NULL);
}

static void never_called(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  (void)q;
  (void)out;
}

/* A custom sense with max_range 0 reaches as far as the profile's other
 * senses: a profile where none reaches anywhere is refused, made or set. */
static void test_rangeless_sense(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_sense_def sd = wary_default_sense_def();
  sd.evaluate = never_called;
  int32_t sense;
  MADE(wary_sense_create(w, &sd, &sense));
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = sense;
  p.senses[1].sense = WARY_SENSE_HEARING;
  p.sense_count = 2;
  int32_t profile = -1;
  ENSURE(wary_profile_create(w, &p, &profile) == WARY_ERR_BAD_VALUE && profile == -1);
  HAS(w, "wary_profile_create: profile_def.senses[0].sense: expected a profile with at least one sense that reaches",
      "got sense 8, whose max_range 0");
  p.senses[1].sense = WARY_SENSE_VISION; /* vision reaches: the sense goes as far */
  ENSURE(wary_profile_create(w, &p, &profile) == WARY_OK);
  p.senses[1].sense = WARY_SENSE_DAMAGE;
  ENSURE(wary_profile_set(w, profile, &p) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_profile_set: profile_def.senses[0].sense");
  /* A prefix of whole dotted parts: one with an empty part matches nothing. */
  MADE(wary_name(w, "Stimulus.Noise.", &sd.stimulus_tags[0]));
  sd.stimulus_tag_count = 1;
  p.senses[0].sense = -1;
  ENSURE(wary_sense_create(w, &sd, &p.senses[0].sense) == WARY_ERR_BAD_VALUE && p.senses[0].sense == -1);
  HAS(w, "sense_def.stimulus_tags[0]: expected a tag prefix of whole dotted parts (Stimulus.Custom), got "
         "\"Stimulus.Noise.\"");
  /* One that takes stimuli has them to go on. */
  MADE(wary_name(w, "Stimulus.Noise", &sd.stimulus_tags[0]));
  MADE(wary_sense_create(w, &sd, &p.senses[0].sense));
  ENSURE(wary_profile_set(w, profile, &p) == WARY_OK);
  wary_world_destroy(w);
}

/* A sense whose evaluate destroys its world (a game quitting from inside
 * a sense): the other queries' callbacks do not run, and wary_step frees the
 * world when the callback returns and reads it no more (ASan and valgrind
 * see a use after free here otherwise). */
typedef struct quitting {
  wary_world *w;
  int calls;
} quitting;

static void quit_on_first(void *user, const wary_sense_query *q, wary_sense_result *out) {
  quitting *qt = user;
  (void)q;
  out->confidence = 0.5f;
  if (qt->calls++ == 0) wary_world_destroy(qt->w);
}

static void test_destroy_from_evaluate(void) {
  heard h = {0};
  quitting qt = {logged_world(&h), 0};
  wary_sense_def sd = wary_default_sense_def();
  sd.evaluate = quit_on_first;
  sd.user = &qt;
  sd.max_range = 5000.0f;
  int32_t sense;
  MADE(wary_sense_create(qt.w, &sd, &sense));
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = sense;
  p.sense_count = 1;
  wary_actor_def a = wary_default_actor_def();
  a.profile = make_profile(qt.w, &p);
  make_actor(qt.w, &a);
  make_actor(qt.w, &a);
  a.profile = -1;
  for (int i = 0; i < 3; i++) {
    a.pos[0] = 100.0f * (float)(i + 1);
    make_actor(qt.w, &a);
  }
  /* Stepped until its sense is first due (then the world is gone: no other
   * call names it). Two agents and three targets: several queries at once. */
  for (int i = 0; i < 20 && qt.calls == 0; i++) ENSURE(wary_step(qt.w, 0.1f) == WARY_OK);
  ENSURE(qt.calls == 1);
}

typedef struct asked {
  wary_world *w;
  int calls;
  int nested; /* what wary_step_evaluate said from inside the callback */
  int ended;  /* what wary_step_end said from inside the callback */
} asked;

static void sure(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)q;
  asked *a = user;
  if (a->calls++ == 0) {
    a->nested = wary_step_evaluate(a->w);
    a->ended = wary_step_end(a->w);
  }
  out->active = true;
  out->confidence = 0.9f;
  out->accuracy = 1.0f;
}

/* A host that steps with wary_step_begin and wary_step_end (to read the
 * inbox) has its C senses answer through wary_step_evaluate; outside a step
 * that call is refused. */
static void test_step_evaluate(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  asked calls = {w, 0, 1, 1};
  wary_sense_def sd = wary_default_sense_def();
  sd.evaluate = sure;
  sd.user = &calls;
  sd.max_range = 5000.0f;
  int32_t sense;
  MADE(wary_sense_create(w, &sd, &sense));
  wary_profile_def p = wary_default_profile_def();
  p.senses[0].sense = sense;
  p.sense_count = 1;
  wary_actor_def a = wary_default_actor_def();
  a.profile = make_profile(w, &p);
  wary_actor_id agent = make_actor(w, &a);
  a.profile = -1;
  a.pos[0] = 100.0f;
  wary_actor_id target = make_actor(w, &a);
  ENSURE(wary_step_evaluate(w) == WARY_ERR_NOT_IN_STEP);
  HAS(w, "wary_step_evaluate");
  for (int i = 0; i < 20; i++) {
    ENSURE(wary_step_begin(w, 0.1f) == WARY_OK);
    (void)wary_inbox_count(w);
    ENSURE(wary_step_evaluate(w) == WARY_OK);
    int once = calls.calls;
    ENSURE(wary_step_evaluate(w) == WARY_OK && calls.calls == once); /* once a step */
    ENSURE(wary_step_end(w) == WARY_OK);
  }
  float c = 0.0f;
  ENSURE(calls.calls > 0 && wary_belief_confidence(w, agent, target, &c) == WARY_OK && c > 0.5f);
  /* From inside a callback: refused, the step's own call goes on. */
  ENSURE(calls.nested == WARY_ERR_IN_STEP);
  ENSURE(calls.ended == WARY_ERR_IN_STEP); /* it would end the step before the other callbacks answer */
  HAS(w, "wary_step_end: not allowed inside an evaluate callback");
  wary_world_destroy(w);
}

/* A brain's threat levels out of order are refused, naming the two that
 * are. */
static void test_brain_levels(void) {
  heard h = {0};
  wary_world *w = logged_world(&h);
  wary_profile_def p = wary_default_profile_def();
  int32_t profile = make_profile(w, &p);
  wary_brain_def b = wary_default_brain_def();
  b.threat_low = 0.9f;
  ENSURE(wary_profile_set_brain(w, profile, &b) == WARY_ERR_BAD_VALUE);
  HAS(w, "wary_profile_set_brain: brain_def.threat_medium: expected a number in [threat_low 0.9, 1], got 0.4");
  b = wary_default_brain_def();
  b.threat_critical = 0.5f;
  ENSURE(wary_profile_set_brain(w, profile, &b) == WARY_ERR_BAD_VALUE);
  HAS(w, "brain_def.threat_critical: expected a number in [threat_high 0.6, 1], got 0.5");
  wary_world_destroy(w);
}

int main(void) {
  test_brain_levels();
  test_rangeless_sense();
  test_destroy_from_evaluate();
  test_step_evaluate();
  test_world_def();
  test_actor_def();
  test_profile_def();
  test_boxes();
  test_handles();
  test_setters();
  test_sounds_and_pain();
  test_tables_and_steps();
  test_answers_and_lifetime();
  test_null_outs();
  test_log_inside_log();
  test_names();
  return check_summary("test_errors");
}
