/* lag.c - a belief list's lagging steps (belief.h, lag): while every awake
 * belief of an agent is held and none of its senses looks, a step leaves
 * them as they are (resolve.c); they take those steps, held_step's very
 * operations in order, when anything reads or changes them, or a step
 * walks them again. */
#include <assert.h>
#include <math.h>

#include "held.h"

const float wy_undulled[WY_SLOTS] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f,
                                     1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
_Static_assert(WY_SLOTS == 16, "wy_undulled: one 1 a slot");

/* How long (from the end of the last step) held belief b (slots bsl, n of
 * them) keeps taking held_step while nothing new comes, less margins for
 * the float sums: below those, no slot leaves its grace, its confidence
 * stays on its rung (and above 0 when no sense holds it) and its time in
 * state short of its deadline. 0 where that cannot be told. A step's
 * confidence falls by at most the largest fade of a slot that ever reported
 * (held_step takes one of those, or the belief's losing slot), to the float
 * rounding of each step (2^-24 a step, 1,024 steps at most: lagging stops
 * a quarter of a dt ring behind); a sum of dt in float is off by at most
 * 2^-24 of its size a step. */
/* The largest fade a second a held step of b (slots bsl, n of them) may
 * take: that of a slot that ever reported, or of its losing slot; and in
 * *quietest the least silence of the first. */
static double fade_bound(const wy_profile *p, const wy_belief *b, const wy_belief_slot *bsl, int32_t n,
                         double *quietest) {
  const wary_profile_def *d = &p->def;
  double rate = b->losing_slot >= 0 ? (double)d->fade_rate * (double)p->slots[b->losing_slot].decay_scale
                                    : (double)d->fade_rate;
  *quietest = INFINITY;
  for (int32_t s = 0; s < n; s++) {
    if (!bsl[s].ever) continue;
    double r = (double)d->fade_rate * (double)p->slots[s].decay_scale;
    if (r > rate) rate = r;
    if (bsl[s].silent < *quietest) *quietest = bsl[s].silent;
  }
  return rate;
}

static double held_horizon(const wy_profile *p, const wy_belief *b, const wy_belief_slot *bsl, int32_t n) {
  const wary_profile_def *d = &p->def;
  float conf = b->confidence;
  if (!(conf >= 0.0f) || (b->sensed && b->fused > conf)) return 0.0;
  double h = INFINITY;
  for (int32_t s = 0; s < n; s++) {
    float grace = p->slots[s].loss_grace;
    if (bsl[s].ever && !bsl[s].active && bsl[s].silent < grace) {
      double left = (double)grace - (double)bsl[s].silent - 1e-3 * (1.0 + (double)grace);
      if (left < h) h = left;
    }
  }
  float end = INFINITY;
  if (b->state == WARY_LOST) end = d->lost_time;
  else if (b->state == WARY_REMEMBERED) end = d->memory_time;
  else if (b->state == WARY_DETECTED && conf >= d->track_threshold) end = d->min_track_duration;
  if (end < INFINITY) {
    double left = (double)end - (double)b->time_in_state - 1e-3 * (1.0 + fabs((double)end));
    if (left < h) h = left;
  }
  /* The least confidence it may fade to: its rung's (0 with no sense on it). */
  float floor = -1.0f;
  if (b->state == WARY_SUSPECTED) floor = d->suspect_threshold;
  else if (b->state == WARY_DETECTED) floor = d->detect_threshold;
  else if (b->state == WARY_TRACKED) floor = d->track_threshold;
  if (!b->sensed && floor < 0.0f) floor = 0.0f;
  float fades_to = b->sensed && b->fused > 0.0f ? b->fused : 0.0f;
  if ((double)fades_to < (double)floor + 2e-4) {
    /* It may fade that far: by the largest fade a step may take. With no
     * sense on it, every silence grows alike, so the slot a step takes as
     * the one that reported last stays the least silent (or one within
     * rounding of it), and a direct-cut one there sends it to Lost. */
    double quietest;
    double rate = fade_bound(p, b, bsl, n, &quietest);
    if (!b->sensed && b->state >= WARY_SUSPECTED && b->state <= WARY_TRACKED)
      for (int32_t s = 0; s < n; s++)
        if (bsl[s].ever && p->slots[s].direct_lost_cut && (double)bsl[s].silent <= quietest + 1e-3 * (1.0 + quietest))
          return 0.0;
    if (!(rate >= 0.0)) return 0.0;
    if (rate > 0.0) {
      double left = ((double)conf - (double)floor - 2e-4) / (rate * (1.0 + 1e-5));
      if (left < h) h = left;
    }
  }
  return h > 0.0 ? h : 0.0;
}

/* How long the awake ones of l may lag (from the end of the last step):
 * every one held, awake for good (not about to fall asleep) and its threat
 * deferred or fresh (the emotion pass then reads no confidence: emotion.c);
 * 0 where one is not. */
