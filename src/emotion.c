/* emotion.c - threat, emotions and attention (seed 002). Choices where the
 * seed is silent (docs/brain.md says them for users):
 * - The damage record of a belief (damage.c) fades at threat_damage_decay_rate
 *   x 100 per second (the term, 0..1, at the rate) only while the belief is
 *   Lost, Remembered or Expired.
 * - Threat = w_damage x min(1, damage / 100) + w_conf x confidence
 *   + w_state x state factor + w_distance x (1 - distance / range), capped at
 *   1; state factors: Suspected 0.25, Detected 0.5, Tracked 1, Lost 0.5,
 *   Remembered 0.25, else 0. A target that is not hostile has threat 0.
 * - Emotion rules are checked rise first: a rule that rises wins over one
 *   that falls in the same update.
 * - Attention: the hostile target of highest threat; the current one is kept
 *   for attention_stickiness_time, then only given up for one with
 *   attention_switch_threshold more threat; given up at once when it is no
 *   longer a target (Suspected .. Remembered) or no longer hostile. */
#include "emotion.h"

#include <string.h>

#include "belief.h"
#include "brain.h"
#include "events.h"
#include "pain.h"
#include "relation.h"

static bool create(wary_world *w) {
  w->emotions = wy_alloc_zero(&w->alloc, sizeof *w->emotions);
  return w->emotions != NULL;
}

static void destroy(wary_world *w) {
  if (!w->emotions) return;
  wy_array_free(&w->alloc, &w->emotions->agents);
  wy_free(&w->alloc, w->emotions, sizeof *w->emotions);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->emotions->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  wy_emotion_agent *ag = &w->emotions->agents.data[w->emotions->agents.count++];
  memset(ag, 0, sizeof *ag);
  ag->attention_index = -1;
  ag->defer_top = -INFINITY;
  ag->defer_walked = INFINITY;
}

static void agent_removed(wary_world *w, int32_t agent) {
  wy_array_swap_remove(&w->emotions->agents, agent);
}

/* A brain changed (wary_profile_set_brain, or a profile set anew): its
 * agents' passes run again (the rest below holds for the brain it was
 * found under). */
static void profile_changing(wary_world *w, int32_t profile) {
  for (int32_t i = 0; i < w->agents.count; i++) {
    if (wy_agent_actor(w, i)->profile != profile) continue;
    wy_agent_wake(w, i, WY_IDLE_EMOTIONS);
    wy_belief_list *l = wy_beliefs_of(w, i);
    /* The listed ones' states are kept only for a brain that moves the
     * emotions, and their bases are at its weights (score_listed): they
     * are taken again, from every entry. */
    l->listed_dirty = true;
    l->listed_kept = false;
    /* Deferred threats settle at the last pass's scale (belief.h): a
     * brain that keeps no threat now scores none of them again. */
    for (int32_t j = 0; j < l->awake_count; j++) wy_belief_settle(l, &l->data[l->awake[j]]);
  }
}

const wy_module wy_emotion_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .profile_changing = profile_changing,
};

static bool is_target(int32_t state) {
  return state >= WARY_SUSPECTED && state <= WARY_REMEMBERED;
}

/* How far the agent at pos may walk before a target belief b could come
 * within range of it: until then the distance term of its threat is 0 (<= 0:
 * it may be in range now). The float distance threat() takes is within a
 * few parts in 10^7 of this one, which the relative 10^-5 leaves room for. */
static double far_margin(const float pos[3], const float last_known[3], float range) {
  double dx = (double)last_known[0] - (double)pos[0], dy = (double)last_known[1] - (double)pos[1],
         dz = (double)last_known[2] - (double)pos[2];
  return sqrt(dx * dx + dy * dy + dz * dz) - (double)range * (1.0 + 1e-5);
}

/* How threat() scores a belief: not quiet; quiet (it returns how far the
 * agent may walk before the score could change, and keeps whether the
 * target is hostile in b->hostile); quiet and scored before under the same
 * relationships (b->hostile holds, and its target lives while it does). */
enum { WY_SCORE_AWAKE, WY_SCORE_QUIET, WY_SCORE_KNOWN };

/* The agent as its beliefs are scored: the same for all of them. */
typedef struct wy_scorer {
  const wary_world *w;
  int32_t agent;
  const wary_brain_def *d;
  /* Where the agent stands, the distance term and the levels: its list's
   * last_scale, which the pass sets first (nothing reads it before). */
  const wy_threat_scale *scale;
  bool idle_zero;         /* an idle belief's threat is 0 */
  bool same;              /* the relationships of its last pass hold (hostile_known is good) */
  float dt;
} wy_scorer;

/* Scores b; in a quiet way, returns far_margin (INFINITY when the score
 * does not follow distance). *base (when base is not NULL): the sum before
 * the distance term, when hostile. */
