-- Seed 002 (damage, pain, health, emotions, threat, attention): every worked
-- number of the seed, on both backends. docs/brain.md states the rules.
local wary = require("wary")
local worlds = require("spec.support.worlds")
local expect = require("spec.support.expect")
local run = worlds.run

local function near(expected, got, tol)
  assert(math.abs(expected - got) <= (tol or 1e-4),
    string.format("expected %.5f, got %.5f", expected, got))
end

-- A world (with the seed's pain types) and a guard profile with every seed-002 part.
local function setup(profile_extra)
  local world = wary.world()
  world:define_pain{ name = "Flash", decay_rate = 0.1, amount_override = 1, effects = { Vision = 1 } }
  world:define_profile(worlds.merge({ name = "guard", vision = {}, hearing = {}, damage = {}, pain = {},
    brain = {} }, profile_extra))
  return world
end

describe("the damage sense", function()
  local world, guard, player
  before_each(function()
    world = setup()
    guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 180, team = "guards" }
    player = world:add_target{ pos = { 20000, 0, 0 }, team = "intruders" } -- 200 m away, behind
  end)

  it("a 25-damage rifle gives 0.25 (suspected), then 0.5 (detected)", function()
    world:apply_damage{ victim = guard, instigator = player, amount = 25, type = "Rifle" }
    world:step(1 / 60)
    near(0.25, guard:confidence(player))
    assert.are.equal("suspected", guard:state(player))
    world:apply_damage{ victim = guard, instigator = player, amount = 25, type = "Rifle" }
    world:step(1 / 60)
    near(0.5, guard:confidence(player))
    assert.are.equal("detected", guard:state(player))
  end)

  it("a single 100-damage hit is full confidence, at any range, where the attacker stood", function()
    world:apply_damage{ victim = guard, instigator = player, amount = 100 }
    player:set_pos(30000, 0, 0) -- moves after the hit
    world:step(1 / 60)
    near(1, guard:confidence(player))
    local lk = guard:belief(player).last_known
    near(20000, lk.x or lk[1], 1e-3)
  end)

  it("counts every hit once, several in one step all counted", function()
    for _ = 1, 3 do world:apply_damage{ victim = guard, instigator = player, amount = 10 } end
    world:step(1 / 60)
    near(0.3, guard:confidence(player))
    near(30, guard:damage_from(player))
  end)

  it("is never lowered by a hit", function()
    world:apply_damage{ victim = guard, instigator = player, amount = 60 }
    world:step(1 / 60)
    run(world, 2)
    world:apply_damage{ victim = guard, instigator = player, amount = 5 }
    world:step(1 / 60)
    near(0.65, guard:confidence(player))
  end)

  it("fires damaged on every hit, with the type tag from the name and the hit location", function()
    local got = {}
    guard:on("damaged", function(ev) got[#got + 1] = ev end)
    world:apply_damage{ victim = guard, instigator = player, amount = 5, type = "DamageType_Fire_C", at = { 1, 2, 3 } }
    world:apply_damage{ victim = guard, instigator = player, amount = 5, type = "MyBlast_C" }
    world:apply_damage{ victim = guard, instigator = player, amount = 5, type = "DamageType_Silenced" }
    world:apply_damage{ victim = guard, instigator = player, amount = 5 }
    world:apply_damage{ victim = guard, instigator = player, amount = 5, type = "_C" } -- nothing left: kept whole
    world:step(1 / 60)
    assert.are.equal(5, #got)
    assert.are.same({ "Fire", "MyBlast", "Silenced", "DamageType", "_C" },
      { got[1].damage_type, got[2].damage_type, got[3].damage_type, got[4].damage_type, got[5].damage_type })
    expect.mentions(expect.error_of(function() world:apply_damage{ victim = guard, amount = 5, type = "" } end),
      "damage", "'type'", "a non-empty string", '""')
    assert.are.same({ x = 1, y = 2, z = 3 }, got[1].hit_location)
    assert.are.same({ x = 0, y = 0, z = 0 }, got[2].hit_location)
    assert.are.equal(player, got[1].attacker)
    assert.are.equal(player, got[1].instigator)
    assert.are.equal(5, got[1].amount)
  end)

  it("self-damage and hits with nobody behind them make no belief, but still fire damaged", function()
    local n = 0
    guard:on("damaged", function() n = n + 1 end)
    world:apply_damage{ victim = guard, instigator = guard, amount = 50 }
    world:apply_damage{ victim = guard, amount = 50 }
    world:step(1 / 60)
    assert.are.equal(2, n)
    assert.are.equal(0, #guard:beliefs())
  end)

  it("believes in who caused it: instigator, pawn causer, causer's instigator or owner, else the causer", function()
    local rocket = world:add_target{ pos = { 100, 0, 0 }, pawn = false, instigator = player, perceivable = false }
    local gunner = world:add_target{ pos = { 0, 9000, 0 }, team = "intruders" }
    local gun = world:add_target{ pos = { 0, 100, 0 }, pawn = false, owner = gunner, perceivable = false }
    local trap = world:add_target{ pos = { 0, -100, 0 }, pawn = false, perceivable = false }
    local dog = world:add_target{ pos = { 0, -9000, 0 }, team = "animals" }
    world:apply_damage{ victim = guard, causer = rocket, amount = 20 }
    world:apply_damage{ victim = guard, causer = gun, amount = 20 }
    world:apply_damage{ victim = guard, causer = trap, amount = 20 }
    world:apply_damage{ victim = guard, causer = dog, amount = 20 }
    world:apply_damage{ victim = guard, instigator = gunner, causer = rocket, amount = 20 }
    world:step(1 / 60)
    near(0.2, guard:confidence(player))
    near(0.4, guard:confidence(gunner))
    near(0.2, guard:confidence(trap))
    near(0.2, guard:confidence(dog))
    near(0, guard:confidence(rocket))
    near(0, guard:confidence(gun))
  end)

  it("with auto_confidence_from_damage off only fires damaged and records nothing", function()
    world = setup({ damage = { auto_confidence_from_damage = false } })
    guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    player = world:add_target{ pos = { 20000, 0, 0 }, team = "intruders" }
    local n = 0
    guard:on("damaged", function() n = n + 1 end)
    world:apply_damage{ victim = guard, instigator = player, amount = 50 }
    run(world, 1)
    assert.are.equal(1, n)
    assert.are.equal(0, guard:confidence(player))
    assert.are.equal(0, guard:damage_from(player))
    assert.are.equal("calm", guard:dominant_emotion())
  end)

  it("loses the attacker: held 8 s, then fading at half the fade rate", function()
    world:apply_damage{ victim = guard, instigator = player, amount = 50 }
    run(world, 7.9)
    near(0.5, guard:confidence(player), 1e-3)
    assert.are.equal("detected", guard:state(player))
    run(world, 2.1) -- 10 s: about 2 s of fading at 0.05 a second
    near(0.4, guard:confidence(player), 0.01)
  end)
end)

describe("pain", function()
  local world, guard
  before_each(function()
    world = setup()
    guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
  end)

  it("burning at 0.6 leaves sight x0.76 and hearing x0.82", function()
    guard:report_pain("Burning", 0.6)
    near(0.76, guard:sense_multiplier("Vision"))
    near(0.82, guard:sense_multiplier("Hearing"))
    near(1, guard:sense_multiplier("Damage"))
  end)

  it("bleeding at its cap leaves sight x0.79", function()
    guard:report_pain("Bleeding", 1)
    near(0.7, guard:pain_level("Bleeding"))
    near(0.79, guard:sense_multiplier("Vision"))
  end)

  it("burning with smoke leaves sight about x0.22 (0.8 x 0.28)", function()
    guard:report_pain("Burning", 0.5)
    guard:report_pain("Smoke", 0.8)
    near(0.224, guard:sense_multiplier("Vision"))
  end)

  for _, hz in ipairs{ 20, 60 } do
    it(string.format("burning 0.5 with smoke 0.8 leaves sight at 0.8 x 0.28 = x0.224 in the step it lands, at %d Hz",
      hz), function()
      local player = world:add_target{ pos = { 500, 0, 0 }, team = "intruders" }
      guard:report_pain("Burning", 0.5)
      guard:report_pain("Smoke", 0.8)
      world:step(1 / hz)
      local b = guard:belief(player)
      assert.is_true(b.contributions.Vision > 0, "vision sees the player in the first step")
      near(0.8 * 0.28, b.confidence / b.contributions.Vision, 1e-6)
    end)
  end

  it("fades in a straight line: a flashbang is gone 2 s after a full report", function()
    guard:report_pain("Flashbang", 0.3) -- the override adds 1
    near(1, guard:pain_level("Flashbang"))
    near(0, guard:sense_multiplier("Vision"))
    near(0.5, guard:sense_multiplier("Hearing"))
    run(world, 1)
    near(0.5, guard:pain_level("Flashbang"), 1e-3)
    run(world, 1.1)
    near(0, guard:pain_level("Flashbang"))
  end)

  it("reads total pain capped at 1, clears one or all, and ignores amounts of 0 or less", function()
    guard:report_pain("Burning", 0.6)
    guard:report_pain("Deafened", 0.6)
    near(1, guard:total_pain())
    guard:report_pain("Bleeding", 0)
    guard:report_pain("Bleeding", -1)
    near(0, guard:pain_level("Bleeding"))
    guard:clear_pain("Burning")
    near(0.6, guard:total_pain())
    guard:clear_all_pain()
    near(0, guard:total_pain())
  end)

  it("a disabled type ignores reports, stops dulling and waits unfaded", function()
    guard:report_pain("Burning", 0.5)
    guard:set_pain_enabled("Burning", false)
    guard:report_pain("Burning", 0.5)
    near(1, guard:sense_multiplier("Vision"))
    run(world, 2)
    near(0.5, guard:pain_level("Burning"))
    guard:set_pain_enabled("Burning", true)
    near(0.8, guard:sense_multiplier("Vision"))
  end)

  it("fires pain_reported for every report at the next update, at most 32 waiting", function()
    local got = {}
    guard:on("pain_reported", function(ev) got[#got + 1] = ev end)
    guard:report_pain("Burning", 0.1)
    guard:report_pain("Burning", 0.2)
    world:step(1 / 60)
    assert.are.equal(2, #got)
    assert.are.equal("Burning", got[1].pain)
    near(0.1, got[1].level)
    near(0.3, got[2].level)
    got = {}
    for _ = 1, 40 do guard:report_pain("Bleeding", 0.01) end
    world:step(1 / 60)
    assert.are.equal(32, #got)
    assert.are.equal(8, world:stats().pain_reports_dropped)
  end)

  it("is forgotten, waiting reports and levels, when the profile stops feeling pain", function()
    local got = {}
    guard:on("pain_reported", function(ev) got[#got + 1] = ev end)
    guard:report_pain("Burning", 0.6)
    world:define_profile{ name = "guard", vision = {}, hearing = {}, damage = {}, brain = {} }
    world:step(1 / 60)
    assert.are.same({}, got)
    near(0, guard:pain_level("Burning"))
    world:define_profile{ name = "guard", vision = {}, hearing = {}, damage = {}, pain = {}, brain = {} } -- from none
    world:step(1 / 60)
    assert.are.same({}, got)
    near(0, guard:pain_level("Burning"))
    near(1, guard:sense_multiplier("Vision"))
  end)

  it("is ignored without the Pain sense in the profile", function()
    world:define_profile{ name = "numb", vision = {} }
    local numb = world:add_agent{ profile = "numb", pos = { 0, 0, 0 } }
    numb:report_pain("Burning", 1)
    near(0, numb:pain_level("Burning"))
  end)
end)

describe("pain and health on perception", function()
  it("a flash reported 10 times a second for 7 s blinds 7 s; sight returns over 10 s; it still hears", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    local player = world:add_target{ pos = { 500, 0, 0 }, team = "intruders" }
    run(world, 1)
    assert.are.equal("tracked", guard:state(player))
    local lost
    guard:on("lost", function(ev) lost = ev end)
    for i = 1, 70 do
      guard:report_pain("Flash", 1)
      run(world, 0.1)
      if i == 35 then near(0, guard:sense_multiplier("Vision"), 0.011) end
    end
    near(0, guard:sense_multiplier("Vision"), 0.02)
    assert.are.equal("suppressed_by_pain", lost.loss_reason)
    assert.is_true(guard:state(player) == "lost" or guard:state(player) == "remembered")
    -- it still hears
    world:emit_sound(player, "Gunshot")
    world:step(1 / 60)
    run(world, 0.2)
    assert.is_true(guard:belief(player).contributions.Hearing > 0)
    run(world, 4.8) -- 5 s after the last report: half sight back
    near(0.5, guard:sense_multiplier("Vision"), 0.02)
    run(world, 5.2)
    near(1, guard:sense_multiplier("Vision"))
  end)

  it("half health halves every sense", function()
    local world = setup()
    local a = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    local b = world:add_agent{ profile = "guard", pos = { 0, 1000, 0 }, team = "guards", health = 0.5 }
    local pa = world:add_target{ pos = { 800, 0, 0 }, team = "intruders" }
    local pb = world:add_target{ pos = { 800, 1000, 0 }, team = "intruders" }
    run(world, 0.5)
    for _, id in ipairs({ "Vision", "Hearing", "Damage" }) do near(0.5, b:sense_multiplier(id)) end
    near(a:belief(pa).fused * 0.5, b:belief(pb).fused, 1e-3)
  end)

  it("calls the health functions in ascending actor id order, the same on both backends", function()
    local world = setup()
    local called, agents = {}, {}
    for i = 1, 40 do
      local name = "g" .. i
      agents[i] = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, name = name,
        health = function()
          called[#called + 1] = name
          if i == 9 then agents[10]:remove() end -- one removed by a function is skipped
          return 1
        end }
    end
    agents[7]:remove() -- a removed one leaves the order
    world:step(1 / 60)
    local ids, want = {}, {}
    for i, a in ipairs(agents) do if i ~= 7 and i ~= 10 then ids[#ids + 1] = a end end
    table.sort(ids, function(p, q) return p.id < q.id end)
    for _, a in ipairs(ids) do want[#want + 1] = a.name end
    assert.are.same(want, called)
  end)

  it("reads health_percent as a percentage always (seed 002: 0 to 100): 1 is 1%, not full health; past either "
    .. "end, the nearest bound", function()
    local world = setup()
    local got = {}
    for i, pct in ipairs({ 1, 0.5, 40, 100, 150, -5, 0 }) do
      got[i] = world:add_agent{ name = "g" .. i, profile = "guard", pos = { 0, 0, 0 },
                                props = { health_percent = pct } }
    end
    local said, saved = {}, io.stderr
    io.stderr = { write = function(_, s) said[#said + 1] = s end } -- luacheck: ignore 122
    local ok, err = pcall(world.step, world, 1 / 60)
    io.stderr = saved -- luacheck: ignore 122
    assert(ok, err)
    -- A value below 1 may be a fraction from before: said once.
    assert.are.same({ "wary: warning: g2: props.health_percent 0.5 is read as 0.5% (a percentage, 0 to 100); a "
      .. "fraction goes in props.health with props.max_health = 1\n" }, said)
    local want = { 0.01, 0.005, 0.4, 1, 1, 0, 0 }
    for i, g in ipairs(got) do near(want[i], g:health()) end
    assert.are.equal("near_death", got[1]:pain_state())
  end)

  it("reads health from a provider function, then health_percent, then health and max_health", function()
    local world = setup()
    local hp = 30
    local g1 = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, health = function() return 0.25 end }
    local g2 = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, props = { health_percent = 40 } }
    local g3 = world:add_agent{ profile = "guard", pos = { 0, 0, 0 },
      props = { health = function() return hp end, max_health = 60 } }
    local g4 = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    g4:set_health(0.1)
    world:step(1 / 60)
    near(0.25, g1:health())
    near(0.4, g2:health())
    near(0.5, g3:health())
    near(0.1, g4:health())
    near(0.1, g4:sense_multiplier("Hearing"))
    assert.are.same({ "healthy", "wounded", "critical", "near_death" },
      { g4:set_health(0.76):pain_state(), g4:set_health(0.41):pain_state(), g4:set_health(0.16):pain_state(),
        g4:set_health(0.14):pain_state() })
    -- On the bounds, the band below ("above 0.40" is wounded: 0.40 is not).
    assert.are.same({ "wounded", "critical", "near_death" },
      { g4:set_health(0.75):pain_state(), g4:set_health(0.40):pain_state(), g4:set_health(0.15):pain_state() })
    g4:set_health(0.1)
    hp = 60
    world:step(1 / 60)
    near(1, g3:health())
  end)

  it("takes a provider function from set_health too (as after a load into a new world), a number replacing it",
    function()
      local world = setup()
      local g = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, name = "g" }
      local hp = 0.3
      assert.are.equal(g, g:set_health(function(agent)
        assert.are.equal(g, agent)
        return hp
      end))
      world:step(1 / 60)
      near(0.3, g:health())
      hp = 0.6
      world:step(1 / 60)
      near(0.6, g:health())
      g:set_health(0.2)
      world:step(1 / 60)
      near(0.2, g:health()) -- the function no longer answers
      local ok, err = pcall(g.set_health, g, "full")
      assert.is_false(ok)
      assert.matches([[g: field 'health' expected a number in [0, 1] or a function, got "full"]], err, 1, true)
      near(0.2, g:health())
    end)

  it("reads a health function given before its profile had Pain once a retune gives it Pain", function()
    local world = wary.world()
    world:define_profile{ name = "plain", vision = {}, brain = {} }
    local g = world:add_agent{ profile = "plain", pos = { 0, 0, 0 }, health = function() return 0.3 end }
    local p = world:add_agent{ profile = "plain", pos = { 0, 0, 0 }, props = { health = 25, max_health = 100 } }
    world:step(1 / 60)
    near(1, g:health())
    world:define_profile{ name = "plain", vision = {}, pain = {}, brain = {} }
    world:step(1 / 60)
    near(0.3, g:health())
    near(0.25, p:health())
    near(0.3, g:sense_multiplier("Vision"))
  end)

  it("warns once an agent when its health function answers outside [0, 1], and takes the nearest bound", function()
    local world = setup()
    local answer = 40
    local g = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, name = "g", health = function() return answer end }
    local said = {}
    local stderr = io.stderr
    io.stderr = { write = function(_, text) said[#said + 1] = text end } -- luacheck: ignore 122
    local ok, err = pcall(function()
      world:step(1 / 60)
      near(1, g:health())
      answer = -3
      world:step(1 / 60)
      near(0, g:health())
      answer = "half"
      world:step(1 / 60)
      near(0, g:health()) -- left out: the last health stays
    end)
    io.stderr = stderr -- luacheck: ignore 122
    assert(ok, err)
    assert.are.same({ "wary: warning: g: its health function returned 40, expected a number in [0, 1] (or nil): "
      .. "taken as 1\n" }, said)
  end)

  it("dulls the places a sense finds as it dulls beliefs about actors: deafened, no thrown rock", function()
    local world = wary.world{ units_per_meter = 1 }
    world:define_pain{ name = "Deaf", decay_rate = 0, effects = { Hearing = 1, Vibration = 1 } }
    world:define_profile{ name = "g", hearing = {}, vibration = {}, pain = {}, brain = {} }
    local whole = world:add_agent{ name = "whole", profile = "g", pos = { 0, 0, 0 } }
    local half = world:add_agent{ name = "half", profile = "g", pos = { 0, 100, 0 }, health = 0.5 }
    local deaf = world:add_agent{ name = "deaf", profile = "g", pos = { 0, 200, 0 } }
    deaf:report_pain("Deaf", 1)
    world:step(0.1)
    for _, y in ipairs({ 0, 100, 200 }) do
      world:emit_stimulus{ tag = "Stimulus.Vibration", pos = { 6, y, 0 }, strength = 0.8 }
    end
    world:step(0.1)
    local felt, halved = whole:location_beliefs()[1], half:location_beliefs()[1]
    near(felt.confidence * 0.5, halved.confidence, 1e-6)
    assert.are.same({}, deaf:location_beliefs())
    world:emit_sound_at({ 3, 200, 0 }, "ThrownRock")
    for _ = 1, 6 do world:step(0.1) end
    assert.are.same({}, deaf:location_beliefs())
  end)

  it("the vision floor keeps a sliver of sight", function()
    local world = setup({ pain = { pain_vision_floor = 0.2 } })
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    guard:report_pain("Flashbang", 1)
    near(0.2, guard:sense_multiplier("Vision"))
    near(0.5, guard:sense_multiplier("Hearing"))
  end)
end)

describe("emotions", function()
  it("the brute (max fear 0) turns aggressive and the coward (max aggression 0) fearful from the same hit", function()
    local world = setup()
    world:define_profile{ name = "brute", extends = "guard", brain = { max_fear = 0 } }
    world:define_profile{ name = "coward", extends = "guard", brain = { max_aggression = 0 } }
    local brute = world:add_agent{ profile = "brute", pos = { 0, 0, 0 }, yaw = 180 }
    local coward = world:add_agent{ profile = "coward", pos = { 0, 5000, 0 }, yaw = 180 }
    local player = world:add_target{ pos = { 3000, 2500, 0 }, team = "intruders" }
    local changes = {}
    world:on("emotion_changed", function(ev) changes[#changes + 1] = ev end)
    world:apply_damage{ victim = brute, instigator = player, amount = 25 }
    world:apply_damage{ victim = coward, instigator = player, amount = 25 }
    run(world, 1)
    assert.are.equal("aggressive", brute:dominant_emotion())
    assert.are.equal("fearful", coward:dominant_emotion())
    assert.are.equal(0, brute:emotions().fear)
    assert.are.equal(0, coward:emotions().aggression)
    assert.are.equal("calm", changes[1].from)
  end)

  it("allies count: a guard that sees two squadmates and you has three (fear rises), yet only you are a threat",
    function()
      local world = setup()
      local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
      local mates = {
        world:add_target{ pos = { 400, 150, 0 }, team = "guards" },
        world:add_target{ pos = { 400, -150, 0 }, team = "guards" },
      }
      local player = world:add_target{ pos = { 500, 0, 0 }, team = "intruders" }
      run(world, 2)
      for _, mate in ipairs(mates) do
        assert.is_not_nil(guard:belief(mate), "a belief about a squadmate")
        assert.is_true(guard:confidence(mate) >= 0.15)
        assert.are.equal("friendly", guard:relationship(mate))
        assert.are.equal(0, (guard:threat(mate)))
      end
      assert.is_true(guard:emotions().fear > 0, "three targets: fear rises")
      assert.are.equal(player, guard:attention_target())
      -- The profile switch keeps the old behaviour for games that want it.
      world:define_profile{ name = "loner", extends = "guard", ignore_same_team = true }
      local loner = world:add_agent{ profile = "loner", pos = { 0, 0, 0 }, team = "guards" }
      run(world, 2)
      assert.is_nil(loner:belief(mates[1]))
      assert.are.equal(0, loner:emotions().fear)
    end)

  it("one squadmate in sight and no enemy: tracked, it makes the guard aggressive (docs/love.md warns)", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    local mate = world:add_target{ pos = { 400, 0, 0 }, team = "guards" }
    run(world, 2)
    assert.are.equal("tracked", guard:state(mate))
    assert.are.equal("aggressive", guard:dominant_emotion())
    world = setup{ ignore_same_team = true }
    guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    world:add_target{ pos = { 400, 0, 0 }, team = "guards" }
    run(world, 2)
    assert.are.equal("calm", guard:dominant_emotion())
  end)

  it("a hit from a teammate forms a belief about it by default", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 180, team = "guards" }
    local mate = world:add_target{ pos = { 3000, 0, 0 }, team = "guards" }
    world:apply_damage{ victim = guard, instigator = mate, amount = 25 }
    world:step(1 / 60)
    near(0.25, guard:confidence(mate))
    assert.are.equal(0, (guard:threat(mate)))
  end)

  it("rises and falls at the seed's rates", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    guard:set_fear_input(0.5)
    run(world, 1)
    near(0.75, guard:emotions().fear, 0.01) -- 0.5 x (1 + 0.5) a second
    guard:set_fear_input(0)
    run(world, 1)
    near(0.55, guard:emotions().fear, 0.01) -- no targets: falls at 0.2
    assert.are.equal("fearful", guard:dominant_emotion())
  end)

  it("panics above fear input 0.9 and the override wins", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    guard:set_fear_input(1)
    run(world, 3)
    near(0.9, guard:emotions().panic, 0.01)
    assert.are.equal("panicked", guard:dominant_emotion())
  end)

  it("set_emotion sets once, ties go fear first, reset makes it calm", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
    guard:set_emotion("aggression", 0.5)
    guard:set_emotion("fear", 0.5)
    guard:set_emotion("alertness", 0.5)
    world:step(0)
    assert.are.equal("fearful", guard:dominant_emotion())
    guard:reset_emotions()
    local e = guard:emotions()
    assert.are.same({ 0, 0, 0, 0, 0, 0, "calm" },
      { e.fear, e.aggression, e.curiosity, e.alertness, e.panic, e.fear_input, e.dominant })
  end)

  it("a profile retuned to feel nothing (brain.emotions false, or no brain table) is calm at its next "
    .. "step, every emotion 0, with one emotion_changed to calm", function()
    for _, brain in ipairs({ { emotions = false }, false }) do
      local world = setup()
      local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 } }
      guard:set_fear_input(0.5)
      run(world, 2)
      assert.are.equal("fearful", guard:dominant_emotion())
      local changed = {}
      world:on("emotion_changed", function(ev) changed[#changed + 1] = ev.from .. ">" .. ev.to end)
      world:define_profile{ name = "guard", vision = {}, hearing = {}, damage = {}, pain = {},
                            brain = brain or nil }
      world:step(0.1)
      local e = guard:emotions()
      assert.are.same({ 0, 0, 0, 0, 0, "calm" }, { e.fear, e.aggression, e.curiosity, e.alertness, e.panic,
                                                   e.dominant })
      assert.are.same({ "fearful>calm" }, changed)
      run(world, 1)                                  -- and stays so: the fear input waits for a brain that feels
      assert.are.same({ "fearful>calm" }, changed)
      assert.are.equal(0, guard:emotions().fear)
    end
  end)

  it("set_emotion on an agent whose profile feels nothing is refused and changes nothing", function()
    local world = setup({ brain = { emotions = false } })
    local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 } }
    local ok, err = pcall(guard.set_emotion, guard, "fear", 0.9)
    assert.is_false(ok)
    assert.matches('guard: set_emotion: agent: expected an agent whose profile feels %(its brain\'s threat and '
      .. 'emotions on%), got "guard", whose profile feels nothing', err)
    assert.are.equal(0, guard:emotions().fear)
  end)

  it("a robot with every max at 0 feels nothing", function()
    local world = setup()
    world:define_profile{ name = "robot", extends = "guard",
      brain = { max_fear = 0, max_aggression = 0, max_curiosity = 0, max_alertness = 0, max_panic = 0 } }
    local robot = world:add_agent{ profile = "robot", pos = { 0, 0, 0 } }
    local player = world:add_target{ pos = { 500, 0, 0 }, team = "intruders" }
    world:apply_damage{ victim = robot, instigator = player, amount = 100 }
    robot:set_fear_input(1)
    run(world, 2)
    assert.are.equal("calm", robot:dominant_emotion())
  end)
end)

describe("threat and attention", function()
  it("100 damage fills the damage term; it fades at 0.05 a second only once the attacker is lost", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 180 }
    local player = world:add_target{ pos = { 3000, 0, 0 }, team = "intruders" }
    world:apply_damage{ victim = guard, instigator = player, amount = 100 }
    world:step(1 / 60)
    -- 0.4 x 1 + 0.3 x 1 + 0.2 x 0.5 (detected) + 0.1 x 0 (30 m)
    local score, level, t = guard:threat(player)
    near(0.8, score, 1e-3)
    assert.are.equal("high", level)
    -- the table says it in the same words: names, not the core's numbers
    assert.are.same({ score = score, level = "high", damage = 100, relationship = "hostile" }, t)
    run(world, 5)
    near(100, guard:damage_from(player))
    run(world, 25)
    assert.are.equal("lost", guard:state(player))
    local d = guard:damage_from(player)
    assert.is_true(d < 100)
    run(world, 1)
    near(d - 5, guard:damage_from(player), 0.01) -- 0.05 of the term a second: 5 damage
    local factor = ({ lost = 0.5, remembered = 0.25 })[guard:state(player)]
    near(0.4 * (d - 5) / 100 + 0.3 * guard:confidence(player) + 0.2 * factor, (guard:threat(player)), 1e-3)
  end)

  it("a threat damage decay rate of 0 never forgets, even after the belief has expired", function()
    local world = setup{ brain = { threat_damage_decay_rate = 0 } }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 180 }
    local player = world:add_target{ pos = { 20000, 0, 0 }, team = "intruders" }
    world:apply_damage{ victim = guard, instigator = player, amount = 100 }
    for _ = 1, 1300 do world:step(0.1) end       -- 130 s: lost, remembered, expired and beyond
    assert.are.equal("expired", guard:state(player))
    near(100, guard:damage_from(player))
  end)

  it("a friendly or neutral target is no threat; overrides are per actor", function()
    local world = setup()
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    local player = world:add_target{ pos = { 500, 0, 0 }, team = "intruders" }
    run(world, 1)
    assert.is_true(guard:threat(player) > 0)
    assert.are.equal("hostile", guard:relationship(player))
    guard:set_relationship(player, "neutral")
    world:step(1 / 60)
    assert.are.equal(0, (guard:threat(player)))
    assert.is_nil(guard:attention_target())
    guard:set_relationship(player, nil)
    world:set_relationship("guards", "intruders", "friendly")
    world:step(1 / 60)
    assert.are.equal("friendly", guard:relationship(player))
    assert.are.equal(0, (guard:threat(player)))
  end)

  it("attention is sticky: it keeps its target for the stickiness time and needs the switch threshold", function()
    local world = setup()
    local warden = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
    local thief = world:add_target{ pos = { 500, 100, 0 }, team = "intruders" }
    run(world, 0.5)
    assert.are.equal(thief, warden:attention_target())
    local player = world:add_target{ pos = { 400, -100, 0 }, team = "intruders" }
    world:apply_damage{ victim = warden, instigator = player, amount = 10 }
    run(world, 1)
    assert.are.equal(thief, warden:attention_target())
    world:apply_damage{ victim = warden, instigator = player, amount = 90 }
    run(world, 2)
    assert.are.equal(player, warden:attention_target())
  end)
end)

describe("a profile with brain = false", function()
  it("keeps no threat, attention or emotions, and believes exactly what the profile with a brain does", function()
    -- two worlds alike but for the brain
    local function scene(brain)
      local world = setup{ brain = brain }
      local agent = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, team = "guards" }
      local target = world:add_target{ pos = { 500, 100, 0 }, team = "intruders" }
      world:apply_damage{ victim = agent, instigator = target, amount = 60 }
      return world, agent, target
    end
    local world, guard, player = scene({})
    local other, drone, thief = scene(false)
    for _ = 1, 120 do
      world:step(1 / 60)
      other:step(1 / 60)
      assert.are.equal(guard:confidence(player), drone:confidence(thief))
      assert.are.equal(guard:state(player), drone:state(thief))
      assert.are.equal(guard:damage_from(player), drone:damage_from(thief))
    end
    assert.is_true(guard:threat(player) > 0)
    assert.are.equal(player, guard:attention_target())
    local score, level = drone:threat(thief)
    assert.are.equal(0, score)
    assert.are.equal("none", level)
    assert.is_nil(drone:attention_target())
    assert.are.equal("calm", drone:dominant_emotion())
    assert.are.equal(0, drone:emotions().fear)
    assert.are.equal(false, drone.profile.brain)
  end)

  it("is the only value of brain that is not a table", function()
    local world = setup()
    local msg = select(2, pcall(world.define_profile, world, { name = "x", brain = true }))
    assert.matches("field 'brain' expected a table or false, got true", msg, 1, true)
  end)
end)

describe("seed 002 errors", function()
  local world, guard
  before_each(function()
    world = setup()
    guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 } }
  end)

  local function fails(fn, ...)
    local ok, err = pcall(fn)
    assert.is_false(ok)
    for _, part in ipairs({ ... }) do
      assert.is_truthy(tostring(err):find(part, 1, true), tostring(err))
    end
  end

  it("names an unknown pain, with a hint", function()
    fails(function() guard:report_pain("Burnign", 1) end, "Burnign", "did you mean 'Burning'")
  end)

  it("checks a pain type's fields and the senses it names", function()
    fails(function() world:define_pain{ name = "X", effects = { Sight = 1 } } end, "Sight")
    fails(function() world:define_pain{ name = "X", effects = { Vision = 2 } } end, "effects.Vision")
    fails(function() world:define_pain{ name = "X", max_level = 1.5 } end, "max_level")
  end)

  it("checks a hit", function()
    fails(function() world:apply_damage{ victim = guard, amount = -1 } end, "amount")
    fails(function() world:apply_damage{ victim = {}, amount = 1 } end, "victim")
    fails(function() world:apply_damage{ amount = 1 } end,
      "damage: field 'victim' expected an actor (required), got nil")
    fails(function() world:apply_damage{ victim = guard, amount = 1, type = "" } end,
      "damage: field 'type' expected a non-empty string, got \"\"")
    fails(function() world:apply_damage{ victim = guard, amount = 1e39 } end,
      "damage: field 'amount' expected a finite number >= 0 (a float: at most 3.40282e+38), got 1e+39")
    fails(function() guard:report_pain("Burnign", 1) end, "field 'pain' expected a defined pain")
    fails(function() world:apply_damage{ victim = guard, amount = 0 / 0 } end, "amount")
  end)

  it("checks emotions, fear input, health and relationships", function()
    fails(function() guard:set_emotion("rage", 1) end, "rage")
    fails(function() guard:set_fear_input(2) end, "fear_input")
    fails(function() guard:set_health(-0.5) end, "health")
    fails(function() world:set_relationship("a", "b", "allied") end, "allied")
    -- a name in another case is told the one meant
    fails(function() guard:set_emotion("Fear", 1) end, "one of fear, aggression, curiosity, alertness, panic "
      .. "(did you mean 'fear'?), got \"Fear\"")
    fails(function() world:set_relationship("a", "b", "Hostile") end, "(did you mean 'hostile'?)")
    fails(function() guard:sense_multiplier("vision") end, "expected a sense of profile '" .. guard.profile.name
      .. "': ")
    fails(function() guard:sense_multiplier("vision") end, "(did you mean 'Vision'?), got \"vision\"")
    fails(function() world:define_profile{ name = "bad", brain = { max_fear = 2 } } end, "max_fear")
    fails(function() world:define_profile{ name = "bad", damage = { loss_grace = -1 } } end, "loss_grace")
  end)
end)
