-- The GECK model (seed 001): the detection value computed by hand, every
-- transition of Normal/Alert/Combat/Lost (a sneaky shot goes straight from
-- Normal to Combat), detection events (reach, hostility, not in combat), the
-- alert timer and the target timers, profiles/geck.lua, and bad input.
--
-- The scene: a guard at the origin (perception 6: perception skill 60) and a
-- thief (sneak 30, armour 20, light 0.8) walking at 1 m/s, 10 m away: the
-- attenuation is ((25 - 10) / 25)^2 = 0.36.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")
local ROOT = (os.getenv("WARY_ROOT") or ".") .. "/"
local expect = require("spec.support.expect")
local events = require("spec.support.events")
local worlds = require("spec.support.worlds")

local TOL = 1e-3
local ATT = 0.36

local function near(expected, actual) expect.near(expected, actual, TOL) end

-- Steps of 0.1 s; the model evaluates at every one (interval 0.01 s).
local function run(world, seconds) worlds.run(world, seconds, 10) end

local function scene(o)
  o = o or {}
  local world = wary.world()
  world:define_profile{ name = "g", model = "geck", geck = worlds.merge({ interval = 0.01 }, o.geck) }
  local guard = world:add_agent{ name = "guard", profile = "g", pos = { 0, 0, 0 }, team = "guards",
                                 props = { perception = 6 } }
  local thief = world:add_target{ name = "thief", pos = { o.x or 1000, 0, 0 }, velocity = { 100, 0, 0 },
                                  team = "thieves", light = 0.8, props = { sneak = 30, armor_weight = 20 } }
  return world, guard, thief, events.record(world)
end

-- The thief's entry at the agent's first evaluation (made in Normal).
local function first_look(world, guard, thief)
  for _ = 1, 10 do
    world:step(0.1)
    local d = guard:detection(thief)
    if d then return d end
  end
end

