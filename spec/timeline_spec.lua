-- The rooms report's timeline pictures (examples/timeline.lua, drawn by
-- examples/rooms.lua): the SVG of a room is written, looks like an SVG, and
-- shows the three thresholds, one line per case and a marker per state
-- change of the cases' records. Written to a temporary file, not the repo.
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local rooms = require("examples.rooms.common")
local timeline = require("examples.timeline")

local function count(text, pattern)
  local n = 0
  for _ in text:gmatch(pattern) do n = n + 1 end
  return n
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

describe("a room's timeline picture", function()
  local room = require("examples.rooms.s1_distance")
  local _, list = rooms.run_room(room)
  local path = os.tmpname()

  after_each(function() os.remove(path) end)

  it("is written as an SVG with the thresholds, a line per case and a marker per state change", function()
    timeline.write_file(path, timeline.svg(timeline.room_chart(room, list)))
    local svg = read(path)
    assert.are.equal("<svg ", svg:sub(1, 5))
    assert.truthy(svg:find("</svg>%s*$"))
    assert.truthy(svg:find('xmlns="http://www.w3.org/2000/svg"', 1, true))
    for _, label in ipairs({ "Suspect 15%", "Detect 35%", "Track 60%" }) do
      assert.truthy(svg:find(label, 1, true), label)
    end
    -- the three dashed lines in each case's panel
    assert.are.equal(3 * #list, count(svg, '<line class="threshold"'))
    assert.are.equal(#list, count(svg, "<polyline "))
    local events = 0
    for _, r in ipairs(list) do events = events + #r.record.events end
    assert.is_true(events > 0)
    assert.are.equal(events, count(svg, '<circle class="mark"'))
    -- the title, each case and its figures beside the seed's
    assert.truthy(svg:find("S1  Distance", 1, true))
    for _, r in ipairs(list) do
      assert.truthy(svg:find(r.case.name, 1, true), r.case.name)
      assert.truthy(svg:find(string.format("wary %.0f%% %s", r.confidence * 100, r.state), 1, true))
    end
    -- tags open and close in step (a well-formed, flat document)
    assert.are.equal(count(svg, "<text[ >]"), count(svg, "</text>"))
    assert.are.equal(count(svg, "<g[ >]"), count(svg, "</g>"))
    assert.is_nil(svg:find("&[^%a#]"))
  end)

  it("of the GECK scenario draws each guard's detection value with the -20 and 0 lines", function()
    local record = require("examples.rooms.geck_yard").run()
    local svg = timeline.svg(timeline.geck_chart(record))
    assert.are.equal("<svg ", svg:sub(1, 5))
    assert.are.equal(#record.guards, count(svg, "<polyline "))
    assert.truthy(svg:find("Noticed -20", 1, true))
    assert.truthy(svg:find("Detected 0", 1, true))
    local transitions = 0
    for _, g in ipairs(record.guards) do transitions = transitions + #g.events end
    assert.is_true(transitions > 0)
    assert.are.equal(transitions, count(svg, '<circle class="mark"'))
  end)

  it("of a Pain wing room draws each agent's belief in each actor it believed in", function()
    local brain = require("examples.rooms.brain_common")
    local d4 = require("examples.rooms.d4_attention")
    brain.recording = {}
    local ok, err = pcall(d4.run)
    local series = brain.recording
    brain.recording = nil
    assert.is_true(ok, err)
    local names = {}
    for _, s in ipairs(series) do names[#names + 1] = s.name end
    assert.are.same({ "warden: thief", "warden: player" }, names)
    local svg = timeline.svg(timeline.brain_chart(d4, series))
    assert.are.equal(2, count(svg, "<polyline "))
    assert.are.equal(#series[1].events + #series[2].events, count(svg, '<circle class="mark"'))
  end)
end)
