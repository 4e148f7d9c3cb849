-- The LÖVE demo's level (examples/love/level.lua, a map as Tiled 1.10 exports
-- it to Lua) gives wary.tiled the demo's boxes with their materials and
-- heights; the layers marked not collidable (floors, lighting, actors,
-- labels) give none.
local wary = require("wary")
local tiled = require("wary.tiled")

local LEVEL = "examples/love/level.lua"

describe("the LÖVE demo's Tiled level", function()
  it("loads into 14 boxes: walls 96 px high, the office wall of wood, cover of every material", function()
    local world = wary.world{ units_per_meter = 32 }
    local got = {}
    for _, b in ipairs(tiled.load(world, LEVEL)) do
      got[#got + 1] = string.format("%g,%g-%g,%g %s %g", b.min[1], b.min[2], b.max[1], b.max[2], b.material,
        b.max[3])
    end
    assert.are.same({
      "0,60-1024,70 concrete 96", "0,690-1024,700 concrete 96", "0,70-10,690 concrete 96",
      "1014,70-1024,690 concrete 96", "340,70-350,300 wood 96", "340,420-350,690 wood 96",
      "60,120-160,160 wood 32", "200,430-215,620 foliage 64", "560,140-600,180 concrete 96",
      "470,250-530,290 wood 32", "620,430-700,460 metal 32", "700,320-900,328 glass 96",
      "890,330-908,500 foliage 64", "420,470-520,570 smoke 80",
    }, got)
    assert.are.equal(14, world:box_count())
  end)

  it("keeps what the demo reads itself in layers that are not collidable", function()
    local map = dofile(LEVEL)
    local classes = {}
    for _, layer in ipairs(map.layers) do
      for _, o in ipairs(layer.objects or {}) do
        local class = o.shape == "text" and "text" or o.type
        if class ~= "" then
          assert.is_false(layer.properties.collidable, layer.name .. " holds a " .. class)
          classes[class] = (classes[class] or 0) + 1
        end
      end
    end
    assert.are.same({ floor = 2, environment = 1, light = 1, guard = 2, player = 1, text = 5 }, classes)
    assert.are.equal(32, map.properties.units_per_meter)
  end)
end)
