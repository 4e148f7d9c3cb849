/* internal.h - the world's private layout, shared by the core's .c files.
 * Nothing here is public: hosts see only wary.h. */
#ifndef WARY_INTERNAL_H
#define WARY_INTERNAL_H

#include <math.h>
#include <stddef.h>

#include "array.h"
#include "base.h"
#include "grid.h"
#include "id_pool.h"
#include "occluders.h"
#include "wary.h"

#define WY_SLOTS WARY_MAX_PROFILE_SENSES
#define WY_MAX_MATERIALS 256
#define WY_MAX_NAMES 4096

/* ---- senses and profiles ------------------------------------------------ */

typedef struct wy_sense {
  wary_sense_def def;
} wy_sense;

typedef struct wy_slot {
  int32_t sense;
  float weight;
  float interval;
  float range;       /* effective candidate range: the sense's, or the others' largest */
  float loss_grace;
  bool direct_lost_cut;
  int32_t loss_reason;
  float decay_scale;  /* share (and, when it lost the target last, belief) fade x this (1) */
} wy_slot;

typedef struct wy_profile {
  wary_profile_def def; /* distances already scaled */
  wary_vision_def vision; /* distances already scaled */
  int32_t vision_slot;  /* slot of WARY_SENSE_VISION, -1 when it does not see */
  wary_hearing_def hearing; /* distances already scaled */
  wary_basic_sense_def basic[WARY_BUILTIN_SENSES]; /* vibration .. echolocation, scaled */
  int32_t builtin_slot[WARY_BUILTIN_SENSES];     /* slot of each built-in sense, -1 none */
  int32_t slot_count;
  wy_slot slots[WY_SLOTS];
  float max_range;      /* largest slot range (may be INFINITY) */
  wary_geck_def geck;   /* distances already scaled; enabled false: not a GECK profile */
  wary_brain_def brain; /* distances already scaled (brain.c) */
} wy_profile;

/* ---- beliefs ------------------------------------------------------------- */

typedef struct wy_belief {
  wary_id target;
  float confidence;
  float smoothed;
  float fused;
  float time_in_state;
  float last_known[3];
  float uncertainty;
  float pending_set;      /* set_confidence to apply at the next resolve, -1 none */
  int32_t state;
  int32_t loss_reason;
  int32_t losing_slot;    /* slot that reported last, -1 none */
  bool sensed;
  bool spotted;           /* vision has seen it for first_spot_reaction_time */
  float spot_time;        /* seconds of unbroken first sight so far */
  bool due[WY_SLOTS];     /* slot evaluated this step */
  int32_t reason[WY_SLOTS]; /* why the slot's last evaluation saw nothing (built-in senses) */
  bool reported[WY_SLOTS];/* slot got an active result this step */
  bool active[WY_SLOTS];
  bool ever[WY_SLOTS];    /* slot has reported at least once */
  float shares[WY_SLOTS];
  float silent[WY_SLOTS]; /* seconds since the slot last reported */
  float accuracy[WY_SLOTS];
  float location[WY_SLOTS][3];
  int32_t evidence_count;
  wary_evidence evidence[WARY_MAX_EVIDENCE];
  float damage;           /* damage recorded from the target (brain.c), fading */
  float threat;           /* threat score, 0..1 */
  int32_t threat_level;   /* wary_threat_level */
} wy_belief;

/* A pain report waiting for the agent's next update (its event). */
typedef struct wy_pain_report {
  int32_t pain;
  float level;
} wy_pain_report;

/* A per-agent relationship override. */
typedef struct wy_relation {
  wary_id target;
  int32_t relationship;
} wy_relation;

/* A sound waiting for the agent's next hearing update. */
typedef struct wy_pending {
  float time;      /* world time it arrived */
  wary_id maker;   /* 0: nobody (a belief about the place) */
  int32_t sound;
  float pos[3];
  float heard;     /* loudness as it arrived */
  int32_t walls;
  float distance;
} wy_pending;

/* What the agent's hearing holds about one maker between updates. */
typedef struct wy_track {
  wary_id maker;
  float accum;     /* the build-up */
  float last;      /* world time of its last sound */
  float settled;   /* world time up to which the build-up has faded */
  float heard;     /* loudest single sound this update, 0 none */
  int32_t sound;   /* first sound this update, -1 none */
  float accuracy;
} wy_track;

/* A belief about a place. */
typedef struct wy_place {
  float pos[3];
  int32_t tag;
  float confidence;
  float accuracy;
  int32_t state;
  float time_in_state;
  bool fresh;      /* reported this step */
} wy_place;

