/* hearing.c - the built-in hearing sense (seed 003): its settings per
 * profile; how a queued sound reaches each agent (range, level of detail,
 * category, alert level, team, then the wall ray from the ear) into its
 * pending sounds; and the hearing update: build-up, hear and sound_heard
 * events, recent sounds, and reports about makers (or places, for sounds
 * nobody made) for the step to write into beliefs. */
#include "hearing.h"

#include <math.h>
#include <string.h>

#include "emission.h"
#include "events.h"
#include "fmath.h"
#include "report.h"
#include "sound.h"

/* ---- settings ------------------------------------------------------------ */

wary_hearing_def wary_default_hearing_def(void) {
  wary_hearing_def d;
  memset(&d, 0, sizeof d);
  d.interval = 0.1f;
  d.loss_grace = 1.0f;
  d.weight = 1.0f;
  d.accumulation_rate = 0.5f;
  d.accumulation_hold = 1.0f;
  d.accumulation_decay = 0.2f;
  d.wall_absorption = 0.4f;
  d.ear_height = -1.0f;
  d.filter = -1;
  d.merge_radius = -1.0f;
  return d;
}

static void scale_hearing(const wary_world *w, wary_hearing_def *h) {
  h->ear_height = wy_scaled(w, h->ear_height, 0.64f);
  h->merge_radius = wy_scaled(w, h->merge_radius, 2.0f);
}

static int hearing_check(const wary_world *w, const char *fn, const wary_hearing_def *d) {
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, fn, "hearing_def");
  if (wy_bad(e, fn, "hearing_def.interval", d->interval, WY_POSITIVE) ||
      wy_bad(e, fn, "hearing_def.loss_grace", d->loss_grace, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.weight", d->weight, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.accumulation_rate", d->accumulation_rate, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.accumulation_hold", d->accumulation_hold, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.accumulation_decay", d->accumulation_decay, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.wall_absorption", d->wall_absorption, WY_NONNEG) ||
      wy_bad(e, fn, "hearing_def.ear_height", d->ear_height, WY_SCALED) ||
      wy_bad(e, fn, "hearing_def.merge_radius", d->merge_radius, WY_SCALED))
    return WARY_ERR_BAD_VALUE;
  int32_t filters = w->sounds->filters.count;
  if (d->filter < -1 || d->filter >= filters)
    return filters == 0
               ? wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                         "hearing_def.filter: expected -1 (hears everything; no filter has been made), got %d",
                         d->filter)
               : wy_fail(e, WARY_ERR_NOT_FOUND, fn,
                         "hearing_def.filter: expected -1 (hears everything) or a filter index in [0, %d], got %d",
                         filters - 1, d->filter);
  return WARY_OK;
}

/* Sounds come to hearing: it gathers no candidates (range 0). */
static void contract(wy_profile *p, const wary_hearing_def *h) {
  wy_contract *c = &p->builtin[WARY_SENSE_HEARING];
  c->interval = h->interval;
  c->range = 0.0f;
  c->loss_grace = h->loss_grace;
  c->weight = h->weight;
}

int wary_profile_set_hearing(wary_world *w, int32_t profile, const wary_hearing_def *d) {
  int status = wy_profile_check(w, __func__, profile);
  if (status == WARY_OK) status = hearing_check(w, __func__, d);
  if (status == WARY_OK) status = wy_step_check(w, __func__);
  if (status != WARY_OK) return status;
  wy_profile *p = &w->profiles.data[profile];
  wary_hearing_def *h = &w->hearing->profiles.data[profile];
  *h = *d;
  scale_hearing(w, h);
  contract(p, h);
  wy_profile_refresh(w, p);
  return WARY_OK;
}

/* ---- the module: settings per profile, a part per agent ---------------------- */

static bool create(wary_world *w) {
  w->hearing = wy_alloc_zero(&w->alloc, sizeof *w->hearing);
  if (!w->hearing || !wy_array_reserve(&w->alloc, &w->hearing->lanes, w->lanes.count)) return false;
  memset(w->hearing->lanes.data, 0, (size_t)w->lanes.count * sizeof *w->hearing->lanes.data);
  w->hearing->lanes.count = w->lanes.count;
  return true;
}

