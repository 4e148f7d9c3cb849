/* hearing.h - the built-in hearing sense (seed 003): its settings per
 * profile, and each agent's part: the sounds that arrived since its last
 * update, the build-up per maker, the sounds it heard lately. */
#ifndef WARY_HEARING_H
#define WARY_HEARING_H

#include "world.h"

/* A sound waiting for the agent's next hearing update. */
typedef struct wy_pending {
  float time;      /* when it arrived: world time - the epoch (wy_hearing.epoch) */
  wy_id maker;   /* 0: nobody (a belief about the place) */
  int32_t sound;
  float pos[3];
  float heard;     /* loudness as it arrived */
  int32_t walls;
  float distance;
  /* The rest of how it was weighed, for wary_explain. */
  float range;     /* its max range where the listener stood */
  float filter;    /* the filter's loudness multiplier */
  float weather;
} wy_pending;

/* What the agent's hearing holds about one maker between updates. */
typedef struct wy_track {
  wy_id maker;
  float accum;     /* the build-up, 0..1 */
  float last;      /* when its last sound came (world time - the epoch) */
  float settled;   /* up to when the build-up has faded (world time - the epoch) */
  float heard;     /* loudest single sound this update, 0 none */
  int32_t sound;   /* first sound this update, -1 none */
  float accuracy;
} wy_track;

typedef WY_ARRAY(wy_pending) wy_pending_list;

typedef struct wy_hearing_agent {
  wy_pending_list pending;
  wy_pending_list heard;  /* the sounds of the last update (wary_explain reads them) */
  WY_ARRAY(wy_track) tracks;
  wary_heard_sound recent[WARY_RECENT_SOUNDS]; /* ring, newest at recent_head - 1; time - the epoch */
  int32_t recent_head, recent_count;
} wy_hearing_agent;

/* A sound that reaches an agent, found while the step's sounds are offered
 * to the agents at once (one worker a sound), waiting to join its pending
 * sounds in the sounds' order. */
typedef struct wy_arrival {
  int32_t agent;   /* agent index */
  wy_pending pending;
} wy_arrival;

typedef WY_ARRAY(wy_arrival) wy_arrivals;

/* Where one sound's arrivals went: a lane's [begin, end). */
typedef struct wy_sound_span {
  int32_t lane, begin, end;
  bool ok;         /* false: out of memory */
} wy_sound_span;

struct wy_hearing {
  /* What the agents' hearing times count from (a world time): they are
   * floats, which would hold a world's time ever more coarsely as it
   * grows (a quarter second after 1,000 hours, two seconds after a year),
   * so they count from here, which a step moves up when the world's time
   * is WY_HEARING_EPOCH_SPAN past it (wy_hearing_rebase): then they are as
   * fine as in a world of a quarter of an hour, whatever the world's age.
   * Saved (since version 9; older snapshots count from 0, as they did). */
  double epoch;
  WY_ARRAY(wary_hearing_def) profiles; /* per profile, distances scaled */
  WY_ARRAY(wy_hearing_agent) agents;   /* per agent */
  WY_ARRAY(wy_arrivals) lanes;         /* per worker: this step's arrivals */
  WY_ARRAY(wy_sound_span) spans;       /* per emission of this step */
  WY_ARRAY(int32_t) arriving;          /* per agent: this step's arrivals */
  WY_ARRAY(int32_t) arriving_unmade;   /* per agent: those of them nobody made */
  /* This step's arrivals agent by agent, each agent's in the sounds' order
   * (by_agent[first[a] .. first[a] + arriving[a])), so that each agent's
   * join its pending sounds in the phase that runs its hearing update.
   * first[a] is written for the agents reached alone: read it only where
   * arriving[a] > 0 (wy_deliver_sounds). */
  WY_ARRAY(int32_t) first;
  WY_ARRAY(const wy_arrival *) by_agent;
  WY_ARRAY(int32_t) reached; /* the agents this step's sounds reach, each once */
};

extern const wy_module wy_hearing_module;

static inline const wary_hearing_def *wy_hearing_of(const wary_world *w, int32_t profile) {
  return &w->hearing->profiles.data[profile];
}

/* A sound of loudness heard once through walls walls (the hearing formula's
 * last factor). */
float wy_hearing_through_walls(float heard, float wall_absorption, int32_t walls);
/* The walls past which no sound is heard at this absorption: counting walls
 * beyond it cannot change what arrives (INT32_MAX: no such count). */
int32_t wy_hearing_wall_cap(float wall_absorption);

/* Queued sounds -> where they arrive, changing nothing (but the room the
 * agents they reach need in their pending sounds, for wy_deliver_sounds): a
 * parallel-for over the sounds (the lanes' grid scratch fitted and the tree
 * built first), then the arrivals put in agent order. False on out of
 * memory. */
bool wy_offer_sounds(wary_world *w);
/* What wy_offer_sounds found for agent joins its pending sounds, in the
 * sounds' order; it cannot fail (wy_offer_sounds reserved the room), and
 * touches nothing of another agent's (the sounds that gave way are counted
 * in lane). */
void wy_deliver_sounds(wary_world *w, wy_lane *lane, int32_t agent);
/* The most one hearing update of agent this step can add: *sounds, the
 * sounds it hears (pending and arriving), at most that many new tracks;
 * *unmade, those nobody made, at most that many place notes; *reports, its
 * tracks and its sounds, at most that many reports. */
void wy_hear_room(const wary_world *w, int32_t agent, int32_t *sounds, int32_t *unmade, int32_t *reports);
/* Room for that many more tracks in agent's hearing; false on out of memory. */
bool wy_hear_reserve(wary_world *w, int32_t agent, int32_t room);
/* Whether that room is there already (read only: wy_hear_reserve would
 * change nothing). */
bool wy_hear_fits(const wary_world *w, int32_t agent, int32_t room);
/* One hearing update of an agent: events and reports (report.h) into the
 * lane that runs it, recent sounds. The room is reserved: it cannot fail. */
void wy_hear(wary_world *w, wy_lane *lane, int32_t agent);

/* How far (seconds) the world's time runs past the hearing epoch before a
 * step moves it up, by half as much (a power of two, so that the times
 * within the last span move exactly). */
#define WY_HEARING_EPOCH_SPAN 1024.0
/* At the end of a step: the epoch moved up, and every hearing time with it,
 * where the world's time is WY_HEARING_EPOCH_SPAN past it (else nothing). */
void wy_hearing_rebase(wary_world *w);

#endif
