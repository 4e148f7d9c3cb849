/* save_state.c - the walk over a world's state that a snapshot is made of
 * (save.h): gathering it from the world and the modules, swapping a loaded
 * one in, freeing one, one visitor per record, and the fingerprint of the
 * definitions. The layout is the order of the visits below; a change to it
 * is a new WY_SAVE_VERSION. */
#include <string.h>

#include "brain.h"
#include "custom.h"
#include "report.h"
#include "save.h"
#include "sound.h"
#include "stimulus.h"

/* ---- the world's state in and out ------------------------------------------- */

#define SWAP(a, b)                                                \
  do {                                                            \
    _Static_assert(sizeof(a) == sizeof(b), "swapped sizes differ"); \
    unsigned char t_[sizeof(a)];                                  \
    memcpy(t_, &(a), sizeof t_);                                  \
    memcpy(&(a), &(b), sizeof t_);                                \
    memcpy(&(b), t_, sizeof t_);                                  \
  } while (0)

/* Every piece of state, world side and state side, as one list: gathering
 * copies each into the state, swapping exchanges them. */
#define STATE_FIELDS(X, w, s)                                             \
  X((w)->time, (s)->time);                                                \
  X((w)->steps, (s)->steps);                                              \
  X((w)->def.weather, (s)->weather);                                      \
  X((w)->stats, (s)->stats);                                              \
  X((w)->events_dropped, (s)->events_dropped);                            \
  X((w)->names, (s)->names);                                              \
  X((w)->occ.boxes, (s)->boxes);                                          \
  X((w)->occ.alive_count, (s)->boxes_alive);                              \
  X((w)->box_ids, (s)->box_ids);                                          \
  X((w)->actors, (s)->actors);                                            \
  X((w)->actor_ids, (s)->actor_ids);                                      \
  X((w)->actor_serial, (s)->actor_serial);                                \
  X((w)->agents, (s)->agents);                                            \
  X((w)->lights, (s)->lights);                                            \
  X((w)->light_ids, (s)->light_ids);                                      \
  X((w)->envs, (s)->envs);                                                \
  X((w)->env_ids, (s)->env_ids);                                          \
  X((w)->sun_dir, (s)->sun_dir);                                          \
  X((w)->sun_intensity, (s)->sun_intensity);                              \
  X((w)->ambient, (s)->ambient);                                          \
  X((w)->light_epoch, (s)->light_epoch);                                  \
  X((w)->relation_epoch, (s)->relation_epoch);                            \
  X((w)->emissions->queue, (s)->emissions);                               \
  X((w)->hearing->agents, (s)->hearing);                                  \
  X((w)->hearing->epoch, (s)->hearing_epoch);                             \
  X((w)->small->agents, (s)->touches);                                    \
  X((w)->beliefs->agents, (s)->beliefs);                                  \
  X((w)->beliefs->evidence, (s)->evidence);                               \
  X((w)->beliefs->evidence_free, (s)->evidence_free);                     \
  X((w)->beliefs->dt, (s)->dt);                                           \
  X((w)->beliefs->dt_run_start, (s)->dt_run_start);                       \
  X((w)->beliefs->dt_same_since, (s)->dt_same_since);                     \
  X((w)->beliefs->clock, (s)->clock);                                     \
  X((w)->places->agents, (s)->places);                                    \
  X((w)->damages->queue, (s)->damages);                                   \
  X((w)->pain->agents, (s)->pain);                                        \
  X((w)->relations->teams, (s)->teams);                                   \
  X((w)->relations->team_count, (s)->team_count);                         \
  X((w)->relations->agents, (s)->relations);                              \
  X((w)->emotions->agents, (s)->emotions);                                \
  X((w)->geck->agents, (s)->geck);                                        \
  X((w)->geck->pending, (s)->geck_pending);                               \
  X((w)->def.ray_budget, (s)->ray_budget);                                \
  X((w)->budget->agents, (s)->budget_waits)

#define COPY_INTO(a, b)                                            \
  do {                                                             \
    _Static_assert(sizeof(a) == sizeof(b), "copied sizes differ"); \
    memcpy(&(b), &(a), sizeof(b));                                 \
  } while (0)

void wy_state_of(const wary_world *w, wy_state *s) { STATE_FIELDS(COPY_INTO, w, s); }

void wy_state_swap(wary_world *w, wy_state *s) { STATE_FIELDS(SWAP, w, s); }

