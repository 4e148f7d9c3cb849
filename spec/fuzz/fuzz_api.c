/* fuzz_api.c - a libFuzzer harness that drives the C API from bytes: worlds
 * with odd settings, profiles with odd values, actors and boxes made and
 * removed, evidence, sounds, stimuli, hits, pain, relationships, GECK events,
 * steps of odd dt, and snapshots saved, loaded and loaded damaged. After
 * every operation it checks what must always hold: every live id is valid
 * and every removed one refused, no confidence, emotion or threat is NaN or
 * outside [0, 1], states and detection states are members of their enums,
 * after a step every belief's state agrees with its confidence, its
 * profile's thresholds and its timers, a refused call says why, and a
 * snapshot loaded back saves the same bytes. Some steps are made with one
 * allocation refused: they must fail and leave the snapshot as it was.
 * Any broken rule aborts (a finding); ASan and UBSan catch the rest.
 *
 *   scripts/fuzz.sh              the fixed budget scripts/test.sh runs
 *   scripts/fuzz.sh -max_total_time=3600   longer (docs/reliability.md) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../c/faults.h"
#include "wary.h"

#define MAX_ACTORS 48
#define MAX_BOXES 16
#define MAX_PROFILES 64

typedef struct bytes {
  const uint8_t *p;
  size_t n;
} bytes;

static uint8_t u8(bytes *b) {
  if (b->n == 0) return 0;
  b->n--;
  return *b->p++;
}

static uint32_t u32(bytes *b) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = v << 8 | u8(b);
  return v;
}

/* A float: mostly ordinary values of a game, sometimes the odd ones. */
static float num(bytes *b) {
  static const float odd[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e-45f, 1e-30f, 1e30f, 3.4e38f, 100.0f,
                              1500.0f, -3000.0f, 0.1f, 3600.0f, 3601.0f};
  uint8_t k = u8(b);
  if (k < 160) return (float)(int8_t)u8(b) * 40.0f + (float)u8(b) / 255.0f;
  if (k < 200) return (float)u8(b) / 255.0f;
  if (k < 240) return odd[k % (sizeof odd / sizeof odd[0])];
  if (k < 248) return NAN;
  if (k < 252) return k & 1 ? INFINITY : -INFINITY;
  uint32_t u = u32(b);
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static void must(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "fuzz_api: broken: %s\n", what);
    abort();
  }
}

typedef struct game {
  wary_world *w;
  faults faults;
  wary_profile_def defs[MAX_PROFILES]; /* each profile as last defined */
  wary_actor_id live[MAX_ACTORS], removed[MAX_ACTORS];
  int32_t live_count, removed_count;
  wary_box_id boxes[MAX_BOXES];
  int32_t box_count;
  int32_t profiles, sounds, pains, tags[4];
  uint32_t definitions; /* counts the calls that changed a definition */
  /* The last snapshot the harness saved, and the ids live then. */
  uint8_t *snap;
  size_t snap_size;
  wary_actor_id snap_live[MAX_ACTORS], snap_removed[MAX_ACTORS];
  int32_t snap_live_count, snap_removed_count;
  wary_box_id snap_boxes[MAX_BOXES];
  int32_t snap_box_count;
  uint32_t snap_definitions;
} game;

static void sense_fn(void *user, const wary_sense_query *q, wary_sense_result *out) {
  (void)user;
  out->active = q->distance < 800.0f;
  out->confidence = q->distance / 800.0f;
  out->accuracy = 0.5f;
}

/* A failing status always leaves a text. */
static int said(const game *g, int status) {
  if (status != WARY_OK) must(wary_last_error(g->w)[0] != '\0', "a refused call left no text");
  return status;
}

static wary_actor_id pick(game *g, bytes *b) {
  uint8_t k = u8(b);
  if (k % 8 == 7 && g->removed_count > 0) return g->removed[k % g->removed_count];
  if (g->live_count == 0) return (wary_actor_id){k};
  return g->live[k % g->live_count];
}

