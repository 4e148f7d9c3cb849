-- wary.agent_brain: an agent's methods of seed 002: pain and health, the
-- emotions, threat, attention and relationships. Merged into the actor
-- class by wary.actor; docs/brain.md states every rule and choice.
local brain = require("wary.brain")
local check = require("wary.check")
local define = require("wary.define")
local enums = require("wary.enums")
local handle = require("wary.handle")
local schema = require("wary.schema")

local agent, other, ok = handle.agent, handle.other, handle.ok
local NOT_FOUND = enums.status_values.not_found

local M = {}

local function pain_index(self, name, what)
  return define.lookup(self.world, "pain", "_pains", name, self.name, what).index
end

--- Adds pain of a pain type (taken at the next step; an amount of 0 or less adds nothing, as in C; ignored,
-- with a warning, without a Pain sense).
function M:report_pain(name, amount)
  local B, w = agent(self, "report_pain")
  local i = pain_index(self, name, "pain")
  check.number(self.name, "pain amount", amount, nil, nil)
  if not check.index_of(self._profile.senses, "Pain") then
    check.warn_once(self.world._warned, "report_pain\0" .. self._profile.name,
      "%s: report_pain ignored: profile %s has no Pain sense", self.name, self._profile.name)
    return self
  end
  ok(self, B.report_pain(w, self.id, i, amount), "report_pain")
  return self
end

-- The raw brain, for the reader named what: its agent checked once (a call
-- with '.', or on a target, is named before anything is read).
local function brain_of(self, what)
  local B, w = agent(self, what)
  local status, s = B.brain_get(w, self.id)
  ok(self, status, what)
  return s
end

--- The raw brain: health, pain_total, emotions, fear_input, dominant, attention, multipliers, pain levels.
function M:brain_state() return brain_of(self, "brain_state") end

--- The level of one pain type now, 0..max_level.
function M:pain_level(name)
  local s = brain_of(self, "pain_level")
  return s.pain_level[pain_index(self, name, "pain") + 1]
end

--- The enabled pain types summed, capped at 1.
function M:total_pain() return brain_of(self, "total_pain").pain_total end

--- Sets one pain type back to 0.
function M:clear_pain(name)
  local B, w = agent(self, "clear_pain")
  ok(self, B.pain_clear(w, self.id, pain_index(self, name, "pain")), "clear_pain")
  return self
end

--- Sets every pain type back to 0.
function M:clear_all_pain()
  local B, w = agent(self, "clear_all_pain")
  ok(self, B.pain_clear(w, self.id, -1), "clear_all_pain")
  return self
end

--- A disabled pain type dulls nothing and takes no reports.
function M:set_pain_enabled(name, enabled)
  local B, w = agent(self, "set_pain_enabled")
  if type(enabled) ~= "boolean" then check.fail(self.name, "enabled", "a boolean", enabled) end
  ok(self, B.pain_set_enabled(w, self.id, pain_index(self, name, "pain"), enabled and 1 or 0),
    "set_pain_enabled")
  return self
end

--- Health 0..1 (1 untouched): low health dulls every sense of a profile with Pain. A function(agent)
-- returning it is read before every step instead, when the profile has Pain (without it health dulls
-- nothing, and the function is not called) (as add_agent{ health = fn }; give it again after a load into
-- a new world: functions are not saved); a number replaces such a function.
function M:set_health(v)
  local B, w = agent(self, "set_health")
  if type(v) == "function" then
    self._health_fn = v
    brain.watch_health(self.world, self)
    return self
  end
  if type(v) ~= "number" then check.fail(self.name, "health", "a number in [0, 1] or a function", v) end
  check.number(self.name, "health", v, 0, 1)
  ok(self, B.actor_set_health(w, self.id, v), "set_health")
  self._health_fn = nil
  return self
end

--- Health 0..1 as the brain last took it.
function M:health() return brain_of(self, "health").health end

-- The core keeps health as a float: the bounds are the floats nearest 0.75, 0.40 and 0.15, so that
-- set_health(0.40) is critical, as the seed's 0.40 is.
local WOUNDED, CRITICAL, NEAR_DEATH = 0.75, 0.4000000059604645, 0.15000000596046448

