/* actor.h - actors (agents and targets) and the world's part of an agent:
 * its actor and its sense-slot timers and mutes. Every other part of an
 * agent belongs to a higher module, kept in an array parallel to the
 * world's agents (world.h). */
#ifndef WARY_ACTOR_H
#define WARY_ACTOR_H

#include <stdatomic.h>

#include "error.h"
#include "id_pool.h"
#include "profile.h"
#include "wary.h"

/* What every step reads of an actor (its motion, its eyes, the grid, the
 * senses looking at it) comes first, in its first two cache lines; what
 * only some do (the light cache, where it looks, its sample points and
 * props) after. */
typedef struct wy_actor {
  /* First, in one line (the records are line-aligned, in the world's
   * slab): what every step reads of every actor (its motion,
   * wy_actors_motion, and the grid, wy_grid_refresh), so that a step walks
   * as few of the records' lines as it can. */
  _Alignas(64) float pos[3];
  float vel[3];
  /* Velocity follows the motion between steps (from step_pos, where it was
   * at the last step) until the game sets one: vel_set then keeps the game's. */
  float step_pos[3];
  float yaw;
  float head_yaw;         /* degrees the eyes are turned from the body's yaw */
  float head_pitch;       /* degrees up */
  int32_t team;
  int32_t agent;          /* index into world->agents, -1 for a target */
  int32_t profile;
  bool vel_set;
  uint8_t looking;        /* WY_LOOK_AHEAD, WY_LOOK_AT or WY_LOOK_LEVEL */
  bool perceivable;
  /* Derived, never saved (wy_actor_sight_sync): stance, plus
   * WY_SIGHT_OWN_POINTS when it has its own sample points (samples.count >
   * 0). Vision's early range check (vision.c, surely_out) reads this of
   * every target the grid hands it, and would read two more lines for
   * stance and samples.count. */
  uint8_t sight;
  int32_t stance;
  float visibility;
  float light;
  float eye_height;
  float scent;
  int32_t lod_tier;
  uint32_t serial;        /* creation order, for staggering */
  /* The light level at it, cached by light.c for one world light_epoch:
   * kept in the actor so that moving it makes the cache stale. Atomic:
   * agents sensed at once read it (light.h). */
  float light_cache[2];   /* without, with the sun's shadow */
  _Atomic uint32_t light_stamp[2]; /* world light_epoch of each; 0: stale */
  _Atomic uint32_t light_claim[2]; /* the epoch whose value a worker is computing or has computed */
  float look_at[3];
  wary_samples samples;   /* count 0: built-in points for the stance */
  int32_t prop_count;
  int32_t prop_key[WARY_MAX_PROPS];
  float prop_value[WARY_MAX_PROPS];
  /* Read by custom senses' queries only (custom.h), not by every step: in
   * the record's tail padding, which leaves the first line to sight. */
  bool off_screen;
  /* Who holds it (a weapon's pawn) and who launched it (a projectile's
   * shooter), 0: none (wary_actor_set_owner, wary_actor_set_instigator):
   * a sound's or stimulus's team when it has none (wy_source_team). */
  wy_id owner, instigator;
} wy_actor;

/* Where an agent's eyes look: ahead (along the yaw), at the point look_at,
 * or towards it at their own height (its z unused: a 2D game's look). */
enum { WY_LOOK_AHEAD, WY_LOOK_AT, WY_LOOK_LEVEL };

_Static_assert(offsetof(wy_actor, sight) < 64, "wy_actor: a step's fields outgrew the first 64 bytes");

enum { WY_SIGHT_OWN_POINTS = 4 }; /* above every stance (WARY_STANDING..WARY_PRONE) */

/* a's sight from its stance and samples: whenever either is set (or loaded). */
static inline void wy_actor_sight_sync(wy_actor *a) {
  a->sight = (uint8_t)(a->stance | (a->samples.count > 0 ? WY_SIGHT_OWN_POINTS : 0));
}

/* One sense slot of an agent, its fields together: a step reads and
 * writes them all for each slot of the profile, and a profile has a few
 * of the WY_SLOTS (slot by slot, an agent of two senses keeps what a step
 * touches in 36 bytes, not spread over the 244 of a field by field record). */
