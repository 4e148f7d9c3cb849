-- wary.ffi: the LuaJIT backend, libwary.so through the FFI.
--
-- It implements the backend contract of docs/backends.md: B.<name> for every
-- wary_<name> of src/wary.h, with defs taken as Lua tables and out structs
-- returned as new Lua tables. The struct layouts are read from the cdef text
-- itself, so a field added to wary.h (and copied to wary/cdef.lua) needs no
-- change here.
local ffi = require("ffi")

local cdef = require("wary.cdef")

-- A second require of this file in the same Lua state (busted unloads modules
-- between spec files) must not declare the types again: LuaJIT rejects that.
-- The last struct of the block exists only if all do.
local last_struct
for name in cdef:gmatch("typedef%s+struct%s+([%w_]+)") do
  last_struct = name
end
if not pcall(ffi.typeof, last_struct) then
  ffi.cdef(cdef)
end

-- Where libwary is: the paths of wary/libpath.lua, in order (WARY_LIB, beside
-- the folder holding wary/, beside a LÖVE game, the repository's build/, an
-- installed prefix's lib/, the system's search); the first that loads wins.
local function library_candidates()
  return require("wary.libpath")(ffi.os)
end

local function load_library()
  local tried = {}
  for _, name in ipairs(library_candidates()) do
    local ok, lib = pcall(ffi.load, name)
    if ok then
      return lib
    end
    tried[#tried + 1] = "\n  " .. name .. ": " .. tostring(lib)
  end
  error("wary.ffi: cannot load libwary (set WARY_LIB to its path); tried:" .. table.concat(tried), 0)
end

local lib = load_library()

local B = {
  backend = "luajit",
  _VERSION = "wary ffi 0.1",
}

---------------------------------------------------------------------------
-- Struct layouts, parsed from the cdef text.
--
-- FIELDS["wary_x"] is a sequence of { name, count (C array length or nil),
-- struct (the struct type of the field or of its elements, or nil), wide
-- (64-bit integer: tonumber), used (the field that counts the used elements) }.
-- A struct field is a nested table both ways (wary_vision_def.default_samples).
-- Pointer fields (wary_sense_def.evaluate and .user) are left out: the
-- contract does not expose them, and a Lua function must never be turned
-- into a C callback by accident.

local FIELDS = {}
local SENSE_SLOTS

local function parse_fields(body)
  local fields = {}
  for decl in body:gmatch("[^;{}]+") do
    decl = decl:match("^%s*(.-)%s*$")
    if decl ~= "" then
      local ctype, name, count = decl:match("^(.-)%s*([%w_]+)%s*%[%s*([%w_]+)%s*%]$")
      if not ctype then
        ctype, name = decl:match("^(.-)%s*([%w_]+)$")
      end
      ctype = ctype:gsub("^const%s+", "")
      if not ctype:find("*", 1, true) and not ctype:find("_fn$") then
        fields[#fields + 1] = {
          name = name,
          count = count and (tonumber(count) or ffi.C[count]),
          struct = FIELDS[ctype] and ctype or nil,
          wide = ctype == "uint64_t" or ctype == "int64_t",
        }
      end
    end
  end
  return fields
end

do
  local text = cdef:gsub("/%*.-%*/", " "):gsub("//[^\n]*", " ")
  for name, body in text:gmatch("typedef%s+struct%s+([%w_]+)%s*(%b{})") do
    FIELDS[name] = parse_fields(body)
  end
  -- Like the table profile_create takes: the used slots only.
  for _, f in ipairs(FIELDS.wary_profile_def) do
    if f.name == "senses" then
      f.used = "sense_count"
      SENSE_SLOTS = f.count
    end
  end
end

-- C struct (cdata) to a new Lua table with the C field names.
local to_table

local function read(f, v)
  if f.struct then
    return to_table(f.struct, v)
  elseif f.wide then
    return tonumber(v)
  end
  return v
end

to_table = function(struct, s)
  local t = {}
  local fields = FIELDS[struct]
  for k = 1, #fields do
    local f = fields[k]
    local v = s[f.name]
    if f.count then
      local a, count = {}, f.count
      if f.used then
        count = math.max(0, math.min(count, s[f.used]))
      end
      for i = 1, count do
        a[i] = read(f, v[i - 1])
      end
      v = a
    else
      v = read(f, v)
    end
    t[f.name] = v
  end
  return t
end

-- Lua table to C struct: fields absent from t keep what d holds.
local fill

-- Value v into element i of the cdata c (a struct or an array); a struct
-- element is filled in place from the table v.
local function write(f, c, i, v)
  if f.struct then
    fill(f.struct, c[i], v)
  else
    c[i] = v
  end
end

fill = function(struct, d, t)
  local fields = FIELDS[struct]
  for k = 1, #fields do
    local f = fields[k]
    local v = t[f.name]
    if v ~= nil and not f.used then
      if f.count then
        local a = d[f.name]
        for i = 1, f.count do
          local x = v[i]
          if x ~= nil then
            write(f, a, i - 1, x)
          end
        end
      else
        write(f, d, f.name, v)
      end
    end
  end
  return d
end

-- Kinds whose wary_default_<kind>_def takes an argument (the sense).
local DEFAULT_ARG = { basic_sense = true }

-- A def struct from a Lua table, starting from wary_default_<kind>_def(),
-- or wary_default_<kind>_def(arg) for a kind of DEFAULT_ARG.
local function default_def(kind, arg)
  local c = lib["wary_default_" .. kind .. "_def"]
  if DEFAULT_ARG[kind] then
    return c(arg)
  end
  return c()
end

local function to_def(kind, t, arg)
  return fill("wary_" .. kind .. "_def", default_def(kind, arg), t or {})
end

-- senses is a sequence of { sense =, weight =, interval = }, each missing
-- field -1; sense_count defaults to #senses.
local function to_profile_def(t)
  local d = to_def("profile", t)
  local senses = t and t.senses
  if senses then
    local n = #senses
    for i = 1, math.min(n, SENSE_SLOTS) do
      local s, slot = senses[i], d.senses[i - 1]
      slot.sense, slot.weight, slot.interval = -1, -1, -1
      fill("wary_profile_sense", slot, s)
    end
    if t.sense_count == nil then
      d.sense_count = n
    end
  end
  return d
end

-- One out struct per type, reused by every call. fresh() zeroes it (as the
-- 5.4 module's "T out = { 0 }") and returns it for the call; result(status)
-- returns status and the table of what the call wrote.
local function out_struct(struct)
  local out, size = ffi.new(struct), ffi.sizeof(struct)
  local function fresh()
    ffi.fill(out, size)
    return out
  end
  local function result(status)
    return status, to_table(struct, out)
  end
  return fresh, result
end

---------------------------------------------------------------------------
-- Worlds.

local DESTROYED = "wary world is destroyed"
local destroyed = setmetatable({}, { __mode = "k" })

-- One table lookup: cheap enough for every call that takes a world, and it
-- turns a use after free into a Lua error.
local function live(w)
  if destroyed[w] then
    error(DESTROYED, 0)
  end
  return w
end

function B.world_create(def)
  local w = lib.wary_world_create(to_def("world", def))
  if w == nil then
    return nil, "cannot create the world (bad definition or out of memory)"
  end
  return ffi.gc(w, lib.wary_world_destroy)
end

function B.world_destroy(w)
  if not destroyed[w] then
    destroyed[w] = true
    ffi.gc(w, nil)
    lib.wary_world_destroy(w)
  end
end

function B.name_string(w, key)
  local s = lib.wary_name_string(live(w), key)
  if s == nil then
    return nil
  end
  return ffi.string(s)
end

function B.world_stats(w)
  return to_table("wary_stats", lib.wary_world_stats(live(w)))
end

-- Functions whose arguments and result need no conversion; the first
-- argument is the world.
local PLAIN = {
  "world_set_weather", "world_time", "world_units_per_meter", "name",
  "box_set_bounds", "box_set_material", "box_destroy", "box_valid", "box_count",
  "actor_destroy", "actor_valid", "actor_count",
  "actor_set_pos", "actor_set_velocity", "actor_set_yaw", "actor_look_at",
  "actor_look_forward", "actor_set_stance", "actor_set_team", "actor_set_visibility",
  "actor_set_light", "actor_set_lod_tier", "actor_set_perceivable", "actor_set_off_screen",
  "actor_set_prop", "actor_get_prop",
  "belief_count", "set_confidence",
  "evidence_add", "evidence_remove", "evidence_clear", "evidence_count",
  "sense_unmute",
  "step", "step_begin", "step_end", "events_dropped",
  "light_destroy", "environment_destroy", "world_set_sun", "light_at",
  "emit_sound", "emit_sound_at", "location_count", "report_location", "report_touch",
  "actor_set_scent", "geck_state", "create_detection_event", "geck_damage",
  "report_pain", "pain_clear", "pain_set_enabled", "actor_set_health", "set_fear_input",
  "set_emotion", "reset_emotions", "set_relationship", "set_relationship_override",
}

for _, name in ipairs(PLAIN) do
  local c = "wary_" .. name
  B[name] = function(w, ...)
    return lib[c](live(w), ...)
  end
end

---------------------------------------------------------------------------
-- Definitions.

local KINDS = {
  "world", "material", "box", "profile", "sense", "actor", "vision", "light", "environment",
  "sound", "filter", "hearing", "stimulus", "basic_sense", "geck", "brain", "damage", "pain",
}

for _, kind in ipairs(KINDS) do
  local struct = "wary_" .. kind .. "_def"
  B["default_" .. kind .. "_def"] = function(arg)
    return to_table(struct, default_def(kind, arg))
  end
end

-- Kinds that are not read by to_def: the profile's senses, and samples
-- (no default function: a missing field is 0).
local CONVERT = {
  profile = to_profile_def,
  samples = function(t)
    return fill("wary_samples", ffi.new("wary_samples"), t or {})
  end,
}

local function def_of(kind, t, arg)
  local convert = CONVERT[kind]
  if convert then
    return convert(t)
  end
  return to_def(kind, t, arg)
end

-- wary_<name>(world, def): the kind of the def.
local CREATE = {
  material_create = "material",
  box_create = "box",
  profile_create = "profile",
  sense_create = "sense",
  actor_create = "actor",
  light_create = "light",
  environment_create = "environment",
  sound_create = "sound",
  filter_create = "filter",
  emit_stimulus = "stimulus",
  apply_damage = "damage",
  pain_create = "pain",
}

for name, kind in pairs(CREATE) do
  local c = "wary_" .. name
  B[name] = function(w, def)
    return lib[c](live(w), def_of(kind, def))
  end
end

-- wary_<name>(world, index or id, def): the kind of the def; for a kind of
-- DEFAULT_ARG wary_<name>(world, index, arg, def), the def's default taking arg.
local SET = {
  material_set = "material",
  profile_set = "profile",
  light_set = "light",
  environment_set = "environment",
  profile_set_vision = "vision",
  profile_set_hearing = "hearing",
  profile_set_basic_sense = "basic_sense",
  actor_set_samples = "samples",
  profile_set_geck = "geck",
  profile_set_brain = "brain",
  pain_set = "pain",
}

for name, kind in pairs(SET) do
  local c = "wary_" .. name
  if DEFAULT_ARG[kind] then
    B[name] = function(w, i, arg, def)
      return lib[c](live(w), i, arg, def_of(kind, def, arg))
    end
  else
    B[name] = function(w, i, def)
      return lib[c](live(w), i, def_of(kind, def))
    end
  end
end

---------------------------------------------------------------------------
-- Outputs.

local ray, ray_result = out_struct("wary_ray_result")
local info, info_result = out_struct("wary_actor_info")
local belief, belief_result = out_struct("wary_belief")
local evidence, evidence_result = out_struct("wary_evidence")
local explain, explain_result = out_struct("wary_vision_explain")
local place, place_result = out_struct("wary_location_belief")
local geck_info, geck_info_result = out_struct("wary_geck_info")
local geck_alert, geck_alert_result = out_struct("wary_geck_alert")
local geck_target, geck_target_result = out_struct("wary_geck_target")
local brain_state, brain_state_result = out_struct("wary_brain_state")
local threat, threat_result = out_struct("wary_threat")

function B.brain_get(w, agent)
  return brain_state_result(lib.wary_brain_get(live(w), agent, brain_state()))
end

function B.threat_get(w, agent, target)
  return threat_result(lib.wary_threat_get(live(w), agent, target, threat()))
end

function B.ray_cast(w, ax, ay, az, bx, by, bz)
  return ray_result(lib.wary_ray_cast(live(w), ax, ay, az, bx, by, bz, ray()))
end

function B.actor_get(w, actor)
  return info_result(lib.wary_actor_get(live(w), actor, info()))
end

function B.belief_get(w, agent, target)
  return belief_result(lib.wary_belief_get(live(w), agent, target, belief()))
end

function B.belief_at(w, agent, i)
  return belief_result(lib.wary_belief_at(live(w), agent, i, belief()))
end

function B.evidence_at(w, agent, target, i)
  return evidence_result(lib.wary_evidence_at(live(w), agent, target, i, evidence()))
end

function B.vision_explain_get(w, agent, target)
  return explain_result(lib.wary_vision_explain_get(live(w), agent, target, explain()))
end

function B.location_at(w, agent, i)
  return place_result(lib.wary_location_at(live(w), agent, i, place()))
end

function B.location_strongest(w, agent)
  return place_result(lib.wary_location_strongest(live(w), agent, place()))
end

function B.geck_info_get(w, agent)
  return geck_info_result(lib.wary_geck_info_get(live(w), agent, geck_info()))
end

function B.geck_alert_at(w, agent, i)
  return geck_alert_result(lib.wary_geck_alert_at(live(w), agent, i, geck_alert()))
end

function B.geck_target_at(w, agent, i)
  return geck_target_result(lib.wary_geck_target_at(live(w), agent, i, geck_target()))
end

function B.geck_target_get(w, agent, target)
  return geck_target_result(lib.wary_geck_target_get(live(w), agent, target, geck_target()))
end

-- A float out: status, the number.
local value = ffi.new("float[1]")

function B.geck_detection_value(w, agent, target)
  value[0] = 0
  local status = lib.wary_geck_detection_value(live(w), agent, target, value)
  return status, value[0]
end

local ids_cap = 64
local ids = ffi.new("wary_id[?]", ids_cap)

-- Room for every actor, so nothing is cut off.
function B.query_actors(w, x, y, z, radius)
  local count = lib.wary_actor_count(live(w))
  if count > ids_cap then
    ids_cap = count
    ids = ffi.new("wary_id[?]", ids_cap)
  end
  local n = math.min(lib.wary_query_actors(w, x, y, z, radius, ids, ids_cap), ids_cap)
  local t = {}
  for i = 1, n do
    t[i] = ids[i - 1]
  end
  return t
end

-- A sequence of tables of the first n structs of the array a (n < 0: none).
local function to_tables(struct, a, n)
  local t = {}
  if a ~= nil then
    for i = 1, n do
      t[i] = to_table(struct, a[i - 1])
    end
  end
  return t
end

function B.events(w)
  local n = lib.wary_event_count(live(w))
  return to_tables("wary_event", lib.wary_events(w), n)
end

-- No cap: the buffer holds as many as the core keeps.
local sounds_cap = ffi.C.WARY_RECENT_SOUNDS
local sounds = ffi.new("wary_heard_sound[?]", sounds_cap)

function B.recent_sounds(w, agent, seconds)
  local n = lib.wary_recent_sounds(live(w), agent, seconds, sounds, sounds_cap)
  return to_tables("wary_heard_sound", sounds, math.min(n, sounds_cap))
end

---------------------------------------------------------------------------
-- Custom senses: the stimulus inbox and the query batch are walked in Lua,
-- no C-to-Lua callback.

local huge = math.huge

local function finite(x)
  return x == x and x ~= huge and x ~= -huge
end

-- As lua.c's message handler (and the 5.4 module's): an error object that
-- is not a string or a number goes through its __tostring, or is described;
-- then the traceback is appended.
local function traceback_handler(m)
  local kind = type(m)
  if kind ~= "string" and kind ~= "number" then
    local mt = debug.getmetatable(m)
    local tostr = mt and rawget(mt, "__tostring")
    local s = tostr and tostr(m)
    m = type(s) == "string" and s or "(error object is a " .. kind .. " value)"
  end
  return debug.traceback(m, 2)
end

-- Checks what evaluate returned and writes it into result r. Returns an
-- error message, or nil (written, or inactive and left as preset).
local function store(r, c, accuracy, x, y, z)
  if c == nil or c == false then
    return nil
  end
  if type(c) ~= "number" then
    return "returned " .. type(c) .. " for confidence, expected a number or nil"
  end
  if not finite(c) then
    return "returned a non-finite confidence"
  end
  if c <= 0 then
    return nil
  end
  if c > 1 then
    c = 1
  end
  if accuracy == nil then
    accuracy = 1
  elseif type(accuracy) ~= "number" then
    return "returned " .. type(accuracy) .. " for accuracy, expected a number"
  elseif not finite(accuracy) then
    return "returned a non-finite accuracy"
  elseif accuracy < 0 then
    accuracy = 0
  elseif accuracy > 1 then
    accuracy = 1
  end
  r.active = true
  r.confidence = c
  r.accuracy = accuracy
  if type(x) == "number" and type(y) == "number" and type(z) == "number"
    and finite(x) and finite(y) and finite(z) then
    r.has_location = true
    local l = r.location
    l[0], l[1], l[2] = x, y, z
  else
    r.has_location = false
  end
  return nil
end

local VECTORS = { "agent_pos", "eye_pos", "eye_forward", "target_pos", "target_vel" }

local function set_vec(v, a)
  v.x, v.y, v.z = a[0], a[1], a[2]
end

-- Looks up senses[index][fn]; when present, sets ctx.agent and ctx.sense and
-- returns the function and the sense's id (as the 5.4 module, in its order).
local function begin_call(senses, index, fn, ctx, actors, agent)
  local sense = senses[index]
  local f = type(sense) == "table" and sense[fn]
  if f then
    local id = sense.id
    ctx.agent = actors[agent]
    ctx.sense = id
    return f, id
  end
end

-- Inbox entry i: on_stimulus(ctx, profile, stimulus), its results ignored.
local function run_stimulus(w, i, senses, profiles, actors, ctx, errors)
  local e = lib.wary_inbox(w)[i]
  local agent, sense_index, source = e.agent, e.sense, e.source
  local on_stimulus, id = begin_call(senses, sense_index, "on_stimulus", ctx, actors, agent)
  if not on_stimulus then
    return
  end
  local a = info()
  lib.wary_actor_get(w, agent, a)
  set_vec(ctx.agent_pos, a.pos)
  set_vec(ctx.eye_pos, a.eye_pos)
  set_vec(ctx.eye_forward, a.eye_forward)
  local profile = profiles[agent]
  local pos = e.pos
  local stimulus = {
    tag = B.name_string(w, e.tag),
    pos = { x = pos[0], y = pos[1], z = pos[2] },
    source = source ~= 0 and actors[source] or nil,
    strength = e.strength,
    radius = e.radius,
    distance = e.distance,
  }
  local ok, err = xpcall(on_stimulus, traceback_handler, ctx, profile, stimulus)
  -- on_stimulus may have destroyed the world: the inbox is gone with it.
  live(w)
  if not ok then
    errors[#errors + 1] = {
      index = i,
      inbox = true,
      sense = sense_index,
      agent = agent,
      target = 0,
      message = "sense '" .. tostring(id) .. "': " .. tostring(err),
    }
    lib.wary_inbox_fail(w, i)
  end
end

-- Query i; returns whether evaluate was called.
local function run_query(w, i, senses, profiles, actors, ctx, errors)
  local q = lib.wary_queries(w)[i]
  local agent, target, sense_index = q.agent, q.target, q.sense
  local evaluate, id = begin_call(senses, sense_index, "evaluate", ctx, actors, agent)
  if not evaluate then
    return false
  end
  ctx.target = actors[target]
  ctx.dt = q.dt
  ctx.distance = q.distance
  ctx.agent_yaw = q.agent_yaw
  ctx.light = q.light
  ctx.weather = q.weather
  ctx.lod_tier = q.lod_tier
  ctx.off_screen = q.off_screen
  set_vec(ctx.agent_pos, q.agent_pos)
  set_vec(ctx.eye_pos, q.eye_pos)
  set_vec(ctx.eye_forward, q.eye_forward)
  set_vec(ctx.target_pos, q.target_pos)
  set_vec(ctx.target_vel, q.target_vel)
  local ok, c, accuracy, x, y, z =
    xpcall(evaluate, traceback_handler, ctx, profiles[agent], actors[target])
  -- evaluate may have destroyed the world: the batch is gone with it.
  live(w)
  local message
  if ok then
    message = store(lib.wary_results(w)[i], c, accuracy, x, y, z)
  else
    message = tostring(c)
  end
  if message then
    errors[#errors + 1] = {
      index = i,
      sense = sense_index,
      agent = agent,
      target = target,
      message = "sense '" .. tostring(id) .. "': " .. message,
    }
    lib.wary_query_fail(w, i)
  end
  return true
end

function B.run_queries(w, senses, profiles, actors, ctx, errors)
  live(w)
  for _, name in ipairs(VECTORS) do
    if type(ctx[name]) ~= "table" then
      ctx[name] = {}
    end
  end
  -- The counts are read again after every call: the senses run arbitrary Lua.
  local i = 0
  while i < lib.wary_inbox_count(w) do
    run_stimulus(w, i, senses, profiles, actors, ctx, errors)
    i = i + 1
  end
  local evaluated = 0
  i = 0
  while i < lib.wary_query_count(w) do
    if run_query(w, i, senses, profiles, actors, ctx, errors) then
      evaluated = evaluated + 1
    end
    i = i + 1
  end
  return evaluated
end

return B
