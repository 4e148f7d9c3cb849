-- wary.world: the world object: definitions, the scene (boxes, lights,
-- environments, sun, weather), actors, stepping (with custom senses
-- evaluated by the backend) and event dispatch. What makes something happen
-- for the senses (sounds, stimuli, hits) is in world_stimuli.lua, merged at
-- the end in one list.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local io = io -- kept: a game may take it from the globals after it loads wary
local running = coroutine.running
-- World.step as written below: the public one calls it in a tail call (the
-- wrappers at the end), so it is the one on a stack (guard.settle).
local step_fn
local Actor = require("wary.actor")
local brain = require("wary.brain")
local check = require("wary.check")
local define = require("wary.define")
local enums = require("wary.enums")
local events = require("wary.events")
local handle = require("wary.handle")
local guard = require("wary.guard")
local handles = require("wary.handles")
local runner = require("wary.runner")
local schema = require("wary.schema")
local vision = require("wary.vision")

local World = { _kind = "world" }
-- world.units_per_meter is read as a field and kept as _units_per_meter:
-- a write reaches __newindex and is refused (the core keeps the units the
-- world was made with, and the facade scales definitions by them), as are
-- writes of what a setter changes (world.weather) and of methods' names.
function World.__index(self, k)
  local v = World[k]
  if v ~= nil then return v end
  if k == "units_per_meter" then return rawget(self, "_units_per_meter") end
end
handle.refuse_writes(World, function(_, k)
  if World["set_" .. k] then return "change it with world:set_" .. k .. "(...)" end
  if k == "units_per_meter" then return "a world keeps the units it was made with" end
end)

function World._new(B, t)
  t = t == nil and {} or t
  local upm = type(t) == "table" and check.finite(t.units_per_meter) and t.units_per_meter > 0
    and t.units_per_meter or 100
  local o = check.fields("world", schema.world, t, schema.defaults(schema.world, upm))
  local lod = o.lod_interval_scale
  if #lod ~= 4 then check.fail("world", "lod_interval_scale", "a list of 4 numbers", #lod) end
  for i = 1, 4 do check.number("world", "lod_interval_scale[" .. i .. "]", lod[i], 1e-6, nil) end
  local w, status = B.world_create({
    units_per_meter = o.units_per_meter, weather = o.weather, grid_cell_size = o.grid_cell_size,
    event_capacity = o.event_capacity, sense_error_limit = o.sense_error_limit, lod_interval_scale = lod,
    ray_budget = o.ray_budget,
    workers = o.workers,
  })
  if not w then check.status("world", "create", status) end
  local self = setmetatable({
    _B = B, _w = w, _units_per_meter = upm,
    _actors = {}, _agent_profiles = {}, _actor_count = 0,
    -- world:actors()'s order, made again when _actors_changed moved past _order_of.
    _actors_changed = 0, _order = {}, _order_of = 0,
    _profiles = {}, _senses = {}, _sense_by_index = {},
    -- Definitions made or retuned (wary/define.lua), and the state's section of their tables (wary/save.lua).
    _definitions = 0, _settings_section = false,
    _materials = { concrete = { index = 0 } }, _material_names = { [0] = "concrete" },
    _teams = {}, _team_count = 0, _names = {}, _handlers = {}, _listened = {}, _record = {},
    _health_watch = {}, _health_order = false, -- brain.lua: the watched ids in order (false: to make)
    _event_cache = {}, _event_cache_used = false, _step_errors = {}, _errors = {},
    _gone = {}, _pending_handlers = {}, _handler_errors = 0, _destroyed = false,
    -- Held raw (false, not nil) so that a step's reads of them call no __index.
    _in_step = false, _dispatching = false, _reading_health = false, _dry = false, _listen_mask = false,
    -- The coroutine of wary's that runs the game's function world:step is calling (guard.settle).
    -- The thread that called world:step, and World.step (guard.settle).
    _run = { co = false, thread = false, step = step_fn },
    -- Every handle made, by id (weak): a load_state brings back those of
    -- things removed since the save (save.lua). The live lamps and volumes.
    _made = setmetatable({}, { __mode = "v" }), _lights = {}, _environments = {},
    -- Each actor's props table as wary made it (Actor._check_whole): kept
    -- here, so that a handle holds only the fields the game sees.
    _props_of = setmetatable({}, { __mode = "k" }),
    _errors_said = {}, _error_limit = o.sense_error_limit, _event_capacity = o.event_capacity,
    _ctx = { agent_pos = {}, eye_pos = {}, eye_forward = {}, target_pos = {}, target_vel = {},
             units_per_meter = upm },
    _sounds = {}, _sound_names = {}, _filters = {},
    _scaled = {}, _pains = {}, _pain_names = {}, _warned = setmetatable({}, { __mode = "k" }),
  }, World)
  for _, kind in ipairs({ "profile", "actor", "vision", "light", "hearing", "sound", "sense", "stimulus", "geck",
                          "brain" }) do
    self._scaled[kind] = schema.defaults(schema[kind], upm)
  end
  -- The built-in senses: listed by id in profiles, evaluated in C.
  for i, b in ipairs(schema.builtin_senses) do
    self._senses[b.id] = { id = b.id, index = i - 1, builtin = true }
  end
  self._ctx.world = self
  -- The starter data, modules of this library (lua/wary/data/), so a copy of
  -- lua/wary works from any folder.
  for _, kind in ipairs({ "materials", "sounds", "filters", "pains" }) do
    if o[kind] then self:_define_all(require("wary.data." .. (kind == "pains" and "pain" or kind))) end
  end
  return self
