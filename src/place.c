/* place.c - beliefs about places (seed 003, "Sounds nobody made"): a sound
 * with no maker, a vibration or a report becomes a belief about where it
 * happened, tagged (the sound's name, the stimulus tag), merged with one of
 * the same tag nearby, and walked through the states like any belief
 * (seed 003: places have "their own states"): it climbs with what arrives,
 * one rung at a time, Tracked only after min_track_duration in Detected
 * (seed 000: "no instant lock-on"), fades at the profile's fade_rate once
 * nothing does, steps down a rung at a time, then Lost, Remembered and
 * Expired (then dropped). Each change of state fires location_belief_changed. */
#include "place.h"

#include <string.h>

#include "belief.h"
#include "events.h"
#include "hearing.h"

static bool create(wary_world *w) {
  w->places = wy_alloc_zero(&w->alloc, sizeof *w->places);
  return w->places != NULL;
}

void wy_place_list_free(const wary_world *w, wy_place_list *l) {
  wy_free(&w->tables, l->asleep_bits, (size_t)l->bit_words * sizeof *l->asleep_bits);
  l->asleep_bits = NULL;
  l->bit_words = 0;
  wy_array_free(&w->tables, l);
}

/* The words of asleep bits l's capacity needs. */
static int32_t bit_words_for(const wy_place_list *l) { return (int32_t)(((int64_t)l->cap + 63) / 64); }

/* Bits for every place the list has room for. */
static bool bits_cover(const wary_world *w, wy_place_list *l) {
  int32_t words = bit_words_for(l);
  if (words <= l->bit_words) return true;
  uint64_t *b = wy_realloc(&w->tables, l->asleep_bits, (size_t)l->bit_words * sizeof *b, (size_t)words * sizeof *b);
  if (!b) return false;
  memset(b + l->bit_words, 0, (size_t)(words - l->bit_words) * sizeof *b);
  l->asleep_bits = b;
  l->bit_words = words;
  return true;
}

bool wy_place_list_rebuild(const wary_world *w, wy_place_list *l) {
  l->lead_due = l->fade_due = -INFINITY;
  if (!bits_cover(w, l)) return false;
  if (l->bit_words > 0) memset(l->asleep_bits, 0, (size_t)l->bit_words * sizeof *l->asleep_bits);
  for (int32_t i = 0; i < l->count; i++)
    if (l->data[i].asleep) l->asleep_bits[i / 64] |= 1ull << (i % 64);
  return true;
}

static void destroy(wary_world *w) {
  if (!w->places) return;
  for (int32_t i = 0; i < w->places->agents.count; i++) wy_place_list_free(w, &w->places->agents.data[i]);
  wy_array_free(&w->alloc, &w->places->agents);
  wy_free(&w->alloc, w->places, sizeof *w->places);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->places->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->places->agents.data[w->places->agents.count++], 0, sizeof(wy_place_list));
}

static void agent_removed(wary_world *w, int32_t agent) {
  wy_place_list_free(w, &w->places->agents.data[agent]);
  wy_array_swap_remove(&w->places->agents, agent);
}

static void profile_changing(wary_world *w, int32_t profile);

const wy_module wy_place_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .profile_changing = profile_changing,
};

static wy_place_list *places_of(const wary_world *w, int32_t agent) {
  return &w->places->agents.data[agent];
}

bool wy_places_fit(const wary_world *w, int32_t agent, int32_t n) {
  const wy_place_list *l = places_of(w, agent);
  return n <= 0 || (l->count + n <= l->cap && bit_words_for(l) <= l->bit_words);
}

bool wy_places_reserve(wary_world *w, int32_t agent, int32_t n) {
  wy_place_list *l = places_of(w, agent);
  return n <= 0 || (wy_array_reserve(&w->tables, l, l->count + n) && bits_cover(w, l));
}

/* The first place at from or after it that is asleep (or, asleep false,
 * awake), from the bits (count: none). */
