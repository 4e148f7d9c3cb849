/* core.c - wary.core, the Lua 5.4 backend: the C API of wary.h as a table of
 * functions, following the contract of docs/backends.md.
 *
 * Defs and out structs cross the boundary through small field descriptors
 * (name, offset, type), read and written by one generic pair of functions.
 * The thin wrappers are rows of one table (name, C signature, function): each
 * is a closure of one trampoline whose upvalue is its row.
 * Functions of other arguments (or with an out struct) are rows of a second
 * table: a string of argument types and a one-line call.
 * Custom senses get their stimuli and are evaluated by run_queries with
 * lua_pcall between wary_step_begin and wary_step_end: the core itself never
 * calls Lua.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lauxlib.h"
#include "lua.h"

#include "wary.h"

#define WORLD_MT "wary.world"

/* ---- field descriptors ------------------------------------------------- */

/* T_U32: a uint32_t (wary_id is one). T_STRUCT: a nested struct, a nested
 * table, described by sub. */
enum { T_FLOAT, T_INT32, T_U32, T_BOOL, T_U64, T_SENSES, T_STRUCT };

typedef struct field {
  const char *name;
  size_t offset;
  int type;
  int count; /* 0: a scalar; n: a C array of n, a Lua sequence */
  const struct field *sub; /* the fields of a T_STRUCT */
} field;

#define COUNT_OF(T, m) ((int)(sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])))
#define SCALAR(T, m, t) { #m, offsetof(T, m), t, 0, NULL }
#define ARRAY(T, m, t) { #m, offsetof(T, m), t, COUNT_OF(T, m), NULL }
#define NESTED(T, m, desc) { #m, offsetof(T, m), T_STRUCT, 0, desc }
#define END_FIELDS { NULL, 0, 0, 0, NULL }

static const size_t type_size[] = { sizeof(float), sizeof(int32_t), sizeof(uint32_t), sizeof(bool),
                                    sizeof(uint64_t) };

/* Inside a descriptor S names the struct. */
#define F(m) SCALAR(S, m, T_FLOAT)
#define I(m) SCALAR(S, m, T_INT32)
#define ID(m) SCALAR(S, m, T_U32)
#define U32(m) SCALAR(S, m, T_U32)
#define B(m) SCALAR(S, m, T_BOOL)
#define U64(m) SCALAR(S, m, T_U64)
#define FV(m) ARRAY(S, m, T_FLOAT)
#define IV(m) ARRAY(S, m, T_INT32)
#define BV(m) ARRAY(S, m, T_BOOL)

#define S wary_world_def
static const field world_def_fields[] = {
  F(units_per_meter), F(weather), F(grid_cell_size), I(event_capacity), I(sense_error_limit),
  FV(lod_interval_scale), END_FIELDS
};
#undef S

#define S wary_material_def
static const field material_def_fields[] = { F(vision_transmission), B(sound_wall), END_FIELDS };
#undef S

#define S wary_box_def
static const field box_def_fields[] = { FV(min), FV(max), I(material), END_FIELDS };
#undef S

#define S wary_profile_sense
static const field profile_sense_fields[] = { I(sense), F(weight), F(interval), END_FIELDS };
#undef S

/* senses after sense_count: it may default it. */
#define S wary_profile_def
static const field profile_def_fields[] = {
  F(suspect_threshold), F(detect_threshold), F(track_threshold), F(min_track_duration),
  F(telegraph_threshold), F(corroboration_bonus), F(fade_rate), F(lost_time), F(memory_time),
  F(smoothing_time), F(max_uncertainty), F(uncertainty_growth), B(ignore_same_team), I(sense_count),
  SCALAR(S, senses, T_SENSES), END_FIELDS
};
#undef S

/* evaluate and user are not exposed to Lua. */
#define S wary_sense_def
static const field sense_def_fields[] = {
  F(interval), F(max_range), F(loss_grace), B(direct_lost_cut), I(loss_reason), F(weight),
  I(stimulus_tag_count), IV(stimulus_tags), END_FIELDS
};
#undef S

/* What wary_actor_def and wary_actor_info share. */
#define ACTOR_FIELDS                                                            \
  FV(pos), FV(vel), F(yaw), I(stance), I(team), F(visibility), F(light), I(profile), \
    I(lod_tier), B(perceivable), B(off_screen), F(scent)

#define S wary_actor_def
static const field actor_def_fields[] = { ACTOR_FIELDS, F(eye_height), END_FIELDS };
#undef S

#define S wary_actor_info
static const field actor_info_fields[] = { ACTOR_FIELDS, FV(eye_pos), FV(eye_forward), END_FIELDS };

/* What run_queries copies into ctx before an on_stimulus: the arrays go to
 * the first vectors of query_ctx_fields, agent_pos, eye_pos, eye_forward. */
static const field info_ctx_fields[] = { FV(pos), FV(eye_pos), FV(eye_forward), END_FIELDS };
#undef S

#define S wary_ray_result
static const field ray_result_fields[] = { F(transmission), I(walls), I(boxes), END_FIELDS };
#undef S

#define S wary_belief
static const field belief_fields[] = {
  ID(target), F(confidence), F(smoothed), F(fused), I(state), I(loss_reason), F(time_in_state),
  FV(last_known), F(uncertainty), B(sensed), I(sense_count), FV(shares), BV(active), BV(muted),
  END_FIELDS
};
#undef S

#define S wary_evidence
static const field evidence_fields[] = {
  I(tag), I(op), F(value), F(lifetime), F(remaining), I(source), END_FIELDS
};
#undef S

#define S wary_event
static const field event_fields[] = {
  I(type), ID(agent), ID(target), I(from_state), I(to_state), I(loss_reason), F(confidence),
  I(sense), I(index), FV(pos), I(sound), I(tag), F(loudness), I(walls), END_FIELDS
};
#undef S

#define S wary_brain_def
static const field brain_def_fields[] = {
  B(emotions), B(auto_confidence_from_damage), F(damage_loss_grace), F(damage_decay_scale),
  F(damage_location_accuracy), F(pain_vision_floor), F(pain_suppress_below), FV(emotion_max),
  FV(emotion_rise), FV(emotion_decay), F(panic_override_threshold), F(emotion_active_threshold),
  F(threat_weight_damage_received), F(threat_weight_confidence), F(threat_weight_state),
  F(threat_weight_distance), F(threat_distance_range), F(threat_damage_decay_rate), F(threat_low),
  F(threat_medium), F(threat_high), F(threat_critical), F(attention_stickiness_time),
  F(attention_switch_threshold), END_FIELDS
};
#undef S

#define S wary_damage_def
static const field damage_def_fields[] = {
  ID(victim), ID(instigator), ID(causer), B(causer_is_pawn), ID(causer_instigator),
  ID(causer_owner), F(amount), I(type), FV(pos), END_FIELDS
};
#undef S

#define S wary_pain_def
static const field pain_def_fields[] = {
  I(name), F(decay_rate), F(max_level), F(amount_override), I(effect_count), IV(effect_sense),
  FV(effect), END_FIELDS
};
#undef S

#define S wary_brain_state
static const field brain_state_fields[] = {
  F(health), F(pain_total), FV(emotions), F(fear_input), I(dominant), ID(attention),
  F(attention_time), I(sense_count), FV(multiplier), FV(pain_level), BV(pain_enabled), END_FIELDS
};
#undef S

#define S wary_threat
static const field threat_fields[] = { F(score), I(level), F(damage), I(relationship), END_FIELDS };
#undef S

#define S wary_stats
static const field stats_fields[] = { U64(rays), U64(queries), U64(candidates), I(beliefs),
                                       U64(sounds_dropped), U64(pain_reports_dropped),
                                       END_FIELDS };
#undef S

#define S wary_samples
static const field samples_fields[] = { I(count), FV(points), END_FIELDS };
#undef S