WY_INLINE double threat(const wy_scorer *c, wy_belief *b, int way, float *base) {
  const wary_brain_def *d = c->d;
  bool idle_zero = c->idle_zero;
  float dt = c->dt;
  /* Most beliefs a step walks are idle (quiet ones above all): their threat
   * is 0 without asking who is hostile. */
  if (idle_zero && !is_target(b->state) && b->confidence == 0.0f && b->damage == 0.0f) {
    /* Unasked, so not known under relationships that changed. */
    if (!c->same) b->hostile_known = false;
    b->threat = 0.0f;
    b->threat_level = WARY_THREAT_NONE;
    return INFINITY;
  }
  double margin = INFINITY;
  if (b->state >= WARY_LOST && b->damage > 0.0f) {
    float v = b->damage - d->threat_damage_decay_rate * 100.0f * dt;
    b->damage = v > 0.0f ? v : 0.0f;
  }
  float score = 0.0f;
  /* Known hostility was taken of a live target: beliefs about a removed
   * one go with it. */
  bool known = way == WY_SCORE_KNOWN || (c->same && b->hostile_known);
  bool alive = known || wy_actor_get(c->w, b->target) != NULL;
  bool hostile = known ? b->hostile : wy_relationship(c->w, c->agent, b->target) == WARY_HOSTILE;
  if (!known) {
    b->hostile = hostile;
    b->hostile_known = alive;
  }
  if (hostile) {
    bool counts = alive && is_target(b->state); /* its distance counts */
    float near = counts ? wy_threat_nearness(c->scale, b->last_known) : 0.0f;
    /* In range (near > 0) its margin is below 0 (the float distance is
     * within parts in 10^7 of far_margin's): not far, whatever it is. */
    if (counts && way != WY_SCORE_AWAKE)
      margin = near > 0.0f ? -1.0 : far_margin(c->scale->pos, b->last_known, d->threat_distance_range);
    float sum = wy_threat_base(c->scale, b);
    if (base) *base = sum;
    score = wy_threat_score(c->scale, sum, near);
  }
  b->threat = score;
  b->threat_level = wy_threat_level_of(c->scale, score);
  return margin;
}

/* At least the threat of every deferred belief of the agent's, where it
 * stands at scale s (emotion.h: what each scored when last fresh, and the
 * distance term of the walk since), rounded up well beyond the floats'
 * rounding: a float step of the nearness or of the sum is worth its
 * weights (a one-ulp move of the agent can take the nearness up 2^-24 with
 * a walk of half that), so the margin grows with them (weights: 1 plus
 * them, the brain's bound_weights, brain.h). */
static double deferred_bound(const wy_emotion_agent *ag, const wy_threat_scale *s, double weights) {
  double reach = s->range > 0.0f ? (ag->walked - ag->defer_walked) / (double)s->range : 1.0;
  return (double)ag->defer_top + (double)s->weight * (reach < 1.0 ? reach : 1.0) + 1e-5 * weights;
}

/* Whether targets whose threats are at most bound (a double, or a float
 * taken exactly) could change what the pass does with its threats: be the
 * target attention takes (cur: its belief, NULL for none; switchable: its
 * stickiness time is over; switch_at: its threat plus the switch
 * threshold, read only when switchable; best: the best target so far, of threat best_threat), or
 * raise a level the emotions would see (Critical for fear, High for
 * aggression, while nothing else moves them already: n targets, hurt,
 * Tracked in states; the highest level reached so far, top_level). */
WY_INLINE bool counts(const wy_emotion_agent *ag, const wary_brain_def *d, double bound, const wy_belief *cur,
                      bool switchable, float switch_at, const wy_belief *best, float best_threat, int32_t n,
                      bool hurt, uint32_t states, int32_t top_level) {
  if (cur ? switchable && bound >= (double)switch_at : bound > 0.0 && (!best || bound >= (double)best_threat))
    return true;
  if (!d->emotions || !(bound > 0.0)) return false;
  bool critical = top_level == WARY_THREAT_CRITICAL, high = top_level >= WARY_THREAT_HIGH;
  bool tracked = states >> WARY_TRACKED & 1u;
  bool fear_open = !(hurt || n > 2 || ag->fear_input > 0.0f), aggression_open = !(hurt || tracked);
  bool reaches_critical = bound >= (double)d->threat_critical;
  bool reaches_high = reaches_critical || bound >= (double)d->threat_high;
  return (fear_open && !critical && reaches_critical) || (aggression_open && !high && reaches_high);
}

/* Scores listed entry e from its record (its record holds still while it
 * is dormant, so its entry then scores as the record would, wherever the
 * agent stands). */
WY_INLINE void score_entry(const wy_scorer *c, wy_belief_list *l, wy_listed *e) {
  wy_belief *b = &l->data[e->belief];
  /* A fading one's record as this step leaves it (belief.h). */
  if (b->confidence > 0.0f) wy_belief_catch_up_to((wary_world *)c->w, c->agent, e->belief, c->w->steps);
  threat(c, b, WY_SCORE_QUIET, &e->base);
  e->state_term = c->d->threat_weight_state * wy_threat_state_factor(b->state);
  e->hostile = b->hostile;
  memcpy(e->last_known, b->last_known, sizeof e->last_known);
  e->scored = true;
}

