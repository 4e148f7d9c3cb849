-- wary.tiled turns a map exported from Tiled to Lua into boxes: rectangles of
-- object layers, tiles of collidable layers or tiles, materials and heights
-- from properties (spec/fixtures/yard_map.lua, 8 x 6 tiles of 32 px).
local wary = require("wary")
local tiled = require("wary.tiled")
local expect = require("spec.support.expect")

local MAP = "spec/fixtures/yard_map.lua"

local function by_corners(boxes)
  local out = {}
  for _, b in ipairs(boxes) do
    out[#out + 1] = string.format("%g,%g-%g,%g %s", b.min[1], b.min[2], b.max[1], b.max[2], b.material)
  end
  table.sort(out)
  return out
end

describe("wary.tiled", function()
  it("makes the map's walls, fence and cover, merged into rectangles, with their materials", function()
    local world = wary.world{ units_per_meter = 32 }
    local boxes = tiled.load(world, MAP)
    assert.are.same({
      "0,0-256,32 concrete",        -- the top row of wall tiles, one box
      "0,32-32,192 concrete",       -- the west wall down to the bottom row
      "128,160-224,192 concrete",   -- the south wall east of the gap (tiles that are not collidable)
      "160,96-176,160 foliage",     -- the hedge object
      "224,128-256,192 concrete",
      "224,32-256,64 concrete",
      "224,64-256,128 glass",       -- two glass tiles in the east wall
      "32,160-64,192 concrete",
      "64,128-96,160 wood",         -- the crate object
      "96,64-160,96 wood",          -- the fence layer: a flipped tile and a plain one, merged
    }, by_corners(boxes))
    assert.are.equal(10, world:box_count())
  end)

  it("makes a wall of full height where no height is given, and low cover where one is", function()
    local world = wary.world{ units_per_meter = 32 }
    local heights = {}
    for _, b in ipairs(tiled.load(world, MAP)) do heights[b.material] = { b.min[3], b.max[3] } end
    assert.are.same({ -1e9, 1e9 }, heights.foliage)
    assert.are.same({ 0, 24 }, heights.wood) -- the crate, the last wood box (the fence has no height)
  end)

  it("blocks sight and sound as its materials say", function()
    local world = wary.world{ units_per_meter = 32 }
    tiled.load(world, MAP)
    local glass = world:ray({ 200, 96, 40 }, { 300, 96, 40 })   -- through the glass tiles
    assert.are.equal(1, glass.transmission)
    assert.are.equal(1, glass.walls)
    local wall = world:ray({ 100, 60, 40 }, { 100, -20, 40 })  -- through the top wall
    assert.are.equal(0, wall.transmission)
    local over = world:ray({ 80, 120, 40 }, { 80, 170, 40 })   -- over the 24 px crate
    assert.are.equal(0, over.boxes)
  end)

  it("scales and offsets the map's pixels", function()
    local world = wary.world{ units_per_meter = 100 }
    local boxes = tiled.load(world, MAP, { scale = 2, offset = { 1000, 0 } })
    local first = by_corners(boxes)[1]
    assert.are.equal("1000,0-1512,64 concrete", first)
  end)

  it("refuses a material the world does not have, and makes no box", function()
    local world = wary.world{ units_per_meter = 32, materials = false }
    local msg = expect.error_of(function() tiled.load(world, MAP) end)
    expect.mentions(msg, "tiled.load", "'properties.material'", "a defined material", '"glass"')
    assert.are.equal(0, world:box_count())
  end)

  it("refuses a rotated rectangle and a map that is not orthogonal", function()
    local world = wary.world{}
    local map = dofile(MAP)
    map.layers[4].objects[1].rotation = 30
    expect.mentions(expect.error_of(function() tiled.load(world, map) end), "layer \"cover\"", '"crate"',
      "rotation 30", "axis-aligned")
    map.orientation = "isometric"
    expect.mentions(expect.error_of(function() tiled.load(world, map) end), "map.orientation",
      '"orthogonal"', '"isometric"')
    assert.are.equal(0, world:box_count())
  end)

  it("adds the offsets of a layer and of the groups it is in, as Tiled draws them", function()
    local world = wary.world{ units_per_meter = 32 }
    local map = dofile(MAP)
    local cover = table.remove(map.layers, 4)
    cover.offsetx, cover.offsety = 0, 16
    cover.objects = { cover.objects[2] } -- the hedge
    map.layers[#map.layers + 1] = { type = "group", name = "annex", offsetx = 320, offsety = 0, layers = { cover } }
    map.layers[2].offsetx = 8 -- the "solid" group: its walls move right
    local corners = {}
    for _, c in ipairs(by_corners(tiled.load(world, map))) do corners[c] = true end
    assert.truthy(corners["480,112-496,176 foliage"]) -- the hedge: 160 + 320 across, 96 + 16 down
    assert.truthy(corners["8,0-264,32 concrete"])     -- the top wall, in the group moved 8 px right
    assert.truthy(corners["96,64-160,96 wood"])       -- the fence, in no group: where it was
  end)

  it("makes no box of a map with a bad object, and names its layer and object", function()
    local map = dofile(MAP)
    local crate = map.layers[4].objects[1]
    for _, case in ipairs({
      { "width", 0 / 0, "'width'", "a finite number >= 0", "nan" },
      { "width", -32, "'width'", "a finite number >= 0", "-32" },
      { "x", nil, "'x'", "a finite number", "nil" },
    }) do
      local world = wary.world{ units_per_meter = 32 }
      local saved = crate[case[1]]
      crate[case[1]] = case[2]
      local msg = expect.error_of(function() tiled.load(world, map) end)
      crate[case[1]] = saved
      expect.mentions(msg, "tiled.load", 'layer "cover"', 'object "crate"', case[3], case[4], case[5])
      assert.are.equal(0, world:box_count())
    end
    -- Numbers, but past what the world's floats hold once scaled and offset.
    for _, case in ipairs({ { 1e39, 1 }, { 1e30, 1e10 } }) do
      local world = wary.world{ units_per_meter = 32 }
      crate.x = case[1]
      expect.mentions(expect.error_of(function() tiled.load(world, map, { scale = case[2] }) end),
        'layer "cover"', 'object "crate"', "axis x", "finite numbers")
      assert.are.equal(0, world:box_count())
    end
  end)

  it("refuses what Tiled never writes, with the layer named, rather than failing inside", function()
    local function refused(edit, ...)
      local world = wary.world{ units_per_meter = 32 }
      local map = dofile(MAP)
      edit(map)
      expect.mentions(expect.error_of(function() tiled.load(world, map) end), "tiled.load", ...)
      assert.are.equal(0, world:box_count())
    end
    refused(function(m) m.layers[4].objects = "x" end, 'layer "cover"', "'objects'", "a list of objects", '"x"')
    refused(function(m) m.layers[4].objects[2] = 7 end, 'layer "cover"', "'objects'", "7")
    refused(function(m) m.layers[3].width = nil end, 'layer "fence"', "'width'", "nil")
    refused(function(m)
      m.layers[3].chunks = { { x = 0.5, y = 0, width = 8, height = 6, data = m.layers[3].data } }
    end, 'layer "fence" chunk 1', "'x'", "a whole number", "0.5")
    refused(function(m) m.tilewidth = nil end, "map", "'tilewidth'", "nil")
    refused(function(m) m.layers[4].objects[1].properties.collidable = "false" end, 'object "crate"',
      "'properties.collidable'", "true or false", '"false"')
    refused(function(m) m.layers[3].data = "eJxjYBgFo2AUjAIqAwAE" end, 'layer "fence"', "Tile Layer Format",
      "CSV")
    expect.mentions(expect.error_of(function() tiled.load(nil, MAP) end), "tiled.load", "'world'", "nil")
  end)

  it("takes the offset option as { x, y } or { x =, y = }; a z lifts the boxes that have a height", function()
    local a, b = wary.world{ units_per_meter = 100 }, wary.world{ units_per_meter = 100 }
    assert.are.same(by_corners(tiled.load(a, MAP, { offset = { 1000, 50 } })),
      by_corners(tiled.load(b, MAP, { offset = { x = 1000, y = 50 } })))
    local c = wary.world{ units_per_meter = 100 }
    local heights = {}
    for _, box in ipairs(tiled.load(c, MAP, { offset = { 0, 0, 300 } })) do
      heights[box.material] = { box.min[3], box.max[3] }
    end
    assert.are.same({ 300, 324 }, heights.wood)          -- the crate, 24 px high, on a floor at 300
    assert.are.same({ -1e9, 1e9 }, heights.foliage)      -- a wall of full height stays one
    expect.mentions(expect.error_of(function() tiled.load(a, MAP, { offset = { "10", 0 } }) end), "offset",
      '"10"')
  end)

  it("reads material, height and collidable through the groups a layer is in, the nearest first", function()
    local world = wary.world{ units_per_meter = 32 }
    local map = dofile(MAP)
    local cover = table.remove(map.layers, 4)
    cover.properties = {}
    cover.objects[1].properties = {}  -- the crate: all it has now comes from its groups
    cover.objects = { cover.objects[1] }
    local fence = table.remove(map.layers, 3)
    fence.properties = {}             -- collidable only through its group
    map.layers[#map.layers + 1] = {
      type = "group", name = "outer", properties = { material = "concrete", height = 64, collidable = true },
      layers = {
        { type = "group", name = "low", properties = { material = "wood", height = 32 }, layers = { cover } },
        fence,
      },
    }
    local got = {}
    for _, b in ipairs(tiled.load(world, map)) do
      got[#got + 1] = string.format("%g,%g %s %g", b.min[1], b.min[2], b.material, b.max[3])
    end
    table.sort(got)
    assert.are.same({ "64,128 wood 32", "96,64 concrete 64" }, { got[#got - 1], got[#got] })
  end)

  it("names an object with neither name nor id (a table made by hand) by its place in the layer", function()
    local world = wary.world{ units_per_meter = 32 }
    local map = dofile(MAP)
    local crate = map.layers[4].objects[1]
    crate.name, crate.id, crate.width = nil, nil, -10
    local msg = expect.error_of(function() tiled.load(world, map) end)
    expect.mentions(msg, 'layer "cover" objects[1]', "'width'", "got -10")
    assert.are.equal(0, world:box_count())
  end)

  it("blames a layer's bad property on the layer, naming the box it was read for and its id", function()
    local world = wary.world{ units_per_meter = 32 }
    local map = dofile(MAP)
    map.layers[4].properties = { material = "wod" }
    map.layers[4].objects[1].properties.material = nil
    local msg = expect.error_of(function() tiled.load(world, map) end)
    expect.mentions(msg, 'tiled.load: layer "cover" (its property, read for layer "cover" object "crate" (id ',
      "'properties.material'", '"wod"', "did you mean 'wood'")
    assert.are.equal(0, world:box_count())
  end)

  it("refuses a tile layer whose tiles come from a tileset kept in its own file, unless it says collidable", function()
    local map = dofile(MAP)
    map.tilesets[1] = { name = "yard", firstgid = 1, filename = "yard.tsx" }
    local world = wary.world{ units_per_meter = 32 }
    local msg = expect.error_of(function() tiled.load(world, map) end)
    expect.mentions(msg, 'layer "floor"', 'tileset "yard"', '"yard.tsx"', "Embed tilesets", "collidable")
    assert.are.equal(0, world:box_count())
    -- Said: the floor is not solid; the walls' group is, so each of their tiles is, of the layer's
    -- material (the tiles' own properties, glass and the gap, are in yard.tsx).
    map.layers[1].properties = { collidable = false }
    map.layers[2].properties = { collidable = true }
    assert.are.same({
      "0,0-256,32 concrete", "0,32-32,192 concrete", "160,96-176,160 foliage", "224,32-256,192 concrete",
      "32,160-224,192 concrete", "64,128-96,160 wood", "96,64-160,96 wood",
    }, by_corners(tiled.load(world, map)))
  end)

  it("refuses a tile layer whose data is not width x height ids", function()
    local map = dofile(MAP)
    table.remove(map.layers[3].data)
    local world = wary.world{ units_per_meter = 32 }
    expect.mentions(expect.error_of(function() tiled.load(world, map) end), 'layer "fence"', "'data'",
      "width x height = 48 tile ids, got 47")
  end)

  it("refuses a shape that is not a rectangle when it is marked collidable, and leaves it out when not", function()
    -- The barrel (an ellipse) and the spawn point are left out of the fixture's walls (the first spec).
    for _, case in ipairs({
      { 5, nil, 'object "barrel" (id 5)', '"ellipse"' },
      { 3, nil, 'object "spawn" (id 3)', '"point"' },
      { 1, 7, 'object "crate" (id 1)', "a tile object" },
    }) do
      local map = dofile(MAP)
      local object = map.layers[4].objects[case[1]]
      object.gid = case[2]
      object.properties.collidable = true
      local world = wary.world{ units_per_meter = 32 }
      local msg = expect.error_of(function() tiled.load(world, map) end)
      assert.are.equal('tiled.load: layer "cover" ' .. case[3] .. ": field 'shape' expected \"rectangle\" (its "
        .. "properties.collidable is true, and only rectangles make boxes: draw the wall as rectangles, or set "
        .. "collidable to false), got " .. case[4], (msg:gsub("^[^\n]-:%d+: ", "")))
      assert.are.equal(0, world:box_count())
    end
    -- Marked by its layer, or by a group the layer is in: the same.
    local map = dofile(MAP)
    map.layers[4].properties.collidable = true
    map.layers[4].objects[4].properties.collidable = nil -- the alarm zone, a rectangle: a wall now
    local world = wary.world{ units_per_meter = 32 }
    expect.mentions(expect.error_of(function() tiled.load(world, map) end), 'object "spawn" (id 3)', '"point"')
    table.remove(map.layers[4].objects, 5)
    table.remove(map.layers[4].objects, 3)
    local corners = by_corners(tiled.load(world, map))
    assert.are.equal(11, #corners) -- the ten walls, and the alarm zone
    assert.are.equal("40,40-140,70 concrete", corners[9]) -- sorted: after "32,160-64,192 concrete"
  end)

  it("points a .tmx, .tsx or .json file at the Lua export, and a base64 chunk at CSV", function()
    local world = wary.world{ units_per_meter = 32 }
    for _, path in ipairs({ "maps/level1.tmx", "maps/Level1.JSON", "maps/level1.tmj" }) do
      expect.mentions(expect.error_of(function() tiled.load(world, path) end), "tiled.load: field 'map'",
        "a map exported to Lua", "File > Export As", path)
    end
    local map = dofile(MAP)
    local fence = map.layers[3]
    fence.encoding, fence.data = "base64", nil
    fence.chunks = { { x = 0, y = 0, width = 1, height = 1, data = "AQAAAA==" } }
    expect.mentions(expect.error_of(function() tiled.load(world, map) end), 'layer "fence" chunk 1',
      'encoding "base64" is not supported', "Tile Layer Format to CSV")
    assert.are.equal(0, world:box_count())
  end)

  it("names a bad height property properties.height, apart from the object's own height", function()
    local map = dofile(MAP)
    map.layers[4].objects[1].properties.height = "64"
    local world = wary.world{ units_per_meter = 32 }
    local msg = expect.error_of(function() tiled.load(world, map) end)
    assert.are.equal('tiled.load: layer "cover" object "crate" (id 1): field \'properties.height\' expected a '
      .. 'finite number > 0, got "64"', (msg:gsub("^[^\n]-:%d+: ", "")))
    assert.are.equal(0, world:box_count())
  end)

  it("is named when a map is handed to world:load or world:define, which take definitions", function()
    local world = wary.world{ units_per_meter = 32 }
    local hint = 'not a Tiled map (require("wary.tiled").load(world, map) loads one)'
    expect.mentions(expect.error_of(function() world:load(MAP) end), "field 'definition'", hint, MAP)
    expect.mentions(expect.error_of(function() world:define(dofile(MAP)) end), "field 'definition'", hint)
    expect.mentions(expect.error_of(function() world:define{ dofile(MAP) } end), "field 'definition[1]'", hint)
    assert.are.equal(0, world:box_count())
  end)
end)
