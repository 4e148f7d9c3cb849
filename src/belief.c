/* belief.c - beliefs about actors, per agent: storage (records, their slots,
 * a hash from target to index, the pool of evidence blocks), dropping those
 * that hold nothing and those about a removed actor, reading them, Set
 * Target Confidence, vision's explanation with the belief's first
 * sighting, and dormant beliefs (their clocks wait, then are replayed in
 * runs of equal dt: the runs' arithmetic is repeat.c). How a belief changes
 * each step is resolve.c; evidence is evidence.c. */
#include "belief.h"

#include <string.h>

#include "held.h"
#include "repeat.h"
#include "vision.h"

/* ---- the list: records, slots, the index --------------------------------------- */

#define WY_DENSE_4(n) (n), (n) + 1, (n) + 2, (n) + 3
#define WY_DENSE_16(n) WY_DENSE_4(n), WY_DENSE_4((n) + 4), WY_DENSE_4((n) + 8), WY_DENSE_4((n) + 12)
#define WY_DENSE_64(n) WY_DENSE_16(n), WY_DENSE_16((n) + 16), WY_DENSE_16((n) + 32), WY_DENSE_16((n) + 48)
#define WY_DENSE_256(n) WY_DENSE_64(n), WY_DENSE_64((n) + 64), WY_DENSE_64((n) + 128), WY_DENSE_64((n) + 192)
const int32_t wy_beliefs_dense[WY_BELIEFS_DENSE] = {
    WY_DENSE_256(0), WY_DENSE_256(256), WY_DENSE_256(512), WY_DENSE_256(768),
};

int32_t wy_belief_find(const wy_belief_list *l, wy_id target) {
  if (l->count == 0) return -1;
  for (uint32_t h = wy_belief_hash(target, l->index_cap);; h = (h + 1) & (uint32_t)(l->index_cap - 1)) {
    const wy_belief_entry *e = &l->index[h];
    if (e->belief == 0) return -1;
    if (e->target == target) return e->belief - 1;
  }
}

static void index_put(wy_belief_list *l, int32_t i) {
  wy_id target = l->data[i].target;
  uint32_t h = wy_belief_hash(target, l->index_cap);
  while (l->index[h].belief) h = (h + 1) & (uint32_t)(l->index_cap - 1);
  l->index[h] = (wy_belief_entry){target, i + 1};
}

/* After beliefs left or moved: every index again. */
void wy_belief_index_rebuild(wy_belief_list *l) {
  if (!l->index) return;
  memset(l->index, 0, (size_t)l->index_cap * sizeof *l->index);
  for (int32_t i = 0; i < l->count; i++) index_put(l, i);
}

bool wy_belief_list_fits(const wy_belief_list *l, int32_t need, int32_t stride) {
  return need <= l->cap && need <= l->awake_cap && need <= l->listed_cap && need <= l->sleeper_cap[0] &&
         need <= l->sleeper_cap[1] && need * stride <= l->slot_cap && 2 * need <= l->index_cap;
}

bool wy_belief_list_reserve(const wary_world *w, wy_belief_list *l, int32_t need, int32_t stride) {
  if (wy_belief_list_fits(l, need, stride)) return true;
  if (need > l->cap) {
    wy_belief *data = wy_grow(&w->tables, l->data, &l->cap, need, sizeof *l->data);
    if (need > l->cap) return false;
    l->data = data;
  }
  if (need > l->awake_cap) {
    int32_t *awake = wy_grow(&w->tables, l->awake, &l->awake_cap, need, sizeof *l->awake);
    if (need > l->awake_cap) return false;
    l->awake = awake;
  }
  if (need > l->listed_cap) {
    wy_listed *listed = wy_grow(&w->tables, l->listed, &l->listed_cap, need, sizeof *l->listed);
    if (need > l->listed_cap) return false;
    l->listed = listed;
  }
  for (int32_t d = 0; d < 2; d++) {
    if (need <= l->sleeper_cap[d]) continue;
    wy_id *sleepers = wy_grow(&w->tables, l->sleepers[d], &l->sleeper_cap[d], need, sizeof *l->sleepers[d]);
    if (need > l->sleeper_cap[d]) return false;
    l->sleepers[d] = sleepers;
  }
  int32_t slots = need * stride;
  if (slots > l->slot_cap) {
    wy_belief_slot *s = wy_grow(&w->tables, l->slots, &l->slot_cap, slots, sizeof *l->slots);
    if (slots > l->slot_cap) return false;
    l->slots = s;
  }
  if (2 * need > l->index_cap) {
    int32_t cap = l->index_cap < 16 ? 16 : l->index_cap;
    while (cap < 2 * need) cap *= 2;
    wy_belief_entry *index = wy_alloc(&w->tables, (size_t)cap * sizeof *index);
    if (!index) return false;
    wy_free(&w->tables, l->index, (size_t)l->index_cap * sizeof *l->index);
    l->index = index;
    l->index_cap = cap;
    wy_belief_index_rebuild(l);
  }
  return true;
}

void wy_belief_list_free_tables(const wary_world *w, wy_belief_list *l) {
  wy_free(&w->tables, l->data, (size_t)l->cap * sizeof *l->data);
  wy_free(&w->tables, l->slots, (size_t)l->slot_cap * sizeof *l->slots);
  wy_free(&w->tables, l->index, (size_t)l->index_cap * sizeof *l->index);
  wy_free(&w->tables, l->awake, (size_t)l->awake_cap * sizeof *l->awake);
  wy_free(&w->tables, l->listed, (size_t)l->listed_cap * sizeof *l->listed);
  for (int32_t d = 0; d < 2; d++) wy_free(&w->tables, l->sleepers[d], (size_t)l->sleeper_cap[d] * sizeof *l->sleepers[d]);
  memset(l, 0, sizeof *l);
}

static void list_free(wary_world *w, wy_belief_list *l) {
  for (int32_t i = 0; i < l->count; i++) wy_evidence_block_release(w, l, &l->data[i]);
  wy_belief_list_free_tables(w, l);
}

static void reset_slots(const wary_world *w, wy_belief_list *l, int32_t i) {
  wy_belief_slot *s = wy_belief_slots(l, i);
  for (int32_t k = 0; k < l->stride; k++) {
    memset(&s[k], 0, sizeof s[k]);
    s[k].reason_step = w->steps;
  }
  l->data[i].losing_slot = -1;
  l->data[i].held = false;
}

int32_t wy_belief_create(wary_world *w, int32_t agent, wy_id target, const wy_actor *t) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  if (!wy_belief_list_reserve(w, l, l->count + 1, l->stride)) return -1;
  int32_t i = l->count++;
  /* Its agent has a belief to resolve now. */
  if (agent < w->beliefs->resting.count) w->beliefs->resting.data[agent] = 0;
  wy_belief *b = &l->data[i];
  memset(b, 0, sizeof *b);
  b->target = target;
  b->state = WARY_UNDETECTED;
  b->pending_set = -1.0f;
  b->evidence = -1;
  memcpy(b->last_known, t->pos, sizeof b->last_known);
  reset_slots(w, l, i);
  index_put(l, i);
  l->awake[l->awake_count++] = i;
  return i;
}

int wy_fail_no_belief(const wary_world *w, const char *fn, wy_id agent, wy_id target) {
  /* Asking about itself is a bad value, as wary_set_confidence has it. */
  if (agent == target) return wy_fail_self(w, fn, target);
  return wy_fail(w->error, WARY_ERR_NOT_FOUND, fn, "target: agent %x holds no belief about %x", agent, target);
}

