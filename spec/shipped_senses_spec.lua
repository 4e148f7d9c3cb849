-- spec/shipped_senses_spec.lua: the custom senses shipped in senses/ (thermal,
-- radar, psychic), loaded with world:load, each checked against seed 004's
-- "Ideas" table with numbers.
local wary = require("wary")
local expect = require("spec.support.expect")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local DT = 1 / 60
local TOL = 1e-5
local M = 100 -- units per metre (the default)
local run = worlds.run

-- A world with one shipped sense loaded and a profile "p" using it; one agent
-- at agent_pos (default the origin).
local function world_with(file, agent_pos, profile)
  local w = wary.world()
  local s = w:load(file)
  worlds.define_profile(w, "p", { s.id }, profile)
  local agent = w:add_agent{ name = "guard", profile = "p", pos = agent_pos or { 0, 0, 0 }, team = "guards" }
  return w, agent, s
end

describe("senses/thermal.lua", function()
  it("declares the thermal contract: 30 m, every 0.1 s, 0.3 s grace, no direct cut", function()
    local _, _, s = world_with("senses/thermal.lua")
    expect.fields(s, { id = "Thermal", max_range = 30 * M, interval = 0.1, loss_grace = 0.3,
                       direct_lost_cut = false, loss_reason = "sensor_dropout" })
  end)

  it("reads (1 - distance / 30 m) x props.heat", function()
    local w, agent = world_with("senses/thermal.lua")
    local body = w:add_target{ pos = { 12 * M, 0, 0 }, props = { heat = 0.9 } }    -- 0.6 x 0.9
    local engine = w:add_target{ pos = { 0, -6 * M, 0 }, props = { heat = 1 } }    -- 0.8 x 1
    local warm = w:add_target{ pos = { 0, 0, 15 * M }, props = { heat = 0.5 } }    -- 0.5 x 0.5
    w:step(DT)
    assert.is_near(0.54, agent:belief(body).contributions.Thermal, TOL)
    assert.is_near(0.54, agent:confidence(body), TOL)
    assert.is_near(0.8, agent:confidence(engine), TOL)
    assert.is_near(0.25, agent:confidence(warm), TOL)
    assert.are.equal("detected", agent:state(body))
    assert.are.equal("suspected", agent:state(warm))
  end)

  it("follows the target: the reading falls as it walks away", function()
    local w, agent = world_with("senses/thermal.lua")
    local t = w:add_target{ pos = { 3 * M, 0, 0 }, props = { heat = 1 } }
    w:step(DT)
    assert.is_near(0.9, agent:belief(t).contributions.Thermal, TOL)
    t:set_pos(21 * M, 0, 0)
    run(w, 0.1)
    assert.is_near(0.3, agent:belief(t).contributions.Thermal, TOL)
  end)

  it("is inactive below 0.1: a faint or cold target makes no belief", function()
    local w, agent = world_with("senses/thermal.lua")
    local far = w:add_target{ pos = { 27 * M, 0, 0 }, props = { heat = 0.9 } }   -- 0.1 x 0.9 = 0.09
    local near = w:add_target{ pos = { 0, 26 * M, 0 }, props = { heat = 0.9 } }  -- 0.1333 x 0.9 = 0.12
    local cold = w:add_target{ pos = { 1, 0, 0 }, props = { heat = 0.1 } }       -- just under 0.1
    local none = w:add_target{ pos = { 0, 1, 0 } }                               -- no heat at all
    local beyond = w:add_target{ pos = { 31 * M, 0, 0 }, props = { heat = 1 } }   -- out of range
    w:step(DT)
    assert.is_nil(agent:belief(far))
    assert.is_near(0.12, agent:confidence(near), TOL)
    assert.is_nil(agent:belief(cold))
    assert.is_nil(agent:belief(none))
    assert.is_nil(agent:belief(beyond))
  end)

  it("ignores light: the same reading in darkness", function()
    local w, agent = world_with("senses/thermal.lua")
    local lit = w:add_target{ pos = { 12 * M, 0, 0 }, props = { heat = 0.9 }, light = 1 }
    local dark = w:add_target{ pos = { 0, 12 * M, 0 }, props = { heat = 0.9 }, light = 0 }
    w:step(DT)
    local in_light = agent:confidence(lit)
    assert.is_near(0.54, in_light, TOL)
    assert.are.equal(in_light, agent:confidence(dark))
    -- turn the light off on the lit one and put the agent in the dark too
    lit:set_light(0)
    agent:set_light(0)
    run(w, 0.5)
    assert.are.equal(in_light, agent:confidence(lit))
    assert.are.equal(in_light, agent:belief(lit).contributions.Thermal)
  end)

  it("locates with accuracy 0.8: the target's own position, uncertainty 0.2 x max_uncertainty", function()
    local w, agent = world_with("senses/thermal.lua")
    local t = w:add_target{ pos = { 1000, 500, 25 }, props = { heat = 0.9 } }
    w:step(DT)
    local b = agent:belief(t)
    assert.are.same({ x = 1000, y = 500, z = 25 }, b.last_known)
    assert.is_near(0.2 * 10 * M, b.uncertainty, 1e-3)
  end)

  it("loses a cooling target after its grace, stepping down (sensor_dropout)", function()
    local w, agent = world_with("senses/thermal.lua")
    local log = events.record(w)
    local t = w:add_target{ pos = { 5 * M, 0, 0 }, props = { heat = 0.5 } } -- 0.4167: detected
    run(w, 1)
    assert.are.equal("detected", agent:state(t))
    t.props.heat = 0.05
    run(w, 6)
    assert.are.same({ "suspect", "telegraph", "detect", "suspect", "lost" }, events.types(log))
    assert.are.equal("sensor_dropout", log[#log].loss_reason)
  end)
end)

describe("senses/radar.lua", function()
  it("declares the seed's C++ Radar contract: 80 m, every 0.5 s, 1 s grace, direct cut, out_of_range",
    function()
      local _, _, s = world_with("senses/radar.lua")
      expect.fields(s, { id = "Radar", max_range = 80 * M, interval = 0.5, loss_grace = 1.0,
                         direct_lost_cut = true, loss_reason = "out_of_range" })
    end)

  it("updates every 0.5 s", function()
    local w = world_with("senses/radar.lua")
    w:add_target{ pos = { 10 * M, 0, 0 } }
    local before = w:stats().queries
    run(w, 10)
    local asked = w:stats().queries - before
    assert.is_true(asked >= 20 and asked <= 21, "radar updates in 10 s: " .. tostring(asked))
  end)

  it("reaches 80 m with a long-range falloff: 0.3 x (1 - distance / 80 m)", function()
    local w, agent = world_with("senses/radar.lua")
    local near = w:add_target{ pos = { 10 * M, 0, 0 } }   -- 0.3 x 0.875
    local mid = w:add_target{ pos = { 0, 40 * M, 0 } }    -- 0.3 x 0.5
    local edge = w:add_target{ pos = { -65 * M, 0, 0 } }  -- 0.3 x 0.1875 = 0.05625
    local faint = w:add_target{ pos = { 0, -67 * M, 0 } } -- 0.3 x 0.1625 = 0.04875: under 0.05
    local out = w:add_target{ pos = { 81 * M, 0, 0 } }
    w:step(DT)
    assert.is_near(0.2625, agent:confidence(near), TOL)
    assert.is_near(0.15, agent:confidence(mid), TOL)
    assert.is_near(0.05625, agent:confidence(edge), TOL)
    assert.is_nil(agent:belief(faint))
    assert.is_nil(agent:belief(out))
  end)

  it("gives at most 0.3: a target on top of the radar is suspected, never detected by radar alone", function()
    local w, agent = world_with("senses/radar.lua")
    local log = events.record(w)
    local t = w:add_target{ pos = { 0, 0, 0 } }
    run(w, 20)
    assert.is_near(0.3, agent:confidence(t), TOL)
    assert.are.equal("suspected", agent:state(t))
    assert.are.same({ "suspect", "telegraph" }, events.types(log))
  end)

  it("a large radar cross-section still never detects by radar alone (at most 0.3)", function()
    -- The cross-section is capped at 1, so 0.3 stays the ceiling.
    local w, agent = world_with("senses/radar.lua")
    local t = w:add_target{ pos = { 10 * M, 0, 0 }, props = { radar_cross_section = 4 } }
    run(w, 2)
    assert.is_true(agent:confidence(t) <= 0.3)
    assert.are.equal("suspected", agent:state(t))
  end)

  it("does not see a stealth target (radar_cross_section 0)", function()
    local w, agent = world_with("senses/radar.lua")
    local stealth = w:add_target{ pos = { 10 * M, 0, 0 }, props = { radar_cross_section = 0 } }
    local half = w:add_target{ pos = { 0, 10 * M, 0 }, props = { radar_cross_section = 0.5 } }
    run(w, 2)
    assert.is_nil(agent:belief(stealth))
    assert.is_near(0.13125, agent:confidence(half), TOL)
  end)

  it("reports the centre of the 10 m cell the target is in, with accuracy 0.2", function()
    local w, agent = world_with("senses/radar.lua")
    local t = w:add_target{ pos = { 1234, -567, 50 } }
    w:step(DT)
    local b = agent:belief(t)
    assert.are.same({ x = 1500, y = -500, z = 50 }, b.last_known)
    assert.is_near(0.8 * 10 * M, b.uncertainty, 1e-3)
    t:set_pos(2001, 999, 0)
    run(w, 0.5)
    assert.are.same({ x = 2500, y = 500, z = 0 }, agent:belief(t).last_known)
  end)

  it("cuts straight to lost (out_of_range) 1 s after the target leaves its range", function()
    local w, agent = world_with("senses/radar.lua")
    local log = events.record(w)
    local t = w:add_target{ pos = { 1 * M, 0, 0 } } -- 0.2963
    run(w, 2)
    assert.are.equal("suspected", agent:state(t))
    local first = #log + 1
    local left = w:time()
    t:set_pos(100 * M, 0, 0)
    run(w, 3)
    local after = events.since(log, first)
    assert.are.equal(1, #after)
    local ev = after[1]
    assert.are.equal("lost", ev.type)
    assert.are.equal("suspected", ev.from)
    assert.are.equal("out_of_range", ev.loss_reason)
    -- silent from the next update (within 0.5 s), then the 1 s grace
    local waited = ev.time - left
    assert.is_true(waited >= 1.0 - DT - 1e-4 and waited <= 1.5 + 1e-4, "lost after " .. waited)
    -- a direct cut, not a fade below suspect_threshold: confidence was still above 0.15
    assert.is_true(ev.confidence > 0.15, "confidence at lost " .. ev.confidence)
    assert.are.equal("lost", agent:state(t))
    assert.are.equal("out_of_range", agent:belief(t).loss_reason)
    assert.are.equal(0, agent:belief(t).contributions.Radar)
  end)

  it("adds early warning to a squad's other senses: corroboration on top of thermal", function()
    local w = wary.world()
    w:load("senses/thermal.lua")
    w:load("senses/radar.lua")
    w:define_profile{ name = "squad", senses = { "Thermal", "Radar" } }
    local agent = w:add_agent{ profile = "squad", pos = { 0, 0, 0 } }
    local t = w:add_target{ pos = { 12 * M, 0, 0 }, props = { heat = 0.9 } }
    w:step(DT)
    local b = agent:belief(t)
    assert.is_near(0.54, b.contributions.Thermal, TOL)
    assert.is_near(0.255, b.contributions.Radar, TOL)
    assert.is_near(0.64, b.confidence, TOL)
    -- the position comes from the most precise sense: thermal (0.8) over radar (0.2)
    assert.are.same({ x = 1200, y = 0, z = 0 }, b.last_known)
  end)
end)

describe("senses/psychic.lua", function()
  it("declares an unlimited range", function()
    local _, _, s = world_with("senses/psychic.lua")
    expect.fields(s, { id = "Psychic", max_range = math.huge })
  end)

  it("feels a mind 1 km away behind a concrete wall at 0.2", function()
    local w, agent = world_with("senses/psychic.lua")
    local t = w:add_target{ pos = { 1000 * M, 0, 0 } }
    w:add_box{ min = { 500 * M, -10 * M, -1 * M }, max = { 501 * M, 10 * M, 10 * M }, material = "concrete" }
    local ray = w:ray({ 0, 0, 170 }, { 1000 * M, 0, 170 })
    assert.are.equal(0, ray.transmission) -- the wall blocks sight
    run(w, 1.1)
    assert.is_near(0.2, agent:confidence(t), TOL)
    assert.are.equal("suspected", agent:state(t))
  end)

  it("reaches any range (10 km too)", function()
    local w, agent = world_with("senses/psychic.lua")
    local t = w:add_target{ pos = { 0, -10000 * M, 0 } }
    run(w, 1.1)
    assert.is_near(0.2, agent:confidence(t), TOL)
  end)

  it("reads 0.2 x props.psionic", function()
    local w, agent = world_with("senses/psychic.lua")
    local strong = w:add_target{ pos = { 100, 0, 0 }, props = { psionic = 3 } }
    local weak = w:add_target{ pos = { 200, 0, 0 }, props = { psionic = 0.5 } }
    local blank = w:add_target{ pos = { 300, 0, 0 }, props = { psionic = 0 } }
    run(w, 1.1)
    assert.is_near(0.6, agent:confidence(strong), TOL)
    assert.is_near(0.1, agent:confidence(weak), TOL)
    assert.are.equal("undetected", agent:state(weak))
    assert.is_nil(agent:belief(blank))
  end)

  it("does not feel a shielded mind", function()
    local w, agent = world_with("senses/psychic.lua")
    local shielded = w:add_target{ pos = { 100, 0, 0 }, props = { shielded = true, psionic = 3 } }
    run(w, 3)
    assert.is_nil(agent:belief(shielded))
  end)

  it("knows you exist, not where: accuracy 0.05 and the agent's own position as last_known", function()
    local w, agent = world_with("senses/psychic.lua", { 50, -20, 10 })
    local t = w:add_target{ pos = { 300 * M, 400 * M, 0 } }
    run(w, 1.1)
    local b = agent:belief(t)
    assert.is_near(0.95 * 10 * M, b.uncertainty, 1e-3) -- 0.95 x max_uncertainty
    assert.are.same({ x = 50, y = -20, z = 10 }, b.last_known)
    -- with another max_uncertainty the same share of it
    local w2, agent2 = world_with("senses/psychic.lua", nil, { max_uncertainty = 4000 })
    local t2 = w2:add_target{ pos = { 300 * M, 400 * M, 0 } }
    run(w2, 1.1)
    assert.is_near(0.95 * 4000, agent2:belief(t2).uncertainty, 1e-2)
  end)
end)
