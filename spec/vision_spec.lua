-- Vision (seed 000, "What changes it" and "The vision formula"):
--   Confidence = DistanceFalloff x AngleFalloff x ExposureRatio x LightFactor
--              x MotionBonus x WeatherMod x VisibilityMultiplier x ConeScale
-- "Every factor multiplies, so any single zero means no detection." The guard
-- of spec/support/sight.lua stands at the origin facing +x with its eyes at
-- 1.7 m; the player's head is level with them, so every factor but the one a
-- spec changes is 1.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local sight = require("spec.support.sight")
local fixture = require("spec.support.fixture")
local events = require("spec.support.events")
local expect = require("spec.support.expect")

local near, error_of, mentions = expect.near, expect.error_of, expect.mentions
local unpack = table.unpack or unpack
local RANGE = sight.RANGE

-- The default distance falloff at d: 1 - (d / range)^2.
local function falloff(d, range) return 1 - (d / (range or RANGE)) ^ 2 end
-- The default angle falloff: cos(angle / half angle x 90 deg).
local function cosine(angle, half) return math.cos(angle / (half or 60) * math.pi / 2) end

-- The sights of explain's samples, in order.
local function sights(e)
  local out = {}
  for i, s in ipairs(e.samples) do out[i] = s.sight end
  return out
end

local function counted(e)
  local out = {}
  for i, s in ipairs(e.samples) do out[i] = s.counted end
  return out
end

-- Asserts that explain shows no detection for `reason`, and that after a
-- second of looking the guard holds no belief about the player at all.
local function not_seen(s, reason)
  local e = s:explain()
  assert.are.equal(0, e.confidence)
  assert.are.equal(reason, e.reason)
  assert.are.same({}, s:run(1))
  assert.is_nil(s:belief())
end

