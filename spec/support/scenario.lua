-- spec/support/scenario.lua: one scripted scenario, run the same way by both
-- backends, that writes a full log: every event, one line each, a snapshot
-- of every belief each second, and a final dump of every belief with its
-- evidence. spec/backends_spec.lua runs it in-process and under the other
-- interpreter and compares the logs line for line.
--
--   lua5.4 spec/support/scenario.lua      (or luajit; with scripts/env.sh sourced)
--   local lines = require("spec.support.scenario").run()
--
-- Numbers are written with string.format("%.9g") (Lua 5.4 and LuaJIT print
-- numbers differently otherwise: 1.0 against 1), enough digits to tell any two
-- floats apart. sense_error messages are cut to their first line (the
-- traceback below it names files and lines).
--
-- The cast: three sentries and a seer of the "guards" team with the shipped
-- thermal, radar and psychic senses and "Flaky", a custom sense that fails
-- sometimes (every 37th call, and always for targets whose props.flaky says
-- "error", "string" or "nan"); a thief who walks in, stands by the north
-- sentry, puts on a cooling suit and runs off; a drone flying a straight line;
-- a ghost only minds can feel; a decoy removed at 15 s; a tower sentry
-- removed at 25 s; evidence, set_confidence and unmute_sense along the way.
local wary = require("wary")

local scenario = {}

local HZ = 30
local SECONDS = 40

local function num(v)
  return string.format("%.9g", v)
end

local function first_line(s)
  if s == nil then return "-" end
  return (tostring(s):match("^[^\n]*"))
end

local function name_of(actor)
  return actor and actor.name or "-"
end

local function vec(v)
  return num(v.x) .. "," .. num(v.y) .. "," .. num(v.z)
end

-- The Flaky sense. `state.calls` counts its calls in this run.
local function flaky_sense(state)
  return {
    id = "Flaky",
    description = "a shaky short-range motion sensor that fails now and then",
    interval = 0.2,
    max_range_m = 20,
    loss_grace = 0.5,
    direct_lost_cut = false,
    loss_reason = "sensor_dropout",
    evaluate = function(ctx, profile, target)
      state.calls = state.calls + 1
      local mode = target.props.flaky
      if mode == "error" then error("flaky: static on the line", 0) end
      if mode == "string" then return "loud" end
      if mode == "nan" then return 0 / 0 end
      if state.calls % 37 == 0 then error(string.format("flaky: glitch on call %d", state.calls), 0) end
      local gain = profile.settings.flaky_gain or 1
      local c = (1 - ctx.distance / (20 * ctx.units_per_meter)) * gain
      if ctx.off_screen then c = c * 0.5 end
      c = c / (1 + ctx.lod_tier)
      if c <= 0.05 then return nil end
      -- it leads the target a little: where it will be after ctx.dt
      local p, v = ctx.target_pos, ctx.target_vel
      return c, 0.5, p.x + v.x * ctx.dt, p.y + v.y * ctx.dt, ctx.eye_pos.z - ctx.agent_pos.z
    end,
  }
end

-- The thief's plan: x, y, heat, radar cross-section at time t.
local function thief_plan(t)
  if t < 20 then return -6000 + 300 * t, 0, 0.9, 1 end      -- walking in
  if t < 26 then return 0, 0, 0.9, 1 end                    -- standing by the north sentry
  if t < 30 then return 0, 0, 0.05, 1 end                   -- cooling suit on
  if t < 34 then return 600 * (t - 30), 0, 0.05, 1 end      -- running east, still cold
  return 9000, 0, 0.05, 0.5                                 -- gone, far east
end

