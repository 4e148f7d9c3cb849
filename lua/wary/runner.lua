-- wary.runner: custom senses in Lua, run between B.step_begin and B.step_end
-- (docs/backends.md, "Custom senses"): first on_stimulus for every entry of
-- the stimulus inbox, then evaluate for every query of the batch, in order.
-- Written once for both backends over their primitives: B.inbox,
-- B.inbox_count, B.inbox_fail, B.query_fail, B.actor_get, B.name_string
-- (generated) and B.query_reader, B.set_query_result (by hand). Where the
-- backend has B.run_queries (the Lua 5.4 module), the loop over the queries
-- runs in C, the same reads, writes and calls in the same order (run_in_c);
-- LuaJIT runs the loop in Lua below, which its JIT compiles.
--
-- ctx is reused and written as rawset would: before the first query every
-- key it gets is made present raw, so the assignments after never reach a
-- __newindex of a metatable on ctx. The agent's fields are written when the
-- query's agent changes (the batch hands out the queries of one agent
-- together): a sense reads ctx, it does not write it.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local enums = require("wary.enums")
local guard = require("wary.guard")

local runner = {}

local huge = math.huge
local rawget, rawset, type, tostring, xpcall = rawget, rawset, type, tostring, xpcall
local traceback = debug.traceback
local getmetatable = debug.getmetatable

-- The wary_sense_query fields each query gives ctx (after its sense, agent
-- and target), then the agent's, equal for every query of one agent (read
-- with the first query's sense, agent and dt, in one read an agent); their
-- names in ctx are their C names, a float[3] a table { x, y, z }.
local QUERY_FIELDS = { "sense", "agent", "target", "dt", "distance", "target_pos", "target_vel" }
local AGENT_FIELDS = { "sense", "agent", "dt", "agent_pos", "agent_yaw", "eye_pos", "eye_forward", "light",
                       "weather", "lod_tier", "off_screen" }
local KEYS = { "agent", "target", "dt", "distance", "agent_yaw", "light", "weather", "lod_tier", "off_screen" }
local VECTORS = { "agent_pos", "eye_pos", "eye_forward", "target_pos", "target_vel" }

-- As lua.c's message handler: an error object that is not a string or a
-- number goes through its __tostring, or is described; nil, false and a
-- number as a handler's are (guard.said).
local function describe(m)
  local kind = type(m)
  if m == nil or m == false then return "raised " .. tostring(m) .. " (an error without a message)" end
  -- A number as check.describe writes it: the same text on both backends.
  if kind == "number" then return check.describe(m) end
  if kind ~= "string" then
    local mt = getmetatable(m)
    local tostr = mt and rawget(mt, "__tostring")
    local ok, s = false, nil
    if tostr then ok, s = pcall(tostr, m) end
    m = ok and type(s) == "string" and s or "(error object is a " .. kind .. " value)"
  end
  return m
end

-- The message handler of on_stimulus: the error described, then the traceback.
local function handler(m) return traceback(describe(m), 2) end

local function finite(x)
  return x == x and x ~= huge and x ~= -huge
end
local in_float = check.finite
-- A returned number in a message, the same text on both backends: as
-- check.describe writes it (nan, inf; else the fewest digits that read back
-- as the number, so that no backend's rounding of a tie shows).
local shown = check.describe

-- The runner's own vector tables of each ctx (weak: a world's ctx goes with it).
local owned = setmetatable({}, { __mode = "k" })

-- ctx[name]: the runner's own table for it, put back (raw) if a sense put
-- another there, so that one sense's `ctx.target_pos = {...}` cannot stand
-- for every target after it.
local function vector(ctx, name)
  local mine = owned[ctx]
  if not mine then
    mine = {}
    owned[ctx] = mine
  end
  local v = mine[name]
  if not v then
    v = {}
    mine[name] = v
  end
  if rawget(ctx, name) ~= v then rawset(ctx, name, v) end
  return v
end

local function set_vector(ctx, name, a)
  local v = vector(ctx, name)
  rawset(v, "x", a[1])
  rawset(v, "y", a[2])
  rawset(v, "z", a[3])
end

