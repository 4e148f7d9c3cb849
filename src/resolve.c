/* resolve.c - how one belief changes in one step: sense shares and their
 * loss grace, fusion, evidence, confidence, the seven states and their
 * events, smoothing, last known position and uncertainty.
 *
 * The rules (seed 000, "How several senses combine", "The thresholds and
 * timings", "Change it from script"), with the choices it leaves open:
 * - A sense's share is its last confidence while it reports. When it falls
 *   silent, a direct-cut sense's share drops to 0 at once; any other sense
 *   holds its share through its loss grace, then fades at fade_rate.
 * - Fused = strongest share x its weight + corroboration_bonus for each other
 *   sense with a share that is reporting or inside its grace; capped at 1.
 * - Evidence: the highest floor, the lowest ceiling, the reductions added up
 *   (applied only while a sense reports or is inside its grace), a ceiling
 *   beats a floor, and an invalidation forces 0 (stepping down to Undetected,
 *   never to Lost; a Lost or Remembered belief goes to Undetected too).
 * - While some sense reports or is inside its grace, confidence rises to the
 *   fusion less the reductions at once and falls towards it at fade_rate. Once
 *   every sense is silent past its grace, normal fading takes over: confidence
 *   falls at fade_rate from where it is, whatever the fading shares say.
 *   Set Target Confidence lifts it once, never lowers it.
 * - States climb and descend one rung at a time, each rung firing its event,
 *   all within the step; Tracked needs min_track_duration in Detected. Below
 *   Suspected a target some sense still reports is Undetected (forget); one
 *   that no sense reports (even inside a grace) is Lost, with the loss reason
 *   of the sense that reported last. A direct-cut sense
 *   sends it to Lost as soon as its grace ends. With no sense reporting, only
 *   a fresh raise (Set Target Confidence, a floor) climbs, even while a
 *   silent sense is inside its grace (a ceiling or reduction lifted then
 *   raises the confidence, not the state). Lost lasts lost_time, then
 *   Remembered for memory_time, then Expired (forget).
 *
 * Quiet beliefs. A belief at confidence 0 that no sense reports or holds
 * inside its grace, with every share at 0, no evidence, no pending raise, no
 * damage record, and Undetected, Lost, Remembered or Expired, would come out
 * of a full resolve with only its clocks moved: time in state, each slot's
 * silence (and which slot fell silent last), the smoothed confidence easing
 * towards 0 and the uncertainty growing to its cap, until a state's time
 * runs out. So it is marked quiet, and while it stays so a step makes
 * exactly those moves (quiet_step: the same float operations, in the same
 * order, on the same values) and nothing else. It is resolved in full again
 * when a sense reports it, a hit, evidence or set_confidence touches it, its
 * slots are reset, its time in state reaches lost_time (Lost) or memory_time
 * (Remembered), or a grace grown by a profile change covers one of its
 * slots again; a quiet Expired belief is dropped when its memory time has
 * passed. Held beliefs (holds, below) are the awake ones whose step with
 * nothing new moves only clocks and a fading confidence: held_step. The
 * step in which that would cross a rung or end a grace is resolved in
 * full. A held one that is Lost or Remembered with no sense on it and no
 * damage record (belief.h, wy_belief_fades) only fades until its deadline:
 * it is dormant too, held_step's operations replayed for it (belief.c,
 * fade_step). So is one on a rung with every share at 0, until a bound of
 * its fade (belief.h, wy_rung_wait) says that a step might take it off;
 * then it is caught up and waits again, or wakes near the rung's floor
 * (wake_rungs). test_quiet.c checks the ways against each other,
 * test_rung_wait.c the bound.
 */
#include "resolve.h"

#include <string.h>

#include "events.h"
#include "held.h"

/* A held belief none of whose active slots looked this step: its step is
 * the held one too (a slot that looks changes only an active belief slot
 * it does not report: update_slots). */
WY_INLINE bool unlooked(const wy_rates *k, const wy_belief_slot *bsl, int32_t slot_count) {
  for (int32_t s = 0; s < slot_count; s++)
    if (k->looked[s] && bsl[s].active) return false;
  return true;
}

/* What a belief without evidence sums to: nothing. */
static const wy_evidence_sum no_evidence = {-1.0f, 2.0f, 0.0f, false, -1, -1};

/* wy_evidence_sum_of a belief that holds an evidence block: out of line,
 * as few beliefs hold one (a full resolve tests b->evidence itself). */
static wy_evidence_sum sum_block(const wary_world *w, const wy_belief *b) {
  wy_evidence_sum e = no_evidence;
  const wy_evidence_block *block = &w->beliefs->evidence.data[b->evidence];
  for (int32_t i = 0; i < block->count; i++) {
    const wary_evidence *v = &block->entry[i];
    switch (v->op) {
      case WARY_RAISE:
        if (v->value > e.floor) {
          e.floor = v->value;
          e.floor_entry = i;
        }
        break;
      case WARY_CLAMP:
        if (v->value < e.ceiling) {
          e.ceiling = v->value;
          e.ceiling_entry = i;
        }
        break;
      case WARY_LOWER: e.lower += v->value; break;
      default: e.invalidate = true; break;
    }
  }
  return e;
}

