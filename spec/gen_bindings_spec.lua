-- spec/gen_bindings_spec.lua: scripts/gen_bindings.lua on small headers: the
-- IR it reads (enums, structs, typedefs, handles, prototypes, comments and
-- annotations), the Lua form it gives each function, what it writes, and the
-- header it refuses, with a message saying why.
local function repo_root()
  local root = os.getenv("WARY_ROOT")
  if root and root ~= "" then return root end
  local source = debug.getinfo(1, "S").source:gsub("^@", "")
  return (source:match("^(.*)[/\\][^/\\]*$") or ".") .. "/.."
end

local gen = dofile(repo_root() .. "/scripts/gen_bindings.lua")

-- A header whose cdef block is body.
local function header(body)
  return "/* test.h */\n#include <stdint.h>\n/* cdef-begin */\n" .. body .. "\n/* cdef-end */\n"
end

local BASE = [[
typedef struct wary_world wary_world;

enum {
  WARY_MAX_THINGS = 4, /* things per world */
  WARY_NEXT,           /* implicit: 5 */
  WARY_SAME = WARY_MAX_THINGS
};

typedef enum wary_status {
  WARY_OK = 0,
  WARY_ERR_STALE_ID = -1, /* the id is null, removed,
                             or of another kind */
  WARY_ERR_OUT_OF_MEMORY = -5
} wary_status;

typedef enum wary_event_type {
  WARY_EV_SUSPECT = 0,
  WARY_EV_LOCATION_BELIEF_CHANGED = 1
} wary_event_type;

typedef struct wary_actor_id { uint32_t id; } wary_actor_id;

typedef struct wary_thing_def {
  float pos[3];        /* where, units */
  int32_t kind;
  bool solid;          /* blocks sight */
  wary_actor_id owner; /* 0: nobody */
  uint64_t stamp;
} wary_thing_def;

typedef struct wary_pair { int32_t a; float b; } wary_pair;

typedef struct wary_bag {
  int32_t count;
  wary_pair pairs[WARY_MAX_THINGS]; /* @count(count) */
  wary_pair first;
} wary_bag;

wary_thing_def wary_default_thing_def(int32_t kind);
/* Makes a thing of the def's kind. */
int wary_thing_create(wary_world *world, int32_t kind, const wary_thing_def *def, wary_actor_id *out);
int wary_thing_get(const wary_world *world, wary_actor_id thing, wary_thing_def *out);
int wary_bag_set(wary_world *world, const wary_bag *bag);
int32_t wary_thing_count(const wary_world *world);
/* @cap(wary_thing_count) */
int32_t wary_things(wary_world *world, wary_actor_id *out, int32_t cap);
int32_t wary_recent(const wary_world *world, wary_pair *out, int32_t cap); /* @cap(WARY_MAX_THINGS) */
const wary_pair *wary_pairs(const wary_world *world); /* @count(wary_thing_count) */
const char *wary_label(const wary_world *world, const char *name);
bool wary_thing_valid(const wary_world *world, wary_actor_id thing);
wary_world *wary_world_create(void);
void wary_world_destroy(wary_world *world);
]]

local function shaped(body)
  return gen.lua_shape(gen.parse(header(body), "test.h"))
end

local function params_of(ir, name)
  local roles = {}
  for i, p in ipairs(ir.funcs[name].lua.params) do roles[i] = p.role .. (p.kind and ":" .. p.kind or "") end
  return roles
end

local function refused(body)
  local ok, err = pcall(shaped, body)
  assert.is_false(ok, "the header was accepted")
  return err
end

