/* report.c - the step's answers of the built-in senses (report.h). */
#include "report.h"

#include <string.h>

static bool create(wary_world *w) {
  w->reports = wy_alloc_zero(&w->alloc, sizeof *w->reports);
  return w->reports != NULL;
}

static void destroy(wary_world *w) {
  if (!w->reports) return;
  wy_array_free(&w->alloc, &w->reports->actors);
  wy_array_free(&w->alloc, &w->reports->places);
  wy_free(&w->alloc, w->reports, sizeof *w->reports);
}

const wy_module wy_report_module = {.create = create, .destroy = destroy};

bool wy_report_push(wary_world *w, int32_t agent, int32_t slot, wy_id target, float confidence,
                    int32_t reason, float accuracy, const float *pos) {
  wy_report *r = wy_array_push(&w->alloc, &w->reports->actors);
  if (!r) return false;
  r->agent = agent;
  r->slot = slot;
  r->target = target;
  r->dt = w->agents.data[agent].since[slot];
  r->confidence = confidence;
  r->reason = reason;
  r->accuracy = accuracy;
  r->has_pos = pos != NULL;
  if (pos) memcpy(r->pos, pos, sizeof r->pos);
  r->belief = -1;
  return true;
}

bool wy_report_place(wary_world *w, int32_t agent, const float pos[3], int32_t tag,
                     float confidence, float accuracy) {
  wy_place_note *r = wy_array_push(&w->alloc, &w->reports->places);
  if (!r) return false;
  r->agent = agent;
  memcpy(r->pos, pos, sizeof r->pos);
  r->tag = tag;
  r->confidence = confidence;
  r->accuracy = accuracy;
  return true;
}