void wy_state_free(const wary_world *w, wy_state *s) {
  const wy_allocator *al = &w->alloc;
  for (int32_t i = 0; i < s->names.count; i++)
    if (s->names.data[i]) wy_free(al, s->names.data[i], strlen(s->names.data[i]) + 1);
  wy_array_free(al, &s->names);
  wy_array_free(al, &s->boxes);
  wy_id_pool_free(&s->box_ids);
  wy_array_free(&w->tables, &s->actors);
  wy_id_pool_free(&s->actor_ids);
  wy_array_free(&w->tables, &s->agents);
  wy_array_free(al, &s->lights);
  wy_id_pool_free(&s->light_ids);
  wy_array_free(al, &s->envs);
  wy_id_pool_free(&s->env_ids);
  wy_array_free(al, &s->emissions);
  for (int32_t i = 0; i < s->hearing.count; i++) {
    wy_array_free(&w->tables, &s->hearing.data[i].pending);
    wy_array_free(&w->tables, &s->hearing.data[i].heard);
    wy_array_free(&w->tables, &s->hearing.data[i].tracks);
  }
  wy_array_free(al, &s->hearing);
  wy_array_free(al, &s->touches);
  for (int32_t i = 0; i < s->beliefs.count; i++) wy_belief_list_free_tables(w, &s->beliefs.data[i]);
  wy_array_free(&w->tables, &s->beliefs);
  wy_array_free(al, &s->evidence);
  for (int32_t i = 0; i < s->places.count; i++) wy_place_list_free(w, &s->places.data[i]);
  wy_array_free(al, &s->places);
  wy_array_free(al, &s->damages);
  wy_array_free(al, &s->pain);
  wy_array_free(al, &s->relations);
  wy_array_free(al, &s->emotions);
  for (int32_t i = 0; i < s->geck.count; i++) wy_array_free(&w->tables, &s->geck.data[i].seen);
  wy_array_free(al, &s->geck);
  wy_array_free(al, &s->geck_pending);
  for (int32_t i = 0; i < s->budget_waits.count; i++) wy_array_free(&w->tables, &s->budget_waits.data[i]);
  wy_array_free(al, &s->budget_waits);
}

/* ---- records ------------------------------------------------------------------ */

/* A table's count, then each element through fn(io, element); read, the
 * table is made with room for exactly that many, zeroed, from the world's
 * allocator (IO_TABLE) or, for a table an agent owns or one of records on
 * lines (the actors, the belief lists), its slab (IO_OWNED). Makes the
 * caller return false when out of memory. IO_NESTED, IO_NESTED_OWNED:
 * fn(w, io, element), false when out of memory. */
#define IO_TABLE_(al, io, a, max, CALL)                                                 \
  do {                                                                                  \
    int32_t n_ = (a)->count;                                                            \
    wy_io_count((io), &n_, (max));                                                      \
    if ((io)->mode == WY_IO_READ && n_ > 0) {                                           \
      (a)->data = wy_alloc_zero((al), (size_t)n_ * sizeof *(a)->data);                  \
      if (!(a)->data) return false;                                                     \
      (a)->cap = n_;                                                                    \
    }                                                                                   \
    (a)->count = n_;                                                                    \
    for (int32_t i_ = 0; i_ < n_; i_++) CALL;                                           \
  } while (0)
#define IO_TABLE(w, io, a, max, fn) IO_TABLE_(&(w)->alloc, io, a, max, fn((io), &(a)->data[i_]))
#define IO_OWNED(w, io, a, max, fn) IO_TABLE_(&(w)->tables, io, a, max, fn((io), &(a)->data[i_]))
#define IO_NESTED(w, io, a, max, fn) \
  IO_TABLE_(&(w)->alloc, io, a, max, if (!fn((w), (io), &(a)->data[i_])) return false)
#define IO_NESTED_OWNED(w, io, a, max, fn) \
  IO_TABLE_(&(w)->tables, io, a, max, if (!fn((w), (io), &(a)->data[i_])) return false)

#define MAX_SLOTS ((int32_t)(1 << WARY_ID_INDEX_BITS))

static void io_id_entry(wy_io *io, wy_id_entry *e) {
  WY_IO(io, e->id);
  WY_IO(io, e->gen);
}

static void io_int(wy_io *io, int32_t *v) { WY_IO(io, *v); }

static bool io_pool(const wary_world *w, wy_io *io, wy_id_pool *p) {
  IO_TABLE(w, io, &p->slots, MAX_SLOTS, io_id_entry);
  IO_TABLE(w, io, &p->free, MAX_SLOTS, io_int);
  WY_IO(io, p->alive);
  /* The free list keeps room for every slot, so releasing never fails. */
  return io->mode != WY_IO_READ ||
         (wy_array_reserve(&w->alloc, &p->free, p->slots.count) && wy_id_pool_relive(p));
}

static bool io_name(const wary_world *w, wy_io *io, char **name) {
  int32_t len = io->mode == WY_IO_READ ? 0 : (int32_t)strlen(*name);
  wy_io_count(io, &len, 65535);
  if (io->mode == WY_IO_READ) {
    *name = wy_alloc(&w->alloc, (size_t)len + 1);
    if (!*name) return false;
    (*name)[len] = '\0';
  }
  wy_io_raw(io, (uint8_t *)*name, (size_t)len);
  return true;
}

static void io_samples(wy_io *io, wary_samples *s) {
  WY_IO(io, s->count);
  WY_IO_ARRAY(io, s->points);
}

