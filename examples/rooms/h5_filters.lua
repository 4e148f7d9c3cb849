-- examples/rooms/h5_filters.lua: room H5, Filters (seed 003). The guard has a
-- sound filter, "Sentry", defined in the room: like the shipped Civilian, it
-- takes enemy and environment sounds from Normal up and ignores its own team.
-- Its profile does not drop its own team itself (ignore_same_team = false), so
-- the filter is what screens the teammate's radio out. Three sounds, each made
-- once 3.69 m from the guard: a teammate's radio (RadioChatter: friendly, the
-- filter does not take the category), the intruder's whisper (enemy, loudness
-- 0.3, below the filter's alert level) and the intruder's knock (enemy,
-- Normal, loudness 1, carries 10 m: 1 - (3.75 / 10)^2 = 86%). The guard
-- listens with its ears only. Each figure is the guard's highest belief about
-- the sound's maker (its peak): a single sound, then the belief fades.
local rooms = require("examples.rooms.common")

local SENTRY = { name = "Sentry", accepted_categories = { "enemy", "environment" }, min_alert_level = "normal",
                 loudness_multiplier = 1.0, filter_friendly_team = true,
                 description = "a Civilian-like filter: enemy and environment sounds, Normal and up, not its team" }
local SOUNDS = {
  { name = "Whisper", category = "enemy", alert_level = "whisper", base_loudness = 0.3, max_range_m = 10 },
  { name = "Knock", category = "enemy", alert_level = "normal", base_loudness = 1.0, max_range_m = 10 },
}
local DISTANCE = 369

-- A case: who makes which sound, once, at the start; with the Sentry filter
-- unless filtered is false (the control: the same guard with no filter).
local function sound(who, name, filtered)
  return function()
    local world, profile = rooms.sound_world{ sounds = SOUNDS, filter = filtered ~= false and SENTRY or nil,
                                              profile = { ignore_same_team = false } }
    local guard = rooms.guard(world, profile)
    local maker
    if who == "teammate" then
      maker = world:add_target{ name = "teammate", team = "guards", pos = { DISTANCE, 0, 0 }, yaw = 180 }
    else
      maker = rooms.intruder(world, { pos = { DISTANCE, 0, 0 } })
    end
    return rooms.listen{ world = world, guard = guard, subject = maker, script = function(_, step)
      if step == 1 then world:emit_sound(maker, name) end
    end }
  end
end

local CASES = {
  { key = "radio", name = "a teammate's radio (3.69 m)", seed_confidence = 0, seed_state = "undetected",
    result = "peak", who = "teammate", sound = "RadioChatter" },
  { key = "whisper", name = "a whisper (3.69 m)", seed_confidence = 0, seed_state = "undetected", result = "peak",
    who = "intruder", sound = "Whisper" },
  { key = "knock", name = "a knock (3.69 m)", seed_confidence = 0.86, seed_state = "tracked", result = "peak",
    who = "intruder", sound = "Knock" },
}
for _, case in ipairs(CASES) do case.run = sound(case.who, case.sound) end

-- The same case with no filter: what the filter took away.
local function unfiltered(key)
  for _, case in ipairs(CASES) do
    if case.key == key then return sound(case.who, case.sound, false)() end
  end
  error("no case keyed " .. tostring(key))
end

return {
  id = "H5",
  title = "Filters",
  seed = "A teammate's radio: filtered out (0%). A whisper, below its alert level: filtered out (0%). A knock, an "
    .. "enemy sound: heard clearly (86%).",
  cases = CASES,
  order = {
    { "knock", ">", "radio" },
    { "knock", ">", "whisper" },
    { "radio", "==", "whisper" },
  },
  unfiltered = unfiltered,
  notes = function(by_key)
    local parts = {}
    for _, case in ipairs(CASES) do
      local r = unfiltered(case.key)
      parts[#parts + 1] = string.format("%s %.0f%% %s", case.key, r.peak_confidence * 100, r.peak_state)
    end
    return {
      string.format("each case: one sound, then 3 s; the figure is the peak. Sounds the filtered guard heard: "
        .. "%d, %d, %d.", #by_key.radio.record.sounds, #by_key.whisper.record.sounds, #by_key.knock.record.sounds),
      "The same guard with no filter: " .. table.concat(parts, ", ") .. ".",
    }
  end,
}
