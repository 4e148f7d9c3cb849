-- Geometry through the public API: world:ray through boxes of the shipped
-- materials (transmissions multiply, sound walls are counted once per box,
-- an opaque box stops sight), boxes that are added, moved, re-materialed and
-- removed, 2D use (z = 0), new materials, and the spatial grid that keeps a
-- custom sense from being asked about targets beyond its range.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local expect = require("spec.support.expect")
local worlds = require("spec.support.worlds")

local FLOAT_TOL = 1e-6 -- transmissions are single-precision floats in the core

local function near(expected, actual, tol)
  expect.near(expected, actual, tol or FLOAT_TOL)
end

-- A slab across the x axis from x0 to x1 (200 wide in y and z, centred on 0).
local function slab(world, x0, x1, material)
  return world:add_box{ min = { x0, -100, -100 }, max = { x1, 100, 100 }, material = material }
end

-- The ray along +x from the origin to x = 10000, and back.
local function along_x(world)
  return world:ray({ 0, 0, 0 }, { 10000, 0, 0 }), world:ray({ 10000, 0, 0 }, { 0, 0, 0 })
end

local function assert_ray(world, transmission, walls, boxes)
  for _, r in ipairs({ along_x(world) }) do
    near(transmission, r.transmission)
    assert.are.equal(walls, r.walls)
    assert.are.equal(boxes, r.boxes)
  end
end

-- Asserts that nothing gets through along x, either way; returns the ray forward.
local function assert_blocked(world)
  local forward, back = along_x(world)
  assert.are.equal(0, forward.transmission)
  assert.are.equal(0, back.transmission)
  return forward
end

-- A concrete wall from x = 300 to 400 and six glass panes beyond it (x = 500 to 1050).
local function concrete_then_glass(world)
  slab(world, 300, 400, "concrete")
  for i = 1, 6 do slab(world, 400 + i * 100, 450 + i * 100, "glass") end
end

describe("world:ray through the shipped materials", function()
  local world

  before_each(function()
    world = wary.world()
  end)

  it("crosses empty space untouched", function()
    assert_ray(world, 1, 0, 0)
  end)

  -- One slab of `material`: what the ray along x gets through it, both ways.
  for _, case in ipairs({
    { "lets all the sight through glass, which is still a wall for sound", "glass", 1.0, 1 },
    { "lets 0.72 through foliage, which is no wall for sound", "foliage", 0.72, 0 },
    { "lets 0.02 through smoke, which is no wall for sound", "smoke", 0.02, 0 },
  }) do
    local name, material, transmission, walls = case[1], case[2], case[3], case[4]
    it(name, function()
      slab(world, 100, 200, material)
      assert_ray(world, transmission, walls, 1)
    end)
  end

  it("lets nothing through concrete", function()
    slab(world, 100, 200, "concrete")
    local a = assert_blocked(world)
    assert.are.equal(1, a.walls)
    assert.are.equal(1, a.boxes)
  end)

  it("multiplies transmissions: foliage then foliage gives 0.72^2", function()
    slab(world, 100, 200, "foliage")
    slab(world, 400, 500, "foliage")
    assert_ray(world, 0.72 * 0.72, 0, 2)
    near(0.5184, world:ray({ 0, 0, 0 }, { 1000, 0, 0 }).transmission)
  end)

  it("multiplies every see-through box and counts each sound wall once", function()
    slab(world, 100, 200, "glass")
    slab(world, 300, 400, "foliage")
    slab(world, 500, 600, "glass")
    slab(world, 700, 800, "smoke")
    slab(world, 900, 1000, "glass")
    assert_ray(world, 1.0 * 0.72 * 1.0 * 0.02 * 1.0, 3, 5)
  end)

  it("counts a thick wall once however far the ray runs inside it", function()
    slab(world, 100, 5000, "glass")
    assert_ray(world, 1, 1, 1)
    expect.fields(world:ray({ 200, 0, 0 }, { 4000, 0, 0 }), { walls = 1, boxes = 1 }) -- from inside
  end)

  it("an opaque box lets nothing through, whatever lies beyond; every box on the segment is counted", function()
    slab(world, 100, 200, "foliage")
    concrete_then_glass(world)
    assert_blocked(world)
    -- Foliage (no wall), concrete and six glass panes (walls), in both directions.
    assert_ray(world, 0, 7, 8)
  end)

  it("counts every box and wall in front of the opaque box that stops it", function()
    -- From x = 10000 the ray crosses six glass boxes, then the concrete one.
    concrete_then_glass(world)
    expect.fields(world:ray({ 10000, 0, 0 }, { 0, 0, 0 }), { transmission = 0, boxes = 7, walls = 7 })
  end)

  it("misses boxes off the segment: beside it, or beyond its end", function()
    slab(world, 100, 200, "concrete")
    expect.fields(world:ray({ 0, 500, 0 }, { 1000, 500, 0 }), { transmission = 1, boxes = 0 }) -- beside
    expect.fields(world:ray({ 0, 0, 0 }, { 50, 0, 0 }), { transmission = 1, walls = 0 })        -- short
  end)

  it("accepts vectors as { x =, y =, z = } as well as { x, y, z }", function()
    slab(world, 100, 200, "foliage")
    near(0.72, world:ray({ x = 0, y = 0, z = 0 }, { x = 1000, y = 0, z = 0 }).transmission)
  end)

  it("refuses a NaN end point, naming it", function()
    local msg = expect.error_of(function() world:ray({ 0, 0, 0 }, { 0 / 0, 0, 0 }) end)
    expect.mentions(msg, "world:ray: field 'to' expected a vector of finite numbers, got nan")
  end)
end)