end

-- Adding or removing things, and defining, wait until the step is over: a
-- sense's evaluate runs inside it.
function World:_structural(what)
  if self._in_step then guard.settle(self) end
  if self._in_step then
    check.raise(string.format("world: %s: %s", what, check.IN_EVALUATE))
  end
end

-- ---- names, teams ------------------------------------------------------------

-- The key of name s, interned the first time. object and field name what
-- it is for in a refusal (the world's table of names is full: names are
-- kept for the world's life, so a game that makes a new one per event runs
-- out).
function World:_name(s, object, field)
  local key = self._names[s]
  if not key then
    object, field = object or "world", field or "name"
    -- Every caller has checked s (check.name, or a string field): this
    -- keeps a name cut short at a NUL from ever merging with another.
    if s:find("\0", 1, true) then check.fail(object, field, "a string without a NUL byte", s) end
    local status, made = self._B.name(self._w, s)
    if status == enums.status_values.full then
      check.raise(string.format("%s: %s %s: table full: the world keeps %d names (tags, prop keys, sound and "
        .. "pain names...) for its life, and has no room for another: reuse names rather than make one per "
        .. "event", object, field, check.describe(s), enums.constants.MAX_NAMES))
    end
    key = check.made(self, object .. ": " .. field .. " " .. check.describe(s), status, made)
    self._names[s] = key
  end
  return key
end

-- How many names the world keeps: keys 1 .. n (wary_name_string gives none past n).
function World:_name_count()
  local B, w = self._B, self._w
  local lo, hi = 0, enums.constants.MAX_NAMES + 1
  while hi - lo > 1 do
    local mid = math.floor((lo + hi) / 2)
    if B.name_string(w, mid) then lo = mid else hi = mid end
  end
  return lo
end

--- Makes each name of the list the world's now, in the list's order: prop keys, evidence tags and
-- sources, damage types, any string the game gives wary as a key. The world keeps a name for its life from
-- the call that first gives it, and its snapshots hold the names in that order: copies of a lockstep or
-- rollback game that must save the same bytes intern the names they will use after their definitions and
-- before their first save, rather than where play first meets each (docs/reliability.md, "Rollback and
-- lockstep"). A name the world has stays where it is. The list is checked whole before any name is
-- interned: each a non-empty string without a NUL byte, room for all (wary.enums.constants.MAX_NAMES).
function World:intern_names(list)
  if type(list) ~= "table" then check.fail("world:intern_names", "names", "a list of strings", list) end
  local new, fresh, n = 0, {}, 0
  for _ in each(list) do n = n + 1 end
  for i = 1, n do
    local s = list[i]
    check.name("world:intern_names", "names[" .. i .. "]", s)
    if not self._names[s] and not fresh[s] then
      fresh[s], new = true, new + 1
    end
  end
  local lo = self:_name_count()
  if lo + new > enums.constants.MAX_NAMES then
    check.fail("world:intern_names", "names", string.format("at most %d new names (the world has %d of its %d)",
      enums.constants.MAX_NAMES - lo, lo, enums.constants.MAX_NAMES), new)
  end
  for i, s in ipairs(list) do self:_name(s, "world:intern_names", "names[" .. i .. "]") end
end

-- Raises unless team is nil or a key a team can have: the game's own (a
-- number need not fit a float), but no NaN or infinity, which cannot be
-- saved.
function World._check_team(team, object, field)
  if team ~= nil and type(team) ~= "string" and not (type(team) == "number" and team == team
      and team ~= math.huge and team ~= -math.huge) then
    check.fail(object, field or "team", "a string or a finite number", team)
  end
end

-- Forgets the teams registered after there were count (a call that
-- registered them was then refused: it changes nothing).
function World:_forget_teams(count)
  if self._team_count == count then return end
  for team, id in each(self._teams) do
    if id > count then self._teams[team] = nil end
  end
  self._team_count = count
end

function World:_team(team, object)
  if team == nil then return 0 end
  World._check_team(team, object)
  local id = self._teams[team]
  if not id then
    self._team_count = self._team_count + 1
    id = self._team_count
    self._teams[team] = id
  end
  return id
end

-- ---- definitions ---------------------------------------------------------------

-- The kind of a definition table: an explicit `kind`, else inferred.
local function kind_of(t)
  if t.kind then return t.kind end
  if t.evaluate or t.on_stimulus then return "sense" end
  if t.base_loudness ~= nil or t.alert_level ~= nil and t.accepted_categories == nil then return "sound" end
  if t.accepted_categories ~= nil or t.loudness_multiplier ~= nil or t.min_alert_level ~= nil then return "filter" end
  if t.vision_transmission ~= nil or t.sound_wall ~= nil then return "material" end
  if t.effects ~= nil or t.amount_override ~= nil or t.max_level ~= nil then return "pain" end
  -- Of what is left, a sense has an id (a profile a name): one with its
  -- evaluate misspelt is then told so by define_sense, not taken for a profile.
  if t.id ~= nil and t.name == nil then return "sense" end
  return "profile"
end

-- A map exported from Tiled is the other Lua file a level has: it has a
-- loader of its own, which the message names (the fields a profile does not
-- know would be told otherwise).
local function not_a_map(t, field)
  if t.tiledversion ~= nil or t.orientation ~= nil and t.layers ~= nil then
    check.fail("world", field, "a definition table, not a Tiled map (require(\"wary.tiled\").load(world, map) "
      .. "loads one)", t)
  end
