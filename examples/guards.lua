-- examples/guards.lua: the main demo. Two guards with a thermal camera and a
-- squad radar watch a yard; an intruder walks across it close to the north
-- guard, switches on a cooling suit that hides its heat, then runs east into
-- a bunker the radar cannot see into. Every half second it prints each guard's confidence
-- and state, and every event as it fires.
--   lua5.4 examples/guards.lua      (or luajit; run scripts/run.sh first to build)
local wary = require("wary")

local world = wary.world{ units_per_meter = 100 }
world:load("senses/thermal.lua")
world:load("senses/radar.lua")
world:define_profile{ name = "guard", senses = { "Thermal", "Radar" } }

local north = world:add_agent{ name = "north guard", profile = "guard", pos = { 0, 800, 0 },
                               yaw = -90, team = "guards" }
local south = world:add_agent{ name = "south guard", profile = "guard", pos = { 0, -2500, 0 },
                               yaw = 90, team = "guards" }
local thief = world:add_target{ name = "intruder", pos = { -6000, 0, 0 }, team = "intruders",
                                props = { heat = 0.9 } }

world:on("sense_error", function(ev) print("sense error: " .. ev.message) end)
for _, e in ipairs({ "suspect", "detect", "track", "lost", "remember", "forget" }) do
  world:on(e, function(ev)
    print(string.format("  %6.2f s  %-11s %-8s %s (%.0f%%%s)", world:time(), ev.agent.name, e,
      ev.target.name, ev.confidence * 100, e == "lost" and (", " .. ev.loss_reason) or ""))
  end)
end

-- The intruder's plan: walk in at 1.5 m/s, stand still in a cooling suit
-- (heat 0.05: below what the thermal camera registers), sprint east at 6 m/s
-- and hide in a bunker at x = 18 m (radar cross-section 0 inside).
local function plan(t)
  if t < 40 then return -6000 + 150 * t, 0, 0.9, 1 end   -- walking in
  if t < 50 then return 0, 0, 0.05, 1 end                 -- cooling suit on, standing still
  if t < 53 then return 600 * (t - 50), 0, 0.05, 1 end    -- sprinting east, still cold
  return 1800, 0, 0.05, 0                                 -- inside the bunker
end

print(string.format("%s (%s backend)", wary._VERSION, wary.backend))
print("  time   guard        confidence  state")
local dt = 1 / 30
for frame = 1, 30 * 95 do
  local t = frame * dt
  local x, y, heat, rcs = plan(t)
  thief:set_pos(x, y, 0)
  thief.props.heat = heat
  thief.props.radar_cross_section = rcs
  world:step(dt)
  if frame % 15 == 0 then
    for _, g in ipairs({ north, south }) do
      print(string.format("  %5.1f  %-11s  %5.1f%%      %s", t, g.name, g:confidence(thief) * 100, g:state(thief)))
    end
  end
end
