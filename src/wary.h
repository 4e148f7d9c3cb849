/* wary.h - the public C API of wary, a perception engine for game AI.
 *
 * The only header users include. Plain C11 declarations: the Lua bindings
 * (lua/wary/cdef.lua for LuaJIT's FFI, the Lua 5.4 module's tables and
 * wrappers) are generated from the block between the cdef markers by
 * scripts/gen_bindings.lua, and a test proves the committed ones current.
 *
 * Conventions
 * - Distances are world units; built-in defaults are authored in metres and
 *   scaled by wary_world_def.units_per_meter. A distance field of a def whose
 *   default is "scaled" holds -1 in wary_default_*_def(): the world replaces it.
 * - Times are seconds, angles degrees, yaw is about +z with 0 along +x.
 * - Objects are made from a *_def that starts from wary_default_*_def().
 * - Each kind of object has its own handle type (wary_actor_id, wary_box_id,
 *   wary_light_id, wary_environment_id): a struct around an id; 0 is null.
 *   A stale handle is reported (WARY_ERR_STALE_ID), never dereferenced.
 *   An id holds its kind, generation and slot, not its world: a handle
 *   given to another world names whatever that world has in the slot (or
 *   is stale there). A game with several worlds keeps each one's handles
 *   with it.
 *   Definitions (profiles, senses, sounds, filters, materials, pain types)
 *   are never destroyed and are named by their index (int32_t).
 * - Functions returning int return a wary_status (0 ok, negative error).
 *   Functions that make something return a status and write what they made
 *   through their last argument, out: a handle (null on failure) or an index
 *   (-1 on failure; wary_name's key: 0). out may be NULL when the caller
 *   keeps no handle (not for wary_world_create); where a function fills a
 *   struct or a value through out, a NULL out is refused (WARY_ERR_BAD_VALUE).
 *   Bad input never aborts and never changes anything. The world argument
 *   itself is not checked, as lua_State is not in Lua's API: it must be one
 *   wary_world_create made and wary_world_destroy has not freed.
 * - A call that returns a failing status leaves a text in its world
 *   (wary_last_error) and passes it to the world def's log callback:
 *     <function>: <what>: expected <what was expected>, got <what was given>
 *   where <what> is the argument or the def's field, so
 *     wary_actor_create: actor_def.pos[1]: expected a finite number, got nan
 *     wary_box_destroy: box: expected a live box, got an actor id (0x20100003)
 *   and, for a failure that is not about one value,
 *     <function>: <what went wrong>   (wary_step_begin: out of memory)
 *   Numbers are written as short as they read back (0.15, nan, inf), handles
 *   as 0x and 8 hex digits. The text depends on nothing but the call and the
 *   world (not on the binding). wary_step's failures name the half that
 *   failed, wary_step_begin or wary_step_end.
 * - Events and query batches are arrays owned by the world, valid until the
 *   next step: read them, do not keep pointers.
 * - One thread at a time per world: every call, even one that takes a
 *   const world, may write to it (a reader brings sleeping beliefs
 *   up to date, a failure writes the last error's text), so a game that
 *   calls into one world from several threads holds a lock of its own.
 *   Different worlds share nothing: one thread each is fine. The step's
 *   own workers (wary_world_def.workers) are the library's business.
 * - Inside the cdef markers: one declaration per statement, one member per
 *   line, types through their typedef names, a member's comment after it on
 *   its line, a function's comment above it or after it on its line.
 *   Comments may carry what scripts/gen_bindings.lua cannot infer:
 *   @cap(X) on a function with an array output (T *out, int32_t cap): the
 *   Lua wrappers pass the capacity X, a constant or a function of the world;
 *   @count(X) on a function returning an array: X gives its length; on an
 *   array member: the int32_t member X counts its used elements (a Lua table
 *   lists only those, and on input X defaults to the length of the list).
 *   The comment of a wary_status member is its text in wary.enums.
 */
#ifndef WARY_H
#define WARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What this header declares is the library's interface: the only symbols a
 * shared libwary exports. Its build (CMakeLists.txt) compiles it with hidden
 * visibility and WARY_BUILD_LIBRARY, so its internal functions (wy_*) stay
 * inside it, as Lua's LUAI_FUNC ones do: they cannot clash with a game's
 * own, and calls between them need no indirection. A program that compiles
 * wary's sources into its own code decides their visibility itself. */
#if defined(__GNUC__) && defined(WARY_BUILD_LIBRARY)
#pragma GCC visibility push(default)
#endif

/* cdef-begin */

/* Handles: one type per kind, so passing a box where an actor is expected
 * does not compile. The id inside packs a kind, a generation and a slot (see
 * below); 0 is null (WARY_IS_NULL). A stale handle is refused with
 * WARY_ERR_STALE_ID, never dereferenced; an id of another kind (a binding
 * passing plain numbers) with WARY_ERR_WRONG_KIND. The Lua bindings declare
 * each as a uint32_t, which has the same ABI on x86-64, arm64 and Windows x64. */
typedef struct wary_actor_id { uint32_t id; } wary_actor_id;             /* an agent or a target */
typedef struct wary_box_id { uint32_t id; } wary_box_id;                 /* an occluder */
typedef struct wary_light_id { uint32_t id; } wary_light_id;             /* a lamp */
typedef struct wary_environment_id { uint32_t id; } wary_environment_id; /* fog, a dark room, ... */

/* The layout of a handle's id, bit 31 down to bit 0:
 *   kind (3 bits, a wary_kind) | generation (9 bits, 1..511) | slot index (20 bits)
 * Each kind has its own slots, so the first actor, box, light and environment
 * have different ids, and an id of one kind is refused where another is
 * expected. A slot's generation counts its objects; a slot whose generation
 * would wrap is retired, never reused, so a stale id never names a live
 * object. The price: a kind runs out of slots after about 2^20 x 511 (5.3e8)
 * creations, and creating one more then fails with WARY_ERR_FULL, as it does
 * with 2^20 (WARY_MAX_ALIVE) of a kind alive at once; and a retired actor
 * slot keeps its record for the world's life: about 1 KB of memory and 250
 * bytes of every snapshot (a step passes it by, 64 slots a word of bits);
 * a game removing and making 25 actors a second among 250 retires all 250
 * in about 85 minutes, and 250 more every 85 minutes after. Objects that come and go
 * that often (projectiles, pickups) are better kept and reused: moved away
 * with wary_actor_teleport and hidden with wary_actor_set_perceivable. The slot
 * index stays in the low bits (a binding may use id % 2^20 to order and print). */
enum {
  WARY_ID_INDEX_BITS = 20,
  WARY_ID_GEN_BITS = 9
};

typedef enum wary_kind {
  WARY_KIND_NONE = 0,      /* never used: no id has it */
  WARY_KIND_ACTOR = 1,
  WARY_KIND_BOX = 2,
  WARY_KIND_LIGHT = 3,
  WARY_KIND_ENVIRONMENT = 4
} wary_kind;

typedef struct wary_world wary_world;

/* The version of this header; CMake's project version, the rockspec's and
 * the Lua library's _VERSION are read from it. */
enum {
  WARY_VERSION_MAJOR = 0,
  WARY_VERSION_MINOR = 1,
  WARY_VERSION_PATCH = 0
};

/* The version the library was built with: (major << 16) | (minor << 8) | patch.
 * A binding compares it with the header it was generated from. */
uint32_t wary_version(void);

enum {
  WARY_MAX_PROFILE_SENSES = 16, /* sense slots per profile (custom senses: at most 8) */
  WARY_MAX_CUSTOM_SENSES = 8,   /* custom senses per profile */
  WARY_MAX_EVIDENCE = 8,        /* evidence entries per belief */
  WARY_MAX_PROPS = 16,          /* numeric properties per actor */
  WARY_LOD_TIERS = 4,           /* level-of-detail tiers 0 (full) .. 3 (cheapest) */
  WARY_MAX_SAMPLES = 8,         /* vision sample points per target */
  WARY_CURVE_POINTS = 33,       /* values of a sampled curve, evenly over 0..1 */
  WARY_SENSE_VISION = 0,        /* the built-in senses' indices; custom senses follow */
  WARY_SENSE_HEARING = 1,
  WARY_SENSE_VIBRATION = 2,
  WARY_SENSE_SMELL = 3,
  WARY_SENSE_TOUCH = 4,
  WARY_SENSE_ECHOLOCATION = 5,
  WARY_SENSE_DAMAGE = 6,        /* seed 002: who hurt it (wary_apply_damage) */
  WARY_SENSE_PAIN = 7,          /* seed 002: pain and health dull the other senses */
  WARY_BUILTIN_SENSES = 8,
  WARY_MAX_STIMULUS_TAGS = 4,   /* stimulus tag prefixes a custom sense listens to */
  WARY_RECENT_SOUNDS = 32,      /* heard sounds kept per agent (for 6 s at most) */
  WARY_MAX_PAIN_TYPES = 32,     /* pain types per world */
  WARY_MAX_PAIN_EFFECTS = 8,    /* sense effects per pain type */
  WARY_PAIN_QUEUE = 32,         /* pain reports waiting for an agent's next update */
  WARY_MAX_STEP_SECONDS = 3600, /* the longest dt a step takes (an hour): longer ones are refused */
  WARY_MAX_WORKERS = 64,        /* worker threads a world's step may use */
  WARY_MAX_NAMES = 4096,        /* interned names per world (wary_name), kept for its life */
  WARY_MAX_SOUND_NAME = 144,    /* characters of a sound type's name (its tag, Stimulus.Sound.<name>, is 160) */
  WARY_MAX_MATERIALS = 256,     /* materials per world */
  WARY_MAX_TEAM_PAIRS = 128,    /* pairs of teams given a relationship (wary_set_relationship) */
  WARY_MAX_OVERRIDES = 8,       /* actors one agent has a relationship override about */
  WARY_MAX_ALIVE = 1048576      /* actors alive at once, and boxes, lights and environments (2^20 each) */
};

/* What a call did. Each member's comment is its text (wary_status_string). */
typedef enum wary_status {
  WARY_OK = 0,                 /* ok */
  WARY_ERR_STALE_ID = -1,      /* stale handle: the object was removed, or the handle is null */
  WARY_ERR_BAD_VALUE = -2,     /* bad value: NaN, infinite, out of range, NULL or otherwise not what was expected */
  WARY_ERR_FULL = -3,          /* table full: a bounded table has no room */
  WARY_ERR_NOT_FOUND = -4,     /* not found: no such belief, evidence, name or index */
  WARY_ERR_OUT_OF_MEMORY = -5, /* out of memory */
  WARY_ERR_NOT_AGENT = -6,     /* not an agent (it has no profile) */
  WARY_ERR_IN_STEP = -7,       /* not allowed during a step (between wary_step_begin and wary_step_end) */
  WARY_ERR_WRONG_KIND = -8,    /* wrong kind: the id names an object of another kind */
  WARY_ERR_NOT_IN_STEP = -9    /* only allowed during a step (between wary_step_begin and wary_step_end) */
} wary_status;

