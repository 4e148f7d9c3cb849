-- spec/runner_spec.lua: the custom-sense runner (lua/wary/runner.lua), written
-- once for both backends: what it relies on (the batch hands out the queries
-- of one agent together), ctx written raw and the agent's fields once per
-- agent, several senses of one agent, the results through its fast path and
-- its full checks alike, and a world destroyed by a sense. Every spec runs
-- twice: with the backend's loop over the queries (B.run_queries, the Lua 5.4
-- module's loop in C) and with the runner's own loop in Lua (LuaJIT has only
-- that one); and one spec compares what the two make of the same steps.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local worlds = require("spec.support.worlds")

local DT = 1 / 60

-- A world with the senses (tables for define_sense), a profile "p" listing
-- them, agents at (i x 1000, 0, 0) and, for each, targets 100, 200, ... units
-- along y from it. Returns the world and its actors by name.
local function world_with(senses, agents, targets)
  local w = wary.world()
  local ids, actors = {}, {}
  for i, s in ipairs(senses) do
    w:define_sense(s)
    ids[i] = s.id
  end
  worlds.define_profile(w, "p", ids)
  for a = 1, agents do
    local name = "agent" .. a
    actors[name] = w:add_agent{ name = name, profile = "p", pos = { a * 1000, 0, 0 }, yaw = a * 10 }
    for t = 1, targets do
      name = "target" .. a .. "." .. t
      actors[name] = w:add_target{ name = name, pos = { a * 1000, t * 100, 0 }, velocity = { t, 0, 0 } }
    end
  end
  return w, actors
end

local function sense_errors(events)
  local n = 0
  for _, ev in ipairs(events) do
    if ev.type == "sense_error" then n = n + 1 end
  end
  return n
end

-- A sense recording, for each call, the agent, target and a copy of ctx.
local function recording(id, calls, interval, answer)
  return {
    id = id, interval = interval or 0.1, max_range = 450,
    evaluate = function(ctx, profile, target)
      calls[#calls + 1] = {
        sense = ctx.sense, agent = ctx.agent.name, target = target.name, ctx_target = ctx.target.name,
        profile = profile and profile.name,
        dt = ctx.dt, time = ctx.world:time(), distance = ctx.distance, yaw = ctx.agent_yaw,
        agent_x = ctx.agent_pos.x, target_y = ctx.target_pos.y, vel_x = ctx.target_vel.x,
      }
      if answer then return answer(ctx, target) end
    end,
  }
end

-- The backend's functions, and its loop over the queries (nil under LuaJIT).
local B = wary.world()._B
local backend_loop = B.run_queries

