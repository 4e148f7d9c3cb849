-- Events cost nothing unless someone listens: a step makes a Lua table only
-- for the events a handler (of the agent or of the world) listens to, and
-- world:events() makes the rest on demand, once a step, the same tables the
-- handlers got.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local function noisy_world()
  local w = wary.world{}
  w:define_profile{ name = "ears", hearing = {} }
  local guards = {}
  for i = 1, 4 do guards[i] = w:add_agent{ name = "g" .. i, profile = "ears", pos = { i * 100, 0, 0 } } end
  local walker = w:add_target{ name = "walker", pos = { 250, 200, 0 } }
  return w, guards, walker
end

local function made(w)
  local n = 0
  for _ in each(w._event_cache) do n = n + 1 end
  return n
end

describe("events nobody listens to", function()
  it("make no table at a step, and world:events() makes them all when asked", function()
    local w, _, walker = noisy_world()
    w:emit_sound(walker, "Footstep")
    w:step(0.1)
    w:step(0.1) -- the guards' hearing updates are staggered: by now all four heard it
    assert.are.equal(0, made(w))
    local all = w:events()
    assert.is_true(#all >= 6) -- three sound_heard and their hear, at least
    assert.are.equal(#all, made(w))
    assert.are.equal(all, w:events()) -- once a step
  end)

  it("of one type: only that type's events are made, and handlers get the tables world:events() gives", function()
    local w, guards, walker = noisy_world()
    local got = {}
    w:on("sound_heard", function(ev) got[#got + 1] = ev end)
    w:emit_sound(walker, "Footstep")
    w:step(0.1)
    w:step(0.1)
    assert.are.equal(4, #got)          -- one for each guard, over the two steps
    assert.are.equal(3, made(w))       -- the second step's three
    local same = 0
    for _, ev in ipairs(w:events()) do
      for _, g in ipairs(got) do if g == ev then same = same + 1 end end
    end
    assert.are.equal(3, same)
    assert.are.equal(guards[1], got[1].agent)
  end)

  it("of an agent's handler: the other agents' events of that type make no table", function()
    local w, guards, walker = noisy_world()
    local got = 0
    guards[2]:on("hear", function() got = got + 1 end)
    w:emit_sound(walker, "Footstep")
    local hears = 0
    for _ = 1, 5 do
      w:step(0.1)
      if got > 0 and hears == 0 then
        hears = made(w)
        local all = 0
        for _, ev in ipairs(w:events()) do all = all + (ev.type == "hear" and 1 or 0) end
        assert.is_true(all > 1) -- the other guards heard it too, and made no table until now
      end
    end
    assert.is_true(got >= 1)
    assert.are.equal(1, hears) -- at the step it first heard: its own event alone
  end)

  it("of a removed agent's handlers stop being read", function()
    local w, guards, walker = noisy_world()
    guards[3]:on("hear", function() end)
    guards[3]:remove()
    w:emit_sound(walker, "Footstep")
    w:step(0.1)
    assert.are.equal(0, made(w))
    assert.is_nil(next(w._listened))
  end)
end)

describe("a world without custom senses", function()
  -- Without one, world:step is one call into C and a dispatch with no
  -- handler asks C nothing; with one (even one no profile lists), it goes
  -- through step_begin, the runner and step_end. Both give the same step.
  local function run(with_sense, listen)
    local w = wary.world{}
    if with_sense then w:define_sense{ id = "Unused", evaluate = function() return 1 end } end
    w:define_profile{ name = "guard", vision = { max_range = 2000 }, hearing = {} }
    local g = w:add_agent{ name = "g", profile = "guard", pos = { 0, 0, 0 } }
    local walker = w:add_target{ name = "walker", pos = { 300, 40, 0 } }
    local heard = 0
    if listen then w:on("sound_heard", function() heard = heard + 1 end) end
    local seen = {}
    for step = 1, 90 do
      walker:set_pos{ 300 - step * 2, 40, 0 }
      if step % 10 == 0 then w:emit_sound(walker, "Footstep") end
      w:step(1 / 30)
      for _, ev in ipairs(w:events()) do
        seen[#seen + 1] = string.format("%d %s %s %s %.9g", step, ev.type, ev.agent and ev.agent.name or "-",
          ev.target and ev.target.name or "-", ev.confidence or -1)
      end
      seen[#seen + 1] = string.format("%.9g", g:confidence(walker))
    end
    return seen, heard
  end

  it("steps as a world with one, its events and confidences the same", function()
    local without, with = run(false), run(true)
    assert.is_true(#without > 90 + 10) -- some events besides the 90 confidences
    assert.are.same(without, with)
  end)

  it("hands its events to handlers as a world with one does", function()
    local without, heard_without = run(false, true)
    local with, heard_with = run(true, true)
    assert.is_true(heard_without > 0)
    assert.are.equal(heard_without, heard_with)
    assert.are.same(without, with)
  end)
end)