#define S wary_vision_def
static const field vision_def_fields[] = {
  F(max_range), F(interval), F(loss_grace), F(weight), F(half_angle), B(peripheral_cone),
  F(peripheral_half_angle), F(peripheral_scale), F(peripheral_range_scale), B(rear_cone),
  F(rear_half_angle), F(rear_scale), F(rear_range_scale), F(rear_min_speed), F(darkness_min_detection),
  F(motion_bonus), F(motion_bonus_speed), F(min_exposure), IV(min_visible_points), I(sample_count),
  NESTED(S, default_samples, samples_fields), F(eye_turn_rate), F(first_spot_reaction_time),
  B(use_per_target_light), B(trace_sun_shadow), I(distance_curve_count), FV(distance_curve),
  I(angle_curve_count), FV(angle_curve), I(motion_curve_count), FV(motion_curve), END_FIELDS
};
#undef S

#define S wary_light_def
static const field light_def_fields[] = { FV(pos), F(radius), F(intensity), B(cast_shadows), END_FIELDS };
#undef S

#define S wary_environment_def
static const field environment_def_fields[] = {
  FV(min), FV(max), F(vision_range_scale), F(hearing_range_scale), F(light), END_FIELDS
};
#undef S

#define S wary_vision_explain
static const field vision_explain_fields[] = {
  B(evaluated), F(time), F(confidence), I(cone), I(reason), F(distance), F(range), F(angle),
  F(distance_falloff), F(angle_falloff), F(exposure), F(light), F(light_factor), F(motion_bonus),
  F(weather), F(visibility), F(cone_scale), I(visible_points), I(required_points), B(reacting),
  I(sample_count), FV(sample_pos), FV(sample_sight), FV(sample_weight), END_FIELDS
};
#undef S

#define S wary_sound_def
static const field sound_def_fields[] = {
  I(name), I(category), I(alert_level), F(loudness), F(max_range), F(location_accuracy),
  I(max_lod_tier), I(max_pending), END_FIELDS
};
#undef S

#define S wary_filter_def
static const field filter_def_fields[] = {
  B(enabled), U32(categories), I(min_alert_level), F(loudness_multiplier), B(filter_friendly_team),
  END_FIELDS
};
#undef S

#define S wary_hearing_def
static const field hearing_def_fields[] = {
  F(interval), F(loss_grace), F(weight), F(accumulation_rate), F(accumulation_hold),
  F(accumulation_decay), F(wall_absorption), F(ear_height), I(filter), F(merge_radius), END_FIELDS
};
#undef S

#define S wary_basic_sense_def
static const field basic_sense_def_fields[] = {
  F(interval), F(range), F(loss_grace), F(weight), F(sensitivity), F(accuracy), END_FIELDS
};
#undef S

#define S wary_heard_sound
static const field heard_sound_fields[] = {
  F(time), ID(maker), I(sound), FV(pos), F(loudness), I(walls), END_FIELDS
};
#undef S

#define S wary_location_belief
static const field location_belief_fields[] = {
  FV(pos), I(tag), F(confidence), I(state), F(time_in_state), F(accuracy), F(uncertainty), END_FIELDS
};
#undef S

#define S wary_stimulus_def
static const field stimulus_def_fields[] = {
  I(tag), FV(pos), ID(source), F(strength), F(radius), I(max_lod_tier), B(requires_clear_path),
  B(team_filter), END_FIELDS
};
#undef S

#define S wary_stimulus_delivery
/* The numbers of the stimulus table on_stimulus gets (plus tag, pos, source). */
static const field stimulus_fields[] = { F(strength), F(radius), F(distance), END_FIELDS };

/* The fields of an entry of run_queries' errors for an inbox entry (plus
 * index, inbox, target, message). */
static const field inbox_error_fields[] = { I(sense), ID(agent), END_FIELDS };
#undef S

#define S wary_sense_query
/* What run_queries copies into ctx: scalars as fields, arrays into the
 * existing x, y, z of the vector subtable of the same name. */
static const field query_ctx_fields[] = {
  F(dt), F(distance), F(agent_yaw), F(light), F(weather), I(lod_tier), B(off_screen),
  FV(agent_pos), FV(eye_pos), FV(eye_forward), FV(target_pos), FV(target_vel), END_FIELDS
};

/* The query fields of an entry of run_queries' errors (plus index, message). */
static const field query_error_fields[] = { I(sense), ID(agent), ID(target), END_FIELDS };
#undef S

#define S wary_geck_def
static const field geck_def_fields[] = {
  B(enabled), F(interval), F(sneak_base_value), F(sneak_skill_mult), F(sneak_max_distance),
  F(sneak_exterior_distance_mult), F(sneak_distance_attenuation_exponent), F(sneak_sound_los_mult),
  F(sneak_sounds_mult), F(sneak_boot_weight_base), F(sneak_boot_weight_mult), F(sneak_running_mult),
  F(sneak_action_mult), F(sneak_light_mult), F(detection_sneak_light_mod), F(sneak_light_move_mult),
  F(sneak_light_run_mult), F(sneak_stealthboy_mult), F(sneak_perception_skill_min),
  F(sneak_perception_skill_max), F(sneak_alert_mod), F(sneak_sleep_bonus), F(sneak_combat_mod),
  F(sneak_noticed_min), F(sneak_seen_min), F(sneak_lost_min), F(event_lifetime), F(target_timer),
  F(alert_timer), F(view_half_angle), B(exterior), B(use_world_light), B(team_zero_hostile),
  B(hear_ownerless_events), END_FIELDS
};
#undef S

#define S wary_geck_info
static const field geck_info_fields[] = {
  I(state), F(time_in_state), F(alert_timer), ID(combat_target), I(alert_count), I(target_count),
  I(listed_count), END_FIELDS
};
#undef S

#define S wary_geck_alert
static const field geck_alert_fields[] = { ID(owner), I(type), FV(pos), F(rating), F(remaining), END_FIELDS };
#undef S

#define S wary_geck_target
static const field geck_target_fields[] = {
  ID(target), F(detection), F(attenuation), F(sound), F(visual), F(skill), B(line_of_sight), B(listed),
  B(timer_running), F(timer), FV(last_known), END_FIELDS
};
#undef S

#undef F
#undef I
#undef ID
#undef U32
#undef B
#undef U64
#undef FV
#undef IV
#undef BV
#undef ACTOR_FIELDS

static const char *const xyz[3] = { "x", "y", "z" };

/* ---- struct -> table ----------------------------------------------------- */

static void push_struct(lua_State *L, const field *desc, const void *s);

static void push_value(lua_State *L, int type, const void *p)
{
  switch (type) {
  case T_FLOAT: {
    float v = *(const float *)p;
    lua_pushnumber(L, v);
    break;
  }
  case T_INT32: lua_pushinteger(L, *(const int32_t *)p); break;
  case T_U32: lua_pushinteger(L, (lua_Integer)*(const uint32_t *)p); break;
  case T_BOOL: lua_pushboolean(L, *(const bool *)p); break;
  default: lua_pushinteger(L, (lua_Integer)*(const uint64_t *)p); break;
  }
}

/* The used slots only: a table like the one profile_create takes. */
static void push_profile_senses(lua_State *L, const wary_profile_def *def)
{
  int n = def->sense_count < 0 ? 0 : def->sense_count;
  if (n > WARY_MAX_PROFILE_SENSES) n = WARY_MAX_PROFILE_SENSES;
  lua_createtable(L, n, 0);
  for (int j = 0; j < n; j++) {
    push_struct(L, profile_sense_fields, &def->senses[j]);
    lua_seti(L, -2, j + 1);
  }
}