-- Every key the queries write present in ctx and its vectors, raw.
local XYZ = { "x", "y", "z" }
local function present(ctx)
  for i = 1, #KEYS do
    local k = KEYS[i]
    if rawget(ctx, k) == nil then rawset(ctx, k, false) end
  end
  for i = 1, #VECTORS do
    local v = vector(ctx, VECTORS[i])
    for j = 1, 3 do
      local k = XYZ[j]
      if rawget(v, k) == nil then rawset(v, k, 0) end
    end
  end
end

-- Inbox entry e (0-based i): on_stimulus(ctx, profile, stimulus), its results
-- ignored.
local function run_stimulus(B, w, i, e, senses, profiles, actors, ctx, errors)
  local sense = senses[e.sense]
  local on_stimulus = sense and sense.on_stimulus
  if not on_stimulus then return end
  local id = sense.id
  local agent, source = e.agent, e.source
  rawset(ctx, "agent", actors[agent])
  rawset(ctx, "sense", id)
  local _, a = B.actor_get(w, agent)
  set_vector(ctx, "agent_pos", a.pos)
  set_vector(ctx, "eye_pos", a.eye_pos)
  set_vector(ctx, "eye_forward", a.eye_forward)
  -- The agent's own fields; none of a target (the queries put them back).
  rawset(ctx, "agent_yaw", a.yaw)
  rawset(ctx, "light", a.light)
  rawset(ctx, "lod_tier", a.lod_tier)
  rawset(ctx, "off_screen", a.off_screen)
  rawset(ctx, "target", nil)
  rawset(ctx, "distance", nil)
  rawset(ctx, "dt", nil)
  rawset(ctx, "weather", nil)
  rawset(ctx, "target_pos", nil)
  rawset(ctx, "target_vel", nil)
  local pos = e.pos
  local stimulus = {
    tag = B.name_string(w, e.tag),
    pos = { x = pos[1], y = pos[2], z = pos[3] },
    source = source ~= 0 and actors[source] or nil,
    strength = e.strength,
    radius = e.radius,
    distance = e.distance,
  }
  local ok, err = xpcall(on_stimulus, handler, ctx, profiles[agent], stimulus)
  if not ok then
    errors[#errors + 1] = {
      index = i, inbox = true, sense = e.sense, agent = agent, target = 0,
      message = "sense '" .. tostring(id) .. "': " .. tostring(err),
    }
    B.inbox_fail(w, i)
  end
end

-- The location an answer gives after its accuracy: x, y [, z] (z 0 when
-- nil, as set_pos takes it), or one vector table {x, y [, z]} or
-- {x =, y = [, z =]}; nil or false: none. Returns x, y, z (x nil: none), or
-- false and what is wrong with it.
local function location_of(x, y, z)
  if x == nil or x == false then return nil end
  if type(x) == "table" then
    if y ~= nil or z ~= nil then
      return false, "returned a table and more for the location, expected x, y[, z] or one vector table"
    end
    local v = x
    x, y, z = v.x, v.y, v.z
    if x == nil and y == nil and z == nil then x, y, z = v[1], v[2], v[3] end
  end
  if type(x) ~= "number" then
    return false, "returned " .. type(x) .. " for the location's x, expected a number or a vector table"
  end
  if type(y) ~= "number" then return false, "returned " .. type(y) .. " for the location's y, expected a number" end
  if z == nil then
    z = 0
  elseif type(z) ~= "number" then
    return false, "returned " .. type(z) .. " for the location's z, expected a number or nothing"
  end
  -- Within a C float's range too: beyond it the core would see inf.
  if not (in_float(x) and in_float(y) and in_float(z)) then
    return false, string.format("returned a non-finite location, or one beyond a C float's range (%s, %s, %s)",
      shown(x), shown(y), shown(z))
  end
  return x, y, z
end

-- What evaluate returned for query i, c [, accuracy [, x, y [, z]]]: written
-- as its result when active; an error message when it is not a valid result.
local function store(B, w, i, c, accuracy, x, y, z)
  local kind = type(c)
  if kind ~= "number" then return "returned " .. kind .. " for confidence, expected a number or nil" end
  if not finite(c) then return "returned a non-finite confidence" end
  if c <= 0 then return nil end
  if c > 1 then c = 1 end
  if accuracy == nil then
    accuracy = 1
  else
    kind = type(accuracy)
    if kind ~= "number" then return "returned " .. kind .. " for accuracy, expected a number" end
    if not finite(accuracy) then return "returned a non-finite accuracy" end
    if accuracy < 0 then accuracy = 0 elseif accuracy > 1 then accuracy = 1 end
  end
  x, y, z = location_of(x, y, z)
  if x == false then return y end
  if x ~= nil then
    B.set_query_result(w, i, c, accuracy, x, y, z)
  else
    B.set_query_result(w, i, c, accuracy)
  end
  return nil
