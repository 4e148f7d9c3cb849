-- The seed's Sound wing (seed 003, rooms H1 to H5): each room of
-- examples/rooms/h*.lua runs its cases headless, and every case must land in
-- the state the seed's result card gives it (H2: and the rest of its story),
-- with the seed's ordering between the cases' confidences. The rooms are
-- built (distances, walls, doors, the room's own sound types and filter) so
-- that the engine's own hearing formula gives the seed's states.
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local rooms = require("examples.rooms.common")
local report = require("examples.rooms.report")
local support = require("spec.support.rooms")

local room_results, room = support.results, support.room

-- The sounds a record heard, keeping those of one sound type (or all).
local function heard(record, sound)
  local out = {}
  for _, s in ipairs(record.sounds) do
    if sound == nil or s.sound == sound then out[#out + 1] = s end
  end
  return out
end

support.describe_rooms(report.SOUND, rooms.sound_landed,
  { describe = describe, it = it, assert = assert })

describe("sound room records", function()
  it("H1: carpet is out of range (nothing heard); each step on concrete and metal is heard, in the open", function()
    local by_key = room_results(room("h1_floors"))
    assert.are.equal(0, #by_key.carpet.record.sounds)
    for _, key in ipairs({ "concrete", "metal" }) do
      local sounds = by_key[key].record.sounds
      assert.are.equal(6, #sounds)
      for _, s in ipairs(sounds) do assert.are.equal(0, s.walls) end
    end
    -- 1 - (d / range)^2 from the ear, 0.64 m up, to the feet 5.65 m away.
    local d2 = 565 ^ 2 + 64 ^ 2
    assert.is_near(1 - d2 / 700 ^ 2, by_key.concrete.record.sounds[1].loudness, 1e-5)
    assert.is_near(1 - d2 / 1300 ^ 2, by_key.metal.record.sounds[1].loudness, 1e-5)
  end)

  it("H2: the guard believes in the place the can landed, never in the intruder", function()
    local h2 = room("h2_thrown_can")
    local r = room_results(h2).can.record
    assert.are.equal("ThrownRock", r.place.tag)
    assert.are.same({ x = h2.CAN[1], y = h2.CAN[2], z = h2.CAN[3] }, r.place.location)
    assert.is_true(rooms.RANK[r.place.state] >= rooms.RANK.suspected)
    assert.are.equal("detected", r.place_peak_state)        -- one can: no instant lock-on (seed 000)
    assert.is_true(r.turned ~= nil and r.turned < 0.1)
    assert.are.equal(0, r.peak_confidence)
    assert.are.equal("undetected", r.peak_state)
    assert.are.same({}, r.events)
    assert.are.same({}, heard(r, "CrouchedStep"))
    assert.are.equal(1, #heard(r, "ThrownRock"))
    assert.is_nil(heard(r, "ThrownRock")[1].maker)
  end)

  it("H2: without the can the same crossing is seen", function()
    local control = room("h2_thrown_can").story(false)
    assert.is_nil(control.place)
    assert.are.equal("tracked", control.peak_state)
  end)

  it("H3: the creak comes through 0, 1 and 2 walls, each multiplying by exp(-0.4)", function()
    local by_key = room_results(room("h3_walls"))
    local open, door, walls = by_key.open.record.sounds[1], by_key.door.record.sounds[1], by_key.walls.record.sounds[1]
    assert.are.equal(0, open.walls)
    assert.are.equal(1, door.walls)
    assert.are.equal(2, walls.walls)
    assert.is_near(open.loudness * math.exp(-0.4), door.loudness, 1e-4)
    assert.is_near(open.loudness * math.exp(-0.8), walls.loudness, 1e-3)
    assert.is_near(by_key.open.confidence, open.loudness, 1e-6)
  end)

  it("H4: the series builds up past the single creak; behind the wall it is slower and still Tracked", function()
    local by_key = room_results(room("h4_build_up"))
    local one, series, wall = by_key.one.record, by_key.series.record, by_key.wall.record
    assert.are.equal(52, #series.sounds)
    assert.are.equal(52, #wall.sounds)
    assert.are.equal(1, wall.sounds[1].walls)
    assert.is_true(one.sounds[1].loudness < 0.35)
    -- each creak adds heard x 0.5 x 0.1, held between creaks
    assert.is_near(52 * one.sounds[1].loudness * 0.05, series.confidence, 1e-4)
    assert.is_true(series.reached.tracked < wall.reached.tracked)
    assert.is_true(wall.reached.tracked <= 26)
  end)

  it("H5: the filter screens out the radio and the whisper, which the same guard hears without it", function()
    local h5 = room("h5_filters")
    local by_key = room_results(h5)
    assert.are.equal(0, #by_key.radio.record.sounds)
    assert.are.equal(0, #by_key.whisper.record.sounds)
    assert.are.equal(1, #by_key.knock.record.sounds)
    for _, key in ipairs({ "radio", "whisper" }) do
      local r = h5.unfiltered(key)
      assert.are.equal(1, #r.sounds)
      assert.is_true(rooms.RANK[r.peak_state] >= rooms.RANK.suspected)
    end
  end)
end)
