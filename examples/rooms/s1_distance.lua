-- examples/rooms/s1_distance.lua: room S1, Distance (seed 000). A guard looks
-- down an open yard at noon; the intruder stands straight ahead, far away, at
-- mid range and close up. Distance falloff 1 - (d / 30 m)^2 is the only factor
-- that changes: 26 m leaves 25%, 21 m 51%, 5 m 97%.
local rooms = require("examples.rooms.common")

local at = rooms.standing()

-- The intruder straight ahead of the guard, distance away.
local function stand_at(distance)
  return at(distance, 0)
end

return {
  id = "S1",
  title = "Distance",
  seed = "Far away the guard is only suspicious (25%); at mid range it detects you; close up it is sure fast.",
  cases = {
    { key = "far", name = "far away (26 m)", seed_confidence = 0.25, seed_state = "suspected", run = stand_at(2600) },
    { key = "mid", name = "mid range (21 m)", seed_state = "detected", run = stand_at(2100) },
    { key = "close", name = "close up (5 m)", seed_state = "tracked", run = stand_at(500) },
  },
  order = {
    { "close", ">", "mid" },
    { "mid", ">", "far" },
  },
}