describe("scripts/gen_bindings.lua", function()
  describe("reads the cdef block into an IR", function()
    local ir = gen.parse(header(BASE), "test.h")

    it("with the anonymous enums' constants, their values (implicit ones too) and comments", function()
      local consts = ir.decls[2]
      assert.are.equal("consts", consts.kind)
      assert.are.same({ "WARY_MAX_THINGS", 4, "things per world" },
        { consts.items[1].name, consts.items[1].value, consts.items[1].comment })
      assert.are.equal(5, ir.consts.WARY_NEXT)
      assert.are.equal(4, ir.consts.WARY_SAME)
    end)

    it("with every named enum, and a comment over two lines as one", function()
      local status = ir.types.wary_status
      assert.are.equal("enum", status.kind)
      assert.are.equal(-1, status.items[2].value)
      assert.are.equal("the id is null, removed, or of another kind", status.items[2].comment)
      assert.are.equal("", status.items[1].comment)
    end)

    it("with the structs' members: their C types, array lengths (a constant's too) and comments", function()
      local def = ir.types.wary_thing_def
      assert.are.equal("struct", def.kind)
      local pos = def.fields[1]
      assert.are.same({ "pos", "float", 3, "where, units" }, { pos.name, pos.type.base, pos.count, pos.comment })
      assert.are.equal(4, ir.types.wary_bag.fields[2].count)
      assert.are.same({ count = "count" }, ir.types.wary_bag.fields[2].notes)
    end)

    it("with typedef struct wary_X_id { uint32_t id; } wary_X_id as a handle, and the opaque world", function()
      assert.are.equal("handle", ir.types.wary_actor_id.kind)
      assert.are.equal("opaque", ir.types.wary_world.kind)
    end)

    it("with the prototypes: result, parameters with types and names, the comment above or after", function()
      local f = ir.funcs.wary_thing_create
      assert.are.equal("int", f.ret.base)
      assert.are.same({ "world", "kind", "def", "out" }, { f.params[1].name, f.params[2].name, f.params[3].name,
                                                            f.params[4].name })
      assert.is_true(f.params[3].type.const)
      assert.are.equal(1, f.params[3].type.ptr)
      assert.are.equal("Makes a thing of the def's kind.", f.comment)
      assert.are.same({ cap = "WARY_MAX_THINGS" }, ir.funcs.wary_recent.notes)
      assert.are.same({ cap = "wary_thing_count" }, ir.funcs.wary_things.notes)
      assert.are.equal("", ir.funcs.wary_things.comment)
    end)
  end)

  describe("gives every function its Lua form", function()
    local ir = shaped(BASE)

    it("a def over its default, which takes the function's parameter of the same name; a handle out", function()
      assert.are.same({ "world", "value:int", "def", "out_value:handle" }, params_of(ir, "wary_thing_create"))
      local def = ir.funcs.wary_thing_create.lua.params[3]
      assert.are.equal("wary_default_thing_def", def.default)
      assert.are.same({ "kind" }, def.default_args)
    end)

    it("a struct out, an array out with its capacity, an array result with its count", function()
      assert.are.same({ "world", "value:handle", "out" }, params_of(ir, "wary_thing_get"))
      assert.are.same({ "world", "out_array:handle", "cap:int" }, params_of(ir, "wary_things"))
      assert.are.same({ fn = "wary_thing_count" }, ir.funcs.wary_things.lua.params[2].cap)
      assert.are.same({ const = "WARY_MAX_THINGS", value = 4 }, ir.funcs.wary_recent.lua.params[2].cap)
      assert.are.same({ role = "array", struct = "wary_pair", count = "wary_thing_count" },
        ir.funcs.wary_pairs.lua.ret)
    end)

    it("strings in and out, booleans, a def without a default (zeroed)", function()
      assert.are.same({ "world", "string" }, params_of(ir, "wary_label"))
      assert.are.same({ role = "string" }, ir.funcs.wary_label.lua.ret)
      assert.are.equal("bool", ir.funcs.wary_thing_valid.lua.ret.kind)
      assert.is_nil(ir.funcs.wary_bag_set.lua.params[2].default)
    end)

    it("the world's create and destroy by hand, and no other", function()
      for _, fn in ipairs(ir.funcs) do
        assert.are.equal(fn.name == "wary_world_create" or fn.name == "wary_world_destroy", fn.lua.hand ~= nil,
          fn.name)
      end
    end)

    it("struct members by kind: a handle, a 64-bit integer, a used count, a nested struct", function()
      local kinds = {}
      for _, f in ipairs(ir.types.wary_thing_def.fields) do kinds[#kinds + 1] = f.kind end
      assert.are.same({ "float", "int", "bool", "handle", "u64" }, kinds)
      local pairs_field = ir.types.wary_bag.fields[2]
      assert.are.same({ "struct", "wary_pair", "count" }, { pairs_field.kind, pairs_field.struct, pairs_field.used })
    end)
  end)

  describe("writes", function()
    local texts = gen.generate(header(BASE), "test.h")

    it("the cdef with every handle as a uint32_t, declarations only", function()
      local cdef = texts["cdef.lua"]
      assert.truthy(cdef:find("typedef uint32_t wary_actor_id;", 1, true))
      assert.is_nil(cdef:find("struct wary_actor_id", 1, true))
      assert.is_nil(cdef:find("things per world", 1, true))
      assert.truthy(cdef:gsub("%s+", " "):find("int wary_thing_create(wary_world *world, int32_t kind, "
        .. "const wary_thing_def *def, wary_actor_id *out);", 1, true))
      local f = assert(load(cdef))
      assert.is_string(f())
    end)

    it("the 5.4 module's descriptors, each checking its member's C type, and handles read by their id", function()
      local c = texts["core_gen.h"]
      assert.truthy(c:find("ARRAY(wary_thing_def, pos, float, T_FLOAT),", 1, true))
      assert.truthy(c:find("SCALAR(wary_thing_def, owner, wary_actor_id, T_U32),", 1, true))
      assert.truthy(c:find("SCALAR(wary_thing_def, stamp, uint64_t, T_U64),", 1, true))
      assert.truthy(c:find("USED_ARRAY(wary_bag, pairs, wary_pair, fields_wary_pair, count),", 1, true))
      assert.truthy(c:find("NESTED(wary_bag, first, wary_pair, fields_wary_pair),", 1, true))
      assert.truthy(c:find("_Static_assert(sizeof(wary_actor_id) == sizeof(uint32_t)", 1, true))
      assert.truthy(c:find("wary_actor_id thing = (wary_actor_id){ check_u32(L, 2) };", 1, true))
      assert.truthy(c:find("lua_pushinteger(L, (lua_Integer)out.id);", 1, true))
      assert.truthy(c:find("wary_thing_def def = wary_default_thing_def(kind);", 1, true))
      assert.truthy(c:find('{ "thing_create", w_thing_create },', 1, true))
      assert.is_nil(c:find("w_world_create", 1, true))
    end)

    it("wary.enums with constants, statuses and every enum, prefixes stripped", function()
      local enums = assert(load(texts["enums.lua"]))()
      assert.are.same({ MAX_THINGS = 4, NEXT = 5, SAME = 4 }, enums.constants)
      assert.are.same({ [0] = "ok", [-1] = "stale_id", [-5] = "out_of_memory" }, enums.status)
      assert.are.same({ [0] = "ok", [-1] = "the id is null, removed, or of another kind", [-5] = "out of memory" },
        enums.status_text)
      assert.are.same({ [0] = "suspect", [1] = "location_belief_changed" }, enums.event_type)
      assert.are.same({ suspect = 0, location_belief_changed = 1 }, enums.event_type_values)
    end)

    it("wary.api for the FFI backend: handles, structs, functions", function()
      local api = assert(load(texts["api.lua"]))()
      assert.are.same({ "wary_actor_id" }, api.handles)
      assert.are.same({ name = "owner", kind = "handle" }, api.structs.wary_thing_def[4])
      assert.are.equal("thing_create", api.functions[2].name)
    end)

    it("the same text every time (no dates, no pairs() order)", function()
      local again = gen.generate(header(BASE), "test.h")
      for _, o in ipairs(gen.OUTPUTS) do assert.are.equal(texts[o.file], again[o.file], o.file) end
    end)
  end)

  describe("strips an enum's common prefix by whole words", function()
    local function names(items)
      local d = { items = {} }
      for i, n in ipairs(items) do d.items[i] = { name = n } end
      return gen.member_names(d)
    end

    it("WARY_GECK_EVENT_ of the GECK events, WARY_ of the states", function()
      assert.are.same({ "noticed", "last_known" }, names({ "WARY_GECK_EVENT_NOTICED", "WARY_GECK_EVENT_LAST_KNOWN" }))
      assert.are.same({ "undetected", "lost" }, names({ "WARY_UNDETECTED", "WARY_LOST" }))
    end)

    it("never a member's last word, and ERR_ of the error statuses", function()
      assert.are.same({ "only" }, names({ "WARY_ONLY" }))
      assert.are.same({ "ok", "full" }, names({ "WARY_OK", "WARY_ERR_FULL" }))
    end)
  end)

  describe("refuses, saying why", function()
    local WORLD = "typedef struct wary_world wary_world;\n"

    it("an array output without @cap", function()
      assert.matches("wary_f, parameter 'out': an array output with a capacity needs @cap",
        refused(WORLD .. "int32_t wary_f(wary_world *world, float *out, int32_t cap);"), 1, true)
    end)

    it("an unknown annotation, and @count naming no member", function()
      assert.matches("unknown annotation @size", refused(WORLD .. "int wary_f(wary_world *world); /* @size(3) */"),
        1, true)
      assert.matches("@count(n) names no int32_t member",
        refused("typedef struct wary_s { float a[2]; /* @count(n) */ } wary_s;"), 1, true)
    end)

    it("an enum type as a value, a type it does not know, a world result not written by hand", function()
      assert.matches("use int32_t for an enum value", refused(WORLD .. "typedef enum wary_e { WARY_A } wary_e;\n"
        .. "int wary_f(wary_world *world, wary_e e);"), 1, true)
      assert.matches("unknown type 'ssize_t'", refused(WORLD .. "int wary_f(wary_world *world, ssize_t n);"), 1, true)
      assert.matches("add it to HAND", refused(WORLD .. "wary_world *wary_clone(const wary_world *world);"), 1, true)
    end)

    it("what it cannot parse, with the header's line", function()
      assert.matches("test.h:4: expected ';'", refused("int wary_f(void)"), 1, true)
      assert.matches("a preprocessor line", refused("#define X 1"), 1, true)
    end)
  end)
end)