describe("boxes changed after they are added", function()
  local world, box

  before_each(function()
    world = wary.world()
    box = slab(world, 100, 200, "foliage")
  end)

  it("are counted by world:box_count", function()
    assert.are.equal(1, world:box_count())
    local b2 = slab(world, 300, 400, "glass")
    slab(world, 500, 600, "smoke")
    assert.are.equal(3, world:box_count())
    b2:remove()
    assert.are.equal(2, world:box_count())
    box:remove()
    assert.are.equal(1, world:box_count())
    assert.are.equal(0, wary.world():box_count())
  end)

  it("move with set_bounds: out of the ray, then back into it", function()
    assert_ray(world, 0.72, 0, 1)
    box:set_bounds({ 100, 500, -100 }, { 200, 700, 100 })
    assert_ray(world, 1, 0, 0)
    near(0.72, world:ray({ 0, 600, 0 }, { 1000, 600, 0 }).transmission)
    box:set_bounds({ 800, -100, -100 }, { 900, 100, 100 })
    assert_ray(world, 0.72, 0, 1)
    assert.are.equal(1, world:ray({ 0, 0, 0 }, { 700, 0, 0 }).transmission)
  end)

  it("change what they let through with set_material", function()
    box:set_material("concrete")
    assert.are.equal("concrete", box.material)
    expect.fields(world:ray({ 0, 0, 0 }, { 1000, 0, 0 }), { transmission = 0, walls = 1 })
    box:set_material("glass")
    assert_ray(world, 1, 1, 1)
    box:set_material("smoke")
    assert_ray(world, 0.02, 0, 1)
  end)

  it("stop affecting rays once removed", function()
    local wall = slab(world, 300, 400, "concrete")
    assert.are.equal(0, world:ray({ 0, 0, 0 }, { 1000, 0, 0 }).transmission)
    wall:remove()
    assert_ray(world, 0.72, 0, 1)
    box:remove()
    assert_ray(world, 1, 0, 0)
  end)

  it("keep their own results when many are added, moved and removed", function()
    -- 40 glass panes across x, then every other one becomes foliage, then some go.
    local panes = {}
    for i = 1, 40 do panes[i] = slab(world, 1000 + i * 200, 1100 + i * 200, "glass") end
    box:remove()
    assert_ray(world, 1, 40, 40)
    for i = 2, 40, 2 do panes[i]:set_material("foliage") end
    assert_ray(world, 0.72 ^ 20, 20, 40)
    for i = 1, 40, 4 do panes[i]:remove() end -- 10 glass panes go
    assert_ray(world, 0.72 ^ 20, 10, 30)
    for i = 2, 40, 4 do panes[i]:set_bounds({ 1000 + i * 200, 500, -100 }, { 1100 + i * 200, 700, 100 }) end
    assert_ray(world, 0.72 ^ 10, 10, 20) -- 10 foliage panes moved off the ray
    assert.are.equal(30, world:box_count())
  end)
end)