WY_INLINE int32_t next_place(const wy_place_list *l, int32_t from, bool asleep) {
  for (int32_t k = from / 64; k * 64 < l->count; k++) {
    uint64_t bits = asleep ? l->asleep_bits[k] : ~l->asleep_bits[k];
    if (k == from / 64) bits &= ~0ull << (from % 64);
    if (bits) {
      int32_t i = k * 64 + wy_lowest_bit(bits);
      return i < l->count ? i : l->count;
    }
  }
  return l->count;
}

WY_INLINE int32_t next_awake(const wy_place_list *l, int32_t from) { return next_place(l, from, false); }
/* Waking the one it found leaves the next where it was. */
WY_INLINE int32_t next_asleep(const wy_place_list *l, int32_t from) { return next_place(l, from, true); }

/* The sleepers in order, a word of their bits at a time (a step's looks
 * at them walk every one): bits holds those of word k not yet taken, so
 * that waking the one it found (which clears its own bit only) leaves the
 * rest of the walk as it was. */
typedef struct sleeper_walk {
  const wy_place_list *l;
  int32_t k;
  uint64_t bits;
} sleeper_walk;

WY_INLINE sleeper_walk sleepers_of(const wy_place_list *l) {
  sleeper_walk s = {l, 0, l->count > 0 ? l->asleep_bits[0] : 0u};
  return s;
}

/* The next sleeper (count: none left). */
WY_INLINE int32_t next_sleeper(sleeper_walk *s) {
  while (!s->bits) {
    if (++s->k * 64 >= s->l->count) return s->l->count;
    s->bits = s->l->asleep_bits[s->k];
  }
  int32_t i = s->k * 64 + wy_lowest_bit(s->bits);
  s->bits &= s->bits - 1u;
  return i < s->l->count ? i : s->l->count;
}

/* Place i leaves; the last takes its place (and its bit). */
static void place_remove(wy_place_list *l, int32_t i) {
  int32_t last = l->count - 1;
  uint64_t bit = l->asleep_bits[last / 64] >> (last % 64) & 1u;
  l->asleep_bits[i / 64] = (l->asleep_bits[i / 64] & ~(1ull << (i % 64))) | bit << (i % 64);
  l->asleep_bits[last / 64] &= ~(1ull << (last % 64));
  wy_array_swap_remove(l, i);
}

/* ---- sleepers: places out of the steps ------------------------------------------ */

/* A place's confidence after a step of dt with no report: fade_rate x dt
 * less, not below 0 (the step, a sleeper's replay and its look ahead alike). */
static float faded(const wary_profile_def *d, float c, float dt) {
  /* The product first, on its own (never fused with the subtraction):
   * what wy_fade_repeat subtracts when it catches a sleeper up. */
  float f = d->fade_rate * dt;
  float v = c - f;
  return v > 0.0f ? v : 0.0f;
}

/* A sleeper's confidence as catch_up leaves it (its fading replayed). */
static float caught_up_confidence(const wary_world *w, const wary_profile_def *d, const wy_place *pl) {
  return wy_replayed_fade(w, pl->confidence, d->fade_rate, wy_step_of(w, pl->asleep_since), wy_beliefs_through(w));
}

/* A sleeper's time in state, and a fading one's confidence, caught up with
 * the steps taken: each step's fading as wy_places_resolve takes it, until
 * 0 (d: the agent's profile, which a change wakes them before:
 * wake_fading_all). */
static void catch_up(const wary_world *w, const wary_profile_def *d, wy_place *pl) {
  uint32_t through = wy_beliefs_through(w);
  uint32_t from = wy_step_of(w, pl->asleep_since);
  pl->confidence = caught_up_confidence(w, d, pl);
  pl->time_in_state = wy_replayed_time(w, pl->time_in_state, from, through);
  pl->asleep_since = (uint16_t)(through + 1u);
}

static void wake(const wary_world *w, const wary_profile_def *d, wy_place_list *l, wy_place *pl) {
  catch_up(w, d, pl);
  pl->asleep = false;
  int32_t i = (int32_t)(pl - l->data);
  l->asleep_bits[i / 64] &= ~(1ull << (i % 64));
  l->asleep_count--;
}

