/* test_determinism.c - a step's results do not depend on the worker count
 * or on how the host splits the work (wary_world_def's task callbacks, as
 * Box2D's test_determinism.c checks its own). One scripted scenario that
 * uses every sense (vision with lamps, sun, fog and glass, hearing,
 * vibration, smell, touch, echolocation, a custom sense that also listens
 * on the stimulus bus, damage, pain),
 * evidence, emotions, GECK agents and boxes that move every step runs on
 * the calling thread, on libwary's pool with 1, 2, 3, 4 and 8 workers, and
 * under two schedulers of this test's own: one that runs the pieces on the
 * calling thread out of order under made-up worker indices, and one that
 * runs them on threads it starts for each task. A hash of every step's
 * events and inbox and, now and then, of every belief, place, brain, GECK state,
 * recent sound and counter must be the same for all. */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "fmath.h"
#include "wary.h"

#define AGENTS 40
#define TARGETS 12
#define BOXES 14
#define STEPS 420

/* ---- two host schedulers ------------------------------------------------- */

/* Runs the range on this thread from its end, in pieces of 1 to 3 items
 * (min_range is a hint), each under a worker index of its own choosing
 * (0 .. workers - 1). */
static void *backwards_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)min_range;
  int32_t workers = *(const int32_t *)user;
  for (int32_t end = count, k = 0; end > 0; k++) {
    int32_t start = end - 1 - k % 3 > 0 ? end - 1 - k % 3 : 0;
    task(start, end, (k * 7 + 3) % workers, context);
    end = start;
  }
  return NULL;
}

static void never_finish(void *task, void *user) {
  (void)task;
  (void)user;
  ENSURE(!"finish_task is not called when enqueue_task returned NULL");
}

/* A thread per worker for each task: worker t runs the pieces t, t + T, ...
 * of an eighth of min_range. */
#define SPAWN_WORKERS 3
typedef struct spawn_task {
  wary_task_fn task;
  void *context;
  int32_t count, piece, worker;
  pthread_t thread;
} spawn_task;

static spawn_task spawned[SPAWN_WORKERS];

static void *spawn_main(void *arg) {
  spawn_task *t = arg;
  for (int32_t start = t->worker * t->piece; start < t->count; start += SPAWN_WORKERS * t->piece)
    t->task(start, start + t->piece < t->count ? start + t->piece : t->count, t->worker, t->context);
  return NULL;
}

static void *spawn_enqueue(wary_task_fn task, int32_t count, int32_t min_range, void *context, void *user) {
  (void)user;
  for (int32_t i = 0; i < SPAWN_WORKERS; i++) {
    spawned[i] = (spawn_task){task, context, count, min_range > 8 ? min_range / 8 : 1, i, 0};
    pthread_create(&spawned[i].thread, NULL, spawn_main, &spawned[i]);
  }
  return spawned;
}

static void spawn_finish(void *task, void *user) {
  (void)user;
  spawn_task *t = task;
  for (int32_t i = 0; i < SPAWN_WORKERS; i++) pthread_join(t[i].thread, NULL);
}

/* ---- the hash ------------------------------------------------------------ */

static uint64_t hash;
static void mix(const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) hash = (hash ^ b[i]) * 1099511628211ull;
}

/* A custom sense from the query alone: the same answer whoever asks when. */
static void ping_sense(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  uint32_t x = q->target.id * 2654435761u ^ (uint32_t)(q->distance * 16.0f);
  if (x % 3u == 0u) return;
  out->active = true;
  out->confidence = 0.3f + 0.6f * (1.0f - q->distance / 2500.0f);
  out->accuracy = 0.7f;
}

typedef struct scene {
  wary_world *w;
  wary_actor_id agents[AGENTS], targets[TARGETS];
  wary_box_id boxes[BOXES];
  int32_t sound, pain, tag, vibration;
  int32_t events_of[WARY_EV_EMOTION_CHANGED + 1];
  uint64_t events, inbox;
} scene;