/* The listed ones (belief.h, wy_listed) after a change of who is hostile
 * (all of them) or of the list (those not scored yet): each is scored
 * (score_entry), and what the pass keeps of them is taken again. */
static void score_listed(const wy_scorer *c, wy_belief_list *l) {
  /* Most often only the list changed, and few are scored: the entries and
   * their count are read once (a catch-up below moves neither), so that
   * the others' walk keeps what it reads in registers. */
  wy_listed *listed = l->listed;
  int32_t count = l->listed_count;
  /* Their states only where the emotions read them (wy_emotion_step), from
   * the list's counts of them. */
  uint32_t states = 0;
  if (c->d->emotions)
    for (int32_t s = WARY_SUSPECTED; s <= WARY_REMEMBERED; s++) states |= (uint32_t)(l->listed_in[s] > 0) << s;
  l->listed_states = states;
  l->listed_dirty = false;
  /* Under the same relationships, a list that kept its largest base
   * (listed_kept: no scored hostile one that could have been it left or
   * moved) only gained entries: they are scored and weighed against it,
   * which takes the largest of the same floats as the walk of every one
   * below. */
  if (c->same && l->listed_kept) {
    l->listed_grown++;
    float top = l->listed_top;
    /* From the first that may be new, until all of them are scored. */
    for (int32_t j = l->listed_from, left = l->listed_new; left > 0 && j < count; j++) {
      wy_listed *e = &listed[j];
      if (e->scored) continue;
      score_entry(c, l, e);
      left--;
      if (e->hostile && e->base > top) top = e->base;
    }
    l->listed_top = top;
    l->listed_new = 0;
    l->listed_from = INT32_MAX;
    return;
  }
  /* Under other relationships every one is scored again: none is taken as
   * scored, so that the walk below tests one flag. */
  if (!c->same)
    for (int32_t j = 0; j < count; j++) listed[j].scored = false;
  float top = -INFINITY;
  for (int32_t j = 0; j < count; j++) {
    wy_listed *e = &listed[j];
    if (WY_RARELY(!e->scored)) score_entry(c, l, e);
    if (e->hostile && e->base > top) top = e->base;
  }
  l->listed_top = top;
  l->listed_kept = true;
  l->listed_new = 0;
  l->listed_from = INT32_MAX;
}

static int32_t dominant(const wy_emotion_agent *ag, const wary_brain_def *d) {
  if (ag->emotion[WARY_PANIC] > d->panic_override_threshold) return WARY_PANICKED;
  /* Fear first on a tie, then aggression, curiosity, alertness. */
  static const int32_t order[4] = {WARY_FEAR, WARY_AGGRESSION, WARY_CURIOSITY, WARY_ALERTNESS};
  static const int32_t name[4] = {WARY_FEARFUL, WARY_AGGRESSIVE, WARY_CURIOUS, WARY_ALERT};
  int32_t best = -1;
  for (int32_t i = 0; i < 4; i++) {
    float v = ag->emotion[order[i]];
    if (v > d->emotion_active_threshold && (best < 0 || v > ag->emotion[order[best]])) best = i;
  }
  return best < 0 ? WARY_CALM : name[best];
}

static void move(wy_emotion_agent *ag, const wary_brain_def *d, int32_t k, int dir, float rate,
                 float dt) {
  float v = ag->emotion[k];
  if (dir > 0) v += rate * dt;
  else if (dir < 0) v -= d->emotion_decay[k] * dt;
  float max = d->emotion_max[k];
  ag->emotion[k] = v < 0.0f ? 0.0f : (v > max ? max : v);
}

void wy_emotion_prefetch(const wary_world *w, int32_t agent, int stage) {
  /* At rest (wy_emotion_step): the pass reads none of it. */
  if (w->agents.data[agent].idle & WY_IDLE_EMOTIONS) return;
  const wy_emotion_agent *ag = &w->emotions->agents.data[agent];
  if (stage == 0) {
    wy_prefetch_span(ag, sizeof *ag);
    return;
  }
  /* Without a brain the pass reads none of this (without_threat): its
   * agents are never scored, which this record tells without the brain's
   * (a pass of one with a brain sets scored; the few passes after a load
   * or a rest that find it unset go without the hint). */
  if (!ag->scored) return;
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  if (ag->attention) {
    int32_t k = ag->attention_index;
    if (k >= 0 && k < l->count) WY_PREFETCH(&l->data[k]);
    else wy_belief_find_prefetch(l, ag->attention);
  }
  /* The pass reads the listed entries when it scores them again (the list
   * or the relationships changed), or when one of them could lead
   * (emotion_step): seldom where the agent has awake targets, at every
   * pass where it has none, as the last pass tells. */
  bool same = ag->scored_relations == w->relation_epoch;
  if (!same || l->listed_dirty || ag->listed_walked)
    wy_prefetch_span(l->listed, (size_t)l->listed_count * sizeof *l->listed);
}