static int32_t deadline_of(const wy_place *pl) {
  return pl->state == WARY_LOST ? 0 : 1;
}

/* A sleeper fading on a rung, or unsuspected: no time in state ends its
 * sleep (lead), the step that takes it below its rung or to 0 does
 * (fade_due). A Lost or Remembered one waits for its deadline whatever it
 * holds. */
static bool on_fade(const wy_place *pl) {
  return pl->confidence > 0.0f && pl->state <= WARY_TRACKED;
}

/* Whether a step of dt (no report) changes place pl (on_fade, caught up):
 * its fading takes it below its rung, or unsuspected to 0 (dropped). */
static bool leaves_rung(const wary_profile_def *d, const wy_place *pl, float dt) {
  float c = faded(d, pl->confidence, dt);
  return pl->state == WARY_UNDETECTED ? c <= 0.0f : wy_rung_of(d, c) < pl->state;
}

/* The seconds of steps a place on_fade, caught up, can take with no report
 * and stay on its rung (unsuspected: above 0): its way down to the rung's
 * floor at fade_rate, less what the steps' roundings can take off beyond
 * that. A step subtracts fade_rate x dt rounded (off by 2^-24 of it at
 * most) and rounds the difference (2^-24 at most, a confidence being 1 at
 * most): 2^-11 covers 8,192 steps, and a sleeper is caught up and given
 * its allowance again within 2,048 (wake_due, all). */
static double allowance(const wary_profile_def *d, const wy_place *pl) {
  if (!(d->fade_rate > 0.0f)) return INFINITY;
  double gap = (double)pl->confidence - (double)wy_rung_floor(d, pl->state) - 0x1p-11;
  double a = gap / ((double)d->fade_rate * (1.0 + 0x1p-20));
  return a > 0.0 ? a : 0.0;
}

/* The world clock from which a place of allowance allowed after the step
 * whose clock (after its dt) is clock may leave its rung: the clock adds
 * each step's dt in doubles, off by at most 2^-53 of it each (it is not
 * below 0: save.c refuses a snapshot's that is), 2^-42 of it over the
 * 2,048 steps within which every sleeper is caught up and its allowance
 * taken again (wake_due, all), so 2^-40 of it covers that rounding. */
static double fade_clock(double clock, double allowed) { return (clock + allowed) * (1.0 - 0x1p-40); }

/* After its step, nothing reported: Lost or Remembered, only its time in
 * state (and fading) moves until its deadline; on a rung or unsuspected,
 * only its fading until it leaves the rung (or a report comes). */
static void fall_asleep(const wary_world *w, const wary_profile_def *d, wy_place_list *l, wy_place *pl,
                        double allowed) {
  double clock = w->beliefs->clock;
  if (l->asleep_count == 0) {
    l->oldest = w->steps + 1u;
    l->lead[0] = l->lead[1] = -INFINITY;
    l->lead_due = l->fade_due = INFINITY;
  }
  pl->asleep = true;
  pl->asleep_since = (uint16_t)(w->steps + 1u);
  int32_t i = (int32_t)(pl - l->data);
  l->asleep_bits[i / 64] |= 1ull << (i % 64);
  l->asleep_count++;
  if (on_fade(pl)) {
    double at = fade_clock(clock, allowed);
    if (at < l->fade_due) l->fade_due = at;
    return;
  }
  int32_t k = deadline_of(pl);
  if (pl->time_in_state > l->lead[k]) {
    l->lead[k] = pl->time_in_state;
    double due = wy_place_lead_clock(clock, l->lead[k], k == 0 ? d->lost_time : d->memory_time);
    if (due < l->lead_due) l->lead_due = due;
  }
}

/* When the list's leads, after the step whose clock this is, must be
 * looked at again. */
static double lead_due_of(const wy_place_list *l, const float end[2], double clock) {
  double a = wy_place_lead_clock(clock, l->lead[0], end[0]), b = wy_place_lead_clock(clock, l->lead[1], end[1]);
  return a < b ? a : b;
}