static void free_agent(wary_world *w, wy_hearing_agent *ag) {
  wy_array_free(&w->tables, &ag->pending);
  wy_array_free(&w->tables, &ag->heard);
  wy_array_free(&w->tables, &ag->tracks);
}

static void destroy(wary_world *w) {
  if (!w->hearing) return;
  for (int32_t i = 0; i < w->hearing->lanes.count; i++) wy_array_free(&w->alloc, &w->hearing->lanes.data[i]);
  wy_array_free(&w->alloc, &w->hearing->lanes);
  wy_array_free(&w->alloc, &w->hearing->spans);
  wy_array_free(&w->alloc, &w->hearing->arriving);
  wy_array_free(&w->alloc, &w->hearing->arriving_unmade);
  wy_array_free(&w->alloc, &w->hearing->first);
  wy_array_free(&w->alloc, &w->hearing->by_agent);
  wy_array_free(&w->alloc, &w->hearing->reached);
  for (int32_t i = 0; i < w->hearing->agents.count; i++) free_agent(w, &w->hearing->agents.data[i]);
  wy_array_free(&w->alloc, &w->hearing->agents);
  wy_array_free(&w->alloc, &w->hearing->profiles);
  wy_free(&w->alloc, w->hearing, sizeof *w->hearing);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  return wy_array_reserve(&w->alloc, &w->hearing->agents, agents) &&
         wy_array_reserve(&w->alloc, &w->hearing->profiles, profiles);
}

/* The profile's hearing at its defaults. */
static void defaults(wary_world *w, int32_t profile) {
  wary_hearing_def *h = &w->hearing->profiles.data[profile];
  *h = wary_default_hearing_def();
  scale_hearing(w, h);
  contract(&w->profiles.data[profile], h);
}

static void profile_added(wary_world *w, int32_t profile) {
  w->hearing->profiles.count++;
  defaults(w, profile);
}

static void sense_dropped(wary_world *w, int32_t profile, int32_t sense) {
  if (sense == WARY_SENSE_HEARING) defaults(w, profile);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->hearing->agents.data[w->hearing->agents.count++], 0, sizeof(wy_hearing_agent));
}

static void agent_removed(wary_world *w, int32_t agent) {
  free_agent(w, &w->hearing->agents.data[agent]);
  wy_array_swap_remove(&w->hearing->agents, agent);
}

/* The profile's senses changed: an agent that no longer hears forgets the
 * sounds waiting for it and what it was building up, so that hearing given
 * back later starts from silence (not from a shot fired while it was off). */
static void slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  (void)from;
  (void)old_count;
  if (wy_agent_profile(w, agent)->builtin_slot[WARY_SENSE_HEARING] >= 0) return;
  wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  ag->pending.count = 0;
  ag->tracks.count = 0;
}

const wy_module wy_hearing_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .profile_added = profile_added,
  .sense_dropped = sense_dropped, .agent_added = agent_added, .agent_removed = agent_removed,
  .slots_remap = slots_remap,
};

/* ---- delivery ---------------------------------------------------------------- */

float wy_hearing_through_walls(float heard, float wall_absorption, int32_t walls) {
  return heard * wy_expf(-wall_absorption * (float)walls);
}

/* From the cap on, -absorption x walls is at most -112 (rounding included):
 * exp(-112) is some 10^-49, far below the smallest float, so expf gives 0 and
 * every sound arrives at 0, which drops it, as it would through any more
 * walls. Below a tiny absorption the cap would pass 2^24: no cap. */
int32_t wy_hearing_wall_cap(float wall_absorption) {
  float k = ceilf(120.0f / wall_absorption);
  return wall_absorption > 0.0f && k < 16777216.0f ? (int32_t)k : INT32_MAX;
}

/* Puts one sound that arrived this step into the agent's pending list: at
 * most max_pending of a type a step (those from pending[step_first] on),
 * the quietest giving way to a louder one. A step, not a hearing update:
 * an agent that updates less often (a slow interval, a far level of
 * detail) keeps as many of a stream of sounds and builds up as fast
 * (seed 003). The room is reserved (wy_offer_sounds): it cannot fail. */
