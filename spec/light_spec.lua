-- Light and shadow, fog and dark rooms (seed 000, "Light and shadow", "Fog
-- and weather"): the light factor is Lerp(darkness_min_detection, 1, light
-- level). By default the light level is the target's own (set by the game);
-- with use_per_target_light vision works it out where the target stands: the
-- noon sun, or shade (0.3: "in shade a guard sees you about three times worse
-- than in the sun") where a box hides the sun, lamps falling off as
-- 1 - (d / radius)^2, and environments that set the light (a dark cellar) or
-- shorten sight (fog). Light is taken at the stance's pelvis point: a metre
-- above the feet standing, 0.55 m crouched, 0.15 m prone.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local sight = require("spec.support.sight")
local expect = require("spec.support.expect")

local near = expect.near
local RANGE = sight.RANGE

local function falloff(d, range) return 1 - (d / (range or RANGE)) ^ 2 end
-- The light factor at light level l with the default darkness_min_detection.
local function factor(l) return 0.1 + 0.9 * l end

local lit = { use_per_target_light = true }

-- A roof 3 m up over the player 10 m ahead.
local function roof(s)
  return s.world:add_box{ min = { 800, -200, 300 }, max = { 1200, 200, 320 } }
end

describe("light", function()
  describe("the target's own light (the default)", function()
    it("use_per_target_light is off by default: the target's own level counts, 1 unless set", function()
      local s = sight.new{}
      assert.is_false(s.guard.profile.vision.use_per_target_light)
      near(1, s:explain().light)
      near(1, s:explain().factors.light)
    end)

    it("set_light sets it: 0.3 gives a light factor of 0.37", function()
      local s = sight.new{}
      s.player:set_light(0.3)
      near(0.3, s:explain().light, 1e-6)
      near(factor(0.3), s:explain().factors.light, 1e-6)
      near(falloff(1000) * factor(0.3), s:explain().confidence, 1e-5)
    end)

    it("ignores the world: a roof over the target changes nothing", function()
      local s = sight.new{ player = { light = 0.6 } }
      roof(s)
      near(0.6, s:explain().light, 1e-6)
    end)
  end)

  describe("use_per_target_light", function()
    it("in the noon sun a target is lit 1.0, whatever its own light says", function()
      local s = sight.new{ vision = lit, player = { light = 0.2 } }
      near(1, s:explain().light)
      near(1, s:explain().factors.light)
      near(1, s.world:light_at(s.player))
    end)

    it("under a roof the target is in shade: 0.3, a light factor of 0.37, about three times worse", function()
      local s = sight.new{ vision = lit }
      local sun = s:explain().confidence
      roof(s)
      local e = s:explain()
      near(0.3, e.light, 1e-6)
      near(0.37, e.factors.light, 1e-6)
      near(falloff(1000) * 0.37, e.confidence, 1e-5)
      near(0.3, s.world:light_at(s.player), 1e-6)
      local ratio = sun / e.confidence
      assert.is_true(ratio > 2.5 and ratio < 3.0, "sun / shade = " .. ratio)
    end)

    it("is taken at the stance's pelvis point: lying under a table (0.6 m) is in its shade", function()
      local s = sight.new{ vision = lit }
      s.world:add_box{ min = { 900, -100, 60 }, max = { 1100, 100, 65 } } -- a table top, 0.6 m up
      near(1, s.world:light_at(s.player)) -- standing, at 1 m: above it, in the sun
      s.player:set_stance("crouched")
      near(0.3, s.world:light_at(s.player), 1e-6) -- 0.55 m: under it, taken again at once
      s.player:set_stance("prone")
      near(0.3, s:explain().light, 1e-6)
    end)

    it("room S2: in full sun it tracks, in the shade under the roof it only suspects", function()
      -- At 15 m: 75% in the sun, 75% x 0.37 = 28% in the shade.
      local sunny = sight.new{ vision = lit, player = { pos = { 1500, 0, 0 } } }
      sunny:run(1)
      assert.are.equal("tracked", sunny:state())
      local shaded = sight.new{ vision = lit, player = { pos = { 1500, 0, 0 } } }
      shaded.world:add_box{ min = { 1300, -200, 300 }, max = { 1700, 200, 320 } }
      shaded:run(1)
      assert.are.equal("suspected", shaded:state())
      near(0.75 * 0.37, shaded:confidence(), 1e-5)
    end)

    it("stepping out from under the roof lights the target again", function()
      local s = sight.new{ vision = lit }
      roof(s)
      near(0.3, s:explain().light, 1e-6)
      s.player:set_pos(1500, 0, 0)
      near(1, s:explain().light)
    end)

    it("trace_sun_shadow = false ignores the roof", function()
      local s = sight.new{ vision = { use_per_target_light = true, trace_sun_shadow = false } }
      roof(s)
      near(1, s:explain().light)
      near(falloff(1000), s:explain().confidence)
      -- world:light_at always traces the shadow.
      near(0.3, s.world:light_at(s.player), 1e-6)
    end)

    it("a glass roof casts no shade", function()
      local s = sight.new{ vision = lit }
      roof(s):set_material("glass")
      near(1, s:explain().light)
    end)

    it("set_sun sets the sun's light and the shade's", function()
      local s = sight.new{ vision = lit }
      s.world:set_sun{ intensity = 0.8, ambient = 0.2 }
      near(0.8, s:explain().light, 1e-6)
      roof(s)
      near(0.2, s:explain().light, 1e-6)
      -- a field left out keeps what the last call gave it: night stays night
      local dir = { 0, 0, -1 }
      s.world:set_sun{ ambient = 0.05, direction = dir }
      dir[3] = 0 -- the caller's table, changed after: the sun keeps what it was given
      s.world:set_sun{ intensity = 0.5 }
      near(0.05, s:explain().light, 1e-6)
    end)

    it("no sun (a zero direction): shade everywhere", function()
      local s = sight.new{ vision = lit }
      s.world:set_sun{ direction = { 0, 0, 0 } }
      near(0.3, s:explain().light, 1e-6)
    end)
  end)

  describe("set_sun_direction", function()
    -- A wall 3 m tall along the player's right (y = -1 m), out of the
    -- guard's line of sight.
    local function wall_to_the_right(s)
      return s.world:add_box{ min = { 800, -110, 0 }, max = { 1200, -100, 300 } }
    end

    it("at noon the wall beside the target casts no shadow on it", function()
      local s = sight.new{ vision = lit }
      wall_to_the_right(s)
      near(1, s:explain().light)
      near(1, s:explain().factors.exposure)
    end)

    it("a low sun from that side casts the wall's shadow sideways onto the target", function()
      local s = sight.new{ vision = lit }
      wall_to_the_right(s)
      s.world:set_sun_direction(0, 1, -1) -- shining towards +y from 45 degrees up
      near(0.3, s:explain().light, 1e-6)
      near(0.3, s.world:light_at(s.player), 1e-6)
      -- From the other side, the target is in the sun again.
      s.world:set_sun_direction(0, -1, -1)
      near(1, s:explain().light)
    end)

    it("a direction of any finite size is that direction: 1e20 or 1e-20 a component casts the same shadow "
      .. "as 1 (their squares leave the floats), only {0, 0, 0} is no sun", function()
      local s = sight.new{ vision = lit }
      wall_to_the_right(s)
      for _, k in ipairs({ 1, 1e20, 1e-20, 3e38, 1e-45, 1e-46, 5e-324 }) do
        s.world:set_sun_direction(0, k, -k)
        near(0.3, s.world:light_at(s.player), 1e-6)              -- the wall's shadow, as from (0, 1, -1)
        s.world:set_sun_direction(0, -k, -k)
        near(1, s.world:light_at(s.player), 1e-6)
      end
    end)

    it("a sun too high to clear the wall's top leaves the target lit", function()
      local s = sight.new{ vision = lit }
      wall_to_the_right(s)
      -- Climbing 3 cm for every 1 cm across, the chest's ray to the sun is 4 m up by the wall (3 m).
      s.world:set_sun_direction(0, 1, -3)
      near(1, s:explain().light)
    end)

    it("keeps the sun's light and shade", function()
      local s = sight.new{ vision = lit }
      s.world:set_sun{ intensity = 0.9, ambient = 0.1 }
      wall_to_the_right(s)
      s.world:set_sun_direction(0, 1, -1)
      near(0.1, s:explain().light, 1e-6)
    end)

    it("refuses a direction by its own name, and takes a vector table", function()
      local s = sight.new{ vision = lit }
      wall_to_the_right(s)
      for _, case in ipairs({ { { 0 / 0, 1, -1 }, "got nan" }, { { {} }, "got no x" }, { { 1, "2" }, '"2"' } }) do
        expect.mentions(expect.error_of(function() s.world:set_sun_direction((table.unpack or unpack)(case[1])) end),
          "world:set_sun_direction: field 'direction'", "a vector of finite numbers", case[2])
      end
      near(1, s:explain().light) -- noon still
      s.world:set_sun_direction({ x = 0, y = 1, z = -1 }, "ignored, as before")
      near(0.3, s:explain().light, 1e-6)
    end)
  end)

  describe("lamps", function()
    -- The player in shade under the roof, a lamp 2 m to its left at chest height.
    local function lamp_scene(lamp)
      local s = sight.new{ vision = lit }
      roof(s)
      local l = s.world:add_light(lamp or { pos = { 1000, 200, 100 } })
      return s, l
    end

    it("a lamp lights a shaded target: 1 - (d / r)^2, 94% at 2 m of an 8 m lamp", function()
      local s = lamp_scene()
      local e = s:explain()
      near(falloff(200, 800), e.light, 1e-5)
      near(0.9375, e.light, 1e-5)
      near(factor(0.9375), e.factors.light, 1e-5)
      near(0.9375, s.world:light_at(s.player), 1e-5)
    end)

    it("room S2: a lamp lights you up again", function()
      local s = lamp_scene()
      s:run(1)
      assert.are.equal("tracked", s:state())
    end)

    it("radius and intensity: 0.5 x (1 - (2 / 4)^2) = 0.375", function()
      local s = lamp_scene{ pos = { 1000, 200, 100 }, radius = 400, intensity = 0.5 }
      near(0.375, s:explain().light, 1e-5)
    end)

    it("a lamp dimmer than the shade changes nothing", function()
      local s = lamp_scene{ pos = { 1000, 200, 100 }, intensity = 0.2 }
      near(0.3, s:explain().light, 1e-6)
    end)

    it("beyond its radius a lamp gives nothing", function()
      local s = lamp_scene{ pos = { 1000, 900, 100 } }
      near(0.3, s:explain().light, 1e-6)
    end)

    it("the brightest lamp wins", function()
      local s = lamp_scene()
      s.world:add_light{ pos = { 1000, -400, 100 } }
      near(0.9375, s:explain().light, 1e-5)
    end)

    it("a wall between lamp and target blocks it", function()
      local s = lamp_scene()
      s.world:add_box{ min = { 900, 100, 0 }, max = { 1100, 110, 200 } }
      near(0.3, s:explain().light, 1e-6)
    end)

    it("unless the lamp has cast_shadows = false", function()
      local s = lamp_scene{ pos = { 1000, 200, 100 }, cast_shadows = false }
      s.world:add_box{ min = { 900, 100, 0 }, max = { 1100, 110, 200 } }
      near(0.9375, s:explain().light, 1e-5)
    end)

    it("glass between them lets the light through", function()
      local s = lamp_scene()
      s.world:add_box{ min = { 900, 100, 0 }, max = { 1100, 110, 200 }, material = "glass" }
      near(0.9375, s:explain().light, 1e-5)
    end)

    it("set changes the fields given and keeps the others: a dimmer lamp keeps its shadow", function()
      local s, l = lamp_scene()
      s.world:add_box{ min = { 900, 100, 0 }, max = { 1100, 110, 200 } } -- between lamp and target
      near(0.3, s:explain().light, 1e-6)
      l:set{ intensity = 0.5 }           -- still casts its shadow, still there
      near(0.3, s:explain().light, 1e-6)
      l:set{ cast_shadows = false }      -- still at 0.5
      near(0.5 * 0.9375, s:explain().light, 1e-5)
      assert.are.same({ 1000, 200, 100 }, l.def.pos)
      expect.mentions(expect.error_of(function() l:set{ intensity = 2 } end), "light #", "'intensity'", "2")
      expect.mentions(expect.error_of(function() l:set{ intensty = 1 } end), "'intensty'")
      near(0.5 * 0.9375, s:explain().light, 1e-5) -- a refused set changes nothing
    end)

    it("def is a copy of a lamp's fields: writing in it changes neither the lamp nor a later set{}", function()
      local s, l = lamp_scene()
      local before = s:explain().light
      l.def.radius = 5
      l.def.pos[1] = 0
      assert.are.same({ 1000, 200, 100 }, l.def.pos)
      l:set{ intensity = 1 }                -- an unrelated field: the stray radius is not sent
      near(before, s:explain().light, 1e-6)
      expect.mentions(expect.error_of(function() l.def = { radius = 5 } end), "light #", "'def' is read-only",
        "light:set{")
    end)

    it("set moves and changes a lamp; remove takes it away", function()
      local s, l = lamp_scene()
      l:set{ pos = { 1000, 400, 100 } }
      near(0.75, s:explain().light, 1e-5)
      l:remove()
      near(0.3, s:explain().light, 1e-6)
      assert.is_false(l:valid())
    end)
  end)

  describe("environments", function()
    -- A box of space around the player (10 m ahead) but not the guard.
    local around_player = { min = { 500, -500, -100 }, max = { 1500, 500, 400 } }

    local function env(t, extra)
      local out = {}
      for k, v in each(t) do out[k] = v end
      for k, v in each(extra) do out[k] = v end
      return out
    end

    it("a dark cellar (light = 0) darkens: only darkness_min_detection is left", function()
      local s = sight.new{ vision = lit }
      s.world:add_environment(env(around_player, { name = "cellar", light = 0 }))
      local e = s:explain()
      near(0, e.light)
      near(0.1, e.factors.light, 1e-6)
      near(0, s.world:light_at(s.player))
      near(falloff(1000) * 0.1, e.confidence, 1e-5)
    end)

    it("a lamp in the dark cellar still lights it", function()
      local s = sight.new{ vision = lit }
      s.world:add_environment(env(around_player, { light = 0 }))
      s.world:add_light{ pos = { 1000, 200, 100 } }
      near(0.9375, s:explain().light, 1e-5)
    end)

    it("a dimly lit room sets its own light, sun or not", function()
      local s = sight.new{ vision = lit }
      s.world:add_environment(env(around_player, { light = 0.5 }))
      near(0.5, s:explain().light, 1e-6)
    end)

    it("the darkest of overlapping rooms wins", function()
      local s = sight.new{ vision = lit }
      s.world:add_environment(env(around_player, { light = 0.6 }))
      s.world:add_environment({ min = { 900, -100, 0 }, max = { 1100, 100, 200 }, light = 0.2 })
      near(0.2, s:explain().light, 1e-6)
    end)

    it("without use_per_target_light a dark room changes nothing (the game sets the light)", function()
      local s = sight.new{}
      s.world:add_environment(env(around_player, { light = 0 }))
      near(1, s:explain().light)
    end)

    it("fog (vision_range_scale 0.3) shortens the range to 9 m: the player at 10 m is not seen", function()
      local s = sight.new{}
      local fog = s.world:add_environment(env(around_player, { name = "fog", vision_range_scale = 0.3 }))
      local e = s:explain()
      near(0.3 * RANGE, e.range, 1e-2)
      expect.fields(e, { confidence = 0, reason = "out_of_range" })
      s.player:set_pos(700, 0, 0)
      near(falloff(700, 900), s:explain().confidence, 1e-5)
      -- remove() restores the range.
      fog:remove()
      near(RANGE, s:explain().range)
      near(falloff(700), s:explain().confidence, 1e-5)
    end)

    it("set changes the fields given (min and max together) and keeps the others", function()
      local s = sight.new{}
      local fog = s.world:add_environment(env(around_player, { vision_range_scale = 0.3, light = 0.2 }))
      fog:set{ vision_range_scale = 0.5 }
      near(0.5 * RANGE, s:explain().range, 1e-2)
      expect.fields(fog.def, { light = 0.2, vision_range_scale = 0.5 })
      fog:set{ min = { 1400, -500, -100 }, max = { 1600, 500, 400 } } -- moved off the player
      near(RANGE, s:explain().range, 1e-2)
      expect.mentions(expect.error_of(function() fog:set{ min = { 0, 0, 0 } } end), "environment #",
        "min and max together", "only min")
      near(RANGE, s:explain().range, 1e-2)
      fog:set{ light = false, name = "mist" } -- no light of its own any more
      assert.is_false(fog.def.light)          -- as set{} takes it
      assert.are.equal("mist", fog.name)
    end)

    it("def is a copy of an environment's fields: writing in it changes nothing", function()
      local s = sight.new{}
      local fog = s.world:add_environment(env(around_player, { vision_range_scale = 0.3 }))
      fog.def.vision_range_scale = 1
      fog.def.min[1] = 5000
      fog:set{ hearing_range_scale = 0.5 } -- an unrelated field: the stray values are not sent
      near(0.3 * RANGE, s:explain().range, 1e-2)
      expect.fields(fog.def, { vision_range_scale = 0.3, light = false })
      assert.are.same(around_player.min, fog.def.min)
      expect.mentions(expect.error_of(function() fog.def = {} end), "environment #", "'def' is read-only")
    end)

    it("fog around the guard counts too", function()
      local s = sight.new{}
      s.world:add_environment{ min = { -200, -200, 0 }, max = { 200, 200, 300 }, vision_range_scale = 0.5 }
      near(0.5 * RANGE, s:explain().range, 1e-2)
      near(falloff(1000, 1500), s:explain().confidence, 1e-5)
    end)

    it("light fog only suspects, thick fog doesn't see at all (room S8)", function()
      local clear = sight.new{ player = { pos = { 1500, 0, 0 } } }
      clear:run(1)
      assert.are.equal("tracked", clear:state())
      local light_fog = sight.new{ player = { pos = { 1500, 0, 0 } } }
      light_fog.world:add_environment{ min = { -5000, -5000, -100 }, max = { 5000, 5000, 1000 },
                                       vision_range_scale = 0.6 }
      light_fog:run(1)
      near(falloff(1500, 1800), light_fog:confidence(), 1e-5)
      assert.are.equal("suspected", light_fog:state())
      local thick = sight.new{ player = { pos = { 1500, 0, 0 } } }
      thick.world:add_environment{ min = { -5000, -5000, -100 }, max = { 5000, 5000, 1000 },
                                   vision_range_scale = 0.3 }
      thick:run(1)
      assert.is_nil(thick:belief())
    end)

    it("overlapping environments take the smaller scale", function()
      local s = sight.new{}
      local light_fog = s.world:add_environment(env(around_player, { vision_range_scale = 0.5 }))
      local thick = s.world:add_environment{ min = { 900, -100, 0 }, max = { 1100, 100, 300 },
                                             vision_range_scale = 0.3 }
      near(0.3 * RANGE, s:explain().range, 1e-2)
      thick:remove()
      near(0.5 * RANGE, s:explain().range, 1e-2)
      light_fog:remove()
      near(RANGE, s:explain().range)
    end)

    it("the fog is read at the head: a head out of the fog bank is not in it", function()
      local s = sight.new{}
      -- A fog bank 1.5 m deep on the ground: the head, at 1.7 m, is above it.
      s.world:add_environment{ min = { 500, -500, 0 }, max = { 1500, 500, 150 }, vision_range_scale = 0.3 }
      near(RANGE, s:explain().range)
      s.player:set_stance("crouched")
      near(0.3 * RANGE, s:explain().range, 1e-2)
    end)

    it("set changes an environment in place", function()
      local s = sight.new{}
      local fog = s.world:add_environment(env(around_player, { vision_range_scale = 0.3 }))
      fog:set(env(around_player, { vision_range_scale = 0.8 }))
      near(0.8 * RANGE, s:explain().range, 1e-2)
    end)

    it("an environment with vision_range_scale 0 blinds: out_of_range", function()
      local s = sight.new{}
      s.world:add_environment(env(around_player, { vision_range_scale = 0 }))
      expect.fields(s:explain(), { confidence = 0, reason = "out_of_range" })
      s:run(1)
      assert.is_nil(s:belief())
    end)

    it("a bad environment is an error naming the field", function()
      local s = sight.new{}
      local msg = expect.error_of(function()
        s.world:add_environment(env(around_player, { vision_range_scale = 1.5 }))
      end)
      expect.mentions(msg, "environment", "'vision_range_scale'", "in [0, 1]", "got 1.5")
    end)
  end)
end)