end

-- What evaluate returned for query i (of sense s, agent, target; id the
-- sense's id) when it is an answer but not a plain active one (the loops
-- store those themselves: a finite number in (0, 1], an accuracy nil or in
-- [0, 1], no location): its result set, or an entry in errors and the query
-- failed.
local function answer(B, w, i, s, agent, target, id, errors, c, accuracy, x, y, z)
  local message = store(B, w, i, c, accuracy, x, y, z)
  if message then
    errors[#errors + 1] = {
      index = i, sense = s, agent = agent, target = target,
      message = "sense '" .. tostring(id) .. "': " .. message,
    }
    B.query_fail(w, i)
  end
end

-- The readers of a backend (one per Lua state: the backends are modules).
local readers = setmetatable({}, { __mode = "k" })

-- The actor handles of a world by slot (the index bits of their ids, plus
-- 1) and the profiles of its agents: two array lookups where actors[id]
-- and profiles[id] hash a large number. Kept per actors table (load_state
-- makes a new one). An entry is checked against the id, since a slot is
-- reused by later actors; an actor's profile is set with its handle and
-- never changes. Handles are weak values: a removed actor is not kept.
local by_slot = setmetatable({}, { __mode = "k" })
local SLOTS = 2 ^ enums.constants.ID_INDEX_BITS

