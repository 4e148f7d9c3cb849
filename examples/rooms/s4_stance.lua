-- examples/rooms/s4_stance.lua: room S4, Stance (seed 000). A low wall
-- (1.2 m) 17 m from the guard. Standing behind it the head, chest and both
-- shoulders show over it (3.1 / 3.8 of the weight) and only the pelvis is
-- hidden; crouched behind it every point (head at 1.1 m) is below the top;
-- crouched in the open every point shows. min_visible_points stays at 1 (the
-- default): stance matters only through what the cover hides.
local rooms = require("examples.rooms.common")

local function build(world)
  rooms.box(world, { 1600, -150, 0 }, { 1630, 150, 120 })   -- the low wall
end

local stand_at = rooms.standing{ build = build }

local function at(x, y, stance)
  return stand_at(x, y, { stance = stance })
end

return {
  id = "S4",
  title = "Stance",
  seed = "Standing behind the low wall it detects you (55%); crouched behind it, nothing (0%); "
    .. "crouched in the open is no help (69%).",
  cases = {
    { key = "standing behind", name = "standing behind the low wall (17 m)", seed_confidence = 0.55,
      seed_state = "detected", run = at(1710, 0, "standing") },
    { key = "crouched behind", name = "crouched behind the low wall (17 m)", seed_confidence = 0,
      seed_state = "undetected", run = at(1710, 0, "crouched") },
    { key = "crouched open", name = "crouched in the open (16 m)", seed_confidence = 0.69,
      seed_state = "tracked", run = at(1600, -250, "crouched") },
  },
  order = {
    { "crouched open", ">", "standing behind" },
    { "standing behind", ">", "crouched behind" },
  },
}