describe("2D use (z = 0)", function()
  it("takes {x, y} vectors for boxes, rays and actors", function()
    local world = wary.world{ units_per_meter = 32 }
    local hedge = world:add_box{ min = { 100, -50 }, max = { 150, 50 }, material = "foliage" }
    near(0.72, world:ray({ 0, 0 }, { 300, 0 }).transmission)
    assert.are.equal(1, world:ray({ 0, 100 }, { 300, 100 }).transmission)
    world:add_box{ min = { 200, -50 }, max = { 250, 50 }, material = "glass" }
    local r = world:ray({ 0, 0 }, { 300, 0 })
    near(0.72, r.transmission)
    expect.fields(r, { walls = 1, boxes = 2 })
    hedge:set_bounds({ 100, 60 }, { 150, 100 })
    near(1, world:ray({ 0, 0 }, { 300, 0 }).transmission)

    local player = world:add_target{ pos = { 30, 40 } }
    assert.are.same({ 30, 40, 0 }, { player:pos() })
    player:set_pos(60, 80)
    assert.are.same({ 60, 80, 0 }, { player:pos() })
  end)

  it("blocks sight with tall boxes around a ray at z = 0", function()
    local world = wary.world()
    world:add_box{ min = { 100, -50, -1e4 }, max = { 150, 50, 1e4 }, material = "concrete" }
    assert.are.equal(0, world:ray({ 0, 0 }, { 300, 0 }).transmission)
    assert.are.equal(1, world:ray({ 0, 100 }, { 300, 100 }).transmission)
  end)

  it("gives a custom sense the planar distance", function()
    local world = wary.world()
    local distances = {}
    world:define_sense{ id = "Flat", max_range = 1000, evaluate = function(ctx)
      distances[#distances + 1] = ctx.distance
    end }
    world:define_profile{ name = "p", senses = { "Flat" } }
    world:add_agent{ profile = "p", pos = { 0, 0 } }
    world:add_target{ pos = { 300, 400 } }
    worlds.run(world, 0.1)
    assert.is_true(#distances > 0)
    near(500, distances[1], 1e-3)
  end)
end)

describe("world:define_material", function()
  it("defines a new material that boxes can use", function()
    local world = wary.world()
    local m = world:define_material{ name = "paper", vision_transmission = 0.5, sound_wall = false }
    assert.are.equal("paper", m.name)
    local screen = slab(world, 100, 200, "paper")
    assert_ray(world, 0.5, 0, 1)
    slab(world, 300, 400, "paper")
    slab(world, 500, 600, "foliage")
    assert_ray(world, 0.5 * 0.5 * 0.72, 0, 3)
    screen:set_material("glass")
    assert_ray(world, 0.5 * 0.72, 1, 3)
  end)

  it("defaults to an opaque sound wall", function()
    local world = wary.world()
    local m = world:define_material{ name = "lead" }
    expect.fields(m, { vision_transmission = 0, sound_wall = true })
    slab(world, 100, 200, "lead")
    expect.fields(world:ray({ 0, 0, 0 }, { 1000, 0, 0 }), { transmission = 0, walls = 1 })
  end)

  it("redefined under the same name retunes the boxes already made of it", function()
    local world = wary.world()
    world:define_material{ name = "paper", vision_transmission = 0.5, sound_wall = false }
    slab(world, 100, 200, "paper")
    world:define_material{ name = "paper", vision_transmission = 0.25, sound_wall = true }
    assert_ray(world, 0.25, 1, 1)
  end)

  it("is the only way to materials when the shipped ones are turned off", function()
    local world = wary.world{ materials = false }
    local msg = expect.error_of(function() slab(world, 100, 200, "glass") end)
    expect.mentions(msg, "'material' expected a defined material, got \"glass\"")
    slab(world, 100, 200, "concrete") -- the built-in opaque wall is always there
    assert.are.equal(0, world:ray({ 0, 0, 0 }, { 1000, 0, 0 }).transmission)
    world:define_material{ name = "glass", vision_transmission = 0.9 }
    slab(world, 300, 400, "glass")
    near(0.9, world:ray({ 250, 0, 0 }, { 1000, 0, 0 }).transmission)
  end)
end)

-- ---- the spatial grid, through a custom sense's range ---------------------------

-- Park-Miller minimal standard generator: exact in doubles and in Lua 5.4
-- integers, so both interpreters draw the same positions.
local function rng(seed)
  local state = seed
  return function(lo, hi)
    state = state * 16807 % 2147483647
    return lo + (hi - lo) * (state / 2147483647)
  end
end

local function dist(p, q)
  local dx, dy, dz = p[1] - q[1], p[2] - q[2], p[3] - q[3]
  return math.sqrt(dx * dx + dy * dy + dz * dz)
end

-- What a sense of range `range` got wrong about a target at distance `d`,
-- given that evaluate was given the distance `given` (nil: not asked about
-- it); nil when nothing.
local function misjudged(d, range, given)
  if d < range then
    if given == nil then return "not asked" end
    if math.abs(given - d) > 1e-3 * d + 1e-3 then return string.format("given distance %.3f", given) end
  elseif given ~= nil then
    return "asked"
  end
end

describe("a custom sense with a limited range", function()
  local SHORT, LONG = 1500, 4000
  local EDGE = 1 -- pairs this close to the range are not judged (float rounding)

  it("is asked about exactly the actors within its range, over many random positions", function()
    local world = wary.world()
    local asked = {} -- asked[sense][agent][target] = distance given
    local function probe(id)
      asked[id] = {}
      return function(ctx)
        local row = asked[id][ctx.agent] or {}
        asked[id][ctx.agent] = row
        row[ctx.target] = ctx.distance
      end
    end
    world:define_sense{ id = "Short", max_range = SHORT, interval = 0.1, evaluate = probe("Short") }
    world:define_sense{ id = "Long", max_range = LONG, interval = 0.1, evaluate = probe("Long") }
    world:define_profile{ name = "near", senses = { "Short" } }
    world:define_profile{ name = "both", senses = { "Long", "Short" } }

    local rand = rng(20240601)
    local function place()
      return { rand(-12000, 12000), rand(-12000, 12000), rand(0, 400) }
    end
    local actors, where = {}, {}
    for i = 1, 24 do
      local a = world:add_agent{ profile = i % 2 == 0 and "near" or "both", pos = place() }
      actors[#actors + 1] = a
    end
    for _ = 1, 300 do actors[#actors + 1] = world:add_target{ pos = place() } end

    local judged, inside_total, failures = 0, 0, {}
    -- Judges every target `sense` of `agent` was (or was not) asked about.
    local function judge(round, agent, sense)
      local range = sense == "Short" and SHORT or LONG
      local row = asked[sense][agent] or {}
      for _, target in ipairs(actors) do
        local d = target ~= agent and dist(where[agent], where[target])
        if d and math.abs(d - range) > EDGE then
          judged = judged + 1
          if d < range then inside_total = inside_total + 1 end
          local wrong = misjudged(d, range, row[target])
          if wrong and #failures < 10 then
            failures[#failures + 1] = string.format("round %d: %s %s at %.3f (range %d)",
              round, sense, wrong, d, range)
          end
        end
      end
    end

    for round = 1, 6 do
      if round > 1 then
        for _, a in ipairs(actors) do
          local p = place()
          a:set_pos(p[1], p[2], p[3])
        end
      end
      for _, a in ipairs(actors) do where[a] = { a:pos() } end
      for id in each(asked) do asked[id] = {} end
      for _ = 1, 8 do world:step(0.05) end -- 0.4 s: every agent's senses fall due

      for _, agent in ipairs(actors) do
        for _, sense in ipairs(agent.profile and agent.profile.senses or {}) do judge(round, agent, sense) end
      end
    end
    assert.are.same({}, failures)
    -- The draw must have put plenty of pairs on both sides of both ranges.
    assert.is_true(judged > 30000)
    assert.is_true(inside_total > 200)
  end)

  it("with max_range = math.huge is asked about actors however far away", function()
    local world = wary.world()
    local asked = {}
    world:define_sense{ id = "Psychic", max_range = math.huge, evaluate = function(ctx)
      asked[ctx.target] = true
    end }
    world:define_profile{ name = "p", senses = { "Psychic" } }
    world:add_agent{ profile = "p", pos = { 0, 0, 0 } }
    local far = world:add_target{ pos = { 5e6, -5e6, 0 } }
    worlds.run(world, 0.1)
    assert.is_true(asked[far])
  end)
end)

describe("world:actors_near", function()
  it("lists the perceivable actors within the radius, nearest first, ties in creation order", function()
    local w = wary.world{}
    local far = w:add_target{ name = "far", pos = { 300, 0, 0 } }
    local a = w:add_target{ name = "a", pos = { 0, 100, 0 } }
    local b = w:add_target{ name = "b", pos = { 100, 0, 0 } } -- as near as a: after it
    local hidden = w:add_target{ name = "hidden", pos = { 10, 0, 0 } }
    hidden:set_perceivable(false)
    w:add_target{ name = "above", pos = { 0, 0, 50 } }
    local function names(list)
      local out = {}
      for i, x in ipairs(list) do out[i] = x.name end
      return out
    end
    assert.are.same({ "above", "a", "b" }, names(w:actors_near({ 0, 0, 0 }, 150)))
    assert.are.same({ "above", "a", "b", "far" }, names(w:actors_near({ x = 0, y = 0 }, math.huge)))
    assert.are.same({}, w:actors_near({ 1000, 1000, 0 }, 10))
    b:remove()
    assert.are.same({ "above", "a" }, names(w:actors_near({ 0, 0, 0 }, 150)))
    assert.are.equal(a, w:actors_near({ 0, 90, 0 }, 20)[1])
    expect.mentions(expect.error_of(function() w:actors_near({ 0, 0, 0 }, -1) end), "world:actors_near",
      "'radius'", "a number >= 0", "-1")
    expect.mentions(expect.error_of(function() w:actors_near(nil, 1) end), "world:actors_near", "'pos'")
    assert.is_true(far:valid())
  end)
end)
