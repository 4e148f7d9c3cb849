/* budget.c - the per-step ray budget: when the due (agent, target) vision
 * pairs of a step would cast more rays than the world's ray_budget, the pairs
 * most in need look and the others are put off to their agent's next vision
 * update. One serial pass, before any agent senses, chooses them.
 *
 * The rules (docs/budget.md says them for a designer):
 * - A pair counts when its agent's vision is due and its look needs rays: its
 *   cost is its sample count, the most rays it casts (the checks before the
 *   rays, wy_vision_plan, say whether it needs any; they are done here, once,
 *   for every due pair). The rest cost nothing and always look.
 * - Order: the longest put off first (steps since it was first put off), then
 *   the higher vision priority of its agent's profile, then the confidence
 *   closest to one of the profile's thresholds (suspect, detect, track; no
 *   belief is confidence 0), then the order the agents were added, then
 *   the order the targets were added (wy_actor.serial: the index and slot
 *   an actor has move when others are removed).
 * - Pairs are granted in that order while their cost fits in what is left of
 *   the budget; the first that does not fit ends the choice (so no pair waits
 *   behind one that came later). The first pair of a step is granted even if
 *   it alone costs more than the budget.
 * - A pair put off keeps what vision last said of it: a share it was seeing
 *   is held (as reported again), its loss reason stays (it is not out of
 *   range), nothing else of its belief moves for it.
 * - Bound: with G = max(1, floor(B / R)) pairs granted a step at least (B the
 *   budget, R the most rays a pair casts), a pair is put off at most
 *   ceil(D / G) - 1 of its updates in a row, D the most pairs needing rays due
 *   in one step, when every agent updates vision every I steps (a whole
 *   number: updates 3 and 4 steps apart drift apart): it waits at
 *   most I x (ceil(D / G) - 1) steps. Every pair granted before it was put
 *   off too, no later (the order above), and each of its updates that put it
 *   off granted G of those. In general (other intervals, LOD tiers) it is put
 *   off at most ceil(W / G) updates in a row, W the pairs waiting when it was
 *   first put off, itself included.
 */
#include "budget.h"

#include <math.h>
#include <string.h>

#include "belief.h"
#include "vision.h"

static bool create(wary_world *w) {
  w->budget = wy_alloc_zero(&w->alloc, sizeof *w->budget);
  return w->budget != NULL;
}

static void destroy(wary_world *w) {
  struct wy_budget *b = w->budget;
  if (!b) return;
  for (int32_t i = 0; i < b->agents.count; i++) wy_array_free(&w->tables, &b->agents.data[i]);
  wy_array_free(&w->alloc, &b->agents);
  wy_array_free(&w->alloc, &b->pairs);
  wy_array_free(&w->alloc, &b->sights);
  wy_array_free(&w->alloc, &b->first);
  wy_array_free(&w->alloc, &b->due);
  wy_array_free(&w->alloc, &b->cands);
  wy_array_free(&w->alloc, &b->cand_first);
  wy_array_free(&w->alloc, &b->heap);
  wy_free(&w->alloc, b, sizeof *b);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->budget->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->budget->agents.data[w->budget->agents.count++], 0, sizeof(wy_budget_waits));
}

static void agent_removed(wary_world *w, int32_t agent) {
  w->budget->waiting -= w->budget->agents.data[agent].count;
  wy_array_free(&w->tables, &w->budget->agents.data[agent]);
  wy_array_swap_remove(&w->budget->agents, agent);
}

/* Waits about a removed actor go with it. With none held anywhere (always
 * so without a budget) the agents' lists are passed by. */
static void actor_removed(wary_world *w, wy_id actor) {
  struct wy_budget *b = w->budget;
  if (b->waiting == 0) return;
  for (int32_t i = 0; i < b->agents.count; i++) {
    wy_budget_waits *q = &b->agents.data[i];
    int32_t kept = 0;
    for (int32_t k = 0; k < q->count; k++)
      if (q->data[k].target != actor) q->data[kept++] = q->data[k];
    b->waiting -= q->count - kept;
    q->count = kept;
  }
}

/* Its vision may now be another slot, or none: the pairs it put off are
 * planned again. */
static void slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count) {
  (void)from;
  (void)old_count;
  w->budget->waiting -= w->budget->agents.data[agent].count;
  w->budget->agents.data[agent].count = 0;
}

static void loaded(wary_world *w) {
  struct wy_budget *b = w->budget;
  b->waiting = 0;
  for (int32_t i = 0; i < b->agents.count; i++) b->waiting += b->agents.data[i].count;
}

const wy_module wy_budget_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .actor_removed = actor_removed, .slots_remap = slots_remap, .loaded = loaded,
};

int wary_world_set_ray_budget(wary_world *w, int32_t rays) {
  if (w->in_step) return wy_fail_in_step(w->error, __func__);
  if (rays < 0)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__,
                   "rays: expected an integer >= 0 (0: no budget), got %d", rays);
  w->def.ray_budget = rays;
  /* No step plans without a budget: what waited then would wait from long ago. */
  if (rays == 0) {
    for (int32_t i = 0; i < w->budget->agents.count; i++) w->budget->agents.data[i].count = 0;
    w->budget->waiting = 0;
  }
  return WARY_OK;
}