/* What an agent's GECK model knows of one hostile actor. */
typedef struct wy_geck_seen {
  wary_id target;
  float value;            /* detection value */
  float attenuation, sound, visual, skill;
  bool los;
  bool listed;            /* in the target list */
  float undetected;       /* seconds its timer has run, -1: not running */
  float pos[3];           /* where it was at its last evaluation */
  float last_known[3];    /* where it was last detected */
} wy_geck_seen;

/* An agent's GECK state (geck.c). */
typedef struct wy_geck_agent {
  int32_t state;          /* wary_detection_state */
  float time_in_state;
  float alert_timer;      /* seconds left of the Lost search */
  float next_due;         /* seconds until the next evaluation */
  bool started;           /* next_due holds the staggered phase */
  wary_id current;        /* the combat target */
  WY_ARRAY(wy_geck_seen) seen;
  wary_geck_alert alerts[WARY_GECK_MAX_ALERTS];
  int32_t alert_count;
} wy_geck_agent;

typedef struct wy_agent {
  int32_t actor;          /* actor slot */
  WY_ARRAY(wy_pending) pending;
  WY_ARRAY(wy_track) tracks;
  WY_ARRAY(wy_place) places;
  wary_heard_sound recent[WARY_RECENT_SOUNDS]; /* ring, newest at recent_head - 1 */
  int32_t recent_head, recent_count;
  wary_id touches[4];     /* touches reported since the last step */
  int32_t touch_count;
  float next_due[WY_SLOTS];
  float since[WY_SLOTS];  /* seconds since the slot last evaluated */
  int32_t errors[WY_SLOTS]; /* failures in a row of steps where the slot failed */
  bool failed[WY_SLOTS];    /* the slot failed this step */
  bool ran[WY_SLOTS];       /* the slot was due this step */
  bool muted[WY_SLOTS];
  WY_ARRAY(wy_belief) beliefs;
  wy_geck_agent geck;
  /* seed 002 (brain.c) */
  float health;           /* 0..1, 1 at creation */
  float pain_level[WARY_MAX_PAIN_TYPES];
  bool pain_off[WARY_MAX_PAIN_TYPES];
  wy_pain_report pain_queue[WARY_PAIN_QUEUE];
  int32_t pain_queue_count;
  float dull[WY_SLOTS];   /* pain and health multiplier per slot this step */
  float emotion[5];
  float fear_input;
  int32_t dominant;       /* wary_emotion */
  wary_id attention;
  float attention_time;
  wy_relation relations[8];
  int32_t relation_count;
} wy_agent;

/* ---- actors -------------------------------------------------------------- */

typedef struct wy_actor {
  float pos[3];
  float vel[3];
  float yaw;
  float look_at[3];
  bool looking;
  float head_yaw;         /* degrees the eyes are turned from the body's yaw */
  float head_pitch;       /* degrees up */
  wary_samples samples;   /* count 0: built-in points for the stance */
  float light_cache[2];   /* computed light (without, with sun shadow) */
  uint32_t light_stamp[2];/* world light_epoch of each; 0: stale */
  int32_t stance;
  int32_t team;
  float visibility;
  float light;
  float eye_height;
  float scent;
  int32_t profile;
  int32_t lod_tier;
  bool perceivable;
  bool off_screen;
  uint32_t serial;        /* creation order, for staggering */
  int32_t agent;          /* index into world->agents, -1 for a target */
  int32_t prop_count;
  int32_t prop_key[WARY_MAX_PROPS];
  float prop_value[WARY_MAX_PROPS];
} wy_actor;

/* ---- a step's custom-sense batch ------------------------------------------ */

/* A built-in sense's answer, applied with the custom senses' results. */
typedef struct wy_report {
  int32_t agent;   /* agent index */
  int32_t slot;
  wary_id target;
  float dt;        /* seconds since the slot last evaluated */
  float confidence;
  int32_t reason;  /* why nothing was seen (confidence 0) */
  float accuracy;
  bool has_pos;    /* false: the target's own position */
  float pos[3];
} wy_report;

typedef struct wy_sound {
  wary_sound_def def;   /* max_range scaled */
  int32_t stimulus_tag; /* Stimulus.Sound.<name> */
} wy_sound;

/* A sound or stimulus queued for the next step. */
typedef struct wy_emission {
  bool is_sound;
  int32_t sound;
  wary_stimulus_def stimulus; /* tag, pos, source, ... (for a sound: its stimulus) */
} wy_emission;

typedef struct wy_light {
  wary_light_def def;
} wy_light;

typedef struct wy_env {
  wary_environment_def def;
} wy_env;

/* A detection event or a damage report waiting for the next step's GECK pass. */
typedef struct wy_geck_pending {
  bool damage;     /* true: owner damaged victim */
  wary_id owner;   /* 0: nobody */
  wary_id victim;
  float pos[3];
  float rating;
  int32_t type;    /* wary_geck_event_type */
} wy_geck_pending;

