/* save.h - a world's state as a snapshot holds it (wary_world_save,
 * wary_world_load): everything a step or a call between steps can change,
 * gathered from the world layer and every module. Definitions (profiles,
 * senses, materials, sounds, filters, pain types and each profile's sense
 * settings) are not in it: the game makes them again; the snapshot keeps
 * their counts and a fingerprint to refuse a world whose definitions differ,
 * and the world's own settings that change a step's results, to refuse a
 * world made with others (save.c, wy_settings).
 * Saving walks the world's own tables (a shallow copy); loading reads into a
 * fresh wy_state, checks it, and only then swaps it into the world, so a
 * refused snapshot leaves the world as it was. */
#ifndef WARY_SAVE_H
#define WARY_SAVE_H

#include "belief.h"
#include "budget.h"
#include "damage.h"
#include "emission.h"
#include "emotion.h"
#include "geck.h"
#include "hearing.h"
#include "pain.h"
#include "place.h"
#include "relation.h"
#include "small_senses.h"
#include "snapshot.h"

/* "WARYSAVE", the format's version, the body's size and checksum. Version
 * 2: a place asleep or a dormant belief may hold a confidence above 0,
 * which fades while it sleeps (place.h; belief.h, wy_belief_fades); a
 * version 1 snapshot (whose sleepers are all at 0, the fields the same)
 * loads too. Version 3: the world's clock is a double (version 1 and 2
 * wrote a float, which loads as that value). Version 4: the stats' vision
 * rays and budget counters are saved (older snapshots load them as 0).
 * Version 5: after the definitions' fingerprint, each definition's own
 * hash (wy_definition_hash), so that a refusal names the one that differs.
 * Version 6: at the end, the beliefs' clock and when each listed belief is
 * to be looked at again (save_state.c, io_rung_waits); older snapshots
 * load with those looked at in the next step, the clock 0. Version 7:
 * after the definitions' hashes, the world's settings a step's results
 * depend on (units_per_meter, event_capacity, sense_error_limit,
 * lod_interval_scale: save.c, wy_settings), which a load checks against
 * the world's; older snapshots load without that check. Version 8: at the
 * end, each actor's owner and instigator (save_state.c, io_makers); older
 * snapshots load with none. Version 9: at the end, the epoch the hearing
 * times count from (hearing.h, wy_hearing.epoch); older snapshots count
 * them from 0, as they were written. */
#define WY_SAVE_MAGIC "WARYSAVE"
#define WY_SAVE_VERSION 9u
#define WY_SAVE_VERSION_OLDEST 1u
#define WY_SAVE_HEADER 28

typedef struct wy_state {
  /* the world layer */
  double time;
  uint32_t steps;
  float weather;
  wary_stats stats;
  uint32_t events_dropped;
  WY_ARRAY(char *) names;
  WY_ARRAY(wy_box) boxes;
  int32_t boxes_alive;
  wy_id_pool box_ids;
  WY_ARRAY(wy_actor) actors;
  wy_id_pool actor_ids;
  uint32_t actor_serial;
  WY_ARRAY(wy_agent) agents;
  WY_ARRAY(wy_light) lights;
  wy_id_pool light_ids;
  WY_ARRAY(wy_env) envs;
  wy_id_pool env_ids;
  float sun_dir[3];
  float sun_intensity;
  float ambient;
  uint32_t light_epoch;
  uint32_t relation_epoch;
  /* the modules */
  WY_ARRAY(wy_emission) emissions;
  WY_ARRAY(wy_hearing_agent) hearing;
  double hearing_epoch;   /* wy_hearing.epoch (since version 9) */
  WY_ARRAY(wy_touches) touches;
  WY_ARRAY(wy_belief_list) beliefs;
  WY_ARRAY(wy_evidence_block) evidence;
  int32_t evidence_free;
  float dt[WY_DT_RING];
  uint32_t dt_run_start;
  uint32_t dt_same_since; /* derived: dt_run_start (belief.h) */
  double clock;           /* wy_beliefs.clock (since version 6) */
  WY_ARRAY(wy_place_list) places;
  WY_ARRAY(wy_damage) damages;
  WY_ARRAY(wy_pain_agent) pain;
  wy_team_relation teams[WARY_MAX_TEAM_PAIRS];
  int32_t team_count;
  WY_ARRAY(wy_relation_list) relations;
  WY_ARRAY(wy_emotion_agent) emotions;
  WY_ARRAY(wy_geck_agent) geck;
  WY_ARRAY(wy_geck_pending) geck_pending;
  int32_t ray_budget;
  WY_ARRAY(wy_budget_waits) budget_waits;
} wy_state;

/* The world's state into s (s then shares the world's tables: never free it). */
void wy_state_of(const wary_world *w, wy_state *s);
/* Exchanges the state of s and the world's, table for table. */
void wy_state_swap(wary_world *w, wy_state *s);
/* Frees what s holds (a state read by wy_state_io, or one swapped out). */
void wy_state_free(const wary_world *w, wy_state *s);
/* Writes, reads (into a zeroed s, allocating its tables through the world's
 * allocator) or hashes s. False only when a read runs out of memory. */
bool wy_state_io(const wary_world *w, wy_io *io, wy_state *s);
/* The first records alone, up to the actors and their id pool (what
 * wary_snapshot_actors reads): false when out of memory. */
bool wy_state_io_head(const wary_world *w, wy_io *io, wy_state *s);
/* How many profiles, senses, materials, sounds, filters and pain types the
 * world defines, and a fingerprint of what they say. */
enum { WY_DEFINITION_KINDS = 6 };
uint64_t wy_definitions_of(const wary_world *w, int32_t counts[WY_DEFINITION_KINDS]);
/* Definition i of kind k's own hash (kinds in wy_definitions_of's order:
 * profiles, senses, materials, sounds, filters, pain types): a snapshot
 * keeps one for each since version 5, so that a load refused for its
 * definitions names the first that differs. */
uint64_t wy_definition_hash(const wary_world *w, int32_t k, int32_t i);

#endif