static void add_pending(wary_world *w, wy_lane *lane, wy_hearing_agent *ag, int32_t step_first,
                        const wy_pending *p, int32_t max_pending) {
  int32_t same = 0, quietest = -1;
  for (int32_t i = step_first; i < ag->pending.count; i++) {
    if (ag->pending.data[i].sound != p->sound) continue;
    same++;
    if (quietest < 0 || ag->pending.data[i].heard < ag->pending.data[quietest].heard) quietest = i;
  }
  if (same >= max_pending) {
    if (p->heard > ag->pending.data[quietest].heard) ag->pending.data[quietest] = *p;
    lane->sounds_dropped++;
    return;
  }
  wy_pending *slot = wy_array_push(&w->tables, &ag->pending);
  if (slot) *slot = *p;
}

/* How loud sound s, made at pos by a maker of team team (wy_source_team;
 * 0: nobody's), arrives at agent a: 0 when a check rejects it, cheapest
 * first; the wall ray is last. Writes how it was weighed into p. */
static float arrival(wary_world *w, wy_lane *lane, const wy_actor *a, const wary_hearing_def *h, const wy_sound *s,
                     int32_t team, const float pos[3], wy_pending *p) {
  float ear[3] = {a->pos[0], a->pos[1], a->pos[2] + h->ear_height};
  float dx = pos[0] - ear[0], dy = pos[1] - ear[1], dz = pos[2] - ear[2];
  float d = sqrtf(dx * dx + dy * dy + dz * dz);
  float vs, hs, light;
  wy_env_at(w, a->pos, &vs, &hs, &light);
  float range = s->def.max_range * hs;
  p->distance = d;
  p->range = range;
  if (!(d <= range) || range <= 0.0f) return 0.0f;
  if (a->lod_tier > s->def.max_lod_tier) return 0.0f;
  float mult = 1.0f;
  if (h->filter >= 0 && w->sounds->filters.data[h->filter].enabled) {
    const wary_filter_def *f = &w->sounds->filters.data[h->filter];
    if (!(f->categories & (1u << s->def.category))) return 0.0f;
    if (s->def.alert_level < f->min_alert_level) return 0.0f;
    if (f->filter_friendly_team && team != 0 && team == a->team) return 0.0f;
    mult = f->loudness_multiplier;
  }
  p->filter = mult;
  p->weather = w->def.weather;
  float x = d / range;
  float heard = s->def.loudness * mult * (1.0f - x * x) * w->def.weather;
  if (!(heard > 0.0f)) return 0.0f;
  lane->rays++;
  if (!wy_occ_walls(&w->occ, w->materials, ear, pos, wy_hearing_wall_cap(h->wall_absorption), true, &p->walls))
    p->walls = 0;
  return wy_hearing_through_walls(heard, h->wall_absorption, p->walls);
}

/* Emission em (a sound s made by maker, 0: nobody) offered to the actor
 * of slot i: into out when it reaches it. False on out of memory. */
static bool offer_to(wary_world *w, wy_lane *lane, wy_arrivals *out, const wy_emission *em, const wy_sound *s,
                     wy_id maker, int32_t i) {
  const wy_actor *a = &w->actors.data[i];
  if (a->agent < 0 || maker == wy_actor_id(w, i)) return true;
  const wy_profile *p = &w->profiles.data[a->profile];
  if (p->builtin_slot[WARY_SENSE_HEARING] < 0) return true;
  const wy_actor *m = maker ? wy_actor_get(w, maker) : NULL;
  int32_t team = m ? wy_source_team(w, m) : 0;
  if (wy_ignores_team(p, a, team)) return true;
  wy_pending pend;
  memset(&pend, 0, sizeof pend);
  pend.heard = arrival(w, lane, a, wy_hearing_of(w, a->profile), s, team, em->stimulus.pos, &pend);
  if (!(pend.heard > 0.0f)) return true;
  pend.time = (float)(w->time - w->hearing->epoch);
  pend.maker = maker;
  pend.sound = em->sound;
  memcpy(pend.pos, em->stimulus.pos, sizeof pend.pos);
  wy_arrival *arr = wy_array_push(&w->alloc, out);
  if (!arr) return false;
  arr->agent = a->agent;
  arr->pending = pend;
  return true;
}

