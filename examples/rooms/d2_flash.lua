-- examples/rooms/d2_flash.lua: room D2 (seed 002, "Pain: senses that stop
-- working"). The sentry stands at the origin watching +x; a ring is painted on
-- the floor 8 m in front of it. The player's can lands in the ring: a flash.
-- The demo reports DA_Pain_Flash (Vision 1, decay 0.1, amount override 1) ten
-- times a second for 7 s: the sentry is blind for 7 s and its sight comes back
-- in a straight line over 10 s. The player walks past in front of it, 3 m
-- away, while it is blind. It still hears: a second can, outside the ring,
-- only turns it (it forms a belief about the place and looks there). Without
-- the flash (the control) the same walk is seen.
local common = require("examples.rooms.brain_common")

local room = { id = "D2", title = "the flash",
  seed = "blind for 7 s, sight back over 10 s; it still hears: a can outside the ring only turns it" }

local FLASH_AT, FLASH_FOR = 1, 7
local CAN2_AT, CAN2 = 4, { -600, -600, 0 }

local function story(flash)
  local world = common.world()
  local sentry = world:add_agent{ name = "sentry", profile = "guard", pos = { 0, 0, 0 }, yaw = 0, team = "guards" }
  local player = world:add_target{ name = "player", pos = { 300, -1500, 0 }, team = "intruders" }
  local out = { lines = {}, checks = {} }
  local walk = common.route({ { 300, 1500 }, { 300, 4500 } }, 400)
  local blind_from, blind_to, turned, half_at, full_at, walked
  local best = "undetected"
  local rank = { undetected = 0, suspected = 1, detected = 2, tracked = 3, lost = 0, remembered = 0, expired = 0 }
  sentry:on("location_belief_changed", function(ev)
    if not turned and (ev.state == "suspected" or ev.state == "detected" or ev.state == "tracked") then
      turned = world:time()
      sentry:look_at(CAN2[1], CAN2[2], 0)
    end
  end)
  local next_report = FLASH_AT
  common.run(world, 20, function(t)
    if flash and t >= next_report - 1e-6 and t < FLASH_AT + FLASH_FOR - 1e-6 then
      sentry:report_pain("Flash", 1)
      next_report = next_report + 0.1
    end
    if math.abs(t - CAN2_AT) < 1e-6 then world:emit_sound_at(CAN2, "ThrownRock") end
    if t >= FLASH_AT + 0.5 and not walked then
      if walk(player) then walked = t end
    end
    local m = sentry:sense_multiplier("Vision")
    if m < 0.02 then
      blind_from = blind_from or t
      blind_to = t
    end
    if blind_to and not half_at and m >= 0.5 then half_at = t end
    if blind_to and not full_at and m >= 1 then full_at = t end
    local s = sentry:state(player)
    if rank[s] > rank[best] then best = s end
  end)
  local blind = blind_to and blind_from and (blind_to - blind_from) or 0
  out.lines = {
    string.format("t=%.2f s  the can lands in the ring: Flash reported 10 times a second until t=%.2f s",
      FLASH_AT, FLASH_AT + FLASH_FOR),
    string.format("sight x0 from t=%.2f s to t=%.2f s (%.1f s blind)", blind_from or -1, blind_to or -1, blind),
    string.format("sight back to x0.5 at t=%.2f s, x1 at t=%.2f s (%.1f s after the last report)", half_at or -1,
      full_at or -1, (full_at or 0) - (FLASH_AT + FLASH_FOR)),
    string.format("t=%.2f s  a can lands outside the ring; heard, the sentry turns to it at t=%.2f s", CAN2_AT,
      turned or -1),
    string.format("the player walked past, 3 m in front, while it was blind: best state %s", best),
  }
  out.checks = {
    { "blind for 7 s", math.abs(blind - FLASH_FOR) < 0.15 },
    { "sight returns over 10 s", full_at ~= nil and math.abs(full_at - (FLASH_AT + FLASH_FOR) - 10) < 0.2 },
    { "it still hears: the second can turns it", turned ~= nil and turned < FLASH_AT + FLASH_FOR },
    { "you walk past it", best == "undetected" },
  }
  out.best = best
  return out
end

function room.run()
  local out = story(true)
  local control = story(false).best
  out.lines[#out.lines + 1] = string.format("without the flash the same walk reaches %s", control)
  out.checks[#out.checks + 1] = { "without the flash the same walk is seen",
    control == "detected" or control == "tracked" }
  return out
end

return room