wy_evidence_sum wy_evidence_sum_of(const wary_world *w, const wy_belief *b) {
  return b->evidence < 0 ? no_evidence : sum_block(w, b);
}


/* A quiet belief that is not about to be dropped (an Undetected one
 * without a first sighting is): nothing but its clocks (its uncertainty
 * among them) can change until it is touched or its deadline
 * (wy_belief_deadline) comes. */
static bool drowsy(const wy_belief *b) {
  return b->state != WARY_UNDETECTED || b->spot_time > 0.0f;
}

/* Updates each slot's share; returns whether any slot still senses the target. */
WY_INLINE bool update_slots(const wary_world *w, wy_belief *b, wy_belief_slot *bsl, const wy_resolving *r,
                            const wy_rates *k, float dt, bool *reporting, int32_t n) {
  const wy_agent *ag = r->slots;
  const wy_profile *p = r->profile;
  bool sensed = false;
  float quietest = INFINITY;
  *reporting = false;
  for (int32_t s = 0; s < n; s++) {
    const wy_slot *sl = &p->slots[s];
    wy_belief_slot *bs = &bsl[s];
    /* Pain that drops a sense below pain_suppress_below turns it off for the
     * target (seed 002): its loss timers run. */
    if (bs->reported && r->dull[s] < 1.0f && bs->share * r->dull[s] < r->suppress_below) {
      bs->reported = false;
      bs->reason = WARY_LOSS_SUPPRESSED_BY_PAIN;
      bs->reason_step = w->steps;
      if (!ag->slot[s].ran) bs->active = false;
    }
    if (bs->reported) {
      bs->active = true;
      bs->ever = true;
      bs->silent = 0.0f;
    } else if (ag->slot[s].ran || ag->slot[s].muted) {
      bs->active = false;
    }
    bs->reported = false;
    if (!bs->active) {
      if (bs->ever) bs->silent += dt;
      if (sl->direct_lost_cut) {
        bs->share = 0.0f;
      } else if (!wy_slot_in_grace(bs, sl)) {
        float v = bs->share - k->slot_fade[s];
        bs->share = v > 0.0f ? v : 0.0f;
      }
    }
    if (bs->active) *reporting = true;
    if (wy_slot_in_grace(bs, sl)) sensed = true;
    if (bs->ever && bs->silent < quietest) {
      quietest = bs->silent;
      b->losing_slot = (int8_t)s;
    }
  }
  return sensed;
}

/* Each share is dulled by pain and health (seed 002) before fusion. */
WY_INLINE float fuse(const wy_belief_slot *bsl, const wy_profile *p, const float *dull, int32_t *best_slot,
                     int32_t n) {
  int32_t best = -1;
  float best_value = 0.0f;
  for (int32_t s = 0; s < n; s++) {
    float v = bsl[s].share * dull[s] * p->slots[s].weight;
    if (bsl[s].share > 0.0f && (best < 0 || v > best_value)) {
      best = s;
      best_value = v;
    }
  }
  int32_t others = 0;
  for (int32_t s = 0; s < n; s++)
    if (wy_slot_corroborates(bsl, p, dull, best, s)) others++;
  if (best_slot) *best_slot = best;
  float fused = best_value + (float)others * p->def.corroboration_bonus;
  return fused > 1.0f ? 1.0f : fused;
}

/* fuse over every slot of the profile (resolve.h). */
float wy_fuse(const wy_belief_slot *bsl, const wy_profile *p, const float *dull, int32_t *best_slot) {
  return fuse(bsl, p, dull, best_slot, p->slot_count);
}

static int32_t rung(int32_t state) {
  return state >= WARY_SUSPECTED && state <= WARY_TRACKED ? state : WARY_UNDETECTED;
}

static const int32_t entry_event[] = {
  WARY_EV_FORGET, WARY_EV_SUSPECT, WARY_EV_DETECT, WARY_EV_TRACK,
  WARY_EV_LOST, WARY_EV_REMEMBER, WARY_EV_FORGET,
};

typedef struct wy_ctx {
  wary_world *w;
  wy_lane *lane;
  wy_id agent;
  wy_belief *b;
  const wy_belief_list *l; /* b's list */
  const wy_belief_slot *bsl; /* b's slots */
} wy_ctx;

static void enter(const wy_ctx *c, int32_t state) {
  wy_belief *b = c->b;
  wary_event *e = wy_lane_event(c->w, c->lane, entry_event[state], c->agent);
  if (e) {
    e->target.id = b->target;
    e->from_state = b->state;
    e->to_state = state;
    e->loss_reason = b->loss_reason;
    e->confidence = b->confidence;
  }
  b->state = (int8_t)state;
  b->time_in_state = 0.0f;
}

static void telegraph(const wy_ctx *c) {
  const wy_belief *b = c->b;
  wary_event *e = wy_lane_event(c->w, c->lane, WARY_EV_TELEGRAPH, c->agent);
  if (e) {
    e->target.id = b->target;
    e->from_state = b->state;
    e->to_state = b->state;
    e->confidence = b->confidence;
  }
}

