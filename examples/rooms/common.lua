-- examples/rooms/common.lua: what the sight rooms share (seed 000, the Sight
-- wing S1 to S9): a world at 100 units per metre with the shipped materials
-- and the standard guard, the guard and the intruder, and one case run: a
-- fixed scripted time at 60 Hz that records the agent's belief every step and
-- every state-change event in plain tables (the timelines issue 7 draws).
--
-- A room module returns
--   { id = "S1", title = "Distance", seed = "what the seed's result card says",
--     cases = { { key = "far", name = "far away (26 m)", seed_confidence = 0.25, seed_state = "suspected",
--                 at_least = true,          -- optional: the seed asks for this state or higher
--                 result = "end" or "peak", run = function(rooms) ... return record end }, ... },
--     order = { { "close", ">", "mid" }, ... } }   -- the seed's ordering, by case key
-- where run (called with this module) builds its world with this module and
-- returns rooms.run{...}: most rooms get their runs from rooms.stage and
-- rooms.standing, requiring this module themselves.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local rooms = {}

rooms.UNITS_PER_METER = 100
rooms.HZ = 60
rooms.DURATION = 3            -- seconds per case: long enough for Tracked (0.5 s in Detected)

-- The states in the order they climb, for "the highest state reached".
rooms.RANK = { undetected = 0, lost = 0, remembered = 0, expired = 0, suspected = 1, detected = 2, tracked = 3 }

-- The standard guard: the default profile, with light taken where the target
-- stands (the sun at noon, shade 0.3, lamps). A room adds its own vision
-- fields on top (a profile that extends "guard").
rooms.GUARD_VISION = { use_per_target_light = true }

-- A fresh world for one case: the shipped materials (glass, foliage, smoke,
-- ...) and the "guard" profile; with `vision`, a "room guard" profile that
-- extends it with those fields. Returns the world and the profile name.
function rooms.world(vision)
  local world = wary.world{ units_per_meter = rooms.UNITS_PER_METER }
  world:define_profile{ name = "guard", vision = rooms.GUARD_VISION }
  if vision then
    world:define_profile{ name = "room guard", extends = "guard", vision = vision }
    return world, "room guard"
  end
  return world, "guard"
end

-- The guard: at the origin, eyes 1.7 m up, its body facing +x unless told.
function rooms.guard(world, profile, t)
  t = t or {}
  return world:add_agent{ name = "guard", profile = profile, team = "guards",
                          pos = t.pos or { 0, 0, 0 }, yaw = t.yaw or 0 }
end

-- The intruder: standing at pos, facing the guard unless told.
function rooms.intruder(world, t)
  local x, y = t.pos[1], t.pos[2]
  local yaw = t.yaw or math.deg((math.atan2 or math.atan)(-y, -x))
  return world:add_target{ name = "intruder", team = "intruders", pos = t.pos, yaw = yaw,
                           stance = t.stance, velocity = t.velocity }
end

-- A box from its corners, in world units.
function rooms.box(world, min, max, material)
  return world:add_box{ min = min, max = max, material = material }
end

local EVENTS = { "suspect", "detect", "track", "lost", "remember", "forget", "telegraph" }

