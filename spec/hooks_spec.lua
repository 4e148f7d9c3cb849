-- spec/hooks_spec.lua: wary inside an engine's Lua, as engines run it: debug
-- hooks that slice a script's time or stop one that runs too long (a
-- watchdog), set from Lua (debug.sethook) or from C (lua_sethook: the
-- wary_spec_hooks module CMake builds beside core.so), and scripts that
-- cannot see the standard libraries wary loaded with (a sandbox).
-- docs/reliability.md, "Debug hooks and sandboxes".

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local worlds = require("spec.support.worlds")

local DT = 1 / 60
local LUA54 = rawget(_G, "jit") == nil

-- The C hooks (Lua 5.4 only: the module is built against its headers).
local function c_hooks()
  if not LUA54 then return nil end
  local ok, m = pcall(require, "wary_spec_hooks")
  assert(ok, "wary_spec_hooks not found (built by CMake beside core.so): " .. tostring(m))
  return m
end

-- A world with a guard seeing a thief 5 m away by a custom sense whose
-- evaluate is body (arithmetic, then a confidence of 1), a handler on every
-- detect and sense_error; returns the world and a tally of what happened.
local function guarded_world(body)
  local w = wary.world()
  local tally = { evaluations = 0, detects = 0, sense_errors = 0, errors = {} }
  w:define_sense{ id = "Thermal", max_range = 3000, interval = 0.1,
    evaluate = function()
      tally.evaluations = tally.evaluations + 1
      return body()
    end }
  worlds.define_profile(w, "guard", { "Thermal" })
  for i = 1, 6 do w:add_agent{ profile = "guard", pos = { 0, i * 100, 0 }, name = "g" .. i } end
  w:add_target{ pos = { 500, 0, 0 }, name = "thief" }
  w:on("detect", function() tally.detects = tally.detects + 1 end)
  w:on("sense_error", function(ev)
    tally.sense_errors = tally.sense_errors + 1
    tally.errors[#tally.errors + 1] = ev.message
  end)
  return w, tally
end

local function busy_sense()
  local x = 0
  for i = 1, 200 do x = x + i * 0.5 end
  return x > 0 and 1 or 0
end

describe("a debug hook's error raised into world:step (an engine's watchdog)", function()
  it("leaves the world usable: the next step, a save and an added agent all work, wherever it struck",
    function()
      local w = wary.world()
      w:define_sense{ id = "Thermal", max_range = 3000, interval = 1 / 60,
        evaluate = function() return busy_sense() end }
      worlds.define_profile(w, "guard", { "Thermal" })
      w:add_agent{ profile = "guard", pos = { 0, 0, 0 }, name = "g" }
      w:add_target{ pos = { 500, 0, 0 }, name = "thief" }
      w:on("detect", function() end)
      w:add_agent{ profile = "guard", pos = { 0, 200, 0 }, health = function() return 1 end }
      w:step(DT)
      local struck, total = 0, 0
      -- The hook raises after k instructions of the thread that calls
      -- world:step, for every k up to past the step's own Lua.
      for k = 1, 400, 3 do
        -- Taken off inside the call too: LuaJIT counts only the
        -- instructions it interprets, so the hook may not have struck yet.
        local ok, err = pcall(function()
          debug.sethook(function() debug.sethook(); error("watchdog: over budget", 0) end, "", k)
          w:step(DT)
          debug.sethook()
        end)
        pcall(debug.sethook)
        if not ok then
          assert.are.equal("watchdog: over budget", err)
          struck = struck + 1
        end
        total = total + 1
        -- Usable again at once, whatever it was doing when struck.
        assert.has_no.errors(function() w:step(DT) end)
        assert.is_string(w:save_state())
        local extra = w:add_agent{ profile = "guard", pos = { 0, -200, 0 } }
        extra:remove()
      end
      assert.is_true(struck > 20, "the hook struck inside world:step " .. struck .. " times of " .. total)
    end)

  it("still refuses a step of the same world inside its sense, or its handler", function()
    local w = wary.world()
    local inner
    w:define_sense{ id = "Nested", max_range = 3000, interval = 1 / 60,
      evaluate = function()
        inner = select(2, pcall(w.step, w, DT))
        return 1
      end }
    worlds.define_profile(w, "guard", { "Nested" })
    w:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    w:add_target{ pos = { 500, 0, 0 } }
    local in_handler
    w:on("detect", function() in_handler = select(2, pcall(w.step, w, DT)) end)
    for _ = 1, 30 do w:step(DT) end
    assert.matches("not allowed inside a custom sense's evaluate", inner, 1, true)
    assert.matches("not allowed inside an event handler", in_handler, 1, true)
  end)
end)

describe("a watchdog set after the world first stepped", function()
  -- A sense that runs too long. LuaJIT's count hook reaches only what it
  -- interprets: its compiler is kept off this one.
  local function runaway()
    local x = 0
    for i = 1, 3e7 do x = x + i end
    return x > 0 and 1 or 0
  end
  if not LUA54 then require("jit").off(runaway) end

  it("reaches a sense when set with debug.sethook: the sense fails with its error, the step goes on", function()
    local w, tally = guarded_world(runaway)
    w:step(DT) -- makes wary's coroutines before any hook
    local ok, err = pcall(function()
      debug.sethook(function() error("watchdog: over budget", 0) end, "", 100000)
      w:step(DT)
      debug.sethook()
    end)
    pcall(debug.sethook)
    assert.is_true(ok, tostring(err))
    assert.is_true(tally.sense_errors > 0)
    assert.matches("watchdog: over budget", tally.errors[1], 1, true)
  end)

  it("reaches a sense when set from C (lua_sethook, Lua 5.4)", function()
    local hooks = c_hooks()
    if not hooks then return pending("Lua 5.4's C hooks: LuaJIT has one hook for the whole VM") end
    local w, tally = guarded_world(runaway)
    w:step(DT)
    hooks.watchdog(100000)
    local ok, err = pcall(w.step, w, DT)
    hooks.watchdog(0)
    assert.is_true(ok, tostring(err))
    assert.is_true(tally.sense_errors > 0)
    assert.matches("watchdog: over budget", tally.errors[1], 1, true)
  end)
end)

describe("an engine that slices its scripts' time (a count hook that yields them, Lua 5.4)", function()
  it("steps a world from the sliced coroutine with no sense or handler taken for one that yielded", function()
    local hooks = c_hooks()
    if not hooks then return pending("Lua 5.4: a hook yields only there") end
    -- The first look and the first track handler fail: wary then goes on in
    -- coroutines made inside the sliced one, which start with its hook.
    local failed_look, failed_handler = false, false
    local w, tally = guarded_world(function()
      if not failed_look then
        failed_look = true
        error("first look fails", 0)
      end
      return busy_sense()
    end)
    local handled = 0
    w:on("track", function()
      if not failed_handler then
        failed_handler = true
        error("first track fails", 0)
      end
      handled = handled + 1
    end)
    local step_errors = {}
    local ai = coroutine.create(function()
      for _ = 1, 40 do
        local ok, err = pcall(w.step, w, DT)
        if not ok then step_errors[#step_errors + 1] = err end
      end
    end)
    hooks.timeslice(ai, 50)
    local slices = 0
    while coroutine.status(ai) ~= "dead" do
      local ok, err = coroutine.resume(ai)
      assert.is_true(ok, tostring(err))
      slices = slices + 1
    end
    assert.is_true(slices > 40, "the hook sliced the coroutine " .. slices .. " times")
    -- Only the failures made on purpose: nothing taken for a yield.
    assert.are.equal(1, tally.sense_errors, table.concat(tally.errors, "\n"))
    assert.matches("first look fails", tally.errors[1], 1, true)
    assert.are.equal(1, #step_errors, table.concat(step_errors, "\n"))
    assert.matches("first track fails", step_errors[1], 1, true)
    -- Six guards, every 0.1 s, for 40 steps: every other look made and answered.
    assert.is_true(tally.evaluations >= 6 * 6, "evaluations " .. tally.evaluations)
    assert.is_true(tally.detects >= 6 and handled >= 5, "detects " .. tally.detects .. ", tracks " .. handled)
  end)
end)

describe("a world:step paused between an engine's time slices (Lua 5.4)", function()
  it("is still under way: another script's save_state is refused until it ends, and the step is not broken",
    function()
      local hooks = c_hooks()
      if not hooks then return pending("Lua 5.4: a hook yields only there") end
      local w = guarded_world(busy_sense)
      local failures = {}
      local ai = coroutine.create(function()
        for _ = 1, 20 do
          local ok, err = pcall(w.step, w, DT)
          if not ok then failures[#failures + 1] = err end
        end
      end)
      hooks.timeslice(ai, 7)
      local refused, saved = 0, 0
      while coroutine.status(ai) ~= "dead" do
        assert(coroutine.resume(ai))
        -- Between two slices another script asks for a save.
        if pcall(w.save_state, w) then saved = saved + 1 else refused = refused + 1 end
      end
      assert.are.same({}, failures)
      assert.is_true(refused > 0, "refused " .. refused .. ", saved " .. saved)
    end)
end)

describe("a game that takes io, os and debug from its scripts after it loads wary (a sandbox)", function()
  it("still has a failing sense told on stderr and every event handed out", function()
    local w = wary.world()
    w:define_sense{ id = "Broken", max_range = 3000, interval = 0.1, evaluate = function() error("broken") end }
    w:define_sense{ id = "Thermal", max_range = 3000, interval = 0.1, evaluate = function() return 1 end }
    worlds.define_profile(w, "guard", { "Broken", "Thermal" })
    w:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    w:add_target{ pos = { 500, 0, 0 } }
    local detects = 0
    w:on("detect", function() detects = detects + 1 end)
    local saved = { io = io, os = os, debug = debug }
    local stderr = io.stderr
    -- The failure's note goes to stderr: into a file for the run.
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    io.stderr = f -- luacheck: ignore 122 (a field of the io table, put back below)
    _G.io, _G.os, _G.debug = nil, nil, nil
    local ok, err = pcall(function() for _ = 1, 30 do w:step(DT) end end)
    _G.io, _G.os, _G.debug = saved.io, saved.os, saved.debug
    io.stderr = stderr -- luacheck: ignore 122
    f:close()
    local said = assert(io.open(path, "r")):read("a")
    os.remove(path)
    assert.is_true(ok, tostring(err))
    assert.are.equal(1, detects)
    assert.matches("sense 'Broken' failed", said, 1, true)
  end)

  it("is refused at require, with what is missing, in a state without them", function()
    local saved_debug = debug
    local loaded = {}
    for name, m in each(package.loaded) do
      if name == "wary" or name:find("^wary%.") then
        loaded[name] = m
        package.loaded[name] = nil
      end
    end
    _G.debug = nil
    local ok, err = pcall(require, "wary")
    _G.debug = saved_debug
    for name, m in each(loaded) do package.loaded[name] = m end
    assert.is_false(ok)
    assert.matches("wary: needs Lua's standard libraries debug, io and os", err, 1, true)
    assert.matches("missing: debug", err, 1, true)
  end)
end)
