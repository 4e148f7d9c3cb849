/* held.h - a held belief's step (resolve.c, holds): what a full resolve
 * would make of a step in which nothing new came, the very operations. */
#ifndef WY_HELD_H
#define WY_HELD_H

#include "belief.h"

/* What the step's dt makes of the profile's rates: taken once per agent,
 * each the very product a belief's resolve would compute. */
typedef struct wy_rates {
  float fade;                  /* fade_rate x 1 x dt: a belief held by no slot */
  float slot_fade[WY_SLOTS];   /* fade_rate x the slot's decay_scale x dt */
  float growth;                /* uncertainty_growth x dt */
  float smooth;                /* 1 - e^(-dt / smoothing_time); unused when smoothing_time <= 0 */
  bool smoothing;              /* smoothing_time > 0: the meter eases (else it is the confidence) */
  bool undulled;               /* no slot's share is dulled by pain (every multiplier is 1) */
  bool may_hold;               /* undulled, and not every belief resolved in full (resolve_all) */
  bool calm;                   /* may_hold, and no slot ran or is muted this step: held beliefs only move their clocks */
  bool looked[WY_SLOTS];       /* the slot ran or is muted this step */
} wy_rates;

/* With no sense holding a belief (none reports it or is inside its grace),
 * each slot's share (share, in place) after a step: 0 for a direct-cut
 * sense, else faded by the slot's fade, not below 0 (resolve.c,
 * update_slots); and what fusion makes of them (resolve.c, fuse, undulled):
 * the strongest weighed share, no slot corroborating outside its grace,
 * capped at 1. The very operations of a full resolve, without its grace
 * tests and corroboration walk, which can find nothing here: held steps take
 * it (sharing fuse cost 1% of the bench's game step). */
WY_INLINE float wy_unsensed_fusion(const wy_profile *p, const wy_rates *k, float *share, int32_t n) {
  int32_t best = -1;
  float best_value = 0.0f;
  for (int32_t s = 0; s < n; s++) {
    float v = share[s] - k->slot_fade[s];
    share[s] = p->slots[s].direct_lost_cut ? 0.0f : (v > 0.0f ? v : 0.0f);
    float weighed = share[s] * p->slots[s].weight;
    if (share[s] > 0.0f && (best < 0 || weighed > best_value)) {
      best = s;
      best_value = weighed;
    }
  }
  float fused = best_value + 0.0f * p->def.corroboration_bonus;
  return fused > 1.0f ? 1.0f : fused;
}

/* p's keep_from, keep_below and keep_until (profile.h) from its def: on
 * a rung, the rung's span of confidence (Tracked's open above; Detected
 * also keeps Tracked's confidence until min_track_duration); Lost and
 * Remembered, any confidence until their deadline; Expired, none (off the
 * ladder a full resolve takes it). Every test of wy_keeps_rung against
 * these fails on a NaN, which a full resolve then takes. Worked out once
 * a step for every profile (belief.c, wy_beliefs_step_begin). */
static inline void wy_keep_bounds(wy_profile *p) {
  const wary_profile_def *d = &p->def;
  for (int32_t s = 0; s < 8; s++) {
    p->keep_from[s] = INFINITY;
    p->keep_below[s] = -INFINITY;
    p->keep_until[s] = -INFINITY;
  }
  float from[] = {-INFINITY, d->suspect_threshold, d->detect_threshold, d->track_threshold};
  float below[] = {d->suspect_threshold, d->detect_threshold, d->track_threshold, INFINITY};
  for (int32_t s = WARY_UNDETECTED; s <= WARY_TRACKED; s++) {
    p->keep_from[s] = from[s];
    p->keep_below[s] = below[s];
  }
  p->keep_until[WARY_DETECTED] = d->min_track_duration;
  p->keep_from[WARY_LOST] = p->keep_from[WARY_REMEMBERED] = -INFINITY;
  p->keep_until[WARY_LOST] = d->lost_time;
  p->keep_until[WARY_REMEMBERED] = d->memory_time;
}

