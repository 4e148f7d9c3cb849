-- spec/brain_seed_values_spec.lua: seed 002 ("Emotions & pain") values the
-- library keeps but spec/brain_spec.lua did not prove: a pain type's
-- defaults, Deafened, Smoke, how Burning and Bleeding fade, 10% health, the
-- emotion table's rise and decay rates, the dominant emotion's thresholds and
-- ties, panic's rules, suppression below 0.02, the damage sense's lack of a
-- direct cut, and fear with more than 2 targets. Every expected number is the
-- seed's (or its arithmetic), on both backends, at 60 steps a second.
local wary = require("wary")
local worlds = require("spec.support.worlds")
local expect = require("spec.support.expect")
local events = require("spec.support.events")

local near = expect.near
local run = worlds.run
local DT = 1 / 60

-- A world and a guard with every seed-002 part (and the senses pain dulls).
local function guard_world()
  local world = wary.world()
  world:define_profile{ name = "guard", vision = {}, hearing = {}, smell = {}, damage = {}, pain = {}, brain = {} }
  return world, world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
end

-- `n` targets of another team, far out of every sense's reach, each held at
-- Suspected by evidence (a floor and a ceiling of 0.2): targets the emotion
-- rules count, with nothing else going on.
local function suspects(world, guard, n)
  local out = {}
  for i = 1, n do
    out[i] = world:add_target{ name = "t" .. i, pos = { 100000, i * 1000, 0 }, team = "intruders" }
    guard:add_evidence(out[i], "floor", "raise", 0.2)
    guard:add_evidence(out[i], "ceiling", "clamp", 0.2)
  end
  return out
end

-- One emotion's value.
local function emotion(guard, name)
  return guard:emotions()[name]
end

-- Sets emotions (a list of { name, value }, applied in order) after a
-- reset, then steps 0 s: the dominant emotion is chosen at a step, and in a
-- step of 0 s nothing rises or falls.
local function dominant(world, guard, settings)
  guard:reset_emotions()
  for _, s in ipairs(settings) do guard:set_emotion(s[1], s[2]) end
  world:step(0)
  return guard:dominant_emotion()
end