wy_belief *wy_belief_of(wary_world *w, const char *fn, wy_id agent, wy_id target, bool create,
                        int32_t *agent_index, int *status) {
  int32_t index = wy_agent_index(w, agent, fn, "agent");
  if (index < 0) {
    *status = index;
    return NULL;
  }
  const wy_actor *t = wy_actor_get(w, target);
  if (!t) {
    *status = wy_actor_status(w, target, fn, "target");
    return NULL;
  }
  wy_belief_list *l = wy_beliefs_of(w, index);
  if (agent_index) *agent_index = index;
  int32_t i = wy_belief_find(l, target);
  if (i < 0 && create) {
    i = wy_belief_create(w, index, target, t);
    if (i < 0) {
      *status = wy_fail_memory(w->error, fn);
      return NULL;
    }
  }
  *status = i >= 0 ? WARY_OK : WARY_ERR_NOT_FOUND;
  return i >= 0 ? &l->data[i] : NULL;
}

/* ---- dormant beliefs: their clocks wait ----------------------------------------- */

/* How many steps from n through through (n <= through) had the dt of step n. */
static uint32_t run_length(const struct wy_beliefs *bs, uint32_t n, uint32_t through) {
  if ((int32_t)(n - bs->dt_same_since) >= 0) return through - n + 1u;
  float dt = bs->dt[n % WY_DT_RING];
  uint32_t count = 1;
  while ((int32_t)(through - (n + count)) >= 0 && bs->dt[(n + count) % WY_DT_RING] == dt) count++;
  return count;
}

/* The clocks of count steps of dt in one go, as count calls of
 * wy_belief_clocks move them but for smoothing: time in state, the slots'
 * silences and which fell silent last, and the uncertainty, which grows by
 * the same amount each step up to its cap (the sum, then the cap: once a
 * step reaches the cap, the ones after stay there; before, the cap changes
 * nothing). False, with nothing changed, when a silence overflows: which
 * slot a step took then depends on the step. */
static bool clocks_run(const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, float dt, uint32_t count) {
  float silent[WY_SLOTS];
  float quietest = INFINITY;
  int32_t losing = b->losing_slot;
  bool any = false;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (!bsl[s].ever) continue;
    any = true;
    silent[s] = wy_add_repeat(bsl[s].silent, dt, count);
    /* Each step takes the slot that reported last (the least silent). */
    if (silent[s] < quietest) {
      quietest = silent[s];
      losing = s;
    }
  }
  if (any && quietest == INFINITY) return false;
  b->time_in_state = wy_add_repeat(b->time_in_state, dt, count);
  if (b->uncertainty != p->def.max_uncertainty) {
    float u = wy_add_repeat(b->uncertainty, p->def.uncertainty_growth * dt, count);
    b->uncertainty = u < p->def.max_uncertainty ? u : p->def.max_uncertainty;
  }
  for (int32_t s = 0; s < p->slot_count; s++)
    if (bsl[s].ever) bsl[s].silent = silent[s];
  b->losing_slot = (int8_t)losing;
  return true;
}

/* One run of count steps of the same dt for belief i (dormant, not
 * fading): the clocks of wy_belief_clocks, each moved count times in one
 * go (clocks_run), then the smoothing towards its confidence. */
static void replay_run(const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, float dt, uint32_t count,
                       float smooth) {
  if (!clocks_run(p, b, bsl, dt, count)) {
    float growth = p->def.uncertainty_growth * dt;
    for (uint32_t k = 0; k < count; k++) wy_belief_clocks(p, b, bsl, dt, smooth, growth);
    return;
  }
  if (p->def.smoothing_time <= 0.0f) {
    b->smoothed = b->confidence;
    return;
  }
  /* Easing towards its confidence stops where it lands on it
   * (wy_smoothed_step). */
  float conf = b->confidence;
  if (conf == 0.0f) {
    /* Towards 0 (most of them: 2,500 steps a step in the bench's game world
     * at 120 s), s + (0 - s) x smooth is s - s x smooth to the bit (0 - s
     * is -s exactly, a product's rounding is symmetric, and either zero
     * comes out the same): two operations a step wait on each other, not
     * three, and the landing is a branch, as in the fading loop. */
    float s = b->smoothed;
    /* Most runs that reach here see it land on 0 before they end (then it
     * stays there): a bound of the steps says so without walking them. */
    if (wy_decay_sinks(s, smooth, count)) {
      b->smoothed = conf;
      return;
    }
    for (uint32_t k = 0; k < count; k++) {
      float next = s - s * smooth;
      if (WY_RARELY(wy_smooth_lands(s, next, conf, smooth))) {
        WY_KEEP_BRANCH();
        next = conf;
      }
      if (next == s) break;
      s = next;
    }
    b->smoothed = s;
    return;
  }
  for (uint32_t k = 0; k < count; k++) {
    float next = wy_smoothed_step(b->smoothed, b->confidence, smooth);
    if (next == b->smoothed) break;
    b->smoothed = next;
  }
}

static int32_t listed_at(const wy_belief_list *l, int32_t i);

/* One step of dt of a fading dormant belief (confidence above 0, no sense
 * reporting or inside its grace: wy_belief_fades): held_step's operations
 * (resolve.c) for it, which a full resolve would make too, the step it
 * reaches 0 included. */
static void fade_step(const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, float dt, float smooth) {
  /* The slot the step takes as the one that reported last (the least
   * silent after it, as wy_belief_clocks picks it) sets the fade. */
  float quietest = INFINITY;
  int32_t losing = b->losing_slot;
  for (int32_t s = 0; s < p->slot_count; s++) {
    float silent = bsl[s].silent + dt;
    if (bsl[s].ever && silent < quietest) {
      quietest = silent;
      losing = s;
    }
  }
  float faded = b->confidence - wy_fade_of(p, losing, dt);
  b->confidence = faded > 0.0f ? faded : 0.0f;
  /* Then the clocks, as a quiet step moves them, smoothed towards the new
   * confidence. */
  wy_belief_clocks(p, b, bsl, dt, smooth, p->def.uncertainty_growth * dt);
}

/* The steps of fade_run's loop (at most count) from conf above fade, each
 * taking fade off it and easing smoothed towards it, while conf stays above
 * fade; lands: the easing's landing tested at each step, else it is known
 * not to land (wy_chase_clear). Returns the steps taken. */
WY_INLINE uint32_t fade_steps(float *conf_io, float *smoothed_io, float fade, float smooth, uint32_t count,
                              bool lands) {
  float conf = *conf_io, smoothed = *smoothed_io;
  uint32_t k = 0;
  /* From above 5 fades (rounded: 5 - 5 x 2^-24 of them at least) four
   * steps each start above one, whatever their differences round to: four
   * at a time, with one test. */
  float ahead = 5.0f * fade;
  for (; count - k >= 4u && conf > ahead; k += 4u)
    for (int u = 0; u < 4; u++) {
      conf -= fade;
      smoothed = lands ? wy_smoothed_step_chained(smoothed, conf, smooth) : wy_eased(smoothed, conf, smooth);
    }
  for (; k < count && conf > fade; k++) {
    conf -= fade;
    smoothed = lands ? wy_smoothed_step_chained(smoothed, conf, smooth) : wy_eased(smoothed, conf, smooth);
  }
  *conf_io = conf;
  *smoothed_io = smoothed;
  return k;
}