-- Runs the scenario; returns the log as a list of lines.
function scenario.run()
  local out = {}
  local function emit(...)
    out[#out + 1] = table.concat({ ... }, " ")
  end

  local state = { calls = 0 }
  local world = wary.world{ units_per_meter = 100, weather = 1, sense_error_limit = 3 }
  world:load("senses/thermal.lua")
  world:load("senses/radar.lua")
  world:load("senses/psychic.lua")
  world:define_sense(flaky_sense(state))
  world:define_profile{ name = "sentry", senses = { "Thermal", "Radar", "Flaky" },
                        settings = { flaky_gain = 1 } }
  world:define_profile{ name = "lookout", extends = "sentry", sense_weights = { Radar = 1.5 },
                        sense_intervals = { Thermal = 0.25 }, settings = { flaky_gain = 0.8 } }
  world:define_profile{ name = "mystic", senses = { "Psychic", "Thermal", "Flaky" }, corroboration_bonus = 0.15,
                        settings = { flaky_gain = 1.2 } }

  local agents = {
    world:add_agent{ name = "north", profile = "sentry", pos = { 0, 800, 0 }, yaw = -90, team = "guards" },
    world:add_agent{ name = "south", profile = "lookout", pos = { 0, -2500, 0 }, yaw = 90, team = "guards",
                     lod_tier = 1 },
    world:add_agent{ name = "seer", profile = "mystic", pos = { -3000, 0, 0 }, team = "guards",
                     off_screen = true },
    world:add_agent{ name = "tower", profile = "sentry", pos = { 2500, -1000, 800 }, team = "guards" },
  }
  local north, south, seer, tower = agents[1], agents[2], agents[3], agents[4]
  local thief = world:add_target{ name = "thief", pos = { -6000, 0, 0 }, team = "intruders",
                                  props = { heat = 0.9 } }
  local drone = world:add_target{ name = "drone", pos = { 3000, -3000, 500 }, team = "intruders",
                                  props = { heat = 1, radar_cross_section = 1 } }
  local ghost = world:add_target{ name = "ghost", pos = { -2000, 1500, 0 }, team = "intruders",
                                  props = { heat = 0, radar_cross_section = 0, psionic = 2 } }
  local decoy = world:add_target{ name = "decoy", pos = { 600, -2000, 0 }, team = "intruders",
                                  props = { heat = 0.6, flaky = "error" } }
  world:add_target{ name = "buddy", pos = { 100, 700, 0 }, team = "guards", props = { heat = 1 } }
  world:add_target{ name = "stray", pos = { -2800, 200, 0 }, props = { heat = 0.4, psionic = 0.5 } }
  world:add_box{ min = { -2600, -400, 0 }, max = { -2500, 400, 300 }, material = "concrete" }

  local step = 0
  for _, e in ipairs(wary.schema.events) do
    world:on(e, function(ev)
      emit("event", tostring(step), num(world:time()), ev.type, name_of(ev.agent), name_of(ev.target),
        ev.from or "-", ev.to or "-", ev.loss_reason or "-", ev.confidence and num(ev.confidence) or "-",
        ev.sense or "-",
        first_line(ev.message))
    end)
  end

  local function dump_belief(kind, agent, b)
    local parts = { kind, tostring(step), agent.name, name_of(b.target), b.state, b.loss_reason,
      "c=" .. num(b.confidence), "s=" .. num(b.smoothed), "f=" .. num(b.fused),
      "t=" .. num(b.time_in_state), "at=" .. vec(b.last_known), "u=" .. num(b.uncertainty),
      "sensed=" .. tostring(b.sensed) }
    for _, id in ipairs(agent.profile.senses) do
      parts[#parts + 1] = string.format("%s=%s/%s/%s", id, num(b.contributions[id]),
        tostring(b.active[id]), tostring(b.muted[id]))
    end
    out[#out + 1] = table.concat(parts, " ")
  end

  local function snapshot(kind)
    for _, agent in ipairs(agents) do
      if agent:valid() then
        for _, b in ipairs(agent:beliefs()) do
          dump_belief(kind, agent, b)
          if kind == "final" and b.target then
            for _, e in ipairs(agent:evidence(b.target)) do
              emit("evidence", agent.name, b.target.name, e.tag, e.op, num(e.value), num(e.lifetime),
                num(e.remaining), e.source or "-")
            end
          end
        end
      end
    end
  end

  local dt = 1 / HZ
  for frame = 1, HZ * SECONDS do
    step = frame
    local t = frame * dt
    local x, y, heat, rcs = thief_plan(t)
    if thief:valid() then
      thief:set_pos(x, y, 0)
      thief.props.heat = heat
      thief.props.radar_cross_section = rcs
    end
    -- the drone flies north-west at 2 m/s, 5 m up
    drone:set_pos(3000 - 200 * t, -3000 + 100 * t, 500)
    drone:set_velocity(-200, 100, 0)

    if frame == 5 * HZ then world:set_weather(0.4) end
    if frame == 6 * HZ then ghost:set_prop("flaky", "string") end
    if frame == 7 * HZ then ghost:set_prop("flaky", nil) end
    if frame == 8 * HZ then
      south:add_evidence(drone, "Intel", "raise", 0.5, { lifetime = 4, source = "hq" })
      north:add_evidence(thief, "Disguise", "clamp", 0.3, { lifetime = 0, source = "uniform" })
    end
    if frame == 10 * HZ then seer:set_confidence(thief, 0.7) end
    if frame == 12 * HZ then
      north:remove_evidence(thief, "Disguise")
      north:add_evidence(thief, "Limp", "lower", 0.05, { lifetime = 6 })
    end
    if frame == 10 * HZ then seer:unmute_sense("Flaky") end
    if frame == 14 * HZ then ghost:set_prop("flaky", "nan") end
    if frame == 15 * HZ then decoy:remove() end
    if frame == 16 * HZ then ghost:set_prop("flaky", nil) end
    if frame == 18 * HZ then
      north:unmute_sense("Flaky")
      south:unmute_sense("Flaky")
    end
    if frame == 22 * HZ then south:set_confidence(ghost, 0.9) end
    if frame == 25 * HZ then tower:remove() end
    if frame == 28 * HZ then seer:add_evidence(ghost, "Seance", "invalidate", 0, { lifetime = 2 }) end
    if frame == 36 * HZ then south:clear_evidence(drone) end

    world:step(dt)
    if frame % HZ == 0 then snapshot("belief") end
  end

  snapshot("final")
  local stats = world:stats()
  emit("stats", "queries=" .. num(tonumber(stats.queries)), "candidates=" .. num(tonumber(stats.candidates)),
    "beliefs=" .. num(tonumber(stats.beliefs)), "flaky_calls=" .. num(state.calls),
    "events_dropped=" .. num(tonumber(world:events_dropped())), "time=" .. num(world:time()))
  world:destroy()
  return out
end

-- Run as a script: a header naming the backend, the log, an end marker.
local modname = ...
if type(modname) == "string" and modname:find("scenario", 1, true) and not modname:find("%.lua$") then
  return scenario
end
io.write("# backend ", wary.backend, "\n")
for _, line in ipairs(scenario.run()) do io.write(line, "\n") end
io.write("# end\n")
