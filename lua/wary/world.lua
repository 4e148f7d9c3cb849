-- wary.world: the world object: definitions, boxes, actors, stepping
-- (with custom senses evaluated by the backend) and event dispatch.
local check = require("wary.check")
local schema = require("wary.schema")
local define = require("wary.define")
local Actor = require("wary.actor")
local places = require("wary.places")
local vision = require("wary.vision")
local hearing = require("wary.hearing")
local geck = require("wary.geck")
local brain = require("wary.brain")
local runner = require("wary.runner")

local World = {}
World.__index = World

function World.new(B, root, t)
  t = t == nil and {} or t
  local upm = type(t) == "table" and check.finite(t.units_per_meter) and t.units_per_meter > 0
    and t.units_per_meter or 100
  local o = check.fields("world", schema.world, t, schema.defaults(schema.world, upm))
  local lod = o.lod_interval_scale
  if #lod ~= 4 then check.fail("world", "lod_interval_scale", "a list of 4 numbers", #lod) end
  for i = 1, 4 do check.number("world", "lod_interval_scale[" .. i .. "]", lod[i], 1e-6, nil) end
  local w, err = B.world_create({
    units_per_meter = o.units_per_meter, weather = o.weather, grid_cell_size = o.grid_cell_size,
    event_capacity = o.event_capacity, sense_error_limit = o.sense_error_limit, lod_interval_scale = lod,
  })
  if not w then check.raise("world: the core refused the definition: " .. tostring(err)) end
  local self = setmetatable({
    _B = B, _w = w, _root = root, units_per_meter = upm,
    _actors = {}, _agent_profiles = {}, _actor_count = 0,
    _profiles = {}, _senses = {}, _sense_by_index = {},
    _materials = { concrete = { index = 0 } }, _material_names = { [0] = "concrete" },
    _teams = {}, _team_count = 0, _names = {}, _handlers = {}, _errors = {}, _events = {},
    _ctx = { agent_pos = {}, eye_pos = {}, eye_forward = {}, target_pos = {}, target_vel = {},
             units_per_meter = upm },
    _sounds = {}, _sound_names = {}, _filters = {},
    _scaled = {}, _pains = {}, _pain_names = {}, _pain_warned = {},
  }, World)
  for _, kind in ipairs({ "profile", "actor", "vision", "light", "hearing", "sound", "stimulus", "geck",
                          "brain" }) do
    self._scaled[kind] = schema.defaults(schema[kind], upm)
  end
  -- The built-in senses: listed by id in profiles, evaluated in C.
  for i, b in ipairs(schema.builtin_senses) do
    self._senses[b.id] = { id = b.id, index = i - 1, builtin = true }
  end
  self._ctx.world = self
  if o.materials then self:load(root .. "profiles/materials.lua") end
  if o.sounds then self:load(root .. "profiles/sounds.lua") end
  if o.filters then self:load(root .. "profiles/filters.lua") end
  return self
end

-- Adding or removing things, and defining, wait until the step is over: a
-- sense's evaluate runs inside it.
function World:_structural(what)
  if self._in_step then
    check.raise(string.format("world: %s: not allowed during a step (inside a sense's evaluate); "
      .. "do it after world:step returns", what))
  end
end

-- ---- names, teams ------------------------------------------------------------

function World:_name(s)
  local key = self._names[s]
  if not key then
    key = self._B.name(self._w, s)
    if key < 0 then check.raise(string.format("world: name %s: %s", check.describe(s), Actor.status_text[key])) end
    self._names[s] = key
  end
  return key
end

function World:_team(team, object)
  if team == nil then return 0 end
  if type(team) ~= "string" and not check.finite(team) then
    check.fail(object, "team", "a string or a number", team)
  end
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
  if t.evaluate then return "sense" end
  if t.base_loudness ~= nil or t.alert_level ~= nil and t.accepted_categories == nil then return "sound" end
  if t.accepted_categories ~= nil or t.loudness_multiplier ~= nil or t.min_alert_level ~= nil then return "filter" end
  if t.vision_transmission ~= nil or t.sound_wall ~= nil then return "material" end
  if t.effects ~= nil or t.amount_override ~= nil or t.max_level ~= nil then return "pain" end
  return "profile"
end

