/* save.c - wary_world_save and wary_world_load: the snapshot's header (magic,
 * version, size, checksum), the definitions and world settings it was made
 * with, and loading as all or nothing: the state is read into a fresh
 * wy_state, checked against the world's definitions and settings and
 * against itself, and only then swapped in (save.h). */
#include <string.h>

#include "custom.h"
#include "report.h"
#include "save.h"
#include "sound.h"
#include "stimulus.h"

/* ---- saving ------------------------------------------------------------------- */

static void io_header(wy_io *io, uint32_t *version, uint64_t *body, uint64_t *checksum) {
  uint8_t magic[8];
  memcpy(magic, WY_SAVE_MAGIC, sizeof magic);
  wy_io_raw(io, magic, sizeof magic);
  if (io->mode == WY_IO_READ && memcmp(magic, WY_SAVE_MAGIC, sizeof magic) != 0) io->bad = true;
  WY_IO(io, *version);
  WY_IO(io, *body);
  WY_IO(io, *checksum);
}

/* What the body begins with: the definitions it was saved with (their
 * counts and fingerprint; each one's hash follows: write_body). */
static void io_definitions(wy_io *io, int32_t counts[WY_DEFINITION_KINDS], uint64_t *fingerprint) {
  for (int32_t i = 0; i < WY_DEFINITION_KINDS; i++) WY_IO(io, counts[i]);
  WY_IO(io, *fingerprint);
}

/* The world's own settings (wary_world_def) that change what a step
 * computes and that no call changes after wary_world_create: a snapshot
 * holds them since version 7, after the definitions' hashes, and a load
 * refuses a world made with others (check_settings). units_per_meter
 * scales the built-in distances; event_capacity decides which events a
 * step drops (and the count of them, which the snapshot holds);
 * sense_error_limit when a custom sense is muted; lod_interval_scale each
 * tier's sense intervals. Not in it: grid_cell_size (a grid query gives
 * the same actors in slot order whatever its cells), weather and ray_budget
 * (state, saved with it: wary_world_set_weather, wary_world_set_ray_budget
 * change them), workers, log, allocators and task callbacks (a step's
 * results do not depend on them). */
typedef struct wy_settings {
  float units_per_meter;
  int32_t event_capacity;
  int32_t sense_error_limit;
  float lod_interval_scale[WARY_LOD_TIERS];
} wy_settings;

static void settings_of(const wary_world *w, wy_settings *s) {
  s->units_per_meter = w->def.units_per_meter;
  s->event_capacity = w->def.event_capacity;
  s->sense_error_limit = w->def.sense_error_limit;
  for (int32_t i = 0; i < WARY_LOD_TIERS; i++) s->lod_interval_scale[i] = w->def.lod_interval_scale[i];
}

static void io_settings(wy_io *io, wy_settings *s) {
  WY_IO(io, s->units_per_meter);
  WY_IO(io, s->event_capacity);
  WY_IO(io, s->sense_error_limit);
  for (int32_t i = 0; i < WARY_LOD_TIERS; i++) WY_IO(io, s->lod_interval_scale[i]);
}

/* The body into io (out NULL: its size only). */
static void write_body(const wary_world *w, wy_io *io) {
  int32_t counts[WY_DEFINITION_KINDS];
  uint64_t fingerprint = wy_definitions_of(w, counts);
  io_definitions(io, counts, &fingerprint);
  for (int32_t k = 0; k < WY_DEFINITION_KINDS; k++)
    for (int32_t i = 0; i < counts[k]; i++) {
      uint64_t h = wy_definition_hash(w, k, i);
      WY_IO(io, h);
    }
  wy_settings settings = {0};
  settings_of(w, &settings);
  io_settings(io, &settings);
  wy_state s;
  wy_state_of(w, &s);
  wy_state_io(w, io, &s);
}

int wary_world_save(const wary_world *w, void *buf, size_t cap, size_t *size) {
  if (!size) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "size");
  int status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_io count = {.mode = WY_IO_WRITE};
  write_body(w, &count);
  *size = WY_SAVE_HEADER + count.pos;
  if (!buf) return WARY_OK;
  if (cap < *size)
    return wy_fail(w->error, WARY_ERR_FULL, __func__, "cap: expected at least %u bytes (the snapshot's size), got %u",
                   (unsigned)*size, (unsigned)cap);
  uint8_t *out = buf;
  wy_io body = {.mode = WY_IO_WRITE, .out = out + WY_SAVE_HEADER, .cap = cap - WY_SAVE_HEADER};
  write_body(w, &body);
  uint32_t version = WY_SAVE_VERSION;
  uint64_t body_size = body.pos, checksum = wy_fnv1a(WY_FNV_OFFSET, out + WY_SAVE_HEADER, body.pos);
  wy_io head = {.mode = WY_IO_WRITE, .out = out, .cap = WY_SAVE_HEADER};
  io_header(&head, &version, &body_size, &checksum);
  return WARY_OK;
}

/* ---- checking a loaded state ------------------------------------------------- */

#define SNAP "wary_world_load"