static void io_actor(wy_io *io, wy_actor *a) {
  WY_IO_ARRAY(io, a->pos);
  WY_IO_ARRAY(io, a->vel);
  WY_IO_ARRAY(io, a->step_pos);
  WY_IO(io, a->vel_set);
  WY_IO(io, a->yaw);
  WY_IO_ARRAY(io, a->look_at);
  WY_IO(io, a->looking);
  WY_IO(io, a->head_yaw);
  WY_IO(io, a->head_pitch);
  io_samples(io, &a->samples);
  /* Not its light cache: valid for one light_epoch, and every step begins a
   * new one; loaded, it is stale (0). */
  WY_IO(io, a->stance);
  WY_IO(io, a->team);
  WY_IO(io, a->visibility);
  WY_IO(io, a->light);
  WY_IO(io, a->eye_height);
  WY_IO(io, a->scent);
  WY_IO(io, a->profile);
  WY_IO(io, a->lod_tier);
  WY_IO(io, a->perceivable);
  WY_IO(io, a->off_screen);
  WY_IO(io, a->serial);
  WY_IO(io, a->agent);
  wy_io_count(io, &a->prop_count, WARY_MAX_PROPS);
  for (int32_t i = 0; i < a->prop_count; i++) {
    WY_IO(io, a->prop_key[i]);
    WY_IO(io, a->prop_value[i]);
  }
  if (io->mode == WY_IO_READ) wy_actor_sight_sync(a); /* derived (actor.h) */
}

static void io_agent(wy_io *io, wy_agent *a) {
  WY_IO(io, a->actor);
  if (io->mode == WY_IO_READ) a->idle = 0; /* derived (actor.h): every part to do */
  /* Field by field over the slots, as the record was laid out before its
   * slots were: the saved bytes stay those of format 1. */
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].next_due);
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].since);
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].errors);
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].failed);
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].ran);
  for (int32_t s = 0; s < WY_SLOTS; s++) WY_IO(io, a->slot[s].muted);
}

static void io_box(wy_io *io, wy_box *b) {
  WY_IO_ARRAY(io, b->min);
  WY_IO_ARRAY(io, b->max);
  WY_IO(io, b->material);
  WY_IO(io, b->alive);
}

static void io_light(wy_io *io, wy_light *l) {
  WY_IO_ARRAY(io, l->def.pos);
  WY_IO(io, l->def.radius);
  WY_IO(io, l->def.intensity);
  WY_IO(io, l->def.cast_shadows);
}

static void io_env(wy_io *io, wy_env *e) {
  WY_IO_ARRAY(io, e->def.min);
  WY_IO_ARRAY(io, e->def.max);
  WY_IO(io, e->def.vision_range_scale);
  WY_IO(io, e->def.hearing_range_scale);
  WY_IO(io, e->def.light);
}

static void io_emission(wy_io *io, wy_emission *e) {
  wary_stimulus_def *d = &e->stimulus;
  WY_IO(io, e->is_sound);
  WY_IO(io, e->sound);
  WY_IO(io, d->tag);
  WY_IO_ARRAY(io, d->pos);
  WY_IO(io, d->source.id);
  WY_IO(io, d->strength);
  WY_IO(io, d->radius);
  WY_IO(io, d->max_lod_tier);
  WY_IO(io, d->requires_clear_path);
  WY_IO(io, d->team_filter);
}

static void io_pending(wy_io *io, wy_pending *p) {
  WY_IO(io, p->time);
  WY_IO(io, p->maker);
  WY_IO(io, p->sound);
  WY_IO_ARRAY(io, p->pos);
  WY_IO(io, p->heard);
  WY_IO(io, p->walls);
  WY_IO(io, p->distance);
  WY_IO(io, p->range);
  WY_IO(io, p->filter);
  WY_IO(io, p->weather);
}

static void io_track(wy_io *io, wy_track *t) {
  WY_IO(io, t->maker);
  WY_IO(io, t->accum);
  WY_IO(io, t->last);
  WY_IO(io, t->settled);
  WY_IO(io, t->heard);
  WY_IO(io, t->sound);
  WY_IO(io, t->accuracy);
}

static bool io_hearing(const wary_world *w, wy_io *io, wy_hearing_agent *h) {
  IO_OWNED(w, io, &h->pending, INT32_MAX, io_pending);
  IO_OWNED(w, io, &h->heard, INT32_MAX, io_pending);
  IO_OWNED(w, io, &h->tracks, INT32_MAX, io_track);
  for (int32_t i = 0; i < WARY_RECENT_SOUNDS; i++) {
    wary_heard_sound *r = &h->recent[i];
    WY_IO(io, r->time);
    WY_IO(io, r->maker.id);
    WY_IO(io, r->sound);
    WY_IO_ARRAY(io, r->pos);
    WY_IO(io, r->loudness);
    WY_IO(io, r->walls);
  }
  wy_io_count(io, &h->recent_head, WARY_RECENT_SOUNDS - 1);
  wy_io_count(io, &h->recent_count, WARY_RECENT_SOUNDS);
  return true;
}

static void io_budget_wait(wy_io *io, wy_budget_wait *q) {
  WY_IO(io, q->target);
  WY_IO(io, q->since);
}

static bool io_budget_waits(const wary_world *w, wy_io *io, wy_budget_waits *l) {
  IO_OWNED(w, io, l, INT32_MAX, io_budget_wait);
  return true;
}

