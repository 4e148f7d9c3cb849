/* place.h - beliefs about places (seed 003, "Sounds nobody made"), per agent. */
#ifndef WARY_PLACE_H
#define WARY_PLACE_H

#include "world.h"

typedef struct wy_place {
  float pos[3];
  int32_t tag;
  float confidence;
  float accuracy;
  int32_t state;
  float time_in_state;
  bool fresh;      /* reported this step */
} wy_place;

typedef WY_ARRAY(wy_place) wy_place_list;

struct wy_places {
  WY_ARRAY(wy_place_list) agents; /* per agent */
};

extern const wy_module wy_place_module;

/* Raises (or makes) the agent's belief about a place: merged with one of the
 * same tag within its hearing's merge radius. False on out of memory. */
bool wy_place_report(wary_world *w, int32_t agent, const float pos[3], int32_t tag,
                     float confidence, float accuracy);
/* One step of the agent's place beliefs: fading, states, events. */
void wy_places_resolve(wary_world *w, wy_lane *lane, int32_t agent, float dt);

#endif