/* A record of the snapshot that is not what a save writes, under fn's name. */
static int bad_in(const wary_world *w, const char *fn, const char *what, int32_t i, const char *expected) {
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn, "snapshot: %s %d: expected %s, got another value (a damaged snapshot)",
                 what, i, expected);
}

static int bad(const wary_world *w, const char *what, int32_t i, const char *expected) {
  return bad_in(w, SNAP, what, i, expected);
}

/* The same for one field of record i whose value v is out of its range. */
static int bad_field(const wary_world *w, const char *what, int32_t i, const char *field, const char *expected,
                     float v) {
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, SNAP, "snapshot: %s %d: %s: expected %s, got %g (a damaged snapshot)",
                 what, i, field, expected, (double)v);
}

/* Each slot's id is its own (kind, generation, slot); the free slots are
 * dead and listed once; alive counts the live ones. */
static int check_pool(const wary_world *w, const wy_id_pool *p, uint32_t kind, const char *what, uint8_t *mark) {
  int32_t alive = 0;
  for (int32_t i = 0; i < p->slots.count; i++) {
    wy_id id = p->slots.data[i].id;
    uint32_t gen = p->slots.data[i].gen;
    mark[i] = 0;
    if (gen > WY_ID_GEN_MAX) return bad(w, what, i, "a generation of at most 511");
    if (id == 0) continue;
    if (id >> WY_ID_KIND_SHIFT != kind || wy_id_index(id) != i ||
        (id >> WARY_ID_INDEX_BITS & WY_ID_GEN_MAX) != gen || gen == 0)
      return bad(w, what, i, "the id of its own slot and generation");
    alive++;
  }
  if (alive != p->alive) return bad(w, what, p->alive, "the count of live ids");
  for (int32_t k = 0; k < p->free.count; k++) {
    int32_t slot = p->free.data[k];
    if (slot < 0 || slot >= p->slots.count || p->slots.data[slot].id != 0 || mark[slot])
      return bad(w, what, slot, "a dead slot, listed once, in the free list");
    /* A retired slot is never reused: its next generation would wrap. */
    if (p->slots.data[slot].gen >= WY_ID_GEN_MAX)
      return bad(w, what, slot, "a slot with a generation below 511 in the free list (a retired one is never reused)");
    mark[slot] = 1;
  }
  return WARY_OK;
}

static bool live_actor(const wy_state *s, wy_id id) { return wy_id_slot(&s->actor_ids, id) >= 0; }

static int check_actors(const wary_world *w, const wy_state *s) {
  if (s->actors.count != s->actor_ids.slots.count) return bad(w, "actors", s->actors.count, "one per actor slot");
  for (int32_t i = 0; i < s->actors.count; i++) {
    if (!wy_id_live(&s->actor_ids, i)) continue;
    const wy_actor *a = &s->actors.data[i];
    if (a->profile < -1 || a->profile >= w->profiles.count) return bad(w, "actor", i, "a profile of the world");
    if (a->stance < 0 || a->stance > WARY_PRONE || a->lod_tier < 0 || a->lod_tier >= WARY_LOD_TIERS ||
        a->samples.count < 0 || a->samples.count > WARY_MAX_SAMPLES || a->looking > WY_LOOK_LEVEL)
      return bad(w, "actor", i, "a stance, tier, sample count and look in range");
    bool agent = a->agent >= 0 && a->agent < s->agents.count && s->agents.data[a->agent].actor == i;
    if (agent != (a->profile >= 0) || (a->profile < 0 && a->agent != -1))
      return bad(w, "actor", i, "an agent exactly when it has a profile");
  }
  for (int32_t i = 0; i < s->agents.count; i++) {
    int32_t slot = s->agents.data[i].actor;
    if (slot < 0 || slot >= s->actors.count || !wy_id_live(&s->actor_ids, slot) || s->actors.data[slot].agent != i)
      return bad(w, "agent", i, "a live actor that points back");
  }
  return WARY_OK;
}

static bool finite_corners(const float min[3], const float max[3]) {
  for (int k = 0; k < 3; k++)
    if (!wy_finite(min[k]) || !wy_finite(max[k]) || max[k] < min[k]) return false;
  return true;
}

