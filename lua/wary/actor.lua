-- wary.actor: the actor handle (agent or target). Agents perceive; every
-- actor can be perceived. This file holds what every actor does (where it
-- is, how it stands and looks, its props, removal, handlers); what only an
-- agent does comes from the agent_* files, merged at the end in one list.
-- Methods check their arguments, call the backend and turn a refused call
-- into an error naming the actor and the field.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local brain = require("wary.brain")
local check = require("wary.check")
local enums = require("wary.enums")
local events = require("wary.events")
local handle = require("wary.handle")
local schema = require("wary.schema")

local Actor = handle.class("actor")

local live, ok = handle.live, handle.ok
local MAX_PROPS = enums.constants.MAX_PROPS

function Actor:__tostring()
  local name = rawget(self, "name")
  -- A name written over with something else (Actor._check_whole) must not
  -- make every message about the actor fail.
  if type(name) ~= "string" then return "an actor whose name is " .. check.describe(name) end
  return name
end

-- The fields a handle holds for wary (id, world, name, props) are the game's
-- to read, and a write to one of them reaches no __newindex (handle.lua,
-- refuse_writes). The calls that rely on them (actor:set_prop,
-- world:save_state, whose save would otherwise be refused by every load)
-- raise, naming the field, when a live actor's was written over. A new
-- name (a string) only renames it in messages.
function Actor._check_whole(self, what)
  local world, id = rawget(self, "world"), rawget(self, "id")
  local actors = type(world) == "table" and rawget(world, "_actors")
  if type(actors) ~= "table" then
    check.fail(tostring(self) .. ": " .. what, "world", "the world that made it (to read, never written)", world)
  end
  if actors[id] ~= self then
    local own
    for k, a in each(actors) do
      if a == self then own = k end
    end
    check.fail(tostring(self) .. ": " .. what, "id", string.format("its own id %s (to read, never written)",
      tostring(own)), id)
  end
  if rawget(self, "props") ~= world._props_of[self] then
    check.fail(tostring(self) .. ": " .. what, "props", "the table wary made (to read; actor:set_prop(key, value) "
      .. "changes a prop)", rawget(self, "props"))
  end
  if type(rawget(self, "name")) ~= "string" then
    check.fail(tostring(self) .. ": " .. what, "name", "a string", rawget(self, "name"))
  end
end

-- Vector setters take (x, y[, z]) or one vector table; z defaults to 0, or,
-- with flat_fn, a vector given without z goes to flat_fn(w, id, x, y).
local function vector_setter(method, field, fn, flat_fn)
  return function(self, x, y, z)
    local B, w = live(self, method)
    -- numbers make no table: games move actors every frame
    local flat
    if type(x) == "table" then
      if y ~= nil then
        check.raise(string.format("%s: field '%s' expected one vector table, or x, y[, z], got a table and %s",
          self.name, field, check.describe(y)))
      end
      flat = (x.z or x[3]) == nil
      x, y, z = check.vector(self.name, field, x)
    else
      flat = z == nil
      x, y, z = check.xyz(self.name, field, x, y, z)
    end
    if flat and flat_fn then
      ok(self, B[flat_fn](w, self.id, x, y), method)
    else
      ok(self, B[fn](w, self.id, x, y, z), method)
    end
    return self
  end