static void check_world(game *g) {
  wary_world *w = g->w;
  for (int32_t i = 0; i < g->live_count; i++) must(wary_actor_valid(w, g->live[i]), "a live id is refused");
  for (int32_t i = 0; i < g->removed_count; i++)
    must(!wary_actor_valid(w, g->removed[i]), "a removed id is valid");
  must(wary_actor_count(w) == g->live_count, "the actor count");
  for (int32_t i = 0; i < g->live_count; i++) {
    wary_actor_id a = g->live[i];
    int32_t n = wary_belief_count(w, a);
    for (int32_t k = 0; k < n; k++) {
      wary_belief bl;
      must(wary_belief_at(w, a, k, &bl) == WARY_OK, "a belief that is counted reads");
      must(bl.confidence >= 0.0f && bl.confidence <= 1.0f, "confidence in [0, 1]");
      must(bl.smoothed >= 0.0f && bl.smoothed <= 1.0f, "smoothed confidence in [0, 1]");
      must(bl.state >= WARY_UNDETECTED && bl.state <= WARY_EXPIRED, "a state");
      must(bl.time_in_state >= 0.0f && !isnan(bl.time_in_state), "time in state");
      must(!isnan(bl.uncertainty) && bl.uncertainty >= 0.0f, "uncertainty");
      must(wary_actor_valid(w, bl.target), "a belief about a live actor");
      float c = -1.0f;
      int32_t st = -1;
      must(wary_belief_confidence(w, a, bl.target, &c) == WARY_OK && c == bl.confidence,
           "the confidence read alone is the belief's");
      must(wary_belief_state(w, a, bl.target, &st) == WARY_OK && st == bl.state, "the state read alone is the belief's");
      wary_threat t;
      if (wary_threat_get(w, a, bl.target, &t) == WARY_OK)
        must(t.score >= 0.0f && t.score <= 1.0f, "threat in [0, 1]");
    }
    wary_brain_state bs;
    if (wary_brain_get(w, a, &bs) == WARY_OK) {
      for (int e = 0; e < 5; e++) must(bs.emotions[e] >= 0.0f && bs.emotions[e] <= 1.0f, "emotion in [0, 1]");
      must(bs.health >= 0.0f && bs.health <= 1.0f, "health in [0, 1]");
      wary_actor_id at = {0};
      int32_t dominant = -1;
      must(wary_attention_get(w, a, &at) == WARY_OK && at.id == bs.attention.id, "the attention read alone");
      must(wary_dominant_get(w, a, &dominant) == WARY_OK && dominant == bs.dominant, "the dominant emotion read alone");
    }
    wary_actor_info info;
    float x, y, z;
    must(wary_actor_get(w, a, &info) == WARY_OK && wary_actor_pos(w, a, &x, &y, &z) == WARY_OK && x == info.pos[0] &&
             y == info.pos[1] && z == info.pos[2],
         "the position read alone");
    int32_t gs = wary_geck_state(w, a);
    must(gs < 0 || gs <= WARY_GECK_LOST, "a detection state");
  }
}

static uint8_t *save(game *g, size_t *size) {
  must(wary_world_save(g->w, NULL, 0, size) == WARY_OK, "a size query");
  uint8_t *buf = malloc(*size);
  must(buf && wary_world_save(g->w, buf, *size, size) == WARY_OK, "a save");
  return buf;
}

/* The rung a confidence reaches on the ladder (resolve.c's step_states). */
static int32_t rung_of(const wary_profile_def *d, float c) {
  return c >= d->track_threshold    ? WARY_TRACKED
         : c >= d->detect_threshold ? WARY_DETECTED
         : c >= d->suspect_threshold ? WARY_SUSPECTED
                                     : WARY_UNDETECTED;
}

/* After a step, each belief's state agrees with its confidence and timers:
 * a belief on the ladder is no higher than its confidence reaches (it climbs
 * only while reported, it falls at once), and one Lost or Remembered has
 * not outstayed its profile's time (0: it came there this step). */