/* The text of a status (the comments above); "unknown status" for any other value. */
const char *wary_status_string(int status);

/* Names of enum values, the ones the Lua bindings' wary.enums gives: the
 * member without the enum's common prefix, lowercased; NULL for a value that
 * is no member. */
const char *wary_state_name(int32_t state);           /* of a wary_state: "tracked" */
const char *wary_event_name(int32_t type);            /* of a wary_event_type: "location_belief_changed" */
const char *wary_loss_reason_name(int32_t reason);    /* of a wary_loss_reason: "out_of_range" */
const char *wary_emotion_name(int32_t emotion);       /* of a wary_emotion: "fearful" */
const char *wary_detection_state_name(int32_t state); /* of a wary_detection_state (GECK): "combat" */
const char *wary_geck_event_name(int32_t type);       /* of a wary_geck_event_type: "last_known" */
const char *wary_stance_name(int32_t stance);         /* of a wary_stance: "crouched" */
const char *wary_threat_level_name(int32_t level);    /* of a wary_threat_level: "critical" */

typedef enum wary_state {
  WARY_UNDETECTED = 0,
  WARY_SUSPECTED = 1,
  WARY_DETECTED = 2,
  WARY_TRACKED = 3,
  WARY_LOST = 4,
  WARY_REMEMBERED = 5,
  WARY_EXPIRED = 6
} wary_state;

typedef enum wary_loss_reason {
  WARY_LOSS_NONE = 0,
  WARY_LOSS_OCCLUDED = 1,
  WARY_LOSS_OUT_OF_RANGE = 2,
  WARY_LOSS_SENSOR_DROPOUT = 3,
  WARY_LOSS_SUPPRESSED_BY_PAIN = 4
} wary_loss_reason;

typedef enum wary_stance {
  WARY_STANDING = 0,
  WARY_CROUCHED = 1,
  WARY_PRONE = 2
} wary_stance;

typedef enum wary_evidence_op {
  WARY_RAISE = 0,      /* floor: belief is at least value; creates a belief */
  WARY_CLAMP = 1,      /* ceiling: belief is at most value, beats every floor */
  WARY_LOWER = 2,      /* relative reduction, only while a sense reports */
  WARY_INVALIDATE = 3  /* forced to zero while it holds */
} wary_evidence_op;

/* What each type means; wary_event says which fields each one fills. */
typedef enum wary_event_type {
  WARY_EV_SUSPECT = 0,    /* entered Suspected (from below or above) */
  WARY_EV_DETECT = 1,     /* entered Detected (from below or above) */
  WARY_EV_TRACK = 2,      /* entered Tracked */
  WARY_EV_LOST = 3,       /* entered Lost; loss_reason says why */
  WARY_EV_REMEMBER = 4,   /* entered Remembered */
  WARY_EV_FORGET = 5,     /* entered Expired, or fell back to Undetected */
  WARY_EV_TELEGRAPH = 6,  /* confidence rose past the telegraph threshold, or a first sighting
                           * (first_spot_reaction_time) is to be taken past it at vision's next look */
  WARY_EV_SENSE_ERROR = 7, /* a custom sense failed (its evaluate, or its on_stimulus) */
  WARY_EV_HEAR = 8,        /* a hearing update heard target (sound -1: its build-up only) */
  WARY_EV_SOUND_HEARD = 9, /* one sound arrived (target: its maker, 0: nobody) */
  WARY_EV_LOCATION_BELIEF_CHANGED = 10, /* a belief about a place changed state */
  WARY_EV_GECK = 11,       /* a GECK state change (target 0: a timer did it) */
  WARY_EV_DAMAGED = 12,    /* agent was hit (target: who it believes did it, 0: nobody, itself) */
  WARY_EV_PAIN_REPORTED = 13, /* a pain report */
  WARY_EV_EMOTION_CHANGED = 14 /* the dominant emotion changed */
} wary_event_type;

/* ---- world ---------------------------------------------------------- */

/* A log callback: message is the text of a failure (wary_last_error's), valid
 * during the call. It may read the world, not change it; a call of its own
 * that fails returns its status but is not logged, and wary_last_error
 * still names the failure being logged. */
typedef void (*wary_log_fn)(void *user, const char *message);
/* Allocator hooks (wary_world_def): every allocation a world makes, from its
 * creation to its destruction, goes through them, each call with the def's
 * alloc_user. Sizes are in bytes, never 0; realloc_fn and free_fn are told the
 * size the block has. A NULL return is out of memory: the call that needed the
 * memory returns WARY_ERR_OUT_OF_MEMORY. All three NULL: the C library's malloc,
 * realloc and free. alloc_fn and free_fn are set together; realloc_fn may stay
 * NULL (alloc_fn, a copy, then free_fn). The tables each agent owns (its
 * beliefs, places, ...) take their room from chunks the world asks for, each
 * (64 KiB and up) as large as all before it, and keeps until it is destroyed:
 * so a step in steady state allocates nothing, and a growing world rarely. */
typedef void *(*wary_alloc_fn)(void *user, size_t size);
typedef void *(*wary_realloc_fn)(void *user, void *ptr, size_t old_size, size_t size);
typedef void (*wary_free_fn)(void *user, void *ptr, size_t size);
/* Task callbacks (wary_world_def), as Box2D v3's: the step creates no thread.
 * Where it works agent by agent (the built-in senses, then the beliefs), it
 * hands the host a parallel-for over the agents [0, count): the host calls
 * task on pieces that cover the range once (min_range: the fewest items
 * worth a piece of their own, a hint), from any threads, worker being the
 * index (0 .. workers - 1) of the thread that runs the piece: no two pieces
 * run at once with the same index. enqueue returns a handle for finish,
 * which returns once every piece has run; NULL: it ran every piece before
 * returning (finish is not called). The step's results are bit for bit the
 * same however the range is split and whatever the worker count. While
 * pieces run, the allocator hooks are called from their threads: they must
 * be thread-safe (malloc is). Nothing calls back into the host from a
 * piece; the custom senses' batch stays on the thread that steps. A
 * scheduler that breaks this (a worker index out of range, a piece outside
 * [0, count), pieces that overlap or leave items out) makes the step fail
 * with WARY_ERR_BAD_VALUE naming the fault, and never write out of bounds
 * nor run an item twice (such pieces do not run; what no piece ran runs on
 * the stepping thread): before anything changed when the senses' pass broke
 * it, else with the step done (docs/architecture.md, "Threads"). A finish
 * that returns before every piece has returned cannot be checked: do not.
 * Do not call wary on the world from the callbacks while its pieces run. */
typedef void (*wary_task_fn)(int32_t start, int32_t end, int32_t worker, void *task_context);
typedef void *(*wary_enqueue_task_fn)(wary_task_fn task, int32_t count, int32_t min_range, void *task_context, void *user);
typedef void (*wary_finish_task_fn)(void *task, void *user);

typedef struct wary_world_def {
  float units_per_meter;     /* world units per metre (100: centimetres), in (0, 10^6] */
  float weather;             /* world weather modifier 0..1 (1 = clear) */
  float grid_cell_size;      /* spatial grid cell, units (-1: 10 m scaled) */
  int32_t event_capacity;    /* events kept per step; the rest are dropped and counted (65536) */
  int32_t sense_error_limit; /* failures after which a custom sense is muted for an agent (3) */
  float lod_interval_scale[WARY_LOD_TIERS]; /* sense interval multiplier per LOD tier (1, 2, 4, 8) */
  int32_t ray_budget;        /* vision rays a step may cast, 0: no budget (0; docs/budget.md) */
  wary_log_fn log;           /* NULL, or called with each failure's text (and a refused def's) */
  void *log_user;            /* log's first argument */
  wary_alloc_fn alloc_fn;    /* NULL: malloc (see wary_alloc_fn) */
  wary_realloc_fn realloc_fn; /* NULL: realloc, or alloc_fn + copy + free_fn when alloc_fn is set */
  wary_free_fn free_fn;      /* NULL: free */
  void *alloc_user;          /* passed to the three */
  int32_t workers;           /* threads a step uses, 0 .. WARY_MAX_WORKERS (0, 1: the calling thread); without enqueue_task, libwary's pool: the calling thread and workers - 1 threads of its own, made and joined with the world (a libwary built with WARY_THREADS=OFF has no pool: it refuses workers > 1 without enqueue_task) */
  wary_enqueue_task_fn enqueue_task; /* NULL: the pool, when workers > 1; set: the host's scheduler, with workers >= 1 worker indices */
  wary_finish_task_fn finish_task; /* set together with enqueue_task */
  void *task_user;           /* passed to the two */
} wary_world_def;

wary_world_def wary_default_world_def(void);
/* *out: the new world, or NULL when the status is not WARY_OK. def NULL:
 * wary_default_world_def(). A refused def leaves no world: its text goes
 * to def->log, and wary_last_error(NULL) reads it on the same thread. */
int wary_world_create(const wary_world_def *def, wary_world **out);
/* Frees the world; no call may name it afterwards. From a sense's evaluate
 * callback that wary_step calls, it takes effect when the callback returns:
 * no other callback of the step runs, and wary_step frees the world and
 * returns WARY_OK without reading it again (wary_step_evaluate likewise:
 * do not end the step). Between wary_step_begin and wary_step_end, called
 * by the game itself, it frees at once: do not end the step either. */
void wary_world_destroy(wary_world *world);
int wary_world_set_weather(wary_world *world, float weather);  /* 0..1 */
/* Vision rays a step may cast (>= 0, 0: no budget): past it, the due pairs
 * most in need look first and the others keep what they saw (docs/budget.md). */
int wary_world_set_ray_budget(wary_world *world, int32_t rays);
float wary_world_weather(const wary_world *world);    /* as set, or as a load restored it */
int32_t wary_world_ray_budget(const wary_world *world); /* as set, or as a load restored it (0: none) */
/* Seconds stepped so far, in a double: steps of 1/60 s add up without
 * drift for years of play, and each step's time differs from the last's
 * (a float would be 8 ms apart after a day: two steps at 144 Hz could read
 * the same time). What the senses time (hearing's build-up and its recent
 * sounds too) is as fine in a world a year old as in one an hour old; the
 * times a few records report in floats (wary_heard_sound, wary_vision_explain)
 * are this clock rounded to a float: after about a day they are coarser than
 * a step. */
double wary_world_time(const wary_world *world);
float wary_world_units_per_meter(const wary_world *world);
int32_t wary_world_workers(const wary_world *world); /* worker indices a step uses: the def's workers, at least 1 */

/* The text of the last call on world that failed, "<function>: <what>:
 * expected <this>, got <that>" (the conventions atop wary.h); "" when none
 * has. It stays until another call fails: a call that succeeds leaves it.
 * Calls on a const world write it too. The world owns the text: copy it to
 * keep it past the next failure. world NULL: the text of this thread's last
 * refused wary_world_create ("" when none was). */
const char *wary_last_error(const wary_world *world);

/* Interned names (evidence tags, sources, property keys): a small positive
 * integer per distinct string, stable for the world's life. */
