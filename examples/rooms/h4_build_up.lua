-- examples/rooms/h4_build_up.lua: room H4, Noises add up (seed 003). The
-- intruder, 8.04 m from the guard, creaks (loudness 1, carries 10 m): one
-- creak arrives at 1 - (8.07 / 10)^2 = 35%, just under Detected. A creak
-- every half second adds 35% x 0.5 (the accumulation rate) x 0.1 = 1.75% to
-- the build-up each time, held between creaks (they come faster than the 1 s
-- hold), and the guard takes the higher of the single creak and the build-up:
-- past the single creak after about 20 creaks (10 s), Tracked at 17 s, 91% after 52
-- creaks (26 s). Behind a concrete wall each creak arrives at x exp(-0.4),
-- 23%, and adds that much less: 61% after the same 52 creaks, Tracked just
-- before the end. The guard listens with its ears only.
local rooms = require("examples.rooms.common")

local CREAK = { name = "Creak", category = "enemy", alert_level = "normal", base_loudness = 1.0, max_range_m = 10 }
local DISTANCE = 804
local DURATION = 26    -- seconds per case: 52 creaks, at 0, 0.5, ..., 25.5 s

-- A case: one creak at the start, or (series) a creak every half second;
-- behind a wall (a concrete wall 4 m from the guard) or not.
local function creaks(series, wall)
  return function()
    local world, profile = rooms.sound_world{ sounds = { CREAK } }
    if wall then rooms.box(world, { 400, -500, 0 }, { 420, 500, 300 }, "concrete") end
    local guard = rooms.guard(world, profile)
    local intruder = rooms.intruder(world, { pos = { DISTANCE, 0, 0 } })
    local function creak() world:emit_sound(intruder, "Creak") end
    local script = series and rooms.every(0.5, creak) or function(_, step) if step == 1 then creak() end end
    return rooms.listen{ world = world, guard = guard, subject = intruder, script = script, duration = DURATION }
  end
end

return {
  id = "H4",
  title = "Noises add up",
  seed = "One creak: barely noticed (35%). A creak every half second: it was soon sure of you (91%). Behind a "
    .. "wall each creak arrives muffled, so they add up more slowly (61%).",
  duration = DURATION,
  cases = {
    { key = "one", name = "one creak (8.04 m)", seed_confidence = 0.35, seed_state = "suspected", result = "peak",
      run = creaks(false, false) },
    { key = "series", name = "a creak every half second", seed_confidence = 0.91, seed_state = "tracked",
      run = creaks(true, false) },
    { key = "wall", name = "a creak every half second, behind a wall", seed_confidence = 0.61,
      seed_state = "tracked", run = creaks(true, true) },
  },
  order = {
    { "series", ">", "wall" },
    { "wall", ">", "one" },
  },
  notes = {
    "the single creak's figure is its peak (it arrives at 34.9%, just under Detected's 35%), the series' are",
    "the end's, after 52 creaks. The times in brackets: when each first reached the state it ends in.",
  },
}