/* Emission e offered to the agents the grid finds near it, then to the
 * agents it leaves out (not perceivable: they still hear): the sounds that
 * reach one, in that order, into out (a lane's). False on out of memory. */
static bool offer(wary_world *w, wy_lane *lane, wy_arrivals *out, int32_t e) {
  const wy_emission *em = &w->emissions->queue.data[e];
  if (!em->is_sound) return true;
  const wy_sound *s = &w->sounds->types.data[em->sound];
  wy_id maker = em->stimulus.source.id;
  if (maker && !wy_actor_get(w, maker)) maker = 0; /* removed since: a sound nobody made */
  /* The grid holds feet; the range is measured from the ear, checked exactly
   * in arrival(): leave the query the slack of an ear's height. */
  int32_t count = 0;
  const int32_t *cand = wy_grid_query_in(&w->grid, &lane->grid, em->stimulus.pos,
                                         s->def.max_range + 2.0f * w->def.units_per_meter, 0, &count);
  for (int32_t c = 0; c < count; c++)
    if (!offer_to(w, lane, out, em, s, maker, cand[c])) return false;
  for (int32_t c = 0; c < w->hidden_agents.count; c++)
    if (!offer_to(w, lane, out, em, s, maker, w->hidden_agents.data[c])) return false;
  return true;
}

static void offer_task(int32_t start, int32_t end, int32_t worker, void *context) {
  wary_world *w = context;
  wy_arrivals *out = &w->hearing->lanes.data[worker];
  for (int32_t e = start; e < end; e++) {
    wy_sound_span *sp = &w->hearing->spans.data[e];
    sp->lane = worker;
    sp->begin = out->count;
    sp->ok = offer(w, &w->lanes.data[worker], out, e);
    sp->end = out->count;
  }
}

bool wy_offer_sounds(wary_world *w) {
  struct wy_hearing *h = w->hearing;
  int32_t n = w->emissions->queue.count;
  if (!wy_array_reserve(&w->alloc, &h->spans, n) || !wy_array_reserve(&w->alloc, &h->arriving, w->agents.count) ||
      !wy_array_reserve(&w->alloc, &h->arriving_unmade, w->agents.count))
    return false;
  /* No agents: no arrays yet, and memset of NULL is undefined even for 0 bytes. */
  if (w->agents.count > 0) {
    memset(h->arriving.data, 0, (size_t)w->agents.count * sizeof *h->arriving.data);
    memset(h->arriving_unmade.data, 0, (size_t)w->agents.count * sizeof *h->arriving_unmade.data);
  }
  for (int32_t i = 0; i < h->lanes.count; i++) h->lanes.data[i].count = 0;
  /* The sounds are offered at once; they join the pending sounds in order.
   * A piece may be a single sound: a step makes few (about 3 in the
   * 1,000-agent game world, 33 at 10,000 agents), each a grid query and a
   * wall ray to every agent it reaches (some 12 us at 10,000 agents), and
   * pieces of at least 4 gave the 1,000-agent world's to one worker. */
  wy_parallel_for(w, offer_task, n, 1);
  int32_t total = 0;
  for (int32_t e = 0; e < n; e++) {
    if (!h->spans.data[e].ok) return false;
    total += h->spans.data[e].end - h->spans.data[e].begin;
  }
  if (total == 0) return true;
  if (!wy_array_reserve(&w->alloc, &h->first, w->agents.count) || !wy_array_reserve(&w->alloc, &h->by_agent, total) ||
      !wy_array_reserve(&w->alloc, &h->reached, total))
    return false;
  /* The agents the sounds reach, each once, as they come: this walk and
   * the next see those alone, not every agent (at 10,000 agents a walk of
   * all of them was most of this serial part). */
  h->reached.count = 0;
  for (int32_t e = 0; e < n; e++) {
    const wy_sound_span *sp = &h->spans.data[e];
    for (int32_t i = sp->begin; i < sp->end; i++) {
      const wy_arrival *arr = &h->lanes.data[sp->lane].data[i];
      if (h->arriving.data[arr->agent]++ == 0) h->reached.data[h->reached.count++] = arr->agent;
      h->arriving_unmade.data[arr->agent] += arr->pending.maker == 0;
    }
  }
  /* Each agent's arrivals in the sounds' order (the agents' runs in the
   * order they were reached: each agent reads its own run alone), and room
   * in the pending sounds of the agents they reach, one a sound
   * (add_pending adds at most that), so that wy_deliver_sounds cannot fail.
   * first[a] is where agent a's arrivals end, then, filled from the last
   * arrival back, where they start. The agents' records lie all over:
   * asked for some agents ahead. */
  int32_t at = 0;
  const int32_t *reached = h->reached.data;
  for (int32_t k = 0; k < h->reached.count; k++) {
    if (k + 8 < h->reached.count) WY_PREFETCH(&h->agents.data[reached[k + 8]].pending);
    int32_t i = reached[k], count = h->arriving.data[i];
    at += count;
    h->first.data[i] = at;
    wy_pending_list *pending = &h->agents.data[i].pending;
    if (!wy_array_reserve(&w->tables, pending, pending->count + count)) return false;
  }
  for (int32_t e = n - 1; e >= 0; e--) {
    const wy_sound_span *sp = &h->spans.data[e];
    for (int32_t i = sp->end - 1; i >= sp->begin; i--) {
      const wy_arrival *arr = &h->lanes.data[sp->lane].data[i];
      h->by_agent.data[--h->first.data[arr->agent]] = arr;
    }
  }
  return true;
}