static void check_states(game *g) {
  wary_world *w = g->w;
  for (int32_t i = 0; i < g->live_count; i++) {
    wary_actor_info info;
    if (wary_actor_get(w, g->live[i], &info) != WARY_OK || info.profile < 0 || info.profile >= MAX_PROFILES ||
        info.profile >= g->profiles)
      continue;
    const wary_profile_def *d = &g->defs[info.profile];
    int32_t n = wary_belief_count(w, g->live[i]);
    for (int32_t k = 0; k < n; k++) {
      wary_belief bl;
      must(wary_belief_at(w, g->live[i], k, &bl) == WARY_OK, "a belief that is counted reads");
      if (bl.state >= WARY_SUSPECTED && bl.state <= WARY_TRACKED)
        must(rung_of(d, bl.confidence) >= bl.state, "a belief on the ladder above its confidence");
      if (bl.state == WARY_LOST)
        must(bl.time_in_state == 0.0f || bl.time_in_state < d->lost_time, "a belief Lost past lost_time");
      if (bl.state == WARY_REMEMBERED)
        must(bl.time_in_state == 0.0f || bl.time_in_state < d->memory_time,
             "a belief Remembered past memory_time");
    }
  }
}

/* A step with allocation n of it refused (past its last: none is): it fails
 * with the world's snapshot as it was, or runs whole; or, when what it could
 * not find room for was an event, runs whole without it, the event counted
 * as dropped (reliability.md). */
static int refused_step(game *g, float dt, long n) {
  size_t before_size;
  uint8_t *before = save(g, &before_size);
  uint32_t dropped = wary_events_dropped(g->w);
  g->faults.failed = false;
  g->faults.fail_at = g->faults.count + n;
  int st = wary_step(g->w, dt);
  g->faults.fail_at = -1;
  if (g->faults.failed && st == WARY_OK) {
    must(wary_events_dropped(g->w) > dropped, "a step out of memory says so, or drops an event");
  } else if (g->faults.failed) {
    must(st == WARY_ERR_OUT_OF_MEMORY || st == WARY_ERR_BAD_VALUE, "a step out of memory says so");
    size_t after_size;
    uint8_t *after = save(g, &after_size);
    must(after_size == before_size && memcmp(after, before, before_size) == 0,
         "a step out of memory left the world as it was");
    must(st != WARY_ERR_OUT_OF_MEMORY || wary_event_count(g->w) == 0, "a failed step has no events");
    free(after);
  }
  free(before);
  return st;
}

static void add_actor(game *g, bytes *b) {
  if (g->live_count >= MAX_ACTORS) return;
  wary_actor_def d = wary_default_actor_def();
  d.pos[0] = num(b);
  d.pos[1] = num(b);
  d.pos[2] = u8(b) % 4 == 0 ? num(b) : 0.0f;
  d.yaw = num(b);
  d.team = u8(b) % 4;
  d.stance = u8(b) % 4;
  d.lod_tier = u8(b) % 5;
  d.profile = (int32_t)(u8(b) % (g->profiles + 2)) - 1;
  if (u8(b) % 8 == 0) d.visibility = num(b);
  wary_actor_id id;
  if (said(g, wary_actor_create(g->w, &d, &id)) == WARY_OK) g->live[g->live_count++] = id;
  else must(id.id == 0, "a refused create gives a null id");
}

static void remove_actor(game *g, bytes *b) {
  wary_actor_id a = pick(g, b);
  int st = said(g, wary_actor_destroy(g->w, a));
  for (int32_t i = 0; i < g->live_count; i++)
    if (g->live[i].id == a.id) {
      must(st == WARY_OK, "a live actor is removed");
      g->live[i] = g->live[--g->live_count];
      if (g->removed_count < MAX_ACTORS) g->removed[g->removed_count++] = a;
      return;
    }
  must(st != WARY_OK, "a removed actor is refused");
}

