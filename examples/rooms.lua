-- examples/rooms.lua: the rooms report, the main job's second half. Runs every
-- headless room of the seed: the Sight wing S1-S9, the Sound wing H1-H5, the
-- GECK scenario and the Pain wing D1-D4, and prints each room's result card
-- (each case, its confidence and state, the seed's figure beside it; the
-- cards of examples/sight_rooms.lua, sound_rooms.lua, geck.lua and
-- brain_rooms.lua). Then it draws, per room, a timeline picture of each
-- case's confidence over time (GECK: each guard's detection value) with the
-- thresholds and the state changes marked (examples/timeline.lua): an SVG in
-- out/timelines/ (or the folder given), and a PNG beside it where
-- rsvg-convert or ImageMagick's convert is installed. It names the folder at
-- the end.
--   . scripts/env.sh; lua5.4 examples/rooms.lua [FOLDER]      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local report = require("examples.rooms.report")
local timeline = require("examples.timeline")

local folder = (arg and arg[1]) or ((root or ".") .. "/out/timelines")

print("The rooms report. \"The seed\" is wary's specification (five design documents with demo rooms and")
print("their expected results): each case below prints the confidence and state wary reached, beside the")
print("seed's figure for it (\"-\": the seed names only the state), and ok when wary lands where it says.")

local charts = {}
local function wing(title, fn)
  print("")
  print("=== " .. title)
  return fn()
end

for _, r in ipairs(wing("the Sight wing (examples/sight_rooms.lua)", report.sight)) do
  charts[#charts + 1] = timeline.room_chart(r.room, r.list)
end
for _, r in ipairs(wing("the Sound wing (examples/sound_rooms.lua)", report.sound)) do
  charts[#charts + 1] = timeline.room_chart(r.room, r.list)
end
charts[#charts + 1] = timeline.geck_chart(wing("the GECK scenario (examples/geck.lua)", report.geck))
for _, r in ipairs(wing("the Pain wing (examples/brain_rooms.lua)", report.brain)) do
  charts[#charts + 1] = timeline.brain_chart(r.room, r.series)
end

print("")
print("=== timelines")
timeline.mkdir(folder)
local converter = timeline.converter()
local pngs, why = 0, nil
for _, chart in ipairs(charts) do
  local base = folder .. "/" .. chart.id:lower()
  timeline.write_file(base .. ".svg", timeline.svg(chart))
  if converter then
    local ok, err = timeline.png(converter, base .. ".svg", base .. ".png")
    if ok then pngs = pngs + 1 else why = why or err end
  end
end
local ids = {}
for _, chart in ipairs(charts) do ids[#ids + 1] = chart.id:lower() end
print(string.format("%d timeline pictures (SVG): %s", #charts, table.concat(ids, ", ")))
if not converter then
  print("PNGs skipped: neither rsvg-convert (Debian: librsvg2-bin) nor ImageMagick's convert is installed")
elseif pngs < #charts then
  print(string.format("PNGs skipped: %s (%d of %d written; Debian: apt-get install librsvg2-bin)", why, pngs,
    #charts))
else
  print(string.format("%d PNGs beside them (%s)", pngs, converter))
end
print("Timelines written to " .. folder .. "/")