/* How far the pair's confidence is from changing state (a fading dormant
 * belief's as its steps leave it: belief.h, wy_belief_confidence_now). */
static float need(const wary_world *w, int32_t agent, const wy_profile *p, const wy_belief_list *l, wy_id target) {
  int32_t i = wy_belief_find(l, target);
  float c = i >= 0 ? wy_belief_confidence_now(w, agent, i) : 0.0f;
  float d = fabsf(c - p->def.suspect_threshold);
  float e = fabsf(c - p->def.detect_threshold);
  float f = fabsf(c - p->def.track_threshold);
  d = e < d ? e : d;
  return f < d ? f : d;
}

/* Lists the agent's due vision pairs in target slot order, each looked at
 * up to its rays, the ones that need rays with the step they have waited
 * since. */
static bool offer(wary_world *w, int32_t agent) {
  struct wy_budget *b = w->budget;
  const wy_agent *ag = &w->agents.data[agent];
  const wy_actor *a = &w->actors.data[ag->actor];
  const wy_profile *p = &w->profiles.data[a->profile];
  int32_t s = p->builtin_slot[WARY_SENSE_VISION];
  b->cand_first.data[agent] = b->cands.count;
  b->due.data[agent] = s >= 0 && wy_slot_due(ag, s);
  if (!b->due.data[agent]) return true;
  const wary_vision_def *v = wy_vision_of(w, a->profile);
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  const wy_budget_waits *q = &b->agents.data[agent];
  float reach = wy_slot_reach(w, a, p, s);
  /* The query the step would make for every slot due (gather), kept for it. */
  float range = 0.0f;
  for (int32_t i = 0; i < p->slot_count; i++) {
    float r = wy_slot_reach(w, a, p, i);
    if (wy_slot_due(ag, i) && r > range) range = r;
  }
  int32_t count = 0;
  const int32_t *cand = wy_grid_query(&w->grid, a->pos, range, p->def.ignore_same_team ? a->team : 0, &count);
  if (count > 0) {
    if (!wy_array_reserve(&w->alloc, &b->cands, b->cands.count + count)) return false;
    memcpy(&b->cands.data[b->cands.count], cand, (size_t)count * sizeof *cand);
    b->cands.count += count;
  }
  int32_t k = 0;
  float eye[3], forward[3];
  wy_actor_eye(w, a, eye, forward);
  for (int32_t c = 0; c < count; c++) {
    int32_t ts = cand[c];
    const wy_actor *t = &w->actors.data[ts];
    if (ts == ag->actor || wy_dist3(a->pos, t->pos) > reach) continue;
    wy_budget_pair *pair = wy_array_push(&w->alloc, &b->pairs);
    wy_sight *sight = wy_array_push(&w->alloc, &b->sights);
    if (!pair || !sight) return false;
    int32_t reason = WARY_LOSS_NONE;
    *pair = (wy_budget_pair){ts, 0, b->sights.count - 1, v->priority, w->steps, 0.0f, a->serial, t->serial, 0, true};
    if (!wy_vision_plan(w, eye, forward, v, t, &reason, NULL, sight, &w->stats.rays)) {
      b->sights.count--;
      pair->reason = (int8_t)reason;
      continue;
    }
    wy_id id = wy_actor_id(w, ts);
    pair->rays = sight->n;
    pair->need = need(w, agent, p, l, id);
    pair->granted = false;
    while (k < q->count && wy_id_index(q->data[k].target) < ts) k++;
    if (k < q->count && q->data[k].target == id) pair->since = q->data[k].since;
  }
  return true;
}

/* Whether pair i goes before pair j. */
static bool before(const wy_budget_pair *pairs, int32_t i, int32_t j, uint32_t now) {
  const wy_budget_pair *x = &pairs[i], *y = &pairs[j];
  uint32_t wx = now - x->since, wy = now - y->since;
  if (wx != wy) return wx > wy;
  if (x->priority != y->priority) return x->priority > y->priority;
  if (x->need != y->need) return x->need < y->need;
  if (x->agent_serial != y->agent_serial) return x->agent_serial < y->agent_serial;
  return x->target_serial < y->target_serial;
}

static void sift_down(int32_t *heap, int32_t n, int32_t at, const wy_budget_pair *pairs, uint32_t now) {
  for (;;) {
    int32_t best = at, l = 2 * at + 1, r = l + 1;
    if (l < n && before(pairs, heap[l], heap[best], now)) best = l;
    if (r < n && before(pairs, heap[r], heap[best], now)) best = r;
    if (best == at) return;
    int32_t t = heap[at];
    heap[at] = heap[best];
    heap[best] = t;
    at = best;
  }
}

/* Grants the pairs that cast rays in order while they fit (all of them when
 * they all do). */