/* Why the belief lost its target, for the step that sends it to Lost
 * (asked only then). A built-in sense says why it lost the target; a
 * custom one, its contract. */
static int32_t loss_reason(const wy_ctx *c, const wy_profile *p) {
  const wy_belief *b = c->b;
  int32_t reason = WARY_LOSS_NONE;
  if (b->losing_slot >= 0) {
    reason = wy_belief_reason(c->l, &c->bsl[b->losing_slot], b->losing_slot);
    if (reason == WARY_LOSS_NONE) reason = p->slots[b->losing_slot].loss_reason;
    /* One set not perceivable left every sense's reach at once: cloaked
     * (seed 000's sensor dropout), not out of range; so did one that
     * joined the team of an agent whose profile ignores its own team. */
    if (reason == WARY_LOSS_OUT_OF_RANGE && p->slots[b->losing_slot].sense < WARY_BUILTIN_SENSES) {
      const wy_actor *t = wy_actor_get(c->w, b->target);
      const wy_actor *a = wy_actor_get(c->w, c->agent);
      if (t && (!t->perceivable || (a && wy_ignores_teammate(p, a, t)))) reason = WARY_LOSS_SENSOR_DROPOUT;
    }
  }
  return reason;
}

/* Whether a step from confidence prev to conf rises past the telegraph
 * threshold below Detected, with a sense reporting or a raise (climbs):
 * the step telegraphs. */
WY_INLINE bool telegraphs(const wary_profile_def *d, const wy_belief *b, float prev, float conf, bool climbs) {
  return prev < d->telegraph_threshold && conf >= d->telegraph_threshold && rung(b->state) < WARY_DETECTED &&
         climbs;
}

/* Inline: called by every full resolve not kept on its rung (resolve),
 * which passes it what it takes; tele: whether it telegraphs
 * (telegraphs). */
WY_INLINE void step_states(const wy_ctx *c, const wy_profile *p, bool held, bool reporting, bool raised, bool tele,
                           float dt) {
  wy_belief *b = c->b;
  const wary_profile_def *d = &p->def;
  float conf = b->confidence;
  b->time_in_state += dt;
  int32_t r = rung(b->state);
  bool on_ladder = b->state >= WARY_SUSPECTED && b->state <= WARY_TRACKED;
  const wy_slot *losing = b->losing_slot >= 0 ? &p->slots[b->losing_slot] : NULL;

  /* Not when an invalidation makes it report: "you didn't see anything"
   * steps down to Undetected, never to Lost, even in the step vision's
   * grace ends. */
  if (on_ladder && !held && !reporting && losing && losing->direct_lost_cut) {
    b->loss_reason = (int8_t)loss_reason(c, p);
    enter(c, WARY_LOST);
    return;
  }
  int32_t level = wy_rung_of(d, conf);
  if (level == WARY_TRACKED && b->state != WARY_TRACKED &&
      !(b->state == WARY_DETECTED && b->time_in_state >= d->min_track_duration))
    level = WARY_DETECTED;

  /* Without a reporting sense or a floor only a fresh raise (set_confidence)
   * climbs: a belief whose senses fell silent (even inside their grace) must
   * not climb on what it no longer perceives, nor when a ceiling or a
   * reduction is lifted from the share its grace keeps. */
  if (level > r && (reporting || raised)) {
    if (!on_ladder) b->loss_reason = WARY_LOSS_NONE;
    for (int32_t k = r + 1; k <= level; k++) {
      if (k == WARY_DETECTED && tele) {
        telegraph(c);
        tele = false;
      }
      enter(c, k);
    }
  } else if (level < r) {
    for (int32_t k = r - 1; k >= level && k >= WARY_SUSPECTED; k--) enter(c, k);
    if (level == WARY_UNDETECTED) {
      if (reporting) {
        enter(c, WARY_UNDETECTED);
      } else {
        b->loss_reason = (int8_t)loss_reason(c, p);
        enter(c, WARY_LOST);
      }
    }
  } else if (b->state == WARY_LOST && b->time_in_state >= d->lost_time) {
    enter(c, WARY_REMEMBERED);
  } else if (b->state == WARY_REMEMBERED && b->time_in_state >= d->memory_time) {
    enter(c, WARY_EXPIRED);
  }
  if (tele) telegraph(c);
}

WY_INLINE void locate(wy_belief *b, const wy_belief_slot *bsl, const wy_profile *p, bool reporting,
                      const wy_rates *k, int32_t n) {
  float max_u = p->def.max_uncertainty;
  if (!reporting) {
    float u = b->uncertainty + k->growth;
    b->uncertainty = u < max_u ? u : max_u;
    return;
  }
  int32_t best = -1;
  for (int32_t s = 0; s < n; s++)
    if (bsl[s].active && (best < 0 || bsl[s].accuracy > bsl[best].accuracy)) best = s;
  memcpy(b->last_known, bsl[best].location, sizeof b->last_known);
  b->uncertainty = (1.0f - bsl[best].accuracy) * max_u;
}

