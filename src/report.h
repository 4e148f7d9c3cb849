/* report.h - what the built-in senses found in a step, waiting for the step
 * to write it into beliefs: answers about actors (applied with the custom
 * senses' results) and about places. The senses never touch a belief: the
 * beliefs layer is above them. */
#ifndef WARY_REPORT_H
#define WARY_REPORT_H

#include "world.h"

/* A built-in sense's answer about an actor. */
typedef struct wy_report {
  int32_t agent;   /* agent index */
  wy_id target;
  float dt;        /* seconds since the slot last evaluated */
  float confidence;
  float accuracy;
  float pos[3];
  /* The index of the agent's belief about the target when the step looked
   * it up as it gathered (beliefs are only added until it writes the
   * reports), -1: not looked up. */
  int32_t belief;
  int8_t slot;     /* < WY_SLOTS */
  int8_t reason;   /* why nothing was seen (confidence 0): wary_loss_reason */
  bool has_pos;    /* false: the target's own position */
} wy_report;

/* A step writes and reads thousands: 40 bytes, not 48. */
_Static_assert(sizeof(wy_report) <= 40, "wy_report outgrew 40 bytes");

/* Something sensed at a place (a sound nobody made, a vibration). */
typedef struct wy_place_note {
  int32_t agent;   /* agent index */
  int32_t slot;    /* the slot that sensed it (pain dulls it) */
  float pos[3];
  int32_t tag;     /* interned */
  float confidence;
  float accuracy;
} wy_place_note;

/* A lane's answers; the world's (w->reports) hold the place notes the
 * stimuli bring (stimulus.c) and no actor reports: wary_step_end applies
 * each agent's where its lanes left them (step.c, apply_task). */
struct wy_reports {
  WY_ARRAY(wy_report) actors;
  WY_ARRAY(wy_place_note) places;
};

extern const wy_module wy_report_module;

/* Into a lane's reports. False on out of memory. pos NULL: the target's
 * own position. */
bool wy_report_push(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, wy_id target,
                    float confidence, int32_t reason, float accuracy, const float *pos);
/* The same about the target's own position, with the time since the slot
 * last ran (dt) and the agent's belief about the target (-1: none) as the
 * caller found them (the step's gather: the time as the step will leave
 * it, the belief it looked up). */
bool wy_report_push_found(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, wy_id target,
                          float confidence, int32_t reason, float accuracy, float dt, int32_t belief);
/* A place that slot of agent sensed. */
bool wy_report_place(wary_world *w, struct wy_reports *into, int32_t agent, int32_t slot, const float pos[3],
                     int32_t tag, float confidence, float accuracy);

#endif