local definers = { profile = define.profile, sense = define.sense, material = define.material,
                   sound = define.sound, filter = define.filter, pain = brain.define_pain }

function World:define(t)
  if not self._dry then self:_structural("define") end
  if type(t) ~= "table" then check.fail("world", "definition", "a table", t) end
  local kind = kind_of(t)
  local fn = definers[kind]
  if not fn then check.fail("definition", "kind", "one of profile, sense, material, sound, filter, pain", kind) end
  local copy = {}
  for k, v in pairs(t) do copy[k] = v end
  copy.kind = nil
  return fn(self, copy)
end

function World:_resolve(path)
  if type(path) ~= "string" then check.fail("world", "path", "a file path string", path) end
  for _, p in ipairs({ path, self._root .. path }) do
    local f = io.open(p, "r")
    if f then
      f:close()
      return p
    end
  end
  check.raise(string.format("world: load: no file %s (looked in the current directory and %s)",
    check.describe(path), self._root == "" and "./" or self._root))
end

-- A stand-in for the world that sees its definitions, records new ones in
-- tables of its own and calls no core function: a dry run of definitions.
local function shadow_of(world)
  local idle = function() return 0 end
  local function layer(t) return setmetatable({}, { __index = t }) end
  return setmetatable({
    _dry = true, _B = setmetatable({}, { __index = function() return idle end }),
    _profiles = layer(world._profiles), _senses = layer(world._senses),
    _materials = layer(world._materials), _sense_by_index = {}, _material_names = {},
    _sounds = layer(world._sounds), _sound_names = {}, _filters = layer(world._filters),
    _pains = layer(world._pains), _pain_names = {},
  }, { __index = world })
end

-- Loads a file returning one definition or a list of them; returns them.
-- All or nothing: every definition is checked before any is made.
function World:load(path)
  local chunk, err = loadfile(self:_resolve(path))
  if not chunk then check.raise("world: load: " .. err) end
  local t = chunk()
  if type(t) ~= "table" then check.fail("file " .. path, "return value", "a definition table or a list", t) end
  local list = t[1] ~= nil and t or { t }
  local shadow = shadow_of(self)
  for _, d in ipairs(list) do World.define(shadow, d) end
  local out = {}
  for i, d in ipairs(list) do out[i] = self:define(d) end
  return t[1] ~= nil and out or out[1]
end

-- ---- the world ---------------------------------------------------------------------

function World:set_weather(v)
  check.number("world", "weather", v, 0, 1)
  self._B.world_set_weather(self._w, v)
end

function World:time() return self._B.world_time(self._w) end
function World:stats() return self._B.world_stats(self._w) end

-- The sun: direction (from the sun towards the ground; {0, 0, -1} is noon,
-- the default), its light, and the light of shade (0.3 by default: in shade a
-- guard sees you about three times worse). A zero direction: no sun.
function World:set_sun(t)
  local o = check.fields("world:set_sun", {
    { name = "direction", kind = "table", default = { 0, 0, -1 } },
    { name = "intensity", kind = "number", min = 0, max = 1, default = 1 },
    { name = "ambient", kind = "number", min = 0, max = 1, default = 0.3 },
  }, t)
  local x, y, z = check.vector("world:set_sun", "direction", o.direction)
  self._B.world_set_sun(self._w, x, y, z, o.intensity, o.ambient)
  self._sun = o
end

function World:set_sun_direction(x, y, z)
  local o = self._sun or {}
  self:set_sun{ direction = type(x) == "table" and x or { x, y, z or 0 }, intensity = o.intensity,
                ambient = o.ambient }
end

-- The light level at an actor as vision computes it with use_per_target_light.
function World:light_at(actor)
  if getmetatable(actor) ~= Actor or actor.world ~= self or actor._removed then
    check.fail("world:light_at", "actor", "a live actor of this world", actor)
  end
  return self._B.light_at(self._w, actor.id)
end

-- ---- sounds and stimuli ------------------------------------------------------

local function sound_index(self, name, object)
  local s = self._sounds[name]
  if not s then define.unknown(self, "sound", "_sounds", name, object, "sound") end
  return s.index
end

-- A sound made by source (a belief about the maker), heard at the next step.
function World:emit_sound(source, name)
  if getmetatable(source) ~= Actor or source.world ~= self or source._removed then
    check.fail("world:emit_sound", "source", "a live actor of this world", source)
  end
  local status = self._B.emit_sound(self._w, source.id, sound_index(self, name, "world:emit_sound"))
  if status < 0 then check.raise("world:emit_sound: " .. Actor.status_text[status]) end