int wary_name(wary_world *world, const char *name, int32_t *out); /* *out: its key, >= 1 */
const char *wary_name_string(const wary_world *world, int32_t key); /* NULL if unknown */

/* ---- materials and boxes (occluders) --------------------------------- */

typedef struct wary_material_def {
  float vision_transmission; /* share of sight let through, 0 (wall) .. 1 (glass) */
  bool sound_wall;           /* counts as a wall for sound */
} wary_material_def;

wary_material_def wary_default_material_def(void); /* opaque wall: 0, true */
/* Material 0 is the built-in opaque wall (wary_material_set may retune it,
 * as the Lua facade's "concrete"); the ones made here are 1 and up. */
int wary_material_create(wary_world *world, const wary_material_def *def, int32_t *out); /* *out: its index */
int wary_material_set(wary_world *world, int32_t material, const wary_material_def *def);

typedef struct wary_box_def {
  float min[3];      /* lower corner, units */
  float max[3];      /* upper corner, units; each max >= min */
  int32_t material;  /* material index (0: opaque wall) */
} wary_box_def;

wary_box_def wary_default_box_def(void);
/* Boxes are made, moved, given another material and destroyed between steps
 * only: inside one (between wary_step_begin and wary_step_end, a custom
 * sense's callback among others) these return WARY_ERR_IN_STEP, as the
 * step's rays share the box tree.
 * *out: the new box (null when the status is not WARY_OK). */
int wary_box_create(wary_world *world, const wary_box_def *def, wary_box_id *out);
int wary_box_set_bounds(wary_world *world, wary_box_id box, float min_x, float min_y, float min_z,
                        float max_x, float max_y, float max_z);
int wary_box_set_material(wary_world *world, wary_box_id box, int32_t material);
int wary_box_destroy(wary_world *world, wary_box_id box);
bool wary_box_valid(const wary_world *world, wary_box_id box);
int32_t wary_box_count(const wary_world *world);

typedef struct wary_ray_result {
  float transmission; /* product of the transmissions of the boxes crossed */
  int32_t walls;      /* sound walls crossed, each box once */
  int32_t boxes;      /* boxes crossed, each once */
} wary_ray_result;

/* Segment query from a to b against every box (a box the segment touches
 * only at a or at b, in a single point, is not on it; a segment of no
 * length, a == b, is on every box that holds the point, faces included). */
int wary_ray_cast(wary_world *world, float ax, float ay, float az, float bx, float by, float bz,
                  wary_ray_result *out);

/* ---- profiles and senses --------------------------------------------- */

typedef struct wary_profile_sense {
  int32_t sense;   /* sense index from wary_sense_create */
  float weight;    /* multiplies the sense when it is the strongest (-1: the sense's weight) */
  float interval;  /* seconds between updates (-1: the sense's interval) */
} wary_profile_sense;

typedef struct wary_profile_def {
  float suspect_threshold;   /* 0.15: enter Suspected */
  float detect_threshold;    /* 0.35: enter Detected */
  float track_threshold;     /* 0.60: enter Tracked */
  float min_track_duration;  /* 0.5 s in Detected before it can track */
  float telegraph_threshold; /* 0.25: telegraph fires on the way up (and before a first sighting) */
  float corroboration_bonus; /* 0.1 added per other active sense */
  float fade_rate;           /* 0.1 confidence per second lost while fading */
  float lost_time;           /* 5 s searching in Lost before Remembered */
  float memory_time;         /* 30 s Remembered before Expired */
  float smoothing_time;      /* 0.25 s time constant of smoothed confidence */
  float max_uncertainty;     /* units (-1: 10 m scaled): uncertainty radius cap */
  float uncertainty_growth;  /* units/s (-1: 1.5 m/s scaled) while nothing senses the target */
  bool ignore_same_team;     /* true: no beliefs about actors of the agent's own team (default false: allies count) */
  int32_t sense_count;
  wary_profile_sense senses[WARY_MAX_PROFILE_SENSES]; /* @count(sense_count) */
} wary_profile_def;

wary_profile_def wary_default_profile_def(void);
int wary_profile_create(wary_world *world, const wary_profile_def *def, int32_t *out); /* *out: its index */
int wary_profile_set(wary_world *world, int32_t profile, const wary_profile_def *def);

typedef struct wary_sense_query {
  wary_actor_id agent;
  wary_actor_id target;
  int32_t sense;        /* sense index */
  int32_t slot;         /* slot in the agent's profile */
  int32_t profile;      /* the agent's profile index */
  int32_t lod_tier;     /* the agent's level-of-detail tier */
  bool off_screen;      /* the agent's off-screen flag */
  float dt;             /* seconds since this sense last evaluated this agent */
  float distance;       /* agent to target, units */
  float agent_pos[3];
  float agent_yaw;      /* degrees */
  float eye_pos[3];
  float eye_forward[3]; /* unit vector */
  float light;          /* light level where the agent stands, 0..1 */
  float weather;        /* the world's weather, 0..1 (wary_world_set_weather; no environment's scale) */
  float target_pos[3];
  float target_vel[3];
} wary_sense_query;

typedef struct wary_sense_result {
  bool active;          /* false: the sense does not perceive the target now */
  float confidence;     /* 0..1 */
  float accuracy;       /* location accuracy 0..1 */
  bool has_location;    /* false: the target's own position is used */
  float location[3];    /* estimated location */
} wary_sense_result;

/* A C evaluate callback for C hosts (Lua senses leave it NULL and are
 * evaluated by the backend between wary_step_begin and wary_step_end).
 * It answers by writing out (active false: nothing seen; a NaN or infinite
 * confidence is taken as nothing seen too, a NaN accuracy as 0; with
 * has_location, a NaN or infinite location is a failure, as a Lua sense's
 * is). To report a failure, keep the world in user and call
 * wary_query_fail(world, query - wary_queries(world)).
 * Stimuli (stimulus_tags) reach a sense through the inbox: wary_step drops
 * it unread, so a C host that wants them steps with wary_step_begin, reads
 * wary_inbox, calls wary_step_evaluate (its C senses' callbacks), then
 * wary_step_end. */
typedef void (*wary_sense_fn)(void *user, const wary_sense_query *query, wary_sense_result *out);

typedef struct wary_sense_def {
  float interval;        /* 0.1 s between updates */
  /* units; 0: inside the agent's other senses' range (a profile where none
   * reaches, and this sense takes no stimuli, is refused); INFINITY: everywhere */
  float max_range;
  float loss_grace;      /* 0.3 s of silence before the target can be lost */
  bool direct_lost_cut;  /* true: share drops at once and Lost when grace ends */
  int32_t loss_reason;   /* wary_loss_reason written when it loses the target */
  float weight;          /* 1 */
  wary_sense_fn evaluate;
  void *user;
  int32_t stimulus_tag_count;   /* prefixes it listens to on the stimulus bus */
  int32_t stimulus_tags[WARY_MAX_STIMULUS_TAGS]; /* interned names: "Stimulus.Custom" gets "Stimulus.Custom.Psychic" */
} wary_sense_def;

wary_sense_def wary_default_sense_def(void);
int wary_sense_create(wary_world *world, const wary_sense_def *def, int32_t *out); /* *out: its index */

/* ---- actors ------------------------------------------------------------ */

typedef struct wary_actor_def {
  float pos[3];
  float vel[3];        /* units/s */
  float yaw;           /* degrees */
  int32_t stance;      /* wary_stance */
  int32_t team;        /* any integer; 0 is "no team" */
  float visibility;    /* camouflage multiplier 0..1 (1) */
  float light;         /* light level where it stands 0..1 (1) */
  float eye_height;    /* units above pos (-1: 1.7 m scaled) */
  int32_t profile;     /* -1: a target only; >= 0: an agent with that profile */
  int32_t lod_tier;    /* 0..3 */
  bool perceivable;    /* false: no sense looks for it (a belief a built-in
                        * sense loses then says WARY_LOSS_SENSOR_DROPOUT,
                        * cloaked; a look now takes it with visibility 0;
                        * its sounds, hits and reported touches still
                        * reach the agents; as an agent it still hears
                        * and feels) */
  bool off_screen;     /* passed to senses */
  float scent;         /* how strongly it smells 0..1 (1) */
} wary_actor_def;

typedef struct wary_actor_info {
  float pos[3];
  float vel[3];
  float yaw;
  float eye_pos[3];
  float eye_forward[3];
  int32_t stance;
  int32_t team;
  float visibility;
  float light;
  int32_t profile;
  int32_t lod_tier;
  bool perceivable;
  bool off_screen;
  float scent;
} wary_actor_info;

wary_actor_def wary_default_actor_def(void);
/* *out: the new actor (null when the status is not WARY_OK). */
int wary_actor_create(wary_world *world, const wary_actor_def *def, wary_actor_id *out);
int wary_actor_destroy(wary_world *world, wary_actor_id actor); /* beliefs about it go too */
bool wary_actor_valid(const wary_world *world, wary_actor_id actor);
int32_t wary_actor_count(const wary_world *world);
int wary_actor_get(const wary_world *world, wary_actor_id actor, wary_actor_info *out);
/* Where the actor is, alone: for a game's every-frame reads (wary_actor_get
 * works out every field, the eyes too). */
int wary_actor_pos(const wary_world *world, wary_actor_id actor, float *x, float *y, float *z);
int wary_actor_set_pos(wary_world *world, wary_actor_id actor, float x, float y, float z);
/* units/s. Until this is called (or a def gives a velocity other than zero:
 * a def's zero is none), an actor's velocity is its motion since the last
 * step (a motion too large for a float speed, as 1 m in a dt of 1e-40,
 * counts as a jump: zero, as wary_actor_teleport's); from then on it is the
 * game's, zero too, until wary_actor_clear_velocity. */
int wary_actor_set_velocity(wary_world *world, wary_actor_id actor, float x, float y, float z);
int wary_actor_set_yaw(wary_world *world, wary_actor_id actor, float yaw);
/* The eyes turn towards the point (x, y, z), at the profile's
 * eye_turn_rate, and stay on it as the body turns (until look_forward).
 * z is a height like the actor's: eyes at pos z + eye_height look down at
 * a point at z 0. To turn them level, as a 2D game does, wary_actor_look_toward. */
int wary_actor_look_at(wary_world *world, wary_actor_id actor, float x, float y, float z);
/* As wary_actor_look_at, towards (x, y) at the eyes' own height: no pitch. */
int wary_actor_look_toward(wary_world *world, wary_actor_id actor, float x, float y);
int wary_actor_look_forward(wary_world *world, wary_actor_id actor); /* eyes follow the yaw again */
int wary_actor_set_stance(wary_world *world, wary_actor_id actor, int32_t stance);
int wary_actor_set_team(wary_world *world, wary_actor_id actor, int32_t team);
int wary_actor_set_visibility(wary_world *world, wary_actor_id actor, float visibility);
int wary_actor_set_light(wary_world *world, wary_actor_id actor, float light);
/* At once: each of an agent's senses waits the same share of its new
 * interval (the world's lod_interval_scale) as was left of its old one. */