end

local definers = { profile = define.profile, sense = define.sense, material = define.material,
                   sound = define.sound, filter = define.filter, pain = define.pain }

--- Defines one definition table of any kind (profile, sense, material, sound, filter, pain),
-- told apart by its fields or an explicit `kind`; returns what it defined. Given a list of them,
-- defines them as world:load defines a file's (all or nothing, profiles after the rest) and returns
-- a list of what it defined, in the list's order.
function World:define(t)
  if not self._dry then self:_structural("define") end
  if type(t) ~= "table" then check.fail("world", "definition", "a table", t) end
  if t[1] ~= nil then return self:_define_all(t) end
  not_a_map(t, "definition")
  local kind = kind_of(t)
  local fn = definers[kind]
  if not fn then check.fail("definition", "kind", "one of profile, sense, material, sound, filter, pain", kind) end
  local copy = {}
  for k, v in each(t) do copy[k] = v end
  copy.kind = nil
  return fn(self, copy)
end
-- As it is, for a dry run's shadow (not a world: the checked method below
-- would take it for a call with '.').
World._define_one = World.define

-- Where world:load looks for a relative path (after the game's own files
-- under LÖVE, see _load_chunk), in order: the folder of the
-- file that called it, the current directory, then each folder of
-- package.path (a template "/x/?.lua" gives "/x/"). Returns the first that
-- opens; raises with every place it looked. (Also used by wary.tiled.)
function World._resolve(path, what)
  what = what or "world:load"
  if type(path) ~= "string" or path == "" then check.fail(what, "path", "a file path string", path) end
  if path:sub(1, 7) == "WARYLUA" then -- how every format of save.lua's strings begins
    check.raise(string.format("%s: field 'path' expected a file path string, got a saved state (%d bytes): load "
      .. "it with world:load_state", what, #path))
  end
  local candidates = { path }
  if not path:match("^/") and not path:match("^%a:[/\\]") then
    local caller = check.caller_file()
    local dir = caller and caller:match("^(.*[/\\])")
    if dir then table.insert(candidates, 1, dir .. path) end
    for template in package.path:gmatch("[^;]+") do
      local folder = template:match("^(.-)%?[^/\\]*$")
      if folder and folder ~= "" then candidates[#candidates + 1] = folder .. path end
    end
  end
  local tried, seen = {}, {}
  for _, p in ipairs(candidates) do
    if not seen[p] then
      seen[p] = true
      local f = io.open(p, "r")
      if f then
        f:close()
        return p
      end
      tried[#tried + 1] = p
    end
  end
  check.raise(string.format("%s: no file %s; looked in:\n  %s", what, check.describe(path),
    table.concat(tried, "\n  ")))
end

-- A stand-in for the world that sees its definitions, records new ones in
-- tables of its own and calls no core function: a dry run of definitions.
local function shadow_of(world)
  local idle = function() return 0, 0 end
  local function layer(t) return setmetatable({}, { __index = t }) end
  return setmetatable({
    _dry = true, _B = setmetatable({}, { __index = function() return idle end }),
    _profiles = layer(world._profiles), _senses = layer(world._senses),
    _materials = layer(world._materials), _sense_by_index = {}, _material_names = {},
    _sounds = layer(world._sounds), _sound_names = {}, _filters = layer(world._filters),
    _pains = layer(world._pains), _pain_names = {},
  }, { __index = world })
end

-- The chunk of the file at path. Under LÖVE a file of the game (its folder
-- or its .love) is read through love.filesystem first, since LÖVE names the
-- game's files relative to the game; otherwise _resolve finds it.
function World._load_chunk(path, what)
  local fs = rawget(_G, "love") and rawget(_G, "love").filesystem
  if fs and fs.getInfo and type(path) == "string" and fs.getInfo(path, "file") then
    local ok, chunk = pcall(fs.load, path)
    if not ok or not chunk then check.raise(what .. ": " .. tostring(chunk)) end
    return chunk
  end
  local chunk, err = loadfile(World._resolve(path, what))
  if not chunk then check.raise(what .. ": " .. err) end
  return chunk
end

--- Loads a file returning one definition or a list of them; returns what it returned (that table).
-- All or nothing: every definition is checked before any is made. A list's profiles are made after its
-- other definitions, so they may name senses that come later in it, and each after the profile of the
-- list it extends. A relative path is looked for beside the calling file, then in the current
-- directory, then in each folder of package.path (LÖVE: the game's files first). Loaded again (after an
-- edit, between steps), its definitions retune what it defined: profiles, materials, sounds, filters and
-- pain types take their new tables, a sense its new evaluate, on_stimulus and description (its settings
-- must stay: interval, ranges, loss, weight, stimulus tags). What the file no longer holds stays defined,
-- and a profile that extends one from another file keeps what it copied from it then.
function World:load(path)
  local ran, t = pcall(World._load_chunk(path, "world:load"))
  if not ran then check.raise("world:load: the file raised an error: " .. tostring(t) .. " (in " .. path .. ")") end
  if type(t) ~= "table" then check.fail("file " .. path, "return value", "a definition table or a list", t) end
  -- A refused definition's message names the file it came from too.
  local ok, out = pcall(self._define_all, self, t)
  if not ok then error(type(out) == "string" and out .. " (in " .. path .. ")" or out, 0) end
  return out
end

-- The order to define a list in: its profiles after its other kinds (a
-- profile names senses, pain types and filters, which may come later in
-- the list), and a profile after the one of the list it extends; else the
-- list's order.
local function definition_order(list)
  local order, profiles, named = {}, {}, {}
  for i, d in ipairs(list) do
    if type(d) == "table" and kind_of(d) == "profile" then
      profiles[#profiles + 1] = i
      if type(d.name) == "string" then named[d.name] = named[d.name] or i end
    else
      order[#order + 1] = i
    end
  end
  local placed = {}
  -- chain: the profiles being placed, each extending the next.
  local function place(i, seen, chain)
    if placed[i] then return end
    chain[#chain + 1] = list[i].name
    if seen[i] then
      -- Each would have to be defined before the other: name the cycle.
      local first = 1
      while chain[first] ~= list[i].name do first = first + 1 end
      local by = chain[#chain - 1]
      check.raise(string.format("profile %s: field 'extends' expected a profile that does not extend it in turn, "
        .. "got %s (a cycle: %s)", check.describe(by), check.describe(list[i].name),
        table.concat(chain, " extends ", first)))
    end
    seen[i] = true
    local parent = named[list[i].extends]
    -- One that extends its own name extends the profile defined before
    -- the list (define.profile finds it, or says there is none).
    if parent and parent ~= i then place(parent, seen, chain) end
    placed[i] = true
    chain[#chain] = nil
    order[#order + 1] = i
  end
  for _, i in ipairs(profiles) do place(i, {}, {}) end
  return order
end

-- Defines t (one definition, or a list), all or nothing; returns what was
-- defined, in t's order (definition_order says in which order it defines).
-- Raises unless the world has room for what list (checked by a dry run)
-- makes anew, so that a list is defined whole or not at all: materials and
-- pain types up to their counts, and the names the new ones intern (a
-- sound two, its name and its tag; a pain type one; a sense its stimulus
-- tags), counted as if none were interned yet.
local function room_for(world, list)
  local new, names, seen = { material = 0, pain = 0 }, 0, {}
  local stores = { material = "_materials", pain = "_pains", sound = "_sounds", sense = "_senses",
                   filter = "_filters", profile = "_profiles" }
  for _, d in ipairs(list) do
    local kind = kind_of(d)
    local key = kind == "sense" and d.id or d.name
    if stores[kind] and not world[stores[kind]][key] and not seen[kind .. "\0" .. tostring(key)] then
      seen[kind .. "\0" .. tostring(key)] = true
      if new[kind] then new[kind] = new[kind] + 1 end
      if kind == "sound" then names = names + 2 end
      if kind == "pain" then names = names + 1 end
    end
    if kind == "sense" and type(d.stimulus_tags) == "table" then names = names + #d.stimulus_tags end
  end
  local C = enums.constants
  local function over(count, most, what)
    if count > most then
      check.fail("world", "definition", string.format("a list the world has room for (%s)", what), count)
    end
  end
  local materials, pains = 0, 0
  for _ in each(world._materials) do materials = materials + 1 end
  for _ in each(world._pains) do pains = pains + 1 end
  over(materials + new.material, C.MAX_MATERIALS, string.format("at most %d materials, %d of them defined; "
    .. "the count is its materials then", C.MAX_MATERIALS, materials))
  over(pains + new.pain, C.MAX_PAIN_TYPES, string.format("at most %d pain types, %d of them defined; the count "
    .. "is its pain types then", C.MAX_PAIN_TYPES, pains))
  if names > 0 then
    local kept = world:_name_count()
    over(kept + names, C.MAX_NAMES, string.format("at most %d names for the world's life, %d of them taken; "
      .. "the count is the names then, a new sound taking two, a pain type one, a sense one a stimulus tag",
      C.MAX_NAMES, kept))
  end
end

function World:_define_all(t)
  local list = t[1] ~= nil and t or { t }
  if list == t then
    -- A definition's fields beside a list's items: one of them would be
    -- lost. The first by name is told (the same on both backends).
    local fields, past = {}, nil
    for k in each(t) do
      if type(k) ~= "number" or k % 1 ~= 0 or k < 1 then
        fields[#fields + 1] = tostring(k)
      elseif k > 1 and t[k - 1] == nil and (past == nil or k < past) then
        past = k
      end
    end
    if fields[1] then
      table.sort(fields)
      check.raise(string.format("world: field 'definition' expected one definition or a list of them, not both, "
        .. "got a list with field '%s'", fields[1]))
    end
    -- An item past a nil: ipairs would stop at the nil and lose it.
    if past then
      check.raise(string.format("world: field 'definition[%d]' expected a list without gaps, got nil at "
        .. "definition[%d] before it", past, past - 1))
    end
  end
  for i, d in ipairs(list) do
    local field = list == t and string.format("definition[%d]", i) or "definition"
    if type(d) ~= "table" then check.fail("world", field, "a definition table", d) end
    if d[1] ~= nil then check.fail("world", field, "a definition table, not a list", d) end
    not_a_map(d, field)
  end
  local order = definition_order(list)
  local shadow = shadow_of(self)
  for _, i in ipairs(order) do World._define_one(shadow, list[i]) end
  room_for(self, list)
  local out = {}
  for _, i in ipairs(order) do out[i] = self:define(list[i]) end
  return t[1] ~= nil and out or out[1]
end

-- ---- the world ---------------------------------------------------------------------

--- The world's weather modifier, 0..1 (1 = clear): it scales sight and hearing everywhere.
function World:set_weather(v)
  check.number("world", "weather", v, 0, 1)
  self._B.world_set_weather(self._w, v)
end

--- The vision rays a step may cast (an integer in [0, 1e9]; 0: no budget, the default). Past it the due
-- pairs most in need look first and the others keep what they last saw (docs/budget.md).
function World:set_ray_budget(n)
  if not check.finite(n) or n ~= math.floor(n) or n < 0 or n > 1e9 then
    check.fail("world", "ray_budget", "an integer in [0, 1e+09] (0: no budget)", n)
  end
  self:_structural("set_ray_budget")
  self._B.world_set_ray_budget(self._w, n)
end

--- Seconds stepped so far.
function World:time() return self._B.world_time(self._w) end

--- The world's weather (world:set_weather, or what world:load_state restored), as the core keeps it: a float
-- (0.3 reads 0.30000001192093).
function World:weather() return self._B.world_weather(self._w) end

--- The vision rays a step may cast (world:set_ray_budget, or what world:load_state restored; 0: no budget).
function World:ray_budget() return self._B.world_ray_budget(self._w) end
--- Threads a step uses (wary.world{ workers = N }: N, at least 1).
function World:workers() return self._B.world_workers(self._w) end
--- Counters since creation: rays, queries, candidates, beliefs held now, sounds and pain reports dropped,
-- vision's rays and the ray budget's pairs, pairs put off and their longest wait (docs/budget.md).
function World:stats() return self._B.world_stats(self._w) end

--- The sun: { direction, intensity, ambient }: direction from the sun towards the ground ({0, 0, -1} is
-- noon, the default), intensity its light (1), ambient the light of shade (0.3 by default: in shade a
-- guard sees you about three times worse). A zero direction: no sun. A field not given keeps what the
-- last set_sun gave it (as light:set does).
function World:set_sun(t)
  if type(t) == "table" and self._sun then
    local merged = {}
    for k, v in each(self._sun) do merged[k] = v end
    for k, v in each(t) do merged[k] = v end
    t = merged
  end
  local o = check.fields("world:set_sun", {
    { name = "direction", kind = "table", default = { 0, 0, -1 } },
    { name = "intensity", kind = "number", min = 0, max = 1, default = 1 },
    { name = "ambient", kind = "number", min = 0, max = 1, default = 0.3 },
  }, t)
  local x, y, z = check.vector("world:set_sun", "direction", o.direction)
  -- A direction too short for floats (components below 2^-60, which may
  -- round to 0 on the way into C) is made longer first: only {0, 0, 0} is no sun.
  local m = math.max(math.abs(x), math.abs(y), math.abs(z))
  local s = m > 0 and m < 0x1p-60 and m or 1
  self._B.world_set_sun(self._w, x / s, y / s, z / s, o.intensity, o.ambient)
  -- A copy: the caller's direction table is the caller's to change.
  self._sun = { direction = { x, y, z }, intensity = o.intensity, ambient = o.ambient }
end

--- Turns the sun (a direction from the sun, or a vector table), keeping its light and ambient.
function World:set_sun_direction(x, y, z)
  local object = "world:set_sun_direction"
  if type(x) == "table" then
    x, y, z = check.vector(object, "direction", x)
  else
    x, y, z = check.xyz(object, "direction", x, y, z)
  end
  self:set_sun{ direction = { x, y, z } }
end

--- The light level at an actor as vision computes it with use_per_target_light (and the sun's shadow
-- traced: a profile with trace_sun_shadow = false sees the sun's intensity where this says shade).
function World:light_at(actor)
  return self._B.light_at(self._w, handle.of(self, Actor, actor, "world:light_at", "actor").id)
end

--- The boxes between two points, each counted once over the whole segment: { transmission (the product of
-- their vision transmissions), walls (how many are sound walls), boxes (how many in all) }.
function World:ray(a, b)
  local ax, ay, az = check.vector("world:ray", "from", a)
  local bx, by, bz = check.vector("world:ray", "to", b)
  local _, r = self._B.ray_cast(self._w, ax, ay, az, bx, by, bz)
  return r
end

--- How many boxes the world holds.
function World:box_count() return self._B.box_count(self._w) end
--- Every live box handle, in slot order as world:actors() (box.min, box.max, box.material: read-only, the corners
-- copies; set_bounds and set_material change them).
function World:boxes() return handles.boxes(self) end
--- Every live lamp handle (world:add_light), in slot order: after a load into a world made anew, how the game
-- finds the lamps it made before (light.def: a copy of their fields;
-- light:set{} changes them).
function World:lights() return handles.lights(self) end
--- Every live environment handle (world:add_environment), in slot order, as world:lights().
function World:environments() return handles.environments(self) end

-- ---- actors ----------------------------------------------------------------------

function World:_add(t, is_agent)
  local kind = is_agent and "agent" or "target"
  -- Named by its name in messages; a name that is not a string is the error itself.
  local object = kind .. (type(t) == "table" and type(t.name) == "string" and (" " .. check.describe(t.name)) or "")
  local a = check.fields(object, schema.actor, t, self._scaled.actor)
  local x, y, z = check.vector(object, "pos", a.pos)
  local vx, vy, vz = 0, 0, 0
  if a.velocity then vx, vy, vz = check.vector(object, "velocity", a.velocity) end
  local profile
  if is_agent then
    profile = define.lookup(self, "profile", "_profiles", a.profile, object, "profile")
  elseif a.profile ~= nil then
    check.fail(object, "profile", "nil (a target perceives nothing; use add_agent)", a.profile)
  end
  local props = a.props or {}
  local numbers = 0
  local keys = check.sorted_keys(props)
  for _, k in ipairs(keys) do
    local v = props[k]
    Actor._check_prop(object, k, v)
    numbers = numbers + (Actor._core_value(v) ~= nil and 1 or 0)
  end
  local max_props = enums.constants.MAX_PROPS
  if numbers > max_props then
    check.fail(object, "props", "at most " .. max_props .. " numbers and booleans", numbers)
  end
  local samples = a.samples and vision.samples(object, "samples", a.samples)
  local brain_fields = brain.actor_fields(self, a, object)
  local teams = self._team_count
  local status, id = self._B.actor_create(self._w, {
    pos = { x, y, z }, vel = { vx, vy, vz }, yaw = a.yaw,
    stance = enums.stance_values[a.stance], team = self:_team(a.team, object),
    visibility = a.visibility, light = a.light, eye_height = a.eye_height, scent = a.scent,
    profile = profile and profile.index or -1, lod_tier = a.lod_tier,
    perceivable = a.perceivable, off_screen = a.off_screen,
  })
  if status < 0 then self:_forget_teams(teams) end -- refused: no new team either
  id = check.made(self, object, status, id)
  self._actor_count = self._actor_count + 1
  local actor = setmetatable({
    id = id, world = self, _actor_kind = kind, props = {},
    name = a.name or string.format("%s#%d", kind, self._actor_count),
    _profile = profile and profile.table or false, _team = a.team, _stance = a.stance, _handlers = {},
    _removed = false,
  }, Actor)
  self._actors[id] = actor
  self._props_of[actor] = actor.props
  self._actors_changed = self._actors_changed + 1
  self._made[id] = actor
  if profile then self._agent_profiles[id] = profile.table end
  -- Checked already (vision.samples): the core takes them.
  if samples then check.status(object, "samples", self._B.actor_set_samples(self._w, id, samples), self) end
  -- A velocity given is the game's, zero too (a C def's zero velocity is none).
  if a.velocity then self._B.actor_set_velocity(self._w, id, vx, vy, vz) end
  -- In key order: pairs' order differs between interpreters, and the order
  -- names are interned in (and props kept in) is part of the saved state.
  for _, k in ipairs(keys) do actor:set_prop(k, props[k]) end
  brain.actor_added(self, actor, brain_fields)
  return actor
end

-- why: true (removed), or "load" (a loaded state has no such actor).
function World:_forget_actor(actor, why)
  events.forget_handlers(self, actor._handlers)
  brain.unwatch_health(self, actor)
  actor._removed = why or true
  self._gone[actor.id] = actor -- the last step's events still name it (events.lua)
  self._actors[actor.id] = nil
  self._agent_profiles[actor.id] = nil
  self._actors_changed = self._actors_changed + 1
end

local INDEX = 2 ^ enums.constants.ID_INDEX_BITS

local function slot_less(p, q) return p.id % INDEX < q.id % INDEX end

--- Every live actor, in the order of their slots: creation order, except that an actor made after
-- a removal takes the first freed slot. A new list each call (yours to change); the order is kept
-- between calls while no actor comes or goes. A handle's fields name, kind, team, stance, profile and
-- props are to read: set_team, set_stance and set_prop change them (a write to kind, team,
-- stance, profile, a field with a setter such as yaw or health, or a method's name is refused;
-- id, world and props written over, or a name that is no string, make the next set_prop or
-- save_state raise, as their save could not be loaded); any other field is the game's own
-- (guard.route = ...). profile is the table wary reads (defaults filled in, shared by the
-- profile's agents and a sense's ctx.profile): read it, never change it (its senses name the
-- beliefs' shares); world:define_profile retunes a profile.
function World:actors()
  local order = self._order
  if self._order_of ~= self._actors_changed then
    order = {}
    for _, a in each(self._actors) do order[#order + 1] = a end
    table.sort(order, slot_less)
    self._order, self._order_of = order, self._actors_changed
  end
  local list = {}
  for i = 1, #order do list[i] = order[i] end
  return list
end

--- The profiles the world defined, in the order it defined them (the order a save's world must define them
-- in): each the table world:define_profile returned and its agents' actor.profile, checked, with every default
-- filled in and distances in world units (world.units_per_meter to a metre). A retune updates it in place.
-- It is what wary reads, for a tuning screen to show: read it, never change it (a field set here changes
-- nothing in the core, but what wary.debug draws); world:define_profile retunes.
function World:profiles()
  local list = {}
  for _, p in each(self._profiles) do list[p.index + 1] = p.table end
  return list
end

--- world:actors_near(pos, radius) The actors within radius (world units; math.huge: all) of pos that the senses
-- can perceive (set_perceivable(false) leaves one out), nearest first, the same distance in slot order
-- (world:actors()).
function World:actors_near(pos, radius)
  local x, y, z = check.vector("world:actors_near", "pos", pos)
  if type(radius) ~= "number" or radius ~= radius or radius < 0 then
    check.fail("world:actors_near", "radius", "a number >= 0 (math.huge: everywhere)", radius)
  end
  local ids = self._B.query_actors(self._w, x, y, z, radius)
  local list, d2 = {}, {}
  for _, id in ipairs(ids) do
    local a = self._actors[id]
    if a then
      local ax, ay, az = a:pos()
      list[#list + 1] = a
      d2[a] = (ax - x) ^ 2 + (ay - y) ^ 2 + (az - z) ^ 2
    end
  end
  table.sort(list, function(p, q)
    if d2[p] ~= d2[q] then return d2[p] < d2[q] end
    return p.id % INDEX < q.id % INDEX
  end)
  return list
end

-- The calls that add or define things: each is refused during a step, then
-- handed to the module that owns it (boxes, lights and environments live in
-- wary/handles.lua, definitions in wary/define.lua).
local structural = {
  --- world:define_profile(t) Defines a profile (or, with a name already defined, retunes it live):
  -- thresholds, timings, the senses and their tables (profiles/default.lua lists every field).
  define_profile = define.profile,
  --- world:define_sense(t) A custom sense written in Lua: { id, interval, max_range, evaluate, ... }
  -- (docs/custom-senses.md).
  define_sense = define.sense,
  --- world:define_material(t) { name, vision_transmission, sound_wall }; the same name redefines it: a field left
  -- out takes its default (vision_transmission 0, sound_wall true), as in a new one, as define_profile does.
  -- Saves made before a redefinition no longer load (the definitions differ).
  -- A transmission of 0.5 or less hides a target as a wall does (docs/vision.md).
  define_material = define.material,
  --- world:define_sound(t) A sound type: { name, category, alert_level, base_loudness, max_range_m, ... }
  -- (or, with a name already defined, retunes it live).
  define_sound = define.sound,
  --- world:define_filter(t) A sound filter profile: { name, accepted_categories, min_alert_level, ... }
  -- (or, with a name already defined, retunes it live).
  define_filter = define.filter,
  --- world:define_pain(t) A pain type: { name, effects = { Vision = 0.4, ... }, decay_rate, max_level, ... }.
  define_pain = define.pain,
  --- world:add_box{ min, max, material } A box that blocks sight and sound as its material says;
  -- {x, y} corners make a wall of full height. Returns the box.
  add_box = handles.add_box,
  --- world:add_light{ pos, radius, intensity, cast_shadows } A lamp: light falls as 1 - (d / radius)^2.
  -- light:set{} changes those fields (light.radius = 5 is refused: it would change nothing).
  add_light = handles.add_light,
  --- world:add_environment{ min, max, vision_range_scale, hearing_range_scale, light } Fog, a dark
  -- room, a muffled space.
  add_environment = handles.add_environment,
  --- world:add_agent{ profile, pos, yaw, team, name, props, health, ... } An actor that perceives.
  add_agent = function(world, t) return world:_add(t, true) end,
  --- world:add_target{ pos, team, name, stance, props, samples, ... } An actor that can be perceived.
  add_target = function(world, t) return world:_add(t, false) end,
}
for name, fn in each(structural) do
  World[name] = function(self, t)
    self:_structural(name)
    return fn(self, t)
  end
end

-- ---- stepping and events -------------------------------------------------------------

--- Calls fn(ev) for every event of that name of any agent, after its own handlers (docs/events.md).
function World:on(event, fn)
  return events.add_handler(self, "world", self._handlers, event, fn)
end

--- Stops fn listening to event (its last world:on(event, fn)); true when it was listening. Inside a
-- handler it takes effect from the next event: fn gets none of the step's later events (the event being
-- handled still reaches it, when it comes after the handler that took it off).
function World:off(event, fn)
  return events.remove_handler(self, "world", self._handlers, event, fn)
end

-- A health function's failure (brain.before_step: its error, and whose
-- function it was) as text: a string is that already.
local function health_text(unhealthy, whose)
  if type(unhealthy) == "string" then return unhealthy end
  local ok, text = pcall(tostring, unhealthy)
  return string.format("%s raised %s", whose,
    ok and type(text) == "string" and text or check.describe(unhealthy))
end

-- What world:step raises when it ends with err (a handler's, the
-- dispatch's or the runner's; nil: a failed status, raised after this) and
-- a health function failed before the step too: a string err with the
-- health function's text after it; else err, the health function's text
-- going to stderr. So that neither is lost.
local function also_unhealthy(err, unhealthy, whose)
  local text = health_text(unhealthy, whose)
  if type(err) == "string" then return err .. "\nand before the step, " .. text end
  io.stderr:write("wary: world:step raised an error; before the step, " .. text .. "\n")
  return err
end

local IN_STEP = enums.status_values.in_step

-- The core's step begun (begin: B.step or B.step_begin), its status. One
-- that an error raised into world:step from outside wary (a debug hook's)
-- left begun, before world:step could mark it (guard.settle), is ended
-- first: a world:step inside a sense of this world never gets here.
local function begun(B, w, begin, dt)
  local status = begin(w, dt)
  if status == IN_STEP then
    B.step_end(w)
    status = begin(w, dt)
  end
  return status
end

-- The core's step status checked (a failure raised, naming the world); when
-- it failed and a health function did too, the latter's text goes to stderr
-- first (also_unhealthy).
local function step_status(world, status, unhealthy, whose)
  if status < 0 and unhealthy ~= nil then also_unhealthy(nil, unhealthy, whose) end
  check.status("world", "step", status, world)
end

--- Advances the world dt seconds: senses, beliefs, brain, then each event someone listens to, to its
-- handlers (world:events() has them all). dt = 0 passes no time: a sense looks only if it is due
-- (its interval does not run), nothing fades and no timer runs.
function World:step(dt)
  if self._dispatching or self._in_step or self._reading_health then guard.settle(self) end
  if self._dispatching then
    check.raise("world:step: not allowed inside an event handler of world:step (step after it returns)")
  end
  if self._in_step then
    check.raise("world:step: not allowed inside a custom sense's evaluate (this world's step is running it)")
  end
  if self._reading_health then
    check.raise("world:step: not allowed inside a health function (world:step is reading the agents' health)")
  end
  check.number("world:step", "dt", dt, 0, enums.constants.MAX_STEP_SECONDS)
  local B, w = self._B, self._w
  self._run.thread = running()
  if guard.per_thread_hooks then
    local h, m, c = guard.gethook()
    guard.sync_hooks(h, m, c)
    runner.sync_hooks(h, m, c)
  end
  -- A health function that failed is raised once the step is done (with
  -- what else it raises, also_unhealthy).
  local unhealthy, whose = brain.before_step(self)
  if self._destroyed then
    local err = "wary world is destroyed"
    error(unhealthy ~= nil and also_unhealthy(err, unhealthy, whose) or err, 0)
  end
  -- The runner's list of failures: kept from step to step while it stays
  -- empty (events.dispatch keeps what it holds for world:events()).
  local errors = self._errors
  if errors[1] ~= nil then
    errors = {}
    self._errors = errors
  end
  local senses = self._sense_by_index
  if next(senses) == nil then
    -- No custom sense: nothing for the runner, and the step is one call
    -- into C (what a step costs around its C work matters most when the
    -- game's frame has left the caches cold).
    step_status(self, begun(B, w, B.step, dt), unhealthy, whose)
  else
    local status = begun(B, w, B.step_begin, dt)
    self._in_step = status >= 0
    step_status(self, status, unhealthy, whose)
    self._ctx.time = B.world_time(w)
    -- Unprotected: the runner never raises, it returns what must end the step.
    local err = runner.run(B, w, senses, self._agent_profiles, self._actors, self._ctx, errors, self._run)
    self._run.co = false
    self._in_step = false
    local ended = B.step_end(w) -- even after an error: the world never stays mid-step
    if err ~= nil then error(unhealthy ~= nil and also_unhealthy(err, unhealthy, whose) or err, 0) end
    step_status(self, ended, unhealthy, whose)
  end
  -- The handles of actors removed before this step are no event's now:
  -- let go in place (no table a step), or with their table when it grew
  -- large (a wave of removals), which it would otherwise keep.
  local gone = self._gone
  if next(gone) ~= nil then
    local n = 0
    for id in each(gone) do
      gone[id] = nil
      n = n + 1
    end
    if n > 64 then self._gone = {} end
  end
  self._dispatching = true
  local ok, first = pcall(events.dispatch, self, errors)
  self._dispatching = false
  events.listen_pending(self)
  -- A dispatch that failed (not ok), or the first error a handler raised;
  -- else a health function's.
  if not ok or first then
    if unhealthy ~= nil then first = also_unhealthy(first, unhealthy, whose) end
    error(first, 0)
  end
  if unhealthy ~= nil then error(unhealthy, 0) end
end

--- The events of the last step, in order (a table each, made on demand: an
-- event of a type nobody listens to has none until this asks for it).
function World:events() return events.all(self) end
--- Events dropped since creation because a step queued more than event_capacity.
function World:events_dropped() return self._B.events_dropped(self._w) end

--- Frees the world now (it is also freed when collected, later: a game that makes a world a level destroys the
-- last one); every later call on it or its handles raises "wary world is destroyed", after where it was called
-- from and which call ("main.lua:9: world:step: wary world is destroyed"), but the world:step during which a
-- sense destroyed it, which raises the bare text (one whose handler destroyed it returns: the dispatch ends
-- there); a second destroy does nothing, and every handle's valid() is false. On Lua 5.4,
-- `local world <close> = wary.world{}` destroys it when the block ends.
function World:destroy()
  if getmetatable(self) ~= World then check.dot_call("world", "destroy", self) end
  if self._destroyed then return end
  self._B.world_destroy(self._w)
  self._destroyed = true
end
World.__close = World.destroy

-- What makes something happen for the senses, and saving and loading;
-- init.lua lists every method.
for _, part in ipairs({ "wary.world_stimuli", "wary.save" }) do
  for name, fn in each(require(part)) do
    assert(World[name] == nil, part .. " redefines World:" .. name)
    World[name] = fn
  end
end

-- Every public method but destroy, in one place: a call with '.' (its first
-- argument not a world) raises naming the method and its fix, and a call on
-- a destroyed world raises "<where>: world:<method>: wary world is destroyed"
-- (the backends' text), the same on both backends, before anything is read. (One test on the
-- way in: on Lua 5.4 the wrapper costs about 70 ns a call, on LuaJIT none.)
local getmetatable = getmetatable
step_fn = World.step
for name, fn in each(World) do
  if type(fn) == "function" and name:sub(1, 1) ~= "_" and name ~= "destroy" then
    World[name] = function(self, ...)
      if getmetatable(self) ~= World or self._destroyed then
        if getmetatable(self) ~= World then check.dot_call("world", name, self) end
        check.raise("world:" .. name .. ": wary world is destroyed")
      end
      return fn(self, ...)
    end
  end
end

return World
