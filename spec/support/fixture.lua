-- spec/support/fixture.lua: a small world for specs. Senses named in
-- `senses` report, for each target, the number in target.props[<sense id>]
-- (nil or 0: inactive), so a spec sets exactly what each sense says.
--   local fixture = require("spec.support.fixture")
--   local f = fixture.new{ senses = { "Eyes", "Ears" }, direct = { Eyes = true } }
--   f.target:set_prop("Eyes", 0.8); f:run(1.0); f.agent:confidence(f.target)
local wary = require("wary")

local fixture = {}
fixture.__index = fixture

local function fixed_sense(id, options)
  local t = {
    id = id, interval = 0.1, max_range = 100000, loss_grace = 0.3,
    direct_lost_cut = false, loss_reason = "sensor_dropout",
    evaluate = function(_, _, target)
      local c = target.props[id]
      if c and c > 0 then return c, 1 end
    end,
  }
  for k, v in pairs(options or {}) do t[k] = v end
  return t
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
  local p = { name = "spec", senses = ids }
  for k, v in pairs(options.profile or {}) do p[k] = v end
  self.world:define_profile(p)
  self.agent = self.world:add_agent{ name = "guard", profile = "spec", pos = { 0, 0, 0 }, team = "guards" }
  self.target = self.world:add_target{ name = "player", pos = { 1000, 0, 0 }, team = "intruders" }
  self.log = {}
  for _, e in ipairs(wary.schema.events) do
    self.world:on(e, function(ev) self.log[#self.log + 1] = ev end)
  end
  return self
end

-- Steps `seconds` at 60 Hz (default), returning the events fired meanwhile.
function fixture:run(seconds, hz)
  hz = hz or 60
  local first = #self.log + 1
  for _ = 1, math.floor(seconds * hz + 0.5) do self.world:step(1 / hz) end
  local out = {}
  for i = first, #self.log do out[#out + 1] = self.log[i] end
  return out
end

-- The types of a list of events, e.g. { "suspect", "telegraph", "detect" }.
function fixture.types(events)
  local out = {}
  for i, ev in ipairs(events) do out[i] = ev.type end
  return out
end

function fixture:belief() return self.agent:belief(self.target) end
function fixture:confidence() return self.agent:confidence(self.target) end
function fixture:state() return self.agent:state(self.target) end

return fixture