/* The steps of a run of count steps of dt that a fading belief (confidence
 * above 0) takes while it fades, through the one that takes it to 0: each
 * step's fade and smoothing in a loop, the clocks in one go (clocks_run).
 * fade_step's operations, when the slot a step takes as the one that
 * reported last cannot change its fade: every slot that ever reported
 * fades alike (or none did). Returns the steps taken, or 0 (nothing
 * changed) when that does not hold or a silence overflows. Fading dormant
 * beliefs are replayed when they wake, on their deadlines and when read:
 * 1,600 of their steps a step in the bench's game world at 120 s. */
static uint32_t fade_run(const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, float dt, uint32_t count,
                         float smooth) {
  float fade = wy_fade_of(p, b->losing_slot, dt);
  bool any = false;
  for (int32_t s = 0; s < p->slot_count; s++) {
    if (!bsl[s].ever) continue;
    float f = wy_fade_of(p, s, dt);
    if (any && f != fade) return 0;
    fade = f;
    any = true;
  }
  float conf = b->confidence, smoothed = b->smoothed;
  uint32_t k = 0;
  /* A step from conf > fade leaves conf - fade above 0 (the difference of
   * two floats rounds to 0 only when it is 0), and one from conf <= fade
   * (or a fade that is not a number) takes it to 0: so the steps above fade
   * need no clamp, and the one that reaches 0 comes after them. A meter
   * at or above its confidence that each step's fade outruns stays out of
   * its landing's reach (wy_chase_clear; with the defaults a step of 1/60 s
   * fades 0.0017 and eases by 0.064): its loop is then the fade and the
   * easing's three operations, without the landing's three. */
  if (p->def.smoothing_time > 0.0f) {
    if (smoothed >= conf && smoothed <= 1.0f && wy_chase_clear(fade, smooth))
      k = fade_steps(&conf, &smoothed, fade, smooth, count, false);
    else
      k = fade_steps(&conf, &smoothed, fade, smooth, count, true);
    if (k < count) {
      conf = 0.0f;
      smoothed = wy_smoothed_step_chained(smoothed, conf, smooth);
      k++;
    }
  } else {
    for (; k < count && conf > fade; k++) conf -= fade;
    if (k < count) {
      conf = 0.0f;
      k++;
    }
    smoothed = conf;
  }
  if (!clocks_run(p, b, bsl, dt, k)) return 0;
  b->confidence = conf;
  b->smoothed = smoothed;
  return k;
}

/* Runs of at most this many steps are replayed step by step. Of the
 * replays in the bench's game world at 120 s, 4 in 10 cover one step (a
 * belief read or woken the step after it fell asleep), where the set-up of
 * a run (fade_run's slots, clocks_run's three wy_add_repeat calls) cost
 * some 300 instructions for a step's 50. */
#define WY_REPLAY_FEW 8u

/* wy_smooth_of(p, dt), without its expf for a run of the step under way's
 * dt: the profile's step_smooth, worked out from that dt when the step
 * began (wy_beliefs_step_begin) by the same function. No profile changes
 * within a step (its setters and wary_profile_create fail then:
 * wy_step_check), so it is still that function's value (dt 0 and -0, equal,
 * make the same factor). Between steps a setter may have changed the
 * profile since, so the expf is taken then. */
static float replay_smooth(const wary_world *w, const wy_profile *p, float dt) {
  if (w->in_step && dt == w->beliefs->dt[w->steps % WY_DT_RING]) return p->step_smooth;
  return wy_smooth_of(p, dt);
}

/* Steps from n through through, with the dt each had, of belief b and its
 * slots bsl (dormant since n): a fading one while it fades (fade_run, or
 * step by step), then the rest in runs. */
static void replay_from(const wary_world *w, const wy_profile *p, wy_belief *b, wy_belief_slot *bsl, uint32_t n,
                        uint32_t through) {
  const struct wy_beliefs *bs = w->beliefs;
  while ((int32_t)(through - n) >= 0) {
    float dt = bs->dt[n % WY_DT_RING];
    uint32_t count = run_length(bs, n, through);
    /* What a step computes from its dt, once per run; the smoothing's
     * factor only while the meter still moves: a settled one (most of the
     * quiet ones: on 0) steps the same whatever it is. */
    float smooth = b->confidence > 0.0f || b->smoothed != b->confidence ? replay_smooth(w, p, dt) : 0.0f;
    if (count <= WY_REPLAY_FEW) {
      /* A few steps: as they come, which costs less than the runs' set-up
       * (fade_step and wy_belief_clocks are what the runs stand for). */
      float growth = p->def.uncertainty_growth * dt;
      for (uint32_t k = 0; k < count; k++) {
        if (b->confidence > 0.0f) fade_step(p, b, bsl, dt, smooth);
        else wy_belief_clocks(p, b, bsl, dt, smooth, growth);
      }
      n += count;
      continue;
    }
    uint32_t k = b->confidence > 0.0f ? fade_run(p, b, bsl, dt, count, smooth) : 0;
    for (; k < count && b->confidence > 0.0f; k++) fade_step(p, b, bsl, dt, smooth);
    if (k < count) replay_run(p, b, bsl, dt, count - k, smooth);
    n += count;
  }
}

/* Steps from its first untaken one through through for dormant belief i
 * of l; a fading listed one's entry takes its sum again (wy_listed). */
static void replay(const wary_world *w, const wy_profile *p, wy_belief_list *l, int32_t i, uint32_t through) {
  wy_belief *b = &l->data[i];
  bool fading = b->confidence > 0.0f;
  replay_from(w, p, b, wy_belief_slots(l, i), wy_belief_asleep_since(w, b), through);
  b->asleep_since = (uint16_t)(through + 1u);
  if (fading && wy_belief_listed(b)) {
    wy_listed *e = &l->listed[listed_at(l, i)];
    if (e->scored) {
      float base = wy_listed_base(l, e, b);
      /* The largest base (listed_top) moves only with the one that was
       * it or one that passes it. */
      if (e->hostile && base != e->base && (e->base >= l->listed_top || base > l->listed_top)) l->listed_kept = false;
      e->base = base;
    }
    e->fading = b->confidence > 0.0f;
  }
}

static void awake_insert(wy_belief_list *l, int32_t i) {
  int32_t k = l->awake_count;
  while (k > 0 && l->awake[k - 1] > i) {
    l->awake[k] = l->awake[k - 1];
    k--;
  }
  l->awake[k] = i;
  l->awake_count++;
}