static int check_scene(const wary_world *w, const wy_state *s) {
  if (s->boxes.count != s->box_ids.slots.count) return bad(w, "boxes", s->boxes.count, "one per box slot");
  int32_t alive = 0;
  for (int32_t i = 0; i < s->boxes.count; i++) {
    const wy_box *b = &s->boxes.data[i];
    if (b->alive != wy_id_live(&s->box_ids, i)) return bad(w, "box", i, "alive exactly when its id is");
    if (!b->alive) continue;
    alive++;
    if (b->material < 0 || b->material >= w->material_count) return bad(w, "box", i, "a material of the world");
    if (!finite_corners(b->min, b->max)) return bad(w, "box", i, "finite corners, max >= min");
  }
  if (alive != s->boxes_alive) return bad(w, "boxes", s->boxes_alive, "the count of live boxes");
  if (s->lights.count != s->light_ids.slots.count) return bad(w, "lights", s->lights.count, "one per light slot");
  if (s->envs.count != s->env_ids.slots.count) return bad(w, "environments", s->envs.count, "one per slot");
  /* What wary_light_create and wary_environment_create take (a light's
   * radius kept scaled, so > 0): a step reads every live one. */
  for (int32_t i = 0; i < s->lights.count; i++) {
    const wary_light_def *d = &s->lights.data[i].def;
    if (!wy_id_live(&s->light_ids, i)) continue;
    if (!wy_finite3(d->pos[0], d->pos[1], d->pos[2])) return bad(w, "light", i, "a finite pos");
    if (!(wy_finite(d->radius) && d->radius > 0.0f))
      return bad_field(w, "light", i, "radius", "a finite number > 0", d->radius);
    if (!wy_unit(d->intensity)) return bad_field(w, "light", i, "intensity", "a number in [0, 1]", d->intensity);
  }
  for (int32_t i = 0; i < s->envs.count; i++) {
    const wary_environment_def *d = &s->envs.data[i].def;
    if (!wy_id_live(&s->env_ids, i)) continue;
    if (!finite_corners(d->min, d->max)) return bad(w, "environment", i, "finite corners, max >= min");
    if (!wy_unit(d->vision_range_scale))
      return bad_field(w, "environment", i, "vision_range_scale", "a number in [0, 1]", d->vision_range_scale);
    if (!wy_unit(d->hearing_range_scale))
      return bad_field(w, "environment", i, "hearing_range_scale", "a number in [0, 1]", d->hearing_range_scale);
    if (d->light != -1.0f && !wy_unit(d->light))
      return bad_field(w, "environment", i, "light", "-1 (unchanged) or a number in [0, 1]", d->light);
  }
  for (int32_t i = 0; i < s->emissions.count; i++) {
    const wy_emission *e = &s->emissions.data[i];
    if (e->is_sound && (e->sound < 0 || e->sound >= w->sounds->types.count))
      return bad(w, "emission", i, "a sound of the world");
    const wary_stimulus_def *d = &e->stimulus;
    /* (A tier past the last takes every agent, as the last does.) */
    if (d->max_lod_tier < 0) return bad(w, "emission", i, "a tier >= 0");
    /* What wary_emit_stimulus (or a sound) takes: a step reads them all. */
    /* (Its source may have been removed since: delivery looks it up.) */
    if (d->tag < 1 || d->tag > s->names.count || !wy_finite3(d->pos[0], d->pos[1], d->pos[2]) ||
        !wy_unit(d->strength) || !wy_nonneg(d->radius))
      return bad(w, "emission", i, "a name, a finite place, strength 0..1 and radius >= 0");
  }
  return WARY_OK;
}

static int check_beliefs(const wary_world *w, const wy_state *s, uint8_t *mark) {
  /* The beliefs' clock adds every step's dt (>= 0) from 0: the place
   * lists' clocks (place.h) and the listed ones' waits rest on that. */
  if (!(s->clock >= 0.0 && s->clock < INFINITY))
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, SNAP,
                   "snapshot: beliefs: clock: expected a finite number >= 0, got %g (a damaged snapshot)", s->clock);
  for (int32_t k = 0; k < s->evidence.count; k++) mark[k] = 0;
  for (int32_t i = 0; i < s->agents.count; i++) {
    const wy_belief_list *l = &s->beliefs.data[i];
    const wy_profile *p = &w->profiles.data[s->actors.data[s->agents.data[i].actor].profile];
    if (l->stride != p->slot_count) return bad(w, "belief list", i, "its profile's slot count");
    int32_t dormant = 0, holders = 0, listed = 0;
    for (int32_t b = 0; b < l->count; b++) {
      const wy_belief *x = &l->data[b];
      if (!live_actor(s, x->target) || wy_belief_find(l, x->target) != b)
        return bad(w, "belief list", i, "beliefs about distinct live actors");
      if (x->state < 0 || x->state > WARY_EXPIRED || x->loss_reason < 0 ||
          x->loss_reason > WARY_LOSS_SUPPRESSED_BY_PAIN || x->threat_level < 0 ||
          x->threat_level > WARY_THREAT_CRITICAL || x->losing_slot < -1 || x->losing_slot >= l->stride)
        return bad(w, "belief list", i, "states, reasons and slots in range");
      if (!wy_unit(x->confidence) || !wy_unit(x->smoothed) || !wy_unit(x->threat) ||
          !(x->pending_set == -1.0f || wy_unit(x->pending_set)) || !wy_nonneg(x->time_in_state) ||
          !wy_nonneg(x->uncertainty) || !wy_nonneg(x->spot_time) || !(x->damage >= 0.0f) ||
          !wy_finite3(x->last_known[0], x->last_known[1], x->last_known[2]))
        return bad(w, "belief list", i, "confidences and threat 0..1, clocks and damage >= 0, a finite place");
      dormant += x->dormant;
      listed += x->dormant && wy_belief_listed(x);
      if (x->evidence >= 0) {
        /* Evidence wakes a belief, and only awake ones age it (evidence.c). */
        if (x->evidence >= s->evidence.count || mark[x->evidence] || s->evidence.data[x->evidence].count < 0 ||
            x->dormant)
          return bad(w, "belief list", i, "evidence blocks of the pool, one per awake belief");
        mark[x->evidence] = 1;
        holders++;
      } else if (x->evidence != -1) {
        return bad(w, "belief list", i, "an evidence block or -1");
      }
    }
    if (dormant != l->dormant || holders != l->holders || l->awake_count != l->count - dormant + listed)
      return bad(w, "belief list", i, "counts that match its beliefs");
    for (int32_t k = 0; k < l->awake_count; k++) {
      int32_t b = l->awake[k];
      if (b < 0 || b >= l->count || (l->data[b].dormant && !wy_belief_listed(&l->data[b])) ||
          (k > 0 && b <= l->awake[k - 1]))
        return bad(w, "belief list", i, "the beliefs walked (not dormant, or dormant and listed), in order");
    }
  }
  /* The free blocks: a chain through every block no belief holds. */
  int32_t steps = 0;
  for (int32_t k = s->evidence_free; k != -1; k = s->evidence.data[k].next) {
    if (k < 0 || k >= s->evidence.count || mark[k] || s->evidence.data[k].count != -1 || ++steps > s->evidence.count)
      return bad(w, "evidence block", k, "a free block, listed once");
    mark[k] = 1;
  }
  for (int32_t k = 0; k < s->evidence.count; k++) {
    const wy_evidence_block *b = &s->evidence.data[k];
    if (!mark[k]) return bad(w, "evidence block", k, "held by a belief or free");
    for (int32_t e = 0; e < b->count; e++)
      if (b->entry[e].op < WARY_RAISE || b->entry[e].op > WARY_INVALIDATE)
        return bad(w, "evidence block", k, "evidence ops in range");
  }
  return WARY_OK;
}

