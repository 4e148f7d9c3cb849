/* world.h - the world layer's aggregate. struct wary_world holds the state of
 * the world layer (def, time, names, events, materials and boxes, actors and
 * agents, profiles and senses, the grid, lamps and environments, statistics)
 * and one pointer per higher module, whose inside it never looks at. Per
 * agent and per profile, a module keeps arrays parallel to the world's
 * agents and profiles; it learns of new and removed agents, new profiles,
 * removed actors, reset slots and loads through the hooks of wy_module,
 * which the top layer registers at world creation (world_create.c). */
#ifndef WARY_WORLD_H
#define WARY_WORLD_H

#include "actor.h"
#include "array.h"
#include "base.h"
#include "environment.h"
#include "error.h"
#include "grid.h"
#include "id_pool.h"
#include "occluders.h"
#include "pool.h"
#include "profile.h"
#include "slab.h"
#include "vgrid.h"
#include "wary.h"

#define WY_MAX_MATERIALS WARY_MAX_MATERIALS
#define WY_MAX_NAMES WARY_MAX_NAMES

/* What a module does as the world changes; any hook may be NULL. The world
 * calls them in table order (destroy: in reverse). */
typedef struct wy_module {
  bool (*create)(wary_world *w);  /* its state, empty; false: out of memory */
  void (*destroy)(wary_world *w); /* also after a failed create (its state may be NULL) */
  /* Room for that many agents and profiles. Nothing visible changes, so a
   * failure (false) leaves the world as it was. */
  bool (*reserve)(wary_world *w, int32_t agents, int32_t profiles);
  void (*profile_added)(wary_world *w, int32_t profile); /* the new last profile: defaults */
  /* The profile no longer lists built-in sense `sense` (wary_profile_set):
   * the module's settings of it return to their defaults, as a new
   * profile's are, so that nothing of the old ones stays (a world that
   * defined the profile so from the start holds the same). */
  void (*sense_dropped)(wary_world *w, int32_t profile, int32_t sense);
  void (*agent_added)(wary_world *w, int32_t agent);     /* the new last agent */
  /* The agent goes: free what its part holds, then move the last agent's part
   * into its index (agents stay dense; the world moves its own the same way). */
  void (*agent_removed)(wary_world *w, int32_t agent);
  void (*actor_removed)(wary_world *w, wy_id actor); /* forget what is held about it */
  /* The profile's settings (or a built-in sense's contract in it) are about
   * to change: what was derived from the old ones is brought up to date. */
  void (*profile_changing)(wary_world *w, int32_t profile);
  /* Room for slot_count slots in every agent of the profile, before its
   * senses change (then slots_remap cannot fail); false: out of memory, the
   * world as it was. */
  bool (*slots_reserve)(wary_world *w, int32_t profile, int32_t slot_count);
  /* The agent's profile lists other senses now: its slot s held what slot
   * from[s] held before (a sense it kept), or nothing (from[s] < 0, a sense
   * it did not have); from has one entry per slot of the profile, old_count
   * is how many slots it had. */
  void (*slots_remap)(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count);
  /* The agent's level of detail changed: its intervals are ratio times what
   * they were (wary_actor_set_lod_tier). */
  void (*lod_changed)(wary_world *w, int32_t agent, float ratio);
  /* A load swapped the saved state in: what the module keeps derived from
   * it (never saved) is worked out again. */
  void (*loaded)(wary_world *w);
} wy_module;

/* The higher modules' state, defined in their own headers. */
struct wy_reports;     /* report.h: a step's answers of the built-in senses */
struct wy_vision;      /* vision.h */
struct wy_emissions;   /* emission.h: sounds and stimuli queued for the next step */
struct wy_sounds;      /* sound.h: sound types and filters */
struct wy_hearing;     /* hearing.h */
struct wy_small;       /* small_senses.h: smell, touch, echolocation, vibration */
struct wy_stimuli;     /* stimulus.h: the custom senses' inbox */
struct wy_custom;      /* custom.h: the custom senses' batch */
struct wy_beliefs;     /* belief.h */
struct wy_places;      /* place.h */
struct wy_brain;       /* brain.h: the brain's settings */
struct wy_damages;     /* damage.h */
struct wy_pain;        /* pain.h */
struct wy_relations;   /* relation.h */
struct wy_emotions;    /* emotion.h */
struct wy_geck;        /* geck.h */
struct wy_budget;      /* budget.h: the per-step ray budget */

