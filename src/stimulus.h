/* stimulus.h - the stimulus bus's delivery (seed 004) to the vibration
 * sense and to the custom senses' inbox. */
#ifndef WARY_STIMULUS_H
#define WARY_STIMULUS_H

#include "world.h"

typedef WY_ARRAY(wary_stimulus_delivery) wy_inbox;

/* Where one emission's deliveries went while the emissions were delivered
 * at once (one worker an emission): its lane's [begin, end) of inbox
 * entries and of place reports (the lane's wy_reports). */
typedef struct wy_stimulus_span {
  int32_t lane;
  int32_t inbox[2];
  int32_t places[2];
  bool ok;         /* false: out of memory */
} wy_stimulus_span;

struct wy_stimuli {
  wy_inbox inbox;                     /* this step's, for the custom senses */
  WY_ARRAY(wy_inbox) lanes;           /* per worker: this step's entries */
  WY_ARRAY(wy_stimulus_span) spans;   /* per emission of this step */
};

extern const wy_module wy_stimulus_module;

/* Every queued emission -> vibration's place reports (report.h, the
 * world's) and the inbox: a parallel-for over the emissions (the lanes'
 * grid scratch fitted and the tree built first), then in order. It changes
 * nothing else (the step empties the queue once nothing can fail). False on
 * out of memory. */
bool wy_deliver_stimuli(wary_world *w);
/* The slots the inbox is for have taken stimuli this step (wy_slot_fail's
 * count): after the agents' commit, which clears the flags. */
void wy_stimuli_taken(wary_world *w);

#endif
