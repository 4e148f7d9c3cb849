-- wary.handle: what every handle (actor, box, light, environment) shares: a
-- class that knows its kind, the liveness check, and the check that turns a
-- refused core call into an error naming the handle.
local check = require("wary.check")

local handle = {}

-- A class whose handles are named `kind` in messages ("expected a live actor
-- of this world, got a box (box #1)").
function handle.class(kind)
  local c = { _kind = kind }
  c.__index = c
  return c
end

-- Why a handle is stale, for its messages: removed, or left out by a load.
local function stale_why(h, kind)
  if h._removed == "load" then return "the world loaded a state without this " .. kind end
  return "the " .. kind .. " was removed"
end

-- The backend and the core world of a live handle; a removed one raises
-- "<handle>: <what>: stale handle (the <kind> was removed)".
-- kind: the handle's kind in a message for a method called with '.' (its
-- first argument no handle at all), "actor" by default.
function handle.live(self, what, kind)
  if type(self) ~= "table" then check.dot_call(kind or "actor", what, self) end
  -- An actor's method handed a box, a light, a volume or a world (guard.off(box,
  -- ...)): as a call with '.'. Every actor holds _actor_kind raw, so the check
  -- costs a game's reads one field read; the other kinds' methods name their
  -- kind, and the core tells a wrong one by its id.
  if kind == nil and self._actor_kind == nil then check.dot_call("actor", what, self) end
  if self._removed then
    check.raise(string.format("%s: %s: stale handle (%s)", tostring(self), what,
      stale_why(self, getmetatable(self)._kind)))
  end
  local world = self.world
  if world == nil then check.dot_call(kind or "actor", what, self) end
  -- The backends' text, after where the game called from (check.raise),
  -- the handle and the call.
  if world._destroyed then check.raise(string.format("%s: %s: wary world is destroyed", tostring(self), what)) end
  return world._B, world._w
end

-- valid() of a handle of class cls: whether it still names something: not
-- removed, and its world not destroyed (every other call on it then raises).
function handle.valid(self, cls)
  if getmetatable(self) ~= cls then check.dot_call(cls._kind, "valid", self) end
  return not self._removed and not self.world._destroyed
end

-- Gives class cls a __newindex that refuses a write the world would not
-- see: to a field of wary's (why(self, k): the reason, as "change it with
-- box:set_bounds(...)", or nil), or of a value that is no function to a
-- method's name (it would hide the method until a call of it failed far
-- from the cause; a function there is a wrapper, written on purpose).
-- Every other key is the game's own (guard.route = ...), and names with a
-- leading '_' are the facade's. Only keys a handle lacks get here: what
-- it holds raw (id, world, name, props) is not guarded, and is
-- documented as to read (a new name only renames it in messages); the
-- calls that rely on an actor's ask Actor._check_whole first.
function handle.refuse_writes(cls, why)
  local function who(self) return rawget(cls, "__tostring") and tostring(self) or cls._kind end
  cls.__newindex = function(self, k, v)
    if v ~= nil and type(k) == "string" and k:sub(1, 1) ~= "_" then -- a nil over nothing changes nothing
      local reason = why(self, k)
      if reason then
        check.raise(string.format("%s: field '%s' is read-only: %s, got %s", who(self), k, reason,
          check.describe(v)))
      end
      if type(cls[k]) == "function" and type(v) ~= "function" then
        local on = cls._kind == "actor" and who(self) or cls._kind
        check.raise(string.format("%s: field '%s' is a method of the handle: %s, got %s", who(self), k,
          k:sub(1, 4) == "set_" and "call it as " .. on .. ":" .. k .. "(...)"
            or "a field of that name would hide it (call " .. on .. ":" .. k .. "(...); name yours otherwise)",
          check.describe(v)))
      end
    end
    rawset(self, k, v)
  end
end

-- Raises "<handle>: <what>: <why>" for a negative status; returns it otherwise
-- (the handle's name made only then: every call of a read passes here).
function handle.ok(self, status, what)
  if status >= 0 then return status end
  return check.status(tostring(self), what, status, self.world)
end

-- Whether v is a handle of kind ("actor", "box", ...) made by world, live or removed.
function handle.is(world, v, kind)
  local mt = type(v) == "table" and getmetatable(v)
  return type(mt) == "table" and rawget(mt, "_kind") == kind and v.world == world
end

-- v when it is a live handle of class cls in world; else an error naming
-- object and field (expected: "a live actor of this world" by default).
function handle.of(world, cls, v, object, field, expected)
  if getmetatable(v) ~= cls or v.world ~= world or v._removed then
    check.fail(object, field, expected or string.format("a live %s of this world", cls._kind), v, world)
  end
  return v
end

-- ---- actors ----------------------------------------------------------------

-- live(), for a call only an agent (an actor with a profile) can take.
function handle.agent(self, what)
  local B, w = handle.live(self, what)
  if not self._profile then
    check.raise(string.format("%s: %s: not an agent (it has no profile); %s is a method of agents, called "
      .. "on one, as guard:%s(...)", tostring(self), what, what, what))
  end
  return B, w
end

-- The id of target, another live actor of self's world (what an agent's
-- belief calls take); else an error naming self and the field. method: the
-- call's name, for the hint a nil target gets (the usual cause: the method
-- called with '.', so that the target came where the agent goes).
function handle.other(self, target, what, method)
  if getmetatable(target) ~= getmetatable(self) or target.world ~= self.world then
    check.fail(self.name, what, target == nil and string.format("an actor of this world (an agent's methods are "
      .. "called with ':', as agent:%s(%s))", method, what) or "an actor of this world", target, self.world)
  end
  if target == self then
    check.raise(string.format("%s: field '%s' expected another actor (an agent holds no belief about itself), got "
      .. "the agent itself", self.name, what))
  end
  if target._removed then
    check.raise(string.format("%s: %s: %s is a stale handle (%s)", self.name, what, target.name,
      stale_why(target, "actor")))
  end
  return target.id
end

return handle
