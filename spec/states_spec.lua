-- The seven states and their events (seed 000, "Seven states, one event each"
-- and "The thresholds and timings"). Rules the seed leaves open are wary's, as
-- written in the header of src/resolve.c. The fixture's senses report exactly
-- the number set in target.props[<sense id>] (interval 0.1 s, grace 0.3 s).
local fixture = require("spec.support.fixture")
local expect = require("spec.support.expect")

local near = expect.near
local DT = 1 / 60

-- Steps one frame at a time until the state is `state` (at most `limit`
-- seconds); returns the events fired meanwhile.
local function run_until(f, state, limit)
  local out = {}
  for _ = 1, math.floor((limit or 10) * 60 + 0.5) do
    for _, ev in ipairs(f:run(DT)) do out[#out + 1] = ev end
    if f:state() == state then return out end
  end
  error(string.format("state %s not reached in %s s (state %s)", state, limit or 10, f:state()))
end

-- The first event of type `kind` in a list.
local function first(events, kind)
  for _, ev in ipairs(events) do
    if ev.type == kind then return ev end
  end
  error("no " .. kind .. " event among: " .. table.concat(fixture.types(events), ", "))
end

-- The state a target settles in when its one sense reports `value`.
local function settles(value, profile, seconds)
  local f = fixture.new{ profile = profile }
  f.target:set_prop("Eyes", value)
  f:run(seconds or 2)
  return f:state(), f
end

-- A fixture (fixture.new(options)) whose one sense reports `value`, stepped
-- until the state is `state` (at most `limit` seconds); returns it and the
-- events fired meanwhile.
local function reached(state, value, limit, options)
  local f = fixture.new(options)
  f.target:set_prop("Eyes", value)
  return f, run_until(f, state, limit)
end

-- A fixture tracked at `value` (default 0.7) whose one sense then falls silent.
local function tracked_then_silent(options, value)
  local f = reached("tracked", value or 0.7, 2, options)
  f.target:set_prop("Eyes", nil)
  return f
end

-- Sets what the sense reports and runs `seconds`; returns the types of the
-- events fired meanwhile.
local function set_and_run(f, value, seconds)
  f.target:set_prop("Eyes", value)
  return fixture.types(f:run(seconds))
end

-- Asserts that `events` is exactly one event of type `kind`, from state
-- `from` to state `to`; returns that event.
local function assert_one(events, kind, from, to)
  assert.are.same({ kind }, fixture.types(events))
  assert.are.equal(from, events[1].from)
  assert.are.equal(to, events[1].to)
  return events[1]
end

-- Asserts that the event `ev` and the belief of `f` both say lost, for `reason`.
local function assert_lost(f, ev, reason)
  assert.are.equal("lost", ev.to)
  assert.are.equal(reason, ev.loss_reason)
  local b = f:belief()
  assert.are.equal("lost", b.state)
  assert.are.equal(reason, b.loss_reason)
  return b
end

local direct_eyes = { Eyes = { direct_lost_cut = true, loss_reason = "occluded" } }

describe("states", function()
  describe("thresholds", function()
    it("are 0.15, 0.35 and 0.60 by default", function()
      for _, case in ipairs({
        { 0.149, "undetected" }, { 0.15, "suspected" }, { 0.349, "suspected" }, { 0.35, "detected" },
        { 0.599, "detected" }, { 0.60, "tracked" }, { 1.0, "tracked" },
      }) do
        assert.are.equal(case[2], (settles(case[1])), "reporting " .. case[1])
      end
    end)

    it("a target below 0.15 gets a belief but no event", function()
      local f = fixture.new()
      assert.are.same({}, set_and_run(f, 0.1, 2))
      assert.are.equal("undetected", f:state())
      near(0.1, f:confidence())
    end)

    it("custom thresholds on a profile: a jumpy civilian and a calm soldier differ on the same input", function()
      local calm = { suspect_threshold = 0.3, detect_threshold = 0.5, track_threshold = 0.8,
                     telegraph_threshold = 0.4 }
      local jumpy = { suspect_threshold = 0.05, detect_threshold = 0.1, track_threshold = 0.2,
                      telegraph_threshold = 0.07 }
      for _, case in ipairs({
        { calm, 0.25, "undetected" }, { calm, 0.45, "suspected" }, { calm, 0.7, "detected" },
        { calm, 0.85, "tracked" }, { jumpy, 0.25, "tracked" }, { jumpy, 0.08, "suspected" },
      }) do
        local profile, value, state = case[1], case[2], case[3]
        assert.are.equal(state, (settles(value, profile)),
          (profile == calm and "calm" or "jumpy") .. " reporting " .. value)
      end
    end)
  end)

  describe("on the way up", function()
    it("fires suspect, telegraph, detect in order, then track only after 0.5 s in Detected", function()
      local f, events = reached("detected", 0.9, 1)
      assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
      assert.are.same({ "undetected", "suspected", "suspected" },
        { events[1].from, events[2].from, events[3].from })
      assert.are.same({ "suspected", "suspected", "detected" },
        { events[1].to, events[2].to, events[3].to })
      assert.are.same({}, fixture.types(f:run(0.4)))
      assert.are.equal("detected", f:state())
      near(0.9, f:confidence())
      assert_one(f:run(0.2), "track", "detected", "tracked")
      assert.are.equal("tracked", f:state())
    end)

    it("honours a profile's min_track_duration", function()
      local f = reached("detected", 0.9, 1, { profile = { min_track_duration = 2 } })
      assert.are.same({}, fixture.types(f:run(1.9)))
      assert.are.same({ "track" }, fixture.types(f:run(0.2)))
    end)

    it("a target that climbs slowly fires suspect, then telegraph at 0.25, then detect", function()
      local f = fixture.new()
      assert.are.same({ "suspect" }, set_and_run(f, 0.2, 0.5))
      assert.are.same({ "telegraph" }, set_and_run(f, 0.3, 0.5))
      assert.are.equal("suspected", f:state())
      assert.are.same({ "detect" }, set_and_run(f, 0.4, 0.5))
    end)

    it("telegraph fires once and not again while the belief holds between suspect and detect", function()
      local f = fixture.new()
      assert.are.same({ "suspect", "telegraph" }, set_and_run(f, 0.3, 0.5))
      assert.are.same({}, fixture.types(f:run(3)))
      assert.are.equal("suspected", f:state())
      assert.are.same({ "detect" }, set_and_run(f, 0.4, 0.5))
      assert.are.same({}, set_and_run(f, 0.5, 0.3))
    end)

    it("a profile's telegraph_threshold moves the telegraph", function()
      local f = fixture.new{ profile = { telegraph_threshold = 0.3 } }
      assert.are.same({ "suspect" }, set_and_run(f, 0.27, 0.5))
      assert.are.same({ "telegraph" }, set_and_run(f, 0.31, 0.5))
    end)
  end)

  describe("on the way down", function()
    -- Reaches `from` reporting `high`, then reports `low` for `seconds`: one
    -- event, `event`, to the state `to`, settling at `low`, still seen.
    for _, case in ipairs({
      { name = "a tracked target that slips below 0.60 fires detect again (state detected)",
        from = "tracked", high = 0.9, limit = 2, low = 0.5, seconds = 5, event = "detect", to = "detected" },
      { name = "Detected -> Suspected fires suspect",
        from = "detected", high = 0.5, limit = 1, low = 0.2, seconds = 4, event = "suspect", to = "suspected" },
      { name = "a target still reported below 0.15 goes back to undetected with a forget event",
        from = "suspected", high = 0.2, limit = 1, low = 0.1, seconds = 2, event = "forget", to = "undetected" },
    }) do
      it(case.name, function()
        local f = reached(case.from, case.high, case.limit)
        f.target:set_prop("Eyes", case.low)
        assert_one(f:run(case.seconds), case.event, case.from, case.to)
        assert.are.equal(case.to, f:state())
        near(case.low, f:confidence())
        assert.are.equal("none", f:belief().loss_reason)
      end)
    end

    it("slips from 0.9 to below 0.60 at fade_rate, not at once", function()
      local f = reached("tracked", 0.9, 2)
      f.target:set_prop("Eyes", 0.5)
      f:run(1)
      assert.are.equal("tracked", f:state())
      near(0.8, f:confidence(), 0.02)
      f:run(1)
      near(0.7, f:confidence(), 0.02)
      assert.are.same({ "detect" }, fixture.types(f:run(2)))
    end)

    it("a tracked target still reported at 0.1 steps down through detect, suspect and forget", function()
      local f = reached("tracked", 0.9, 2)
      assert.are.same({ "detect", "suspect", "forget" }, set_and_run(f, 0.1, 10))
      assert.are.equal("undetected", f:state())
    end)
  end)

  describe("loss", function()
    it("a non-direct sense holds its share through its 0.3 s grace", function()
      local f = tracked_then_silent()
      assert.are.same({}, fixture.types(f:run(0.25)))
      local b = f:belief()
      near(0.7, b.contributions.Eyes)
      near(0.7, b.confidence)
      assert.are.equal("tracked", b.state)
      assert.is_true(b.sensed)
    end)

    it("then the belief steps down through detect, suspect, then lost with loss_reason sensor_dropout", function()
      local f = tracked_then_silent()
      local events = f:run(8)
      assert.are.same({ "detect", "suspect", "lost" }, fixture.types(events))
      assert.are.equal("suspected", events[3].from)
      local b = assert_lost(f, events[3], "sensor_dropout")
      assert.is_false(b.sensed)
    end)

    it("after the grace a non-direct sense's share fades at fade_rate", function()
      local f = tracked_then_silent()
      f:run(0.5)
      local before = f:belief().contributions.Eyes
      assert.is_true(before < 0.7)
      f:run(1)
      near(before - 0.1, f:belief().contributions.Eyes, 1e-3)
    end)

    it("a direct-cut sense drops its share to 0 at once", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      f:run(0.15)
      local b = f:belief()
      assert.are.equal(0, b.contributions.Eyes)
      assert.are.equal(0, b.fused)
      assert.are.equal("tracked", b.state) -- still inside its grace
    end)

    it("a direct-cut sense sends the state straight to lost when its grace ends, with loss_reason occluded", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      local ev = assert_one(f:run(0.6), "lost", "tracked", "lost")
      local b = assert_lost(f, ev, "occluded")
      assert.is_true(b.confidence > 0.6) -- lost at once, though confidence is still high
    end)

    it("after a direct cut, belief.confidence itself fades at fade_rate (0.1/s) and the state stays lost", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      f:run(0.5)
      local c0 = f:confidence()
      assert.are.same({}, fixture.types(f:run(1)))
      near(c0 - 0.1, f:confidence(), 1e-3)
      assert.are.same({}, fixture.types(f:run(2)))
      near(c0 - 0.3, f:confidence(), 1e-3)
      assert.are.equal("lost", f:state())
    end)

    it("lost -> remembered after lost_time (5 s) -> expired after memory_time (30 s), with events", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      run_until(f, "lost", 1)
      assert.are.same({}, fixture.types(f:run(4.9)))
      assert.are.equal("lost", f:state())
      assert_one(f:run(0.2), "remember", "lost", "remembered")
      assert.are.equal("remembered", f:state())
      assert.are.same({}, fixture.types(f:run(29.8)))
      assert.are.equal("remembered", f:state())
      assert_one(f:run(0.2), "forget", "remembered", "expired")
      assert.are.equal("expired", f:state())
      assert.are.equal("occluded", f:belief().loss_reason)
      assert.are.same({}, fixture.types(f:run(30)))
    end)

    it("the loss reason is that of the sense that reported last", function()
      -- Both senses report, then `early` falls silent, then `late`: the
      -- lost event and the belief give late's loss_reason.
      local function lost_for(early, late)
        local f = fixture.new{ senses = { "Eyes", "Ears" }, sense_options = {
          Eyes = { loss_reason = "occluded" }, Ears = { loss_reason = "out_of_range" } } }
        f.target:set_prop("Eyes", 0.5)
        f.target:set_prop("Ears", 0.5)
        f:run(1)
        f.target:set_prop(early, nil)
        f:run(1)
        f.target:set_prop(late, nil)
        return first(f:run(6), "lost").loss_reason, f:belief().loss_reason
      end
      local event_reason, belief_reason = lost_for("Eyes", "Ears")
      assert.are.equal("out_of_range", event_reason)
      assert.are.equal("out_of_range", belief_reason)
      event_reason, belief_reason = lost_for("Ears", "Eyes")
      assert.are.equal("occluded", event_reason)
      assert.are.equal("occluded", belief_reason)
    end)

    it("loss_reason is none while the target is seen", function()
      local f = fixture.new{ sense_options = direct_eyes }
      f.target:set_prop("Eyes", 0.7)
      f:run(1)
      assert.are.equal("none", f:belief().loss_reason)
    end)

    it("re-acquiring from lost climbs again (suspect, detect, then track) with loss_reason back to none", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      run_until(f, "lost", 1)
      f:run(1)
      assert.are.equal("occluded", f:belief().loss_reason)
      f.target:set_prop("Eyes", 0.7)
      local events = run_until(f, "detected", 1)
      assert.are.equal("suspect", events[1].type)
      assert.are.equal("lost", events[1].from)
      assert.are.equal("detect", events[#events].type)
      assert.are.equal("none", f:belief().loss_reason)
      assert.are.same({ "track" }, fixture.types(f:run(0.6)))
      assert.are.equal("none", f:belief().loss_reason)
    end)

    it("re-acquiring from remembered climbs again too", function()
      local f = tracked_then_silent{ sense_options = direct_eyes }
      run_until(f, "remembered", 7)
      f.target:set_prop("Eyes", 0.7)
      local events = run_until(f, "detected", 1)
      assert.are.same({ "suspect", "telegraph", "detect" }, fixture.types(events))
      assert.are.equal("remembered", events[1].from)
      assert.are.equal("none", f:belief().loss_reason)
    end)
  end)

  describe("smoothed confidence", function()
    it("approaches confidence with smoothing_time (0.25 s): 1 - exp(-t / 0.25) of the way", function()
      local f = fixture.new()
      f.target:set_prop("Eyes", 0.8)
      local steps = 0
      while f:confidence() == 0 do
        f:run(DT)
        steps = steps + 1
        assert.is_true(steps < 20)
      end
      local b = f:belief()
      near(0.8, b.confidence)
      near(0.8 * (1 - math.exp(-DT / 0.25)), b.smoothed)
      f:run(14 * DT) -- 15 steps since the jump: t = 0.25 s
      b = f:belief()
      near(0.8 * (1 - math.exp(-1)), b.smoothed)
      f:run(2)
      near(0.8, f:belief().smoothed, 1e-3)
    end)

    it("a profile's smoothing_time changes how fast it follows", function()
      local f = fixture.new{ profile = { smoothing_time = 1 } }
      f.target:set_prop("Eyes", 0.8)
      while f:confidence() == 0 do f:run(DT) end
      f:run(59 * DT) -- 60 steps since the jump: t = 1 s
      near(0.8 * (1 - math.exp(-1)), f:belief().smoothed)
    end)

    it("lands on the confidence once within 2^-24 of it, never in subnormal numbers", function()
      local f = fixture.new()
      f.target:set_prop("Eyes", 0.8)
      f:run(1)
      f.target:set_prop("Eyes", 0) -- unseen: the confidence fades to 0
      local landed, subnormal = nil, 0
      for step = 1, 60 * 20 do
        f:run(DT)
        local b = f:belief()
        local gap = math.abs(b.smoothed - b.confidence)
        if gap ~= 0 and gap < 2 ^ -24 then subnormal = subnormal + 1 end
        if b.smoothed ~= 0 and math.abs(b.smoothed) < 2 ^ -126 then subnormal = subnormal + 1 end
        if not landed and b.confidence == 0 and b.smoothed == 0 then landed = step end
      end
      assert.are.equal(0, subnormal)
      -- From 0.8 at 0 to within 2^-24 takes about 16 x 0.25 s; the float
      -- tail below, which took about 1,500 steps, is cut off.
      assert.is_truthy(landed)
      local b = f:belief()
      assert.are.equal(0, b.smoothed)
      assert.are.equal(0, b.confidence)
    end)

    it("settles on a steady confidence once a step no longer moves it, at 60 and at 144 Hz", function()
      for _, dt in ipairs({ 1 / 60, 1 / 144 }) do
        local f = fixture.new()
        f.target:set_prop("Eyes", 0.8)
        local settled
        for step = 1, math.floor(10 / dt) do
          f.world:step(dt)
          local b = f:belief()
          if not settled and b and b.confidence > 0 and b.smoothed == b.confidence then settled = step end
        end
        -- 0.8 is steady from the first sighting; the meter is within 2^-24
        -- of it or on it after about 16 x 0.25 s.
        assert.is_truthy(settled, "settled at " .. dt)
        assert.is_true(settled * dt < 5, settled * dt)
        local b = f:belief()
        assert.are.equal(b.confidence, b.smoothed)
      end
    end)

    it("stays where it is in a step of dt 0, and eases on in a step too short to move it far", function()
      local f = fixture.new()
      f.target:set_prop("Eyes", 0.8)
      for _ = 1, 12 do f.world:step(1 / 60) end
      local b = f:belief()
      local before = b.smoothed
      assert.is_true(b.confidence - before > 0.1)
      f.world:step(0)
      assert.are.equal(before, f:belief().smoothed)
      f.world:step(1e-6) -- an ease of less than half a float's step: it does not jump to the confidence
      assert.is_true(b.confidence - f:belief().smoothed > 0.1)
    end)

    it("smoothing_time 0 makes smoothed equal to confidence", function()
      local f = fixture.new{ profile = { smoothing_time = 0 } }
      f.target:set_prop("Eyes", 0.8)
      f:run(0.2)
      local b = f:belief()
      assert.are.equal(b.confidence, b.smoothed)
    end)
  end)

  describe("last known position", function()
    -- Eyes and Ears report a position of their own with an accuracy.
    local function located()
      local report = {
        Eyes = { 0.5, 0.9, 111, 222, 0 },
        Ears = { 0.5, 0.3, 333, 444, 0 },
      }
      local function evaluate(id)
        return function()
          local r = report[id]
          if r then return r[1], r[2], r[3], r[4], r[5] end
        end
      end
      local f = fixture.new{ senses = { "Eyes", "Ears" }, sense_options = {
        Eyes = { evaluate = evaluate("Eyes") }, Ears = { evaluate = evaluate("Ears") } } }
      return f, report
    end

    it("follows the most accurate active sense", function()
      local f, report = located()
      f:run(0.5)
      local b = f:belief()
      near(111, b.last_known.x)
      near(222, b.last_known.y)
      near(100, b.uncertainty, 1e-2) -- (1 - 0.9) x max_uncertainty
      report.Eyes = nil
      f:run(0.2)
      b = f:belief()
      near(333, b.last_known.x)
      near(444, b.last_known.y)
      near(700, b.uncertainty, 1e-2)
    end)

    it("uncertainty grows 150 units/s (uncertainty_growth) up to 1000 (max_uncertainty) while unsensed", function()
      local f, report = located()
      f:run(0.5)
      report.Eyes = nil
      f:run(0.2)
      report.Ears = nil
      f:run(0.2)
      local u0 = f:belief().uncertainty
      assert.is_true(u0 > 700 and u0 < 1000)
      f:run(1)
      local b = f:belief()
      near(u0 + 150, b.uncertainty, 1e-2)
      near(333, b.last_known.x)
      near(444, b.last_known.y)
      f:run(10)
      assert.are.equal(1000, f:belief().uncertainty)
    end)

    -- Seen for 0.5 s, then unsensed: the uncertainty grows `growth` a second
    -- and stops at `cap` (reached within `to_cap` seconds).
    for _, case in ipairs({
      { name = "uncertainty growth and its cap scale with units_per_meter",
        options = { world = { units_per_meter = 50 } }, growth = 75, cap = 500, to_cap = 10 },
      { name = "a profile's uncertainty_growth and max_uncertainty take effect",
        options = { profile = { uncertainty_growth = 40, max_uncertainty = 100 } }, growth = 40, cap = 100,
        to_cap = 5 },
    }) do
      it(case.name, function()
        local f = fixture.new(case.options)
        f.target:set_prop("Eyes", 0.7)
        f:run(0.5)
        f.target:set_prop("Eyes", nil)
        f:run(0.2)
        local u0 = f:belief().uncertainty
        f:run(1)
        near(u0 + case.growth, f:belief().uncertainty, 1e-2)
        f:run(case.to_cap)
        assert.are.equal(case.cap, f:belief().uncertainty)
      end)
    end
  end)

  describe("profile timings", function()
    it("fade_rate, lost_time and memory_time changed in a profile take effect", function()
      local f = tracked_then_silent({ sense_options = direct_eyes,
                                      profile = { fade_rate = 0.5, lost_time = 1, memory_time = 2 } }, 0.9)
      run_until(f, "lost", 1)
      local c0 = f:confidence()
      f:run(0.5)
      near(c0 - 0.25, f:confidence(), 1e-3)
      assert.are.same({}, fixture.types(f:run(0.4)))
      assert.are.same({ "remember" }, fixture.types(f:run(0.2)))
      assert.are.same({}, fixture.types(f:run(1.8)))
      assert.are.same({ "forget" }, fixture.types(f:run(0.2)))
      assert.are.equal("expired", f:state())
      near(0, f:confidence())
    end)

    it("a step of dt 0 passes no time: no fade, no grace, no timer, no event", function()
      local f = reached("tracked", 0.9, 2)
      f.target:set_prop("Eyes", 0)
      local c0, from = f:confidence(), #f.log + 1
      for _ = 1, 600 do f.world:step(0) end
      assert.are.equal(c0, f:confidence())
      assert.are.equal("tracked", f:state())
      assert.are.same({}, fixture.types({ table.unpack(f.log, from) }))
      -- Time passing again, it goes on as a twin that never stepped 0.
      local twin = reached("tracked", 0.9, 2)
      twin.target:set_prop("Eyes", 0)
      for _ = 1, 3 do
        f:run(0.5)
        twin:run(0.5)
        assert.are.equal(twin:confidence(), f:confidence())
        assert.are.equal(twin:state(), f:state())
      end
      assert.is_true(f:confidence() < c0 - 0.05)
    end)

    it("a disguise or a reduction lifted while the only sense is silent in its grace climbs no state", function()
      for _, op in ipairs{ { "clamp", 0.2, "suspected" }, { "lower", 0.3, "detected" } } do
        local f = fixture.new{ sense_options = { Eyes = { loss_grace = 1 } } }
        f.agent:add_evidence(f.target, "Disguise", op[1], op[2])
        f.target:set_prop("Eyes", 0.9)
        f:run(1)
        f.target:set_prop("Eyes", 0)
        f:run(0.5) -- silent, half way through its grace
        assert.are.equal(op[3], f:state())
        f.agent:remove_evidence(f.target, "Disguise")
        assert.are.same({}, fixture.types(f:run(0.3)))
        assert.are.equal(op[3], f:state())
        near(0.9, f:confidence(), 1e-6) -- the grace's share, no longer held down
        -- Seen again, it climbs.
        f.target:set_prop("Eyes", 0.9)
        f:run(1)
        assert.are.equal("tracked", f:state())
      end
    end)

    it("a slower fade_rate keeps a non-direct loss in its states longer", function()
      local f = tracked_then_silent{ profile = { fade_rate = 0.05 } }
      -- 0.3 s grace, then 0.7 -> 0.6 takes 2 s at 0.05/s
      assert.are.same({}, fixture.types(f:run(2)))
      assert.are.same({ "detect" }, fixture.types(f:run(0.6)))
    end)
  end)
end)
