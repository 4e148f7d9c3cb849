-- spec/places_spec.lua: beliefs about places (seed 003, "Sounds nobody
-- made"): emit_sound_at makes a belief about where the sound was, not about
-- anyone; its confidence is how loud it arrived, its precision the sound's
-- override or 0.4; repeats in one spot merge; it fades through Lost,
-- Remembered and Expired; agent:report_location_belief makes one from Lua.
local ears = require("spec.support.ears")
local expect = require("spec.support.expect")

local TOL = 1e-5
local M = ears.M
local at = ears.at
local only = ears.only

-- 1 - (d / range)^2
local function falloff(d, range)
  return 1 - (d / range) ^ 2
end

-- A sound nobody made at pos; one step; its location_belief_changed events.
local function throw(e, pos, name)
  e.world:emit_sound_at(pos, name)
  return only(e:step(), "location_belief_changed")
end

-- The last of a list of events (the state a step left the place in).
local function last(list)
  return list[#list]
end

describe("places: a sound nobody made", function()
  it("makes a belief about the place, not about anyone: no hear event, no belief about an actor", function()
    local e = ears.new{}
    e.world:emit_sound_at(at(9 * M), "ThrownRock")
    local list = e:step()
    assert.are.same({}, only(list, "hear"))
    assert.are.same({}, e.guard:beliefs())
    local heard = only(list, "sound_heard")
    assert.are.equal(1, #heard)
    expect.fields(heard[1], { agent = e.guard, sound = "ThrownRock", walls = 0 })
    assert.is_nil(heard[1].target)
    assert.is_near(1.4 * falloff(9, 18), heard[1].loudness, TOL)
    local changed = only(list, "location_belief_changed")
    assert.are.equal(2, #changed)                             -- a rung at a time: no instant lock-on
    assert.is_nil(changed[1].target)
    expect.fields(changed[1], { agent = e.guard, tag = "ThrownRock", from = "undetected",
                                state = "suspected" })
    expect.fields(changed[2], { agent = e.guard, tag = "ThrownRock", from = "suspected",
                                state = "detected" })
    assert.are.same({ x = 900, y = 0, z = 64 }, changed[1].location)
    assert.are.equal(1, changed[1].confidence)                -- 1.4 x 0.75 = 1.05, capped at 1
  end)

  it("is heard at the next step", function()
    local e = ears.new{}
    e.world:emit_sound_at(at(3 * M), "Door")
    assert.are.same({}, e.guard:location_beliefs())
    e:step()
    assert.are.equal(1, #e.guard:location_beliefs())
  end)

  it("its confidence is how loud it arrived: a can at the guard's feet is surer than one at the edge of range "
    .. "or behind a wall", function()
    local feet = last(throw(ears.new{}, { 0, 0, 0 }, "Door"))
    assert.is_near(falloff(64, 1200), feet.confidence, TOL)   -- 64 cm below the ear
    assert.are.equal("detected", feet.state)                  -- Tracked waits min_track_duration
    local edge = throw(ears.new{}, at(11 * M), "Door")[1]
    assert.is_near(falloff(11, 12), edge.confidence, TOL)
    assert.are.equal("suspected", edge.state)
    local walled = ears.new{}
    walled:wall(300)
    local behind = last(throw(walled, at(6 * M), "Door"))
    assert.is_near(0.75 * math.exp(-0.4), behind.confidence, TOL)
    assert.are.equal("detected", behind.state)
    assert.is_true(feet.confidence > behind.confidence and behind.confidence > edge.confidence)
  end)

  it("a noise too faint to suspect makes no event and is soon forgotten", function()
    local e = ears.new{}
    assert.are.same({}, throw(e, at(17.5 * M), "ThrownRock"))     -- 1.4 x 0.0548 = 0.077
    local places = e.guard:location_beliefs()
    assert.are.equal(1, #places)
    expect.fields(places[1], { tag = "ThrownRock", state = "undetected" })
    assert.is_near(1.4 * falloff(17.5, 18), places[1].confidence, TOL)
    e:run(1)
    assert.are.same({}, e.guard:location_beliefs())
    assert.are.same({}, only(e.log, "location_belief_changed"))
  end)

  it("its precision is the sound's location_accuracy_override, or 0.4", function()
    local e = ears.new{ sounds = { { name = "Thud", max_range_m = 30, location_accuracy_override = 0.2 } } }
    e.world:emit_sound_at(at(5 * M), "Door")
    e.world:emit_sound_at(at(0, 8 * M), "Gunshot")
    e.world:emit_sound_at(at(0, -10 * M), "Thud")
    e:step()
    local by = {}
    for _, p in ipairs(e.guard:location_beliefs()) do by[p.tag] = p end
    assert.is_near(0.4, by.Door.accuracy, TOL)
    assert.is_near(0.6 * 10 * M, by.Door.uncertainty, 1e-3)
    assert.is_near(0.9, by.Gunshot.accuracy, TOL)
    assert.is_near(0.1 * 10 * M, by.Gunshot.uncertainty, 1e-3)
    assert.is_near(0.2, by.Thud.accuracy, TOL)
  end)

  it("repeats in the same spot merge into one belief; another spot makes another", function()
    local e = ears.new{}
    throw(e, at(9 * M), "Door")
    throw(e, at(10 * M), "Door")                              -- 1 m away: within 2 m
    local places = e.guard:location_beliefs()
    assert.are.equal(1, #places)
    assert.are.same({ x = 1000, y = 0, z = 64 }, places[1].location)
    throw(e, at(0, 5 * M), "Door")                            -- 11 m away
    assert.are.equal(2, #e.guard:location_beliefs())
  end)

  it("merges within location_merge_radius", function()
    local e = ears.new{ hearing = { location_merge_radius = 50 } }
    throw(e, at(9 * M), "Door")
    throw(e, at(9.4 * M), "Door")
    assert.are.equal(1, #e.guard:location_beliefs())
    throw(e, at(10 * M), "Door")
    assert.are.equal(2, #e.guard:location_beliefs())
  end)

  it("a louder repeat in the same spot raises it and climbs a state", function()
    local e = ears.new{}
    local door = e:wall(300)
    local first = last(throw(e, at(6 * M), "Door"))             -- behind the wall: 0.50
    assert.are.equal("detected", first.state)
    door:remove()
    e:run(0.5)                                                  -- min_track_duration in Detected
    local louder = throw(e, at(6 * M), "Door")                  -- in the open: 0.75
    assert.are.equal(1, #louder)
    expect.fields(louder[1], { from = "detected", state = "tracked", tag = "Door" })
    assert.is_near(0.75, louder[1].confidence, TOL)
    assert.are.equal(1, #e.guard:location_beliefs())
  end)

  it("fades once the noise stops, like any belief: Lost, Remembered, Expired, then gone", function()
    local e = ears.new{}
    local first = last(throw(e, { 0, 0, 0 }, "Door"))          -- 0.997: detected
    assert.are.equal("detected", first.state)
    e:run(2)
    local p = e.guard:strongest_location_belief()
    assert.is_near(first.confidence - 0.1 * 2, p.confidence, 1e-3)  -- fade_rate 0.1/s
    local changes = only(e:run(45), "location_belief_changed")
    local states = {}
    for i, ev in ipairs(changes) do states[i] = ev.state end
    assert.are.same({ "suspected", "lost", "remembered", "expired" }, states)
    local lost, remembered, expired = changes[2], changes[3], changes[4]
    assert.is_near((first.confidence - 0.15) / 0.1 + 0.1, lost.time, 0.15)
    assert.is_near(5, remembered.time - lost.time, 0.15)     -- lost_time
    assert.is_near(30, expired.time - remembered.time, 0.15) -- memory_time
    assert.are.equal("Door", expired.tag)
    assert.are.same({}, e.guard:location_beliefs())
    assert.is_nil(e.guard:strongest_location_belief())
  end)

  it("follows the profile's fade_rate, lost_time and memory_time", function()
    local e = ears.new{ profile = { fade_rate = 0.5, lost_time = 1, memory_time = 2 } }
    throw(e, { 0, 0, 0 }, "Door")
    local changes = only(e:run(6), "location_belief_changed")
    local states = {}
    for i, ev in ipairs(changes) do states[i] = ev.state end
    assert.are.same({ "suspected", "lost", "remembered", "expired" }, states)
    assert.is_near(1, changes[3].time - changes[2].time, 0.15)
    assert.is_near(2, changes[4].time - changes[3].time, 0.15)
  end)

  it("walks the same ladder as a belief about an actor, each rung firing: no instant lock-on (Min Track "
    .. "Duration 0.5 s)", function()
    local e = ears.new{}
    local changes = throw(e, at(3 * M), "ThrownRock")          -- 1.4 x 0.97, capped at 1
    local steps = {}
    for i, ev in ipairs(changes) do steps[i] = ev.from .. ">" .. ev.state end
    assert.are.same({ "undetected>suspected", "suspected>detected" }, steps)
    -- A rock every step: Tracked once it has been Detected for min_track_duration.
    local t0 = e.world:time()
    local tracked
    for _ = 1, 10 do
      for _, ev in ipairs(throw(e, at(3 * M), "ThrownRock")) do
        if ev.state == "tracked" then tracked = ev end
      end
    end
    assert.is_not_nil(tracked)
    assert.are.equal("detected", tracked.from)
    assert.is_near(t0 + 0.5, tracked.time, 0.1 + 1e-6)
    -- Falling past two rungs in one step still fires each: at fade_rate 10 one step takes 1 to 0.
    local quick = ears.new{ profile = { fade_rate = 10 } }
    throw(quick, at(3 * M), "ThrownRock")
    local down = only(quick:step(), "location_belief_changed")
    steps = {}
    for i, ev in ipairs(down) do steps[i] = ev.from .. ">" .. ev.state end
    assert.are.same({ "detected>suspected", "suspected>lost" }, steps)
  end)

  it("strongest_location_belief is the surest place; nil when there is none", function()
    local e = ears.new{}
    assert.is_nil(e.guard:strongest_location_belief())
    e.world:emit_sound_at(at(11 * M), "Door")
    e.world:emit_sound_at(at(0, 15 * M), "ThrownRock")
    e.world:emit_sound_at(at(0, -4 * M), "Door")
    e:step()
    assert.are.equal(3, #e.guard:location_beliefs())
    local best = e.guard:strongest_location_belief()
    expect.fields(best, { tag = "Door", state = "detected" })
    assert.is_near(falloff(4, 12), best.confidence, TOL)
    assert.are.same({ x = 0, y = -400, z = 64 }, best.location)
  end)

  it("forget_location_belief drops the one searched, silently; the others stay and fade on", function()
    local e = ears.new{}
    e.world:emit_sound_at(at(11 * M), "Door")
    e.world:emit_sound_at(at(0, -4 * M), "Door")
    e:step()
    local best = e.guard:strongest_location_belief()
    assert.is_true(e.guard:forget_location_belief(best))
    assert.is_false(e.guard:forget_location_belief(best)) -- gone already
    local left = e.guard:location_beliefs()
    assert.are.equal(1, #left)
    assert.are.same({ x = 11 * M, y = 0, z = 64 }, left[1].location)
    -- No event for the one forgotten; the other goes on as before (it
    -- fades, nothing arriving).
    for _, ev in ipairs(only(e:step(), "location_belief_changed")) do
      assert.are.same({ x = 11 * M, y = 0, z = 64 }, ev.location)
    end
    assert.are.equal(1, #e.guard:location_beliefs())
    expect.mentions(expect.error_of(function() e.guard:forget_location_belief("Door") end), "guard", "'place'",
      "a belief about a place", 'got "Door"')
  end)
end)

describe("places: report_location_belief", function()
  it("tells the agent something happened at a place: a belief at the next step", function()
    local e = ears.new{}
    e.guard:report_location_belief({ 300, 400, 0 }, "Alarm", 0.5, 0.9)
    local changed = only(e:step(), "location_belief_changed")
    assert.are.equal(2, #changed)
    expect.fields(changed[2], { agent = e.guard, tag = "Alarm", state = "detected", from = "suspected" })
    assert.is_near(0.5, changed[1].confidence, TOL)
    assert.are.same({ x = 300, y = 400, z = 0 }, changed[1].location)
    local p = e.guard:strongest_location_belief()
    assert.is_near(0.9, p.accuracy, TOL)
    assert.is_near(0.1 * 10 * M, p.uncertainty, 1e-3)
  end)

  it("accuracy is 0.5 when left out; reports of the same tag nearby merge, other tags do not", function()
    local e = ears.new{}
    e.guard:report_location_belief({ 300, 0, 0 }, "Alarm", 0.3)
    e.guard:report_location_belief({ 350, 0, 0 }, "Alarm", 0.7)
    e.guard:report_location_belief({ 300, 0, 0 }, "Smoke", 0.2)
    e:step()
    local by = {}
    for _, p in ipairs(e.guard:location_beliefs()) do by[p.tag] = p end
    assert.are.equal(2, #e.guard:location_beliefs())
    assert.is_near(0.7, by.Alarm.confidence, TOL)
    assert.is_near(0.5, by.Alarm.accuracy, TOL)
    assert.are.equal(350, by.Alarm.location.x)
    assert.are.equal("detected", by.Alarm.state)
    assert.are.equal("suspected", by.Smoke.state)
  end)

  it("works for an agent with no hearing", function()
    local e = ears.new{ hearing = false, profile = { smell = {} } }
    e.guard:report_location_belief({ 0, 500, 0 }, "Footprints", 0.4)
    e:step()
    expect.fields(e.guard:strongest_location_belief(), { tag = "Footprints", state = "detected" })
  end)

  it("works from a custom sense's on_stimulus, in the step the stimulus arrives", function()
    local psychic = {
      id = "Psychic", max_range_m = 1, stimulus_tags = { "Stimulus.Custom" },
      evaluate = function() end,
      on_stimulus = function(ctx, _, s)
        ctx.agent:report_location_belief(s.pos, s.tag, s.strength, 0.2)
      end,
    }
    local e = ears.new{ senses = { psychic }, profile = { senses = { "Psychic" } } }
    e.world:emit_stimulus{ tag = "Stimulus.Custom.Vision", pos = { 500, 500, 0 }, strength = 0.4 }
    assert.are.same({}, e.guard:location_beliefs())
    local changed = only(e:step(), "location_belief_changed")
    assert.are.equal(2, #changed)
    expect.fields(changed[2], { tag = "Stimulus.Custom.Vision", state = "detected" })
    assert.is_near(0.4, changed[1].confidence, TOL)
    assert.is_near(0.2, e.guard:strongest_location_belief().accuracy, TOL)
  end)

  it("refuses bad arguments, naming the agent and the field", function()
    local e = ears.new{}
    expect.mentions(expect.error_of(function()
      e.guard:report_location_belief({ 0, 0, 0 }, "Alarm", 1.5)
    end), "guard", "'confidence'", "[0, 1]", "got 1.5")
    expect.mentions(expect.error_of(function()
      e.guard:report_location_belief({ 0, 0, 0 }, "", 0.5)
    end), "guard", "'tag'", "a non-empty string")
    expect.mentions(expect.error_of(function()
      e.guard:report_location_belief({ 0, 0, 0 }, "Alarm", 0.5, -1)
    end), "guard", "'accuracy'", "got -1")
    expect.mentions(expect.error_of(function()
      e.guard:report_location_belief("here", "Alarm", 0.5)
    end), "guard", "'pos'")
    expect.mentions(expect.error_of(function()
      e.player:report_location_belief({ 0, 0, 0 }, "Alarm", 0.5)
    end), "player", "not an agent")
  end)
end)