-- An id's slot (its index bits) plus 1: the cache's index. Under LuaJIT a
-- mask (its bit library), not id % SLOTS: % on numbers divides, which took
-- about 3 ns of the loop's 14 a query. Lua 5.4 runs this loop only in the
-- specs (its backend's loop is in C) and keeps %: its & would not parse here.
-- Locals never assigned again: LuaJIT takes such an upvalue as a constant,
-- where one assigned after its declaration is loaded and checked on every
-- entry into the loop's trace.
local bitlib = rawget(_G, "bit")
local band, MASK = bitlib and bitlib.band, SLOTS - 1
local slot_key = band and function(id) return band(id, MASK) + 1 end
  or function(id) return id % SLOTS + 1 end

-- Fills a world's cache (by_slot) with the actors it has: once a world, and
-- again after load_state.
local function fill_cache(cache, actors, profiles)
  for id, handle in each(actors) do
    local k = slot_key(id)
    cache[1][k], cache[2][k] = handle, profiles[id]
  end
end

-- Actor id's handle when that cache misses at k = slot_key(id): read from
-- actors, and put in the cache with its profile (agent_profiles[k]). The
-- loop reads the cache itself (handles[k], and the handle's id checked), so
-- that its hit, every query's case, reaches none of the other three tables:
-- LuaJIT then checks each table it reaches once more each time the loop's
-- trace is entered again (after another agent, or an evaluate that branches
-- the other way), and handing them to a function reached them all.
local function by_slot_miss(handles, agent_profiles, actors, profiles, id, k)
  local handle = actors[id]
  handles[k], agent_profiles[k] = handle, profiles[id]
  return handle
end

-- The batch from query i on, by the backend's run_queries (the Lua 5.4
-- backend: the loop below in C, its place in the batch kept in at.loop).
local function run_in_c(B, w, i, senses, profiles, actors, ctx, errors, at, read_query)
  if i >= B.query_count(w) then return end
  -- One loop state a run record: reset, not made again, each step.
  local loop = B.query_loop(at.state)
  at.state, at.loop = loop, loop
  -- The loop in C writes raw, and writes every key before the first
  -- evaluate: only the vectors need to be there.
  local agent_pos, eye_pos, eye_forward = vector(ctx, "agent_pos"), vector(ctx, "eye_pos"), vector(ctx, "eye_forward")
  local target_pos, target_vel = vector(ctx, "target_pos"), vector(ctx, "target_vel")
  local run_queries = B.run_queries
  while true do
    local j, c, accuracy, x, y, z = run_queries(w, i, ctx, senses, profiles, actors, loop, agent_pos, eye_pos,
      eye_forward, target_pos, target_vel)
    if j == nil then return end
    local s, agent, target = read_query(w, j)
    answer(B, w, j, s, agent, target, senses[s].id, errors, c, accuracy, x, y, z)
    i = j + 1
  end
end

-- The inbox from entry at.inbox and the batch from query at.query on; at
-- says where it is before each call of a sense (at.kind, and at.inbox or
-- at.query past the entry or query being run) and whether an evaluate is
-- running (at.calling). evaluate is
-- called unprotected (a protected call per query would cost more than most
-- senses, and stops LuaJIT's traces): when it raises, the coroutine that
-- runs this dies there and runner.run carries on after that query.
local function run_from(B, w, senses, profiles, actors, ctx, errors, at)
  local r = readers[B]
  if not r then
    r = { B.query_reader(QUERY_FIELDS), B.query_reader(AGENT_FIELDS) }
    readers[B] = r
  end
  local read_query, read_agent = r[1], r[2]
  -- The counts are read again after every call: a sense runs arbitrary Lua.
  local i = at.inbox
  if i < B.inbox_count(w) then
    local inbox = B.inbox(w)
    while i < B.inbox_count(w) do
      local e = inbox[i + 1]
      at.kind, at.inbox = "inbox", i + 1
      run_stimulus(B, w, i, e, senses, profiles, actors, ctx, errors)
      i = i + 1
    end
  end
  at.kind = "query"
  i = at.query
  if B.run_queries then return run_in_c(B, w, i, senses, profiles, actors, ctx, errors, at, read_query) end
  local cache = by_slot[actors]
  if not cache then
    cache = { setmetatable({}, { __mode = "v" }), {} }
    by_slot[actors] = cache
    -- Filled now with the actors there are: the loop then misses only for
    -- actors added later. Filled in the loop, the misses of the first
    -- step came while LuaJIT recorded it, and its trace took the miss.
    fill_cache(cache, actors, profiles)
  end
  local handles, agent_profiles = cache[1], cache[2]
  local set_result = B.set_query_result
  local agent_pos, eye_pos, eye_forward, target_pos, target_vel
  local agent_now, sense_now = nil, nil
  -- Kept while the agent or the sense stays the same (senses and profiles
  -- are the facade's own tables, which no sense can change inside a step):
  -- the agent's profile, the sense's evaluate and id, which sense ctx.dt
  -- is for (of agent_now).
  local profile, evaluate, id, evaluate_sense, dt_sense
  -- One pass of the outer loop an agent (the batch hands out an agent's
  -- queries together), the inner loop over its queries: LuaJIT then
  -- compiles the inner loop as its own trace, with no branch for a change of
  -- agent inside it. A single loop had that branch, and the trace it made
  -- depended on which query it happened to record: in about one run in
  -- five it took the common path, at about half the time a query. Each
  -- pass of the inner loop reads its query first, so that the trace carries
  -- only i from one query to the next: every value it carries is checked
  -- again when a query leaves the trace and comes back through its start
  -- (an evaluate that branches the other way), which took 2-4 ns off a
  -- query of the bench's thermal sense (bench/custom_senses.lua's world).
  while true do
    -- The agent's values in a block of their own: past it their slots are
    -- free, so that the trace that sets an agent up does not write all
    -- seventeen back to the stack before it enters the inner loop's.
    do
      -- nothing past the last query; raises if the world is gone
      local first_sense, first_agent, first_dt, px, py, pz, yaw, ex, ey, ez, fx, fy, fz, light, weather, lod_tier,
        off_screen = read_agent(w, i)
      if first_sense == nil then return end
      if agent_now == nil then
        present(ctx)
        agent_pos, eye_pos, eye_forward = ctx.agent_pos, ctx.eye_pos, ctx.eye_forward
        target_pos, target_vel = ctx.target_pos, ctx.target_vel
      end
      agent_now = first_agent
      local ka = slot_key(first_agent)
      local agent_actor = handles[ka]
      if agent_actor == nil or agent_actor.id ~= first_agent then
        agent_actor = by_slot_miss(handles, agent_profiles, actors, profiles, first_agent, ka)
      end
      ctx.agent = agent_actor
      profile = agent_profiles[ka]
      agent_pos.x, agent_pos.y, agent_pos.z = px, py, pz
      ctx.agent_yaw = yaw
      eye_pos.x, eye_pos.y, eye_pos.z = ex, ey, ez
      eye_forward.x, eye_forward.y, eye_forward.z = fx, fy, fz
      ctx.light, ctx.weather, ctx.lod_tier, ctx.off_screen = light, weather, lod_tier, off_screen
      -- the time since the sense last ran for the agent: one value for all
      -- the queries of an agent and a sense
      ctx.dt, dt_sense = first_dt, first_sense
    end
    repeat
      local s, agent, target, dt, distance, tx, ty, tz, vx, vy, vz = read_query(w, i)
      if s == nil or agent ~= agent_now then break end
      local kt = slot_key(target)
      local target_actor = handles[kt]
      if target_actor == nil or target_actor.id ~= target then
        target_actor = by_slot_miss(handles, agent_profiles, actors, profiles, target, kt)
      end
      ctx.target = target_actor
      if s ~= dt_sense then ctx.dt, dt_sense = dt, s end
      ctx.distance = distance
      target_pos.x, target_pos.y, target_pos.z = tx, ty, tz
      target_vel.x, target_vel.y, target_vel.z = vx, vy, vz
      if s ~= evaluate_sense then
        -- Another sense's turn: ctx's vectors are the runner's again, whatever
        -- the last sense put there (their values are this query's).
        for k = 1, #VECTORS do vector(ctx, VECTORS[k]) end
        local sense = senses[s]
        evaluate, evaluate_sense = sense and sense.evaluate, s
        id = evaluate and sense.id
        if evaluate and s ~= sense_now then
          rawset(ctx, "sense", id)
          sense_now = s
        end
      end
      if evaluate then
        at.query, at.calling = i + 1, true
        local c, accuracy, x, y, z = evaluate(ctx, profile, target_actor)
        at.calling = false
        -- A plain active answer stored here, the rest by answer. Under
        -- LuaJIT every table and function this loop reaches is checked
        -- again each time a query leaves the compiled path (an evaluate
        -- that branches the other way) and comes back: the fewer, the
        -- cheaper. This and the two fields of at it no longer writes took
        -- 1-2 ns off a query in a probe (an evaluate that returns nothing
        -- for one target in four, 12 targets an agent).
        if c ~= nil and c ~= false then
          if type(c) == "number" and c > 0 and c <= 1 and x == nil
            and (accuracy == nil or type(accuracy) == "number" and accuracy >= 0 and accuracy <= 1) then
            set_result(w, i, c, accuracy == nil and 1 or accuracy)
          else
            answer(B, w, i, s, agent, target, id, errors, c, accuracy, x, y, z)
          end
        end
      end
      i = i + 1
    until false
  end
end

-- The end of a batch, as the runner's coroutine yields it: no sense can
-- yield this table, so any other yield is a sense's.
local DONE = {}

-- The body of a runner coroutine: batches until one raises or a sense
-- yields; between batches it waits, so that the next step reuses it. It
-- lets go of the batch's world and tables first: a world nobody else holds
-- is collected as it would be without it.
local function serve(B, w, senses, profiles, actors, ctx, errors, at)
  while true do
    run_from(B, w, senses, profiles, actors, ctx, errors, at)
    -- luacheck: push ignore 311 (cleared for the wait, not for a read)
    B, w, senses, profiles, actors, ctx, errors, at = nil, nil, nil, nil, nil, nil, nil, nil
    -- luacheck: pop
    B, w, senses, profiles, actors, ctx, errors, at = coroutine.yield(DONE)
  end
end

-- A runner coroutine waiting for its next batch (nil: none; a run takes it,
-- so a world stepped inside a sense makes its own).
local idle = nil

-- The records of runs that ended (runner.run's at), kept for the next runs:
-- a step makes no table for them. A run takes one (or makes one: a world
-- stepped inside a sense runs while the outer run holds its own) and gives
-- it back when it returns; one that fails leaves its record to the
-- collector. The list has room for SPARE_MAX from the start and keeps no
-- more (runs nested deeper make theirs), so that giving one back never
-- allocates.
local SPARE_MAX = 8
local spare_at = {}
for k = 1, SPARE_MAX do spare_at[k] = false end
local spare_count = 0

-- A new run record, every field it gets, so that it never grows.
local function new_at()
  return { inbox = 0, query = 0, calling = false, kind = false, loop = false, state = false }
end

-- After a call of a sense failed (it raised, or yielded when ok): its entry
-- in errors, and its entry or query failed.
local function note_failure(B, w, senses, errors, at, co, ok, err)
  -- The entry or query whose call failed: its sense, agent and target.
  local inbox = at.kind == "inbox"
  local index, s, agent, target
  if inbox then
    local e = B.inbox(w)[at.inbox]
    index, s, agent, target = at.inbox - 1, e.sense, e.agent, 0
  else
    index = at.query - 1
    s, agent, target = readers[B][1](w, index)
  end
  local sense = senses[s]
  local message = ok and string.format("sense '%s': yielded (a sense must return its answer, not yield)",
    tostring(sense and sense.id))
    or "sense '" .. tostring(sense and sense.id) .. "': " .. traceback(co, describe(err))
  errors[#errors + 1] = { index = index, inbox = inbox or nil, sense = s, agent = agent, target = target,
                          message = message }
  if inbox then B.inbox_fail(w, index) else B.query_fail(w, index) end
end

-- Runs the inbox and the batch; errors gets an entry per failure
-- ({ index, sense, agent, target, message [, inbox = true] }). The runner
-- runs in a coroutine of its own: an evaluate that raises ends it (its
-- message is the error and the traceback where it was raised), and one that
-- yields (called from a coroutine) stops there without taking world:step
-- with it; either call fails as an error of its sense, and the rest carries
-- on after it in a new coroutine. A coroutine that ends its batch waits for
-- the next one, which reuses it.
--
-- run (the world's _run) keeps the coroutine it resumes (guard.settle).
--
-- It never raises: it returns nil, or the error that must end the step
-- ("wary world is destroyed" if a sense destroyed the world, or the
-- runner's own failure), which world:step raises once the step has ended.
-- So world:step calls it unprotected: under LuaJIT a pcall around it cost
-- about 1-1.5 us a step. What could raise here is protected where it runs:
-- the first run's allocations, a new coroutine, a failure's entry.
local close_coroutine = coroutine.close
local per_thread, hook_yielded = guard.per_thread_hooks, guard.hook_yielded

-- The hook of the thread that calls world:step on the coroutine waiting
-- for the next batch (guard.sync_hooks).
function runner.sync_hooks(h, m, c)
  if per_thread then idle = guard.rehook(idle, h, m, c) end
end

function runner.run(B, w, senses, profiles, actors, ctx, errors, run)
  -- A step with nothing for a Lua sense (no custom sense, or none due)
  -- uses no coroutine.
  if B.query_count(w) == 0 and B.inbox_count(w) == 0 then return nil end
  local at
  if spare_count > 0 then
    at = spare_at[spare_count]
    spare_count = spare_count - 1
    at.inbox, at.query, at.calling, at.kind = 0, 0, false, false
  else
    local made, made_at = pcall(new_at)
    if not made then return made_at end
    at = made_at
  end
  while true do
    local co = idle
    if co == nil then
      local made, made_co = pcall(coroutine.create, serve)
      if not made then return made_co end
      co = made_co
      if per_thread then co = guard.hooked(co) or co end
    end
    idle = nil
    at.loop = false
    run.co = co
    local ok, err = coroutine.resume(co, B, w, senses, profiles, actors, ctx, errors, at)
    while ok and err ~= DONE and hook_yielded(co) do ok, err = coroutine.resume(co) end
    if at.loop then at.query, at.calling = B.query_loop_at(at.loop) end
    -- (err is a message: the runner raises nothing else)
    if not ok and not at.calling then return err end
    if ok and err == DONE then
      idle = co
      if spare_count < SPARE_MAX then
        spare_count = spare_count + 1
        spare_at[spare_count] = at
      end
      return nil
    end
    at.calling = false
    local noted, failure = pcall(note_failure, B, w, senses, errors, at, co, ok, err)
    -- That coroutine is never resumed again: on Lua 5.4 it is closed, so the
    -- failed or yielded call's to-be-closed variables are closed (and a
    -- game that kept it cannot resume it into a later batch). LuaJIT has
    -- neither.
    if close_coroutine then close_coroutine(co) end
    if not noted then return failure end
  end
end

return runner