/* Step dt begins and a fading sleeper on a rung may leave it in it: the
 * ones this step changes wake for it, the others get their allowance
 * again, from a caught-up copy (a sleeper is left as it was, so that when
 * this looks does not show in it: a loaded list looks at its first step). */
static void wake_fading(const wary_world *w, const wary_profile_def *d, wy_place_list *l, float dt) {
  double due = INFINITY;
  sleeper_walk s = sleepers_of(l);
  for (int32_t i = next_sleeper(&s); i < l->count; i = next_sleeper(&s)) {
    wy_place *pl = &l->data[i];
    if (!on_fade(pl)) continue;
    /* What follows reads its confidence and state only: its time in
     * state is left behind (its replay is the costlier of the two). */
    wy_place now = *pl;
    now.confidence = caught_up_confidence(w, d, pl);
    if (on_fade(&now) && !leaves_rung(d, &now, dt)) {
      double at = fade_clock(w->beliefs->clock_before, allowance(d, &now));
      if (at < due) due = at;
    } else {
      wake(w, d, l, pl);
    }
  }
  l->fade_due = due;
}

/* Step dt begins: the sleepers whose time in state reaches their deadline
 * in it wake for it (all: every one catches up, before the dt ring forgets
 * the steps they wait for, and the fading ones on a rung get their
 * allowance again). */
static void wake_due(const wary_world *w, const wary_profile_def *d, wy_place_list *l, const float end[2],
                     float dt, bool all) {
  float lead[2] = {-INFINITY, -INFINITY};
  double due = INFINITY;
  uint32_t through = wy_beliefs_through(w);
  /* The sleepers in order, from their bits. */
  sleeper_walk s = sleepers_of(l);
  for (int32_t i = next_sleeper(&s); i < l->count; i = next_sleeper(&s)) {
    wy_place *pl = &l->data[i];
    if (on_fade(pl)) {
      if (all) {
        catch_up(w, d, pl);
        double at = fade_clock(w->beliefs->clock_before, allowance(d, pl));
        if (at < due) due = at;
      }
      continue;
    }
    if (all) catch_up(w, d, pl);
    int32_t k = deadline_of(pl);
    uint32_t from = wy_step_of(w, pl->asleep_since);
    /* As the beliefs' (wy_beliefs_wake_due): a bound tells one far from
     * its deadline without the replay; one near it wakes, a step or two
     * early at most, which changes no result. */
    float t;
    if (all || !wy_replayed_bound(w, pl->time_in_state, from, through, dt, &t))
      t = wy_replayed_time(w, pl->time_in_state, from, through) + dt;
    if (t >= end[k]) wake(w, d, l, pl);
    else if (t > lead[k]) lead[k] = t;
  }
  l->lead[0] = lead[0];
  l->lead[1] = lead[1];
  l->lead_due = lead_due_of(l, end, w->beliefs->clock);
  if (all) {
    l->oldest = through + 1u;
    l->fade_due = due;
  }
}

/* Wakes every fading sleeper of the agent (caught up first), before its
 * profile changes how they fade. */
static void wake_fading_all(const wary_world *w, int32_t agent) {
  wy_place_list *l = places_of(w, agent);
  if (l->asleep_count == 0) return;
  const wary_profile_def *d = &wy_agent_profile(w, agent)->def;
  for (int32_t i = next_asleep(l, 0); i < l->count; i = next_asleep(l, i + 1))
    if (l->data[i].confidence > 0.0f) wake(w, d, l, &l->data[i]);
}

static void profile_changing(wary_world *w, int32_t profile) {
  for (int32_t i = 0; i < w->agents.count; i++)
    if (wy_agent_actor(w, i)->profile == profile) {
      wake_fading_all(w, i);
      /* Its deadlines may move: the next step looks at the leads. */
      places_of(w, i)->lead_due = -INFINITY;
    }
}

