-- wary.define: turns validated definition tables (profiles, senses,
-- materials, sounds, filters, pain types) into the C defs of the backend,
-- and keeps them by name. With world._dry set (a shadow of the world, see
-- World:load) it checks everything and records names in the shadow, but
-- changes nothing.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local enums = require("wary.enums")
local schema = require("wary.schema")
local vision = require("wary.vision")
local hearing = require("wary.hearing")
local geck = require("wary.geck")
local brain = require("wary.brain")

local define = {}

local index_of = check.index_of

-- Names defined in world[store], following a dry run's shadow to the world.
local function known(world, store)
  local names, seen = {}, {}
  local t = world[store]
  while type(t) == "table" do
    for k in each(t) do
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

-- The definition of kind named name in world[store] (a sound, a material,
-- ...); an unknown name raises "<object>: field '<field>' expected a defined
-- <kind>, got <name> (did you mean ...?)" or lists what is defined.
function define.lookup(world, kind, store, name, object, field)
  local entry = name ~= nil and world[store][name]
  if entry then return entry end
  local names = known(world, store)
  if name == nil then
    -- Left out: what it takes, and what there is to name.
    check.raise(string.format("%s: field '%s' expected a %s name (required), got nil%s", object, field, kind,
      #names > 0 and (" (defined: " .. table.concat(names, ", ") .. ")")
        or string.format(" (none defined yet: world:define_%s{ %s = ... } first)", kind,
          kind == "sense" and "id" or "name")))
  end
  local hint = type(name) == "string" and check.suggest(name, names)
  check.raise(string.format("%s: field '%s' expected a defined %s, got %s%s", object, field, kind,
    check.describe(name), hint and (" (did you mean '" .. hint .. "'?)")
      or (#names > 0 and (" (defined: " .. table.concat(names, ", ") .. ")") or "")))
end

local function checked_status(world, status, object)
  return check.status(object, "the core refused it", status, world)
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
    checked_status(world, world._B.material_set(world._w, old.index, def), object)
    old.def = m
  else
    local index = check.made(world, object, world._B.material_create(world._w, def))
    world._materials[m.name] = { index = index, def = m }
    world._material_names[index] = m.name
  end
  return m
end

function define.sound(world, t)
  local object = "sound " .. check.describe(type(t) == "table" and t.name or nil)
  local o = check.fields(object, schema.sound, t, world._scaled.sound)
  -- Told here, before the name is interned (the core would refuse it after).
  local most = enums.constants.MAX_SOUND_NAME
  if #o.name > most then
    check.raise(string.format("%s: field 'name' expected a name of at most %d characters (its tag "
      .. "Stimulus.Sound.<name> is a name too), got %d", object, most, #o.name))
  end
  local old = rawget(world._sounds, o.name)
  if world._dry then
    world._sounds[o.name] = { index = 0, def = o }
    return o
  end
  -- Defined again: retuned live (between steps), as a profile or a material.
  if old then
    checked_status(world, world._B.sound_set(world._w, old.index, hearing.sound_def(world, o)), object)
    old.def = o
    return o
  end
  local index = check.made(world, object, world._B.sound_create(world._w, hearing.sound_def(world, o)))
  world._sounds[o.name] = { index = index, def = o }
  world._sound_names[index + 1] = o.name -- 1-based: a dense array (LuaJIT traces it)
  return o
end

function define.filter(world, t)
  local object = "sound filter " .. check.describe(type(t) == "table" and t.name or nil)
  local o = check.fields(object, schema.filter, t)
  local old = rawget(world._filters, o.name)
  local def = hearing.filter_def(o, object)
  if world._dry then
    world._filters[o.name] = { index = 0, def = o }
    return o
  end
  -- Defined again: retuned live (between steps); the profiles that name it follow.
  if old then
    checked_status(world, world._B.filter_set(world._w, old.index, def), object)
    old.def = o
    return o
  end
  world._filters[o.name] = { index = check.made(world, object, world._B.filter_create(world._w, def)), def = o }
  return o
end

-- The settings of a custom sense the core holds (the rest, its functions
-- and description, are the facade's).
local SENSE_SETTINGS = { "interval", "max_range", "loss_grace", "direct_lost_cut", "loss_reason", "weight" }

-- What a sense's setting is, for a message: a range in metres too.
local function setting_text(world, k, v)
  local text = check.describe(v)
  if k == "max_range" and v ~= 0 and v ~= math.huge then
    text = text .. string.format(" (%s m)", check.describe(v / world._units_per_meter))
  end
  return text
end

local function tags_text(tags)
  return #tags > 0 and "{ " .. table.concat(tags, ", ") .. " }" or "none"
end

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i] ~= b[i] then return false end
  end
  return true
end

local AGAIN = ": a sense defined again may change its evaluate, on_stimulus and description, not its settings "
  .. "(a profile's sense_intervals and sense_weights retune those two live; for the others, make the world again)"

-- A sense defined again (a definitions file loaded again after an edit):
-- its functions and description are taken, its settings must be the same.
local function sense_again(world, entry, s, object)
  local was = entry.def
  if not was then
    check.raise(string.format("%s: field 'id' expected an id of its own (a custom sense's), got %s, a built-in "
      .. "sense's (already defined)", object, check.describe(s.id)))
  end
  for _, k in ipairs(SENSE_SETTINGS) do
    if s[k] ~= was[k] then
      check.raise(string.format("%s: already defined with %s %s, now %s", object, k, setting_text(world, k, was[k]),
        setting_text(world, k, s[k])) .. AGAIN)
    end
  end
  if not same_list(s.stimulus_tags, was.stimulus_tags) then
    check.raise(string.format("%s: already defined with stimulus_tags %s, now %s", object, tags_text(was.stimulus_tags),
      tags_text(s.stimulus_tags)) .. AGAIN)
  end
  if world._dry then return s end
  local fixed = s.evaluate ~= entry.evaluate or s.on_stimulus ~= entry.on_stimulus
  entry.def, entry.evaluate, entry.on_stimulus = s, s.evaluate, s.on_stimulus
  -- New functions (a fix loaded again): the agents the old ones failed
  -- for until they were muted are asked again, as agent:unmute_sense would.
  if fixed then
    for _, a in ipairs(world:actors()) do
      local slot = a._profile and check.index_of(a._profile.senses, s.id)
      if slot then world._B.sense_unmute(world._w, a.id, slot - 1) end
    end
  end
  return s
end

function define.sense(world, t)
  local object = "sense " .. check.describe(type(t) == "table" and t.id or nil)
  local s = check.fields(object, schema.sense, t, world._scaled.sense)
  for i, tag in ipairs(s.stimulus_tags) do
    check.tag(object, "stimulus_tags[" .. i .. "]", tag, "a tag prefix of whole dotted parts (Stimulus.Vibration)")
  end
  -- on_stimulus is called with the stimuli whose tags start with one of them: none, never.
  if s.on_stimulus and #s.stimulus_tags == 0 then
    check.raise(object .. ": field 'stimulus_tags' expected at least one tag prefix with on_stimulus (it is called "
      .. "for the stimuli whose tags start with one, as { \"Stimulus.Vibration\" }), got none")
  end
  local old = world._senses[s.id]
  if old then return sense_again(world, old, s, object) end
  local tags = {}
  for i, tag in ipairs(s.stimulus_tags) do tags[i] = world._dry and 1 or world:_name(tag) end
  local index = check.made(world, object, world._B.sense_create(world._w, {
    interval = s.interval, max_range = s.max_range, loss_grace = s.loss_grace,
    direct_lost_cut = s.direct_lost_cut, weight = s.weight,
    loss_reason = enums.loss_reason_values[s.loss_reason],
    stimulus_tag_count = #tags, stimulus_tags = tags,
  }))
  local entry = { id = s.id, index = index, def = s, evaluate = s.evaluate, on_stimulus = s.on_stimulus }
  world._senses[s.id] = entry
  world._sense_by_index[index] = entry
  return s
end

-- world:define_pain{ name, decay_rate, max_level, amount_override, effects = { Vision = 0.4, ... } }
function define.pain(world, t)
  local object = "pain " .. check.describe(type(t) == "table" and t.name or nil)
  local o = check.fields(object, schema.pain_type, t)
  local senses, effects = {}, {}
  local ids = {}
  for id in each(o.effects) do ids[#ids + 1] = id end
  table.sort(ids, function(a, b) return tostring(a) < tostring(b) end)
  if #ids > enums.constants.MAX_PAIN_EFFECTS then
    check.fail(object, "effects", "at most " .. enums.constants.MAX_PAIN_EFFECTS .. " senses", #ids)
  end
  for _, id in ipairs(ids) do
    local s = define.lookup(world, "sense", "_senses", id, object, "effects")
    check.number(object, "effects." .. tostring(id), o.effects[id], 0, 1)
    senses[#senses + 1] = s.index
    effects[#effects + 1] = o.effects[id]
  end
  if world._dry then
    world._pains[o.name] = { index = 0, def = o }
    return o
  end
  local def = {
    name = world:_name(o.name), decay_rate = o.decay_rate, max_level = o.max_level,
    amount_override = o.amount_override, effect_count = #senses, effect_sense = senses, effect = effects,
  }
  local old = world._pains[o.name]
  if old then
    checked_status(world, world._B.pain_set(world._w, old.index, def), object)
    old.def = o
  else
    local index = check.made(world, object, world._B.pain_create(world._w, def))
    world._pains[o.name] = { index = index, def = o }
    world._pain_names[index] = o.name
  end
  return o
end

-- A field given in the wrong table names the right one: a profile's
-- max_range_m is vision's, vision's wall_absorption_coeff hearing's.
do
  local tables = { { "vision", schema.vision }, { "hearing", schema.hearing }, { "brain", schema.brain },
                   { "geck", schema.geck }, { "damage", schema.damage }, { "pain", schema.pain },
                   { "smell", schema.basic_sense, "smell, touch, echolocation or vibration" } }
  local function without(name)
    local out = {}
    for _, t in ipairs(tables) do
      if t[1] ~= name then out[#out + 1] = t end
    end
    return out
  end
  check.homes(schema.profile, tables)
  check.homes(schema.vision, without("vision"))
  check.homes(schema.hearing, without("hearing"))
  check.homes(schema.basic_sense, without("smell"))
  local carries = "hearing has no range: how far a sound carries is its sound's max_range_m (world:define_sound), "
    .. "and walls and filters take from it"
  check.notes(schema.hearing, { range = carries, range_m = carries, max_range = carries, max_range_m = carries })
end

-- The profile fields whose tables a child merges with its parent's: the
-- settings of wary's parts. The tables keyed by the game's names
-- (sense_weights, sense_intervals, settings) are replaced whole, so that a
-- child that drops a sense drops its weight too.
local MERGED = { "vision", "hearing", "vibration", "smell", "touch", "echolocation", "geck", "damage", "pain",
                 "brain" }

-- A child's field over a parent's, in one table: the child's replaces the
-- parent's, and a range given in the other unit (max_range_m over the
-- parent's max_range, or the reverse) replaces it too.
local function over(parent, child)
  local merged = {}
  for k, v in each(parent) do merged[k] = v end
  for k, v in each(child) do
    if type(k) == "string" then
      local other = k:sub(-2) == "_m" and k:sub(1, -3) or k .. "_m"
      if child[other] == nil then merged[other] = nil end
    end
    merged[k] = v
  end
  return merged
end

-- A profile with extends starts from its parent's own table: the child's
-- fields replace the parent's, and the fields of its tables of wary's
-- parts (MERGED) replace those of the parent's one by one (over, above);
-- a list (senses, a curve) and a table of the game's names (sense_weights,
-- sense_intervals, settings) are replaced whole; a sense's table given as
-- false drops the parent's sense.
local function inherit(world, t, object)
  if t.extends == nil then
    -- vision = false (any built-in sense's table) with no parent: no such
    -- table, as profiles/default.lua shows the way to leave a sense out.
    local copy
    for _, b in ipairs(schema.builtin_senses) do
      if t[b.field] == false then
        if not copy then
          copy = {}
          for k, v in each(t) do copy[k] = v end
        end
        copy[b.field] = nil
      end
    end
    return copy or t
  end
  local parent = define.lookup(world, "profile", "_profiles", t.extends, object, "extends")
  local merged = over(parent.raw, t)
  for _, field in ipairs(MERGED) do
    if type(parent.raw[field]) == "table" and type(t[field]) == "table" then
      merged[field] = over(parent.raw[field], t[field])
    end
  end
  -- A child that leaves the GECK model leaves its settings behind too.
  if merged.model ~= "geck" and t.geck == nil then merged.geck = nil end
  -- vision = false (any built-in sense's table): the child drops the
  -- parent's sense, from the inherited senses, weights and intervals too.
  for _, b in ipairs(schema.builtin_senses) do
    if t[b.field] == false then
      merged[b.field] = nil
      if t.senses == nil and type(merged.senses) == "table" then
        local kept = {}
        for _, id in ipairs(merged.senses) do
          if id ~= b.id then kept[#kept + 1] = id end
        end
        merged.senses = kept
      end
      for _, f in ipairs({ "sense_weights", "sense_intervals" }) do
        if t[f] == nil and type(merged[f]) == "table" and merged[f][b.id] ~= nil then
          local kept = {}
          for k, v in each(merged[f]) do
            if k ~= b.id then kept[k] = v end
          end
          merged[f] = kept
        end
      end
    end
  end
  merged.extends = nil
  return merged
end

-- The settings of each built-in sense: the checked table and its C def.
local function builtin_def(world, object, b, t)
  if b.field == "vision" then return vision.def(world, object, t) end
  if b.field == "hearing" then return hearing.def(world, object, t) end
  if b.field == "damage" or b.field == "pain" then return brain.sense_table(world, object, b.field, t) end
  return hearing.basic_def(world, object, b.field, t)
end

-- A profile has a built-in sense when it has that sense's table (vision =
-- {...}, hearing = {...}, ...) or lists its id ("Vision", "Hearing", ...) in
-- senses. Built-in senses not listed take the first slots, in the core's
-- order. Returns the C defs, by built-in index (0-based).
local function with_builtins(world, p, object)
  local defs, first = {}, {}
  for i, b in ipairs(schema.builtin_senses) do
    local listed = index_of(p.senses, b.id)
    if p[b.field] ~= nil or listed then
      if not listed then first[#first + 1] = b.id end
      local checked, def = builtin_def(world, object, b, p[b.field] or {})
      p[b.field] = checked
      defs[i - 1] = def
    end
  end
  if #first > 0 then
    for _, id in ipairs(p.senses) do first[#first + 1] = id end
    p.senses = first
  end
  return defs
end

local builtin_setters = { [0] = "profile_set_vision", [1] = "profile_set_hearing" }

-- Gives the core each built-in sense's settings.
local function set_builtins(world, index, defs, object)
  for k = 0, #schema.builtin_senses - 1 do
    local def = defs[k]
    -- damage and pain (def true) reach the core with the brain (wary.brain)
    if def and def ~= true and builtin_setters[k] then
      checked_status(world, world._B[builtin_setters[k]](world._w, index, def), object)
    elseif def and def ~= true then
      checked_status(world, world._B.profile_set_basic_sense(world._w, index, k, def), object)
    end
  end
end

local function slot_overrides(p, object, field)
  local values = p[field]
  for _, id in ipairs(check.sorted_keys(values)) do
    local v = values[id]
    if not index_of(p.senses, id) then
      local hint = type(id) == "string" and check.suggest(id, p.senses)
      check.raise(string.format("%s: field '%s' names sense %s, which is not in the profile's senses (%s)",
        object, field, check.describe(id),
        hint and "did you mean '" .. hint .. "'?" or "they are: " .. (#p.senses > 0 and table.concat(p.senses, ", ")
          or "none")))
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
  -- Telegraph fires on a rise past it below Detected: above detect_threshold
  -- only a step that jumps past both fires it (seed 000: keep it between
  -- Suspect and Detect).
  if p.telegraph_threshold > p.detect_threshold and not world._dry then
    check.warn_once(world._warned, "telegraph\0" .. tostring(p.name), "%s: telegraph_threshold %s is above "
      .. "detect_threshold %s: telegraph fires only when one step jumps past both (a rise is Detected first; "
      .. "keep it between suspect and detect)", object,
      check.describe(p.telegraph_threshold), check.describe(p.detect_threshold))
  end
  local geck_def
  if p.model == "geck" then
    p.geck, geck_def = geck.def(world, object, p.geck or {})
  elseif p.geck ~= nil then
    check.fail(object, "geck", 'nil unless model = "geck"', p.geck)
  end
  local listed = p.senses -- as the user listed them, before the built-in ones are put first
  local builtins = with_builtins(world, p, object)
  local brain_def = brain.def(world, p)
  local custom = 0
  for _, id in ipairs(p.senses) do
    custom = custom + ((world._senses[id] and world._senses[id].builtin) and 0 or 1)
  end
  -- Seed 004: "Add it to the profile's Sense Classes (up to 8 senses)": the
  -- custom ones; the built-in senses (Vision, Hearing, ...) are not among
  -- them, whether listed here or given as their tables.
  local max = enums.constants.MAX_CUSTOM_SENSES
  if custom > max then
    check.fail(object, "senses", "at most " .. max .. " custom senses (besides the built-in ones)", custom)
  end
  local senses = {}
  for i, id in ipairs(p.senses) do
    local s = define.lookup(world, "sense", "_senses", id, object, "senses[" .. (index_of(listed, id) or i) .. "]")
    if index_of(p.senses, id) ~= i then
      check.raise(string.format("%s: field 'senses' lists %s twice", object, check.describe(id)))
    end
    senses[i] = { sense = s.index, weight = p.sense_weights[id] or -1,
                  interval = p.sense_intervals[id] or -1 }
  end
  slot_overrides(p, object, "sense_weights")
  slot_overrides(p, object, "sense_intervals")
  -- A custom sense with max_range 0 reaches as far as the others: with none
  -- that reaches anywhere it would never be asked about anything (one that
  -- takes stimuli has them to go on). The core refuses it too (profile.c).
  -- Vision reaches as far as its max_range: 0 reaches nowhere (the core's
  -- check of a retune reads the same).
  local reaches, rangeless = builtins[0] ~= nil and p.vision.max_range > 0, nil
  for k = 3, 5 do reaches = reaches or (builtins[k] ~= nil and builtins[k].range > 0) end
  for _, id in ipairs(p.senses) do
    local s = world._senses[id]
    if s.def then
      reaches = reaches or s.def.max_range > 0
      if s.def.max_range == 0 and #s.def.stimulus_tags == 0 then rangeless = rangeless or id end
    end
  end
  if rangeless and not reaches then
    check.fail(object, "senses", "at least one sense that reaches (max_range > 0: a custom sense's, or Vision's, "
      .. "Smell's, Touch's or Echolocation's); with max_range 0 a sense reaches as far as the profile's other "
      .. "senses", rangeless)
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
  local was_geck = old and old.table.model == "geck"
  if old then
    -- The built-in senses' settings first: a sense the new list adds times
    -- its first look by them, and the core's reach check reads them (one
    -- the list drops returns to its defaults in the core).
    set_builtins(world, old.index, builtins, object)
    local status = world._B.profile_set(world._w, old.index, def)
    -- Refused (the checks above take what the facade can see), the
    -- profile gets its built-in senses' settings back: nothing changed.
    if status < 0 then
      set_builtins(world, old.index, old.builtins, object)
      checked_status(world, status, object) -- the core's text stays the refusal's: a call that succeeds leaves it
    end
    for k in each(old.table) do old.table[k] = nil end
    for k, v in each(p) do old.table[k] = v end
    old.raw, old.builtins = raw, builtins
    -- Its agents' health is read while the profile has Pain (brain.lua).
    for _, actor in each(world._actors) do
      if actor._profile == old.table then brain.rewatch_health(world, actor) end
    end
  else
    local index = check.made(world, object, world._B.profile_create(world._w, def))
    world._profiles[p.name] = { index = index, table = p, raw = raw, builtins = builtins }
    set_builtins(world, index, builtins, object)
  end
  local entry = world._profiles[p.name]
  checked_status(world, world._B.profile_set_brain(world._w, entry.index, brain_def), object)
  if geck_def or was_geck then
    checked_status(world, world._B.profile_set_geck(world._w, entry.index, geck_def or geck.OFF), object)
  end
  return entry.table
end

-- Each definer counts a world's definitions made or retuned (_definitions,
-- before it changes anything, so a refusal counts too): wary.save keeps
-- the definitions' tables it writes into every state until the count moves.
for _, kind in ipairs({ "material", "sound", "filter", "sense", "pain", "profile" }) do
  local fn = define[kind]
  define[kind] = function(world, t)
    if not world._dry then world._definitions = (world._definitions or 0) + 1 end
    return fn(world, t)
  end
end

return define