/* The position of belief i among the listed ones (or where it would go). */
static int32_t listed_at(const wy_belief_list *l, int32_t i) {
  /* The entries are distinct indices below count, ascending: at most i of
   * them are below i, and at most count - i are not. So the search starts
   * on the few places it can be, most narrowly for the last beliefs made,
   * which are most of the listed ones that fade (a binary search of 48-byte
   * entries reads a line at each of its steps). */
  int32_t lo = l->listed_count - (l->count - i), hi = l->listed_count < i ? l->listed_count : i;
  if (lo < 0) lo = 0;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (l->listed[mid].belief < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void wy_belief_listed_add(wy_belief_list *l, int32_t i, double wake_at, uint32_t wake_step, uint32_t now) {
  const wy_belief *b = &l->data[i];
  int32_t k = listed_at(l, i);
  memmove(&l->listed[k + 1], &l->listed[k], (size_t)(l->listed_count - k) * sizeof *l->listed);
  /* Unscored: the emotion pass scores it from its record once (the same
   * score as a quiet step's: its record holds still), and from here after. */
  memset(&l->listed[k], 0, sizeof l->listed[k]);
  l->listed[k].belief = i;
  l->listed[k].threat = b->threat;
  l->listed[k].state = b->state;
  l->listed[k].threat_level = b->threat_level;
  l->listed[k].fading = b->confidence > 0.0f;
  l->listed[k].wake_at = wake_at;
  l->listed[k].wake_step = wake_step;
  if (b->state <= WARY_TRACKED) {
    if (wake_at < l->rung_next) l->rung_next = wake_at;
    if (wake_step - now < l->rung_step - now) l->rung_step = wake_step;
  }
  l->listed_in[b->state]++;
  l->listed_new++;
  if (k < l->listed_from) l->listed_from = k;
  l->listed_count++;
  l->listed_dirty = true;
}

/* Entry k's record gets the threat its entry scores (an entry of a record
 * caught up: wake, listed_remove). */
static void listed_sync(wy_belief_list *l, int32_t k) {
  wy_belief *b = &l->data[l->listed[k].belief];
  b->threat = wy_listed_threat(l, &l->listed[k], &b->threat_level);
}

/* Belief i's confidence replayed through wy_beliefs_through on a copy. */
static float replayed_confidence(const wary_world *w, int32_t agent, int32_t i) {
  wy_belief b;
  wy_belief_slot bsl[WY_SLOTS];
  wy_belief_saved(w, agent, i, &b, bsl);
  return b.confidence;
}

void wy_belief_listed_sync(const wary_world *w, int32_t agent) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  for (int32_t k = 0; k < l->listed_count; k++) {
    wy_belief *b = &l->data[l->listed[k].belief];
    b->threat = wy_belief_threat(w, agent, l->listed[k].belief, &b->threat_level);
  }
}

void wy_belief_catch_up_to(wary_world *w, int32_t agent, int32_t i, uint32_t through) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  if (l->data[i].dormant && (int32_t)(through - wy_belief_asleep_since(w, &l->data[i])) >= 0)
    replay(w, wy_agent_profile(w, agent), l, i, through);
}

void wy_belief_saved(const wary_world *w, int32_t agent, int32_t i, wy_belief *b, wy_belief_slot *bsl) {
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  *b = l->data[i];
  /* A profile with no sense has no slots (and no table of them). */
  if (l->stride > 0) memcpy(bsl, wy_belief_slots(l, i), (size_t)l->stride * sizeof *bsl);
  wy_belief_settle_record(l, b);
  if (!b->dormant) return;
  uint32_t through = wy_beliefs_through(w);
  replay_from(w, wy_agent_profile(w, agent), b, bsl, wy_belief_asleep_since(w, b), through);
  b->asleep_since = (uint16_t)(through + 1u);
}

float wy_belief_confidence_now(const wary_world *w, int32_t agent, int32_t i) {
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  const wy_belief *b = &l->data[i];
  return b->dormant && b->confidence > 0.0f ? replayed_confidence(w, agent, i) : b->confidence;
}

float wy_belief_threat(const wary_world *w, int32_t agent, int32_t i, int8_t *level) {
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  const wy_belief *b = &l->data[i];
  if (b->dormant && wy_belief_listed(b)) {
    wy_listed e = l->listed[listed_at(l, i)];
    /* A fading one's sum as its last pass made it, from a replayed copy. */
    if (e.scored && b->confidence > 0.0f) {
      wy_belief now = *b;
      now.confidence = replayed_confidence(w, agent, i);
      e.base = wy_listed_base(l, &e, &now);
    }
    int8_t listed_level;
    float threat = wy_listed_threat(l, &e, &listed_level);
    if (level) *level = listed_level;
    return threat;
  }
  if (b->deferred) {
    int8_t deferred_level;
    float threat = wy_deferred_threat(l, b, &deferred_level);
    if (level) *level = deferred_level;
    return threat;
  }
  if (level) *level = b->threat_level;
  return b->threat;
}

static void listed_remove(wy_belief_list *l, int32_t i) {
  int32_t k = listed_at(l, i);
  listed_sync(l, k);
  const wy_listed *e = &l->listed[k];
  l->listed_in[e->state]--;
  /* The largest base is kept unless this one may have been it; the new
   * ones' places, unless there are none (most often: a wake between passes). */
  if (l->listed_new > 0 || (e->hostile && e->base >= l->listed_top)) l->listed_kept = false;
  memmove(&l->listed[k], &l->listed[k + 1], (size_t)(l->listed_count - k - 1) * sizeof *l->listed);
  l->listed_count--;
  l->listed_dirty = true;
}

/* ---- the sleepers of a deadline, in order (wy_belief_list.sleepers) ---------------- */

/* Dormant b leaves its list's sleepers (if it counts down to a deadline). */
static void sleeper_remove(wy_belief_list *l, const wy_belief *b) {
  int32_t d = wy_belief_deadline(b);
  if (d < 0) return;
  wy_id *s = l->sleepers[d];
  int32_t n = l->sleeper_count[d], k = n - 1;
  /* From the last: a deadline wakes the last one. */
  while (k >= 0 && s[k] != b->target) k--;
  if (k < 0) return;
  memmove(&s[k], &s[k + 1], (size_t)(n - 1 - k) * sizeof *s);
  l->sleeper_count[d] = n - 1;
}

/* Whether dormant b's time in state after the step of dt under way (its
 * replay's, to the bit) is below time: its record's time plus dt is at most
 * that (each step adds a dt of 0 or more, and a float sum does not fall
 * as what it adds to grows), a bound of the replay at least (wy_replayed_bound),
 * and only a belief between the two is replayed. */
static bool sleeps_below(const wary_world *w, const wy_belief *b, float time, float dt) {
  if (b->time_in_state + dt >= time) return false;
  uint32_t from = wy_belief_asleep_since(w, b), through = wy_beliefs_through(w);
  float bound;
  if (wy_replayed_bound(w, b->time_in_state, from, through, dt, &bound) && bound < time) return true;
  return wy_replayed_time(w, b->time_in_state, from, through) + dt < time;
}

void wy_belief_sleeps(const wary_world *w, wy_belief_list *l, int32_t i, int32_t deadline, float time, float dt) {
  wy_id *s = l->sleepers[deadline];
  int32_t n = l->sleeper_count[deadline], k = n;
  /* After those below it: from the first, as a belief mostly falls asleep
   * soon after its state began, with the least time of them. */
  if (!l->sleepers_unsorted[deadline])
    for (k = 0; k < n && sleeps_below(w, &l->data[wy_belief_find(l, s[k])], time, dt);) k++;
  memmove(&s[k + 1], &s[k], (size_t)(n - k) * sizeof *s);
  s[k] = l->data[i].target;
  l->sleeper_count[deadline] = n + 1;
}

/* Whether sleeper a (an index, caught up) goes before b: the lesser time,
 * then the lesser index. */
static bool sleeps_before(const wy_belief_list *l, wy_id a, wy_id b) {
  float ta = l->data[a].time_in_state, tb = l->data[b].time_in_state;
  return ta < tb || (ta == tb && a < b);
}

/* Heap sort's sift down of s[at] among the first n. */
static void sleepers_sift(const wy_belief_list *l, wy_id *s, int32_t at, int32_t n) {
  for (;;) {
    int32_t c = 2 * at + 1;
    if (c >= n) return;
    if (c + 1 < n && sleeps_before(l, s[c], s[c + 1])) c++;
    if (!sleeps_before(l, s[at], s[c])) return;
    wy_id t = s[at];
    s[at] = s[c];
    s[c] = t;
    at = c;
  }
}