describe("vision", function()
  describe("distance", function()
    it("75% at half range", function()
      local s = sight.new{ player = { pos = { RANGE / 2, 0, 0 } } }
      local e = s:explain()
      near(0.75, e.factors.distance)
      near(0.75, e.confidence)
      expect.fields(e, { cone = "focal", reason = "none" })
      near(1500, e.distance)
      near(RANGE, e.range)
    end)

    it("falls gently at first and steeply near the end: 1 - (d / range)^2", function()
      for _, d in ipairs({ 300, 1000, 2000, 2700 }) do
        local s = sight.new{ player = { pos = { d, 0, 0 } } }
        near(falloff(d), s:explain().factors.distance)
      end
    end)

    it("0 at full range", function()
      not_seen(sight.new{ player = { pos = { RANGE, 0, 0 } } }, "out_of_range")
    end)

    it("no detection beyond the range", function()
      for _, d in ipairs({ RANGE + 1, RANGE * 1.5 }) do
        local s = sight.new{ player = { pos = { d, 0, 0 } } }
        near(d, s:explain().distance)
        not_seen(s, "out_of_range")
      end
    end)

    it("max_range sets the range: 75% at 10 m with a 20 m range", function()
      local s = sight.new{ vision = { max_range = 2000 }, player = { pos = { 1000, 0, 0 } } }
      near(2000, s:explain().range)
      near(0.75, s:explain().confidence)
    end)

    it("the distance is measured from the eyes to the head", function()
      local s = sight.new{ player = { pos = { 1200, 0, 0 }, samples = { { 0, 0, 170 + 500, 1 } } } }
      near(1300, s:explain().distance)
      near(falloff(1300), s:explain().factors.distance)
    end)
  end)

  describe("angle", function()
    it("cos(angle x 90 deg): full at the centre, 70.7% at 30 degrees of a 60 degree half angle", function()
      local s = sight.new{ player = { pos = sight.at(0, 1000) } }
      near(1, s:explain().factors.angle)
      s.player:set_pos(sight.at(30, 1000))
      local e = s:explain()
      near(30, e.angle, 1e-3)
      near(cosine(30), e.factors.angle, 1e-4)
      near(falloff(1000) * cosine(30), e.confidence, 1e-4)
      s.player:set_pos(sight.at(-45, 1000))
      near(45, s:explain().angle, 1e-3)
      near(cosine(45), s:explain().factors.angle, 1e-4)
    end)

    it("zero at the cone's edge: nothing at 60 degrees", function()
      local s = sight.new{ player = { pos = sight.at(60, 1000) } }
      local e = s:explain()
      near(60, e.angle, 1e-3)
      near(0, e.factors.angle, 1e-6)
      not_seen(s, "out_of_range")
    end)

    it("the focal angle is half_angle_deg: at 30 degrees, 45 degrees is outside", function()
      local s = sight.new{ vision = { half_angle_deg = 30 }, player = { pos = sight.at(15, 1000) } }
      near(cosine(15, 30), s:explain().factors.angle, 1e-4)
      s.player:set_pos(sight.at(45, 1000))
      expect.fields(s:explain(), { cone = "none", reason = "out_of_range" })
      not_seen(s, "out_of_range")
    end)

    it("is measured to the head, not the body's centre: crouching lowers the head and widens the angle", function()
      -- One metre ahead, standing, the head is level with the eyes: angle 0.
      local s = sight.new{ player = { pos = { 100, 0, 0 } } }
      near(0, s:explain().angle, 1e-3)
      near(1, s:explain().factors.angle)
      -- Crouched, the head is at 1.10 m and 15 cm forward: 60 cm below the eyes, 115 cm ahead.
      s.player:set_stance("crouched")
      local e = s:explain()
      local angle = math.deg(math.atan(60 / 115))
      near(115, e.samples[1].pos.x, 1e-3)
      near(110, e.samples[1].pos.z, 1e-3)
      near(angle, e.angle, 1e-3)
      near(cosine(angle), e.factors.angle, 1e-4)
      near(math.sqrt(60 ^ 2 + 115 ^ 2), e.distance, 1e-3)
    end)

    it("is measured to the target's own first sample point when it has its own", function()
      -- A first point 1 m up and 1 m to the side of a player 1 m ahead: 45 degrees off.
      local s = sight.new{ player = { pos = { 100, -100, 170 - 100 }, samples = { { 0, 100, 100, 1 } } } }
      near(0, s:explain().angle, 1e-3)
      near(100, s:explain().distance, 1e-3)
    end)
  end)

  describe("cover: five weighted points", function()
    it("in the open all five points show: head, chest, pelvis and both shoulders", function()
      local e = sight.new{}:explain()
      assert.are.equal(5, #e.samples)
      local weights, heights = {}, {}
      for i, p in ipairs(e.samples) do
        weights[i], heights[i] = p.weight, p.pos.z
      end
      for i, w in ipairs({ 1.0, 0.9, 0.7, 0.6, 0.6 }) do near(w, weights[i], 1e-6) end
      for i, z in ipairs({ 170, 140, 100, 150, 150 }) do near(z, heights[i], 1e-3) end
      near(22, e.samples[4].pos.y, 1e-3)
      near(-22, e.samples[5].pos.y, 1e-3)
      assert.are.same({ 1, 1, 1, 1, 1 }, sights(e))
      near(1, e.factors.exposure)
      assert.are.equal(5, e.visible_points)
    end)

    it("head and one shoulder clear: (1.0 + 0.6) / 3.8 = 42%", function()
      local s = sight.new{}
      -- 1.6 m tall, in front of the chest, the pelvis and the left shoulder
      -- (y = +22 cm) but not the right one (y = -22 cm, -19.8 cm at the wall).
      s.world:add_box{ min = { 900, -10, 0 }, max = { 910, 100, 160 } }
      local e = s:explain()
      assert.are.same({ 1, 0, 0, 0, 1 }, sights(e))
      assert.are.same({ true, false, false, false, true }, counted(e))
      assert.are.equal(2, e.visible_points)
      near(1.6 / 3.8, e.factors.exposure)
      near(0.4211, e.factors.exposure, 5e-5)
      near(falloff(1000) * 1.6 / 3.8, e.confidence)
      expect.fields(e, { reason = "none", cone = "focal" })
    end)

    it("behind a chest-high wall only the head and shoulders show", function()
      local s = sight.new{}
      s:wall(900, 148) -- the rays cross it at 1.70 (head), 1.43 (chest), 1.07 (pelvis), 1.52 (shoulders)
      local e = s:explain()
      assert.are.same({ 1, 0, 0, 1, 1 }, sights(e))
      near(2.2 / 3.8, e.factors.exposure)
    end)

    it("behind a tall wall it can't make you out: occluded", function()
      local s = sight.new{}
      s:wall(900, 300)
      local e = s:explain()
      assert.are.same({ 0, 0, 0, 0, 0 }, sights(e))
      assert.are.equal(0, e.factors.exposure)
      not_seen(s, "occluded")
    end)

    it("min_exposure_to_register ignores slivers (5% by default)", function()
      -- The head weighs 0.04 of 1: only it shows over the wall.
      local slim = { { 0, 0, 170, 0.04 }, { 0, 0, 100, 0.96 } }
      local s = sight.new{ player = { samples = slim } }
      s:wall(900, 148)
      local e = s:explain()
      near(0.04, e.factors.exposure, 1e-6)
      assert.are.equal(1, e.visible_points)
      not_seen(s, "occluded")
      local lenient = sight.new{ vision = { min_exposure_to_register = 0.03 }, player = { samples = slim } }
      lenient:wall(900, 148)
      near(falloff(1000) * 0.04, lenient:explain().confidence, 1e-5)
    end)

    it("min_exposure_to_register 0.5 ignores the 42% of head and one shoulder", function()
      local s = sight.new{ vision = { min_exposure_to_register = 0.5 } }
      s.world:add_box{ min = { 900, -10, 0 }, max = { 910, 100, 160 } }
      near(1.6 / 3.8, s:explain().factors.exposure)
      not_seen(s, "occluded")
    end)
  end)

  describe("stance", function()
    -- A low wall, 1.12 m at x = 9 m: standing, the head, chest and shoulders
    -- show over it (the pelvis does not); crouched, only the head.
    local function low_wall(vision, stance)
      local s = sight.new{ vision = vision, player = { stance = stance } }
      s:wall(900, 112)
      return s
    end

    it("changes nothing by default (1 point for every stance): crouched behind the wall, the head shows", function()
      local s = low_wall({}, "crouched")
      local e = s:explain()
      assert.are.same({ true, false, false, false, false }, counted(e))
      expect.fields(e, { visible_points = 1, required_points = 1, reason = "none" })
      near(1 / 3.8, e.factors.exposure)
    end)

    it("min_visible_points_crouched = 2: crouched behind cover is invisible, standing it isn't", function()
      local vision = { min_visible_points_crouched = 2 }
      local standing = low_wall(vision, "standing"):explain()
      expect.fields(standing, { visible_points = 4, required_points = 1, reason = "none" })
      near(3.1 / 3.8, standing.factors.exposure)
      assert.is_true(standing.confidence > 0.35)

      local s = low_wall(vision, "crouched")
      local e = s:explain()
      expect.fields(e, { visible_points = 1, required_points = 2 })
      not_seen(s, "occluded")
    end)

    it("crouched in the open is no help", function()
      local s = sight.new{ vision = { min_visible_points_crouched = 2 }, player = { stance = "crouched" } }
      local e = s:explain()
      expect.fields(e, { visible_points = 5, required_points = 2, reason = "none" })
      near(1, e.factors.exposure)
      s:run(0.5)
      assert.are.equal("detected", s:state())
    end)

    it("min_visible_points_prone = 3: prone behind a 45 cm wall, only the head shows, and it isn't enough", function()
      -- Prone, the points lie 15-25 cm up along the target's yaw, the head
      -- furthest: the rays cross the wall at 49 cm (head), 42 cm (shoulders) and below.
      local function prone(vision)
        local s = sight.new{ vision = vision, player = { stance = "prone" } }
        s:wall(900, 45)
        return s
      end
      local e = prone({}):explain()
      assert.are.same({ true, false, false, false, false }, counted(e))
      expect.fields(e, { required_points = 1, reason = "none" })
      local s = prone{ min_visible_points_prone = 3, min_visible_points_crouched = 2 }
      expect.fields(s:explain(), { visible_points = 1, required_points = 3 })
      not_seen(s, "occluded")
      -- Standing up behind the same wall, every point shows.
      s.player:set_stance("standing")
      expect.fields(s:explain(), { visible_points = 5, required_points = 1, reason = "none" })
    end)

    it("a point counts toward the stance limit only when more than half the sight reaches it", function()
      local s = sight.new{ vision = { min_visible_points_standing = 5 } }
      local hedge = s:wall(900, 300, nil, nil, "foliage")
      -- Foliage lets 72% through: every point counts.
      local e = s:explain()
      expect.fields(e, { visible_points = 5, reason = "none" })
      assert.are.same({ true, true, true, true, true }, counted(e))
      near(0.72, e.factors.exposure, 1e-6)
      near(falloff(1000) * 0.72, e.confidence, 1e-5)
      -- Glass lets all of it through: it counts.
      hedge:set_material("glass")
      expect.fields(s:explain(), { visible_points = 5, reason = "none" })
      near(falloff(1000), s:explain().confidence)
      -- Exactly half is not more than half.
      s.world:define_material{ name = "gauze", vision_transmission = 0.5 }
      hedge:set_material("gauze")
      e = s:explain()
      expect.fields(e, { visible_points = 0, reason = "occluded" })
      near(0.5, e.factors.exposure, 1e-6)
    end)

    it("smoke (2%) doesn't count: with no sliver limit, a target in smoke is still unseen by the point rule", function()
      local s = sight.new{ vision = { min_exposure_to_register = 0 } }
      s:wall(900, 300, nil, nil, "smoke")
      local e = s:explain()
      near(0.02, e.factors.exposure, 1e-6)
      assert.are.same({ false, false, false, false, false }, counted(e))
      expect.fields(e, { visible_points = 0, required_points = 1 })
      not_seen(s, "occluded")
      -- Asking for no point at all, the 2% that gets through is seen.
      local lax = sight.new{ vision = { min_exposure_to_register = 0, min_visible_points_standing = 0 } }
      lax:wall(900, 300, nil, nil, "smoke")
      near(falloff(1000) * 0.02, lax:explain().confidence, 1e-6)
    end)
  end)

  describe("sample points", function()
    it("vision_sample_count = 3 uses head, chest and pelvis only", function()
      local s = sight.new{ vision = { vision_sample_count = 3 } }
      local e = s:explain()
      assert.are.equal(3, #e.samples)
      for i, w in ipairs({ 1.0, 0.9, 0.7 }) do near(w, e.samples[i].weight, 1e-6) end
      for i, z in ipairs({ 170, 140, 100 }) do near(z, e.samples[i].pos.z, 1e-3) end
      -- Over a 1.6 m wall only the head shows: 1.0 / 2.6.
      s:wall(900, 160)
      near(1 / 2.6, s:explain().factors.exposure)
    end)

    it("a target's own samples (add_target{ samples }) replace the built-in five", function()
      local s = sight.new{ player = { samples = { { 0, 0, 120, 2 }, { 0, 0, 40, 1 } } } }
      local e = s:explain()
      assert.are.equal(2, #e.samples)
      near(120, e.samples[1].pos.z, 1e-3)
      near(2, e.samples[1].weight, 1e-6)
      near(40, e.samples[2].pos.z, 1e-3)
      -- A wall at 1 m hides the low point (a third of the weight).
      s:wall(900, 100)
      near(2 / 3, s:explain().factors.exposure, 1e-5)
    end)

    it("samples are in the target's frame: x along its yaw, y to its left", function()
      local s = sight.new{ player = { yaw = 90, samples = { { 50, 0, 170, 1 }, { x = 0, y = 30, z = 100 } } } }
      local e = s:explain()
      near(1000, e.samples[1].pos.x, 1e-3)
      near(50, e.samples[1].pos.y, 1e-3)
      near(1000 - 30, e.samples[2].pos.x, 1e-3)
      near(0, e.samples[2].pos.y, 1e-3)
      near(1, e.samples[2].weight, 1e-6) -- weight defaults to 1
    end)

    it("set_samples replaces them; set_samples(nil) brings back the built-in five", function()
      local s = sight.new{}
      s.player:set_samples{ { 0, 0, 170, 1 } }
      assert.are.equal(1, #s:explain().samples)
      s.player:set_samples(nil)
      assert.are.equal(5, #s:explain().samples)
    end)

    it("a profile's default_visibility_samples apply to targets without their own", function()
      local s = sight.new{ vision = { default_visibility_samples = { { 0, 0, 170, 1 }, { 0, 0, 60, 3 } } } }
      local e = s:explain()
      assert.are.equal(2, #e.samples)
      near(60, e.samples[2].pos.z, 1e-3)
      near(3, e.samples[2].weight, 1e-6)
      s:wall(900, 100)
      near(1 / 4, s:explain().factors.exposure)
      -- The target's own points win over the profile's.
      s.player:set_samples{ { 0, 0, 170, 1 } }
      assert.are.equal(1, #s:explain().samples)
      near(1, s:explain().factors.exposure)
    end)

    it("vision_sample_count limits the built-in set only, not a target's own samples (seed 000)", function()
      local eight = {}
      for i = 1, 8 do eight[i] = { 0, 0, 180 - 10 * i, 1 } end
      local s = sight.new{ vision = { vision_sample_count = 3 }, player = { samples = eight } }
      local e = s:explain()
      assert.are.equal(8, #e.samples)
      near(100, e.samples[8].pos.z, 1e-3)
      s.player:set_samples(nil)
      assert.are.equal(3, #s:explain().samples) -- the head, chest and pelvis of the five
    end)
  end)

  describe("glass, leaves and smoke", function()
    local function behind(...)
      local s = sight.new{}
      for i, material in ipairs({ ... }) do s:wall(700 + 100 * i, 300, nil, nil, material) end
      return s:explain()
    end

    it("glass hides nothing", function()
      near(falloff(1000), behind("glass").confidence)
    end)

    it("a hedge lets some sight through: foliage 72%", function()
      local e = behind("foliage")
      near(0.72, e.factors.exposure, 1e-6)
      near(falloff(1000) * 0.72, e.confidence, 1e-5)
    end)

    it("thick smoke hides you", function()
      local e = behind("smoke")
      near(0.02, e.factors.exposure, 1e-6)
      expect.fields(e, { confidence = 0, reason = "occluded" })
    end)

    it("surfaces multiply along the ray: glass x foliage = 72%, foliage x foliage = 51.84%", function()
      near(0.72, behind("glass", "foliage").factors.exposure, 1e-6)
      local e = behind("foliage", "foliage")
      near(0.72 * 0.72, e.factors.exposure, 1e-6)
      assert.are.equal(5, e.visible_points)
      near(0.72 * 0.72, e.samples[1].sight, 1e-6)
    end)

    it("a wall anywhere along the ray blocks it", function()
      local e = behind("glass", "concrete", "foliage")
      expect.fields(e, { confidence = 0, reason = "occluded" })
    end)
  end)

  describe("cones", function()
    local both = { enable_peripheral_cone = true, enable_rear_motion_cone = true }

    it("peripheral and rear are off by default: a target at 90 degrees is not seen", function()
      local s = sight.new{ player = { pos = sight.at(90, 1000) } }
      local e = s:explain()
      expect.fields(e, { cone = "none", reason = "out_of_range" })
      near(90, e.angle, 1e-3)
      not_seen(s, "out_of_range")
      -- Straight behind, even running, nothing either.
      local r = sight.new{ player = { pos = { -500, 0, 0 }, velocity = { 800, 0, 0 } } }
      not_seen(r, "out_of_range")
    end)

    it("focal: 60 degrees each side, full strength, full range", function()
      local s = sight.new{ vision = both, player = { pos = sight.at(59, 1000) } }
      local e = s:explain()
      expect.fields(e, { cone = "focal", reason = "none" })
      near(1, e.factors.cone)
      near(RANGE, e.range)
      near(falloff(1000) * cosine(59), e.confidence, 1e-4)
    end)

    it("is checked first: at 30 degrees the focal cone sees, not the peripheral one", function()
      local e = sight.new{ vision = both, player = { pos = sight.at(30, 1000) } }:explain()
      assert.are.equal("focal", e.cone)
      near(cosine(30), e.factors.angle, 1e-4)
    end)

    it("peripheral: 110 degrees each side, x0.45, at 60% of the range", function()
      local s = sight.new{ vision = both, player = { pos = sight.at(90, 1000) } }
      local e = s:explain()
      expect.fields(e, { cone = "peripheral", reason = "none" })
      near(0.45, e.factors.cone, 1e-6)
      near(0.6 * RANGE, e.range, 1e-2)
      near(90, e.angle, 1e-3)
      near(cosine(90, 110), e.factors.angle, 1e-4)
      near(falloff(1000, 1800), e.factors.distance, 1e-5)
      near(falloff(1000, 1800) * cosine(90, 110) * 0.45, e.confidence, 1e-4)
      -- On the far side too.
      s.player:set_pos(sight.at(-100, 1000))
      assert.are.equal("peripheral", s:explain().cone)
      -- Past 110 degrees, nothing.
      s.player:set_pos(sight.at(115, 1000))
      assert.are.equal("none", s:explain().cone)
    end)

    it("peripheral: a target at 70% of the range is not seen; at 50% it is", function()
      local far = sight.new{ vision = both, player = { pos = sight.at(80, 0.7 * RANGE) } }
      expect.fields(far:explain(), { cone = "peripheral", reason = "out_of_range" })
      not_seen(far, "out_of_range")
      local near_enough = sight.new{ vision = both, player = { pos = sight.at(80, 0.5 * RANGE) } }
      local e = near_enough:explain()
      assert.are.equal("none", e.reason)
      near(falloff(1500, 1800), e.factors.distance, 1e-5)
    end)

    it("rear: 60 degrees from behind, x0.25, at 35% of the range, only above 3 m/s", function()
      local s = sight.new{ vision = both, player = { pos = { -500, 0, 0 } } }
      -- Standing still behind it: nothing.
      expect.fields(s:explain(), { cone = "none", reason = "out_of_range" })
      -- Exactly 3 m/s is not faster than 3 m/s.
      s.player:set_velocity(0, 300, 0)
      assert.are.equal("none", s:explain().cone)
      s.player:set_velocity(0, 400, 0)
      local e = s:explain()
      expect.fields(e, { cone = "rear", reason = "none" })
      near(0, e.angle, 1e-3)
      near(0.25, e.factors.cone, 1e-6)
      near(0.35 * RANGE, e.range, 1e-2)
      local motion = 1 + 0.3 * 400 / 600
      near(motion, e.factors.motion, 1e-5)
      near(falloff(500, 1050) * 0.25 * motion, e.confidence, 1e-4)
      s:run(0.5)
      assert.is_true(s:confidence() > 0)
    end)

    it("rear: the angle is measured from straight behind", function()
      local s = sight.new{ vision = both, player = { pos = sight.at(150, 500), velocity = { 400, 0, 0 } } }
      local e = s:explain()
      assert.are.equal("rear", e.cone)
      near(30, e.angle, 1e-3)
      near(cosine(30), e.factors.angle, 1e-4)
    end)

    it("rear: a fast target past 35% of the range is not seen", function()
      local s = sight.new{ vision = both, player = { pos = { -1200, 0, 0 }, velocity = { 0, 600, 0 } } }
      expect.fields(s:explain(), { cone = "rear", reason = "out_of_range" })
      not_seen(s, "out_of_range")
    end)

    it("the settings move the cones: peripheral_scale 0.8 at 120 degrees and 90% of the range", function()
      local s = sight.new{ vision = { enable_peripheral_cone = true, peripheral_half_angle_deg = 120,
                                      peripheral_scale = 0.8, peripheral_range_scale = 0.9 },
                           player = { pos = sight.at(115, 2000) } }
      local e = s:explain()
      expect.fields(e, { cone = "peripheral", reason = "none" })
      near(0.8, e.factors.cone, 1e-6)
      near(0.9 * RANGE, e.range, 1e-2)
      near(cosine(115, 120), e.factors.angle, 1e-4)
    end)
  end)

  describe("motion bonus", function()
    local function motion_at(speed, vision)
      local s = sight.new{ vision = vision, player = { pos = { 1500, 0, 0 }, velocity = { 0, speed, 0 } } }
      return s:explain()
    end

    it("none standing still", function()
      near(1, motion_at(0).factors.motion)
    end)

    it("1.15 at 3 m/s", function()
      near(1.15, motion_at(300).factors.motion)
      near(0.75 * 1.15, motion_at(300).confidence)
    end)

    it("1.3 at 6 m/s and above", function()
      near(1.3, motion_at(600).factors.motion)
      near(1.3, motion_at(1200).factors.motion)
      near(0.75 * 1.3, motion_at(1200).confidence)
    end)

    it("counts the speed in any direction", function()
      local s = sight.new{ player = { velocity = { 180, 0, 240 } } } -- 3 m/s
      near(1.15, s:explain().factors.motion)
    end)

    it("motion_bonus and motion_bonus_speed set how much and how fast", function()
      near(1.25, motion_at(200, { motion_bonus = 0.5, motion_bonus_speed = 400 }).factors.motion)
    end)

    it("follows a target moved by set_pos alone: walking 3 m/s gives 1.15", function()
      local s = sight.new{ player = { pos = { 1500, 0, 0 } } }
      for i = 1, 30 do
        s.player:set_pos(1500, 300 * i / 60, 0) -- 3 m/s sideways, a step of 1/60 s
        s:run(1 / 60)
      end
      near(1.15, s:explain().factors.motion)
      assert.is_true(math.abs(s.player:get().vel[2] - 300) < 0.01)
      for _ = 1, 3 do s:run(1 / 60) end -- it stops: so does the bonus
      near(1, s:explain().factors.motion)
    end)

    it("is the game's once it sets a velocity, whatever set_pos does", function()
      local s = sight.new{ player = { pos = { 1500, 0, 0 } } }
      s.player:set_velocity(0, 600, 0)
      for i = 1, 30 do
        s.player:set_pos(1500, i, 0)
        s:run(1 / 60)
      end
      near(1.3, s:explain().factors.motion)
    end)

    it("gives the rear cone a target that runs behind the guard by set_pos alone", function()
      local s = sight.new{ vision = { enable_rear_motion_cone = true }, player = { pos = { -800, 0, 0 } } }
      for i = 1, 30 do
        s.player:set_pos(-800, 400 * i / 60, 0) -- 4 m/s behind it, past the 3 m/s the rear cone needs
        s:run(1 / 60)
      end
      assert.are.equal("rear", s:explain().cone)
      assert.is_true(s:confidence() > 0)
    end)

    it("takes no speed from a teleport: a respawn behind the guard is not a runner", function()
      local s = sight.new{ vision = { enable_rear_motion_cone = true }, player = { pos = { 5000, 0, 0 } } }
      s:run(1 / 60)
      s.player:teleport(-800, 0)
      s:run(1 / 60)
      assert.are.equal(0, s:confidence())
      assert.are_not.equal("rear", s:explain().cone)
      s.player:set_pos(-800, 100, 0) -- the same kind of jump by set_pos is a run of 60 m/s
      s:run(1 / 60)
      assert.are.equal("rear", s:explain().cone)
    end)

    it("follows the motion again after set_velocity(nil)", function()
      local s = sight.new{ vision = { enable_rear_motion_cone = true }, player = { pos = { -800, 0, 0 } } }
      s.player:set_velocity(0, 0, 0)
      for i = 1, 30 do
        s.player:set_pos(-800, 500 * i / 60, 0)
        s:run(1 / 60)
      end
      assert.are.equal(0, s:confidence()) -- the game's velocity (0) stands, whatever set_pos does
      assert.are.equal(s.player, s.player:set_velocity(nil))
      for i = 31, 60 do
        s.player:set_pos(-800, 500 * i / 60, 0) -- 5 m/s
        s:run(1 / 60)
      end
      assert.are.equal("rear", s:explain().cone)
      assert.is_true(s:confidence() > 0)
    end)
  end)

  describe("light", function()
    it("Lerp(darkness_min_detection, 1, light level): 10% left in total darkness", function()
      local s = sight.new{ player = { pos = { 1500, 0, 0 }, light = 0 } }
      local e = s:explain()
      near(0, e.light)
      near(0.1, e.factors.light, 1e-6)
      near(0.075, e.confidence, 1e-6)
      s.player:set_light(0.5)
      near(0.55, s:explain().factors.light, 1e-6)
    end)

    it("darkness_min_detection 0.4 sees more in the dark", function()
      local s = sight.new{ vision = { darkness_min_detection = 0.4 }, player = { light = 0.5 } }
      near(0.7, s:explain().factors.light, 1e-6)
    end)
  end)

  describe("weather and visibility", function()
    it("the world's weather multiplies: 0.5 halves it", function()
      local s = sight.new{ world = { weather = 0.5 }, player = { pos = { 1500, 0, 0 } } }
      near(0.5, s:explain().factors.weather)
      near(0.375, s:explain().confidence)
      s.world:set_weather(0.8)
      near(0.6, s:explain().confidence)
    end)

    it("the target's visibility (camouflage) multiplies", function()
      local s = sight.new{ player = { pos = { 1500, 0, 0 }, visibility = 0.4 } }
      near(0.4, s:explain().factors.visibility, 1e-6)
      near(0.3, s:explain().confidence)
      s.player:set_visibility(0.9)
      near(0.675, s:explain().confidence)
    end)

    it("all the factors multiply together", function()
      local s = sight.new{
        world = { weather = 0.8 },
        vision = { enable_peripheral_cone = true },
        player = { pos = sight.at(90, 900), velocity = { 0, 0, 300 }, light = 0.5, visibility = 0.5 },
      }
      -- Across the line of sight at y = 7 m, 1.6 m tall: only the head shows.
      s.world:add_box{ min = { -500, 700, 0 }, max = { 500, 710, 160 } }
      local e = s:explain()
      near(1 / 3.8, e.factors.exposure)
      local expected = falloff(900, 1800) * cosine(90, 110) * (1 / 3.8) * 0.55 * 1.15 * 0.8 * 0.5 * 0.45
      assert.are.equal("peripheral", e.cone)
      near(expected, e.confidence, 1e-5)
      local product = 1
      for _, v in each(e.factors) do product = product * v end
      near(product, e.confidence, 1e-6)
    end)
  end)

  describe("a zero in any factor means no detection", function()
    it("distance: at or past the range, out_of_range", function()
      not_seen(sight.new{ player = { pos = { RANGE, 0, 0 } } }, "out_of_range")
    end)

    it("angle: outside the cone, out_of_range", function()
      local s = sight.new{ player = { pos = sight.at(75, 1000) } }
      assert.are.equal("none", s:explain().cone)
      not_seen(s, "out_of_range")
    end)

    it("angle: an angle curve at zero, out_of_range", function()
      local s = sight.new{ vision = { angle_curve = { { 0, 1 }, { 0.5, 0 } } }, player = { pos = sight.at(40, 1000) } }
      local e = s:explain()
      expect.fields(e, { cone = "focal" })
      assert.are.equal(0, e.factors.angle)
      not_seen(s, "out_of_range")
    end)

    it("light: darkness_min_detection 0 and light 0, sensor_dropout", function()
      local s = sight.new{ vision = { darkness_min_detection = 0 }, player = { light = 0 } }
      assert.are.equal(0, s:explain().factors.light)
      not_seen(s, "sensor_dropout")
    end)

    it("weather 0, sensor_dropout", function()
      local s = sight.new{ world = { weather = 0 } }
      assert.are.equal(0, s:explain().factors.weather)
      not_seen(s, "sensor_dropout")
    end)

    it("visibility 0, sensor_dropout", function()
      local s = sight.new{ player = { visibility = 0 } }
      not_seen(s, "sensor_dropout")
    end)

    it("exposure 0, occluded", function()
      local s = sight.new{}
      s:wall(900, 300)
      not_seen(s, "occluded")
    end)
  end)

  describe("curves", function()
    it("a distance curve as points replaces 1 - x^2: linear, 50% at half range", function()
      local s = sight.new{ vision = { distance_curve = { { 0, 1 }, { 1, 0 } } }, player = { pos = { 1500, 0, 0 } } }
      near(0.5, s:explain().factors.distance, 1e-5)
      s.player:set_pos(750, 0, 0)
      near(0.75, s:explain().factors.distance, 1e-5)
    end)

    it("a distance curve as a function replaces it too", function()
      local s = sight.new{ vision = { distance_curve = function(x) return 1 - x ^ 4 end },
                           player = { pos = { 1500, 0, 0 } } }
      near(1 - 0.5 ^ 4, s:explain().factors.distance, 1e-5)
      near(1 - 0.5 ^ 4, s:explain().confidence, 1e-5)
    end)

    it("a curve that stays up keeps seeing to the end of the range, and never past it", function()
      local s = sight.new{ vision = { distance_curve = { { 0, 1 }, { 0.8, 1 }, { 1, 0.5 } } },
                           player = { pos = { 2700, 0, 0 } } }
      near(0.75, s:explain().factors.distance, 1e-4)
      s.player:set_pos(RANGE + 10, 0, 0)
      not_seen(s, "out_of_range")
    end)

    it("an angle curve replaces cos(x x 90 deg): 1 - x gives 50% at 30 degrees", function()
      local s = sight.new{ vision = { angle_curve = function(x) return 1 - x end },
                           player = { pos = sight.at(30, 1000) } }
      near(0.5, s:explain().factors.angle, 1e-4)
      s.player:set_pos(sight.at(45, 1000))
      near(0.25, s:explain().factors.angle, 1e-4)
    end)

    it("a motion bonus curve replaces 1 + 0.3 x speed / 6 m/s", function()
      local s = sight.new{ vision = { motion_bonus_curve = { { 0, 1 }, { 1, 2 } } },
                           player = { pos = { 1500, 0, 0 }, velocity = { 300, 0, 0 } } }
      near(1.5, s:explain().factors.motion, 1e-5)
      s.player:set_velocity(900, 0, 0)
      near(2, s:explain().factors.motion, 1e-5)
      near(1, s:explain().confidence) -- 0.75 x 2, capped at 1
    end)
  end)

  describe("losing sight", function()
    -- The guard sees the player in the open at 20 m (56%: Detected, short
    -- of Tracked).
    local function detected(vision)
      local s = sight.new{ vision = vision, player = { pos = { 2000, 0, 0 } } }
      s:run(0.4)
      assert.are.equal("detected", s:state())
      near(falloff(2000), s:belief().contributions.Vision)
      return s
    end

    -- Steps until the Vision share is 0; returns the world time then.
    local function until_share_zero(s)
      for _ = 1, 60 do
        s:run(1 / 60)
        if s:belief().contributions.Vision == 0 then return s.world:time() end
      end
      error("the Vision share never dropped")
    end

    local function lost_event(log)
      for _, ev in ipairs(log) do
        if ev.type == "lost" then return ev end
      end
    end

    it("behind a wall: the Vision share drops to 0 at once, lost after loss_grace, occluded", function()
      local s = detected()
      local before = s:confidence()
      local mark = #s.log + 1
      local start = s.world:time()
      s.player:set_pos(1000, 1000, 0)
      s:wall(700, 300, 100, 2000)
      assert.are.equal("occluded", s:explain().reason)
      local zero = until_share_zero(s)
      assert.is_true(zero - start <= 0.1 + 1e-6, "within one vision interval")
      -- The share dropped, not the belief: it is still Detected, its confidence fading.
      assert.are.equal("detected", s:state())
      assert.is_true(s:confidence() > before - 0.02)
      s:run(0.5)
      local ev = lost_event(s.log)
      assert.is_truthy(ev)
      assert.is_true(ev.time > zero)
      near(0.2, ev.time - zero, 1 / 60 + 1e-3)
      expect.fields(ev, { from = "detected", to = "lost", loss_reason = "occluded" })
      expect.fields(s:belief(), { state = "lost", loss_reason = "occluded" })
      assert.are.same({ "lost" }, sight.types(events.since(s.log, mark)))
    end)

    it("doesn't climb to Tracked behind the wall while vision's grace runs", function()
      local s = sight.new{}
      s:run(0.45)
      assert.are.equal("detected", s:state())
      s:wall(900, 300)
      assert.are.same({ "lost" }, sight.types(s:run(0.5)))
    end)

    it("loss_grace = 1 waits a second before it loses the target", function()
      local s = detected{ loss_grace = 1 }
      s:wall(900, 300)
      local zero = until_share_zero(s)
      s:run(1.5)
      local ev = lost_event(s.log)
      near(1, ev.time - zero, 1 / 60 + 1e-3)
    end)

    it("out of range: out_of_range", function()
      local s = detected()
      s.player:set_pos(RANGE + 500, 0, 0)
      s:run(0.5)
      expect.fields(s:belief(), { state = "lost", loss_reason = "out_of_range" })
      expect.fields(lost_event(s.log), { loss_reason = "out_of_range" })
    end)

    it("out of the cone: out_of_range", function()
      local s = detected()
      s.player:set_pos(sight.at(100, 1000))
      s:run(0.5)
      expect.fields(s:belief(), { state = "lost", loss_reason = "out_of_range" })
    end)

    it("cloaked (visibility 0): sensor_dropout", function()
      local s = detected()
      s.player:set_visibility(0)
      s:run(0.5)
      expect.fields(s:belief(), { state = "lost", loss_reason = "sensor_dropout" })
    end)

    it("too dark: sensor_dropout", function()
      local s = detected{ darkness_min_detection = 0 }
      s.player:set_light(0)
      s:run(0.5)
      expect.fields(s:belief(), { state = "lost", loss_reason = "sensor_dropout" })
    end)

    it("seen again, the loss reason goes back to none and it climbs", function()
      local s = detected()
      s.player:set_visibility(0)
      s:run(0.5)
      s.player:set_visibility(1)
      s:run(0.2)
      expect.fields(s:belief(), { state = "detected", loss_reason = "none" })
    end)
  end)

  describe("fair spotting: first_spot_reaction_time", function()
    -- A wall at 9 m with a doorway 2 m wide straight ahead; the player waits
    -- behind it to the right (y = -3 m) and steps into the doorway.
    local function doorway(vision)
      local s = sight.new{ vision = vision, player = { pos = { 1000, -300, 0 } } }
      s:wall(900, 300, -2000, -100)
      s:wall(900, 300, 100, 2000)
      assert.are.equal("occluded", s:explain().reason)
      return s
    end

    it("is off by default: one look is enough", function()
      local s = doorway()
      s.player:set_pos(1000, 0, 0)
      s:run(0.2)
      assert.is_true(s:confidence() > 0.8)
    end)

    it("0.3 s: a quick dash across the view (0.2 s in sight) is forgiven", function()
      local s = doorway{ first_spot_reaction_time = 0.3 }
      s.player:set_pos(1000, 0, 0)
      assert.is_true(s:explain().reacting)
      assert.is_true(s:explain().confidence > 0.8)
      assert.are.same({}, s:run(0.2))
      s.player:set_pos(1000, 300, 0)
      assert.are.same({}, s:run(1))
      assert.are.equal(0, s:confidence())
      assert.are.equal("undetected", s:state())
    end)

    it("0.3 s: a 0.5 s look is spotted, telegraph firing a look before it commits (seed 000)", function()
      local s = doorway{ first_spot_reaction_time = 0.3 }
      s.player:set_pos(1000, 0, 0)
      local fired = s:run(0.5)
      -- The 'huh?' at the look after which the next (0.1 s on) takes the
      -- sighting, in the state the belief is in; then the sighting taken.
      assert.are.same({ "telegraph", "suspect", "telegraph", "detect" }, sight.types(fired))
      assert.are.same({ "undetected", "undetected", 0 }, { fired[1].from, fired[1].to, fired[1].confidence })
      near(0.1, fired[2].time - fired[1].time, 1e-5)
      near(falloff(1000), s:confidence())
      assert.is_false(s:explain().reacting)
      -- It was held back for about the reaction time.
      assert.is_true(fired[2].time >= 0.3 - 1e-6 and fired[2].time <= 0.5)
    end)

    it("0.3 s: the next look is its slot's interval away at the agent's level of detail, in whole steps",
      function()
        -- Looks 0.4 s apart (sense_intervals, or 0.1 s at tier 2): the look
        -- before the one that takes the sighting comes 0.4 s before it. At
        -- 45 Hz looks are 4 and 5 steps apart; at 30 Hz a 0.05 s interval
        -- is 1 and 2 steps: the look before is one look before, once.
        -- Looks 0.4 s apart and a reaction time of 0.4 s at 75 Hz: 30 steps
        -- of 1/75 s sum to 0.399999887 (not 0.4), so the sighting is taken
        -- at the second look after the first, and the warning comes once.
        local cases = { { { sense_intervals = { Vision = 0.4 } }, 0, 60, 0.4 }, { {}, 2, 60, 0.4 },
                        { {}, 0, 45 }, { { sense_intervals = { Vision = 0.05 } }, 0, 30 },
                        { { sense_intervals = { Vision = 0.4 } }, 0, 75, 0.4, 0.4 } }
        for _, case in ipairs(cases) do
          local def, tier, hz, gap = case[1], case[2], case[3], case[4]
          def.name, def.vision = "g", { first_spot_reaction_time = case[5] or 0.3 }
          for y = 0, 7 do -- eight phases of the guard's looks
            local world = require("wary").world()
            world:define_profile(def)
            for _ = 1, y do world:add_target{ pos = { 0, -5000, 0 } } end -- another serial, another phase
            local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0, lod_tier = tier }
            world:add_target{ pos = { 1000, 0, 0 } }
            local fired = {}
            g:on("telegraph", function() fired[#fired + 1] = world:time() end)
            g:on("suspect", function() fired[#fired + 1] = world:time() end)
            for _ = 1, 2 * hz do world:step(1 / hz) end
            assert.are.equal(3, #fired, hz .. " Hz, phase " .. y) -- telegraph; suspect and telegraph at the commit
            if gap then
              near(gap, fired[2] - fired[1], 1e-5)
            else -- one look: at most the interval and a step
              assert.is_true(fired[1] < fired[2] and fired[2] - fired[1] <= 0.1 + 1 / hz + 1e-5)
            end
          end
        end
      end)

    it("set on a live profile, it does not hold back a target the guard has seen already (seed 000)", function()
      -- "Once it knows you, it re-spots you at once": a designer turning it
      -- on (a profile reloaded) mid-game leaves a tracked target tracked.
      local world = require("wary").world()
      world:define_profile{ name = "g", vision = {} }
      local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
      local you = world:add_target{ pos = { 1000, 0, 0 } }
      local stranger = world:add_target{ pos = { -1000, 0, 0 } } -- behind the guard, not seen yet
      for _ = 1, 120 do world:step(1 / 60) end
      assert.are.equal("tracked", g:state(you))
      local before = g:confidence(you)
      local fired = {}
      g:on("lost", function(ev) fired[#fired + 1] = ev.type end)
      g:on("telegraph", function(ev) fired[#fired + 1] = ev.type end)
      world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 } }
      for _ = 1, 60 do
        world:step(1 / 60)
        assert.are.equal("tracked", g:state(you))
        assert.is_true(g:confidence(you) >= before)
      end
      assert.are.same({}, fired)
      assert.is_false(g:explain(you).vision.reacting)
      -- Someone it has never seen is still held back.
      stranger:set_pos(800, 200, 0)
      world:step(1 / 60)
      world:step(1 / 60)
      assert.is_true(g:explain(stranger).vision.reacting)
    end)

    it("0.3 s: one telegraph a step, even when a raise comes in the step of the early one", function()
      -- The early warning fires at the 13th step; set_confidence(0.9) in
      -- any step around it takes the belief up at once: never two warnings
      -- in one step.
      for k = 10, 16 do
        local world = require("wary").world()
        world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 } }
        local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
        local you = world:add_target{ pos = { 1200, 0, 0 } }
        local step, warned = 0, {}
        world:on("telegraph", function() warned[step] = (warned[step] or 0) + 1 end)
        for i = 1, 20 do
          step = i
          if i == k then g:set_confidence(you, 0.9) end
          world:step(1 / 60)
        end
        for at, n in each(warned) do assert.are.equal(1, n, "raised at step " .. k .. ", step " .. at) end
        assert.are.equal(1, warned[k], "raised at step " .. k)
        assert.are.equal("detected", g:state(you))
      end
    end)

    it("0.3 s: a step of 1e-40 s during a first sighting returns (the next look counted without a sum)", function()
      local world = require("wary").world()
      world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 } }
      local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
      local t = world:add_target{ pos = { 1000, 0, 0 } }
      world:step(1e-40) -- vision looks, the hold-back begins
      assert.is_true(g:explain(t).vision.reacting)
      for _ = 1, 30 do world:step(1 / 60) end
      assert.are.equal("detected", g:state(t))
    end)

    it("0.3 s: no early telegraph for a target already Detected, nor for a sight its weight keeps under",
      function()
        local world = require("wary").world()
        world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 }, hearing = {} }
        local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
        local you = world:add_target{ pos = { -1000, 0, 0 } } -- behind: heard, not seen
        for _ = 1, 30 do
          world:emit_sound(you, "Gunshot")
          world:step(1 / 60)
        end
        assert.are.equal("detected", g:state(you))
        local fired = {}
        g:on("telegraph", function(ev) fired[#fired + 1] = ev.from end)
        you:set_pos(1000, 0, 0)
        for _ = 1, 60 do world:step(1 / 60) end
        assert.are.same({}, fired)
        -- Vision weighed 0.2: 0.89 x 0.2 stays under telegraph_threshold.
        world = require("wary").world()
        world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3, weight = 0.2 } }
        g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0 }
        you = world:add_target{ pos = { 1000, 0, 0 } }
        fired = {}
        g:on("telegraph", function(ev) fired[#fired + 1] = ev.from end)
        for _ = 1, 60 do world:step(1 / 60) end
        assert.are.equal("suspected", g:state(you))
        assert.are.same({}, fired)
        -- Nor for one a reduction, or pain, keeps under it (0.89 less 0.75;
        -- 0.89 dulled at 15% health).
        for _, hurt in ipairs({ false, true }) do
          world = require("wary").world()
          world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 }, pain = hurt and {} or nil }
          g = world:add_agent{ profile = "g", pos = { 0, 0, 0 }, yaw = 0, health = hurt and 0.15 or nil }
          you = world:add_target{ pos = { 1000, 0, 0 } }
          if not hurt then g:add_evidence(you, "Doubt", "lower", 0.75) end
          fired = {}
          g:on("telegraph", function(ev) fired[#fired + 1] = ev.from end)
          for _ = 1, 60 do world:step(1 / 60) end
          assert.is_true(g:confidence(you) > 0 and g:confidence(you) < 0.25, tostring(g:confidence(you)))
          assert.are.same({}, fired)
        end
      end)

    it("0.3 s: no telegraph for a sight the next look would not take, or too faint to pass its threshold",
      function()
        local s = doorway{ first_spot_reaction_time = 0.3 }
        s.player:set_pos(1000, 0, 0)
        assert.are.same({}, s:run(0.15)) -- two looks: the next would be at 0.2 s in sight
        -- Far and dark: 0.2 in sight, under telegraph_threshold (0.25); taken at Suspected, no telegraph at all.
        s = sight.new{ vision = { first_spot_reaction_time = 0.3 }, player = { pos = { 2000, 0, 0 }, light = 0.29 } }
        s.player:set_velocity(0, 0, 0)
        local seen = s:explain().confidence
        assert.is_true(seen > 0.15 and seen < 0.25, tostring(seen))
        assert.are.same({ "suspect" }, sight.types(s:run(0.5)))
      end)

    it("0.3 s: counted from the first look that sees it, never before 0.3 s in sight, whatever the phase",
      function()
        for phase = 0, 5 do -- when the wall goes, against the 0.1 s vision interval
          local world = require("wary").world()
          world:define_profile{ name = "g", vision = { first_spot_reaction_time = 0.3 } }
          local g = world:add_agent{ profile = "g", pos = { 0, 0, 0 } }
          local t = world:add_target{ pos = { 1000, 0, 0 }, velocity = { 0, 0, 0 } }
          local wall = world:add_box{ min = { 500, -100 }, max = { 550, 100 } }
          for _ = 1, 30 + phase do world:step(1 / 60) end
          wall:remove()
          local steps = 0
          while g:confidence(t) == 0 and steps < 60 do
            world:step(1 / 60)
            steps = steps + 1
          end
          -- in sight 0.3 s at least, and at most one interval (0.1 s) and a step more
          assert.is_true(steps >= 18 and steps <= 25, "phase " .. phase .. ": " .. steps .. " steps")
        end
      end)

    it("0.3 s: the sight must be unbroken", function()
      local s = doorway{ first_spot_reaction_time = 0.3 }
      for _ = 1, 3 do
        s.player:set_pos(1000, 0, 0)
        s:run(0.2)
        s.player:set_pos(1000, -300, 0)
        s:run(0.2)
      end
      assert.are.equal(0, s:confidence())
    end)

    it("a velocity given when added is the game's, a zero one too: motion does not replace it", function()
      local w = require("wary").world()
      local still = w:add_target{ pos = { 0, 0, 0 }, velocity = { 0, 0, 0 } }
      local free = w:add_target{ pos = { 0, 500, 0 } }
      w:step(0.1)
      still:set_pos(100, 0, 0)
      free:set_pos(100, 500, 0)
      w:step(0.1)
      assert.are.same({ 0, 0, 0 }, still:get().vel)
      near(1000, free:get().vel[1]) -- 100 units in 0.1 s: its motion
    end)

    it("once spotted, it re-spots at once after losing sight", function()
      local s = doorway{ first_spot_reaction_time = 0.3 }
      s.player:set_velocity(0, 0, 0) -- it jumps about: no motion bonus (velocity follows motion otherwise)
      s.player:set_pos(1000, 0, 0)
      s:run(0.5)
      s.player:set_pos(1000, -300, 0)
      s:run(1)
      assert.are.equal("lost", s:state())
      s.player:set_pos(1000, 0, 0)
      assert.is_false(s:explain().reacting)
      s:run(0.1)
      near(falloff(1000), s:belief().contributions.Vision)
      assert.are.equal("detected", s:state())
    end)

    -- Seen in the doorway, then gone for good: its confidence fades (2 a
    -- second), it is Lost for 0.5 s, Remembered for 1 s, then Expired; one
    -- more memory time later a belief that holds nothing is dropped.
    local function seen_then_gone(vision)
      local s = sight.new{ vision = vision, profile = { lost_time = 0.5, memory_time = 1, fade_rate = 2 },
                           player = { pos = { 1000, 0, 0 } } }
      s:wall(900, 300, -2000, -100)
      s:wall(900, 300, 100, 2000)
      s.player:set_velocity(0, 0, 0)
      s:run(0.5)
      assert.are.equal("detected", s:state())
      s.player:set_pos(1000, -300, 0)
      local waited = 0
      while s:state() ~= "expired" and waited < 30 do
        s:run(0.1)
        waited = waited + 0.1
      end
      assert.are.equal("expired", s:state())
      s:run(1.2)
      return s
    end

    it("off: a target seen and forgotten is dropped as one only heard (nothing to re-spot)", function()
      local s = seen_then_gone()
      assert.is_nil(s:belief())
      assert.are.equal(0, s.world:stats().beliefs)
    end)

    it("0.3 s: a target once spotted is kept when forgotten, and re-spotted at once", function()
      local s = seen_then_gone{ first_spot_reaction_time = 0.3 }
      assert.are.equal("expired", s:belief().state)
      s.player:set_pos(1000, 0, 0)
      assert.is_false(s:explain().reacting)
      s:run(0.1)
      assert.are.equal("detected", s:state())
    end)
  end)

  describe("events", function()
    it("telegraph fires before detect: walking in, suspect, then telegraph, then detect", function()
      local s = sight.new{ player = { pos = { 2900, 0, 0 } } }
      s.player:set_velocity(0, 0, 0) -- the falloff alone: the motion bonus has its own specs
      local fired = {}
      for i = 1, 60 * 8 do
        s.player:set_pos(2900 - 100 * i / 60, 0, 0) -- 1 m/s towards the guard
        for _, ev in ipairs(s:run(1 / 60)) do fired[#fired + 1] = ev end
      end
      assert.are.same({ "suspect", "telegraph", "detect" }, sight.types(fired))
      assert.is_true(fired[1].time < fired[2].time and fired[2].time < fired[3].time)
      -- 1 - (d / 30 m)^2 passes 0.15 at 27.61 m, 0.25 at 25.98 m and 0.35 at
      -- 24.20 m: after 1.39 s, 3.02 s and 4.80 s, each within a look (0.1 s).
      for i, t in ipairs({ 1.387, 3.019, 4.803 }) do
        assert.is_true(fired[i].time >= t - 1e-3 and fired[i].time <= t + 0.1 + 1e-3, fired[i].type)
      end
      assert.is_true(fired[2].confidence >= 0.25 and fired[2].confidence < 0.35)
    end)

    it("a sudden clear view fires suspect, telegraph and detect in that order in one step", function()
      local s = sight.new{}
      local fired = s:run(0.2)
      assert.are.same({ "suspect", "telegraph", "detect" }, sight.types(fired))
      assert.are.equal(fired[1].time, fired[3].time)
    end)
  end)

  describe("with other senses", function()
    local ears = fixture.fixed_sense("Ears")

    it("fuses with a custom sense: vision 75% and hearing corroborating, 85%", function()
      local s = sight.new{ senses = { ears }, profile = { senses = { "Ears" } },
                           player = { pos = { 1500, 0, 0 }, props = { Ears = 0.3 } } }
      assert.are.same({ "Vision", "Ears" }, s.guard.profile.senses)
      s:run(0.5)
      local b = s:belief()
      near(0.75, b.contributions.Vision)
      near(0.3, b.contributions.Ears)
      near(0.85, b.fused)
      near(0.85, b.confidence)
    end)

    it("hearing alone holds the belief when vision loses it", function()
      local s = sight.new{ senses = { ears }, profile = { senses = { "Ears" } },
                           player = { pos = { 1500, 0, 0 }, props = { Ears = 0.3 } } }
      s:run(0.5)
      s:wall(1000, 300)
      s:run(0.5)
      local b = s:belief()
      assert.are.equal(0, b.contributions.Vision)
      near(0.3, b.fused)
      assert.are_not.equal("lost", b.state)
    end)

    it("vision's weight scales its share in the fusion", function()
      local s = sight.new{ vision = { weight = 0.5 }, player = { pos = { 1500, 0, 0 } } }
      s:run(0.5)
      near(0.75, s:belief().contributions.Vision)
      near(0.375, s:belief().fused)
    end)

    it("vision looks once every interval: 0.5 s gives 4 looks in 2 s", function()
      local s = sight.new{ vision = { interval = 0.5 } }
      local changes, last = 0, nil
      for i = 1, 120 do
        s.player:set_pos(1000 + i, 0, 0) -- a new distance, so every look gives a new share
        s:run(1 / 60)
        local share = s:belief() and s:belief().contributions.Vision
        if share ~= last then changes = changes + 1 end
        last = share
      end
      assert.are.equal(4, changes)
    end)
  end)

  describe("profile validation", function()
    local wary = require("wary")

    it("an unknown vision field names the profile and the field, with a did-you-mean", function()
      local world = wary.world()
      local msg = error_of(function() world:define_profile{ name = "hawk", vision = { max_rnage = 5000 } } end)
      mentions(msg, 'profile "hawk" vision', "unknown field 'max_rnage'", "did you mean 'max_range'?")
      expect.no_profile(world, "hawk")
    end)

    it("a vision field out of range names the profile, the field, the range and the value", function()
      local world = wary.world()
      local cases = {
        { { half_angle_deg = 200 }, "'half_angle_deg'", "in [0, 180]", "got 200" },
        { { peripheral_scale = 1.5 }, "'peripheral_scale'", "in [0, 1]", "got 1.5" },
        { { max_range = -1 }, "'max_range'", ">= 0", "got -1" },
        { { min_visible_points_crouched = 2.5 }, "'min_visible_points_crouched'", "an integer", "got 2.5" },
        { { vision_sample_count = 9 }, "'vision_sample_count'", "in [1, 8]", "got 9" },
        { { enable_rear_motion_cone = "yes" }, "'enable_rear_motion_cone'", "a boolean", 'got "yes"' },
        { { distance_curve = "steep" }, "'distance_curve'", "a list of {x, y} points or a function" },
        { { angle_curve = { { 0, 1 }, { 1, -1 } } }, "'angle_curve[2] y'", ">= 0", "got -1" },
        { { distance_curve = { { 0, 1 }, { 1, 0.5 }, { 0.5, 0 } } }, "'distance_curve[3] x'",
          "a number >= 1 (the x of the point before: x rises)", "got 0.5" },
        { { distance_curve = { { 0, 1 }, { 0 / 0, 0 } } }, "'distance_curve[2] x'", "got nan" },
        { { default_visibility_samples = { { 0, 0 / 0, 170 } } }, "'default_visibility_samples[1]'", "got nan" },
      }
      for _, case in ipairs(cases) do
        local msg = error_of(function() world:define_profile{ name = "hawk", vision = case[1] } end)
        mentions(msg, 'profile "hawk" vision', unpack(case, 2))
      end
      expect.no_profile(world, "hawk")
    end)

    it("the error points at the caller's line", function()
      local world = wary.world()
      local msg = error_of(function() world:define_profile{ name = "hawk", vision = { weight = -1 } } end)
      mentions(msg, "vision_spec.lua:", "'weight'")
    end)

    it("a bad per-target sample names the target", function()
      local world = wary.world()
      local msg = error_of(function()
        world:add_target{ name = "ghost", pos = { 0, 0, 0 }, samples = { { 0, 0, 170, -1 } } }
      end)
      mentions(msg, 'target "ghost"', "'samples[1].weight'", "got -1")
      -- Points that weigh nothing in all would never be seen: refused.
      msg = error_of(function()
        world:add_target{ name = "ghost", pos = { 0, 0, 0 }, samples = { { 0, 0, 170, 0 }, { 0, 0, 90, 0 } } }
      end)
      mentions(msg, 'target "ghost"', "'samples'", "at least one point with a weight > 0", "got 2 of weight 0")
      -- A weight a float holds as 0 is 0, as the core counts it.
      msg = error_of(function() world:add_target{ pos = { 0, 0, 0 }, samples = { { 0, 0, 170, 1e-50 } } } end)
      mentions(msg, "'samples'", "got 1 of weight 0")
      assert.are.equal(0, #world:actors())
      -- A point without a weight weighs 1.
      local t = world:add_target{ pos = { 0, 0, 0 }, samples = { { 0, 0, 170 } } }
      assert.is_true(t:valid())
    end)
  end)
end)
