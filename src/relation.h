/* relation.h - who is hostile to whom (seed 002): relationships between
 * teams, both ways, and each agent's own overrides about single actors. */
#ifndef WARY_RELATION_H
#define WARY_RELATION_H

#include "world.h"

typedef struct wy_team_relation {
  int32_t a, b, relationship;
} wy_team_relation;

/* A per-agent relationship override. */
typedef struct wy_relation {
  wy_id target;
  int32_t relationship;
} wy_relation;

typedef struct wy_relation_list {
  wy_relation relation[WARY_MAX_OVERRIDES];
  int32_t count;
} wy_relation_list;

struct wy_relations {
  wy_team_relation teams[WARY_MAX_TEAM_PAIRS];
  int32_t team_count;
  WY_ARRAY(wy_relation_list) agents; /* per agent */
  /* The overrides every agent holds, summed, so that removing an actor
   * passes the agents by when none holds any (the usual game). Derived,
   * never saved: a load counts them again. */
  int64_t overrides;
};

extern const wy_module wy_relation_module;

/* The relationship the game set of the agent to target (wary_relationship):
 * its override, else one set between their teams; -1 when it set none. */
static inline int32_t wy_relationship_set(const wary_world *w, int32_t agent, wy_id target,
                                          const wy_actor *t) {
  const struct wy_relations *r = w->relations;
  const wy_relation_list *own = &r->agents.data[agent];
  for (int32_t i = 0; i < own->count; i++)
    if (own->relation[i].target == target) return own->relation[i].relationship;
  int32_t a = wy_agent_actor(w, agent)->team, b = t->team;
  for (int32_t i = 0; i < r->team_count; i++) {
    const wy_team_relation *tr = &r->teams[i];
    if ((tr->a == a && tr->b == b) || (tr->a == b && tr->b == a)) return tr->relationship;
  }
  return -1;
}

/* The agent's relationship to target (wary_relationship): as set, else
 * the same non-zero team is friendly and anything else hostile. */
static inline int32_t wy_relationship(const wary_world *w, int32_t agent, wy_id target) {
  const wy_actor *t = wy_actor_get(w, target);
  if (!t) return WARY_NEUTRAL;
  int32_t rel = wy_relationship_set(w, agent, target, t);
  if (rel >= 0) return rel;
  int32_t a = wy_agent_actor(w, agent)->team;
  return a != 0 && a == t->team ? WARY_FRIENDLY : WARY_HOSTILE;
}

#endif