/* The sleepers of a loaded list for deadline (unsorted) in their order:
 * each caught up through the last step, so that their records hold their
 * times, then sorted by them (as indices, then as targets again). */
static void sleepers_sort(wary_world *w, int32_t agent, int32_t deadline) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  wy_id *s = l->sleepers[deadline];
  int32_t n = l->sleeper_count[deadline];
  for (int32_t k = 0; k < n; k++) {
    s[k] = (wy_id)wy_belief_find(l, s[k]);
    wy_belief_catch_up_to(w, agent, (int32_t)s[k], wy_beliefs_through(w));
  }
  for (int32_t k = n / 2 - 1; k >= 0; k--) sleepers_sift(l, s, k, n);
  for (int32_t k = n - 1; k > 0; k--) {
    wy_id t = s[0];
    s[0] = s[k];
    s[k] = t;
    sleepers_sift(l, s, 0, k);
  }
  for (int32_t k = 0; k < n; k++) s[k] = l->data[s[k]].target;
  l->sleepers_unsorted[deadline] = false;
}

void wy_beliefs_split_listed(wy_belief_list *l, bool waits, uint32_t now) {
  int32_t kept = 0;
  l->listed_count = 0;
  memset(l->listed_in, 0, sizeof l->listed_in);
  l->listed_dirty = true;
  l->listed_kept = false;
  /* Those on a rung are looked at when the snapshot says (waits: its
   * entries hold them, in order), or else in the next step (wy_listed). */
  l->rung_next = waits ? INFINITY : -INFINITY;
  l->rung_step = now + WY_RUNG_STEPS;
  for (int32_t j = 0; j < l->awake_count; j++) {
    int32_t i = l->awake[j];
    if (l->data[i].dormant) {
      int32_t k = l->listed_count;
      double wake_at = waits ? l->listed[k].wake_at : -INFINITY;
      uint32_t wake_step = waits ? l->listed[k].wake_step : 0u;
      wy_belief_listed_add(l, i, wake_at, wake_step, now);
    } else {
      l->awake[kept++] = i;
    }
  }
  l->awake_count = kept;
  /* The sleepers of each deadline, unsorted: the first step's look sorts
   * them (wy_beliefs_wake_due), which a lead of +inf makes sure of. */
  l->sleeper_count[0] = l->sleeper_count[1] = 0;
  for (int32_t i = 0; i < l->count; i++) {
    int32_t d = wy_belief_deadline(&l->data[i]);
    if (l->data[i].dormant && d >= 0) l->sleepers[d][l->sleeper_count[d]++] = l->data[i].target;
  }
  for (int32_t d = 0; d < 2; d++) {
    l->sleepers_unsorted[d] = l->sleeper_count[d] > 0;
    if (l->sleepers_unsorted[d]) l->deadline_lead[d] = INFINITY;
  }
}

void wy_beliefs_catch_up(wary_world *w, int32_t agent) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  uint32_t through = wy_beliefs_through(w);
  if (l->dormant > 0 && (int32_t)(through - l->dormant_since) >= 0) {
    const wy_profile *p = wy_agent_profile(w, agent);
    for (int32_t i = 0; i < l->count; i++)
      if (l->data[i].dormant) replay(w, p, l, i, through);
  }
  l->dormant_since = through + 1;
}

/* A dormant belief catches up and joins the awake ones: apart from
 * wy_belief_wake, which most often finds its belief awake already and so
 * need not save the registers this part uses. */
static WY_NOINLINE void wake_dormant(wary_world *w, int32_t agent, wy_belief_list *l, int32_t i) {
  wy_belief *b = &l->data[i];
  replay(w, wy_agent_profile(w, agent), l, i, wy_beliefs_through(w));
  b->dormant = false;
  b->hostile_known = false;
  l->dormant--;
  if (wy_belief_listed(b)) listed_remove(l, i);
  sleeper_remove(l, b);
  awake_insert(l, i);
}

void wy_belief_wake(wary_world *w, int32_t agent, int32_t i) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  wy_belief *b = &l->data[i];
  if (b->dormant) wake_dormant(w, agent, l, i);
  b->quiet = false;
  b->drowsy = false;
  b->scored = false;
  b->held = false;
}

/* Every belief of the agent wakes (its profile is about to change). */
static void wake_all(wary_world *w, int32_t agent) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  wy_beliefs_catch_up(w, agent);
  wy_belief_listed_sync(w, agent);
  for (int32_t i = 0; i < l->count; i++) {
    wy_belief *b = &l->data[i];
    b->quiet = b->drowsy = b->dormant = b->scored = b->held = b->hostile_known = false;
    l->awake[i] = i;
  }
  l->awake_count = l->count;
  l->listed_count = 0;
  memset(l->listed_in, 0, sizeof l->listed_in);
  l->listed_dirty = true;
  l->listed_kept = false;
  l->dormant = 0;
  l->deadline_lead[0] = l->deadline_lead[1] = -INFINITY;
  l->sleeper_count[0] = l->sleeper_count[1] = 0;
  l->sleepers_unsorted[0] = l->sleepers_unsorted[1] = false;
}

float wy_replayed_time(const wary_world *w, float t, uint32_t from, uint32_t through) {
  const struct wy_beliefs *bs = w->beliefs;
  for (uint32_t n = from; (int32_t)(through - n) >= 0;) {
    uint32_t count = run_length(bs, n, through);
    t = wy_add_repeat(t, bs->dt[n % WY_DT_RING], count);
    n += count;
  }
  return t;
}

float wy_replayed_fade(const wary_world *w, float c, float rate, uint32_t from, uint32_t through) {
  const struct wy_beliefs *bs = w->beliefs;
  for (uint32_t n = from; c > 0.0f && (int32_t)(through - n) >= 0;) {
    uint32_t count = run_length(bs, n, through);
    float f = rate * bs->dt[n % WY_DT_RING];
    c = wy_fade_repeat(c, f, count);
    n += count;
  }
  return c;
}

bool wy_replayed_bound(const wary_world *w, float t, uint32_t from, uint32_t through, float dt, float *bound) {
  const struct wy_beliefs *bs = w->beliefs;
  if ((int32_t)(from - bs->dt_same_since) < 0) return false;
  uint32_t n = (int32_t)(through - from) >= 0 ? through - from + 1u : 0u;
  *bound = wy_add_repeat_bound(t, bs->dt[through % WY_DT_RING], n, dt);
  return true;
}

/* Whether dormant belief i reaches end in the step of dt (*lead: the
 * largest time of those that do not): the very sum this step's quiet step
 * would test. Under one dt since it was last caught up, a bound of its
 * time tells one far from its deadline without the replay; only one the
 * bound puts at it is replayed (one run of wy_add_repeat). It wakes for
 * the step its deadline comes, not a step or two early as the bound alone
 * would have it: how early would depend on when it was last caught up (a
 * read, a load), which a snapshot does not show, and one awake in a world
 * and dormant in its loaded copy would make their snapshots differ. */
static bool due(const wary_world *w, const wy_belief *b, float end, float dt, float *lead) {
  uint32_t from = wy_belief_asleep_since(w, b), through = wy_beliefs_through(w);
  float t;
  if (!wy_replayed_bound(w, b->time_in_state, from, through, dt, &t) || t >= end)
    t = wy_replayed_time(w, b->time_in_state, from, through) + dt;
  if (t >= end) return true;
  if (t > *lead) *lead = t;
  return false;
}