/* An agent whose brain feels nothing (no threat, or emotions off): every
 * emotion 0 and calm. Turned off with an emotion showing, the change to
 * calm is told as any change is; with all of them 0 already, nothing is
 * written. */
static void feel_nothing(wary_world *w, wy_lane *lane, int32_t agent, wy_emotion_agent *ag) {
  for (int32_t k = 0; k < 5; k++)
    if (ag->emotion[k] != 0.0f) {
      memset(ag->emotion, 0, sizeof ag->emotion);
      break;
    }
  if (ag->dominant == WARY_CALM) return;
  wary_event *e = wy_lane_event(w, lane, WARY_EV_EMOTION_CHANGED, wy_agent_id(w, agent));
  if (e) {
    e->from_state = ag->dominant;
    e->to_state = WARY_CALM;
  }
  ag->dominant = WARY_CALM;
}

/* A profile whose brain keeps no threat (wary_brain_def.threat false): no
 * threat, attention or emotions. The damage records still fade as threat()
 * fades them (a record keeps its belief from being dropped; a belief with
 * one is never dormant, so the awake ones are all there are); a dormant
 * belief may sleep (nobody scores it); and a pass after the threat is
 * turned on again scores every belief and the listed ones anew. */
static void without_threat(wary_world *w, wy_lane *lane, int32_t agent, wy_emotion_agent *ag, wy_belief_list *l,
                           const wary_brain_def *d, float dt) {
  l->may_sleep = true;
  l->listed_dirty = true;
  ag->scored = false;
  ag->listed_walked = false;
  ag->attention = 0;
  ag->attention_index = -1;
  ag->attention_time = 0.0f;
  l->attended = 0;
  feel_nothing(w, lane, agent, ag);
  const int32_t *awake = wy_beliefs_walked(l);
  for (int32_t j = 0; j < l->awake_count; j++) {
    wy_belief *b = &l->data[awake[j]];
    if (b->state >= WARY_LOST && b->damage > 0.0f) {
      float v = b->damage - d->threat_damage_decay_rate * 100.0f * dt;
      b->damage = v > 0.0f ? v : 0.0f;
    }
  }
  if (l->awake_count == 0 && l->listed_count == 0) wy_agent_rest(w, &w->agents.data[agent], WY_IDLE_EMOTIONS);
}

/* Whether a pass that has just left the agent with no belief awake or
 * listed would, run again, leave it exactly so: no threat to score, no
 * attention, and emotions (when the brain moves them) all 0 with no fear
 * input, so that each falls to 0 again and the dominant one is what this
 * pass made it. Then the agent rests (WY_IDLE_EMOTIONS) until a belief is
 * awake or listed again (checked at each pass), its emotions or fear
 * input are set, or its brain changes. */
static bool at_rest(const wy_emotion_agent *ag, const wy_belief_list *l, const wary_brain_def *d) {
  if (l->awake_count != 0 || l->listed_count != 0 || ag->attention != 0) return false;
  if (!d->emotions) return true;
  if (ag->fear_input != 0.0f) return false;
  for (int32_t k = 0; k < 5; k++)
    if (ag->emotion[k] != 0.0f) return false;
  return true;
}