int wary_actor_set_lod_tier(wary_world *world, wary_actor_id actor, int32_t tier);
int wary_actor_set_perceivable(wary_world *world, wary_actor_id actor, bool perceivable);
/* Who holds the actor (a weapon's pawn) and who launched it (a
 * projectile's shooter); a null handle: none. A sound or stimulus the
 * actor makes has its team, else its owner's, else its instigator's (each
 * while it lives; the owner's own team only, not its owner's), for Filter
 * Friendly Team and ignore_same_team of hearing and a stimulus's
 * team_filter (seed 003). wary_apply_damage reads them for a causer whose
 * def leaves causer_owner or causer_instigator null. Saved. */
int wary_actor_set_owner(wary_world *world, wary_actor_id actor, wary_actor_id owner);
int wary_actor_set_instigator(wary_world *world, wary_actor_id actor, wary_actor_id instigator);
int wary_actor_set_off_screen(wary_world *world, wary_actor_id actor, bool off_screen);
/* Moves the actor without motion: the velocity wary works out from its
 * moves takes no speed from the jump (a respawn: no rear cone catches it).
 * A velocity the game set stays. */
int wary_actor_teleport(wary_world *world, wary_actor_id actor, float x, float y, float z);
/* Forgets the velocity the game set (wary_actor_set_velocity, a def's
 * vel): from the next step it follows the actor's moves again. */
int wary_actor_clear_velocity(wary_world *world, wary_actor_id actor);
int wary_actor_set_prop(wary_world *world, wary_actor_id actor, int32_t key, float value);
/* Removes the prop under key, so that its readers take their fallback (the
 * GECK model's defaults, say); the others keep their order. None under key:
 * WARY_OK, nothing changes. */
int wary_actor_clear_prop(wary_world *world, wary_actor_id actor, int32_t key);
/* The prop's value; fallback when the actor has none under key, and when
 * the actor is not live (then wary_last_error says why). */
float wary_actor_get_prop(const wary_world *world, wary_actor_id actor, int32_t key, float fallback);
/* Up to cap actors within radius of (x, y, z) from the spatial grid; returns the count, or a negative
 * status (out NULL, a bad value). @cap(wary_actor_count) */
int32_t wary_query_actors(wary_world *world, float x, float y, float z, float radius, wary_actor_id *out,
                          int32_t cap);

/* ---- beliefs and evidence --------------------------------------------- */

typedef struct wary_belief {
  wary_actor_id target;
  float confidence;      /* 0..1 after fusion and evidence */
  float smoothed;        /* smoothed confidence for meters */
  float fused;           /* fusion of the sense shares, before evidence */
  int32_t state;         /* wary_state */
  int32_t loss_reason;   /* wary_loss_reason */
  float time_in_state;   /* seconds */
  float last_known[3];
  float uncertainty;     /* radius around last_known, units */
  bool sensed;           /* some sense reports it now (or is inside its grace) */
  int32_t sense_count;   /* slots in the agent's profile */
  float shares[WARY_MAX_PROFILE_SENSES]; /* per profile slot: that sense's share now */
  bool active[WARY_MAX_PROFILE_SENSES];  /* per profile slot: reported active at its last evaluation */
  bool muted[WARY_MAX_PROFILE_SENSES];   /* per profile slot: muted after repeated errors */
} wary_belief;

typedef struct wary_evidence {
  int32_t tag;       /* interned name */
  int32_t op;        /* wary_evidence_op */
  float value;       /* 0..1 */
  float lifetime;    /* seconds; 0: until removed */
  float remaining;   /* seconds left (0 when lifetime is 0) */
  int32_t source;    /* interned name, 0 for none */
} wary_evidence;

/* WARY_ERR_NOT_FOUND (and *out zeroed but for its target, state Undetected) when the agent holds no belief: a failure,
 * which the world def's log callback hears each time (about the agent itself: WARY_ERR_BAD_VALUE). A game that asks every frame asks
 * wary_belief_confidence or wary_belief_state, which answer 0 and Undetected with no error. */
int wary_belief_get(const wary_world *world, wary_actor_id agent, wary_actor_id target, wary_belief *out);
/* The belief's confidence alone, for a question a game asks every frame
 * (wary_belief_get fills every field): 0, and no error, when the agent
 * holds none. */
int wary_belief_confidence(const wary_world *world, wary_actor_id agent, wary_actor_id target, float *out);
/* Its wary_state alone: WARY_UNDETECTED, and no error, when the agent holds none. */
int wary_belief_state(const wary_world *world, wary_actor_id agent, wary_actor_id target, int32_t *out);
/* The agent's beliefs, or a negative status (agent stale, not an agent). */
int32_t wary_belief_count(const wary_world *world, wary_actor_id agent);
int wary_belief_at(const wary_world *world, wary_actor_id agent, int32_t i, wary_belief *out);
/* Raises belief to at least confidence once, at any range; never lowers. */
int wary_set_confidence(wary_world *world, wary_actor_id agent, wary_actor_id target, float confidence);
/* Same tag replaces; lifetime 0 holds until removed. */
int wary_evidence_add(wary_world *world, wary_actor_id agent, wary_actor_id target, int32_t tag, int32_t op,
                      float value, float lifetime, int32_t source);
int wary_evidence_remove(wary_world *world, wary_actor_id agent, wary_actor_id target, int32_t tag);
int wary_evidence_clear(wary_world *world, wary_actor_id agent, wary_actor_id target);
/* The evidence agent holds on target (0 without a belief), or a negative status. */
int32_t wary_evidence_count(const wary_world *world, wary_actor_id agent, wary_actor_id target);
int wary_evidence_at(const wary_world *world, wary_actor_id agent, wary_actor_id target, int32_t i,
                     wary_evidence *out);
/* Clears the mute (and error count) of a profile slot for an agent. */
int wary_sense_unmute(wary_world *world, wary_actor_id agent, int32_t slot);
/* *out: whether a profile slot of agent is muted after repeated errors. */
int wary_sense_muted(const wary_world *world, wary_actor_id agent, int32_t slot, bool *out);

/* ---- stepping ------------------------------------------------------------ */

/* During a step (between wary_step_begin and wary_step_end, a C evaluate
 * callback among others) these return WARY_ERR_IN_STEP: making or
 * destroying actors, boxes, senses, profiles and pain types, moving a box
 * or changing its material, any profile setting (its senses, vision,
 * hearing, the basic senses, brain, GECK model), changing a sound, a filter
 * or a pain type, hits (wary_apply_damage, wary_geck_damage), GECK
 * detection events, the ray budget, saving and loading. The other setters
 * (positions, lamps, volumes, materials, the sun, evidence, relationships,
 * weather; making lamps, volumes, materials, sounds and filters too) are
 * taken and count from where the step reads them next. The calls only a step allows (wary_step_end,
 * wary_step_evaluate, wary_query_fail, wary_inbox_fail) return
 * WARY_ERR_NOT_IN_STEP outside one. */

/* One step: wary_step_begin, wary_step_evaluate (the C evaluate callbacks),
 * wary_step_end. dt is in seconds, 0 to WARY_MAX_STEP_SECONDS; dt = 0
 * passes no time: a sense looks only if it is due (its interval does not
 * run), nothing fades and no timer runs. */
int wary_step(wary_world *world, float dt);
/* Timers and sense scheduling; fills the query batch for custom senses. It
 * takes all the room the step needs before it changes anything: on
 * WARY_ERR_OUT_OF_MEMORY the world is as it was, with no events. */
int wary_step_begin(wary_world *world, float dt);
int32_t wary_query_count(const wary_world *world);
const wary_sense_query *wary_queries(const wary_world *world); /* @count(wary_query_count) */
/* One per query, preset inactive. @count(wary_query_count) */
wary_sense_result *wary_results(wary_world *world);
/* The evaluation of query i raised an error: queues sense_error, counts toward muting. */
int wary_query_fail(wary_world *world, int32_t i);
/* Calls the C evaluate callbacks of the step's queries, as wary_step does
 * between its begin and end: for a C host that steps with wary_step_begin
 * and wary_step_end (to read the inbox, say) and has C senses, which answer
 * nothing otherwise. The queries of senses with no callback (answered by
 * the host through wary_results) are left as they are. Once a step: a
 * second call does nothing; from inside a callback it is refused
 * (WARY_ERR_IN_STEP). When a callback destroys the world it is freed on
 * return (do not end the step). */
int wary_step_evaluate(wary_world *world);
/* Fusion, evidence, states, events. From inside an evaluate callback it is
 * refused (WARY_ERR_IN_STEP): the step ends after every callback answered. */
int wary_step_end(wary_world *world);

/* One event of a step. type and agent are always set; every other field is
 * either meaningful for the type or holds its neutral value:
 *   target 0, from_state -1, to_state -1, loss_reason 0 (WARY_LOSS_NONE),
 *   confidence 0, sense -1, index -1, pos {0, 0, 0}, sound -1, tag 0,
 *   loudness 0, walls 0, instigator 0.
 * The meaningful fields of each type:
 *   suspect, detect, track, lost, remember, forget: target, from_state and
 *     to_state (wary_state), loss_reason (the belief's: why it was lost,
 *     kept until it climbs again), confidence
 *   telegraph: target, from_state = to_state (the state it is in), confidence
 *   sense_error: target (0 for an on_stimulus), sense, index (query or inbox index)
 *   hear: target, confidence (= loudness, at most 1), pos (where the maker is),
 *     sound (-1: the build-up alone), loudness (the share heard)
 *   sound_heard: target (the maker, 0: nobody), confidence (= loudness, at most 1),
 *     pos (where it was made), sound, loudness (as it arrived), walls
 *   location_belief_changed: from_state, to_state (wary_state), confidence, pos, tag
 *   geck: target (what caused it, 0: a timer), from_state and to_state
 *     (wary_detection_state), confidence (its detection value), pos (its place;
 *     neutral when it has none), index (the wary_geck_event_type behind it, -1: none)
 *   damaged: target (who it believes did it, 0: nobody), confidence (the amount),
 *     instigator (the instigator given, 0: none), tag (the damage type),
 *     pos (the hit location)
 *   pain_reported: confidence (the level after it), index (the pain type)
 *   emotion_changed: from_state, to_state (wary_emotion) */
typedef struct wary_event {
  int32_t type;        /* wary_event_type */
  wary_actor_id agent;
  wary_actor_id target;
  int32_t from_state;
  int32_t to_state;
  int32_t loss_reason; /* wary_loss_reason */
  float confidence;
  int32_t sense;       /* sense index */
  int32_t index;
  float pos[3];
  int32_t sound;       /* sound index */
  int32_t tag;         /* interned name */
  float loudness;
  int32_t walls;       /* walls it came through */
  wary_actor_id instigator; /* damaged: the instigator given */
} wary_event;

int32_t wary_event_count(const wary_world *world);
const wary_event *wary_events(const wary_world *world); /* @count(wary_event_count) */
/* The first event at index from or after it whose type's bit is set in
 * type_mask (bit t for wary_event_type t), or wary_event_count when there is
 * none; from below 0 counts as 0. The events of the types a game handles:
 *   for (i = wary_event_next(w, m, 0); i < n; i = wary_event_next(w, m, i + 1)) */
