-- spec/explain_spec.lua: agent:explain(target), "why did it see me?", for
-- every sense and for the result (issue 15): each sense's factors multiply
-- to what it sensed, fusion takes the best share x its weight plus a bonus
-- per corroborating sense (seed 000, "How several senses combine"), pain
-- and health multiply each share (seed 002), evidence bounds the result
-- (seed 000, "Change it from script"); the factors reproduce the confidence.
local wary = require("wary")

local TOL = 1e-6

local function near(expected, got, what)
  assert(math.abs(expected - got) <= TOL, string.format("%s: expected %.7f, got %.7f", what, expected, got))
end

local function product(t, keys)
  local p = 1
  for _, k in ipairs(keys) do p = p * t[k] end
  return p
end

local VISION = { "distance", "angle", "exposure", "light", "motion", "weather", "visibility", "cone" }

-- Every built-in sense, a custom sense, pain, and two evidence entries: the
-- guard at the origin, the player 4.5 m ahead, every sense due at every step.
local function scene()
  local world = wary.world()
  world:define_sense{ id = "Thermal", interval = 0.1, max_range = 3000, evaluate = function(ctx)
    return 0.4 * (1 - ctx.distance / 3000), 0.8
  end }
  world:define_profile{ name = "all", corroboration_bonus = 0.01, senses = { "Thermal" },
    vision = {}, hearing = {}, smell = {}, touch = { sensitivity = 0.5 }, echolocation = { sensitivity = 0.5 },
    vibration = {}, damage = {}, pain = {} }
  local guard = world:add_agent{ name = "guard", profile = "all", pos = { 0, 0, 0 }, team = "guards" }
  local player = world:add_target{ name = "player", pos = { 450, 0, 64 }, team = "intruders" }
  guard:report_pain("Burning", 0.3)
  world:apply_damage{ victim = guard, instigator = player, amount = 20 }
  guard:add_evidence(player, "Doubt", "lower", 0.05)
  guard:add_evidence(player, "Alarm", "raise", 0.2)
  for _ = 1, 4 do world:step(0.1) end
  world:emit_sound(player, "Footstep")
  guard:report_touch(player)
  world:step(0.1)
  return world, guard, player
end

