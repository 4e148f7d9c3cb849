-- examples/timeline.lua: timeline pictures of the rooms, in plain Lua (no
-- dependency): an SVG per room with one panel per case (or per guard, per
-- agent and target), its value over time as a line, the thresholds as dashed
-- lines, and a marker with the new state at each state change. Used by
-- examples/rooms.lua; PNGs where rsvg-convert or ImageMagick's convert is
-- installed.
--   local timeline = require("examples.timeline")
--   local chart = timeline.room_chart(room, list)      -- a sight or sound room run by rooms.run_room
--   timeline.write_file(path, timeline.svg(chart))
--
-- A chart: { id =, title =, subtitle =, duration = seconds,
--   y = { min =, max =, step =, format = fn(value) -> tick text },
--   thresholds = { { value =, label = }, ... },        -- dashed lines
--   bands = { { from =, to =, colour = }, ... },       -- shaded behind the lines
--   panels = { { name =, legend =, points = { { t, v }, ... }, marks = { { t, v, label }, ... } }, ... } }

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local timeline = {}

timeline.COLOURS = { "#1f5fa8", "#c0392b", "#1e8449", "#7d3c98", "#d35400", "#117a65", "#a04000", "#2c3e50" }

-- The belief thresholds (the default profile's): Suspected, Detected, Tracked.
timeline.CONFIDENCE = {
  y = { min = 0, max = 1, step = 0.25,
        format = function(v) return string.format("%d%%", math.floor(v * 100 + 0.5)) end },
  thresholds = { { value = 0.15, label = "Suspect 15%" }, { value = 0.35, label = "Detect 35%" },
                 { value = 0.60, label = "Track 60%" } },
  bands = { { from = 0.15, to = 0.35, colour = "#fff8dc" }, { from = 0.35, to = 0.60, colour = "#ffedd5" },
            { from = 0.60, to = 1, colour = "#fde2e2" } },
}

local W = 980             -- picture width
local LEFT, RIGHT = 64, 120
local PLOT_W = W - LEFT - RIGHT
local PANEL_HEAD = 24     -- the case's legend line above its plot
local PLOT_H = 130
local PANEL_FOOT = 34     -- the time axis under the plot
local SUBTITLE_CHARS = 130 -- a subtitle line, in characters, before it wraps

local function esc(s)
  return (tostring(s):gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

local function num(v) return string.format("%.1f", v) end

-- text cut into lines of at most width characters, at spaces.
local function wrap(text, width)
  local lines, line = {}, ""
  for word in tostring(text):gmatch("%S+") do
    if line ~= "" and #line + 1 + #word > width then
      lines[#lines + 1] = line
      line = word
    else
      line = line == "" and word or (line .. " " .. word)
    end
  end
  if line ~= "" then lines[#lines + 1] = line end
  return lines
end

-- A tick step for the time axis: at most about 12 ticks.
local function time_step(duration)
  for _, s in ipairs({ 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60 }) do
    if duration / s <= 12 then return s end
  end
  return 120
end

-- The SVG text of a chart.
function timeline.svg(chart)
  local out = {}
  local function add(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  local panels = chart.panels
  local panel_h = PANEL_HEAD + PLOT_H + PANEL_FOOT
  local subtitle = chart.subtitle and wrap(chart.subtitle, SUBTITLE_CHARS) or {}
  local TOP = 44 + 18 * #subtitle + 8
  local footnote = {}
  for _, text in ipairs(type(chart.footnote) == "table" and chart.footnote or { chart.footnote }) do
    for _, line in ipairs(wrap(text, SUBTITLE_CHARS + 20)) do footnote[#footnote + 1] = line end
  end
  local height = TOP + #panels * panel_h + 8 + 15 * #footnote
  local y = chart.y
  local duration = math.floor(chart.duration * 1000 + 0.5) / 1000 -- 180 steps of 1/60 s: 3 s
  add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
    .. 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">', W, height, W, height)
  add('<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>', W, height)
  add('<text x="%d" y="26" font-size="19" font-weight="bold" fill="#111">%s</text>', LEFT, esc(chart.title))
  for i, line in ipairs(subtitle) do
    add('<text x="%d" y="%d" font-size="13" fill="#444">%s</text>', LEFT, 30 + 18 * i, esc(line))
  end
  for i, panel in ipairs(panels) do
    local colour = timeline.COLOURS[(i - 1) % #timeline.COLOURS + 1]
    local top = TOP + (i - 1) * panel_h + PANEL_HEAD
    local function px(t) return LEFT + PLOT_W * t / duration end
    local function py(v)
      local f = (v - y.min) / (y.max - y.min)
      if f < 0 then f = 0 elseif f > 1 then f = 1 end
      return top + PLOT_H * (1 - f)
    end
    add('<g class="case">')
    -- the legend line: a swatch, the case, its figures
    add('<rect x="%d" y="%d" width="14" height="4" fill="%s"/>', LEFT, top - 12, colour)
    add('<text x="%d" y="%d" font-size="14" fill="#111"><tspan font-weight="bold">%s</tspan>'
      .. '<tspan dx="16" fill="#333">%s</tspan></text>', LEFT + 20, top - 7, esc(panel.name), esc(panel.legend or ""))
    -- shaded bands, the frame, the value grid
    for _, b in ipairs(chart.bands or {}) do
      add('<rect x="%d" y="%s" width="%d" height="%s" fill="%s"/>', LEFT, num(py(b.to)), PLOT_W,
        num(py(b.from) - py(b.to)), b.colour)
    end
    for k = 0, math.floor((y.max - y.min) / y.step + 1e-9) do
      local v = y.min + k * y.step
      add('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#e5e5e5" stroke-width="1"/>', LEFT, num(py(v)),
        LEFT + PLOT_W, num(py(v)))
      add('<text x="%d" y="%s" font-size="11" fill="#555" text-anchor="end">%s</text>', LEFT - 6, num(py(v) + 4),
        esc(y.format(v)))
    end
    add('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999" stroke-width="1"/>', LEFT, top,
      PLOT_W, PLOT_H)
    local step = time_step(duration)
    for k = 0, math.floor(duration / step + 1e-9) do
      local t = k * step
      add('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#999" stroke-width="1"/>', num(px(t)), top + PLOT_H,
        num(px(t)), top + PLOT_H + 4)
      add('<text x="%s" y="%d" font-size="11" fill="#555" text-anchor="middle">%s</text>', num(px(t)),
        top + PLOT_H + 16, string.format("%g", t))
    end
    add('<text x="%d" y="%d" font-size="11" fill="#555" text-anchor="end">time (s)</text>', LEFT + PLOT_W,
      top + PLOT_H + 29)
    -- the thresholds
    for _, th in ipairs(chart.thresholds) do
      add('<line class="threshold" x1="%d" y1="%s" x2="%d" y2="%s" stroke="#666" stroke-width="1.2" '
        .. 'stroke-dasharray="7 5"/>', LEFT, num(py(th.value)), LEFT + PLOT_W, num(py(th.value)))
      add('<text x="%d" y="%s" font-size="12" fill="#444">%s</text>', LEFT + PLOT_W + 6, num(py(th.value) + 4),
        esc(th.label))
    end
    -- the value over time
    -- (a point between two at the same height is left out: flat runs are one segment)
    local pts, src = {}, panel.points
    for k, p in ipairs(src) do
      local yk = num(py(p[2]))
      local flat = k > 1 and k < #src and num(py(src[k - 1][2])) == yk and num(py(src[k + 1][2])) == yk
      if not flat then pts[#pts + 1] = num(px(p[1])) .. "," .. yk end
    end
    add('<polyline fill="none" stroke="%s" stroke-width="2.2" stroke-linejoin="round" points="%s"/>', colour,
      table.concat(pts, " "))
    -- the state changes: a marker on the line, the new state beside it,
    -- staggered so that changes close together stay readable
    local ends = { [true] = {}, [false] = {} } -- per side and row, where the last label ends
    for _, m in ipairs(panel.marks or {}) do
      local mx, my = px(m[1]), py(m[2])
      local low = my > top + PLOT_H * 0.5
      local width = 7 * #tostring(m[3]) + 8
      local row = 0
      while row < 3 and (ends[low][row] or -1e9) > mx - 2 do row = row + 1 end
      ends[low][row] = mx + width
      local dy = 14 + row * 14
      local ly = low and my - dy or my + dy + 4
      local anchor = mx > LEFT + PLOT_W - 90 and "end" or "start"
      local lx = anchor == "end" and mx - 4 or mx + 4
      add('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.8" stroke-opacity="0.6"/>', num(mx),
        num(my), num(mx), num(ly + (low and 3 or -10)), colour)
      add('<circle class="mark" cx="%s" cy="%s" r="4.5" fill="#fff" stroke="%s" stroke-width="2"/>', num(mx),
        num(my), colour)
      add('<text x="%s" y="%s" font-size="12" fill="%s" stroke="#fff" stroke-width="3" paint-order="stroke" '
        .. 'stroke-linejoin="round" text-anchor="%s">%s</text>', num(lx), num(ly), colour, anchor, esc(m[3]))
    end
    add('</g>')
  end
  for i, line in ipairs(footnote) do
    add('<text x="%d" y="%d" font-size="11" fill="#666">%s</text>', LEFT, height - 8 - 15 * (#footnote - i),
      esc(line))
  end
  add('</svg>')
  return table.concat(out, "\n") .. "\n"
end

local CONFIDENCE_NOTE = "Confidence of the guard's belief in the subject every step (60 Hz); dashed: the "
  .. "thresholds of Suspected, Detected, Tracked; circles: state changes (the belief's events)."

-- A chart of confidence over time with the belief thresholds, the rest from t.
local function confidence_chart(t)
  for k, v in each(timeline.CONFIDENCE) do t[k] = v end
  t.footnote = t.footnote or CONFIDENCE_NOTE
  return t
end

local function percent(v) return string.format("%.0f%%", v * 100) end

-- A record's markers: one per event, at the value the line has then.
local function confidence_marks(record)
  local marks = {}
  for _, ev in ipairs(record.events) do
    marks[#marks + 1] = { ev.time, ev.confidence or 0, ev.type == "telegraph" and "telegraph" or ev.to or ev.type }
  end
  return marks
end

local function points(tl, key)
  local pts = { { 0, 0 } }
  for _, e in ipairs(tl) do pts[#pts + 1] = { e.time, e[key] } end
  return pts
end

-- The chart of a sight or sound room: `list` as rooms.run_room returns it.
function timeline.room_chart(room, list)
  local panels, duration = {}, 0
  for _, r in ipairs(list) do
    local case, record = r.case, r.record
    local last = record.timeline[#record.timeline]
    if last.time > duration then duration = last.time end
    local seed = case.seed_confidence and (percent(case.seed_confidence) .. " ") or ""
    local judged = case.result == "peak" and "peak " or ""
    panels[#panels + 1] = {
      name = case.name,
      legend = string.format("wary %s%s %s  |  seed %s%s%s", judged, percent(r.confidence), r.state, seed,
        case.seed_state, case.at_least and "+" or "") .. (r.landed == false and "  MISS" or ""),
      points = points(record.timeline, "confidence"),
      marks = confidence_marks(record),
    }
  end
  local notes = {}
  if type(room.notes) == "function" then
    local by_key = {}
    for _, r in ipairs(list) do by_key[r.case.key] = r end
    notes = room.notes(by_key)
  elseif room.notes then
    notes = room.notes
  end
  local footnote = {}
  for _, line in ipairs(notes) do footnote[#footnote + 1] = line end
  footnote[#footnote + 1] = CONFIDENCE_NOTE
  return confidence_chart{ id = room.id, title = room.id .. "  " .. room.title, subtitle = "seed: " .. room.seed,
    duration = duration, panels = panels, footnote = footnote }
end

-- The chart of a Pain wing room: one panel per (agent, target) series that
-- brain_common recorded.
function timeline.brain_chart(room, series)
  local panels, duration = {}, 0
  for _, s in ipairs(series) do
    if s.duration > duration then duration = s.duration end
    local last, peak, peak_state = s.timeline[#s.timeline], 0, "undetected"
    local rank = { suspected = 1, detected = 2, tracked = 3 }
    for _, e in ipairs(s.timeline) do
      if e.confidence > peak then peak = e.confidence end
      if (rank[e.state] or 0) > (rank[peak_state] or 0) then peak_state = e.state end
    end
    panels[#panels + 1] = {
      name = s.name,
      legend = string.format("end %s %s  |  highest %s, %s", percent(last.confidence), last.state, percent(peak),
        peak_state),
      points = points(s.timeline, "confidence"),
      marks = confidence_marks(s),
    }
  end
  return confidence_chart{ id = room.id, title = room.id .. "  " .. room.title, subtitle = "seed: " .. room.seed,
    duration = duration, panels = panels,
    footnote = "Confidence of each agent's belief in each actor every step (60 Hz); dashed: the thresholds of "
      .. "Suspected, Detected, Tracked; circles: state changes." }
end

-- The chart of the GECK scenario: each guard's detection value of the
-- intruder, the alert threshold (-20) and "detection > 0", and its
-- transitions (examples/rooms/geck_yard.lua's record).
function timeline.geck_chart(record)
  local lo, hi = -20, 0
  local panels = {}
  for _, g in ipairs(record.guards) do
    local pts, final = {}, nil
    for _, e in ipairs(g.timeline) do
      if e.detection then
        pts[#pts + 1] = { e.time, e.detection }
        if e.detection < lo then lo = e.detection end
        if e.detection > hi then hi = e.detection end
        final = e
      end
    end
    local marks = {}
    for _, ev in ipairs(g.events) do
      local v = ev.detection
      for _, e in ipairs(g.timeline) do
        if e.time >= ev.time - 1e-9 then
          v = e.detection or v
          break
        end
      end
      marks[#marks + 1] = { ev.time, v or 0, ev.to }
    end
    local last = g.timeline[#g.timeline]
    panels[#panels + 1] = { name = g.name, points = pts, marks = marks,
      legend = string.format("end: %s, detection %s  |  %d transitions", last.state,
        final and string.format("%.1f", final.detection) or "-", #g.events) }
  end
  lo = math.floor(lo / 20) * 20
  hi = math.ceil(hi / 20) * 20
  if hi - lo < 40 then hi = lo + 40 end
  return { id = "GECK", title = "GECK  three guards of the GECK model and an intruder in their yard",
    subtitle = "seed 001: it sneaks in (dark), a crate falls (20 s), the lit yard, shots (30-34 s), it runs for the "
      .. "fence, gone (42 s)",
    duration = record.duration, panels = panels,
    y = { min = lo, max = hi, step = 20, format = function(v) return string.format("%d", math.floor(v + 0.5)) end },
    thresholds = { { value = -20, label = "Noticed -20" }, { value = 0, label = "Detected 0" } },
    bands = { { from = -20, to = 0, colour = "#fff8dc" }, { from = 0, to = hi, colour = "#fde2e2" } },
    footnote = "Each guard's detection value of the intruder (20 Hz, from its first evaluation); dashed: the alert "
      .. "threshold and detection > 0; circles: transitions (normal, alert, combat, lost)." }
end

-- Writes text to path; errors with the reason when it cannot.
function timeline.write_file(path, text)
  local f, err = io.open(path, "wb")
  if not f then error("timeline: cannot write " .. path .. ": " .. tostring(err), 0) end
  f:write(text)
  f:close()
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function run(command)
  local a, _, c = os.execute(command)
  if type(a) == "number" then return a == 0 end -- LuaJIT without 5.2 compatibility, Lua 5.1
  return a == true and (c == nil or c == 0)
end

-- Creates dir (and its parents) if missing.
function timeline.mkdir(dir)
  if not run("mkdir -p " .. quote(dir)) then error("timeline: cannot create " .. dir, 0) end
end

-- The SVG converters tried, in order: "rsvg-convert" or "convert", or nil.
function timeline.converter()
  for _, name in ipairs({ "rsvg-convert", "convert" }) do
    if run("command -v " .. name .. " >/dev/null 2>&1") then return name end
  end
  return nil
end

local function is_png(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local head = f:read(8)
  f:close()
  return head == "\137PNG\r\n\26\n"
end

-- Converts svg to png with converter; true, or false and why not.
function timeline.png(converter, svg, png)
  local command
  if converter == "rsvg-convert" then
    command = string.format("rsvg-convert -b white -o %s %s", quote(png), quote(svg))
  else
    command = string.format("convert -background white %s %s", quote(svg), quote(png))
  end
  local ok = run(command .. " >/dev/null 2>&1")
  if ok and is_png(png) then return true end
  os.remove(png)
  return false, ok and (converter .. " wrote no PNG") or (converter .. " failed")
end

return timeline