end

-- A sound nobody made, at a place (a belief about the place).
function World:emit_sound_at(pos, name)
  local x, y, z = check.vector("world:emit_sound_at", "pos", pos)
  local status = self._B.emit_sound_at(self._w, sound_index(self, name, "world:emit_sound_at"), x, y, z)
  if status < 0 then check.raise("world:emit_sound_at: " .. Actor.status_text[status]) end
end

-- A stimulus on the bus, delivered at the next step to the senses listening
-- for a prefix of its tag (vibration: Stimulus.Vibration, Stimulus.Sound.Explosion).
function World:emit_stimulus(t)
  local object = "stimulus"
  local o = check.fields(object, schema.stimulus, t, self._scaled.stimulus)
  local x, y, z = check.vector(object, "pos", o.pos)
  local source = 0
  if o.source ~= nil then
    if getmetatable(o.source) ~= Actor or o.source.world ~= self or o.source._removed then
      check.fail(object, "source", "a live actor of this world or nil", o.source)
    end
    source = o.source.id
  end
  local status = self._B.emit_stimulus(self._w, {
    tag = self:_name(o.tag), pos = { x, y, z }, source = source, strength = o.strength, radius = o.radius,
    max_lod_tier = o.max_lod_tier, requires_clear_path = o.requires_clear_path, team_filter = o.team_filter,
  })
  if status < 0 then check.raise("stimulus: " .. Actor.status_text[status]) end
end

-- A detection event (seed 001) for the agents of the GECK model: a projectile
-- impact, an explosion, a shot. They hear it at the next step.
function World:create_detection_event(t)
  local owner, x, y, z, rating, kind = geck.event_args(t, function(a)
    return getmetatable(a) == Actor and a.world == self and not a._removed
  end)
  local status = self._B.create_detection_event(self._w, owner, x, y, z, rating, kind)
  if status < 0 then check.raise("world:create_detection_event: " .. Actor.status_text[status]) end
end

function World:ray(a, b)
  local ax, ay, az = check.vector("world:ray", "from", a)
  local bx, by, bz = check.vector("world:ray", "to", b)
  local _, r = self._B.ray_cast(self._w, ax, ay, az, bx, by, bz)
  return r
end

function World:box_count() return self._B.box_count(self._w) end
-- Every live box handle (box.min, box.max, box.material), in creation order.
function World:boxes() return places.boxes(self) end

-- ---- actors ----------------------------------------------------------------------

function World:_add(t, is_agent)
  local kind = is_agent and "agent" or "target"
  local object = kind .. (type(t) == "table" and t.name and (" " .. check.describe(t.name)) or "")
  local a = check.fields(object, schema.actor, t, self._scaled.actor)
  local x, y, z = check.vector(object, "pos", a.pos)
  local vx, vy, vz = 0, 0, 0
  if a.velocity then vx, vy, vz = check.vector(object, "velocity", a.velocity) end
  local profile
  if is_agent then
    if a.profile == nil then check.fail(object, "profile", "a profile name (required for agents)", nil) end
    profile = self._profiles[a.profile]
    if not profile then define.unknown(self, "profile", "_profiles", a.profile, object, "profile") end
  elseif a.profile ~= nil then
    check.fail(object, "profile", "nil (a target perceives nothing; use add_agent)", a.profile)
  end
  local props = a.props or {}
  local numbers = 0
  for k, v in pairs(props) do
    Actor.check_prop(object, k, v)
    numbers = numbers + (type(v) == "number" and 1 or 0)
  end
  if numbers > 16 then check.fail(object, "props", "at most 16 numeric values", numbers) end
  local samples = a.samples and vision.samples(object, "samples", a.samples)
  local id = self._B.actor_create(self._w, {
    pos = { x, y, z }, vel = { vx, vy, vz }, yaw = a.yaw,
    stance = define.index_of(schema.stances, a.stance) - 1, team = self:_team(a.team, object),
    visibility = a.visibility, light = a.light, eye_height = a.eye_height, scent = a.scent,
    profile = profile and profile.index or -1, lod_tier = a.lod_tier,
    perceivable = a.perceivable, off_screen = a.off_screen,
  })
  if id == 0 then check.raise(object .. ": the core refused it (during a step?)") end
  self._actor_count = self._actor_count + 1
  local actor = setmetatable({
    id = id, world = self, kind = kind, props = {},
    name = a.name or string.format("%s#%d", kind, self._actor_count),
    profile = profile and profile.table, team = a.team, stance = a.stance, _handlers = {},
  }, Actor)
  self._actors[id] = actor
  if profile then self._agent_profiles[id] = profile.table end
  if samples then self._B.actor_set_samples(self._w, id, samples) end
  for k, v in pairs(props) do actor:set_prop(k, v) end
  brain.actor_added(self, actor, a, object)
  return actor