static int check_brain(const wary_world *w, const wy_state *s) {
  for (int32_t i = 0; i < s->agents.count; i++) {
    const wy_hearing_agent *h = &s->hearing.data[i];
    for (int32_t k = 0; k < h->pending.count; k++)
      if (h->pending.data[k].sound < 0 || h->pending.data[k].sound >= w->sounds->types.count)
        return bad(w, "hearing", i, "pending sounds of the world's types");
    for (int32_t k = 0; k < h->tracks.count; k++)
      if (h->tracks.data[k].sound < -1 || h->tracks.data[k].sound >= w->sounds->types.count)
        return bad(w, "hearing", i, "tracks of the world's sound types");
    const wy_pain_agent *p = &s->pain.data[i];
    for (int32_t k = 0; k < p->queue_count; k++)
      if (p->queue[k].pain < 0 || p->queue[k].pain >= w->pain->type_count)
        return bad(w, "pain", i, "reports of the world's pain types");
    const wy_relation_list *r = &s->relations.data[i];
    for (int32_t k = 0; k < r->count; k++)
      if (r->relation[k].relationship < WARY_HOSTILE || r->relation[k].relationship > WARY_FRIENDLY)
        return bad(w, "relations", i, "relationships in range");
    const wy_emotion_agent *e = &s->emotions.data[i];
    if (e->dominant < WARY_CALM || e->dominant > WARY_PANICKED) return bad(w, "emotions", i, "an emotion");
    const wy_geck_agent *g = &s->geck.data[i];
    if (g->state < WARY_GECK_NORMAL || g->state > WARY_GECK_LOST) return bad(w, "geck", i, "a detection state");
    /* Alerts, a target and a state are made for the model's agents alone,
     * and turning it off clears them: a destroyed actor's are looked for
     * only while some profile uses it (geck.c, actor_removed). */
    if (!wy_geck_of(w, s->actors.data[s->agents.data[i].actor].profile)->enabled &&
        (g->alert_count != 0 || g->current != 0 || g->state != WARY_GECK_NORMAL))
      return bad(w, "geck", i, "no alerts, target or state where its profile does not use the model");
    for (int32_t k = 0; k < g->alert_count; k++)
      if (g->alerts[k].type < WARY_GECK_EVENT_NOTICED || g->alerts[k].type > WARY_GECK_EVENT_CUSTOM)
        return bad(w, "geck", i, "alerts of known types");
    const wy_belief_list *l = &s->beliefs.data[i];
    /* Signed: read between steps, they are caught up through the last step
     * and dormant_since is the next one (belief.c). */
    if (l->dormant > 0 && (int32_t)(s->steps - l->dormant_since) > WY_DT_RING / 2)
      return bad(w, "belief list", i, "dormant beliefs no more than half the dt ring behind");
  }
  for (int32_t i = 0; i < s->team_count; i++)
    if (s->teams[i].relationship < WARY_HOSTILE || s->teams[i].relationship > WARY_FRIENDLY)
      return bad(w, "team relationship", i, "a relationship");
  for (int32_t i = 0; i < s->geck_pending.count; i++)
    if (s->geck_pending.data[i].type < WARY_GECK_EVENT_NOTICED || s->geck_pending.data[i].type > WARY_GECK_EVENT_CUSTOM)
      return bad(w, "geck event", i, "a known type");
  return WARY_OK;
}