-- The events of `log` about `target`.
local function about(log, target)
  local out = {}
  for _, ev in ipairs(log) do
    if ev.target == target then out[#out + 1] = ev end
  end
  return out
end

-- Steps one frame at a time until guard's state about target is `state`
-- (at most `limit` seconds).
local function step_until(world, guard, target, state, limit)
  for _ = 1, math.floor(limit * 60 + 0.5) do
    world:step(DT)
    if guard:state(target) == state then return end
  end
  error(string.format("state %s not reached in %s s (state %s)", state, limit, tostring(guard:state(target))))
end

describe("seed 002: a pain type's defaults", function()
  -- "Decay Rate 0.2 ... Max Level 1 ... Amount Override 0"
  it("seed 002: a pain type left to its defaults adds the amount reported (Amount Override 0), loses 0.2 a "
    .. "second (Decay Rate 0.2) and is capped at 1 (Max Level 1)", function()
    local world, guard = guard_world()
    world:define_pain{ name = "Plain", effects = { Vision = 1 } }
    guard:report_pain("Plain", 0.5)
    near(0.5, guard:pain_level("Plain"))          -- the amount passed, not an override
    run(world, 1)
    near(0.3, guard:pain_level("Plain"), 1e-3)    -- 0.5 - 0.2 x 1 s
    guard:report_pain("Plain", 0.25)
    near(0.55, guard:pain_level("Plain"), 1e-3)   -- each report adds its amount
    guard:report_pain("Plain", 5)
    near(1, guard:pain_level("Plain"))            -- "capped at Max Level"
  end)

  it("seed 002: a level of 1 at 0.2 a second is gone in 5 s", function()
    local world, guard = guard_world()
    world:define_pain{ name = "Plain", effects = { Vision = 1 } }
    guard:report_pain("Plain", 1)
    run(world, 4.9)
    near(0.02, guard:pain_level("Plain"), 1e-3)
    run(world, 0.2)
    near(0, guard:pain_level("Plain"))
  end)
end)

describe("seed 002: the useful set of pain types", function()
  -- "DA_Pain_Deafened  Decay 0.3; Hearing Sense 1  Deaf, back over 3.3 s. Sees fine."
  it("seed 002: Deafened at a full report leaves hearing x0 and vision x1, back to 0 over 3.3 s", function()
    local world, guard = guard_world()
    guard:report_pain("Deafened", 1)
    near(0, guard:sense_multiplier("Hearing"))
    near(1, guard:sense_multiplier("Vision"))
    run(world, 3.2)
    near(0.04, guard:pain_level("Deafened"), 1e-3) -- 1 - 0.3 x 3.2: not yet back
    assert.is_true(guard:pain_level("Deafened") > 0)
    near(0.96, guard:sense_multiplier("Hearing"), 1e-3)
    run(world, 0.2)
    near(0, guard:pain_level("Deafened"))          -- 3.4 s: back
    near(1, guard:sense_multiplier("Hearing"))
  end)

  -- "DA_Pain_Smoke ... Sight x0.1, smell x0.4 ... Hearing untouched, so sound still matters."
  it("seed 002: Smoke at a full report leaves sight x0.1 and smell x0.4, hearing untouched", function()
    local _, guard = guard_world()
    guard:report_pain("Smoke", 1)
    near(0.1, guard:sense_multiplier("Vision"))
    near(0.4, guard:sense_multiplier("Smell"))
    near(1, guard:sense_multiplier("Hearing"))
  end)

  -- "DA_Pain_Burning ... Report 0.6: ... gone 3 s after the last report."
  it("seed 002: Burning reported at 0.6 is gone 3 s after the last report", function()
    local world, guard = guard_world()
    guard:report_pain("Burning", 0.6)
    run(world, 1)
    guard:report_pain("Burning", 0.2)              -- the last report: back to 0.6
    near(0.6, guard:pain_level("Burning"), 1e-3)
    run(world, 2.9)
    near(0.02, guard:pain_level("Burning"), 1e-3)  -- 0.6 - 0.2 x 2.9
    run(world, 0.2)
    near(0, guard:pain_level("Burning"))
    near(1, guard:sense_multiplier("Vision"))
  end)

  -- "DA_Pain_Bleeding  Decay 0.05, Max Level 0.7 ... At the cap: sight x0.79, fading over 14 s"
  it("seed 002: Bleeding at its cap (0.7) fades over 14 s", function()
    local world, guard = guard_world()
    guard:report_pain("Bleeding", 1)
    near(0.7, guard:pain_level("Bleeding"))
    run(world, 7)
    near(0.35, guard:pain_level("Bleeding"), 1e-3) -- half way
    run(world, 6.9)
    near(0.005, guard:pain_level("Bleeding"), 1e-3) -- 13.9 s: not yet gone
    assert.is_true(guard:pain_level("Bleeding") > 0)
    run(world, 0.2)
    near(0, guard:pain_level("Bleeding"))          -- 14.1 s
  end)
end)

describe("seed 002: low health dulls every sense", function()
  -- "with floor 0, an AI at half health perceives at half strength, and at 10% health at a tenth"
  it("seed 002: at 10% health every sense is at a tenth: vision, hearing, smell and damage", function()
    local world = wary.world()
    world:define_profile{ name = "guard", vision = {}, hearing = {}, smell = {}, damage = {}, pain = {} }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, health = 0.1 }
    run(world, 0.1)
    for _, id in ipairs({ "Vision", "Hearing", "Smell", "Damage" }) do
      near(0.1, guard:sense_multiplier(id), 1e-4)
    end
  end)

  it("seed 002: at 10% health a target in the open is seen at a tenth of what a guard at full health sees",
    function()
      local world = wary.world()
      world:define_profile{ name = "guard", vision = {}, pain = {} }
      local weak = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, health = 0.1 }
      -- half of vision's 30 m (wary's default range): "at half the range 75% is left" (seed 000)
      local player = world:add_target{ pos = { 1500, 0, 0 } }
      run(world, 0.5)
      near(0.75 * 0.1, weak:belief(player).fused, 1e-4)
    end)
