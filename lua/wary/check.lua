-- wary.check: validation of definition tables against a schema, with
-- messages that name the object, the field, what was expected and what was
-- given, and the few helpers every facade file shares. Nothing here touches
-- the C core.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local debug, io = debug, io -- kept: a game may take them from the globals after it loads wary
local enums = require("wary.enums")
local is_distance = require("wary.schema").is_distance
local units_of = require("wary.schema").units_of

local check = {}

-- Why a call made inside a custom sense's evaluate (world:step is running
-- it) is refused.
check.IN_EVALUATE = "not allowed during a step (inside a sense's evaluate); do it after world:step returns"

local NUMBER_FORMATS = { "%.6g", "%.9g", "%.12g", "%.15g" }

local math_type = math.type -- Lua 5.4; LuaJIT has no integers

-- string.format("%.<digits>g", v), the same text on both backends. At a tie (v halfway between two numbers of
-- that many digits: the float -375.069000244140625 to 17, 0.5078125 to 6) C's printf (Lua 5.4) rounds to even and
-- LuaJIT's own formatter away from zero: there v is written exactly, with the one digit more it has (%.40g: the
-- same on both).
local function g(v, digits)
  digits = digits or 6
  if v ~= v then return "nan" end -- C's printf writes -nan for 0/0
  local s = string.format("%." .. digits .. "g", v)
  if v == math.huge or v == -math.huge then return s end
  local exact = string.format("%.40g", v)
  local sig = exact:gsub("e.*", ""):gsub("%D", ""):gsub("^0+", ""):gsub("0+$", "")
  if #sig == digits + 1 and sig:sub(-1) == "5" then return exact end
  return s
end
check.g = g

local function describe(v)
  local t = type(v)
  if t == "number" then
    if v ~= v then return "nan" end
    if v == math.huge then return "inf" end
    if v == -math.huge then return "-inf" end
    -- A Lua 5.4 integer beyond 2^53, exactly (math.maxinteger is not 2^63);
    -- the others as the float of the same value, the text LuaJIT gives.
    if math_type and math_type(v) == "integer" and (v > 2 ^ 53 or v < -2 ^ 53) then
      return string.format("%d", v)
    end
    -- Short, unless that hides the value (1000000001 is not 1e+09, 1234567.5 not 1.23457e+06).
    for _, f in ipairs(NUMBER_FORMATS) do
      local s = string.format(f, v)
      if tonumber(s) == v then return s end
    end
    return g(v, 17)
  elseif t == "string" then
    -- A long one (a saved state given for a path, say) is shown by its start.
    if #v > 200 then return string.format("%q... (%d bytes)", v:sub(1, 40), #v) end
    return string.format("%q", v)
  elseif t == "nil" or t == "boolean" then
    return tostring(v)
  end
  -- A handle names its kind, so a box given for an actor says so.
  local mt = t == "table" and getmetatable(v)
  local kind = type(mt) == "table" and rawget(mt, "_kind")
  if kind == "world" then return "a world" end -- its tostring is an address
  if kind then
    return string.format("%s %s (%s)", rawget(v, "_removed") and "a removed" or kind:match("^[aeiou]") and "an" or "a",
      kind, tostring(v))
  end
  return "a " .. t
end
check.describe = describe

-- Raises unless tag is whole dotted parts ("Stimulus.Custom"): a stimulus
-- matches a listener's prefix by whole parts, so an empty part (a leading,
-- trailing or doubled dot) would match nothing, or only by that part.
function check.tag(object, field, tag, expected)
  if tag == "" or tag:find("^%.") or tag:find("%.$") or tag:find("..", 1, true) then
    check.fail(object, field, expected, tag)
  end
end

-- The folder of wary's own Lua files: an error points at the first caller
-- outside it, so the position in a message is always the user's line.
local own_dir = debug.getinfo(1, "S").source:match("^@(.*[/\\])")