double wy_lag_horizon(const wy_profile *p, const wy_belief_list *l) {
  /* The flags first: most lists that cannot lag fail there, unworked. */
  for (int32_t j = 0; j < l->awake_count; j++) {
    const wy_belief *b = &l->data[l->awake[j]];
    if (!b->held || b->drowsy || wy_belief_fades(b) || !wy_belief_deferrable(b)) return 0.0;
  }
  double h = INFINITY;
  int32_t n = p->slot_count;
  for (int32_t j = 0; j < l->awake_count && h > 0.0; j++) {
    int32_t i = l->awake[j];
    double bh = held_horizon(p, &l->data[i], wy_belief_slots(l, i), n);
    if (bh < h) h = bh;
  }
  return h;
}

/* The rates of a step of dt (wy_resolve_beliefs makes the same), the
 * easing the step under way's when its dt is the same. */
static void rates_of(const wy_profile *p, float dt, wy_rates *k) {
  k->fade = wy_fade_of(p, -1, dt);
  for (int32_t s = 0; s < p->slot_count; s++) k->slot_fade[s] = wy_fade_of(p, s, dt);
  k->growth = p->def.uncertainty_growth * dt;
  k->smooth = dt == p->step_smooth_dt ? p->step_smooth : wy_smooth_of(p, dt);
}

/* count steps of dt of b (slots bsl): wy_held_replay, its slot loop
 * compiled for 1 and 2 slots as the walk's is (resolve.c, walk_awake). A
 * build with assertions takes wy_held_step's checked steps instead: a
 * horizon that let a step through that leaves its rung fails there. */
WY_INLINE void replay_run(const wy_profile *p, const wy_rates *k, wy_belief *b, wy_belief_slot *bsl, float dt,
                          int32_t count) {
#ifndef NDEBUG
  for (int32_t c = 0; c < count; c++) {
    bool held = wy_held_step(p, k, b, bsl, dt, p->slot_count);
    assert(held);
    (void)held;
  }
#else
  switch (p->slot_count) {
    case 1: wy_held_replay(p, k, b, bsl, dt, count, 1); break;
    case 2: wy_held_replay(p, k, b, bsl, dt, count, 2); break;
    default: wy_held_replay(p, k, b, bsl, dt, count, p->slot_count); break;
  }
#endif
}

/* The length of the run of steps of one dt from step at, of the count - m
 * lagging steps left. */
static int32_t run_from(const struct wy_beliefs *bs, uint32_t at, int32_t left) {
  if ((int32_t)(at - bs->dt_same_since) >= 0) return left;
  float dt = bs->dt[at % WY_DT_RING];
  int32_t run = 1;
  while (run < left && bs->dt[(at + (uint32_t)run) % WY_DT_RING] == dt) run++;
  return run;
}

/* The lagging steps of the awake ones of l (or of b alone, with its slots
 * bsl, when b is not NULL), run by run of one dt, as the walk would have
 * taken them. */
static void lag_replay(const wary_world *w, const wy_profile *p, wy_belief_list *l, wy_belief *b,
                       wy_belief_slot *bsl) {
  const struct wy_beliefs *bs = w->beliefs;
  for (int32_t m = 0; m < l->lag;) {
    uint32_t at = l->lag_since + (uint32_t)m;
    float dt = bs->dt[at % WY_DT_RING];
    int32_t run = run_from(bs, at, l->lag - m);
    wy_rates k;
    rates_of(p, dt, &k);
    if (b) {
      replay_run(p, &k, b, bsl, dt, run);
    } else {
      for (int32_t j = 0; j < l->awake_count; j++) {
        int32_t i = l->awake[j];
        replay_run(p, &k, &l->data[i], wy_belief_slots(l, i), dt, run);
      }
    }
    m += run;
  }
}

void wy_beliefs_lag_catch_up(const wary_world *cw, int32_t agent, bool forget) {
  wary_world *w = (wary_world *)cw;
  wy_belief_list *l = wy_beliefs_raw(w, agent);
  if (l->lag > 0) {
    lag_replay(w, wy_agent_profile(w, agent), l, NULL, NULL);
    l->lag = 0;
  }
  if (forget) {
    l->lag_horizon = 0.0;
    l->lag_scan = true;
    l->lag_epoch++;
  }
}

void wy_belief_lag_copy(const wary_world *w, int32_t agent, wy_belief *b, wy_belief_slot *bsl) {
  wy_belief_list *l = wy_beliefs_raw(w, agent);
  if (l->lag > 0 && !b->dormant) lag_replay(w, wy_agent_profile(w, agent), l, b, bsl);
}

float wy_belief_lag_floor(const wary_world *w, int32_t agent, int32_t i) {
  const wy_belief_list *l = wy_beliefs_raw(w, agent);
  const wy_belief *b = &l->data[i];
  if (l->lag == 0 || b->dormant) return b->confidence;
  const wy_profile *p = wy_agent_profile(w, agent);
  double quietest;
  double rate = fade_bound(p, b, wy_belief_slots(l, i), p->slot_count, &quietest);
  /* Its lagging steps take lag_time - lag_from (their dt summed, each
   * step's sum exact in double), each rounded by 2^-24 at most
   * (held_horizon). */
  double c = (double)b->confidence - (l->lag_time - l->lag_from) * rate * (1.0 + 1e-5) - 2e-4;
  double floor = b->sensed && b->fused > 0.0f ? (double)b->fused : 0.0;
  /* Made a float at or below it: a float's rounding moves a value in 0..1
   * by 2^-25 at most. */
  return c - 1e-6 > floor ? (float)(c - 1e-6) : (float)floor;
}
