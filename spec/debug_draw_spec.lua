-- spec/debug_draw_spec.lua: wary.debug draws a world through a graphics table
-- (here a fake that records calls, so it runs without LÖVE); the LÖVE demo
-- itself is tested by scripts/love_test.sh (ctest love_demo).
local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local wdebug = require("wary.debug")

-- A stand-in for love.graphics that records every call by name.
local function fake_graphics()
  local calls, g = {}, {}
  local width = 1
  setmetatable(g, { __index = function(_, name)
    return function(...)
      calls[#calls + 1] = { name = name, ... }
      if name == "getLineWidth" then return width end
      if name == "setLineWidth" then width = (...) end
    end
  end })
  return g, calls
end

local function count(calls, name)
  local n = 0
  for _, c in ipairs(calls) do
    if c.name == name then n = n + 1 end
  end
  return n
end

local function scene()
  local world = wary.world{ units_per_meter = 32 }
  world:define_profile{ name = "guard", hearing = {}, vision = { max_range = 16 * 32, enable_peripheral_cone = true } }
  world:add_box{ min = { 100, -20, 0 }, max = { 110, 20, 96 }, material = "glass" }
  world:add_box{ min = { 50, 60, 0 }, max = { 80, 90, 32 }, material = "wood" }
  local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 }, yaw = 0 }
  local player = world:add_target{ name = "you", pos = { 200, 0, 0 } }
  world:emit_sound_at({ -100, 50, 0 }, "ThrownRock")
  world:emit_sound(player, "Footstep")
  for _ = 1, 60 do world:step(1 / 60) end
  return world, guard, player
end

-- The rays layer alone: its calls (setColor and line in turn).
local RAYS_ONLY = { boxes = false, cones = false, meters = false, sounds = false, places = false,
                    last_known = false, explain = false, space = false }