end)

describe("seed 002: the emotions' rates (Brain > Emotions)", function()
  -- "Emotion  Max  Rise rate  Decay rate: Fear 1 0.5 0.2; Aggression 1 0.8 0.3;
  --  Curiosity 1 0.4 0.6; Alertness 1 0.6 0.1; Panic 1 0.3 0.15"
  local DECAY = {
    { "fear", 0.2 }, { "aggression", 0.3 }, { "curiosity", 0.6 }, { "alertness", 0.1 }, { "panic", 0.15 },
  }
  for _, row in ipairs(DECAY) do
    local name, rate = row[1], row[2]
    it(string.format("seed 002: %s falls at %g a second with no targets (and, for panic, fear below 0.5)",
      name, rate), function()
      local world, guard = guard_world()
      guard:set_emotion(name, 0.9)
      world:step(0)
      run(world, 0.5)
      near(0.9 - rate * 0.5, emotion(guard, name), 1e-3)
      run(world, 0.5)
      near(0.9 - rate, emotion(guard, name), 1e-3)
    end)
  end

  -- "Aggression rises while ... any target is Tracked"
  it("seed 002: aggression rises at 0.8 a second while a target is Tracked", function()
    local world, guard = guard_world()
    local player = world:add_target{ name = "player", pos = { 300, 0, 0 }, team = "intruders" }
    step_until(world, guard, player, "tracked", 3)
    local a0 = emotion(guard, "aggression")
    assert.is_true(a0 < 0.5, "room left to rise")
    run(world, 0.5)
    assert.are.equal("tracked", guard:state(player))
    near(0.4, emotion(guard, "aggression") - a0, 1e-3) -- 0.8 x 0.5 s
  end)

  -- "Alertness rises while any target is Detected or Tracked"
  it("seed 002: alertness rises at 0.6 a second while a target is Detected", function()
    local world, guard = guard_world()
    local player = world:add_target{ name = "player", pos = { 300, 0, 0 }, team = "intruders" }
    step_until(world, guard, player, "detected", 3)
    local a0 = emotion(guard, "alertness")
    run(world, 1 / 3)
    assert.are.equal("detected", guard:state(player)) -- min track duration 0.5 s: not yet tracked
    near(0.2, emotion(guard, "alertness") - a0, 1e-3) -- 0.6 x 1/3 s
  end)

  -- "Curiosity rises while any target is Suspected"
  it("seed 002: curiosity rises at 0.4 a second while a target is Suspected", function()
    local world, guard = guard_world()
    local t = suspects(world, guard, 1)[1]
    run(world, 0.2)
    assert.are.equal("suspected", guard:state(t))
    local c0 = emotion(guard, "curiosity")
    run(world, 1)
    near(0.4, emotion(guard, "curiosity") - c0, 1e-3)
  end)
end)