-- Runs one case: t.world, t.guard, t.intruder, optional t.script(time, step)
-- called before each step (move the intruder, turn the guard's head), t.duration
-- (rooms.DURATION). Returns the record:
--   { confidence, state,                     -- at the end
--     peak_confidence, peak_state,           -- the highest reached
--     reached = { suspected = time, ... },   -- when each state was first entered
--     timeline = { { time =, confidence =, smoothed =, state = }, ... },  -- every step
--     events = { { time =, type =, from =, to =, confidence = }, ... },
--     explain = agent:explain(intruder) at the end: what decided the case }
-- Records one step of guard's belief about subject: the timeline entry, the
-- peak confidence and state, and when each state was first reached.
local function record_step(record, world, guard, subject, step)
  local b = guard:belief(subject)
  local c, s = b and b.confidence or 0, b and b.state or "undetected"
  local now = world:time()
  record.timeline[step] = { time = now, confidence = c, smoothed = b and b.smoothed or 0, state = s }
  if c > record.peak_confidence then record.peak_confidence = c end
  if rooms.RANK[s] > rooms.RANK[record.peak_state] then record.peak_state = s end
  if not record.reached[s] then record.reached[s] = now end
end

function rooms.run(t)
  local world, guard, intruder = t.world, t.guard, t.intruder
  local duration = t.duration or rooms.DURATION
  local dt = 1 / rooms.HZ
  local steps = math.floor(duration * rooms.HZ + 0.5)
  local record = { timeline = {}, events = {}, reached = {}, peak_confidence = 0, peak_state = "undetected" }
  for _, name in ipairs(EVENTS) do
    guard:on(name, function(ev)
      if ev.target == intruder then
        record.events[#record.events + 1] = { time = world:time(), type = ev.type, from = ev.from, to = ev.to,
                                              confidence = ev.confidence }
      end
    end)
  end
  for step = 1, steps do
    if t.script then t.script((step - 1) * dt, step) end
    world:step(dt)
    record_step(record, world, guard, intruder, step)
  end
  local last = record.timeline[steps]
  record.confidence, record.state = last.confidence, last.state
  record.explain = guard:explain(intruder)
  return record
end

-- One case in a fresh world, set up in this order (the order the world gives
-- out its ids in): rooms.world(t.vision); t.build(world), the room's fixtures
-- (boxes, lamps, fog), if any; the guard (rooms.guard); the intruder
-- (rooms.intruder with t.intruder); then t.direct(guard, intruder), if any,
-- which may turn the guard's head and returns the run's script (or nothing).
-- Runs the case (rooms.run) and returns its record.
function rooms.stage(t)
  local world, profile = rooms.world(t.vision)
  if t.build then t.build(world) end
  local guard = rooms.guard(world, profile)
  local intruder = rooms.intruder(world, t.intruder)
  local script = t.direct and t.direct(guard, intruder)
  return rooms.run{ world = world, guard = guard, intruder = intruder, script = script }
end

-- For a room whose cases differ in where the intruder stands: returns
-- at(x, y, more), the run of a case (rooms.stage with t.vision and t.build)
-- whose intruder stands at (x, y, 0), with more's fields (stance, yaw, ...).
function rooms.standing(t)
  t = t or {}
  return function(x, y, more)
    return function()
      local intruder = { pos = { x, y, 0 } }
      for k, v in each(more or {}) do intruder[k] = v end
      return rooms.stage{ vision = t.vision, build = t.build, intruder = intruder }
    end
  end
end

-- The case's result: its state and confidence at the end, or (result =
-- "peak") the highest state and confidence it reached.
function rooms.result(case, record)
  if case.result == "peak" then return record.peak_confidence, record.peak_state end
  return record.confidence, record.state
end

-- Whether a case landed in the seed's state (or higher, for at_least).
function rooms.landed(case, state)
  if case.at_least then return rooms.RANK[state] >= rooms.RANK[case.seed_state] end
  return state == case.seed_state
end

-- The seed's state as the card shows it: "suspected+" for at least Suspected.
function rooms.seed_state_text(case)
  return case.seed_state .. (case.at_least and "+" or "")
end

-- Runs every case of a room; returns { [case key] = { case =, record =,
-- confidence =, state = } } and the list in the room's order.
function rooms.run_room(room)
  local by_key, list = {}, {}
  for i, case in ipairs(room.cases) do
    local record = case.run(rooms)
    local c, s = rooms.result(case, record)
    local r = { case = case, record = record, confidence = c, state = s }
    by_key[case.key] = r
    list[i] = r
  end
  return by_key, list
end

-- One ordering relation of the seed between two cases' confidences.
local relations = {
  [">"] = function(a, b) return a > b end,
  [">="] = function(a, b) return a >= b end,
  ["=="] = function(a, b) return a == b end,
}

-- Whether the results keep relation { a, op, b }; also its text.
function rooms.holds(by_key, rel)
  local a, op, b = rel[1], rel[2], rel[3]
  local fn = assert(relations[op], "unknown relation " .. tostring(op))
  local ra = assert(by_key[a], "no case keyed " .. tostring(a))
  local rb = assert(by_key[b], "no case keyed " .. tostring(b))
  return fn(ra.confidence, rb.confidence), string.format("%s %s %s", a, op, b)
end

-- ---- the Sound wing (seed 003, rooms H1 to H5) ------------------------------
-- The sound rooms (examples/rooms/h1_floors.lua ...) use the same world scale,
-- the same guard (rooms.guard) and intruder (rooms.intruder) and the same room
-- and case tables as the sight rooms, with these helpers. Their guard listens
-- with the default hearing of profiles/default.lua; it has no eyes unless a
-- room asks for the standard guard's (H2), so a card shows what hearing alone
-- makes of a sound.