void wy_emotion_step(wary_world *w, wy_lane *lane, int32_t agent, float dt) {
  wy_belief_list *beliefs = wy_beliefs_of(w, agent);
  wy_agent *owner = &w->agents.data[agent];
  /* At rest (at_rest): this pass would change nothing. */
  if ((owner->idle & WY_IDLE_EMOTIONS) && beliefs->awake_count == 0 && beliefs->listed_count == 0) return;
  wy_agent_busy(owner, WY_IDLE_EMOTIONS);
  wy_emotion_agent *ag = &w->emotions->agents.data[agent];
  const wy_brain_profile *brain = wy_brain_profile_of(w, wy_agent_actor(w, agent)->profile);
  const wary_brain_def *d = &brain->def;
  if (!d->threat) {
    without_threat(w, lane, agent, ag, beliefs, d, dt);
    return;
  }
  bool idle_zero = brain->idle_zero;
  /* Dormant beliefs (belief.h) are idle: their threat stays 0 unwalked. */
  beliefs->may_sleep = idle_zero;
  /* What the emotions are moved by: counted only for a brain that moves
   * them (the default brain of a profile does not), as nothing else reads
   * it (counts reads it only then). */
  bool feels = d->emotions;
  int32_t n = 0;
  bool hurt = false;
  uint32_t states = 0; /* bit s: some target belief in state s */
  int32_t top_level = WARY_THREAT_NONE;
  /* A quiet belief's threat depends on nothing it holds that moves (belief.h,
   * scored): it changes only if hostility changed or, for a target (its
   * distance counts), the agent moved, and then not while the agent is
   * sure to be out of the distance range (far). */
  const float *pos = wy_agent_actor(w, agent)->pos;
  bool same = ag->scored && ag->scored_relations == w->relation_epoch;
  bool moved = !same || memcmp(ag->scored_pos, pos, sizeof ag->scored_pos) != 0;
  /* Rounded up (by more than the sum's rounding), so that it never falls
   * short of the way walked. */
  double walked_before = ag->walked;
  if (same && moved) ag->walked = wy_walk_add(ag->walked, pos, ag->scored_pos);
  bool far_holds = same && ag->walked <= ag->far_until;
  double far_until = far_holds ? ag->far_until : INFINITY;
  memcpy(ag->scored_pos, pos, sizeof ag->scored_pos);
  ag->scored_relations = w->relation_epoch;
  ag->scored = true;
  /* The brain's scale (brain.h), where the agent stands: this pass's,
   * which the list keeps (last_scale), set in place rather than copied. */
  beliefs->last_scale = brain->scale;
  memcpy(beliefs->last_scale.pos, pos, sizeof beliefs->last_scale.pos);
  wy_scorer sc = {w, agent, d, &beliefs->last_scale, idle_zero, same, dt};
  /* Deferred ones (belief.h): none left from the last pass, none counted. */
  if (ag->deferred == 0) {
    ag->defer_top = -INFINITY;
    ag->defer_walked = INFINITY;
  }
  /* Targets seen elsewhere (drift) move a deferred one's distance term as
   * the agent's walk would: the walk since each was last fresh takes them
   * in (its marks lowered by them; the doubles' rounding is far below
   * deferred_bound's margin). */
  double drift = ag->drift;
  ag->drift = 0.0;
  ag->defer_walked -= drift;
  walked_before -= drift;
  /* One pass: each belief's threat, then what it adds to the emotions and
   * whether it is the hostile target of highest threat. */
  const wy_belief *best = NULL;
  float best_threat = 0.0f;
  int32_t hurt_deferred = 0; /* deferred ones not tallied */
  /* The list's arrays, read once (the walk's stores through char-sized
   * fields may alias anything; nothing in it moves them). */
  wy_belief *data = beliefs->data;
  const int32_t *awake = wy_beliefs_walked(beliefs);
  int32_t awake_count = beliefs->awake_count;
  /* With every awake one in the tally (each deferred still: the full
   * resolve that ends a deferral takes its belief out of the tally,
   * resolve.c), the walk would step over all of them: it starts past them,
   * as it does at most passes. */
  int32_t first = same && beliefs->tally.count == awake_count ? awake_count : 0;
  for (int32_t j = first;; j++) {
    /* Most of those walked: deferred still (only held steps moved it since
     * a pass counted it in the tally), so deferrable as then, and adding
     * what the tally holds of it (belief.h, tallied). A loop of their own,
     * that keeps what it reads in registers. A tallied one is deferred
     * still and so not quiet (the full resolve that ends a deferral, the
     * only one that makes a belief quiet, takes it out of the tally:
     * resolve.c), so its tallied bits are all the loop reads of it. */
    if (same)
      while (j < awake_count && wy_tallied(&data[awake[j]])) j++;
    if (j >= awake_count) break;
    wy_belief *b = &data[awake[j]];
    /* Anything else comes out of the tally, to be taken as it is now: under
     * the same relationships the walk above stopped at one not in it. */
    if (!same) wy_belief_untally(beliefs, b);
    if (!b->quiet) {
      if (same && wy_belief_deferrable(b)) {
        /* Its threat can only have fallen since it was last fresh, but for
         * the agent's walk since: it waits, bounded (deferred_bound). */
        if (!b->deferred) {
          if (b->threat > ag->defer_top) ag->defer_top = b->threat;
          if (walked_before < ag->defer_walked) ag->defer_walked = walked_before;
          b->deferred = true;
          b->fresh = false;
        }
        if (wy_belief_tallies(b)) {
          wy_belief_tally(beliefs, b);
          continue;
        }
        /* A target with a damage record, walked as it was. */
        hurt_deferred++;
        n++;
        hurt = true;
        states |= 1u << b->state;
        continue;
      }
      /* Most of those walked: threat's own copy for them, with no margin. */
      threat(&sc, b, WY_SCORE_AWAKE, NULL);
      b->deferred = false;
      b->fresh = true;
    } else if (!(same && b->scored) || (moved && is_target(b->state) && !(b->far && far_holds))) {
      int way = same && b->scored ? WY_SCORE_KNOWN : WY_SCORE_QUIET;
      double margin = threat(&sc, b, way, NULL);
      b->scored = true;
      /* One just beyond the range is scored as if in it: the others then
       * hold for a tenth of the range walked at least. */
      b->far = margin > 0.1 * (double)d->threat_distance_range;
      /* Rounded down: the walk up to which it is sure to stay out of range. */
      double until = (ag->walked + margin) * (1.0 - 1e-15);
      if (b->far && until < far_until) far_until = until;
    }
    if (!is_target(b->state)) continue;
    /* best_threat starts at 0 and only rises: a threat above it is above 0. */
    if (b->threat > best_threat) {
      best = b;
      best_threat = b->threat;
    }
    if (!feels) continue;
    n++;
    hurt |= b->damage > 0.0f;
    states |= 1u << b->state;
    if (b->threat_level > top_level) top_level = b->threat_level;
  }
  /* What the deferred ones add, every one of them tallied now. */
  const wy_deferred_tally *tally = &beliefs->tally;
  int32_t deferred = tally->count + hurt_deferred;
  if (beliefs->listed_count > 0 && (!same || beliefs->listed_dirty)) score_listed(&sc, beliefs);
  if (feels) {
    n += tally->targets;
    states |= tally->states;
    /* The listed ones' states count as the awake ones' do (their states
     * hold while they sleep: a fading one on a rung wakes to leave it). */
    if (beliefs->listed_count > 0) states |= beliefs->listed_states;
  }
  ag->far_until = far_until;
  /* Attention's belief, and whether the best target counts this pass: with
   * none, attention takes the best; after its stickiness time, a best that
   * beats it by the switch threshold; else none. */
  int32_t at = -1;
  if (ag->attention) {
    int32_t k = ag->attention_index;
    at = k >= 0 && k < beliefs->count && beliefs->data[k].target == ag->attention
             ? k
             : wy_belief_find(beliefs, ag->attention);
  }
  const wy_belief *cur = at >= 0 ? &beliefs->data[at] : NULL;
  /* A fading listed one's threat as this step leaves it (belief.h). */
  if (cur && cur->dormant && cur->confidence > 0.0f) wy_belief_catch_up_to(w, agent, at, w->steps);
  if (cur && !is_target(cur->state)) cur = NULL;
  float held_for = ag->attention_time + dt; /* rounded as attention_time is below */
  bool held_long = held_for >= d->attention_stickiness_time;
  /* Its threat is read only once attention may switch (switchable, and
   * the switch below, whose time test is this one); before, only whether
   * it is above 0. A deferred one's is when its state's term is (the
   * other terms are at least 0, and a float sum is at least each of its
   * terms that are): then it is not worked out (most passes under
   * attention held for less than its stickiness time). */
  float cur_threat = 0.0f;
  if (cur && (held_long || !cur->deferred ||
              !(sc.scale->w_state * wy_threat_state_factor(cur->state) > 0.0f))) {
    /* What wy_belief_threat says, without the call for an awake one: most
     * often a deferred one, scored at this pass's scale (last_scale, set
     * above). */
    int8_t level;
    cur_threat = cur->dormant    ? wy_belief_threat(w, agent, at, NULL)
                 : cur->deferred ? wy_deferred_threat(beliefs, cur, &level)
                                 : cur->threat;
    if (cur_threat <= 0.0f) cur = NULL;
  }
  bool switchable = cur && held_long;
  /* At or below the exact one: a pass that scores what it need not
   * changes nothing (counts). Read only when switchable: before, the
   * threat may not have been worked out (0 here). */
  float switch_at = cur_threat + d->attention_switch_threshold;
  /* Under attention not yet switchable, in a brain that moves no
   * emotions, no bound counts (counts): the pass then works none out. */
  bool may_count = !cur || switchable || d->emotions;
  /* The dormant targets (belief.h, wy_listed): a listed one's threat is
   * what its entry scores where the agent stands now (wy_listed_threat),
   * worked out when asked. The pass scores from their records the ones not
   * scored under these relationships; it then works out their threats only
   * when one of them could be the target attention takes or raise a level
   * the emotions would see: none can score above its base plus the full
   * distance term, so while that bound of the largest base cannot, what
   * they add is their count and whether one is Lost. Ties go to the lower
   * index, as in one walk of every belief in order. */
  bool walk_listed = false;
  if (beliefs->listed_count > 0) {
    n += beliefs->listed_count;
    beliefs->listed_passes++;
    /* A negative distance weight would make the far ones the larger. The
     * bound is worked out only where it is read. */
    if (!(sc.scale->weight >= 0.0f)) {
      walk_listed = true;
    } else if (may_count) {
      float bound = beliefs->listed_top > -INFINITY ? wy_threat_score(sc.scale, beliefs->listed_top, 1.0f) : 0.0f;
      walk_listed =
          counts(ag, d, bound, cur, switchable, switch_at, best, best_threat, n, hurt, states, top_level);
    }
    if (walk_listed) {
      beliefs->listed_walks++;
      for (int32_t j = 0; j < beliefs->listed_count; j++) {
        const wy_listed *e = &beliefs->listed[j];
        /* A fading one's sum as this step leaves it (belief.h); the others'
         * records are not read. */
        if (e->scored && sc.scale->w_confidence != 0.0f && e->fading)
          wy_belief_catch_up_to(w, agent, e->belief, w->steps);
        int8_t level;
        float t = wy_listed_threat(beliefs, e, &level);
        if (t > 0.0f && (!best || t > best_threat || (t == best_threat && &beliefs->data[e->belief] < best))) {
          best = &beliefs->data[e->belief];
          best_threat = t;
        }
        if (level > top_level) top_level = level;
      }
    }
  }
  ag->listed_walked = walk_listed;
  /* The deferred ones (belief.h) the same way, bounded by deferred_bound:
   * while none of them counts, they wait; else they are scored now, each as
   * the loop above would have (counted only when there are some: a pass
   * without writes no counter). */
  if (deferred > 0) beliefs->deferred_passes++;
  if (deferred > 0 && may_count &&
      counts(ag, d, deferred_bound(ag, sc.scale, brain->bound_weights), cur, switchable, switch_at, best, best_threat,
             n, hurt, states, top_level)) {
    beliefs->deferred_scored++;
    const int32_t *walked = wy_beliefs_walked(beliefs);
    for (int32_t j = 0; j < beliefs->awake_count; j++) {
      wy_belief *b = &beliefs->data[walked[j]];
      if (!b->deferred) continue;
      threat(&sc, b, WY_SCORE_AWAKE, NULL);
      b->deferred = false;
      b->fresh = true;
      /* Every tallied one is deferred (the walk above): the tally empties. */
      wy_set_tallied(b, 0);
      if (!is_target(b->state)) continue;
      /* Ties go to the lower index, as in one walk of every belief. */
      if (b->threat > best_threat || (best && b->threat == best_threat && b < best)) {
        best = b;
        best_threat = b->threat;
      }
      if (b->threat_level > top_level) top_level = b->threat_level;
    }
    memset(&beliefs->tally, 0, sizeof beliefs->tally);
    deferred = 0;
  }
  ag->deferred = deferred;
  if (feels) {
    bool critical = top_level == WARY_THREAT_CRITICAL, high = top_level >= WARY_THREAT_HIGH,
         tracked = states >> WARY_TRACKED & 1u, suspected = states >> WARY_SUSPECTED & 1u,
         detected = (states >> WARY_DETECTED | states >> WARY_TRACKED) & 1u,
         tracked_or_lost = (states >> WARY_TRACKED | states >> WARY_LOST) & 1u;
    float fi = ag->fear_input;
    move(ag, d, WARY_FEAR, (hurt || n > 2 || critical || fi > 0.0f) ? 1 : (n == 0 ? -1 : 0),
         d->emotion_rise[WARY_FEAR] * (1.0f + fi), dt);
    move(ag, d, WARY_AGGRESSION, (hurt || tracked || high) ? 1 : (n == 0 ? -1 : 0),
         d->emotion_rise[WARY_AGGRESSION], dt);
    move(ag, d, WARY_CURIOSITY, suspected ? 1 : ((tracked_or_lost || n == 0) ? -1 : 0),
         d->emotion_rise[WARY_CURIOSITY], dt);
    move(ag, d, WARY_ALERTNESS, detected ? 1 : -1, d->emotion_rise[WARY_ALERTNESS], dt);
    float fear = ag->emotion[WARY_FEAR];
    move(ag, d, WARY_PANIC, ((fear > 0.8f && n > 1) || fi > 0.9f) ? 1 : ((fear < 0.5f && fi < 0.3f) ? -1 : 0),
         d->emotion_rise[WARY_PANIC], dt);
    int32_t now = dominant(ag, d);
    if (now != ag->dominant) {
      wary_event *e = wy_lane_event(w, lane, WARY_EV_EMOTION_CHANGED, wy_agent_id(w, agent));
      if (e) {
        e->from_state = ag->dominant;
        e->to_state = now;
      }
      ag->dominant = now;
    }
  } else {
    feel_nothing(w, lane, agent, ag);
  }
  /* Attention: the hostile target of highest threat, sticky. */
  if (!cur) {
    ag->attention = best ? best->target : 0;
    ag->attention_index = best ? (int32_t)(best - beliefs->data) : -1;
    ag->attention_time = 0.0f;
  } else {
    ag->attention_index = at;
    ag->attention_time += dt;
    /* held_long: this attention_time's test (held_for is it). */
    bool may_switch = best && best != cur && held_long;
    if (may_switch && best_threat >= cur_threat + d->attention_switch_threshold) {
      ag->attention = best->target;
      ag->attention_index = (int32_t)(best - beliefs->data);
      ag->attention_time = 0.0f;
    }
  }
  /* Attention's belief stays awake (belief.h, attended): a fading sleeper
   * is caught up through this step and woken. */
  beliefs->attended = ag->attention;
  if (ag->attention_index >= 0 && beliefs->data[ag->attention_index].dormant &&
      beliefs->data[ag->attention_index].confidence > 0.0f) {
    wy_belief_catch_up_to(w, agent, ag->attention_index, w->steps);
    wy_belief_wake(w, agent, ag->attention_index);
  }
  if (at_rest(ag, beliefs, d)) {
    /* The pass that wakes it scores what it finds anew, as after a change
     * of who is hostile: where it stood when it fell to rest is no guide.
     * What it kept for scoring is set to fixed values (unread while scored
     * is false), so that a snapshot of a resting agent holds the same bytes
     * whether its passes were skipped or not (a loaded copy runs one). */
    ag->scored = false;
    memset(ag->scored_pos, 0, sizeof ag->scored_pos);
    ag->scored_relations = 0;
    ag->walked = 0.0;
    ag->far_until = 0.0;
    wy_agent_rest(w, owner, WY_IDLE_EMOTIONS);
  }
}