void wy_deliver_sounds(wary_world *w, wy_lane *lane, int32_t agent) {
  struct wy_hearing *h = w->hearing;
  int32_t count = h->arriving.data[agent];
  if (count == 0) return;
  wy_hearing_agent *ag = &h->agents.data[agent];
  const wy_arrival *const *arr = &h->by_agent.data[h->first.data[agent]];
  int32_t step_first = ag->pending.count;
  for (int32_t i = 0; i < count; i++)
    add_pending(w, lane, ag, step_first, &arr[i]->pending,
                w->sounds->types.data[arr[i]->pending.sound].def.max_pending);
}


void wy_hear_room(const wary_world *w, int32_t agent, int32_t *sounds, int32_t *unmade, int32_t *reports) {
  const wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  *sounds = ag->pending.count + w->hearing->arriving.data[agent];
  *unmade = w->hearing->arriving_unmade.data[agent];
  /* A maker removed since its sound arrived made a sound nobody made (a
   * place belief), as one removed before it arrived did (offer). */
  for (int32_t i = 0; i < ag->pending.count; i++) *unmade += !wy_actor_alive(w, ag->pending.data[i].maker);
  *reports = ag->tracks.count + *sounds;
}

bool wy_hear_fits(const wary_world *w, int32_t agent, int32_t room) {
  const wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  return ag->tracks.count + room <= ag->tracks.cap;
}

bool wy_hear_reserve(wary_world *w, int32_t agent, int32_t room) {
  wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  return wy_array_reserve(&w->tables, &ag->tracks, ag->tracks.count + room);
}

static wy_track *track_of(wary_world *w, wy_hearing_agent *ag, wy_id maker, float now) {
  for (int32_t i = 0; i < ag->tracks.count; i++)
    if (ag->tracks.data[i].maker == maker) return &ag->tracks.data[i];
  wy_track *t = wy_array_push(&w->tables, &ag->tracks);
  if (!t) return NULL;
  memset(t, 0, sizeof *t);
  t->maker = maker;
  t->sound = -1;
  t->last = t->settled = now;
  return t;
}

/* Fades the build-up for the silence up to `now`: it starts fading
 * accumulation_hold after the last sound. Timed by arrivals, not by
 * updates, so it is the same at every level of detail. */
static void settle(wy_track *t, const wary_hearing_def *h, float now) {
  float from = t->last + h->accumulation_hold;
  if (t->settled > from) from = t->settled;
  if (now > from) {
    t->accum -= h->accumulation_decay * (now - from);
    if (t->accum < 0.0f) t->accum = 0.0f;
  }
  if (now > t->settled) t->settled = now;
}

