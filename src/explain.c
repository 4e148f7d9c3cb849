/* explain.c - why an agent believes what it does of a target (wary_explain):
 * a list of named factors, sense by sense (each one's formula, then how
 * fusion took its share), then the belief's own: fusion, the evidence in
 * force and what set the confidence. It reads what the last step left
 * (vision, whose last evaluation is not kept, is evaluated again now, as
 * wary_vision_explain_get does) and changes nothing a step reads. */
#include <string.h>

#include "belief.h"
#include "custom.h"
#include "hearing.h"
#include "pain.h"
#include "resolve.h"
#include "small_senses.h"
#include "sound.h"
#include "vision.h"

/* The list being written: factors past cap are counted, not written. */
typedef struct wy_factors {
  wary_factor *out;
  int32_t cap, count;
  int32_t sense, slot; /* the sense the next factors belong to */
} wy_factors;

static void put(wy_factors *f, int32_t kind, int32_t item, int32_t ref, int32_t detail, float value) {
  if (f->count < f->cap)
    f->out[f->count] = (wary_factor){kind, f->sense, f->slot, item, ref, detail, value};
  f->count++;
}

static void factor(wy_factors *f, int32_t kind, float value) { put(f, kind, -1, -1, 0, value); }

static void vision(wary_world *w, const wy_actor *a, const wy_actor *t, wy_factors *f) {
  wary_vision_explain e;
  memset(&e, 0, sizeof e);
  int32_t reason;
  wy_vision_eval(w, a, wy_vision_of(w, a->profile), t, &reason, &e, &w->stats.rays, &w->stats.vision_rays);
  factor(f, WARY_FACTOR_DISTANCE, e.distance_falloff);
  factor(f, WARY_FACTOR_ANGLE, e.angle_falloff);
  factor(f, WARY_FACTOR_EXPOSURE, e.exposure);
  factor(f, WARY_FACTOR_LIGHT, e.light_factor);
  factor(f, WARY_FACTOR_MOTION, e.motion_bonus);
  factor(f, WARY_FACTOR_WEATHER, e.weather);
  factor(f, WARY_FACTOR_VISIBILITY, e.visibility);
  put(f, WARY_FACTOR_CONE, -1, -1, e.cone, e.cone_scale);
}

/* Each sound of the last update from target, weighed as it arrived; then the
 * loudest, the build-up and the higher. */
static void hearing(const wary_world *w, int32_t agent, const wy_actor *a, wy_id target, wy_factors *f) {
  const wy_hearing_agent *ag = &w->hearing->agents.data[agent];
  const wary_hearing_def *h = wy_hearing_of(w, a->profile);
  int32_t n = 0;
  for (int32_t i = 0; i < ag->heard.count && n < WARY_EXPLAIN_SOUNDS; i++) {
    const wy_pending *p = &ag->heard.data[i];
    if (p->maker != target) continue;
    float x = p->distance / p->range;
    put(f, WARY_FACTOR_SOUND, n, p->sound, 0, p->heard);
    put(f, WARY_FACTOR_LOUDNESS, n, p->sound, 0, w->sounds->types.data[p->sound].def.loudness);
    put(f, WARY_FACTOR_FILTER, n, p->sound, 0, p->filter);
    put(f, WARY_FACTOR_DISTANCE, n, p->sound, 0, 1.0f - x * x);
    put(f, WARY_FACTOR_WALLS, n, p->sound, p->walls, wy_hearing_through_walls(1.0f, h->wall_absorption, p->walls));
    put(f, WARY_FACTOR_WEATHER, n, p->sound, 0, p->weather);
    n++;
  }
  for (int32_t i = 0; i < ag->tracks.count; i++) {
    const wy_track *t = &ag->tracks.data[i];
    if (t->maker != target) continue;
    factor(f, WARY_FACTOR_SINGLE, t->heard);
    factor(f, WARY_FACTOR_BUILD_UP, t->accum);
    put(f, WARY_FACTOR_HEARD, -1, -1, t->accum > t->heard, wy_clamp01(t->heard > t->accum ? t->heard : t->accum));
  }
}