typedef struct wy_agent_slot {
  float next_due;
  float since;     /* seconds since the slot last evaluated */
  int32_t errors;  /* failures in a row of steps where the slot failed */
  bool failed;     /* the slot failed this step */
  bool ran;        /* the slot was due this step */
  bool stimulated; /* stimuli came for it this step (stimulus.c, wy_stimuli_taken) */
  bool muted;
} wy_agent_slot;

/* The slot's sense failed (an evaluate, an on_stimulus): one count a step;
 * at limit counts in a row it is muted. A step where it ran or took
 * stimuli without failing starts the count again (step.c, resolve_agent). */
static inline void wy_slot_fail(wy_agent_slot *sl, int32_t limit) {
  if (sl->failed) return;
  sl->failed = true;
  if (!sl->muted && ++sl->errors >= limit) sl->muted = true;
}

/* Parts of an agent a step may pass by (wy_agent.idle): the module that
 * owns the part sets its bit when a step leaves the part with nothing to
 * do, and clears it (wy_agent_busy) whenever something comes for it; a
 * passed-by part's record is not read, so that a step over many idle
 * agents touches fewer of their lines. 0 (every part to do) is always
 * right: agents start so, a load leaves them so, and a world with
 * every_part set (spec/c/test_quiet.c's reference) never sets a bit
 * (wy_agent_rest). */
enum {
  WY_IDLE_PAIN = 1,    /* pain.c: no pain sense, nothing queued, no level to decay */
  WY_IDLE_PLACES = 2,  /* place.c: no belief about a place */
  WY_IDLE_TOUCHES = 4, /* small_senses.c: no touch waiting */
  /* emotion.c: no belief awake or listed, and a pass would leave its
   * emotions, attention and dominant emotion as they are */
  WY_IDLE_EMOTIONS = 8,
};

/* The world's part of an agent: the sense slots' timers and mutes (the step
 * schedules them; stimulus delivery, custom-sense failures and resolution
 * read the mutes). Slots past its profile's slot_count are 0 (false). */
typedef struct wy_agent {
  _Alignas(64) int32_t actor; /* actor slot (the records are line-aligned, in the world's slab) */
  uint8_t idle;             /* WY_IDLE_* bits: derived, never saved */
  wy_agent_slot slot[WY_SLOTS];
} wy_agent;

/* Something came for the agent's parts (WY_IDLE_* bits): the next step
 * does them. */
static inline void wy_agent_busy(wy_agent *ag, uint8_t parts) { ag->idle &= (uint8_t)~parts; }
/* The agent's parts have nothing to do until wy_agent_busy (unless the
 * world does every part every step: every_part). */
void wy_agent_rest(const wary_world *w, wy_agent *ag, uint8_t parts);

/* A slot whose time left is this close to 0 is due (float drift: 0.1 s is
 * six steps of 1/60 s, not seven). */
#define WY_TIME_EPSILON 1e-5f

/* Whether slot s of the agent is due this step: the step's schedule decides
 * so before it moves the slot's timer. */
static inline bool wy_slot_due(const wy_agent *ag, int32_t s) {
  return ag->slot[s].next_due <= WY_TIME_EPSILON && !ag->slot[s].muted;
}

/* The agent index of actor id, or a negative status: WARY_ERR_STALE_ID,
 * WARY_ERR_WRONG_KIND or WARY_ERR_NOT_AGENT, its text naming fn and what
 * (the argument). */
int32_t wy_agent_index(const wary_world *w, wy_id id, const char *fn, const char *what);
/* WARY_ERR_NOT_AGENT with its text: id, passed as what, names a target. */
int wy_fail_not_agent(const wary_world *w, const char *fn, const char *what, wy_id id);
/* WARY_ERR_BAD_VALUE with its text: target (the argument "target") is the agent itself. */
int wy_fail_self(const wary_world *w, const char *fn, wy_id target);
/* WARY_OK, or WARY_ERR_BAD_VALUE and the text of the first bad member of
 * samples (what: the argument, "samples"). */
