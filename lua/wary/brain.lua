-- wary.brain: seed 002 in the facade: the Damage and Pain senses' profile
-- tables, pain types, world:apply_damage, health providers, and the brain
-- methods of actors and the world (emotions, threat, attention,
-- relationships). docs/brain.md states every rule and choice.
local check = require("wary.check")
local schema = require("wary.schema")

local brain = {}

local function index_of(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end

-- The checked `damage` or `pain` table of a profile; the second value stands
-- for the def (they reach the core through the brain def).
function brain.sense_table(world, object, field, t)
  return check.fields(object .. " " .. field, schema[field], t, world._scaled[field]), true
end

-- The C brain def of a checked profile p.
function brain.def(world, p)
  local b = check.fields("profile " .. check.describe(p.name) .. " brain", schema.brain, p.brain or {},
    world._scaled.brain)
  if p.brain then p.brain = b end
  local d = p.damage or check.fields("damage", schema.damage, {})
  local pain = p.pain or check.fields("pain", schema.pain, {})
  local max, rise, decay = {}, {}, {}
  for i, e in ipairs(schema.emotions) do
    max[i] = b["max_" .. e]
    rise[i] = b[e .. "_rise_rate"]
    decay[i] = b[e .. "_decay_rate"]
  end
  return {
    emotions = p.brain ~= nil and b.emotions,
    auto_confidence_from_damage = d.auto_confidence_from_damage,
    damage_loss_grace = d.loss_grace, damage_decay_scale = d.decay_scale,
    damage_location_accuracy = d.location_accuracy,
    pain_vision_floor = pain.pain_vision_floor, pain_suppress_below = pain.suppress_below,
    emotion_max = max, emotion_rise = rise, emotion_decay = decay,
    panic_override_threshold = b.panic_override_threshold,
    emotion_active_threshold = b.emotion_active_threshold,
    threat_weight_damage_received = b.threat_weight_damage_received,
    threat_weight_confidence = b.threat_weight_confidence, threat_weight_state = b.threat_weight_state,
    threat_weight_distance = b.threat_weight_distance, threat_distance_range = b.threat_distance_range,
    threat_damage_decay_rate = b.threat_damage_decay_rate, threat_low = b.threat_low,
    threat_medium = b.threat_medium, threat_high = b.threat_high, threat_critical = b.threat_critical,
    attention_stickiness_time = b.attention_stickiness_time,
    attention_switch_threshold = b.attention_switch_threshold,
  }
end

-- "DamageType_Fire_C" -> "Fire", "MyHit_C" -> "MyHit", nil -> "DamageType".
function brain.damage_tag(name)
  if name == nil then return "DamageType" end
  local tag = name:gsub("_C$", "")
  local stripped = tag:match("^DamageType_(.+)$")
  return stripped or tag
end

local function status_check(what, status)
  if status < 0 then
    check.raise(string.format("%s: %s", what, require("wary.actor").status_text[status] or status))
  end
  return status
end

-- ---- pain types ----------------------------------------------------------------

function brain.define_pain(world, t)
  local object = "pain " .. check.describe(type(t) == "table" and t.name or nil)
  local o = check.fields(object, schema.pain_type, t)
  local senses, effects = {}, {}
  local ids = {}
  for id in pairs(o.effects) do ids[#ids + 1] = id end
  table.sort(ids, function(a, b) return tostring(a) < tostring(b) end)
  if #ids > 8 then check.fail(object, "effects", "at most 8 senses", #ids) end
  for _, id in ipairs(ids) do
    local s = world._senses[id]
    if not s then require("wary.define").unknown(world, "sense", "_senses", id, object, "effects") end
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
    status_check(object, world._B.pain_set(world._w, old.index, def))
    old.def = o
  else
    local index = status_check(object, world._B.pain_create(world._w, def))
    world._pains[o.name] = { index = index, def = o }
    world._pain_names[index] = o.name
  end
  return o
end

-- ---- actors: health, pawns, owners ----------------------------------------------

local function is_actor(world, v)
  return type(v) == "table" and v.world == world and v.id ~= nil
end

function brain.actor_added(world, actor, a, object)
  local h = a.health
  if h ~= nil and type(h) ~= "function" then
    check.number(object, "health", h, 0, 1)
    world._B.actor_set_health(world._w, actor.id, h)
  elseif type(h) == "function" then
    actor._health_fn = h
  end
  actor._pawn = a.pawn
  for _, f in ipairs({ "owner", "instigator" }) do
    if a[f] ~= nil and not is_actor(world, a[f]) then check.fail(object, f, "an actor of this world", a[f]) end
    actor["_" .. f] = a[f]
  end
end

local function value(v, actor)
  if type(v) == "function" then v = v(actor) end
  return type(v) == "number" and v == v and v or nil
end

-- Health of an agent whose profile has Pain, in the seed's order: its health
-- function, then props.health_percent (0..100), then props.health (or
-- props.current_health) with props.max_health. nil: nothing answers.
function brain.read_health(actor)
  if actor._health_fn then return value(actor._health_fn(actor), actor) end
  local props = actor.props or {}
  local pct = value(props.health_percent, actor)
  if pct then return pct > 1 and pct / 100 or pct end
  local h = value(props.health, actor) or value(props.current_health, actor)
  local m = value(props.max_health, actor)
  if h and m and m > 0 then return h / m end
end

function brain.before_step(world)
  for id, profile in pairs(world._agent_profiles) do
    if index_of(profile.senses, "Pain") then
      local actor = world._actors[id]
      local h = brain.read_health(actor)
      if h then
        h = h < 0 and 0 or (h > 1 and 1 or h)
        world._B.actor_set_health(world._w, id, h)
      end
    end
  end
end

-- ---- events ------------------------------------------------------------------------

function brain.event(world, e, ev)
  ev.from, ev.to, ev.loss_reason = nil, nil, nil
  if e.type == 12 then
    ev.type = "damaged"
    ev.attacker = world._actors[e.target]
    ev.instigator = world._actors[e.index]
    ev.amount = e.confidence
    ev.damage_type = (e.tag ~= 0 and world._B.name_string(world._w, e.tag)) or "DamageType"
    ev.hit_location = { e.pos[1], e.pos[2], e.pos[3] }
    ev.confidence = nil
  elseif e.type == 13 then
    ev.type = "pain_reported"
    ev.pain = world._pain_names[e.index]
    ev.level = e.confidence
    ev.confidence = nil
  else
    ev.type = "emotion_changed"
    ev.from = schema.dominant_emotions[e.from_state + 1]
    ev.to = schema.dominant_emotions[e.to_state + 1]
    ev.confidence = nil
  end
end

-- ---- world methods ---------------------------------------------------------------

local function install_world(World)
  function World:define_pain(t)
    if not self._dry then self:_structural("define_pain") end
    return brain.define_pain(self, t)
  end

  -- world:apply_damage{ victim, instigator, causer, amount, type, at }
  function World:apply_damage(t)
    local o = check.fields("damage", schema.hit, t)
    for _, f in ipairs({ "victim", "instigator", "causer" }) do
      if o[f] ~= nil and not is_actor(self, o[f]) then check.fail("damage", f, "an actor of this world", o[f]) end
    end
    local x, y, z = 0, 0, 0
    if o.at then x, y, z = check.vector("damage", "at", o.at) end
    local causer = o.causer
    local tag = brain.damage_tag(o.type)
    local status = self._B.apply_damage(self._w, {
      victim = o.victim.id, instigator = o.instigator and o.instigator.id or 0,
      causer = causer and causer.id or 0, causer_is_pawn = causer == nil or causer._pawn ~= false,
      causer_instigator = causer and causer._instigator and causer._instigator.id or 0,
      causer_owner = causer and causer._owner and causer._owner.id or 0,
      amount = o.amount, type = self:_name(tag), pos = { x, y, z },
    })
    status_check("world:apply_damage", status)
  end

  function World:set_relationship(team_a, team_b, relationship)
    local rel = index_of(schema.relationships, relationship)
    if not rel then check.fail("world", "relationship", "one of hostile, neutral, friendly", relationship) end
    status_check("world:set_relationship", self._B.set_relationship(self._w, self:_team(team_a, "world"),
      self:_team(team_b, "world"), rel - 1))
  end
end

-- ---- actor methods ---------------------------------------------------------------

local function install_actor(Actor)
  local ok = Actor._ok

  local function agent(self, what)
    if self._removed then check.raise(self.name .. ": " .. what .. ": " .. Actor.status_text[-1]) end
    if not self.profile then check.raise(self.name .. ": " .. what .. ": " .. Actor.status_text[-6]) end
    return self.world._B, self.world._w
  end

  local function pain_index(self, name, what)
    local p = self.world._pains[name]
    if not p then require("wary.define").unknown(self.world, "pain", "_pains", name, self.name, what) end
    return p.index
  end

  function Actor:report_pain(name, amount)
    local B, w = agent(self, "report_pain")
    local i = pain_index(self, name, "report_pain")
    check.number(self.name, "pain amount", amount, nil, nil)
    if not index_of(self.profile.senses, "Pain") then
      local warned = self.world._pain_warned
      if not warned[self.profile.name] then
        warned[self.profile.name] = true
        io.stderr:write(string.format("wary: warning: %s: report_pain ignored: profile %s has no Pain sense\n",
          self.name, self.profile.name))
      end
      return self
    end
    ok(self, B.report_pain(w, self.id, i, amount), "report_pain")
    return self
  end

  function Actor:brain_state()
    local B, w = agent(self, "brain_state")
    local status, s = B.brain_get(w, self.id)
    ok(self, status, "brain_state")
    return s
  end

  function Actor:pain_level(name)
    local i = pain_index(self, name, "pain_level")
    return self:brain_state().pain_level[i + 1]
  end

  function Actor:total_pain() return self:brain_state().pain_total end

  function Actor:clear_pain(name)
    local B, w = agent(self, "clear_pain")
    ok(self, B.pain_clear(w, self.id, pain_index(self, name, "clear_pain")), "clear_pain")
    return self
  end

  function Actor:clear_all_pain()
    local B, w = agent(self, "clear_all_pain")
    ok(self, B.pain_clear(w, self.id, -1), "clear_all_pain")
    return self
  end

  function Actor:set_pain_enabled(name, enabled)
    local B, w = agent(self, "set_pain_enabled")
    if type(enabled) ~= "boolean" then check.fail(self.name, "enabled", "a boolean", enabled) end
    ok(self, B.pain_set_enabled(w, self.id, pain_index(self, name, "set_pain_enabled"), enabled and 1 or 0),
      "set_pain_enabled")
    return self
  end

  function Actor:set_health(v)
    local B, w = agent(self, "set_health")
    check.number(self.name, "health", v, 0, 1)
    ok(self, B.actor_set_health(w, self.id, v), "set_health")
    return self
  end

  function Actor:health() return self:brain_state().health end

  -- The seed's Get Pain State, read from health: healthy above 0.75, wounded
  -- above 0.40, critical above 0.15, otherwise near_death.
  function Actor:pain_state()
    local h = self:health()
    return h > 0.75 and "healthy" or h > 0.40 and "wounded" or h > 0.15 and "critical" or "near_death"
  end

  -- The pain and health multiplier of one of its senses now (1: untouched).
  function Actor:sense_multiplier(id)
    local s = self:brain_state()
    local slot = index_of(self.profile.senses, id)
    if not slot then check.fail(self.name, "sense", "a sense of its profile", id) end
    return s.multiplier[slot]
  end

  function Actor:emotions()
    local s = self:brain_state()
    local t = { dominant = schema.dominant_emotions[s.dominant + 1], fear_input = s.fear_input }
    for i, e in ipairs(schema.emotions) do t[e] = s.emotions[i] end
    return t
  end

  function Actor:dominant_emotion() return schema.dominant_emotions[self:brain_state().dominant + 1] end

  function Actor:set_fear_input(v)
    local B, w = agent(self, "set_fear_input")
    check.number(self.name, "fear_input", v, 0, 1)
    ok(self, B.set_fear_input(w, self.id, v), "set_fear_input")
    return self
  end

  function Actor:set_emotion(name, v)
    local B, w = agent(self, "set_emotion")
    local i = index_of(schema.emotions, name)
    if not i then check.fail(self.name, "emotion", "one of " .. table.concat(schema.emotions, ", "), name) end
    check.number(self.name, name, v, 0, 1)
    ok(self, B.set_emotion(w, self.id, i - 1, v), "set_emotion")
    return self
  end

  function Actor:reset_emotions()
    local B, w = agent(self, "reset_emotions")
    ok(self, B.reset_emotions(w, self.id), "reset_emotions")
    return self
  end

  function Actor:attention_target()
    local s = self:brain_state()
    return s.attention ~= 0 and self.world._actors[s.attention] or nil
  end

  -- Threat score 0..1 and level ("none" .. "critical"); 0, "none" without a belief.
  function Actor:threat(target)
    local B, w = agent(self, "threat")
    if not is_actor(self.world, target) then check.fail(self.name, "threat", "an actor of this world", target) end
    local status, t = B.threat_get(w, self.id, target.id)
    if status < 0 and status ~= -4 then ok(self, status, "threat") end
    return t.score, schema.threat_levels[t.level + 1], t
  end

  function Actor:damage_from(target)
    local _, _, t = self:threat(target)
    return t.damage
  end

  function Actor:relationship(target)
    local _, _, t = self:threat(target)
    return schema.relationships[t.relationship + 1]
  end

  -- Its own view of target: "hostile", "neutral", "friendly", or nil to follow the teams.
  function Actor:set_relationship(target, relationship)
    local B, w = agent(self, "set_relationship")
    if not is_actor(self.world, target) then
      check.fail(self.name, "set_relationship", "an actor of this world", target)
    end
    local rel = relationship == nil and 0 or index_of(schema.relationships, relationship)
    if not rel then check.fail(self.name, "relationship", "one of hostile, neutral, friendly, nil", relationship) end
    ok(self, B.set_relationship_override(w, self.id, target.id, rel - 1), "set_relationship")
    return self
  end

  -- A damage causer's owner (the pawn holding a weapon) and instigator (a projectile's shooter).
  for _, field in ipairs({ "owner", "instigator" }) do
    Actor["set_" .. field] = function(self, a)
      if a ~= nil and not is_actor(self.world, a) then check.fail(self.name, field, "an actor of this world", a) end
      self["_" .. field] = a
      return self
    end
  end
end

function brain.install(World, Actor)
  install_world(World)
  install_actor(Actor)
end

return brain
