-- wary: a perception engine for game AI. require("wary") picks the backend
-- (LuaJIT: the FFI over libwary.so; Lua 5.4: the wary.core C module) and
-- returns the facade below; both behave identically, bit for bit.
--
-- Contents (each line is a method; docs/ and the README have the rest):
--   wary.world{ units_per_meter, weather, ... }     -> world        (wary/world.lua)
--   world:define_profile(t) :define_sense(t) :define_material(t) :define(t) :load(path)
--   world:add_box{ min, max, material } -> box   box:set_bounds(min, max) :set_material(n) :remove()
--   world:boxes()   the debug drawing for LÖVE: require("wary.debug").draw(world, options) (wary/debug.lua)
--   world:add_light{ pos, radius, intensity } -> light   world:add_environment{ min, max, ... } -> env
--   world:set_sun{ direction, intensity, ambient }  world:set_sun_direction(x, y, z)  world:light_at(a)
--   world:add_agent{ profile, pos, yaw, team, ... } / world:add_target{ pos, team, props, samples, ... }
--   world:step(dt)   world:on(event, fn)   world:events()   world:ray(a, b)   world:set_weather(v)
--   actor:set_pos/set_velocity/set_yaw/look_at/look_forward/set_stance/set_team/
--         set_visibility/set_light/set_lod_tier/set_prop/set_samples/remove   (wary/actor.lua)
--   agent:confidence(t) :state(t) :belief(t) :beliefs() :explain(t) :on(event, fn)
--   agent:set_confidence(t, c) :add_evidence(t, tag, op, value, { lifetime, source })
--   agent:remove_evidence(t, tag) :clear_evidence(t) :evidence(t) :unmute_sense(id)
--   the GECK model (profile model = "geck", wary/geck.lua): agent:geck_state() :detection_value(t)
--         :detection(t) :geck() :geck_damaged(attacker)   world:create_detection_event{ owner, pos, rating, type }
local wary = {
  _VERSION = "wary 0.1.0",
  _DESCRIPTION = "A perception engine for game AI: graded beliefs from senses, fused, through seven states",
  _LICENSE = "MIT",
}

local function pick_backend()
  local forced = os.getenv("WARY_BACKEND")
  if forced == "ffi" or (forced == nil and rawget(_G, "jit")) then return require("wary.ffi") end
  return require("wary.core")
end

local backend = pick_backend()
wary.backend = backend.backend

-- The repository root (profiles/, senses/): two levels above this file.
local source = debug.getinfo(1, "S").source
wary.root = source:sub(1, 1) == "@" and source:sub(2):gsub("[^/\\]*$", ""):gsub("lua[/\\]wary[/\\]$", "") or ""

local World = require("wary.world")

function wary.world(t)
  return World.new(backend, wary.root, t)
end

wary.schema = require("wary.schema")

return wary
