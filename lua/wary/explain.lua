-- wary.explain: agent:explain's table from the core's list of factors
-- (wary_explain), the factor that decided it, and the short text of
-- agent:explain_text. docs/beliefs.md, "Why it believes it", says what each
-- field means.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local enums = require("wary.enums")

local explain = {}

local KIND = enums.factor_kind

-- A sense's entry, made when its first factor arrives.
local function sense_entry(e, id, slot)
  local s = e.senses[id]
  if not s then
    s = { id = id, slot = slot, factors = {} }
    e.senses[id] = s
    e.order[#e.order + 1] = id
  end
  return s
end

-- One factor into its sense's entry (sounds, hearing's and damage's own
-- fields, then how fusion took the share).
local function sense_factor(world, s, name, f)
  if name == "sound" then
    s.sounds = s.sounds or {}
    s.sounds[f.item + 1] = { sound = world._sound_names[f.ref + 1], heard = f.value }
  elseif f.item >= 0 and s.sounds then
    local sound = s.sounds[f.item + 1]
    if name == "walls" then
      sound.walls, sound.wall_factor = f.detail, f.value
    else
      sound[name] = f.value
    end
  elseif name == "single" or name == "build_up" or name == "damage" or name == "accuracy" then
    s[name] = f.value
  elseif name == "heard" then
    s.heard, s.won = f.value, f.detail == 1 and "build_up" or "single"
  elseif name == "decay" then
    s.decay, s.fading = f.value, f.detail == 1
  elseif name == "returned" then
    s.returned, s.active = f.value, f.detail == 1
  elseif name == "share" then
    s.share, s.status = f.value, enums.share_status[f.detail]
  elseif name == "pain" or name == "weight" or name == "bonus" then
    s[name] = f.value
  elseif name == "weighed" then
    s.weighed, s.best = f.value, f.detail == 1
  else
    if name == "cone" then s.cone = enums.cone[f.detail] end
    s.factors[name] = f.value
  end
end

-- The belief's own factors: fusion, evidence, the result.
local function belief_factor(world, e, name, f)
  if name == "evidence" then
    e.evidence[f.item + 1] = { tag = world._B.name_string(world._w, f.ref), op = enums.evidence_op[f.detail],
                               value = f.value }
  elseif name == "floor" or name == "ceiling" then
    e[name] = { value = f.value, entry = f.item + 1 }
  elseif name == "result" then
    e.confidence, e.rule = f.value, enums.explain_rule[f.detail]
    e.bound_by = f.item >= 0 and f.item + 1 or nil
  else
    e[name] = f.value
  end
end

-- The factor below 1 that weighs most on a sense: its lowest.
local function lowest(s)
  local name, value
  for k, v in each(s.factors) do
    if not value or v < value or (v == value and k < name) then name, value = k, v end
  end
  if s.sounds and s.sounds[1] then
    local sound = s.sounds[1]
    for _, k in ipairs{ "loudness", "filter", "distance", "wall_factor", "weather" } do
      if sound[k] and (not value or sound[k] < value) then name, value = k, sound[k] end
    end
  end
  if s.won == "build_up" then name, value = "build_up", s.build_up end
  if s.returned then name, value = "returned", s.returned end
  if s.damage then name, value = "damage", s.damage end
  return name, value
end