static void push_field(lua_State *L, const field *f, const void *s)
{
  const char *p = (const char *)s + f->offset;
  if (f->type == T_SENSES) {
    push_profile_senses(L, s);
  } else if (f->type == T_STRUCT) {
    push_struct(L, f->sub, p);
  } else if (f->count == 0) {
    push_value(L, f->type, p);
  } else {
    lua_createtable(L, f->count, 0);
    for (int j = 0; j < f->count; j++) {
      push_value(L, f->type, p + (size_t)j * type_size[f->type]);
      lua_seti(L, -2, j + 1);
    }
  }
}

static void push_struct(lua_State *L, const field *desc, const void *s)
{
  int n = 0;
  while (desc[n].name != NULL) n++;
  lua_createtable(L, 0, n);
  for (const field *f = desc; f->name != NULL; f++) {
    push_field(L, f, s);
    lua_setfield(L, -2, f->name);
  }
}

/* ---- table -> struct ----------------------------------------------------- */

static void read_def(lua_State *L, int idx, const field *desc, void *def);

/* The value on top of the stack into *p. */
static void read_value(lua_State *L, int type, void *p, const char *name)
{
  int ok = 1;
  if (type == T_BOOL) {
    *(bool *)p = lua_toboolean(L, -1);
  } else if (type == T_FLOAT) {
    *(float *)p = (float)lua_tonumberx(L, -1, &ok);
  } else {
    lua_Integer v = lua_tointegerx(L, -1, &ok);
    if (type == T_INT32) *(int32_t *)p = (int32_t)v;
    else if (type == T_U32) *(uint32_t *)p = (uint32_t)v;
    else *(uint64_t *)p = (uint64_t)v;
  }
  if (!ok)
    luaL_error(L, "field '%s': %s expected, got %s", name, type == T_FLOAT ? "number" : "integer",
               luaL_typename(L, -1));
}

static void check_field_table(lua_State *L, const char *name)
{
  if (!lua_istable(L, -1))
    luaL_error(L, "field '%s': table expected, got %s", name, luaL_typename(L, -1));
}

/* The senses sequence on top of the stack; def_idx is the profile table. */
static void read_profile_senses(lua_State *L, int def_idx, wary_profile_def *def)
{
  lua_Unsigned n = lua_rawlen(L, -1);
  for (lua_Unsigned j = 0; j < n && j < WARY_MAX_PROFILE_SENSES; j++) {
    wary_profile_sense s = { -1, -1.0f, -1.0f };
    lua_geti(L, -1, (lua_Integer)j + 1);
    check_field_table(L, "senses");
    read_def(L, -1, profile_sense_fields, &s);
    def->senses[j] = s;
    lua_pop(L, 1);
  }
  /* Past 16 the count stays honest, so the core rejects the def. */
  if (lua_getfield(L, def_idx, "sense_count") == LUA_TNIL)
    def->sense_count = n > INT32_MAX ? INT32_MAX : (int32_t)n;
  lua_pop(L, 1);
}

static void read_field(lua_State *L, int def_idx, const field *f, void *def)
{
  char *p = (char *)def + f->offset;
  if (f->count == 0 && f->type != T_SENSES && f->type != T_STRUCT) {
    read_value(L, f->type, p, f->name);
    return;
  }
  check_field_table(L, f->name);
  if (f->type == T_SENSES) {
    read_profile_senses(L, def_idx, def);
    return;
  }
  if (f->type == T_STRUCT) {
    read_def(L, -1, f->sub, p);
    return;
  }
  for (int j = 0; j < f->count; j++) {
    if (lua_geti(L, -1, j + 1) != LUA_TNIL)
      read_value(L, f->type, p + (size_t)j * type_size[f->type], f->name);
    lua_pop(L, 1);
  }
}

/* Fields of the table at idx over *def; a missing field keeps its value. */
static void read_def(lua_State *L, int idx, const field *desc, void *def)
{
  idx = lua_absindex(L, idx);
  for (const field *f = desc; f->name != NULL; f++) {
    if (lua_getfield(L, idx, f->name) != LUA_TNIL) read_field(L, idx, f, def);
    lua_pop(L, 1);
  }
}

/* ---- defs by kind -------------------------------------------------------- */

typedef union any_def {
  wary_world_def world;
  wary_material_def material;
  wary_box_def box;
  wary_profile_def profile;
  wary_sense_def sense;
  wary_actor_def actor;
  wary_vision_def vision;
  wary_light_def light;
  wary_environment_def environment;
  wary_sound_def sound;
  wary_filter_def filter;
  wary_hearing_def hearing;
  wary_stimulus_def stimulus;
  wary_basic_sense_def basic_sense;
  wary_geck_def geck;
  wary_brain_def brain;
  wary_damage_def damage;
  wary_pain_def pain;
  wary_samples samples;
} any_def;

/* An init function gets the argument of the kinds whose default takes one
 * (the sense of wary_default_basic_sense_def); the others ignore it. */
#define DEFAULT_OF(T) \
  static void default_##T(any_def *d, int32_t arg) { (void)arg; d->T = wary_default_##T##_def(); }
/* name(world, def of kind T) calls fn(world, def). */
#define DEF_CALL(name, T, fn) \
  static lua_Integer name(wary_world *w, const any_def *d) { return fn(w, &d->T); }
#define CREATE_OF(T) DEF_CALL(create_##T, T, wary_##T##_create)
/* fn(world, index or id of type I, def of kind T). */
#define SET_OF(T, I, fn) \
  static int set_##T(wary_world *w, I i, const any_def *d) { return fn(w, i, &d->T); }

DEFAULT_OF(world)
DEFAULT_OF(material)
DEFAULT_OF(box)
DEFAULT_OF(profile)
DEFAULT_OF(sense)
DEFAULT_OF(actor)
DEFAULT_OF(vision)
DEFAULT_OF(light)
DEFAULT_OF(environment)
DEFAULT_OF(sound)
DEFAULT_OF(filter)
DEFAULT_OF(hearing)
DEFAULT_OF(stimulus)
DEFAULT_OF(geck)
DEFAULT_OF(brain)
DEFAULT_OF(damage)
DEFAULT_OF(pain)
DEF_CALL(apply_damage, damage, wary_apply_damage)
DEF_CALL(create_pain, pain, wary_pain_create)
SET_OF(brain, int32_t, wary_profile_set_brain)
SET_OF(pain, int32_t, wary_pain_set)
CREATE_OF(material)
CREATE_OF(box)
CREATE_OF(profile)
CREATE_OF(sense)
CREATE_OF(actor)
CREATE_OF(light)
CREATE_OF(environment)
CREATE_OF(sound)
CREATE_OF(filter)
DEF_CALL(emit_stimulus, stimulus, wary_emit_stimulus)
SET_OF(material, int32_t, wary_material_set)
SET_OF(profile, int32_t, wary_profile_set)
SET_OF(vision, int32_t, wary_profile_set_vision)
SET_OF(hearing, int32_t, wary_profile_set_hearing)
SET_OF(light, wary_id, wary_light_set)
SET_OF(environment, wary_id, wary_environment_set)
SET_OF(samples, wary_id, wary_actor_set_samples)
SET_OF(geck, int32_t, wary_profile_set_geck)

static void default_basic_sense(any_def *d, int32_t sense) { d->basic_sense = wary_default_basic_sense_def(sense); }

static int set_basic_sense(wary_world *w, int32_t profile, int32_t sense, const any_def *d)
{
  return wary_profile_set_basic_sense(w, profile, sense, &d->basic_sense);
}

/* Samples have no default function: a missing field is 0. */
static void zero_samples(any_def *d, int32_t arg)
{
  (void)arg;
  d->samples = (wary_samples){ 0 };
}

