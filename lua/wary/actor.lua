-- wary.actor: an actor handle (agent or target). Agents perceive; every
-- actor can be perceived. Methods check their arguments, call the backend
-- and turn a refused call into an error naming the actor and the field.
local check = require("wary.check")
local schema = require("wary.schema")
local index_of = require("wary.define").index_of
local geck = require("wary.geck")

local Actor = {}
Actor.__index = Actor

local status_text = {
  [-1] = "stale handle (the actor was removed)",
  [-2] = "bad value",
  [-3] = "table full",
  [-4] = "not found",
  [-5] = "out of memory",
  [-6] = "not an agent (it has no profile)",
  [-7] = "not allowed during a step",
  [-8] = "wrong kind of handle (it names another kind of object)",
}
Actor.status_text = status_text

function Actor:__tostring()
  return self.name
end

-- Raises for a negative status: "<actor>: <what>: <why>".
local function ok(self, status, what)
  if status < 0 then
    check.raise(string.format("%s: %s: %s", self.name, what, status_text[status] or status))
  end
  return status
end
Actor._ok = ok

local function live(self, what)
  if self._removed then check.raise(string.format("%s: %s: %s", self.name, what, status_text[-1])) end
  return self.world._B, self.world._w
end

local function other(self, target, what)
  if getmetatable(target) ~= Actor or target.world ~= self.world then
    check.fail(self.name, what, "an actor of this world", target)
  end
  if target == self then
    check.fail(self.name, what, "another actor (an agent holds no belief about itself)", target.name)
  end
  if target._removed then
    check.raise(string.format("%s: %s: %s is a stale handle (the actor was removed)", self.name, what,
      target.name))
  end
  return target.id
end

local function agent_only(self, what)
  if not self.profile then check.raise(string.format("%s: %s: %s", self.name, what, status_text[-6])) end
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
  local i = index_of(schema.stances, stance)
  if not i then check.fail(self.name, "stance", "one of " .. table.concat(schema.stances, ", "), stance) end
  ok(self, B.actor_set_stance(w, self.id, i - 1), "set_stance")
  self.stance = stance
  return self
end

function Actor:set_team(team)
  local B, w = live(self, "set_team")
  ok(self, B.actor_set_team(w, self.id, self.world:_team(team, self.name)), "set_team")
  self.team = team
  return self
end

function Actor:set_perceivable(on)
  local B, w = live(self, "set_perceivable")
  if type(on) ~= "boolean" then check.fail(self.name, "perceivable", "a boolean", on) end
  ok(self, B.actor_set_perceivable(w, self.id, on), "set_perceivable")
  return self
end

function Actor:set_off_screen(on)
  local B, w = live(self, "set_off_screen")
  if type(on) ~= "boolean" then check.fail(self.name, "off_screen", "a boolean", on) end
  ok(self, B.actor_set_off_screen(w, self.id, on), "set_off_screen")
  return self
end

-- props: any Lua value for Lua senses; finite numbers are also given to the
-- core (for C senses and hosts).
function Actor.check_prop(object, key, value)
  if type(key) ~= "string" or key == "" then
    check.fail(object, "props key", "a non-empty string", key)
  end
  if type(value) == "number" then check.number(object, "props." .. key, value) end
end

function Actor:set_prop(key, value)
  local B, w = live(self, "set_prop")
  Actor.check_prop(self.name, key, value)
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

function Actor:get()
  local B, w = live(self, "get")
  local status, info = B.actor_get(w, self.id)
  ok(self, status, "get")
  info.stance = schema.stances[info.stance + 1]
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

-- ---- beliefs -------------------------------------------------------------

local function belief_table(self, raw)
  local world = self.world
  local b = {
    target = world._actors[raw.target],
    confidence = raw.confidence,
    smoothed = raw.smoothed,
    fused = raw.fused,
    state = schema.states[raw.state + 1],
    loss_reason = schema.loss_reasons[raw.loss_reason + 1],
    time_in_state = raw.time_in_state,
    last_known = { x = raw.last_known[1], y = raw.last_known[2], z = raw.last_known[3] },
    uncertainty = raw.uncertainty,
    sensed = raw.sensed,
    contributions = {},
    active = {},
    muted = {},
  }
  for i, id in ipairs(self.profile.senses) do
    b.contributions[id] = raw.shares[i]
    b.active[id] = raw.active[i]
    b.muted[id] = raw.muted[i]
  end
  return b
end

-- The belief about target, or nil when the agent holds none.
function Actor:belief(target)
  local B, w = live(self, "belief")
  agent_only(self, "belief")
  local status, raw = B.belief_get(w, self.id, other(self, target, "target"))
  if status == -4 then return nil end
  ok(self, status, "belief")
  return belief_table(self, raw)
end