int wary_set_fear_input(wary_world *w, wary_actor_id agent_h, float value) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (wy_bad(w->error, __func__, "value", value, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  wy_agent_wake(w, index, WY_IDLE_EMOTIONS);
  w->emotions->agents.data[index].fear_input = value;
  return WARY_OK;
}

int wary_set_emotion(wary_world *w, wary_actor_id agent_h, int32_t emotion, float value) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (emotion < 0 || emotion > WARY_PANIC)
    return wy_fail(w->error, WARY_ERR_NOT_FOUND, __func__,
                   "emotion: expected a wary_emotion_value in [0, %d] (fear .. panic), got %d", WARY_PANIC, emotion);
  if (wy_bad(w->error, __func__, "value", value, WY_UNIT)) return WARY_ERR_BAD_VALUE;
  const wary_brain_def *d = wy_brain_of(w, wy_agent_actor(w, index)->profile);
  /* Its next step would put it back to 0 (feel_nothing): a value set for
   * nothing is refused, not lost. */
  if (!d->threat || !d->emotions)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__,
                   "agent: expected an agent whose profile feels (its brain's threat and emotions on), got %x, "
                   "whose profile feels nothing",
                   agent);
  float max = d->emotion_max[emotion];
  wy_agent_wake(w, index, WY_IDLE_EMOTIONS);
  w->emotions->agents.data[index].emotion[emotion] = value < max ? value : max;
  return WARY_OK;
}

