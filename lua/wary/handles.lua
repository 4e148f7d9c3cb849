-- wary.handles: the things placed in the world that are not actors, each a
-- handle with set/remove: boxes (occluders), lights (lamps) and environments
-- (fog, dark rooms, muffled spaces). A removed one is stale. The world's
-- add_box, add_light and add_environment make them.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local define = require("wary.define")
local enums = require("wary.enums")
local handle = require("wary.handle")
local schema = require("wary.schema")

local handles = {}

local INDEX = 2 ^ enums.constants.ID_INDEX_BITS

-- One class per kind: the slot index names a handle (the id packs its kind
-- and generation above it).
local function class(kind, destroy)
  local c = handle.class(kind)
  c.__tostring = function(h) return string.format("%s #%d", kind, h.id % INDEX) end
  function c:remove()
    local B, w = handle.live(self, "remove", kind)
    self.world:_structural(kind .. ":remove")
    handle.ok(self, B[destroy](w, self.id), "remove")
    self._removed = true
    local world = self.world
    if world._boxes then world._boxes[self.id] = nil end
    world._lights[self.id], world._environments[self.id] = nil, nil
  end
  function c.valid(self) return handle.valid(self, c) end
  return c
end

--- box:remove() Removes the box (not during a step); the handle is then stale.
--- box:valid() false once removed, or once its world is destroyed.
--- light:remove() Removes the lamp.
--- light:valid() false once removed, or once its world is destroyed.
--- environment:remove() Removes the volume.
--- environment:valid() false once removed, or once its world is destroyed.
local Box = class("box", "box_destroy")
local Light = class("light", "light_destroy")
local Environment = class("environment", "environment_destroy")
handles.Box, handles.Light, handles.Environment = Box, Light, Environment

-- A box's corners and material name: read box.min, box.max, box.material;
-- set_bounds and set_material change them. A write would move only the
-- handle (and what a save records), not the core's box: it is refused, and
-- a corner read is a copy of the handle's (box.min[1] = 5 changes the copy).
local BOX_FIELDS = { min = "_min", max = "_max", material = "_material" }
function Box.__index(b, k)
  local private = BOX_FIELDS[k]
  if not private then return Box[k] end
  local v = rawget(b, private)
  if k == "material" then return v end
  return { v[1], v[2], v[3] }