static void io_touches(wy_io *io, wy_touches *t) {
  WY_IO_ARRAY(io, t->toucher);
  wy_io_count(io, &t->count, 4);
}

/* The flags of a belief, one bit each (bit-fields have no address). */
static void io_belief_flags(wy_io *io, wy_belief *b) {
  uint8_t f = io->mode == WY_IO_READ ? 0
                                      : (uint8_t)(b->sensed | b->spotted << 1 | b->quiet << 2 | b->drowsy << 3 |
                                                  b->dormant << 4 | b->scored << 5 | b->far << 6 |
                                                  b->hostile << 7);
  WY_IO(io, f);
  b->sensed = f & 1;
  b->spotted = f >> 1 & 1;
  b->quiet = f >> 2 & 1;
  b->drowsy = f >> 3 & 1;
  b->dormant = f >> 4 & 1;
  b->scored = f >> 5 & 1;
  b->far = f >> 6 & 1;
  b->hostile = f >> 7 & 1;
  if (io->mode == WY_IO_READ) { /* derived (belief.h) */
    b->held = b->hostile_known = b->fresh = b->deferred = b->telegraph_due = false;
    wy_set_tallied(b, 0);
  }
}

static void io_belief(wy_io *io, wy_belief *b) {
  WY_IO(io, b->target);
  WY_IO(io, b->confidence);
  WY_IO(io, b->smoothed);
  WY_IO(io, b->fused);
  WY_IO(io, b->time_in_state);
  WY_IO(io, b->uncertainty);
  WY_IO(io, b->pending_set);
  WY_IO_ARRAY(io, b->last_known);
  WY_IO(io, b->spot_time);
  WY_IO(io, b->damage);
  WY_IO(io, b->threat);
  WY_IO(io, b->evidence);
  WY_IO(io, b->state);
  WY_IO(io, b->loss_reason);
  WY_IO(io, b->losing_slot);
  WY_IO(io, b->threat_level);
  io_belief_flags(io, b);
  WY_IO(io, b->asleep_since);
}

static void io_belief_slot(wy_io *io, wy_belief_slot *s) {
  WY_IO(io, s->share);
  WY_IO(io, s->silent);
  WY_IO(io, s->accuracy);
  WY_IO_ARRAY(io, s->location);
  WY_IO(io, s->reason_step);
  WY_IO(io, s->reason);
  WY_IO(io, s->reported);
  WY_IO(io, s->active);
  WY_IO(io, s->ever);
}

/* A belief list's clocks of its dormant ones (io_beliefs). */
static void io_list_clocks(wy_io *io, uint32_t *dormant_since, float *lead, bool *may_sleep) {
  WY_IO(io, *dormant_since);
  WY_IO(io, lead[0]);
  WY_IO(io, lead[1]);
  WY_IO(io, *may_sleep);
}

static bool io_beliefs(const wary_world *w, wy_io *io, wy_belief_list *l) {
  int32_t count = l->count, stride = l->stride;
  wy_io_count(io, &count, INT32_MAX);
  wy_io_count(io, &stride, WY_SLOTS);
  if (io->mode == WY_IO_READ) {
    if (count > 0 && !wy_belief_list_reserve(w, l, count, stride)) return false;
    l->count = count;
    l->stride = stride;
  }
  WY_IO(io, l->holders);
  WY_IO_ARRAY(io, l->out_of_range_step);
  /* The beliefs walked, awake and listed, in one ascending list (belief.h):
   * a load splits it again (wy_beliefs_split_listed). */
  int32_t walked = l->awake_count + l->listed_count;
  wy_io_count(io, &walked, count);
  if (io->mode == WY_IO_READ) {
    l->awake_count = walked;
    l->listed_count = 0;
    for (int32_t i = 0; i < walked; i++) WY_IO(io, l->awake[i]);
  } else {
    for (int32_t a = 0, k = 0; a < l->awake_count || k < l->listed_count;) {
      int32_t i = k >= l->listed_count || (a < l->awake_count && l->awake[a] < l->listed[k].belief)
                      ? l->awake[a++]
                      : l->listed[k++].belief;
      WY_IO(io, i);
    }
  }
  WY_IO(io, l->dormant);
  if (io->mode == WY_IO_READ) {
    io_list_clocks(io, &l->dormant_since, l->deadline_lead, &l->may_sleep);
    for (int32_t i = 0; i < count; i++) io_belief(io, &l->data[i]);
    for (int32_t i = 0; i < count * stride; i++) io_belief_slot(io, &l->slots[i]);
    return true;
  }
  /* Written as wy_belief_saved makes them: every dormant one caught up on
   * a copy through the last step, so that when it was last caught up does
   * not show. What the list keeps of them is written as it would be had a
   * catch-up just taken them all (wy_beliefs_catch_up): the first step none
   * has taken, and per deadline the largest time in state of those
   * counting down to it (the least a lead may be: belief.h). */
  int32_t agent = (int32_t)(l - w->beliefs->agents.data);
  wy_belief b;
  wy_belief_slot bsl[WY_SLOTS];
  uint32_t since = wy_beliefs_through(w) + 1u;
  float lead[2] = {-INFINITY, -INFINITY};
  bool may_sleep = l->may_sleep;
  /* Sizing (no buffer: wary_world_save's first pass) writes the records as
   * they are: their bytes are as many whatever they hold, and a dormant
   * one's replay is the save's largest cost. */
  bool sizing = !io->out;
  for (int32_t i = 0; i < count && l->dormant > 0 && !sizing; i++) {
    if (!l->data[i].dormant) continue;
    wy_belief_saved(w, agent, i, &b, bsl);
    int32_t d = wy_belief_deadline(&b);
    if (d >= 0 && b.time_in_state > lead[d]) lead[d] = b.time_in_state;
  }
  io_list_clocks(io, &since, lead, &may_sleep);
  /* The listed ones' threats are their entries' (belief.h, wy_listed). */
  wy_belief_listed_sync(w, agent);
  if (sizing) {
    for (int32_t i = 0; i < count; i++) io_belief(io, &l->data[i]);
    for (int32_t i = 0; i < count * stride; i++) io_belief_slot(io, &l->slots[i]);
    return true;
  }
  for (int32_t i = 0; i < count; i++) {
    wy_belief_saved(w, agent, i, &b, bsl);
    io_belief(io, &b);
  }
  for (int32_t i = 0; i < count; i++) {
    wy_belief_saved(w, agent, i, &b, bsl);
    for (int32_t s = 0; s < stride; s++) io_belief_slot(io, &bsl[s]);
  }
  return true;
}

