-- A level whose boxes change while the game runs (added, moved, given
-- another material, removed, between rays and steps) answers every ray as
-- the same boxes would in a world built afresh: the box tree is changed in
-- place or built again (src/occluders.h), and no answer may tell which.

local wary = require("wary")

local SIZE = 4000 -- a 40 m square, in the default units (cm)
local MATERIALS = { "concrete", "wood", "glass", "foliage", "smoke", "trigger" }

-- A fixed generator (MINSTD), the same draws under every Lua.
local function generator(seed)
  local x = seed
  return function()
    x = (x * 48271) % 2147483647
    return x / 2147483647
  end
end

local function random_def(rnd)
  local cx, cy = rnd() * SIZE, rnd() * SIZE
  local sx, sy, h = 50 + rnd() * 250, 50 + rnd() * 250, 50 + rnd() * 250
  return {
    min = { cx - sx / 2, cy - sy / 2, 0 },
    max = { cx + sx / 2, cy + sy / 2, h },
    material = MATERIALS[1 + math.floor(rnd() * #MATERIALS)],
  }
end

-- Segments across the square at eye and knee heights, some short, some
-- running its whole width, the same each check.
local function segments()
  local rnd, list = generator(7), {}
  for i = 1, 24 do
    local z0, z1 = (i % 2 == 0) and 160 or 40, 20 + rnd() * 200
    list[i] = { { rnd() * SIZE, rnd() * SIZE, z0 }, { rnd() * SIZE, rnd() * SIZE, z1 } }
  end
  return list
end

-- Every segment through world and through a world made now from the
-- boxes live in it (in the order they were made): the same transmission to
-- the bit, the same walls and boxes.
local function same_as_fresh(world, live, segs, label)
  local fresh = wary.world()
  for _, b in ipairs(live) do fresh:add_box{ min = b.min, max = b.max, material = b.material } end
  for i, s in ipairs(segs) do
    local got, want = world:ray(s[1], s[2]), fresh:ray(s[1], s[2])
    if got.transmission ~= want.transmission or got.walls ~= want.walls or got.boxes ~= want.boxes then
      error(string.format("%s, segment %d: transmission %.9g walls %d boxes %d, a fresh world %.9g %d %d", label, i,
        got.transmission, got.walls, got.boxes, want.transmission, want.walls, want.boxes), 2)
    end
  end
end

describe("a level edited while the game runs", function()
  it("answers every ray after each of 300 edits as the same boxes built afresh", function()
    local rnd, segs = generator(20261207), segments()
    local world, live = wary.world(), {}
    for i = 1, 150 do live[i] = world:add_box(random_def(rnd)) end
    -- Guards and targets walk the square and look every step, so that the
    -- steps walk the tree the edits change (and take sight hints from it).
    world:define_profile{ name = "g", vision = {}, sense_intervals = { Vision = 1 / 60 } }
    local walkers = {}
    for _ = 1, 8 do
      local pos = { rnd() * SIZE, rnd() * SIZE, 0 }
      walkers[#walkers + 1] = world:add_agent{ profile = "g", pos = pos, yaw = rnd() * 360 }
      walkers[#walkers + 1] = world:add_target{ pos = { rnd() * SIZE, rnd() * SIZE, 0 } }
    end
    same_as_fresh(world, live, segs, "before any edit") -- the first rays build the tree
    local made, blocked, seen = 0, 0, 0
    for edit = 1, 300 do
      local r = rnd()
      if r < 0.4 or #live < 20 then
        live[#live + 1] = world:add_box(random_def(rnd))
        made = made + 1
      elseif r < 0.65 then
        local b = live[1 + math.floor(rnd() * #live)]
        local dx, dy = (rnd() - 0.5) * 200, (rnd() - 0.5) * 200
        local lo, hi = b.min, b.max
        b:set_bounds({ lo[1] + dx, lo[2] + dy, lo[3] }, { hi[1] + dx, hi[2] + dy, hi[3] })
      elseif r < 0.8 then
        live[1 + math.floor(rnd() * #live)]:set_material(MATERIALS[1 + math.floor(rnd() * #MATERIALS)])
      else
        table.remove(live, 1 + math.floor(rnd() * #live)):remove()
      end
      same_as_fresh(world, live, segs, "after edit " .. edit)
      for _, s in ipairs(segs) do
        if world:ray(s[1], s[2]).transmission == 0 then blocked = blocked + 1 end
      end
      for _, a in ipairs(walkers) do
        local x, y = a:pos()
        x, y = x + (rnd() - 0.5) * 40, y + (rnd() - 0.5) * 40
        a:set_pos(math.min(SIZE, math.max(0, x)), math.min(SIZE, math.max(0, y)))
      end
      world:step(1 / 60)
      for i = 1, #walkers, 2 do
        for j = 2, #walkers, 2 do
          if walkers[i]:confidence(walkers[j]) > 0 then seen = seen + 1 end
        end
      end
    end
    assert.are.equal(#live, world:box_count())
    -- The edits added boxes to a built tree; the segments met boxes that
    -- stop sight and ones that let it through; the guards saw targets.
    assert.is_true(made >= 100, "boxes added: " .. made)
    assert.is_true(blocked > 300 and blocked < 300 * #segs - 300, "segments blocked: " .. blocked)
    assert.is_true(seen > 0, "pairs seen: " .. seen)
  end)
end)
