-- examples/rooms/s8_fog.lua: room S8, Fog and weather (seed 000). A valley
-- 60 m across; the intruder stands 17.2 m in front of the guard. Fog is an
-- environment filling the valley (world:add_environment) whose
-- vision_range_scale shortens the guard's 30 m: clear air keeps 30 m
-- (1 - (17.2/30)^2 = 67%), light fog leaves 20 m (27%), thick fog 15 m (the
-- intruder is out of range: nothing).
local rooms = require("examples.rooms.common")

local function stand_in(fog)
  local function build(world)
    if fog then
      world:add_environment{ name = "fog", min = { -3000, -3000, -100 }, max = { 3000, 3000, 1000 },
                             vision_range_scale = fog }
    end
  end
  return rooms.standing{ build = build }(1720, 0)
end

return {
  id = "S8",
  title = "Fog and weather",
  seed = "In clear air it tracks you (67%); in light fog it only suspects you (27%); "
    .. "in thick fog it doesn't see you at all.",
  cases = {
    { key = "clear", name = "clear air (range 30 m)", seed_confidence = 0.67, seed_state = "tracked",
      run = stand_in(nil) },
    { key = "light fog", name = "light fog (range x 0.67)", seed_confidence = 0.27, seed_state = "suspected",
      run = stand_in(0.67) },
    { key = "thick fog", name = "thick fog (range x 0.5)", seed_confidence = 0, seed_state = "undetected",
      run = stand_in(0.5) },
  },
  order = {
    { "clear", ">", "light fog" },
    { "light fog", ">", "thick fog" },
  },
}