static void choose(wary_world *w, int64_t total) {
  struct wy_budget *b = w->budget;
  wy_budget_pair *pairs = b->pairs.data;
  int64_t left = w->def.ray_budget;
  if (total <= left) {
    for (int32_t i = 0; i < b->pairs.count; i++) pairs[i].granted = true;
    return;
  }
  int32_t *heap = b->heap.data;
  int32_t n = 0;
  for (int32_t i = 0; i < b->pairs.count; i++)
    if (pairs[i].rays > 0) heap[n++] = i;
  for (int32_t i = n / 2 - 1; i >= 0; i--) sift_down(heap, n, i, pairs, w->steps);
  for (int32_t granted = 0; n > 0; granted++) {
    wy_budget_pair *top = &pairs[heap[0]];
    if (top->rays > left && granted > 0) return;
    top->granted = true;
    left -= top->rays;
    heap[0] = heap[--n];
    sift_down(heap, n, 0, pairs, w->steps);
  }
}

/* A pair put off keeps what vision last said: a share it was seeing is held
 * (the slot reports it again), its reason stays that of its last look (the
 * step's out-of-range stamp that follows does not reach it). */
static void hold(wary_world *w, int32_t agent, int32_t slot, wy_id target) {
  wy_belief_list *l = wy_beliefs_of(w, agent);
  int32_t i = wy_belief_find(l, target);
  if (i < 0) return;
  wy_belief_slot *bs = &wy_belief_slots(l, i)[slot];
  bs->reason = (int8_t)wy_belief_reason(l, bs, slot);
  bs->reason_step = w->steps;
  if (bs->active) bs->reported = true;
}

/* The waits of a pair that looks (or no longer needs rays) end. */
static void waited(wary_world *w, uint32_t since) {
  uint32_t steps = w->steps - since;
  if (steps > (uint32_t)w->stats.budget_max_wait)
    w->stats.budget_max_wait = steps > (uint32_t)INT32_MAX ? INT32_MAX : (int32_t)steps;
}

/* Each due agent's waits become its pairs put off this step. */
static void settle(wary_world *w) {
  struct wy_budget *b = w->budget;
  for (int32_t agent = 0; agent < w->agents.count; agent++) {
    if (!b->due.data[agent]) continue;
    wy_budget_waits *q = &b->agents.data[agent];
    int32_t n = b->first.data[agent + 1] - b->first.data[agent];
    const wy_budget_pair *pair = n > 0 ? &b->pairs.data[b->first.data[agent]] : NULL;
    int32_t slot = wy_agent_profile(w, agent)->builtin_slot[WARY_SENSE_VISION];
    int32_t k = 0;
    for (int32_t i = 0; i < q->count; i++) {
      int32_t ts = wy_id_index(q->data[i].target);
      while (k < n && pair[k].target < ts) k++;
      if (k == n || pair[k].target != ts || pair[k].granted) waited(w, q->data[i].since);
    }
    b->waiting -= q->count;
    q->count = 0;
    for (int32_t i = 0; i < n; i++) {
      if (pair[i].granted) continue;
      wy_id target = wy_actor_id(w, pair[i].target);
      q->data[q->count++] = (wy_budget_wait){target, pair[i].since};
      hold(w, agent, slot, target);
      w->stats.budget_deferred++;
    }
    b->waiting += q->count;
  }
}

bool wy_budget_plan(wary_world *w) {
  struct wy_budget *b = w->budget;
  b->planned = false;
  if (w->def.ray_budget <= 0) return true;
  int32_t agents = w->agents.count;
  b->pairs.count = 0;
  b->sights.count = 0;
  b->cands.count = 0;
  /* cands gets room for one at least: never NULL, wy_budget_candidates
   * points into it. */
  if (!wy_array_reserve(&w->alloc, &b->first, agents + 1) || !wy_array_reserve(&w->alloc, &b->due, agents) ||
      !wy_array_reserve(&w->alloc, &b->cand_first, agents + 1) || !wy_array_reserve(&w->alloc, &b->cands, 1))
    return false;
  for (int32_t i = 0; i < agents; i++) {
    b->first.data[i] = b->pairs.count;
    if (!offer(w, i)) return false;
  }
  b->first.data[agents] = b->pairs.count;
  b->cand_first.data[agents] = b->cands.count;
  if (!wy_array_reserve(&w->alloc, &b->heap, b->pairs.count)) return false;
  /* Room first: past here nothing fails. */
  for (int32_t i = 0; i < agents; i++)
    if (b->due.data[i] && !wy_array_reserve(&w->tables, &b->agents.data[i], b->first.data[i + 1] - b->first.data[i]))
      return false;
  int64_t total = 0;
  for (int32_t i = 0; i < b->pairs.count; i++) total += b->pairs.data[i].rays;
  choose(w, total);
  b->planned = true;
  return true;
}

void wy_budget_settle(wary_world *w) {
  if (!w->budget->planned) return;
  settle(w);
  w->stats.budget_pairs += (uint64_t)w->budget->sights.count;
}
