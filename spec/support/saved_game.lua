-- spec/support/saved_game.lua: a game for spec/save_spec.lua that uses every
-- feature the facade offers (vision through glass and fog, lamps, the sun,
-- hearing, vibration, smell, touch, damage, pain, a Lua custom sense, the
-- brain, GECK, evidence, relationships, props, removals), played by turns
-- drawn from a generator that gives the same numbers on both backends. Its
-- log has one line per event with numbers as %a, so two runs compare exactly.
--
--   local game = require("spec.support.saved_game")
--   local g = game.new(true); game.play(g, 0, 300); local s = g.world:save_state()
--
-- As a script (the other backend, from save_spec.lua): load the state in
-- file IN into a fresh world, play turns FIRST..LAST, print the log, write
-- the final state into file OUT:
--   luajit spec/support/saved_game.lua IN FIRST LAST OUT
local wary = require("wary")

local game = {}

-- The definitions into world w; hunch_interval: the Hunch sense's (nil: 0.05).
local function define(w, hunch_interval)
  w:define_material{ name = "glass", vision_transmission = 0.6, sound_wall = false }
  w:define_sense{
    id = "Hunch", interval = hunch_interval or 0.05, max_range = 2500,
    evaluate = function(ctx, _, target)
      local heat = target.props.heat or 0
      if heat > 0.3 then return heat * (1 - ctx.distance / 2500), 0.5 end
    end,
  }
  w:define_profile{
    name = "watcher", senses = { "Vision", "Hearing", "Vibration", "Smell", "Touch", "Damage", "Pain", "Hunch" },
    lost_time = 1.5, memory_time = 3, brain = { emotions = true },
    vision = { first_spot_reaction_time = 0.2 },
  }
  w:define_profile{ name = "classic", model = "geck", senses = { "Vision", "Hearing" } }
  w:define_pain{ name = "Burn", effects = { Vision = 0.5 } }
end

game.define = define

-- A world with the definitions; populated: with its scene and actors too.
-- options: wary.world's (nil: its defaults).
function game.new(populated, options)
  local w = wary.world(options or {})
  define(w)
  local g = { world = w, cast = {}, log = {} }
  if not populated then return g end
  w:add_box{ min = { 500, -100, 0 }, max = { 600, 900, 300 } }
  w:add_box{ min = { 1500, 400, 0 }, max = { 1550, 1200, 250 }, material = "glass" }
  w:add_light{ pos = { 1000, 0, 300 }, radius = 1500 }
  w:add_environment{ min = { 0, 0, 0 }, max = { 700, 700, 700 }, vision_range_scale = 0.4, light = 0.1 }
  w:set_sun{ direction = { 0.3, 0.2, -1 }, intensity = 0.9, ambient = 0.25 }
  w:set_relationship("guards", "birds", "neutral")
  for i = 1, 6 do
    g.cast["guard" .. i] = w:add_agent{ name = "guard" .. i, profile = i <= 4 and "watcher" or "classic",
      pos = { i * 400, (i % 2) * 300, 0 }, yaw = i * 60, team = "guards",
      props = { rank = i, nick = "g" .. i, partner = g.cast.guard1, kit = { "radio", i * 0.5 } } }
  end
  for i = 1, 6 do
    g.cast["thief" .. i] = w:add_target{ name = "thief" .. i, pos = { i * 500, 1500, 0 },
      team = i == 6 and "birds" or "thieves", props = { heat = i / 6, sneak = i * 10 } }
  end
  return g
end

-- The cast of a world whose state was loaded: its actors by name.
function game.recast(g)
  g.cast = {}
  for _, a in ipairs(g.world:actors()) do g.cast[a.name] = a end
end

-- Numbers from turn n alone, the same on both backends (exact in doubles).
local function numbers(n)
  local s = (n * 2654435761 + 12345) % 4294967296
  return function()
    s = (s * 1664525 + 1013904223) % 4294967296
    return s / 4294967296
  end
end

local function name_of(a) return a and a.name or "-" end