/* Whether a belief just resolved in full is held (belief.h): while nothing
 * new comes, a step moves only its clocks, its uncertainty, the silences
 * of its slots and its confidence fading, until that crosses a rung or a
 * slot leaves its grace. Every slot reports still (its share and silence
 * stay), is silent inside its grace (its share stays, its silence grows)
 * or silent past its grace with nothing left (its share stays 0), or, with
 * no slot reporting or inside its grace, on or below the ladder, silent
 * past its grace with its share fading (wy_unsensed_fusion); no
 * evidence; a rung from Undetected to Tracked, the one its confidence puts
 * it on (or Detected with Tracked's confidence, waiting for
 * min_track_duration), or Lost or Remembered waiting for lost_time or
 * memory_time (a sense may report it only below Suspected's confidence,
 * where it cannot climb); sensed, or with confidence left to fade. Fusion
 * then gives what it gave (b->fused), which a sensed belief's confidence can
 * only fade towards. */
WY_INLINE bool holds(const wy_belief *b, const wy_belief_slot *bsl, const wy_profile *p, int32_t n, bool kept) {
  if (b->evidence >= 0) return false;
  /* Kept on its rung by its step (resolve: sensed, on the rung its
   * confidence puts it on, which the step left it on), it passes the tests
   * of its state. */
  bool lost = false;
  int32_t level = WARY_UNDETECTED;
  if (!kept) {
    if (!(b->sensed || b->confidence > 0.0f)) return false;
    lost = b->state == WARY_LOST || b->state == WARY_REMEMBERED;
    if (!lost && !(b->state >= WARY_UNDETECTED && b->state <= WARY_TRACKED)) return false;
    level = wy_rung_of(&p->def, b->confidence);
    if (!lost && level != b->state && !(level == WARY_TRACKED && b->state == WARY_DETECTED)) return false;
  }
  for (int32_t s = 0; s < n; s++) {
    /* A share past its grace fades; with no sense on the belief that
     * changes only its fusion, which held_step takes on (not while Lost or
     * Remembered: wy_belief_fades, whose replay keeps the shares). */
    if (bsl[s].share != 0.0f && !wy_slot_in_grace(&bsl[s], &p->slots[s]) && (b->sensed || lost)) return false;
    /* Reported off the ladder, it climbs at Suspected's confidence. */
    if (lost && bsl[s].active && level != WARY_UNDETECTED) return false;
  }
  return true;
}

/* A belief's full resolve (b of l, its slots bsl); n: the profile's slot
 * count (walk_awake). */
WY_INLINE void resolve(wary_world *w, const wy_resolving *r, const wy_rates *k, const wy_belief_list *l,
                       wy_belief *b, wy_belief_slot *bsl, float dt, int32_t n) {
  const wy_profile *p = r->profile;
  bool reporting;
  bool sensed = update_slots(w, b, bsl, r, k, dt, &reporting, n);
  b->scored = false;
  float fused = fuse(bsl, p, r->dull, NULL, n);
  /* Its evidence summed (no_evidence without any, as for nearly every
   * belief): scalars in registers rather than a struct copied to the
   * stack. */
  float floor_at = no_evidence.floor, ceiling = no_evidence.ceiling, lower = no_evidence.lower;
  bool invalidate = no_evidence.invalidate;
  if (WY_RARELY(b->evidence >= 0)) {
    wy_evidence_sum e = sum_block(w, b);
    floor_at = e.floor;
    ceiling = e.ceiling;
    lower = e.lower;
    invalidate = e.invalidate;
  }

  float prev = b->confidence;
  /* A belief last held by a slow-fading sense (damage) fades slower too. */
  float faded = prev - (b->losing_slot >= 0 ? k->slot_fade[b->losing_slot] : k->fade);
  float conf = faded > 0.0f ? faded : 0.0f;
  if (sensed) {
    float target = fused - lower > 0.0f ? fused - lower : 0.0f;
    conf = target >= prev ? target : (faded > target ? faded : target);
  }
  /* A fresh raise: set_confidence above what the senses and fading give. */
  bool raised = b->pending_set > conf && b->pending_set > prev;
  if (b->pending_set > conf) conf = b->pending_set;
  b->pending_set = -1.0f;
  if (floor_at > conf) conf = floor_at;
  if (ceiling < conf) conf = ceiling;
  if (invalidate) conf = 0.0f;
  b->confidence = conf;
  b->fused = fused;
  b->sensed = sensed;

  /* A floor that keeps the target at Suspected or above is knowledge, not loss. */
  bool floored = floor_at >= p->def.suspect_threshold;
  /* "You didn't see anything": an invalidated target steps down to
   * Undetected, never to Lost. */
  bool reports = reporting || floored || invalidate;
  bool tele = telegraphs(&p->def, b, prev, conf, reports || raised);
  /* Sensed and kept on its rung (wy_keeps_rung, the held step's test:
   * step_states would find that rung, test_kept_rung.c), with nothing to
   * telegraph, it only moves its clock there: so are most that a sense
   * reports (callgrind, the bench's game world at 120 s). */
  bool kept = sensed && b->state <= WARY_TRACKED && wy_keeps_rung(p, b, conf, b->time_in_state + dt);
  if (kept && !tele && !b->telegraph_due) {
    b->time_in_state += dt;
  } else {
    wy_ctx c = {w, r->lane, r->agent, b, l, bsl};
    /* A moment before a first sighting is taken (step.c, first_sight):
     * below Detected, as the rise past the threshold (step_states). */
    if (WY_RARELY(b->telegraph_due)) {
      b->telegraph_due = false;
      /* One warning a step: a rise past the threshold in the same step (a
       * set_confidence, a shot heard) fires none of its own. */
      if (rung(b->state) < WARY_DETECTED) {
        telegraph(&c);
        tele = false;
      }
    }
    step_states(&c, p, sensed || floored, reports, raised, tele, dt);
    /* Invalidated while Lost or Remembered: forgotten too, not searched for. */
    if (WY_RARELY(invalidate) && (b->state == WARY_LOST || b->state == WARY_REMEMBERED)) {
      b->loss_reason = WARY_LOSS_NONE;
      enter(&c, WARY_UNDETECTED);
    }
  }

  if (p->def.smoothing_time <= 0.0f) b->smoothed = conf;
  else b->smoothed = wy_smoothed_step(b->smoothed, conf, k->smooth);
  locate(b, bsl, p, reporting, k, n);

  bool still = !sensed && conf == 0.0f && b->evidence < 0 && b->damage == 0.0f &&
               (b->state < WARY_SUSPECTED || b->state > WARY_TRACKED);
  for (int32_t s = 0; s < n && still; s++) still = bsl[s].share == 0.0f;
  b->quiet = still;
  b->held = k->undulled && holds(b, bsl, p, n, kept);
  /* Dormant from its next step too: quiet (drowsy), or a target fading
   * with no sense on it (belief.h, wy_belief_fades). */
  b->drowsy = (still && drowsy(b)) || wy_belief_fades(p, b, bsl, n);
}