static void define(game *g, bytes *b) {
  wary_profile_def p = wary_default_profile_def();
  p.suspect_threshold = u8(b) % 2 ? num(b) : p.suspect_threshold;
  p.detect_threshold = u8(b) % 2 ? num(b) : p.detect_threshold;
  p.fade_rate = u8(b) % 2 ? num(b) : p.fade_rate;
  p.smoothing_time = u8(b) % 2 ? num(b) : p.smoothing_time;
  p.memory_time = u8(b) % 2 ? num(b) : p.memory_time;
  p.sense_count = u8(b) % 10;
  for (int32_t s = 0; s < p.sense_count; s++) {
    p.senses[s].sense = u8(b) % 10;
    if (u8(b) % 4 == 0) p.senses[s].interval = num(b);
  }
  int32_t index;
  /* Any call may change a definition even when refused later: a snapshot
   * saved before it may then be refused as another world's. */
  g->definitions++;
  if (u8(b) % 3 == 0 && g->profiles > 0) {
    index = u8(b) % g->profiles;
    if (said(g, wary_profile_set(g->w, index, &p)) == WARY_OK && index < MAX_PROFILES) g->defs[index] = p;
  } else if (said(g, wary_profile_create(g->w, &p, &index)) == WARY_OK) {
    g->profiles++;
    if (index < MAX_PROFILES) g->defs[index] = p;
    if (u8(b) % 3 == 0) {
      wary_geck_def gd = wary_default_geck_def();
      gd.enabled = true;
      gd.interval = num(b);
      said(g, wary_profile_set_geck(g->w, index, &gd));
    }
    if (u8(b) % 3 == 0) {
      wary_brain_def bd = wary_default_brain_def();
      bd.emotions = true;
      bd.emotion_rise[0] = num(b);
      said(g, wary_profile_set_brain(g->w, index, &bd));
    }
  }
}

static void snapshot_op(game *g, bytes *b) {
  uint8_t k = u8(b);
  if (k % 3 == 0 || !g->snap) {
    free(g->snap);
    g->snap = save(g, &g->snap_size);
    memcpy(g->snap_live, g->live, sizeof g->live);
    memcpy(g->snap_removed, g->removed, sizeof g->removed);
    g->snap_live_count = g->live_count;
    g->snap_removed_count = g->removed_count;
    memcpy(g->snap_boxes, g->boxes, sizeof g->boxes);
    g->snap_box_count = g->box_count;
    g->snap_definitions = g->definitions;
    return;
  }
  if (k % 3 == 1) {
    int st = said(g, wary_world_load(g->w, g->snap, g->snap_size));
    /* Definitions changed since: refused as another world's (unless they came back alike). */
    if (st != WARY_OK) {
      if (g->definitions == g->snap_definitions) fprintf(stderr, "fuzz_api: load said: %s\n", wary_last_error(g->w));
      must(g->definitions != g->snap_definitions, "a world loads its own snapshot");
      return;
    }
    /* The world is the saved one: its live and removed ids are those of the
     * save (ids made after it never existed there: wary.h). */
    memcpy(g->live, g->snap_live, sizeof g->live);
    memcpy(g->removed, g->snap_removed, sizeof g->removed);
    g->live_count = g->snap_live_count;
    g->removed_count = g->snap_removed_count;
    memcpy(g->boxes, g->snap_boxes, sizeof g->boxes);
    g->box_count = g->snap_box_count;
    size_t n;
    uint8_t *again = save(g, &n);
    must(n == g->snap_size && memcmp(again, g->snap, n) == 0, "a loaded snapshot saves the same bytes");
    free(again);
    return;
  }
  /* Damaged: refused, or loaded and then the good one loaded back. */
  uint8_t *bad = malloc(g->snap_size);
  memcpy(bad, g->snap, g->snap_size);
  int flips = 1 + u8(b) % 4;
  for (int i = 0; i < flips; i++) bad[u32(b) % g->snap_size] ^= (uint8_t)(1u << (u8(b) % 8));
  size_t cut = u8(b) % 4 == 0 ? u32(b) % g->snap_size : g->snap_size;
  /* Half the time its checksum is made right again, as a hand-edited save
   * would be: then only the load's checks of each value stand guard. */
  if (cut > 28 && u8(b) % 2 == 0) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t k = 28; k < cut; k++) h = (h ^ bad[k]) * 0x100000001b3ull;
    for (int k = 0; k < 8; k++) bad[20 + k] = (uint8_t)(h >> (8 * k));
  }
  size_t before_size;
  uint8_t *before = save(g, &before_size);
  /* Its actors read without loading it: what that refuses, a load refuses
   * (it checks the header, checksum, definitions and actors, a load all). */
  wary_snapshot_actor listed[4];
  int32_t listed_count = -1;
  int listed_st = said(g, wary_snapshot_actors(g->w, bad, cut, listed, 4, &listed_count));
  int st = said(g, wary_world_load(g->w, bad, cut));
  must(listed_st == WARY_OK || st != WARY_OK, "wary_world_load refuses what wary_snapshot_actors refuses");
  must(st != WARY_OK || listed_count == wary_actor_count(g->w), "wary_snapshot_actors counts the loaded actors");
  if (st != WARY_OK) {
    size_t n;
    uint8_t *after = save(g, &n);
    must(n == before_size && memcmp(after, before, n) == 0, "a refused snapshot changes nothing");
    free(after);
  } else {
    for (int i = 0; i < 3; i++) wary_step(g->w, 1.0f / 30.0f);
    must(wary_world_load(g->w, before, before_size) == WARY_OK, "the world loads its state back");
  }
  free(before);
  free(bad);
}

