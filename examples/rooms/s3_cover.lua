-- examples/rooms/s3_cover.lua: room S3, Cover (seed 000). Three stations
-- about 15 to 17 m from the guard: open ground; behind a chest-high wall
-- (1.47 m: it hides the chest at 1.4 m and the pelvis, not the shoulders at
-- 1.5 m or the head); behind a tall wall (1.61 m: only the top of the head at
-- 1.7 m shows over it). Exposure is the weighted share of the five points
-- with a clear line: 3.8 / 3.8 in the open, (1.0 + 0.6 + 0.6) / 3.8 = 58% over
-- the chest-high wall, 1.0 / 3.8 = 26% over the tall one.
local rooms = require("examples.rooms.common")

local function build(world)
  rooms.box(world, { 1370, -150, 0 }, { 1400, 150, 147 })   -- the chest-high wall
  rooms.box(world, { 1540, 100, 0 }, { 1570, 400, 161 })    -- the tall wall
end

local stand_at = rooms.standing{ build = build }

return {
  id = "S3",
  title = "Cover",
  seed = "In the open all 5 points show (67%); behind a chest-high wall only your head and shoulders do (43%); "
    .. "behind a tall wall it can't make you out (15%).",
  cases = {
    { key = "open", name = "in the open (17 m), 5 of 5 points", seed_confidence = 0.67, seed_state = "tracked",
      run = stand_at(1650, -250) },
    { key = "chest wall", name = "chest-high wall (15 m), head + shoulders", seed_confidence = 0.43,
      seed_state = "detected", run = stand_at(1480, 0) },
    { key = "tall wall", name = "tall wall (17 m), top of the head", seed_confidence = 0.15,
      seed_state = "suspected", run = stand_at(1650, 250) },
  },
  order = {
    { "open", ">", "chest wall" },
    { "chest wall", ">", "tall wall" },
  },
}