int32_t wary_event_next(const wary_world *world, uint32_t type_mask, int32_t from);
uint32_t wary_events_dropped(const wary_world *world); /* total dropped since creation */

typedef struct wary_stats {
  uint64_t rays;          /* ray casts since creation */
  uint64_t queries;       /* custom sense queries handed out since creation */
  uint64_t candidates;    /* actors the grid handed to senses since creation (not team mates a profile ignores) */
  int32_t beliefs;        /* beliefs held now */
  uint64_t sounds_dropped; /* sounds that gave way in a full pending queue (max_pending) */
  uint64_t pain_reports_dropped; /* pain reports past WARY_PAIN_QUEUE (their events are lost) */
  uint64_t vision_rays;   /* vision's sample rays since creation (steps and explain) */
  uint64_t budget_pairs;  /* due vision pairs that needed rays while a ray budget was set */
  uint64_t budget_deferred; /* of those, the ones put off to a later step by the budget */
  int32_t budget_max_wait; /* the longest a put-off pair waited to look, steps */
} wary_stats;

wary_stats wary_world_stats(const wary_world *world);

/* ---- save and load ---------------------------------------------------------- */

/* A snapshot of everything a step or a call can change (actors, boxes,
 * lights, environments, sun and weather, beliefs with their evidence and
 * timers, places, hearing, stimuli and hits waiting for the next step, pain,
 * emotions, attention, threat, relationships, GECK, sense timers and mutes,
 * world time, the ids with their generations), in a versioned little-endian
 * format that is the same on every machine and binding. Definitions are not
 * in it: load it into a world that defines the same profiles, senses,
 * materials, sounds, filters and pain types, in the same order, before it
 * interns any other name (wary_name, a prop's key, an evidence tag): the
 * snapshot's names must begin with the world's, as the definitions hold
 * their keys (the snapshot keeps their counts, a fingerprint and each
 * one's hash, and refuses another world's, naming the first definition
 * that differs, a sense before a profile that uses it). The world must
 * also be made with the saved world's
 * settings that change what a step computes: units_per_meter,
 * event_capacity, sense_error_limit and lod_interval_scale (the snapshot
 * holds them; weather and ray_budget are state it holds and restores;
 * grid_cell_size, workers, log, allocators and task callbacks need not
 * match). Canonical:
 * a world loaded from it saves what the saved world saves after every
 * step the two take alike. A dormant belief is written caught up, so a
 * save replays the steps each has slept through (measured: 1,000 agents,
 * 18,800 beliefs, 4.9 MB: 32 ms at a steady 60 Hz and 103 ms with a dt
 * that varies every step, against 32 and 42 ms before it was canonical).
 * *size: the snapshot's bytes; buf NULL: only that. WARY_ERR_FULL (nothing
 * usable in buf) when cap is smaller. Not during a step. */
int wary_world_save(const wary_world *world, void *buf, size_t cap, size_t *size);
/* Replaces the world's state with a snapshot of wary_world_save (size bytes).
 * Snapshots of the formats this library reads load (version 9; 8, 7, 6, 5,
 * 4, 3, 2 and 1 from earlier releases: 8 and older with the hearing times
 * counted from 0 (a world a day old or more hears more coarsely until its
 * next step counts them from nearer); 7 and older without the actors'
 * owners and instigators, which load as none; 6 and older without the
 * world's settings, which load unchecked; 5 and older without when the dormant
 * beliefs on a rung are looked at again, which a world loaded from them
 * does at its next step; 4 and older without the definitions' own hashes,
 * so a refusal for other definitions names none; 3 and older without the
 * stats' vision rays and budget counters, which load as 0; 2 and 1 with a
 * float clock); a truncated, damaged, other-version, other-settings or
 * other-definitions snapshot is refused (WARY_ERR_BAD_VALUE, the text says
 * which: "profile 2: expected the settings this world defined it with, got
 * other ones", "snapshot world settings: lod_interval_scale[1]: expected 5
 * (this world's), got 2 (the saved world's: ...)") and the world is left
 * as it was; out of memory too. The handles of
 * the saved world are valid again (live ones name their objects, removed
 * ones are refused); one made after the save names nothing, and its slot
 * may be given to a new object later, as in the saved world. The last
 * step's events and batch are gone. Not during a step. */
int wary_world_load(wary_world *world, const void *buf, size_t size);

/* An actor a snapshot holds: its id, and its profile (-1: a target). */
typedef struct wary_snapshot_actor {
  wary_actor_id id;
  int32_t profile;
} wary_snapshot_actor;

/* The actors a snapshot of wary_world_save holds, without loading it, and
 * nothing in the world changes. Its header, checksum, world settings and
 * definitions are checked as wary_world_load checks them (the same texts, under this
 * function's name), and its records read only as far as the actors, which
 * are checked; what this refuses a load refuses, and a load checks the rest.
 * Its live actors go to out[0 .. min(capacity, *count) - 1] in slot order;
 * *count: how many it holds (more than capacity: call again with that many).
 * A game that keeps records of its own beside the snapshot checks them here
 * before it loads (wary's Lua facade does). Not during a step. */
int wary_snapshot_actors(wary_world *world, const void *buf, size_t size, wary_snapshot_actor *out,
                         int32_t capacity, int32_t *count);

/* ---- vision, light and environments ------------------------------------ */

typedef enum wary_cone {
  WARY_CONE_NONE = 0,
  WARY_CONE_FOCAL = 1,
  WARY_CONE_PERIPHERAL = 2,
  WARY_CONE_REAR = 3
} wary_cone;

/* Sample points on a target, in its own frame (x along its yaw, y to its
 * left, z up, units), 4 floats each: x, y, z, weight. */
typedef struct wary_samples {
  int32_t count;       /* 0: the built-in five points for the target's stance */
  float points[32];
} wary_samples;

/* A profile's vision (seed 000, "The vision formula"). A profile sees when
 * its senses include WARY_SENSE_VISION. */
typedef struct wary_vision_def {
  float max_range;              /* units (-1: 30 m scaled) */
  float interval;               /* 0.1 s between updates */
  float loss_grace;             /* 0.2 s before a target out of sight can be lost */
  float weight;                 /* 1 */
  float half_angle;             /* focal cone, degrees each side (60) */
  bool peripheral_cone;         /* false */
  float peripheral_half_angle;  /* 110 */
  float peripheral_scale;       /* 0.45 */
  float peripheral_range_scale; /* 0.6 */
  bool rear_cone;               /* false */
  float rear_half_angle;        /* 60, measured from straight behind */
  float rear_scale;             /* 0.25 */
  float rear_range_scale;       /* 0.35 */
  float rear_min_speed;         /* units/s (-1: 3 m/s scaled): slower targets are not seen from behind */
  float darkness_min_detection; /* light factor in total darkness (0.1) */
  float motion_bonus;           /* 0.3: up to 30% more for a fast target */
  float motion_bonus_speed;     /* units/s (-1: 6 m/s scaled) for the full bonus */
  float min_exposure;           /* 0.05: min exposure to register */
  int32_t min_visible_points[3];/* standing, crouched, prone (1, 1, 1) */
  int32_t sample_count;         /* vision sample count: at most this many of the built-in points (5) */
  wary_samples default_samples; /* count 0: the built-in points */
  float eye_turn_rate;          /* degrees/s the eyes turn towards where it looks (0: at once) */
  float first_spot_reaction_time; /* 0 s: seconds of first sight before it counts */
  bool use_per_target_light;    /* false: the target's own light level */
  bool trace_sun_shadow;        /* true: a shadow ray towards the sun */
  int32_t priority;             /* 0: under a ray budget, higher looks first (docs/budget.md) */
  int32_t distance_curve_count; /* 0: 1 - x^2; else WARY_CURVE_POINTS values over x = d / range */
  float distance_curve[WARY_CURVE_POINTS];
  int32_t angle_curve_count;    /* 0: cos(x * 90 deg); else values over x = angle / half angle */
  float angle_curve[WARY_CURVE_POINTS];
  int32_t motion_curve_count;   /* 0: 1 + bonus * x; else values over x = speed / bonus speed */
  float motion_curve[WARY_CURVE_POINTS];
} wary_vision_def;

wary_vision_def wary_default_vision_def(void);
int wary_profile_set_vision(wary_world *world, int32_t profile, const wary_vision_def *def);

/* Replaces the target's sample points (count 0: back to the built-in ones; else at least
 * one must weigh more than 0: points that weigh nothing in all are never seen). */
int wary_actor_set_samples(wary_world *world, wary_actor_id actor, const wary_samples *samples);

typedef struct wary_light_def {
  float pos[3];
  float radius;       /* units (-1: 8 m scaled): light falls as 1 - (d / radius)^2 */
  float intensity;    /* 0..1 (1) */
  bool cast_shadows;  /* true: boxes between lamp and target block it */
} wary_light_def;

wary_light_def wary_default_light_def(void);
/* *out: the new lamp (null when the status is not WARY_OK). */
int wary_light_create(wary_world *world, const wary_light_def *def, wary_light_id *out);
int wary_light_set(wary_world *world, wary_light_id light, const wary_light_def *def);
int wary_light_destroy(wary_world *world, wary_light_id light);

/* Sun direction (pointing from the sun, so (0, 0, -1) is noon), its light and the
 * light of shade. Zero vector: no sun (everything lit at ambient). */
int wary_world_set_sun(wary_world *world, float dx, float dy, float dz, float intensity,
                       float ambient);

typedef struct wary_environment_def {
  float min[3];
  float max[3];
  float vision_range_scale;  /* 1: fog shortens sight (0.3 light fog) */
  float hearing_range_scale; /* 1 */
  float light;               /* -1: unchanged; else the light level inside (a dark cellar: 0) */
} wary_environment_def;

wary_environment_def wary_default_environment_def(void);
/* *out: the new environment (null when the status is not WARY_OK). */
int wary_environment_create(wary_world *world, const wary_environment_def *def,
                            wary_environment_id *out);
int wary_environment_set(wary_world *world, wary_environment_id env, const wary_environment_def *def);
int wary_environment_destroy(wary_world *world, wary_environment_id env);

/* The light level at a target as vision computes it with use_per_target_light
 * and the sun's shadow traced (trace_sun_shadow); -1 (and a last error) for
 * a handle that names no live actor. */
float wary_light_at(wary_world *world, wary_actor_id actor);

