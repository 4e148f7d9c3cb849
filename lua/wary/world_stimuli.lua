-- wary.world_stimuli: the world's methods that make something happen for
-- the senses: sounds, stimuli on the bus, the GECK model's detection events,
-- hits (the damage sense) and the relationships between teams. Merged into
-- the world class by wary.world.
local Actor = require("wary.actor")
local brain = require("wary.brain")
local check = require("wary.check")
local define = require("wary.define")
local enums = require("wary.enums")
local geck = require("wary.geck")
local handle = require("wary.handle")
local schema = require("wary.schema")

local M = {}

local function live_actor(world, v, object, field, expected)
  return handle.of(world, Actor, v, object, field, expected)
end

local function sound_index(world, name, object)
  return define.lookup(world, "sound", "_sounds", name, object, "sound").index
end

-- Raises for a third argument to a sound call (nil passes): a loudness or a
-- range given there (as other engines take them) would be dropped unsaid.
local function two_only(call, third)
  if third ~= nil then
    check.raise(string.format("%s: expected two arguments, got a third, %s (a sound's loudness and range are its "
      .. "type's: world:define_sound{ name, base_loudness, max_range_m, ... }, docs/hearing.md)", call,
      check.describe(third)))
  end
end

--- world:emit_sound(source, name) A sound made by source (a belief about the maker). At the next step it
-- reaches the agents it can; each hears it at its next hearing update (hearing.interval, 0.1 s by default).
-- Its loudness and range are its type's (a third argument is refused).
function M:emit_sound(source, name, ...)
  two_only("world:emit_sound", (...))
  live_actor(self, source, "world:emit_sound", "source")
  check.status("world", "emit_sound",
    self._B.emit_sound(self._w, source.id, sound_index(self, name, "world:emit_sound")), self)
end

--- world:emit_sound_at(pos, name) A sound nobody made, at a place (a belief about the place).
function M:emit_sound_at(pos, name, ...)
  two_only("world:emit_sound_at", (...))
  local x, y, z = check.vector("world:emit_sound_at", "pos", pos)
  check.status("world", "emit_sound_at",
    self._B.emit_sound_at(self._w, sound_index(self, name, "world:emit_sound_at"), x, y, z), self)
end

--- A stimulus on the bus, delivered at the next step to the senses listening
-- for a prefix of its tag (vibration: Stimulus.Vibration, Stimulus.Sound.Explosion).
function M:emit_stimulus(t)
  local object = "stimulus"
  local o = check.fields(object, schema.stimulus, t, self._scaled.stimulus)
  check.tag(object, "tag", o.tag, "a tag of whole dotted parts (Stimulus.Custom.Psychic)")
  local x, y, z = check.vector(object, "pos", o.pos)
  local source = 0
  if o.source ~= nil then
    source = live_actor(self, o.source, object, "source", "a live actor of this world or nil").id
  end
  check.status(object, "emit", self._B.emit_stimulus(self._w, {
    tag = self:_name(o.tag, "stimulus", "tag"), pos = { x, y, z }, source = source, strength = o.strength,
    radius = o.radius, max_lod_tier = o.max_lod_tier, requires_clear_path = o.requires_clear_path,
    team_filter = o.team_filter,
  }), self)
end

--- A detection event (seed 001) for the agents of the GECK model: a projectile
-- impact, an explosion, a shot. They hear it at the next step.
function M:create_detection_event(t)
  local owner, x, y, z, rating, kind = geck.event_args(t, function(a)
    return getmetatable(a) == Actor and a.world == self and not a._removed
  end, self)
  check.status("world", "create_detection_event",
    self._B.create_detection_event(self._w, owner, x, y, z, rating, kind), self)
end

--- world:apply_damage{ victim, instigator, causer, amount, type, at }: a hit,
-- counted at the next step (seed 002, "Who did it"). A removed instigator or
-- causer is refused as a stale handle (leave it nil: nobody).
function M:apply_damage(t, ...)
  if handle.is(self, t, "actor") then
    check.raise(string.format("world:apply_damage: expected one table { victim =, amount =, ... }, got the actor %s%s"
      .. ": write world:apply_damage{ victim = %s, amount = ... }", t.name, select("#", ...) > 0 and " and more" or "",
      t.name))
  end
  -- Refused before its damage type's name is kept: a refused call changes nothing.
  self:_structural("apply_damage")
  local o = check.fields("damage", schema.hit, t)
  for _, f in ipairs({ "victim", "instigator", "causer" }) do
    if o[f] ~= nil and (not handle.is(self, o[f], "actor") or o[f]._removed) then
      check.fail("damage", f, "a live actor of this world", o[f], self)
    end
  end
  -- The causer's owner and instigator, set on it and removed since.
  for _, f in ipairs({ "owner", "instigator" }) do
    local a = o.causer and o.causer["_" .. f]
    if a and a._removed then check.fail("damage", "causer's " .. f, "a live actor of this world", a, self) end
  end
  local x, y, z = 0, 0, 0
  if o.at then x, y, z = check.vector("damage", "at", o.at) end
  local causer = o.causer
  local tag = brain.damage_tag(o.type)
  check.status("world", "apply_damage", self._B.apply_damage(self._w, {
    victim = o.victim.id, instigator = o.instigator and o.instigator.id or 0,
    causer = causer and causer.id or 0, causer_is_pawn = causer == nil or causer._pawn ~= false,
    causer_instigator = causer and causer._instigator and causer._instigator.id or 0,
    causer_owner = causer and causer._owner and causer._owner.id or 0,
    amount = o.amount, type = self:_name(tag, "damage", "type"), pos = { x, y, z },
  }), self)
end

--- "hostile", "neutral" or "friendly" between two teams, both ways (default: same team
-- friendly, else hostile).
function M:set_relationship(team_a, team_b, relationship)
  local rel = enums.relationship_values[relationship]
  if not rel then check.one_of("world:set_relationship", "relationship", schema.relationships, relationship) end
  -- Both checked before either is registered, and a refusal of the core's
  -- forgets a team registered for it: a refused call changes nothing.
  self._check_team(team_a, "world:set_relationship", "team_a")
  self._check_team(team_b, "world:set_relationship", "team_b")
  local count = self._team_count
  local status = self._B.set_relationship(self._w, self:_team(team_a, "world:set_relationship"),
    self:_team(team_b, "world:set_relationship"), rel)
  if status < 0 then self:_forget_teams(count) end
  -- The core's text names its own numbers for the teams: the game's names here.
  if status == enums.status_values.full then
    check.raise(string.format("world:set_relationship: table full: %d pairs of teams at most, none yet of %s and %s",
      enums.constants.MAX_TEAM_PAIRS, check.describe(team_a), check.describe(team_b)))
  end
  check.status("world", "set_relationship", status, self)
end

return M