typedef WY_ARRAY(wary_event) wy_event_queue;

/* One worker's part of the step while pieces of it run at once (step.c):
 * what a piece writes that is not the agent's own goes here, and the step
 * merges it in agent order after, so nothing depends on who ran what. */
typedef struct wy_lane {
  wy_grid_scratch grid;        /* its grid queries' buffers and counters */
  /* What its pieces of the grid's refresh found (actor.c): the cells'
   * bounds, and agents left out of the grid (not perceivable). */
  wy_grid_box grid_box;
  int32_t hidden;
  uint64_t rays;               /* counted into the world's stats at the merge */
  uint64_t vision_rays;        /* those of rays that are vision's sample rays */
  uint64_t candidates;
  uint64_t sounds_dropped;     /* sounds that gave way in a full pending queue */
  wy_event_queue events;       /* what its pieces made (events.c, wy_lane_event) */
  uint32_t events_dropped;
  /* The agent of its last span opened is past every agent of its events
   * (its pieces came in order, as the pool's do): events.c caps it then. */
  int32_t last_agent;
  bool in_order;
  struct wy_reports *reports;  /* report.h: the built-in senses' answers */
  struct wy_custom *custom;    /* custom.h: the custom senses' queries */
  /* The beliefs of the agent this worker resolves next, in its own run
   * (NULL: none): the agent before asks for their first awake ones as its
   * own walk ends (step.c, resolve_task; resolve.c). */
  const struct wy_belief_list *resolve_next;
  /* What reserve_room would otherwise walk every agent for, summed as its
   * agents gather (step.c): their hear_reports, the largest hear_unmade,
   * the agents whose tables lack the room their first pass counted (in
   * the order its pieces gathered them); and whether one of its agents'
   * parts failed (a status not WARY_OK). */
  int32_t hear_reports, most_unmade;
  WY_ARRAY(int32_t) unfit;
  bool failed;
} wy_lane;

/* The pass handed to the host's scheduler, and what its pieces broke of
 * the contract (wary.h, wary_task_fn). The pieces run at once on the
 * host's threads: a piece claims its items in claims (a bit an item) before
 * it runs, and runs only when none was claimed already; the first piece to
 * break the contract writes its text, the others only count (tasks.c). */
typedef struct wy_tasks {
  wary_task_fn task;          /* the pass's own task */
  int32_t count;              /* its range: [0, count) */
  _Atomic int64_t claimed;    /* items of the pieces that claimed theirs */
  WY_ARRAY(_Atomic uint64_t) claims; /* a bit an item of [0, count) */
  _Atomic int32_t broken;     /* 0, or 1 once the first fault is written */
  char fault[160];            /* the first fault, for wy_tasks_check */
} wy_tasks;

/* What ended an agent's last look at target, when its rays all ended at a
 * 0 (wy_occ_blockers): its next look at it tests those boxes first. A hint
 * only, that changes no answer: never saved, and kept in one of two slots
 * of the agent's chosen by the target's actor slot (a look at a target
 * with neither takes over the one used less lately when it has something
 * to keep: vision.c, sight_rays). */
typedef struct wy_sight_hint {
  wy_id target;
  wy_occ_blockers blockers;
} wy_sight_hint;
enum { WY_SIGHT_HINTS = 16 }; /* an agent's slots, in pairs: a power of 2 */
_Static_assert(sizeof(wy_sight_hint) == 16, "wy_sight_hint: four a cache line");

/* Where one agent's part of a parallel phase went: its lane, and the
 * ranges [begin, end) of that lane's reports, queries and events; after the
 * senses' merge, where its queries are in the world's. 64 bytes (the spans
 * are an array of the world's, not line-aligned: the size is what counts
 * when a phase walks them all): every step writes every agent's in several
 * phases, so what a phase can keep to itself (the hearing update's report
 * count) is not kept here. */
