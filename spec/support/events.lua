-- spec/support/events.lua: a log of a world's events for specs.
--   local events = require("spec.support.events")
--   local log = events.record(world)
--   local mark = #log + 1; ...; local after = events.since(log, mark)
--   assert.are.same({ "suspect", "lost" }, events.types(after))

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local events = {}

-- Listens to every event of `world`; returns the list they are appended to,
-- each a copy of the event with `time`, the world time it was fired at.
function events.record(world)
  local log = {}
  for _, kind in ipairs(wary.schema.events) do
    world:on(kind, function(ev)
      local copy = { time = world:time() }
      for k, v in each(ev) do copy[k] = v end
      log[#log + 1] = copy
    end)
  end
  return log
end

-- The events of `log` from index `first` on.
function events.since(log, first)
  local out = {}
  for i = first, #log do out[#out + 1] = log[i] end
  return out
end

-- The types of a list of events, e.g. { "suspect", "telegraph", "detect" }.
function events.types(list)
  local out = {}
  for i, ev in ipairs(list) do out[i] = ev.type end
  return out
end

return events
