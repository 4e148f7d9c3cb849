-- examples/rooms/s7_surfaces.lua: room S7, Glass, leaves and smoke (seed
-- 000). Three stations 16 to 17 m from the guard, each behind its own screen
-- of a shipped material (lua/wary/data/materials.lua): a glass pane (lets through
-- 100% of the sight), a hedge (foliage, 72%) and a bank of thick smoke (2%,
-- under min_exposure_to_register, 5%: nothing registers).
local rooms = require("examples.rooms.common")

local function build(world)
  rooms.box(world, { 1500, -450, 0 }, { 1510, -50, 250 }, "glass")     -- a window pane
  rooms.box(world, { 1550, -120, 0 }, { 1610, 120, 200 }, "foliage")   -- a hedge, 2 m tall
  rooms.box(world, { 1450, 130, 0 }, { 1600, 400, 300 }, "smoke")      -- a bank of smoke
end

local stand_at = rooms.standing{ build = build }

return {
  id = "S7",
  title = "Glass, leaves and smoke",
  seed = "Glass hides nothing (68%); a hedge lets some sight through (49%); thick smoke hides you (0%).",
  cases = {
    { key = "glass", name = "behind glass (16 m)", seed_confidence = 0.68, seed_state = "tracked",
      run = stand_at(1620, -250) },
    { key = "hedge", name = "behind a hedge (17 m)", seed_confidence = 0.49, seed_state = "detected",
      run = stand_at(1700, 0) },
    { key = "smoke", name = "in thick smoke (17 m)", seed_confidence = 0, seed_state = "undetected",
      run = stand_at(1650, 250) },
  },
  order = {
    { "glass", ">", "hedge" },
    { "hedge", ">", "smoke" },
  },
}
