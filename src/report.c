/* report.c - the step's answers of the built-in senses (report.h). */
#include "report.h"

#include <string.h>

static bool create(wary_world *w) {
  w->reports = wy_alloc_zero(&w->alloc, sizeof *w->reports);
  bool ok = w->reports != NULL;
  for (int32_t i = 0; ok && i < w->lanes.count; i++) {
    w->lanes.data[i].reports = wy_alloc_zero(&w->alloc, sizeof *w->reports);
    ok = w->lanes.data[i].reports != NULL;
  }
  return ok;
}

static void free_reports(wary_world *w, struct wy_reports *r) {
  if (!r) return;
  wy_array_free(&w->alloc, &r->actors);
  wy_array_free(&w->alloc, &r->places);
  wy_free(&w->alloc, r, sizeof *r);
}

static void destroy(wary_world *w) {
  for (int32_t i = 0; i < w->lanes.count; i++) free_reports(w, w->lanes.data[i].reports);
  free_reports(w, w->reports);
}

const wy_module wy_report_module = {.create = create, .destroy = destroy};

bool wy_report_push(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, wy_id target,
                    float confidence, int32_t reason, float accuracy, const float *pos) {
  if (!wy_report_push_found(w, into, agent, slot, target, confidence, reason, accuracy,
                            w->agents.data[agent].slot[slot].since, -1))
    return false;
  if (pos) {
    wy_report *r = &into->actors.data[into->actors.count - 1];
    r->has_pos = true;
    memcpy(r->pos, pos, sizeof r->pos);
  }
  return true;
}

bool wy_report_push_found(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, wy_id target,
                          float confidence, int32_t reason, float accuracy, float dt, int32_t belief) {
  wy_report *r = wy_array_push(&w->alloc, &into->actors);
  if (!r) return false;
  r->agent = agent;
  r->slot = (int8_t)slot;
  r->target = target;
  r->dt = dt;
  r->confidence = confidence;
  r->reason = (int8_t)reason;
  r->accuracy = accuracy;
  r->has_pos = false;
  r->belief = belief;
  return true;
}

bool wy_report_place(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, const float pos[3],
                     int32_t tag, float confidence, float accuracy) {
  wy_place_note *r = wy_array_push(&w->alloc, &into->places);
  if (!r) return false;
  r->agent = agent;
  r->slot = slot;
  memcpy(r->pos, pos, sizeof r->pos);
  r->tag = tag;
  r->confidence = confidence;
  r->accuracy = accuracy;
  return true;
}
