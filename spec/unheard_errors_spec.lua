-- A broken custom sense is never silent: with no sense_error handler on the
-- agent or the world, its first failure for an agent is said on stderr, once
-- per sense and agent, and again once when it is muted.
local wary = require("wary")

local function capture(fn)
  local saved, out = io.stderr, {}
  -- luacheck: ignore 122
  io.stderr = { write = function(_, ...) for _, s in ipairs({ ... }) do out[#out + 1] = s end end }
  local ok, err = pcall(fn)
  io.stderr = saved -- luacheck: ignore 122
  assert(ok, err)
  return table.concat(out)
end

local function broken_world(limit)
  local w = wary.world{ sense_error_limit = limit or 3 }
  w:define_sense{ id = "Broken", max_range = 5000, interval = 0.1,
                  evaluate = function() error("the lens cracked") end }
  w:define_profile{ name = "p", senses = { "Broken" } }
  local a = w:add_agent{ name = "north", profile = "p", pos = { 0, 0, 0 } }
  local b = w:add_agent{ name = "south", profile = "p", pos = { 0, 500, 0 } }
  w:add_target{ name = "player", pos = { 1000, 0, 0 } }
  return w, a, b
end

local function count(text, pattern)
  local n = 0
  for _ in text:gmatch(pattern) do n = n + 1 end
  return n
end

describe("a failing sense with no sense_error handler", function()
  it("says so on stderr once per sense and agent, with the first line of the message", function()
    local w = broken_world(100)
    local text = capture(function() for _ = 1, 30 do w:step(0.1) end end)
    assert.are.equal(1, count(text, "wary: sense 'Broken' failed for north about %a+: [^\n]*the lens cracked"))
    assert.are.equal(0, count(text, "sense 'Broken': "))
    assert.are.equal(1, count(text, "failed for south"))
    assert.are.equal(2, count(text, "handle \"sense_error\" to see every failure"))
  end)

  it("says once when the sense is muted for an agent, and how to ask it again", function()
    local w = broken_world(3)
    local text = capture(function() for _ = 1, 30 do w:step(0.1) end end)
    assert.are.equal(1, count(text, "wary: sense 'Broken' is muted for north after 3 failures in a row"))
    assert.are.equal(1, count(text, "is muted for south"))
    assert.truthy(text:find('agent:unmute_sense("Broken")', 1, true))
  end)

  it("is quiet on stderr when a handler listens, on the agent or on the world", function()
    local w, a = broken_world(3)
    local seen = 0
    a:on("sense_error", function() seen = seen + 1 end)
    w:on("sense_error", function() end)
    local text = capture(function() for _ = 1, 10 do w:step(0.1) end end)
    assert.are.equal("", text)
    assert.is_true(seen >= 1)
  end)
end)

describe("a failing sense whose sense_error event the core dropped (event_capacity full)", function()
  -- Three agents fail every update, but the step keeps one event: two
  -- failures a step lose their event, with or without a handler.
  local function full_world(handler)
    local w = wary.world{ event_capacity = 1, sense_error_limit = 3 }
    w:define_sense{ id = "Broken", max_range = 5000, interval = 0.1,
                    evaluate = function() error("the lens cracked") end }
    w:define_profile{ name = "p", senses = { "Broken" } }
    local heard = {}
    for i = 1, 3 do w:add_agent{ name = "a" .. i, profile = "p", pos = { 0, i * 10, 0 } } end
    w:add_target{ name = "player", pos = { 300, 0, 0 } }
    if handler then w:on("sense_error", function(ev) heard[ev.agent.name] = true end) end
    return w, heard
  end

  it("is said on stderr for every agent, with why and what to raise, and its muting too", function()
    for _, handler in ipairs({ false, true }) do
      local w, heard = full_world(handler)
      local text = capture(function() for _ = 1, 5 do w:step(0.1) end end)
      assert.is_true(w:events_dropped() > 0)
      for i = 1, 3 do
        local name = "a" .. i
        local said = count(text, "failed for " .. name .. " about [%w_]+: [^\n]*the lens cracked")
        assert.is_true(heard[name] or said == 1, name .. " was never reported")
        assert.are.equal(1, count(text, "is muted for " .. name .. " after 3 failures"))
      end
      assert.is_true(count(text, "its sense_error event was dropped: the step queued more than event_capacity "
        .. "%(1%) events; raise it in wary.world{}") >= 1)
    end
  end)
end)