local function rays_drawn(world)
  local g, calls = fake_graphics()
  local o = { graphics = g }
  for k, v in each(RAYS_ONLY) do o[k] = v end
  local n = wdebug.draw(world, o).rays
  -- each line's colour: the setColor before it
  local colours, colour = {}, nil
  for _, c in ipairs(calls) do
    if c.name == "setColor" then colour = c end
    if c.name == "line" then colours[#colours + 1] = colour[2] > 0.5 and "clear" or "blocked" end
  end
  return n, colours
end

describe("debug drawing", function()
  it("draws no ray for a look that cast none: at its range, on its cone's edge", function()
    local edge = math.rad(60)
    for _, pos in ipairs({ { 3000, 0, 0 }, { 1000 * math.cos(edge), 1000 * math.sin(edge), 0 } }) do
      local world = wary.world()
      world:define_profile{ name = "guard", vision = {} }
      world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0 }
      world:add_target{ pos = pos }
      assert.are.equal(0, (rays_drawn(world)))
    end
  end)

  it("draws a target's blocked rays before its clear ones, which lie over them seen from above", function()
    local world = wary.world()
    world:define_profile{ name = "guard", vision = {} }
    world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0 }
    world:add_target{ pos = { 1000, 0, 0 } }
    world:add_box{ min = { 900, -200, 0 }, max = { 920, 200, 130 } } -- chest high: the pelvis is hidden
    local n, colours = rays_drawn(world)
    assert.are.equal(5, n)
    assert.are.same({ "blocked", "clear", "clear", "clear", "clear" }, colours)
  end)

  it("draws the cones as far as the agent sees from where it stands: fog shortens them", function()
    local world = wary.world{ units_per_meter = 32 }
    world:define_profile{ name = "guard", vision = { max_range_m = 16, enable_peripheral_cone = true } }
    world:add_agent{ profile = "guard", pos = { 0, 0 }, yaw = 0, name = "guard" }
    local fog = world:add_environment{ min = { -100, -100 }, max = { 300, 100 }, vision_range_scale = 0.25 }
    local function radii()
      local g, calls = fake_graphics()
      wdebug.draw(world, { graphics = g, boxes = false, rays = false, meters = false, sounds = false,
                           places = false, last_known = false, explain = false, space = false })
      local r = {}
      for _, c in ipairs(calls) do
        if c.name == "arc" and c[1] == "line" then r[#r + 1] = c[5] end
      end
      return r
    end
    assert.are.same({ 0.6 * 128, 128 }, radii())  -- peripheral (60% of the range), focal: 16 m x 0.25
    fog:remove()
    assert.are.same({ 0.6 * 512, 512 }, radii())
  end)

  it("world:boxes lists the live boxes with their bounds and material", function()
    local world = wary.world{ units_per_meter = 32 }
    local a = world:add_box{ min = { 0, 0, 0 }, max = { 1, 2, 3 }, material = "glass" }
    local b = world:add_box{ min = { 5, 5, 0 }, max = { 6, 6, 1 } }
    b:set_bounds({ 5, 5, 0 }, { 7, 7, 2 })
    assert.are.equal(2, #world:boxes())
    assert.are.equal("glass", world:boxes()[1].material)
    assert.are.equal("concrete", world:boxes()[2].material)
    assert.are.same({ 7, 7, 2 }, world:boxes()[2].max)
    a:remove()
    assert.are.equal(1, #world:boxes())
    assert.are.equal(b, world:boxes()[1])
  end)

  it("draws every layer, inside one push/pop, and counts what it drew", function()
    local world, guard, player = scene()
    assert.are.equal("tracked", guard:state(player))
    local g, calls = fake_graphics()
    local counts = wdebug.draw(world, { graphics = g, scale = 2, x = 10, y = 20 })
    assert.are.equal("push", calls[1].name)
    assert.are.equal("pop", calls[#calls].name)
    assert.are.equal(2, counts.boxes)
    assert.are.equal(1, counts.cones)
    assert.are.equal(5, counts.rays)          -- five sample points, all in the focal cone
    assert.are.equal(1, counts.meters)
    assert.is_true(counts.sounds >= 1)
    assert.are.equal(1, counts.places)        -- the can nobody threw
    assert.are.equal(1, counts.last_known)
    assert.is_true(count(calls, "arc") >= 2)  -- focal and peripheral cones
  end)

  it("draws the lamps and the volumes (fog, a dark room), named, in the space layer", function()
    local world = scene()
    world:add_light{ pos = { 40, 40, 64 }, radius = 96, intensity = 0.5 }
    world:add_environment{ name = "fog", min = { 120, -40, 0 }, max = { 180, 40, 96 }, vision_range_scale = 0.5 }
    local cellar = world:add_environment{ name = "cellar", min = { -80, -80, 0 }, max = { -20, -20, 96 }, light = 0.1 }
    local g, calls = fake_graphics()
    local counts = wdebug.draw(world, { graphics = g })
    assert.are.equal(3, counts.space)
    local names = {}
    for _, c in ipairs(calls) do
      if c.name == "print" then names[c[1]] = true end
      if c.name == "circle" and c[4] == 96 then names.lamp = true end
    end
    assert.is_true(names.fog and names.cellar and names.lamp)
    cellar:remove()
    assert.are.equal(2, wdebug.draw(world, { graphics = g }).space)
    assert.are.equal(0, wdebug.draw(world, { graphics = g, space = false }).space)
  end)

  it("a meter shows the strongest belief about someone not friendly, not a squadmate", function()
    local world = wary.world{ units_per_meter = 32 }
    world:define_profile{ name = "guard", vision = { max_range = 16 * 32 } }
    local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 }, yaw = 0, team = 1 }
    local mate = world:add_target{ name = "mate", pos = { 64, 0, 0 }, team = 1 }
    local player = world:add_target{ name = "you", pos = { 320, 0, 0 }, team = 2 }
    world:set_relationship(1, 2, "hostile")
    for _ = 1, 30 do world:step(1 / 60) end
    local c_mate, c_you = guard:confidence(mate), guard:confidence(player)
    assert.is_true(c_mate > c_you)             -- the squadmate is closer and believed in
    assert.are.equal("friendly", guard:relationship(mate))
    local g, calls = fake_graphics()
    wdebug.draw(world, { graphics = g, boxes = false, cones = false, rays = false, sounds = false,
                         places = false, last_known = false, explain = false })
    local label
    for _, c in ipairs(calls) do
      if c.name == "print" and type(c[1]) == "string" and c[1]:match("^guard ") then label = c[1] end
    end
    assert.are.equal(string.format("guard %s %d%%", guard:state(player), math.floor(c_you * 100 + 0.5)), label)
  end)

  it("colours a ray by the sight that reached its sample point", function()
    local world = scene()
    local g, calls = fake_graphics()
    wdebug.draw(world, { graphics = g, boxes = false, cones = false, meters = false, sounds = false,
                         places = false, last_known = false })
    -- Only rays: each is a setColor then a line; clear glass lets every one through (green).
    local greens = 0
    for i, c in ipairs(calls) do
      if c.name == "line" and calls[i - 1].name == "setColor" and calls[i - 1][2] == 1 then greens = greens + 1 end
    end
    assert.are.equal(5, greens)
  end)

  it("shows the explanation of the belief under the mouse", function()
    local world, guard, player = scene()
    local g, calls = fake_graphics()
    local counts = wdebug.draw(world, { graphics = g, scale = 2, x = 10, y = 20, mouse = { 10 + 2 * 200, 20 + 4 } })
    assert.are.equal(1, counts.explain)
    local shown
    for _, c in ipairs(calls) do
      if c.name == "print" and tostring(c[1]):find("guard about you", 1, true) then shown = c[1] end
    end
    assert.are.equal(guard:explain_text(player), shown)
    assert.are.equal(0, wdebug.draw(world, { graphics = g, mouse = { -500, -500 } }).explain)
    assert.are.equal(0, wdebug.draw(world, { graphics = g }).explain)
    -- the mouse as a vector table with names, as set_pos takes one
    local named = wdebug.draw(world, { graphics = g, scale = 2, x = 10, y = 20, mouse = { x = 10 + 2 * 200, y = 24 } })
    assert.are.equal(1, named.explain)
  end)

  it("explains a target nobody believes in by the nearest agents whose eyes reach it", function()
    local world = wary.world()
    world:define_profile{ name = "guard", vision = {} }
    world:define_profile{ name = "blind", hearing = {} }
    local guards = {}
    for i = 1, 4 do guards[i] = world:add_agent{ name = "g" .. i, profile = "guard", pos = { -100 * i, 0, 0 } } end
    world:add_agent{ name = "ears", profile = "blind", pos = { -50, 0, 0 } } -- no eyes: not asked
    local player = world:add_target{ name = "you", pos = { 1000, 0, 0 } }
    world:add_box{ min = { 900, -200, 0 }, max = { 920, 200, 300 } } -- hides it from all of them
    for _ = 1, 30 do world:step(1 / 60) end
    for _, g in ipairs(guards) do assert.is_nil(g:belief(player)) end
    local g, calls = fake_graphics()
    assert.are.equal(1, wdebug.draw(world, { graphics = g, mouse = { 1000, 0 } }).explain)
    local shown
    for _, c in ipairs(calls) do
      if c.name == "print" and tostring(c[1]):find("about you", 1, true) then shown = c[1] end
    end
    -- the three nearest, nearest first
    assert.are.equal(table.concat({ guards[1]:explain_text(player), guards[2]:explain_text(player),
      guards[3]:explain_text(player) }, "\n"), shown)
    assert.matches("sight stopped by box #0 (concrete)", shown, 1, true)
    -- beyond every agent's eyes: said so
    player:set_pos(9000, 0, 0)
    g, calls = fake_graphics()
    wdebug.draw(world, { graphics = g, mouse = { 9000, 0 } })
    local said
    for _, c in ipairs(calls) do
      if c.name == "print" and tostring(c[1]):find("you: no agent", 1, true) then said = c[1] end
    end
    assert.are.equal("you: no agent believes in it or sees that far", said)
  end)

  it("switches each layer off", function()
    local world = scene()
    local off = {}
    for _, l in ipairs(wdebug.layers) do off[l] = false end
    local g, calls = fake_graphics()
    off.graphics = g
    local counts = wdebug.draw(world, off)
    for _, l in ipairs(wdebug.layers) do assert.are.equal(0, counts[l]) end
    assert.are.equal(0, count(calls, "line") + count(calls, "rectangle") + count(calls, "arc"))
  end)

  it("refuses bad options by name, draws nothing then, and says when there is nothing to draw with", function()
    local expect = require("spec.support.expect")
    local world, _, player = scene()
    local g, calls = fake_graphics()
    local box = world:boxes()[1]
    for _, case in ipairs({
      { { graphics = g, scale = 0 }, "'scale'", "a finite number >= 1e-09", "got 0" },
      { { graphics = g, scale = "2" }, "'scale'", '"2"' },
      { { graphics = g, ray = false }, "'ray'", "did you mean 'rays'" },
      { { graphics = g, targets = { player, box } }, "'targets[2]'", "an actor of this world", "box" },
      { { graphics = g, targets = player }, "'targets'", "a list of actors", "you" },
      { { graphics = g, explain = true, mouse = {} }, "'mouse'", "a vector of finite numbers", "got no x" },
      { { graphics = g, mouse = { 1, 0 / 0 } }, "'mouse'", "a vector of finite numbers", "got nan" },
    }) do
      expect.mentions(expect.error_of(function() wdebug.draw(world, case[1]) end), "debug.draw options",
        (table.unpack or unpack)(case, 2))
    end
    -- the world itself: an actor, nothing, a table
    for _, case in ipairs({ { player, "an actor (you)" }, { nil, "got nil" }, { {}, "got a table" } }) do
      expect.mentions(expect.error_of(function() wdebug.draw(case[1], { graphics = g }) end), "debug.draw",
        "field 'world'", "a wary world", case[2])
    end
    local gone = wary.world{}
    gone:destroy()
    expect.mentions(expect.error_of(function() wdebug.draw(gone, { graphics = g }) end), "debug.draw",
      "field 'world'", "a live world", "got a destroyed one")
    assert.are.equal(0, #calls)
    if rawget(_G, "love") == nil then
      expect.mentions(expect.error_of(function() wdebug.draw(world) end), "debug.draw", "no graphics",
        "love.draw", "options.graphics")
    end
  end)
end)