typedef struct wy_agent_span {
  int16_t lane;
  int16_t hear_lane;  /* where its hearing update went */
  int8_t status;      /* WARY_OK, or why its part failed (a WARY_ERR_*, -1 to -9) */
  /* The slots the first pass found due, a bit a slot: the second pass
   * commits those (step.c, sense_commit), for which the room was taken. */
  uint16_t due;
  int32_t reports[2];
  int32_t queries[2];
  int32_t events[2];
  /* The senses' second pass (step.c): where its hearing update went. */
  int32_t heard[2];
  int32_t heard_events[2];
  /* What the agent's tables need room for: the sounds its hearing update
   * may track (wy_hear_room's), the place beliefs that update and the
   * stimuli's place notes may make, the beliefs its reports, queries and
   * hits may make. reserve_room (step.c), a serial pass, reads them only
   * for an agent whose tables the first pass found short (its lane's
   * unfit) or that more comes to (place notes, hits). */
  int32_t hear_sounds;
  int32_t hear_unmade;
  int32_t room;
  /* Set on the first agent of each piece of the senses' second pass and of
   * the beliefs' resolution: the piece's end, so that the merges copy a
   * piece's events at once (its agents' spans are contiguous in its lane). */
  int32_t piece_end;
} wy_agent_span;
_Static_assert(sizeof(wy_agent_span) == 64, "wy_agent_span: 64 bytes");

struct wary_world {
  wary_world_def def;
  wy_error *error;        /* the last failure: written by calls on a const world too */
  wy_allocator alloc;     /* the def's allocator hooks, or the C library's */
  wy_slab slab;           /* the blocks of the agents' own tables, got from alloc (slab.h) */
  wy_allocator tables;    /* slab's: every table an agent owns grows with it */
  double time;
  uint32_t steps;         /* steps begun since creation: stamps of data written lazily */
  bool in_step;
  /* wary_step is calling the senses' evaluate callbacks; one of them called
   * wary_world_destroy: wary_step frees the world once they return (step.c). */
  bool in_evaluate;
  bool destroy_after_evaluate;
  bool evaluated;         /* the callbacks have been called this step (once a step) */
  /* Every part of every agent is done every step (none is passed by as
   * idle: actor.h, wy_agent_rest), and every look walks its rays (no sight
   * hint: step.c, look): the reference world of spec/c/test_quiet.c, with
   * its beliefs' resolve_all, and of spec/c/test_sight_hints.c. */
  bool every_part;
  float step_dt;
  wary_stats stats;       /* beliefs: counted when asked (world_create.c) */

  WY_ARRAY(char *) names; /* interned: key i + 1 */
  wy_event_queue events;  /* this step's; grows up to def.event_capacity */
  uint32_t events_dropped;

  wy_material materials[WY_MAX_MATERIALS];
  int32_t material_count;
  wy_occluders occ;       /* box slots: the slots of box_ids */
  wy_id_pool box_ids;

  WY_ARRAY(wy_actor) actors; /* by slot of actor_ids; count: slots used */
  wy_id_pool actor_ids;
  uint32_t actor_serial;
  WY_ARRAY(wy_agent) agents; /* dense; an agent's actor points back */

  WY_ARRAY(wy_profile) profiles;
  WY_ARRAY(wy_sense) senses;

  wy_grid grid;
  WY_ARRAY(bool) grid_include; /* per actor slot: inserted (the grid reads the rest in the actors) */
  /* The agents the grid leaves out (not perceivable): no sense finds them,
   * but the sounds and stimuli still reach them (hearing.c, stimulus.c).
   * Slots in order, built with the grid. */
  WY_ARRAY(int32_t) hidden_agents;
  bool grid_dirty;

  WY_ARRAY(wy_light) lights; /* by slot of light_ids */
  wy_id_pool light_ids;
  WY_ARRAY(wy_env) envs;     /* by slot of env_ids */
  wy_id_pool env_ids;
  /* Which lamps and environments may reach a point (vgrid.h): stale after
   * each change of them, built again before the next step. */
  wy_vgrid light_grid, env_grid;
  float sun_dir[3];      /* unit, pointing from the sun; zero: no sun */
  float sun_intensity;
  float ambient;
  uint32_t light_epoch;  /* bumped by each step and each change of boxes, lights, sun */
  uint32_t relation_epoch; /* bumped by each change of who is hostile to whom (teams, relationships) */