static int32_t full_profile(wary_world *w, int32_t custom) {
  static const int32_t senses[] = {WARY_SENSE_VISION, WARY_SENSE_HEARING, WARY_SENSE_VIBRATION, WARY_SENSE_SMELL,
                                   WARY_SENSE_TOUCH, WARY_SENSE_ECHOLOCATION, WARY_SENSE_DAMAGE, WARY_SENSE_PAIN};
  wary_profile_def p = wary_default_profile_def();
  p.fade_rate = 0.4f;
  p.lost_time = 1.5f;
  p.memory_time = 3.0f;
  for (int i = 0; i < 8; i++) p.senses[i].sense = senses[i];
  p.senses[8].sense = custom;
  p.sense_count = 9;
  int32_t profile = make_profile(w, &p);
  wary_vision_def v = wary_default_vision_def();
  v.peripheral_cone = true;
  v.rear_cone = true;
  v.use_per_target_light = true;
  v.first_spot_reaction_time = 0.1f;
  MADE(wary_profile_set_vision(w, profile, &v));
  wary_brain_def b = wary_default_brain_def();
  b.emotions = true;
  MADE(wary_profile_set_brain(w, profile, &b));
  for (int s = WARY_SENSE_VIBRATION; s <= WARY_SENSE_ECHOLOCATION; s++) {
    wary_basic_sense_def d = wary_default_basic_sense_def(s);
    d.interval = 0.05f * (float)(s - 1);
    MADE(wary_profile_set_basic_sense(w, profile, s, &d));
  }
  return profile;
}

static void build(scene *sc, const wary_world_def *def) {
  memset(sc, 0, sizeof *sc);
  sc->w = make_world(def);
  wary_world *w = sc->w;
  if (!w) return;
  wary_sense_def sd = wary_default_sense_def();
  sd.max_range = 2500.0f;
  sd.interval = 0.05f;
  sd.evaluate = ping_sense;
  sd.stimulus_tag_count = 2;
  sd.stimulus_tags[0] = make_name(w, "Stimulus.Sound");
  sd.stimulus_tags[1] = make_name(w, "Stimulus.Vibration");
  int32_t custom = -1;
  MADE(wary_sense_create(w, &sd, &custom));
  int32_t full = full_profile(w, custom);
  wary_profile_def gp = wary_default_profile_def();
  gp.senses[0].sense = WARY_SENSE_VISION;
  gp.senses[1].sense = WARY_SENSE_HEARING;
  gp.sense_count = 2;
  int32_t geck = make_profile(w, &gp);
  wary_geck_def g = wary_default_geck_def();
  g.enabled = true;
  g.use_world_light = true;
  MADE(wary_profile_set_geck(w, geck, &g));
  sc->sound = make_sound(w, "Footstep", 2200.0f);
  wary_pain_def pd = wary_default_pain_def();
  pd.name = make_name(w, "Burn");
  MADE(wary_pain_create(w, &pd, &sc->pain));
  sc->tag = make_name(w, "Disguise");
  sc->vibration = make_name(w, "Stimulus.Vibration");
  wary_material_def glass = wary_default_material_def();
  glass.vision_transmission = 0.6f;
  glass.sound_wall = false;
  int32_t glass_index = 0;
  MADE(wary_material_create(w, &glass, &glass_index));
  for (int i = 0; i < 10; i++) {
    wary_box_def bd = wary_default_box_def();
    float x = (float)(i % 5) * 700.0f - 1400.0f, y = (float)(i / 5) * 900.0f - 450.0f;
    bd.min[0] = x;
    bd.min[1] = y;
    bd.max[0] = x + 120.0f;
    bd.max[1] = y + 300.0f;
    bd.max[2] = 250.0f;
    bd.material = i % 3 == 0 ? glass_index : 0;
    sc->boxes[i] = make_box(w, &bd);
  }
  /* Panes of glass one behind the other: a ray through three of them in a
   * refitted tree asks for a build (occ_walk.c, order_free). */
  for (int i = 10; i < BOXES; i++) {
    wary_box_def bd = wary_default_box_def();
    bd.min[0] = -2000.0f;
    bd.min[1] = 800.0f + (float)(i - 10) * 60.0f;
    bd.max[0] = 2000.0f;
    bd.max[1] = bd.min[1] + 10.0f;
    bd.max[2] = 400.0f;
    bd.material = glass_index;
    sc->boxes[i] = make_box(w, &bd);
  }
  for (int i = 0; i < 3; i++) {
    wary_light_def ld = wary_default_light_def();
    ld.pos[0] = (float)i * 1200.0f - 1200.0f;
    ld.pos[2] = 300.0f;
    ld.radius = 900.0f;
    ld.cast_shadows = true;
    MADE(wary_light_create(w, &ld, NULL));
  }
  MADE(wary_world_set_sun(w, 0.3f, 0.2f, -0.9f, 0.9f, 0.2f));
  wary_environment_def fog = wary_default_environment_def();
  fog.min[0] = 600.0f;
  fog.min[1] = -3000.0f;
  fog.min[2] = -100.0f;
  fog.max[0] = 3000.0f;
  fog.max[1] = 3000.0f;
  fog.max[2] = 1000.0f;
  fog.vision_range_scale = 0.4f;
  MADE(wary_environment_create(w, &fog, NULL));
  for (int i = 0; i < AGENTS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)(i % 6) * 500.0f - 1250.0f;
    ad.pos[1] = (float)(i / 6) * 500.0f - 750.0f;
    ad.yaw = (float)(i * 47 % 360);
    ad.team = 1;
    ad.profile = i % 4 == 3 ? geck : full;
    sc->agents[i] = make_actor(w, &ad);
  }
  for (int i = 0; i < TARGETS; i++) {
    wary_actor_def ad = wary_default_actor_def();
    ad.pos[0] = (float)i * 300.0f - 1650.0f;
    ad.pos[1] = 1500.0f;
    ad.team = 2;
    ad.scent = 0.8f;
    ad.stance = i % 3;
    sc->targets[i] = make_actor(w, &ad);
  }
}