static void one_op(game *g, bytes *b) {
  wary_world *w = g->w;
  uint8_t op = u8(b) % 20;
  wary_actor_id a = pick(g, b), t = pick(g, b);
  switch (op) {
  case 0: add_actor(g, b); break;
  case 1: remove_actor(g, b); break;
  case 2: said(g, wary_actor_set_pos(w, a, num(b), num(b), num(b))); break;
  case 3: said(g, wary_actor_set_velocity(w, a, num(b), num(b), 0.0f)); break;
  case 4: {
    uint8_t k = u8(b);
    if (k % 2 == 0 && g->box_count < MAX_BOXES) {
      wary_box_def d = wary_default_box_def();
      for (int i = 0; i < 3; i++) {
        d.min[i] = num(b);
        d.max[i] = d.min[i] + num(b);
      }
      d.material = u8(b) % 3;
      wary_box_id id;
      if (said(g, wary_box_create(w, &d, &id)) == WARY_OK) g->boxes[g->box_count++] = id;
    } else if (g->box_count > 0) {
      int32_t i = u8(b) % g->box_count;
      if (k % 4 == 1) {
        must(said(g, wary_box_destroy(w, g->boxes[i])) == WARY_OK, "a live box is removed");
        must(wary_box_destroy(w, g->boxes[i]) == WARY_ERR_STALE_ID, "a removed box is refused");
        g->boxes[i] = g->boxes[--g->box_count];
      } else {
        said(g, wary_box_set_bounds(w, g->boxes[i], num(b), num(b), num(b), num(b), num(b), num(b)));
      }
    }
    break;
  }
  case 5: define(g, b); break;
  case 6: said(g, wary_evidence_add(w, a, t, g->tags[u8(b) % 4], u8(b) % 5, num(b), num(b), 0)); break;
  case 7: said(g, u8(b) % 2 ? wary_evidence_remove(w, a, t, g->tags[u8(b) % 4]) : wary_evidence_clear(w, a, t)); break;
  case 8: said(g, u8(b) % 2 ? wary_emit_sound(w, a, u8(b) % 3) : wary_emit_sound_at(w, u8(b) % 3, num(b), num(b), 0.0f)); break;
  case 9: {
    wary_damage_def d = wary_default_damage_def();
    d.victim = a;
    d.instigator = t;
    d.amount = num(b);
    d.type = g->tags[u8(b) % 4];
    said(g, wary_apply_damage(w, &d));
    break;
  }
  case 10: said(g, wary_report_pain(w, a, u8(b) % 2, num(b))); break;
  case 11:
  case 12:
  case 13: {
    float dt = u8(b) % 4 == 0 ? num(b) : 1.0f / 60.0f;
    uint8_t k = u8(b);
    int st = said(g, k % 8 == 0 ? refused_step(g, dt, k / 8) : wary_step(w, dt));
    must(st == WARY_OK || st == WARY_ERR_BAD_VALUE || (k % 8 == 0 && st == WARY_ERR_OUT_OF_MEMORY),
         "a step succeeds, refuses its dt or runs out of the memory refused it");
    if (st == WARY_OK) check_states(g);
    break;
  }
  case 14: snapshot_op(g, b); break;
  case 15: said(g, wary_set_confidence(w, a, t, num(b))); break;
  case 16: {
    int k = u8(b) % 3;
    said(g, k == 0 ? wary_report_touch(w, a, t)
           : k == 1 ? wary_report_location(w, a, num(b), num(b), 0.0f, g->tags[0], num(b), num(b))
                    : wary_location_forget(w, a, (int32_t)(u8(b) % 4) - 1));
    break;
  }
  case 17: said(g, wary_set_relationship_override(w, a, t, (int32_t)(u8(b) % 5) - 1)); break;
  case 18: {
    wary_stimulus_def s = wary_default_stimulus_def();
    s.tag = g->tags[u8(b) % 4];
    s.pos[0] = num(b);
    s.radius = num(b);
    s.source = t;
    said(g, wary_emit_stimulus(w, &s));
    break;
  }
  default:
    switch (u8(b) % 7) {
    case 0: said(g, wary_actor_set_prop(w, a, g->tags[u8(b) % 4], num(b))); break;
    case 1: said(g, wary_actor_set_team(w, a, u8(b) % 3)); break;
    case 2: said(g, wary_create_detection_event(w, a, num(b), num(b), 0.0f, num(b), u8(b) % 8)); break;
    case 3: said(g, wary_set_fear_input(w, a, num(b))); break;
    case 4: said(g, wary_world_set_ray_budget(w, (int32_t)(u8(b) % 40) - 2)); break;
    case 5: {
      wary_factor f[WARY_EXPLAIN_FACTORS];
      int32_t n = wary_explain(w, a, t, f, WARY_EXPLAIN_FACTORS);
      if (n > WARY_EXPLAIN_FACTORS) abort();
      for (int32_t i = 0; i < n; i++)
        if (f[i].value != f[i].value) { /* a factor is never NaN */
          fprintf(stderr, "fuzz: explain factor %d (%s, sense %d) is NaN\n", (int)i, wary_factor_name(f[i].kind), (int)f[i].sense);
          abort();
        }
      break;
    }
    default: said(g, wary_actor_set_health(w, a, num(b))); break;
    }
  }
  check_world(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bytes b = {data, size};
  game g;
  memset(&g, 0, sizeof g);
  g.faults.fail_at = -1;
  wary_world_def d = wary_default_world_def();
  faults_use(&d, &g.faults);
  d.event_capacity = 1 + u8(&b) % 200;
  if (u8(&b) % 4 == 0) d.units_per_meter = num(&b);
  if (wary_world_create(&d, &g.w) != WARY_OK) return 0;
  static const char *const tags[4] = {"Stimulus.Vibration.Step", "disguise", "sneak", "Stimulus.Custom.X"};
  for (int i = 0; i < 4; i++) wary_name(g.w, tags[i], &g.tags[i]);
  wary_sense_def cs = wary_default_sense_def();
  cs.evaluate = sense_fn;
  cs.max_range = 1000.0f;
  cs.stimulus_tag_count = 1;
  cs.stimulus_tags[0] = g.tags[3];
  int32_t out;
  wary_sense_create(g.w, &cs, &out);
  for (int i = 0; i < 3; i++) {
    wary_sound_def s = wary_default_sound_def();
    char name[16];
    snprintf(name, sizeof name, "Sound%d", i);
    wary_name(g.w, name, &s.name);
    s.loudness = (float)(i + 1);
    wary_sound_create(g.w, &s, &out);
  }
  for (int i = 0; i < 2; i++) {
    wary_pain_def p = wary_default_pain_def();
    p.name = g.tags[1 + i];
    p.effect_count = 1;
    p.effect_sense[0] = WARY_SENSE_VISION;
    p.effect[0] = 0.5f;
    wary_pain_create(g.w, &p, &out);
  }
  wary_material_def m = wary_default_material_def();
  m.vision_transmission = 0.5f;
  wary_material_create(g.w, &m, &out);
  m.sound_wall = false;
  wary_material_create(g.w, &m, &out);
  bytes first = b;
  define(&g, &first);
  b = first;
  while (b.n > 0) one_op(&g, &b);
  free(g.snap);
  wary_world_destroy(g.w);
  return 0;
}
