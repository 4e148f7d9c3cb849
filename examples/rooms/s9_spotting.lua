-- examples/rooms/s9_spotting.lua: room S9, Fair spotting (seed 000). The
-- guard (first_spot_reaction_time = 0.3 s) watches a doorway 1 m wide in a
-- wall 10 m ahead (20 cm thick); the intruder crosses the room beyond it,
-- 11 m from the guard. Through the door it is in view over 1.08 m of its path
-- (1 m x 11 / 10.2). The guard looks every 0.1 s and needs 0.3 s of unbroken
-- first sight before its belief counts:
--   a sprinter (6 m/s) is in view for 0.18 s: at most two looks, never 0.3 s;
--   a walker (1.2 m/s) is in view for 0.9 s: eight or nine looks. Spotted
--   after three or four, it goes straight to Detected (93%: 11 m, and a small
--   motion bonus), and to Tracked 0.5 s later while the guard still sees it
--   (or keeps it through vision's 0.2 s loss grace).
-- The result is the highest state reached.
local rooms = require("examples.rooms.common")

local VISION = { first_spot_reaction_time = 0.3 }
local WALL_X, PATH_X, DOOR = 1000, 1100, 50

-- The wall, 2.5 m tall, with the doorway at y -0.5..0.5 m (a lintel above 2.1 m).
local function build(world)
  rooms.box(world, { WALL_X, -1500, 0 }, { WALL_X + 20, -DOOR, 250 })
  rooms.box(world, { WALL_X, DOOR, 0 }, { WALL_X + 20, 1500, 250 })
  rooms.box(world, { WALL_X, -DOOR, 210 }, { WALL_X + 20, DOOR, 250 })
end

local function cross(speed, start_y)
  local function direct(_, intruder)
    return function(t) intruder:set_pos(PATH_X, start_y + speed * t, 0) end
  end
  return function()
    return rooms.stage{ vision = VISION, build = build, direct = direct,
                        intruder = { pos = { PATH_X, start_y, 0 }, yaw = 90, velocity = { 0, speed, 0 } } }
  end
end

return {
  id = "S9",
  title = "Fair spotting",
  seed = "Sprint past the doorway and you make it; walk past it and you're spotted.",
  cases = {
    { key = "sprint", name = "sprints past the doorway (6 m/s)", seed_confidence = 0, seed_state = "undetected",
      result = "peak", run = cross(600, -600) },
    { key = "walk", name = "walks past the doorway (1.2 m/s)", seed_state = "suspected", at_least = true,
      result = "peak", run = cross(120, -150) },
  },
  order = {
    { "walk", ">", "sprint" },
  },
}
