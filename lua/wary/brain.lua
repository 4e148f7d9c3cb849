-- wary.brain: seed 002's definitions in the facade: the Damage and Pain
-- senses' profile tables, the brain def, damage type tags, and health
-- providers (read before every step). The methods are in agent_brain.lua
-- and world.lua; docs/brain.md states every rule and choice.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local guard = require("wary.guard")
local handle = require("wary.handle")
local schema = require("wary.schema")

local brain = {}

-- The checked `damage` or `pain` table of a profile; the second value stands
-- for the def (they reach the core through the brain def).
function brain.sense_table(world, object, field, t)
  return check.fields(object .. " " .. field, schema[field], t, world._scaled[field]), true
end

-- The C brain def of a checked profile p.
-- p.brain false: no brain at all (no threat, attention or emotions).
function brain.def(world, p)
  local off = p.brain == false
  local object = "profile " .. check.describe(p.name) .. " brain"
  local b = check.fields(object, schema.brain, p.brain or {}, world._scaled.brain)
  if not (b.threat_low <= b.threat_medium and b.threat_medium <= b.threat_high and b.threat_high <= b.threat_critical)
  then
    check.raise(string.format("%s: threat levels expected threat_low <= threat_medium <= threat_high <= "
      .. "threat_critical, got %s, %s, %s, %s", object, check.describe(b.threat_low), check.describe(b.threat_medium),
      check.describe(b.threat_high), check.describe(b.threat_critical)))
  end
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
    threat = not off,
    emotions = type(p.brain) == "table" and b.emotions,
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

-- "DamageType_Fire_C" -> "Fire", "MyHit_C" -> "MyHit", nil -> "DamageType";
-- a name that stripping would leave empty ("_C") is kept whole.
function brain.damage_tag(name)
  if name == nil then return "DamageType" end
  local tag = name:gsub("_C$", "")
  local stripped = tag:match("^DamageType_(.+)$")
  tag = stripped or tag
  return tag ~= "" and tag or name
end

-- ---- actors: health, pawns, owners ----------------------------------------------

-- The brain's fields of an actor definition (health: 0..1 or a function;
-- pawn; owner and instigator: actors of this world), checked before the
-- actor is made, so a bad one makes nothing.
function brain.actor_fields(world, a, object)
  local h = a.health
  if h ~= nil and type(h) ~= "function" then check.number(object, "health", h, 0, 1) end
  for _, f in ipairs({ "owner", "instigator" }) do
    local v = a[f]
    if v ~= nil and (not handle.is(world, v, "actor") or v._removed) then
      check.fail(object, f, "a live actor of this world", v, world)
    end
  end
  return { health = type(h) == "number" and h or nil, health_fn = type(h) == "function" and h or nil,
           pawn = a.pawn, owner = a.owner, instigator = a.instigator }
end

-- The props a health is read from (brain.read_health).
local HEALTH_PROPS = { health_percent = true, health = true, current_health = true, max_health = true }

-- Follows actor's health before every step when its profile has Pain and
-- something answers for its health (a function, or health props set at
-- creation or with set_prop): only those agents are read, not every agent.
function brain.watch_health(world, actor, key)
  if not (actor._profile and check.index_of(actor._profile.senses, "Pain")) then return end
  if (actor._health_fn or HEALTH_PROPS[key]) and not world._health_watch[actor.id] then
    world._health_watch[actor.id] = actor
    world._health_order = false
  end
end

-- Stops following actor's health (it is removed).
function brain.unwatch_health(world, actor)
  if world._health_watch[actor.id] then
    world._health_watch[actor.id] = nil
    world._health_order = false
  end
end

-- watch_health again from scratch: after a load, or a retune that gave or
-- took its profile's Pain.
function brain.rewatch_health(world, actor)
  brain.unwatch_health(world, actor)
  brain.watch_health(world, actor)
  -- The props wary made (Actor._check_whole): a game that wrote over the
  -- field must not break a retune halfway.
  for key in each(world._props_of[actor] or {}) do brain.watch_health(world, actor, key) end
end

