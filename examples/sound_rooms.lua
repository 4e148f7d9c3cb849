-- examples/sound_rooms.lua: the seed's Sound wing, headless. Runs the five
-- sound rooms H1 to H5 (examples/rooms/h*.lua) and prints a result card per
-- room: each case's confidence and state beside the seed's figure and state,
-- the seed's ordering between the cases, the room's notes (H2: the story of
-- the thrown can), and how many cases landed in the seed's state. Both
-- backends print the same cards.
--   . scripts/env.sh; lua5.4 examples/sound_rooms.lua      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local wary = require("wary")
local rooms = require("examples.rooms.common")

local ROOMS = { "h1_floors", "h2_thrown_can", "h3_walls", "h4_build_up", "h5_filters" }

local function seed_figure(case)
  return case.seed_confidence and string.format("%3.0f%%", case.seed_confidence * 100) or "   -"
end

-- When the case first reached the state it ended in (or peaked at).
local function reached(r)
  local at = r.record.reached[r.state]
  if r.state == "undetected" or not at then return "" end
  return string.format("  (%s at %.2f s)", r.state, at)
end

print(string.format("%s, %s backend: the Sound wing, %d Hz, %.0f s per case unless told", wary._VERSION,
  wary.backend, rooms.HZ, rooms.DURATION))
local landed, total, held, relations = 0, 0, 0, 0
for _, file in ipairs(ROOMS) do
  local room = require("examples.rooms." .. file)
  local by_key, list = rooms.run_room(room)
  print("")
  print(string.format("%s  %s%s", room.id, room.title,
    room.duration and string.format("  (%.0f s per case)", room.duration) or ""))
  print("  seed: " .. room.seed)
  print(string.format("  %-44s %-17s %s", "case", "wary", "seed"))
  for _, r in ipairs(list) do
    local ok = rooms.sound_landed(r.case, r)
    total = total + 1
    landed = landed + (ok and 1 or 0)
    print(string.format("  %-44s %3.0f%%  %-11s %s  %-11s %s%s%s", r.case.name, r.confidence * 100, r.state,
      seed_figure(r.case), rooms.seed_state_text(r.case), ok and "ok" or "MISS", r.case.result == "peak" and " (peak)"
      or "", reached(r)))
  end
  local parts = {}
  for _, rel in ipairs(room.order or {}) do
    local ok, text = rooms.holds(by_key, rel)
    relations = relations + 1
    held = held + (ok and 1 or 0)
    parts[#parts + 1] = text .. (ok and " ok" or " MISS")
  end
  if #parts > 0 then print("  order: " .. table.concat(parts, ", ")) end
  local notes = type(room.notes) == "function" and room.notes(by_key) or room.notes or {}
  for _, line in ipairs(notes) do print("  " .. line) end
end
print("")
print(string.format("%d of %d cases landed in the seed's state; %d of %d orderings hold.", landed, total, held,
  relations))