-- What decided the belief: the evidence that bound it, or the best sense
-- and its lowest factor (for a target not believed in, vision's).
local function decide(e)
  if e.bound_by then
    local ev = e.evidence[e.bound_by]
    return { evidence = ev.tag, rule = e.rule, value = ev.value }
  end
  if e.rule == "fading" then return { rule = "fading", value = e.confidence } end
  local best = e.fusion.best or (e.believed == false and e.senses.Vision and "Vision")
  if not best then return { rule = e.rule or "none" } end
  local name, value = lowest(e.senses[best])
  return { sense = best, factor = name, value = value, rule = e.rule }
end

--- agent:explain's table. list: wary_explain's factors; profile: the agent's;
-- believed: whether it holds a belief about the target.
function explain.table(world, profile, list, believed)
  local e = { believed = believed, senses = {}, order = {}, evidence = {}, fusion = { bonuses = {} } }
  for _, f in ipairs(list) do
    local name = KIND[f.kind]
    if f.sense < 0 then
      belief_factor(world, e, name, f)
    else
      local id = profile.senses[f.slot + 1]
      local s = sense_entry(e, id, f.slot + 1)
      sense_factor(world, s, name, f)
      if name == "weighed" and f.detail == 1 then e.fusion.best = id end
      if name == "bonus" then e.fusion.bonuses[id] = f.value end
    end
  end
  e.fusion.fused = e.fused
  e.decided = decide(e)
  return e
end

-- v with places decimals, the same text on both backends: Lua 5.4 formats
-- through the C library, which rounds a tie (0.0625 to 3 places) to even,
-- and LuaJIT through its own, which rounds it up. Rounded first (halves
-- up, by the same float operations on both), v has no tie left to break.
local SCALE = { [1] = 10, [2] = 100, [3] = 1000 } -- not 10 ^ places: ^ may differ between the backends
local function fixed(v, places)
  if v ~= v or v == math.huge or v == -math.huge then return string.format("%." .. places .. "f", v) end
  local scale = SCALE[places]
  return string.format("%." .. places .. "f", math.floor(v * scale + 0.5) / scale)
end

-- v to four significant digits (%.4g), rounded first as fixed does.
local function g4(v)
  local a, scale = math.abs(v), 1
  if a ~= 0 and a == a and a ~= math.huge then
    while a * scale < 1000 do scale = scale * 10 end
    while a * scale >= 10000 do scale = scale / 10 end
    v = math.floor(v * scale + 0.5) / scale
  end
  return string.format("%.4g", v)
end

local function f3(v) return fixed(v, 3) end

-- "distance 0.982 x angle 1.000 ..." in a fixed order.
local ORDER = { "scent", "sensitivity", "distance", "angle", "exposure", "light", "motion", "weather", "visibility",
                "cone", "clear" }

-- The factors that make vision's rays not worth casting: when one is 0 its
-- exposure reads 0 without a ray cast (dark, weather 0), not for cover.
local UNCAST = { "distance", "angle", "light", "weather", "visibility" }

-- The first of the factors that stop vision before its rays which reads
-- 0 (its look cast none), or nil.
local function uncast_zero(factors)
  for _, k in ipairs(UNCAST) do
    if factors[k] == 0 then return k end
  end
end

-- Only the factors under 1 (or over: a motion bonus) are written.
local function product(factors)
  local parts, ones, uncast = {}, 0, uncast_zero(factors) ~= nil
  for _, k in ipairs(ORDER) do
    local v = factors[k]
    if v == 1 then
      ones = ones + 1
    elseif k == "exposure" and v == 0 and uncast then
      parts[#parts + 1] = "exposure (no ray cast)"
    elseif v then
      parts[#parts + 1] = k .. " " .. f3(v)
    end
  end
  if #parts == 0 and ones > 0 then return "every factor 1" end
  return table.concat(parts, " x ") .. (ones > 0 and #parts > 0 and " (the rest 1)" or "")
end

local SOUND = { "loudness", "filter", "distance", "wall_factor", "weather" }

-- The senses whose factors the core works out at the explain, not at their last update.
local WORKED_NOW = { Smell = true, Touch = true, Echolocation = true }

-- Where vision's look now stopped: "180.0 deg off its eyes, 96 units away".
local function where_look(v)
  return string.format("%s deg off its eyes, %s units away", fixed(v.angle or 0, 1), g4(v.distance or 0))
end

-- A sense's lines: how fusion took its share (a silent one's status with
-- why it saw nothing), then what made it. vision: explain's look of vision
-- now, whose factors stand in for a silent vision's, which has none.
local function sense_lines(s, lines, believed, vision)
  local status = s.status or (believed and "?" or "no belief yet")
  if s.reason and s.reason ~= "none" and s.status ~= "reporting" then status = status .. ", " .. s.reason end
  lines[#lines + 1] = string.format("  %s %s (%s) x pain %s x weight %s = %s%s", s.id, f3(s.share or 0),
    status, f3(s.pain or 1), f3(s.weight or 1), f3(s.weighed or 0),
    s.best and ", best" or (s.bonus and ", +" .. f3(s.bonus) .. " corroborating" or ""))
  -- Vision's factors are a look now too (its share is its last look's).
  local factors, now = s.factors, not believed or WORKED_NOW[s.id] == true or s.id == "Vision"
  if s.id == "Vision" and next(factors) == nil and vision and vision.factors then
    factors, now = vision.factors, true
  end
  -- Vision out of range or cone stops before its factors (they read 0, its
  -- cone's multiplier aside): said so, not listed as if weather and
  -- visibility were 0. The reason is the look's now, when that is whose
  -- factors these are.
  local reason = s.id == "Vision" and vision and vision.reason or s.reason
  local worked = reason ~= "out_of_range"
  for k, v in each(factors) do worked = worked or (v ~= 0 and k ~= "cone") end
  local formula = worked and product(factors) or ""
  if formula ~= "" then
    lines[#lines + 1] = "    " .. (now and (WORKED_NOW[s.id] and "sensing now: " or "looking now: ") or "") .. formula
  elseif next(factors) ~= nil then
    local at = s.id == "Vision" and vision and (where_look(vision) .. "; ") or ""
    lines[#lines + 1] = "    " .. (reason and (reason .. ": ") or "") .. at .. "stopped before its factors"
      .. " (each reads 0)"
  end
  -- Too few of the target's points seen (min_visible_points_<stance>): the
  -- factors above may all be 1, and this is why it saw nothing.
  if s.id == "Vision" and vision and vision.required_points and vision.visible_points
      and vision.visible_points < vision.required_points and worked and not uncast_zero(factors) then
    lines[#lines + 1] = string.format("    %d of its points seen, %d required (min_visible_points_*)",
      vision.visible_points, vision.required_points)
  end
  -- The boxes that stopped its sight to some points (none for a look that
  -- cast no ray, or that see-through boxes only dimmed).
  if s.id == "Vision" and vision and vision.samples then
    local said, names = {}, {}
    for _, sample in ipairs(vision.samples) do
      local box = sample.blocked_by
      if box and not said[box] then
        said[box] = true
        names[#names + 1] = string.format("%s (%s)", tostring(box), box.material)
      end
    end
    if #names > 0 then lines[#lines + 1] = "    sight stopped by " .. table.concat(names, ", ") end
  end
  for _, sound in ipairs(s.sounds or {}) do
    local parts, ones = {}, 0
    for _, k in ipairs(SOUND) do
      if sound[k] == 1 then ones = ones + 1 else parts[#parts + 1] = k .. " " .. f3(sound[k]) end
    end
    lines[#lines + 1] = string.format("    %s %s = %s%s%s", sound.sound, f3(sound.heard), table.concat(parts, " x "),
      ones > 0 and (#parts > 0 and " (the rest 1)" or "every factor 1") or "",
      sound.walls > 0 and string.format(", %d walls", sound.walls) or "")
  end
  if s.heard then
    lines[#lines + 1] = string.format("    single %s, build-up %s: %s won", f3(s.single or 0), f3(s.build_up or 0),
      s.won == "build_up" and "the build-up" or "the single sound")
  end
  if s.damage then
    lines[#lines + 1] = string.format("    damage %s, decay %s/s%s", fixed(s.damage, 1), f3(s.decay),
      s.fading and " (fading)" or "")
  end
  if s.returned then
    lines[#lines + 1] = string.format("    evaluate returned %s (%s)", f3(s.returned),
      s.active and "active" or "inactive")
  end
end

-- Why an agent makes no belief about a target, by explain's ignored.
local IGNORED = { same_team = "the same team, which its profile's ignore_same_team leaves to evidence and "
  .. "set_confidence (no sense reports it)" }

--- The short readable text of an explanation (agent:explain_text).
function explain.text(e, who)
  local lines = {}
  if e.believed then
    lines[1] = string.format("%s: %s (%s, smoothed %s)", who, f3(e.confidence), e.rule, f3(e.smoothed))
    -- Held from before its target joined the team: what fades now.
    if e.ignored then lines[2] = "  its senses ignore it now: " .. IGNORED[e.ignored] end
  elseif e.ignored then
    lines[1] = string.format("%s: no belief: %s", who, IGNORED[e.ignored])
  else
    lines[1] = string.format("%s: no belief", who)
  end
  for _, id in ipairs(e.order) do sense_lines(e.senses[id], lines, e.believed, e.vision) end
  -- Vision holding no share of a belief other senses hold: how it looks now
  -- ("why did it not see me?").
  local look = e.vision
  if look and not e.senses.Vision then
    local now = look.reason ~= "none" and (look.reason .. ": " .. where_look(look))
      or (product(look.factors or {}) .. " = " .. f3(look.confidence or 0))
    lines[#lines + 1] = "  Vision holds none of it; looking now: " .. now
  end
  -- A first sighting still held back (first_spot_reaction_time): vision
  -- sees it and the belief does not take it yet.
  if look and look.reacting then
    lines[#lines + 1] = "  Vision's first sight of it is held back (first_spot_reaction_time)"
  end
  if e.believed then
    local ev = {}
    for i, v in ipairs(e.evidence) do
      ev[#ev + 1] = string.format("%s %s %s%s", v.tag, v.op, f3(v.value), e.bound_by == i and " (bound it)" or "")
    end
    -- Reductions count only while a sense reports the target or is
    -- inside its grace (seed 000).
    local held = false
    for _, id in ipairs(e.order) do
      local status = e.senses[id].status
      held = held or status == "reporting" or status == "grace"
    end
    local lowered = e.lower and (", lowered by " .. f3(e.lower)
      .. (held and "" or " (not now: no sense holds it)")) or ""
    lines[#lines + 1] = string.format("  fused %s%s%s", f3(e.fused or 0), lowered,
      #ev > 0 and ("; evidence " .. table.concat(ev, ", ")) or "")
  end
  return table.concat(lines, "\n")
end

--- Vision's look now (agent:explain's e.vision) in what decided e: a look
-- that stopped before its rays was decided by what stopped it (its range
-- when the target is beyond it, fog included; else the first factor that
-- reads 0: the angle out of its cones, light, weather, visibility), not by
-- the first of the zeros (exposure reads 0 with no ray cast); one that saw
-- some of the target but too few of its points (min_visible_points_<stance>),
-- by them.
-- ignored: why no sense of the agent reports the target ("same_team"), or
-- nil (e.ignored); without a belief it decides. look: nil for an agent
-- without vision.
function explain.with_vision(e, look, ignored)
  e.vision = look
  local d = e.decided
  e.ignored = ignored
  if ignored and not e.believed then
    e.decided = { rule = "ignored", ignored = ignored }
    return
  end
  if not look or d.sense ~= "Vision" then return end
  local factors = e.senses.Vision.factors
  if next(factors) == nil then factors = look.factors or {} end
  local zero = uncast_zero(factors)
  if d.value == 0 and look.cone == "none" then
    d.factor = "angle"
  elseif d.value == 0 and look.distance >= look.range then
    d.factor = "distance"
  elseif zero and d.value == 0 then
    d.factor = zero
  elseif not zero and look.required_points and look.visible_points and look.visible_points > 0
    and look.visible_points < look.required_points and not e.believed then
    d.factor, d.value = "visible_points", look.visible_points
  end
end

--- "Vision: distance 0.44" and the like: what decided it, in a few words.
function explain.decided_text(d)
  if d.evidence then return string.format("evidence %s (%s %s)", d.evidence, d.rule, fixed(d.value, 2)) end
  if d.factor == "visible_points" then
    return string.format("%s: %d of its points seen, too few (min_visible_points_*)", d.sense, d.value)
  end
  if d.sense then return string.format("%s: %s %s", d.sense, d.factor or "share", fixed(d.value or 0, 2)) end
  if d.rule == "fading" then return "fading: no sense holds it" end
  if d.rule == "ignored" then return "nothing: " .. IGNORED[d.ignored] end
  if d.rule == "none" then return "nothing: no belief" end
  return d.rule
end

return explain
