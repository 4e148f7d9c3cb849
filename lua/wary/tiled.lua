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
--   neighbouring tiles of one material are merged into rectangles. A tileset
--   kept in its own file (.tsx) is exported without its tiles' properties: a
--   layer with its tiles must then say `collidable` (true or false), or the
--   map is refused (export with "Embed tilesets" to keep them).
-- * Properties (of the object or tile first, then of its layer, then of the
--   groups it is in, the nearest first): `material` (a
--   material name of the world; "concrete" when none), `height` (in the map's
--   pixels, like x and y: a box from z = 0 to it, low cover; none: a wall of
--   full height), `collidable = false` (leave it out). Tile objects (with a
--   gid), points, ellipses, polygons, polylines and text are not boxes and are
--   left out (spawn points, lights, labels), unless they are marked
--   `collidable = true` (themselves, or their layer or a group): a wall the
--   designer meant is refused, naming it, not dropped. Hidden layers and
--   objects (visible = false) make boxes like the others: a collision layer
--   is often hidden; say `collidable = false` to leave one out. A .tmx, .tsx,
--   .json or .tmj path is refused with a pointer to the Lua export.
-- Coordinates are Tiled's pixels (plus the offsets of the layer and of the
-- groups it is in, as Tiled draws them) times options.scale (1), plus
-- options.offset ({ 0, 0 }, or { x =, y = }; a z lifts the boxes that have a
-- height, which stand on it): Tiled's x right, y down, as LÖVE draws.
-- Orthogonal maps only; rotated rectangles are refused (boxes are
-- axis-aligned). Group layers are read through; infinite maps (chunks) are
-- read too. Returns the boxes made, in map order. A bad map makes no box: the
-- whole map is read and checked first, and an error names the layer and the
-- object (its name and id, or the tile's column and row) it is about; a bad
-- property a layer gave, that layer.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local define = require("wary.define")

local tiled = {}

-- Tiled keeps flip flags in a gid's top four bits.
local GID_MASK = 0x0FFFFFFF

local describe = check.describe

-- Raises "tiled.load: <where>: field '<field>' expected <expected>, got <v>".
local function bad(where, field, expected, v)
  check.raise(string.format("tiled.load: %s: field '%s' expected %s, got %s", where, field, expected, describe(v)))
end

local function finite(v) return type(v) == "number" and v == v and v ~= math.huge and v ~= -math.huge end
-- What a box's corner may be: the world keeps floats.
local FLOAT_MAX = 3.4028234663852886e38
local function float(v) return finite(v) and v <= FLOAT_MAX and v >= -FLOAT_MAX end

-- v, a finite number (at least min when min is given); nil when v is nil and
-- absent says so.
local function number(where, field, v, min, absent)
  if v == nil and absent then return nil end
  if not finite(v) or (min and v < min) then
    bad(where, field, min and string.format("a finite number >= %g", min) or "a finite number", v)
  end
  return v
end

-- v, a whole number (at least min when min is given): a tile count or index.
local function whole(where, field, v, min)
  if not finite(v) or v ~= math.floor(v) or (min and v < min) then
    bad(where, field, min and string.format("a whole number >= %d", min) or "a whole number", v)
  end
  return v
end

local function prop(t, name)
  local p = type(t) == "table" and t.properties
  if type(p) == "table" then return p[name] end
end

-- The first value of property name: the object's (or tile's), then its
-- layer's, then the groups' it is in, innermost first (at: { layer, where,
-- up = the group's at }). Returns it and, when a layer or group gave it, that
-- layer's where (for messages).
local function inherited(name, own, at)
  local v = prop(own, name)
  if v ~= nil then return v end
  while at do
    v = prop(at.layer, name)
    if v ~= nil then return v, at.where end
    at = at.up
  end
end

-- Property collidable of t (true, false or nil), or an error naming where.
local function collidable(t, where)
  local v = prop(t, "collidable")
  if v ~= nil and type(v) ~= "boolean" then bad(where, "properties.collidable", "true or false", v) end
  return v
end

-- The collidable of a layer (at), else of the groups it is in, the nearest
-- first (true, false or nil).
local function layer_collidable(at)
  local solid
  while at and solid == nil do
    solid = collidable(at.layer, at.where)
    at = at.up
  end
  return solid
end

-- An object's name in messages: its name and id (two objects may share a name), else its id,
-- else (a hand-made table has neither) its place i in the layer's list.
local function object_name(object, i)
  local name = object.name
  if name == nil or name == "" then
    return object.id ~= nil and "object " .. describe(object.id) or "objects[" .. i .. "]"
  end
  return "object " .. describe(name) .. (object.id ~= nil and " (id " .. describe(object.id) .. ")" or "")
end

-- A box spec's material and height, each with the layer that gave it (nil: its own).
local function properties(spec, own, at)
  spec[5], spec[8] = inherited("material", own, at)
  spec[6], spec[9] = inherited("height", own, at)
  return spec
end

-- Box specs { x0, y0, x1, y1, material, height, where, material's layer,
-- height's layer } of a rectangle object of a layer (at) at offset (ox, oy).
local function object_box(object, i, at, ox, oy, out)
  local where = at.where
  if type(object) ~= "table" then bad(where, "objects", "a list of objects (tables)", object) end
  where = where .. " " .. object_name(object, i)
  local solid = collidable(object, where)
  if solid == nil then solid = layer_collidable(at) end
  local shape = object.gid ~= nil and "a tile object" or describe(object.shape or "rectangle")
  if shape ~= '"rectangle"' then
    -- Left out (a spawn point, a light, a label), unless it was asked to be a wall.
    if solid ~= true then return end
    check.raise(string.format("tiled.load: %s: field 'shape' expected \"rectangle\" (its properties.collidable "
      .. "is true, and only rectangles make boxes: draw the wall as rectangles, or set collidable to false), "
      .. "got %s", where, shape))
  end
  if solid == false then return end
  local x, y = number(where, "x", object.x), number(where, "y", object.y)
  local w, h = number(where, "width", object.width or 0, 0), number(where, "height", object.height or 0, 0)
  if w == 0 or h == 0 then return end -- a point drawn as a rectangle: nothing to hide behind
  if (object.rotation or 0) ~= 0 then
    check.raise(string.format("tiled.load: %s: rotation %s is not supported (boxes are axis-aligned)", where,
      describe(object.rotation)))
  end
  out[#out + 1] = properties({ ox + x, oy + y, ox + x + w, oy + y + h, nil, nil, where }, object, at)
end

-- The tileset tile (with its properties) of every gid that has one (by_gid),
-- and the tilesets in order of firstgid (by_gid.sets).
local function tiles_by_gid(map)
  local by_gid, sets = {}, {}
  for _, set in ipairs(type(map.tilesets) == "table" and map.tilesets or {}) do
    if type(set) == "table" and type(set.firstgid) == "number" then sets[#sets + 1] = set end
    for _, tile in ipairs(type(set) == "table" and type(set.tiles) == "table" and set.tiles or {}) do
      if type(set.firstgid) == "number" and type(tile) == "table" and type(tile.id) == "number" then
        by_gid[set.firstgid + tile.id] = tile
      end
    end
  end
  table.sort(sets, function(a, b) return a.firstgid < b.firstgid end)
  return by_gid, sets
end

-- The tileset gid is from when Tiled kept it in a file of its own (a filename,
-- no tiles): the export then leaves out its tiles' properties.
local function external_set(sets, gid)
  local found
  for _, set in ipairs(sets) do
    if set.firstgid > gid then break end
    found = set
  end
  return found and found.filename ~= nil and found.tiles == nil and found or nil
end

-- The solid cells of a tile layer (at) as rows: cells[row][col] = { material,
-- height, the layers that gave them }.
local function solid_cells(at, by_gid, sets)
  local layer, where = at.layer, at.where
  local cells = {}
  -- The layer's collidable, else its groups' (a group's false has left it out already).
  local layer_solid = layer_collidable(at)
  local function read(data, x0, y0, width, height, place)
    if type(data) == "string" then
      check.raise(string.format("tiled.load: %s: encoding %s is not supported (set the map's Tile Layer "
        .. "Format to CSV in Map > Map Properties, then export to Lua again)", place, describe(layer.encoding)))
    end
    if type(data) ~= "table" then bad(place, "data", "a list of tile ids", data) end
    whole(place, "width", width, 1)
    if height ~= nil and #data ~= width * whole(place, "height", height, 1) then
      check.raise(string.format("tiled.load: %s: field 'data' expected width x height = %d tile ids, got %d",
        place, width * height, #data))
    end
    for i, raw in ipairs(data) do
      if not finite(raw) then bad(place, "data[" .. i .. "]", "a tile id", raw) end
      local gid = raw % (GID_MASK + 1)
      local tile = by_gid[gid]
      -- A tile of a tileset kept in its own file: whether it is solid is not in the map.
      local set = gid ~= 0 and layer_solid == nil and not tile and external_set(sets, gid)
      if set then
        check.raise(string.format("tiled.load: %s: field 'properties.collidable' expected true (every tile "
          .. "solid) or false (none), since tile %d is from tileset %s, kept in its own file (%s), whose tiles' "
          .. "properties the export leaves out (or export with \"Embed tilesets\" on: Edit > Preferences > "
          .. "Export Options), got nil", place, gid, describe(set.name), describe(set.filename)))
      end
      local own = gid ~= 0 and collidable(tile, string.format("%s tile %d", place, gid))
      if gid ~= 0 and (own == true or (layer_solid == true and own ~= false)) then
        local col, row = x0 + (i - 1) % width, y0 + math.floor((i - 1) / width)
        cells[row] = cells[row] or {}
        local cell = properties({}, tile, at)
        cells[row][col] = { cell[5], cell[6], cell[8], cell[9] }
      end
    end
  end
  if layer.chunks ~= nil then
    if type(layer.chunks) ~= "table" then bad(where, "chunks", "a list of chunks", layer.chunks) end
    for k, c in ipairs(layer.chunks) do
      local place = string.format("%s chunk %d", where, k)
      if type(c) ~= "table" then bad(where, "chunks", "a list of chunks (tables)", c) end
      read(c.data, whole(place, "x", c.x), whole(place, "y", c.y), c.width, c.height, place)
    end
  elseif layer.data ~= nil then
    read(layer.data, 0, 0, layer.width, layer.height, where)
  end
  return cells
end

local function same(a, b) return a and b and a[1] == b[1] and a[2] == b[2] end

-- Merges solid cells into rectangles: runs along each row, then a run grows
-- down while the rows below have the same run. Deterministic: rows and
-- columns in order.
local function merge_cells(cells, tw, th, ox, oy, where, out)
  local rows = {}
  for row in each(cells) do rows[#rows + 1] = row end
  table.sort(rows)
  local taken = {}
  for _, row in ipairs(rows) do
    local cols = {}
    for col in each(cells[row]) do cols[#cols + 1] = col end
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
                          cell[1], cell[2], string.format("%s tiles at column %d, row %d", where, col, row),
                          cell[3], cell[4] }
      end
    end
  end
end

-- The layers' box specs, in map order; (ox, oy): the offset of the groups
-- they are in, prefix: the groups' names.
local function walk(layers, map, tilesets, out, ox, oy, prefix, up)
  if type(layers) ~= "table" then bad(prefix or "map", "layers", "a list of layers", layers) end
  for _, layer in ipairs(layers) do
    if type(layer) ~= "table" then bad(prefix or "map", "layers", "a list of layers (tables)", layer) end
    local name = (prefix and prefix .. "/" or "") .. tostring(layer.name)
    local where = "layer " .. describe(name)
    local at = { layer = layer, where = where, up = up }
    local lx = ox + number(where, "offsetx", layer.offsetx or 0)
    local ly = oy + number(where, "offsety", layer.offsety or 0)
    if collidable(layer, where) == false then
      goto continue
    elseif layer.type == "group" then
      walk(layer.layers or {}, map, tilesets, out, lx, ly, name, at)
    elseif layer.type == "objectgroup" then
      local objects = layer.objects or {}
      if type(objects) ~= "table" then bad(where, "objects", "a list of objects", objects) end
      for i, object in ipairs(objects) do object_box(object, i, at, lx, ly, out) end
    elseif layer.type == "tilelayer" then
      local cells = solid_cells(at, tilesets[1], tilesets[2])
      if next(cells) ~= nil then
        merge_cells(cells, number("map", "tilewidth", map.tilewidth, 1e-9),
          number("map", "tileheight", map.tileheight, 1e-9), lx, ly, where, out)
      end
    end
    ::continue::
  end
end

local function read_map(world, map)
  local ext = type(map) == "string" and map:lower():match("%.(%w+)$")
  if ext == "tmx" or ext == "tsx" or ext == "json" or ext == "tmj" then
    check.fail("tiled.load", "map", "a map exported to Lua (in Tiled: File > Export As, \"Lua files (*.lua)\"), "
      .. "not Tiled's own ." .. ext .. " file", map)
  end
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

-- "tiled.load: <layer> (its property, read for <box>)": a message about a
-- property a layer gave a box.
local function from(layer_where, box_where)
  return string.format("tiled.load: %s (its property, read for %s)", layer_where, box_where)
end

--- tiled.load(world, map_or_path, { scale, offset }) Makes the map's boxes (docs/love.md, "Walls");
-- returns them.
function tiled.load(world, map, options)
  if type(world) ~= "table" or type(world.add_box) ~= "function" then
    check.fail("tiled.load", "world", "a wary world (tiled.load(world, map))", world)
  end
  options = check.fields("tiled.load options", {
    { name = "scale", kind = "number", min = 1e-9, default = 1 },
    { name = "offset", kind = "table", default = { 0, 0 } },
  }, options or {})
  local s = options.scale
  local ox, oy, oz = check.vector("tiled.load options", "offset", options.offset)
  map = read_map(world, map)
  local specs = {}
  walk(map.layers, map, { tiles_by_gid(map) }, specs, 0, 0, nil, nil)
  -- Every box is checked before the first is made.
  local defs = {}
  for i, b in ipairs(specs) do
    local where = "tiled.load: " .. b[7]
    -- A property a layer gave is blamed on that layer, for the box it was read for.
    if b[5] ~= nil then
      define.lookup(world, "material", "_materials", b[5], b[8] and from(b[8], b[7]) or where, "properties.material")
    end
    if b[6] ~= nil and not (finite(b[6]) and b[6] > 0) then
      check.raise(string.format("%s: field 'properties.height' expected a finite number > 0, got %s",
        b[9] and from(b[9], b[7]) or where, describe(b[6])))
    end
    local min, max = { ox + b[1] * s, oy + b[2] * s }, { ox + b[3] * s, oy + b[4] * s }
    if b[6] then min[3], max[3] = oz, oz + b[6] * s end
    for k = 1, #min do
      if not (float(min[k]) and float(max[k]) and min[k] < max[k]) then
        check.raise(string.format("%s: its corners on axis %s, scaled and offset, expected finite numbers a float "
          .. "holds with min < max, got %s and %s", where, ({ "x", "y", "z" })[k], describe(min[k]),
          describe(max[k])))
      end
    end
    defs[i] = { min = min, max = max, material = b[5] }
  end
  -- Then all are made, or none: a box the world refuses takes back the others.
  local boxes = {}
  local ok, err = pcall(function()
    for i, d in ipairs(defs) do boxes[i] = world:add_box(d) end
  end)
  if not ok then
    for _, b in ipairs(boxes) do b:remove() end
    error(err, 0)
  end
  return boxes
end

return tiled
