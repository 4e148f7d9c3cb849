/* stimulus.c - the stimulus bus (seed 004): a broadcast of tagged signals,
 * delivered cheapest first (radius, level of detail, team, then the wall
 * trace) to the senses that listen for a prefix of the tag: the built-in
 * vibration sense (Stimulus.Vibration and Stimulus.Sound.Explosion: blasts
 * shake the ground), which reports the place (the step makes it a belief
 * about the place), and custom senses, which get an inbox entry the backend
 * hands to their on_stimulus. */
#include "stimulus.h"

#include <string.h>

#include "emission.h"
#include "events.h"
#include "hearing.h"
#include "report.h"
#include "small_senses.h"

static bool create(wary_world *w) {
  w->stimuli = wy_alloc_zero(&w->alloc, sizeof *w->stimuli);
  if (!w->stimuli || !wy_array_reserve(&w->alloc, &w->stimuli->lanes, w->lanes.count)) return false;
  memset(w->stimuli->lanes.data, 0, (size_t)w->lanes.count * sizeof *w->stimuli->lanes.data);
  w->stimuli->lanes.count = w->lanes.count;
  return true;
}

static void destroy(wary_world *w) {
  if (!w->stimuli) return;
  for (int32_t i = 0; i < w->stimuli->lanes.count; i++) wy_array_free(&w->alloc, &w->stimuli->lanes.data[i]);
  wy_array_free(&w->alloc, &w->stimuli->lanes);
  wy_array_free(&w->alloc, &w->stimuli->spans);
  wy_array_free(&w->alloc, &w->stimuli->inbox);
  wy_free(&w->alloc, w->stimuli, sizeof *w->stimuli);
}

const wy_module wy_stimulus_module = {.create = create, .destroy = destroy};

