-- examples/rooms/h2_thrown_can.lua: room H2, the thrown can (seed 003, "Sounds
-- nobody made"). The guard (the standard guard's eyes and the default ears)
-- stands at the origin watching +x. The intruder waits crouched at the edge
-- of its view, 3.5 m ahead and 7 m to its right, and throws a can: it lands
-- 7.6 m behind the guard, over its left shoulder, a ThrownRock (loudness 1.4,
-- 18 m) emitted at that place, with no maker. The guard forms a belief about
-- the place, and when it reaches Suspected the guard turns its eyes to look
-- there (the game's "InvestigateLocation"), the short way round, away from
-- the intruder. Half a second after the throw the intruder crosses
-- right in front of the guard, crouched, 3.5 m away, at 2.5 m/s, a crouched
-- step (3 m) every half second that never reaches the guard: nobody sees or
-- hears the crossing. Without the can (the note) the same crossing is seen.
local rooms = require("examples.rooms.common")

local CAN = { -700, 300, 0 }          -- where the can lands: behind the guard, over its left shoulder
local FROM, TO = { 350, -700 }, { 350, 700 }
local START = 0.5                     -- seconds: the intruder sets off
local SPEED = 250                     -- world units per second (2.5 m/s)
local DURATION = 7
local LENGTH = math.sqrt((TO[1] - FROM[1]) ^ 2 + (TO[2] - FROM[2]) ^ 2)

-- The story, with or without the can: the run's record, with record.turned
-- (the time the guard turned to the place, or nil) and record.can (where it landed).
local function story(with_can)
  local world, profile = rooms.sound_world{ eyes = true }
  local guard = rooms.guard(world, profile)
  local intruder = rooms.intruder(world, { pos = { FROM[1], FROM[2], 0 }, stance = "crouched" })
  local turned
  guard:on("location_belief_changed", function(ev)
    if not turned and rooms.RANK[ev.state] >= rooms.RANK.suspected then
      guard:look_at(ev.location.x, ev.location.y, ev.location.z)
      turned = world:time()
    end
  end)
  local length = LENGTH
  local vx, vy = (TO[1] - FROM[1]) / length * SPEED, (TO[2] - FROM[2]) / length * SPEED
  local steps = rooms.every(0.5, function() world:emit_sound(intruder, "CrouchedStep") end, START)
  local script = function(time, step)
    if with_can and step == 1 then world:emit_sound_at(CAN, "ThrownRock") end
    local walked = math.min(math.max(time - START, 0) * SPEED, length)
    local moving = time >= START and walked < length
    intruder:set_pos(FROM[1] + (TO[1] - FROM[1]) * walked / length, FROM[2] + (TO[2] - FROM[2]) * walked / length, 0)
    intruder:set_velocity(moving and vx or 0, moving and vy or 0, 0)
    if moving then steps(time, step) end
  end
  local record = rooms.listen{ world = world, guard = guard, subject = intruder, script = script,
                               duration = DURATION }
  record.turned, record.can = turned, with_can and CAN or nil
  return record
end

local function place_text(place)
  if not place then return "no belief about any place" end
  local l = place.location
  return string.format("%s at (%.0f, %.0f, %.0f), %.0f%% %s", place.tag, l.x, l.y, l.z, place.confidence * 100,
    place.state)
end

return {
  id = "H2",
  title = "The thrown can",
  seed = "A can you throw is a noise nobody made: the guard goes to look at the place it landed, not at you, and "
    .. "you slip past.",
  duration = DURATION,
  cases = {
    { key = "can", name = "the intruder, crossing 3.5 m ahead", seed_state = "undetected", run = function()
        return story(true)
      end,
      -- The seed's story: a belief about the place, where the can landed, at Suspected or more at the end.
      check = function(record)
        local p = record.place
        return p ~= nil and p.tag == "ThrownRock" and p.location.x == CAN[1] and p.location.y == CAN[2]
          and rooms.RANK[p.state] >= rooms.RANK.suspected
      end },
  },
  story = story,
  CAN = CAN,
  notes = function(by_key)
    local r = by_key.can.record
    local steps = 0
    for _, heard in ipairs(r.sounds) do steps = steps + (heard.sound == "CrouchedStep" and 1 or 0) end
    local control = story(false)
    return {
      string.format("the can lands at (%.0f, %.0f), %.1f m behind the guard, %.1f m from the intruder throwing it;",
        CAN[1], CAN[2], math.sqrt(CAN[1] ^ 2 + CAN[2] ^ 2) / 100,
        math.sqrt((CAN[1] - FROM[1]) ^ 2 + (CAN[2] - FROM[2]) ^ 2) / 100),
      string.format("the guard's strongest belief at the end: %s (peak %.0f%% %s);", place_text(r.place),
        r.place_peak_confidence * 100, r.place_peak_state),
      string.format("one can takes the place a rung at a time up to %s: Tracked needs 0.5 s in Detected",
        r.place_peak_state),
      "(seed 000: Min Track Duration 0.5 s, \"no instant lock-on\"; before issue 15 it was tracked at once);",
      string.format("it turns to look there at %.2f s; the intruder crosses from %.2f to %.2f s: at most %.0f%%, %s,",
        r.turned or -1, START, START + LENGTH / SPEED, r.peak_confidence * 100, r.peak_state),
      string.format("%d of its crouched steps heard. Without the can, the same crossing: %.0f%% %s at the end",
        steps, control.confidence * 100, control.state),
      string.format("(peak %.0f%% %s, %s at %.2f s).", control.peak_confidence * 100, control.peak_state,
        control.peak_state, control.reached[control.peak_state] or -1),
    }
  end,
}
