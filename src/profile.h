/* profile.h - sense contracts and profiles proper: thresholds and timings,
 * the resolved sense slots (weight, interval, range, loss rules), and each
 * built-in sense's contract in the profile. A sense's own settings (vision,
 * hearing, the small senses, damage and pain) live with the sense; its
 * module writes the contract here when they change. */
#ifndef WARY_PROFILE_H
#define WARY_PROFILE_H

#include "wary.h"

#define WY_SLOTS WARY_MAX_PROFILE_SENSES

typedef struct wy_sense {
  wary_sense_def def;
} wy_sense;

typedef struct wy_slot {
  int32_t sense;
  float weight;
  float interval;
  float range;       /* effective candidate range: the sense's, or the others' largest */
  float loss_grace;
  bool direct_lost_cut;
  int32_t loss_reason;
  float decay_scale;  /* share (and, when it lost the target last, belief) fade x this (1) */
} wy_slot;

/* What a built-in sense's settings mean for its slot. The module that owns
 * the settings writes it (vision.c, hearing.c, small_senses.c, brain.c), so
 * that the profile resolves its slots without knowing those settings. */
typedef struct wy_contract {
  float interval;
  float range;       /* 0: it gathers no candidates (sounds and hits come to it) */
  float loss_grace;
  float weight;
  float decay_scale;
} wy_contract;

typedef struct wy_profile {
  wary_profile_def def; /* distances already scaled */
  wy_contract builtin[WARY_BUILTIN_SENSES];
  int32_t builtin_slot[WARY_BUILTIN_SENSES];   /* slot of each built-in sense, -1 none */
  int32_t slot_count;
  wy_slot slots[WY_SLOTS];
  float max_range;      /* largest slot range (may be INFINITY) */
  /* Vision's eye turn rate (vision.c writes it): kept here because the
   * actor layer turns the agents' eyes (used when the profile sees). */
  float eye_turn_rate;
  /* The beliefs' easing towards their confidence in the step under way
   * (wy_smooth_of its dt): worked out once a step for every profile
   * (wy_beliefs_step_begin), not once an agent. */
  float step_smooth;
  /* Per state (wary_state), where a held belief stays for its step
   * (held.h, wy_keeps_rung): a confidence from keep_from[state] and below
   * keep_below[state], or, from keep_from, a time in state below
   * keep_until[state]. Worked out with step_smooth, from def. */
  float keep_from[8], keep_below[8], keep_until[8];
} wy_profile;

/* Creates the built-in senses 0 .. WARY_BUILTIN_SENSES - 1 of a new world. */
bool wy_senses_init(wary_world *w);
/* The head of the wary_profile_set_* calls (fn): WARY_OK, or WARY_ERR_NOT_FOUND
 * with its text when profile is no profile's index. The setter then checks
 * its def, then that no step is under way. */
int wy_profile_check(const wary_world *w, const char *fn, int32_t profile);
/* Re-resolves p's slots after a contract changed. */
void wy_profile_refresh(wary_world *w, wy_profile *p);

#endif
