/* core.c - wary.core, the Lua 5.4 backend: the C API of wary.h as a table of
 * functions, following the contract of docs/backends.md.
 *
 * Most of it is generated from wary.h by scripts/gen_bindings.lua into
 * core_gen.h: a field descriptor per struct member (name, offset, type, each
 * checked against the member's C type at compile time) and a wrapper per
 * function. This file holds what those use: the generic struct <-> table code
 * over the descriptors, the argument helpers, and what is written by hand:
 * the world userdata (world_create, world_destroy), the primitives of the
 * facade's custom-sense runner (lua/wary/runner.lua), query_reader and
 * set_query_result, and that runner's loop over the queries in C
 * (run_queries). The core itself never calls Lua.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lauxlib.h"
#include "lua.h"

#include "wary.h"

#define WORLD_MT "wary.world"

/* ---- field descriptors ------------------------------------------------- */

/* T_U32 is also a handle (a struct of one uint32_t). T_STRUCT: a nested
 * struct, a nested table, described by sub. */
enum { T_FLOAT, T_INT32, T_U32, T_BOOL, T_U64, T_STRUCT };

typedef struct field {
  const char *name;
  size_t offset;
  int type;
  int count;               /* 0: a scalar; n: a C array of n, a Lua sequence */
  size_t size;             /* of one element */
  const struct field *sub; /* the fields of a T_STRUCT */
  const char *used;        /* an array whose used length is this int32_t member */
  size_t used_offset;
} field;

