-- A 2D game (a top-down LÖVE game in pixels) gives boxes as {x, y} corners:
-- each is a wall of full height, so it blocks sight and sound whatever the
-- eye height; ranges can be given in metres at any scale.
local wary = require("wary")
local expect = require("spec.support.expect")

local UPM = 32 -- pixels per metre

local function scene(with_wall)
  local world = wary.world{ units_per_meter = UPM }
  world:define_profile{ name = "guard", vision = { max_range_m = 20 }, hearing = {} }
  local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0 }, yaw = 0 }
  local player = world:add_target{ name = "player", pos = { 6 * UPM, 0 } }
  local wall
  if with_wall then wall = world:add_box{ min = { 3 * UPM, -2 * UPM }, max = { 3 * UPM + 16, 2 * UPM } } end
  return world, guard, player, wall
end

local function seen_after(world, guard, player, seconds)
  for _ = 1, math.floor(seconds * 60) do world:step(1 / 60) end
  return guard:confidence(player)
end

describe("a box with {x, y} corners", function()
  it("is a wall of full height", function()
    local _, _, _, wall = scene(true)
    assert.are.equal(-1e9, wall.min[3])
    assert.are.equal(1e9, wall.max[3])
  end)

  it("blocks sight: seen at 6 m in the open, not behind the wall", function()
    local open_world, g1, p1 = scene(false)
    local walled_world, g2, p2 = scene(true)
    assert.is_true(seen_after(open_world, g1, p1, 1) > 0.35)
    assert.are.equal(0, seen_after(walled_world, g2, p2, 1))
    assert.are.equal("occluded", g2:explain(p2).vision.reason)
  end)

  it("is a wall for sound: a footstep behind it arrives through one wall", function()
    local world, guard, player = scene(true)
    local heard
    guard:on("sound_heard", function(ev) heard = ev end)
    world:emit_sound(player, "Footstep")
    world:step(0.1)
    assert.is_not_nil(heard)
    assert.are.equal(1, heard.walls)
    assert.is_false(heard.clear_path)
  end)

  it("needs both corners in the same form", function()
    local world = wary.world{ units_per_meter = UPM }
    local msg = expect.error_of(function() world:add_box{ min = { 0, 0 }, max = { 10, 10, 10 } } end)
    expect.mentions(msg, "box", "'max'", "the same form as min", "{x, y, z}")
    assert.are.equal(0, world:box_count())
  end)
end)

describe("vision's max_range_m", function()
  it("is the range in metres at the world's scale", function()
    local world = wary.world{ units_per_meter = UPM }
    local p = world:define_profile{ name = "near", vision = { max_range_m = 5 } }
    assert.are.equal(5 * UPM, p.vision.max_range)
  end)

  it("cannot be given with max_range", function()
    local world = wary.world{ units_per_meter = UPM }
    local msg = expect.error_of(function()
      world:define_profile{ name = "both", vision = { max_range = 100, max_range_m = 5 } }
    end)
    expect.mentions(msg, 'profile "both" vision', "'max_range' and 'max_range_m'", "got both")
  end)
end)

-- Tiled levels snap lamps and actors to the tile grid: on a box's face. A
-- segment that only touches a box at one of its ends does not cross it.
describe("things on a wall tile's face", function()
  it("a torch on the face lights the room; a guard with its back to the face sees ahead", function()
    local world = wary.world{ units_per_meter = 32 }
    world:set_sun{ intensity = 0.05, ambient = 0.05 }
    world:define_profile{ name = "g", vision = {} }
    world:add_box{ min = { 320, 0 }, max = { 352, 640 } } -- a wall column, x 320..352
    local t = world:add_target{ pos = { 256, 320 } }
    world:add_light{ pos = { 320, 320, 64 } } -- on the wall's face, 2 m up
    assert.is_true(world:light_at(t) > 0.9)
    local guard = world:add_agent{ profile = "g", pos = { 320, 320 }, yaw = 180 }
    world:step(0.1)
    local v = guard:explain(t).vision
    assert.are.equal("none", v.reason)
    assert.is_true(v.confidence > 0.9)
    -- a target on the face, seen from the room
    guard:set_pos(0, 320):set_yaw(0)
    t:set_pos(320, 320)
    world:step(0.1)
    assert.are.equal(1, guard:explain(t).vision.samples[1].sight)
  end)
end)