-- Gives a new actor the fields of brain.actor_fields.
function brain.actor_added(world, actor, f)
  if f.health then world._B.actor_set_health(world._w, actor.id, f.health) end
  actor._health_fn, actor._pawn, actor._owner, actor._instigator = f.health_fn, f.pawn, f.owner, f.instigator
  if f.owner then world._B.actor_set_owner(world._w, actor.id, f.owner.id) end
  if f.instigator then world._B.actor_set_instigator(world._w, actor.id, f.instigator.id) end
  brain.watch_health(world, actor)
end

local function value(v, actor)
  if type(v) == "function" then v = v(actor) end
  return type(v) == "number" and v == v and v or nil
end

-- A health function's answer: a number in [0, 1]; nil (nothing to say: the
-- last health stays). Anything else is a mistake in the game's function,
-- reported once an agent on stderr: a number outside is taken as its nearest
-- bound (1.2 after an overheal is full health), the rest left out.
local function answer(world, actor, v)
  if v == nil or (type(v) == "number" and v >= 0 and v <= 1) then return v end
  local number = type(v) == "number" and v == v
  check.warn_once(world._warned, actor, "%s: its health function returned %s, expected a number in [0, 1] "
    .. "(or nil): %s", actor.name, check.describe(v),
    number and "taken as " .. (v < 0 and "0" or "1") or "left out, its health stays")
  if not number then return nil end
  return v < 0 and 0 or 1
end

-- Health of an agent whose profile has Pain, in the seed's order: its health
-- function, then props.health_percent (0..100), then props.health (or
-- props.current_health) with props.max_health. nil: nothing answers.
function brain.read_health(world, actor)
  if actor._health_fn then return answer(world, actor, actor._health_fn(actor)) end
  local props = world._props_of[actor] or {} -- as rewatch_health reads them
  local pct = value(props.health_percent, actor)
  -- Always a percentage, as its name and the seed say (1 is 1%, not full
  -- health); past 0 or 100, the nearest bound (an overheal is full health).
  if pct then
    -- Read as a fraction before 2026-12-07: said once, in case it still is.
    if pct > 0 and pct < 1 then
      check.warn_once(world._warned, "health_percent\0" .. tostring(actor.id), "%s: props.health_percent %s is "
        .. "read as %s%% (a percentage, 0 to 100); a fraction goes in props.health with props.max_health = 1",
        actor.name, tostring(pct), tostring(pct))
    end
    return pct <= 0 and 0 or pct >= 100 and 1 or pct / 100
  end
  local h = value(props.health, actor) or value(props.current_health, actor)
  local m = value(props.max_health, actor)
  if h and m and m > 0 then return h / m end
end

-- The watched actors' ids, ascending: the health functions are called in
-- that order, the same on both backends (pairs' order is not: a function
-- with side effects, or its warnings, would differ), made again when the
-- watched set changes or is replaced (a load).
local function health_order(world)
  local watch, order = world._health_watch, world._health_order
  if order and order.of == watch then return order end
  order = check.sorted_keys(watch)
  order.of = watch
  world._health_order = order
  return order
end

local read_health = brain.read_health

-- Pushes the health of every watched agent before world:step begins. Each
-- read is protected (guard.lua: a yield ends it as an error does): one that
-- fails leaves that agent's health as it was, the others are read and the
-- step runs; returns the first failure, a string one led by the agent, for
-- world:step to raise once the step is done (as a handler's), and whose it
-- was ("the health of agent guard: its health function"). A read that
-- destroyed the world ends them.
function brain.before_step(world)
  local watch = world._health_watch
  if next(watch) == nil then return nil end -- no agent's health is read
  local first, whose
  world._reading_health = true
  for _, id in ipairs(health_order(world)) do
    -- A health function may remove an actor: one gone is skipped.
    local actor = watch[id]
    if actor then
      local ok, h = guard.call(read_health, guard.traceback, world, actor, world._run)
      if world._destroyed then break end
      if not ok then
        if first == nil then
          whose = string.format("the health of agent %s: %s", tostring(actor.name),
            actor._health_fn and "its health function" or "a function in its props")
          local said = guard.said(h, "yielded (it must return its answer, not yield)")
          first = said and string.format("%s %s", whose, said) or h
        end
      elseif h then
        h = h < 0 and 0 or (h > 1 and 1 or h)
        world._B.actor_set_health(world._w, id, h)
      end
    end
  end
  world._reading_health = false
  return first, whose
end

return brain