void wy_beliefs_wake_due(wary_world *w, int32_t agent, int32_t deadline, float dt) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  float end = wy_deadline_time(wy_agent_profile(w, agent), deadline), lead = -INFINITY;
  if (WY_RARELY(l->sleepers_unsorted[deadline])) sleepers_sort(w, agent, deadline);
  /* The sleepers in their order (wy_belief_list.sleepers): from the last,
   * the ones it reaches wake (each leaving the list), and the first that
   * it does not reach leads the others. */
  while (l->sleeper_count[deadline] > 0) {
    int32_t i = wy_belief_find(l, l->sleepers[deadline][l->sleeper_count[deadline] - 1]);
    if (!due(w, &l->data[i], end, dt, &lead)) break;
    wy_belief_wake(w, agent, i);
  }
  l->deadline_lead[deadline] = lead;
}


void wy_beliefs_step_begin(wary_world *w, float dt) {
  struct wy_beliefs *bs = w->beliefs;
  uint32_t n = w->steps;
  if (bs->dt[(n - 1u) % WY_DT_RING] != dt) {
    bs->dt_run_start = bs->dt_same_since = n;
  } else {
    if (n - bs->dt_run_start > WY_DT_RING) bs->dt_run_start = n;
    if (n - bs->dt_same_since > WY_DT_RING) bs->dt_same_since = n - WY_DT_RING;
  }
  bs->dt[n % WY_DT_RING] = dt;
  bs->clock_before = bs->clock;
  bs->clock += (double)dt;
  for (int32_t i = 0; i < w->profiles.count; i++) {
    wy_profile *p = &w->profiles.data[i];
    p->step_smooth = wy_smooth_of(p, dt);
    wy_keep_bounds(p);
  }
}

/* Once in 2^30 steps (before this step's senses) every reason is written
 * out with this step as its stamp, and every slot counts as last due just
 * before: wy_belief_reason compares the two within 2^31 steps. Out of line,
 * away from the step's common path. */
WY_COLD static void restamp_all(wary_world *w) {
  for (int32_t a = 0; a < w->beliefs->agents.count; a++) {
    wy_belief_list *l = wy_beliefs_of(w, a);
    for (int32_t i = 0; i < l->count; i++) {
      wy_belief_slot *bsl = wy_belief_slots(l, i);
      for (int32_t s = 0; s < l->stride; s++) {
        bsl[s].reason = (int8_t)wy_belief_reason(l, &bsl[s], s);
        bsl[s].reason_step = w->steps;
      }
    }
    for (int32_t s = 0; s < WY_SLOTS; s++) l->out_of_range_step[s] = w->steps - 1;
  }
}

void wy_beliefs_restamp(wary_world *w) {
  if ((w->steps & ((1u << 30) - 1u)) == 0) restamp_all(w);
}

/* ---- the evidence pool ---------------------------------------------------------- */

bool wy_evidence_reserve(wary_world *w) {
  struct wy_beliefs *bs = w->beliefs;
  return bs->evidence_free >= 0 || wy_array_reserve(&w->alloc, &bs->evidence, bs->evidence.count + 1);
}

wy_evidence_block *wy_evidence_block_of(wary_world *w, wy_belief_list *l, wy_belief *b) {
  struct wy_beliefs *bs = w->beliefs;
  if (b->evidence >= 0) return &bs->evidence.data[b->evidence];
  int32_t k = bs->evidence_free;
  if (k >= 0) {
    bs->evidence_free = bs->evidence.data[k].next;
  } else {
    if (!wy_array_reserve(&w->alloc, &bs->evidence, bs->evidence.count + 1)) return NULL;
    k = bs->evidence.count++;
  }
  wy_evidence_block *e = &bs->evidence.data[k];
  e->count = 0;
  e->next = -1;
  b->evidence = k;
  l->holders++;
  return e;
}

void wy_evidence_block_release(wary_world *w, wy_belief_list *l, wy_belief *b) {
  if (b->evidence < 0) return;
  struct wy_beliefs *bs = w->beliefs;
  wy_evidence_block *e = &bs->evidence.data[b->evidence];
  e->count = -1;
  e->next = bs->evidence_free;
  bs->evidence_free = b->evidence;
  b->evidence = -1;
  l->holders--;
}

/* ---- dropping ---------------------------------------------------------------------- */

/* Moves n beliefs from from to to (to < from): their records and slots. */
static void move_beliefs(wy_belief_list *l, int32_t to, int32_t from, int32_t n) {
  if (n <= 0) return;
  memmove(&l->data[to], &l->data[from], (size_t)n * sizeof *l->data);
  if (l->stride > 0)
    memmove(wy_belief_slots(l, to), wy_belief_slots(l, from), (size_t)n * (size_t)l->stride * sizeof *l->slots);
}

/* Takes target's entry out of the index (linear probing: the entries after
 * it in its run move back to where a find still reaches them). */
static void index_drop(wy_belief_list *l, wy_id target) {
  uint32_t mask = (uint32_t)(l->index_cap - 1), hole = wy_belief_hash(target, l->index_cap);
  for (; l->index[hole].target != target; hole = (hole + 1) & mask)
    if (l->index[hole].belief == 0) return; /* not there (never, with a sound index) */
  for (uint32_t j = (hole + 1) & mask; l->index[j].belief; j = (j + 1) & mask) {
    /* j's entry may fill the hole when the hole lies between its home and j. */
    uint32_t home = wy_belief_hash(l->index[j].target, l->index_cap);
    if (((j - home) & mask) >= ((j - hole) & mask)) {
      l->index[hole] = l->index[j];
      hole = j;
    }
  }
  l->index[hole].belief = 0;
}

/* The index after the beliefs in dropped (n of them, ascending, their
 * entries already taken out) left and the ones past them moved down:
 * each entry's belief moves down by the dropped ones before it. Reads the
 * index only, not the records (a prune would otherwise read every record,
 * most of them cold, to find its target again). */
static void index_shift(wy_belief_list *l, const int32_t *dropped, int32_t n) {
  if (n == 1) {
    /* One dropped (most prunes): an entry past it is one whose belief + 1
     * is above it (an empty one's 0 never is), taken down by the
     * comparison's 0 or 1, without a branch: a loop the compiler does
     * several entries at a time. */
    int32_t first = dropped[0];
    for (int32_t h = 0; h < l->index_cap; h++) l->index[h].belief -= l->index[h].belief > first;
    return;
  }
  for (int32_t h = 0; h < l->index_cap; h++) {
    int32_t b = l->index[h].belief - 1;
    if (b < dropped[0]) continue; /* empty (-1) or before the first */
    int32_t k = 1;
    while (k < n && dropped[k] < b) k++;
    l->index[h].belief -= k;
  }
}

/* Belief i left: the awake and listed indices past it move down by one. */
static void awake_remove(wy_belief_list *l, int32_t i) {
  int32_t k = 0;
  for (int32_t j = 0; j < l->awake_count; j++) {
    int32_t a = l->awake[j];
    if (a != i) l->awake[k++] = a > i ? a - 1 : a;
  }
  l->awake_count = k;
  k = 0;
  for (int32_t j = 0; j < l->listed_count; j++) {
    wy_listed e = l->listed[j];
    if (e.belief == i) {
      l->listed_in[e.state]--;
      continue;
    }
    if (e.belief > i) e.belief--;
    l->listed[k++] = e;
  }
  l->listed_dirty = l->listed_dirty || k < l->listed_count;
  l->listed_kept = l->listed_kept && k == l->listed_count;
  l->listed_count = k;
}

