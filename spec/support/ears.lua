-- spec/support/ears.lua: a guard with ears and a player who makes sounds, for
-- the hearing, places, stimulus and small senses specs. The guard stands at
-- the origin, its ear 0.64 m up; the player stands on the x axis with its feet
-- level with that ear (z = 64), so a sound it makes travels exactly x. Steps
-- are 0.1 s, hearing's interval: every step is a hearing update.
--   local ears = require("spec.support.ears")
--   local e = ears.new{ hearing = { wall_absorption_coeff = 1.5 }, distance = 400 }
--   e:wall(200)                              -- a wall across the way at x = 200
--   local heard = e:heard("Footstep")        -- emit, step, the sound_heard event (or nil)
--   e:walk(5)                                -- a footstep every 0.5 s for 5 s
local wary = require("wary")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local ears = {}
ears.__index = ears

-- Height of the default ear (0.64 m), the step and the default max_uncertainty.
ears.EAR = 64
ears.DT = 0.1
ears.M = 100

-- The point x along the axis, level with the guard's ear.
function ears.at(x, y)
  return { x, y or 0, ears.EAR }
end

-- options: hearing (the profile's hearing table), profile (other profile
-- fields; the profile is named "ears"), world (world fields), sounds, filters,
-- senses (definitions made first), guard / player (actor fields on top of the
-- defaults), distance (the player's x, 400 by default).
function ears.new(options)
  options = options or {}
  local self = setmetatable({}, ears)
  self.world = wary.world(options.world)
  for _, def in ipairs(options.sounds or {}) do self.world:define_sound(def) end
  for _, def in ipairs(options.filters or {}) do self.world:define_filter(def) end
  for _, def in ipairs(options.senses or {}) do self.world:define_sense(def) end
  local profile = { name = "ears" }
  if options.hearing ~= false then profile.hearing = options.hearing or {} end
  self.world:define_profile(worlds.merge(profile, options.profile))
  self.guard = self.world:add_agent(worlds.merge({ name = "guard", profile = "ears", pos = { 0, 0, 0 },
                                                   team = "guards" }, options.guard))
  self.player = self.world:add_target(worlds.merge({ name = "player", pos = ears.at(options.distance or 400),
                                                     team = "intruders" }, options.player))
  self.log = events.record(self.world)
  return self
end

-- Steps `seconds` at 10 Hz, returning the events fired meanwhile.
function ears:run(seconds)
  local first = #self.log + 1
  worlds.run(self.world, seconds, 1 / ears.DT)
  return events.since(self.log, first)
end

-- One step: its events.
function ears:step()
  return self:run(ears.DT)
end

-- The events of `list` of type `kind`, optionally only those of `agent`.
function ears.only(list, kind, agent)
  local out = {}
  for _, ev in ipairs(list) do
    if ev.type == kind and (agent == nil or ev.agent == agent) then out[#out + 1] = ev end
  end
  return out
end

-- `maker` (the player by default) makes sound `name`; one step; the first
-- sound_heard event of the guard, or nil when it heard nothing.
function ears:heard(name, maker)
  self.world:emit_sound(maker or self.player, name)
  return ears.only(self:step(), "sound_heard", self.guard)[1]
end

-- The player walks for `seconds`: a `sound` ("Footstep") every `every` (0.5) s,
-- the first at once. Returns the events fired meanwhile.
function ears:walk(seconds, sound, every)
  local period = math.floor((every or 0.5) / ears.DT + 0.5)
  local first = #self.log + 1
  for i = 0, math.floor(seconds / ears.DT + 0.5) - 1 do
    if i % period == 0 then self.world:emit_sound(self.player, sound or "Footstep") end
    self.world:step(ears.DT)
  end
  return events.since(self.log, first)
end

-- The build-up of `agent` (the guard) about the player as the last hear event
-- of `list` with no new sound reports it (0 when there is none).
function ears:build_up(list, agent)
  local last = 0
  for _, ev in ipairs(ears.only(list, "hear", agent or self.guard)) do
    if ev.sound == nil and ev.target == self.player then last = ev.loudness end
  end
  return last
end

-- A wall 10 cm thick across the x axis at x .. x + 10, 3 m tall, 6 m wide.
function ears:wall(x, material)
  return self.world:add_box{ min = { x, -300, 0 }, max = { x + 10, 300, 300 }, material = material or "concrete" }
end

ears.types = events.types

return ears