bool wy_place_report(wary_world *w, int32_t agent, const float pos[3], int32_t tag,
                     float confidence, float accuracy) {
  wy_agent_wake(w, agent, WY_IDLE_PLACES);
  wy_place_list *l = places_of(w, agent);
  float radius = wy_hearing_of(w, wy_agent_actor(w, agent)->profile)->merge_radius;
  wy_place *pl = NULL;
  for (int32_t i = 0; i < l->count && !pl; i++)
    if (l->data[i].tag == tag && wy_dist3(l->data[i].pos, pos) <= radius) pl = &l->data[i];
  if (!pl) {
    if (!wy_array_reserve(&w->tables, l, l->count + 1) || !bits_cover(w, l)) return false;
    pl = wy_array_push(&w->tables, l);
    if (!pl) return false;
    memset(pl, 0, sizeof *pl);
    pl->tag = tag;
    pl->state = WARY_UNDETECTED;
  } else if (pl->asleep) {
    wake(w, &wy_agent_profile(w, agent)->def, l, pl);
  }
  memcpy(pl->pos, pos, sizeof pl->pos);
  if (confidence > pl->confidence) pl->confidence = confidence;
  if (accuracy > pl->accuracy || !pl->fresh) pl->accuracy = accuracy;
  pl->fresh = true;
  return true;
}

static void changed(wary_world *w, wy_lane *lane, wy_id agent, wy_place *pl, int32_t state) {
  wary_event *e = wy_lane_event(w, lane, WARY_EV_LOCATION_BELIEF_CHANGED, agent);
  if (e) {
    e->from_state = pl->state;
    e->to_state = state;
    e->confidence = pl->confidence;
    memcpy(e->pos, pl->pos, sizeof e->pos);
    e->tag = pl->tag;
  }
  pl->state = state;
  pl->time_in_state = 0.0f;
}

/* Whether the step under way may look at the sleepers of a list with some
 * for a lead or a fading one, from its clock (place.h: the world's after
 * this step's dt). */
static bool clock_due(double clock, const wy_place_list *l) {
  return clock >= (l->lead_due < l->fade_due ? l->lead_due : l->fade_due);
}

/* Whether it looks at them: that, or all of them catch up. */
static bool sleepers_due(const wary_world *w, const wy_place_list *l) {
  return w->steps - l->oldest >= WY_DT_RING / 2 || clock_due(w->beliefs->clock, l);
}

void wy_places_prefetch_ahead(const wary_world *w, int32_t agent, int32_t end, uint32_t rests) {
  /* The world's arrays and clock read once for the three, rather than in
   * a call per agent. */
  const wy_place_list *lists = w->places->agents.data;
  const wy_agent *agents = w->agents.data;
  double clock = w->beliefs->clock;
  /* The third: its list. */
  /* A resting agent's places are idle (belief.h, wy_agent_resting): its
   * mark (a bit of rests) is read rather than its record. */
  if (agent + 3 < end && !(rests & 8u) && !(agents[agent + 3].idle & WY_IDLE_PLACES))
    wy_prefetch_span(&lists[agent + 3], sizeof *lists);
  /* All asleep (most lists, once a game has run a while): the bits are read
   * only by a walk of the sleepers. Whether the step walks them, from the
   * clocks (a hint: the catch-up of all every WY_DT_RING / 2 steps is left
   * out). */
  if (agent + 2 < end && !(rests & 4u) && !(agents[agent + 2].idle & WY_IDLE_PLACES)) {
    const wy_place_list *l = &lists[agent + 2];
    if (l->count > 0 && (l->asleep_count < l->count || clock_due(clock, l))) WY_PREFETCH(l->asleep_bits);
  }
  if (agent + 1 >= end || (rests & 2u) || (agents[agent + 1].idle & WY_IDLE_PLACES)) return;
  const wy_place_list *l = &lists[agent + 1];
  if (l->count == 0) return;
  /* A step that looks at the sleepers reads their records, which no step
   * has read since they fell asleep. */
  if (l->asleep_count > 0 && clock_due(clock, l)) wy_prefetch_span(l->data, (size_t)l->count * sizeof *l->data);
  if (l->asleep_count == l->count) return;
  /* The first awake ones of the first 64 (a hint: no more is worth it). */
  uint64_t awake = ~l->asleep_bits[0];
  for (int32_t n = 0; n < 4 && awake; n++, awake &= awake - 1) {
    int32_t i = wy_lowest_bit(awake);
    if (i >= l->count) break;
    WY_PREFETCH(&l->data[i]);
  }
}