/* A quiet belief's step (see the top): false, with nothing changed, when
 * its time in state runs out and it must be resolved in full. A profile
 * change that could make a grace cover one of its slots again wakes it
 * first (belief.c, profile_changing). */
static bool quiet_step(const wy_resolving *r, const wy_rates *k, wy_belief *b, wy_belief_slot *bsl, float dt) {
  const wy_profile *p = r->profile;
  float time = b->time_in_state + dt;
  if ((b->state == WARY_LOST && time >= p->def.lost_time) ||
      (b->state == WARY_REMEMBERED && time >= p->def.memory_time))
    return false;
  wy_belief_clocks(p, b, bsl, dt, k->smooth, k->growth);
  b->drowsy = drowsy(b);
  return true;
}

/* The fewest steps a fading belief on a rung sleeps for (wy_rung_wait):
 * nearer its next rung it stays awake, so that it does not sleep and wake
 * again for a step or two. */
#define WY_RUNG_NAP 4u

/* What a walk of l's awake ones (walk_awake) keeps for the steps only
 * some beliefs take (dozes, a full resolve), on the walk's stack: its
 * loop, which the held steps take, then keeps its arrays in registers
 * rather than these (callgrind, the bench's game world at 120 s: the
 * walk reloaded its arrays from the stack for every belief). */
typedef struct wy_walk {
  wary_world *w;
  const wy_resolving *r;
  const wy_rates *k;
  wy_belief_list *l;
  float dt;
  int32_t own;          /* how many it walks */
  int32_t first_asleep; /* where the first to fall asleep was (own: none) */
  bool prune;           /* one of them may have come to hold nothing */
} wy_walk;

/* A drowsy awake belief i of c's list, the j-th of its walk: whether it
 * falls asleep now, out of the walk (noted in c->first_asleep if it is the
 * first); if not, its step is taken as any awake one's. */
static WY_NOINLINE bool dozes(wy_walk *c, const wy_profile *p, int32_t i, int32_t j) {
  wary_world *w = c->w;
  wy_belief_list *l = c->l;
  float dt = c->dt;
  wy_belief *b = &l->data[i];
  b->drowsy = false;
  int32_t d = wy_belief_deadline(b);
  float time = b->time_in_state + dt;
  bool listed = wy_belief_listed(b);
  /* Out of the emotion pass its threat is 0 for good only where an idle
   * belief's is (emotion.c); a listed one is still scored there. The
   * one attention is on stays awake (belief.h, attended): asked before
   * wy_rung_wait, as the attended one is drowsy again at every step it
   * fades (the bench's game world at 120 s: half of the calls here). */
  if (!((listed || l->may_sleep) && !w->beliefs->resolve_all && (d < 0 || time < wy_deadline_time(p, d)) &&
        b->target != l->attended))
    return false;
  /* One fading on a rung sleeps while a few steps cannot take it off
   * (wy_rung_wait), to be looked at again then (wake_rungs). */
  double wake_at = -INFINITY;
  uint32_t wake_step = 0;
  bool on_rung = b->state >= WARY_SUSPECTED && b->state <= WARY_TRACKED;
  if (on_rung && wy_rung_wait(p, b, wy_belief_slots(l, i), w->steps, w->beliefs->clock_before, dt, &wake_step,
                              &wake_at) < WY_RUNG_NAP)
    return false;
  /* Its clocks wait from this step. */
  if (l->dormant == 0) l->dormant_since = w->steps;
  b->asleep_since = (uint16_t)w->steps;
  b->dormant = true;
  l->dormant++;
  if (d >= 0) {
    if (time > l->deadline_lead[d]) l->deadline_lead[d] = time;
    wy_belief_sleeps(w, l, i, d, time, dt);
  }
  /* Out of the passes' reach, its threat is settled (belief.h). */
  wy_belief_settle(l, b);
  if (listed) wy_belief_listed_add(l, i, wake_at, wake_step, w->steps);
  if (c->first_asleep == c->own) c->first_asleep = j;
  return true;
}