local function logged(g, n, ev)
  local parts = { n, ev.type, name_of(ev.agent), name_of(ev.target or ev.attacker) }
  for _, k in ipairs({ "from", "to", "loss_reason", "sound", "tag", "pain", "damage_type" }) do
    if ev[k] ~= nil then parts[#parts + 1] = k .. "=" .. tostring(ev[k]) end
  end
  for _, k in ipairs({ "confidence", "loudness", "amount", "level", "detection" }) do
    if ev[k] ~= nil then parts[#parts + 1] = k .. "=" .. string.format("%a", ev[k]) end
  end
  g.log[#g.log + 1] = table.concat(parts, " ")
end

function game.turn(g, n)
  local w, r = g.world, numbers(n)
  local thief = g.cast["thief" .. (math.floor(r() * 6) + 1)]
  local guard = g.cast["guard" .. (math.floor(r() * 6) + 1)]
  local what = math.floor(r() * 30)
  local x, y, v = r() * 3000 - 500, r() * 2000 - 200, r()
  if thief then thief:set_pos(x, y, 0) end
  if thief and guard then
    if what == 0 then w:emit_sound(thief, "Footstep")
    elseif what == 1 then w:emit_sound_at({ x, y, 0 }, "Gunshot")
    elseif what == 2 then w:emit_stimulus{ tag = "Stimulus.Vibration.Step", pos = { x, y, 0 }, source = thief }
    elseif what == 3 then w:apply_damage{ victim = guard, instigator = thief, amount = 5 + 30 * v, type = "Fire" }
    elseif what == 4 and guard.profile.name == "watcher" then guard:report_pain("Burn", v)
    elseif what == 5 and guard.profile.name == "watcher" then
      guard:add_evidence(thief, "Disguise", "clamp", v, { lifetime = n % 3 == 0 and 0 or 0.7, source = "uniform" })
    elseif what == 6 and guard.profile.name == "watcher" then guard:set_confidence(thief, v)
    elseif what == 7 and guard.profile.name == "watcher" then guard:report_touch(thief)
    elseif what == 8 then guard:report_location_belief({ x, y, 0 }, "Noise", v, 0.5)
    elseif what == 9 then w:create_detection_event{ owner = thief, pos = { x, y, 0 }, rating = 50 * v, type = "weapon" }
    elseif what == 10 then guard:set_relationship(thief, n % 2 == 0 and "friendly" or "hostile")
    elseif what == 11 then thief:set_team(n % 2 == 0 and "thieves" or "birds")
    elseif what == 12 and guard.profile.name == "watcher" then guard:set_fear_input(v)
    elseif what == 13 then guard:look_at(x, y, 100)
    elseif what == 14 then thief:set_stance(({ "standing", "crouched", "prone" })[n % 3 + 1])
    elseif what == 15 then thief:set_prop("heat", v)
    elseif what == 16 then
      local name = thief.name
      thief:remove()
      g.cast[name] = w:add_target{ name = name, pos = { x, y, 0 }, team = "thieves", props = { heat = v, made = n } }
    elseif what == 17 then guard:set_yaw(360 * v)
    elseif what == 18 then w:set_weather(0.5 + 0.5 * v)
    end
  end
  local dt = ({ 1 / 60, 1 / 60, 1 / 60, 1 / 30, 0, 0.05 + v * 0.1 })[n % 6 + 1]
  for _, ev in ipairs(w:step(dt) or w:events()) do logged(g, n, ev) end
end

function game.play(g, first, last)
  for n = first, last do game.turn(g, n) end
end

if arg and arg[0] and arg[0]:match("saved_game%.lua$") and arg[1] then
  local f = assert(io.open(arg[1], "rb"))
  local s = f:read("*a")
  f:close()
  local g = game.new(false)
  g.world:load_state(s)
  game.recast(g)
  game.play(g, tonumber(arg[2]), tonumber(arg[3]))
  for _, line in ipairs(g.log) do print(line) end
  local out = assert(io.open(arg[4], "wb"))
  out:write(g.world:save_state())
  out:close()
  print("# end")
end

return game
