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
  /* Out of the steps until a report or the step that would change its
   * state: quiet (at 0, Lost or Remembered, waiting for lost_time or
   * memory_time) or fading (above 0: Lost or Remembered waiting for the
   * same, or on a rung, or unsuspected, waiting for the step its fading
   * takes it below that rung, or to 0: the list's fade_due). Its time in
   * state, and a fading one's confidence, wait from the step whose low 16
   * bits asleep_since holds and are replayed (catch_up in place.c, the
   * very operations of those steps) before it is read or woken. */
  bool asleep;
  uint16_t asleep_since;
} wy_place;

/* An agent's beliefs about places, in an order their drops change (a
 * dropped one's place takes the last one). Saving and loading: asleep,
 * asleep_since, asleep_count, oldest and lead can be rebuilt rather than
 * kept: replay the sleepers' time in state first, and load every place
 * awake, with lead at -INFINITY. */
typedef struct wy_place_list {
  wy_place *data;
  int32_t count;
  int32_t cap;
  int32_t asleep_count;
  /* Bit k of word k / 64 set: place k is asleep (clear past count), so
   * that a step finds the awake ones without reading the sleepers. Words
   * for cap places; derived, rebuilt on load. */
  uint64_t *asleep_bits;
  int32_t bit_words;
  uint32_t oldest;  /* at most the first step some sleeper has not taken */
  /* Per deadline (lost_time while Lost, memory_time while Remembered): at
   * least the largest time in state a sleeper counting down to it has after
   * the step last resolved (-INFINITY: none), as in belief.h. */
  float lead[2];
  /* The seconds of the steps the list has taken while it had sleepers,
   * and at most the clock at which some fading sleeper on a rung (or
   * unsuspected) could first leave it in a step (INFINITY: none can):
   * a step whose dt takes fade_clock to fade_due catches those up and
   * wakes the ones it changes (wake_fading in place.c). Derived: a loaded
   * list has fade_due -INFINITY, which checks them at its first step. */
  double fade_clock, fade_due;
  /* A hint for the next step's prefetch (wy_places_prefetch): a step of
   * the same dt would look at the sleepers. Derived, never saved. */
  bool sleepers_due;
} wy_place_list;

struct wy_places {
  WY_ARRAY(wy_place_list) agents; /* per agent */
};

extern const wy_module wy_place_module;

/* Frees a list's places and bits. */
void wy_place_list_free(const wary_world *w, wy_place_list *l);
/* After loading its places: the list's bits, from their asleep flags. */
bool wy_place_list_rebuild(const wary_world *w, wy_place_list *l);

/* Raises (or makes) the agent's belief about a place: merged with one of the
 * same tag within its hearing's merge radius. False on out of memory. */
bool wy_place_report(wary_world *w, int32_t agent, const float pos[3], int32_t tag,
                     float confidence, float accuracy);
/* Room for n more place beliefs of the agent, so that as many reports
 * cannot fail; false on out of memory. */
bool wy_places_reserve(wary_world *w, int32_t agent, int32_t n);
/* Whether that room is there already (read only: wy_places_reserve would
 * change nothing). */
bool wy_places_fit(const wary_world *w, int32_t agent, int32_t n);
/* Asks for what the agent's wy_places_resolve reads first (WY_PREFETCH),
 * each stage once the one before it has come: 0 its list, 1 its bits, 2
 * its first awake places. */
void wy_places_prefetch(const wary_world *w, int32_t agent, int stage);
/* One step of the agent's place beliefs: fading, states, events. */
void wy_places_resolve(wary_world *w, wy_lane *lane, int32_t agent, float dt);

#endif