end
--- actor:set_pos(x, y[, z]) Moves it (or one vector table); z defaults to 0.
Actor.set_pos = vector_setter("set_pos", "pos", "actor_set_pos")
--- actor:teleport(x, y[, z]) Moves it (or one vector table) without motion: the velocity wary works out
-- from its moves takes no speed from the jump (a respawn: no rear cone catches it); z defaults to 0.
Actor.teleport = vector_setter("teleport", "pos", "actor_teleport")
local set_velocity = vector_setter("set_velocity", "velocity", "actor_set_velocity")
--- actor:set_velocity(x, y[, z]) Its velocity, units per second (vision's motion bonus, the rear cone);
-- until it is set, the velocity follows the actor's motion between steps. set_velocity(nil) forgets
-- the one set: it follows the motion again from the next step.
function Actor:set_velocity(x, y, z)
  if x == nil and y == nil and z == nil then
    local B, w = live(self, "set_velocity")
    ok(self, B.actor_clear_velocity(w, self.id), "set_velocity")
    return self
  end
  return set_velocity(self, x, y, z)
end
--- actor:look_at(x, y[, z]) Turns its eyes towards a point (at eye_turn_rate), and keeps them there as the
-- body turns; look_forward undoes it. Without z (x, y, or {x, y}) they turn level, at their own height, as a
-- 2D game wants; with z they look at that height (eyes at pos z + eye_height look down at z 0).
Actor.look_at = vector_setter("look_at", "point", "actor_look_at", "actor_look_toward")

--- The eyes follow the body's yaw again (after look_at).
function Actor:look_forward()
  local B, w = live(self, "look_forward")
  ok(self, B.actor_look_forward(w, self.id), "look_forward")
  return self
end

-- Scalar setters: field name, range and backend function.
local function scalar_setter(field, min, max, fn)
  return function(self, v)
    local B, w = live(self, "set_" .. field)
    check.number(self.name, field, v, min, max)
    ok(self, B[fn](w, self.id, v), "set_" .. field)
    return self
  end
end
--- actor:set_yaw(deg) Its body's heading, degrees about z, 0 along +x.
Actor.set_yaw = scalar_setter("yaw", nil, nil, "actor_set_yaw")
--- actor:set_visibility(v) Camouflage multiplier 0..1 on vision.
Actor.set_visibility = scalar_setter("visibility", 0, 1, "actor_set_visibility")
--- actor:set_light(v) The light level where it stands, 0..1 (unless a profile uses per-target light).
Actor.set_light = scalar_setter("light", 0, 1, "actor_set_light")
--- actor:set_scent(v) How strongly it smells, 0..1.
Actor.set_scent = scalar_setter("scent", 0, 1, "actor_set_scent")

--- Level-of-detail tier 0 (full) .. 3 (cheapest): senses update less often, some sounds go unheard. At
-- once: each sense waits the same share of its new interval as was left of its old one.
function Actor:set_lod_tier(tier)
  local B, w = live(self, "set_lod_tier")
  if not (check.finite(tier) and tier == math.floor(tier) and tier >= 0 and tier <= 3) then
    check.fail(self.name, "lod_tier", "an integer in [0, 3]", tier)
  end
  ok(self, B.actor_set_lod_tier(w, self.id, tier), "set_lod_tier")
  return self
end

--- "standing", "crouched" or "prone": what vision samples and how much of it shows.
function Actor:set_stance(stance)
  local B, w = live(self, "set_stance")
  local i = enums.stance_values[stance]
  if not i then check.one_of(self.name, "stance", schema.stances, stance) end
  ok(self, B.actor_set_stance(w, self.id, i), "set_stance")
  self._stance = stance
  return self
end

--- Any string or number; relationships between teams decide who is hostile.
function Actor:set_team(team)
  local B, w = live(self, "set_team")
  local teams = self.world._team_count
  local status = B.actor_set_team(w, self.id, self.world:_team(team, tostring(self)))
  if status < 0 then self.world:_forget_teams(teams) end -- refused: no new team either
  ok(self, status, "set_team")
  self._team = team
  return self
end

-- Boolean setters: field name and backend function.
local function flag_setter(field, fn)
  return function(self, on)
    local B, w = live(self, "set_" .. field)
    if type(on) ~= "boolean" then check.fail(self.name, field, "a boolean", on) end
    ok(self, B[fn](w, self.id, on), "set_" .. field)
    return self
  end
end
--- actor:set_perceivable(b) false: no sense looks for it (vision, smell, touch within reach,
-- echolocation, custom senses, GECK); what it does still reaches the agents (its sounds, hits and the
-- touches the game reports), and as an agent it still hears and feels what reaches it. A belief a built-in
-- sense then loses has loss reason sensor_dropout (cloaked), and explain's look at it (the debug drawing's too)
-- has visibility 0.
Actor.set_perceivable = flag_setter("perceivable", "actor_set_perceivable")
--- actor:set_off_screen(b) A flag handed to custom senses (ctx.off_screen).
Actor.set_off_screen = flag_setter("off_screen", "actor_set_off_screen")