static void small_sense(wary_world *w, const wy_actor *a, int32_t sense, const wy_actor *t, wy_factors *f) {
  wy_small_factors k;
  int32_t reason;
  wy_small_sense(w, a, sense, t, wy_dist3(a->pos, t->pos), &reason, &w->stats.rays, &k);
  if (sense == WARY_SENSE_SMELL) factor(f, WARY_FACTOR_SCENT, k.scent);
  factor(f, WARY_FACTOR_SENSITIVITY, k.sensitivity);
  /* Touch's is its reach: 1 within it, 0 out of it. */
  factor(f, WARY_FACTOR_DISTANCE, k.distance);
  if (sense == WARY_SENSE_ECHOLOCATION) factor(f, WARY_FACTOR_CLEAR, k.clear);
}

/* What evaluate returned for this slot in the last step, if it was asked. */
static void custom(const wary_world *w, int32_t agent, int32_t slot, wy_id target, wy_factors *f) {
  const struct wy_custom *cs = w->custom;
  for (int32_t i = 0; i < cs->queries.count; i++) {
    const wary_sense_query *q = &cs->queries.data[i];
    if (cs->links.data[i].agent != agent || q->slot != slot || q->target.id != target) continue;
    const wary_sense_result *r = &cs->results.data[i];
    bool active = r->active && !cs->links.data[i].failed;
    /* As the step took them (apply_results). */
    put(f, WARY_FACTOR_RETURNED, -1, -1, active, active ? wy_result_value(r->confidence) : 0.0f);
    factor(f, WARY_FACTOR_ACCURACY, wy_result_value(r->accuracy));
  }
}

static int32_t status_of(const wy_belief_slot *bs, const wy_slot *sl) {
  if (bs->active) return WARY_SHARE_REPORTING;
  return wy_slot_in_grace(bs, sl) ? WARY_SHARE_GRACE : WARY_SHARE_SILENT;
}

/* The senses' factors, then how fusion took each share. */
static void slots(wary_world *w, int32_t agent, const wy_actor *a, const wy_actor *t, int32_t i,
                  wy_factors *f) {
  const wy_profile *p = &w->profiles.data[a->profile];
  const wy_belief_list *l = wy_beliefs_of(w, agent);
  const wy_belief *b = &l->data[i];
  const wy_belief_slot *bsl = wy_belief_slots(l, i);
  const float *dull = wy_pain_of(w, agent)->dull;
  int32_t best;
  wy_fuse(bsl, p, dull, &best);
  for (int32_t s = 0; s < p->slot_count; s++) {
    const wy_slot *sl = &p->slots[s];
    const wy_belief_slot *bs = &bsl[s];
    if (!bs->ever && bs->share <= 0.0f) continue;
    f->sense = sl->sense;
    f->slot = s;
    /* Smell, touch and echolocation are worked out now, silent or not: a
     * silent one's say why (echolocation's clear 0 behind a wall). */
    bool small = sl->sense >= WARY_SENSE_SMELL && sl->sense <= WARY_SENSE_ECHOLOCATION;
    if (small) {
      small_sense(w, a, sl->sense, t, f);
    } else if (bs->active) {
      if (sl->sense == WARY_SENSE_VISION) vision(w, a, t, f);
      else if (sl->sense == WARY_SENSE_HEARING) hearing(w, agent, a, b->target, f);
      else if (sl->sense >= WARY_BUILTIN_SENSES) custom(w, agent, s, b->target, f);
    }
    if (sl->sense == WARY_SENSE_DAMAGE) {
      factor(f, WARY_FACTOR_DAMAGE, b->damage);
      put(f, WARY_FACTOR_DECAY, -1, -1, !wy_slot_in_grace(bs, sl) && bs->share > 0.0f,
          p->def.fade_rate * sl->decay_scale);
    }
    put(f, WARY_FACTOR_SHARE, -1, -1, status_of(bs, sl), bs->share);
    factor(f, WARY_FACTOR_PAIN, dull[s]);
    factor(f, WARY_FACTOR_WEIGHT, sl->weight);
    put(f, WARY_FACTOR_WEIGHED, -1, -1, s == best, bs->share * dull[s] * sl->weight);
    if (wy_slot_corroborates(bsl, p, dull, best, s)) factor(f, WARY_FACTOR_BONUS, p->def.corroboration_bonus);
  }
}