/* Whether a held belief's step leaves it where it is (step_states would
 * change nothing) at confidence conf, which did not climb, and time in
 * state time: on its rung; Detected with Tracked's confidence before
 * min_track_duration; Lost (no sense reports it, so it cannot climb)
 * before lost_time. The bounds of each state are the profile's for the
 * step (profile.h, keep_from): three loads by state and no branch, as the
 * states mix from one belief to the next. A NaN fails every test, and the
 * full resolve takes its step. */
WY_INLINE bool wy_keeps_rung(const wy_profile *p, const wy_belief *b, float conf, float time) {
  int32_t s = b->state;
  return (conf >= p->keep_from[s]) & ((conf < p->keep_below[s]) | (time < p->keep_until[s]));
}

/* A held belief's step in which nothing came (resolve.c, holds): what a full
 * resolve would do, the very operations. False, with nothing changed, when
 * a slot would leave its grace, its confidence its rung (or reach 0
 * unsensed, where it falls quiet) or its time a deadline (wy_keeps_rung): the
 * full resolve takes that step. n: the profile's slot count (walk_awake). */
WY_INLINE bool wy_held_step(const wy_profile *p, const wy_rates *k, wy_belief *b, wy_belief_slot *bsl, float dt,
                         int32_t n) {
  /* The silences after the step, and the slot that fell silent last. */
  float silent[WY_SLOTS];
  float quietest = INFINITY;
  int32_t losing = b->losing_slot;
  bool reporting = false;
  for (int32_t s = 0; s < n; s++) {
    silent[s] = bsl[s].silent;
    if (!bsl[s].ever) continue; /* never reported: no silence, a share of 0 */
    if (bsl[s].active) {
      reporting = true;
    } else {
      bool grace = silent[s] < p->slots[s].loss_grace;
      silent[s] += dt;
      if (grace != (silent[s] < p->slots[s].loss_grace)) return false;
    }
    if (silent[s] < quietest) {
      quietest = silent[s];
      losing = s;
    }
  }
  float prev = b->confidence;
  float faded = prev - (losing >= 0 ? k->slot_fade[losing] : k->fade);
  float conf;
  if (b->sensed) {
    float target = b->fused > 0.0f ? b->fused : 0.0f;
    conf = target >= prev ? target : (faded > target ? faded : target);
  } else {
    conf = faded > 0.0f ? faded : 0.0f;
    bool cut = b->state >= WARY_SUSPECTED && b->state <= WARY_TRACKED && losing >= 0 &&
               p->slots[losing].direct_lost_cut;
    if (conf == 0.0f || cut) return false;
  }
  if (!wy_keeps_rung(p, b, conf, b->time_in_state + dt)) return false;
  for (int32_t s = 0; s < n; s++) bsl[s].silent = silent[s];
  if (!b->sensed) {
    /* Its shares fade on (their fusion, which its confidence no longer
     * follows, is kept). */
    float share[WY_SLOTS];
    for (int32_t s = 0; s < n; s++) share[s] = bsl[s].share;
    b->fused = wy_unsensed_fusion(p, k, share, n);
    for (int32_t s = 0; s < n; s++) bsl[s].share = share[s];
  }
  b->losing_slot = (int8_t)losing;
  b->confidence = conf;
  b->scored = false;
  b->time_in_state += dt;
  /* The meter of a held belief is seldom where it lands (its confidence
   * fades, or it eases towards it: 3 in 10^4 of the bench's held steps
   * start on it), so the landing is a branch seldom taken. */
  b->smoothed = k->smoothing ? wy_smoothed_step_chained(b->smoothed, conf, k->smooth) : conf;
  if (!reporting) {
    float u = b->uncertainty + k->growth;
    b->uncertainty = u < p->def.max_uncertainty ? u : p->def.max_uncertainty;
  }
  return true;
}

#endif
