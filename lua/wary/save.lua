-- wary.save: world:save_state() and world:load_state(s). The string holds the
-- core's snapshot (wary_world_save: every piece of state a step can change,
-- the same bytes under both backends) and what the facade keeps beside it:
-- each actor's name, kind, team as given, stance, props (plain values and
-- actor handles), pawn flag, owner and instigator; the team numbering; the
-- boxes' material names; the sun; the definitions' names by index and their
-- tables (for a refusal that names the fields that differ). Functions
-- (handlers, health providers, Lua senses) cannot be saved: the game defines
-- them again (a function in props is left out; a handle the load keeps keeps
-- those atop its props). load_state keeps the handle objects of the actors
-- and boxes the snapshot holds (with their handlers; an actor's only while
-- its kind and name are the saved ones'), makes handles for the others, and
-- makes stale those it does not hold.
-- docs/reliability.md says more.

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local Actor = require("wary.actor")
local brain = require("wary.brain")
local check = require("wary.check")
local guard = require("wary.guard")
local handles = require("wary.handles")

local M = {}

-- The string: MAGIC, the snapshot's size (8 hex digits), the snapshot, the
-- definitions' tables (settings_section: their size and Adler-32, 8 hex digits
-- each, then the text), the Adler-32 of the facade's part (8 hex digits),
-- the part. States of the formats before load too: WARYLUA2 (no
-- definitions' tables: before 2026-12-07) and WARYLUA1 (no checksum either:
-- before December 2026).
local MAGIC, MAGIC_2, MAGIC_1 = "WARYLUA3", "WARYLUA2", "WARYLUA1"
-- What an actor handle decodes to until the actors are made again.
local ACTOR_REF = {}
local math_type = math.type -- nil on LuaJIT