/* The actor props the GECK model reads, interned once. */
enum {
  WY_KEY_ARMOR_WEIGHT, WY_KEY_SNEAK, WY_KEY_PERCEPTION, WY_KEY_RUNNING, WY_KEY_ACTION,
  WY_KEY_BLINDNESS, WY_KEY_STEALTH_FIELD, WY_KEY_SLEEPING, WY_KEY_DEAD, WY_KEY_EXTERIOR,
  WY_GECK_KEYS
};

typedef struct wy_query_link {
  int32_t agent;   /* agent index */
  int32_t belief;  /* belief index in that agent, -1 until one exists */
  bool failed;
} wy_query_link;

/* A hit waiting for the next step (brain.c). */
typedef struct wy_damage {
  wary_damage_def def;
  wary_id attacker;       /* resolved: who the victim believes did it, 0 none */
  float attacker_pos[3];  /* where the attacker stood when the hit landed */
} wy_damage;

typedef struct wy_team_relation {
  int32_t a, b, relationship;
} wy_team_relation;

/* ---- the world ------------------------------------------------------------ */

struct wary_world {
  wary_world_def def;
  float time;
  bool in_step;
  float step_dt;

  wy_material materials[WY_MAX_MATERIALS];
  int32_t material_count;

  wy_occluders occ;
  wy_id_pool box_ids;

  WY_ARRAY(wy_actor) actors; /* by slot of actor_ids; count: slots used */
  wy_id_pool actor_ids;
  uint32_t actor_serial;

  WY_ARRAY(wy_agent) agents; /* dense; an agent's actor points back */

  WY_ARRAY(wy_profile) profiles;
  WY_ARRAY(wy_sense) senses;

  wy_grid grid;
  WY_ARRAY(float) grid_pos; /* 3 floats per actor slot */
  WY_ARRAY(bool) grid_include;
  bool grid_dirty;

  /* The custom senses' batch: three arrays of one count (query_count). */
  WY_ARRAY(wary_sense_query) queries;
  WY_ARRAY(wary_sense_result) results;
  WY_ARRAY(wy_query_link) links;

  WY_ARRAY(wy_report) reports;

  WY_ARRAY(wy_sound) sounds;
  WY_ARRAY(wary_filter_def) filters;
  WY_ARRAY(wy_emission) emissions;
  WY_ARRAY(wary_stimulus_delivery) inbox;

  WY_ARRAY(wy_light) lights; /* by slot of light_ids */
  wy_id_pool light_ids;
  WY_ARRAY(wy_env) envs;     /* by slot of env_ids */
  wy_id_pool env_ids;
  float sun_dir[3];      /* unit, pointing from the sun; zero: no sun */
  float sun_intensity;
  float ambient;
  uint32_t light_epoch;  /* bumped by each step and each change of boxes, lights, sun */

  wary_event *events;
  int32_t event_count;
  uint32_t events_dropped;

  WY_ARRAY(wy_geck_pending) geck_pending;
  int32_t geck_keys[WY_GECK_KEYS]; /* 0 until a profile first takes a GECK def */

  WY_ARRAY(char *) names;

  wary_pain_def pains[WARY_MAX_PAIN_TYPES];
  int32_t pain_count;
  WY_ARRAY(wy_damage) damages;
  wy_team_relation team_relations[32];
  int32_t team_relation_count;

  wary_stats stats;
};

/* actor.c */
/* The live actor id names, NULL if none. */
static inline wy_actor *wy_actor_get(const wary_world *w, wary_id id) {
  int32_t slot = wy_id_slot(&w->actor_ids, id);
  return slot >= 0 ? &w->actors.data[slot] : NULL;
}
/* WARY_OK when id names a live actor, else WARY_ERR_STALE_ID or WARY_ERR_WRONG_KIND. */
static inline int wy_actor_status(const wary_world *w, wary_id id) {
  return wy_id_status(&w->actor_ids, id);
}
/* The id of the actor in a slot. */
static inline wary_id wy_actor_id(const wary_world *w, int32_t slot) {
  return wy_id_make(&w->actor_ids, slot);
}
/* The agent of actor id; NULL with *status STALE_ID, WRONG_KIND or NOT_AGENT, else OK. */
wy_agent *wy_agent_of(const wary_world *w, wary_id id, int *status);
/* For the wary_*_count and _at calls over an agent's beliefs (places false) or
 * places: the count, or a status < 0; the agent when 0 <= i < that count, else
 * NULL with *status (as wy_agent_of's, or NOT_FOUND). */
