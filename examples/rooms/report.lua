-- examples/rooms/report.lua: the result cards of the seed's rooms, shared by
-- examples/rooms.lua (every room, and their timeline pictures) and the
-- runners of one wing (examples/sight_rooms.lua, sound_rooms.lua,
-- brain_rooms.lua, geck.lua). Each function prints its wing's cards and
-- returns what it ran, for the pictures:
--   report.sight(), report.sound() -> { { room =, list = { { case =, record =, confidence =, state = }, ... } }, ... }
--   report.brain()                 -> { { room =, result =, series = { see brain_common.recording }, ... } }
--   report.geck()                  -> the record of examples/rooms/geck_yard.lua
local wary = require("wary")
local rooms = require("examples.rooms.common")
local brain = require("examples.rooms.brain_common")
local explain = require("wary.explain")

local report = {}

report.SIGHT = { "s1_distance", "s2_light", "s3_cover", "s4_stance", "s5_cones", "s6_eyes", "s7_surfaces",
                 "s8_fog", "s9_spotting" }
report.SOUND = { "h1_floors", "h2_thrown_can", "h3_walls", "h4_build_up", "h5_filters" }
report.BRAIN = { "d1_hit", "d2_flash", "d3_brute_coward", "d4_attention" }

-- The seed's figure for a case, as the card shows it ("   -": the seed gives none).
function report.seed_figure(case)
  return case.seed_confidence and string.format("%3.0f%%", case.seed_confidence * 100) or "   -"
end

-- When the case first reached the state it ended in (or peaked at).
local function reached(r)
  local at = r.record.reached[r.state]
  if r.state == "undetected" or not at then return "" end
  return string.format("  (%s at %.2f s)", r.state, at)
end

-- The cards of one wing of rooms with cases (sight or sound): t.files, t.header,
-- t.mark_peak (print "(peak)" beside a case judged by its peak), t.footer (lines
-- before the tally).
local function wing(t)
  print(t.header)
  local ran = {}
  local landed, total, held, relations = 0, 0, 0, 0
  for _, file in ipairs(t.files) do
    local room = require("examples.rooms." .. file)
    local by_key, list = rooms.run_room(room)
    ran[#ran + 1] = { room = room, list = list, by_key = by_key }
    print("")
    print(string.format("%s  %s%s", room.id, room.title,
      room.duration and string.format("  (%.0f s per case)", room.duration) or ""))
    print("  seed: " .. room.seed)
    print(string.format("  %-44s %-17s %s", "case", "wary", "seed"))
    for _, r in ipairs(list) do
      local ok = rooms.sound_landed(r.case, r)
      r.landed = ok
      total = total + 1
      landed = landed + (ok and 1 or 0)
      print(string.format("  %-44s %3.0f%%  %-11s %s  %-11s %s%s%s", r.case.name, r.confidence * 100, r.state,
        report.seed_figure(r.case), rooms.seed_state_text(r.case), ok and "ok" or "MISS",
        t.mark_peak and r.case.result == "peak" and " (peak)" or "", reached(r)))
      -- What decided it at the end (agent:explain): the evidence that bound
      -- it, or the best sense and its lowest factor.
      local e = r.record.explain
      if e then print("      decided by " .. explain.decided_text(e.decided)) end
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
  for _, line in ipairs(t.footer or {}) do print(line) end
  print(string.format("%d of %d cases landed in the seed's state; %d of %d orderings hold.", landed, total, held,
    relations))
  return ran
end

-- The Sight wing, S1 to S9.
function report.sight()
  return wing{ files = report.SIGHT,
    header = string.format("%s, %s backend: the Sight wing, %d Hz, %.0f s per case", wary._VERSION, wary.backend,
      rooms.HZ, rooms.DURATION),
    footer = { "  (suspected+: the seed asks for at least Suspected; S9 shows the highest state each case reached)" } }
end

-- The Sound wing, H1 to H5 (H2: the story of the thrown can, in its notes).
function report.sound()
  return wing{ files = report.SOUND, mark_peak = true,
    header = string.format("%s, %s backend: the Sound wing, %d Hz, %.0f s per case unless told", wary._VERSION,
      wary.backend, rooms.HZ, rooms.DURATION) }
end

-- The Pain wing, D1 to D4: what happened, in the seed's story, and each of the
-- seed's claims with ok or MISS. Each room's belief series are recorded
-- (brain_common.recording) for the pictures.
function report.brain()
  print(string.format("%s, %s backend: the Pain wing (damage, pain, emotions, attention), %d Hz", wary._VERSION,
    wary.backend, brain.HZ))
  local ran = {}
  local ok_count, total = 0, 0
  for _, file in ipairs(report.BRAIN) do
    local room = require("examples.rooms." .. file)
    brain.recording = {}
    local ok, r = pcall(room.run)
    local series = brain.recording
    brain.recording = nil
    if not ok then error(r, 0) end
    ran[#ran + 1] = { room = room, result = r, series = series }
    print("")
    print(string.format("%s  %s", room.id, room.title))
    print("  seed: " .. room.seed)
    for _, line in ipairs(r.lines) do print("  " .. line) end
    for _, c in ipairs(r.checks) do
      total = total + 1
      ok_count = ok_count + (c[2] and 1 or 0)
      print(string.format("  %-4s %s", c[2] and "ok" or "MISS", c[1]))
    end
  end
  print("")
  print(string.format("%d of %d of the seed's claims hold.", ok_count, total))
  return ran
end

-- The GECK scenario (seed 001): the yard's story as it happens.
function report.geck()
  return require("examples.rooms.geck_yard").run(print)
end

return report
