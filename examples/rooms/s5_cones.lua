-- examples/rooms/s5_cones.lua: room S5, Vision cones (seed 000). The guard
-- has all three cones (enable_peripheral_cone, enable_rear_motion_cone):
-- focal 60 deg each side at full strength and range (30 m), peripheral
-- 110 deg at 45% strength and 60% range (18 m), rear 60 deg from behind at 25%
-- and 35% range (10.5 m), for targets faster than 3 m/s only.
--   straight ahead, 9 m: focal, distance falloff 1 - 0.3^2 = 91%;
--   at its side, 90 deg and 19 m, standing still: past the peripheral cone's
--     18 m, so nothing (at 9 m the same side spot would give about 10%: still
--     under the 15% line);
--   behind, pacing to and fro 3 m back: a walker (1.5 m/s) is not seen at
--     all; a sprinter (6 m/s, +30% motion bonus) registers in the rear cone.
local rooms = require("examples.rooms.common")

local VISION = { enable_peripheral_cone = true, enable_rear_motion_cone = true }

local stand_at = rooms.standing{ vision = VISION }

-- Paces along y at x = -3 m between y = -2 m and +2 m at speed (units/s).
local function pace_behind(speed)
  local span = 400
  local function direct(_, intruder)
    return function(t)
      local s = (speed * t) % (2 * span)
      local dir = s < span and 1 or -1
      local y = s < span and -200 + s or 200 - (s - span)
      intruder:set_pos(-300, y, 0)
      intruder:set_velocity(0, dir * speed, 0)
      intruder:set_yaw(dir * 90)
    end
  end
  return function()
    return rooms.stage{ vision = VISION, intruder = { pos = { -300, -200, 0 }, yaw = 90 }, direct = direct }
  end
end

return {
  id = "S5",
  title = "Vision cones",
  seed = "Straight ahead it is sure of you (91%); at the side it misses you standing still (0%); "
    .. "behind it, only fast movement registers.",
  cases = {
    { key = "ahead", name = "straight ahead (9 m)", seed_confidence = 0.91, seed_state = "tracked",
      run = stand_at(900, 0) },
    { key = "side", name = "at its side, still (90 deg, 19 m)", seed_confidence = 0, seed_state = "undetected",
      run = stand_at(0, 1900) },
    { key = "walker", name = "behind it, walking (1.5 m/s, 3 m)", seed_confidence = 0,
      seed_state = "undetected", run = pace_behind(150) },
    { key = "sprinter", name = "behind it, sprinting (6 m/s, 3 m)", seed_state = "suspected",
      at_least = true, run = pace_behind(600) },
  },
  order = {
    { "ahead", ">", "sprinter" },
    { "sprinter", ">", "walker" },
    { "sprinter", ">", "side" },
  },
}