describe("seed 002: the dominant emotion", function()
  -- "the highest of Fear, Aggression, Curiosity and Alertness that is above Emotion
  --  Active Threshold (0.2) ... Calm when none is."
  it("seed 002: an emotion counts only above Emotion Active Threshold 0.2", function()
    local world, guard = guard_world()
    local NAMES = { { "fear", "fearful" }, { "aggression", "aggressive" }, { "curiosity", "curious" },
                    { "alertness", "alert" } }
    for _, n in ipairs(NAMES) do
      assert.are.equal("calm", dominant(world, guard, { { n[1], 0.19 } }), n[1] .. " 0.19")
      assert.are.equal("calm", dominant(world, guard, { { n[1], 0.2 } }), n[1] .. " 0.2: not above")
      assert.are.equal(n[2], dominant(world, guard, { { n[1], 0.21 } }), n[1] .. " 0.21")
    end
  end)

  -- "Panicked while Panic is above Panic Override Threshold (0.75)."
  it("seed 002: panicked only above Panic Override Threshold 0.75, whatever fear is", function()
    local world, guard = guard_world()
    assert.are.equal("fearful", dominant(world, guard, { { "fear", 1 }, { "panic", 0.74 } }))
    assert.are.equal("fearful", dominant(world, guard, { { "fear", 1 }, { "panic", 0.75 } }))
    assert.are.equal("panicked", dominant(world, guard, { { "fear", 1 }, { "panic", 0.76 } }))
    assert.are.equal("panicked", dominant(world, guard, { { "panic", 0.76 } }))
  end)

  -- "a tie goes in that order (Fear first)": Fear, Aggression, Curiosity, Alertness.
  it("seed 002: a tie goes fear, aggression, curiosity, alertness", function()
    local world, guard = guard_world()
    assert.are.equal("aggressive", dominant(world, guard, { { "aggression", 0.5 }, { "curiosity", 0.5 } }))
    assert.are.equal("aggressive", dominant(world, guard, { { "alertness", 0.5 }, { "aggression", 0.5 } }))
    assert.are.equal("curious", dominant(world, guard, { { "curiosity", 0.5 }, { "alertness", 0.5 } }))
    assert.are.equal("curious", dominant(world, guard, { { "alertness", 0.5 }, { "curiosity", 0.5 } }))
    assert.are.equal("fearful", dominant(world, guard, { { "alertness", 0.5 }, { "curiosity", 0.5 },
                                                          { "aggression", 0.5 }, { "fear", 0.5 } }))
  end)
end)

describe("seed 002: panic", function()
  -- "Panic rises while Fear is above 0.8 with more than one target ... Falls while Fear is
  --  below 0.5 and Fear Input is below 0.3 ... Otherwise Holds"; rise rate 0.3.
  it("seed 002: panic rises at 0.3 a second while fear is above 0.8 with more than one target", function()
    local world, guard = guard_world()
    suspects(world, guard, 2)
    run(world, 0.1)
    guard:set_emotion("fear", 0.95)
    world:step(0)
    local p0 = emotion(guard, "panic")
    run(world, 0.2)
    near(0.95, emotion(guard, "fear"), 1e-3)      -- two targets: fear holds
    near(0.06, emotion(guard, "panic") - p0, 1e-3) -- 0.3 x 0.2 s
  end)

  it("seed 002: panic holds while fear is above 0.8 with one target only", function()
    local world, guard = guard_world()
    suspects(world, guard, 1)
    run(world, 0.1)
    guard:set_emotion("fear", 0.95)
    guard:set_emotion("panic", 0.5)
    world:step(0)
    run(world, 1)
    near(0.5, emotion(guard, "panic"), 1e-3)
  end)

  it("seed 002: panic holds while fear is between 0.5 and 0.8 and fear input is 0", function()
    local world, guard = guard_world()
    suspects(world, guard, 2)
    run(world, 0.1)
    guard:set_emotion("fear", 0.6)
    guard:set_emotion("panic", 0.5)
    world:step(0)
    run(world, 1)
    near(0.6, emotion(guard, "fear"), 1e-3)
    near(0.5, emotion(guard, "panic"), 1e-3)
  end)
end)

describe("seed 002: fear and the number of targets", function()
  -- "Fear rises while ... it has more than 2 targets"; rise rate 0.5; "Otherwise Holds".
  it("seed 002: fear rises at 0.5 a second with 3 targets", function()
    local world, guard = guard_world()
    suspects(world, guard, 3)
    run(world, 0.1)
    local f0 = emotion(guard, "fear")
    run(world, 1)
    near(0.5, emotion(guard, "fear") - f0, 1e-3)
  end)

  it("seed 002: fear holds with 2 targets (not more than 2), from 0 and from 0.4", function()
    local world, guard = guard_world()
    suspects(world, guard, 2)
    run(world, 0.1)
    near(0, emotion(guard, "fear"))
    run(world, 1)
    near(0, emotion(guard, "fear"))
    guard:set_emotion("fear", 0.4)
    world:step(0)
    run(world, 1)
    near(0.4, emotion(guard, "fear"), 1e-3)
  end)
end)

