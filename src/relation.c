/* relation.c - relationships between teams and each agent's overrides
 * (relation.h): setting them. */
#include "relation.h"

#include <string.h>

static bool create(wary_world *w) {
  w->relations = wy_alloc_zero(&w->alloc, sizeof *w->relations);
  return w->relations != NULL;
}

static void destroy(wary_world *w) {
  if (!w->relations) return;
  wy_array_free(&w->alloc, &w->relations->agents);
  wy_free(&w->alloc, w->relations, sizeof *w->relations);
}

static bool reserve(wary_world *w, int32_t agents, int32_t profiles) {
  (void)profiles;
  return wy_array_reserve(&w->alloc, &w->relations->agents, agents);
}

static void agent_added(wary_world *w, int32_t agent) {
  (void)agent;
  memset(&w->relations->agents.data[w->relations->agents.count++], 0, sizeof(wy_relation_list));
}

static void agent_removed(wary_world *w, int32_t agent) {
  w->relations->overrides -= w->relations->agents.data[agent].count;
  wy_array_swap_remove(&w->relations->agents, agent);
}

/* Overrides about a removed actor go with it: its id never names anyone
 * again, and the room is the agent's to use. With none held anywhere
 * there is nothing to look for: a world of 10,000 agents would read each
 * one's list for nothing. */
static void actor_removed(wary_world *w, wy_id actor) {
  if (w->relations->overrides == 0) return;
  for (int32_t i = 0; i < w->relations->agents.count; i++) {
    wy_relation_list *l = &w->relations->agents.data[i];
    for (int32_t k = 0; k < l->count; k++)
      if (l->relation[k].target == actor) {
        l->relation[k--] = l->relation[--l->count];
        w->relations->overrides--;
      }
  }
}

static void loaded(wary_world *w) {
  struct wy_relations *r = w->relations;
  r->overrides = 0;
  for (int32_t i = 0; i < r->agents.count; i++) r->overrides += r->agents.data[i].count;
}

const wy_module wy_relation_module = {
  .create = create, .destroy = destroy, .reserve = reserve, .agent_added = agent_added,
  .agent_removed = agent_removed, .actor_removed = actor_removed, .loaded = loaded,
};

int wary_set_relationship(wary_world *w, int32_t a, int32_t b, int32_t rel) {
  if (wy_bad_int(w->error, __func__, "relationship", -1, rel, WARY_HOSTILE, WARY_FRIENDLY)) return WARY_ERR_BAD_VALUE;
  struct wy_relations *r = w->relations;
  for (int32_t i = 0; i < r->team_count; i++) {
    wy_team_relation *t = &r->teams[i];
    if ((t->a == a && t->b == b) || (t->a == b && t->b == a)) {
      t->relationship = rel;
      w->relation_epoch++;
      return WARY_OK;
    }
  }
  if (r->team_count >= WARY_MAX_TEAM_PAIRS)
    return wy_fail(w->error, WARY_ERR_FULL, __func__, "table full: %d pairs of teams at most, none of %d and %d",
                   WARY_MAX_TEAM_PAIRS, a, b);
  r->teams[r->team_count++] = (wy_team_relation){a, b, rel};
  w->relation_epoch++;
  return WARY_OK;
}

int wary_set_relationship_override(wary_world *w, wary_actor_id agent_h, wary_actor_id target_h, int32_t rel) {
  wy_id agent = agent_h.id;
  wy_id target = target_h.id;
  int32_t index = wy_agent_index(w, agent, __func__, "agent");
  if (index < 0) return index;
  if (!wy_actor_get(w, target)) return wy_actor_status(w, target, __func__, "target");
  /* An override of itself is refused; removing one (a save of an older
   * release may hold it) is not. */
  if (target == agent && rel >= 0) return wy_fail_self(w, __func__, target);
  if (rel < -1 || rel > WARY_FRIENDLY)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__,
                   "relationship: expected -1 (no override) or an integer in [0, 2], got %d", rel);
  wy_relation_list *l = &w->relations->agents.data[index];
  for (int32_t i = 0; i < l->count; i++) {
    if (l->relation[i].target != target) continue;
    if (rel < 0) {
      l->relation[i] = l->relation[--l->count];
      w->relations->overrides--;
    } else {
      l->relation[i].relationship = rel;
    }
    w->relation_epoch++;
    return WARY_OK;
  }
  if (rel < 0) return WARY_OK;
  if (l->count >= WARY_MAX_OVERRIDES)
    return wy_fail(w->error, WARY_ERR_FULL, __func__,
                   "table full: agent %x overrides %d actors at most, target %x is not one of them", agent,
                   WARY_MAX_OVERRIDES, target);
  l->relation[l->count++] = (wy_relation){target, rel};
  w->relations->overrides++;
  w->relation_epoch++;
  return WARY_OK;
}
