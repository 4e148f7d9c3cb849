-- examples/rooms/d1_hit.lua: room D1 (seed 002, "The 30-second version").
-- The gatekeeper stands at the origin watching its gate 15 m south. A wall
-- runs east-west 10 m north of it; the player stands behind the wall at its
-- window and throws a can (a thing: pawn = false, its instigator the player)
-- that hits the gatekeeper for 25. The gatekeeper never sees the thrower, but
-- APS Damage places its belief where the player stood when the can landed
-- (accuracy 0.95), so it walks to the window to look, while the player runs
-- round the wall's east end and out through the gate behind its back.
local common = require("examples.rooms.brain_common")

local room = { id = "D1", title = "the hit from the window",
  seed = "the gatekeeper walks to where the can was thrown from; you run round behind it" }

local WINDOW = { -1500, 1300 }   -- where the player throws from, north of the wall
local LOOK_FROM = { -1500, 800 } -- the gatekeeper's side of the window
local GATE = { 0, -1500 }

function room.run()
  local world = common.world()
  world:add_box{ min = { -3000, 1000, 0 }, max = { 2000, 1100, 300 } }
  local keeper = world:add_agent{ name = "gatekeeper", profile = "guard", pos = { 0, 0, 0 }, yaw = -90,
    team = "guards" }
  local player = world:add_target{ name = "player", pos = { WINDOW[1], WINDOW[2], 0 }, team = "intruders" }
  local can = world:add_target{ name = "can", pos = { WINDOW[1], WINDOW[2], 150 }, pawn = false,
    instigator = player, perceivable = false }
  local out = { lines = {}, checks = {} }
  local hit_at, goal, arrived, passed, best = 1.0, nil, nil, nil, "undetected"
  local rank = { undetected = 0, suspected = 1, detected = 2, tracked = 3, lost = 0, remembered = 0, expired = 0 }
  local run_round = common.route({ { 2500, 1300 }, { 2500, -1500 }, GATE, { 0, -3000 } }, 400)
  keeper:on("damaged", function(ev)
    out.lines[#out.lines + 1] = string.format("t=%.2f s  damaged: %.0f by the can (type %s), believes in %s",
      hit_at, ev.amount, ev.damage_type, ev.attacker and ev.attacker.name or "nobody")
  end)
  common.run(world, 30, function(t)
    if math.abs(t - hit_at) < 1e-6 then
      world:apply_damage{ victim = keeper, causer = can, amount = 25, type = "DamageType_Thrown_C" }
    end
    if t > hit_at + 0.05 and not goal then
      local b = keeper:belief(player)
      goal = { b.last_known.x, b.last_known.y }
      out.lines[#out.lines + 1] = string.format("t=%.2f s  belief %.0f%% %s at %s (the window: %s)",
        t, b.confidence * 100, b.state, common.xy(goal), common.xy(WINDOW))
      out.goal = goal
    end
    if goal and not arrived then
      if common.walk(keeper, { goal[1], math.min(goal[2], LOOK_FROM[2]) }, 150, true) then
        arrived = t
        keeper:look_at(goal[1], goal[2], 150)
        out.lines[#out.lines + 1] = string.format("t=%.2f s  the gatekeeper reaches the window and looks out", t)
      end
    end
    if t > hit_at + 0.5 and not passed then
      if run_round(player) then
        passed = t
        out.lines[#out.lines + 1] = string.format("t=%.2f s  the player is out through the gate", t)
      end
    end
    local s = keeper:state(player)
    if rank[s] > rank[best] then best = s end
  end)
  out.lines[#out.lines + 1] = string.format("end: gatekeeper's belief in the player: %s; best state while running: %s",
    keeper:state(player), best)
  local lk = keeper:belief(player).last_known
  local dx, dy = lk.x - WINDOW[1], lk.y - WINDOW[2]
  out.checks = {
    { "the belief is placed where the player stood when the can landed",
      out.goal and math.abs(out.goal[1] - WINDOW[1]) < 1 and math.abs(out.goal[2] - WINDOW[2]) < 1 or false },
    { "a 25 hit: Suspected, not Detected", best == "suspected" },
    { "the gatekeeper walks to the window", arrived ~= nil },
    { "the player runs round behind it and out through the gate, never seen", passed ~= nil and best == "suspected" },
    { "its last known position is still the window", math.sqrt(dx * dx + dy * dy) < 1 },
  }
  return out
end

return room