int32_t wy_agent_list_count(const wary_world *w, wary_id id, bool places);
const wy_agent *wy_agent_list_at(const wary_world *w, wary_id id, bool places, int32_t i,
                                 int *status);
static inline const wy_profile *wy_profile_of(const wary_world *w, const wy_agent *ag) {
  return &w->profiles.data[w->actors.data[ag->actor].profile];
}
void wy_actor_eye(const wary_world *w, const wy_actor *a, float eye_pos[3], float eye_forward[3]);
bool wy_grid_refresh(wary_world *w);
void wy_eyes_turn(wary_world *w, float dt); /* turns agents' eyes towards where they look */

/* belief.c */
wy_belief *wy_belief_find(const wy_agent *ag, wary_id target, int32_t *index);
int32_t wy_belief_create(wy_agent *ag, wary_id target, const wy_actor *t); /* index or -1 */
void wy_belief_drop_target(wary_world *w, wary_id target);
void wy_belief_reset_slots(wy_belief *b);
void wy_evidence_tick(wy_belief *b, float dt);
void wy_beliefs_prune(wy_agent *ag, float memory_time);

/* resolve.c */
void wy_resolve_belief(wary_world *w, wy_agent *ag, wy_belief *b, float dt);

/* world.c */
/* A neutral event of type about agent, to fill in; NULL when the queue is
 * full (counted in events_dropped). */
wary_event *wy_event_push(wary_world *w, int32_t type, wary_id agent);

/* vision.c */
/* Vision's confidence in t for agent a (0 when it sees nothing, with *reason
 * set); fills ex when given. */
float wy_vision_eval(wary_world *w, const wy_actor *a, const wy_profile *p, const wy_actor *t,
                     int32_t *reason, wary_vision_explain *ex);

/* sound.c */
bool wy_deliver_sounds(wary_world *w);                 /* queued sounds -> agents' pending */
bool wy_hear(wary_world *w, int32_t agent_index);      /* one hearing update */
void wy_agent_free_hearing(wy_agent *ag);
bool wy_push_report(wary_world *w, int32_t agent_index, int32_t slot, wary_id target,
                    float confidence, int32_t reason, float accuracy, const float *pos);

/* place.c */
bool wy_place_report(wary_world *w, wy_agent *ag, const float pos[3], int32_t tag,
                     float confidence, float accuracy);
void wy_places_resolve(wary_world *w, wy_agent *ag, float dt);

/* stimulus.c */
bool wy_deliver_stimuli(wary_world *w);               /* queued stimuli -> vibration, inbox */
bool wy_queue_stimulus(wary_world *w, const wary_stimulus_def *def);

/* senses.c: smell, touch, echolocation for one candidate */
float wy_basic_range_m(int32_t sense);
bool wy_sense_basic(wary_world *w, int32_t agent_index, const wy_actor *a, const wy_profile *p,
                    int32_t slot, int32_t target_slot, float distance);
bool wy_touches(wary_world *w, int32_t agent_index);  /* reported touches -> reports */

/* light.c */
float wy_light_at(wary_world *w, wy_actor *t, bool sun_shadow);
/* Vision range scale and light override (-1 none) of the environments at p. */
void wy_env_at(const wary_world *w, const float p[3], float *vision_scale, float *hearing_scale,
               float *light);

/* geck.c */
int wy_geck_step(wary_world *w, float dt);            /* the GECK pass at the end of a step */
int wy_geck_intern(wary_world *w);                    /* interns the prop names it reads */
void wy_geck_reset_agent(wy_agent *ag);               /* back to Normal, lists emptied */
void wy_geck_free_agent(wy_agent *ag);
void wy_geck_drop_target(wary_world *w, wary_id target);

/* brain.c */
void wy_brain_damage(wary_world *w);                 /* queued hits -> beliefs, damaged events */
void wy_brain_dull(wary_world *w, wy_agent *ag, float dt); /* pain decay, multipliers, events */
void wy_brain_think(wary_world *w, wy_agent *ag, float dt); /* threat, emotions, attention */
float wy_brain_multiplier(const wary_world *w, const wy_agent *ag, int32_t slot);
void wy_brain_init_agent(wy_agent *ag);

/* profile.c */
void wy_agent_reset_timers(const wary_world *w, wy_agent *ag, uint32_t serial);
float wy_scaled(const wary_world *w, float value, float metres);
/* The head of the wary_profile_set_* calls: the profile, or NULL with *status
 * NOT_FOUND (no such profile, or found false), BAD_VALUE (valid false) or IN_STEP. */
wy_profile *wy_profile_to_set(wary_world *w, int32_t profile, bool found, bool valid,
                              int *status);
void wy_profile_refresh(const wary_world *w, wy_profile *p); /* re-resolves p's slots */

#endif
