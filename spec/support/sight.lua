-- spec/support/sight.lua: a guard with eyes and a player in front of it, for
-- the vision, light and eyes specs. The guard stands at the origin facing +x
-- (yaw 0) with its eyes at 1.7 m; the player stands 10 m ahead, so its head
-- (the first sample point, 1.7 m up) is level with the guard's eyes and the
-- angle to it is the angle on the ground. Every factor but the one under test
-- is 1: the target's own light is 1, weather 1, visibility 1, no motion.
--   local sight = require("spec.support.sight")
--   local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 }, player = { pos = { 1500, 0, 0 } } }
--   local e = s:explain()             -- guard:explain(player).vision
--   s:wall(900, 160)                  -- a wall across the line of sight at x = 900, 1.6 m tall
--   s:run(0.5)                        -- steps at 60 Hz, returns the events fired meanwhile
local wary = require("wary")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local sight = {}
sight.__index = sight

-- The default vision range (30 m in centimetres) and the guard's eye height.
sight.RANGE = 3000
sight.EYE = 170

-- The point `distance` away from the origin at `deg` degrees off +x (to the left).
function sight.at(deg, distance)
  local r = math.rad(deg)
  return { distance * math.cos(r), distance * math.sin(r), 0 }
end

-- options: vision (the profile's vision table), profile (other profile
-- fields), world (world fields), senses (sense definitions to define first),
-- guard / player (actor fields on top of the defaults). The profile is named
-- "eyes".
function sight.new(options)
  options = options or {}
  local self = setmetatable({}, sight)
  self.world = wary.world(options.world)
  for _, def in ipairs(options.senses or {}) do self.world:define_sense(def) end
  self.world:define_profile(worlds.merge({ name = "eyes", vision = options.vision or {} }, options.profile))
  self.guard = self.world:add_agent(worlds.merge({ name = "guard", profile = "eyes", pos = { 0, 0, 0 },
                                                   team = "guards" }, options.guard))
  self.player = self.world:add_target(worlds.merge({ name = "player", pos = { 1000, 0, 0 },
                                                     team = "intruders" }, options.player))
  self.log = events.record(self.world)
  return self
end

function sight:explain(target) return self.guard:explain(target or self.player).vision end
function sight:belief(target) return self.guard:belief(target or self.player) end
function sight:confidence(target) return self.guard:confidence(target or self.player) end
function sight:state(target) return self.guard:state(target or self.player) end

-- Steps `seconds` at 60 Hz (default), returning the events fired meanwhile.
function sight:run(seconds, hz)
  local first = #self.log + 1
  worlds.run(self.world, seconds, hz)
  return events.since(self.log, first)
end

-- A wall 10 cm thick across the x axis at x .. x + 10, from the ground to
-- `top`, spanning y0 .. y1 (default -500 .. 500), of `material` (concrete).
function sight:wall(x, top, y0, y1, material)
  return self.world:add_box{ min = { x, y0 or -500, 0 }, max = { x + 10, y1 or 500, top },
                             material = material or "concrete" }
end

sight.types = events.types

return sight
