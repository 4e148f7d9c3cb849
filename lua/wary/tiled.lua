-- wary.tiled: a map made in Tiled (https://www.mapeditor.org) and exported
-- to Lua (File > Export As > Lua; the same file Simple-Tiled-Implementation
-- reads) turned into the world's boxes:
--
--   local tiled = require("wary.tiled")
--   local boxes = tiled.load(world, "maps/level1.lua")   -- or the map table itself
--
-- * Object layers: every rectangle object becomes a box.
-- * Tile layers: the tiles of a layer whose property `collidable` is true, and
--   the tiles whose tileset tile has `collidable = true`, become boxes; runs of
--   neighbouring tiles of one material are merged into rectangles.
-- * Properties (of the object or tile first, then of its layer): `material` (a
--   material name of the world; "concrete" when none), `height` (in the map's
--   pixels, like x and y: a box from z = 0 to it, low cover; none: a wall of
--   full height), `collidable = false` (leave it out). Tile objects (with a
--   gid), points, ellipses and polygons are not boxes and are left out.
-- Coordinates are Tiled's pixels times options.scale (1), plus options.offset
-- ({ 0, 0 }): Tiled's x right, y down, as LÖVE draws. Orthogonal maps only;
-- rotated rectangles are refused (boxes are axis-aligned). Group layers are
-- read through; infinite maps (chunks) are read too. Returns the boxes made,
-- in map order. A bad map makes no box.
local check = require("wary.check")
local define = require("wary.define")

local tiled = {}

-- Tiled keeps flip flags in a gid's top four bits.
local GID_MASK = 0x0FFFFFFF

local function prop(t, name)
  local p = type(t) == "table" and t.properties
  if type(p) == "table" then return p[name] end
end

-- The first of the object's, then the layer's, value of property name.
local function inherited(name, own, layer)
  local v = prop(own, name)
  if v == nil then v = prop(layer, name) end
  return v
end

-- Box specs { x0, y0, x1, y1, material, height } of a rectangle object.
local function object_box(object, layer, where, out)
  if (object.shape or "rectangle") ~= "rectangle" or object.gid ~= nil then return end
  if inherited("collidable", object, layer) == false then return end
  local w, h = object.width or 0, object.height or 0
  if w <= 0 or h <= 0 then return end
  if (object.rotation or 0) ~= 0 then
    check.raise(string.format("%s: object %s: rotation %s is not supported (boxes are axis-aligned)", where,
      check.describe(object.name ~= "" and object.name or object.id), check.describe(object.rotation)))
  end
  out[#out + 1] = { object.x, object.y, object.x + w, object.y + h,
                    inherited("material", object, layer), inherited("height", object, layer) }
end

-- The tileset tile (with its properties) of every gid that has one.
local function tiles_by_gid(map)
  local by_gid = {}
  for _, set in ipairs(map.tilesets or {}) do
    for _, tile in ipairs(set.tiles or {}) do by_gid[set.firstgid + tile.id] = tile end
  end
  return by_gid
end

-- The solid cells of a tile layer as rows: cells[row][col] = { material, height }.
local function solid_cells(layer, by_gid)
  local cells = {}
  local function read(data, x0, y0, width)
    for i, raw in ipairs(data) do
      local gid = raw % (GID_MASK + 1)
      local tile = by_gid[gid]
      local solid = gid ~= 0 and (prop(tile, "collidable") == true or
        (prop(layer, "collidable") == true and prop(tile, "collidable") ~= false))
      if solid then
        local col, row = x0 + (i - 1) % width, y0 + math.floor((i - 1) / width)
        cells[row] = cells[row] or {}
        cells[row][col] = { inherited("material", tile, layer), inherited("height", tile, layer) }
      end
    end
  end
  if layer.chunks then
    for _, c in ipairs(layer.chunks) do read(c.data, c.x, c.y, c.width) end
  elseif type(layer.data) == "table" then
    read(layer.data, 0, 0, layer.width)
  elseif layer.data ~= nil then
    check.raise(string.format("tiled: layer %s: encoding %s is not supported (export with the Lua "
      .. "format's default, CSV-free tile data)", check.describe(layer.name), check.describe(layer.encoding)))
  end
  return cells
end

local function same(a, b) return a and b and a[1] == b[1] and a[2] == b[2] end

-- Merges solid cells into rectangles: runs along each row, then a run grows
-- down while the rows below have the same run. Deterministic: rows and
-- columns in order.
local function merge_cells(cells, tw, th, ox, oy, out)
  local rows = {}
  for row in pairs(cells) do rows[#rows + 1] = row end
  table.sort(rows)
  local taken = {}
  for _, row in ipairs(rows) do
    local cols = {}
    for col in pairs(cells[row]) do cols[#cols + 1] = col end
    table.sort(cols)
    for _, col in ipairs(cols) do
      local key = row .. ":" .. col
      if not taken[key] then
        local cell = cells[row][col]
        local last = col
        while same(cells[row][last + 1], cell) and not taken[row .. ":" .. (last + 1)] do last = last + 1 end
        local bottom = row
        local function row_matches(r)
          for c = col, last do
            if not (cells[r] and same(cells[r][c], cell)) or taken[r .. ":" .. c] then return false end
          end
          return true
        end
        while row_matches(bottom + 1) do bottom = bottom + 1 end
        for r = row, bottom do
          for c = col, last do taken[r .. ":" .. c] = true end
        end
        out[#out + 1] = { ox + col * tw, oy + row * th, ox + (last + 1) * tw, oy + (bottom + 1) * th,
                          cell[1], cell[2] }
      end
    end
  end
end

local function walk(layers, map, by_gid, out)
  for _, layer in ipairs(layers or {}) do
    local where = "tiled: layer " .. check.describe(layer.name)
    if prop(layer, "collidable") == false then
      goto continue
    elseif layer.type == "group" then
      walk(layer.layers, map, by_gid, out)
    elseif layer.type == "objectgroup" then
      for _, object in ipairs(layer.objects or {}) do object_box(object, layer, where, out) end
    elseif layer.type == "tilelayer" then
      merge_cells(solid_cells(layer, by_gid), map.tilewidth, map.tileheight, layer.offsetx or 0,
        layer.offsety or 0, out)
    end
    ::continue::
  end
end

local function read_map(world, map)
  if type(map) == "string" then
    map = world._load_chunk(map, "tiled.load")()
  end
  if type(map) ~= "table" or type(map.layers) ~= "table" then
    check.fail("tiled.load", "map", "a Tiled map exported to Lua (a table with layers)", map)
  end
  if (map.orientation or "orthogonal") ~= "orthogonal" then
    check.fail("tiled.load", "map.orientation", '"orthogonal"', map.orientation)
  end
  return map
end

--- tiled.load(world, map_or_path, { scale, offset }) The map's boxes (see above); returns them.
function tiled.load(world, map, options)
  options = check.fields("tiled.load options", {
    { name = "scale", kind = "number", min = 1e-9, default = 1 },
    { name = "offset", kind = "table", default = { 0, 0 } },
  }, options or {})
  map = read_map(world, map)
  local specs = {}
  walk(map.layers, map, tiles_by_gid(map), specs)
  local s, ox, oy = options.scale, options.offset[1] or 0, options.offset[2] or 0
  -- Every material is checked before the first box is made.
  for _, b in ipairs(specs) do
    if b[5] ~= nil then define.lookup(world, "material", "_materials", b[5], "tiled.load", "material") end
    if b[6] ~= nil then check.number("tiled.load", "height", b[6], 1e-9, nil) end
  end
  local boxes = {}
  for i, b in ipairs(specs) do
    local x0, y0, x1, y1 = ox + b[1] * s, oy + b[2] * s, ox + b[3] * s, oy + b[4] * s
    local min, max = { x0, y0 }, { x1, y1 }
    if b[6] then min[3], max[3] = 0, b[6] * s end
    boxes[i] = world:add_box{ min = min, max = max, material = b[5] }
  end
  return boxes
end

return tiled
