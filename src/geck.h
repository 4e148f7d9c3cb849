/* geck.h - the GECK detection model (seed 001), per profile that enables it:
 * its settings, each agent's part (its state, what it knows of each hostile
 * actor, its alert list), and the detection events and damage reports
 * waiting for the next step's pass. */
#ifndef WARY_GECK_H
#define WARY_GECK_H

#include "world.h"

/* What an agent's GECK model knows of one hostile actor. */
typedef struct wy_geck_seen {
  wy_id target;
  float value;            /* detection value */
  float attenuation, sound, visual, skill;
  bool los;
  bool listed;            /* in the target list */
  float undetected;       /* seconds its timer has run, -1: not running */
  float pos[3];           /* where it was at its last evaluation */
  float last_known[3];    /* where it was last detected */
} wy_geck_seen;

typedef struct wy_geck_agent {
  int32_t state;          /* wary_detection_state */
  float time_in_state;
  float alert_timer;      /* seconds left of the Lost search */
  float next_due;         /* seconds until the next evaluation */
  bool started;           /* next_due holds the staggered phase */
  wy_id current;        /* the combat target */
  WY_ARRAY(wy_geck_seen) seen;
  wary_geck_alert alerts[WARY_GECK_MAX_ALERTS];
  int32_t alert_count;
} wy_geck_agent;

/* A detection event or a damage report waiting for the next step's pass. */
typedef struct wy_geck_pending {
  bool damage;     /* true: owner damaged victim */
  wy_id owner;   /* 0: nobody */
  wy_id victim;
  float pos[3];
  float rating;
  int32_t type;    /* wary_geck_event_type */
} wy_geck_pending;

/* The actor props the model reads, interned once. */
enum {
  WY_KEY_ARMOR_WEIGHT, WY_KEY_SNEAK, WY_KEY_PERCEPTION, WY_KEY_RUNNING, WY_KEY_ACTION,
  WY_KEY_BLINDNESS, WY_KEY_STEALTH_FIELD, WY_KEY_SLEEPING, WY_KEY_DEAD, WY_KEY_EXTERIOR,
  WY_GECK_KEYS
};

struct wy_geck {
  WY_ARRAY(wary_geck_def) profiles; /* per profile, distances scaled; enabled false: not GECK */
  WY_ARRAY(wy_geck_agent) agents;   /* per agent */
  WY_ARRAY(wy_geck_pending) pending;
  int32_t enabled_profiles;         /* profiles that use the model */
  /* The entries of every agent's seen, summed (derived, never saved: a load
   * counts them again). They outlive their profile's model turned off
   * (wary_profile_set_geck lists none, it forgets none). */
  int64_t known;
  int32_t keys[WY_GECK_KEYS];       /* 0 until a profile first enables the model */
  /* The key of "silent_running" (seed 001's perk), found at each GECK pass
   * (0: not interned, so no actor holds it): not interned with the keys
   * above, whose order every snapshot since version 1 holds. */
  int32_t silent_key;
};

extern const wy_module wy_geck_module;

static inline const wary_geck_def *wy_geck_of(const wary_world *w, int32_t profile) {
  return &w->geck->profiles.data[profile];
}

/* What gk knows of target (its index in *index when given), NULL if nothing. */
static inline wy_geck_seen *wy_geck_find(const wy_geck_agent *gk, wy_id target, int32_t *index) {
  for (int32_t i = 0; i < gk->seen.count; i++)
    if (gk->seen.data[i].target == target) {
      if (index) *index = i;
      return &gk->seen.data[i];
    }
  return NULL;
}

/* The GECK pass at the end of a step. */
/* Room for what this step's pass can add to what each agent knows, so
 * that the pass cannot fail; false on out of memory. */
bool wy_geck_reserve(wary_world *w);
int wy_geck_step(wary_world *w, float dt);

#endif
