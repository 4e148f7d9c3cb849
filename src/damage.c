/* damage.c - the damage sense (seed 002, "Who did it"). A hit is queued by
 * wary_apply_damage and counted at the next step's end, before beliefs
 * resolve: every hit once, several in one step all counted. The victim
 * believes the instigator did it (else a pawn causer, the causer's
 * instigator or owner, else the causer); its damage slot reports
 * damage so far / 100 (auto_confidence_from_damage) at the attacker's place,
 * and the belief keeps a damage record that the threat reads (emotion.c). */
#include "damage.h"

#include <float.h>
#include <string.h>

#include "belief.h"
#include "brain.h"
#include "events.h"

static bool create(wary_world *w) {
  w->damages = wy_alloc_zero(&w->alloc, sizeof *w->damages);
  return w->damages != NULL;
}

static void destroy(wary_world *w) {
  if (!w->damages) return;
  wy_array_free(&w->alloc, &w->damages->queue);
  wy_free(&w->alloc, w->damages, sizeof *w->damages);
}

const wy_module wy_damage_module = {.create = create, .destroy = destroy};

wary_damage_def wary_default_damage_def(void) {
  wary_damage_def d;
  memset(&d, 0, sizeof d);
  d.causer_is_pawn = true;
  return d;
}


int wary_apply_damage(wary_world *w, const wary_damage_def *d) {
  static const char *const fields[] = {"damage_def.instigator", "damage_def.causer",
                                       "damage_def.causer_instigator", "damage_def.causer_owner"};
  wy_error *e = w->error;
  if (!d) return wy_fail_null(e, WARY_ERR_BAD_VALUE, __func__, "damage_def");
  const wy_actor *victim = wy_actor_get(w, d->victim.id);
  if (!victim) return wy_actor_status(w, d->victim.id, __func__, "damage_def.victim");
  if (wy_bad(e, __func__, "damage_def.amount", d->amount, WY_NONNEG)) return WARY_ERR_BAD_VALUE;
  for (int i = 0; i < 3; i++)
    if (wy_bad_at(e, __func__, "damage_def.pos", i, d->pos[i], WY_FINITE)) return WARY_ERR_BAD_VALUE;
  const wy_id ids[] = {d->instigator.id, d->causer.id, d->causer_instigator.id, d->causer_owner.id};
  for (int i = 0; i < 4; i++)
    if (ids[i] != 0 && !wy_actor_get(w, ids[i])) return wy_actor_status(w, ids[i], __func__, fields[i]);
  if (d->type != 0 && !wary_name_string(w, d->type))
    return wy_fail(e, WARY_ERR_NOT_FOUND, __func__,
                   "damage_def.type: expected 0 (none) or an interned name (a key from wary_name), got %d", d->type);
  if (w->in_step) return wy_fail_in_step(e, __func__);
  wy_damage *q = wy_array_push(&w->alloc, &w->damages->queue);
  if (!q) return wy_fail_memory(e, __func__);
  q->def = *d;
  /* Who did it: the instigator's pawn; else a pawn causer, the causer's
   * instigator, or its owner (the def's, else the causer's own:
   * wary_actor_set_instigator, wary_actor_set_owner); else the causer itself. */
  const wy_actor *causer = d->causer.id ? wy_actor_get(w, d->causer.id) : NULL;
  wy_id causer_instigator = d->causer_instigator.id ? d->causer_instigator.id : causer ? causer->instigator : 0;
  wy_id causer_owner = d->causer_owner.id ? d->causer_owner.id : causer ? causer->owner : 0;
  wy_id who = 0;
  if (wy_actor_alive(w, d->instigator.id)) who = d->instigator.id;
  else if (causer && d->causer_is_pawn) who = d->causer.id;
  else if (wy_actor_alive(w, causer_instigator)) who = causer_instigator;
  else if (wy_actor_alive(w, causer_owner)) who = causer_owner;
  else if (causer) who = d->causer.id;
  if (who == d->victim.id) who = 0; /* self-damage makes no belief */
  q->attacker = who;
  /* No attacker: no position, zeros (a snapshot writes the queue, and its
   * bytes must not depend on what the memory held). */
  if (who) memcpy(q->attacker_pos, wy_actor_get(w, who)->pos, sizeof q->attacker_pos);
  else memset(q->attacker_pos, 0, sizeof q->attacker_pos);
  return WARY_OK;
}

void wy_damage_step(wary_world *w) {
  for (int32_t i = 0; i < w->damages->queue.count; i++) {
    const wy_damage *q = &w->damages->queue.data[i];
    wy_actor *v = wy_actor_get(w, q->def.victim.id);
    if (!v) continue;
    wary_event *e = wy_event_push(w, WARY_EV_DAMAGED, q->def.victim.id);
    if (e) {
      e->target.id = q->attacker;
      e->confidence = q->def.amount;
      e->instigator = q->def.instigator;
      e->tag = q->def.type;
      memcpy(e->pos, q->def.pos, sizeof e->pos);
    }
    if (v->agent < 0 || !q->attacker || !wy_actor_get(w, q->attacker)) continue;
    const wy_profile *p = &w->profiles.data[v->profile];
    const wary_brain_def *brain = wy_brain_of(w, v->profile);
    int32_t slot = p->builtin_slot[WARY_SENSE_DAMAGE];
    if (slot < 0 || !brain->auto_confidence_from_damage) continue;
    if (wy_ignores_teammate(p, v, wy_actor_get(w, q->attacker))) continue;
    wy_belief_list *l = wy_beliefs_of(w, v->agent);
    int32_t index = wy_belief_find(l, q->attacker);
    if (index < 0) index = wy_belief_create(w, v->agent, q->attacker, wy_actor_get(w, q->attacker));
    if (index < 0) continue;
    wy_belief_wake(w, v->agent, index);
    wy_belief *b = &l->data[index];
    wy_belief_slot *bs = &wy_belief_slots(l, index)[slot];
    /* Kept a float: hits of 3e38 add up to FLT_MAX, not infinity. */
    float damage = b->damage + q->def.amount;
    b->damage = damage <= FLT_MAX ? damage : FLT_MAX;
    float c = wy_clamp01(b->damage / 100.0f);
    /* Never lowered by a hit. */
    if (c > bs->share) bs->share = c;
    bs->reported = true;
    bs->accuracy = brain->damage_location_accuracy;
    memcpy(bs->location, q->attacker_pos, sizeof bs->location);
  }
  w->damages->queue.count = 0;
}