/* The world's names and the snapshot's must agree as far as both go: the
 * game made its definitions (which hold names) as the saved world did. A
 * world that has interned more since the save (a quick load: a new tag or
 * prop) keeps them (keep_world_names), so a binding's cache of keys stays
 * true either way. */
static int check_names(const wary_world *w, const wy_state *s) {
  for (int32_t i = 0; i < s->names.count; i++)
    if (strlen(s->names.data[i]) == 0) return bad(w, "name", i + 1, "a name of at least one character");
  int32_t both = w->names.count < s->names.count ? w->names.count : s->names.count;
  for (int32_t i = 0; i < both; i++)
    if (strcmp(w->names.data[i], s->names.data[i]) != 0) {
      int status = wy_fail(w->error, WARY_ERR_BAD_VALUE, SNAP,
                           "snapshot: name %d: expected \"%s\" (the world's name of that key), got \"%s\" (intern "
                           "names in the same order as the saved world: definitions first)",
                           i + 1, w->names.data[i], s->names.data[i]);
      /* Written now: the snapshot's name goes with the state it was read into. */
      (void)wy_error_text(w->error);
      return status;
    }
  return WARY_OK;
}

static int check_state(const wary_world *w, const wy_state *s) {
  /* The world's time adds every step's dt (>= 0) from 0, as the beliefs'
   * clock does; hearing's times count from an epoch it has passed. */
  if (!(s->time >= 0.0 && s->time < INFINITY))
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, SNAP,
                   "snapshot: time: expected a finite number >= 0, got %g (a damaged snapshot)", s->time);
  if (!(s->hearing_epoch >= 0.0 && s->hearing_epoch <= s->time))
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, SNAP,
                   "snapshot: hearing epoch: expected a number from 0 to the time (%.17g), got %g (a damaged "
                   "snapshot)",
                   s->time, s->hearing_epoch);
  int32_t n = s->agents.count;
  if (s->hearing.count != n || s->touches.count != n || s->beliefs.count != n || s->places.count != n ||
      s->pain.count != n || s->relations.count != n || s->emotions.count != n || s->geck.count != n ||
      s->budget_waits.count != n)
    return bad(w, "agents", n, "one part per agent in every module");
  if (s->ray_budget < 0) return bad(w, "ray budget", s->ray_budget, "a count of rays >= 0");
  for (int32_t i = 0; i < n; i++) {
    const wy_place_list *l = &s->places.data[i];
    int32_t asleep = 0;
    for (int32_t k = 0; k < l->count; k++) {
      const wy_place *p = &l->data[k];
      if (p->state < WARY_UNDETECTED || p->state > WARY_EXPIRED) return bad(w, "place list", i, "states in range");
      asleep += p->asleep;
    }
    if (asleep != l->asleep_count) return bad(w, "place list", i, "a count of sleepers that matches its places");
  }
  for (int32_t i = 0; i < n; i++)
    for (int32_t k = 0; k < s->budget_waits.data[i].count; k++)
      if (!live_actor(s, s->budget_waits.data[i].data[k].target))
        return bad(w, "ray budget's pairs put off", i, "pairs about live actors");
  int32_t most = s->evidence.count;
  const wy_id_pool *pools[] = {&s->actor_ids, &s->box_ids, &s->light_ids, &s->env_ids};
  for (int i = 0; i < 4; i++)
    if (pools[i]->slots.count > most) most = pools[i]->slots.count;
  uint8_t *mark = most > 0 ? wy_alloc(&w->alloc, (size_t)most) : NULL;
  if (most > 0 && !mark) return wy_fail_memory(w->error, SNAP);
  const char *kinds[] = {"actor id", "box id", "light id", "environment id"};
  int status = WARY_OK;
  for (int i = 0; i < 4 && status == WARY_OK; i++)
    status = check_pool(w, pools[i], (uint32_t)(i + WARY_KIND_ACTOR), kinds[i], mark);
  if (status == WARY_OK) status = check_actors(w, s);
  if (status == WARY_OK) status = check_scene(w, s);
  if (status == WARY_OK) status = check_beliefs(w, s, mark);
  if (status == WARY_OK) status = check_brain(w, s);
  if (status == WARY_OK) status = check_names(w, s);
  if (mark) wy_free(&w->alloc, mark, (size_t)most);
  return status;
}

/* ---- loading ------------------------------------------------------------------ */