int wy_samples_check(wy_error *e, const char *fn, const char *what, const wary_samples *samples);
/* An agent's sense timers (staggered by its serial) and mutes, as new. */
void wy_agent_reset_timers(const wary_world *w, int32_t agent, uint32_t serial);
/* The same after its profile's senses changed (wary_profile_set): slot s
 * takes slot from[s]'s clock, errors and mute; a new sense (from[s] < 0)
 * starts as wy_agent_reset_timers starts it. */
void wy_agent_remap_timers(const wary_world *w, int32_t agent, uint32_t serial, const int8_t *from);
/* Each stance's built-in sample points for vision (x ahead, y to the left,
 * z up, in metres, and a weight: head, chest, pelvis, two shoulders); light
 * is taken at the pelvis point's height (light.c). */
extern const float wy_stance_points[3][20];
enum { WY_PELVIS_Z = 10 }; /* the pelvis point's z in a row */

/* The light cached in a (light.c) is taken again: it moved or changed stance. */
static inline void wy_actor_light_forget(wy_actor *a) {
  a->light_stamp[0] = a->light_stamp[1] = a->light_claim[0] = a->light_claim[1] = 0;
}

/* Whether an agent of profile p ignores what comes from team (0: nobody's). */
static inline bool wy_ignores_team(const wy_profile *p, const wy_actor *agent, int32_t team) {
  return p->def.ignore_same_team && team != 0 && team == agent->team;
}

/* Whether an agent of profile p ignores other as a teammate (its profile's
 * ignore_same_team, and a team both share; team 0 is nobody's). */
static inline bool wy_ignores_teammate(const wy_profile *p, const wy_actor *agent, const wy_actor *other) {
  return wy_ignores_team(p, agent, other->team);
}

/* Where a's eyes are and where they look (unit vector). */
void wy_actor_eye(const wary_world *w, const wy_actor *a, float eye_pos[3], float eye_forward[3]);
/* What a step changes before it knows it has the room it needs (how the
 * actors moved, where the eyes turned): put back when it has not. An
 * array of one record an actor slot is the room for it, which the motion
 * keeps in planes (actor.c, motion_planes): the slots' old step_pos, their
 * old velocities, their old eye angles, and a byte a slot saying which of
 * them it kept. A slot keeps only what its motion changes (a velocity its
 * game sets stays, eyes where they want to be stay there), and the planes
 * keep apart what many slots keep from what few do: a step writes fewer
 * lines than with the three kept together. */
typedef struct wy_motion {
  float room[8];    /* a slot's share of the planes of floats */
  uint8_t room_bit; /* and of the plane of bytes */
} wy_motion;

/* At a step of dt seconds, for the actor slots in [start, end): the
 * velocity of every actor whose game sets none is its motion since the last
 * step, and the agents' eyes turn towards where they look, at their
 * profile's rate. What it changes of actor i is kept first in kept (room
 * for every actor slot), for a step that must be undone
 * (wy_actors_motion_undo). Each actor's is its own: ranges may run at
 * once. */
void wy_actors_motion(wary_world *w, float dt, wy_motion *kept, int32_t start, int32_t end);
/* Puts back what wy_actors_motion kept in kept of every actor, and forgets
 * their light (taken at an epoch the undone step put back). */
void wy_actors_motion_undo(wary_world *w, const wy_motion *kept);
/* Marks every actor's motion as not kept: before each step's motion, which
 * keeps (and moves) an actor once a step whatever its pieces. */
void wy_actors_motion_forget(wary_world *w, wy_motion *kept);
/* Rebuilds the spatial grid if actors moved; false on out of memory. */
bool wy_grid_refresh(wary_world *w);
/* The same in three parts, for the step, whose walk of the actors runs in
 * pieces at once with their motion (step.c, motion_task): the room (false
 * on out of memory), a piece's walk of actor slots [start, end) into the
 * worker's lane (which actors it inserts and their cells, wy_grid_cells: it
 * reads their positions in place), then, once every slot has been walked,
 * the placement (false on out of memory; it reads their teams in place).
 * Each does nothing while the grid is up to date. */
bool wy_grid_refresh_reserve(wary_world *w);
void wy_grid_refresh_walk(wary_world *w, int32_t start, int32_t end, int32_t worker);
bool wy_grid_refresh_place(wary_world *w);

#endif