static void remember(const wary_world *w, wy_hearing_agent *ag, const wy_pending *p) {
  wary_heard_sound *r = &ag->recent[ag->recent_head];
  r->time = (float)(w->time - w->hearing->epoch);
  r->age = 0.0f; /* written by wary_recent_sounds */
  r->maker.id = p->maker;
  r->sound = p->sound;
  memcpy(r->pos, p->pos, sizeof r->pos);
  r->loudness = p->heard;
  r->walls = p->walls;
  ag->recent_head = (ag->recent_head + 1) % WARY_RECENT_SOUNDS;
  if (ag->recent_count < WARY_RECENT_SOUNDS) ag->recent_count++;
}

/* A hear or sound_heard event (NULL when the queue is full). */
static wary_event *sound_event(wary_world *w, wy_lane *lane, int32_t type, wy_id agent, wy_id target,
                               const float pos[3], int32_t sound, float loudness) {
  wary_event *e = wy_lane_event(w, lane, type, agent);
  if (!e) return NULL;
  e->target.id = target;
  e->confidence = wy_clamp01(loudness);
  memcpy(e->pos, pos, sizeof e->pos);
  e->sound = sound;
  e->loudness = loudness;
  return e;
}

/* Accuracy of where a hearer places a sound: the type's override, else
 * falling with distance over the range it carried where the hearer stood
 * (its max range times the environment's hearing_range_scale, as it was
 * heard): a footstep in a crowded market is placed as poorly at half the
 * distance as one in the open. */
static float accuracy_of(const wy_sound *s, const wy_pending *p) {
  if (s->def.location_accuracy > 0.0f) return s->def.location_accuracy;
  return wy_clamp01(1.0f - p->distance / p->range);
}

void wy_hear(wary_world *w, wy_lane *lane, int32_t agent) {
  wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  const wy_actor *a = wy_agent_actor(w, agent);
  const wary_hearing_def *h = wy_hearing_of(w, a->profile);
  const wy_profile *p = &w->profiles.data[a->profile];
  int32_t slot = p->builtin_slot[WARY_SENSE_HEARING];
  wy_id self = wy_agent_id(w, agent);
  /* The room is reserved (wy_hear_room): a track and a place note for each
   * pending sound, a report for each track. */
  for (int32_t i = 0; i < ag->tracks.count; i++) {
    ag->tracks.data[i].heard = 0.0f;
    ag->tracks.data[i].sound = -1;
  }
  for (int32_t i = 0; i < ag->pending.count; i++) {
    wy_pending *pd = &ag->pending.data[i];
    if (!wy_actor_alive(w, pd->maker)) pd->maker = 0;
    /* Its maker joined the agent's team since it arrived, where the profile
     * ignores that team: not heard (as it would not arrive now). */
    const wy_actor *maker = pd->maker && p->def.ignore_same_team ? wy_actor_get(w, pd->maker) : NULL;
    if (maker && wy_ignores_team(p, a, wy_source_team(w, maker))) continue;
    const wy_sound *s = &w->sounds->types.data[pd->sound];
    wary_event *e = sound_event(w, lane, WARY_EV_SOUND_HEARD, self, pd->maker, pd->pos, pd->sound, pd->heard);
    if (e) e->walls = pd->walls;
    remember(w, ag, pd);
    float acc = accuracy_of(s, pd);
    if (!pd->maker) {
      wy_report_place(w, lane->reports, agent, slot, pd->pos, s->def.name, wy_clamp01(pd->heard),
                      s->def.location_accuracy > 0.0f ? s->def.location_accuracy : 0.4f);
      continue;
    }
    wy_track *t = track_of(w, ag, pd->maker, pd->time);
    if (!t) continue;
    settle(t, h, pd->time);
    /* Seed 003: "confidence tops out at 1", the build-up too, so after the
     * hold it fades from 1 at the decay rate however long the steps went on. */
    float accum = t->accum + pd->heard * h->accumulation_rate * 0.1f;
    t->accum = accum < 1.0f ? accum : 1.0f;
    t->last = pd->time;
    if (pd->heard > t->heard) t->heard = pd->heard;
    /* The most precise sound of the update places the maker. */
    if (t->sound < 0 || acc > t->accuracy) t->accuracy = acc;
    if (t->sound < 0) t->sound = pd->sound;
  }
  /* The update's sounds stay readable until the next one: the two arrays
   * trade places, so no sound is copied. */
  wy_pending_list done = ag->pending;
  ag->pending = ag->heard;
  ag->heard = done;
  ag->pending.count = 0;
  for (int32_t i = 0; i < ag->tracks.count; i++) {
    wy_track *t = &ag->tracks.data[i];
    settle(t, h, (float)(w->time - w->hearing->epoch));
    const wy_actor *m = wy_actor_get(w, t->maker);
    float share = wy_clamp01(t->heard > t->accum ? t->heard : t->accum);
    /* A maker that joined the agent's team, where its profile ignores that
     * team, is no longer heard: its sounds stop counting at once, as
     * vision stops seeing it (arrivals are filtered so: offer, above). */
    if (!m || share <= 0.0f || (p->def.ignore_same_team && wy_ignores_team(p, a, wy_source_team(w, m)))) {
      wy_array_swap_remove(&ag->tracks, i); /* forgotten, the maker gone or now ignored */
      i--;
      continue;
    }
    /* The maker where it is now; the build-up alone fires hear with no sound. */
    sound_event(w, lane, WARY_EV_HEAR, self, t->maker, m->pos, t->sound, share);
    wy_report_push(w, lane->reports, agent, slot, t->maker, share, WARY_LOSS_SENSOR_DROPOUT, t->accuracy, m->pos);
  }
}