void wy_beliefs_prune(wy_belief_list *l, float memory_time) {
  /* A dormant belief holds a first sighting: it never empties. The listed
   * ones move down by the beliefs dropped before them. The first
   * WY_PRUNE_NOTED dropped are noted, so that the index is shifted rather
   * than built again from the records. */
  enum { WY_PRUNE_NOTED = 16 };
  int32_t noted[WY_PRUNE_NOTED];
  int32_t dropped = 0, next = 0, kept = 0, listed = 0;
  for (int32_t j = 0; j < l->awake_count; j++) {
    int32_t i = l->awake[j];
    for (; listed < l->listed_count && l->listed[listed].belief < i; listed++) l->listed[listed].belief -= dropped;
    if (!wy_belief_empty(l, i, memory_time)) {
      l->awake[kept++] = i - dropped;
      continue;
    }
    /* Its part of the tally (belief.h) goes with it, and its entry. */
    wy_belief_untally(l, &l->data[i]);
    if (dropped < WY_PRUNE_NOTED) {
      index_drop(l, l->data[i].target);
      noted[dropped] = i;
    }
    /* The beliefs between the last one dropped and this one move down. */
    if (dropped > 0) move_beliefs(l, next - dropped, next, i - next);
    next = i + 1;
    dropped++;
  }
  if (dropped == 0) return;
  for (; listed < l->listed_count; listed++) l->listed[listed].belief -= dropped;
  move_beliefs(l, next - dropped, next, l->count - next);
  l->count -= dropped;
  l->awake_count = kept;
  if (dropped <= WY_PRUNE_NOTED) index_shift(l, noted, dropped);
  else wy_belief_index_rebuild(l);
}

/* ---- the module: a list per agent ---------------------------------------------- */

/* The resting marks cover the agents they have room for, the ones past
 * the last agent dropped and the new ones 0 (not resting). */
static void rest_room(wary_world *w) {
  struct wy_beliefs *bs = w->beliefs;
  int32_t n = bs->agents.count < bs->resting.cap ? bs->agents.count : bs->resting.cap;
  for (int32_t i = bs->resting.count; i < n; i++) bs->resting.data[i] = 0;
  bs->resting.count = n;
}

void wy_beliefs_loaded(wary_world *w) {
  struct wy_beliefs *bs = w->beliefs;
  bs->resting.count = 0;
  /* A load swaps the saved agents in without the modules' reserve: the
   * marks take room for them here (without it, the agents past their room
   * never rest, which is never wrong, only slower). */
  (void)wy_array_reserve(&w->alloc, &bs->resting, bs->agents.count);
  rest_room(w);
}

static bool create(wary_world *w) {
  w->beliefs = wy_alloc_zero(&w->alloc, sizeof *w->beliefs);
  if (!w->beliefs) return false;
  w->beliefs->evidence_free = -1;
  return true;
}

static void destroy(wary_world *w) {
  if (!w->beliefs) return;
  for (int32_t i = 0; i < w->beliefs->agents.count; i++) list_free(w, &w->beliefs->agents.data[i]);
  wy_array_free(&w->tables, &w->beliefs->agents);
  wy_array_free(&w->alloc, &w->beliefs->evidence);
  wy_array_free(&w->alloc, &w->beliefs->resting);
  wy_free(&w->alloc, w->beliefs, sizeof *w->beliefs);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->tables, &w->beliefs->agents, agents) &&
         wy_array_reserve(&w->alloc, &w->beliefs->resting, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  wy_belief_list *l = &w->beliefs->agents.data[w->beliefs->agents.count++];
  memset(l, 0, sizeof *l);
  l->stride = wy_agent_profile(w, agent)->slot_count;
  l->deadline_lead[0] = l->deadline_lead[1] = -INFINITY;
  l->rung_next = INFINITY;
  l->rung_step = w->steps + WY_RUNG_STEPS;
  /* No slot has been due yet: every stamp to come is as new or newer. */
  for (int32_t s = 0; s < WY_SLOTS; s++) l->out_of_range_step[s] = w->steps;
  /* Not resting until its first resolve (the marks after a load may
   * stop short of it: those past them are 0). */
  rest_room(w);
}

static void agent_removed(wary_world *w, int32_t agent) {
  list_free(w, &w->beliefs->agents.data[agent]);
  wy_array_swap_remove(&w->beliefs->agents, agent);
  /* The last agent moved into its index: not resting until its resolve. */
  rest_room(w);
  if (agent < w->beliefs->resting.count) w->beliefs->resting.data[agent] = 0;
}

/* How many agents ahead the walk below asks for a list, and for the line
 * of its index where the target's search starts (read from the list, so
 * fewer: the list has come by then). The walk does little with an agent
 * that holds no belief about the target, so it must ask well ahead for a
 * line to come from memory in time (bench part destroy at 10,000 agents:
 * 8 and 4 ahead saved less, 64 and 32 no more). */
#define WY_REMOVED_LIST_AHEAD 32
#define WY_REMOVED_INDEX_AHEAD 16

static void actor_removed(wary_world *w, wy_id target) {
  wy_belief_list *lists = w->beliefs->agents.data;
  int32_t agents = w->beliefs->agents.count;
  for (int32_t i = 0; i < agents; i++) {
    /* Every agent's list, then its index: two misses an agent in a large
     * world, each waited for in turn unless asked for ahead. */
    if (i + WY_REMOVED_LIST_AHEAD < agents) WY_PREFETCH(&lists[i + WY_REMOVED_LIST_AHEAD]);
    if (i + WY_REMOVED_INDEX_AHEAD < agents) wy_belief_find_prefetch(&lists[i + WY_REMOVED_INDEX_AHEAD], target);
    wy_belief_list *l = &lists[i];
    int32_t k = wy_belief_find(l, target);
    if (k < 0) continue;
    wy_evidence_block_release(w, l, &l->data[k]);
    wy_belief_untally(l, &l->data[k]);
    if (l->data[k].dormant) {
      l->dormant--;
      sleeper_remove(l, &l->data[k]);
    }
    /* Order is kept so that iteration stays deterministic. */
    index_drop(l, target);
    move_beliefs(l, k, k + 1, l->count - k - 1);
    l->count--;
    awake_remove(l, k);
    index_shift(l, &k, 1);
  }
}

/* Room for the slots of every belief of the profile's agents, before its
 * slots change (so that slots_remap cannot fail). */
static bool slots_reserve(wary_world *w, int32_t profile, int32_t slot_count) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    wy_belief_list *l = wy_beliefs_of(w, i);
    if (wy_agent_actor(w, i)->profile == profile && !wy_belief_list_reserve(w, l, l->cap, slot_count))
      return false;
  }
  return true;
}

/* The profile's settings are about to change: its agents' beliefs are
 * resolved in full again (their clocks caught up under the old ones). */
static void profile_changing(wary_world *w, int32_t profile) {
  for (int32_t i = 0; i < w->agents.count; i++)
    if (wy_agent_actor(w, i)->profile == profile) wake_all(w, i);
}

/* The profile lists other senses: each belief's slots are laid out at the
 * new stride (slots_reserve made the room), a kept sense's slot moved with
 * what it held (its share, silence, grace, reason), a new sense's empty. In
 * place: from the last belief when the stride grows, from the first when it
 * shrinks, so that no belief's old slots are written before they are read. */
