-- examples/rooms/s6_eyes.lua: room S6, Eyes in the head (seed 000). The
-- guard's body faces +x; it sees where its head looks (agent:look_at), and the
-- head turns at eye_turn_rate_deg_per_sec (360 deg/s: a quarter turn takes
-- 0.25 s). Focal cone only (60 deg each side).
--   glance: the intruder stands 11.6 m to the guard's left, beside it; the
--     guard turns its head to look at it: distance falloff 1 - (11.6/30)^2 = 85%.
--   looked away: the guard turns its head to a noise on its left; the
--     intruder, hidden behind a pillar ahead until then, steps out 11.6 m in
--     front of the guard's body at 0.5 s, 90 deg off where the eyes point.
local rooms = require("examples.rooms.common")

local DISTANCE = 1160

-- The guard turns its head to its left, towards (0, DISTANCE), eye high.
local function look_left(guard)
  guard:look_at(0, DISTANCE, 170)
end

local function glance()
  return rooms.stage{ intruder = { pos = { 0, DISTANCE, 0 } }, direct = look_left }
end

local function looked_away()
  local function build(world)
    rooms.box(world, { 1050, -400, 0 }, { 1080, -100, 250 })   -- the pillar
  end
  local function direct(guard, intruder)
    look_left(guard)
    local stepped = false
    return function(t)
      if t >= 0.5 and not stepped then
        intruder:set_pos(DISTANCE, 0, 0)
        stepped = true
      end
    end
  end
  return rooms.stage{ build = build, intruder = { pos = { DISTANCE, -250, 0 } }, direct = direct }
end

return {
  id = "S6",
  title = "Eyes in the head",
  seed = "Its head glanced at you beside it (85%); it looked away though you stood in front of it (0%).",
  cases = {
    { key = "glance", name = "beside it, its head glances over (12 m)", seed_confidence = 0.85,
      seed_state = "tracked", run = glance },
    { key = "looked away", name = "in front, its head turned away (12 m)", seed_confidence = 0,
      seed_state = "undetected", run = looked_away },
  },
  order = {
    { "glance", ">", "looked away" },
  },
}