end
handle.refuse_writes(Box, function(_, k)
  return BOX_FIELDS[k] and "change it with box:" .. (k == "material" and "set_material" or "set_bounds") .. "(...)"
end)
-- The box's own corner tables, for wary's code that only reads them (no copies).
function handles.bounds(b) return rawget(b, "_min"), rawget(b, "_max") end
-- Sets what those fields read (a load restoring a box's handle).
function handles.set_box_fields(b, material, min, max)
  b._material, b._min, b._max = material, min, max
end

-- A 2D game gives corners {x, y}: the box is then a wall of full height,
-- from z = -FULL_HEIGHT to FULL_HEIGHT, which every eye, ear and lamp is
-- behind (world units; far beyond any level, small enough for float math).
handles.FULL_HEIGHT = 1e9

local function flat(v)
  return type(v) == "table" and v[3] == nil and v.z == nil
end

-- The corners' six numbers, checked (corners, below, makes the tables).
local function corner_values(object, min, max)
  local x0, y0, z0 = check.vector(object, "min", min)
  local x1, y1, z1 = check.vector(object, "max", max)
  if flat(min) ~= flat(max) then
    check.fail(object, "max", "the same form as min (both {x, y} for a full-height wall, or both {x, y, z})",
      flat(min) and "{x, y, z}" or "{x, y}")
  elseif flat(min) then
    z0, z1 = -handles.FULL_HEIGHT, handles.FULL_HEIGHT
  end
  -- No table made unless it is refused: boxes are added by the thousand.
  if x1 < x0 or y1 < y0 or z1 < z0 then
    local name, lo, hi = "z", z0, z1
    if x1 < x0 then name, lo, hi = "x", x0, x1 elseif y1 < y0 then name, lo, hi = "y", y0, y1 end
    check.raise(string.format("%s: field 'max' expected a corner >= min on every axis, got max.%s %s < min.%s %s",
      object, name, check.describe(hi), name, check.describe(lo)))
  end
  return x0, y0, z0, x1, y1, z1
end

local function corners(object, min, max)
  local x0, y0, z0, x1, y1, z1 = corner_values(object, min, max)
  return { x0, y0, z0 }, { x1, y1, z1 }
end

local function material_index(world, name, object)
  return define.lookup(world, "material", "_materials", name, object, "material").index
end

-- ---- boxes -----------------------------------------------------------------

function handles.add_box(world, t)
  local o = check.fields("box", schema.box, t)
  local min, max = corners("box", o.min, o.max)
  local id = check.made(world, "box", world._B.box_create(world._w,
    { min = min, max = max, material = material_index(world, o.material, "box") }))
  local box = setmetatable({ id = id, world = world, _material = o.material or "concrete", _min = min, _max = max },
    Box)
  world._boxes = world._boxes or {}
  world._boxes[id] = box
  world._made[id] = box
  return box
end

-- The live handles of a world's table (by id: its boxes, lamps or volumes) in slot order (creation order but for
-- freed slots taken again), for debug drawing, tools and finding them after a load.
local function in_slot_order(by_id)
  local list = {}
  for _, h in each(by_id or {}) do list[#list + 1] = h end
  table.sort(list, function(p, q) return p.id % INDEX < q.id % INDEX end)
  return list
end

function handles.boxes(world) return in_slot_order(world._boxes) end
function handles.lights(world) return in_slot_order(world._lights) end
function handles.environments(world) return in_slot_order(world._environments) end

--- box:set_bounds(min, max) Moves or resizes the box (corners as in world:add_box).
function Box:set_bounds(min, max)
  -- No garbage (doors move every frame): its own corner tables take the numbers; box.min gives copies.
  local B, w = handle.live(self, "set_bounds", "box")
  local label = rawget(self, "_label") -- its name for messages, made at its first move
  if not label then
    label = tostring(self)
    rawset(self, "_label", label)
  end
  local x0, y0, z0, x1, y1, z1 = corner_values(label, min, max)
  handle.ok(self, B.box_set_bounds(w, self.id, x0, y0, z0, x1, y1, z1), "set_bounds")
  local lo, hi = self._min, self._max
  lo[1], lo[2], lo[3], hi[1], hi[2], hi[3] = x0, y0, z0, x1, y1, z1
end

--- box:set_material(name) Gives the box another material of the world.
function Box:set_material(name)
  local B, w = handle.live(self, "set_material", "box")
  handle.ok(self, B.box_set_material(w, self.id, material_index(self.world, name, tostring(self))), "set_material")
  self._material = name
end

-- A lamp's or volume's fields as set (light.def, environment.def): a read is
-- a copy (light.def.radius = 5 changes the copy; light:set{} changes the
-- lamp), and writing def is refused. wary's own code reads the handle's
-- table (handles.def_of: no copy a frame for the debug draw).
local function copy_def(d)
  local c = {}
  for k, v in each(d) do
    c[k] = type(v) == "table" and { v[1], v[2], v[3] } or v
  end
  return c
end
local function def_field(cls)
  return function(h, k)
    if k ~= "def" then return cls[k] end
    local c = copy_def(rawget(h, "_def"))
    if cls == handles.Environment and c.light < 0 then c.light = false end -- as set{} takes it: none
    return c
  end
end
function handles.def_of(h) return rawget(h, "_def") end

-- ---- lights ------------------------------------------------------------------

local function light_def(world, object, t)
  local o = check.fields(object, schema.light, t, world._scaled.light)
  local x, y, z = check.vector(object, "pos", o.pos)
  return { pos = { x, y, z }, radius = o.radius, intensity = o.intensity, cast_shadows = o.cast_shadows }
end

-- A lamp: light falls as 1 - (d / radius)^2; boxes between it and a target
-- block it unless cast_shadows is false.
function handles.add_light(world, t)
  local def = light_def(world, "light", t)
  local id = check.made(world, "light", world._B.light_create(world._w, def))
  local light = setmetatable({ id = id, world = world, _def = def }, Light)
  world._lights[id], world._made[id] = light, light
  return light
end

-- t over what the handle has now (def): the fields t leaves out keep their
-- values (a copy of t, so that check.fields still sees t's own fields).
local function over(object, t, def, names)
  if type(t) ~= "table" then check.fail(object, "set", "a table of the fields to change", t) end
  local merged = {}
  for k, v in each(t) do merged[k] = v end
  for _, name in ipairs(names) do
    -- a distance given in metres (radius_m) stands for the field
    if merged[name] == nil and merged[name .. "_m"] == nil then merged[name] = def[name] end
  end
  return merged
end

--- light:set{ pos, radius, intensity, cast_shadows } Changes the fields given (those of world:add_light); the
-- others keep their values.
function Light:set(t)
  -- Another kind's handle (env.set(lamp, ...)) is told as a call with '.'.
  if getmetatable(self) ~= Light then check.dot_call("light", "set", self) end
  local B, w = handle.live(self, "set", "light")
  local object = tostring(self)
  local def = light_def(self.world, object, over(object, t, self._def, { "pos", "radius", "intensity",
    "cast_shadows" }))
  handle.ok(self, B.light_set(w, self.id, def), "set")
  self._def = def
end

-- light.radius = 5 would change nothing: set{} does (handle.refuse_writes).
Light.__index = def_field(Light)
local LIGHT_FIELDS = { pos = true, radius = true, intensity = true, cast_shadows = true, def = true }
handle.refuse_writes(Light, function(_, k)
  if k == "def" then return "it is a copy of the lamp's fields: change them with light:set{ ... }" end
  return LIGHT_FIELDS[k] and "change it with light:set{ " .. k .. " = ... }"
end)

-- ---- environments --------------------------------------------------------------

local function environment_def(object, t)
  local o = check.fields(object, schema.environment, t)
  local min, max = corners(object, o.min, o.max)
  return { min = min, max = max, vision_range_scale = o.vision_range_scale,
           hearing_range_scale = o.hearing_range_scale, light = o.light or -1 } -- -1 (nil, false): none
end

-- A box of space where sight reaches less far (fog), the light is set (a dark
-- cellar) or hearing reaches less far. Where several overlap, the thickest fog
-- and the darkest light win.
function handles.add_environment(world, t)
  local def = environment_def("environment", t)
  local id = check.made(world, "environment", world._B.environment_create(world._w, def))
  local env = setmetatable({ id = id, world = world, name = t.name, _def = def }, Environment)
  world._environments[id], world._made[id] = env, env
  return env
end

--- environment:set{ min, max, vision_range_scale, hearing_range_scale, light, name } Changes the fields given (min
-- and max together); the others keep their values. light = false: no light of its own any more.
function Environment:set(t)
  if getmetatable(self) ~= Environment then check.dot_call("environment", "set", self) end
  local B, w = handle.live(self, "set", "environment")
  local object = tostring(self)
  if type(t) == "table" and (t.min == nil) ~= (t.max == nil) then
    check.raise(string.format("%s: set: expected min and max together (the corners of the volume), got only %s",
      object, t.min == nil and "max" or "min"))
  end
  local d = self._def
  local now = { min = d.min, max = d.max, vision_range_scale = d.vision_range_scale,
                hearing_range_scale = d.hearing_range_scale, light = d.light >= 0 and d.light or nil }
  local def = environment_def(object, over(object, t, now, { "min", "max", "vision_range_scale",
    "hearing_range_scale", "light" }))
  handle.ok(self, B.environment_set(w, self.id, def), "set")
  self._def = def
  if t.name ~= nil then self.name = t.name end
end
-- env.light = 0.2 would change nothing: set{} does (handle.refuse_writes).
Environment.__index = def_field(Environment)
local ENVIRONMENT_FIELDS = { min = true, max = true, vision_range_scale = true, hearing_range_scale = true,
                             light = true, def = true }
handle.refuse_writes(Environment, function(_, k)
  if k == "def" then return "it is a copy of the volume's fields: change them with environment:set{ ... }" end
  return ENVIRONMENT_FIELDS[k] and "change it with environment:set{ " .. k .. " = ... }"
end)

return handles