function Actor:beliefs()
  local B, w = live(self, "beliefs")
  agent_only(self, "beliefs")
  local out = {}
  for i = 0, ok(self, B.belief_count(w, self.id), "beliefs") - 1 do
    local _, raw = B.belief_at(w, self.id, i)
    out[#out + 1] = belief_table(self, raw)
  end
  return out
end

function Actor:confidence(target)
  local b = self:belief(target)
  return b and b.confidence or 0
end

function Actor:state(target)
  local b = self:belief(target)
  return b and b.state or "undetected"
end

function Actor:set_confidence(target, confidence)
  local B, w = live(self, "set_confidence")
  agent_only(self, "set_confidence")
  local id = other(self, target, "target")
  check.number(self.name, "confidence", confidence, 0, 1)
  ok(self, B.set_confidence(w, self.id, id, confidence), "set_confidence")
end

local evidence_schema = {
  { name = "lifetime", kind = "number", min = 0, default = 0 },
  { name = "source", kind = "string" },
}

function Actor:add_evidence(target, tag, op, value, options)
  local B, w = live(self, "add_evidence")
  agent_only(self, "add_evidence")
  local id = other(self, target, "target")
  if type(tag) ~= "string" or tag == "" then check.fail(self.name, "tag", "a non-empty string", tag) end
  local op_index = index_of(schema.evidence_ops, op)
  if not op_index then check.fail(self.name, "op", "one of " .. table.concat(schema.evidence_ops, ", "), op) end
  if value == nil and op == "invalidate" then value = 0 end
  check.number(self.name, "value", value, 0, 1)
  local o = check.fields(self.name .. " evidence " .. check.describe(tag), evidence_schema, options or {})
  local source = o.source and self.world:_name(o.source) or 0
  ok(self, B.evidence_add(w, self.id, id, self.world:_name(tag), op_index - 1, value, o.lifetime, source),
    "add_evidence")
end

function Actor:remove_evidence(target, tag)
  local B, w = live(self, "remove_evidence")
  agent_only(self, "remove_evidence")
  local id = other(self, target, "target")
  if type(tag) ~= "string" then check.fail(self.name, "tag", "a string", tag) end
  local status = B.evidence_remove(w, self.id, id, self.world:_name(tag))
  if status ~= -4 then ok(self, status, "remove_evidence") end
  return status == 0
end

function Actor:clear_evidence(target)
  local B, w = live(self, "clear_evidence")
  agent_only(self, "clear_evidence")
  ok(self, B.evidence_clear(w, self.id, other(self, target, "target")), "clear_evidence")
end

function Actor:evidence(target)
  local B, w = live(self, "evidence")
  agent_only(self, "evidence")
  local id = other(self, target, "target")
  local out = {}
  for i = 0, ok(self, B.evidence_count(w, self.id, id), "evidence") - 1 do
    local _, e = B.evidence_at(w, self.id, id, i)
    out[#out + 1] = {
      tag = B.name_string(w, e.tag), op = schema.evidence_ops[e.op + 1], value = e.value,
      lifetime = e.lifetime, remaining = e.remaining,
      source = e.source ~= 0 and B.name_string(w, e.source) or nil,
    }
  end
  return out
end

-- Every factor of vision's look at target, computed now: the cone, the
-- factors, and the sight reaching each sample point.
function Actor:explain(target)
  local B, w = live(self, "explain")
  agent_only(self, "explain")
  local status, raw = B.vision_explain_get(w, self.id, other(self, target, "target"))
  if status == -4 then
    check.raise(string.format("%s: explain: profile '%s' has no vision", self.name, self.profile.name))
  end
  ok(self, status, "explain")
  return require("wary.vision").explain(raw)
end

function Actor:unmute_sense(id)
  local B, w = live(self, "unmute_sense")
  agent_only(self, "unmute_sense")
  local slot = index_of(self.profile.senses, id)
  if not slot then check.fail(self.name, "sense", "a sense of profile '" .. self.profile.name .. "'", id) end
  ok(self, B.sense_unmute(w, self.id, slot - 1), "unmute_sense")
end

-- ---- hearing and places ------------------------------------------------------

-- Sounds heard in the last `seconds` (at most 6 s, 32 sounds), newest first.
function Actor:recent_sounds(seconds)
  local B, w = live(self, "recent_sounds")
  agent_only(self, "recent_sounds")
  check.number(self.name, "seconds", seconds or 6, 0)
  local out = {}
  for i, r in ipairs(B.recent_sounds(w, self.id, seconds or 6)) do
    out[i] = {
      time = r.time, maker = self.world._actors[r.maker], sound = self.world._sound_names[r.sound],
      location = { x = r.pos[1], y = r.pos[2], z = r.pos[3] }, loudness = r.loudness, walls = r.walls,
    }
  end
  return out
end

local function place_table(self, raw)
  return {
    location = { x = raw.pos[1], y = raw.pos[2], z = raw.pos[3] },
    tag = self.world._B.name_string(self.world._w, raw.tag), confidence = raw.confidence,
    state = schema.states[raw.state + 1], time_in_state = raw.time_in_state,
    accuracy = raw.accuracy, uncertainty = raw.uncertainty,
  }
end

-- Beliefs about places (sounds nobody made, vibrations, reports).
function Actor:location_beliefs()
  local B, w = live(self, "location_beliefs")
  agent_only(self, "location_beliefs")
  local out = {}
  for i = 0, ok(self, B.location_count(w, self.id), "location_beliefs") - 1 do
    local _, raw = B.location_at(w, self.id, i)
    out[#out + 1] = place_table(self, raw)
  end
  return out
end

function Actor:strongest_location_belief()
  local B, w = live(self, "strongest_location_belief")
  agent_only(self, "strongest_location_belief")
  local status, raw = B.location_strongest(w, self.id)
  if status == -4 then return nil end
  ok(self, status, "strongest_location_belief")
  return place_table(self, raw)
end

-- Tells the agent something happened at a place (from a Lua sense's
-- on_stimulus, a script): merged with a belief of the same tag nearby.
function Actor:report_location_belief(pos, tag, confidence, accuracy)
  local B, w = live(self, "report_location_belief")
  agent_only(self, "report_location_belief")
  local x, y, z = check.vector(self.name, "pos", pos)
  if type(tag) ~= "string" or tag == "" then check.fail(self.name, "tag", "a non-empty string", tag) end
  check.number(self.name, "confidence", confidence, 0, 1)
  check.number(self.name, "accuracy", accuracy or 0.5, 0, 1)
  ok(self, B.report_location(w, self.id, x, y, z, self.world:_name(tag), confidence, accuracy or 0.5),
    "report_location_belief")
end

-- Something touched the agent: its touch sense reports it at the next step.
function Actor:report_touch(toucher)
  local B, w = live(self, "report_touch")
  agent_only(self, "report_touch")
  ok(self, B.report_touch(w, self.id, other(self, toucher, "toucher")), "report_touch")
end

-- ---- the GECK model (seed 001) ----------------------------------------------

local function geck_only(self, what)
  agent_only(self, what)
  if self.profile.model ~= "geck" then
    check.raise(string.format("%s: %s: profile '%s' does not use the GECK model (model = %q)", self.name, what,
      self.profile.name, self.profile.model))
  end
end

-- "normal" | "alert" | "combat" | "lost"
function Actor:geck_state()
  local B, w = live(self, "geck_state")
  geck_only(self, "geck_state")
  return schema.geck_states[ok(self, B.geck_state(w, self.id), "geck_state") + 1]
end

-- The last detection value the agent computed for target, or nil if it never
-- evaluated it (a friend, or never within reach).
function Actor:detection_value(target)
  local B, w = live(self, "detection_value")
  geck_only(self, "detection_value")
  local status, v = B.geck_detection_value(w, self.id, other(self, target, "target"))
  if status == -4 then return nil end
  ok(self, status, "detection_value")
  return v
end

-- The detection value with its parts (attenuation, sound, visual, skill),
-- the line of sight, and target-list membership and timer; nil as above.
function Actor:detection(target)
  local B, w = live(self, "detection")
  geck_only(self, "detection")
  local status, raw = B.geck_target_get(w, self.id, other(self, target, "target"))
  if status == -4 then return nil end
  ok(self, status, "detection")
  return geck.target(self.world, raw)
end

-- The state, time in it, alert timer, combat target, the alert list
-- (alerts), the target list (targets) and every actor with a value (known).
function Actor:geck()
  local B, w = live(self, "geck")
  geck_only(self, "geck")
  local status, raw = B.geck_info_get(w, self.id)
  ok(self, status, "geck")
  return geck.info(self.world, B, w, self.id, raw)
end

-- attacker damaged this agent (seed 001: Normal -> Alert, a damage event at
-- the attacker); taken at the next step.
function Actor:geck_damaged(attacker)
  local B, w = live(self, "geck_damaged")
  geck_only(self, "geck_damaged")
  ok(self, B.geck_damage(w, self.id, other(self, attacker, "attacker")), "geck_damaged")
end

-- ---- events ----------------------------------------------------------------

-- Adds fn to handlers[event]; owner names the object in errors.
function Actor.add_handler(owner, handlers, event, fn)
  if not index_of(schema.events, event) then
    check.fail(owner, "event", "one of " .. table.concat(schema.events, ", "), event)
  end
  if type(fn) ~= "function" then check.fail(owner, "handler", "a function", fn) end
  local list = handlers[event] or {}
  handlers[event] = list
  list[#list + 1] = fn
  return fn
end

function Actor:on(event, fn)
  live(self, "on")
  return Actor.add_handler(self.name, self._handlers, event, fn)
end

return Actor
