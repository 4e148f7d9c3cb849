-- examples/rooms/d4_attention.lua: room D4 (seed 002, "One intruder at a
-- time"). The warden stands at the origin facing +x. A thief comes in first,
-- 6 m in front of it, and loiters there; the player crosses the hall 15 m
-- away a few seconds later. The warden's eyes go where it believes its
-- attention target is (each step it looks at that target's last known
-- position), and it catches someone only when that one is its attention
-- target and it has them (Detected or Tracked). Attention is sticky: it stays
-- on the thief, so the warden may glimpse the player and still let them go: GO.
local common = require("examples.rooms.brain_common")

local room = { id = "D4", title = "one intruder at a time",
  seed = "the warden's eyes follow the one it pays attention to; while that is the thief, "
    .. "it can see you and still let you go: GO" }

function room.run()
  local world = common.world()
  local warden = world:add_agent{ name = "warden", profile = "guard", pos = { 0, 0, 0 }, yaw = 0, team = "guards" }
  local thief = world:add_target{ name = "thief", pos = { 600, 500, 0 }, team = "intruders" }
  local player = world:add_target{ name = "player", pos = { 1500, -2500, 0 }, team = "intruders" }
  local out = { lines = {}, checks = {} }
  local loiter = common.route({ { 600, -500 }, { 600, 500 }, { 600, -500 }, { 600, 500 } }, 100)
  local cross = common.route({ { 1500, 2500 } }, 300)
  local attention, caught, seen, crossed = nil, nil, "undetected", nil
  local rank = { undetected = 0, suspected = 1, detected = 2, tracked = 3, lost = 0, remembered = 0, expired = 0 }
  local on_thief = 0
  common.run(world, 20, function(t)
    loiter(thief)
    if t > 3 and not crossed and cross(player) then crossed = t end
    local a = warden:attention_target()
    if a ~= attention then
      out.lines[#out.lines + 1] = string.format("t=%.2f s  attention: %s", t, a and a.name or "nobody")
      attention = a
    end
    if a == thief then on_thief = on_thief + 1 end
    if a then
      local lk = warden:belief(a).last_known
      warden:look_at(lk.x, lk.y, 150)
      local s = warden:state(a)
      if a == player and (s == "detected" or s == "tracked") then caught = caught or t end
    end
    local s = warden:state(player)
    if rank[s] > rank[seen] then seen = s end
  end)
  out.lines[#out.lines + 1] = string.format("the player crossed the hall 15 m away by t=%.2f s; best state %s; %s",
    crossed or -1, seen, caught and string.format("CAUGHT at t=%.2f s", caught) or "GO")
  out.lines[#out.lines + 1] = string.format("threat now: thief %.2f, player %.2f", (warden:threat(thief)),
    (warden:threat(player)))
  out.checks = {
    { "attention goes to the thief and stays there", attention == thief and on_thief > 0.9 * 20 * common.HZ },
    { "the player crosses the hall", crossed ~= nil },
    { "the warden lets the player go: GO", caught == nil },
  }
  return out
end

return room