/* The step's look at the sleepers (sleepers_due): all of them catch up,
 * or those whose deadline comes in it wake (when a lead reaches one: the
 * very test of every step, which the lead's clock only tells it when to
 * make), then the fading ones it changes. */
static void look_at_sleepers(const wary_world *w, const wary_profile_def *d, wy_place_list *l, float dt) {
  const float end[2] = {d->lost_time, d->memory_time};
  double clock = w->beliefs->clock;
  bool all = w->steps - l->oldest >= WY_DT_RING / 2;
  if (all || (clock >= l->lead_due && (l->lead[0] >= end[0] || l->lead[1] >= end[1])))
    wake_due(w, d, l, end, dt, all);
  else if (clock >= l->lead_due)
    l->lead_due = lead_due_of(l, end, clock);
  if (clock >= l->fade_due) wake_fading(w, d, l, dt);
}

void wy_places_resolve(wary_world *w, wy_lane *lane, int32_t index, float dt) {
  wy_agent *owner = &w->agents.data[index];
  if (owner->idle & WY_IDLE_PLACES) return;
  wy_place_list *l = places_of(w, index);
  /* None held: nothing to resolve until one is reported (wy_place_report). */
  if (l->count == 0) {
    wy_agent_rest(w, owner, WY_IDLE_PLACES);
    return;
  }
  if (l->asleep_count > 0) {
    /* Every step with sleepers moves the leads (a snapshot holds them). */
    l->lead[0] += dt;
    l->lead[1] += dt;
    bool due = sleepers_due(w, l);
    /* All asleep and none due: the step changes nothing else. */
    if (!due && l->asleep_count == l->count) return;
    if (due) look_at_sleepers(w, &wy_agent_profile(w, index)->def, l, dt);
  }
  const wary_profile_def *d = &wy_agent_profile(w, index)->def;
  wy_id agent = wy_agent_id(w, index);
  /* Every place in full every step: the reference (spec/c/test_quiet.c). */
  bool sleep = !w->beliefs->resolve_all;
  /* The awake ones, from the bits (none when all sleep: then not read). */
  int32_t first = l->asleep_count < l->count ? next_awake(l, 0) : l->count;
  for (int32_t i = first; i < l->count; i = next_awake(l, i + 1)) {
    wy_place *pl = &l->data[i];
    if (!pl->fresh) pl->confidence = faded(d, pl->confidence, dt);
    pl->time_in_state += dt;
    float c = pl->confidence;
    int32_t level = wy_rung_of(d, c);
    if (level == WARY_TRACKED && pl->state != WARY_TRACKED &&
        !(pl->state == WARY_DETECTED && pl->time_in_state >= d->min_track_duration))
      level = WARY_DETECTED;
    bool on_ladder = pl->state >= WARY_SUSPECTED && pl->state <= WARY_TRACKED;
    int32_t rung = on_ladder ? pl->state : WARY_UNDETECTED;
    if (level > rung && pl->fresh) {
      for (int32_t k = rung + 1; k <= level; k++) changed(w, lane, agent, pl, k);
    } else if (on_ladder && level < rung) {
      for (int32_t k = rung - 1; k >= level && k >= WARY_SUSPECTED; k--) changed(w, lane, agent, pl, k);
      if (level == WARY_UNDETECTED) changed(w, lane, agent, pl, pl->fresh ? WARY_UNDETECTED : WARY_LOST);
    } else if (pl->state == WARY_LOST && pl->time_in_state >= d->lost_time) {
      changed(w, lane, agent, pl, WARY_REMEMBERED);
    } else if (pl->state == WARY_REMEMBERED && pl->time_in_state >= d->memory_time) {
      changed(w, lane, agent, pl, WARY_EXPIRED);
    }
    pl->fresh = false;
    /* An expired place, or a faint one never suspected, is forgotten. */
    if (pl->state == WARY_EXPIRED || (pl->state == WARY_UNDETECTED && pl->confidence <= 0.0f)) {
      place_remove(l, i);
      i--;
    } else if (sleep) {
      /* Lost or Remembered, whatever it holds: its deadline wakes it. On a
       * rung (or unsuspected): its fading, unless that is two steps from
       * taking it off. */
      bool waits = pl->state == WARY_LOST || pl->state == WARY_REMEMBERED;
      double allowed = waits ? 0.0 : allowance(d, pl);
      if (waits || allowed > 2.0 * (double)dt) fall_asleep(w, d, l, pl, allowed);
    }
  }
}

