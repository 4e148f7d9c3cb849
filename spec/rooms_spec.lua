-- The seed's Sight wing (seed 000, rooms S1 to S9): each room of
-- examples/rooms/ runs its cases headless, and every case must land in the
-- state the seed's result card gives it, with the seed's ordering between the
-- cases' confidences. The rooms are built (positions, walls, materials, lamps,
-- fog) so that the engine's own formula gives the seed's states.
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local rooms = require("examples.rooms.common")

local FILES = { "s1_distance", "s2_light", "s3_cover", "s4_stance", "s5_cones", "s6_eyes", "s7_surfaces",
                "s8_fog", "s9_spotting" }

-- The results of every room, run once.
local results = {}
local function room_results(room)
  if not results[room.id] then results[room.id] = rooms.run_room(room) end
  return results[room.id]
end

local function event_types(record)
  local out = {}
  for _, ev in ipairs(record.events) do out[#out + 1] = ev.type end
  return out
end

for _, file in ipairs(FILES) do
  local room = require("examples.rooms." .. file)

  describe("room " .. room.id .. " (" .. room.title .. ")", function()
    for _, case in ipairs(room.cases) do
      it(string.format("%s: %s", case.name, rooms.seed_state_text(case)), function()
        local r = room_results(room)[case.key]
        assert.is_true(rooms.landed(case, r.state),
          string.format("%s %s: got %s (%.1f%%), the seed says %s", room.id, case.name, r.state,
            r.confidence * 100, rooms.seed_state_text(case)))
      end)
    end

    for _, rel in ipairs(room.order or {}) do
      local text = table.concat(rel, " ")
      it("order: " .. text, function()
        local by_key = room_results(room)
        local ok = rooms.holds(by_key, rel)
        assert.is_true(ok, string.format("%s: %s, got %.1f%% and %.1f%%", room.id, text,
          by_key[rel[1]].confidence * 100, by_key[rel[3]].confidence * 100))
      end)
    end
  end)
end

describe("sight room records", function()
  it("keep a plain timeline of every step and the state changes", function()
    local room = require("examples.rooms.s1_distance")
    local r = room_results(room).close
    local record = r.record
    assert.are.equal(rooms.DURATION * rooms.HZ, #record.timeline)
    for i, e in ipairs(record.timeline) do
      assert.are.equal("number", type(e.time))
      assert.are.equal("number", type(e.confidence))
      assert.are.equal("string", type(e.state))
      if i > 1 then assert.is_true(e.time > record.timeline[i - 1].time) end
    end
    assert.are.same({ "suspect", "telegraph", "detect", "track" }, event_types(record))
    assert.are.equal(getmetatable(record.timeline), nil)
  end)

  it("S1: close up it is sure fast (Tracked once the 0.5 s in Detected are up)", function()
    local record = room_results(require("examples.rooms.s1_distance")).close.record
    assert.is_true(record.reached.tracked <= 0.5 + 0.1 + 1e-6)
  end)

  it("S9: the sprinter fires no event at all, the walker a detect", function()
    local by_key = room_results(require("examples.rooms.s9_spotting"))
    assert.are.same({}, event_types(by_key.sprint.record))
    local detects = 0
    for _, t in ipairs(event_types(by_key.walk.record)) do detects = detects + (t == "detect" and 1 or 0) end
    assert.is_true(detects >= 1)
  end)

  it("S5: the sprinter behind is seen by the rear cone, the walker by none", function()
    local by_key = room_results(require("examples.rooms.s5_cones"))
    assert.are.equal("rear", by_key.sprinter.record.explain.cone)
    assert.are.equal("none", by_key.walker.record.explain.cone)
  end)
end)