  WY_ARRAY(wy_lane) lanes; /* one per worker (at least one) */
  wy_tasks tasks;          /* the pass the host's scheduler runs now (tasks.c) */
  WY_ARRAY(wy_agent_span) spans; /* per agent, of the last parallel phase */
  /* The agents reserve_room grows the tables of, a bit an agent, so that
   * it takes them in agent order whatever the pieces' (step.c); all 0
   * between steps, and count the words that are. */
  WY_ARRAY(uint64_t) unfit;
  WY_ARRAY(wy_motion) motion;    /* per actor, as the step found it (step.c) */
  /* WY_SIGHT_HINTS an agent (step.c, look; count: those set up). */
  WY_ARRAY(wy_sight_hint) sight_hints;
  wy_pool *pool;           /* libwary's pool when the def asks for workers without a scheduler */

  const wy_module *const *modules;
  int32_t module_count;
  struct wy_reports *reports;
  struct wy_vision *vision;
  struct wy_emissions *emissions;
  struct wy_sounds *sounds;
  struct wy_hearing *hearing;
  struct wy_small *small;
  struct wy_stimuli *stimuli;
  struct wy_custom *custom;
  struct wy_beliefs *beliefs;
  struct wy_places *places;
  struct wy_brain *brain;
  struct wy_damages *damages;
  struct wy_pain *pain;
  struct wy_relations *relations;
  struct wy_emotions *emotions;
  struct wy_geck *geck;
  struct wy_budget *budget;
  size_t tables_cut; /* the slab's cut when a step last warmed it (step.c, warm_tables) */
};

/* WARY_OK, or the status and text of the def's first bad field. */
int wy_world_def_check(wy_error *e, const char *fn, const wary_world_def *d);
/* A world with its world-layer state and every module's (the table's order:
 * lower modules first) from a checked def; NULL when out of memory. */
wary_world *wy_world_new(const wary_world_def *def, const wy_module *const *modules,
                         int32_t module_count);
void wy_world_free(wary_world *w);

/* The key of name, interned if new, or a negative status (WARY_ERR_BAD_VALUE:
 * NULL or "", WARY_ERR_FULL, WARY_ERR_OUT_OF_MEMORY) with no text: the
 * caller says what failed, wary_name for one, wy_fail_intern for the others. */
int32_t wy_name_intern(wary_world *w, const char *name);
/* The key of an interned name, 0 when it is not interned (interns nothing). */
int32_t wy_name_find(const wary_world *w, const char *name);
/* Whether tag is whole dotted parts ("Stimulus.Custom"): no part empty, as
 * a leading, trailing or doubled dot would make one. A stimulus matches a
 * listener's prefix by whole parts (stimulus.c): such a tag would match
 * nothing, or only by its empty part. */
bool wy_tag_parts_whole(const char *tag);
/* A call that interned names and then failed gives back those past count
 * (the table's count before it): nothing else can hold their keys yet. */
void wy_names_forget(wary_world *w, int32_t count);
/* The text of a full name table or of out of memory when interning for fn. */
int wy_fail_intern(wy_error *e, const char *fn, int status);

/* Runs task over [0, count): a parallel-for through the def's task
 * callbacks (wary.h says what they promise), or on this thread. A piece
 * the scheduler gave a worker index out of range runs afterwards on this
 * thread; a piece outside the range is not run (tasks.c). */
void wy_parallel_for(wary_world *w, wary_task_fn task, int32_t count, int32_t min_range);
/* Whether some pass since the step began broke the task contract; if so,
 * fails fn with its text (WARY_ERR_BAD_VALUE) and forgets it. */
int wy_tasks_check(wary_world *w, const char *fn);
/* Forgets a fault no check read (a step that failed before its check). */
void wy_tasks_reset(wary_world *w);

/* Notify every module (wy_module says what each hook means). */
bool wy_modules_reserve(wary_world *w, int32_t agents, int32_t profiles);
void wy_modules_profile_added(wary_world *w, int32_t profile);
void wy_modules_sense_dropped(wary_world *w, int32_t profile, int32_t sense);
void wy_modules_agent_added(wary_world *w, int32_t agent);
void wy_modules_agent_removed(wary_world *w, int32_t agent);
void wy_modules_actor_removed(wary_world *w, wy_id actor);
void wy_modules_profile_changing(wary_world *w, int32_t profile);
bool wy_modules_slots_reserve(wary_world *w, int32_t profile, int32_t slot_count);
void wy_modules_slots_remap(wary_world *w, int32_t agent, const int8_t *from, int32_t old_count);
void wy_modules_lod_changed(wary_world *w, int32_t agent, float ratio);
void wy_modules_loaded(wary_world *w);