/* The kinds before K_SAMPLES have a B.default_<kind>_def. */
enum {
  K_WORLD, K_MATERIAL, K_BOX, K_PROFILE, K_SENSE, K_ACTOR, K_VISION, K_LIGHT, K_ENVIRONMENT,
  K_SOUND, K_FILTER, K_HEARING, K_STIMULUS, K_BASIC_SENSE, K_GECK, K_BRAIN, K_DAMAGE, K_PAIN,
  K_SAMPLES
};

static const struct {
  const char *name;
  const field *fields;
  void (*init)(any_def *, int32_t arg);
  bool arg; /* B.default_<kind>_def takes the argument of init */
} kinds[] = {
  [K_WORLD] = { "default_world_def", world_def_fields, default_world, false },
  [K_MATERIAL] = { "default_material_def", material_def_fields, default_material, false },
  [K_BOX] = { "default_box_def", box_def_fields, default_box, false },
  [K_PROFILE] = { "default_profile_def", profile_def_fields, default_profile, false },
  [K_SENSE] = { "default_sense_def", sense_def_fields, default_sense, false },
  [K_ACTOR] = { "default_actor_def", actor_def_fields, default_actor, false },
  [K_VISION] = { "default_vision_def", vision_def_fields, default_vision, false },
  [K_LIGHT] = { "default_light_def", light_def_fields, default_light, false },
  [K_ENVIRONMENT] = { "default_environment_def", environment_def_fields, default_environment, false },
  [K_SOUND] = { "default_sound_def", sound_def_fields, default_sound, false },
  [K_FILTER] = { "default_filter_def", filter_def_fields, default_filter, false },
  [K_HEARING] = { "default_hearing_def", hearing_def_fields, default_hearing, false },
  [K_STIMULUS] = { "default_stimulus_def", stimulus_def_fields, default_stimulus, false },
  [K_BASIC_SENSE] = { "default_basic_sense_def", basic_sense_def_fields, default_basic_sense, true },
  [K_GECK] = { "default_geck_def", geck_def_fields, default_geck, false },
  [K_BRAIN] = { "default_brain_def", brain_def_fields, default_brain, false },
  [K_DAMAGE] = { "default_damage_def", damage_def_fields, default_damage, false },
  [K_PAIN] = { "default_pain_def", pain_def_fields, default_pain, false },
  [K_SAMPLES] = { NULL, samples_fields, zero_samples, false },
};

/* The default def of kind k (for arg) overlaid with the table at idx (nil:
 * the default). */
static void read_kind(lua_State *L, int idx, int k, int32_t arg, any_def *d)
{
  kinds[k].init(d, arg);
  if (lua_isnoneornil(L, idx)) return;
  luaL_checktype(L, idx, LUA_TTABLE);
  read_def(L, idx, kinds[k].fields, d);
}

/* ---- arguments ------------------------------------------------------------ */

static wary_world *check_world(lua_State *L, int i)
{
  wary_world *w = *(wary_world **)luaL_checkudata(L, i, WORLD_MT);
  if (w == NULL) luaL_error(L, "wary world is destroyed");
  return w;
}

static float check_float(lua_State *L, int i) { return (float)luaL_checknumber(L, i); }
static wary_id check_id(lua_State *L, int i) { return (wary_id)luaL_checkinteger(L, i); }
static int32_t check_int(lua_State *L, int i) { return (int32_t)luaL_checkinteger(L, i); }

/* The row of the calling closure in its table. */
static size_t row(lua_State *L) { return (size_t)lua_tointeger(L, lua_upvalueindex(1)); }

static int push_int(lua_State *L, lua_Integer v)
{
  lua_pushinteger(L, v);
  return 1;
}

static int push_float(lua_State *L, float v)
{
  lua_pushnumber(L, v);
  return 1;
}

/* status, t: t is filled whatever the status. */
static int push_out(lua_State *L, int status, const field *desc, const void *out)
{
  lua_pushinteger(L, status);
  push_struct(L, desc, out);
  return 2;
}

/* ---- the world handle ------------------------------------------------------ */

static int l_world_destroy(lua_State *L)
{
  wary_world **slot = luaL_checkudata(L, 1, WORLD_MT);
  if (*slot != NULL) {
    wary_world_destroy(*slot);
    *slot = NULL;
  }
  return 0;
}

static int l_world_tostring(lua_State *L)
{
  wary_world **slot = luaL_checkudata(L, 1, WORLD_MT);
  if (*slot == NULL) lua_pushliteral(L, "wary.world (destroyed)");
  else lua_pushfstring(L, "wary.world (%p)", (void *)*slot);
  return 1;
}

static int l_world_create(lua_State *L)
{
  any_def d;
  wary_world **slot;
  read_kind(L, 1, K_WORLD, 0, &d);
  /* Closed first, so a failure below leaves a valid (destroyed) handle. */
  slot = lua_newuserdatauv(L, sizeof *slot, 0);
  *slot = NULL;
  luaL_setmetatable(L, WORLD_MT);
  *slot = wary_world_create(&d.world);
  if (*slot == NULL) {
    luaL_pushfail(L);
    lua_pushliteral(L, "cannot create the world (bad definition or out of memory)");
    return 2;
  }
  return 1;
}

/* ---- the thin wrappers: one table, one trampoline ------------------------------ */

static void check_floats(lua_State *L, int first, int n, float *v)
{
  for (int i = 0; i < n; i++) v[i] = check_float(L, first + i);
}

static int call_default(lua_State *L)
{
  const size_t r = row(L);
  any_def d;
  kinds[r].init(&d, kinds[r].arg ? check_int(L, 1) : 0);
  push_struct(L, kinds[r].fields, &d);
  return 1;
}

/* Signatures after the world: from SIG_ID on an id at 2, from SIG_PAIR on
 * a second id at 3. */
enum {
  SIG_CREATE,     /* def -> index, id or status */
  SIG_SET,        /* index, def -> status */
  SIG_SET_ARG,    /* index, arg, def -> status; the def's default takes arg */
  SIG_I_XYZ,      /* int32, x, y, z -> status */
  SIG_FLOAT,      /* -> float */
  SIG_COUNT,      /* -> int32 */
  SIG_F,          /* float -> status */
  SIG_F5,         /* 5 floats -> status */
  SIG_ID,         /* id -> status */
  SIG_VALID,      /* id -> bool */
  SIG_ID_F,       /* id, float -> status */
  SIG_ID_I,       /* id, int32 -> status */
  SIG_ID_B,       /* id, bool -> status */
  SIG_ID_XYZ,     /* id, x, y, z -> status */
  SIG_ID_COUNT,   /* id -> int32 */
  SIG_ID_FLOAT,   /* id -> float */
  SIG_ID_SET,     /* id, def -> status */
  SIG_PAIR,       /* agent, target -> status */
  SIG_PAIR_COUNT, /* agent, target -> int32 */
  SIG_PAIR_F,     /* agent, target, float -> status */
  SIG_PAIR_I      /* agent, target, int32 -> status */
};