typedef struct wary_vision_explain {
  bool evaluated;        /* false: vision never looked at the target */
  float time;            /* world time of the evaluation (as a float: wary_world_time) */
  float confidence;      /* the result (0 when not seen) */
  int32_t cone;          /* wary_cone */
  int32_t reason;        /* wary_loss_reason when not seen */
  float distance;        /* eye to head sample, units */
  float range;           /* range of the cone used, units (after fog) */
  float angle;           /* degrees off the eye direction (rear: off straight behind) */
  float distance_falloff;
  float angle_falloff;
  float exposure;
  float light;           /* light level at the target */
  float light_factor;
  float motion_bonus;
  float weather;
  float visibility;
  float cone_scale;
  int32_t visible_points; /* points reached by more than half the sight */
  int32_t required_points;
  bool reacting;         /* held back by first_spot_reaction_time */
  int32_t sample_count;
  float sample_pos[24];  /* world positions, 3 per sample */
  float sample_sight[WARY_MAX_SAMPLES]; /* share of sight reaching each */
  float sample_weight[WARY_MAX_SAMPLES];
  /* The box whose material stops sight (transmission 0) that cut each
   * sample's sight to 0, the nearest the eye (id 0: none, as for a sight
   * only see-through boxes dimmed). Its rays are not counted in the stats. */
  wary_box_id sample_blocker[WARY_MAX_SAMPLES];
} wary_vision_explain;

int wary_vision_explain_get(const wary_world *world, wary_actor_id agent, wary_actor_id target,
                            wary_vision_explain *out);

/* ---- hearing, places, the stimulus bus, the other senses --------------- */

typedef enum wary_sound_category {
  WARY_CATEGORY_ENEMY = 0,
  WARY_CATEGORY_FRIENDLY = 1,
  WARY_CATEGORY_ANIMAL = 2,
  WARY_CATEGORY_ENVIRONMENT = 3,
  WARY_CATEGORY_CUSTOM = 4
} wary_sound_category;

typedef enum wary_alert_level {
  WARY_WHISPER = 0,
  WARY_NORMAL = 1,
  WARY_LOUD = 2,
  WARY_EXPLOSIVE = 3
} wary_alert_level;

/* A kind of sound (seed 003, "Make a sound type"). */
typedef struct wary_sound_def {
  /* Its name, a key from wary_name (required: the default def's 0 is
   * refused); its stimulus is Stimulus.Sound.<name>. */
  int32_t name;
  int32_t category;         /* wary_sound_category (enemy) */
  int32_t alert_level;      /* wary_alert_level (normal) */
  float loudness;           /* base loudness (1: a footstep, 3: a gunshot) */
  float max_range;          /* units (-1: 15 m scaled): nothing beyond is considered */
  float location_accuracy;  /* 0..1; 0: from distance */
  int32_t max_lod_tier;     /* agents of a higher tier do not hear it (2) */
  int32_t max_pending;      /* sounds of this type queued per agent per step (3) */
} wary_sound_def;

wary_sound_def wary_default_sound_def(void);
int wary_sound_create(wary_world *world, const wary_sound_def *def, int32_t *out); /* *out: its index */
/* Retunes a sound between steps (its name stays: its stimulus tag is made of
 * it). One emitted before, still queued, is heard as retuned; its stimulus
 * keeps the strength and radius it was emitted with. */
int wary_sound_set(wary_world *world, int32_t sound, const wary_sound_def *def);

/* Who hears what (seed 003, "Filters"). */
typedef struct wary_filter_def {
  bool enabled;               /* false: hears everything (true) */
  uint32_t categories;        /* bit 1 << category; 0 is deaf (enemy, animal, environment, custom) */
  int32_t min_alert_level;    /* wary_alert_level (whisper) */
  float loudness_multiplier;  /* 1 */
  bool filter_friendly_team;  /* ignore sounds made by its own team (false) */
} wary_filter_def;

wary_filter_def wary_default_filter_def(void);
int wary_filter_create(wary_world *world, const wary_filter_def *def, int32_t *out); /* *out: its index */
/* Retunes a filter between steps; every hearing def that names it follows. */
int wary_filter_set(wary_world *world, int32_t filter, const wary_filter_def *def);

/* A profile's hearing; it hears when its senses include WARY_SENSE_HEARING. */
typedef struct wary_hearing_def {
  float interval;               /* 0.1 s between hearing updates */
  float loss_grace;             /* 1 s of silence before the maker can be lost */
  float weight;                 /* 1 */
  float accumulation_rate;      /* 0.5: each sound adds heard x rate x 0.1 to the build-up */
  float accumulation_hold;      /* 1 s of silence before the build-up fades */
  float accumulation_decay;     /* 0.2 per second once it fades */
  float wall_absorption;        /* 0.4: each wall multiplies by exp(-0.4), a third off */
  float ear_height;             /* units above the feet (-1: 0.64 m scaled) */
  int32_t filter;               /* filter index, -1: hears everything */
  float merge_radius;           /* units (-1: 2 m scaled): place beliefs this close merge */
} wary_hearing_def;

wary_hearing_def wary_default_hearing_def(void);
int wary_profile_set_hearing(wary_world *world, int32_t profile, const wary_hearing_def *def);

/* Smell, touch, echolocation and vibration share one shape of settings. */
typedef struct wary_basic_sense_def {
  float interval;     /* seconds between updates */
  float range;        /* units (-1: the sense's default, scaled) */
  float loss_grace;   /* seconds */
  float weight;
  float sensitivity;  /* multiplies what it senses (1) */
  float accuracy;     /* location accuracy of what it reports, 0..1 */
} wary_basic_sense_def;

/* The defaults of a built-in sense (smell, touch, echolocation, vibration). */
wary_basic_sense_def wary_default_basic_sense_def(int32_t sense);
int wary_profile_set_basic_sense(wary_world *world, int32_t profile, int32_t sense,
                                 const wary_basic_sense_def *def);

/* Queue a sound made by source, at its position, or by nobody at a place.
 * At the next step it is sent on the stimulus bus and reaches the agents it
 * can; each hears it at its next hearing update (its hearing interval). */
int wary_emit_sound(wary_world *world, wary_actor_id source, int32_t sound);
int wary_emit_sound_at(wary_world *world, int32_t sound, float x, float y, float z);

typedef struct wary_heard_sound {
  float time;        /* world time it was heard (as a float: wary_world_time) */
  float age;         /* seconds since it was heard, as finely in a world of any age */
  wary_actor_id maker;     /* 0: nobody */
  int32_t sound;
  float pos[3];
  float loudness;    /* as it arrived */
  int32_t walls;
} wary_heard_sound;

/* Sounds agent heard in the last seconds (at most 6 s, 32 sounds), newest first.
 * @cap(WARY_RECENT_SOUNDS) */
int32_t wary_recent_sounds(const wary_world *world, wary_actor_id agent, float seconds,
                           wary_heard_sound *out, int32_t cap);

/* A belief about a place (sounds nobody made, vibrations, reports). */
typedef struct wary_location_belief {
  float pos[3];
  int32_t tag;           /* interned: the sound's name, the stimulus tag, or the report's */
  float confidence;
  int32_t state;         /* wary_state */
  float time_in_state;
  float accuracy;
  float uncertainty;     /* units */
} wary_location_belief;

/* The agent's location beliefs, or a negative status (agent stale, not an agent). */
int32_t wary_location_count(const wary_world *world, wary_actor_id agent);
int wary_location_at(const wary_world *world, wary_actor_id agent, int32_t i, wary_location_belief *out);
/* WARY_ERR_NOT_FOUND when the agent holds none above 0. */
int wary_location_strongest(const wary_world *world, wary_actor_id agent, wary_location_belief *out);
/* Drops agent's belief about place i (a guard that has searched it): no event. The last one
 * takes index i. Not during a step. */
int wary_location_forget(wary_world *world, wary_actor_id agent, int32_t i);
/* Raises (or makes) agent's belief about the place: merged with one of the same tag nearby. */
int wary_report_location(wary_world *world, wary_actor_id agent, float x, float y, float z, int32_t tag,
                         float confidence, float accuracy);

/* Something touched agent (a bump, a hand on the shoulder): its touch sense
 * reports it at the next step. WARY_ERR_NOT_FOUND (nothing kept) when its
 * profile has no WARY_SENSE_TOUCH; at most 4 touchers wait for that step (the
 * same one again is kept once), a fifth gets WARY_ERR_FULL (nothing kept). */
int wary_report_touch(wary_world *world, wary_actor_id agent, wary_actor_id toucher);

typedef struct wary_stimulus_def {
  int32_t tag;              /* interned name of whole dotted parts (Stimulus.Custom.Psychic) */
  float pos[3];
  wary_actor_id source;           /* 0: none */
  float strength;           /* 0..1 (1) */
  float radius;             /* units (-1: 15 m scaled) */
  int32_t max_lod_tier;     /* 2 */
  bool requires_clear_path; /* false: true traces from it to each agent and skips blocked ones */
  bool team_filter;         /* false: true skips agents on the source's team */
} wary_stimulus_def;

wary_stimulus_def wary_default_stimulus_def(void);
/* Queue a stimulus; it is delivered at the next step. */
int wary_emit_stimulus(wary_world *world, const wary_stimulus_def *def);

/* A stimulus delivered to a custom sense this step (the backend calls its
 * on_stimulus before evaluating). */
typedef struct wary_stimulus_delivery {
  wary_actor_id agent;
  int32_t sense;
  int32_t tag;
  float pos[3];
  wary_actor_id source;
  float strength;
  float radius;
  float distance;
} wary_stimulus_delivery;

int32_t wary_inbox_count(const wary_world *world);
const wary_stimulus_delivery *wary_inbox(const wary_world *world); /* @count(wary_inbox_count) */
/* The on_stimulus of inbox entry i raised an error: queues sense_error, and
 * counts towards muting the sense (sense_error_limit) as wary_query_fail does. */
int wary_inbox_fail(wary_world *world, int32_t i);

int wary_actor_set_scent(wary_world *world, wary_actor_id actor, float scent);

/* ---- the GECK model (seed 001) ------------------------------------------ */

/* The classic Gamebryo detection model, chosen per profile: a detection value
 * per (agent, hostile actor) and four agent-level states. Per-actor inputs are
 * numeric props (wary_actor_set_prop with these interned names): on the
 * target: armor_weight (0; below 0 counts as 0, as action does), sneak (its sneak skill while sneaking, 0),
 * running (1 running, 0), action (the action sound rating of what it does
 * now, a shot: 0), stealth_field (1 on, 0), dead (1: no longer hostile, 0),
 * silent_running (1: the Silent Running perk, running adds no sound, 0);
 * on the agent: perception (0..10, 5), blindness (0..100, 0), sleeping
 * (1 asleep, 0), exterior (1 outdoors, 0 indoors; unset: the def's flag). The
 * target moves when its velocity is not zero; its light level is its light
 * (0..1) x 100. Hostile: the relationship the game set
 * (wary_set_relationship_override, wary_set_relationship), else teams that
 * differ, both non-zero (see team_zero_hostile); a target with the "dead"
 * prop set is nobody's. */
enum {
  WARY_GECK_MAX_ALERTS = 16    /* detection events in an agent's alert list */
};

typedef enum wary_detection_state {
  WARY_GECK_NORMAL = 0,
  WARY_GECK_ALERT = 1,   /* aware of a detection event: searching, weapon out */
  WARY_GECK_COMBAT = 2,  /* in combat with a target of its target list */
  WARY_GECK_LOST = 3     /* every target undetected: searching their last known places */
} wary_detection_state;