/* The step of awake belief i of c's list (its n slots bsl) that no held
 * step took: a quiet one's, or a full resolve. Notes in c->prune whether
 * it may have come to hold nothing (wy_beliefs_prune). */
WY_INLINE void unheld(wy_walk *c, int32_t i, wy_belief_slot *bsl, int32_t n) {
  wary_world *w = c->w;
  const wy_resolving *r = c->r;
  wy_belief_list *l = c->l;
  float dt = c->dt;
  wy_belief *b = &l->data[i];
  bool empty;
  if (b->quiet && !WY_RARELY(w->beliefs->resolve_all) && quiet_step(r, c->k, b, bsl, dt)) {
    /* Quiet: only an Expired one past its memory time, or an Undetected
     * one, can have come to hold nothing, and only without a first sighting. */
    empty = !(b->spot_time > 0.0f) &&
            (b->state == WARY_EXPIRED ? b->time_in_state >= r->profile->def.memory_time : b->state == WARY_UNDETECTED);
  } else {
    /* What its threat is scored from (emotion.c), before. */
    bool scored = b->fresh || b->deferred;
    int8_t state = b->state;
    float confidence = b->confidence, at[3];
    memcpy(at, b->last_known, sizeof at);
    resolve(w, r, c->k, l, b, bsl, dt, n);
    /* Most full resolves of a scored belief (a sense ran) leave its state
     * and damage record (none) as they were and its confidence no higher:
     * its threat can then only have fallen, but for the distance term of
     * where it was last seen, which the bound of a pass's deferred ones
     * (emotion.c, deferred_bound) covers when told how far that moved
     * (drift, as the agent's walk). So it stays scored or deferred, and
     * tallied. Else the emotion pass scores it (a brain changed to keep
     * none settled it first): it leaves its list's tally here, so that
     * every tallied one is deferred still and a pass that finds all of
     * them tallied need not walk them. */
    if (!scored) {
      /* Unscored already, so in no tally. */
    } else if (WY_RARELY(w->beliefs->resolve_all) ||
               !(b->state == state && b->confidence <= confidence && b->damage == 0.0f && !b->quiet)) {
      wy_belief_untally(l, b);
      b->fresh = b->deferred = false;
    } else if (memcmp(at, b->last_known, sizeof at) != 0) {
      *r->drift = wy_walk_add(*r->drift, b->last_known, at);
    }
    empty = wy_belief_empty(l, i, r->profile->def.memory_time);
  }
  c->prune = c->prune || empty;
}

/* unheld for 1 and 2 slots, and for any other count, out of the walk's
 * loop: what only some beliefs take leaves the loop's registers to the held
 * steps, which most take (callgrind, the bench's game world at 120 s: the
 * walk kept its indices and arrays on the stack). */
static WY_NOINLINE void unheld_1(wy_walk *c, int32_t i, wy_belief_slot *bsl) {
  unheld(c, i, bsl, 1);
}
static WY_NOINLINE void unheld_2(wy_walk *c, int32_t i, wy_belief_slot *bsl) {
  unheld(c, i, bsl, 2);
}
static WY_NOINLINE void unheld_any(wy_walk *c, int32_t i, wy_belief_slot *bsl) {
  unheld(c, i, bsl, c->r->profile->slot_count);
}

/* Belief i (b, its n slots bsl) takes its held step, if it is held and
 * none of the senses it is active for ran or is muted (k->calm: none of
 * the agent's did): true if it did. */
WY_INLINE bool held_one(const wy_profile *p, const wy_rates *k, wy_belief *b, wy_belief_slot *bsl, float dt,
                        int32_t n) {
  if (!(b->held && (k->calm || (k->may_hold && unlooked(k, bsl, n))) && wy_held_step(p, k, b, bsl, dt, n)))
    return false;
  /* Its damage record run out (emotion.c): it only fades now (a held
   * step leaves a sensed one sensed, and one that fades is not).
   * drowsy is clear here (dozes took it), so the sensed ones, nearly
   * all, leave the record's bits as they are. */
  if (!b->sensed && wy_belief_fades(p, b, bsl, n)) b->drowsy = true;
  return true;
}

/* Awake belief i of c's list (data, its slots slots), the j-th it walks,
 * its step. */
