/* emission.c - the queue of sounds and stimuli for the next step
 * (emission.h), and the stimulus def both fill in. */
#include "emission.h"

#include <string.h>

wary_stimulus_def wary_default_stimulus_def(void) {
  wary_stimulus_def d;
  memset(&d, 0, sizeof d);
  d.strength = 1.0f;
  d.radius = -1.0f;
  d.max_lod_tier = 2;
  return d;
}

static bool create(wary_world *w) {
  w->emissions = wy_alloc_zero(&w->alloc, sizeof *w->emissions);
  return w->emissions != NULL;
}

static void destroy(wary_world *w) {
  if (!w->emissions) return;
  wy_array_free(&w->alloc, &w->emissions->queue);
  wy_free(&w->alloc, w->emissions, sizeof *w->emissions);
}

const wy_module wy_emission_module = {.create = create, .destroy = destroy};

bool wy_emission_push(wary_world *w, const wy_emission *e) {
  wy_emission *slot = wy_array_push(&w->alloc, &w->emissions->queue);
  if (!slot) return false;
  *slot = *e;
  return true;
}
