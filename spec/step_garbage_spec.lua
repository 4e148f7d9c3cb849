-- A step in steady state makes no garbage in the facade when nobody listens:
-- world:step, the custom-sense runner and the event dispatch keep their
-- tables from step to step while they stay empty, so a game's collector has
-- nothing of wary's to collect (a LÖVE game's frame is not held up by it).
-- Counted with the collector stopped. On Lua 5.4 the count is exact. On
-- LuaJIT the JIT's own work (traces it records, and aborts) is counted too,
-- so the world without custom senses is stepped with the JIT off; with it
-- off the custom-sense loop reads the batch through cdata the interpreter
-- boxes, so that world is counted on Lua 5.4 only.
local wary = require("wary")
local garbage_of = require("spec.support.garbage")

local LUAJIT = garbage_of.luajit

-- Bytes allocated over n steps of w, after warm steps (and 30 more after the
-- collection, which shrinks what the next steps grow again).
local function garbage(w, warm, n)
  for _ = 1, warm do w:step(1 / 60) end
  return garbage_of.bytes(function()
    for _ = 1, n do w:step(1 / 60) end
  end, function()
    for _ = 1, 30 do w:step(1 / 60) end
  end)
end

-- Guards that see and hear, and a target that walks in and out of their
-- sight and makes sounds: events every few steps, none listened to.
local function busy_world(custom)
  local w = wary.world{}
  local senses = { "Vision", "Hearing" }
  if custom then
    w:define_sense{ id = "Near", max_range = 2000, interval = 0.05,
                    evaluate = function(ctx) if ctx.distance < 800 then return 0.6 end end }
    senses[#senses + 1] = "Near"
  end
  w:define_profile{ name = "guard", senses = senses, hearing = {} }
  for i = 1, 6 do w:add_agent{ profile = "guard", pos = { i * 150, 0, 0 }, yaw = 90 } end
  local walker = w:add_target{ pos = { 0, 600, 0 } }
  return w, walker
end

-- Each step of w from now on moves the walker back and forth along the
-- guards first, with a footstep every tenth step.
local function walk(w, walker)
  local step, x, dx, n = w.step, 0, 40, 0
  w.step = function(self, dt)
    x = x + dx
    if x > 1000 or x < 0 then dx = -dx end
    walker:set_pos(x, 600, 0)
    n = n + 1
    if n % 10 == 0 then self:emit_sound(walker, "Footstep") end
    step(self, dt)
  end
end

describe("a step that nobody listens to", function()
  it("makes no garbage with vision and hearing and events happening", function()
    local w, walker = busy_world(false)
    local events = 0
    local step = w.step
    w.step = function(self, dt)
      step(self, dt)
      events = events + self._B.event_count(self._w)
    end
    walk(w, walker)
    assert.are.equal(0, garbage(w, 120, 300))
    assert.is_true(events > 0, "the steps had events")
  end)

  if not LUAJIT then
    it("makes no garbage with a custom sense answering (Lua 5.4)", function()
      local w, walker = busy_world(true)
      walk(w, walker)
      assert.are.equal(0, garbage(w, 120, 300))
      assert.is_true(w:stats().queries > 0)
    end)
  end

  it("makes no garbage in the step after actors were removed", function()
    local w, walker = busy_world(false)
    walk(w, walker)
    local spare = {}
    for i = 1, 40 do spare[i] = w:add_target{ pos = { i * 10, -900, 0 } } end
    local n = 0
    local function remove_three()
      for _ = 1, 3 do
        n = n + 1
        spare[n]:remove()
      end
    end
    for _ = 1, 5 do -- five steps after removals, each counted alone
      assert.are.equal(0, garbage_of.bytes(function() w:step(1 / 60) end, function()
        for _ = 1, 30 do w:step(1 / 60) end
        remove_three()
      end))
    end
    assert.are.equal(15, n)
  end)

  it("gives world:events() the step's own tables, not those of a step before", function()
    local w, walker = busy_world(true)
    walk(w, walker)
    local last, fresh, stale = nil, 0, 0
    for _ = 1, 120 do
      w:step(1 / 60)
      local list = w:events()
      if #list > 0 then
        if last then
          for _, ev in ipairs(list) do
            if last[ev] then stale = stale + 1 else fresh = fresh + 1 end
          end
        end
        last = {}
        for _, ev in ipairs(list) do last[ev] = true end
      end
    end
    assert.is_true(fresh > 20, "steps with events after one with events: " .. fresh)
    assert.are.equal(0, stale)
  end)
end)