-- props: any Lua value for Lua senses; finite numbers, and booleans as 1 and
-- 0, are also given to the core (for the GECK model, C senses and hosts).
function Actor._check_prop(object, key, value)
  check.name(object, "props key", key)
  if type(value) == "number" then check.number(object, "props." .. key, value) end
end

-- What the core holds for a prop's value: a number, a boolean as 1 or 0, else nothing.
function Actor._core_value(value)
  if type(value) == "boolean" then return value and 1 or 0 end
  if type(value) == "number" then return value end
  return nil
end
local core_value = Actor._core_value

--- Sets props[key]: any Lua value for Lua senses. A finite number, or a boolean (as 1 or 0), also
-- reaches the core, where the GECK model and C senses read it; nil or another kind of value takes
-- it out of the core again (their readers then use their defaults). world:save_state saves plain
-- values, plain tables of them and actors; a function is left out (docs/reliability.md).
function Actor:set_prop(key, value)
  local B, w = live(self, "set_prop")
  Actor._check_whole(self, "set_prop")
  Actor._check_prop(self.name, key, value)
  local v = core_value(value)
  if v ~= nil then
    -- A full actor refuses a new core prop before its key is interned, so
    -- refused calls do not use up the world's name table.
    if core_value(self.props[key]) == nil then
      local held = 0
      for _, p in each(self.props) do held = held + (core_value(p) ~= nil and 1 or 0) end
      if held >= MAX_PROPS then
        check.fail(self.name, "props", "at most " .. MAX_PROPS .. " numbers and booleans", held + 1)
      end
    end
    ok(self, B.actor_set_prop(w, self.id, self.world:_name(key, self.name, "props key"), v), "set_prop")
  elseif core_value(self.props[key]) ~= nil then
    ok(self, B.actor_clear_prop(w, self.id, self.world:_name(key)), "set_prop")
  end
  self.props[key] = value
  brain.watch_health(self.world, self, key)
  return self
end

--- The target's own sample points for vision ({x, y, z, weight} in its frame, world units; a point without a
-- weight weighs 1; at least one must weigh more than 0), or nil for the built-in five that follow its stance.
function Actor:set_samples(list)
  local B, w = live(self, "set_samples")
  local samples = list == nil and { count = 0 } or require("wary.vision").samples(self.name, "samples", list)
  ok(self, B.actor_set_samples(w, self.id, samples), "set_samples")
  return self
end

-- A damage causer's owner (the pawn holding a weapon) and instigator (a
-- projectile's shooter), read by world:apply_damage; the core keeps them too,
-- for the team of the sounds and stimuli the actor makes.
local function actor_setter(field)
  return function(self, a)
    local B, w = live(self, "set_" .. field)
    if a ~= nil and (not handle.is(self.world, a, "actor") or a._removed) then
      check.fail(self.name, field, "a live actor of this world", a, self.world)
    end
    if a == self then check.fail(self.name, field, "another actor or nil", "the actor itself") end
    ok(self, B["actor_set_" .. field](w, self.id, a and a.id or 0), "set_" .. field)
    self["_" .. field] = a
    return self
  end