WY_INLINE void walk_one(wy_walk *c, const wy_profile *p, const wy_rates *k, wy_belief *data, wy_belief_slot *slots,
                        int32_t i, int32_t j, float dt, int32_t n) {
  wy_belief *b = &data[i];
  /* Its slots (none, and no arithmetic on NULL, without senses). */
  wy_belief_slot *bsl = n > 0 ? &slots[(size_t)i * (size_t)n] : slots;
  if (b->drowsy && dozes(c, p, i, j)) return;
  if (held_one(p, k, b, bsl, dt, n)) return;
  if (n == 1) unheld_1(c, i, bsl);
  else if (n == 2) unheld_2(c, i, bsl);
  else unheld_any(c, i, bsl);
}

/* The awake ones' steps (wy_resolve_beliefs). n is the profile's slot
 * count: the walks for 1 and 2 slots (vision alone; vision and hearing, the
 * default profile's) are compiled with it known, so that the slot loops of
 * a held belief's step and of a full resolve unroll and a held one's
 * silences stay in registers (callgrind, the bench's game world at 120 s:
 * 3.7% fewer instructions a step). */
WY_INLINE bool walk_awake(wary_world *w, const wy_resolving *r, const wy_rates *k, wy_belief_list *l, float dt,
                          int32_t n) {
  const wy_profile *p = r->profile;
  /* first_asleep: the awake indices before it stay as they are, so the
   * walk writes none of them and closes the gaps from there once it is
   * done. */
  int32_t own = l->awake_count;
  wy_walk c = {w, r, k, l, dt, own, own, false};
  /* The walk asks for the belief WY_BELIEFS_AHEAD ahead; past its own last,
   * for the next agent's first (r->next), so that the lines come a few at a
   * time rather than all at once at that agent's start. */
  const wy_belief_list *next = r->next;
  int32_t theirs = next ? next->awake_count : 0;
  const int32_t *their = next ? wy_beliefs_walked(next) : NULL;
  for (int32_t q = own; q < WY_BELIEFS_AHEAD && q - own < theirs; q++) wy_belief_prefetch(next, their[q - own]);
  /* The list's arrays, read once: the walk's stores (through char-sized
   * fields, which may alias anything) would otherwise have them read again
   * for every belief. None of the steps below moves them. */
  wy_belief *data = l->data;
  wy_belief_slot *slots = l->slots;
  const int32_t *awake = wy_beliefs_walked(l);
  /* The walk in three runs, so that no belief's step asks which one it
   * asks for: own ones ahead, then the next agent's first ones, then none
   * (most lists are shorter than WY_BELIEFS_AHEAD: the bench's game world
   * walks about 8 an agent). */
  int32_t j = 0;
  for (; j < own - WY_BELIEFS_AHEAD; j++) {
    int32_t ahead = awake[j + WY_BELIEFS_AHEAD];
    WY_PREFETCH(&data[ahead]);
    if (n > 0) WY_PREFETCH(&slots[(size_t)ahead * (size_t)n]);
    walk_one(&c, p, k, data, slots, awake[j], j, dt, n);
  }
  if (theirs > 0) {
    /* Theirs, read once too. */
    const wy_belief *their_data = next->data;
    /* Their slots' address in integers: no arithmetic on a NULL pointer
     * (a profile without senses), and no branch on it. */
    uintptr_t their_slots = (uintptr_t)next->slots;
    uintptr_t their_stride = (uintptr_t)next->stride * sizeof *next->slots;
    int32_t stop = own - WY_BELIEFS_AHEAD + theirs < own ? own - WY_BELIEFS_AHEAD + theirs : own;
    for (; j < stop; j++) {
      int32_t ahead = their[j + WY_BELIEFS_AHEAD - own];
      WY_PREFETCH(&their_data[ahead]);
      WY_PREFETCH((const void *)(their_slots + (uintptr_t)ahead * their_stride));
      walk_one(&c, p, k, data, slots, awake[j], j, dt, n);
    }
  }
  for (; j < own; j++) walk_one(&c, p, k, data, slots, awake[j], j, dt, n);
  /* The ones fallen asleep leave the awake indices (marked dormant above;
   * every other one walked is awake still). */
  if (c.first_asleep < own) {
    int32_t kept = c.first_asleep;
    for (int32_t j = c.first_asleep + 1; j < own; j++) {
      int32_t i = awake[j];
      if (!data[i].dormant) l->awake[kept++] = i;
    }
    l->awake_count = kept;
  }
  return c.prune;
}

/* Whether a step of the same dt would look at the dormant ones (belief.h,
 * sleepers_due). */
static bool sleepers_due(const wary_world *w, const wy_profile *p, const wy_belief_list *l, float dt) {
  return l->dormant > 0 && ((int32_t)(w->steps + 1u - l->dormant_since) >= WY_DT_RING / 2 ||
                            l->deadline_lead[0] + dt >= wy_deadline_time(p, 0) ||
                            l->deadline_lead[1] + dt >= wy_deadline_time(p, 1));
}

/* Whether a listed one on a rung, or any of l's (its rung_step and
 * rung_next), is to be looked at in this step (wy_listed). */
static bool rung_due(const wary_world *w, uint32_t wake_step, double wake_at) {
  return (int32_t)(w->steps - wake_step) >= 0 || w->beliefs->clock >= wake_at;
}