/* Zero, and a compile error unless member m of struct T has the C type C. */
#define TYPE_CHECK(T, m, C)                                                                   \
  (0 * sizeof(struct {                                                                        \
     _Static_assert(_Generic(((T *)0)->m, C: 1, default: 0), #T "." #m " is not a " #C);     \
     int unused;                                                                              \
   }))
#define COUNT_OF(T, m) ((int)(sizeof(((T *)0)->m) / sizeof(((T *)0)->m[0])))

/* What core_gen.h describes members with: type is a T_*, C the C type. */
#define SCALAR(T, m, C, type) { #m, offsetof(T, m) + TYPE_CHECK(T, m, C), type, 0, sizeof(C), NULL, NULL, 0 }
#define ARRAY(T, m, C, type) \
  { #m, offsetof(T, m) + TYPE_CHECK(T, m[0], C), type, COUNT_OF(T, m), sizeof(C), NULL, NULL, 0 }
#define NESTED(T, m, C, sub) { #m, offsetof(T, m) + TYPE_CHECK(T, m, C), T_STRUCT, 0, sizeof(C), sub, NULL, 0 }
#define NESTED_ARRAY(T, m, C, sub) \
  { #m, offsetof(T, m) + TYPE_CHECK(T, m[0], C), T_STRUCT, COUNT_OF(T, m), sizeof(C), sub, NULL, 0 }
#define USED_ARRAY(T, m, C, sub, used)                                                         \
  { #m, offsetof(T, m) + TYPE_CHECK(T, m[0], C), T_STRUCT, COUNT_OF(T, m), sizeof(C), sub, #used, \
    offsetof(T, used) + TYPE_CHECK(T, used, int32_t) }
#define END_FIELDS { NULL, 0, 0, 0, 0, NULL, NULL, 0 }

/* ---- struct -> table ----------------------------------------------------- */

static void push_struct(lua_State *L, const field *desc, const void *s);

static void push_value(lua_State *L, int type, const void *p)
{
  switch (type) {
  case T_FLOAT: lua_pushnumber(L, *(const float *)p); break;
  case T_INT32: lua_pushinteger(L, *(const int32_t *)p); break;
  case T_U32: lua_pushinteger(L, (lua_Integer)*(const uint32_t *)p); break;
  case T_BOOL: lua_pushboolean(L, *(const bool *)p); break;
  default: lua_pushinteger(L, (lua_Integer)*(const uint64_t *)p); break;
  }
}

static void push_element(lua_State *L, const field *f, const char *p)
{
  if (f->type == T_STRUCT) push_struct(L, f->sub, p);
  else push_value(L, f->type, p);
}

static void push_field(lua_State *L, const field *f, const void *s)
{
  const char *p = (const char *)s + f->offset;
  int n = f->count;
  if (n == 0) {
    push_element(L, f, p);
    return;
  }
  if (f->used != NULL) {
    int32_t used = *(const int32_t *)(const void *)((const char *)s + f->used_offset);
    if (used < n) n = used < 0 ? 0 : used;
  }
  lua_createtable(L, n, 0);
  for (int j = 0; j < n; j++) {
    push_element(L, f, p + (size_t)j * f->size);
    lua_seti(L, -2, j + 1);
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

/* A sequence of the tables of the n structs of size bytes at a (n < 0: none). */
static void push_structs(lua_State *L, const field *desc, const void *a, size_t size, int32_t n)
{
  if (n < 0) n = 0;
  lua_createtable(L, n, 0);
  for (int32_t i = 0; i < n; i++) {
    push_struct(L, desc, (const char *)a + (size_t)i * size);
    lua_seti(L, -2, i + 1);
  }
}

/* A sequence of the n values of type (a T_*) and size bytes at a. */
static void push_values(lua_State *L, int type, const void *a, size_t size, int32_t n)
{
  if (n < 0) n = 0;
  lua_createtable(L, n, 0);
  for (int32_t i = 0; i < n; i++) {
    push_value(L, type, (const char *)a + (size_t)i * size);
    lua_seti(L, -2, i + 1);
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

/* The value on top of the stack into element p of field f. */
static void read_element(lua_State *L, const field *f, char *p)
{
  if (f->type == T_STRUCT) {
    check_field_table(L, f->name);
    read_def(L, -1, f->sub, p);
  } else {
    read_value(L, f->type, p, f->name);
  }
}

/* The sequence on top of the stack into array field f of the struct at def,
 * a table at def_idx: nil elements keep their value; with a used member the
 * elements past 16 are ignored and the used count, unless given, is the
 * length of the sequence (past the array it stays honest, so the core
 * rejects the def). */
static void read_array(lua_State *L, int def_idx, const field *f, char *def)
{
  char *p = def + f->offset;
  lua_Unsigned n = lua_rawlen(L, -1);
  check_field_table(L, f->name);
  for (int j = 0; j < f->count; j++) {
    if (lua_geti(L, -1, j + 1) != LUA_TNIL) read_element(L, f, p + (size_t)j * f->size);
    lua_pop(L, 1);
  }
  if (f->used != NULL) {
    if (lua_getfield(L, def_idx, f->used) == LUA_TNIL)
      *(int32_t *)(void *)(def + f->used_offset) = n > INT32_MAX ? INT32_MAX : (int32_t)n;
    lua_pop(L, 1);
  }
}

/* Fields of the table at idx over *def; a missing field keeps its value. */
static void read_def(lua_State *L, int idx, const field *desc, void *def)
{
  idx = lua_absindex(L, idx);
  for (const field *f = desc; f->name != NULL; f++) {
    if (lua_getfield(L, idx, f->name) != LUA_TNIL) {
      if (f->count == 0) read_element(L, f, (char *)def + f->offset);
      else read_array(L, idx, f, def);
    }
    lua_pop(L, 1);
  }
}

/* A def argument: the table at idx over *def (nil: *def as it is). */
static void read_arg(lua_State *L, int idx, const field *desc, void *def)
{
  if (lua_isnoneornil(L, idx)) return;
  luaL_checktype(L, idx, LUA_TTABLE);
  read_def(L, idx, desc, def);
}

/* ---- arguments and results ------------------------------------------------ */

/* A call on a destroyed world: the message alone, with no position (the
 * LuaJIT backend raises it so too: lua/wary/ffi.lua). */
static int destroyed(lua_State *L)
{
  lua_pushliteral(L, "wary world is destroyed");
  return lua_error(L);
}

/* Every function of the module has the world's metatable as its first
 * upvalue: comparing with it is much cheaper than luaL_checkudata's lookup
 * by name, and this runs for every call. */
static wary_world *check_world(lua_State *L, int i)
{
  wary_world **slot = lua_touserdata(L, i);
  bool ok = false;
  if (lua_type(L, i) == LUA_TUSERDATA && lua_getmetatable(L, i)) {
    ok = lua_rawequal(L, -1, lua_upvalueindex(1));
    lua_pop(L, 1);
  }
  if (!ok) luaL_typeerror(L, i, WORLD_MT);
  if (*slot == NULL) destroyed(L);
  return *slot;
}

static float check_float(lua_State *L, int i) { return (float)luaL_checknumber(L, i); }
static uint32_t check_u32(lua_State *L, int i) { return (uint32_t)luaL_checkinteger(L, i); }

static void push_string(lua_State *L, const char *s)
{
  if (s == NULL) lua_pushnil(L);
  else lua_pushstring(L, s);
}

enum { OUT_SMALL = 64 };

/* An array output of *cap elements of size bytes: small (OUT_SMALL of them)
 * when they fit, else a userdata left on the stack. */
static void *out_array(lua_State *L, void *small, int32_t *cap, size_t size)
{
  if (*cap < 0) *cap = 0;
  if (*cap <= OUT_SMALL) return small;
  return lua_newuserdatauv(L, (size_t)*cap * size, 0);
}

#include "core_gen.h"

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
  wary_world_def def = wary_default_world_def();
  wary_world **slot;
  read_arg(L, 1, fields_wary_world_def, &def);
  /* Closed first, so a failure below leaves a valid (destroyed) handle. */
  slot = lua_newuserdatauv(L, sizeof *slot, 0);
  *slot = NULL;
  luaL_setmetatable(L, WORLD_MT);
  int status = wary_world_create(&def, slot);
  if (status != WARY_OK) {
    luaL_pushfail(L);
    lua_pushinteger(L, status);
    return 2;
  }
  return 1;
}

/* ---- save and load ------------------------------------------------------------ */

/* world_save(w [, head, tail]): status, and the snapshot as a string (nil
 * on failure); with head (and tail), framed in one string: head, the
 * snapshot's size in 8 hex digits, the snapshot, tail (save.lua's format),
 * so that a large save is written where it stays, not copied again. */
static int l_world_save(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  size_t head_n = 0, tail_n = 0;
  const char *head = luaL_optlstring(L, 2, NULL, &head_n);
  const char *tail = luaL_optlstring(L, 3, "", &tail_n);
  size_t size = 0;
  int status = wary_world_save(w, NULL, 0, &size);
  if (status == WARY_OK) {
    luaL_Buffer b;
    size_t frame = head ? head_n + 8 + tail_n : 0;
    char *p = luaL_buffinitsize(L, &b, size + frame);
    if (head) {
      memcpy(p, head, head_n);
      for (int k = 0; k < 8; k++) p[head_n + (size_t)k] = "0123456789abcdef"[(size >> (28 - 4 * k)) & 15u];
      p += head_n + 8;
    }
    status = wary_world_save(w, p, size, &size);
    if (head) memcpy(p + size, tail, tail_n);
    luaL_pushresultsize(&b, status == WARY_OK ? size + frame : 0);
    if (status != WARY_OK) {
      lua_pop(L, 1);
      lua_pushnil(L);
    }
    lua_pushinteger(L, status);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushinteger(L, status);
  lua_pushnil(L);
  return 2;
}

/* world_load(w, s): status. */
static int l_world_load(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  size_t size;
  const char *s = luaL_checklstring(L, 2, &size);
  lua_pushinteger(L, wary_world_load(w, s, size));
  return 1;
}

/* snapshot_actors(w, s): status, and the snapshot's actors as two lists:
 * their ids and their profiles (-1: a target); nil, nil on failure. */
static int l_snapshot_actors(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  size_t size;
  const char *s = luaL_checklstring(L, 2, &size);
  /* A first guess at the count (the world's own), then the count the
   * snapshot gave when that was short. */
  int32_t cap = wary_actor_count(w) + 16, count = 0;
  wary_snapshot_actor *out = lua_newuserdatauv(L, (size_t)cap * sizeof *out, 0);
  int status = wary_snapshot_actors(w, s, size, out, cap, &count);
  if (status == WARY_OK && count > cap) {
    cap = count;
    out = lua_newuserdatauv(L, (size_t)cap * sizeof *out, 0);
    status = wary_snapshot_actors(w, s, size, out, cap, &count);
  }
  lua_pushinteger(L, status);
  if (status != WARY_OK) {
    lua_pushnil(L);
    lua_pushnil(L);
    return 3;
  }
  lua_createtable(L, count, 0);
  lua_createtable(L, count, 0);
  for (int32_t i = 0; i < count; i++) {
    lua_pushinteger(L, out[i].id.id);
    lua_rawseti(L, -3, i + 1);
    lua_pushinteger(L, out[i].profile);
    lua_rawseti(L, -2, i + 1);
  }
  return 3;
}

/* ---- the custom-sense runner's primitives ------------------------------------ */

/* The upvalue of a reader after the world's metatable: the array it reads
 * (the step's queries or its events) and the fields it returns. */
enum { MAX_READ_FIELDS = 32 };

typedef struct reader {
  bool events; /* wary_events, else wary_queries */
  bool walk;   /* walk(w, mask, from): the next event of a type in mask (event_walker) */
  int n, values;
  const field *fields[MAX_READ_FIELDS];
} reader;

/* read(w, i): the fields of query (or event) i, a float[3] as its three
 * numbers, or nothing past the last one. */
static int l_read_record(lua_State *L)
{
  const reader *r = lua_touserdata(L, lua_upvalueindex(2));
  wary_world *w = check_world(L, 1);
  lua_Integer i;
  const char *q;
  int lead = 0;
  if (r->walk) {
    /* The index first, the fields after it (none past the last event). */
    uint32_t mask = check_u32(L, 2);
    lua_Integer from = luaL_checkinteger(L, 3);
    i = wary_event_next(w, mask, from < 0 ? 0 : (from > INT32_MAX ? INT32_MAX : (int32_t)from));
    lua_pushinteger(L, i);
    lead = 1;
    if (i >= wary_event_count(w)) return 1;
    if (r->values + 1 > LUA_MINSTACK) luaL_checkstack(L, r->values + 1, "record reader");
  } else {
    i = luaL_checkinteger(L, 2);
  }
  if (r->events) {
    if (i < 0 || i >= wary_event_count(w)) return 0;
    q = (const char *)&wary_events(w)[i];
  } else {
    if (i < 0 || i >= wary_query_count(w)) return 0;
    q = (const char *)&wary_queries(w)[i];
  }
  if (r->values > LUA_MINSTACK) luaL_checkstack(L, r->values, "record reader");
  for (int j = 0; j < r->n; j++) {
    const field *f = r->fields[j];
    const char *p = q + f->offset;
    if (f->count == 0) push_value(L, f->type, p);
    else
      for (int k = 0; k < f->count; k++) push_value(L, f->type, p + (size_t)k * f->size);
  }
  return r->values + lead;
}

/* A read for these fields (a sequence of names; arrays of numbers only) of
 * the records of desc (struct_name names it in errors). */
static int make_reader(lua_State *L, bool events, bool walk, const field *desc, const char *struct_name)
{
  reader *r;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushvalue(L, lua_upvalueindex(1));
  r = lua_newuserdatauv(L, sizeof *r, 0);
  memset(r, 0, sizeof *r);
  r->events = events;
  r->walk = walk;
  for (lua_Integer j = 1; lua_geti(L, 1, j) != LUA_TNIL; j++) {
    const char *name = luaL_checkstring(L, -1);
    const field *f = desc;
    while (f->name != NULL && strcmp(f->name, name) != 0) f++;
    if (f->name == NULL) luaL_error(L, "reader: %s has no field '%s'", struct_name, name);
    if (f->type == T_STRUCT) luaL_error(L, "reader: '%s' is a struct", name);
    if (r->n == MAX_READ_FIELDS) luaL_error(L, "reader: more than %d fields", MAX_READ_FIELDS);
    r->fields[r->n++] = f;
    r->values += f->count == 0 ? 1 : f->count;
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_pushcclosure(L, l_read_record, 2);
  return 1;
}

/* query_reader(fields) and event_reader(fields): read(w, i).
 * event_walker(fields): walk(w, mask, from), wary_event_next's index and
 * that event's fields (the index alone past the last one): one call an
 * event where a dispatch made two. */
static int l_query_reader(lua_State *L)
{
  return make_reader(L, false, false, fields_wary_sense_query, "wary_sense_query");
}

static int l_event_reader(lua_State *L) { return make_reader(L, true, false, fields_wary_event, "wary_event"); }

static int l_event_walker(lua_State *L) { return make_reader(L, true, true, fields_wary_event, "wary_event"); }

/* set_query_result(w, i, confidence, accuracy [, x, y, z]): query i's result
 * active with these (validated by the runner); a location when x is given. */
static int l_set_query_result(lua_State *L)
{
  wary_world *w = check_world(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  wary_sense_result *r;
  if (i < 0 || i >= wary_query_count(w)) {
    lua_pushinteger(L, WARY_ERR_NOT_FOUND);
    return 1;
  }
  r = &wary_results(w)[i];
  r->active = true;
  r->confidence = check_float(L, 3);
  r->accuracy = check_float(L, 4);
  r->has_location = !lua_isnoneornil(L, 5);
  if (r->has_location)
    for (int j = 0; j < 3; j++) r->location[j] = check_float(L, 5 + j);
  lua_pushinteger(L, WARY_OK);
  return 1;
}

/* ---- the custom-sense runner's query loop ------------------------------------ */

/* run_queries: the loop of lua/wary/runner.lua (run_from, its queries) in C,
 * the same reads, writes and calls in the same order, without the
 * interpreter's dispatch between them. Where it is in the batch is kept in a
 * query_loop userdata (made by query_loop(), read by query_loop_at()): an
 * evaluate that raises or yields leaves the loop there, and the runner reads
 * what its at table would hold. */
typedef struct query_loop {
  lua_Integer query;      /* at.query: the query after the one being evaluated */
  lua_Integer agent_now;  /* the agent whose fields ctx holds (valid if has_agent) */
  lua_Integer sense_now;  /* the sense ctx.sense is (valid if has_sense) */
  bool calling;           /* at.calling: an evaluate is running */
  bool has_agent, has_sense;
  /* The bits of the target_pos and target_vel components the loop last
   * wrote (valid if has_target): a component that holds its value already
   * is not written again (the z of targets on flat ground, the velocity of
   * standing ones). A sense reads ctx and does not write it (runner.lua). */
  bool has_target;
  uint32_t target_bits[6];
  /* The same for the agent's numbers the loop last wrote at a change of
   * agent (agent_pos, agent_yaw, eye_pos, eye_forward, light, weather),
   * lod_tier, off_screen and dt (valid if has_agent_fields, has_dt): the
   * agents of a batch mostly share their light, weather, tier, eye height
   * and dt, and stand on the same ground. */
  bool has_agent_fields, has_dt;
  uint32_t agent_bits[12];
  uint32_t dt_bits;
  int32_t lod_tier;
  bool off_screen;
  /* The sense of the last query, for which ctx's vectors were last put
   * back (valid if has_vectors): they go back at a change of sense, as in
   * runner.lua's loop, not at each call of run_queries. */
  lua_Integer vectors_sense;
  bool has_vectors;
} query_loop;

#define QUERY_LOOP_MT "wary.query_loop"

/* query_loop([state]): a loop state at the start of run_from (no agent or
 * sense in ctx yet); state, when it is one, is reset and returned (the
 * runner keeps one a run record). */
static int l_query_loop(lua_State *L)
{
  query_loop *s = luaL_testudata(L, 1, QUERY_LOOP_MT);
  if (s != NULL) {
    lua_settop(L, 1);
  } else {
    s = lua_newuserdatauv(L, sizeof *s, 0);
    luaL_setmetatable(L, QUERY_LOOP_MT);
  }
  memset(s, 0, sizeof *s);
  return 1;
}

/* query_loop_at(state): at.query, at.calling. */
static int l_query_loop_at(lua_State *L)
{
  const query_loop *s = luaL_checkudata(L, 1, QUERY_LOOP_MT);
  lua_pushinteger(L, s->query);
  lua_pushboolean(L, s->calling);
  return 2;
}

/* The arguments of run_queries, then the keys it pushes after them. */
enum {
  A_WORLD = 1, A_FIRST, A_CTX, A_SENSES, A_PROFILES, A_ACTORS, A_STATE,
  A_AGENT_POS, A_EYE_POS, A_EYE_FORWARD, A_TARGET_POS, A_TARGET_VEL,
  K_X, K_Y, K_Z, K_AGENT, K_TARGET, K_DT, K_DISTANCE, K_AGENT_YAW, K_LIGHT, K_WEATHER, K_LOD_TIER,
  K_OFF_SCREEN, K_SENSE, K_EVALUATE, K_ID, K_TOP = K_ID,
  C_PROFILE, C_EVALUATE, C_TOP = C_EVALUATE
};

/* t[key] = v, raw: ctx and its vectors have every key the loop writes
 * present (runner.lua, present), so an assignment would do the same. */
static void set_number(lua_State *L, int t, int key, float v)
{
  lua_pushvalue(L, key);
  lua_pushnumber(L, v);
  lua_rawset(L, t);
}

/* v's components as t.x, t.y, t.z, those whose bits are not those of last
 * (when known); last takes v's. Reads find the same values either way. */
static void set_vector_changed(lua_State *L, int t, const float v[3], uint32_t last[3], bool known)
{
  for (int k = 0; k < 3; k++) {
    uint32_t bits;
    memcpy(&bits, &v[k], sizeof bits);
    if (known && bits == last[k]) continue;
    last[k] = bits;
    set_number(L, t, K_X + k, v[k]);
  }
}

/* set_number, unless v's bits are those of *last (when known); *last takes
 * v's. */
static void set_number_changed(lua_State *L, int t, int key, float v, uint32_t *last, bool known)
{
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  if (known && bits == *last) return;
  *last = bits;
  set_number(L, t, key, v);
}

/* The world in slot (argument 1's), or an error as the readers raise it. */
static wary_world *loop_world(lua_State *L, wary_world *const *slot)
{
  if (*slot == NULL) destroyed(L);
  return *slot;
}

static int queries_from(lua_State *L, lua_Integer i);

/* The answer of query i's evaluate, all its results on the stack above the
 * target (evaluate is called for all of them: the usual answer, a
 * confidence and an accuracy or nothing, then needs no nil filled in and
 * no test of a location): a plain active one is stored and the stack goes
 * back to C_TOP (0: go on); any other is left for the runner, its first
 * five results as a call for five would have left them (i, c .. z: 6). */
static int take_answer(lua_State *L, wary_world *const *slot, lua_Integer i)
{
  /* stack: target, c, accuracy, x, y, z, ... (n results) */
  enum { C = C_TOP + 2, ACCURACY, X };
  int n = lua_gettop(L) - (C_TOP + 1);
  int c_type = n >= 1 ? lua_type(L, C) : LUA_TNIL;
  if (c_type == LUA_TNIL || (c_type == LUA_TBOOLEAN && !lua_toboolean(L, C))) {
    lua_settop(L, C_TOP);
    return 0;
  }
  lua_Number c = 0, accuracy = 1;
  bool plain = c_type == LUA_TNUMBER && (n < 3 || lua_type(L, X) == LUA_TNIL);
  if (plain) {
    c = lua_tonumber(L, C);
    plain = c > 0 && c <= 1;
  }
  if (plain && n >= 2) {
    int a_type = lua_type(L, ACCURACY);
    if (a_type != LUA_TNIL) {
      accuracy = lua_tonumber(L, ACCURACY);
      plain = a_type == LUA_TNUMBER && accuracy >= 0 && accuracy <= 1;
    }
  }
  if (!plain) {
    lua_settop(L, C_TOP + 6); /* target, c .. z */
    lua_pushinteger(L, i);
    lua_replace(L, C_TOP + 1); /* i in the target's place: i, c .. z */
    return 6;
  }
  wary_world *w = loop_world(L, slot); /* as set_query_result would */
  if (i < wary_query_count(w)) {
    wary_sense_result *r = &wary_results(w)[i];
    r->active = true;
    r->confidence = (float)c;
    r->accuracy = (float)accuracy;
    r->has_location = false;
  }
  lua_settop(L, C_TOP);
  return 0;
}

/* Where Lua 5.4 comes back to when the C frame of the loop is gone while an
 * evaluate runs: a pcall inside evaluate that caught an error (the runner's
 * coroutine is yieldable, so that pcall sets no jump of its own: the error
 * unwinds to the resume, which then finishes evaluate and calls this with
 * its results, the stack as lua_callk left it). The answer is taken and the
 * loop goes on after it. (A yield from evaluate never comes back: the
 * runner reports it and goes on in a new coroutine.) */
static int run_queries_k(lua_State *L, int status, lua_KContext ctx)
{
  (void)status;
  (void)ctx;
  query_loop *s = lua_touserdata(L, A_STATE);
  s->calling = false;
  lua_Integer i = s->query - 1;
  int n = take_answer(L, lua_touserdata(L, A_WORLD), i);
  return n != 0 ? n : queries_from(L, i + 1);
}

/* ctx's vectors are the tables run_queries was given (runner.lua, vector). */
static void own_vectors(lua_State *L)
{
  static const char *const names[] = { "agent_pos", "eye_pos", "eye_forward", "target_pos", "target_vel" };
  for (int k = 0; k < 5; k++) {
    lua_pushstring(L, names[k]);
    lua_rawget(L, A_CTX);
    bool same = lua_rawequal(L, -1, A_AGENT_POS + k);
    lua_pop(L, 1);
    if (same) continue;
    lua_pushstring(L, names[k]);
    lua_pushvalue(L, A_AGENT_POS + k);
    lua_rawset(L, A_CTX);
  }
}

/* run_queries(w, i, ctx, senses, profiles, actors, state, agent_pos,
 * eye_pos, eye_forward, target_pos, target_vel): evaluates the queries from
 * i (0-based) on; nothing when the batch is done, or, at the first result
 * that is not a plain active one (a confidence in (0, 1], an accuracy nil
 * or in [0, 1], no location), i, c, accuracy, x, y, z for the runner to
 * store or report. */
static int l_run_queries(lua_State *L)
{
  lua_Integer i;
  /* argument 1 stays on the stack, so its block stays where it is
   * (queries_from reads the world and the state from their arguments) */
  check_world(L, A_WORLD);
  i = luaL_checkinteger(L, A_FIRST);
  for (int a = A_CTX; a <= A_ACTORS; a++) luaL_checktype(L, a, LUA_TTABLE);
  for (int a = A_AGENT_POS; a <= A_TARGET_VEL; a++) luaL_checktype(L, a, LUA_TTABLE);
  luaL_checkudata(L, A_STATE, QUERY_LOOP_MT);
  lua_settop(L, A_TARGET_VEL);
  luaL_checkstack(L, C_TOP - A_TARGET_VEL + 16, "run_queries");
  /* Pushed once: looking a key up by a string from C (lua_getfield) interns
   * it again every time. */
  static const char *const keys[] = { "x", "y", "z", "agent", "target", "dt", "distance", "agent_yaw", "light",
                                      "weather", "lod_tier", "off_screen", "sense", "evaluate", "id" };
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) lua_pushstring(L, keys[k]);
  /* Kept on the stack above the keys while the agent or the sense stays
   * the same (senses and profiles are the facade's own tables, which no
   * sense can change inside a step): the agent's profile table, the
   * sense's evaluate (nil: the sense has none). -1: none yet (agent ids
   * and sense indices are never negative). */
  lua_pushnil(L); /* C_PROFILE */
  lua_pushnil(L); /* C_EVALUATE */
  return queries_from(L, i);
}

/* The loop of run_queries from query i, its stack set up to C_TOP. */
static int queries_from(lua_State *L, lua_Integer i)
{
  wary_world *const *slot = lua_touserdata(L, A_WORLD);
  query_loop *s = lua_touserdata(L, A_STATE);
  lua_Integer profile_agent = -1, evaluate_sense = -1, dt_agent = -1, dt_sense = -1;
  bool evaluating = false; /* C_EVALUATE is a function to call (set with it) */
  for (;; i++) {
    wary_world *w = loop_world(L, slot);
    if (i < 0 || i >= wary_query_count(w)) return 0;
    /* a copy: what Lua runs below (a __gc too) may end the batch */
    const wary_sense_query query = wary_queries(w)[i], *q = &query;
    lua_Integer agent = (lua_Integer)q->agent.id;
    if (!s->has_agent || agent != s->agent_now) {
      s->has_agent = true;
      s->agent_now = agent;
      lua_pushvalue(L, K_AGENT);
      lua_geti(L, A_ACTORS, agent);
      lua_rawset(L, A_CTX);
      /* Only what differs from the last agent's (a sense reads ctx, it
       * does not write it): reads find the same values either way. */
      bool known = s->has_agent_fields;
      uint32_t *bits = s->agent_bits;
      set_vector_changed(L, A_AGENT_POS, q->agent_pos, bits, known);
      set_number_changed(L, A_CTX, K_AGENT_YAW, q->agent_yaw, bits + 3, known);
      set_vector_changed(L, A_EYE_POS, q->eye_pos, bits + 4, known);
      set_vector_changed(L, A_EYE_FORWARD, q->eye_forward, bits + 7, known);
      set_number_changed(L, A_CTX, K_LIGHT, q->light, bits + 10, known);
      set_number_changed(L, A_CTX, K_WEATHER, q->weather, bits + 11, known);
      if (!known || q->lod_tier != s->lod_tier) {
        s->lod_tier = q->lod_tier;
        lua_pushvalue(L, K_LOD_TIER);
        lua_pushinteger(L, q->lod_tier);
        lua_rawset(L, A_CTX);
      }
      if (!known || q->off_screen != s->off_screen) {
        s->off_screen = q->off_screen;
        lua_pushvalue(L, K_OFF_SCREEN);
        lua_pushboolean(L, q->off_screen);
        lua_rawset(L, A_CTX);
      }
      s->has_agent_fields = true;
    }
    lua_Integer target = (lua_Integer)q->target.id, sense = q->sense;
    lua_geti(L, A_ACTORS, target); /* the target's handle, kept for evaluate */
    lua_pushvalue(L, K_TARGET);
    lua_pushvalue(L, -2);
    lua_rawset(L, A_CTX);
    /* dt is the time since the sense last ran for the agent: one value for
     * all the queries of an agent and a sense. */
    if (agent != dt_agent || sense != dt_sense) {
      set_number_changed(L, A_CTX, K_DT, q->dt, &s->dt_bits, s->has_dt);
      s->has_dt = true;
      dt_agent = agent;
      dt_sense = sense;
    }
    set_number(L, A_CTX, K_DISTANCE, q->distance);
    set_vector_changed(L, A_TARGET_POS, q->target_pos, s->target_bits, s->has_target);
    set_vector_changed(L, A_TARGET_VEL, q->target_vel, s->target_bits + 3, s->has_target);
    s->has_target = true;
    if (!s->has_vectors || sense != s->vectors_sense) {
      /* Another sense's turn: ctx's vectors are the runner's again, whatever
       * the last sense put there (their values are this query's). */
      own_vectors(L);
      s->has_vectors = true;
      s->vectors_sense = sense;
    }
    if (sense != evaluate_sense) {
      evaluate_sense = sense;
      lua_geti(L, A_SENSES, sense);
      if (lua_toboolean(L, -1)) {
        lua_pushvalue(L, K_EVALUATE);
        lua_gettable(L, -2);
      } else {
        lua_pushnil(L);
      }
      lua_replace(L, C_EVALUATE);
      evaluating = lua_toboolean(L, C_EVALUATE);
      if (evaluating && (!s->has_sense || sense != s->sense_now)) {
        lua_pushvalue(L, K_SENSE);
        lua_pushvalue(L, K_ID);
        lua_gettable(L, -3);
        lua_rawset(L, A_CTX);
        s->has_sense = true;
        s->sense_now = sense;
      }
      lua_pop(L, 1); /* the sense */
    }
    if (!evaluating) {
      lua_settop(L, C_TOP);
      continue;
    }
    if (agent != profile_agent) {
      profile_agent = agent;
      lua_geti(L, A_PROFILES, agent);
      lua_replace(L, C_PROFILE);
    }
    /* stack: target */
    s->query = i + 1;
    s->calling = true;
    lua_pushvalue(L, C_EVALUATE);
    lua_pushvalue(L, A_CTX);
    lua_pushvalue(L, C_PROFILE);
    lua_pushvalue(L, C_TOP + 1); /* the target */
    lua_callk(L, 3, LUA_MULTRET, 0, run_queries_k);
    s->calling = false;
    int n = take_answer(L, slot, i);
    if (n != 0) return n;
  }
}

/* ---- the module ----------------------------------------------------------------- */

static const luaL_Reg world_meta[] = {
  { "__gc", l_world_destroy },
  { "__close", l_world_destroy },
  { "__tostring", l_world_tostring },
  { NULL, NULL },
};

static const luaL_Reg hand_functions[] = {
  { "world_create", l_world_create },
  { "world_destroy", l_world_destroy },
  { "world_save", l_world_save },
  { "world_load", l_world_load },
  { "snapshot_actors", l_snapshot_actors },
  { "query_reader", l_query_reader },
  { "event_reader", l_event_reader },
  { "event_walker", l_event_walker },
  { "set_query_result", l_set_query_result },
  { "query_loop", l_query_loop },
  { "query_loop_at", l_query_loop_at },
  { "run_queries", l_run_queries },
  { NULL, NULL },
};

LUAMOD_API int luaopen_wary_core(lua_State *L)
{
  luaL_newmetatable(L, QUERY_LOOP_MT);
  lua_pop(L, 1);
  luaL_newmetatable(L, WORLD_MT);
  luaL_setfuncs(L, world_meta, 0);
  lua_newtable(L);
  lua_pushvalue(L, -2);
  luaL_setfuncs(L, hand_functions, 1);
  lua_pushvalue(L, -2);
  luaL_setfuncs(L, generated_functions, 1);
  lua_remove(L, -2);
  lua_pushliteral(L, "wary core 0.1");
  lua_setfield(L, -2, "_VERSION");
  lua_pushliteral(L, "lua5.4");
  lua_setfield(L, -2, "backend");
  return 1;
}