static const struct {
  const char *name;
  int sig;
  int kind; /* the def of SIG_CREATE, SIG_SET, SIG_SET_ARG and SIG_ID_SET */
  union {
    lua_Integer (*create)(wary_world *, const any_def *);
    int (*set)(wary_world *, int32_t, const any_def *);
    int (*set_arg)(wary_world *, int32_t, int32_t, const any_def *);
    int (*i_xyz)(wary_world *, int32_t, float, float, float);
    float (*get)(const wary_world *);
    int32_t (*count)(const wary_world *);
    int (*f)(wary_world *, float);
    int (*f5)(wary_world *, float, float, float, float, float);
    int (*id)(wary_world *, wary_id);
    bool (*valid)(const wary_world *, wary_id);
    int (*id_f)(wary_world *, wary_id, float);
    int (*id_i)(wary_world *, wary_id, int32_t);
    int (*id_b)(wary_world *, wary_id, bool);
    int (*id_xyz)(wary_world *, wary_id, float, float, float);
    int32_t (*id_count)(const wary_world *, wary_id);
    float (*id_float)(wary_world *, wary_id);
    int (*id_set)(wary_world *, wary_id, const any_def *);
    int (*pair)(wary_world *, wary_id, wary_id);
    int32_t (*pair_count)(const wary_world *, wary_id, wary_id);
    int (*pair_f)(wary_world *, wary_id, wary_id, float);
    int (*pair_i)(wary_world *, wary_id, wary_id, int32_t);
  } fn;
} api[] = {
  { "material_create", SIG_CREATE, K_MATERIAL, { .create = create_material } },
  { "box_create", SIG_CREATE, K_BOX, { .create = create_box } },
  { "profile_create", SIG_CREATE, K_PROFILE, { .create = create_profile } },
  { "sense_create", SIG_CREATE, K_SENSE, { .create = create_sense } },
  { "actor_create", SIG_CREATE, K_ACTOR, { .create = create_actor } },
  { "material_set", SIG_SET, K_MATERIAL, { .set = set_material } },
  { "profile_set", SIG_SET, K_PROFILE, { .set = set_profile } },
  { "light_create", SIG_CREATE, K_LIGHT, { .create = create_light } },
  { "environment_create", SIG_CREATE, K_ENVIRONMENT, { .create = create_environment } },
  { "profile_set_vision", SIG_SET, K_VISION, { .set = set_vision } },
  { "light_set", SIG_ID_SET, K_LIGHT, { .id_set = set_light } },
  { "environment_set", SIG_ID_SET, K_ENVIRONMENT, { .id_set = set_environment } },
  { "actor_set_samples", SIG_ID_SET, K_SAMPLES, { .id_set = set_samples } },
  { "world_set_sun", SIG_F5, 0, { .f5 = wary_world_set_sun } },
  { "light_destroy", SIG_ID, 0, { .id = wary_light_destroy } },
  { "environment_destroy", SIG_ID, 0, { .id = wary_environment_destroy } },
  { "light_at", SIG_ID_FLOAT, 0, { .id_float = wary_light_at } },
  { "world_time", SIG_FLOAT, 0, { .get = wary_world_time } },
  { "world_units_per_meter", SIG_FLOAT, 0, { .get = wary_world_units_per_meter } },
  { "box_count", SIG_COUNT, 0, { .count = wary_box_count } },
  { "actor_count", SIG_COUNT, 0, { .count = wary_actor_count } },
  { "world_set_weather", SIG_F, 0, { .f = wary_world_set_weather } },
  { "step", SIG_F, 0, { .f = wary_step } },
  { "step_begin", SIG_F, 0, { .f = wary_step_begin } },
  { "box_destroy", SIG_ID, 0, { .id = wary_box_destroy } },
  { "actor_destroy", SIG_ID, 0, { .id = wary_actor_destroy } },
  { "actor_look_forward", SIG_ID, 0, { .id = wary_actor_look_forward } },
  { "box_valid", SIG_VALID, 0, { .valid = wary_box_valid } },
  { "actor_valid", SIG_VALID, 0, { .valid = wary_actor_valid } },
  { "actor_set_yaw", SIG_ID_F, 0, { .id_f = wary_actor_set_yaw } },
  { "actor_set_visibility", SIG_ID_F, 0, { .id_f = wary_actor_set_visibility } },
  { "actor_set_light", SIG_ID_F, 0, { .id_f = wary_actor_set_light } },
  { "box_set_material", SIG_ID_I, 0, { .id_i = wary_box_set_material } },
  { "actor_set_stance", SIG_ID_I, 0, { .id_i = wary_actor_set_stance } },
  { "actor_set_team", SIG_ID_I, 0, { .id_i = wary_actor_set_team } },
  { "actor_set_lod_tier", SIG_ID_I, 0, { .id_i = wary_actor_set_lod_tier } },
  { "sense_unmute", SIG_ID_I, 0, { .id_i = wary_sense_unmute } },
  { "actor_set_perceivable", SIG_ID_B, 0, { .id_b = wary_actor_set_perceivable } },
  { "actor_set_off_screen", SIG_ID_B, 0, { .id_b = wary_actor_set_off_screen } },
  { "actor_set_pos", SIG_ID_XYZ, 0, { .id_xyz = wary_actor_set_pos } },
  { "actor_set_velocity", SIG_ID_XYZ, 0, { .id_xyz = wary_actor_set_velocity } },
  { "actor_look_at", SIG_ID_XYZ, 0, { .id_xyz = wary_actor_look_at } },
  { "belief_count", SIG_ID_COUNT, 0, { .id_count = wary_belief_count } },
  { "evidence_clear", SIG_PAIR, 0, { .pair = wary_evidence_clear } },
  { "evidence_count", SIG_PAIR_COUNT, 0, { .pair_count = wary_evidence_count } },
  { "set_confidence", SIG_PAIR_F, 0, { .pair_f = wary_set_confidence } },
  { "evidence_remove", SIG_PAIR_I, 0, { .pair_i = wary_evidence_remove } },
  { "sound_create", SIG_CREATE, K_SOUND, { .create = create_sound } },
  { "filter_create", SIG_CREATE, K_FILTER, { .create = create_filter } },
  { "emit_stimulus", SIG_CREATE, K_STIMULUS, { .create = emit_stimulus } },
  { "profile_set_hearing", SIG_SET, K_HEARING, { .set = set_hearing } },
  { "profile_set_basic_sense", SIG_SET_ARG, K_BASIC_SENSE, { .set_arg = set_basic_sense } },
  { "emit_sound_at", SIG_I_XYZ, 0, { .i_xyz = wary_emit_sound_at } },
  { "emit_sound", SIG_ID_I, 0, { .id_i = wary_emit_sound } },
  { "actor_set_scent", SIG_ID_F, 0, { .id_f = wary_actor_set_scent } },
  { "location_count", SIG_ID_COUNT, 0, { .id_count = wary_location_count } },
  { "report_touch", SIG_PAIR, 0, { .pair = wary_report_touch } },
  { "profile_set_geck", SIG_SET, K_GECK, { .set = set_geck } },
  { "geck_state", SIG_ID_COUNT, 0, { .id_count = wary_geck_state } },
  { "geck_damage", SIG_PAIR, 0, { .pair = wary_geck_damage } },
  { "profile_set_brain", SIG_SET, K_BRAIN, { .set = set_brain } },
  { "apply_damage", SIG_CREATE, K_DAMAGE, { .create = apply_damage } },
  { "pain_create", SIG_CREATE, K_PAIN, { .create = create_pain } },
  { "pain_set", SIG_SET, K_PAIN, { .set = set_pain } },
  { "actor_set_health", SIG_ID_F, 0, { .id_f = wary_actor_set_health } },
  { "set_fear_input", SIG_ID_F, 0, { .id_f = wary_set_fear_input } },
  { "reset_emotions", SIG_ID, 0, { .id = wary_reset_emotions } },
  { "pain_clear", SIG_ID_I, 0, { .id_i = wary_pain_clear } },
  { "set_relationship_override", SIG_PAIR_I, 0, { .pair_i = wary_set_relationship_override } },
};