/* What the game does before step n: the same in every world, and on every
 * machine (the core's own sine and cosine, not the C library's, which
 * differ between C libraries: a build against musl steps these worlds to
 * the hashes a glibc build does). */
static void play(scene *sc, int n) {
  wary_world *w = sc->w;
  float t = (float)n / 60.0f;
  for (int i = 0; i < TARGETS; i++) {
    float a = t * (0.3f + 0.05f * (float)i) + (float)i;
    wary_actor_set_pos(w, sc->targets[i], wy_cosf(a) * (600.0f + 90.0f * (float)i), wy_sinf(a) * 1400.0f, 0.0f);
  }
  for (int i = 0; i < 10; i += 2) {
    float x = (float)(i % 5) * 700.0f - 1400.0f + wy_sinf(t + (float)i) * 200.0f,
          y = (float)(i / 5) * 900.0f - 450.0f;
    wary_box_set_bounds(w, sc->boxes[i], x, y, 0.0f, x + 120.0f, y + 300.0f, 250.0f);
  }
  float y = 800.0f + wy_sinf(t) * 30.0f;
  wary_box_set_bounds(w, sc->boxes[10], -2000.0f, y, 0.0f, 2000.0f, y + 10.0f, 400.0f);
  /* A box that comes and goes: removed, it leaves the tree in place
   * (occluders.c, wy_occ_remove); added again, it goes back in place
   * (wy_occ_add). */
  if (n % 50 == 24) wary_box_destroy(w, sc->boxes[1]);
  if (n % 50 == 44) {
    wary_box_def bd = wary_default_box_def();
    bd.min[0] = -700.0f;
    bd.min[1] = -450.0f;
    bd.max[0] = -580.0f;
    bd.max[1] = -150.0f;
    bd.max[2] = 250.0f;
    sc->boxes[1] = make_box(w, &bd);
  }
  wary_actor_id target = sc->targets[n % TARGETS], agent = sc->agents[n % AGENTS];
  /* Several sounds a step, offered to the agents at once, one worker a sound. */
  if (n % 3 == 0)
    for (int k = 0; k < 5; k++) wary_emit_sound(w, sc->targets[(n + 5 * k) % TARGETS], sc->sound);
  if (n % 29 == 0) wary_emit_sound_at(w, sc->sound, (float)(n % 5) * 300.0f, -200.0f, 0.0f);
  if (n % 13 == 0) {
    wary_stimulus_def st = wary_default_stimulus_def();
    st.tag = sc->vibration;
    st.pos[0] = (float)(n % 9) * 200.0f - 900.0f;
    st.radius = 1500.0f;
    wary_emit_stimulus(w, &st);
  }
  if (n % 31 == 0) {
    wary_damage_def d = wary_default_damage_def();
    d.victim = agent;
    d.instigator = target;
    d.amount = 30.0f;
    wary_apply_damage(w, &d);
    wary_geck_damage(w, sc->agents[(n / 31 * 4 + 3) % AGENTS], target);
  }
  if (n % 23 == 0) wary_report_pain(w, agent, sc->pain, 0.6f);
  if (n % 17 == 0) wary_report_touch(w, agent, target);
  if (n % 41 == 0) wary_evidence_add(w, agent, target, sc->tag, n % 2 ? WARY_RAISE : WARY_CLAMP, 0.4f, 1.0f, 0);
  if (n % 37 == 0) wary_actor_set_yaw(w, agent, (float)(n * 11 % 360));
}

