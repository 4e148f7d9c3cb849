-- wary.events: handler lists (of the names in wary.schema.events), and the
-- Lua tables of a step's events, built from the core's event records only
-- when someone wants them: an event of a type nobody listens to costs no
-- table (the core's index of the step's events by type is asked for the
-- listened types only), and world:events() builds the rest on demand, once
-- a step. Every field of a table is meaningful for its type (docs/events.md
-- lists them): the core clears the rest of a record to neutral values, and
-- they are left out here.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local io = io -- kept: a game may take it from the globals after it loads wary
local check = require("wary.check")
local enums = require("wary.enums")
local guard = require("wary.guard")
local schema = require("wary.schema")

local events = {}

local GECK = enums.event_type_values.geck
local SENSE_ERROR = enums.event_type_values.sense_error

-- The core's event type of each name a handler can listen to.
local TYPE_OF = {}
for _, name in ipairs(schema.events) do TYPE_OF[name] = enums.event_type_values[name] or GECK end

-- The states whose entering fires an event of another name (the rest:
-- suspected, detected... lose their ending below).
local EVENT_OF_STATE = { expired = "forget", undetected = "forget" }

-- The event a wrong name most likely meant: as written, else as the seed's
-- Blueprint name ("OnAIDetect", "On AI Lost"), a past tense ("detcted") or
-- a state's name ("expired": forget) would be written here.
local function suggest_event(event)
  if EVENT_OF_STATE[event:lower()] then return EVENT_OF_STATE[event:lower()] end
  local hint = check.suggest(event, schema.events)
  if hint then return hint end
  local plain = event:gsub("^[Oo][Nn][ _]*[Aa][Ii][ _]*", ""):gsub("(%l)(%u)", "%1_%2"):gsub("[ ]+", "_"):lower()
  return TYPE_OF[plain] and plain or check.suggest(plain, schema.events)
    or check.suggest((plain:gsub("e?d$", "")), schema.events)
end

-- An error naming owner's field 'event' unless event is an event's name,
-- or its 'handler' unless fn is a function.
local function check_handler(owner, event, fn)
  if not TYPE_OF[event] then
    local hint = type(event) == "string" and suggest_event(event)
    check.fail(owner, "event", hint and string.format("an event name (did you mean '%s'?)", hint)
      or "one of " .. table.concat(schema.events, ", "), event)
  end
  if type(fn) ~= "function" then check.fail(owner, "handler", "a function", fn) end
end

-- n more (or fewer) handlers listen to event: the count that listen_mask
-- reads, worked out again at the next step.
local function listening(world, event, n)
  local count = (world._listened[event] or 0) + n
  world._listened[event] = count ~= 0 and count or nil
  world._listen_mask = false
end