describe("seed 002: pain suppresses a sense below 0.02", function()
  -- "When pain drops a sense's contribution below 0.02, APS turns that sense off for
  --  the target (blocker: Suppressed By Pain), so the loss timers run"
  -- The target stands at half vision's 30 m (wary's default range): vision's share 0.75
  -- (seed 000: "at half the range 75% is left"); a pain
  -- that never fades dims vision by the level reported.
  local function dimmed(level)
    local world = wary.world()
    world:define_pain{ name = "Dim", decay_rate = 0, effects = { Vision = 1 } }
    world:define_profile{ name = "guard", vision = {}, pain = {} }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    local player = world:add_target{ pos = { 1500, 0, 0 } }
    run(world, 1)
    assert.are.equal("tracked", guard:state(player))
    near(0.75, guard:belief(player).contributions.Vision)
    local log = events.record(world)
    guard:report_pain("Dim", level)
    run(world, 1)
    return guard:belief(player), about(log, player)
  end

  for _, case in ipairs({ { 0.96, 0.03 }, { 0.972, 0.021 } }) do
    it(string.format("seed 002: a contribution of %g (0.75 x %g) is kept", case[2], 1 - case[1]), function()
      local b, log = dimmed(case[1])
      assert.are.equal("tracked", b.state)
      assert.are.equal("none", b.loss_reason)
      near(case[2], b.fused, 1e-5)
      assert.are.same({}, events.types(log))
    end)
  end

  for _, case in ipairs({ { 0.975, 0.01875 }, { 0.985, 0.01125 } }) do
    it(string.format("seed 002: a contribution of %g (0.75 x %g) is suppressed: lost, suppressed_by_pain",
      case[2], 1 - case[1]), function()
      local b, log = dimmed(case[1])
      assert.are.equal("lost", b.state)
      assert.are.equal("suppressed_by_pain", b.loss_reason)
      assert.are.equal(0, b.contributions.Vision)
      assert.are.same({ "lost" }, events.types(log))
      assert.are.equal("suppressed_by_pain", log[1].loss_reason)
    end)
  end
end)

describe("seed 002: losing the attacker", function()
  -- "Losing the attacker: grace 8 s, no direct cut, decay x0.5 (Damage Loss)"
  it("seed 002: after a hit of 50 the belief holds 8 s, then steps down as it fades, never cut to Lost",
    function()
      local world, guard = guard_world()
      local player = world:add_target{ name = "player", pos = { 20000, 0, 0 }, team = "intruders" }
      local log = events.record(world)
      world:apply_damage{ victim = guard, instigator = player, amount = 50 }
      world:step(DT)
      assert.are.equal("detected", guard:state(player))
      run(world, 7.9)                                 -- almost 8 s after the hit: held
      near(0.5, guard:confidence(player), 1e-4)
      run(world, 1.1)                                 -- 9 s: past the grace, fading, not lost
      assert.are.equal("detected", guard:state(player))
      assert.is_true(guard:confidence(player) < 0.5)
      local mark = #log + 1
      run(world, 3)                                   -- 12 s after the hit
      -- the profile's fade_rate (0.1, wary's default: the seed names none) x 0.5 = 0.05 a second, about 4 s
      near(0.3, guard:confidence(player), 0.01)
      assert.are.equal("suspected", guard:state(player))
      local after = about(events.since(log, mark), player)
      assert.are.same({ "suspect" }, events.types(after))
      -- 0.5 - 0.05 x 3 = 0.35, the detect threshold, about 11 s after the hit
      near(11, after[1].time, 0.15)
      for _, ev in ipairs(log) do assert.are_not.equal("lost", ev.type) end
      -- Lost only once it has faded below the suspect threshold: 0.5 - 0.05 x 7 = 0.15, about 15 s
      mark = #log + 1
      run(world, 3.5)
      after = about(events.since(log, mark), player)
      assert.are.same({ "lost" }, events.types(after))
      near(15, after[1].time, 0.15)
      assert.are.equal("lost", guard:state(player))
    end)
end)