typedef enum wary_geck_event_type {
  WARY_GECK_EVENT_NOTICED = 0,    /* a hostile crossed the alert threshold, at its place */
  WARY_GECK_EVENT_DAMAGE = 1,     /* a hostile damaged the agent, at the hostile's place */
  WARY_GECK_EVENT_LAST_KNOWN = 2, /* in Combat: where a target was last detected */
  WARY_GECK_EVENT_IMPACT = 3,     /* a projectile hit something (made by the game) */
  WARY_GECK_EVENT_EXPLOSION = 4,  /* something blew up (made by the game) */
  WARY_GECK_EVENT_WEAPON = 5,     /* a weapon was used (made by the game) */
  WARY_GECK_EVENT_CUSTOM = 6      /* anything else the game makes */
} wary_geck_event_type;

/* A profile's GECK settings: the seed's fSneak and fDetection settings in
 * snake_case, and wary's own (interval, timers, hostility). */
typedef struct wary_geck_def {
  bool enabled;                              /* true: the profile's agents use the model */
  float interval;                            /* 0.1 s between detection evaluations */
  float sneak_base_value;                    /* fSneakBaseValue -35 */
  float sneak_skill_mult;                    /* fSneakSkillMult 0.5 x (perception skill - sneak) */
  float sneak_max_distance;                  /* fSneakMaxDistance, units (-1: 25 m scaled, 2500 cm) */
  float sneak_exterior_distance_mult;        /* fSneakExteriorDistanceMult 2 outdoors */
  float sneak_distance_attenuation_exponent; /* fSneakDistanceAttenuationExponent 2 */
  float sneak_sound_los_mult;                /* fSneakSoundLosMult 0.1 without line of sight */
  float sneak_sounds_mult;                   /* fSneakSoundsMult 1 */
  float sneak_boot_weight_base;              /* fSneakBootWeightBase 10: moving makes this much */
  float sneak_boot_weight_mult;              /* fSneakBootWeightMult 1 per unit of armor_weight */
  float sneak_running_mult;                  /* fSneakRunningMult 1.5 on movement while running */
  float sneak_action_mult;                   /* fSneakActionMult 1 on the action rating */
  float sneak_light_mult;                    /* fSneakLightMult 0.5 */
  float detection_sneak_light_mod;           /* fDetectionSneakLightMod 0 added to the light level */
  float sneak_light_move_mult;               /* fSneakLightMoveMult 0.5 more sight while moving */
  float sneak_light_run_mult;                /* fSneakLightRunMult 0.5 more again while running */
  float sneak_stealthboy_mult;               /* fSneakStealthboyMult 0.1 on sight of a stealth field */
  float sneak_perception_skill_min;          /* fSneakPerceptionSkillMin 0 at perception 0 */
  float sneak_perception_skill_max;          /* fSneakPerceptionSkillMax 100 at perception 10 */
  float sneak_alert_mod;                     /* fSneakAlertMod 0.5: perception x 1.5 when Alert or Lost */
  float sneak_sleep_bonus;                   /* fSneakSleepBonus -0.75: perception x 0.25 asleep */
  float sneak_combat_mod;                    /* fSneakCombatMod -0.5 on targets other than the combat one */
  float sneak_noticed_min;                   /* fSneakNoticedMin -20: the alert threshold */
  float sneak_seen_min;                      /* fSneakSeenMin 0: detected above it */
  float sneak_lost_min;                      /* fSneakLostMin -20: a listed target below it runs its timer */
  float event_lifetime;                      /* 10 s a detection event stays in the alert list */
  float target_timer;                        /* 5 s undetected before a target's timer expires */
  float alert_timer;                         /* 15 s of searching in Lost before Normal */
  float view_half_angle;                     /* 180 degrees: line of sight all around (the seed's) */
  bool exterior;                             /* false: indoors unless the agent's exterior prop says */
  bool use_world_light;                      /* false: the target's light; true: lights, sun, shade */
  bool team_zero_hostile;                    /* false: actors of team 0 are nobody's enemies */
  bool hear_ownerless_events;                /* true: events with no owner alert every agent in range */
} wary_geck_def;

wary_geck_def wary_default_geck_def(void);
/* enabled false: the profile's agents leave the model (back to Normal, lists emptied). */
int wary_profile_set_geck(wary_world *world, int32_t profile, const wary_geck_def *def);
/* wary_detection_state, or a negative status (WARY_ERR_NOT_FOUND: the profile has no GECK model). */
int32_t wary_geck_state(const wary_world *world, wary_actor_id agent);
/* The last computed detection value; WARY_ERR_NOT_FOUND (and 0) if never evaluated. */
int wary_geck_detection_value(const wary_world *world, wary_actor_id agent, wary_actor_id target, float *out);
/* A detection event (owner 0: nobody) of the given action rating and wary_geck_event_type at a
 * place; agents hear it at the next step. */
int wary_create_detection_event(wary_world *world, wary_actor_id owner, float x, float y, float z,
                                float rating, int32_t type);
/* attacker damaged victim: the victim's next step adds a damage event (seed: Normal -> Alert). */
int wary_geck_damage(wary_world *world, wary_actor_id victim, wary_actor_id attacker);

typedef struct wary_geck_info {
  int32_t state;        /* wary_detection_state */
  float time_in_state;  /* seconds */
  float alert_timer;    /* seconds left of the Lost search (0 when not running) */
  wary_actor_id combat_target;/* the listed target with the highest detection value, 0 none */
  int32_t alert_count;  /* detection events in the alert list */
  int32_t target_count; /* actors with a detection value (wary_geck_target_at) */
  int32_t listed_count; /* of which in the target list */
} wary_geck_info;

typedef struct wary_geck_alert {
  wary_actor_id owner;        /* 0: nobody */
  int32_t type;         /* wary_geck_event_type */
  float pos[3];
  float rating;         /* action rating, or the detection value that made it (last_known: the target's value now) */
  float remaining;      /* seconds before it expires */
} wary_geck_alert;

typedef struct wary_geck_target {
  wary_actor_id target;
  float detection;      /* the detection value */
  float attenuation;    /* ((max - d) / max) ^ exponent, 0 beyond max */
  float sound;          /* the sound factor, attenuation included */
  float visual;         /* the visual factor, attenuation included */
  float skill;          /* sneak_skill_mult x (perception skill x attenuation - sneak) */
  bool line_of_sight;   /* a ray from the eyes to its head gets through */
  bool listed;          /* in the target list */
  bool timer_running;   /* listed and below sneak_lost_min */
  float timer;          /* seconds left on its timer (target_timer while not running) */
  float last_known[3];  /* where it was last detected */
} wary_geck_target;

int wary_geck_info_get(const wary_world *world, wary_actor_id agent, wary_geck_info *out);
int wary_geck_alert_at(const wary_world *world, wary_actor_id agent, int32_t i, wary_geck_alert *out);
int wary_geck_target_at(const wary_world *world, wary_actor_id agent, int32_t i, wary_geck_target *out);
int wary_geck_target_get(const wary_world *world, wary_actor_id agent, wary_actor_id target,
                         wary_geck_target *out);

/* ---- damage, pain, health, emotions, threat, attention (seed 002) ------- */

typedef enum wary_emotion {
  WARY_CALM = 0,
  WARY_CURIOUS = 1,
  WARY_ALERT = 2,
  WARY_AGGRESSIVE = 3,
  WARY_FEARFUL = 4,
  WARY_PANICKED = 5
} wary_emotion;

/* Indices of wary_brain_state.emotions and wary_set_emotion. */
typedef enum wary_emotion_value {
  WARY_FEAR = 0,
  WARY_AGGRESSION = 1,
  WARY_CURIOSITY = 2,
  WARY_ALERTNESS = 3,
  WARY_PANIC = 4
} wary_emotion_value;

typedef enum wary_threat_level {
  WARY_THREAT_NONE = 0,
  WARY_THREAT_LOW = 1,
  WARY_THREAT_MEDIUM = 2,
  WARY_THREAT_HIGH = 3,
  WARY_THREAT_CRITICAL = 4
} wary_threat_level;

typedef enum wary_relationship {
  WARY_HOSTILE = 0,
  WARY_NEUTRAL = 1,
  WARY_FRIENDLY = 2
} wary_relationship;

/* A profile's damage and pain settings and its brain (emotions, threat,
 * attention). The damage sense works when the senses include
 * WARY_SENSE_DAMAGE, pain and health when they include WARY_SENSE_PAIN. */
typedef struct wary_brain_def {
  bool threat;                      /* true: threat and attention are kept each step (and the
                                       emotions, with emotions); false: none of them is, their
                                       readers give 0, none and no target, and the step skips
                                       them (about a sixth of a large world's step) */
  bool emotions;                    /* true: emotions and emotion_changed (a new profile: false
                                       until its brain is set) */
  bool auto_confidence_from_damage; /* true: a hit raises confidence to damage so far / 100 */
  float damage_loss_grace;          /* 8 s the damage share holds after a hit */
  float damage_decay_scale;         /* 0.5: the damage share (and its belief) fades at fade_rate x this */
  float damage_location_accuracy;   /* 0.95 */
  float pain_vision_floor;          /* 0: the floor of vision's multiplier */
  float pain_suppress_below;        /* 0.02: a dulled sense below this is turned off for the target */
  float emotion_max[5];             /* fear, aggression, curiosity, alertness, panic (1 each; 0: off) */
  float emotion_rise[5];            /* per second (0.5, 0.8, 0.4, 0.6, 0.3) */
  float emotion_decay[5];           /* per second (0.2, 0.3, 0.6, 0.1, 0.15) */
  float panic_override_threshold;   /* 0.75 */
  float emotion_active_threshold;   /* 0.2 */
  float threat_weight_damage_received; /* 0.4 x min(1, damage / 100) */
  float threat_weight_confidence;   /* 0.3 x confidence */
  float threat_weight_state;        /* 0.2 x the state's factor */
  float threat_weight_distance;     /* 0.1 x (1 - distance / threat_distance_range) */
  float threat_distance_range;      /* units (-1: 30 m scaled) */
  float threat_damage_decay_rate;   /* 0.05 of the damage term per second while lost or later */
  float threat_low;                 /* 0.2: Low from here */
  float threat_medium;              /* 0.4 */
  float threat_high;                /* 0.6 */
  float threat_critical;            /* 0.85 */
  float attention_stickiness_time;  /* 2 s before the attention target can switch */
  float attention_switch_threshold; /* 0.1 more threat needed to take attention */
} wary_brain_def;

wary_brain_def wary_default_brain_def(void);
int wary_profile_set_brain(wary_world *world, int32_t profile, const wary_brain_def *def);