end
--- actor:set_owner(a) The pawn that holds it (a weapon), read by world:apply_damage; a sound or stimulus
-- it makes with no team of its own is its owner's team (hearing's friendly filter, a stimulus's team_filter).
Actor.set_owner = actor_setter("owner")
--- actor:set_instigator(a) Who launched it (a projectile's shooter), read by world:apply_damage; a sound or
-- stimulus it makes with no team of its own, nor an owner with one, is its instigator's team.
Actor.set_instigator = actor_setter("instigator")

--- Where it is and how: pos, vel, yaw, eye_pos, eye_forward, stance, team, visibility, light, ...
-- Its vectors are lists ({x, y, z}: pos[1]), as the tables given to set_pos; the vectors wary reports
-- (a belief's last_known, an event's location, ctx's) have fields (last_known.x).
function Actor:get()
  local B, w = live(self, "get")
  local status, info = B.actor_get(w, self.id)
  ok(self, status, "get")
  info.stance = enums.stance[info.stance]
  info.team = self.team
  return info
end

--- x, y, z (no table made: games read it every frame).
function Actor:pos()
  local B, w = live(self, "pos")
  local status, x, y, z = B.actor_pos(w, self.id)
  ok(self, status, "pos")
  return x, y, z
end

--- false once removed, or once its world is destroyed (every other call then raises).
function Actor:valid()
  return handle.valid(self, Actor)
end

--- Removes it (not during a step); beliefs about it go too, and the handle is stale.
function Actor:remove()
  local B, w = live(self, "remove")
  self.world:_structural("remove " .. tostring(self))
  ok(self, B.actor_destroy(w, self.id), "remove")
  self.world:_forget_actor(self)
end

--- Calls fn(ev) for its own events of that name (docs/events.md), before the world's handlers. A target
-- (no profile) has only "damaged" events of its own: the others are an agent's (a sighting of a target is
-- its perceiver's event).
function Actor:on(event, fn)
  live(self, "on")
  if not self._profile and event ~= "damaged" then
    check.raise(string.format("%s: on: not an agent (it has no profile): a target's only events are "
      .. "\"damaged\", a sighting of %s is its perceiver's; listen with guard:on(%s, fn) or world:on(%s, fn)",
      self.name, self.name, check.describe(event), check.describe(event)))
  end
  return events.add_handler(self.world, self.name, self._handlers, event, fn)
end

--- Stops fn listening to its own events of that name (its last actor:on(event, fn)); true when it was.
function Actor:off(event, fn)
  live(self, "off")
  return events.remove_handler(self.world, self.name, self._handlers, event, fn)
end

-- An actor's team, stance, profile and kind are what the core holds: read as
-- fields (guard.team), kept under '_' names, so that a write reaches
-- __newindex and is refused, as are writes of what a setter changes
-- (guard.yaw = 90, guard.health = 50) and of methods' names
-- (handle.refuse_writes). The methods are found first: a method call costs
-- one function call more under Lua 5.4, nothing under LuaJIT. What the
-- methods read of a handle is held raw (_removed, _profile: false, not nil,
-- for a live one and a target), so that they call __index no more.
local HELD = { team = "_team", stance = "_stance", profile = "_profile", kind = "_actor_kind" }
function Actor.__index(self, k)
  local v = Actor[k]
  if v ~= nil then return v end
  local held = HELD[k]
  if held then return rawget(self, held) or nil end -- a target's _profile is false
end
-- Where a refused write of a field a setter changes, which the handle does
-- not keep, says to read it (health: an agent's only).
local READ_WITH = { pos = "%s:pos()", velocity = "%s:get().vel", yaw = "%s:get().yaw",
                    visibility = "%s:get().visibility", light = "%s:get().light", lod_tier = "%s:get().lod_tier",
                    perceivable = "%s:get().perceivable", off_screen = "%s:get().off_screen",
                    scent = "%s:get().scent", health = "%s:health()" }
handle.refuse_writes(Actor, function(self, k)
  if Actor["set_" .. k] then
    local read = READ_WITH[k]
    if k == "health" and not rawget(self, "_profile") then read = nil end
    return "change it with " .. tostring(self) .. ":set_" .. k .. "(...)"
      .. (read and ", read it with " .. read:format(tostring(self)) or "")
  end
  if k == "profile" then return "an actor keeps the profile it was made with" end
  if k == "kind" then return "an actor stays the agent or the target it was made" end
end)

-- What only agents do, by concern; init.lua lists every method.
for _, part in ipairs({ "wary.agent_beliefs", "wary.agent_senses", "wary.agent_brain", "wary.agent_geck" }) do
  for name, fn in each(require(part)) do
    assert(Actor[name] == nil, part .. " redefines Actor:" .. name)
    Actor[name] = fn
  end
end

return Actor