static int call_api(lua_State *L)
{
  const size_t r = row(L);
  wary_world *w = check_world(L, 1);
  any_def d;
  wary_id id, other;
  float v[5];
  switch (api[r].sig) {
  case SIG_CREATE:
    read_kind(L, 2, api[r].kind, 0, &d);
    return push_int(L, api[r].fn.create(w, &d));
  case SIG_SET: {
    int32_t index = check_int(L, 2);
    read_kind(L, 3, api[r].kind, 0, &d);
    return push_int(L, api[r].fn.set(w, index, &d));
  }
  case SIG_SET_ARG: {
    int32_t index = check_int(L, 2), arg = check_int(L, 3);
    read_kind(L, 4, api[r].kind, arg, &d);
    return push_int(L, api[r].fn.set_arg(w, index, arg, &d));
  }
  case SIG_I_XYZ: {
    int32_t i = check_int(L, 2);
    check_floats(L, 3, 3, v);
    return push_int(L, api[r].fn.i_xyz(w, i, v[0], v[1], v[2]));
  }
  case SIG_FLOAT: return push_float(L, api[r].fn.get(w));
  case SIG_COUNT: return push_int(L, api[r].fn.count(w));
  case SIG_F: return push_int(L, api[r].fn.f(w, check_float(L, 2)));
  case SIG_F5:
    check_floats(L, 2, 5, v);
    return push_int(L, api[r].fn.f5(w, v[0], v[1], v[2], v[3], v[4]));
  default: break;
  }
  id = check_id(L, 2);
  switch (api[r].sig) {
  case SIG_ID: return push_int(L, api[r].fn.id(w, id));
  case SIG_VALID: lua_pushboolean(L, api[r].fn.valid(w, id)); return 1;
  case SIG_ID_F: return push_int(L, api[r].fn.id_f(w, id, check_float(L, 3)));
  case SIG_ID_I: return push_int(L, api[r].fn.id_i(w, id, check_int(L, 3)));
  case SIG_ID_B: return push_int(L, api[r].fn.id_b(w, id, lua_toboolean(L, 3)));
  case SIG_ID_XYZ:
    check_floats(L, 3, 3, v);
    return push_int(L, api[r].fn.id_xyz(w, id, v[0], v[1], v[2]));
  case SIG_ID_COUNT: return push_int(L, api[r].fn.id_count(w, id));
  case SIG_ID_FLOAT: return push_float(L, api[r].fn.id_float(w, id));
  case SIG_ID_SET:
    read_kind(L, 3, api[r].kind, 0, &d);
    return push_int(L, api[r].fn.id_set(w, id, &d));
  default: break;
  }
  other = check_id(L, 3);
  switch (api[r].sig) {
  case SIG_PAIR: return push_int(L, api[r].fn.pair(w, id, other));
  case SIG_PAIR_COUNT: return push_int(L, api[r].fn.pair_count(w, id, other));
  case SIG_PAIR_F: return push_int(L, api[r].fn.pair_f(w, id, other, check_float(L, 4)));
  default: return push_int(L, api[r].fn.pair_i(w, id, other, check_int(L, 4)));
  }
}

/* Registers a closure of call for each row of a table whose rows start with
 * their Lua name; the closure's upvalue is its row. */
static void add_closures(lua_State *L, const void *table, size_t stride, size_t n, lua_CFunction call)
{
  const char *p = table;
  for (size_t i = 0; i < n; i++, p += stride) {
    lua_pushinteger(L, (lua_Integer)i);
    lua_pushcclosure(L, call, 1);
    lua_setfield(L, -2, *(const char *const *)(const void *)p);
  }
}

#define ADD_CLOSURES(L, table, call) \
  add_closures(L, table, sizeof(table)[0], sizeof(table) / sizeof(table)[0], call)

/* ---- argument lists and out structs: one table, one trampoline ---------------- */

/* The arguments after the world, by position: their types are the letters
 * of the row's args, 'd' an id, 'i' an int32, 'f' a float. */
typedef union arg {
  wary_id d;
  int32_t i;
  float f;
} arg;

enum { MAX_ARGS = 7 };

typedef union any_out {
  wary_ray_result ray;
  wary_actor_info actor;
  wary_belief belief;
  wary_evidence evidence;
  wary_vision_explain explain;
  wary_location_belief location;
  wary_geck_info geck_info;
  wary_geck_alert geck_alert;
  wary_geck_target geck_target;
  wary_brain_state brain_state;
  wary_threat threat;
} any_out;

/* call_<fn>(world, args, out) calls wary_<fn>(world, ...). */
#define CALL_OF(fn, ...) \
  static int call_##fn(wary_world *w, const arg *a, any_out *o) { (void)o; return wary_##fn(w, __VA_ARGS__); }

CALL_OF(box_set_bounds, a[0].d, a[1].f, a[2].f, a[3].f, a[4].f, a[5].f, a[6].f)
CALL_OF(actor_set_prop, a[0].d, a[1].i, a[2].f)
CALL_OF(evidence_add, a[0].d, a[1].d, a[2].i, a[3].i, a[4].f, a[5].f, a[6].i)
CALL_OF(report_location, a[0].d, a[1].f, a[2].f, a[3].f, a[4].i, a[5].f, a[6].f)
CALL_OF(ray_cast, a[0].f, a[1].f, a[2].f, a[3].f, a[4].f, a[5].f, &o->ray)
CALL_OF(actor_get, a[0].d, &o->actor)
CALL_OF(belief_get, a[0].d, a[1].d, &o->belief)
CALL_OF(belief_at, a[0].d, a[1].i, &o->belief)
CALL_OF(evidence_at, a[0].d, a[1].d, a[2].i, &o->evidence)
CALL_OF(vision_explain_get, a[0].d, a[1].d, &o->explain)
CALL_OF(location_at, a[0].d, a[1].i, &o->location)
CALL_OF(location_strongest, a[0].d, &o->location)
CALL_OF(create_detection_event, a[0].d, a[1].f, a[2].f, a[3].f, a[4].f, a[5].i)
CALL_OF(geck_info_get, a[0].d, &o->geck_info)
CALL_OF(geck_alert_at, a[0].d, a[1].i, &o->geck_alert)
CALL_OF(geck_target_at, a[0].d, a[1].i, &o->geck_target)
CALL_OF(geck_target_get, a[0].d, a[1].d, &o->geck_target)
CALL_OF(report_pain, a[0].d, a[1].i, a[2].f)
CALL_OF(pain_set_enabled, a[0].d, a[1].i, a[2].i)
CALL_OF(set_emotion, a[0].d, a[1].i, a[2].f)
CALL_OF(set_relationship, a[0].i, a[1].i, a[2].i)
CALL_OF(brain_get, a[0].d, &o->brain_state)
CALL_OF(threat_get, a[0].d, a[1].d, &o->threat)

static const struct {
  const char *name;
  const char *args;  /* at most MAX_ARGS letters */
  const field *out;  /* NULL: returns the status; else status, a table of the zeroed out struct */
  int (*fn)(wary_world *, const arg *, any_out *);
} calls[] = {
  { "box_set_bounds", "dffffff", NULL, call_box_set_bounds },
  { "actor_set_prop", "dif", NULL, call_actor_set_prop },
  { "evidence_add", "ddiiffi", NULL, call_evidence_add },
  { "report_location", "dfffiff", NULL, call_report_location },
  { "ray_cast", "ffffff", ray_result_fields, call_ray_cast },
  { "actor_get", "d", actor_info_fields, call_actor_get },
  { "belief_get", "dd", belief_fields, call_belief_get },
  { "belief_at", "di", belief_fields, call_belief_at },
  { "evidence_at", "ddi", evidence_fields, call_evidence_at },
  { "vision_explain_get", "dd", vision_explain_fields, call_vision_explain_get },
  { "location_at", "di", location_belief_fields, call_location_at },
  { "location_strongest", "d", location_belief_fields, call_location_strongest },
  { "create_detection_event", "dffffi", NULL, call_create_detection_event },
  { "geck_info_get", "d", geck_info_fields, call_geck_info_get },
  { "geck_alert_at", "di", geck_alert_fields, call_geck_alert_at },
  { "geck_target_at", "di", geck_target_fields, call_geck_target_at },
  { "geck_target_get", "dd", geck_target_fields, call_geck_target_get },
  { "report_pain", "dif", NULL, call_report_pain },
  { "pain_set_enabled", "dii", NULL, call_pain_set_enabled },
  { "set_emotion", "dif", NULL, call_set_emotion },
  { "set_relationship", "iii", NULL, call_set_relationship },
  { "brain_get", "d", brain_state_fields, call_brain_get },
  { "threat_get", "dd", threat_fields, call_threat_get },
};

