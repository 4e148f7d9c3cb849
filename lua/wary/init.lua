-- wary: a perception engine for game AI. require("wary") picks the backend
-- (LuaJIT: the FFI over libwary.so; Lua 5.4: the wary.core C module) and
-- returns the facade below; both behave identically, bit for bit.
--
-- Contents: every public function and method (spec/api_spec.lua keeps this
-- list equal to what exists; docs/ and the README say more).
--
--   wary.world{ units_per_meter, weather, ... } -> world   wary.backend   wary.schema   wary.enums
-- definitions (wary/define.lua; tables from profiles/ and senses/)
--   world:define_profile(t) world:define_sense(t) world:define_material(t) world:define_sound(t)
--   world:define_filter(t) world:define_pain(t) world:define(t) world:load(path) world:profiles()
-- the scene (wary/world.lua, wary/handles.lua)
--   world:add_box{ min, max, material } -> box   box:set_bounds(min, max) box:set_material(name)
--   box:remove() box:valid()   world:boxes() world:box_count()   world:ray(a, b)
--   world:add_light{ pos, radius, intensity, cast_shadows } -> light   light:set(t) light:remove() light:valid()
--   world:add_environment{ min, max, vision_range_scale, ... } -> environment   environment:set(t)
--   environment:remove() environment:valid()   world:lights() world:environments()
--   world:set_weather(v) world:weather() world:set_ray_budget(n) world:ray_budget()
--   world:set_sun{ direction, ... }
--   world:set_sun_direction(x, y, z) world:light_at(actor)
-- actors (wary/actor.lua)
--   world:add_agent{ profile, pos, yaw, team, ... } -> agent   world:add_target{ pos, team, props, ... } -> target
--   world:actors() world:actors_near(pos, radius)   actor:set_pos(x, y, z) actor:teleport(x, y, z)
--   actor:set_velocity(x, y, z)
--   actor:set_yaw(deg) actor:look_at(x, y, z) actor:look_forward() actor:set_stance(s) actor:set_team(t)
--   actor:set_visibility(v) actor:set_light(v) actor:set_scent(v) actor:set_lod_tier(n) actor:set_perceivable(b)
--   actor:set_off_screen(b)
--   actor:set_prop(key, v) actor:set_samples(list) actor:set_owner(a) actor:set_instigator(a)
--   actor:get() actor:pos() actor:valid() actor:remove() actor:on(event, fn) actor:off(event, fn)
-- stepping and events (wary/world.lua, wary/events.lua)
--   world:step(dt) world:on(event, fn) world:off(event, fn) world:events() world:events_dropped() world:time()
--   world:stats() world:workers()
--   world:destroy()
-- saving and loading (wary/save.lua)
--   world:save_state() world:load_state(s) world:intern_names(list)
-- beliefs (wary/agent_beliefs.lua)
--   agent:confidence(t) agent:state(t) agent:belief(t) agent:beliefs() agent:explain(t) agent:explain_text(t)
--   agent:set_confidence(t, c) agent:add_evidence(t, tag, op, value, { lifetime, source })
--   agent:remove_evidence(t, tag) agent:clear_evidence(t) agent:evidence(t) agent:unmute_sense(id)
--   agent:sense_muted(id)
-- stimuli and what the senses took in (wary/world_stimuli.lua, wary/agent_senses.lua)
--   world:emit_sound(source, name) world:emit_sound_at(pos, name) world:emit_stimulus{ tag, pos, ... }
--   agent:recent_sounds(s) agent:location_beliefs() agent:strongest_location_belief()
--   agent:report_location_belief(pos, tag, c, accuracy) agent:forget_location_belief(place)
--   agent:report_touch(toucher)
-- the brain (seed 002; wary/agent_brain.lua)
--   world:apply_damage{ victim, instigator, causer, amount, type, at } world:set_relationship(a, b, rel)
--   agent:report_pain(name, amount) agent:pain_level(name) agent:total_pain() agent:clear_pain(name)
--   agent:clear_all_pain() agent:set_pain_enabled(name, b) agent:set_health(v) agent:health()
--   agent:pain_state() agent:sense_multiplier(id) agent:brain_state() agent:emotions()
--   agent:dominant_emotion() agent:set_fear_input(v) agent:set_emotion(name, v) agent:reset_emotions()
--   agent:attention_target() agent:threat(t) agent:damage_from(t) agent:relationship(t)
--   agent:set_relationship(t, rel)
-- the GECK model (seed 001, profile model = "geck"; wary/agent_geck.lua)
--   agent:geck_state() agent:detection_value(t) agent:detection(t) agent:geck() agent:geck_damaged(a)
--   world:create_detection_event{ owner, pos, rating, type }
-- debug drawing for LÖVE: require("wary.debug").draw(world, options)
-- Tiled maps: require("wary.tiled").load(world, map_or_path, { scale, offset }) -> boxes
-- wary reads Lua's debug, io and os libraries (error positions, warnings to
-- stderr, WARY_BACKEND and WARY_LIB): a state must open them before it
-- requires wary. Each module keeps its own reference, so a game that takes
-- them from its scripts' globals afterwards (a sandbox) leaves wary working.
do
  local missing = {}
  for _, name in ipairs({ "debug", "io", "os" }) do
    if type(rawget(_G, name)) ~= "table" then missing[#missing + 1] = name end
  end
  if #missing > 0 then
    error("wary: needs Lua's standard libraries debug, io and os (open them before require \"wary\"); missing: "
      .. table.concat(missing, ", "), 2)
  end
end
local os = os
local enums = require("wary.enums")
local C = enums.constants

local wary = {
  _VERSION = string.format("wary %d.%d.%d", C.VERSION_MAJOR, C.VERSION_MINOR, C.VERSION_PATCH),
  _DESCRIPTION = "A perception engine for game AI: graded beliefs from senses, fused, through seven states",
  _LICENSE = "MIT",
}

-- The backend: LuaJIT's FFI under LuaJIT, the C module wary.core under Lua
-- 5.4; WARY_BACKEND=ffi or core in the environment names one (docs/backends.md).
local function pick_backend()
  local forced = os.getenv("WARY_BACKEND")
  if forced == "" then forced = nil end
  if forced ~= nil and forced ~= "ffi" and forced ~= "core" then
    error(string.format("wary: WARY_BACKEND: expected \"ffi\" or \"core\" (or unset: ffi under LuaJIT, core under "
      .. "Lua 5.4), got %q", forced), 0)
  end
  if forced == "ffi" and not rawget(_G, "jit") then
    error("wary: WARY_BACKEND: expected \"core\" or unset under " .. _VERSION .. " (the ffi backend needs LuaJIT), "
      .. "got \"ffi\"", 0)
  end
  if forced == "ffi" or (forced == nil and rawget(_G, "jit")) then return require("wary.ffi") end
  local ok, core = pcall(require, "wary.core")
  if ok then return core end
  -- Found, but the program does not give it Lua 5.4's functions.
  if tostring(core):find("undefined symbol", 1, true) or tostring(core):find("symbol not found", 1, true) then
    error("wary: wary.core (wary/core.so) was found but cannot link to Lua's functions: it needs a Lua 5.4 "
      .. "program that exports them (lua5.4, or a host linked with -Wl,-E), or is built into the program "
      .. "(docs/install.md, \"Inside your own engine\"); " .. (rawget(_G, "jit") and jit.version or _VERSION)
      .. " runs this.\n" .. tostring(core), 0)
  end
  error("wary: Lua 5.4 needs the C module wary.core (wary/core.so, found through package.cpath): install it "
    .. "with `luarocks --lua-version 5.4 make` or `cmake --install build`, or add the folder that holds wary/core.so "
    .. "to LUA_CPATH (docs/install.md); LuaJIT uses libwary.so instead.\n" .. tostring(core), 0)
end

local backend = pick_backend()
wary.backend = backend.backend

-- The Lua files were generated from one wary.h; the native library must be
-- built from the same version, or structs and functions would not match.
local built = backend.version()
local expected = C.VERSION_MAJOR * 65536 + C.VERSION_MINOR * 256 + C.VERSION_PATCH
if built ~= expected then
  error(string.format("wary: the native library is version %d.%d.%d, these Lua files are for %s "
    .. "(rebuild libwary, or use the Lua files of its version)", math.floor(built / 65536) % 256,
    math.floor(built / 256) % 256, built % 256, wary._VERSION:match("[%d.]+$")), 2)
end

local World = require("wary.world")

--- wary.world{ units_per_meter, weather, event_capacity, workers, materials, sounds, filters, pains, ... } A new world:
-- its fields and defaults are in lua/wary/schema.lua (schema.world). world.units_per_meter reads its
-- units, which it keeps.
function wary.world(t)
  if rawequal(t, wary) then -- not ==: Lua 5.4 would ask a table's __eq, LuaJIT not
    require("wary.check").raise("wary.world: called with ':': its first argument is the module, not the "
      .. "world's fields; write wary.world{ ... }")
  end
  return World._new(backend, t)
end

wary.schema = require("wary.schema")
wary.enums = enums

return wary