/* Fusion, the evidence in force, and which rule set the confidence. */
static void result(const wary_world *w, const wy_belief *b, wy_factors *f) {
  f->sense = -1;
  f->slot = -1;
  factor(f, WARY_FACTOR_FUSED, b->fused);
  wy_evidence_sum e = wy_evidence_sum_of(w, b);
  if (b->evidence >= 0) {
    const wy_evidence_block *block = &w->beliefs->evidence.data[b->evidence];
    for (int32_t k = 0; k < block->count; k++)
      put(f, WARY_FACTOR_EVIDENCE, k, block->entry[k].tag, block->entry[k].op, block->entry[k].value);
  }
  if (e.lower > 0.0f) factor(f, WARY_FACTOR_LOWER, e.lower);
  if (e.floor_entry >= 0) put(f, WARY_FACTOR_FLOOR, e.floor_entry, -1, 0, e.floor);
  if (e.ceiling_entry >= 0) put(f, WARY_FACTOR_CEILING, e.ceiling_entry, -1, 0, e.ceiling);
  /* The last resolve's rules in the order they apply, the last that gave
   * the confidence its value naming it (resolve.c). */
  float c = b->confidence;
  float senses = b->fused - e.lower > 0.0f ? b->fused - e.lower : 0.0f;
  int32_t rule = !b->sensed ? WARY_RULE_FADING : c == senses ? WARY_RULE_FUSION : WARY_RULE_FALLING;
  int32_t entry = -1;
  if (e.invalidate) {
    rule = WARY_RULE_INVALIDATED;
    for (int32_t k = 0; k < wy_evidence_count_of(w, b) && entry < 0; k++)
      if (w->beliefs->evidence.data[b->evidence].entry[k].op == WARY_INVALIDATE) entry = k;
  } else if (e.ceiling_entry >= 0 && c == e.ceiling && !(rule == WARY_RULE_FUSION && senses <= e.ceiling)) {
    rule = WARY_RULE_CEILING;
    entry = e.ceiling_entry;
  } else if (e.floor_entry >= 0 && c == e.floor && !(rule == WARY_RULE_FUSION && senses >= e.floor)) {
    rule = WARY_RULE_FLOOR;
    entry = e.floor_entry;
  }
  put(f, WARY_FACTOR_RESULT, entry, -1, rule, c);
  factor(f, WARY_FACTOR_SMOOTHED, b->smoothed);
}

int32_t wary_explain(const wary_world *cw, wary_actor_id agent_h, wary_actor_id target_h, wary_factor *out,
                     int32_t cap) {
  wary_world *w = (wary_world *)cw;
  wy_id agent = agent_h.id, target = target_h.id;
  const wy_actor *a = wy_actor_get(w, agent), *t = wy_actor_get(w, target);
  if (!a) return wy_actor_status(w, agent, __func__, "agent");
  if (!t) return wy_actor_status(w, target, __func__, "target");
  if (a->agent < 0) return wy_fail_not_agent(w, __func__, "agent", agent);
  if (cap > 0 && !out) return wy_fail_null(w->error, WARY_ERR_BAD_VALUE, __func__, "out");
  if (cap < 0)
    return wy_fail(w->error, WARY_ERR_BAD_VALUE, __func__, "cap: expected an integer >= 0, got %d", cap);
  wy_factors f = {out, cap, 0, -1, -1};
  const wy_profile *p = &w->profiles.data[a->profile];
  int32_t i = wy_belief_find(wy_beliefs_of(w, a->agent), target);
  if (i < 0) {
    int32_t vs = p->builtin_slot[WARY_SENSE_VISION];
    if (vs >= 0) {
      f.sense = WARY_SENSE_VISION;
      f.slot = vs;
      vision(w, a, t, &f);
    }
    return f.count < cap ? f.count : cap;
  }
  /* A dormant belief's clocks are replayed first, as wary_belief_get does. */
  if (wy_beliefs_of(w, a->agent)->data[i].dormant) wy_beliefs_catch_up(w, a->agent);
  slots(w, a->agent, a, t, i, &f);
  result(w, &wy_beliefs_of(w, a->agent)->data[i], &f);
  return f.count < cap ? f.count : cap;
}
