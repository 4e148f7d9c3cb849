-- The seed's Sight wing (seed 000, rooms S1 to S9): each room of
-- examples/rooms/ runs its cases headless, and every case must land in the
-- state the seed's result card gives it, with the seed's ordering between the
-- cases' confidences. The rooms are built (positions, walls, materials, lamps,
-- fog) so that the engine's own formula gives the seed's states.
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local rooms = require("examples.rooms.common")
local report = require("examples.rooms.report")
local support = require("spec.support.rooms")

local room_results = support.results

local function event_types(record)
  local out = {}
  for _, ev in ipairs(record.events) do out[#out + 1] = ev.type end
  return out
end

support.describe_rooms(report.SIGHT, function(case, r) return rooms.landed(case, r.state) end,
  { describe = describe, it = it, assert = assert })

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
    assert.are.equal("rear", by_key.sprinter.record.explain.vision.cone)
    assert.are.equal("none", by_key.walker.record.explain.vision.cone)
  end)
end)