-- A fresh world for a sound room: the shipped materials, sounds and filters,
-- then the room's own sound types (t.sounds, a list of define_sound tables) and
-- sound filter (t.filter, a define_filter table), and a "listener" profile: the
-- default hearing with t.hearing's fields on top (and the room's filter), the
-- standard guard's eyes (rooms.GUARD_VISION) only with t.eyes, and t.profile's
-- fields (ignore_same_team, ...). Returns the world and the profile name.
function rooms.sound_world(t)
  t = t or {}
  local world = wary.world{ units_per_meter = rooms.UNITS_PER_METER }
  for _, s in ipairs(t.sounds or {}) do world:define_sound(s) end
  if t.filter then world:define_filter(t.filter) end
  local hearing = {}
  for k, v in each(t.hearing or {}) do hearing[k] = v end
  if t.filter then hearing.sound_filter = t.filter.name end
  local profile = { name = "listener", hearing = hearing, vision = t.eyes and rooms.GUARD_VISION or nil }
  for k, v in each(t.profile or {}) do profile[k] = v end
  world:define_profile(profile)
  return world, "listener"
end

-- A script (for rooms.listen) that calls fn(time, step) every `period`
-- seconds, from `first` seconds (0 unless told) on: at the steps whose start
-- time is first, first + period, ... (to the nearest step at rooms.HZ).
function rooms.every(period, fn, first)
  local every_steps = math.floor(period * rooms.HZ + 0.5)
  local first_step = math.floor((first or 0) * rooms.HZ + 0.5) + 1
  return function(time, step)
    if step >= first_step and (step - first_step) % every_steps == 0 then fn(time, step) end
  end
end

-- Runs one sound case, like rooms.run but for a guard that may have no eyes:
-- t.world, t.guard, t.subject (the actor whose belief the case is about: the
-- intruder, or whoever made the sound), optional t.script(time, step) called
-- before each step, t.duration (rooms.DURATION). Returns the record of
-- rooms.run (explain: about the subject) and, from the guard's events:
--   sounds = { { time =, sound =, maker =, loudness =, walls = }, ... },  -- every sound_heard
--   place = guard:strongest_location_belief() at the end (or nil),
--   place_peak_confidence, place_peak_state,   -- the highest belief about a place
--   place_events = { { time =, tag =, to =, confidence =, location = }, ... }
function rooms.listen(t)
  local world, guard, subject = t.world, t.guard, t.subject
  local duration = t.duration or rooms.DURATION
  local dt = 1 / rooms.HZ
  local steps = math.floor(duration * rooms.HZ + 0.5)
  local record = { timeline = {}, events = {}, reached = {}, peak_confidence = 0, peak_state = "undetected",
                   sounds = {}, place_events = {}, place_peak_confidence = 0, place_peak_state = "undetected" }
  for _, name in ipairs(EVENTS) do
    guard:on(name, function(ev)
      if ev.target == subject then
        record.events[#record.events + 1] = { time = world:time(), type = ev.type, from = ev.from, to = ev.to,
                                              confidence = ev.confidence }
      end
    end)
  end
  guard:on("sound_heard", function(ev)
    record.sounds[#record.sounds + 1] = { time = world:time(), sound = ev.sound, maker = ev.target,
                                          loudness = ev.loudness, walls = ev.walls }
  end)
  guard:on("location_belief_changed", function(ev)
    record.place_events[#record.place_events + 1] = { time = world:time(), tag = ev.tag, to = ev.state,
                                                      confidence = ev.confidence, location = ev.location }
    if rooms.RANK[ev.state] > rooms.RANK[record.place_peak_state] then record.place_peak_state = ev.state end
  end)
  for step = 1, steps do
    if t.script then t.script((step - 1) * dt, step) end
    world:step(dt)
    record_step(record, world, guard, subject, step)
    local place = guard:strongest_location_belief()
    if place and place.confidence > record.place_peak_confidence then
      record.place_peak_confidence = place.confidence
    end
  end
  local last = record.timeline[steps]
  record.confidence, record.state = last.confidence, last.state
  record.place = guard:strongest_location_belief()
  record.explain = guard:explain(subject)
  return record
end

-- Whether a sound case landed in the seed's state (rooms.landed) and, when the
-- case has one, passes its check(record): the rest of the seed's story (H2: a
-- belief about the place where the can landed).
function rooms.sound_landed(case, r)
  return rooms.landed(case, r.state) and (case.check == nil or case.check(r.record))
end

return rooms
