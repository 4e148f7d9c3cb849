-- Changing belief from script (seed 000, "Change it from script"): evidence
-- (raise, clamp, lower, invalidate; tags, lifetimes, resolution, listing) and
-- Set Target Confidence. The fixture's senses report exactly the number set in
-- target.props[<sense id>] (interval 0.1 s, grace 0.3 s).
local fixture = require("spec.support.fixture")
local expect = require("spec.support.expect")

local near = expect.near
local DT = 1 / 60

-- A fixture whose target is reported at `value` by Eyes (nil: not at all).
local function seeing(value, options)
  local f = fixture.new(options)
  if value then f.target:set_prop("Eyes", value) end
  return f
end

-- seeing(value, options) with the evidence entry (tag, op, evidence_value)
-- added, run for 1 s.
local function held(value, tag, op, evidence_value, options)
  local f = seeing(value, options)
  f.agent:add_evidence(f.target, tag, op, evidence_value)
  f:run(1)
  return f
end

-- A target seen at `value` for 1 s (tracked by then) that then gets the
-- evidence entry; returns the fixture and the types of the events of the
-- next step.
local function tracked_then(value, tag, op, evidence_value)
  local f = seeing(value)
  f:run(1)
  assert.are.equal("tracked", f:state())
  f.agent:add_evidence(f.target, tag, op, evidence_value)
  return f, fixture.types(f:run(DT))
end

-- Removes the evidence `tag` (it must be there), runs 1 s and asserts that
-- the senses took belief back up to `value`, firing `types` on the way.
local function assert_climbs_back(f, tag, types, value)
  assert.is_true(f.agent:remove_evidence(f.target, tag))
  assert.are.same(types, fixture.types(f:run(1)))
  near(value, f:confidence())
end

-- Runs 0.2 s and asserts that no evidence is left and that belief is back
-- to the 1.0 that Eyes reports.
local function assert_back_to_senses(f)
  f:run(0.2)
  assert.are.same({}, f.agent:evidence(f.target))
  near(1.0, f:confidence())
end