static void io_evidence_block(wy_io *io, wy_evidence_block *b) {
  WY_IO(io, b->count);
  WY_IO(io, b->next);
  if (b->count < -1 || b->count > WARY_MAX_EVIDENCE) {
    io->bad = true;
    b->count = -1;
  }
  for (int32_t i = 0; i < b->count; i++) {
    wary_evidence *e = &b->entry[i];
    WY_IO(io, e->tag);
    WY_IO(io, e->op);
    WY_IO(io, e->value);
    WY_IO(io, e->lifetime);
    WY_IO(io, e->remaining);
    WY_IO(io, e->source);
  }
}

static void io_place(wy_io *io, wy_place *p) {
  WY_IO_ARRAY(io, p->pos);
  WY_IO(io, p->tag);
  WY_IO(io, p->confidence);
  WY_IO(io, p->accuracy);
  WY_IO(io, p->state);
  WY_IO(io, p->time_in_state);
  WY_IO(io, p->fresh);
  WY_IO(io, p->asleep);
  WY_IO(io, p->asleep_since);
}

static bool io_places(const wary_world *w, wy_io *io, wy_place_list *l) {
  IO_OWNED(w, io, l, INT32_MAX, io_place);
  wy_io_count(io, &l->asleep_count, l->count);
  WY_IO(io, l->oldest);
  WY_IO_ARRAY(io, l->lead);
  return io->mode != WY_IO_READ || wy_place_list_rebuild(w, l);
}

static void io_damage(wy_io *io, wy_damage *d) {
  wary_damage_def *def = &d->def;
  WY_IO(io, def->victim.id);
  WY_IO(io, def->instigator.id);
  WY_IO(io, def->causer.id);
  WY_IO(io, def->causer_is_pawn);
  WY_IO(io, def->causer_instigator.id);
  WY_IO(io, def->causer_owner.id);
  WY_IO(io, def->amount);
  WY_IO(io, def->type);
  WY_IO_ARRAY(io, def->pos);
  WY_IO(io, d->attacker);
  WY_IO_ARRAY(io, d->attacker_pos);
}

static void io_pain(wy_io *io, wy_pain_agent *p) {
  WY_IO(io, p->health);
  WY_IO_ARRAY(io, p->level);
  WY_IO_ARRAY(io, p->off);
  wy_io_count(io, &p->queue_count, WARY_PAIN_QUEUE);
  for (int32_t i = 0; i < p->queue_count; i++) {
    WY_IO(io, p->queue[i].pain);
    WY_IO(io, p->queue[i].level);
  }
  WY_IO_ARRAY(io, p->dull);
}

static void io_relations(wy_io *io, wy_relation_list *r) {
  wy_io_count(io, &r->count, (int32_t)(sizeof r->relation / sizeof r->relation[0]));
  for (int32_t i = 0; i < r->count; i++) {
    WY_IO(io, r->relation[i].target);
    WY_IO(io, r->relation[i].relationship);
  }
}

static void io_emotions(wy_io *io, wy_emotion_agent *e) {
  WY_IO_ARRAY(io, e->emotion);
  WY_IO(io, e->fear_input);
  WY_IO(io, e->dominant);
  WY_IO(io, e->attention);
  WY_IO(io, e->attention_time);
  if (io->mode == WY_IO_READ) e->attention_index = -1; /* derived (emotion.h) */
  WY_IO_ARRAY(io, e->scored_pos);
  WY_IO(io, e->scored_relations);
  WY_IO(io, e->scored);
  WY_IO(io, e->walked);
  WY_IO(io, e->far_until);
  if (io->mode == WY_IO_READ) { /* derived (emotion.h) */
    e->deferred = 0;
    e->defer_top = -INFINITY;
    e->defer_walked = INFINITY;
  }
}