local function runner_specs()
  it("gets the queries of one agent together from the batch (it writes the agent's fields once for them)",
    function()
    local calls = {}
    local w = world_with({ recording("Probe", calls) }, 4, 3)
    local runs = 0
    for _ = 1, 12 do
      local first = #calls + 1
      w:step(DT)
      local seen, current = {}, nil
      for i = first, #calls do
        local agent = calls[i].agent
        if agent ~= current then
          assert.is_nil(seen[agent], agent .. " comes back later in the same batch")
          seen[agent], current = true, agent
          runs = runs + 1
        end
      end
    end
    -- 4 agents, each due once or twice in 12 steps (by its phase), 3 targets each
    assert.is_true(runs >= 6, "runs: " .. runs)
    assert.are.equal(3 * runs, #calls)
  end)

  it("gives each query its target's fields and its agent's, for every target of an agent", function()
    local calls = {}
    local w = world_with({ recording("Probe", calls) }, 2, 3)
    for _ = 1, 6 do w:step(DT) end
    assert.are.equal(6, #calls)
    for _, c in ipairs(calls) do
      local a, t = c.target:match("^target(%d)%.(%d)$")
      a, t = tonumber(a), tonumber(t)
      assert.are.equal("agent" .. a, c.agent)
      assert.are.equal(c.target, c.ctx_target)
      assert.are.equal(a * 1000, c.agent_x)
      assert.are.equal(a * 10, c.yaw)
      assert.are.equal(t * 100, c.target_y)
      assert.are.equal(t, c.vel_x)
      assert.is_near(t * 100, c.distance, 1e-3)
    end
  end)

  it("gives each query its target's whole position and velocity, where some parts repeat from the query before",
    function()
    -- Targets around one agent whose components are equal to the previous
    -- target's in some places (a shared z, a standing target's zero
    -- velocity, a repeated x) and not in others, and -0 next to 0: the
    -- Lua 5.4 loop skips writing a component that holds its value already.
    local seen = {}
    local w = wary.world()
    w:define_sense{
      id = "Probe", interval = 0.1, max_range = 900,
      evaluate = function(ctx, _, target)
        local p, v = ctx.target_pos, ctx.target_vel
        seen[#seen + 1] = { target = target.name, pos = { p.x, p.y, p.z }, vel = { v.x, v.y, v.z } }
      end,
    }
    worlds.define_profile(w, "p", { "Probe" })
    w:add_agent{ name = "a", profile = "p", pos = { 0, 0, 0 } }
    -- Added in this order (a list, not pairs): the batch hands them out by
    -- slot, so t3's -0 velocity comes after t2's 0, t4's -0 z after t3's 0.
    local order = {
      { name = "t1", pos = { 100, 200, 30 }, velocity = { 0, 0, 0 } },
      { name = "t2", pos = { 100, 300, 30 }, velocity = { 5, 0, 0 } },
      { name = "t3", pos = { -400, 300, 0 }, velocity = { 5, -0.0, 0 } },
      { name = "t4", pos = { -400, -200, -0.0 }, velocity = { 0, 0, 7 } },
      { name = "t5", pos = { 250, -200, 30 }, velocity = { 0, 0, 0 } },
    }
    local targets = {}
    for _, t in ipairs(order) do
      targets[t.name] = t
      w:add_target{ name = t.name, pos = t.pos, velocity = t.velocity }
    end
    for _ = 1, 12 do w:step(DT) end
    assert.is_true(#seen >= 10)
    local function same(a, b)
      for k = 1, 3 do
        -- bit for bit: 1 / x tells -0 from 0
        if a[k] ~= b[k] or 1 / a[k] ~= 1 / b[k] then return false end
      end
      return true
    end
    for _, s in ipairs(seen) do
      local t = targets[s.target]
      assert.is_true(same(t.pos, s.pos), s.target .. "'s position")
      assert.is_true(same(t.velocity, s.vel), s.target .. "'s velocity")
    end
  end)

  it("gives two senses of one agent each its own id and dt, whatever their order in the batch", function()
    local calls = {}
    local w = world_with({ recording("Fast", calls, 0.1), recording("Slow", calls, 0.25) }, 1, 2)
    for _ = 1, 60 do w:step(DT) end
    local last, checked = {}, { Fast = 0, Slow = 0 }
    for _, c in ipairs(calls) do
      local key = c.sense .. ">" .. c.target
      if last[key] and last[key] ~= c.time then
        assert.is_near(c.time - last[key], c.dt, 1e-5, key)
        checked[c.sense] = checked[c.sense] + 1
      end
      last[key] = c.time
    end
    -- 1 s: 10 updates of Fast and 4 of Slow, the first of each without a previous one
    assert.are.same({ Fast = 18, Slow = 6 }, checked)
  end)

  it("gives actors added in removed actors' slots their own handles and profiles", function()
    local calls = {}
    local w, actors = world_with({ recording("Probe", calls) }, 1, 1)
    worlds.define_profile(w, "q", { "Probe" })
    local old_agent, old_target = actors.agent1, actors["target1.1"]
    for _ = 1, 6 do w:step(DT) end
    assert.are.same({ "agent1", "target1.1", "target1.1", "p" },
      { calls[1].agent, calls[1].target, calls[1].ctx_target, calls[1].profile })
    old_agent:remove()
    old_target:remove()
    -- the last slot freed is taken first: the new agent takes the old
    -- target's slot, the new target the old agent's
    local agent = w:add_agent{ name = "agent2", profile = "q", pos = { 1000, 0, 0 } }
    local target = w:add_target{ name = "target2", pos = { 1000, 100, 0 } }
    local SLOT = 2 ^ 20
    assert.are.equal(old_target.id % SLOT, agent.id % SLOT)
    assert.are.equal(old_agent.id % SLOT, target.id % SLOT)
    local first = #calls + 1
    for _ = 1, 6 do w:step(DT) end
    assert.is_true(#calls >= first)
    for i = first, #calls do
      assert.are.same({ "agent2", "target2", "target2", "q" },
        { calls[i].agent, calls[i].target, calls[i].ctx_target, calls[i].profile })
    end
  end)

  it("reads its own batch after a sense steps another world", function()
    local calls = {}
    local other = world_with({ recording("Other", {}) }, 1, 1)
    local inner = recording("Probe", calls)
    local evaluate = inner.evaluate
    inner.evaluate = function(ctx, profile, target)
      other:step(DT)
      return evaluate(ctx, profile, target) or 0.5
    end
    local w, actors = world_with({ inner }, 2, 2)
    for _ = 1, 12 do w:step(DT) end
    assert.is_true(#calls >= 4)
    for _, c in ipairs(calls) do
      local a, t = c.target:match("^target(%d)%.(%d)$")
      assert.are.equal("agent" .. a, c.agent)
      assert.are.equal(tonumber(t) * 100, c.target_y)
    end
    assert.are.equal(0.5, actors.agent2:belief(actors["target2.2"]).confidence)
  end)

  it("runs worlds stepped inside senses twelve deep, past the run records it keeps", function()
    -- Each world's sense steps the next world; the last only records. The
    -- runner keeps 8 run records to reuse; deeper runs make their own.
    local depth, calls = 12, {}
    local chain = {}
    for k = depth, 1, -1 do
      local s = recording("Level" .. k, k == depth and calls or {}, 0.001)
      local evaluate, inner = s.evaluate, chain[k + 1]
      s.evaluate = function(ctx, profile, target)
        if inner then inner.w:step(DT) end
        return evaluate(ctx, profile, target) or 0.5
      end
      local w, actors = world_with({ s }, 1, 1)
      chain[k] = { w = w, agent = actors.agent1, target = actors["target1.1"] }
    end
    for _ = 1, 3 do chain[1].w:step(DT) end
    assert.are.equal(3, #calls)
    for k = 1, depth do
      assert.are.equal(0.5, chain[k].agent:belief(chain[k].target).confidence)
      assert.are.equal(3, tonumber(chain[k].w:stats().queries))
    end
  end)

  it("names the query that failed when its sense raised after stepping another world", function()
    local other = world_with({ recording("Other", {}, 0.001, function() return 0.5 end) }, 2, 2)
    local s = recording("Stepper", {}, 0.001, function(_, target)
      other:step(DT)
      if target.name == "target2.1" then error("no reading") end
      return 0.5
    end)
    local w, actors = world_with({ s }, 2, 2)
    local seen = {}
    w:on("sense_error", function(ev) seen[#seen + 1] = ev end)
    for _ = 1, 3 do w:step(DT) end
    assert.are.equal(2, #seen) -- a sense runs from the step after it is given
    assert.are.equal("Stepper", seen[1].sense)
    assert.are.equal(actors.agent2, seen[1].agent)
    assert.are.equal(actors["target2.1"], seen[1].target)
    assert.matches("no reading", seen[1].message, 1, true)
    -- the queries after it ran: their beliefs hold the answer
    assert.are.equal(0.5, actors.agent2:belief(actors["target2.2"]).confidence)
  end)

  it("lets a world go once its step is over: nothing of the runner keeps it alive", function()
    local calls = {}
    local w = world_with({ recording("Probe", calls) }, 2, 2)
    for _ = 1, 12 do w:step(DT) end
    assert.is_true(#calls > 0)
    local weak = setmetatable({ w }, { __mode = "v" })
    w = nil -- luacheck: ignore 311
    collectgarbage()
    collectgarbage()
    assert.is_nil(weak[1])
  end)

  it("writes ctx raw: a metatable on ctx whose __index and __newindex raise changes nothing", function()
    local calls = {}
    local w = world_with({ recording("Probe", calls) }, 1, 2)
    w:step(DT)
    local before = #calls
    local guarded = 0
    local function guard(t)
      setmetatable(t, {
        __index = function(_, k) guarded = guarded + 1; error("read of " .. tostring(k)) end,
        __newindex = function(_, k) guarded = guarded + 1; error("write of " .. tostring(k)) end,
      })
    end
    -- keys the runner writes, absent: it must make them raw
    local ctx = w._ctx
    for _, k in ipairs({ "target", "dt", "distance", "light", "target_pos" }) do rawset(ctx, k, nil) end
    rawset(ctx.target_vel, "y", nil)
    guard(ctx)
    guard(ctx.target_vel)
    local errors = 0
    for _ = 1, 6 do
      w:step(DT)
      errors = errors + sense_errors(w:events())
    end
    setmetatable(ctx, nil)
    setmetatable(ctx.target_vel, nil)
    assert.are.equal(0, guarded)
    assert.are.equal(0, errors)
    assert.are.equal(before + 2, #calls)
    assert.are.equal("target1.2", calls[#calls].target)
    assert.are.equal(200, calls[#calls].target_y)
  end)

  it("stores a result through its fast path as its full checks do", function()
    -- the same confidence and accuracy, once in plain range (the fast path)
    -- and once needing a clamp or a location check (the full one)
    local answers = {
      plain = function() return 0.5, 0.75 end,
      clamped = function() return 0.5, 0.75, nil, 2 end,
      none = function() return 0.5 end,
      none_full = function() return 0.5, nil, false end, -- false: no location
      over = function() return 1, 1 end,
      over_full = function() return 3, 7 end,
    }
    local results = {}
    for name, answer in each(answers) do
      local w, actors = world_with({ recording("Probe", {}, 0.1, answer) }, 1, 1)
      w:step(DT)
      assert.are.equal(0, sense_errors(w:events()), name)
      local b = actors.agent1:belief(actors["target1.1"])
      results[name] = { b.confidence, b.uncertainty }
    end
    assert.are.same(results.plain, results.clamped)
    assert.are.same(results.none, results.none_full)
    assert.are.same(results.over, results.over_full)
    assert.are_not.same(results.plain, results.none)
  end)

  it("raises 'wary world is destroyed' from world:step when a sense destroys the world", function()
    local w
    local s = { id = "Vandal", max_range = 450, evaluate = function() w:destroy() end }
    w = world_with({ s }, 1, 2)
    local ok, err = pcall(w.step, w, DT)
    assert.is_false(ok)
    assert.matches("wary world is destroyed", tostring(err), 1, true)
  end)
end

describe("the custom-sense runner, with the backend's loop over the queries", runner_specs)

describe("the custom-sense runner, with its own loop in Lua", function()
  before_each(function() B.run_queries = nil end)
  after_each(function() B.run_queries = backend_loop end)
  runner_specs()
end)

describe("the custom-sense runner's two loops", function()
  -- Answers of every kind: plain, clamped, with a location, invalid, an
  -- error, a yield, nothing; by two senses, so that ctx.sense changes.
  local function answers(ctx, target)
    local step = math.floor(ctx.world:time() * 60 + 0.5)
    local k = (step + 2 * tonumber(target.name:match("%d$")) + tonumber(ctx.agent.name:match("%d"))) % 9
    if k == 0 then return 0.5, 0.75 end
    if k == 1 then return 3, -1 end
    if k == 2 then return 0.9, 0.5, ctx.target_pos.x + 10, ctx.target_pos.y, 0 end
    if k == 3 then return "high" end
    if k == 4 then error("broken at " .. target.name) end
    if k == 5 then coroutine.yield() end
    if k == 6 then return 0.25 end
    if k == 7 then return 0 / 0 end
    return nil
  end

  -- The events (an error's message without its traceback, which names the
  -- frames of the loop) and every belief after 30 steps, as text.
  local function run()
    local w, actors = world_with({ recording("A", {}, 0.05, answers), recording("B", {}, 0.1, answers) }, 3, 3)
    local log = {}
    w:on("sense_error", function() end) -- they are in the log, not on stderr
    for _ = 1, 30 do
      w:step(DT)
      for _, ev in ipairs(w:events()) do
        log[#log + 1] = string.format("%s %s %s %s", ev.type, ev.agent and ev.agent.name or "-",
          ev.target and ev.target.name or "-", tostring(ev.message or ev.state or ""):match("^[^\n]*"))
      end
    end
    local names = {}
    for name in each(actors) do names[#names + 1] = name end
    table.sort(names)
    for _, a in ipairs(names) do
      for _, t in ipairs(names) do
        local b = a ~= t and actors[a].kind == "agent" and actors[a]:belief(actors[t])
        if b then log[#log + 1] = string.format("%s %s %.9g %.9g", a, t, b.confidence, b.uncertainty) end
      end
    end
    return log
  end

  it("make the same events, errors and beliefs of the same steps", function()
    local ours = run()
    B.run_queries = nil
    local ok, lua_loop = pcall(run)
    B.run_queries = backend_loop
    assert(ok, lua_loop)
    assert.is_true(#ours > 50)
    local errors, kinds = 0, {}
    for _, line in ipairs(ours) do
      if line:match("^sense_error") then
        errors = errors + 1
        kinds[line:match("'[AB]': (%a+)")] = true
      end
    end
    assert.is_true(errors > 10)
    assert.are.same({ returned = true, yielded = true, spec = true }, kinds)
    assert.are.same(lua_loop, ours)
  end)
end)

-- Debian 12's LuaJIT broke, now and then, a loop over pairs() (LuaJIT issue
-- #827: spec/luajit_loops_spec.lua): the loop that fills a world's cache of
-- its actors (runner.lua, fill_cache) was handed a key that was no actor's
-- id ("bad argument #1 to 'band'"), the one that makes events.lua's mask of
-- what is listened to a name that is no event's ("table index is nil"). It
-- took worlds made one after another, each with a custom sense that fails
-- for one target, and garbage between them (spec/support/many_worlds.lua),
-- in a fresh process: 8 runs of 20 failed in fill_cache, and one of 400 in
-- events.lua once fill_cache was kept from being compiled. This runs ten
-- such processes (LuaJIT's pass only).
describe("the custom-sense runner under many worlds", function()
  it("steps each world of a game that makes many, with a failing sense and garbage between", function()
    if not rawget(_G, "jit") then
      pending("LuaJIT's compiler only: the LuaJIT pass of the specs runs it")
      return
    end
    local command_under = require("spec.support.other_backend").command_under
    local script = package.searchpath("spec.support.many_worlds", package.path)
    local failures = {}
    for seed = 1, 10 do
      local p = assert(io.popen(command_under("luajit", script, seed, 300) .. " 2>&1"))
      local out = p:read("a")
      p:close()
      if not out:match("^ok") then failures[#failures + 1] = "seed " .. seed .. ": " .. out end
    end
    assert.are.same({}, failures)
  end)
end)
