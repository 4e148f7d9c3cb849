-- Worker threads (wary.world{ workers = N }): the step senses agents and
-- resolves their beliefs on N threads, and nothing it does depends on N. One
-- scripted scenario with every sense (a Lua custom sense among them, run on
-- this thread), evidence, damage, pain, emotions, GECK agents, sounds,
-- stimuli and moving boxes is played with 1, 2, 3, 4 and 8 workers: every
-- event, confidence, state, timer and brain, written out exactly (%a), is
-- the same text. (spec/c/test_determinism.c also splits the work as no pool
-- would: pieces out of order, threads of its own.)

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local AGENTS, TARGETS, STEPS = 40, 12, 150

local function number(v) return string.format("%a", v) end

-- A value of an event or a belief as text; actors by the name we gave them.
local function text(v, names)
  local t = type(v)
  if t == "number" then return number(v) end
  if t ~= "table" then return tostring(v) end
  if names[v] then return names[v] end
  if v.x then return number(v.x) .. "," .. number(v.y) .. "," .. number(v.z) end
  local keys = {}
  for k in each(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  local out = {}
  for _, k in ipairs(keys) do out[#out + 1] = k .. "=" .. text(v[k] == nil and v[tonumber(k)] or v[k], names) end
  return "{" .. table.concat(out, " ") .. "}"
end

local function scene(workers)
  local world = wary.world{ workers = workers }
  world:load("senses/thermal.lua")
  world:load("profiles/geck.lua")
  world:define_profile{ name = "watcher", senses = { "Thermal" },
    vision = { enable_peripheral_cone = true, enable_rear_motion_cone = true, use_per_target_light = true },
    hearing = {}, smell = {}, touch = {}, echolocation = {}, vibration = {}, damage = {}, pain = {},
    brain = { emotions = true }, fade_rate = 0.4, lost_time = 1.5, memory_time = 3 }
  world:define_material{ name = "glass", vision_transmission = 0.6, sound_wall = false }
  world:add_light{ pos = { -1200, 0, 300 }, radius = 900, cast_shadows = true }
  world:add_light{ pos = { 1200, 0, 300 }, radius = 900, cast_shadows = true }
  world:add_environment{ min = { 600, -3000, -100 }, max = { 3000, 3000, 1000 }, vision_range_scale = 0.4 }
  local s = { world = world, names = {}, agents = {}, targets = {}, boxes = {}, geck = {} }
  for i = 1, 10 do
    local x, y = (i % 5) * 700 - 1400, math.floor(i / 5) * 900 - 450
    s.boxes[i] = world:add_box{ min = { x, y, 0 }, max = { x + 120, y + 300, 250 },
      material = i % 3 == 0 and "glass" or "concrete" }
  end
  for i = 1, AGENTS do
    local a = world:add_agent{ profile = i % 4 == 0 and "geck_guard" or "watcher", team = "guards",
      pos = { (i % 8) * 400 - 1400, math.floor(i / 8) * 400 - 1000, 0 }, yaw = i * 47 % 360 }
    s.agents[i], s.names[a], s.geck[a] = a, "a" .. i, i % 4 == 0
  end
  for i = 1, TARGETS do
    local t = world:add_target{ pos = { i * 200 - 1600, 1500, 0 }, team = "intruders",
      stance = ({ "standing", "crouched", "prone" })[i % 3 + 1], props = { heat = 0.5 + 0.03 * i } }
    t:set_scent(0.8)
    s.targets[i], s.names[t] = t, "t" .. i
  end
  return s
end

-- What the game does before step n, the same in every world.
local function play(s, n)
  local world, t = s.world, n / 60
  for i, target in ipairs(s.targets) do
    local a = t * (0.3 + 0.05 * i) + i
    target:set_pos(math.cos(a) * (600 + 90 * i), math.sin(a) * 1400, 0)
  end
  for i = 2, #s.boxes, 2 do
    local x, y = (i % 5) * 700 - 1400 + math.sin(t + i) * 200, math.floor(i / 5) * 900 - 450
    s.boxes[i]:set_bounds({ x, y, 0 }, { x + 120, y + 300, 250 })
  end
  local target, agent = s.targets[n % TARGETS + 1], s.agents[n % AGENTS + 1]
  if n % 7 == 0 then world:emit_sound(target, "Footstep") end
  if n % 29 == 0 then world:emit_sound_at({ (n % 5) * 300, -200, 0 }, "ThrownRock") end
  if n % 13 == 0 then
    world:emit_stimulus{ tag = "Stimulus.Vibration", pos = { (n % 9) * 200 - 900, 0, 0 }, radius = 1500 }
  end
  if n % 31 == 0 then world:apply_damage{ victim = agent, instigator = target, amount = 30, type = "Rifle" } end
  if not s.geck[agent] then
    if n % 23 == 0 then agent:report_pain("Flashbang", 0.6) end
    if n % 17 == 0 then agent:report_touch(target) end
    if n % 41 == 0 then
      agent:add_evidence(target, "Disguise", n % 2 == 0 and "clamp" or "raise", 0.4, { lifetime = 1 })
    end
  end
  if n % 37 == 0 then agent:set_yaw(n * 11 % 360) end
end

-- The whole run as text, and how many events of each type it made.
local function run(workers)
  local s = scene(workers)
  local out, kinds = {}, {}
  for n = 0, STEPS - 1 do
    play(s, n)
    s.world:step(1 / 60)
    for _, ev in ipairs(s.world:events()) do
      out[#out + 1] = text(ev, s.names)
      kinds[ev.type] = (kinds[ev.type] or 0) + 1
    end
    if n % 50 == 49 then
      for _, a in ipairs(s.agents) do
        out[#out + 1] = text(a:beliefs(), s.names)
        out[#out + 1] = text(a:location_beliefs(), s.names)
        if s.geck[a] then
          out[#out + 1] = text(a:geck(), s.names)
        else
          out[#out + 1] = text(a:brain_state(), s.names)
        end
      end
      out[#out + 1] = text(s.world:stats(), s.names)
    end
  end
  return table.concat(out, "\n"), kinds, s.world
end

describe("worker threads", function()
  local want, kinds = run(0)

  it("the scenario senses, believes and feels: every kind of event, rays, custom queries", function()
    for _, kind in ipairs({ "suspect", "detect", "track", "lost", "hear", "sound_heard", "location_belief_changed",
                            "damaged", "pain_reported", "emotion_changed", "normal_to_alert" }) do
      assert(kinds[kind] and kinds[kind] > 0, "no " .. kind .. " event")
    end
  end)

  for _, workers in ipairs({ 1, 2, 3, 4, 8 }) do
    it(workers .. " workers give the same events, beliefs, places, brains and counters to the bit", function()
      local got, _, world = run(workers)
      assert.are.equal(workers, world:workers())
      assert.is_true(got == want, "the run with " .. workers .. " workers differs")
      assert.is_true(world:stats().rays > 10000)
      assert.is_true(world:stats().queries > 1000)
    end)
  end

  it("workers must be a whole number 0 .. 64", function()
    assert.has_error(function() wary.world{ workers = 65 } end,
      "world: field 'workers' expected an integer in [0, 64], got 65")
    assert.has_error(function() wary.world{ workers = 1.5 } end)
  end)
end)