static void io_seen(wy_io *io, wy_geck_seen *s) {
  WY_IO(io, s->target);
  WY_IO(io, s->value);
  WY_IO(io, s->attenuation);
  WY_IO(io, s->sound);
  WY_IO(io, s->visual);
  WY_IO(io, s->skill);
  WY_IO(io, s->los);
  WY_IO(io, s->listed);
  WY_IO(io, s->undetected);
  WY_IO_ARRAY(io, s->pos);
  WY_IO_ARRAY(io, s->last_known);
}

static bool io_geck(const wary_world *w, wy_io *io, wy_geck_agent *g) {
  WY_IO(io, g->state);
  WY_IO(io, g->time_in_state);
  WY_IO(io, g->alert_timer);
  WY_IO(io, g->next_due);
  WY_IO(io, g->started);
  WY_IO(io, g->current);
  IO_OWNED(w, io, &g->seen, INT32_MAX, io_seen);
  wy_io_count(io, &g->alert_count, WARY_GECK_MAX_ALERTS);
  for (int32_t i = 0; i < g->alert_count; i++) {
    wary_geck_alert *a = &g->alerts[i];
    WY_IO(io, a->owner.id);
    WY_IO(io, a->type);
    WY_IO_ARRAY(io, a->pos);
    WY_IO(io, a->rating);
    WY_IO(io, a->remaining);
  }
  return true;
}

static void io_geck_pending(wy_io *io, wy_geck_pending *p) {
  WY_IO(io, p->damage);
  WY_IO(io, p->owner);
  WY_IO(io, p->victim);
  WY_IO_ARRAY(io, p->pos);
  WY_IO(io, p->rating);
  WY_IO(io, p->type);
}

/* The part of the dt ring a replay may read: from the earliest step a
 * sleeping place has not taken, or the start of the last run of equal dt
 * (wy_beliefs.dt_run_start), through the last step taken. The dormant
 * beliefs are written caught up through the last step (io_beliefs), so
 * they read none of it. */
static void io_dt_ring(wy_io *io, wy_state *s) {
  uint32_t first = s->dt_run_start;
  if ((int32_t)(s->steps - first) < 0) first = s->steps;
  for (int32_t i = 0; i < s->places.count; i++) {
    const wy_place_list *l = &s->places.data[i];
    if (l->asleep_count > 0 && (int32_t)(first - l->oldest) > 0) first = l->oldest;
  }
  if (s->steps - first >= (uint32_t)WY_DT_RING) first = s->steps - (uint32_t)WY_DT_RING + 1u;
  WY_IO(io, first);
  int32_t n = (int32_t)(s->steps - first + 1u);
  wy_io_count(io, &n, WY_DT_RING);
  if (io->mode == WY_IO_READ && first + (uint32_t)n != s->steps + 1u) io->bad = true;
  for (int32_t k = 0; k < n; k++) WY_IO(io, s->dt[(first + (uint32_t)k) % WY_DT_RING]);
}

/* When the listed ones on a rung are to be looked at again (since version
 * 6): the beliefs' clock, and per agent each listed entry's wake_step and
 * wake_at (wy_listed), in order, so that a loaded world looks at them, and
 * wakes them, in the steps the saved one would (a look that comes sooner
 * may wake one sooner: then the two snapshots differ while it is awake in
 * one and dormant in the other). Read, they wait in the list's entries
 * for wy_beliefs_split_listed. */
static void io_rung_waits(wy_io *io, wy_state *s) {
  WY_IO(io, s->clock);
  for (int32_t i = 0; i < s->beliefs.count; i++) {
    wy_belief_list *l = &s->beliefs.data[i];
    int32_t listed = l->listed_count;
    if (io->mode == WY_IO_READ) {
      listed = 0;
      for (int32_t b = 0; b < l->count; b++) listed += l->data[b].dormant && wy_belief_listed(&l->data[b]);
    }
    int32_t n = listed;
    wy_io_count(io, &n, l->count);
    if (n != listed) {
      io->bad = true;
      return;
    }
    for (int32_t k = 0; k < n; k++) {
      WY_IO(io, l->listed[k].wake_step);
      WY_IO(io, l->listed[k].wake_at);
    }
  }
}

/* Since version 8, after the rung waits: the actor slots with an owner or an
 * instigator (most have neither), each slot with the two. */
static void io_makers(wy_io *io, wy_state *s) {
  int32_t n = 0;
  if (io->mode != WY_IO_READ)
    for (int32_t i = 0; i < s->actors.count; i++) n += s->actors.data[i].owner || s->actors.data[i].instigator;
  wy_io_count(io, &n, s->actors.count);
  for (int32_t i = 0, k = 0; k < n && !io->bad; k++) {
    if (io->mode != WY_IO_READ)
      while (!s->actors.data[i].owner && !s->actors.data[i].instigator) i++;
    int32_t slot = i;
    WY_IO(io, slot);
    if (io->mode == WY_IO_READ && (slot < i || slot >= s->actors.count)) {
      io->bad = true; /* ascending, each a slot of the table */
      return;
    }
    i = slot;
    WY_IO(io, s->actors.data[i].owner);
    WY_IO(io, s->actors.data[i].instigator);
    i++;
  }
}