static int call_args(lua_State *L)
{
  const size_t r = row(L);
  wary_world *w = check_world(L, 1);
  arg a[MAX_ARGS];
  any_out out;
  int status;
  for (int i = 0; i < MAX_ARGS && calls[r].args[i] != '\0'; i++) {
    switch (calls[r].args[i]) {
    case 'd': a[i].d = check_id(L, i + 2); break;
    case 'i': a[i].i = check_int(L, i + 2); break;
    default: a[i].f = check_float(L, i + 2); break;
    }
  }
  memset(&out, 0, sizeof out);
  status = calls[r].fn(w, a, &out);
  if (calls[r].out == NULL) return push_int(L, status);
  return push_out(L, status, calls[r].out, &out);
}

/* ---- functions of their own signature ---------------------------------------- */

static int l_step_end(lua_State *L) { return push_int(L, wary_step_end(check_world(L, 1))); }

static int l_events_dropped(lua_State *L)
{
  return push_int(L, (lua_Integer)wary_events_dropped(check_world(L, 1)));
}

static int l_name(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  return push_int(L, wary_name(w, luaL_checkstring(L, 2)));
}

static int l_name_string(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  const char *s = wary_name_string(w, check_int(L, 2));
  if (s == NULL) lua_pushnil(L);
  else lua_pushstring(L, s);
  return 1;
}

static int l_actor_get_prop(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  wary_id actor = check_id(L, 2);
  int32_t key = check_int(L, 3);
  return push_float(L, wary_actor_get_prop(w, actor, key, check_float(L, 4)));
}

/* A float out: status, the number. */
static int l_geck_detection_value(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  wary_id agent = check_id(L, 2), target = check_id(L, 3);
  float v = 0.0f;
  lua_pushinteger(L, wary_geck_detection_value(w, agent, target, &v));
  lua_pushnumber(L, v);
  return 2;
}

/* No cap: every actor fits in a buffer of wary_actor_count ids. */
static int l_query_actors(lua_State *L)
{
  enum { SMALL = 64 };
  wary_world *w = check_world(L, 1);
  float v[4];
  wary_id small[SMALL], *ids = small;
  int32_t cap = wary_actor_count(w), n;
  check_floats(L, 2, 4, v);
  if (cap > SMALL) ids = lua_newuserdatauv(L, (size_t)cap * sizeof *ids, 0);
  else cap = SMALL;
  n = wary_query_actors(w, v[0], v[1], v[2], v[3], ids, cap);
  if (n < 0) n = 0;
  if (n > cap) n = cap;
  lua_createtable(L, n, 0);
  for (int32_t i = 0; i < n; i++) {
    lua_pushinteger(L, (lua_Integer)ids[i]);
    lua_seti(L, -2, i + 1);
  }
  return 1;
}

static int l_world_stats(lua_State *L)
{
  wary_stats s = wary_world_stats(check_world(L, 1));
  push_struct(L, stats_fields, &s);
  return 1;
}

/* A sequence of tables of the n structs of size bytes at a (n < 0: none). */
static int push_structs(lua_State *L, const field *desc, const void *a, size_t size, int32_t n)
{
  if (n < 0 || a == NULL) n = 0;
  lua_createtable(L, n, 0);
  for (int32_t i = 0; i < n; i++) {
    push_struct(L, desc, (const char *)a + (size_t)i * size);
    lua_seti(L, -2, i + 1);
  }
  return 1;
}

static int l_events(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  int32_t n = wary_event_count(w);
  return push_structs(L, event_fields, wary_events(w), sizeof(wary_event), n);
}

/* No cap: the buffer holds as many as the core keeps. */
static int l_recent_sounds(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  wary_id agent = check_id(L, 2);
  wary_heard_sound out[WARY_RECENT_SOUNDS];
  int32_t n = wary_recent_sounds(w, agent, check_float(L, 3), out, WARY_RECENT_SOUNDS);
  if (n > WARY_RECENT_SOUNDS) n = WARY_RECENT_SOUNDS;
  return push_structs(L, heard_sound_fields, out, sizeof out[0], n);
}

/* ---- custom senses: run_queries ------------------------------------------------ */

/* Stack slots of run_queries. */
enum { RQ_WORLD = 1, RQ_SENSES, RQ_PROFILES, RQ_ACTORS, RQ_CTX, RQ_ERRORS, RQ_HANDLER, RQ_VECTORS };

/* The message handler of evaluate and on_stimulus: the message with a traceback. */
static int traceback_handler(lua_State *L)
{
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      msg = lua_tostring(L, -1);
    else
      msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* Pushes the vector subtables of ctx in the order of query_ctx_fields,
 * creating the missing ones once. */
static void push_ctx_vectors(lua_State *L)
{
  for (const field *f = query_ctx_fields; f->name != NULL; f++) {
    if (f->count == 0) continue;
    if (lua_getfield(L, RQ_CTX, f->name) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_createtable(L, 0, 3);
      lua_pushvalue(L, -1);
      lua_setfield(L, RQ_CTX, f->name);
    }
  }
}

/* The fields desc of s into ctx: scalars as fields, arrays into the x, y, z
 * of the vectors in order (query_ctx_fields: everything of ctx but agent,
 * target and sense). */
static void fill_ctx(lua_State *L, const field *desc, const void *s)
{
  int vector = RQ_VECTORS;
  for (const field *f = desc; f->name != NULL; f++) {
    const char *p = (const char *)s + f->offset;
    if (f->count == 0) {
      push_value(L, f->type, p);
      lua_setfield(L, RQ_CTX, f->name);
      continue;
    }
    for (int j = 0; j < 3; j++) {
      push_value(L, f->type, p + (size_t)j * type_size[f->type]);
      lua_setfield(L, vector, xyz[j]);
    }
    vector++;
  }
}

/* The number at idx clamped to 0..1 into *v, or an error message pushed. */
static const char *read_unit(lua_State *L, int idx, const char *what, const char *expected, lua_Number *v)
{
  if (lua_type(L, idx) != LUA_TNUMBER)
    return lua_pushfstring(L, "returned %s for %s, expected %s", luaL_typename(L, idx), what, expected);
  *v = lua_tonumber(L, idx);
  if (!isfinite(*v)) return lua_pushfstring(L, "returned a non-finite %s", what);
  if (*v < 0) *v = 0;
  else if (*v > 1) *v = 1;
  return NULL;
}

/* Reads evaluate's results c [, accuracy [, x, y, z]] from first on into *r
 * (left alone when inactive); returns an error message (pushed) or NULL. */
static const char *read_results(lua_State *L, int first, wary_sense_result *r)
{
  lua_Number c, accuracy = 1, loc[3];
  const char *err;
  bool has_location = true;
  lua_settop(L, first + 4); /* missing results read as nil */
  if (!lua_toboolean(L, first)) return NULL;
  if ((err = read_unit(L, first, "confidence", "a number or nil", &c)) != NULL) return err;
  if (c == 0) return NULL;
  if (!lua_isnil(L, first + 1) &&
      (err = read_unit(L, first + 1, "accuracy", "a number", &accuracy)) != NULL)
    return err;
  for (int j = 0; j < 3; j++) {
    loc[j] = lua_type(L, first + 2 + j) == LUA_TNUMBER ? lua_tonumber(L, first + 2 + j) : NAN;
    has_location = has_location && isfinite(loc[j]);
  }
  r->active = true;
  r->confidence = (float)c;
  r->accuracy = (float)accuracy;
  r->has_location = has_location;
  if (has_location)
    for (int j = 0; j < 3; j++) r->location[j] = (float)loc[j];
  return NULL;
}

/* Appends the table of desc over s plus { index = i, message = "sense '<id>':
 * <err>" } to errors; the sense table's id is at id_idx. An inbox entry also
 * gets inbox = true and target = 0. */
static void add_error(lua_State *L, int32_t i, const field *desc, const void *s, bool inbox, int id_idx,
                      const char *err)
{
  const char *id = luaL_tolstring(L, id_idx, NULL);
  const char *message = lua_pushfstring(L, "sense '%s': %s", id, err);
  push_struct(L, desc, s);
  if (inbox) {
    lua_pushboolean(L, true);
    lua_setfield(L, -2, "inbox");
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, "target");
  }
  lua_pushinteger(L, i);
  lua_setfield(L, -2, "index");
  lua_pushstring(L, message);
  lua_setfield(L, -2, "message");
  lua_seti(L, RQ_ERRORS, (lua_Integer)lua_rawlen(L, RQ_ERRORS) + 1);
}