/* *version: the snapshot's format version, when it is one this library reads. */
static int check_header(wary_world *w, const char *fn, const uint8_t *in, size_t size, uint32_t *version_out) {
  if (size < WY_SAVE_HEADER)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn, "size: expected at least %d bytes (a snapshot's header), got %zu",
                   WY_SAVE_HEADER, size);
  uint32_t version = 0;
  uint64_t body = 0, checksum = 0;
  wy_io head = {.mode = WY_IO_READ, .in = in, .size = WY_SAVE_HEADER};
  io_header(&head, &version, &body, &checksum);
  if (head.bad)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn, "buf: expected a wary snapshot (starting \"%s\"), got other bytes",
                   WY_SAVE_MAGIC);
  if (version < WY_SAVE_VERSION_OLDEST || version > WY_SAVE_VERSION)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "snapshot version: expected %u to %u (the formats this library reads), got %u",
                   WY_SAVE_VERSION_OLDEST, WY_SAVE_VERSION, version);
  *version_out = version;
  if (body != size - WY_SAVE_HEADER)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "size: expected %llu bytes after the header (the snapshot's), got %zu (%s)",
                   (unsigned long long)body, size - WY_SAVE_HEADER,
                   body > size - WY_SAVE_HEADER ? "truncated" : "bytes after its end");
  uint64_t sum = wy_fnv1a(WY_FNV_OFFSET, in + WY_SAVE_HEADER, (size_t)body);
  if (sum != checksum)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "snapshot checksum: expected %llx (of its bytes), got %llx (the snapshot is damaged)",
                   (unsigned long long)sum, (unsigned long long)checksum);
  return WARY_OK;
}

static const char *const definition_kinds[WY_DEFINITION_KINDS] = {
  "profiles", "senses", "materials", "sounds", "filters", "pain types",
};
static const char *const definition_kind[WY_DEFINITION_KINDS] = {
  "profile", "sense", "material", "sound", "filter", "pain type",
};

/* Definition i of kind k's name in the core, when it has one (sounds and
 * pain types); else NULL. */
static const char *definition_name(const wary_world *w, int32_t k, int32_t i) {
  int32_t key = k == 3 ? w->sounds->types.data[i].def.name : k == 5 ? w->pain->types[i].name : -1;
  return key >= 0 ? wary_name_string(w, key) : NULL;
}

/* The saved world's settings (since version 7) against this world's: the
 * first that differs is named, with both values. */
static int compare_settings(wary_world *w, const char *fn, const wy_settings *saved) {
  static const char *const lod[WARY_LOD_TIERS] = {
    "lod_interval_scale[0]", "lod_interval_scale[1]", "lod_interval_scale[2]", "lod_interval_scale[3]",
  };
  wy_settings mine;
  settings_of(w, &mine);
  const char *field = NULL;
  double expected = 0.0, got = 0.0;
  bool whole = false;
  if (saved->units_per_meter != mine.units_per_meter) {
    field = "units_per_meter";
    expected = mine.units_per_meter;
    got = saved->units_per_meter;
  } else if (saved->event_capacity != mine.event_capacity) {
    field = "event_capacity";
    expected = mine.event_capacity;
    got = saved->event_capacity;
    whole = true;
  } else if (saved->sense_error_limit != mine.sense_error_limit) {
    field = "sense_error_limit";
    expected = mine.sense_error_limit;
    got = saved->sense_error_limit;
    whole = true;
  } else {
    for (int32_t i = 0; i < WARY_LOD_TIERS && !field; i++)
      if (saved->lod_interval_scale[i] != mine.lod_interval_scale[i]) {
        field = lod[i];
        expected = mine.lod_interval_scale[i];
        got = saved->lod_interval_scale[i];
      }
  }
  if (!field) return WARY_OK;
  if (whole)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "snapshot world settings: %s: expected %d (this world's), got %d (the saved world's: create the "
                   "world with the saved world's settings before loading)",
                   field, (int)expected, (int)got);
  return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                 "snapshot world settings: %s: expected %g (this world's), got %g (the saved world's: create the "
                 "world with the saved world's settings before loading)",
                 field, expected, got);
}

/* The settings a snapshot of version 7 or later holds after the hashes of
 * the definitions it counts (saved), compared before the definitions are:
 * a world of another units_per_meter is told so, not that its first
 * definition (whose distances it scales) differs. Counts that do not fit
 * the snapshot leave the definitions' check to refuse it. */
static int check_settings_ahead(wary_world *w, const char *fn, const wy_io *io, const int32_t *saved) {
  uint64_t skip = 0;
  for (int32_t k = 0; k < WY_DEFINITION_KINDS; k++) {
    if (saved[k] < 0) return WARY_OK;
    skip += 8u * (uint64_t)saved[k];
  }
  if (io->pos > io->size || skip > io->size - io->pos) return WARY_OK;
  wy_io peek = *io;
  peek.pos += (size_t)skip;
  wy_settings settings = {0};
  io_settings(&peek, &settings);
  return peek.bad ? WARY_OK : compare_settings(w, fn, &settings);
}

