-- Every event says only what is true: each type's table holds exactly the
-- fields docs/events.md lists for it, each meaningful (no field left over
-- from an earlier event of another type).

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local fixture = require("spec.support.fixture")

local STATE = { "target", "from", "to", "confidence" }
local LOSS = { "target", "from", "to", "confidence", "loss_reason" }

-- The fields of each type besides type and agent; "?" marks one that may be nil.
local FIELDS = {
  suspect = STATE, detect = STATE, track = STATE, telegraph = STATE,
  lost = LOSS, remember = LOSS, forget = LOSS,
  sense_error = { "sense", "message", "target?" },
  hear = { "target", "confidence", "location", "loudness", "sound?" },
  sound_heard = { "target?", "confidence", "location", "loudness", "sound?", "walls", "clear_path" },
  location_belief_changed = { "from", "to", "state", "confidence", "location", "tag" },
  geck = { "from", "to", "topic", "detection?", "target?", "location?", "event_type?" },
  damaged = { "attacker?", "instigator?", "amount", "damage_type", "hit_location" },
  pain_reported = { "pain", "level" },
  emotion_changed = { "from", "to" },
}

local GECK = {}
for _, t in ipairs(wary.schema.geck_transitions) do GECK[t] = true end

-- Checks ev against FIELDS; returns its type's key in FIELDS.
local function check_fields(ev)
  local key = GECK[ev.type] and "geck" or ev.type
  local spec = FIELDS[key]
  assert.is_not_nil(spec, "an event type with no field list: " .. tostring(ev.type))
  assert.is_not_nil(ev.agent, ev.type .. " has an agent")
  local allowed = { type = true, agent = true }
  for _, f in ipairs(spec) do
    local name, optional = f:match("^([%w_]+)(%??)$")
    allowed[name] = true
    if optional == "" then assert.is_not_nil(ev[name], ev.type .. " has " .. name) end
  end
  for k in each(ev) do
    assert.is_true(allowed[k] == true, ev.type .. " has no field " .. tostring(k))
  end
  return key
end

describe("events", function()
  it("of every type hold exactly their documented fields", function()
    local f = fixture.new{ senses = { "Eyes" }, profile = { hearing = {}, damage = {}, pain = {}, brain = {} } }
    local world, guard, player = f.world, f.agent, f.target
    world:define_sense{ id = "Broken", max_range = 100000, evaluate = function() error("broken") end,
                        on_stimulus = function() error("broken too") end, stimulus_tags = { "Stimulus.Test" } }
    world:define_profile{ name = "flaky", senses = { "Broken" } }
    world:add_agent{ name = "flaky", profile = "flaky", pos = { 0, 500, 0 } }
    world:define_profile{ name = "yard", model = "geck" }
    world:add_agent{ name = "sentry", profile = "yard", pos = { 500, 0, 0 }, team = "guards" }

    local seen = {}
    local function record(ev) seen[check_fields(ev)] = true end
    for _, name in ipairs(wary.schema.events) do world:on(name, record) end

    player:set_prop("Eyes", 1)
    player:set_pos(300, 0, 0)
    world:emit_sound(player, "Footstep")
    world:emit_sound_at({ 300, 0, 0 }, "ThrownRock")
    world:emit_stimulus{ tag = "Stimulus.Test", pos = { 0, 500, 0 } }
    world:apply_damage{ victim = guard, instigator = player, amount = 40, type = "Fire" }
    guard:report_pain("Burning", 0.5)
    f:run(2)
    player:set_prop("Eyes", 0)
    player:set_pos(100000, 0, 0)
    f:run(60)

    for key in each(FIELDS) do assert.is_true(seen[key] == true, "no " .. key .. " event fired") end
  end)
end)