local function topics(log, first)
  local out = {}
  for i = first or 1, #log do
    if log[i].topic then out[#out + 1] = log[i].type end
  end
  return out
end

local function last(log, kind)
  for i = #log, 1, -1 do
    if log[i].type == kind then return log[i] end
  end
end

local function alert_types(guard)
  local out = {}
  for i, a in ipairs(guard:geck().alerts) do out[i] = a.type end
  return out
end

describe("the GECK detection value", function()
  it("walking in light, in line of sight: -35 + 10.8 + 21.6 - 4.2 = -6.8", function()
    local world, guard, thief = scene()
    local d = first_look(world, guard, thief)
    near(ATT, d.attenuation)
    assert.is_true(d.line_of_sight)
    near(ATT * (10 + 20), d.sound)             -- boot weight 10 + armour 20
    near(ATT * (80 * 0.5) * 1.5, d.visual)     -- light 80 x 0.5, moving x 1.5
    near(0.5 * (60 * ATT - 30), d.skill)       -- (perception skill x att - sneak) x 0.5
    near(-6.8, d.detection)
    near(-6.8, guard:detection_value(thief))
  end)

  it("running in heavy armour: -35 + 29.7 + 28.8 - 4.2 = 19.3", function()
    local world, guard, thief = scene()
    thief:set_prop("armor_weight", 45):set_prop("running", 1)
    local d = first_look(world, guard, thief)
    near(ATT * (10 + 45) * 1.5, d.sound)       -- x fSneakRunningMult
    near(ATT * 40 * 2, d.visual)               -- 1 + 0.5 moving + 0.5 running
    near(19.3, d.detection)
  end)

  it("with the Silent Running perk (seed 001) running sounds as walking and still shows: -35 + 19.8 + 28.8 - 4.2",
    function()
      local world, guard, thief = scene()
      thief:set_prop("armor_weight", 45):set_prop("running", 1):set_prop("silent_running", true)
      local d = first_look(world, guard, thief)
      near(ATT * (10 + 45), d.sound)             -- no fSneakRunningMult
      near(ATT * 40 * 2, d.visual)               -- running still counts for the eye
      near(-35 + 19.8 + 28.8 - 4.2, d.detection)
    end)

  it("an armour weight or an action sound below 0 counts as 0: no target is quieter than silent", function()
    local world, guard, thief = scene()
    thief:set_prop("armor_weight", -50):set_prop("action", -100)
    local d = first_look(world, guard, thief)
    near(ATT * 10, d.sound)                    -- boot weight 10 + armour 0, no action
    near(-35 + ATT * 10 + 21.6 - 4.2, d.detection)
  end)

  it("standing still makes no movement sound and takes the movement multiplier away", function()
    local world, guard, thief = scene()
    thief:set_velocity(0, 0, 0):set_prop("running", 1)
    local d = first_look(world, guard, thief)
    near(0, d.sound)
    near(ATT * 40, d.visual)
    near(-35 + ATT * 40 - 4.2, d.detection)
  end)

  it("in the dark the visual factor is the light mod only: -35 + 10.8 + 0 - 4.2 = -28.4", function()
    local world, guard, thief = scene()
    thief:set_light(0)
    local d = first_look(world, guard, thief)
    near(0, d.visual)
    near(-28.4, d.detection)
  end)

  it("without line of sight: no visual contact, sound x fSneakSoundLosMult 0.1", function()
    local world, guard, thief = scene()
    world:add_box{ min = { 500, -300, 0 }, max = { 510, 300, 400 } }
    local d = first_look(world, guard, thief)
    assert.is_false(d.line_of_sight)
    near(0, d.visual)
    near(ATT * 30 * 0.1, d.sound)
    near(-35 + 1.08 - 4.2, d.detection)
  end)

  it("through glass the line of sight holds", function()
    local world, guard, thief = scene()
    world:define_material{ name = "glass", vision_transmission = 0.8 }
    world:add_box{ min = { 500, -300, 0 }, max = { 510, 300, 400 }, material = "glass" }
    near(-6.8, first_look(world, guard, thief).detection)
  end)

  it("alert: perception skill x (1 + 0.5), so -35 + 10.8 + 21.6 + 1.2 = -1.4", function()
    local world, guard, thief = scene()
    first_look(world, guard, thief)
    assert.are.equal("alert", guard:geck_state())
    world:step(0.1)
    near(0.5 * (60 * 1.5 * ATT - 30), guard:detection(thief).skill)
    near(-1.4, guard:detection_value(thief))
  end)

  it("asleep: perception skill x (1 - 0.75), so -35 + 10.8 + 21.6 - 12.3 = -14.9", function()
    local world, guard, thief = scene()
    guard:set_prop("sleeping", 1)
    local d = first_look(world, guard, thief)
    near(0.5 * (15 * ATT - 30), d.skill)
    near(-14.9, d.detection)
  end)

  it("half blind, the thief in a stealth field: visual x 0.5 x 0.1", function()
    local world, guard, thief = scene()
    guard:set_prop("blindness", 50)
    thief:set_prop("stealth_field", 1)
    near(21.6 * 0.5 * 0.1, first_look(world, guard, thief).visual)
  end)

  it("reads sneak, perception and blindness outside their ranges as the nearest end", function()
    local world, guard, thief = scene()
    guard:set_prop("blindness", 150)
    thief:set_prop("sneak", 130)
    local d = first_look(world, guard, thief)
    near(0, d.visual)                          -- blindness 150 is 100: fully blind, not -50% sight
    near(0.5 * (60 * ATT - 100), d.skill)      -- sneak 130 is 100
    world, guard, thief = scene()
    guard:set_prop("perception", 20):set_prop("blindness", -100)
    d = first_look(world, guard, thief)
    near(0.5 * (100 * ATT - 30), d.skill)      -- perception 20 is 10: perception skill 100, not 200
    near(21.6, d.visual)                       -- blindness -100 is 0: no sharper than sighted
  end)

  it("takes flags as true/false, and a prop set back to nil (or to a string) as unset", function()
    local world, guard, thief = scene()
    thief:set_prop("armor_weight", 45):set_prop("running", true)
    near(ATT * (10 + 45) * 1.5, first_look(world, guard, thief).sound)
    world, guard, thief = scene()
    thief:set_prop("running", 1):set_prop("running", false)
    near(ATT * (10 + 20), first_look(world, guard, thief).sound)
    world, guard, thief = scene()
    thief:set_prop("running", 1):set_prop("running", nil):set_prop("sneak", "30")
    local d = first_look(world, guard, thief)
    near(ATT * (10 + 20), d.sound)
    near(0.5 * (60 * ATT - 0), d.skill)        -- the string is no sneak skill: 0
    assert.are.equal("30", thief.props.sneak)
  end)

  it("attenuates with ((max - d) / max) ^ exponent, twice the reach outdoors, nothing beyond", function()
    local world, guard, thief = scene()
    first_look(world, guard, thief)
    thief:set_pos(3000, 0, 0)
    world:step(0.1)
    local d = guard:detection(thief)
    near(0, d.attenuation)                       -- beyond 25 m
    near(-35 - 0.5 * 30, d.detection)
    guard:set_prop("exterior", 1)                -- outdoors: 50 m
    world:step(0.1)
    near(0.4 ^ 2, guard:detection(thief).attenuation)
    world = scene{ x = 3000, geck = { exterior = true, sneak_distance_attenuation_exponent = 1 } }
    local g, t = world:actors()[1], world:actors()[2]
    near(0.4, first_look(world, g, t).attenuation)
  end)

  it("reads the light of the world's lamps with use_world_light", function()
    local world, guard, thief = scene{ geck = { use_world_light = true } }
    world:set_sun{ direction = { 0, 0, 0 } }
    local d = first_look(world, guard, thief)
    local level = world:light_at(thief) * 100
    near(ATT * level * 0.5 * 1.5, d.visual)
  end)

  it("is computed again every interval, not every step", function()
    local world, guard, thief = scene{ geck = { interval = 0.5 } }
    first_look(world, guard, thief)
    local changes, before = 0, guard:detection_value(thief)
    for i = 1, 20 do                               -- the light flickers every step for 2 s
      thief:set_light(i % 2 == 0 and 0.8 or 0)
      world:step(0.1)
      local v = guard:detection_value(thief)
      if v ~= before then changes = changes + 1 end
      before = v
    end
    assert.is_true(changes >= 3 and changes <= 4, "changes: " .. changes)
  end)

  it("counts only enemies: a friend or a teamless actor gets no value", function()
    local world, guard, thief = scene()
    local friend = world:add_target{ pos = { 500, 0, 0 }, team = "guards" }
    local nobody = world:add_target{ pos = { 500, 100, 0 } }
    first_look(world, guard, thief)
    assert.is_nil(guard:detection_value(friend))
    assert.is_nil(guard:detection_value(nobody))
    world = scene{ geck = { team_zero_hostile = true } }
    local g = world:actors()[1]
    nobody = world:add_target{ pos = { 500, 100, 0 } }
    run(world, 0.3)
    assert.is_number(g:detection_value(nobody))
  end)
end)

describe("the GECK states", function()
  it("walk Normal -> Alert -> Combat -> Lost -> Normal as the thief is noticed, seen and escapes", function()
    local world, guard, thief, log = scene()
    thief:set_light(0)                             -- -28.4: under the alert threshold
    run(world, 1)
    assert.are.equal("normal", guard:geck_state())
    thief:set_light(0.8)                           -- -6.8: noticed
    run(world, 0.2)
    assert.are.equal("alert", guard:geck_state())
    local ev = last(log, "normal_to_alert")
    assert.are.equal("NormalToAlert", ev.topic)
    assert.are.equal(guard, ev.agent)
    assert.are.equal(thief, ev.target)
    assert.are.equal("noticed", ev.event_type)
    near(-6.8, ev.detection)
    assert.are.same({ "noticed" }, alert_types(guard))
    thief:set_prop("running", 1)                   -- alert: -35 + 16.2 + 28.8 + 1.2 = 11.2
    run(world, 0.2)
    ev = last(log, "alert_to_combat")
    near(11.2, ev.detection)
    assert.are.equal(thief, ev.target)
    assert.are.equal("combat", guard:geck_state())
    assert.are.equal(thief, guard:geck().combat_target)
    thief:set_pos(6000, 0, 0)                      -- out of reach: -50
    world:step(0.1)                                -- seen gone: its timer starts
    local escaped = world:time()
    run(world, 6)
    ev = last(log, "combat_to_lost")
    near(escaped + 5, ev.time)                     -- the target's timer
    near(1000, ev.location.x)                      -- where it was last seen
    assert.are.equal("lost", guard:geck_state())
    run(world, 16)
    ev = last(log, "lost_to_normal")
    near(escaped + 5 + 15, ev.time)                -- the alert timer
    assert.is_nil(ev.target)
    assert.are.same({ "normal_to_alert", "alert_to_combat", "combat_to_lost", "lost_to_normal" }, topics(log))
    local g = guard:geck()
    assert.are.same({}, g.alerts)
    assert.are.same({}, g.targets)
  end)

  it("goes straight from Normal to Combat when a sneaky thief fires a gun (-47.7 to +10.1)", function()
    local world, guard, thief, log = scene{ x = 600 }
    thief:set_velocity(0, 0, 0):set_light(0):set_prop("sneak", 60)
    local att = (19 / 25) ^ 2
    local quiet = -35 + 0.5 * (60 * att - 60)
    near(quiet, first_look(world, guard, thief).detection)
    run(world, 1)
    assert.are.equal("normal", guard:geck_state())
    thief:set_prop("action", 100)                  -- the shot
    world:step(0.1)
    thief:set_prop("action", 0)
    local ev = last(log, "normal_to_combat")
    assert.are.equal("NormalToCombat", ev.topic)
    assert.are.equal(thief, ev.target)
    near(quiet + att * 100, ev.detection)
    assert.is_nil(ev.event_type)
    assert.are.same({ "normal_to_combat" }, topics(log))
    assert.are.equal("combat", guard:geck_state())
  end)

  it("goes straight from Normal to Combat when the same shot is also a detection event", function()
    local world, guard, thief, log = scene{ x = 600 }
    thief:set_velocity(0, 0, 0):set_light(0):set_prop("sneak", 60)
    run(world, 1)
    assert.are.equal("normal", guard:geck_state())
    thief:set_prop("action", 100)                  -- the shot, seen and heard at once
    local tx, ty, tz = thief:pos()
    world:create_detection_event{ owner = thief, pos = { tx, ty, tz }, rating = 100, type = "weapon" }
    world:step(0.1)
    thief:set_prop("action", 0)
    assert.are.same({ "normal_to_combat" }, topics(log))
    assert.are.equal("combat", guard:geck_state())
  end)

  it("Alert -> Normal once every detection event of the alert list has expired", function()
    local world, guard, thief, log = scene()
    run(world, 0.5)
    assert.are.equal("alert", guard:geck_state())
    thief:set_pos(6000, 0, 0)
    local gone = world:time()
    run(world, 9.5)
    assert.are.equal("alert", guard:geck_state())
    run(world, 1)
    local ev = last(log, "alert_to_normal")
    near(gone + 10, ev.time) -- event_lifetime after its last refresh
    assert.are.equal("normal", guard:geck_state())
    -- a timer's transition: no target, detection or place
    assert.are.same({}, { ev.target, ev.detection, ev.location })
  end)

  it("Lost -> Combat when a target is detected again", function()
    local world, guard, thief, log = scene{ geck = { target_timer = 1 } }
    thief:set_prop("running", 1)
    run(world, 0.5)
    thief:set_pos(6000, 0, 0)
    run(world, 1.5)
    assert.are.equal("lost", guard:geck_state())
    thief:set_pos(1000, 0, 0)
    run(world, 0.2)
    assert.are.same({ "normal_to_combat", "combat_to_lost", "lost_to_combat" }, topics(log))
    assert.are.equal(thief, last(log, "lost_to_combat").target)
  end)

  local function fight()
    local world, guard, thief, log = scene()
    thief:set_prop("running", 1)
    run(world, 0.5)
    assert.are.equal("combat", guard:geck_state())
    return world, guard, thief, log
  end

  it("Combat -> Normal when the only target dies: its events leave the alert list", function()
    local world, guard, thief, log = fight()
    thief:set_prop("dead", 1)
    run(world, 0.2)
    assert.are.same({ "normal_to_combat", "combat_to_normal" }, topics(log))
    assert.are.same({}, guard:geck().alerts)
  end)

  it("Combat -> Normal when the only target dies, though an event nobody owns is in the alert list", function()
    local world, guard, thief, log = scene{ x = 10000 }
    world:create_detection_event{ pos = { 1000, 0, 0 }, rating = 100, type = "explosion" }
    run(world, 0.2)
    thief:set_pos(1000, 0, 0):set_prop("running", true)
    run(world, 0.5)
    assert.are.equal("combat", guard:geck_state())
    thief:set_prop("dead", true)
    run(world, 0.2)
    assert.are.same({ "normal_to_alert", "alert_to_combat", "combat_to_normal" }, topics(log))
    assert.are.same({}, guard:geck().alerts)
  end)

  it("Combat -> Normal when the target is removed or is no longer an enemy", function()
    local world, _, thief, log = fight()
    thief:remove()
    run(world, 0.2)
    assert.are.same({ "normal_to_combat", "combat_to_normal" }, topics(log))
    local guard
    world, guard, thief, log = fight()
    thief:set_team("guards")
    run(world, 0.2)
    assert.are.same({ "normal_to_combat", "combat_to_normal" }, topics(log))
    assert.is_nil(guard:detection_value(thief))
  end)

  it("Combat -> Normal when its targets are \"no longer considered hostile\": a team relationship or an "
    .. "override", function()
    for _, make in ipairs{
      function(world) world:set_relationship("guards", "thieves", "neutral") end,
      function(world) world:set_relationship("thieves", "guards", "friendly") end,
      function(_, guard, thief) guard:set_relationship(thief, "neutral") end,
    } do
      local world, guard, thief, log = fight()
      make(world, guard, thief)
      run(world, 0.2)
      assert.are.same({ "normal_to_combat", "combat_to_normal" }, topics(log))
      assert.are.same({}, guard:geck().alerts)
      assert.is_nil(guard:detection_value(thief))
    end
  end)

  it("a hostile actor is \"an actor that I would attack\": a friendly or neutral one never alerts it", function()
    local world, guard, thief, log = scene()
    world:set_relationship("guards", "thieves", "friendly")
    run(world, 1)
    assert.are.same({}, topics(log))
    assert.is_nil(guard:detection_value(thief))
    guard:geck_damaged(thief)
    world:create_detection_event{ owner = thief, pos = { 1000, 0, 0 }, rating = 100 }
    run(world, 0.5)
    assert.are.same({}, topics(log))
    -- An override makes one thief hostile again, for this guard alone.
    guard:set_relationship(thief, "hostile")
    run(world, 0.5)
    assert.is_number(guard:detection_value(thief))
    -- And an override makes a teammate, or a teamless actor, an enemy.
    local mate = world:add_target{ pos = { 500, 0, 0 }, team = "guards" }
    local nobody = world:add_target{ pos = { 500, 100, 0 } }
    guard:set_relationship(mate, "hostile")
    guard:set_relationship(nobody, "hostile")
    run(world, 0.3)
    assert.is_number(guard:detection_value(mate))
    assert.is_number(guard:detection_value(nobody))
  end)

  it("Normal -> Alert when an enemy damages the agent, at the enemy's place", function()
    local world, guard, thief, log = scene{ x = 6000 }
    run(world, 0.5)
    guard:geck_damaged(thief)
    world:step(0.1)
    local ev = last(log, "normal_to_alert")
    assert.are.equal("damage", ev.event_type)
    assert.are.equal(thief, ev.target)
    near(6000, ev.location.x)
    local a = guard:geck().alerts[1]
    assert.are.equal("damage", a.type)
    near(-35 - 15, a.rating)                       -- its detection value now
    local friend = world:add_target{ pos = { 100, 0, 0 }, team = "guards" }
    run(world, 0.1)
    local before = #log
    guard:geck_damaged(friend)                     -- not an enemy: nothing
    run(world, 0.2)
    assert.are.equal(before, #log)
  end)

  it("uses the combat mod on a target other than the combat target", function()
    local world, guard, thief = fight()
    local other = world:add_target{ pos = { 0, 1000, 0 }, velocity = { 100, 0, 0 }, team = "thieves", light = 0.8,
                                    props = { sneak = 30, armor_weight = 20 } }
    run(world, 0.3)
    assert.are.equal(thief, guard:geck().combat_target)
    near(0.5 * (60 * 0.5 * ATT - 30), guard:detection(other).skill)
    near(-35 + 10.8 + 21.6 - 9.6, guard:detection_value(other))
  end)
end)

describe("GECK detection events", function()
  it("alert an agent within fSneakMaxDistance; their detection is the action rating as sound", function()
    local world, guard, thief, log = scene{ x = 10000 }
    run(world, 0.5)
    -- -35 + 0.36 x 100 + 0.5 x 60 x 0.36 = 11.8 > -20
    world:create_detection_event{ owner = thief, pos = { 1000, 0, 0 }, rating = 100, type = "impact" }
    world:step(0.1)
    local ev = last(log, "normal_to_alert")
    assert.are.equal("impact", ev.event_type)
    assert.are.equal(thief, ev.target)
    near(11.8, ev.detection)
    near(1000, ev.location.x)
    local g = guard:geck()
    assert.are.equal(1, #g.alerts)
    expect.fields(g.alerts[1], { owner = thief, type = "impact", rating = 100 })
    assert.are.same({}, g.targets)               -- from Normal: the event only
  end)

  it("add their owner to the target list of an agent already alert", function()
    local world, guard, thief = scene{ x = 10000 }
    world:create_detection_event{ owner = thief, pos = { 1000, 0, 0 }, rating = 100 }
    run(world, 0.2)
    world:create_detection_event{ owner = thief, pos = { 0, 1000, 0 }, rating = 100, type = "explosion" }
    world:step(0.1)
    local g = guard:geck()
    assert.are.same({ "custom", "explosion" }, alert_types(guard))
    assert.are.equal(1, #g.targets)
    assert.are.equal(thief, g.targets[1].target)
    near(1000, g.targets[1].last_known.y)        -- where the event was
  end)

  it("are not heard beyond fSneakMaxDistance (x fSneakExteriorDistanceMult outdoors)", function()
    local world, guard, thief, log = scene{ x = 10000 }
    world:create_detection_event{ owner = thief, pos = { 3000, 0, 0 }, rating = 100 }
    run(world, 0.2)
    assert.are.same({}, topics(log))
    guard:set_prop("exterior", 1)                -- 50 m: -35 + 16 + 4.8 = -14.2
    world:create_detection_event{ owner = thief, pos = { 3000, 0, 0 }, rating = 100 }
    run(world, 0.2)
    near(-14.2, last(log, "normal_to_alert").detection)
  end)

  it("too quiet, or muffled by a wall, stay under the alert threshold", function()
    local world, _, thief, log = scene{ x = 10000 }
    world:create_detection_event{ owner = thief, pos = { 2000, 0, 0 }, rating = 10 } -- -35 + 0.4 + 1.2
    run(world, 0.2)
    world:add_box{ min = { 500, -300, 0 }, max = { 510, 300, 400 } }
    world:create_detection_event{ owner = thief, pos = { 1000, 0, 0 }, rating = 100 } -- -35 + 3.6 + 10.8
    run(world, 0.2)
    assert.are.same({}, topics(log))
  end)

  it("are ignored unless their owner is an enemy; an ownerless one alerts everyone (a setting)", function()
    local world, _, _, log = scene{ x = 10000 }
    local friend = world:add_target{ pos = { 10000, 500, 0 }, team = "guards" }
    world:create_detection_event{ owner = friend, pos = { 1000, 0, 0 }, rating = 100 }
    run(world, 0.2)
    assert.are.same({}, topics(log))
    world:create_detection_event{ pos = { 1000, 0, 0 }, rating = 100, type = "explosion" }
    run(world, 0.2)
    local ev = last(log, "normal_to_alert")
    assert.is_nil(ev.target)
    assert.are.equal("explosion", ev.event_type)
    -- with no owner, the event's place and detection still say where and how loud
    assert.are.same({ 1000, 0, 0 }, { ev.location.x, ev.location.y, ev.location.z })
    near(11.8, ev.detection)
    local deaf
    world, deaf, _, log = scene{ x = 10000, geck = { hear_ownerless_events = false } }
    world:create_detection_event{ pos = { 1000, 0, 0 }, rating = 100 }
    run(world, 0.2)
    assert.are.same({}, topics(log))
    assert.are.equal("normal", deaf:geck_state())
  end)

  it("are ignored by an agent already in Combat", function()
    local world, guard, thief = scene()
    thief:set_prop("running", 1)
    run(world, 0.5)
    local before = alert_types(guard)
    world:create_detection_event{ owner = thief, pos = { 0, 1000, 0 }, rating = 100, type = "weapon" }
    run(world, 0.2)
    assert.are.same(before, alert_types(guard))
    assert.are.same({ "last_known" }, before)
  end)

  it("keep one entry per owner and type, refreshed; the owner's own events do not alert it", function()
    local world, guard, thief = scene{ x = 10000 }
    for i = 1, 3 do
      world:create_detection_event{ owner = thief, pos = { 1000, i * 100, 0 }, rating = 100, type = "weapon" }
      run(world, 1)
    end
    local alerts = guard:geck().alerts
    assert.are.equal(1, #alerts)
    near(300, alerts[1].location.y)
    near(10 - 0.9, alerts[1].remaining)          -- heard at the end of the first of those steps
    world:create_detection_event{ owner = guard, pos = { 0, 0, 0 }, rating = 100 }
    run(world, 0.1)
    assert.are.equal(1, #guard:geck().alerts)
  end)
end)

describe("the GECK alert timer", function()
  local function lost(geck)
    local world, guard, thief, log = scene{ geck = worlds.merge({ target_timer = 1, alert_timer = 3 }, geck) }
    thief:set_prop("running", 1)
    run(world, 0.5)
    thief:set_pos(6000, 0, 0)
    run(world, 1.2)
    assert.are.equal("lost", guard:geck_state())
    return world, guard, thief, log
  end

  it("runs down in Lost, then Normal", function()
    local world, guard, _, log = lost()
    local entered = last(log, "combat_to_lost").time
    near(3 - (world:time() - entered), guard:geck().alert_timer)
    run(world, 3)
    near(entered + 3, last(log, "lost_to_normal").time)
  end)

  it("runs only while Lost: 0 again once a target is detected", function()
    local world, guard, thief, log = lost()
    assert.is_true(guard:geck().alert_timer > 0)
    thief:set_pos(1000, 0, 0)
    run(world, 0.2)
    assert.is_not_nil(last(log, "lost_to_combat"))
    assert.are.equal(0, guard:geck().alert_timer)
  end)

  it("waits for every target to fall under the alert threshold", function()
    local world, guard, thief, log = lost()
    thief:set_pos(1000, 0, 0):set_prop("running", 0)   -- lost: -1.4, noticed but not seen
    run(world, 5)
    near(0, guard:geck().alert_timer)
    assert.are.equal("lost", guard:geck_state())
    thief:set_pos(6000, 0, 0)
    run(world, 0.2)
    assert.are.equal("lost_to_normal", topics(log)[3])
  end)

  it("starts again when the agent hears a detection event", function()
    local world, guard, thief, log = lost()
    run(world, 2)
    world:create_detection_event{ owner = thief, pos = { 0, 1000, 0 }, rating = 100 }
    world:step(0.1)
    near(3, guard:geck().alert_timer)
    local heard = world:time()
    run(world, 3.2)
    near(heard + 3, last(log, "lost_to_normal").time)
  end)
end)

describe("GECK target timers", function()
  it("run while a listed target is under sneak_lost_min and stop when it comes back", function()
    local world, guard, thief, log = scene()
    thief:set_prop("running", 1)
    run(world, 0.5)
    local d = guard:detection(thief)
    assert.is_true(d.listed)
    assert.is_false(d.timer_running)
    near(5, d.timer)
    thief:set_pos(6000, 0, 0)
    run(world, 2)
    d = guard:detection(thief)
    assert.is_true(d.timer_running)
    near(3.1, d.timer)
    thief:set_pos(1000, 0, 0):set_prop("running", 0) -- -6.8: inside the alert threshold, not seen
    run(world, 0.2)
    d = guard:detection(thief)
    assert.is_false(d.timer_running)
    near(5, d.timer)
    run(world, 10)                                   -- the timer does not run: still fighting
    assert.are.equal("combat", guard:geck_state())
    assert.are.same({ "normal_to_combat" }, topics(log))
  end)

  it("drop an expired target that is not the one being fought; keep the one searched for", function()
    local world, guard, thief, log = scene()
    local second = world:add_target{ name = "second", pos = { 0, 1000, 0 }, velocity = { 100, 0, 0 },
                                     team = "thieves", light = 0.8,
                                     props = { sneak = 30, armor_weight = 20, running = 1 } }
    thief:set_prop("running", 1)
    run(world, 0.5)
    assert.are.equal(2, #guard:geck().targets)
    thief:set_pos(500, 0, 0)                         -- nearer: the combat target
    second:set_pos(0, 6000, 0)
    run(world, 4.8)
    assert.are.equal(2, #guard:geck().targets)
    run(world, 0.4)
    local g = guard:geck()
    assert.are.equal(1, #g.targets)
    assert.are.equal(thief, g.targets[1].target)
    for _, a in ipairs(g.alerts) do assert.are_not.equal(second, a.owner) end
    thief:set_pos(6000, 0, 0)
    run(world, 6)
    assert.are.equal("lost", guard:geck_state())
    assert.are.equal(1, #guard:geck().targets)       -- the one searched for stays
    assert.are.same({ "normal_to_combat", "combat_to_lost" }, topics(log))
  end)
end)

describe("profiles/geck.lua", function()
  it("is the geck_guard profile listing every geck field at its default (100 units per metre)", function()
    local raw = dofile(ROOT .. "profiles/geck.lua")
    assert.are.equal("geck_guard", raw.name)
    assert.are.equal("geck", raw.model)
    local names = {}
    for _, spec in ipairs(wary.schema.geck) do
      local d = spec.default
      -- a distance in metres (<name>_m), so that the file holds at any scale
      local name = type(d) == "table" and spec.name .. "_m" or spec.name
      if type(d) == "table" then d = d.metres end
      assert.are.equal(d, raw.geck[name], "field " .. name)
      names[name] = true
    end
    for k in each(raw.geck) do assert.is_true(names[k], "unknown field " .. k) end
    near(-35, raw.geck.sneak_base_value)
    near(25, raw.geck.sneak_max_distance_m)
    near(-20, raw.geck.sneak_noticed_min)
  end)

  it("loads, and gives an agent with no senses the GECK model", function()
    local world = wary.world{ units_per_meter = 50 }
    local p = world:load("profiles/geck.lua")
    assert.are.same({}, p.senses)
    assert.are.equal(25 * 50, p.geck.sneak_max_distance)
    local bare = world:define_profile{ name = "bare", model = "geck" }
    assert.are.equal(25 * 50, bare.geck.sneak_max_distance)
    local guard = world:add_agent{ profile = "geck_guard", pos = { 0, 0, 0 } }
    assert.are.equal("normal", guard:geck_state())
  end)

  it("has a default guard at 10 m notice a sneak-60 thief running in light, not walking (docs/geck.md)", function()
    local cases = {
      { "walking in the dark", 0, 0, -52.4, "normal" },
      { "walking in full light", 1, 0, -25.4, "normal" },
      { "running in full light", 1, 1, -14.6, "alert" },
    }
    for _, c in ipairs(cases) do
      local world = wary.world()
      world:load(ROOT .. "profiles/geck.lua")
      local guard = world:add_agent{ profile = "geck_guard", pos = { 0, 0, 0 }, team = "guards" }
      local thief = world:add_target{ pos = { 1000, 0, 0 }, team = "thieves", light = c[2],
                                      velocity = { 0, c[3] == 1 and 600 or 150, 0 },
                                      props = { sneak = 60, running = c[3] } }
      world:step(0.1)
      near(c[4], guard:detection(thief).detection)
      assert.are.equal(c[5], guard:geck_state(), c[1])
    end
  end)

  it("can be extended field by field, and redefined without the model", function()
    local world = wary.world()
    world:load("profiles/geck.lua")
    local p = world:define_profile{ name = "sniper", extends = "geck_guard", geck = { sneak_max_distance = 8000 } }
    assert.are.equal(8000, p.geck.sneak_max_distance)
    assert.are.equal(-35, p.geck.sneak_base_value)
    local plain = world:define_profile{ name = "plain", extends = "geck_guard", model = "confidence" }
    assert.is_nil(plain.geck)
    local guard = world:add_agent{ profile = "sniper", pos = { 0, 0, 0 } }
    world:define_profile{ name = "sniper" }
    expect.mentions(expect.error_of(function() guard:geck_state() end),
      "geck_state", "profile 'sniper' does not use the GECK model")
  end)
end)

describe("GECK input errors", function()
  it("name the field, and hint at a misspelt one", function()
    local world = wary.world()
    local msg = expect.error_of(function()
      world:define_profile{ name = "x", model = "geck", geck = { sneak_base_valu = 1 } }
    end)
    expect.mentions(msg, 'profile "x" geck', "unknown field 'sneak_base_valu'", "did you mean 'sneak_base_value'")
    msg = expect.error_of(function() world:define_profile{ name = "x", geck = {} } end)
    expect.mentions(msg, "'geck'", 'nil unless model = "geck"')
    msg = expect.error_of(function() world:define_profile{ name = "x", model = "gecko" } end)
    expect.mentions(msg, "'model'", "one of confidence, geck", '"gecko"')
    msg = expect.error_of(function()
      world:define_profile{ name = "x", model = "geck", geck = { view_half_angle = 200 } }
    end)
    expect.mentions(msg, "'view_half_angle'", "[0, 180]", "got 200")
  end)

  it("refuse bad detection events", function()
    local world, guard = scene()
    local function err(t) return expect.error_of(function() world:create_detection_event(t) end) end
    expect.mentions(err{ pos = { 0, 0, 0 } }, "'rating'", "required")
    expect.mentions(err{ pos = { 0, 0, 0 }, rating = -1 }, "'rating'", ">= 0", "got -1")
    expect.mentions(err{ pos = { 0, 0, 0 }, rating = 1, type = "noticed" }, "'type'", "impact, explosion")
    expect.mentions(err{ pos = { 0 / 0, 0, 0 }, rating = 1 }, "'pos'", "finite")
    expect.mentions(err{ owner = "me", pos = { 0, 0, 0 }, rating = 1 }, "'owner'", "a live actor")
    local ghost = world:add_target{ pos = { 0, 0, 0 } }
    ghost:remove()
    expect.mentions(err{ owner = ghost, pos = { 0, 0, 0 }, rating = 1 }, "'owner'")
    expect.mentions(expect.error_of(function() guard:geck_damaged(guard) end), "'attacker'", "another actor")
  end)

  it("refuse GECK calls on an agent of the confidence model", function()
    local world = wary.world()
    world:define_profile{ name = "c" }
    local a = world:add_agent{ name = "sentry", profile = "c", pos = { 0, 0, 0 } }
    local t = world:add_target{ pos = { 100, 0, 0 } }
    for _, call in ipairs({ function() a:geck_state() end, function() a:detection_value(t) end,
                            function() a:geck() end, function() a:geck_damaged(t) end }) do
      expect.mentions(expect.error_of(call), "sentry", "profile 'c' does not use the GECK model")
    end
  end)

  it("a new level of detail takes the share of the interval left to the new interval, as the senses do", function()
    local world = wary.world()
    world:define_profile{ name = "gg", model = "geck", geck = {}, senses = { "Vision" } }
    local g = world:add_agent{ profile = "gg", pos = { 0, 0, 0 }, team = "guards", lod_tier = 3 }
    local thief = world:add_target{ pos = { 300, 0, 0 }, team = "thieves", props = { sneak = 60 } }
    local seen, evaluated = nil, {}
    for n = 1, 120 do
      thief:set_pos(300 + n, 0, 0) -- a new value at every evaluation
      world:step(1 / 60)
      local v = g:detection_value(thief)
      if v ~= seen then evaluated[#evaluated + 1], seen = n, v end
      if #evaluated == 2 and n == evaluated[2] then g:set_lod_tier(0) end
    end
    assert.are.equal(48, evaluated[2] - evaluated[1]) -- 0.8 s at tier 3
    assert.is_true(evaluated[3] - evaluated[2] <= 7, tostring(evaluated[3] - evaluated[2])) -- not 48 more
    assert.are.equal(6, evaluated[4] - evaluated[3]) -- then every 0.1 s
  end)
end)