/* The step's events and the custom senses' inbox (the stimulus bus). */
static void take_events(scene *sc) {
  int32_t n = wary_event_count(sc->w);
  const wary_event *ev = wary_events(sc->w);
  mix(&n, sizeof n);
  mix(ev, (size_t)n * sizeof *ev);
  int32_t inbox = wary_inbox_count(sc->w);
  mix(&inbox, sizeof inbox);
  if (inbox > 0) mix(wary_inbox(sc->w), (size_t)inbox * sizeof *wary_inbox(sc->w));
  sc->inbox += (uint64_t)inbox;
  for (int32_t i = 0; i < n; i++) sc->events_of[ev[i].type]++;
  sc->events += (uint64_t)n;
}

/* Everything an agent holds, into the hash. */
static void take_state(const scene *sc) {
  const wary_world *w = sc->w;
  for (int i = 0; i < AGENTS; i++) {
    wary_actor_id a = sc->agents[i];
    int32_t count = wary_belief_count(w, a);
    mix(&count, sizeof count);
    for (int32_t k = 0; k < count; k++) {
      wary_belief b;
      memset(&b, 0, sizeof b);
      wary_belief_at(w, a, k, &b);
      mix(&b, sizeof b);
      wary_threat th;
      memset(&th, 0, sizeof th);
      wary_threat_get(w, a, b.target, &th);
      mix(&th, sizeof th);
      int32_t evidence = wary_evidence_count(w, a, b.target);
      mix(&evidence, sizeof evidence);
    }
    int32_t places = wary_location_count(w, a);
    mix(&places, sizeof places);
    for (int32_t k = 0; k < places; k++) {
      wary_location_belief l;
      memset(&l, 0, sizeof l);
      wary_location_at(w, a, k, &l);
      mix(&l, sizeof l);
    }
    wary_brain_state brain;
    memset(&brain, 0, sizeof brain);
    wary_brain_get(w, a, &brain);
    mix(&brain, sizeof brain);
    int32_t geck = wary_geck_state(w, a);
    mix(&geck, sizeof geck);
    for (int k = 0; k < TARGETS; k++) {
      float value = 0.0f;
      if (wary_geck_detection_value(w, a, sc->targets[k], &value) == WARY_OK) mix(&value, sizeof value);
    }
    wary_heard_sound heard[WARY_RECENT_SOUNDS];
    memset(heard, 0, sizeof heard);
    int32_t n = wary_recent_sounds(w, a, 6.0f, heard, WARY_RECENT_SOUNDS);
    mix(&n, sizeof n);
    if (n > 0) mix(heard, (size_t)n * sizeof *heard);
  }
  wary_stats s = wary_world_stats(w);
  mix(&s.rays, sizeof s.rays);
  mix(&s.queries, sizeof s.queries);
  mix(&s.candidates, sizeof s.candidates);
  mix(&s.beliefs, sizeof s.beliefs);
  mix(&s.sounds_dropped, sizeof s.sounds_dropped);
  float time = wary_world_time(w);
  mix(&time, sizeof time);
}

/* The scenario's hash in a world of def; fills *out with what it did. */
static uint64_t run(const wary_world_def *def, scene *out) {
  hash = 14695981039346656037ull;
  build(out, def);
  if (!out->w) return 0;
  bool ok = true;
  for (int n = 0; n < STEPS; n++) {
    play(out, n);
    ok = ok && wary_step(out->w, 1.0f / 60.0f) == WARY_OK;
    take_events(out);
    if (n % 30 == 29) take_state(out);
  }
  ENSURE(ok);
  return hash;
}

static void test_same_for_any_workers(void) {
  scene ref;
  wary_world_def def = wary_default_world_def();
  uint64_t want = run(&def, &ref);
  /* The scenario does what it is for: every kind of event, rays, queries. */
  static const int32_t kinds[] = {WARY_EV_SUSPECT, WARY_EV_DETECT, WARY_EV_TRACK, WARY_EV_LOST, WARY_EV_HEAR,
                                  WARY_EV_SOUND_HEARD, WARY_EV_LOCATION_BELIEF_CHANGED, WARY_EV_GECK,
                                  WARY_EV_DAMAGED, WARY_EV_PAIN_REPORTED, WARY_EV_EMOTION_CHANGED};
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    if (ref.events_of[kinds[k]] == 0) fprintf(stderr, "test_determinism: no event of type %d\n", kinds[k]);
    ENSURE(ref.events_of[kinds[k]] > 0);
  }
  wary_stats s = wary_world_stats(ref.w);
  ENSURE(s.rays > 20000);
  ENSURE(s.queries > 1000);
  ENSURE(s.beliefs > 100);
  /* Sounds give way in full pending queues (each agent's own, in its piece). */
  ENSURE(s.sounds_dropped > 100);
  ENSURE(ref.inbox > 1000);
  printf("test_determinism: %llu events, %llu inbox entries, %llu rays, %llu queries, %llu sounds dropped, "
         "hash %016llx\n",
         (unsigned long long)ref.events, (unsigned long long)ref.inbox, (unsigned long long)s.rays,
         (unsigned long long)s.queries, (unsigned long long)s.sounds_dropped, (unsigned long long)want);
  wary_world_destroy(ref.w);

  static const int32_t counts[] = {1, 2, 3, 4, 8};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    scene sc;
    def = wary_default_world_def();
    def.workers = counts[i];
    uint64_t got = run(&def, &sc);
    if (got != want) fprintf(stderr, "test_determinism: the pool of %d workers differs\n", counts[i]);
    ENSURE(got == want);
    ENSURE(wary_world_workers(sc.w) == counts[i]);
    ENSURE(sc.events == ref.events);
    wary_world_destroy(sc.w);
  }

  int32_t workers = 5;
  def = wary_default_world_def();
  def.workers = workers;
  def.enqueue_task = backwards_enqueue;
  def.finish_task = never_finish;
  def.task_user = &workers;
  scene sc;
  ENSURE(run(&def, &sc) == want);
  wary_world_destroy(sc.w);

  def = wary_default_world_def();
  def.workers = SPAWN_WORKERS;
  def.enqueue_task = spawn_enqueue;
  def.finish_task = spawn_finish;
  ENSURE(run(&def, &sc) == want);
  wary_world_destroy(sc.w);
}