/* A hit (seed 002, "Who did it"). Queued; counted at the next step. */
typedef struct wary_damage_def {
  wary_actor_id victim;
  wary_actor_id instigator;        /* the pawn of the instigating controller, 0 none */
  wary_actor_id causer;            /* what delivered the hit, 0 none */
  bool causer_is_pawn;       /* the causer is a pawn (true) or a thing (a projectile, a trap) */
  wary_actor_id causer_instigator; /* the causer's own instigator (a projectile's shooter); 0: the causer's (wary_actor_set_instigator), else none */
  wary_actor_id causer_owner;      /* the pawn that owns the causer (a held weapon); 0: the causer's (wary_actor_set_owner), else none */
  float amount;              /* >= 0 (0: the damaged event and a report that adds nothing) */
  int32_t type;              /* interned damage type tag, 0: none */
  float pos[3];              /* hit location */
} wary_damage_def;

wary_damage_def wary_default_damage_def(void);
int wary_apply_damage(wary_world *world, const wary_damage_def *def);

/* A kind of pain (seed 002, "A pain type"). */
typedef struct wary_pain_def {
  int32_t name;              /* interned */
  float decay_rate;          /* 0.2 level per second; 0 never fades */
  float max_level;           /* 1 */
  float amount_override;     /* 0; above 0 every report adds this */
  int32_t effect_count;
  int32_t effect_sense[WARY_MAX_PAIN_EFFECTS]; /* sense index */
  float effect[WARY_MAX_PAIN_EFFECTS];         /* 0..1 */
} wary_pain_def;

wary_pain_def wary_default_pain_def(void);
int wary_pain_create(wary_world *world, const wary_pain_def *def, int32_t *out); /* *out: its index */
int wary_pain_set(wary_world *world, int32_t pain, const wary_pain_def *def);
/* Adds pain (nothing for amount <= 0 or a disabled type); WARY_ERR_NOT_FOUND,
 * changing nothing, for a profile without WARY_SENSE_PAIN. */
int wary_report_pain(wary_world *world, wary_actor_id agent, int32_t pain, float amount);
int wary_pain_clear(wary_world *world, wary_actor_id agent, int32_t pain); /* pain -1: all */
int wary_pain_set_enabled(wary_world *world, wary_actor_id agent, int32_t pain, int32_t enabled); /* nonzero: on */
/* Health 0..1 (1 untouched): dulls every sense of a profile with pain. */
int wary_actor_set_health(wary_world *world, wary_actor_id agent, float health);

int wary_set_fear_input(wary_world *world, wary_actor_id agent, float value);
/* One emotion now; the dominant emotion follows at the next step
 * (WARY_EV_EMOTION_CHANGED then, if it changes). WARY_ERR_BAD_VALUE (and
 * nothing set) when the agent's profile feels nothing: its brain's threat
 * or emotions off, which keep every emotion 0. */
int wary_set_emotion(wary_world *world, wary_actor_id agent, int32_t emotion, float value);
int wary_reset_emotions(wary_world *world, wary_actor_id agent);

typedef struct wary_brain_state {
  float health;
  float pain_total;          /* enabled types summed, capped at 1 */
  float emotions[5];         /* wary_emotion_value order */
  float fear_input;
  int32_t dominant;          /* wary_emotion */
  wary_actor_id attention;         /* 0: none, or removed since the last step chose it */
  float attention_time;      /* seconds on the attention target (0 with none) */
  int32_t sense_count;       /* slots in the profile */
  float multiplier[WARY_MAX_PROFILE_SENSES]; /* per profile slot: pain and health multiplier now */
  float pain_level[WARY_MAX_PAIN_TYPES];     /* per pain type */
  bool pain_enabled[WARY_MAX_PAIN_TYPES];
} wary_brain_state;

int wary_brain_get(const wary_world *world, wary_actor_id agent, wary_brain_state *out);
/* The actor holding agent's attention (0: none, or removed since the last
 * step chose it) alone, for every-frame reads. */
int wary_attention_get(const wary_world *world, wary_actor_id agent, wary_actor_id *out);
/* Its dominant wary_emotion alone, for every-frame reads. */
int wary_dominant_get(const wary_world *world, wary_actor_id agent, int32_t *out);

typedef struct wary_threat {
  float score;               /* 0..1 */
  int32_t level;             /* wary_threat_level */
  float damage;              /* damage recorded from it (fading) */
  int32_t relationship;      /* wary_relationship */
} wary_threat;

int wary_threat_get(const wary_world *world, wary_actor_id agent, wary_actor_id target, wary_threat *out);
/* Between two teams, both ways (default: same team friendly, else hostile). */
int wary_set_relationship(wary_world *world, int32_t team_a, int32_t team_b, int32_t relationship);
/* agent's own view of target; relationship -1 removes the override. */
int wary_set_relationship_override(wary_world *world, wary_actor_id agent, wary_actor_id target,
                                   int32_t relationship);

/* ---- explaining a belief ("why did it see me?") -------------------------- */

enum {
  WARY_EXPLAIN_FACTORS = 192,   /* factors one wary_explain gives at most */
  WARY_EXPLAIN_SOUNDS = 8       /* sounds of a hearing update it lists per maker */
};

/* What one factor of an explanation is. Each sense that holds the target
 * gives the factors of its formula (their product is what it sensed;
 * hearing: each sound's, then the loudest and the build-up), then how fusion
 * took its share; the belief's own (sense -1) close the list. */
typedef enum wary_factor_kind {
  WARY_FACTOR_DISTANCE = 0,     /* 1 - (d / range)^2 (vision: its distance falloff) */
  WARY_FACTOR_ANGLE = 1,        /* vision: the angle falloff */
  WARY_FACTOR_EXPOSURE = 2,     /* vision: the weighted share of sample points seen */
  WARY_FACTOR_LIGHT = 3,        /* vision: the light factor */
  WARY_FACTOR_MOTION = 4,       /* vision: the motion bonus */
  WARY_FACTOR_WEATHER = 5,      /* vision, hearing: the weather modifier */
  WARY_FACTOR_VISIBILITY = 6,   /* vision: the target's visibility multiplier */
  WARY_FACTOR_CONE = 7,         /* vision: the cone's scale; detail: wary_cone */
  WARY_FACTOR_SOUND = 8,        /* hearing: a sound of its last update as it arrived; ref: its type */
  WARY_FACTOR_LOUDNESS = 9,     /* hearing: that sound's base loudness */
  WARY_FACTOR_FILTER = 10,      /* hearing: the filter's loudness multiplier */
  WARY_FACTOR_WALLS = 11,       /* hearing: exp(-wall_absorption x walls); detail: the walls */
  WARY_FACTOR_SINGLE = 12,      /* hearing: the loudest sound of the update */
  WARY_FACTOR_BUILD_UP = 13,    /* hearing: the build-up */
  WARY_FACTOR_HEARD = 14,       /* hearing: the higher of the two, capped at 1; detail: 1 the build-up won */
  WARY_FACTOR_SCENT = 15,       /* smell: the target's scent */
  WARY_FACTOR_SENSITIVITY = 16, /* smell, touch, echolocation: the sense's sensitivity */
  WARY_FACTOR_CLEAR = 17,       /* echolocation: 1 with no wall in the way, else 0 */
  WARY_FACTOR_DAMAGE = 18,      /* damage: recorded from the target; a hit's share is min(1, damage / 100) */
  WARY_FACTOR_DECAY = 19,       /* damage: its share's fading per second past its grace; detail: 1 fading */
  WARY_FACTOR_RETURNED = 20,    /* custom: the confidence evaluate returned last step; detail: 1 active */
  WARY_FACTOR_ACCURACY = 21,    /* custom: the location accuracy it returned */
  WARY_FACTOR_SHARE = 22,       /* the sense's share in the belief; detail: wary_share_status */
  WARY_FACTOR_PAIN = 23,        /* the pain and health multiplier on the sense */
  WARY_FACTOR_WEIGHT = 24,      /* the sense's weight */
  WARY_FACTOR_WEIGHED = 25,     /* share x pain x weight; detail: 1 for the best sense */
  WARY_FACTOR_BONUS = 26,       /* the corroboration bonus a sense other than the best adds */
  WARY_FACTOR_FUSED = 27,       /* the best weighed share plus the bonuses, capped at 1 */
  WARY_FACTOR_EVIDENCE = 28,    /* an entry in force; item: its place, ref: its tag, detail: wary_evidence_op */
  WARY_FACTOR_LOWER = 29,       /* the reductions added up */
  WARY_FACTOR_FLOOR = 30,       /* the highest floor; item: its entry */
  WARY_FACTOR_CEILING = 31,     /* the lowest ceiling; item: its entry */
  WARY_FACTOR_RESULT = 32,      /* the confidence; detail: wary_explain_rule, item: the entry that bound it */
  WARY_FACTOR_SMOOTHED = 33     /* the smoothed confidence */
} wary_factor_kind;

typedef enum wary_share_status {
  WARY_SHARE_SILENT = 0,        /* silent past its loss grace: its share fades */
  WARY_SHARE_REPORTING = 1,     /* it reported the target at its last update */
  WARY_SHARE_GRACE = 2          /* silent, its share held through its loss grace */
} wary_share_status;

/* What set the confidence in the last step (seed 000's rules). */
typedef enum wary_explain_rule {
  WARY_RULE_FUSION = 0,         /* a sense holds the target: fused less the reductions */
  WARY_RULE_FALLING = 1,        /* above that, falling towards it at fade_rate */
  WARY_RULE_FADING = 2,         /* no sense holds it: fading at fade_rate */
  WARY_RULE_FLOOR = 3,          /* raised to a floor */
  WARY_RULE_CEILING = 4,        /* held under a ceiling */
  WARY_RULE_INVALIDATED = 5     /* forced to 0 */
} wary_explain_rule;

typedef struct wary_factor {
  int32_t kind;    /* wary_factor_kind */
  int32_t sense;   /* its sense (WARY_SENSE_*, or a custom sense's index); -1: the belief's */
  int32_t slot;    /* that sense's slot in the agent's profile; -1 */
  int32_t item;    /* which sound or evidence entry (0 ..); -1 */
  int32_t ref;     /* a sound type, or an evidence tag (a name key); -1 */
  int32_t detail;  /* what the kind says, else 0 */
  float value;
} wary_factor;

/* Why agent believes what it does of target: the factors of each sense
 * that holds it (vision's evaluated now, as wary_vision_explain_get, when
 * it reports; smell's, touch's and echolocation's worked out now, reporting
 * or not; hearing's and a custom sense's from their last update), then
 * fusion, evidence and the result, as of the last step. With no belief: vision's factors alone (none without
 * vision). The count written (at most cap), or a negative status.
 * @cap(WARY_EXPLAIN_FACTORS) */
int32_t wary_explain(const wary_world *world, wary_actor_id agent, wary_actor_id target, wary_factor *out,
                     int32_t cap);
const char *wary_factor_name(int32_t kind); /* of a wary_factor_kind: "build_up" */

/* cdef-end */

/* An initializer of a handle that names nothing (wary_actor_id none = WARY_NULL_HANDLE;),
 * and the test of a handle of any kind. */
#define WARY_NULL_HANDLE { 0 }
#define WARY_IS_NULL(h) ((h).id == 0)

#if defined(__GNUC__) && defined(WARY_BUILD_LIBRARY)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
