/* emission.h - what was emitted since the last step, in the order it was
 * made: sounds (each also a stimulus, Stimulus.Sound.<name>) and stimuli.
 * Hearing delivers the sounds, the stimulus bus every entry, then the queue
 * empties. */
#ifndef WARY_EMISSION_H
#define WARY_EMISSION_H

#include "world.h"

/* A sound or stimulus queued for the next step. */
typedef struct wy_emission {
  bool is_sound;
  int32_t sound;
  wary_stimulus_def stimulus; /* tag, pos, source, ... (for a sound: its stimulus) */
} wy_emission;

struct wy_emissions {
  WY_ARRAY(wy_emission) queue;
};

extern const wy_module wy_emission_module;

/* False on out of memory. */
bool wy_emission_push(wary_world *w, const wy_emission *e);

#endif
