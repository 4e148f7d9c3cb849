/* stimulus.h - the stimulus bus's delivery (seed 004) to the vibration
 * sense and to the custom senses' inbox. */
#ifndef WARY_STIMULUS_H
#define WARY_STIMULUS_H

#include "world.h"

struct wy_stimuli {
  WY_ARRAY(wary_stimulus_delivery) inbox; /* this step's, for the custom senses */
};

extern const wy_module wy_stimulus_module;

/* Every queued emission -> vibration's place reports (report.h) and the
 * inbox; the queue empties. False on out of memory. */
bool wy_deliver_stimuli(wary_world *w);

#endif
