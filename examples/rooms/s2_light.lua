-- examples/rooms/s2_light.lua: room S2, Light and shadow (seed 000). Noon
-- sun over a yard; to the guard's left a shed roof (a concrete slab 2.6 m up)
-- throws shade, and under its front edge hangs a lantern. The guard takes
-- light where the intruder stands (use_per_target_light, the standard guard):
-- the light factor is lerp(0.1, 1, light), so sun (light 1) keeps all of the
-- sight, shade (0.3) about a third of it, and the lantern close above the
-- intruder most of it again.
local rooms = require("examples.rooms.common")

local function build(world)
  -- The shed: a roof over x 13..20 m, y 0..8 m, on two posts at its far corners.
  rooms.box(world, { 1300, 0, 260 }, { 2000, 800, 280 })
  rooms.box(world, { 1980, 0, 0 }, { 2000, 20, 260 })
  rooms.box(world, { 1980, 780, 0 }, { 2000, 800, 260 })
  -- The lantern: 0.7 m above the chest of someone standing under it, reaching 2.5 m.
  world:add_light{ pos = { 1450, 150, 170 }, radius = 250, intensity = 1 }
end

local stand_at = rooms.standing{ build = build }

return {
  id = "S2",
  title = "Light and shadow",
  seed = "In full sun it tracks you (68%); in the shade under the roof it only suspects you (24%); "
    .. "a lamp lights you up again (70%).",
  cases = {
    { key = "sun", name = "full sun (17 m)", seed_confidence = 0.68, seed_state = "tracked",
      run = stand_at(1670, -150) },
    { key = "shade", name = "shade under the roof (18 m)", seed_confidence = 0.24, seed_state = "suspected",
      run = stand_at(1750, 300) },
    { key = "lamp", name = "under the lantern, roofed (15 m)", seed_confidence = 0.70, seed_state = "tracked",
      run = stand_at(1450, 150) },
  },
  order = {
    { "sun", ">", "shade" },
    { "lamp", ">", "shade" },
    { "lamp", ">", "sun" },
  },
}