-- ---- plain values as text ------------------------------------------------------
-- nil n, booleans T F, integers i<digits>; , other numbers d<%a>; , strings
-- s<length>:<bytes>, actor handles a<id>; , tables t<key value ...>e with the
-- keys in a fixed order, so the same values give the same text on both
-- backends; a table met again (shared by two actors' props, say) is r<n>; ,
-- the n-th table written. A whole number within 2^53 is an integer, whatever
-- its Lua 5.4 subtype (LuaJIT has none: the same game gives the same text);
-- a Lua 5.4 integer beyond is written exactly; -0.0 keeps its sign.

local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  return a < b
end

-- where: the value's place in messages; names: tables that are named
-- otherwise there (an actor's props by the actor's name).
-- seen: the tables on the path to v (a table holding itself is refused);
-- done: the props' tables written so far, to their number (the count of
-- tables written before them, all kinds); props is true inside an actor's
-- props: only the props' tables are shared again after a load, so only
-- theirs are written as references.
local function encode(v, out, where, seen, names, done, props)
  local t = type(v)
  if t == "nil" then
    out[#out + 1] = "n"
  elseif t == "boolean" then
    out[#out + 1] = v and "T" or "F"
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then
      check.raise(string.format("world:save_state: %s: expected a finite number, got %s", where, check.describe(v)))
    end
    local whole = math_type and math_type(v) == "integer"
    -- A Lua 5.4 integer past 2^53 that a double holds exactly is written as
    -- the double LuaJIT has (Lua 5.4 makes a float key such as a team of
    -- 2^53 an integer): the same value, the same text.
    if whole and (v <= -2 ^ 53 or v >= 2 ^ 53) and v + 0.0 == v then whole, v = false, v + 0.0 end
    if whole or v == math.floor(v) and v > -2 ^ 53 and v < 2 ^ 53 and (v ~= 0 or 1 / v > 0) then
      out[#out + 1] = string.format("i%d;", v)
    else
      out[#out + 1] = string.format("d%a;", v)
    end
  elseif t == "string" then
    out[#out + 1] = "s" .. #v .. ":" .. v
  elseif t == "table" and getmetatable(v) == Actor then
    -- Saved as its id: one of another world would load as whatever has that id here.
    if rawget(v, "world") ~= done.world then
      check.raise(string.format("world:save_state: %s: expected an actor of this world (saved as its id), got %s, "
        .. "an actor of another world", where, tostring(v)))
    end
    out[#out + 1] = string.format("a%d;", v.id)
  elseif t == "table" and getmetatable(v) == nil then
    if seen[v] then
      check.raise(string.format("world:save_state: %s: expected plain values, got a table that holds itself", where))
    end
    props = props or names[v] ~= nil
    if props and done[v] then
      out[#out + 1] = string.format("r%d;", done[v])
      return
    end
    -- Every table written has its number (decode counts them all).
    done.count = done.count + 1
    if props then done[v] = done.count end
    seen[v] = true
    local keys = {}
    for k, item in each(v) do
      -- A function in props is left out, as if nil (a health provider: docs/brain.md).
      if not (props and type(item) == "function") then
        if type(k) ~= "string" and type(k) ~= "number" then
          check.raise(string.format("world:save_state: %s: expected string or number keys, got %s", where,
            check.describe(k)))
        end
        keys[#keys + 1] = k
      end
    end
    table.sort(keys, key_less)
    out[#out + 1] = "t"
    for _, k in ipairs(keys) do
      encode(k, out, where, seen, names, done, props)
      local item = v[k]
      encode(item, out, names[item] or where .. "." .. tostring(k), seen, names, done, props)
    end
    out[#out + 1] = "e"
    seen[v] = nil
  else
    local what = check.describe(v)
    if t == "table" then what = what .. " with a metatable (only plain tables are saved)" end
    check.raise(string.format("world:save_state: %s: expected a value that can be saved (nil, boolean, number, "
      .. "string, actor, table of those), got %s", where, what))
  end
end

-- The value at s[i]: value, next index; an actor handle comes back as an
-- ACTOR_REF. tables: those decoded so far, in order, each true in
-- tables.whole once its end is read (a reference to one not yet whole would
-- make a cycle, which no save holds).
local function decode(s, i, tables)
  local c = s:sub(i, i)
  if c == "n" then return nil, i + 1 end
  if c == "T" then return true, i + 1 end
  if c == "F" then return false, i + 1 end
  if c == "i" or c == "d" or c == "a" or c == "r" then
    local j = s:find(";", i + 1, true)
    local n = j and tonumber(s:sub(i + 1, j - 1))
    if not n then error("a number", 0) end
    if c == "i" and math.tointeger then n = math.tointeger(n) or n end
    -- LuaJIT's numbers are doubles: a Lua 5.4 integer past 2^53 that none
    -- holds would load rounded, another value. Refused instead.
    if c == "i" and not math.tointeger and (n >= 2 ^ 53 or n <= -2 ^ 53)
        and string.format("%d", n) ~= s:sub(i + 1, j - 1) then
      error("an integer this interpreter holds exactly (" .. s:sub(i + 1, j - 1) .. ", which Lua 5.4 wrote, is past "
        .. "2^53: LuaJIT's numbers would round it)", 0)
    end
    if c == "a" then return setmetatable({ id = n }, ACTOR_REF), j + 1 end
    if c == "r" then
      if not tables.whole[tables[n] or false] then error("a table written before", 0) end
      return tables[n], j + 1
    end
    return n, j + 1
  end
  if c == "s" then
    local colon = s:find(":", i + 1, true)
    local len = colon and tonumber(s:sub(i + 1, colon - 1))
    if not len or colon + len > #s then error("a string", 0) end
    return s:sub(colon + 1, colon + len), colon + len + 1
  end
  if c == "t" then
    local t = {}
    tables[#tables + 1] = t
    i = i + 1
    while s:sub(i, i) ~= "e" do
      if i > #s then error("the end of a table", 0) end
      local k, v
      k, i = decode(s, i, tables)
      if k == nil or type(k) == "table" then error("a key", 0) end
      v, i = decode(s, i, tables)
      t[k] = v
    end
    tables.whole[t] = true
    return t, i + 1
  end
  error("a value", 0)
end

-- Adler-32 of s, as 8 hex digits: catches a damaged byte of the facade's
-- part (the core's snapshot has its own checksum). Plain arithmetic, the
-- same on both backends.
function M._checksum(s)
  local byte, a, b, n = string.byte, 1, 0, #s
  local i = 1
  -- Eight bytes a call, the sums reduced every 4 KB (they stay far below
  -- 2^53 in between), then the bytes left one by one.
  while i + 7 <= n do
    local last = i + 4095 < n - 7 and i + 4095 or n - 7
    while i <= last do
      local c1, c2, c3, c4, c5, c6, c7, c8 = byte(s, i, i + 7)
      a = a + c1; b = b + a; a = a + c2; b = b + a; a = a + c3; b = b + a; a = a + c4; b = b + a
      a = a + c5; b = b + a; a = a + c6; b = b + a; a = a + c7; b = b + a; a = a + c8; b = b + a
      i = i + 8
    end
    a, b = a % 65521, b % 65521
  end
  for j = i, n do
    a = (a + byte(s, j)) % 65521
    b = (b + a) % 65521
  end
  return string.format("%08x", b * 65536 + a)
end

-- ---- the facade's part ----------------------------------------------------------

-- The facade's table of each kind of definition (by name, each entry with
-- its core index), in the order the core checks them (a sense first: a
-- profile holds its senses).
local REGISTRY = {
  profile = "_profiles", sense = "_senses", material = "_materials", sound = "_sounds", filter = "_filters",
  ["pain type"] = "_pains",
}
local KINDS = { "sense", "profile", "material", "sound", "filter", "pain type" }

-- For each kind of definition (KINDS), what of(name, entry) gives for each
-- of the world's definitions of that kind, at key(name, entry) (nil: none).
local function by_kind(world, key, of)
  local out = {}
  for _, kind in ipairs(KINDS) do
    local t = {}
    for name, d in each(world[REGISTRY[kind]]) do t[key(name, d)] = of(name, d) end
    out[kind] = t
  end
  return out
end

-- The names of the world's definitions of each kind, by core index (from 1).
-- The core holds a profile, sense, material or filter by index alone: saved
-- beside the snapshot, the names tell a world that defined the same ones in
-- another order (profile files loaded in another order, say), whose agents
-- would take another profile of the same checked settings, from the world
-- the state was saved in.
local function definition_names(world)
  return by_kind(world, function(_, d) return d.index + 1 end, function(name) return name end)
end

-- A plain copy of a definition's table, of what encode can write: a number
-- that is not finite as its text ("inf"), a key that is not a string or a
-- finite number, a function (a sense's evaluate), anything else that is not
-- plain and a table met again on the way (settings are free-form) left out.
local function plain(v, path)
  local t = type(v)
  if t == "number" then
    -- The same text under both backends (tostring gives "-nan" or "nan").
    if v ~= v then return "nan" end
    return v == math.huge and "inf" or v == -math.huge and "-inf" or v
  end
  if t == "string" or t == "boolean" then return v end
  if t ~= "table" or getmetatable(v) ~= nil then return nil end
  path = path or {}
  if path[v] then return nil end
  path[v] = true
  local out = {}
  for k, x in each(v) do
    local tk = type(k)
    if tk == "string" or (tk == "number" and k == k and k ~= math.huge and k ~= -math.huge) then
      out[k] = plain(x, path)
    end
  end
  path[v] = nil
  return out
end

-- Each definition's table as the game's definitions left it (a profile's
-- with its defaults filled in), by kind and name: a load the core refuses
-- for a definition that differs names the fields that differ (settings_diff).
local function definition_settings(world)
  return by_kind(world, function(name) return name end, function(_, d)
    local t = d.table or d.def
    return type(t) == "table" and plain(t) or nil
  end)
end

-- The definitions' tables of a state (definition_settings, encoded): their
-- size and Adler-32 (8 hex digits each), then the text. Kept until a
-- definition changes (wary.define counts them), so a save copies it rather
-- than writes it anew; a load reads it only when the core refuses a
-- definition (refused), and sums it only then.
local function settings_section(world)
  local kept = world._settings_section
  if kept and kept.count == world._definitions then return kept.text end
  local out = {}
  -- The copy too may fail (settings nested past the interpreter's stack): then no tables, as below.
  local ok = pcall(function()
    encode(definition_settings(world), out, "definitions", {}, {}, { count = 0, world = world })
  end)
  -- What cannot be encoded (plain leaves out most of it) leaves the state without the tables: a refusal then
  -- names no field.
  local text = ok and table.concat(out) or ""
  text = string.format("%08x", #text) .. M._checksum(text) .. text
  world._settings_section = { count = world._definitions, text = text }
  return text
end

-- The definitions' tables of a state, when its section holds them whole (nil otherwise).
local function read_settings(text)
  if not text or text == "" then return nil end
  local ok, settings, stop = pcall(decode, text, 1, { whole = {} })
  return ok and stop == #text + 1 and type(settings) == "table" and settings or nil
end

local function facade_part(world, names)
  local actors = {}
  local live = world:actors()
  for _, a in ipairs(live) do Actor._check_whole(a, "save_state") end
  for _, a in ipairs(live) do
    names[a.props] = a.name .. ".props"
    actors[#actors + 1] = {
      id = a.id, name = a.name, kind = a.kind, team = a.team, stance = a.stance, props = a.props,
      pawn = a._pawn, owner = a._owner, instigator = a._instigator,
    }
  end
  local boxes = {}
  for _, b in ipairs(handles.boxes(world)) do
    local lo, hi = handles.bounds(b)
    boxes[#boxes + 1] = { id = b.id, material = b.material, min = lo, max = hi }
  end
  local teams = {}
  for team, id in each(world._teams) do teams[#teams + 1] = { team = team, id = id } end
  table.sort(teams, function(p, q) return p.id < q.id end)
  -- Lamps and volumes: their handles' ids and settings, in id order.
  local function listed(by_id, fields)
    local list = {}
    for id, h in each(by_id) do
      local t = { id = id, name = h.name, def = {} }
      local def = handles.def_of(h)
      for _, f in ipairs(fields) do t.def[f] = def[f] end
      list[#list + 1] = t
    end
    table.sort(list, function(p, q) return p.id < q.id end)
    return list
  end
  return { actors = actors, boxes = boxes, teams = teams, actor_count = world._actor_count, sun = world._sun,
           definitions = definition_names(world),
           lights = listed(world._lights, { "pos", "radius", "intensity", "cast_shadows" }),
           environments = listed(world._environments, { "min", "max", "vision_range_scale", "hearing_range_scale",
                                                        "light" }) }
end

--- The world's state as a string (the core's snapshot and the facade's handles, names, props and teams);
-- world:load_state(s) restores it into a world with the same definitions. Not during a step, nor in the
-- event handlers it runs (a checkpoint on an event: note it there, save after world:step returns).
function M:save_state()
  if self._in_step or self._dispatching or self._reading_health then guard.settle(self) end
  if self._in_step or self._dispatching then
    check.raise("world:save_state: not allowed during a step (save after world:step returns)")
  end
  local out = {}
  local names = {}
  encode(facade_part(self, names), out, "world", {}, names, { count = 0, world = self })
  local part = table.concat(out)
  -- MAGIC, the snapshot's size in 8 hex digits, the snapshot, the
  -- definitions' tables, the part's checksum and the part: framed by the
  -- backend, in one string.
  local status, s = self._B.world_save(self._w, MAGIC, settings_section(self) .. M._checksum(part) .. part)
  check.status("world", "save_state", status, self)
  return s
end

-- What in part is not of the shapes save_state writes ("<where> of another
-- shape"; nil: nothing): a part of the first format (no checksum) damaged,
-- or one made up, is refused before anything changes, not half-way through
-- a load. (mismatch checks the actors against the snapshot.)
local function malformed(part)
  local function is(v, a, b, c) local t = type(v) return t == a or t == b or t == c end
  local function ref(v) return v == nil or getmetatable(v) == ACTOR_REF end
  local function corner(v)
    return type(v) == "table" and type(v[1]) == "number" and type(v[2]) == "number" and type(v[3]) == "number"
  end
  for i, a in ipairs(part.actors) do
    if type(a) ~= "table" or type(a.id) ~= "number" or type(a.name) ~= "string"
        or (a.kind ~= "agent" and a.kind ~= "target") or not is(a.team, "nil", "string", "number")
        or not is(a.stance, "nil", "string") or not is(a.props, "nil", "table") or not is(a.pawn, "nil", "boolean")
        or not ref(a.owner) or not ref(a.instigator) then
      return string.format("actor #%d of another shape", i)
    end
  end
  local lists = { boxes = function(b)
    return type(b.id) == "number" and type(b.material) == "string" and corner(b.min) and corner(b.max)
  end, teams = function(t)
    return is(t.team, "string", "number") and type(t.id) == "number"
  end, lights = function(h)
    return type(h.id) == "number" and type(h.def) == "table" and is(h.name, "nil", "string")
  end }
  lists.environments = lists.lights
  for _, key in ipairs({ "boxes", "teams", "lights", "environments" }) do
    local list = part[key]
    if not is(list, "nil", "table") then return key .. " of another shape" end
    for i, v in ipairs(list or {}) do
      if type(v) ~= "table" or not lists[key](v) then return string.format("%s #%d of another shape", key, i) end
    end
  end
  if not is(part.actor_count, "nil", "number") or not is(part.sun, "nil", "table") then
    return "actor_count or sun of another shape"
  end
  -- Since 2026-12-07: the definitions' names (definition_names), each kind's a list without holes.
  if not is(part.definitions, "nil", "table") then return "definitions of another shape" end
  for _, kind in ipairs(part.definitions and KINDS or {}) do
    local list = part.definitions[kind]
    if type(list) ~= "table" then return "definitions of another shape" end
    local n = 0
    for _ in each(list) do n = n + 1 end
    for i = 1, n do
      if type(list[i]) ~= "string" then return string.format("%s #%d's name of another shape", kind, i) end
    end
  end
end

-- The facade's part of s, checked against the world before anything changes.
local function read_part(self, s)
  if type(s) ~= "string" then check.fail("world:load_state", "state", "a string from world:save_state", s) end
  local magic = s:sub(1, #MAGIC)
  local known = magic == MAGIC or magic == MAGIC_2 or magic == MAGIC_1
  local sum = (magic == MAGIC or magic == MAGIC_2) and 8 or 0 -- the checksum's size
  local n = known and tonumber(s:sub(#MAGIC + 1, #MAGIC + 8), 16)
  local first = #MAGIC + 9
  -- What is wrong with it, when it is not a state's whole string.
  local function cut(what)
    check.raise(string.format("world:load_state: state: expected a string from world:save_state, got %s", what))
  end
  if not known then
    cut(string.format("%d bytes that do not start %s (nor %s or %s)", #s, MAGIC, MAGIC_2, MAGIC_1))
  end
  if not n then cut(string.format("%d bytes whose snapshot size is not 8 hex digits (damaged)", #s)) end
  if #s < first - 1 + n then
    cut(string.format("%d bytes, truncated: its snapshot's size says %d bytes after its %d-byte head, it holds %d",
      #s, n, first - 1, #s - (first - 1)))
  end
  -- The definitions' tables (WARYLUA3): kept as they are, read only by a refusal.
  local settings, at = nil, n and first + n
  if n and magic == MAGIC then
    local size = tonumber(s:sub(at, at + 7), 16)
    if not size then cut(string.format("%d bytes whose definitions' size is not 8 hex digits (damaged or cut)", #s)) end
    if #s < at + 15 + size then
      cut(string.format("%d bytes, truncated in its definitions' tables (%d bytes from byte %d)", #s, size, at + 16))
    end
    settings = { sum = s:sub(at + 8, at + 15), text = s:sub(at + 16, at + 15 + size) }
    at = at + 16 + size
  end
  if #s < at - 1 + sum then cut(string.format("%d bytes, truncated before its facade's part", #s)) end
  if sum > 0 then
    local want, got = s:sub(at, at + 7), M._checksum(s:sub(at + 8))
    if want ~= got then
      check.raise(string.format("world:load_state: state: the facade's part after the snapshot is damaged or cut "
        .. "(its checksum says %s, its bytes give %s)", check.describe(want), got))
    end
  end
  local ok, part, stop = pcall(decode, s, at + sum, { whole = {} })
  local bad
  if not ok then
    bad = "bytes that are not " .. tostring(part)
  elseif stop ~= #s + 1 or type(part) ~= "table" or type(part.actors) ~= "table" then
    bad = "other values"
  else
    bad = malformed(part)
  end
  if bad then check.raise("world:load_state: state: expected the facade's part after the snapshot, got " .. bad) end
  local profiles = {}
  for _, p in each(self._profiles) do profiles[p.index] = p end
  return s:sub(first, first + n - 1), part, profiles, settings
end

-- What in part (of the right shapes: malformed) does not match the
-- snapshot's actors (ids, and profiles: -1 for a target), nil when nothing:
-- the same actors, each once, each an agent exactly where the snapshot has one.
local function mismatch(part, ids, profiles)
  local agent = {}
  for i, id in ipairs(ids) do agent[id] = profiles[i] >= 0 end
  local seen = {}
  for _, a in ipairs(part.actors) do
    if seen[a.id] then return string.format("actor %s, whose id %d is listed twice", a.name, a.id) end
    seen[a.id] = true
    if agent[a.id] == nil then
      return string.format("actor %s, whose id %d the snapshot does not hold", a.name, a.id)
    end
    if agent[a.id] ~= (a.kind == "agent") then
      return string.format("actor %s as %s, which in the snapshot is %s", a.name,
        a.kind == "agent" and "an agent" or "a target", a.kind == "agent" and "a target" or "an agent")
    end
  end
  if #part.actors ~= #ids then
    return string.format("%d actors where the snapshot holds %d", #part.actors, #ids)
  end
end

-- What of the saved world's definitions' names (part.definitions: none
-- in a state saved before they were kept) this world does not have at the
-- same index, as a refusal's text; nil when nothing. The first kind in
-- the core's order, in it the first index; a name either world lacks is
-- told as such, before one in another place.
local function renamed(world, part)
  local saved = part.definitions
  if not saved then return nil end
  local mine = definition_names(world)
  for _, kind in ipairs(KINDS) do
    local theirs, ours = saved[kind], mine[kind]
    local at_theirs, at_ours = {}, {}
    for i, name in ipairs(theirs) do at_theirs[name] = i end
    for i, name in ipairs(ours) do at_ours[name] = i end
    for i = 1, math.max(#theirs, #ours) do
      local t, o = theirs[i], ours[i]
      if t ~= o then
        local fix = "define the " .. kind .. "s"
        if t and not at_ours[t] then
          return string.format("%s %s: expected a %s this world defines, got one it does not define (the saved"
            .. " world's %s #%d: define it as the saved world did before loading)", kind, check.describe(t), kind,
            kind, i)
        elseif o and not at_theirs[o] then
          return string.format("%s %s: expected a %s the saved world defined, got one it did not define (this"
            .. " world's %s #%d: define only what the saved world defined before loading)", kind, check.describe(o),
            kind, kind, i)
        end
        return string.format("%s #%d: expected %s (this world's), got %s (the saved world's: %s in the order the"
          .. " saved world did before loading)", kind, i, check.describe(o), check.describe(t), fix)
      end
    end
  end
  return nil
end

local function resolve(world, ref)
  return getmetatable(ref) == ACTOR_REF and world._actors[ref.id] or nil
end

-- Props as saved, with actor handles back; a table shared in the save is
-- shared again (made: the tables restored so far, by their saved table).
local function restore(world, v, made)
  if type(v) ~= "table" then return v end
  if getmetatable(v) == ACTOR_REF then return resolve(world, v) end
  if made[v] then return made[v] end
  local t = {}
  made[v] = t
  for k, x in each(v) do t[k] = restore(world, x, made) end
  return t
end

-- The fields where the saved world's table of a definition (saved) and
-- this world's (mine) differ, as "field (this world's x, the saved
-- world's y)": the first three, those of the definition itself (lost_time)
-- before those of its tables (vision.max_range), each depth by path (the
-- snapshot checks a profile's thresholds and timings, and of its tables
-- only some fields: those are the likelier cause).
local function settings_diff(saved, mine)
  local found = {}
  local function shown(v)
    if v == nil then return "none" end
    return type(v) == "table" and "a table" or check.describe(v)
  end
  local function walk(a, b, path, depth)
    if type(a) == "table" and type(b) == "table" then
      local keys, seen = {}, {}
      -- Keys as plain writes them (a section made up otherwise: its other keys are passed by).
      local function usable(k) return type(k) == "string" or type(k) == "number" end
      for k in each(a) do
        if usable(k) then keys[#keys + 1], seen[k] = k, true end
      end
      for k in each(b) do
        if usable(k) and not seen[k] then keys[#keys + 1] = k end
      end
      table.sort(keys, key_less)
      for _, k in ipairs(keys) do
        walk(a[k], b[k], type(k) == "number" and path .. "[" .. check.describe(k) .. "]"
          or (path == "" and k or path .. "." .. k), depth + 1)
      end
    elseif a ~= b then
      local text = string.format("%s (this world's %s, the saved world's %s)", path, shown(b), shown(a))
      found[#found + 1] = { depth = depth, path = path, text = text }
    end
  end
  if type(saved) ~= "table" then return nil end
  walk(saved, mine, "", 0)
  if #found == 0 then return nil end
  table.sort(found, function(x, y)
    if x.depth ~= y.depth then return x.depth < y.depth end
    return x.path < y.path
  end)
  local list = {}
  for i = 1, math.min(3, #found) do list[i] = found[i].text end
  return table.concat(list, ", ") .. (#found > 3 and string.format(" and %d more", #found - 3) or "")
end

-- Raises for a load the core refused (status < 0), as the method the game
-- called ("world:load_state: <the core's words>", not the C function's name).
-- One definition that differs from the saved world's ("snapshot
-- definitions: profile 2: ...") is named as the game named it, in place of
-- its index; a world setting of a list ("snapshot world settings:
-- lod_interval_scale[1]: ...", counted from 0 in C) by its place in the list
-- wary.world took, counted from 1; with the fields that differ when the
-- state holds the definitions' tables (settings, read_part's).
local function refused(world, status, settings)
  if status >= 0 then return end
  local said = world._B.last_error(world._w)
  local setting, at, says = said:match("^[%w_]+: snapshot world settings: ([%w_]+)%[(%d+)%]: (.*)$")
  if setting then
    check.raise(string.format("world:load_state: snapshot world settings: %s[%d]: %s", setting, tonumber(at) + 1,
      says))
  end
  local kind, index, rest = said:match("^[%w_]+: snapshot definitions: (%l[%l ]-) (%d+)[^:]*: (.*)$")
  local registry = kind and world[REGISTRY[kind]] or {}
  for _, name in ipairs(check.sorted_keys(registry)) do
    if registry[name].index == tonumber(index) then
      -- What differs, where the state kept the saved world's table (since 2026-12-07).
      local tables = settings and M._checksum(settings.text) == settings.sum and read_settings(settings.text)
      local saved = tables and type(tables[kind]) == "table" and tables[kind][name]
      local entry = registry[name]
      local diff = saved and settings_diff(saved, plain(entry.table or entry.def))
      local head, tail = rest:match("^(.-)( %(define .*)$")
      if diff and head then rest = head .. ": " .. diff .. tail end
      -- The same tables, yet refused: what differs is a name's key (a sound's, a pain type's, a stimulus tag's),
      -- which the world gave in the order it met the names.
      if saved and not diff and head then
        rest = head .. " (its fields are the saved world's, but the key of a name it holds differs: this world "
          .. "met names in another order; world:intern_names before the definitions gives the saved world's)"
      end
      check.raise(string.format("world:load_state: snapshot definitions: %s %s: %s", kind, check.describe(name),
        rest))
    end
  end
  local detail = said:match("^[%w_]+: (.+)$")
  if detail then check.raise("world:load_state: " .. detail) end
  check.status("world", "load_state", status, world)
end

--- Replaces the world's state with one from world:save_state: the world must have the same definitions
-- (made in the same order) and be made with the same units_per_meter, event_capacity, sense_error_limit and
-- lod_interval_scale (weather and ray_budget come from the state). A refused string raises and changes
-- nothing. Not during a step, nor in its event handlers.
function M:load_state(s)
  if self._in_step or self._dispatching or self._reading_health then guard.settle(self) end
  if self._in_step or self._dispatching or self._reading_health then
    check.raise("world:load_state: not allowed during a step (load after world:step returns)")
  end
  local snapshot, part, profiles, settings = read_part(self, s)
  local moved = renamed(self, part)
  if moved then check.raise("world:load_state: snapshot definitions: " .. moved) end
  local B, w = self._B, self._w
  -- The snapshot's actors, read and checked without loading it: the part
  -- must list the same ones before anything changes.
  local status, ids, kinds = B.snapshot_actors(w, snapshot)
  refused(self, status, settings)
  local wrong = mismatch(part, ids, kinds)
  if wrong then
    check.raise("world:load_state: state: expected a facade's part that matches its snapshot, got " .. wrong)
  end
  refused(self, B.world_load(w, snapshot), settings)
  -- The core holds the snapshot's state now: the facade's tables follow it.
  local old, kept = self._actors, {} -- kept: the props of the live handles the load keeps, by id
  self._actors, self._agent_profiles, self._health_watch = {}, {}, {}
  local made = self._made
  -- The handle of id a load brings back: the one made for it (removed since
  -- the save, it is live again), or a new one of cls.
  local function revived(id, cls, fields)
    local h = made[id]
    if getmetatable(h) ~= cls then
      h = setmetatable(fields, cls)
      made[id] = h
    end
    h._removed = false
    return h
  end
  for _, a in ipairs(part.actors) do
    local actor = old[a.id]
    if actor and (actor.kind ~= a.kind or actor.name ~= a.name) then
      -- Another actor under the same id (a world made anew, its actors made
      -- in another order): its handle goes stale and the saved actor gets
      -- a new one, rather than the handle and its handlers moving over.
      self:_forget_actor(actor, "load")
      old[a.id], made[a.id], actor = nil, nil, nil
    end
    if actor then
      old[a.id] = nil
      kept[a.id] = self._props_of[actor]
    else
      -- A removed handle comes back only for its own actor, as a live one is kept (above).
      local gone = made[a.id]
      if getmetatable(gone) == Actor and (rawget(gone, "_actor_kind") ~= a.kind or rawget(gone, "name") ~= a.name) then
        made[a.id] = nil
      end
      -- Its handlers went with it when it was removed.
      actor = revived(a.id, Actor, { id = a.id, world = self })
      actor._handlers = {}
    end
    -- Written over since (Actor._check_whole), they come back too.
    actor.id, actor.world = a.id, self
    local _, info = B.actor_get(w, a.id)
    local profile = info.profile >= 0 and profiles[info.profile]
    actor._actor_kind, actor.name, actor._team, actor._stance = a.kind, a.name, a.team, a.stance
    actor._profile = profile and profile.table or false
    actor._pawn = a.pawn
    self._actors[a.id] = actor
    if profile then self._agent_profiles[a.id] = profile.table end
  end
  for _, actor in each(old) do self:_forget_actor(actor, "load") end
  self._actors_changed = self._actors_changed + 1
  local shared = {}
  for _, a in ipairs(part.actors) do
    local actor = self._actors[a.id]
    actor.props = restore(self, a.props, shared) or {}
    -- A kept handle's functions stay (they were not saved); a revived or new handle's props start from the save.
    for k, v in each(kept[a.id] or {}) do
      if type(v) == "function" and actor.props[k] == nil then actor.props[k] = v end
    end
    self._props_of[actor] = actor.props
    actor._owner, actor._instigator = resolve(self, a.owner), resolve(self, a.instigator)
    -- Before 2026-12-07 an actor could be given as its own: none.
    if actor._owner == actor then actor._owner = nil end
    if actor._instigator == actor then actor._instigator = nil end
    -- The core's copy (a snapshot from before it kept them has none; one
    -- that has them has these: setting them again changes nothing).
    if actor._owner then self._B.actor_set_owner(self._w, actor.id, actor._owner.id) end
    if actor._instigator then self._B.actor_set_instigator(self._w, actor.id, actor._instigator.id) end
    brain.rewatch_health(self, actor)
  end
  local boxes = {}
  for _, b in ipairs(part.boxes or {}) do
    local box = revived(b.id, handles.Box, { id = b.id, world = self })
    handles.set_box_fields(box, b.material, b.min, b.max)
    boxes[b.id] = box
  end
  for id, box in each(self._boxes or {}) do
    if not boxes[id] then box._removed = "load" end
  end
  self._boxes = boxes
  -- Lamps and volumes (a state saved before they were kept leaves them be).
  for _, kind in ipairs({ { "lights", "_lights", handles.Light }, { "environments", "_environments",
                                                                      handles.Environment } }) do
    local list, store, cls = part[kind[1]], kind[2], kind[3]
    if list then
      local live = {}
      for _, t in ipairs(list) do
        local h = revived(t.id, cls, { id = t.id, world = self })
        h._def, h.name = t.def, t.name
        live[t.id] = h
      end
      for id, h in each(self[store]) do
        if not live[id] then h._removed = "load" end
      end
      self[store] = live
    end
  end
  self._teams, self._team_count = {}, 0
  for _, t in ipairs(part.teams or {}) do
    self._teams[t.team] = t.id
    if t.id > self._team_count then self._team_count = t.id end
  end
  self._actor_count = part.actor_count or 0
  self._sun = part.sun
  self._events, self._event_cache, self._step_errors = nil, {}, {}
end

return M