static int check_definitions(wary_world *w, const char *fn, wy_io *io) {
  int32_t saved[WY_DEFINITION_KINDS] = {0}, counts[WY_DEFINITION_KINDS];
  uint64_t saved_fingerprint = 0, fingerprint = wy_definitions_of(w, counts);
  io_definitions(io, saved, &saved_fingerprint);
  if (io->version >= 7u && !io->bad) {
    int status = check_settings_ahead(w, fn, io, saved);
    if (status != WARY_OK) return status;
  }
  for (int32_t i = 0; i < WY_DEFINITION_KINDS; i++)
    if (saved[i] != counts[i])
      return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                     "snapshot definitions: expected a world with %d %s (this one's), got one with %d (define "
                     "what the saved world defined before loading)",
                     counts[i], definition_kinds[i], saved[i]);
  /* Since version 5 each one's hash: the first that differs is named, a
   * sense before a profile (a profile holds its senses' intervals and
   * ranges: a sense that differs makes each profile that uses it differ
   * too, and the sense is the cause). */
  int32_t first[WY_DEFINITION_KINDS];
  for (int32_t k = 0; k < WY_DEFINITION_KINDS; k++) first[k] = -1;
  for (int32_t k = 0; k < WY_DEFINITION_KINDS && io->version >= 5u; k++)
    for (int32_t i = 0; i < counts[k]; i++) {
      uint64_t h = 0;
      WY_IO(io, h);
      if (first[k] < 0 && !io->bad && h != wy_definition_hash(w, k, i)) first[k] = i;
    }
  int32_t kind = first[1] >= 0 ? 1 : -1, index = kind >= 0 ? first[1] : -1;
  for (int32_t k = 0; k < WY_DEFINITION_KINDS && kind < 0; k++)
    if (first[k] >= 0) {
      kind = k;
      index = first[k];
    }
  if (kind >= 0) {
    const char *name = definition_name(w, kind, index);
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "snapshot definitions: %s %d%s%s%s: expected the settings this world defined it with, got other "
                   "ones (define it as the saved world did, in a world of the same units_per_meter, before "
                   "loading)",
                   definition_kind[kind], (int)index, name ? " (\"" : "", name ? name : "", name ? "\")" : "");
  }
  if (saved_fingerprint != fingerprint)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                   "snapshot definitions: expected this world's (fingerprint %x), got %x (a profile, sense, "
                   "material, sound, filter or pain type differs from the saved world's, or its units_per_meter, "
                   "which scales their distances)",
                   (unsigned)fingerprint, (unsigned)saved_fingerprint);
  /* Since version 7 the world's settings, compared already. */
  if (io->version >= 7u) {
    wy_settings settings = {0};
    io_settings(io, &settings);
  }
  return WARY_OK;
}

/* Whether the world's boxes (o's) and the snapshot's (s's) are the same, slot for
 * slot, to the bit. */
static bool same_boxes(const wy_occluders *o, const wy_state *s) {
  if (o->boxes.count != s->boxes.count || o->alive_count != s->boxes_alive) return false;
  for (int32_t i = 0; i < o->boxes.count; i++) {
    const wy_box *a = &o->boxes.data[i], *b = &s->boxes.data[i];
    if (memcmp(a->min, b->min, sizeof a->min) != 0 || memcmp(a->max, b->max, sizeof a->max) != 0 ||
        a->material != b->material || a->alive != b->alive)
      return false;
  }
  return true;
}

/* What no snapshot holds is made fresh: derived tables are built again
 * (the box tree but where the load kept the world's boxes: tree_kept),
 * the last step's scratch (events, batch, reports, inbox) is gone. */
static void after_load(wary_world *w, bool tree_kept) {
  if (!tree_kept) {
    w->occ.dirty = true;
    w->occ.refitted = false;
  }
  w->grid_dirty = true;
  wy_grid_members_changed(&w->grid); /* other actors, other slots */
  wy_vgrid_stale(&w->light_grid);
  wy_vgrid_stale(&w->env_grid);
  w->events.count = 0;
  w->reports->places.count = 0;
  w->custom->queries.count = 0;
  w->custom->results.count = 0;
  w->custom->links.count = 0;
  w->stimuli->inbox.count = 0;
  wy_beliefs_loaded(w);
  wy_modules_loaded(w);
}

static void free_state(wary_world *w, wy_state *s) {
  wy_state_free(w, s);
  wy_free(&w->alloc, s, sizeof *s);
}

/* What wary_snapshot_actors lists, checked as far as it goes: one actor
 * per slot, each live id its slot's, each profile the world's. */
static int check_listed_actors(const wary_world *w, const char *fn, const wy_state *s) {
  if (s->actors.count != s->actor_ids.slots.count) return bad_in(w, fn, "actors", s->actors.count, "one per actor slot");
  for (int32_t i = 0; i < s->actors.count; i++) {
    if (!wy_id_live(&s->actor_ids, i)) continue;
    if (wy_id_slot(&s->actor_ids, wy_id_make(&s->actor_ids, i)) != i)
      return bad_in(w, fn, "actor id", i, "the id of its own slot");
    if (s->actors.data[i].profile < -1 || s->actors.data[i].profile >= w->profiles.count)
      return bad_in(w, fn, "actor", i, "a profile of the world");
  }
  return WARY_OK;
}

/* Reads a snapshot into a fresh state (fn: the caller, for the texts of its
 * own checks): WARY_OK with *out the state, which the caller frees
 * (free_state), or the failure with nothing held. whole: every record, each
 * checked (what a load swaps in); else the header, checksum and definitions
 * checked and the first records read, up to the actors (wy_state_io_head),
 * those checked as far as they go. */