-- Asserts a single evidence entry with `remaining` seconds left that holds
-- belief at a 0.15 clamp (Suspected).
local function assert_one_clamp(f, remaining)
  local list = f.agent:evidence(f.target)
  assert.are.equal(1, #list)
  near(remaining, list[1].remaining, 1e-3)
  near(0.15, f:confidence())
  assert.are.equal("suspected", f:state())
end

describe("evidence", function()
  describe("raise (floor)", function()
    it("keeps belief at least at its value above what the senses say", function()
      local f = seeing(0.2)
      f:run(0.5)
      near(0.2, f:confidence())
      f.agent:add_evidence(f.target, "Alarm", "raise", 0.5)
      f:run(DT)
      near(0.5, f:confidence())
      assert.are.equal("detected", f:state())
    end)

    it("changes nothing while the senses say more", function()
      local f = seeing(0.8)
      f.agent:add_evidence(f.target, "Alarm", "raise", 0.5)
      f:run(0.5)
      near(0.8, f:confidence())
    end)

    it("gives a belief about a target never sensed, climbing the states", function()
      local f = seeing(nil)
      f:run(0.5)
      assert.is_nil(f:belief())
      f.agent:add_evidence(f.target, "Tipoff", "raise", 0.4)
      local events = f:run(DT)
      local b = f:belief()
      assert.is_not_nil(b)
      near(0.4, b.confidence)
      assert.are.equal("detected", b.state)
      assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
    end)

    it("holds while no sense reports: no fading, no loss", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Tipoff", "raise", 0.4)
      f:run(DT)
      assert.are.same({}, fixture.types(f:run(20)))
      near(0.4, f:confidence())
      assert.are.equal("detected", f:state())
    end)

    it("held at 0.7 it climbs to tracked after min_track_duration", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Tipoff", "raise", 0.7)
      assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(f:run(DT)))
      assert.are.same({ "track" }, fixture.types(f:run(0.6)))
    end)
  end)

  describe("clamp (ceiling)", function()
    it("a clamp of 0.15 holds a fully seen target at Suspected: the seed's disguise", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { source = "uniform" })
      local events = f:run(5)
      assert.are.same({ "suspect" }, fixture.types(events))
      assert.are.equal("suspected", f:state())
      near(0.15, f:confidence())
      near(1.0, f:belief().fused)
    end)

    it("put on while seen, pulls a tracked target down to Suspected", function()
      local f, types = tracked_then(1.0, "Disguise", "clamp", 0.15)
      assert.are.same({ "detect", "suspect" }, types)
      near(0.15, f:confidence())
      assert.are.same({}, fixture.types(f:run(5)))
    end)

    it("taken off, lets the senses take belief up again", function()
      local f = held(1.0, "Disguise", "clamp", 0.15)
      assert_climbs_back(f, "Disguise", { "telegraph", "detect", "track" }, 1.0)
    end)
  end)

  describe("lower (relative reduction)", function()
    it("settles belief its value below what the senses alone say", function()
      local f = seeing(0.7)
      f.agent:add_evidence(f.target, "Doubt", "lower", 0.2)
      f:run(0.5)
      near(0.5, f:confidence())
      near(0.7, f:belief().fused)
    end)

    it("added while seen, belief settles down to it at fade_rate", function()
      local f = seeing(0.7)
      f:run(0.5)
      f.agent:add_evidence(f.target, "Doubt", "lower", 0.2)
      f:run(1)
      near(0.6, f:confidence(), 1e-3)
      f:run(2)
      near(0.5, f:confidence())
    end)

    it("never takes belief below 0", function()
      local f = seeing(0.3)
      f.agent:add_evidence(f.target, "Doubt", "lower", 0.5)
      f:run(0.5)
      assert.are.equal(0, f:confidence())
    end)

    it("applies only while a sense reports: a direct-cut sense's loss leaves normal fading", function()
      local f = held(0.7, "Doubt", "lower", 0.2,
        { sense_options = { Eyes = { direct_lost_cut = true, loss_reason = "occluded" } } })
      near(0.5, f:confidence())
      f.target:set_prop("Eyes", nil)
      local events = f:run(1)
      assert.are.same({ "lost" }, fixture.types(events))
      near(0.4, f:confidence(), 0.02)
    end)

    it("applies only while a sense reports: once all are silent, normal fading takes over", function()
      local f = held(0.7, "Doubt", "lower", 0.2)
      near(0.5, f:confidence())
      assert.are.equal("detected", f:state())
      f.target:set_prop("Eyes", nil)
      local events, highest = {}, 0
      for _ = 1, 60 do
        for _, ev in ipairs(f:run(DT)) do events[#events + 1] = ev end
        highest = math.max(highest, f:confidence())
      end
      -- Fading from 0.5 at 0.1/s once the 0.3 s grace ends: never above 0.5,
      -- no climb to Tracked, 0.40 to 0.43 after 1 s.
      assert.is_true(highest <= 0.5 + expect.TOL, string.format("confidence rose to %.4f", highest))
      assert.are.same({}, fixture.types(events))
      assert.are.equal("detected", f:state())
      near(0.415, f:confidence(), 0.03)
    end)
  end)

  describe("invalidate (force zero)", function()
    it("forces belief to 0 and the target steps back down with events", function()
      local f, types = tracked_then(0.9, "Nothing", "invalidate", 0)
      assert.are.same({ "detect", "suspect", "forget" }, types)
      assert.are.equal(0, f:confidence())
      assert.are.equal("undetected", f:state())
      assert.are.same({}, fixture.types(f:run(2)))
      assert.are.equal(0, f:confidence())
      near(0.9, f:belief().fused)
    end)

    it("means 'you didn't see anything': even with the sense just gone silent it forgets, never loses", function()
      local f = seeing(0.9)
      f:run(1)
      assert.are.equal("tracked", f:state())
      f.target:set_prop("Eyes", nil)
      f:run(DT * 2)
      f.agent:add_evidence(f.target, "Nothing", "invalidate")
      local types = fixture.types(f:run(8))
      assert.are.same({ "detect", "suspect", "forget" }, types)
      assert.are.equal("undetected", f:state())
      assert.are.equal("none", f:belief().loss_reason)
    end)

    it("never loses a target vision drops, whichever step of vision's grace it comes in", function()
      -- Vision cuts its share at once and sends a tracked target to Lost
      -- when its grace ends; invalidate in that very step still forgets.
      for k = 0, 16 do
        local world = require("wary").world()
        world:define_profile{ name = "g", vision = {} }
        local guard = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
        local thief = world:add_target{ pos = { 1000, 0, 0 } }
        for _ = 1, 60 do world:step(DT) end
        assert.are.equal("tracked", guard:state(thief))
        thief:teleport(100000, 0, 0)
        for _ = 1, k do world:step(DT) end
        local fired = {}
        world:on("lost", function(ev) fired[#fired + 1] = ev.type end)
        world:on("forget", function(ev) fired[#fired + 1] = ev.type end)
        guard:add_evidence(thief, "Nothing", "invalidate")
        world:step(DT)
        assert.are.same({ "forget" }, fired, "invalidate " .. k .. " steps after the thief vanished")
        assert.are.equal("undetected", guard:state(thief))
      end
    end)

    it("of a Lost or Remembered target forgets it: Undetected, no more remember or forget to come", function()
      for _, wait in ipairs{ 0.5, 6 } do -- Lost (lost_time 5 s), then Remembered
        local f = seeing(0.9)
        f:run(1)
        f.target:set_prop("Eyes", nil)
        f:run(0.3 + 9 + wait) -- its grace, its fade from 0.9 below 0.15, then Lost
        local before = f:state()
        assert.are.equal(wait < 5 and "lost" or "remembered", before)
        f.agent:add_evidence(f.target, "Cutscene", "invalidate")
        assert.are.same({ "forget" }, fixture.types(f:run(DT)))
        assert.are.equal("undetected", f:state())
        assert.are.equal("none", f:belief().loss_reason)
        assert.are.same({}, fixture.types(f:run(40)))
      end
    end)

    it("beats a floor", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Alarm", "raise", 0.8)
      f.agent:add_evidence(f.target, "Nothing", "invalidate")
      f:run(0.5)
      assert.are.equal(0, f:confidence())
      assert.are.equal("undetected", f:state())
    end)

    it("removed, lets the senses climb again", function()
      local f = held(0.9, "Nothing", "invalidate")
      assert.are.equal(0, f:confidence())
      assert_climbs_back(f, "Nothing", { "suspect", "telegraph", "detect", "track" }, 0.9)
    end)
  end)

  describe("tags", function()
    it("adding the same tag again replaces the entry: it doesn't stack", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.3)
      f:run(0.5)
      local list = f.agent:evidence(f.target)
      assert.are.equal(1, #list)
      near(0.3, list[1].value)
      near(0.3, f:confidence())
    end)

    it("replacing with another operation replaces the operation", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Report", "clamp", 0.15)
      f.agent:add_evidence(f.target, "Report", "raise", 0.5)
      f:run(DT)
      local list = f.agent:evidence(f.target)
      assert.are.equal(1, #list)
      assert.are.equal("raise", list[1].op)
      near(0.5, f:confidence())
    end)

    it("re-applying a disguise refreshes its lifetime", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { lifetime = 2 })
      f:run(1.5)
      near(0.5, f.agent:evidence(f.target)[1].remaining, 1e-3)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { lifetime = 2 })
      near(2, f.agent:evidence(f.target)[1].remaining)
      f:run(1)
      assert_one_clamp(f, 1)
    end)

    it("different tags live side by side", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.5)
      f.agent:add_evidence(f.target, "Doubt", "lower", 0.1)
      assert.are.equal(2, #f.agent:evidence(f.target))
    end)
  end)

  describe("lifetime", function()
    it("0 holds until remove_evidence", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15)
      f:run(60)
      local list = f.agent:evidence(f.target)
      assert.are.equal(1, #list)
      assert.are.equal(0, list[1].lifetime)
      near(0.15, f:confidence())
      assert.is_true(f.agent:remove_evidence(f.target, "Disguise"))
      assert.are.same({}, f.agent:evidence(f.target))
      assert.is_false(f.agent:remove_evidence(f.target, "Disguise"))
      assert_back_to_senses(f)
    end)

    it("0 holds until clear_evidence, which removes every entry", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15)
      f.agent:add_evidence(f.target, "Doubt", "lower", 0.3)
      f:run(60)
      assert.are.equal(2, #f.agent:evidence(f.target))
      near(0.15, f:confidence())
      f.agent:clear_evidence(f.target)
      assert.are.same({}, f.agent:evidence(f.target))
      assert_back_to_senses(f)
    end)

    it("above 0 expires by itself", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { lifetime = 1 })
      f:run(0.9)
      assert_one_clamp(f, 0.1)
      assert_back_to_senses(f)
    end)

    it("a floor with a lifetime lets belief fade once it expires", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Alarm", "raise", 0.5, { lifetime = 2 })
      f:run(1.9)
      near(0.5, f:confidence())
      f:run(1.1)
      assert.are.same({}, f.agent:evidence(f.target))
      near(0.4, f:confidence(), 0.02)
    end)
  end)

  describe("resolution", function()
    -- Eyes reports `seen` (nil: nothing); the `evidence` entries ({ tag, op,
    -- value }) are added; after `seconds` belief is `confidence`, in `state`.
    for _, case in ipairs({
      { name = "the highest floor wins", seen = nil, seconds = DT, confidence = 0.5, state = "detected",
        evidence = { { "A", "raise", 0.3 }, { "B", "raise", 0.5 }, { "C", "raise", 0.2 } } },
      { name = "the lowest ceiling wins", seen = 1.0, seconds = 0.5, confidence = 0.4, state = "detected",
        evidence = { { "A", "clamp", 0.6 }, { "B", "clamp", 0.4 }, { "C", "clamp", 0.5 } } },
      { name = "the reductions add up", seen = 0.8, seconds = 0.5, confidence = 0.5, state = "detected",
        evidence = { { "A", "lower", 0.1 }, { "B", "lower", 0.2 } } },
      { name = "a ceiling always beats a floor", seen = nil, seconds = DT, confidence = 0.3, state = "suspected",
        evidence = { { "Alarm", "raise", 0.7 }, { "Disguise", "clamp", 0.3 } } },
      { name = "a floor holds against reductions", seen = 0.6, seconds = 0.5, confidence = 0.5, state = "detected",
        evidence = { { "Alarm", "raise", 0.5 }, { "Doubt", "lower", 0.4 } } },
    }) do
      it(case.name, function()
        local f = seeing(case.seen)
        for _, e in ipairs(case.evidence) do f.agent:add_evidence(f.target, e[1], e[2], e[3]) end
        f:run(case.seconds)
        near(case.confidence, f:confidence())
        assert.are.equal(case.state, f:state())
      end)
    end
  end)

  describe("listing", function()
    it("evidence(target) lists tag, op, value, lifetime, remaining and source", function()
      local f = seeing(1.0)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { lifetime = 10, source = "uniform" })
      f.agent:add_evidence(f.target, "Alarm", "raise", 0.4)
      f:run(1)
      local list = f.agent:evidence(f.target)
      assert.are.equal(2, #list)
      local by_tag = {}
      for _, e in ipairs(list) do by_tag[e.tag] = e end
      local d = by_tag.Disguise
      assert.are.equal("Disguise", d.tag)
      assert.are.equal("clamp", d.op)
      near(0.15, d.value)
      near(10, d.lifetime)
      near(9, d.remaining, 1e-3)
      assert.are.equal("uniform", d.source)
      local a = by_tag.Alarm
      assert.are.equal("raise", a.op)
      near(0.4, a.value)
      assert.are.equal(0, a.lifetime)
      assert.is_nil(a.source)
    end)

    it("is empty for a target with no evidence", function()
      local f = seeing(0.5)
      f:run(0.5)
      assert.are.same({}, f.agent:evidence(f.target))
    end)

    it("evidence added about a target not yet perceived is listed", function()
      local f = seeing(nil)
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15, { source = "uniform" })
      local list = f.agent:evidence(f.target)
      assert.are.equal(1, #list)
      assert.are.equal("Disguise", list[1].tag)
      f.target:set_prop("Eyes", 1.0)
      f:run(1)
      near(0.15, f:confidence())
      assert.are.equal("suspected", f:state())
    end)
  end)
end)

describe("set_confidence", function()
  -- The target is 1000 units away; Eyes reaches only 500.
  local short = { sense_options = { Eyes = { max_range = 500 } } }

  it("raises belief once, at any range, even a target no sense can reach", function()
    local f = seeing(1.0, short)
    f:run(1)
    assert.is_nil(f:belief())
    f.agent:set_confidence(f.target, 0.5)
    local events = f:run(DT)
    near(0.5, f:confidence(), 1e-3)
    assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
  end)

  it("then belief fades at fade_rate and steps down", function()
    local f = seeing(nil, short)
    f.agent:set_confidence(f.target, 0.5)
    f:run(DT)
    local c0 = f:confidence()
    f:run(1)
    near(c0 - 0.1, f:confidence(), 1e-3)
    assert.are.equal("detected", f:state())
    local events = f:run(4)
    assert.are.same({ "suspect", "lost" }, fixture.types(events))
    assert.is_false(f:belief().sensed)
  end)

  it("never lowers: setting lower than current changes nothing", function()
    local f = seeing(0.8)
    f:run(1)
    f.agent:set_confidence(f.target, 0.2)
    assert.are.same({}, fixture.types(f:run(DT)))
    near(0.8, f:confidence())
    assert.are.equal("tracked", f:state())
    f.agent:set_confidence(f.target, 0)
    f:run(1)
    near(0.8, f:confidence())
  end)

  it("setting lower than a fading belief does not speed the fade", function()
    local f = seeing(nil)
    f.agent:set_confidence(f.target, 0.9)
    f:run(DT)
    local c0 = f:confidence()
    f.agent:set_confidence(f.target, 0.1)
    f:run(1)
    near(c0 - 0.1, f:confidence(), 1e-3)
  end)

  it("fades back to what a sense still says, and no lower", function()
    local f = seeing(0.3)
    f:run(0.5)
    f.agent:set_confidence(f.target, 0.9)
    f:run(DT)
    near(0.9, f:confidence())
    f:run(2)
    near(0.7, f:confidence(), 0.02)
    f:run(6)
    near(0.3, f:confidence())
    assert.are.equal("suspected", f:state())
  end)

  it("on a target never perceived creates a belief and climbs the states", function()
    local f = seeing(nil)
    assert.is_nil(f:belief())
    f.agent:set_confidence(f.target, 0.9)
    assert.is_not_nil(f:belief())
    local events = f:run(DT)
    assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
    near(0.9, f:confidence(), 1e-3)
    assert.are.equal("detected", f:state())
    assert.are.equal("suspected", events[1].to)
    assert.are.equal("detected", events[3].to)
  end)

  it("a raise later lifts belief again, once more", function()
    local f = seeing(nil)
    f.agent:set_confidence(f.target, 0.5)
    f:run(2)
    near(0.3, f:confidence(), 0.02)
    f.agent:set_confidence(f.target, 0.8)
    f:run(DT)
    near(0.8, f:confidence(), 1e-3)
  end)

  it("is held down by a clamp", function()
    local f = seeing(nil)
    f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15)
    f.agent:set_confidence(f.target, 0.9)
    f:run(DT)
    near(0.15, f:confidence())
  end)
end)
