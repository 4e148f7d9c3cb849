-- wary.define: turns validated definition tables (profiles, senses,
-- materials) into the C defs of the backend, and keeps them by name. With
-- world._dry set (a shadow of the world, see World:load) it checks everything
-- and records names in the shadow, but changes nothing.
local check = require("wary.check")
local schema = require("wary.schema")
local vision = require("wary.vision")

local define = {}

local function index_of(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end
define.index_of = index_of

-- Names defined in world[store], following a dry run's shadow to the world.
local function known(world, store)
  local names, seen = {}, {}
  local t = world[store]
  while type(t) == "table" do
    for k in pairs(t) do
      if not seen[k] then
        seen[k] = true
        names[#names + 1] = k
      end
    end
    local mt = getmetatable(t)
    t = mt and mt.__index
  end
  table.sort(names)
  return names
end

-- Raises "<kind> '<name>' is not defined (did you mean ...?; defined: ...)".
function define.unknown(world, kind, store, name, object, field)
  local names = known(world, store)
  local hint = type(name) == "string" and check.suggest(name, names)
  check.raise(string.format("%s: field '%s' expected a defined %s, got %s%s", object, field, kind,
    check.describe(name), hint and (" (did you mean '" .. hint .. "'?)")
      or (#names > 0 and (" (defined: " .. table.concat(names, ", ") .. ")") or "")))
end

local function checked_status(status, object)
  if status < 0 then
    check.raise(string.format("%s: the core refused it (status %d)", object, status))
  end
  return status
end

function define.material(world, t)
  local object = "material " .. check.describe(type(t) == "table" and t.name or nil)
  local m = check.fields(object, schema.material, t)
  if world._dry then
    world._materials[m.name] = { index = 0, def = m }
    return m
  end
  local def = { vision_transmission = m.vision_transmission, sound_wall = m.sound_wall }
  local old = world._materials[m.name]
  if old then
    checked_status(world._B.material_set(world._w, old.index, def), object)
    old.def = m
  else
    local index = checked_status(world._B.material_create(world._w, def), object)
    world._materials[m.name] = { index = index, def = m }
    world._material_names[index] = m.name
  end
  return m
end

function define.sense(world, t)
  local object = "sense " .. check.describe(type(t) == "table" and t.id or nil)
  local s = check.fields(object, schema.sense, t)
  if world._senses[s.id] then
    check.raise(string.format("%s: already defined (sense ids are unique per world)", object))
  end
  if s.max_range_m then
    if t.max_range ~= nil then
      check.raise(string.format("%s: fields 'max_range' and 'max_range_m' expected one of them, got both", object))
    end
    s.max_range = s.max_range_m * world.units_per_meter
  end
  local index = checked_status(world._B.sense_create(world._w, {
    interval = s.interval, max_range = s.max_range, loss_grace = s.loss_grace,
    direct_lost_cut = s.direct_lost_cut, weight = s.weight,
    loss_reason = index_of(schema.loss_reasons, s.loss_reason) - 1,
  }), object)
  local entry = { id = s.id, index = index, def = s, evaluate = s.evaluate }
  world._senses[s.id] = entry
  world._sense_by_index[index] = entry
  return s
end

-- A profile with extends starts from its parent's own table: the child's
-- fields replace the parent's, whole (tables included), except `vision`,
-- whose fields are merged one by one.
local function inherit(world, t, object)
  if t.extends == nil then return t end
  local parent = world._profiles[t.extends]
  if not parent then define.unknown(world, "profile", "_profiles", t.extends, object, "extends") end
  local merged = {}
  for k, v in pairs(parent.raw) do merged[k] = v end
  for k, v in pairs(t) do merged[k] = v end
  if type(parent.raw.vision) == "table" and type(t.vision) == "table" then
    merged.vision = {}
    for k, v in pairs(parent.raw.vision) do merged.vision[k] = v end
    for k, v in pairs(t.vision) do merged.vision[k] = v end
  end
  merged.extends = nil
  return merged
end

-- A profile sees when it has a vision table or lists "Vision" among its
-- senses; vision then takes the first slot unless listed elsewhere.
local function with_vision(world, p, object)
  local listed = index_of(p.senses, vision.ID)
  if p.vision == nil and not listed then return nil end
  if not listed then
    local senses = { vision.ID }
    for _, id in ipairs(p.senses) do senses[#senses + 1] = id end
    p.senses = senses
  end
  local checked, def = vision.def(world, object, p.vision or {})
  p.vision = checked
  return def
end

local function slot_overrides(p, object, field)
  for id, v in pairs(p[field]) do
    if not index_of(p.senses, id) then
      check.raise(string.format("%s: field '%s' names sense %s, which is not in the profile's senses",
        object, field, check.describe(id)))
    end
    check.number(object, field .. "." .. id, v, field == "sense_weights" and 0 or 1e-6, nil)
  end
end

function define.profile(world, t)
  local object = "profile " .. check.describe(type(t) == "table" and t.name or nil)
  if type(t) ~= "table" then check.fields(object, schema.profile, t) end
  local raw = inherit(world, t, object)
  local p = check.fields(object, schema.profile, raw, world._scaled.profile)
  if not (p.suspect_threshold <= p.detect_threshold and p.detect_threshold <= p.track_threshold) then
    check.raise(string.format("%s: thresholds expected suspect_threshold <= detect_threshold <= "
      .. "track_threshold, got %s, %s, %s", object, check.describe(p.suspect_threshold),
      check.describe(p.detect_threshold), check.describe(p.track_threshold)))
  end
  local vision_def = with_vision(world, p, object)
  if #p.senses - (vision_def and 1 or 0) > 8 then
    check.fail(object, "senses", "at most 8 custom senses (besides Vision)", #p.senses - (vision_def and 1 or 0))
  end
  local senses = {}
  for i, id in ipairs(p.senses) do
    local s = world._senses[id]
    if not s then define.unknown(world, "sense", "_senses", id, object, "senses[" .. i .. "]") end
    if index_of(p.senses, id) ~= i then
      check.raise(string.format("%s: field 'senses' lists %s twice", object, check.describe(id)))
    end
    senses[i] = { sense = s.index, weight = p.sense_weights[id] or -1,
                  interval = p.sense_intervals[id] or -1 }
  end
  slot_overrides(p, object, "sense_weights")
  slot_overrides(p, object, "sense_intervals")
  -- A sense with max_range 0 reaches as far as the others: with none that
  -- reaches anywhere it would never be asked about anything.
  local reaches = vision_def ~= nil
  for _, id in ipairs(p.senses) do
    local s = world._senses[id]
    reaches = reaches or (s.def and s.def.max_range > 0)
  end
  if #p.senses > 0 and not reaches then
    check.fail(object, "senses", "at least one sense with a range (max_range > 0, or Vision); "
      .. "with max_range 0 a sense reaches as far as the profile's other senses", p.senses[1])
  end
  local def = {}
  for _, spec in ipairs(schema.profile) do
    local v = p[spec.name]
    if type(v) == "number" or type(v) == "boolean" then def[spec.name] = v end
  end
  def.senses = senses
  if world._dry then
    world._profiles[p.name] = { index = 0, table = p, raw = raw }
    return p
  end
  local old = world._profiles[p.name]
  if old then
    checked_status(world._B.profile_set(world._w, old.index, def), object)
    for k in pairs(old.table) do old.table[k] = nil end
    for k, v in pairs(p) do old.table[k] = v end
    old.raw = raw
  else
    local index = checked_status(world._B.profile_create(world._w, def), object)
    world._profiles[p.name] = { index = index, table = p, raw = raw }
  end
  local entry = world._profiles[p.name]
  if vision_def then checked_status(world._B.profile_set_vision(world._w, entry.index, vision_def), object) end
  return entry.table
end

return define