/* Pushes senses[sense], its function fn and its id, and sets ctx.agent and
 * ctx.sense; false (the stack dirty) when the sense or fn is missing. */
static bool begin_call(lua_State *L, int32_t sense, const char *fn, wary_id agent)
{
  const int t = lua_gettop(L) + 1;
  lua_geti(L, RQ_SENSES, sense);
  if (!lua_istable(L, t)) return false;
  lua_getfield(L, t, fn);
  if (!lua_toboolean(L, t + 1)) return false;
  lua_getfield(L, t, "id");
  lua_geti(L, RQ_ACTORS, agent);
  lua_setfield(L, RQ_CTX, "agent");
  lua_pushvalue(L, t + 2);
  lua_setfield(L, RQ_CTX, "sense");
  return true;
}

/* Calls the function pushed below its nargs arguments in protected mode;
 * returns the error message (pushed) or NULL. Raises if the world is gone. */
static const char *protected_call(lua_State *L, wary_world **slot, int nargs, int nresults)
{
  const char *err = NULL;
  if (lua_pcall(L, nargs, nresults, RQ_HANDLER) != LUA_OK) {
    err = lua_tostring(L, -1);
    if (err == NULL) err = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, -1));
  }
  if (*slot == NULL) luaL_error(L, "wary world is destroyed");
  return err;
}

/* Query i; returns whether evaluate was called. Leaves the stack dirty. */
static bool run_query(lua_State *L, wary_world **slot, int32_t i)
{
  const int id = lua_gettop(L) + 3;
  wary_sense_query q = wary_queries(*slot)[i];
  const char *err;
  if (!begin_call(L, q.sense, "evaluate", q.agent)) return false;
  lua_geti(L, RQ_ACTORS, q.target);
  lua_setfield(L, RQ_CTX, "target");
  fill_ctx(L, query_ctx_fields, &q);

  lua_pushvalue(L, id - 1);
  lua_pushvalue(L, RQ_CTX);
  lua_geti(L, RQ_PROFILES, q.agent);
  lua_geti(L, RQ_ACTORS, q.target);
  err = protected_call(L, slot, 3, LUA_MULTRET);
  if (err == NULL) err = read_results(L, id + 1, &wary_results(*slot)[i]);
  if (err != NULL) {
    add_error(L, i, query_error_fields, &q, false, id, err);
    wary_query_fail(*slot, i);
  }
  return true;
}

/* The stimulus table of inbox entry e: { tag, pos = {x, y, z}, source,
 * strength, radius, distance }. */
static void push_stimulus(lua_State *L, wary_world *w, const wary_stimulus_delivery *e)
{
  const char *tag = wary_name_string(w, e->tag);
  push_struct(L, stimulus_fields, e);
  lua_pushstring(L, tag); /* NULL: nil */
  lua_setfield(L, -2, "tag");
  lua_createtable(L, 0, 3);
  for (int j = 0; j < 3; j++) {
    lua_pushnumber(L, e->pos[j]);
    lua_setfield(L, -2, xyz[j]);
  }
  lua_setfield(L, -2, "pos");
  if (e->source != 0) {
    lua_geti(L, RQ_ACTORS, e->source);
    lua_setfield(L, -2, "source");
  }
}

/* Inbox entry i: on_stimulus(ctx, profile, stimulus), its results ignored.
 * Leaves the stack dirty. */
static void run_stimulus(lua_State *L, wary_world **slot, int32_t i)
{
  const int id = lua_gettop(L) + 3;
  wary_stimulus_delivery e = wary_inbox(*slot)[i];
  wary_actor_info info = { 0 };
  const char *err;
  if (!begin_call(L, e.sense, "on_stimulus", e.agent)) return;
  wary_actor_get(*slot, e.agent, &info);
  fill_ctx(L, info_ctx_fields, &info);

  lua_pushvalue(L, id - 1);
  lua_pushvalue(L, RQ_CTX);
  lua_geti(L, RQ_PROFILES, e.agent);
  push_stimulus(L, *slot, &e);
  err = protected_call(L, slot, 3, 0);
  if (err != NULL) {
    add_error(L, i, inbox_error_fields, &e, true, id, err);
    wary_inbox_fail(*slot, i);
  }
}

static int l_run_queries(lua_State *L)
{
  wary_world **slot = luaL_checkudata(L, RQ_WORLD, WORLD_MT);
  lua_Integer evaluated = 0;
  int base;
  check_world(L, RQ_WORLD);
  for (int i = RQ_SENSES; i <= RQ_ERRORS; i++) luaL_checktype(L, i, LUA_TTABLE);
  lua_settop(L, RQ_ERRORS);
  luaL_checkstack(L, 2 * LUA_MINSTACK, "run_queries"); /* slots, a query and its errors */
  lua_pushcfunction(L, traceback_handler);
  push_ctx_vectors(L);
  base = lua_gettop(L);
  /* Counts re-read every round: the senses run arbitrary Lua. */
  for (int32_t i = 0; *slot != NULL && i < wary_inbox_count(*slot); i++) {
    run_stimulus(L, slot, i);
    lua_settop(L, base);
  }
  for (int32_t i = 0; *slot != NULL && i < wary_query_count(*slot); i++) {
    if (run_query(L, slot, i)) evaluated++;
    lua_settop(L, base);
  }
  return push_int(L, evaluated);
}

/* ---- the module ----------------------------------------------------------------- */

static const luaL_Reg world_meta[] = {
  { "__gc", l_world_destroy },
  { "__close", l_world_destroy },
  { "__tostring", l_world_tostring },
  { NULL, NULL },
};

static const luaL_Reg functions[] = {
  { "world_create", l_world_create },
  { "world_destroy", l_world_destroy },
  { "name", l_name },
  { "name_string", l_name_string },
  { "actor_get_prop", l_actor_get_prop },
  { "geck_detection_value", l_geck_detection_value },
  { "query_actors", l_query_actors },
  { "step_end", l_step_end },
  { "events", l_events },
  { "recent_sounds", l_recent_sounds },
  { "events_dropped", l_events_dropped },
  { "world_stats", l_world_stats },
  { "run_queries", l_run_queries },
  { NULL, NULL },
};

LUAMOD_API int luaopen_wary_core(lua_State *L)
{
  luaL_newmetatable(L, WORLD_MT);
  luaL_setfuncs(L, world_meta, 0);
  lua_pop(L, 1);
  luaL_newlib(L, functions);
  add_closures(L, kinds, sizeof kinds[0], K_SAMPLES, call_default);
  ADD_CLOSURES(L, api, call_api);
  ADD_CLOSURES(L, calls, call_args);
  lua_pushliteral(L, "wary core 0.1");
  lua_setfield(L, -2, "_VERSION");
  lua_pushliteral(L, "lua5.4");
  lua_setfield(L, -2, "backend");
  return 1;
}