bool wy_state_io_head(const wary_world *w, wy_io *io, wy_state *s) {
  if (io->version == 0 || io->version >= 3u) {
    WY_IO(io, s->time);
  } else {
    float time = (float)s->time;
    WY_IO(io, time);
    s->time = time;
  }
  WY_IO(io, s->steps);
  WY_IO(io, s->weather);
  WY_IO(io, s->stats.rays);
  WY_IO(io, s->stats.queries);
  WY_IO(io, s->stats.candidates);
  WY_IO(io, s->stats.sounds_dropped);
  WY_IO(io, s->stats.pain_reports_dropped);
  /* Counted since version 4 (older snapshots load them as 0). */
  if (io->version == 0 || io->version >= 4u) {
    WY_IO(io, s->stats.vision_rays);
    WY_IO(io, s->stats.budget_pairs);
    WY_IO(io, s->stats.budget_deferred);
    WY_IO(io, s->stats.budget_max_wait);
  }
  WY_IO(io, s->events_dropped);
  IO_NESTED(w, io, &s->names, WY_MAX_NAMES, io_name);
  IO_TABLE(w, io, &s->boxes, MAX_SLOTS, io_box);
  WY_IO(io, s->boxes_alive);
  if (!io_pool(w, io, &s->box_ids)) return false;
  IO_OWNED(w, io, &s->actors, MAX_SLOTS, io_actor);
  if (!io_pool(w, io, &s->actor_ids)) return false;
  WY_IO(io, s->actor_serial);
  return true;
}

bool wy_state_io(const wary_world *w, wy_io *io, wy_state *s) {
  if (!wy_state_io_head(w, io, s)) return false;
  IO_OWNED(w, io, &s->agents, MAX_SLOTS, io_agent);
  IO_TABLE(w, io, &s->lights, MAX_SLOTS, io_light);
  if (!io_pool(w, io, &s->light_ids)) return false;
  IO_TABLE(w, io, &s->envs, MAX_SLOTS, io_env);
  if (!io_pool(w, io, &s->env_ids)) return false;
  WY_IO_ARRAY(io, s->sun_dir);
  WY_IO(io, s->sun_intensity);
  WY_IO(io, s->ambient);
  WY_IO(io, s->light_epoch);
  WY_IO(io, s->relation_epoch);
  IO_TABLE(w, io, &s->emissions, INT32_MAX, io_emission);
  IO_NESTED(w, io, &s->hearing, MAX_SLOTS, io_hearing);
  IO_TABLE(w, io, &s->touches, MAX_SLOTS, io_touches);
  IO_NESTED_OWNED(w, io, &s->beliefs, MAX_SLOTS, io_beliefs);
  IO_TABLE(w, io, &s->evidence, INT32_MAX, io_evidence_block);
  WY_IO(io, s->evidence_free);
  WY_IO(io, s->dt_run_start);
  if (io->mode == WY_IO_READ) s->dt_same_since = s->dt_run_start;
  io_dt_ring(io, s);
  IO_NESTED(w, io, &s->places, MAX_SLOTS, io_places);
  IO_TABLE(w, io, &s->damages, INT32_MAX, io_damage);
  IO_TABLE(w, io, &s->pain, MAX_SLOTS, io_pain);
  wy_io_count(io, &s->team_count, (int32_t)(sizeof s->teams / sizeof s->teams[0]));
  for (int32_t i = 0; i < s->team_count; i++) {
    WY_IO(io, s->teams[i].a);
    WY_IO(io, s->teams[i].b);
    WY_IO(io, s->teams[i].relationship);
  }
  IO_TABLE(w, io, &s->relations, MAX_SLOTS, io_relations);
  IO_TABLE(w, io, &s->emotions, MAX_SLOTS, io_emotions);
  IO_NESTED(w, io, &s->geck, MAX_SLOTS, io_geck);
  IO_TABLE(w, io, &s->geck_pending, INT32_MAX, io_geck_pending);
  WY_IO(io, s->ray_budget);
  IO_NESTED(w, io, &s->budget_waits, MAX_SLOTS, io_budget_waits);
  if (io->version == 0 || io->version >= 6u) io_rung_waits(io, s);
  if (io->version == 0 || io->version >= 8u) io_makers(io, s);
  /* Since version 9 the hearing times count from an epoch (hearing.h);
   * before, from 0. */
  if (io->version == 0 || io->version >= 9u) WY_IO(io, s->hearing_epoch);
  else if (io->mode == WY_IO_READ) s->hearing_epoch = 0.0;
  return true;
}

/* ---- the definitions' fingerprint ---------------------------------------------- */