-- The first frame outside wary's own files above the function that calls
-- this one: its level as that function counts (1 is itself), and its info.
local function user_frame()
  local level = 3
  local info = debug.getinfo(level, "S")
  while info and (info.what == "C" or (own_dir and info.source:sub(2, #own_dir + 1) == own_dir)) do
    level = level + 1
    info = debug.getinfo(level, "S")
  end
  return level - 1, info
end

local function raise(message)
  local level, info = user_frame()
  -- Not a tail call: LuaJIT would drop this frame and shift the level.
  error(message, info and level or 0)
end
check.raise = raise

-- world (optional): the world the field is of; a handle of another is
-- described as such ("an actor (you) of another world").
local function fail(object, field, expected, given, world)
  local got = describe(given)
  local mt = world ~= nil and type(given) == "table" and getmetatable(given)
  if type(mt) == "table" and rawget(mt, "_kind") and rawget(mt, "_kind") ~= "world" and rawget(given, "world") ~= world
  then
    got = got .. " of another world"
  end
  raise(string.format("%s: field '%s' expected %s, got %s", object, field, expected, got))
end
check.fail = fail

-- Raises for a method called with '.' where ':' was meant: object.method's
-- first argument, got, is not the object ("world.step: called with '.' ...").
function check.dot_call(object, method, got)
  raise(string.format("%s.%s: called with '.': its first argument (%s) is not the %s; write %s:%s(...)",
    object, method, describe(got), object, object, method))
end

-- The file of the first caller outside wary's own files (nil when it is
-- not a file, as for a string chunk).
function check.caller_file()
  local _, info = user_frame()
  return info and info.source:match("^@(.+)$")
end

-- Finite, and within a C float's range: every number ends up in one.
local FLT_MAX = 3.4028234663852886e38
local function finite(v)
  return type(v) == "number" and v >= -FLT_MAX and v <= FLT_MAX
end

-- For a number past a float's range (1e39: finite in Lua, infinite in the
-- core), what a float holds; else "".
local function float_note(v)
  if type(v) == "number" and v == v and v > -math.huge and v < math.huge and not finite(v) then
    return v > 0 and string.format(" (a float: at most %g)", FLT_MAX) or string.format(" (a float: at least %g)",
      -FLT_MAX)
  end
  return ""
end
check.finite = finite

-- Writes "wary: warning: " and string.format(fmt, ...) on stderr the first
-- time key is given (warned: the world's table of keys said).
function check.warn_once(warned, key, fmt, ...)
  if warned[key] then return end
  warned[key] = true
  io.stderr:write("wary: warning: " .. string.format(fmt, ...) .. "\n")
end

-- An actor id the core wrote in a message (0x and 8 hex digits) as the game
-- names that actor: its name, quoted; else as it was written.
local function actor_named(world, hex)
  local id = tonumber(hex, 16)
  local actor = world._actors and (world._actors[id] or (world._gone and world._gone[id]))
  return actor and actor.name ~= nil and describe(actor.name) or nil
end

-- The core's text of the last failure on world (wary_last_error), when it
-- says more than the status's own text; the actors it names by id, by name.
local function core_says(world, text)
  if not world then return nil end
  local said = world._B.last_error(world._w)
  if said == "" or said:gsub("^[%w_]+: ", "", 1) == text then return nil end
  return (said:gsub("0x(%x%x%x%x%x%x%x%x)%f[^%w]", function(hex) return actor_named(world, hex) end))
end

-- Raises "<object>: <what>: <why>" for a negative core status; returns the
-- status otherwise. <why>: the core's own explanation when the call was on
-- world and it gave one, then in parentheses the C function and the
-- status's name ("dt: expected a finite number >= 0, got -1
-- (wary_step_begin: bad_value)"); else the text of the status from wary.h.
function check.status(object, what, status, world)
  if status < 0 then
    -- The core's refusal during a step names its C calls: inside a sense's
    -- evaluate the facade's words, as for what the facade refuses itself
    -- (World:_structural).
    if status == enums.status_values.in_step and world and world._in_step then
      raise(string.format("%s: %s: %s", object, what, check.IN_EVALUATE))
    end
    local text = enums.status_text[status] or ("status " .. status)
    local more = core_says(world, text)
    local fn, detail = (more or ""):match("^([%w_]+): (.+)$")
    if fn then
      raise(string.format("%s: %s: %s (%s: %s)", object, what, detail, fn, enums.status[status] or status))
    end
    raise(string.format("%s: %s: %s%s", object, what, text, more and (" (" .. more .. ")") or ""))
  end
  return status
end

-- What a core call on world that makes something gave (status, then the
-- index or id it made): the index or id, or an error "<object>: the core
-- refused it: <why>".
function check.made(world, object, status, value)
  check.status(object, "the core refused it", status, world)
  return value
end

-- The position of value in the sequence list, or nil.
function check.index_of(list, value)
  for i, v in ipairs(list) do
    if v == value then return i end
  end
end

-- Levenshtein distance, for "did you mean".
local function distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

function check.suggest(name, candidates)
  local best, best_d
  for _, c in ipairs(candidates) do
    -- The distance is at least the lengths' difference: a name too long or
    -- too short for c (a mod's 1 MB name) is not measured against it.
    local most = math.max(2, math.floor(#c / 3))
    local d = math.abs(#name - #c) <= most and distance(name, c) or most + 1
    if d <= most and (not best_d or d < best_d) then
      best, best_d = c, d
    end
  end
  if best then return best end
  -- Else the one candidate a word of which the name is ("pain" for
  -- pain_reported, "emotion" for emotion_changed).
  local only
  for _, c in ipairs(candidates) do
    if #name >= 3 and ("_" .. c .. "_"):find("_" .. name .. "_", 1, true) then
      if only then return nil end
      only = c
    end
  end
  return only
end

-- Raises "<object>: field '<field>' expected one of <names>[ (did you mean
-- '<x>'?)], got <given>": names a list of strings, what may be given (none
-- said so); a string given in another case or a letter off gets the hint.
-- opts (optional): more, text after the list (", nil"); lead, the text
-- before it ("one of " unless given); words, other words for the names
-- (lower case: { floor = "raise" }), a hint of their own.
function check.one_of(object, field, names, given, opts)
  opts = opts or {}
  local hint
  if type(given) == "string" then
    hint = opts.words and opts.words[given:lower()] or check.suggest(given, names)
      or check.suggest(given:lower(), names)
    for _, n in ipairs(names) do
      if not hint and n:lower() == given:lower() then hint = n end
    end
  end
  fail(object, field, (opts.lead or "one of ") .. (#names > 0 and table.concat(names, ", ") or "none")
    .. (opts.more or "") .. (hint and " (did you mean '" .. hint .. "'?)" or ""), given)
end

-- The 1-based slot of sense id in agent's profile, or an error naming the
-- agent, the profile and its senses (with a hint for "vision": 'Vision').
function check.sense_slot(agent, id)
  local senses = agent._profile.senses
  local slot = check.index_of(senses, id)
  if not slot then
    check.one_of(agent.name, "sense", senses, id, { lead = "a sense of profile '" .. agent._profile.name .. "': " })
  end
  return slot
end

-- Field names a user may reach for that spelling does not bring near
-- wary's own (profiles, materials and sounds have a name, custom senses an
-- id; vision has max_range, the near senses range), with what to know when
-- taking wary's.
local FIELD_ALIASES = {
  name = { "id" }, id = { "name" }, position = { "pos" }, range = { "max_range" }, max_range = { "range" },
  range_m = { "max_range_m" }, max_range_m = { "range_m" },
  fov = { "half_angle_deg", "It is half the field of view." },
  light = { "intensity" },
  facing = { "yaw", "In degrees about z, 0 along +x." }, heading = { "yaw", "In degrees about z, 0 along +x." },
  rotation = { "yaw", "In degrees about z, 0 along +x." }, angle = { "yaw", "In degrees about z, 0 along +x." },
}

-- The three numbers of a vector given as x, y[, z] (z nil: 0), checked as
-- check.vector checks a table's, with no table made.
function check.xyz(object, field, x, y, z)
  z = z or 0
  if not (finite(x) and finite(y) and finite(z)) then
    -- The first that is no finite number; a missing x or y is said so.
    local name, bad = "x", x
    if finite(x) then
      if finite(y) then name, bad = "z", z else name, bad = "y", y end
    end
    if bad == nil then
      raise(string.format("%s: field '%s' expected a vector of finite numbers, got no %s", object, field, name))
    end
    fail(object, field, "a vector of finite numbers" .. float_note(bad), bad)
  end
  return x, y, z
end

-- A vector is {x, y[, z]} or {x =, y = [, z =]}; z defaults to 0.
function check.vector(object, field, v, weighted)
  if type(v) ~= "table" then fail(object, field, "a vector {x, y, z}", v) end
  -- A handle (an actor given for its place) is named as one.
  local mt = getmetatable(v)
  if type(mt) == "table" and rawget(mt, "_kind") then
    fail(object, field, "a vector {x, y[, z]} (an actor's place: { actor:pos() })", v)
  end
  -- A fourth number is a sample point's weight (weighted); elsewhere a mistake.
  if not weighted and v[4] ~= nil then
    raise(string.format("%s: field '%s' expected a vector {x, y[, z]}, got %d values", object, field, #v))
  end
  return check.xyz(object, field, v.x or v[1], v.y or v[2], v.z or v[3])
end

function check.number(object, field, v, min, max)
  if not finite(v) or (min and v < min) or (max and v > max) then
    local range = min and max and string.format(" in [%g, %g]", min, max)
      or min and string.format(" >= %g", min) or ""
    fail(object, field, "a finite number" .. range .. float_note(v), v)
  end
  return v
end

-- A name reaches the core as a C string, which ends at its first NUL byte:
-- "Bang\0a" and "Bang\0b" would be one name there. Refused instead.
local NO_NUL = "a string without a NUL byte (\"\\0\": the core's names end at the first)"

-- Raises unless v is a non-empty string with no NUL byte: a name the core
-- interns (a tag, a prop's key).
function check.name(object, field, v)
  if type(v) ~= "string" or v == "" then fail(object, field, "a non-empty string", v) end
  if v:find("\0", 1, true) then fail(object, field, NO_NUL, v) end
end

-- Checks one value against a field spec: { kind = "number"|"integer"|"boolean"|
-- "string"|"function"|"table"|"enum"|"list", min, max, values, inf, nonempty
-- (a string), what (the text of a required field with no kind) }.
local function check_value(object, name, spec, v)
  local kind = spec.kind
  if kind == nil then
    return
  elseif (kind == "number" or kind == "integer") and not (spec.or_false and v == false) then
    local ok = type(v) == "number" and v == v and (spec.inf and v == math.huge or finite(v))
    if ok and kind == "integer" and v ~= math.floor(v) then ok = false end
    if ok and ((spec.min and v < spec.min) or (spec.max and v > spec.max)) then ok = false end
    if not ok then
      local what = kind == "integer" and "an integer" or "a finite number"
      if spec.min and spec.max then
        what = what .. string.format(" in [%g, %g]", spec.min, spec.max)
      elseif spec.min then
        what = what .. string.format(" >= %g", spec.min)
      end
      what = what .. float_note(v)
      if spec.inf then what = what .. " (or math.huge)" end
      if spec.or_false then what = what .. " or false" end
      fail(object, name, what, v)
    end
  elseif kind == "enum" then
    for _, allowed in ipairs(spec.values) do
      if v == allowed then return end
    end
    check.one_of(object, name, spec.values, v)
  elseif kind == "list" then
    if type(v) ~= "table" then fail(object, name, "a list of " .. spec.of .. "s", v) end
    local n = 0
    for _ in each(v) do n = n + 1 end
    if n ~= #v then fail(object, name, "a list (keys 1 to n, no holes)", v) end
    for i, item in ipairs(v) do
      if type(item) ~= spec.of then fail(object, name .. "[" .. i .. "]", "a " .. spec.of, item) end
      if spec.of == "string" and item:find("\0", 1, true) then fail(object, name .. "[" .. i .. "]", NO_NUL, item) end
    end
    if spec.max and #v > spec.max then
      fail(object, name, string.format("at most %d entries", spec.max), #v)
    end
  elseif type(v) ~= kind and not (spec.or_false and v == false) then
    fail(object, name, "a " .. kind .. (spec.or_false and " or false" or ""), v)
  elseif v == "" and (spec.required or spec.nonempty) then
    -- A required string (or one that names something) cannot be "": it names nothing.
    fail(object, name, "a non-empty string", v)
  elseif kind == "string" and type(v) == "string" and v:find("\0", 1, true) then
    fail(object, name, NO_NUL, v)
  end
end

-- The names of a schema's fields, in order, and its specs by name: made
-- once a schema (schemas are tables that do not change once made).
local schema_names = setmetatable({}, { __mode = "k" })

-- A distance (schema.is_distance) also takes <name>_m, in metres (the
-- checked table keeps the distance alone, in world units, so that a copy of
-- it defines the same again): metres[i] is the name in metres of the
-- schema's i-th field, or false (an array: check.fields runs on calls a
-- game makes every frame, and an array index is its cheapest look-up).
local function names_of(schema)
  local n = schema_names[schema]
  if not n then
    local names, by_name, metres, all = {}, {}, {}, {}
    for _, spec in ipairs(schema) do
      names[#names + 1] = spec.name
      by_name[spec.name] = spec
    end
    for i, spec in ipairs(schema) do
      local m = spec.name .. "_m"
      metres[i] = (is_distance(spec) and not by_name[m]) and m or false
    end
    for _, name in ipairs(names) do all[#all + 1] = name end
    for i, spec in ipairs(schema) do
      if metres[i] then
        by_name[metres[i]] = spec
        all[#all + 1] = metres[i]
      end
    end
    n = { names, by_name, metres, all }
    schema_names[schema] = n
  end
  return n[1], n[2], n[3], n[4]
end

-- For a schema, the tables where a field it lacks belongs (field ->
-- table name): a profile's max_range_m is vision's (check.homes).
local field_homes = setmetatable({}, { __mode = "k" })

-- For a schema, what to say of a field it lacks that a user reaches for
-- (field -> text): hearing has no range (check.notes).
local field_notes = setmetatable({}, { __mode = "k" })
function check.notes(schema, notes) field_notes[schema] = notes end

-- Says that, in schema, a field of one of tables ({ name, schema[, what] }:
-- what names the tables it stands for, as the small senses share one
-- schema) belongs there, with its <name>_m; a field of several of them
-- (interval, weight) is said of none.
function check.homes(schema, tables)
  local homes = {}
  for _, t in ipairs(tables) do
    local _, by_name = names_of(t[2])
    for name in each(by_name) do
      if homes[name] == nil then homes[name] = t elseif homes[name] ~= t then homes[name] = false end
    end
  end
  field_homes[schema] = homes
end

-- The keys of t in one order on every run and both backends (pairs' order
-- is neither): numbers, then strings, each ascending, then the rest by the
-- name of their type (two keys of one such type, a table and another, in
-- no set order).
local TYPE_RANK = { number = "1", string = "2" }
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "string" or ta == "number") then return a < b end
  return (TYPE_RANK[ta] or "3" .. ta) < (TYPE_RANK[tb] or "3" .. tb)
end

function check.sorted_keys(t)
  local keys = {}
  for k in each(t) do keys[#keys + 1] = k end
  table.sort(keys, key_before)
  return keys
end

-- Validates t against schema (an ordered list of field specs with .name) and
-- returns a new table with defaults filled in. defaults may override a
-- spec's default (for distances scaled by units_per_meter).
function check.fields(object, schema, t, defaults)
  if type(t) ~= "table" then
    raise(string.format("%s: expected a table, got %s", object, describe(t)))
  end
  local names, by_name, metres, all = names_of(schema)
  -- Every unknown field, in sorted order (pairs' order changes from run to
  -- run and between the backends), each with its hint.
  local unknown -- made only when there is one: this runs on calls a game makes every frame
  for k in each(t) do
    if type(k) ~= "string" or not by_name[k] then
      unknown = unknown or {}
      unknown[#unknown + 1] = k
    end
  end
  if unknown then
    table.sort(unknown, key_before)
    local said, hinted = {}, false
    local homes = field_homes[schema]
    for i, k in ipairs(unknown) do
      local hint, note, home, told
      if type(k) == "string" then
        -- a name in metres is told the names in metres (max_uncertanty_m: max_uncertainty_m)
        hint = check.suggest(k, k:sub(-2) == "_m" and all or names)
        local alias = not hint and FIELD_ALIASES[k]
        if alias and by_name[alias[1]] then hint, note = alias[1], alias[2] end
        told = not hint and field_notes[schema] and field_notes[schema][k] or nil
        home = not hint and not told and homes and homes[k] or nil
      end
      hinted = hinted or hint ~= nil or home ~= nil or told ~= nil
      -- A long name by its start (a mod's megabyte), as describe shows a long string.
      local shown = tostring(k)
      if #shown > 200 then shown = string.format("%s... (%d bytes)", shown:sub(1, 40), #shown) end
      said[i] = string.format("'%s'%s", shown,
        hint and (" (did you mean '" .. hint .. "'?" .. (note and " " .. note or "") .. ")")
          or told and " (" .. told .. ")"
          or home and string.format(" (a field of %s: %s = { %s = ... })", home[3] or home[1], home[1], k) or "")
    end
    -- A small table's fields are named when no hint was found.
    local list = ""
    if #names <= 8 and not hinted then
      list = " (its fields: " .. table.concat(names, ", ") .. ")"
    end
    raise(string.format("%s: unknown field%s %s%s", object, #said > 1 and "s" or "", table.concat(said, ", "), list))
  end
  local out = {}
  for i, spec in ipairs(schema) do
    local v = t[spec.name]
    local mname = metres[i]
    local m
    if mname then m = t[mname] end
    if m ~= nil then
      if v ~= nil then
        raise(string.format("%s: fields '%s' and '%s' expected one of them, got both", object, spec.name, mname))
      end
      local units = defaults and units_of[defaults]
      if not units then raise(object .. ": field '" .. mname .. "': no units_per_meter to scale it by") end
      v = type(m) == "number" and m * units or m
      -- Its bounds in metres, and said of what was given.
      if type(v) ~= "number" or not (finite(v) or spec.inf and v == math.huge) or (spec.min and v < spec.min)
          or (spec.max and v > spec.max) then
        local what = "a finite number of metres"
        if spec.min then what = what .. " >= " .. g(spec.min / units) end
        if spec.max then what = what .. " <= " .. g(spec.max / units) end
        -- A number of metres Lua holds (1e39 too) that no float does in
        -- units, and no bound below refuses first.
        if type(m) == "number" and m > -math.huge and m < math.huge and not finite(v)
            and not (spec.min and v < spec.min) then
          what = v > 0 and string.format("at most %s metres (%s world units a metre)", g(FLT_MAX / units), g(units))
            or string.format("at least %s metres (%s world units a metre)", g(-FLT_MAX / units), g(units))
        end
        fail(object, mname, what, m)
      end
    end
    if v == nil then
      if spec.required then fail(object, spec.name, (spec.what or ("a " .. spec.kind)) .. " (required)", nil) end
      v = defaults and defaults[spec.name]
      if v == nil and type(spec.default) == "table" then
        v = {}
        for k, item in each(spec.default) do v[k] = item end
      elseif v == nil then
        v = spec.default
      end
    end
    if v ~= nil then check_value(object, spec.name, spec, v) end
    out[spec.name] = v
  end
  return out
end

return check