--- The seed's Get Pain State, read from health: healthy above 0.75, wounded
-- above 0.40, critical above 0.15, otherwise near_death.
function M:pain_state()
  local h = brain_of(self, "pain_state").health
  return h > WOUNDED and "healthy" or h > CRITICAL and "wounded" or h > NEAR_DEATH and "critical" or "near_death"
end

--- The pain and health multiplier of one of its senses now (1: untouched): from the levels as the last step
-- left them, what the next step starts from (explain(target).senses has what the last step used).
function M:sense_multiplier(id)
  local s = brain_of(self, "sense_multiplier")
  return s.multiplier[check.sense_slot(self, id)]
end

--- { fear, aggression, curiosity, alertness, panic, dominant, fear_input }.
function M:emotions()
  local s = brain_of(self, "emotions")
  local t = { dominant = enums.emotion[s.dominant], fear_input = s.fear_input }
  for i, e in ipairs(schema.emotions) do t[e] = s.emotions[i] end
  return t
end

--- "calm", "curious", "alert", "aggressive", "fearful" or "panicked".
function M:dominant_emotion()
  local B, w = agent(self, "dominant_emotion")
  local status, d = B.dominant_get(w, self.id)
  ok(self, status, "dominant_emotion")
  return enums.emotion[d]
end

--- A fear the game feeds in, 0..1 (low health, an explosion nearby): while it is above 0 fear rises, at
-- fear_rise_rate x (1 + input), and panic too above 0.9 (docs/brain.md); it stays until changed.
function M:set_fear_input(v)
  local B, w = agent(self, "set_fear_input")
  check.number(self.name, "fear_input", v, 0, 1)
  ok(self, B.set_fear_input(w, self.id, v), "set_fear_input")
  return self
end

--- Sets one emotion now ("fear", "aggression", "curiosity", "alertness", "panic"), 0..1. The dominant emotion
-- follows at the next step, which fires emotion_changed if it changes.
function M:set_emotion(name, v)
  local B, w = agent(self, "set_emotion")
  local i = enums.emotion_value_values[name]
  if not i then check.one_of(self.name, "emotion", schema.emotions, name) end
  check.number(self.name, name, v, 0, 1)
  ok(self, B.set_emotion(w, self.id, i, v), "set_emotion")
  return self
end

--- Every emotion back to 0, calm at once (no emotion_changed event: the caller knows).
function M:reset_emotions()
  local B, w = agent(self, "reset_emotions")
  ok(self, B.reset_emotions(w, self.id), "reset_emotions")
  return self
end

--- The actor holding its attention (sticky; the most threatening), or nil.
function M:attention_target()
  local B, w = agent(self, "attention_target")
  local status, id = B.attention_get(w, self.id)
  ok(self, status, "attention_target")
  return id ~= 0 and self.world._actors[id] or nil
end

-- The threat record of target; what: the method asked, for messages.
local function threat_of(self, target, what)
  local B, w = agent(self, what)
  local status, t = B.threat_get(w, self.id, other(self, target, "target", what))
  if status < 0 and status ~= NOT_FOUND then ok(self, status, what) end
  return t
end

--- Threat score 0..1 and level ("none" .. "critical"), then { score, level, damage, relationship } (the
-- level and relationship by name); without a belief 0, "none" and a record of score 0 and damage 0.
function M:threat(target)
  local t = threat_of(self, target, "threat")
  local level = enums.threat_level[t.level]
  return t.score, level, { score = t.score, level = level, damage = t.damage,
                           relationship = enums.relationship[t.relationship] }
end

--- The damage it has recorded from target (fading), 0 without a belief.
function M:damage_from(target)
  return threat_of(self, target, "damage_from").damage
end

--- "hostile", "neutral" or "friendly": its own view of target (override, else the teams).
function M:relationship(target)
  return enums.relationship[threat_of(self, target, "relationship").relationship]
end

--- Its own view of target: "hostile", "neutral", "friendly", or nil to follow the teams.
function M:set_relationship(target, relationship)
  local B, w = agent(self, "set_relationship")
  local id = other(self, target, "target", "set_relationship")
  local rel = relationship == nil and -1 or enums.relationship_values[relationship]
  if not rel then check.one_of(self.name, "relationship", schema.relationships, relationship, { more = ", nil" }) end
  ok(self, B.set_relationship_override(w, self.id, id, rel), "set_relationship")
  return self
end

return M
