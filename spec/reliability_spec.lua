-- What a game can do wrong from Lua, and what wary does about it (issue 14's
-- defects, each proven here on both backends): a step survives its senses
-- and handlers, and a refused call changes nothing.
local wary = require("wary")
local enums = require("wary.enums")
local expect = require("spec.support.expect")

local function sense_world(evaluate)
  local w = wary.world{}
  w:define_sense{ id = "Odd", max_range = 1e6, interval = 0.05, evaluate = evaluate }
  w:define_profile{ name = "p", senses = { "Odd" } }
  local guard = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
  local player = w:add_target{ name = "player", pos = { 500, 0, 0 } }
  return w, guard, player
end

describe("a custom sense that yields", function()
  it("inside a coroutine is refused with a sense_error, and the step completes", function()
    local w, guard, player = sense_world(function()
      coroutine.yield("surprise")
      return 0.9
    end)
    local errors = {}
    w:on("sense_error", function(ev) errors[#errors + 1] = ev end)
    local co = coroutine.create(function()
      for _ = 1, 3 do w:step(0.05) end
      return "done"
    end)
    local ok, result = coroutine.resume(co)
    assert.is_true(ok, result)
    assert.are.equal("done", result)     -- the yield never left world:step
    assert.are.equal("dead", coroutine.status(co))
    assert.is_true(#errors >= 1)
    expect.mentions(errors[1].message, "sense 'Odd'", "yielded")
    assert.are.equal(0, guard:confidence(player))
    w:step(0.05)                          -- the world is not left mid-step
  end)
end)

describe("a sense that spoils the context", function()
  it("with a table whose __newindex raises breaks neither that step nor the next", function()
    local spoiled = 0
    local w, guard, player = sense_world(function(ctx)
      spoiled = spoiled + 1
      ctx.target_pos = setmetatable({}, { __newindex = function() error("no writes here") end })
      ctx.agent_pos = setmetatable({}, { __newindex = function() error("nor here") end })
      return 0.5
    end)
    for _ = 1, 10 do w:step(0.05) end
    assert.is_true(spoiled >= 5)
    assert.is_true(guard:confidence(player) > 0.4)
  end)
end)

describe("handlers", function()
  it("all run even when one raises; the first error is raised after every handler ran", function()
    local w, guard = sense_world(function() return 1 end)
    local ran = {}
    for i = 1, 3 do
      w:on("suspect", function() ran[#ran + 1] = "world" .. i; if i == 1 then error("handler one broke") end end)
    end
    guard:on("detect", function() ran[#ran + 1] = "guard"; error("and so did this one") end)
    local msg = expect.error_of(function() w:step(0.05) end)
    expect.mentions(msg, "handler one broke")
    assert.are.same({ "world1", "world2", "world3", "guard" }, ran)
    w:step(0.05) -- nothing is left half done
  end)

  it("raise the first error led by its event and agent, with its traceback, and count the others", function()
    local w, guard = sense_world(function() return 1 end)
    w:on("suspect", function() error("handler one broke") end)
    guard:on("detect", function() error("and so did this one") end)
    local msg = expect.error_of(function() w:step(0.05) end)
    assert.are.equal(1, select(2, msg:gsub("^a handler of suspect %(agent " .. guard.name .. "%) raised: ", "")))
    expect.mentions(msg, "handler one broke\nstack traceback:", "(and 1 more error raised by this step's handlers)")
    assert.is_nil(msg:find("events.lua", 1, true)) -- the dispatch's own frames are left out
  end)

  it("pass an error that is not a string on whole", function()
    local w = sense_world(function() return 1 end)
    local object = { code = 7 }
    w:on("suspect", function() error(object) end)
    local ok, err = pcall(w.step, w, 0.05)
    assert.is_false(ok)
    assert.are.equal(object, err)
  end)

  it("that raise nil or false (error() without a message) are raised named, not passed over", function()
    for _, value in ipairs({ "nil", "false" }) do
      local w, guard = sense_world(function() return 1 end)
      local ran = {}
      guard:on("suspect", function()
        ran[#ran + 1] = "guard"
        if value == "false" then error(false) end
        error(nil)
      end)
      w:on("suspect", function() ran[#ran + 1] = "world" end)
      local ok, msg = pcall(w.step, w, 0.05)
      assert.is_false(ok)
      assert.are.equal("a handler of suspect (agent guard) raised " .. value .. " (an error without a message)", msg)
      assert.are.same({ "guard", "world" }, ran) -- every handler ran
      w:step(0.05)
    end
  end)

  it("that raise a number are raised named, the number written the same on both backends", function()
    for _, case in ipairs({ { 42, "42" }, { 2.5, "2.5" }, { 1e300, "1e+300" } }) do
      local value, text = case[1], case[2]
      local w, guard = sense_world(function() return 1 end)
      guard:on("suspect", function() error(value, 0) end)
      local ok, msg = pcall(w.step, w, 0.05)
      assert.is_false(ok)
      assert.are.equal("a handler of suspect (agent guard) raised: " .. text, msg)
    end
  end)

  it("cannot step the world again from inside a step's dispatch: refused, the outer step intact", function()
    local w, guard = sense_world(function() return 1 end)
    local inner, seen = nil, {}
    w:on("suspect", function()
      inner = select(2, pcall(w.step, w, 0.05))
    end)
    w:on("detect", function(ev) seen[#seen + 1] = ev end)
    w:step(0.05)
    expect.mentions(inner, "world:step", "inside an event handler")
    assert.are.equal(1, #seen)
    assert.are.equal(guard, seen[1].agent)
    assert.are.equal(1, math.floor(w:time() / 0.05 + 0.5)) -- one step, not two
  end)

  it("that yield (the world stepped in a coroutine) end there as an error does: the step goes on", function()
    local w, guard = sense_world(function() return 1 end)
    local ran = {}
    guard:on("suspect", function() ran[#ran + 1] = "waits"; coroutine.yield("bark"); ran[#ran + 1] = "woke" end)
    w:on("suspect", function() ran[#ran + 1] = "world" end)
    local script = coroutine.create(function() w:step(0.05) end)
    local ok, msg = coroutine.resume(script)
    assert.is_false(ok) -- world:step raised the yield once every handler ran; it did not yield
    assert.are.equal("dead", coroutine.status(script))
    assert.are.equal(1, select(2, tostring(msg):gsub("^a handler of suspect %(agent guard%) yielded %(a handler "
      .. "must return, not yield: world:step went on without it%)$", "")))
    assert.are.same({ "waits", "world" }, ran)
    -- The world is not left inside its dispatch: it steps, saves and listens as before.
    local tracks = 0
    w:on("track", function() tracks = tracks + 1 end)
    for _ = 1, 40 do w:step(0.05) end
    assert.are.equal(1, tracks)
    w:load_state(w:save_state())
  end)
end)

describe("health functions", function()
  local function health_world(health)
    local w = wary.world{}
    w:define_profile{ name = "p", senses = { "Vision", "Pain" }, vision = {} }
    w:add_target{ name = "player", pos = { 300, 0, 0 } }
    local first = w:add_agent{ name = "first", profile = "p", pos = { 0, 0, 0 }, health = function() return 0.25 end }
    local guard = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 }, health = health }
    local last = w:add_agent{ name = "last", profile = "p", pos = { 0, 0, 0 }, health = function() return 0.75 end }
    return w, first, guard, last
  end

  it("that raise leave that agent's health, the others are read and the step runs; then it is raised", function()
    local w, first, guard, last = health_world(function(a) return a.props.hp.now / 100 end)
    for n = 1, 2 do
      local msg = expect.error_of(w.step, w, 1 / 60)
      assert.are.equal(1, select(2, msg:gsub("^the health of agent guard: its health function raised: ", "")))
      expect.mentions(msg, "hp", "stack traceback:")
      assert.are.equal(n, math.floor(w:time() * 60 + 0.5)) -- each step ran
    end
    assert.are.same({ 0.25, 1, 0.75 }, { first:health(), guard:health(), last:health() })
  end)

  it("that raise nil or false (error() without a message) are raised named, not passed over", function()
    for _, value in ipairs({ "nil", "false" }) do
      local w, first, guard, last = health_world(function()
        if value == "false" then error(false) end
        error(nil)
      end)
      local ok, msg = pcall(w.step, w, 1 / 60)
      assert.is_false(ok)
      assert.are.equal("the health of agent guard: its health function raised " .. value
        .. " (an error without a message)", msg)
      assert.are.equal(1, math.floor(w:time() * 60 + 0.5)) -- the step ran
      assert.are.same({ 0.25, 1, 0.75 }, { first:health(), guard:health(), last:health() })
    end
  end)

  -- A world whose guard's health function (health, or one raising "no hp")
  -- raises every step and whose custom sense makes it suspect the player
  -- after a few steps (given health: a handler of suspect raises too).
  local function sense_and_health_world(health)
    local w = wary.world{}
    w:define_sense{ id = "Odd", max_range = 1e6, interval = 0.05, evaluate = function() return 1 end }
    w:define_profile{ name = "p", senses = { "Odd", "Pain" } }
    w:add_target{ name = "player", pos = { 500, 0, 0 } }
    w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 }, health = health or function() error("no hp") end }
    if health then w:on("suspect", function() error("the handler broke") end) end
    return w
  end

  -- Steps w until a step raises a message with text in it (at most 200
  -- steps); returns that message, or nil.
  local function step_until(w, text)
    for _ = 1, 200 do
      local ok, msg = pcall(w.step, w, 0.05)
      assert.is_false(ok)
      if tostring(msg):find(text, 1, true) then return msg end
    end
  end

  -- Asserts that stderr was written once (said: what), with the guard's
  -- health function's error.
  local function said_once(said)
    assert.are.equal(1, #said)
    assert.are.equal(1, select(2, said[1]:gsub("^wary: world:step raised an error; before the step, "
      .. "the health of agent guard: its health function raised: ", "")))
    expect.mentions(said[1], "no hp")
  end

  it("that raise in a step whose handler raises too are named after the handler's error", function()
    local w = sense_and_health_world()
    w:on("suspect", function() error("the handler broke") end)
    local msg = step_until(w, "the handler broke")
    assert.is_not_nil(msg)
    assert.are.equal(1, select(2, msg:gsub("^a handler of suspect %(agent guard%) raised: ", "")))
    local at = msg:find("\nand before the step, the health of agent guard: its health function raised: ", 1, true)
    assert.is_not_nil(at, msg)
    expect.mentions(msg:sub(at), "no hp", "stack traceback:")
    assert.is_true(msg:find("the handler broke", 1, true) < at) -- the handler's error comes first
  end)

  it("that raise when a handler raises an error object go to stderr, and the object is raised", function()
    local w = sense_and_health_world()
    local object = setmetatable({}, { __tostring = function() return "an object" end })
    w:on("suspect", function() error(object) end)
    local said, raised = {}, nil
    local stderr = io.stderr
    finally(function() io.stderr = stderr end) -- luacheck: ignore 122
    io.stderr = { write = function(_, text) said[#said + 1] = text end } -- luacheck: ignore 122
    for _ = 1, 200 do
      local ok, err = pcall(w.step, w, 0.05)
      assert.is_false(ok)
      if err == object then raised = err; break end
    end
    io.stderr = stderr -- luacheck: ignore 122
    assert.are.equal(object, raised)
    said_once(said)
  end)

  it("that raise in a step the core fails go to stderr, and the core's error is raised", function()
    local w = sense_and_health_world()
    -- The core's step refuses to begin (as out of memory would): only
    -- world:step's call of it is replaced (a world with a custom sense
    -- steps in three calls).
    local refused = function() return enums.status_values.out_of_memory end
    w._B = setmetatable({ step = refused, step_begin = refused }, { __index = w._B })
    local said = {}
    local stderr = io.stderr
    finally(function() io.stderr = stderr end) -- luacheck: ignore 122
    io.stderr = { write = function(_, text) said[#said + 1] = text end } -- luacheck: ignore 122
    local ok, err = pcall(w.step, w, 0.05)
    io.stderr = stderr -- luacheck: ignore 122
    assert.is_false(ok)
    expect.mentions(err, "world: step: ")
    assert.is_nil(err:find("no hp", 1, true))
    said_once(said)
  end)

  it("that raise an error object are named by agent after a handler's error", function()
    local object = setmetatable({}, { __tostring = function() return "an object" end })
    local w = sense_and_health_world(function() error(object) end)
    local raised
    for _ = 1, 200 do
      local ok, err = pcall(w.step, w, 0.05)
      assert.is_false(ok)
      if err == object then
        raised = true -- alone, the object itself is raised
      elseif type(err) == "string" then
        assert.is_true(raised)
        assert.are.equal(1, select(2, err:gsub("^a handler of suspect %(agent guard%) raised: ", "")))
        expect.mentions(err, "the handler broke",
          "\nand before the step, the health of agent guard: its health function raised an object")
        return
      end
    end
    error("no step raised the handler's error")
  end)

  it("cannot step or load the world, nor yield out of world:step", function()
    local said, calls = {}, 0
    local w
    w = wary.world{}
    w:define_profile{ name = "p", senses = { "Vision", "Pain" }, vision = {} }
    local saved = w:save_state()
    w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 }, health = function()
      calls = calls + 1
      said[#said + 1] = select(2, pcall(w.step, w, 1 / 60))
      said[#said + 1] = select(2, pcall(w.load_state, w, saved))
      return 0.5
    end }
    w:step(1 / 60)
    expect.mentions(said[1], "world:step: not allowed inside a health function")
    expect.mentions(said[2], "world:load_state: not allowed during a step")
    assert.are.equal(1, calls)
    assert.are.equal(1, math.floor(w:time() * 60 + 0.5)) -- one step, not two
    local v = wary.world{}
    v:define_profile{ name = "p", senses = { "Vision", "Pain" }, vision = {} }
    local guard = v:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 },
      health = function() if v:time() == 0 then coroutine.yield() end; return 0.5 end }
    local ok, msg = coroutine.resume(coroutine.create(function() v:step(1 / 60) end))
    assert.is_false(ok)
    expect.mentions(msg, "the health of agent guard: its health function yielded")
    assert.are.equal(1, guard:health())
    v:step(1 / 60) -- and it steps on
    assert.are.equal(2, math.floor(v:time() * 60 + 0.5))
    assert.are.equal(0.5, guard:health())
  end)

  it("that destroy the world end the step with the world's error", function()
    local w
    w = wary.world{}
    w:define_profile{ name = "p", senses = { "Vision", "Pain" }, vision = {} }
    w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 }, health = function() w:destroy(); return 0.5 end }
    expect.mentions(expect.error_of(w.step, w, 1 / 60), "wary world is destroyed")
  end)
end)

describe("world:step's dt", function()
  it("is refused when negative, NaN, infinite or longer than an hour, and the world does not move", function()
    local w = sense_world(function() return 1 end)
    for _, dt in ipairs({ -1, 0 / 0, math.huge, 3.4e38, 3601 }) do
      expect.mentions(expect.error_of(function() w:step(dt) end), "world", "'dt'")
    end
    assert.are.equal(0, w:time())
    w:step(3600)
    assert.are.equal(3600, w:time())
  end)
end)

describe("an error object whose __tostring raises", function()
  it("still gives a sense_error naming what it is, on both backends", function()
    local w = sense_world(function()
      error(setmetatable({}, { __tostring = function() error("tostring broke too") end }))
    end)
    local errors = {}
    w:on("sense_error", function(ev) errors[#errors + 1] = ev end)
    w:step(0.05)
    assert.are.equal(1, #errors)
    expect.mentions(errors[1].message, "sense 'Odd'", "error object is a table value", "traceback")
  end)
end)

describe("the name table", function()
  it("is not used up by refused add_evidence calls with fresh tags", function()
    local w = wary.world{}
    w:define_profile{ name = "p", senses = { "Vision" } }
    local guard = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    local player = w:add_target{ name = "player", pos = { 500, 0, 0 } }
    for i = 1, 8 do guard:add_evidence(player, "kept" .. i, "clamp", 0.5) end
    local _, before = w._B.name(w._w, "probe_before")
    for i = 1, 5000 do
      local ok, err = pcall(guard.add_evidence, guard, player, "fresh" .. i, "clamp", 0.5, { source = "s" .. i })
      assert.is_false(ok)
      if i == 1 then expect.mentions(tostring(err), "table full", "fresh1") end
      assert.is_false(guard:remove_evidence(player, "gone" .. i))
    end
    player:set_prop("fresh_key", 1)
    local _, after = w._B.name(w._w, "probe_after")
    assert.are.equal(before + 2, after) -- fresh_key and probe_after, nothing for the refused calls
  end)

  it("is not used up by refused set_prop calls on a full actor", function()
    local w = wary.world{}
    local t = w:add_target{ name = "t", pos = { 0, 0, 0 } }
    for i = 1, 16 do t:set_prop("p" .. i, i) end
    local _, before = w._B.name(w._w, "probe_before")
    for i = 1, 100 do assert.is_false(pcall(t.set_prop, t, "extra" .. i, 1)) end
    t:set_prop("p3", 30)
    local _, after = w._B.name(w._w, "probe_after")
    assert.are.equal(before + 1, after)
  end)
end)

describe("relationship overrides", function()
  it("about removed actors are released with them", function()
    local w = wary.world{}
    w:define_profile{ name = "p", senses = { "Vision" } }
    local guard = w:add_agent{ name = "guard", profile = "p", pos = { 0, 0, 0 } }
    for i = 1, 8 do
      local t = w:add_target{ name = "t" .. i, pos = { 100 * i, 0, 0 } }
      guard:set_relationship(t, "friendly")
      t:remove()
    end
    local ninth = w:add_target{ name = "ninth", pos = { 50, 0, 0 } }
    guard:set_relationship(ninth, "friendly")
    assert.are.equal("friendly", guard:relationship(ninth))
  end)
end)

describe("a step whose end fails", function()
  it("raises with what failed, and the next step runs", function()
    local w, guard, player = sense_world(function() return 0.9 end)
    local real = w._B
    w._B = setmetatable({ step_end = function(cw)
      real.step_end(cw)
      return enums.status_values.out_of_memory
    end }, { __index = real })
    expect.mentions(expect.error_of(w.step, w, 0.05), "world: step", "out of memory")
    w._B = real
    w:step(0.05)
    assert.is_true(guard:confidence(player) > 0)
  end)
end)
