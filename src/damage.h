/* damage.h - the damage sense (seed 002, "Who did it"): hits queued by
 * wary_apply_damage and counted at the next step's end. */
#ifndef WARY_DAMAGE_H
#define WARY_DAMAGE_H

#include "world.h"

/* A hit waiting for the next step. */
typedef struct wy_damage {
  wary_damage_def def;
  wy_id attacker;       /* resolved: who the victim believes did it, 0 none */
  float attacker_pos[3];  /* where the attacker stood when the hit landed */
} wy_damage;

struct wy_damages {
  WY_ARRAY(wy_damage) queue;
};

extern const wy_module wy_damage_module;

/* Queued hits -> damaged events and the victims' beliefs about the attackers. */
void wy_damage_step(wary_world *w);

#endif