-- fn listens to event in handlers from now on.
local function append(world, handlers, event, fn)
  local list = handlers[event] or {}
  handlers[event] = list
  list[#list + 1] = fn
  listening(world, event, 1)
end

-- Adds fn to handlers[event] (the world's or an agent's) of world; owner
-- names the object in errors.
function events.add_handler(world, owner, handlers, event, fn)
  check_handler(owner, event, fn)
  if world._dispatching then guard.settle(world) end
  if world._dispatching then
    -- Added by a handler: it listens from the next step on (events.listen_pending).
    local pending = world._pending_handlers
    pending[#pending + 1] = { handlers, event, fn }
    return fn
  end
  append(world, handlers, event, fn)
  return fn
end

-- Takes fn off handlers[event] (its last registration there, one added
-- during this dispatch first); true when it was there. At once: the list
-- is replaced, not changed, so that a dispatch under way (which reads the
-- list again for each event) calls fn for no later event, and the handlers
-- of the event being handed out all run.
function events.remove_handler(world, owner, handlers, event, fn)
  check_handler(owner, event, fn)
  local pending = world._pending_handlers
  for i = #pending, 1, -1 do
    local p = pending[i]
    if p[1] == handlers and p[2] == event and p[3] == fn then
      table.remove(pending, i)
      return true
    end
  end
  local list = handlers[event]
  if not list then return false end
  for i = #list, 1, -1 do
    if list[i] == fn then
      local kept = {}
      for j = 1, #list do
        if j ~= i then kept[#kept + 1] = list[j] end
      end
      handlers[event] = kept[1] ~= nil and kept or nil
      listening(world, event, -1)
      return true
    end
  end
  return false
end

-- After a dispatch: the handlers its handlers added, in the order they were
-- added (those of an agent removed since are dropped).
function events.listen_pending(world)
  local pending = world._pending_handlers
  if pending[1] == nil then return end
  world._pending_handlers = {}
  for _, p in ipairs(pending) do
    append(world, p[1], p[2], p[3])
  end
end

-- An agent is removed: its handlers listen no more.
function events.forget_handlers(world, handlers)
  for name, list in each(handlers) do
    listening(world, name, -#list)
  end
  local pending, kept = world._pending_handlers, {}
  for _, p in ipairs(pending) do
    if p[1] ~= handlers then kept[#kept + 1] = p end
  end
  if #kept < #pending then world._pending_handlers = kept end
end

-- Bit t set for every core type t someone listens to; sense_error always
-- (an unheard one is said on stderr).
local UNHEARD_ONLY = 2 ^ SENSE_ERROR -- the mask of a world nobody listens to
local function listen_mask(world)
  local mask = world._listen_mask
  if mask then return mask end
  local bits = { [SENSE_ERROR] = true }
  for name in each(world._listened) do bits[TYPE_OF[name]] = true end
  mask = 0
  for t in each(bits) do mask = mask + 2 ^ t end
  world._listen_mask = mask
  return mask
end

local function xyz(e) return { x = e.px, y = e.py, z = e.pz } end

-- The handle of actor id in the last step's events: a live one, or one
-- removed since that step began (world._gone: a handler or the game removed
-- it; the event still names it, and its valid() says false).
local function actor_of(world, id)
  return world._actors[id] or world._gone[id]
end

local function capitalized(s) return s:sub(1, 1):upper() .. s:sub(2) end

-- The table of each type, from the core record e; agent is the agent's
-- handle. One constructor each, so a table is sized once.
local make = {}

-- A state event's table: loss, the loss reason, for the rungs after a loss
-- only (nil for the others).
local state, loss_reason = enums.state, enums.loss_reason

local function state_event(actors, gone, name, agent, target, from, to, confidence, loss)
  return { type = name, agent = agent, target = actors[target] or gone[target], from = state[from], to = state[to],
           confidence = confidence, loss_reason = loss and loss_reason[loss] }
end

local LOSS_RUNG = {}
for _, name in ipairs({ "lost", "remember", "forget" }) do LOSS_RUNG[enums.event_type_values[name]] = true end

local function state_change(world, e, agent, name)
  return state_event(world._actors, world._gone, name, agent, e.target, e.from_state, e.to_state, e.confidence,
    LOSS_RUNG[e.type] and e.loss_reason)
end

for _, name in ipairs({ "suspect", "detect", "track", "telegraph", "lost", "remember", "forget" }) do
  make[name] = state_change
end

-- The runner's failures of this step: on_stimulus and evaluate failures are
-- numbered apart.
function make.sense_error(world, e, agent, name)
  local s = world._sense_by_index[e.sense]
  local err = world._step_errors[(e.target == 0 and "inbox" or "query") .. e.index]
  if err then err.reported = true end
  return { type = name, agent = agent, target = actor_of(world, e.target), sense = s and s.id,
           message = err and err.message }
end

-- A hear or sound_heard event's table; walls: nil for hear. The target's
-- handle is actor_of's lookup written out: most listened events are sounds,
-- and the call cost Lua 5.4 about 250 instructions an event.
local function sound_event(world, name, agent, target, confidence, px, py, pz, sound, loudness, walls)
  if walls ~= nil then
    return { type = name, agent = agent, target = world._actors[target] or world._gone[target],
             confidence = confidence, location = { x = px, y = py, z = pz }, loudness = loudness,
             sound = world._sound_names[sound + 1], walls = walls, clear_path = walls == 0 }
  end
  return { type = name, agent = agent, target = world._actors[target] or world._gone[target],
           confidence = confidence, location = { x = px, y = py, z = pz }, loudness = loudness,
           sound = world._sound_names[sound + 1] }
end

function make.hear(world, e, agent, name)
  return sound_event(world, name, agent, e.target, e.confidence, e.px, e.py, e.pz, e.sound, e.loudness)
end

function make.sound_heard(world, e, agent, name)
  return sound_event(world, name, agent, e.target, e.confidence, e.px, e.py, e.pz, e.sound, e.loudness, e.walls)
end

function make.location_belief_changed(world, e, agent, name)
  local to = enums.state[e.to_state]
  return { type = name, agent = agent, from = enums.state[e.from_state], to = to, state = to,
           confidence = e.confidence, location = xyz(e), tag = world._B.name_string(world._w, e.tag) }
end

-- type is the transition's topic in snake_case (normal_to_alert), topic the
-- seed's (NormalToAlert); target, detection and location say what caused it:
-- a hostile, or a detection event (one with no owner has a place and no
-- target); a timer's transition has none of the three. event_type is the
-- detection event behind it (nil for a direct detection or a timer).
function make.geck(world, e, agent, name)
  local from, to = enums.detection_state[e.from_state], enums.detection_state[e.to_state]
  local caused = e.target ~= 0 or e.index >= 0
  return { type = name, agent = agent, topic = capitalized(from) .. "To" .. capitalized(to),
           from = from, to = to, target = actor_of(world, e.target), detection = caused and e.confidence or nil,
           location = caused and xyz(e) or nil, event_type = enums.geck_event_type[e.index] }
end

function make.damaged(world, e, agent, name)
  return { type = name, agent = agent, attacker = actor_of(world, e.target),
           instigator = actor_of(world, e.instigator), amount = e.confidence,
           damage_type = (e.tag ~= 0 and world._B.name_string(world._w, e.tag)) or "DamageType",
           hit_location = xyz(e) }
end

function make.pain_reported(world, e, agent, name)
  return { type = name, agent = agent, pain = world._pain_names[e.index], level = e.confidence }
end

function make.emotion_changed(_, e, agent, name)
  return { type = name, agent = agent, from = enums.emotion[e.from_state], to = enums.emotion[e.to_state] }
end

-- ---- reading a step's events ----------------------------------------------------

-- What every event needs (state events need nothing more), and the rest.
local HEAD = { "type", "agent", "target", "from_state", "to_state", "loss_reason", "confidence" }
local REST = { "sense", "index", "pos", "sound", "tag", "loudness", "walls", "instigator" }
local SOUND_FIELDS = { "pos", "sound", "loudness", "walls" }
local STATE_EVENT = {}
for _, name in ipairs({ "suspect", "detect", "track", "lost", "remember", "forget", "telegraph" }) do
  STATE_EVENT[enums.event_type_values[name]] = true
end

-- The readers of each backend, and the one record table each world reuses.
local readers = setmetatable({}, { __mode = "k" })

local function readers_of(B)
  local r = readers[B]
  if not r then
    r = { head = B.event_reader(HEAD), rest = B.event_reader(REST), sound = B.event_reader(SOUND_FIELDS),
          walk = B.event_walker(HEAD) }
    readers[B] = r
  end
  return r
end

local function read(world, i)
  local r = readers_of(world._B)
  local e, w = world._record, world._w
  e.type, e.agent, e.target, e.from_state, e.to_state, e.loss_reason, e.confidence = r.head(w, i)
  if not STATE_EVENT[e.type] then
    e.sense, e.index, e.px, e.py, e.pz, e.sound, e.tag, e.loudness, e.walls, e.instigator = r.rest(w, i)
  end
  return e
end

-- The name a handler listens to for record e.
local function name_of(e)
  if e.type == GECK then
    return enums.detection_state[e.from_state] .. "_to_" .. enums.detection_state[e.to_state]
  end
  return enums.event_type[e.type]
end

-- The table of the step's event i (0-based), made once.
local function event(world, i, e)
  local cache = world._event_cache
  local ev = cache[i]
  if not ev then
    e = e or read(world, i)
    local name = name_of(e)
    ev = make[e.type == GECK and "geck" or name](world, e, actor_of(world, e.agent), name)
    cache[i] = ev
    world._event_cache_used = true
  end
  return ev
end

-- A sense_error no handler listens for is said on stderr, once per sense
-- and agent (the first line of its message), and again once when the sense
-- is muted for that agent: a broken sense is never silent. dropped: the
-- core dropped the event itself (the step queued more than event_capacity
-- events), so no handler heard it either.
local function unheard_error(world, ev, dropped)
  local agent = ev.agent
  local key = tostring(ev.sense) .. "\0" .. tostring(agent.id)
  local said = world._errors_said
  local slot = agent.profile and check.index_of(agent.profile.senses, ev.sense)
  local _, muted = world._B.sense_muted(world._w, agent.id, slot and slot - 1 or -1)
  if not said[key] then
    said[key] = "said"
    -- The message's first line, without the sense it names again.
    local message = tostring(ev.message):match("^[^\n]*")
    local prefix = "sense '" .. tostring(ev.sense) .. "': "
    if message:sub(1, #prefix) == prefix then message = message:sub(#prefix + 1) end
    local about = ev.target and " about " .. tostring(ev.target.name) or " on a stimulus"
    io.stderr:write(string.format("wary: sense '%s' failed for %s%s: %s\n  (%s)\n", tostring(ev.sense),
      agent.name, about, message, dropped and string.format("its sense_error event was dropped: the step "
        .. "queued more than event_capacity (%d) events; raise it in wary.world{}", world._event_capacity)
        or "this is said once; handle \"sense_error\" to see every failure"))
  end
  if muted and said[key] ~= "muted" then
    said[key] = "muted"
    io.stderr:write(string.format("wary: sense '%s' is muted for %s after %d failures in a row "
      .. "(agent:unmute_sense(%q) asks it again)\n", tostring(ev.sense), agent.name, world._error_limit,
      tostring(ev.sense)))
  end
end

-- A failure of the runner's whose sense_error event the core dropped: said
-- as one nobody heard, with why.
local function dropped_error(world, err)
  local agent = world._actors[err.agent]
  if not agent then return end -- removed by a handler since: no name to say it of
  local s = world._sense_by_index[err.sense]
  unheard_error(world, { agent = agent, sense = s and s.id, target = err.target ~= 0 and
    (world._actors[err.target] or world._gone[err.target]) or nil, message = err.message }, true)
end

local guard_call, guard_said, traceback = guard.call, guard.said, guard.traceback

-- Calls every handler of list with ev, each protected (guard.lua: a yield
-- ends it as an error does); returns the first
-- error (kept in first), a string one led by the event it was handling;
-- world._handler_errors counts them all.
local function call_all(world, list, ev, first)
  for k = 1, #list do
    -- A handler that destroyed the world ends the dispatch (events.dispatch).
    if world._destroyed then return first end
    local ok, err = guard_call(list[k], traceback, ev, nil, world._run)
    if not ok then
      world._handler_errors = world._handler_errors + 1
      if first == nil then
        local said = guard_said(err, "yielded (a handler must return, not yield: world:step went on without it)")
        if said then
          local agent = ev.agent
          err = string.format("a handler of %s (agent %s) %s", tostring(ev.type),
            agent and tostring(agent.name) or "none", said)
        end
        first = err
      end
    end
  end
  return first
end

-- The names of the state and sound events' types: most of a step's events
-- are one or the other, and dispatch builds them straight from their fields.
local FAST_NAMES, SOUND = {}, {}
for t in each(STATE_EVENT) do FAST_NAMES[t] = enums.event_type[t] end
local SOUND_HEARD = enums.event_type_values.sound_heard
for _, name in ipairs({ "hear", "sound_heard" }) do
  FAST_NAMES[enums.event_type_values[name]] = name
  SOUND[enums.event_type_values[name]] = true
end

-- Sound event i's table, its fields read here: apart from the loop of
-- dispatch, whose trace LuaJIT could not compile with them all live there.
local function sound_of(world, read_sound, w, i, t, name, agent, target, confidence)
  local px, py, pz, sound, loudness, walls = read_sound(w, i)
  return sound_event(world, name, agent, target, confidence, px, py, pz, sound, loudness,
    t == SOUND_HEARD and walls or nil)
end

-- After a step: each event someone listens to, to its agent's handlers and
-- then the world's, in the step's order. errors: the runner's list. A
-- handler added while they run listens from the next step on. Every handler
-- runs, whatever another raised: returns the first error raised.
-- A step that builds no event and has no error makes no table here: the
-- tables of the last step are kept when they stayed empty.
local NO_ERRORS = {} -- never written
-- A step that queued event_capacity events may have dropped more: said
-- once a world when it did, for the game listening to them (n: this
-- step's count; the core's counter is asked only then).
local function said_dropped(world, n)
  if n < world._event_capacity then return end
  local dropped = world._B.events_dropped(world._w)
  if dropped == 0 then return end
  check.warn_once(world._warned, "events dropped", "world: a step queued more than event_capacity (%d) events: %d "
    .. "dropped so far (world:events_dropped()); raise event_capacity in wary.world{} (warned once a world)",
    world._event_capacity, dropped)
end

function events.dispatch(world, errors)
  local by_index = NO_ERRORS
  if errors[1] ~= nil then
    by_index = {}
    for _, err in ipairs(errors) do by_index[(err.inbox and "inbox" or "query") .. err.index] = err end
  end
  local cache = world._event_cache
  if world._event_cache_used then
    cache = {}
    world._event_cache_used = false
  end
  world._step_errors, world._event_cache, world._events = by_index, cache, nil
  world._handler_errors = 0
  -- Only the events someone listens to: no Lua loop walks the others (on
  -- LuaJIT such a loop, hot every step, rooted traces that took in the game's
  -- own loop and kept failing to compile). With no handler and no custom
  -- sense (whose failures are the sense_error events said unheard), no
  -- event is anyone's: nothing is asked of C.
  local mask = listen_mask(world)
  if mask == UNHEARD_ONLY and next(world._sense_by_index) == nil then return nil end
  local B, w = world._B, world._w
  local r = readers_of(B)
  local walk, rest, read_sound, e = r.walk, r.rest, r.sound, world._record
  local n = B.event_count(w)
  said_dropped(world, n)
  -- An actor a handler removes is still named by the events left (gone);
  -- its own handlers listen no more. A handler that calls world:events()
  -- builds the tables of the events after its own: they are handed on.
  local actors, gone, handlers = world._actors, world._gone, world._handlers
  local first
  -- Each listened event's index and what every event has, in one call.
  local i, t, agent_id, target, from, to, loss, confidence = walk(w, mask, 0)
  while i < n do
    local name = FAST_NAMES[t]
    if name then
      local agent = actors[agent_id]
      local own, all = agent and agent._handlers[name], handlers[name]
      if own or all then
        agent = agent or gone[agent_id]
        local ev = cache[i]
        if not ev then
          if SOUND[t] then
            ev = sound_of(world, read_sound, w, i, t, name, agent, target, confidence)
          else
            ev = state_event(actors, gone, name, agent, target, from, to, confidence, LOSS_RUNG[t] and loss)
          end
          cache[i] = ev
          world._event_cache_used = true
        end
        if own then first = call_all(world, own, ev, first) end
        if all then first = call_all(world, all, ev, first) end
      end
    else
      e.type, e.agent, e.target, e.from_state, e.to_state, e.loss_reason, e.confidence =
        t, agent_id, target, from, to, loss, confidence
      e.sense, e.index, e.px, e.py, e.pz, e.sound, e.tag, e.loudness, e.walls, e.instigator = rest(w, i)
      name = name_of(e)
      local agent = actors[agent_id]
      local own, all = agent and agent._handlers[name], handlers[name]
      local unheard = t == SENSE_ERROR and agent and not own and not all
      if own or all or unheard then
        local ev = cache[i]
        if not ev then
          ev = make[t == GECK and "geck" or name](world, e, agent or gone[agent_id], name)
          cache[i] = ev
          world._event_cache_used = true
        end
        if own then first = call_all(world, own, ev, first) end
        if all then first = call_all(world, all, ev, first) end
        if unheard then unheard_error(world, ev) end
      end
    end
    -- A handler that destroyed the world ends the dispatch.
    if world._destroyed then break end
    i, t, agent_id, target, from, to, loss, confidence = walk(w, mask, i + 1)
  end
  if errors[1] ~= nil and not world._destroyed then
    for _, err in ipairs(errors) do
      if not err.reported then dropped_error(world, err) end
    end
  end
  local more = world._handler_errors - 1
  if more > 0 and type(first) == "string" then
    first = string.format("%s\n(and %d more error%s raised by this step's handlers)", first, more,
      more > 1 and "s" or "")
  end
  return first
end

-- Every event of the last step, in order (built now for those nobody listened to).
function events.all(world)
  local list = world._events
  if list then return list end
  list = {}
  local n = world._B.event_count(world._w)
  said_dropped(world, n)
  for i = 0, n - 1 do list[i + 1] = event(world, i) end
  world._events = list
  return list
end

return events