static int read_state(wary_world *w, const char *fn, const void *buf, size_t size, bool whole, wy_state **out) {
  /* The last failure's text is written when it is read, and it may name an
   * interned name that a load frees: written now, while the names live. */
  (void)wy_error_text(w->error);
  *out = NULL;
  int status = wy_step_check(w, fn);
  if (status != WARY_OK) return status;
  if (!buf) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, fn, "buf");
  const uint8_t *in = buf;
  uint32_t version = 0;
  status = check_header(w, fn, in, size, &version);
  if (status != WARY_OK) return status;
  wy_io io = {.mode = WY_IO_READ, .in = in + WY_SAVE_HEADER, .size = size - WY_SAVE_HEADER, .version = version};
  status = check_definitions(w, fn, &io);
  if (status != WARY_OK) return status;
  wy_state *s = wy_alloc_zero(&w->alloc, sizeof *s);
  if (!s) return wy_fail_memory(w->error, fn);
  wy_id_pool_init(&s->actor_ids, WARY_KIND_ACTOR, &w->alloc);
  wy_id_pool_init(&s->box_ids, WARY_KIND_BOX, &w->alloc);
  wy_id_pool_init(&s->light_ids, WARY_KIND_LIGHT, &w->alloc);
  wy_id_pool_init(&s->env_ids, WARY_KIND_ENVIRONMENT, &w->alloc);
  if (!(whole ? wy_state_io(w, &io, s) : wy_state_io_head(w, &io, s))) {
    status = wy_fail_memory(w->error, fn);
  } else if (io.bad || (whole && io.pos != io.size)) {
    status = wy_fail(w->error, WARY_ERR_BAD_VALUE, fn,
                     "snapshot: expected records that end with its %u bytes, got a malformed one near byte %u",
                     (unsigned)size, (unsigned)(io.pos + WY_SAVE_HEADER));
  } else if (whole) {
    for (int32_t i = 0; i < s->beliefs.count; i++) wy_belief_index_rebuild(&s->beliefs.data[i]);
    status = check_state(w, s);
    for (int32_t i = 0; i < s->beliefs.count && status == WARY_OK; i++) {
      wy_beliefs_split_listed(&s->beliefs.data[i], version >= 6u, s->steps);
      s->beliefs.data[i].attended = s->emotions.data[i].attention;
    }
  } else {
    status = check_listed_actors(w, fn, s);
  }
  if (status != WARY_OK) {
    free_state(w, s);
    return status;
  }
  *out = s;
  return WARY_OK;
}

/* The names the world interned after those of snapshot s go into s too
 * (check_names): false on out of memory. */
static bool keep_world_names(wary_world *w, wy_state *s) {
  for (int32_t i = s->names.count; i < w->names.count; i++) {
    size_t n = strlen(w->names.data[i]) + 1;
    char *copy = wy_alloc(&w->alloc, n);
    if (!copy) return false;
    memcpy(copy, w->names.data[i], n);
    char **slot = wy_array_push(&w->alloc, &s->names);
    if (!slot) {
      wy_free(&w->alloc, copy, n);
      return false;
    }
    *slot = copy;
  }
  return true;
}

int wary_world_load(wary_world *w, const void *buf, size_t size) {
  wy_state *s;
  int status = read_state(w, __func__, buf, size, true, &s);
  if (status != WARY_OK) return status;
  if (!keep_world_names(w, s)) {
    free_state(w, s);
    return wy_fail_memory(w->error, __func__);
  }
  /* A snapshot of the boxes the world has (a rollback's, a quickload's
   * where no box changed since its save) keeps the world's box tree, built
   * and up to date: it answers as a build would (occ_walk.c: every tree
   * over the same boxes gives the same answers), and the step after the
   * load does not build one again (2,000 boxes: about a step's time). */
  bool tree_kept = !w->occ.dirty && same_boxes(&w->occ, s);
  wy_state_swap(w, s);
  after_load(w, tree_kept);
  free_state(w, s);
  return WARY_OK;
}

int wary_snapshot_actors(wary_world *w, const void *buf, size_t size, wary_snapshot_actor *out, int32_t capacity,
                         int32_t *count) {
  int status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  if (!count) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "count");
  *count = 0;
  if (capacity < 0 || (capacity > 0 && !out))
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__,
                   "capacity: expected a count >= 0, and 0 when out is NULL, got %d%s", capacity,
                   out ? "" : " with out NULL");
  wy_state *s;
  status = read_state(w, __func__, buf, size, false, &s);
  if (status != WARY_OK) return status;
  int32_t n = 0;
  for (int32_t slot = 0; slot < s->actor_ids.slots.count; slot++) {
    if (!wy_id_live(&s->actor_ids, slot)) continue;
    wy_id id = wy_id_make(&s->actor_ids, slot);
    if (n < capacity) {
      const wy_actor *a = &s->actors.data[slot];
      out[n] = (wary_snapshot_actor){{id}, a->profile};
    }
    n++;
  }
  free_state(w, s);
  *count = n;
  return WARY_OK;
}