describe("the dispatch of a step's events", function()
  -- Two guards that both reach Suspected in the first step.
  local function two_guards()
    local world = wary.world{}
    world:define_profile{ name = "guard", vision = {} }
    local g1 = world:add_agent{ name = "g1", profile = "guard", pos = { 0, 0, 0 }, yaw = 180 }
    local g2 = world:add_agent{ name = "g2", profile = "guard", pos = { 0, 100, 0 }, yaw = 180 }
    local thief = world:add_target{ name = "thief", pos = { 300, 50, 0 } }
    g1:set_confidence(thief, 0.2)
    g2:set_confidence(thief, 0.2)
    return world, g1, g2, thief
  end

  local function thief_of(world)
    for _, a in ipairs(world:actors()) do
      if a.name == "thief" then return a end
    end
  end

  it("lets a handler added by a handler listen from the next step on", function()
    local world, g1, g2 = two_guards()
    local late = {}
    g1:on("suspect", function()
      world:on("suspect", function(ev) late[#late + 1] = ev.agent.name end)
      g2:on("suspect", function(ev) late[#late + 1] = "own " .. ev.agent.name end)
    end)
    world:step(1 / 60)
    assert.are.same({}, late) -- g2's suspect came after the handlers were added, in the same step
    local g3 = world:add_agent{ name = "g3", profile = "guard", pos = { 0, 50, 0 }, yaw = 180 }
    g3:set_confidence(thief_of(world), 0.2)
    world:step(1 / 60)
    assert.are.same({ "g3" }, late) -- the next step's suspect: the world handler added listens now
  end)

  it("lets world:off and agent:off take a handler away, at once, even from inside a handler", function()
    local world, _, g2 = two_guards()
    local heard = {}
    local function log(ev) heard[#heard + 1] = ev.agent.name end
    local function once(ev)
      heard[#heard + 1] = "once " .. ev.agent.name
      assert.is_true(world:off("suspect", once)) -- gets none of the step's later events
    end
    world:on("suspect", once)
    world:on("suspect", log)
    local own = g2:on("suspect", function() heard[#heard + 1] = "own g2" end)
    world:step(1 / 60)
    assert.are.same({ "once g1", "g1", "own g2", "g2" }, heard) -- g1's event: once, then log; g2's: log only
    assert.is_false(world:off("suspect", once)) -- gone already
    assert.is_true(g2:off("suspect", own))
    assert.is_true(world:off("suspect", log))
    assert.is_false(world:off("detect", log))
    heard = {}
    local g3 = world:add_agent{ name = "g3", profile = "guard", pos = { 0, 50, 0 }, yaw = 180 }
    g3:set_confidence(thief_of(world), 0.2)
    world:step(1 / 60)
    assert.are.same({}, heard)
    assert.is_true(#world:events() > 0) -- the step's events are still there to ask for
    assert.has_error(function() world:off("suspcet", log) end,
      "world: field 'event' expected an event name (did you mean 'suspect'?), got \"suspcet\"")
  end)

  it("lets a handler take off one after it: that one still gets the event being handled, no later one", function()
    local world = two_guards()
    local heard = {}
    local function second(ev) heard[#heard + 1] = "second " .. ev.agent.name end
    world:on("suspect", function(ev)
      heard[#heard + 1] = "first " .. ev.agent.name
      world:off("suspect", second)
    end)
    world:on("suspect", second)
    world:step(1 / 60)
    assert.are.same({ "first g1", "second g1", "first g2" }, heard)
  end)

  it("hands the handlers the tables world:events() returns, even when a handler asked for them first", function()
    local world = two_guards()
    local handed, inside = {}, nil
    world:on("suspect", function(ev)
      handed[#handed + 1] = ev
      inside = inside or world:events()
    end)
    world:step(1 / 60)
    assert.are.equal(2, #handed)
    local list = world:events()
    assert.are.equal(inside, list)
    local found = 0
    for _, ev in ipairs(list) do
      if ev == handed[1] or ev == handed[2] then found = found + 1 end
    end
    assert.are.equal(2, found)
  end)

  it("names an actor a handler removed in the step's later events, by its (stale) handle", function()
    local world, g1, g2, thief = two_guards()
    local agents, targets = {}, {}
    world:on("suspect", function(ev)
      agents[#agents + 1], targets[#targets + 1] = ev.agent, ev.target
      if ev.agent == g1 then g2:remove() end
    end)
    world:step(1 / 60)
    assert.are.same({ g1, g2 }, agents)
    assert.are.same({ thief, thief }, targets)
    assert.is_false(g2:valid())
    -- and after the step, as long as its events are the last step's
    local names = {}
    for _, ev in ipairs(world:events()) do names[#names + 1] = ev.agent.name end
    assert.is_true(#names >= 2)
  end)

  it("says once a world, to a game that listens, that a step dropped events past event_capacity", function()
    local world = wary.world{ event_capacity = 4 }
    world:define_profile{ name = "g", vision = {} }
    for i = 1, 40 do world:add_agent{ profile = "g", pos = { 0, i * 10, 0 }, yaw = 0 } end
    world:add_target{ pos = { 1000, 300, 0 } }
    local heard = 0
    world:on("suspect", function() heard = heard + 1 end)
    local said = require("spec.support.expect").stderr_of(function() for _ = 1, 30 do world:step(1 / 60) end end)
    assert.is_true(world:events_dropped() > 0)
    assert.is_true(heard < 40)
    assert.are.equal(1, #said)
    assert.matches("world: a step queued more than event_capacity %(4%) events: %d+ dropped so far "
      .. "%(world:events_dropped%(%)%); raise event_capacity in wary.world{}", said[1])
  end)

  it("ends when a handler destroys the world, and the world then says it is destroyed", function()
    local world, g1 = two_guards()
    local calls, after = 0, 0
    g1:on("suspect", function()
      calls = calls + 1
      world:destroy()
    end)
    world:on("suspect", function() after = after + 1 end) -- the same event's next handler runs no more
    world:step(1 / 60)
    assert.are.equal(1, calls)
    assert.are.equal(0, after)
    local ok, err = pcall(world.step, world, 1 / 60)
    assert.is_false(ok)
    assert.matches("events_spec%.lua:%d+: world:step: wary world is destroyed$", err)
  end)
end)