static void place_out(const wary_world *w, int32_t agent, wy_place *pl, wary_location_belief *out) {
  if (pl->asleep) catch_up(w, &wy_agent_profile(w, agent)->def, pl);
  memcpy(out->pos, pl->pos, sizeof out->pos);
  out->tag = pl->tag;
  out->confidence = pl->confidence;
  out->state = pl->state;
  out->time_in_state = pl->time_in_state;
  out->accuracy = pl->accuracy;
  out->uncertainty = (1.0f - pl->accuracy) * wy_agent_profile(w, agent)->def.max_uncertainty;
}

int32_t wary_location_count(const wary_world *w, wary_actor_id agent_h) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  return index < 0 ? index : places_of(w, index)->count;
}

int wary_location_at(const wary_world *w, wary_actor_id agent_h, int32_t i, wary_location_belief *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  const wy_place_list *l = places_of(w, index);
  if (i < 0 || i >= l->count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "a location belief", i, l->count);
  place_out(w, index, &l->data[i], out);
  return WARY_OK;
}

int wary_location_strongest(const wary_world *w, wary_actor_id agent_h, wary_location_belief *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  const wy_place_list *l = places_of(w, index);
  /* A fading sleeper's confidence, caught up (asleep, it waits). */
  const wary_profile_def *d = &wy_agent_profile(w, index)->def;
  for (int32_t i = 0; i < l->count; i++)
    if (l->data[i].asleep && l->data[i].confidence > 0.0f) catch_up(w, d, &l->data[i]);
  wy_place *best = NULL;
  for (int32_t i = 0; i < l->count; i++)
    if (l->data[i].confidence > 0.0f && (!best || l->data[i].confidence > best->confidence))
      best = &l->data[i];
  if (!best)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__, "agent: %x holds no belief about a place above 0", agent);
  place_out(w, index, best, out);
  return WARY_OK;
}

int wary_report_location(wary_world *w, wary_actor_id agent_h, float x, float y, float z, int32_t tag, float confidence, float accuracy) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  wy_error *e = w->error;
  if (wy_bad(e, __func__, "x", x, WY_FINITE) || wy_bad(e, __func__, "y", y, WY_FINITE) ||
      wy_bad(e, __func__, "z", z, WY_FINITE) || wy_bad(e, __func__, "confidence", confidence, WY_UNIT) ||
      wy_bad(e, __func__, "accuracy", accuracy, WY_UNIT))
    return WARY_ERR_BAD_VALUE;
  if (!wary_name_string(w, tag)) return wy_fail_name(e, __func__, "tag", tag);
  float p[3] = {x, y, z};
  return wy_place_report(w, index, p, tag, confidence, accuracy) ? WARY_OK : wy_fail_memory(e, __func__);
}

int wary_location_forget(wary_world *w, wary_actor_id agent_h, int32_t i) {
  int32_t index = wy_agent_index(w, agent_h.id, __func__, "agent");
  if (index < 0) return index;
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  wy_place_list *l = places_of(w, index);
  if (i < 0 || i >= l->count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "a location belief", i, l->count);
  /* The list's bounds on its sleepers (lead, fade_due, oldest) stay bounds
   * without it: at worst the next step looks at the others a step early. */
  if (l->data[i].asleep) l->asleep_count--;
  place_remove(l, i);
  return WARY_OK;
}
