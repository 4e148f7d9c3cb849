-- Eyes in the head (seed 000, "Eyes in the head"): "The guard sees where its
-- head looks, not where its body points. Glance-around animations really move
-- its sight, and a turn takes time, so it can't see you before it has turned
-- to look." In wary an agent's eyes turn towards agent:look_at(point) at
-- eye_turn_rate_deg_per_sec (360 by default; 0 turns at once) and back to the
-- body's yaw with agent:look_forward(). The guard of spec/support/sight.lua
-- stands at the origin facing +x with its eyes at 1.7 m.
local sight = require("spec.support.sight")
local expect = require("spec.support.expect")

local near = expect.near
local STEP = 1 / 60

local function falloff(d) return 1 - (d / sight.RANGE) ^ 2 end

-- The player 10 m to the guard's left (90 degrees off its body's yaw).
local function beside(vision)
  return sight.new{ vision = vision, player = { pos = { 0, 1000, 0 } } }
end

-- The world time when explain first shows the player in the focal cone.
local function time_until_seen(s, limit)
  for _ = 1, limit or 120 do
    if s:explain().cone == "focal" and s:explain().confidence > 0 then return s.world:time() end
    s:run(STEP)
  end
  error("never seen")
end

describe("eyes", function()
  describe("look_at", function()
    it("a target at 90 degrees is not seen right after look_at", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      local e = s:explain()
      expect.fields(e, { cone = "none", reason = "out_of_range" })
      near(90, e.angle, 1e-3)
      s:run(0.05)
      assert.is_nil(s:belief())
    end)

    it("it is seen once the eyes had time to turn: 90 degrees at 360 deg/s is 0.25 s", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      s:run(0.125, 120)
      near(45, s:explain().angle, 1e-3)
      s:run(0.125, 120)
      local e = s:explain()
      near(0, e.angle, 1e-3)
      expect.fields(e, { cone = "focal", reason = "none" })
      near(falloff(1000), e.confidence)
      s:run(0.1)
      near(falloff(1000), s:belief().contributions.Vision)
    end)

    it("turns at eye_turn_rate_deg_per_sec: 6 degrees a step at 360 deg/s and 60 Hz", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      for i = 1, 15 do
        s:run(STEP)
        near(90 - 6 * i, s:explain().angle, 1e-3)
      end
      s:run(STEP)
      near(0, s:explain().angle, 1e-3)
    end)

    it("the focal cone reaches the target once the eyes are within 60 degrees of it", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      -- 30 degrees of turn at 360 deg/s: 5 steps, the cone's edge; seen the step after.
      near(6 * STEP, time_until_seen(s), 1e-4)
    end)

    it("a slower turn takes longer: 90 deg/s needs a second", function()
      local s = beside{ eye_turn_rate_deg_per_sec = 90 }
      s.guard:look_at(0, 1000, 170)
      s:run(0.5)
      near(45, s:explain().angle, 1e-3)
      s:run(0.5)
      near(0, s:explain().angle, 1e-3)
    end)

    it("eye_turn_rate 0 turns at once", function()
      local s = beside{ eye_turn_rate_deg_per_sec = 0 }
      s.guard:look_at(0, 1000, 170)
      local e = s:explain()
      near(0, e.angle, 1e-3)
      expect.fields(e, { cone = "focal", reason = "none" })
      near(falloff(1000), e.confidence)
      s:run(0.1)
      near(falloff(1000), s:confidence())
    end)

    it("turns the short way round: a target at -90 degrees is as quick as one at +90", function()
      local s = sight.new{ player = { pos = { 0, -1000, 0 } } }
      s.guard:look_at(0, -1000, 170)
      s:run(0.125, 120)
      near(45, s:explain().angle, 1e-3)
      local forward = s.guard:get().eye_forward
      near(math.cos(math.rad(-45)), forward[1], 1e-5)
      near(math.sin(math.rad(-45)), forward[2], 1e-5)
    end)

    it("looking behind takes twice as long: 180 degrees in 0.5 s", function()
      local s = sight.new{ player = { pos = { -1000, 0, 0 } } }
      s.guard:look_at(-1000, 0, 170)
      s:run(0.25)
      near(90, s:explain().angle, 1e-3)
      s:run(0.25)
      near(0, s:explain().angle, 1e-3)
      assert.are.equal("focal", s:explain().cone)
    end)

    it("the eyes pitch too: looking at the ground 10 m ahead puts a head at eye height 45 degrees off", function()
      local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 } }
      s.guard:look_at(1000, 0, 170 - 1000)
      near(45, s:explain().angle, 1e-3)
      near(math.cos(45 / 60 * math.pi / 2), s:explain().factors.angle, 1e-4)
      local forward = s.guard:get().eye_forward
      near(math.cos(math.rad(45)), forward[1], 1e-5)
      near(-math.sin(math.rad(45)), forward[3], 1e-5)
    end)

    it("without z it looks level, as a 2D game means: a player 1 m away at z 0 is in the focal cone", function()
      for _, look in ipairs{ function(g) g:look_at(0, 100) end, function(g) g:look_at{ 0, 100 } end,
        function(g) g:look_at{ x = 0, y = 100 } end } do
        local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 }, player = { pos = { 0, 100, 0 } } }
        look(s.guard)
        local forward = s.guard:get().eye_forward
        near(0, forward[1], 1e-6)
        near(1, forward[2], 1e-6)
        assert.are.equal(0, forward[3])
        assert.are.equal("focal", s:explain().cone)
        s:run(0.2)
        assert.is_true(s:confidence() > 0.9)
        -- It stays level as the body turns, and through a save.
        s.guard:set_yaw(45)
        s:run(STEP)
        local again = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 }, player = { pos = { 0, 100, 0 } } }
        again.world:load_state(s.world:save_state())
        again.guard:set_yaw(-30)
        again:run(STEP)
        forward = again.guard:get().eye_forward
        near(1, forward[2], 1e-6)
        assert.are.equal(0, forward[3])
      end
      -- With z 0 the eyes at 1.7 m look down at the floor (59.5 degrees), past the player's head.
      local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 }, player = { pos = { 0, 100, 0 } } }
      s.guard:look_at(0, 100, 0)
      near(-math.sin(math.atan(170 / 100)), s.guard:get().eye_forward[3], 1e-5)
    end)

    it("looking away, it misses a target in front of its body (room S6)", function()
      local s = sight.new{}
      s:run(0.2)
      assert.are.equal("detected", s:state())
      s.guard:look_at(0, 1000, 170)
      s:run(0.5)
      expect.fields(s:explain(), { cone = "none", reason = "out_of_range" })
      expect.fields(s:belief(), { state = "lost", loss_reason = "out_of_range" })
      assert.are.equal(0, s:belief().contributions.Vision)
    end)
  end)

  describe("the head, not the body", function()
    it("explain's angle and cone follow where the head points: ahead of the body is peripheral", function()
      local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0, enable_peripheral_cone = true } }
      assert.are.equal("focal", s:explain().cone)
      s.guard:look_at(0, 1000, 170)
      local e = s:explain()
      near(90, e.angle, 1e-3)
      expect.fields(e, { cone = "peripheral", reason = "none" })
      near(0.45, e.factors.cone, 1e-6)
    end)

    it("agent:get() reports the eyes' direction", function()
      local s = sight.new{ vision = { eye_turn_rate_deg_per_sec = 0 } }
      local g = s.guard:get()
      near(1, g.eye_forward[1], 1e-6)
      near(170, g.eye_pos[3], 1e-4)
      s.guard:look_at(0, 1000, 170)
      g = s.guard:get()
      near(0, g.eye_forward[1], 1e-6)
      near(1, g.eye_forward[2], 1e-6)
    end)

    it("set_yaw doesn't move a look_at gaze with eye_turn_rate 0: it stays on the point", function()
      local s = beside{ eye_turn_rate_deg_per_sec = 0 }
      s.guard:look_at(0, 1000, 170)
      for _, yaw in ipairs({ 90, 180, -45, 0 }) do
        s.guard:set_yaw(yaw)
        near(0, s:explain().angle, 1e-3)
      end
    end)

    it("set_yaw doesn't move a look_at gaze off its point once the eyes have settled", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      s:run(0.25)
      s.guard:set_yaw(90)
      s:run(0.25)
      near(0, s:explain().angle, 1e-3)
      s.guard:set_yaw(-30)
      s:run(0.5)
      near(0, s:explain().angle, 1e-3)
    end)

    it("set_yaw doesn't move a look_at gaze at all, even with a turn rate", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      s:run(0.25)
      near(0, s:explain().angle, 1e-3)
      s.guard:set_yaw(90)
      near(0, s:explain().angle, 1e-3)
    end)

    it("the body turning under a forward gaze moves the sight with it", function()
      local s = beside()
      assert.are.equal("none", s:explain().cone)
      s.guard:set_yaw(90)
      near(0, s:explain().angle, 1e-3)
      assert.are.equal("focal", s:explain().cone)
    end)
  end)

  describe("look_forward", function()
    it("returns the eyes to the body's yaw, at the turn rate", function()
      local s = beside()
      s.guard:look_at(0, 1000, 170)
      s:run(0.25)
      near(0, s:explain().angle, 1e-3)
      s.guard:look_forward()
      near(0, s:explain().angle, 1e-3) -- still looking: the turn takes time
      s:run(0.125, 120)
      near(45, s:explain().angle, 1e-3)
      s:run(0.125, 120)
      near(90, s:explain().angle, 1e-3)
      assert.are.equal("none", s:explain().cone)
      local forward = s.guard:get().eye_forward
      near(1, forward[1], 1e-5)
    end)

    it("with eye_turn_rate 0 at once", function()
      local s = beside{ eye_turn_rate_deg_per_sec = 0 }
      s.guard:look_at(0, 1000, 170)
      near(0, s:explain().angle, 1e-3)
      s.guard:look_forward()
      near(90, s:explain().angle, 1e-3)
    end)

    it("after look_forward the eyes follow the body's yaw", function()
      local s = beside{ eye_turn_rate_deg_per_sec = 0 }
      s.guard:look_at(1000, 0, 170)
      s.guard:look_forward()
      s.guard:set_yaw(90)
      near(0, s:explain().angle, 1e-3)
    end)
  end)
end)