/* WARY_OK, or WARY_ERR_IN_STEP with its text when a step is under way. */
static inline int wy_step_check(const wary_world *w, const char *fn) {
  return w->in_step ? wy_fail_in_step(w->error, fn) : WARY_OK;
}

/* A distance of a def: value, or metres scaled when value is -1 (unset). */
static inline float wy_scaled(const wary_world *w, float value, float metres) {
  return value == -1.0f ? metres * w->def.units_per_meter : value;
}

/* The live actor id names, NULL if none. */
static inline wy_actor *wy_actor_get(const wary_world *w, wy_id id) {
  int32_t slot = wy_id_slot(&w->actor_ids, id);
  return slot >= 0 ? &w->actors.data[slot] : NULL;
}

/* Whether id (0: none) names a live actor. */
static inline bool wy_actor_alive(const wary_world *w, wy_id id) { return id != 0 && wy_actor_get(w, id) != NULL; }

/* The team of what made a sound or a stimulus (seed 003, Filter Friendly
 * Team: "the team is read from the actor, else its controller, else
 * whoever launched it"): its own, else its owner's, else its
 * instigator's (each while it lives), else 0 (nobody's). */
static inline int32_t wy_source_team(const wary_world *w, const wy_actor *m) {
  if (m->team != 0) return m->team;
  const wy_actor *o = m->owner ? wy_actor_get(w, m->owner) : NULL;
  if (o && o->team != 0) return o->team;
  const wy_actor *i = m->instigator ? wy_actor_get(w, m->instigator) : NULL;
  return i ? i->team : 0;
}

/* WARY_OK when id names a live actor, else WARY_ERR_STALE_ID or WARY_ERR_WRONG_KIND
 * with its text naming fn and what (the argument). */
static inline int wy_actor_status(const wary_world *w, wy_id id, const char *fn, const char *what) {
  return wy_id_check(w->error, fn, what, &w->actor_ids, id);
}

/* The id of the actor in a slot. */
static inline wy_id wy_actor_id(const wary_world *w, int32_t slot) {
  return wy_id_make(&w->actor_ids, slot);
}

/* Vision and hearing range scales and the light override (-1 none) of the
 * environments at p: the thickest fog, the darkest room. Inline: vision asks
 * twice per pair it looks at. */
static inline void wy_env_at(const wary_world *w, const float p[3], float *vision_scale,
                             float *hearing_scale, float *light) {
  *vision_scale = 1.0f;
  *hearing_scale = 1.0f;
  *light = -1.0f;
  int32_t n;
  const int32_t *at = wy_vgrid_at(&w->env_grid, p[0], p[1], w->envs.count, &n);
  for (int32_t k = 0; k < n; k++) {
    int32_t i = at ? at[k] : k;
    if (!wy_id_live(&w->env_ids, i)) continue;
    const wary_environment_def *d = &w->envs.data[i].def;
    if (p[0] < d->min[0] || p[1] < d->min[1] || p[2] < d->min[2] || p[0] > d->max[0] ||
        p[1] > d->max[1] || p[2] > d->max[2])
      continue;
    /* Overlapping environments: the thickest fog and the darkest room win. */
    if (d->vision_range_scale < *vision_scale) *vision_scale = d->vision_range_scale;
    if (d->hearing_range_scale < *hearing_scale) *hearing_scale = d->hearing_range_scale;
    if (d->light >= 0.0f && (*light < 0.0f || d->light < *light)) *light = d->light;
  }
}

static inline wy_actor *wy_agent_actor(const wary_world *w, int32_t agent) {
  return &w->actors.data[w->agents.data[agent].actor];
}

static inline wy_id wy_agent_id(const wary_world *w, int32_t agent) {
  return wy_actor_id(w, w->agents.data[agent].actor);
}

static inline wy_profile *wy_agent_profile(const wary_world *w, int32_t agent) {
  return &w->profiles.data[wy_agent_actor(w, agent)->profile];
}

#endif
