-- spec/support/fixture.lua: a small world for specs. Senses named in
-- `senses` report, for each target, the number in target.props[<sense id>]
-- (nil or 0: inactive), so a spec sets exactly what each sense says.
--   local fixture = require("spec.support.fixture")
--   local f = fixture.new{ senses = { "Eyes", "Ears" }, sense_options = { Eyes = { direct_lost_cut = true } } }
--   f.target:set_prop("Eyes", 0.8); f:run(1.0); f.agent:confidence(f.target)
local wary = require("wary")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local fixture = {}
fixture.__index = fixture

local function fixed_sense(id, options)
  return worlds.merge({
    id = id, interval = 0.1, max_range = 100000, loss_grace = 0.3,
    direct_lost_cut = false, loss_reason = "sensor_dropout",
    evaluate = function(_, _, target)
      local c = target.props[id]
      if c and c > 0 then return c, 1 end
    end,
  }, options)
end
fixture.fixed_sense = fixed_sense

-- options: senses (ids), sense_options ({ id = { field = value } }),
-- profile (extra profile fields), world (world fields).
function fixture.new(options)
  options = options or {}
  local self = setmetatable({}, fixture)
  self.world = wary.world(options.world)
  local ids = options.senses or { "Eyes" }
  for _, id in ipairs(ids) do
    self.world:define_sense(fixed_sense(id, (options.sense_options or {})[id]))
  end
  worlds.define_profile(self.world, "spec", ids, options.profile)
  self.agent = self.world:add_agent{ name = "guard", profile = "spec", pos = { 0, 0, 0 }, team = "guards" }
  self.target = self.world:add_target{ name = "player", pos = { 1000, 0, 0 }, team = "intruders" }
  self.log = events.record(self.world)
  return self
end

-- Steps `seconds` at 60 Hz (default), returning the events fired meanwhile.
function fixture:run(seconds, hz)
  local first = #self.log + 1
  worlds.run(self.world, seconds, hz)
  return events.since(self.log, first)
end

-- The types of a list of events, e.g. { "suspect", "telegraph", "detect" }.
fixture.types = events.types

function fixture:belief() return self.agent:belief(self.target) end
function fixture:confidence() return self.agent:confidence(self.target) end
function fixture:state() return self.agent:state(self.target) end

return fixture
