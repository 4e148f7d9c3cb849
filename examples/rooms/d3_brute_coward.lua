-- examples/rooms/d3_brute_coward.lua: room D3 (seed 002, "Emotions"). Two
-- gates, each kept by a guard watching south: the brute (Max Fear 0) at the
-- west gate, the coward (Max Aggression 0) at the east gate, 40 m apart. The
-- player, 25 m north of them, out of sight, throws a can at each: the same
-- hit of 25. The brute's aggression rises and it turns Aggressive within a
-- second, then comes for the player (it walks to where it believes the player
-- is). The coward turns Fearful: on emotion_changed it lets the player be
-- (relationship override: neutral) and runs to its refuge, leaving its gate,
-- and the player walks through.
local common = require("examples.rooms.brain_common")

local room = { id = "D3", title = "the brute and the coward",
  seed = "the same hit: the brute turns ANGRY within a second and comes for you; the coward turns Fearful, "
    .. "runs to its refuge, and you walk through" }

local HIT_AT = 1
local COWARD_GATE, REFUGE = { 4000, 0 }, { 7000, -2500 }

function room.run()
  local world = common.world({
    { name = "brute", extends = "guard", brain = { max_fear = 0 } },
    { name = "coward", extends = "guard", brain = { max_aggression = 0 } },
  })
  local brute = world:add_agent{ name = "brute", profile = "brute", pos = { 0, 0, 0 }, yaw = -90, team = "guards" }
  local coward = world:add_agent{ name = "coward", profile = "coward", pos = { COWARD_GATE[1], COWARD_GATE[2], 0 },
    yaw = -90, team = "guards" }
  local player = world:add_target{ name = "player", pos = { 2000, 2500, 0 }, team = "intruders" }
  local out = { lines = {}, checks = {} }
  local turned, fleeing = {}, false
  local through
  world:on("emotion_changed", function(ev)
    out.lines[#out.lines + 1] = string.format("t=%.2f s  %s: %s -> %s", world:time(), ev.agent.name, ev.from, ev.to)
    if not turned[ev.agent.name] then turned[ev.agent.name] = { ev.to, world:time() - HIT_AT } end
    if ev.agent == coward and (ev.to == "fearful" or ev.to == "panicked") then
      coward:set_relationship(player, "neutral")
      fleeing = true
    end
  end)
  local brute_goal
  local walk_in = common.route({ { 3000, 1500 }, { 4000, 500 }, { 4000, -2000 } }, 600)
  common.run(world, 13, function(t)
    if math.abs(t - HIT_AT) < 1e-6 then
      world:apply_damage{ victim = brute, instigator = player, amount = 25 }
      world:apply_damage{ victim = coward, instigator = player, amount = 25 }
    end
    if brute:dominant_emotion() == "aggressive" then
      local lk = brute:belief(player).last_known
      brute_goal = brute_goal or { lk.x, lk.y }
      common.walk(brute, brute_goal, 300, true)
    end
    if fleeing then
      common.walk(coward, REFUGE, 400, true)
      if t > HIT_AT + 2 and not through and walk_in(player) then through = t end
    end
  end)
  local bx, by = brute:pos()
  local cx, cy = coward:pos()
  local e_b, e_c = brute:emotions(), coward:emotions()
  out.lines[#out.lines + 1] = string.format("brute:  fear %.2f aggression %.2f, walked to %s (where you were)",
    e_b.fear, e_b.aggression, common.xy({ bx, by }))
  out.lines[#out.lines + 1] = string.format("coward: fear %.2f aggression %.2f, at its refuge %s; you: %s",
    e_c.fear, e_c.aggression, common.xy({ cx, cy }), through and string.format("through its gate at t=%.2f s", through)
    or "still outside")
  local dist = math.sqrt((cx - COWARD_GATE[1]) ^ 2 + (cy - COWARD_GATE[2]) ^ 2)
  local b_moved = math.sqrt(bx * bx + by * by)
  out.checks = {
    { "the brute turns Aggressive within a second", turned.brute ~= nil and turned.brute[1] == "aggressive"
      and turned.brute[2] <= 1 },
    { "the brute feels no fear (Max Fear 0) and comes for you", e_b.fear == 0 and b_moved > 1000 },
    { "the coward turns Fearful from the same hit", turned.coward ~= nil and turned.coward[1] == "fearful" },
    { "the coward feels no aggression (Max Aggression 0), leaves its gate", e_c.aggression == 0 and dist > 1000 },
    { "you walk through its gate", through ~= nil },
  }
  return out
end

return room
