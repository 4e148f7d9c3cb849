-- examples/rooms/h3_walls.lua: room H3, Walls (seed 003). The intruder makes
-- one creak (loudness 1, carries 10 m), 4.07 m from the guard, in the next
-- room. Between them a concrete wall 1.5 m from the guard, with a doorway
-- 1 m wide and 2.1 m high (a wooden door, open or closed); beyond it, to
-- one side, a concrete partition. The creak comes through the open doorway
-- (no wall: 1 - (4.12 / 10)^2 = 83%), the closed door (one wall: x exp(-0.4),
-- 56%), or, from the same distance off to the side, through the wall and the
-- partition (two walls: x exp(-0.8), 37%). The guard listens with its ears
-- only. Each case's figure is the highest the creak took the guard (its
-- peak): a single sound, then the guard's belief fades.
local rooms = require("examples.rooms.common")

local CREAK = { name = "Creak", category = "enemy", alert_level = "normal", base_loudness = 1.0, max_range_m = 10 }

-- The wall with its doorway (y -50 to 50), the door when closed, and the
-- partition beyond the wall (y 100 to 400, off the doorway's line).
local function build(world, door)
  rooms.box(world, { 150, -400, 0 }, { 170, -50, 250 }, "concrete")
  rooms.box(world, { 150, 50, 0 }, { 170, 400, 250 }, "concrete")
  rooms.box(world, { 150, -50, 210 }, { 170, 50, 250 }, "concrete")     -- above the doorway
  if door == "closed" then rooms.box(world, { 155, -50, 0 }, { 165, 50, 210 }, "wood") end
  rooms.box(world, { 230, 100, 0 }, { 250, 400, 250 }, "concrete")      -- the partition
end

-- A creak at (x, y) at the start, the door open or closed; 3 s.
local function creak(x, y, door)
  return function()
    local world, profile = rooms.sound_world{ sounds = { CREAK } }
    build(world, door)
    local guard = rooms.guard(world, profile)
    local intruder = rooms.intruder(world, { pos = { x, y, 0 } })
    return rooms.listen{ world = world, guard = guard, subject = intruder, script = function(_, step)
      if step == 1 then world:emit_sound(intruder, "Creak") end
    end }
  end
end

return {
  id = "H3",
  title = "Walls",
  seed = "The same creak through an open doorway (heard, 83%), a closed door (57%) and two walls: every wall "
    .. "muffles it a little more.",
  cases = {
    { key = "open", name = "through the open doorway (4.07 m)", seed_confidence = 0.83, seed_state = "tracked",
      result = "peak", run = creak(407, 0, "open") },
    { key = "door", name = "through the closed door (4.07 m)", seed_confidence = 0.57, seed_state = "detected",
      result = "peak", run = creak(407, 0, "closed") },
    { key = "walls", name = "through two walls (4.07 m)", seed_state = "detected", result = "peak",
      run = creak(288, 288, "closed") },
  },
  order = {
    { "open", ">", "door" },
    { "door", ">", "walls" },
  },
  notes = {
    "each case: one creak, then 3 s; the figure is its peak. The seed gives the two walls no figure or state:",
    "its own 83% through two walls is 83% x exp(-0.8) = 37%, Detected, as the card asks (below the door).",
  },
}