int32_t wary_recent_sounds(const wary_world *w, wary_actor_id agent_h, float seconds, wary_heard_sound *out, int32_t cap) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (isnan(seconds) || seconds < 0.0f)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__, "seconds: expected a number >= 0, got %g", seconds);
  if (cap < 0) return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__, "cap: expected an integer >= 0, got %d", cap);
  if (!out && cap > 0) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  if (seconds > 6.0f) seconds = 6.0f;
  const wy_hearing_agent *ag = &w->hearing->agents.data[index];
  int32_t n = 0;
  double epoch = w->hearing->epoch;
  float now = (float)(w->time - epoch);
  for (int32_t k = 0; k < ag->recent_count && n < cap; k++) {
    int32_t i = (ag->recent_head - 1 - k + WARY_RECENT_SOUNDS) % WARY_RECENT_SOUNDS;
    if (now - ag->recent[i].time > seconds) break;
    out[n] = ag->recent[i];
    out[n].age = now - ag->recent[i].time;
    out[n++].time = (float)(epoch + ag->recent[i].time); /* the world's time, as a float */
  }
  return n;
}

void wy_hearing_rebase(wary_world *w) {
  struct wy_hearing *h = w->hearing;
  if (!(w->time - h->epoch >= WY_HEARING_EPOCH_SPAN)) return;
  /* Up by whole half spans, to within a span of the world's time (a long
   * step, or a loaded world that counted from 0, may be far past it). */
  double half = WY_HEARING_EPOCH_SPAN / 2.0;
  double by = half * floor((w->time - h->epoch - half) / half);
  h->epoch += by;
  /* Each time less the move, in doubles, then a float again: exact for the
   * times of the last few hundred seconds (the ones a step reads: they and
   * the move are multiples of their float's last place); older ones (a
   * sound long past, a track's last sound) may lose their last bits. */
#define WY_SHIFT(t) ((t) = (float)((double)(t) - by))
  for (int32_t a = 0; a < h->agents.count; a++) {
    wy_hearing_agent *ag = &h->agents.data[a];
    for (int32_t i = 0; i < ag->pending.count; i++) WY_SHIFT(ag->pending.data[i].time);
    for (int32_t i = 0; i < ag->heard.count; i++) WY_SHIFT(ag->heard.data[i].time);
    for (int32_t i = 0; i < ag->tracks.count; i++) {
      WY_SHIFT(ag->tracks.data[i].last);
      WY_SHIFT(ag->tracks.data[i].settled);
    }
    for (int32_t i = 0; i < WARY_RECENT_SOUNDS; i++) WY_SHIFT(ag->recent[i].time);
  }
#undef WY_SHIFT
}
