-- examples/rooms/geck_yard.lua: the GECK scenario (seed 001) that
-- examples/geck.lua prints and examples/rooms.lua draws: three guards of the
-- GECK detection model and an intruder who sneaks through their dark yard, is
-- heard knocking over a crate, fights, and escapes into the night.
--
-- yard.run(say) runs the 70 s night at 20 Hz and calls say(line) for each
-- line of the story: each transition as it fires, under the seed's voice
-- topic (NormalToAlert, AlertToCombat, ...), and the guards' states with their
-- detection value of the intruder (every second while anything happens, every
-- five when all is quiet). Alert and Lost guards walk towards the newest
-- detection event of their alert list (the seed's search). Returns the record:
--   { guards = { { name =, timeline = { { time =, detection = (or nil), state = }, ... },
--                  events = { { time =, topic =, from =, to =, detection = }, ... } }, ... },
--     duration = 70 }
local wary = require("wary")

local yard = {}

yard.DURATION = 70
yard.HZ = 20

local TOPICS = { "normal_to_alert", "alert_to_combat", "normal_to_combat", "alert_to_normal",
                 "combat_to_normal", "combat_to_lost", "lost_to_normal", "lost_to_combat" }

-- The intruder's night, as (position, velocity, light, running, action) over time.
local function plan(t)
  if t < 20 then return -2500 + 100 * t, 0, 100, 0.05, 0, 0 end       -- sneaking in, in the dark
  if t < 24 then return -500, 0, 0, 0.05, 0, 0 end                    -- crouched by the crates
  if t < 30 then return -500 + 150 * (t - 24), 0, 150, 0.6, 0, 0 end  -- crossing the lit yard
  if t < 34 then return 400, 0, 0, 0.6, 0, 100 end                    -- cornered: it shoots
  if t < 42 then return 400 - 600 * (t - 34), 0, -600, 0.3, 1, 0 end  -- running for the fence
  return -4400, 0, 0, 0.05, 0, 0                                       -- gone into the night
end

local function search(guard, dt)
  local g = guard:geck()
  local goal = g.alerts[#g.alerts]
  if (g.state ~= "alert" and g.state ~= "lost") or not goal then return end
  local x, y = guard:pos()
  local dx, dy = goal.location.x - x, goal.location.y - y
  local d = math.sqrt(dx * dx + dy * dy)
  if d > 100 then guard:set_pos(x + dx / d * 120 * dt, y + dy / d * 120 * dt, 0) end
end

function yard.run(say)
  say = say or function() end
  local world = wary.world{ units_per_meter = 100 }
  world:load("profiles/geck.lua")

  local guards = {
    world:add_agent{ name = "gate guard", profile = "geck_guard", pos = { 0, -800, 0 }, yaw = 90,
                     team = "guards", props = { perception = 6 } },
    world:add_agent{ name = "yard guard", profile = "geck_guard", pos = { 1200, 600, 0 }, yaw = 180,
                     team = "guards", props = { perception = 7 } },
    world:add_agent{ name = "dozing guard", profile = "geck_guard", pos = { 1700, -500, 0 }, yaw = 180,
                     team = "guards", props = { perception = 4, sleeping = 1 } },
  }
  local intruder = world:add_target{ name = "intruder", pos = { -2500, 0, 0 }, team = "intruders",
                                     light = 0.05, props = { sneak = 60, armor_weight = 10 } }
  local record = { guards = {}, duration = yard.DURATION }
  local by_agent = {}
  for i, guard in ipairs(guards) do
    record.guards[i] = { name = guard.name, timeline = {}, events = {} }
    by_agent[guard] = record.guards[i]
  end

  for _, topic in ipairs(TOPICS) do
    world:on(topic, function(ev)
      local why = ""
      if ev.event_type then
        why = string.format(" (heard: %s by %s, detection %.1f)", ev.event_type, ev.target.name, ev.detection)
      elseif ev.target then
        why = string.format(" (%s, detection %.1f)", ev.target.name, ev.detection)
      end
      say(string.format("  %5.1f s  %-12s %-15s%s", world:time(), ev.agent.name, ev.topic, why))
      local events = by_agent[ev.agent] and by_agent[ev.agent].events
      if events then
        events[#events + 1] = { time = world:time(), topic = ev.topic, from = ev.from, to = ev.to,
                                detection = ev.detection }
      end
      if ev.to ~= "normal" then ev.agent:set_prop("sleeping", 0) end -- nobody sleeps through that
    end)
  end

  say(string.format("%s (%s backend)", wary._VERSION, wary.backend))
  say("  time   gate guard      |  yard guard      |  dozing guard     (state, detection of the intruder)")
  local dt = 1 / yard.HZ
  local crate, shots, shown = false, 0, nil
  for frame = 1, yard.HZ * yard.DURATION do
    local t = frame * dt
    local x, y, vx, light, running, action = plan(t)
    intruder:set_pos(x, y, 0):set_velocity(vx, 0, 0):set_light(light)
    intruder:set_prop("running", running):set_prop("action", action)
    if t >= 20 and not crate then -- the crate falls: heard, not seen
      crate = true
      world:create_detection_event{ owner = intruder, pos = { x, y, 0 }, rating = 70, type = "impact" }
    end
    if action > 0 and t >= 30 + shots then -- a shot a second: heard all over the yard
      shots = shots + 1
      world:create_detection_event{ owner = intruder, pos = { x, y, 150 }, rating = 100, type = "weapon" }
    end
    for _, guard in ipairs(guards) do search(guard, dt) end
    world:step(dt)
    for i, guard in ipairs(guards) do
      local tl = record.guards[i].timeline
      tl[#tl + 1] = { time = world:time(), detection = guard:detection_value(intruder), state = guard:geck_state() }
    end
    if frame % yard.HZ == 0 then
      local line, states = {}, {}
      for i, guard in ipairs(guards) do
        local v = guard:detection_value(intruder)
        states[i] = guard:geck_state()
        line[i] = string.format("%-6s %6s", states[i], v and string.format("%.1f", v) or "-")
      end
      local quiet = table.concat(states) == "normalnormalnormal" and shown == "normalnormalnormal"
      if not quiet or frame % 100 == 0 then say(string.format("%5.1f s  %s", t, table.concat(line, "  |  "))) end
      shown = table.concat(states)
    end
  end
  return record
end

return yard