int wary_reset_emotions(wary_world *w, wary_actor_id agent_h) {
  wy_id agent = agent_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  wy_emotion_agent *ag = &w->emotions->agents.data[index];
  wy_agent_wake(w, index, WY_IDLE_EMOTIONS);
  memset(ag->emotion, 0, sizeof ag->emotion);
  ag->fear_input = 0.0f;
  ag->dominant = WARY_CALM;
  return WARY_OK;
}

/* The attention as the game may use it: an actor removed since the step
 * that chose it is none (the next step chooses again). */
static wy_id attention_live(const wary_world *w, wy_id id) { return id != 0 && wy_actor_get(w, id) ? id : 0; }

int wary_brain_get(const wary_world *w, wary_actor_id agent_h, wary_brain_state *out) {
  wy_id agent = agent_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  const wy_profile *p = wy_agent_profile(w, index);
  const wy_pain_agent *pain = wy_pain_of(w, index);
  const wy_emotion_agent *ag = &w->emotions->agents.data[index];
  out->health = pain->health;
  float total = 0.0f;
  for (int32_t k = 0; k < w->pain->type_count; k++) {
    out->pain_level[k] = pain->level[k];
    out->pain_enabled[k] = !pain->off[k];
    if (!pain->off[k]) total += pain->level[k];
  }
  out->pain_total = total < 1.0f ? total : 1.0f;
  memcpy(out->emotions, ag->emotion, sizeof out->emotions);
  out->fear_input = ag->fear_input;
  out->dominant = ag->dominant;
  out->attention.id = attention_live(w, ag->attention);
  out->attention_time = out->attention.id != 0 ? ag->attention_time : 0.0f;
  out->sense_count = p->slot_count;
  for (int32_t s = 0; s < p->slot_count; s++) out->multiplier[s] = wy_pain_multiplier(w, index, s);
  return WARY_OK;
}

