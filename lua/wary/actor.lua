-- wary.actor: the actor handle (agent or target). Agents perceive; every
-- actor can be perceived. This file holds what every actor does (where it
-- is, how it stands and looks, its props, removal, handlers); what only an
-- agent does comes from the agent_* files, merged at the end in one list.
-- Methods check their arguments, call the backend and turn a refused call
-- into an error naming the actor and the field.
local check = require("wary.check")
local enums = require("wary.enums")
local events = require("wary.events")
local handle = require("wary.handle")
local schema = require("wary.schema")

local Actor = handle.class("actor")

local live, ok = handle.live, handle.ok

function Actor:__tostring()
  return self.name
end

-- Vector setters take (x, y[, z]) or one vector table; z defaults to 0.
local function vector_setter(method, field, fn)
  return function(self, x, y, z)
    local B, w = live(self, method)
    local v = type(x) == "table" and x or { x, y, z or 0 }
    x, y, z = check.vector(self.name, field, v)
    ok(self, B[fn](w, self.id, x, y, z), method)
    return self
  end
end
Actor.set_pos = vector_setter("set_pos", "pos", "actor_set_pos")
Actor.set_velocity = vector_setter("set_velocity", "velocity", "actor_set_velocity")
Actor.look_at = vector_setter("look_at", "look_at", "actor_look_at")

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
Actor.set_yaw = scalar_setter("yaw", nil, nil, "actor_set_yaw")
Actor.set_visibility = scalar_setter("visibility", 0, 1, "actor_set_visibility")
Actor.set_light = scalar_setter("light", 0, 1, "actor_set_light")
Actor.set_scent = scalar_setter("scent", 0, 1, "actor_set_scent")

function Actor:set_lod_tier(tier)
  local B, w = live(self, "set_lod_tier")
  if not (check.finite(tier) and tier == math.floor(tier) and tier >= 0 and tier <= 3) then
    check.fail(self.name, "lod_tier", "an integer in [0, 3]", tier)
  end
  ok(self, B.actor_set_lod_tier(w, self.id, tier), "set_lod_tier")
  return self
end

function Actor:set_stance(stance)
  local B, w = live(self, "set_stance")
  local i = enums.stance_values[stance]
  if not i then check.fail(self.name, "stance", "one of " .. table.concat(schema.stances, ", "), stance) end
  ok(self, B.actor_set_stance(w, self.id, i), "set_stance")
  self.stance = stance
  return self
end

function Actor:set_team(team)
  local B, w = live(self, "set_team")
  ok(self, B.actor_set_team(w, self.id, self.world:_team(team, self.name)), "set_team")
  self.team = team
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
Actor.set_perceivable = flag_setter("perceivable", "actor_set_perceivable")
Actor.set_off_screen = flag_setter("off_screen", "actor_set_off_screen")

-- props: any Lua value for Lua senses; finite numbers are also given to the
-- core (for C senses and hosts).
function Actor._check_prop(object, key, value)
  if type(key) ~= "string" or key == "" then
    check.fail(object, "props key", "a non-empty string", key)
  end
  if type(value) == "number" then check.number(object, "props." .. key, value) end
end

function Actor:set_prop(key, value)
  local B, w = live(self, "set_prop")
  Actor._check_prop(self.name, key, value)
  if type(value) == "number" then
    ok(self, B.actor_set_prop(w, self.id, self.world:_name(key), value), "set_prop")
  end
  self.props[key] = value
  return self
end

-- The target's own sample points for vision ({x, y, z, weight} in its frame,
-- world units), or nil for the built-in five that follow its stance.
function Actor:set_samples(list)
  local B, w = live(self, "set_samples")
  local samples = list == nil and { count = 0 } or require("wary.vision").samples(self.name, "samples", list)
  ok(self, B.actor_set_samples(w, self.id, samples), "set_samples")
  return self
end

-- A damage causer's owner (the pawn holding a weapon) and instigator (a
-- projectile's shooter), read by world:apply_damage.
local function actor_setter(field)
  return function(self, a)
    if a ~= nil and not handle.is(self.world, a, "actor") then
      check.fail(self.name, field, "an actor of this world", a)
    end
    self["_" .. field] = a
    return self
  end
end
Actor.set_owner = actor_setter("owner")
Actor.set_instigator = actor_setter("instigator")

function Actor:get()
  local B, w = live(self, "get")
  local status, info = B.actor_get(w, self.id)
  ok(self, status, "get")
  info.stance = enums.stance[info.stance]
  info.team = self.team
  return info
end

function Actor:pos()
  local info = self:get()
  return info.pos[1], info.pos[2], info.pos[3]
end

function Actor:valid()
  return not self._removed
end

function Actor:remove()
  local B, w = live(self, "remove")
  self.world:_structural("remove " .. self.name)
  ok(self, B.actor_destroy(w, self.id), "remove")
  self.world:_forget_actor(self)
end

function Actor:on(event, fn)
  live(self, "on")
  return events.add_handler(self.name, self._handlers, event, fn)
end

-- What only agents do, by concern; init.lua lists every method.
for _, part in ipairs({ "wary.agent_beliefs", "wary.agent_senses", "wary.agent_brain", "wary.agent_geck" }) do
  for name, fn in pairs(require(part)) do
    assert(Actor[name] == nil, part .. " redefines Actor:" .. name)
    Actor[name] = fn
  end
end

return Actor