/* The listed ones fading on a rung that are due (rung_due): each is caught
 * up through the last step and waits again (wy_rung_wait, from its record
 * now), or, near its next rung, wakes, and this step resolves it. */
static void wake_rungs(wary_world *w, int32_t agent, wy_belief_list *l, float dt) {
  const wy_profile *p = wy_agent_profile(w, agent);
  double next = INFINITY;
  uint32_t now = w->steps, next_step = now + WY_RUNG_STEPS;
  /* From the last entry, down to the first on a rung (listed_in counts
   * them): in an old world most entries are Lost or Remembered, the ones on
   * a rung mostly among the last, and the entries before them are not read.
   * What each one's look does is its own (its record, its entry, which
   * leaves the list behind the walk when it wakes), and the earliest wait is
   * the same in any order. */
  int32_t rungs = l->listed_in[WARY_SUSPECTED] + l->listed_in[WARY_DETECTED] + l->listed_in[WARY_TRACKED];
  for (int32_t k = l->listed_count - 1; rungs > 0 && k >= 0; k--) {
    wy_listed *e = &l->listed[k];
    if (e->state > WARY_TRACKED) continue;
    rungs--;
    if (rung_due(w, e->wake_step, e->wake_at)) {
      int32_t i = e->belief;
      wy_belief_catch_up_to(w, agent, i, wy_beliefs_through(w));
      if (wy_rung_wait(p, &l->data[i], wy_belief_slots(l, i), now, w->beliefs->clock_before, dt, &e->wake_step,
                       &e->wake_at) < WY_RUNG_NAP) {
        wy_belief_wake(w, agent, i);
        continue;
      }
    }
    if (e->wake_at < next) next = e->wake_at;
    if (e->wake_step - now < next_step - now) next_step = e->wake_step;
  }
  l->rung_next = next;
  l->rung_step = next_step;
}

/* The step's rates of agent r's profile (held.h), its n slots known to
 * the walks that unroll them (walk_awake). */
WY_INLINE void rates_of(const wary_world *w, const wy_resolving *r, wy_rates *k, float dt, int32_t n) {
  const wy_profile *p = r->profile;
  k->fade = wy_fade_of(p, -1, dt);
  for (int32_t s = 0; s < n; s++) k->slot_fade[s] = wy_fade_of(p, s, dt);
  k->growth = p->def.uncertainty_growth * dt;
  k->smooth = p->step_smooth;
  k->smoothing = p->def.smoothing_time > 0.0f;
  bool all = w->beliefs->resolve_all;
  bool undulled = true;
  bool looked_any = false;
  /* Taken for every agent: bitwise, without a branch a slot. */
  for (int32_t s = 0; s < n; s++) {
    undulled &= r->dull[s] == 1.0f;
    k->looked[s] = r->slots->slot[s].ran | r->slots->slot[s].muted;
    looked_any |= k->looked[s];
  }
  k->undulled = undulled;
  k->may_hold = !all && undulled;
  k->calm = k->may_hold && !looked_any;
}

/* rates_of and walk_awake for n slots. */
WY_INLINE bool rates_and_walk(wary_world *w, const wy_resolving *r, wy_belief_list *l, float dt, int32_t n) {
  wy_rates k;
  rates_of(w, r, &k, dt, n);
  return walk_awake(w, r, &k, l, dt, n);
}

bool wy_resolve_beliefs(wary_world *w, const wy_resolving *r, wy_belief_list *l, float dt) {
  /* No beliefs: nothing to resolve, wake or drop (a lead left from pruned
   * ones only makes a later wake_due look sooner, which changes nothing). */
  if (l->count == 0) return false;
  const wy_profile *p = r->profile;
  /* The dormant ones' clocks are replayed before the steps they wait for
   * leave the ring; a belief joins them with theirs caught up. */
  if (l->dormant > 0 && (int32_t)(w->steps - l->dormant_since) >= WY_DT_RING / 2) wy_beliefs_catch_up(w, r->index);
  /* Those whose deadline comes this step take it awake. */
  l->deadline_lead[WY_DEADLINE_LOST] += dt;
  if (l->deadline_lead[WY_DEADLINE_LOST] >= p->def.lost_time) wy_beliefs_wake_due(w, r->index, WY_DEADLINE_LOST, dt);
  l->deadline_lead[WY_DEADLINE_MEMORY] += dt;
  if (l->deadline_lead[WY_DEADLINE_MEMORY] >= p->def.memory_time)
    wy_beliefs_wake_due(w, r->index, WY_DEADLINE_MEMORY, dt);
  if (rung_due(w, l->rung_step, l->rung_next)) wake_rungs(w, r->index, l, dt);
  bool prune;
  switch (p->slot_count) {
    case 1: prune = rates_and_walk(w, r, l, dt, 1); break;
    case 2: prune = rates_and_walk(w, r, l, dt, 2); break;
    default: prune = rates_and_walk(w, r, l, dt, p->slot_count); break;
  }
  l->sleepers_due = sleepers_due(w, p, l, dt);
  return prune;
}