static void slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  int32_t n = wy_agent_profile(w, agent)->slot_count;
  int8_t to[WY_SLOTS];
  for (int32_t s = 0; s < WY_SLOTS; s++) to[s] = -1;
  for (int32_t s = 0; s < n; s++)
    if (from[s] >= 0) to[from[s]] = (int8_t)s;
  wy_belief_slot old[WY_SLOTS];
  for (int32_t k = 0; k < l->count; k++) {
    int32_t b = n > old_count ? l->count - 1 - k : k;
    l->stride = old_count;
    if (old_count > 0) memcpy(old, wy_belief_slots(l, b), (size_t)old_count * sizeof old[0]);
    l->stride = n;
    wy_belief_slot *bs = wy_belief_slots(l, b);
    for (int32_t s = 0; s < n; s++) {
      if (from[s] >= 0) {
        bs[s] = old[from[s]];
      } else {
        memset(&bs[s], 0, sizeof bs[s]);
        bs[s].reason_step = w->steps;
      }
    }
    wy_belief *x = &l->data[b];
    x->losing_slot = x->losing_slot >= 0 ? to[x->losing_slot] : -1;
    x->held = false;
  }
  l->stride = n;
  uint32_t oor[WY_SLOTS];
  memcpy(oor, l->out_of_range_step, sizeof oor);
  for (int32_t s = 0; s < WY_SLOTS; s++) l->out_of_range_step[s] = s < n && from[s] >= 0 ? oor[from[s]] : 0;
}

const wy_module wy_belief_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .actor_removed = actor_removed, .profile_changing = profile_changing,
  .slots_reserve = slots_reserve, .slots_remap = slots_remap,
};

/* ---- reading and raising ---------------------------------------------------------- */

static void belief_out(const wary_world *cw, int32_t agent, int32_t i, wary_belief *out) {
  /* A dormant belief's clocks are replayed first: reading it is exact. */
  wary_world *w = (wary_world *)cw;
  if (wy_beliefs_of(w, agent)->data[i].dormant) wy_beliefs_catch_up(w, agent);
  const wy_agent *ag = &w->agents.data[agent];
  const wy_profile *p = wy_agent_profile(w, agent);
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  const wy_belief *b = &l->data[i];
  const wy_belief_slot *s = wy_belief_slots(l, i);
  out->target.id = b->target;
  out->confidence = b->confidence;
  out->smoothed = b->smoothed;
  out->fused = b->fused;
  out->state = b->state;
  out->loss_reason = b->loss_reason;
  out->time_in_state = b->time_in_state;
  memcpy(out->last_known, b->last_known, sizeof out->last_known);
  out->uncertainty = b->uncertainty;
  out->sensed = b->sensed;
  out->sense_count = p->slot_count;
  for (int32_t k = 0; k < p->slot_count; k++) {
    out->shares[k] = s[k].share;
    out->active[k] = s[k].active;
    out->muted[k] = ag->slot[k].muted;
  }
}

int wary_belief_get(const wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, wary_belief *out) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  out->target.id = target;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target, __func__, "target");
  int32_t i = wy_belief_find(wy_beliefs_of(w, index), target);
  if (i < 0) return wy_fail_no_belief(w, __func__, agent, target);
  belief_out(w, index, i, out);
  return WARY_OK;
}

/* The belief of the one-field readers: agent's about target, its index
 * and its agent's in *belief, *agent; NULL when it holds none (*status
 * WARY_OK) or on a failure (*status says it). State does not move while a
 * belief is dormant (only its clocks and a fading one's confidence do):
 * they are read without the replay belief_out makes. */
static const wy_belief *belief_to_read(const wary_world *w, const char *fn, wy_id agent, wy_id target,
                                       int32_t *agent_index, int32_t *belief, int *status) {
  int32_t index = wy_agent_index(w, agent, fn, "agent");
  *status = index < 0 ? index : wy_actor_get(w, target) ? WARY_OK : wy_actor_status(w, target, fn, "target");
  if (*status != WARY_OK) return NULL;
  const wy_belief_list *l = wy_beliefs_of(w, index);
  int32_t i = wy_belief_find(l, target);
  *agent_index = index;
  *belief = i;
  return i < 0 ? NULL : &l->data[i];
}

int wary_belief_confidence(const wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, float *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  int status;
  int32_t agent, i;
  const wy_belief *b = belief_to_read(w, __func__, agent_h.id, target_h.id, &agent, &i, &status);
  /* A fading dormant one's replayed on a copy. */
  *out = b ? wy_belief_confidence_now(w, agent, i) : 0.0f;
  return status;
}

int wary_belief_state(const wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, int32_t *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  int status;
  int32_t agent, i;
  const wy_belief *b = belief_to_read(w, __func__, agent_h.id, target_h.id, &agent, &i, &status);
  *out = b ? b->state : WARY_UNDETECTED;
  return status;
}

int32_t wary_belief_count(const wary_world *w, wary_actor_id agent_h) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  return index < 0 ? index : wy_beliefs_of(w, index)->count;
}

int wary_belief_at(const wary_world *w, wary_actor_id agent_h, int32_t i, wary_belief *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  const wy_belief_list *l = wy_beliefs_of(w, index);
  if (i < 0 || i >= l->count)
    return wy_fail_index(w->error, WARY_ERR_NOT_FOUND, __func__, "i", "a belief", i, l->count);
  belief_out(w, index, i, out);
  return WARY_OK;
}

int wary_set_confidence(wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, float confidence) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  if (wy_bad(w->error, __func__, "confidence", confidence, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  int status;
  if (agent == target) return wy_fail_self(w, __func__, target);
  int32_t index;
  wy_belief *b = wy_belief_of(w, __func__, agent, target, true, &index, &status);
  if (!b) return status;
  wy_belief_wake(w, index, (int32_t)(b - wy_beliefs_of(w, index)->data));
  if (confidence > b->pending_set) b->pending_set = confidence;
  return WARY_OK;
}

/* Vision's factors now; reacting: the belief still holds its first sighting back. */
int wary_vision_explain_get(const wary_world *cw, wary_actor_id agent_h, wary_actor_id target_h, wary_vision_explain *out) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  if (!out) return wy_fail_null(cw->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  wary_world *w = (wary_world *)cw;
  const wy_actor *a = wy_actor_get(w, agent), *t = wy_actor_get(w, target);
  if (!a) return wy_actor_status(w, agent, __func__, "agent");
  if (!t) return wy_actor_status(w, target, __func__, "target");
  if (a->agent < 0) return wy_fail_not_agent(w, __func__, "agent", agent);
  if (w->profiles.data[a->profile].builtin_slot[WARY_SENSE_VISION] < 0)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                   "agent: expected an agent that sees, got %x, whose profile %d has no WARY_SENSE_VISION", agent,
                   a->profile);
  const wary_vision_def *v = wy_vision_of(w, a->profile);
  int32_t reason;
  wy_vision_eval(w, a, v, t, &reason, out, &w->stats.rays, &w->stats.vision_rays);
  wy_vision_blockers(w, a, out);
  const wy_belief_list *l = wy_beliefs_of(w, a->agent);
  int32_t i = wy_belief_find(l, target);
  out->reacting = v->first_spot_reaction_time > 0.0f && out->confidence > 0.0f && !(i >= 0 && l->data[i].spotted);
  return WARY_OK;
}