int wary_attention_get(const wary_world *w, wary_actor_id agent_h, wary_actor_id *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  out->id = 0;
  int32_t index = wy_agent_index(w, agent_h.id, __func__, "agent");
  if (index < 0) return index;
  out->id = attention_live(w, w->emotions->agents.data[index].attention);
  return WARY_OK;
}

int wary_dominant_get(const wary_world *w, wary_actor_id agent_h, int32_t *out) {
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  *out = WARY_CALM;
  int32_t index = wy_agent_index(w, agent_h.id, __func__, "agent");
  if (index < 0) return index;
  *out = w->emotions->agents.data[index].dominant;
  return WARY_OK;
}

int wary_threat_get(const wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, wary_threat *out) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  if (!out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  memset(out, 0, sizeof *out);
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target, __func__, "target");
  out->relationship = wy_relationship(w, index, target);
  const wy_belief_list *l = wy_beliefs_of(w, index);
  int32_t i = wy_belief_find(l, target);
  if (i < 0) return wy_fail_no_belief(w, __func__, agent, target);
  out->damage = l->data[i].damage;
  /* A brain that keeps no threat: 0, none (its records are not kept). */
  if (!wy_brain_of(w, wy_agent_actor(w, index)->profile)->threat) return WARY_OK;
  int8_t level;
  out->score = wy_belief_threat(w, index, i, &level);
  out->level = level;
  return WARY_OK;
}
