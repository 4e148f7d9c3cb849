-- examples/guards.lua: the first demo. A guard watches a courtyard at night,
-- lit by one lamp; an intruder crosses it. Vision weighs distance, light,
-- stance and the wall; hearing takes a footstep and a broken bottle. Each
-- line is either what the intruder does (">") or what the guard comes to
-- believe, with the confidence that put it there.
--   . scripts/env.sh; lua5.4 examples/guards.lua      (or luajit; run scripts/run.sh first to build)
local wary = require("wary")

local world = wary.world{ units_per_meter = 100 }             -- centimetres
world:set_sun{ direction = { 0, 0, 0 }, ambient = 0.05 }      -- no sun: night
world:add_light{ pos = { 0, -200, 300 }, radius = 900 }       -- the lamp over the yard
world:add_box{ min = { 900, -600, 0 }, max = { 950, 200, 250 } } -- a wall to hide behind
world:define_profile{ name = "guard", vision = { use_per_target_light = true }, hearing = {} }

local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 800, 0 }, yaw = -90 }
local thief = world:add_target{ name = "intruder", pos = { -1800, -300, 0 }, stance = "crouched" }

local function say(text) print(string.format("%6.1f s  %s", world:time(), text)) end

for _, name in ipairs({ "suspect", "detect", "track", "lost", "remember", "forget" }) do
  guard:on(name, function(ev)
    say(string.format("  guard: %-8s the %s (%.0f%%%s)", name, ev.target.name, ev.confidence * 100,
      ev.loss_reason and ev.loss_reason ~= "none" and (", " .. ev.loss_reason:gsub("_", " ")) or ""))
  end)
end
guard:on("location_belief_changed", function(ev)
  if ev.from == "undetected" then
    say(string.format("  guard: hears a %s and turns to look", ev.tag))
    guard:look_at(ev.location.x, ev.location.y, ev.location.z)
  end
end)

-- The intruder's night: { from time, what it does, how it moves (velocity cm/s) }.
local plan = {
  { 0, "creeps in crouched, in the dark at the west gate", { 100, 0 } },
  { 10, "stands up and walks into the lamplight", { 120, 0 }, "standing" },
  { 16, "sprints for the wall", { 450, 0 } },
  { 18.5, "crouches behind the wall and waits", { 0, 0 }, "crouched" },
  { 40, "throws a bottle at the far side of the yard", { 0, 0 }, nil, "GlassBreak" },
  { 44, "slips away east while the guard looks there", { 150, -60 } },
}

print(string.format("%s (%s backend): one guard, one lamp, one wall, 60 s at 30 Hz", wary._VERSION, wary.backend))
local dt, next_phase, vel = 1 / 30, 1, { 0, 0 }
for _ = 1, 30 * 60 do
  local phase = plan[next_phase]
  if phase and world:time() >= phase[1] - 1e-6 then
    say("> the intruder " .. phase[2])
    vel = phase[3]
    if phase[4] then thief:set_stance(phase[4]) end
    if phase[5] then world:emit_sound_at({ -600, -900, 0 }, phase[5]) end
    next_phase = next_phase + 1
  end
  local x, y = thief:pos()
  thief:set_pos(x + vel[1] * dt, y + vel[2] * dt, 0)
  thief:set_velocity(vel[1], vel[2], 0)
  world:step(dt)
end
say(string.format("the guard ends %s about the intruder (%.0f%%)", guard:state(thief),
  guard:confidence(thief) * 100))
