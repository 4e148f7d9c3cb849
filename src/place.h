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
  /* World clocks (wy_beliefs.clock, after a step's dt): before lead_due
   * neither lead can reach its deadline (wy_place_lead_clock), and before
   * fade_due no fading sleeper on a rung (or unsuspected) can leave it in
   * a step (fade_clock in place.c; both allow for the clock's rounding,
   * and the clock is not below 0); a step whose clock reaches either
   * looks at the leads (and wakes the sleepers whose deadline comes) or
   * catches the fading ones up and wakes those it changes (wake_fading in
   * place.c). So a step over a list whose places all sleep compares a few
   * numbers, whatever it holds. Derived: a loaded list has both at
   * -INFINITY, which looks at them at its first step. */
  double lead_due, fade_due;
} wy_place_list;

/* The world clock before which a lead (a time in state after the step
 * whose clock was clock, below end) cannot reach end, for any dt the steps
 * after it add to it (lead += dt, rounded): +inf for no lead or no
 * deadline. Up to 2^12 steps: a list looks at its leads again sooner (all
 * its sleepers catch up every WY_DT_RING / 2 steps). Each add rounds by at
 * most 2^-24 of a sum below end (the last reaches end only from an exact
 * sum within 2^-24 end of it), so their dt add up to at least end - lead
 * less 2^-12 end; the clock adds the same dt in doubles, each add rounding
 * by at most 2^-53 of the clock (not below 0: save.c refuses a snapshot's
 * that is), 2^-41 of it over 2^12 steps. Twice each margin covers the
 * rounding here too.
 * spec/c/test_place_lead.c checks it against the adds one by one. */
static inline double wy_place_lead_clock(double clock, float lead, float end) {
  if (!(lead > -INFINITY) || !(end < INFINITY)) return INFINITY;
  double gap = ((double)end - (double)lead) - 0x1p-11 * (double)end - 0x1p-126;
  return (clock + gap) * (1.0 - 0x1p-40);
}

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
/* Asks for what the wy_places_resolve of the three agents after agent
 * (before end) read first (WY_PREFETCH), each a stage on from what the
 * call for the agent before asked for it: the third its list, the second
 * its bits, the next its first awake places (and its sleepers, when the
 * step looks at them). Bit k of rests: agent + k rests (belief.h,
 * wy_agent_resting), its places idle. */
void wy_places_prefetch_ahead(const wary_world *w, int32_t agent, int32_t end, uint32_t rests);
/* One step of the agent's place beliefs: fading, states, events. */
void wy_places_resolve(wary_world *w, wy_lane *lane, int32_t agent, float dt);

#endif