describe("agent:explain", function()
  it("gives every sense's factors, and their products and sums reproduce the confidence to 1e-6", function()
    local _, guard, player = scene()
    local e = guard:explain(player)
    local b = guard:belief(player)
    assert.are.same({ "Vision", "Hearing", "Smell", "Touch", "Echolocation", "Damage", "Thermal" }, e.order)
    for _, id in ipairs(e.order) do
      local s = e.senses[id]
      near(b.contributions[id], s.share, id .. " share")
      assert.are.equal(id == "Damage" and "grace" or "reporting", s.status, id) -- the hit was 0.5 s ago
      near(s.share * s.pain * s.weight, s.weighed, id .. " share x pain x weight")
    end
    local S = e.senses
    near(S.Vision.share, product(S.Vision.factors, VISION), "vision's formula")
    local sound = S.Hearing.sounds[1]
    assert.are.equal("Footstep", sound.sound)
    near(sound.heard, sound.loudness * sound.filter * sound.distance * sound.wall_factor * sound.weather,
      "heard = loudness x filter x (1 - (d / range)^2) x exp(-0.4 x walls) x weather")
    near(1 - (450 / 800) ^ 2, sound.distance, "the footstep's distance factor")
    assert.are.equal("single", S.Hearing.won)
    near(math.max(S.Hearing.single, S.Hearing.build_up), S.Hearing.share, "the higher of single and build-up")
    near(S.Smell.share, product(S.Smell.factors, { "scent", "sensitivity", "distance" }), "smell")
    near(S.Touch.share, S.Touch.factors.sensitivity, "touch")
    near(S.Echolocation.share, product(S.Echolocation.factors, { "sensitivity", "distance", "clear" }), "echo")
    near(math.min(1, S.Damage.damage / 100), S.Damage.share, "damage / 100")
    near(0.1 * 0.5, S.Damage.decay, "damage fades at half the fade rate (0.1)")
    near(0.4 * (1 - math.sqrt(450 ^ 2 + 64 ^ 2) / 3000), S.Thermal.returned, "what evaluate returned")
    near(S.Thermal.returned, S.Thermal.share, "Thermal's share")
    near(0.8, S.Thermal.accuracy, "Thermal's accuracy")
    -- Pain dulls sight and hearing only (burning: vision 0.4, hearing 0.3).
    assert.is_true(S.Vision.pain < 1 and S.Hearing.pain < 1)
    assert.are.equal(1, S.Smell.pain)
    -- Fusion: the best share x its weight, plus a bonus per corroborating sense.
    local best, sum = nil, 0
    for _, id in ipairs(e.order) do
      local s = e.senses[id]
      if s.best then best = s else sum = sum + s.bonus end
    end
    assert.are.equal("Vision", e.fusion.best)
    near(6 * 0.01, sum, "six corroborating senses")
    near(math.min(1, best.weighed + sum), e.fused, "fused")
    near(b.fused, e.fused, "the belief's fused")
    -- Evidence: the reductions added up; the floor under it binds nothing.
    assert.are.same({ { tag = "Doubt", op = "lower", value = e.evidence[1].value },
                      { tag = "Alarm", op = "raise", value = e.evidence[2].value } }, e.evidence)
    near(0.05, e.lower, "lowered")
    near(0.2, e.floor.value, "the floor")
    assert.are.equal("fusion", e.rule)
    assert.is_nil(e.bound_by)
    near(e.fused - e.lower, e.confidence, "confidence = fused - reductions")
    near(b.confidence, e.confidence, "the belief's confidence")
    near(b.smoothed, e.smoothed, "smoothed")
    assert.are.same({ sense = "Vision", factor = "distance", value = S.Vision.factors.distance, rule = "fusion" },
      e.decided)
  end)

  it("names the evidence that bound the result: a disguise's ceiling", function()
    local world, guard, player = scene()
    guard:add_evidence(player, "Disguise", "clamp", 0.15)
    world:step(0.1)
    local e = guard:explain(player)
    assert.are.equal("ceiling", e.rule)
    assert.are.equal("Disguise", e.evidence[e.bound_by].tag)
    near(0.15, e.confidence, "clamped")
    assert.are.equal("Disguise", e.decided.evidence)
  end)

  it("explains a hearing-only agent: after the footsteps the build-up wins", function()
    local world = wary.world()
    world:define_profile{ name = "ears", hearing = { sound_accumulation_rate = 20 } }
    local guard = world:add_agent{ profile = "ears", pos = { 0, 0, 0 } }
    local player = world:add_target{ pos = { 300, 0, 0 } }
    for i = 0, 19 do
      if i % 5 == 0 then world:emit_sound(player, "Footstep") end
      world:step(0.1)
    end
    local e = guard:explain(player)
    local h = e.senses.Hearing
    assert.are.equal("build_up", h.won)
    assert.is_nil(h.sounds)                            -- no new sound at the last update
    near(h.build_up, h.share, "the build-up is the share")
    assert.is_nil(e.vision)
    assert.matches("single 0.000, build%-up [%d.]+: the build%-up won", guard:explain_text(player))
  end)

  it("without a belief gives vision's factors now, and its text says so", function()
    local world = wary.world()
    world:define_profile{ name = "eyes", vision = {} }
    local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 180 }
    local player = world:add_target{ pos = { 500, 0, 0 } }
    world:step(0.1)
    local e = guard:explain(player)
    assert.is_false(e.believed)
    assert.are.equal(0, e.senses.Vision.factors.angle)  -- behind it
    assert.are.equal("angle", e.decided.factor)
    assert.are.equal(0, e.vision.confidence)
    local text = guard:explain_text(player)
    assert.matches("no belief", text)
    -- Out of the cone, vision stops before its factors: the text does not
    -- list them as if weather and visibility were 0.
    assert.matches("out_of_range: 180.0 deg off its eyes, 500 units away; stopped before its factors", text, 1, true)
    -- Beyond its range (in its cone): decided by the distance, not by the first of the zeros.
    local far = world:add_target{ pos = { -5000, 0, 0 } }
    world:step(0.1)
    local fe = guard:explain(far)
    assert.is_true(fe.vision.distance >= fe.vision.range)
    assert.are.same({ "Vision", "distance", 0 }, { fe.decided.sense, fe.decided.factor, fe.decided.value })
    assert.is_nil(text:find("weather 0.000", 1, true))
  end)

  it("says why vision saw nothing where its factors alone do not: past its range in its cone, no ray cast "
    .. "in the dark or at weather 0, too few points seen", function()
    local world = wary.world()
    world:define_profile{ name = "eyes", vision = { darkness_min_detection = 0 } }
    local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 0 }
    local player = world:add_target{ pos = { 1000, 0, 0 } }
    for _ = 1, 30 do world:step(1 / 60) end
    player:teleport(3500, 0, 0) -- ahead, past its 30 m
    for _ = 1, 30 do world:step(1 / 60) end
    local text = guard:explain_text(player)
    assert.matches("out_of_range: 0.0 deg off its eyes, 3500 units away; stopped before its factors", text, 1, true)
    assert.is_nil(text:find("weather 0.000", 1, true))
    player:teleport(1000, 0, 0)
    player:set_light(0)
    for _ = 1, 30 do world:step(1 / 60) end
    text = guard:explain_text(player)
    assert.matches("looking now: distance 0.889 x exposure (no ray cast) x light 0.000 (the rest 1)", text, 1, true)
    player:set_light(1)
    world:set_weather(0)
    for _ = 1, 30 do world:step(1 / 60) end
    assert.matches("exposure (no ray cast) x weather 0.000", guard:explain_text(player), 1, true)
    world:set_weather(1)
    world:define_profile{ name = "eyes", vision = { min_visible_points_standing = 6 } }
    for _ = 1, 30 do world:step(1 / 60) end
    text = guard:explain_text(player)
    assert.matches("looking now: distance 0.889 (the rest 1)\n    5 of its points seen, 6 required", text, 1, true)
  end)

  it("of a look that cast no ray blames what stopped it, not the points it never looked for", function()
    local function look_at(pos, vision, setup)
      local world = wary.world()
      world:define_profile{ name = "eyes", vision = vision or {} }
      local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 0 }
      local player = world:add_target{ pos = pos }
      if setup then setup(world, player) end
      world:step(1 / 60)
      return guard:explain(player), guard:explain_text(player)
    end
    local edge = math.rad(60)
    local cases = {
      { "at its range", { 3000, 0, 0 }, nil, nil, "distance" },
      { "on its cone's edge", { 1000 * math.cos(edge), 1000 * math.sin(edge), 0 }, nil, nil, "angle" },
      { "past its cone", { -1000, 0, 0 }, nil, nil, "angle" },
      { "in the dark", { 1000, 0, 0 }, { darkness_min_detection = 0 }, function(_, p) p:set_light(0) end, "light" },
      { "cloaked", { 1000, 0, 0 }, nil, function(_, p) p:set_perceivable(false) end, "visibility" },
      { "at weather 0", { 1000, 0, 0 }, nil, function(w) w:set_weather(0) end, "weather" },
    }
    for _, case in ipairs(cases) do
      local e, text = look_at(case[2], case[3], case[4])
      assert.are.equal(0, e.vision.confidence, case[1])
      assert.are.equal(case[5], e.decided.factor, case[1])
      assert.are.equal(0, e.decided.value, case[1])
      assert.is_nil(text:find("points seen", 1, true), case[1])
      if case[1] == "on its cone's edge" then
        assert.are.equal(0, e.vision.factors.angle) -- not the cosine of a float pi/2, -4.4e-8
        assert.matches("angle 0.000 x exposure (no ray cast)", text, 1, true)
      end
    end
    -- Cover: the rays were cast and found nothing.
    local e = look_at({ 1000, 0, 0 }, nil, function(w) w:add_box{ min = { 500, -200 }, max = { 520, 200 } } end)
    assert.are.same({ "exposure", 0 }, { e.decided.factor, e.decided.value })
    -- Seen, but too few of its points for the stance: those decided it.
    local text
    e, text = look_at({ 1000, 0, 0 }, { min_visible_points_prone = 6 }, function(_, p) p:set_stance("prone") end)
    assert.are.same({ "visible_points", 5 }, { e.decided.factor, e.decided.value })
    assert.are.equal("Vision: 5 of its points seen, too few (min_visible_points_*)",
      require("wary.explain").decided_text(e.decided))
    assert.matches("5 of its points seen, 6 required", text, 1, true)
  end)

  it("names the box that stopped its sight to each hidden point, and says so in its text", function()
    local world = wary.world()
    world:define_profile{ name = "eyes", vision = {} }
    local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 0 }
    local player = world:add_target{ pos = { 1000, 0, 0 } }
    world:add_box{ min = { 400, -200, 0 }, max = { 420, 200, 300 }, material = "glass" } -- dims nothing to 0
    local wall = world:add_box{ min = { 900, -200, 0 }, max = { 920, 200, 130 } }     -- hides the pelvis
    world:step(1 / 60)
    local blocked = 0
    for _, sample in ipairs(guard:explain(player).vision.samples) do
      if sample.sight == 0 then
        assert.are.equal(wall, sample.blocked_by)
        blocked = blocked + 1
      else
        assert.is_nil(sample.blocked_by)
      end
    end
    assert.are.equal(1, blocked)
    assert.matches("sight stopped by " .. tostring(wall) .. " (concrete)", guard:explain_text(player), 1, true)
    wall:remove()
    assert.is_nil(guard:explain_text(player):find("stopped by", 1, true))
    -- Of two walls, the nearer one hides it, whichever was made first (the walk meets them in its leaf's order).
    local far = world:add_box{ min = { 900, -200, 0 }, max = { 920, 200, 300 } }
    local nearer = world:add_box{ min = { 500, -200, 0 }, max = { 520, 200, 300 } }
    for _, sample in ipairs(guard:explain(player).vision.samples) do assert.are.equal(nearer, sample.blocked_by) end
    nearer:remove()
    for _, sample in ipairs(guard:explain(player).vision.samples) do assert.are.equal(far, sample.blocked_by) end
    -- A pillar set into the wall, its face 0.3 units nearer.
    local pillar = world:add_box{ min = { 899.7, -50, 0 }, max = { 910, 50, 300 } }
    for _, sample in ipairs(guard:explain(player).vision.samples) do assert.are.equal(pillar, sample.blocked_by) end
  end)

  it("of a teammate with ignore_same_team says why no sense reports it", function()
    local world = wary.world()
    world:define_profile{ name = "eyes", vision = {}, ignore_same_team = true }
    local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 0, team = "red" }
    local mate = world:add_target{ pos = { 1000, 0, 0 }, team = "red" }
    local foe = world:add_target{ pos = { 1000, 100, 0 }, team = "blue" }
    for _ = 1, 30 do world:step(1 / 60) end
    assert.is_nil(guard:belief(mate))
    local e = guard:explain(mate)
    assert.are.same({ "same_team", "ignored" }, { e.ignored, e.decided.rule })
    local why = "the same team, which its profile's ignore_same_team leaves to evidence and set_confidence (no "
      .. "sense reports it)"
    assert.matches("no belief: " .. why, guard:explain_text(mate), 1, true)
    assert.are.equal("nothing: " .. why, require("wary.explain").decided_text(e.decided))
    assert.is_nil(guard:explain(foe).ignored)
    guard:set_confidence(mate, 0.5) -- a belief all the same: explained as any other, and why no sense holds it
    world:step(1 / 60)
    assert.is_true(guard:explain(mate).believed)
    assert.are.same({ "same_team", "fading" }, { guard:explain(mate).ignored, guard:explain(mate).decided.rule })
    assert.matches("\n  its senses ignore it now: " .. why, guard:explain_text(mate), 1, true)
    mate:set_team("blue") -- a foe now: believed in
    for _ = 1, 30 do world:step(1 / 60) end
    assert.is_not_nil(guard:belief(mate))
    assert.is_nil(guard:explain(mate).ignored)
  end)

  it("of a foe that joins the team of a guard that ignores its own team: fading, ignored, lost for sensor_dropout",
    function()
      local world = wary.world()
      world:define_profile{ name = "eyes", vision = {}, ignore_same_team = true }
      local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 }, yaw = 0, team = "red" }
      local spy = world:add_target{ pos = { 1000, 0, 0 }, team = "blue" }
      for _ = 1, 60 do world:step(1 / 60) end
      assert.are.equal("tracked", guard:state(spy))
      spy:set_team("red") -- in plain view, 10 m ahead: seen no more all the same
      world:step(1 / 60)
      local e = guard:explain(spy)
      assert.are.same({ true, "same_team" }, { e.believed, e.ignored })
      assert.matches("its senses ignore it now: the same team", guard:explain_text(spy), 1, true)
      for _ = 1, 60 do world:step(1 / 60) end
      assert.are.equal("lost", guard:state(spy))
      -- Out of every sense's reach at once, as one set not perceivable: not out of range.
      assert.are.equal("sensor_dropout", guard:belief(spy).loss_reason)
    end)

  it("of a target lost behind a wall says why vision is silent, with its look now", function()
    local world = wary.world{ units_per_meter = 32 }
    world:define_profile{ name = "guard", vision = {} }
    world:add_box{ min = { 600, 0 }, max = { 620, 300 } }
    local guard = world:add_agent{ profile = "guard", pos = { 900, 360 }, yaw = 180, name = "guard" }
    local player = world:add_target{ pos = { 500, 360 }, name = "player" }
    for _ = 1, 30 do world:step(1 / 60) end
    player:set_pos(500, 150) -- behind the wall
    for _ = 1, 30 do world:step(1 / 60) end
    assert.are.equal("lost", guard:state(player))
    local text = guard:explain_text(player)
    assert.matches("Vision 0.000 (silent, occluded)", text, 1, true)
    assert.matches("looking now: distance [%d.]+ x angle [%d.]+ x exposure 0.000", text)
  end)

  it("works smell, touch and echolocation out now: a silent echolocation behind a wall says clear 0", function()
    local world = wary.world{}
    world:define_profile{ name = "bat", echolocation = {} }
    local bat = world:add_agent{ name = "bat", profile = "bat", pos = { 0, 0, 0 }, yaw = 0 }
    local moth = world:add_target{ name = "moth", pos = { 1000, 0, 0 } }
    for _ = 1, 60 do world:step(1 / 60) end
    local e = bat:explain(moth).senses.Echolocation
    assert.are.same({ 1, 0.75, 1 }, { e.factors.sensitivity, e.factors.distance, e.factors.clear })
    world:add_box{ min = { 500, -100 }, max = { 520, 100 } }
    for _ = 1, 35 do world:step(1 / 60) end
    e = bat:explain(moth).senses.Echolocation
    assert.are.equal("grace", e.status) -- its share held for its grace
    assert.are.equal(0.75, e.share)
    assert.are.equal(0, e.factors.clear)
    assert.matches("sensing now: distance 0.750 x clear 0.000", bat:explain_text(moth), 1, true)
  end)

  it("says a touch out of reach (distance 0) and a smelt target's own scent, out of range too", function()
    local world = wary.world{ units_per_meter = 1 }
    world:define_profile{ name = "dog", touch = {}, smell = {} }
    local dog = world:add_agent{ name = "dog", profile = "dog", pos = { 0, 0, 0 } }
    local cat = world:add_target{ name = "cat", pos = { 0.4, 0, 0 }, scent = 0.4 }
    world:step(0.1)
    local e = dog:explain(cat).senses
    assert.are.same({ 1, 1 }, { e.Touch.factors.sensitivity, e.Touch.factors.distance })
    cat:set_pos(8, 0, 0)
    for _ = 1, 5 do world:step(0.1) end
    e = dog:explain(cat).senses
    assert.are.equal(0, e.Touch.factors.distance)      -- out of reach
    near(0.4, e.Smell.factors.scent)                   -- its scent, though out of range
    assert.are.equal(0, e.Smell.factors.distance)
  end)

  it("of a target another sense holds says how vision looks now: why it heard but did not see", function()
    local world = wary.world{ units_per_meter = 32 }
    world:define_profile{ name = "guard", vision = {}, hearing = {} }
    local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0 }, yaw = 0 }
    local thief = world:add_target{ name = "thief", pos = { -96, 0 } } -- 3 m behind it
    world:step(1 / 60)
    world:emit_sound(thief, "Footstep")
    for _ = 1, 6 do world:step(1 / 60) end
    local e = guard:explain(thief)
    assert.is_true(e.believed)
    assert.is_nil(e.senses.Vision)
    local text = guard:explain_text(thief)
    assert.matches("Hearing [%d.]+ %(reporting%)", text)
    assert.matches("Vision holds none of it; looking now: out_of_range: 180.0 deg off its eyes, 96 units away",
      text, 1, true)
    -- In its cone and in range, the factors of its look now.
    guard:set_yaw(180)
    world:step(1 / 60)
    assert.matches("looking now: distance [%d.]+ %(the rest 1%) = 0%.9", guard:explain_text(thief))
  end)

  it("labels vision's factors a look now, beside the share of its last look", function()
    local world = wary.world{ units_per_meter = 32 }
    world:define_profile{ name = "guard", vision = {} }            -- a look every 0.1 s
    world:add_box{ min = { 300, 40 }, max = { 310, 200 } }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0 }, yaw = 0, name = "guard" }
    local you = world:add_target{ pos = { 384, 0 }, name = "you" }  -- 12 m ahead, in the open
    for _ = 1, 7 do world:step(1 / 60) end                         -- the seventh step looks
    you:set_pos(384, 100)                                          -- behind the wall
    world:step(1 / 60)                                             -- no look
    local v = guard:explain(you).senses.Vision
    assert.are.equal("reporting", v.status)
    assert.is_true(v.share > 0.8)                                  -- the last look's
    assert.are.equal(0, v.factors.exposure)                        -- the look now
    assert.matches("Vision [%d.]+ %(reporting%)[^\n]*\n    looking now: distance", guard:explain_text(you))
  end)

  -- A guard at the origin looking along x with that vision, "you" x ahead.
  local function watched(vision, x)
    local world = wary.world()
    world:define_profile{ name = "guard", vision = vision }
    local guard = world:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0, name = "guard" }
    return world, guard, world:add_target{ pos = { x, 0, 0 }, name = "you" }
  end

  -- The loss reason of you, seen for 1 s, then set not perceivable for 1 s.
  local function lost_when_hidden(world, you)
    local lost
    world:on("lost", function(ev) lost = ev.loss_reason end)
    for _ = 1, 60 do world:step(1 / 60) end
    you:set_perceivable(false)
    for _ = 1, 60 do world:step(1 / 60) end
    return lost
  end

  it("of a target set not perceivable: cloaked, its look casts no ray, it is lost for sensor_dropout", function()
    local world, guard, you = watched({}, 1000) -- 10 m ahead, in the open
    assert.are.equal("sensor_dropout", lost_when_hidden(world, you))
    local look = guard:explain(you).vision
    assert.are.same({ 0, 0, "sensor_dropout" }, { look.confidence, look.factors.visibility, look.reason })
    assert.matches("Vision 0.000 (silent, sensor_dropout)", guard:explain_text(you), 1, true)
    -- The debug drawing's rays alone, through a graphics table that does nothing.
    local g = setmetatable({}, { __index = function() return function() end end })
    local only_rays = { graphics = g, boxes = false, cones = false, meters = false, sounds = false, places = false,
                        last_known = false, explain = false, space = false }
    assert.are.equal(0, require("wary.debug").draw(world, only_rays).rays)
    you:set_perceivable(true)
    assert.are.equal(5, require("wary.debug").draw(world, only_rays).rays)
  end)

  it("says when vision's first sight is held back, and when a reduction is not applied", function()
    local world, guard, you = watched({ first_spot_reaction_time = 0.3 }, 1000)
    for _ = 1, 9 do world:step(1 / 60) end
    assert.are.equal(0, guard:confidence(you))
    assert.is_true(guard:explain(you).vision.reacting)
    assert.matches("Vision's first sight of it is held back (first_spot_reaction_time)", guard:explain_text(you), 1,
      true)
    -- Smell out of range past its grace: no sense holds the target, so the
    -- reduction is not applied (seed 000) and the text says so.
    world = wary.world()
    world:define_profile{ name = "dog", smell = {} }
    local dog = world:add_agent{ profile = "dog", pos = { 0, 0, 0 }, name = "dog" }
    you = world:add_target{ pos = { 200, 0, 0 }, name = "you" }
    for _ = 1, 60 do world:step(1 / 60) end
    you:teleport(2000, 0, 0)
    for _ = 1, 180 do world:step(1 / 60) end
    dog:add_evidence(you, "Doubt", "lower", 0.3)
    world:step(1 / 60)
    assert.are.equal("fading", dog:explain(you).rule)
    assert.matches("lowered by 0.300 (not now: no sense holds it)", dog:explain_text(you), 1, true)
    -- A floor sets the confidence: the reduction is still not applied.
    dog:add_evidence(you, "Tip", "raise", 0.9)
    world:step(1 / 60)
    assert.are.equal("floor", dog:explain(you).rule)
    assert.matches("lowered by 0.300 (not now: no sense holds it)", dog:explain_text(you), 1, true)
  end)

  it("of a target set not perceivable: a custom sense's loss reason stays its contract's", function()
    local world = wary.world()
    world:define_sense{ id = "Radar", interval = 0.1, max_range = 5000, loss_grace = 0.2, direct_lost_cut = true,
      loss_reason = "out_of_range", evaluate = function() return 0.9 end }
    world:define_profile{ name = "r", senses = { "Radar" } }
    world:add_agent{ name = "guard", profile = "r", pos = { 0, 0, 0 } }
    local you = world:add_target{ name = "you", pos = { 1000, 0, 0 } }
    assert.are.equal("out_of_range", lost_when_hidden(world, you))
  end)

  it("writes numbers on a rounding tie the same on both backends (halves up)", function()
    -- 0.0625 to three places: Lua 5.4's C library rounds the tie to even
    -- (0.062), LuaJIT's own formatter up (0.063).
    local world, guard, you = watched({ weight = 0.0625 }, 500)
    for _ = 1, 6 do world:step(1 / 60) end
    assert.matches("x weight 0.063 =", guard:explain_text(you), 1, true)
  end)
end)
