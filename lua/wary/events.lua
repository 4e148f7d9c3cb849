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

-- The table of each type, from the core record e; agent is the agent's
-- handle. One constructor each, so a table is sized once.
local make = {}

local function state_change(world, e, agent, name)
  return { type = name, agent = agent, target = world._actors[e.target],
           from = enums.state[e.from_state], to = enums.state[e.to_state], confidence = e.confidence }
end

for _, name in ipairs({ "suspect", "detect", "track", "telegraph" }) do make[name] = state_change end

-- The rungs after a loss also say why it was lost.
local function after_loss(world, e, agent, name)
  return { type = name, agent = agent, target = world._actors[e.target],
           from = enums.state[e.from_state], to = enums.state[e.to_state], confidence = e.confidence,
           loss_reason = enums.loss_reason[e.loss_reason] }
end

for _, name in ipairs({ "lost", "remember", "forget" }) do make[name] = after_loss end

-- errors: what the custom-sense runner caught this step, by sense_error index.
function make.sense_error(world, e, agent, name, errors)
  local s = world._sense_by_index[e.sense]
  local err = errors[(e.target == 0 and "inbox" or "query") .. e.index]
  return { type = name, agent = agent, target = world._actors[e.target], sense = s and s.id,
           message = err and err.message }
end

function make.hear(world, e, agent, name)
  return { type = name, agent = agent, target = world._actors[e.target], confidence = e.confidence,
           location = xyz(e.pos), loudness = e.loudness, sound = world._sound_names[e.sound] }
end

function make.sound_heard(world, e, agent, name)
  return { type = name, agent = agent, target = world._actors[e.target], confidence = e.confidence,
           location = xyz(e.pos), loudness = e.loudness, sound = world._sound_names[e.sound],
           walls = e.walls, clear_path = e.walls == 0 }
end

function make.location_belief_changed(world, e, agent, name)
  local to = enums.state[e.to_state]
  return { type = name, agent = agent, from = enums.state[e.from_state], to = to, state = to,
           confidence = e.confidence, location = xyz(e.pos), tag = world._B.name_string(world._w, e.tag) }
end

-- type is the transition's topic in snake_case (normal_to_alert), topic the
-- seed's (NormalToAlert); target, detection and location say what caused it
-- (no target: a timer), event_type the detection event behind it (nil for a
-- direct detection or a timer).
function make.geck(world, e, agent)
  local from, to = enums.detection_state[e.from_state], enums.detection_state[e.to_state]
  return { type = from .. "_to_" .. to, agent = agent, topic = capitalized(from) .. "To" .. capitalized(to),
           from = from, to = to, target = world._actors[e.target], detection = e.confidence,
           location = e.target ~= 0 and xyz(e.pos) or nil, event_type = enums.geck_event_type[e.index] }
end

function make.damaged(world, e, agent, name)
  return { type = name, agent = agent, attacker = world._actors[e.target],
           instigator = world._actors[e.instigator], amount = e.confidence,
           damage_type = (e.tag ~= 0 and world._B.name_string(world._w, e.tag)) or "DamageType",
           hit_location = { e.pos[1], e.pos[2], e.pos[3] } }
end

function make.pain_reported(world, e, agent, name)
  return { type = name, agent = agent, pain = world._pain_names[e.index], level = e.confidence }
end

function make.emotion_changed(_, e, agent, name)
  return { type = name, agent = agent, from = enums.emotion[e.from_state], to = enums.emotion[e.to_state] }
end

-- The Lua tables of the core's events of this step, in order. errors: the
-- custom-sense runner's list (on_stimulus and evaluate failures are numbered
-- apart).
function events.build(world, raw, errors)
  local by_index = {}
  for _, err in ipairs(errors) do by_index[(err.inbox and "inbox" or "query") .. err.index] = err end
  local out, actors, names = {}, world._actors, enums.event_type
  for i = 1, #raw do
    local e = raw[i]
    local name = e.type == GECK and "geck" or names[e.type]
    out[i] = make[name](world, e, actors[e.agent], name, by_index)
  end
  return out
end

local function call_all(list, ev)
  if list then
    for _, fn in ipairs(list) do fn(ev) end
  end
end

-- A sense_error no handler listens for is said on stderr, once per sense
-- and agent (the first line of its message), and again once when the sense
-- is muted for that agent: a broken sense is never silent.
local function unheard_error(world, ev)
  local agent = ev.agent
  if not agent or (agent._handlers.sense_error or world._handlers.sense_error) then return end
  local key = tostring(ev.sense) .. "\0" .. tostring(agent.id)
  local said = world._errors_said
  local slot = agent.profile and check.index_of(agent.profile.senses, ev.sense)
  local _, muted = world._B.sense_muted(world._w, agent.id, slot and slot - 1 or -1)
  if not said[key] then
    said[key] = "said"
    io.stderr:write(string.format("wary: sense '%s' failed for %s: %s\n  (this is said once; handle "
      .. "\"sense_error\" to see every failure)\n", tostring(ev.sense), agent.name,
      tostring(ev.message):match("^[^\n]*")))
  end
  if muted and said[key] ~= "muted" then
    said[key] = "muted"
    io.stderr:write(string.format("wary: sense '%s' is muted for %s after %d failures in a row "
      .. "(agent:unmute_sense(%q) asks it again)\n", tostring(ev.sense), agent.name, world._error_limit,
      tostring(ev.sense)))
  end
end

-- Each event to its agent's handlers, then the world's.
function events.dispatch(world, list)
  for _, ev in ipairs(list) do
    if ev.agent then call_all(ev.agent._handlers[ev.type], ev) end
    call_all(world._handlers[ev.type], ev)
    if ev.type == "sense_error" then unheard_error(world, ev) end
  end
end

return events