/* Under a ray budget (docs/budget.md) the plan is made on the calling thread
 * and the agents only read it: the same for any worker count. */
static void test_same_under_a_budget(void) {
  scene ref;
  wary_world_def def = wary_default_world_def();
  def.ray_budget = 40;
  uint64_t want = run(&def, &ref);
  ENSURE(wary_world_stats(ref.w).budget_deferred > 0);
  wary_world_destroy(ref.w);
  static const int32_t counts[] = {2, 3, 8};
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    scene sc;
    def.workers = counts[i];
    uint64_t got = run(&def, &sc);
    if (got != want) fprintf(stderr, "test_determinism: with a budget, %d workers differ\n", counts[i]);
    ENSURE(got == want);
    wary_world_destroy(sc.w);
  }
}

/* A step with more events than event_capacity keeps the same ones, and
 * drops as many, however the pieces ran: the merge decides, in agent order. */
static void test_same_when_events_overflow(void) {
  scene ref;
  wary_world_def def = wary_default_world_def();
  def.event_capacity = 4;
  uint64_t want = run(&def, &ref);
  uint32_t dropped = wary_events_dropped(ref.w);
  ENSURE(dropped > 100);
  wary_world_destroy(ref.w);
  int32_t workers = 5;
  def.workers = workers;
  def.enqueue_task = backwards_enqueue;
  def.finish_task = never_finish;
  def.task_user = &workers;
  scene sc;
  uint64_t got = run(&def, &sc);
  if (got != want) fprintf(stderr, "test_determinism: past event_capacity, a backwards scheduler differs\n");
  ENSURE(got == want);
  ENSURE(wary_events_dropped(sc.w) == dropped);
  wary_world_destroy(sc.w);
  def = wary_default_world_def();
  def.event_capacity = 4;
  def.workers = 3;
  ENSURE(run(&def, &sc) == want);
  ENSURE(wary_events_dropped(sc.w) == dropped);
  wary_world_destroy(sc.w);
}

/* The def's task fields are checked like its others. */
static void test_refused_defs(void) {
  wary_world *w = NULL;
  wary_world_def def = wary_default_world_def();
  def.workers = WARY_MAX_WORKERS + 1;
  ENSURE(wary_world_create(&def, &w) == WARY_ERR_BAD_VALUE && !w);
  def = wary_default_world_def();
  def.workers = -1;
  ENSURE(wary_world_create(&def, &w) == WARY_ERR_BAD_VALUE && !w);
  def = wary_default_world_def();
  def.enqueue_task = spawn_enqueue;
  def.workers = 2;
  ENSURE(wary_world_create(&def, &w) == WARY_ERR_BAD_VALUE && !w); /* no finish_task */
  def.finish_task = spawn_finish;
  def.workers = 0;
  ENSURE(wary_world_create(&def, &w) == WARY_ERR_BAD_VALUE && !w); /* a scheduler without workers */
  def = wary_default_world_def();
  ENSURE(wary_world_create(&def, &w) == WARY_OK && wary_world_workers(w) == 1);
  wary_world_destroy(w);
}

int main(void) {
  test_refused_defs();
  test_same_for_any_workers();
  test_same_under_a_budget();
  test_same_when_events_overflow();
  return check_summary("test_determinism");
}