end

function World:_forget_actor(actor)
  actor._removed = true
  self._actors[actor.id] = nil
  self._agent_profiles[actor.id] = nil
end

-- Every live actor, in creation order.
function World:actors()
  local list = {}
  for _, a in pairs(self._actors) do list[#list + 1] = a end
  table.sort(list, function(p, q) return p.id % 1048576 < q.id % 1048576 end)
  return list
end

-- The calls that add or define things: each is refused during a step, then
-- handed to the module that owns it (boxes, lights and environments live in
-- wary/places.lua, definitions in wary/define.lua).
local structural = {
  define_profile = define.profile, define_sense = define.sense, define_material = define.material,
  define_sound = define.sound, define_filter = define.filter,
  add_box = places.add_box, add_light = places.add_light, add_environment = places.add_environment,
  add_agent = function(world, t) return world:_add(t, true) end,
  add_target = function(world, t) return world:_add(t, false) end,
}
for name, fn in pairs(structural) do
  World[name] = function(self, t)
    self:_structural(name)
    return fn(self, t)
  end
end

-- ---- stepping and events -------------------------------------------------------------

function World:on(event, fn)
  return Actor.add_handler("world", self._handlers, event, fn)
end

local function dispatch(list, ev)
  if list then
    for _, fn in ipairs(list) do fn(ev) end
  end
end

function World:_collect(errors)
  -- Errors of on_stimulus (inbox) and of evaluate (queries) are numbered apart.
  local by_index = {}
  for _, e in ipairs(errors) do by_index[(e.inbox and "inbox" or "query") .. e.index] = e end
  local out = {}
  for i, e in ipairs(self._B.events(self._w)) do
    local ev = {
      type = schema.events[e.type + 1],
      agent = self._actors[e.agent], target = self._actors[e.target],
      from = schema.states[e.from_state + 1], to = schema.states[e.to_state + 1],
      loss_reason = schema.loss_reasons[e.loss_reason + 1], confidence = e.confidence,
    }
    if ev.type == "sense_error" then
      local s = self._sense_by_index[e.sense]
      local err = by_index[(e.target == 0 and "inbox" or "query") .. e.index]
      ev.sense = s and s.id
      ev.message = err and err.message
    elseif e.type >= 12 then
      brain.event(self, e, ev)
    elseif e.type == 11 then
      geck.event(e, ev)
    elseif e.type >= 8 then
      hearing.event(self, e, ev)
    end
    out[i] = ev
  end
  return out
end

function World:step(dt)
  check.number("world", "dt", dt, 0, nil)
  local B, w = self._B, self._w
  brain.before_step(self)
  local status = B.step_begin(w, dt)
  if status < 0 then check.raise("world: step: " .. (Actor.status_text[status] or status)) end
  local errors = {}
  self._ctx.time = B.world_time(w)
  self._in_step = true
  local ok, err = pcall(runner.run, B, w, self._sense_by_index, self._agent_profiles, self._actors,
    self._ctx, errors)
  self._in_step = false
  B.step_end(w)
  if not ok then error(err, 0) end
  self._events = self:_collect(errors)
  for _, ev in ipairs(self._events) do
    if ev.agent then dispatch(ev.agent._handlers[ev.type], ev) end
    dispatch(self._handlers[ev.type], ev)
  end
  return self._events
end

-- The events of the last step, in order.
function World:events() return self._events end
function World:events_dropped() return self._B.events_dropped(self._w) end

function World:destroy()
  self._B.world_destroy(self._w)
  self._destroyed = true
end

brain.install(World, Actor)

return World
