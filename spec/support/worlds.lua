-- spec/support/worlds.lua: building and running worlds in specs.
--   local worlds = require("spec.support.worlds")
--   worlds.define_profile(world, "p", { "Eyes" }, { fade_rate = 0.2 })
--   worlds.run(world, 1.5)                    -- 1.5 s at 60 Hz

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local worlds = {}

-- Copies the fields of `extra` (may be nil) into `t`; returns t.
function worlds.merge(t, extra)
  for k, v in each(extra or {}) do t[k] = v end
  return t
end

-- Defines the profile `name` listing the sense ids `senses`, with the fields
-- of `extra` on top; returns the profile.
function worlds.define_profile(world, name, senses, extra)
  return world:define_profile(worlds.merge({ name = name, senses = senses }, extra))
end

-- Steps `world` for `seconds` at `hz` (default 60) steps a second.
function worlds.run(world, seconds, hz)
  hz = hz or 60
  for _ = 1, math.floor(seconds * hz + 0.5) do world:step(1 / hz) end
end

return worlds
