-- What a game reads of every guard every frame (agent:confidence, agent:state,
-- agent:attention_target, agent:dominant_emotion, actor:pos) is read field
-- by field from C (wary_belief_confidence, wary_belief_state,
-- wary_attention_get, wary_dominant_get, wary_actor_pos): the same answers
-- as the whole records (agent:belief, agent:brain_state, actor:get), with
-- no table made.
local wary = require("wary")
local garbage_of = require("spec.support.garbage")

-- Guards that see a walker pass by, through Lost and Remembered (long enough
-- for some beliefs to fall dormant), with a second walker nobody sees.
local function patrol()
  local w = wary.world{}
  w:define_profile{ name = "guard", senses = { "Vision", "Hearing" }, hearing = {},
                    lost_time = 1, memory_time = 2 }
  local guards = {}
  for i = 1, 4 do guards[i] = w:add_agent{ name = "g" .. i, profile = "guard", pos = { i * 200, 0, 0 }, yaw = 90 } end
  local walker = w:add_target{ name = "walker", pos = { 0, 500, 0 } }
  local hidden = w:add_target{ name = "hidden", pos = { 0, -5000, 0 } }
  return w, guards, walker, hidden
end

-- Each step: the walker crosses the guards' sight and leaves it for a while.
local function walk(w, walker, n)
  local x = (n * 25) % 3000
  walker:set_pos(x, x < 1000 and 500 or 4000, 0)
  w:step(1 / 30)
end

describe("the reads a game makes every frame", function()
  it("answer as the whole records do, at every step of a patrol", function()
    local w, guards, walker, hidden = patrol()
    local states, attentions = {}, 0
    for n = 1, 400 do
      walk(w, walker, n)
      for _, g in ipairs(guards) do
        for _, t in ipairs({ walker, hidden }) do
          local b = g:belief(t)
          assert.are.equal(b and b.confidence or 0, g:confidence(t))
          assert.are.equal(b and b.state or "undetected", g:state(t))
          states[g:state(t)] = true
        end
        local s = g:brain_state()
        local at = g:attention_target()
        assert.are.equal(s.attention ~= 0 and w._actors[s.attention] or nil, at)
        if at then attentions = attentions + 1 end
        assert.are.equal(wary.enums.emotion[s.dominant], g:dominant_emotion())
      end
      local info = walker:get()
      local x, y, z = walker:pos()
      assert.are.same({ info.pos[1], info.pos[2], info.pos[3] }, { x, y, z })
    end
    for _, s in ipairs({ "undetected", "tracked", "lost", "remembered" }) do
      assert.is_true(states[s] == true, "the patrol went through " .. s)
    end
    assert.is_true(attentions > 0)
  end)

  it("say what is wrong with a bad argument, naming the agent and the field", function()
    local w, guards, walker = patrol()
    local msg = select(2, pcall(guards[1].confidence, guards[1], "walker"))
    assert.matches([[g1: field 'target' expected an actor of this world, got "walker"]], msg, 1, true)
    msg = select(2, pcall(guards[1].confidence, guards[1], guards[1]))
    assert.matches("g1: field 'target' expected another actor (an agent holds no belief about itself), got the "
      .. "agent itself", msg, 1, true)
    msg = select(2, pcall(walker.state, walker, guards[1]))
    assert.matches("walker: state: not an agent (it has no profile); state is a method of agents, called on one, "
      .. "as guard:state(...)", msg, 1, true)
    walker:remove()
    msg = select(2, pcall(walker.pos, walker))
    assert.matches("walker: pos: stale handle (the actor was removed)", msg, 1, true)
    msg = select(2, pcall(guards[1].state, guards[1], walker))
    assert.matches("g1: target: walker is a stale handle (the actor was removed)", msg, 1, true)
    assert.are.equal("calm", guards[2]:dominant_emotion())
    assert.is_nil(guards[2]:attention_target())
    w:step(1 / 30)
  end)

  it("make no garbage", function()
    local w, guards, walker, hidden = patrol()
    for n = 1, 30 do walk(w, walker, n) end
    local g = guards[1]
    local bytes = garbage_of.bytes(function()
      for _ = 1, 200 do
        g:confidence(walker)
        g:confidence(hidden)
        g:state(walker)
        g:attention_target()
        g:dominant_emotion()
        walker:pos()
      end
    end)
    assert.are.equal(0, bytes)
  end)

  -- An actor's and a world's __index are functions (their team, stance,
  -- profile and units are read through them, so that writes of them are
  -- refused): on Lua 5.4 each call of one costs about 15 ns. A method finds
  -- itself there once; what it reads of a handle must be held raw, or each
  -- read is another call (a nil _removed doubled agent:confidence's time).
  it("read only raw fields of the handles: __index finds the method and nothing else", function()
    local Actor, World = require("wary.actor"), require("wary.world")
    local asked, saved = {}, { Actor.__index, World.__index }
    for i, cls in ipairs({ Actor, World }) do
      cls.__index = function(t, k)
        local v = saved[i](t, k)
        if type(v) ~= "function" then asked[#asked + 1] = cls._kind .. "." .. tostring(k) end
        return v
      end
    end
    local ok, err = pcall(function()
      local w, guards, walker, hidden = patrol()
      w:define_sense{ id = "Warmth", interval = 0.1, max_range = 2000, evaluate = function(ctx, _, target)
        if ctx.agent.name and (target.props.heat or 0) > 0 then return 0.5 end
      end }
      w:define_profile{ name = "warm", senses = { "Vision", "Warmth" } }
      w:add_agent{ name = "w1", profile = "warm", pos = { 0, 0, 0 } }
      walker:set_prop("heat", 1)
      w:on("detect", function(ev) return ev.agent.name, ev.target.name end)
      for n = 1, 60 do
        walk(w, walker, n)
        for _, g in ipairs(guards) do
          g:confidence(walker)
          g:state(hidden)
          g:attention_target()
          g:dominant_emotion()
        end
        walker:pos()
      end
    end)
    Actor.__index, World.__index = saved[1], saved[2]
    assert(ok, err)
    assert.are.same({}, asked)
  end)
end)

describe("the writes a game makes every frame", function()
  it("make no garbage: actor:set_pos and a door's box:set_bounds", function()
    local w = wary.world{}
    local door = w:add_box{ min = { 0, 0, 0 }, max = { 10, 100, 200 } }
    local walker = w:add_target{ pos = { 0, 500, 0 } }
    local lo, hi = { 0, 0, 0 }, { 10, 100, 200 }
    local bytes = garbage_of.bytes(function()
      for i = 1, 200 do
        lo[2], hi[2] = i, 100 + i
        door:set_bounds(lo, hi)
        walker:set_pos(i, 500, 0)
      end
    end, function() -- once first, uncounted (a collection shrinks what calls grow again)
      door:set_bounds(lo, hi)
      walker:set_pos(0, 500, 0)
    end)
    assert.are.equal(0, bytes)
    assert.are.same({ 0, 200, 0 }, door.min)
    assert.are.same({ 10, 300, 200 }, door.max)
    -- The copies it gives do not move with it.
    local min = door.min
    door:set_bounds({ 5, 5, 5 }, { 6, 6, 6 })
    assert.are.same({ 0, 200, 0 }, min)
  end)
end)
