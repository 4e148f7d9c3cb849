-- wary.events: handler lists (of the names in wary.schema.events), and the
-- Lua table of each event of a step, built from the core's event records. Every
-- field of a table is meaningful for its type (docs/beliefs.md lists them):
-- the core clears the rest of a record to neutral values, and they are left
-- out here.
local check = require("wary.check")
local enums = require("wary.enums")
local schema = require("wary.schema")

local events = {}

local GECK = enums.event_type_values.geck

-- Adds fn to handlers[event]; owner names the object in errors.
function events.add_handler(owner, handlers, event, fn)
  if not check.index_of(schema.events, event) then
    local hint = type(event) == "string" and check.suggest(event, schema.events)
    check.fail(owner, "event", hint and string.format("an event name (did you mean '%s'?)", hint)
      or "one of " .. table.concat(schema.events, ", "), event)
  end
  if type(fn) ~= "function" then check.fail(owner, "handler", "a function", fn) end
  local list = handlers[event] or {}
  handlers[event] = list
  list[#list + 1] = fn
  return fn
end

local function xyz(v) return { x = v[1], y = v[2], z = v[3] } end

local function capitalized(s) return s:sub(1, 1):upper() .. s:sub(2) end

-- The fields of an event beyond type and agent, by type: each fills ev from
-- the core record e.
local fill = {}

local function state_change(world, e, ev)
  ev.target = world._actors[e.target]
  ev.from, ev.to = enums.state[e.from_state], enums.state[e.to_state]
  ev.confidence = e.confidence
end

for _, name in ipairs({ "suspect", "detect", "track", "telegraph" }) do fill[name] = state_change end

-- The rungs after a loss also say why it was lost.
local function after_loss(world, e, ev)
  state_change(world, e, ev)
  ev.loss_reason = enums.loss_reason[e.loss_reason]
end

for _, name in ipairs({ "lost", "remember", "forget" }) do fill[name] = after_loss end

-- errors: what the custom-sense runner caught this step, by sense_error index.
function fill.sense_error(world, e, ev, errors)
  local s = world._sense_by_index[e.sense]
  local err = errors[(e.target == 0 and "inbox" or "query") .. e.index]
  ev.target = world._actors[e.target]
  ev.sense = s and s.id
  ev.message = err and err.message
end

function fill.hear(world, e, ev)
  ev.target = world._actors[e.target]
  ev.confidence = e.confidence
  ev.location, ev.loudness, ev.sound = xyz(e.pos), e.loudness, world._sound_names[e.sound]
end

function fill.sound_heard(world, e, ev)
  fill.hear(world, e, ev)
  ev.walls, ev.clear_path = e.walls, e.walls == 0
end

function fill.location_belief_changed(world, e, ev)
  ev.from, ev.to = enums.state[e.from_state], enums.state[e.to_state]
  ev.confidence = e.confidence
  ev.location, ev.tag, ev.state = xyz(e.pos), world._B.name_string(world._w, e.tag), ev.to
end

-- ev.type is the transition's topic in snake_case (normal_to_alert), ev.topic
-- the seed's (NormalToAlert); ev.target, ev.detection and ev.location say what
-- caused it (no target: a timer), ev.event_type the detection event behind it
-- (nil for a direct detection or a timer).
function fill.geck(world, e, ev)
  local from, to = enums.detection_state[e.from_state], enums.detection_state[e.to_state]
  ev.type = from .. "_to_" .. to
  ev.topic = capitalized(from) .. "To" .. capitalized(to)
  ev.from, ev.to = from, to
  ev.target = world._actors[e.target]
  ev.detection = e.confidence
  ev.location = e.target ~= 0 and xyz(e.pos) or nil
  ev.event_type = enums.geck_event_type[e.index]
end

function fill.damaged(world, e, ev)
  ev.attacker = world._actors[e.target]
  ev.instigator = world._actors[e.instigator]
  ev.amount = e.confidence
  ev.damage_type = (e.tag ~= 0 and world._B.name_string(world._w, e.tag)) or "DamageType"
  ev.hit_location = { e.pos[1], e.pos[2], e.pos[3] }
end

function fill.pain_reported(world, e, ev)
  ev.pain = world._pain_names[e.index]
  ev.level = e.confidence
end

function fill.emotion_changed(_, e, ev)
  ev.from, ev.to = enums.emotion[e.from_state], enums.emotion[e.to_state]
end

-- The Lua tables of the core's events of this step, in order. errors: the
-- custom-sense runner's list (on_stimulus and evaluate failures are numbered
-- apart).
function events.build(world, raw, errors)
  local by_index = {}
  for _, err in ipairs(errors) do by_index[(err.inbox and "inbox" or "query") .. err.index] = err end
  local out = {}
  for i, e in ipairs(raw) do
    local name = e.type == GECK and "geck" or enums.event_type[e.type]
    local ev = { type = name, agent = world._actors[e.agent] }
    fill[name](world, e, ev, by_index)
    out[i] = ev
  end
  return out
end

local function call_all(list, ev)
  if list then
    for _, fn in ipairs(list) do fn(ev) end
  end
end

-- Each event to its agent's handlers, then the world's.
function events.dispatch(world, list)
  for _, ev in ipairs(list) do
    if ev.agent then call_all(ev.agent._handlers[ev.type], ev) end
    call_all(world._handlers[ev.type], ev)
  end
end

return events