static void hash_profile(wy_io *io, const wary_world *w, int32_t i) {
  wy_profile p = w->profiles.data[i];
  wary_profile_def *d = &p.def;
  WY_IO(io, d->suspect_threshold);
  WY_IO(io, d->detect_threshold);
  WY_IO(io, d->track_threshold);
  WY_IO(io, d->min_track_duration);
  WY_IO(io, d->telegraph_threshold);
  WY_IO(io, d->corroboration_bonus);
  WY_IO(io, d->fade_rate);
  WY_IO(io, d->lost_time);
  WY_IO(io, d->memory_time);
  WY_IO(io, d->smoothing_time);
  WY_IO(io, d->max_uncertainty);
  WY_IO(io, d->uncertainty_growth);
  WY_IO(io, d->ignore_same_team);
  WY_IO(io, p.slot_count);
  for (int32_t s = 0; s < p.slot_count; s++) {
    wy_slot *sl = &p.slots[s];
    WY_IO(io, sl->sense);
    WY_IO(io, sl->weight);
    WY_IO(io, sl->interval);
    WY_IO(io, sl->range);
    WY_IO(io, sl->loss_grace);
    WY_IO(io, sl->direct_lost_cut);
    WY_IO(io, sl->loss_reason);
    WY_IO(io, sl->decay_scale);
  }
  for (int32_t b = 0; b < WARY_BUILTIN_SENSES; b++) {
    WY_IO(io, p.builtin[b].interval);
    WY_IO(io, p.builtin[b].range);
    WY_IO(io, p.builtin[b].loss_grace);
    WY_IO(io, p.builtin[b].weight);
    WY_IO(io, p.builtin[b].decay_scale);
  }
  WY_IO(io, p.eye_turn_rate);
  bool geck = wy_geck_of(w, i)->enabled, emotions = wy_brain_of(w, i)->emotions;
  WY_IO(io, geck);
  WY_IO(io, emotions);
}

static void hash_sense(wy_io *io, wary_sense_def d) {
  bool in_c = d.evaluate != NULL;
  WY_IO(io, d.interval);
  WY_IO(io, d.max_range);
  WY_IO(io, d.loss_grace);
  WY_IO(io, d.direct_lost_cut);
  WY_IO(io, d.loss_reason);
  WY_IO(io, d.weight);
  WY_IO(io, in_c);
  WY_IO(io, d.stimulus_tag_count);
  WY_IO_ARRAY(io, d.stimulus_tags);
}

static void hash_sound(wy_io *io, wy_sound s) {
  WY_IO(io, s.def.name);
  WY_IO(io, s.def.category);
  WY_IO(io, s.def.alert_level);
  WY_IO(io, s.def.loudness);
  WY_IO(io, s.def.max_range);
  WY_IO(io, s.def.location_accuracy);
  WY_IO(io, s.def.max_lod_tier);
  WY_IO(io, s.def.max_pending);
  WY_IO(io, s.stimulus_tag);
}

static void hash_filter(wy_io *io, wary_filter_def f) {
  WY_IO(io, f.enabled);
  WY_IO(io, f.categories);
  WY_IO(io, f.min_alert_level);
  WY_IO(io, f.loudness_multiplier);
  WY_IO(io, f.filter_friendly_team);
}

static void hash_pain(wy_io *io, wary_pain_def p) {
  WY_IO(io, p.name);
  WY_IO(io, p.decay_rate);
  WY_IO(io, p.max_level);
  WY_IO(io, p.amount_override);
  WY_IO(io, p.effect_count);
  WY_IO_ARRAY(io, p.effect_sense);
  WY_IO_ARRAY(io, p.effect);
}

/* Definition i of kind k (wy_definitions_of's order) into io. */
static void hash_definition(wy_io *io, const wary_world *w, int32_t k, int32_t i) {
  switch (k) {
    case 0: hash_profile(io, w, i); break;
    case 1: hash_sense(io, w->senses.data[i].def); break;
    case 2: {
      wy_material m = w->materials[i];
      WY_IO(io, m.vision_transmission);
      WY_IO(io, m.sound_wall);
      break;
    }
    case 3: hash_sound(io, w->sounds->types.data[i]); break;
    case 4: hash_filter(io, w->sounds->filters.data[i]); break;
    default: hash_pain(io, w->pain->types[i]); break;
  }
}

uint64_t wy_definitions_of(const wary_world *w, int32_t counts[WY_DEFINITION_KINDS]) {
  counts[0] = w->profiles.count;
  counts[1] = w->senses.count;
  counts[2] = w->material_count;
  counts[3] = w->sounds->types.count;
  counts[4] = w->sounds->filters.count;
  counts[5] = w->pain->type_count;
  wy_io io = {.mode = WY_IO_HASH, .hash = WY_FNV_OFFSET};
  for (int32_t k = 0; k < WY_DEFINITION_KINDS; k++) WY_IO(&io, counts[k]);
  for (int32_t k = 0; k < WY_DEFINITION_KINDS; k++)
    for (int32_t i = 0; i < counts[k]; i++) hash_definition(&io, w, k, i);
  return io.hash;
}

uint64_t wy_definition_hash(const wary_world *w, int32_t k, int32_t i) {
  wy_io io = {.mode = WY_IO_HASH, .hash = WY_FNV_OFFSET};
  hash_definition(&io, w, k, i);
  return io.hash;
}