int wary_emit_stimulus(wary_world *w, const wary_stimulus_def *def) {
  wy_error *err = w->error;
  if (!def) return wy_fail_null(err, WARY_ERR_BAD_VALUE, __func__, "stimulus_def");
  const char *tag = wary_name_string(w, def->tag);
  if (!tag) return wy_fail_name(err, __func__, "stimulus_def.tag", def->tag);
  if (!wy_tag_parts_whole(tag))
    return wy_fail(err, WARY_ERR_BAD_VALUE, __func__,
                   "stimulus_def.tag: expected a tag of whole dotted parts (Stimulus.Custom.Psychic), got \"%s\"", tag);
  for (int i = 0; i < 3; i++)
    if (wy_bad_at(err, __func__, "stimulus_def.pos", i, def->pos[i], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  if (wy_bad(err, __func__, "stimulus_def.strength", def->strength, WY_UNIT) ||
      wy_bad(err, __func__, "stimulus_def.radius", def->radius, WY_SCALED))
    return WARY_ERR_BAD_VALUE;
  if (def->max_lod_tier < 0)
    return wy_fail(err, WARY_ERR_BAD_VALUE, __func__, "stimulus_def.max_lod_tier: expected an integer >= 0, got %d",
                   def->max_lod_tier);
  if (def->source.id && !wy_actor_get(w, def->source.id))
    return wy_actor_status(w, def->source.id, __func__, "stimulus_def.source");
  wary_stimulus_def d = *def;
  d.radius = wy_scaled(w, def->radius, 15.0f);
  wy_emission e;
  memset(&e, 0, sizeof e);
  e.stimulus = d;
  return wy_emission_push(w, &e) ? WARY_OK : wy_fail_memory(w->error, __func__);
}

/* "Stimulus.Custom" matches "Stimulus.Custom" and "Stimulus.Custom.Psychic". */
static bool has_prefix(const char *tag, const char *prefix) {
  size_t n = strlen(prefix);
  return strncmp(tag, prefix, n) == 0 && (tag[n] == '\0' || tag[n] == '.');
}

static bool shakes_ground(const char *tag) {
  return has_prefix(tag, "Stimulus.Vibration") || strcmp(tag, "Stimulus.Sound.Explosion") == 0;
}

static bool to_inbox(wary_world *w, wy_inbox *inbox, wy_id agent, int32_t sense, const wary_stimulus_def *s,
                     float distance) {
  wary_stimulus_delivery *d = wy_array_push(&w->alloc, inbox);
  if (!d) return false;
  d->agent.id = agent;
  d->sense = sense;
  d->tag = s->tag;
  memcpy(d->pos, s->pos, sizeof d->pos);
  d->source = s->source;
  d->strength = s->strength;
  d->radius = s->radius;
  d->distance = distance;
  return true;
}

/* Stimulus s (tag its name) to the actor of slot i: its vibration's place
 * report and its senses' inbox entries. False on out of memory. */
static bool deliver_to(wary_world *w, wy_lane *lane, wy_inbox *inbox, const wary_stimulus_def *s, const char *tag,
                       int32_t i) {
  wy_actor *a = &w->actors.data[i];
  if (a->agent < 0 || a->lod_tier > s->max_lod_tier) return true;
  const wy_profile *p = &w->profiles.data[a->profile];
  float ear[3] = {a->pos[0], a->pos[1], a->pos[2] + wy_hearing_of(w, a->profile)->ear_height};
  float ex = ear[0] - s->pos[0], ey = ear[1] - s->pos[1], ez = ear[2] - s->pos[2];
  if (ex * ex + ey * ey + ez * ez > s->radius * s->radius) return true;
  if (s->requires_clear_path) {
    int32_t walls;
    lane->rays++;
    if (!wy_occ_walls(&w->occ, w->materials, s->pos, ear, 1, false, &walls) || walls > 0) return true;
  }
  float dx = ear[0] - s->pos[0], dy = ear[1] - s->pos[1], dz = ear[2] - s->pos[2];
  float d = sqrtf(dx * dx + dy * dy + dz * dz);
  wy_id agent = wy_actor_id(w, i);
  int32_t vib = p->builtin_slot[WARY_SENSE_VIBRATION];
  if (vib >= 0 && shakes_ground(tag) && !w->agents.data[a->agent].slot[vib].muted) {
    const wary_basic_sense_def *v = wy_small_of(w, a->profile, WARY_SENSE_VIBRATION);
    float reach = s->radius < v->range ? s->radius : v->range;
    float x = reach > 0.0f ? d / reach : 1.0f;
    float felt = wy_clamp01(s->strength * v->sensitivity * (1.0f - x * x));
    if (x < 1.0f && felt > 0.0f && !wy_report_place(w, lane->reports, a->agent, vib, s->pos, s->tag, felt, v->accuracy))
      return false;
  }
  for (int32_t slot = 0; slot < p->slot_count; slot++) {
    int32_t sense = p->slots[slot].sense;
    const wary_sense_def *sd = &w->senses.data[sense].def;
    if (w->agents.data[a->agent].slot[slot].muted) continue;
    for (int32_t k = 0; k < sd->stimulus_tag_count; k++)
      if (has_prefix(tag, wary_name_string(w, sd->stimulus_tags[k]))) {
        if (!to_inbox(w, inbox, agent, sense, s, d)) return false;
        break;
      }
  }
  return true;
}

/* One emission to the agents in its radius, the grid's, then those it
 * leaves out (not perceivable: they still feel and hear), into a lane: its
 * inbox entries and its place reports. False on out of memory. */
static bool deliver(wary_world *w, wy_lane *lane, wy_inbox *inbox, const wary_stimulus_def *s) {
  const char *tag = wary_name_string(w, s->tag);
  const wy_actor *src = s->source.id ? wy_actor_get(w, s->source.id) : NULL;
  int32_t skip_team = s->team_filter && src ? wy_source_team(w, src) : 0;
  /* The grid holds feet; the radius is measured to the ear, checked exactly
   * in deliver_to: leave the query the slack of an ear's height. */
  int32_t count = 0;
  const int32_t *cand =
    wy_grid_query_in(&w->grid, &lane->grid, s->pos, s->radius + 2.0f * w->def.units_per_meter, skip_team, &count);
  for (int32_t c = 0; c < count; c++)
    if (!deliver_to(w, lane, inbox, s, tag, cand[c])) return false;
  for (int32_t c = 0; c < w->hidden_agents.count; c++) {
    int32_t i = w->hidden_agents.data[c];
    if (skip_team != 0 && w->actors.data[i].team == skip_team) continue;
    if (!deliver_to(w, lane, inbox, s, tag, i)) return false;
  }
  return true;
}

static void deliver_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  wy_lane *lane = &w->lanes.data[worker];
  wy_inbox *inbox = &w->stimuli->lanes.data[worker];
  for (int32_t e = start; e < end; e++) {
    wy_stimulus_span *sp = &w->stimuli->spans.data[e];
    sp->lane = worker;
    sp->inbox[0] = inbox->count;
    sp->places[0] = lane->reports->places.count;
    sp->ok = deliver(w, lane, inbox, &w->emissions->queue.data[e].stimulus);
    sp->inbox[1] = inbox->count;
    sp->places[1] = lane->reports->places.count;
  }
}

/* The agent's slot an inbox entry is for (NULL: its agent is gone). */
static wy_agent_slot *inbox_slot(wary_world *w, const wary_stimulus_delivery *d) {
  const wy_actor *a = wy_actor_get(w, d->agent.id);
  if (!a || a->agent < 0) return NULL;
  const wy_profile *p = wy_agent_profile(w, a->agent);
  for (int32_t s = 0; s < p->slot_count; s++)
    if (p->slots[s].sense == d->sense) return &w->agents.data[a->agent].slot[s];
  return NULL;
}

bool wy_deliver_stimuli(wary_world *w) {
  struct wy_stimuli *st = w->stimuli;
  int32_t n = w->emissions->queue.count;
  st->inbox.count = 0;
  if (!wy_array_reserve(&w->alloc, &st->spans, n)) return false;
  for (int32_t i = 0; i < st->lanes.count; i++) st->lanes.data[i].count = 0;
  wy_parallel_for(w, deliver_task, n, 4);
  /* In the emissions' order, as one loop over them would have queued them. */
  for (int32_t e = 0; e < n; e++) {
    const wy_stimulus_span *sp = &st->spans.data[e];
    const wy_inbox *from = &st->lanes.data[sp->lane];
    const struct wy_reports *notes = w->lanes.data[sp->lane].reports;
    int32_t k = sp->inbox[1] - sp->inbox[0], m = sp->places[1] - sp->places[0];
    if (!sp->ok || !wy_array_reserve(&w->alloc, &st->inbox, st->inbox.count + k) ||
        !wy_array_reserve(&w->alloc, &w->reports->places, w->reports->places.count + m))
      return false;
    if (k > 0) memcpy(st->inbox.data + st->inbox.count, from->data + sp->inbox[0], (size_t)k * sizeof *from->data);
    if (m > 0)
      memcpy(w->reports->places.data + w->reports->places.count, notes->places.data + sp->places[0],
             (size_t)m * sizeof *notes->places.data);
    st->inbox.count += k;
    w->reports->places.count += m;
  }
  for (int32_t i = 0; i < w->lanes.count; i++) w->lanes.data[i].reports->places.count = 0;
  return true;
}

void wy_stimuli_taken(wary_world *w) {
  for (int32_t i = 0; i < w->stimuli->inbox.count; i++) {
    wy_agent_slot *sl = inbox_slot(w, &w->stimuli->inbox.data[i]);
    if (sl) sl->stimulated = true;
  }
}

int32_t wary_inbox_count(const wary_world *w) { return w->stimuli->inbox.count; }

const wary_stimulus_delivery *wary_inbox(const wary_world *w) { return w->stimuli->inbox.data; }

int wary_inbox_fail(wary_world *w, int32_t i) {
  if (!w->in_step) return wy_fail_not_in_step(w->error, __func__);
  if (i < 0 || i >= w->stimuli->inbox.count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "an inbox", i, w->stimuli->inbox.count);
  const wary_stimulus_delivery *d = &w->stimuli->inbox.data[i];
  /* It counts towards muting the sense as a failed evaluate does (custom.c,
   * wary_query_fail): once a step, a muted sense hears no more stimuli. */
  wy_agent_slot *sl = inbox_slot(w, d);
  if (sl) wy_slot_fail(sl, w->def.sense_error_limit);
  wary_event *e = wy_event_push(w, WARY_EV_SENSE_ERROR, d->agent.id);
  if (e) {
    e->sense = d->sense;
    e->index = i;
  }
  return WARY_OK;
}
