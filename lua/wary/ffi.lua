-- wary.ffi: the LuaJIT backend, libwary.so through the FFI.
--
-- It implements the backend contract of docs/backends.md. The wrappers are
-- built at load time from wary.api, generated from src/wary.h with the cdef
-- of wary.cdef by scripts/gen_bindings.lua: every function's parameters by
-- role and every struct's fields, so a function or field added to wary.h
-- needs no change here. Written by hand: loading the library, the world
-- handle (world_create, world_destroy) and the custom-sense runner's
-- primitives (query_reader, set_query_result) and the batch they keep.
local ffi = require("ffi")
-- A local: the runner's loop reaches set_query_result for every query, and
-- a global there is looked up (and checked under LuaJIT) each time.
local rawequal = rawequal

local api = require("wary.api")
local cdef = require("wary.cdef")

-- wary.cdef declares the handle types as uint32_t: the same ABI as a struct
-- of one uint32_t on these, not on 32-bit x86 (a struct is returned through
-- memory there) nor on the others, which nobody has checked.
if #api.handles > 0 and ffi.arch ~= "x64" and ffi.arch ~= "arm64" then
  error("wary.ffi: the handle types of wary.h are declared to LuaJIT as uint32_t, which matches the C ABI "
    .. "on x64 and arm64 only; this is " .. ffi.arch .. ": use the Lua 5.4 module (wary.core)", 0)
end

-- A second require of this file in the same Lua state (busted unloads modules
-- between spec files) must not declare the types again: LuaJIT rejects that.
if not pcall(ffi.typeof, "wary_world") then
  ffi.cdef(cdef)
end

-- Where libwary is: the paths of wary/libpath.lua, in order (WARY_LIB, beside
-- the folder holding wary/, beside a LÖVE game, the repository's build/, an
-- installed prefix's lib/, the system's search); the first that loads wins.
local function library_candidates()
  return require("wary.libpath")(ffi.os)
end

local function load_library()
  local tried = {}
  for _, name in ipairs(library_candidates()) do
    local ok, lib = pcall(ffi.load, name)
    if ok then
      return lib
    end
    -- A link to a file that is not there (a libwary.so copied with cp -r or
    -- cp -a, the link and not its file) exists, but does not open.
    local f = io.open(name, "rb")
    local dangling = not f and os.rename(name, name) ~= nil
    if f then f:close() end
    tried[#tried + 1] = "\n  " .. name .. ": " .. tostring(lib)
      .. (dangling and " (a link to a file that is not there: copy libwary.so with cp -L)" or "")
  end
  error("wary.ffi: cannot load libwary (set WARY_LIB to its path); tried:" .. table.concat(tried), 0)
end

local lib = load_library()

local B = {
  backend = "luajit",
  _VERSION = "wary ffi 0.1",
}

---------------------------------------------------------------------------
-- Structs and tables, by the fields of wary.api: { name, kind, count,
-- struct, used }. A nested struct is a nested table both ways; an array a
-- 1-based sequence (with used: its used elements only); a 64-bit integer
-- a Lua number.

local STRUCTS = api.structs
local EMPTY = {}

local to_table

local function read(f, v)
  if f.kind == "struct" then
    return to_table(f.struct, v)
  elseif f.kind == "u64" then
    return tonumber(v)
  end
  return v
end

to_table = function(struct, s)
  local t = {}
  local fields = STRUCTS[struct]
  for k = 1, #fields do
    local f = fields[k]
    local v = s[f.name]
    if f.count then
      local a, count = {}, f.count
      if f.used then
        count = math.max(0, math.min(count, s[f.used]))
      end
      for i = 1, count do
        a[i] = read(f, v[i - 1])
      end
      v = a
    else
      v = read(f, v)
    end
    t[f.name] = v
  end
  return t
end

-- The fields of table t over the struct d: fields absent from t keep what d
-- holds; with used, the used count, unless given, is the length of the list.
local fill

local function write(f, c, i, v)
  if f.kind == "struct" then
    fill(f.struct, c[i], v)
  else
    c[i] = v
  end
end

fill = function(struct, d, t)
  local fields = STRUCTS[struct]
  for k = 1, #fields do
    local f = fields[k]
    local v = t[f.name]
    if v ~= nil then
      if f.count then
        local a = d[f.name]
        for i = 1, f.count do
          local x = v[i]
          if x ~= nil then
            write(f, a, i - 1, x)
          end
        end
        if f.used and t[f.used] == nil then
          d[f.used] = #v
        end
      else
        write(f, d, f.name, v)
      end
    end
  end
  return d
end

local function to_tables(struct, a, n)
  local t = {}
  if a ~= nil then
    for i = 1, n do
      t[i] = to_table(struct, a[i - 1])
    end
  end
  return t
end

---------------------------------------------------------------------------
-- Worlds.

local DESTROYED = "wary world is destroyed"
local destroyed = setmetatable({}, { __mode = "k" })

-- One table lookup: cheap enough for every call that takes a world, and it
-- turns a use after free into a Lua error.
local function live(w)
  if destroyed[w] then
    error(DESTROYED, 0)
  end
  return w
end

-- The world, or nil and the status of wary_world_create.
local world_out = ffi.new("wary_world *[1]")

function B.world_create(def)
  world_out[0] = nil
  local status = lib.wary_world_create(fill("wary_world_def", lib.wary_default_world_def(), def or EMPTY),
    world_out)
  local w = world_out[0]
  world_out[0] = nil
  if status ~= 0 or w == nil then return nil, status end
  return ffi.gc(w, lib.wary_world_destroy)
end

-- The batch of the world inside a step (between step_begin and step_end):
-- the runner reads each of its queries and writes each result, so its
-- readers keep the arrays here rather than ask C for them every time.
-- world is nil outside a step and once that world is destroyed (a use after
-- free still raises, through live); another world stepped inside a sense
-- takes its place, and the first world's reads go the slow way, through C.
local batch = { world = nil, queries = nil, results = nil, count = 0 }

function B.world_destroy(w)
  if rawequal(w, batch.world) then batch.world = nil end
  if not destroyed[w] then
    destroyed[w] = true
    ffi.gc(w, nil)
    lib.wary_world_destroy(w)
  end
end

-- The snapshot of wary_world_save as a string: status, string (nil on
-- failure); with head (and tail), framed in one string as core.c frames it
-- (head, the size in 8 hex digits, the snapshot, tail). Written in memory
-- of the C library's, not the collector's: a large save makes one string
-- of garbage, not three (a review measured the collector doubling the
-- time of a 14 MB save).
local size_out = ffi.new("size_t[1]")
-- Declared here unless the game declared them already.
pcall(ffi.cdef, "void *malloc(size_t size); void free(void *p);")

function B.world_save(w, head, tail)
  local status = lib.wary_world_save(live(w), nil, 0, size_out)
  if status ~= 0 then return status, nil end
  local n = tonumber(size_out[0])
  tail = tail or ""
  local frame = head and #head + 8 + #tail or 0
  local buf = ffi.cast("uint8_t *", ffi.C.malloc(n + frame))
  if buf == nil then return ffi.C.WARY_ERR_OUT_OF_MEMORY, nil end
  local at = 0
  if head then
    ffi.copy(buf, head, #head)
    ffi.copy(buf + #head, string.format("%08x", n), 8)
    at = #head + 8
  end
  status = lib.wary_world_save(w, buf + at, n, size_out)
  local s
  if status == 0 then
    if head then ffi.copy(buf + at + n, tail, #tail) end
    s = ffi.string(buf, n + frame)
  end
  ffi.C.free(buf)
  return status, s
end

function B.world_load(w, s)
  return lib.wary_world_load(live(w), s, #s)
end

-- The actors a snapshot holds: status, their ids, their profiles (-1: a
-- target); nil, nil on failure.
local count_out = ffi.new("int32_t[1]")

function B.snapshot_actors(w, s)
  -- A first guess at the count (the world's own), then the snapshot's.
  local cap = lib.wary_actor_count(live(w)) + 16
  local out = ffi.new("wary_snapshot_actor[?]", cap)
  local status = lib.wary_snapshot_actors(w, s, #s, out, cap, count_out)
  if status == 0 and count_out[0] > cap then
    cap = count_out[0]
    out = ffi.new("wary_snapshot_actor[?]", cap)
    status = lib.wary_snapshot_actors(w, s, #s, out, cap, count_out)
  end
  if status ~= 0 then return status, nil, nil end
  local ids, profiles = {}, {}
  for i = 0, count_out[0] - 1 do
    ids[i + 1], profiles[i + 1] = out[i].id, out[i].profile
  end
  return status, ids, profiles
end

---------------------------------------------------------------------------
-- The wrappers of wary.api's functions, compiled from Lua source written
-- here by parameter role, so that LuaJIT sees plain calls with a fixed
-- number of arguments.

-- Helpers the wrappers' source refers to.
local env = {
  lib = lib, live = live, ffi = ffi, tonumber = tonumber, math = math,
  fill = fill, to_table = to_table, to_tables = to_tables, EMPTY = EMPTY,
}

-- The source of the Lua value of kind read from the C expression v.
local function value(kind, v)
  if kind == "u64" then return "tonumber(" .. v .. ")" end
  return v
end

-- The source of B.<name>, in a block whose locals are the buffers of its
-- outputs: reused by every call, zeroed (as the 5.4 module's memset) before
-- it, read into new tables after it.
local function wrapper_source(fn)
  local locals, args, pre, call, post = {}, {}, {}, {}, {}
  local array, world
  for _, p in ipairs(fn.params) do
    local name = "a_" .. p.name
    local role = p.role
    if role == "world" then
      args[#args + 1] = name
      world = world or "w_" .. p.name
      pre[#pre + 1] = string.format("local w_%s = live(%s)", p.name, name)
      call[#call + 1] = "w_" .. p.name
    elseif role == "value" or role == "string" then
      args[#args + 1] = name
      call[#call + 1] = name
    elseif role == "def" then
      args[#args + 1] = name
      local default
      if p.default then
        local dargs = {}
        for i, d in ipairs(p.default_args or {}) do dargs[i] = "a_" .. d end
        default = "lib." .. p.default .. "(" .. table.concat(dargs, ", ") .. ")"
      else
        default = string.format("ffi.new(%q)", p.struct)
      end
      call[#call + 1] = string.format("fill(%q, %s, %s or EMPTY)", p.struct, default, name)
    elseif role == "out" then
      locals[#locals + 1] = string.format("local %s, size_%s = ffi.new(%q), ffi.sizeof(%q)", name, p.name,
        p.struct, p.struct)
      pre[#pre + 1] = string.format("ffi.fill(%s, size_%s)", name, p.name)
      call[#call + 1] = name
      post[#post + 1] = string.format("to_table(%q, %s)", p.struct, name)
    elseif role == "out_value" then
      locals[#locals + 1] = string.format("local %s = ffi.new(%q)", name, p.ctype .. "[1]")
      pre[#pre + 1] = name .. "[0] = 0"
      call[#call + 1] = name
      post[#post + 1] = value(p.kind, name .. "[0]")
    elseif role == "out_array" then
      -- grown to the capacity wanted, never shrunk
      local ctype = p.struct or p.ctype
      locals[#locals + 1] = string.format("local %s, room = ffi.new(%q, 64), 64", name, ctype .. "[?]")
      if p.cap.fn then
        if not world then error("wary.ffi: " .. fn.c .. ": @cap(" .. p.cap.fn .. ") needs the world first") end
        pre[#pre + 1] = string.format("local cap = lib.%s(%s)", p.cap.fn, world)
      else
        pre[#pre + 1] = "local cap = " .. tostring(p.cap.value)
      end
      pre[#pre + 1] = string.format("if cap > room then %s, room = ffi.new(%q, cap), cap end", name, ctype .. "[?]")
      call[#call + 1] = name
      array = p
    elseif role == "cap" then
      call[#call + 1] = "cap"
    else
      error("wary.ffi: " .. fn.c .. ": no wrapper for a parameter of role " .. role)
    end
  end
  local body = pre
  local c = "lib." .. fn.c .. "(" .. table.concat(call, ", ") .. ")"
  local ret = fn.ret
  if array then
    local a = "a_" .. array.name
    body[#body + 1] = "local n = math.min(" .. c .. ", cap)"
    if array.struct then
      body[#body + 1] = string.format("return to_tables(%q, %s, n)", array.struct, a)
    else
      body[#body + 1] = "local t = {}"
      body[#body + 1] = "for i = 1, n do t[i] = " .. value(array.kind, a .. "[i - 1]") .. " end"
      body[#body + 1] = "return t"
    end
  elseif ret.role == "void" then
    body[#body + 1] = c
  elseif ret.role == "value" and #post == 0 then
    body[#body + 1] = "return " .. value(ret.kind, c)
  elseif ret.role == "value" then
    body[#body + 1] = "local r = " .. value(ret.kind, c)
    body[#body + 1] = "return r, " .. table.concat(post, ", ")
  elseif ret.role == "string" then
    body[#body + 1] = "local s = " .. c
    body[#body + 1] = "if s == nil then return nil end"
    body[#body + 1] = "return ffi.string(s)"
  elseif ret.role == "struct" then
    body[#body + 1] = string.format("return to_table(%q, %s)", ret.struct, c)
  elseif ret.role == "array" then
    body[#body + 1] = string.format("local n = lib.%s(%s)", ret.count, world)
    body[#body + 1] = string.format("return to_tables(%q, %s, n)", ret.struct, c)
  else
    error("wary.ffi: " .. fn.c .. ": no wrapper for a result of role " .. ret.role)
  end
  local lines = { "do" }
  for _, l in ipairs(locals) do lines[#lines + 1] = "  " .. l end
  lines[#lines + 1] = string.format("  B[%q] = function(%s)", fn.name, table.concat(args, ", "))
  for _, l in ipairs(body) do lines[#lines + 1] = "    " .. l end
  lines[#lines + 1] = "  end"
  lines[#lines + 1] = "end"
  return table.concat(lines, "\n")
end

do
  local chunks = { "local B = ..." }
  for _, fn in ipairs(api.functions) do
    if not fn.hand then chunks[#chunks + 1] = wrapper_source(fn) end
  end
  local chunk = assert(load(table.concat(chunks, "\n"), "=wary.ffi (generated wrappers)", "t", env))
  chunk(B)
end

do
  local step_begin, step_end = B.step_begin, B.step_end
  function B.step_begin(w, dt)
    local status = step_begin(w, dt)
    if status == 0 then
      -- Pointers only for a batch that has queries: each is a new cdata.
      local count = lib.wary_query_count(w)
      batch.world, batch.count = w, count
      if count > 0 then
        batch.queries, batch.results = lib.wary_queries(w), lib.wary_results(w)
      else
        batch.queries, batch.results = nil, nil
      end
    end
    return status
  end
  function B.step_end(w)
    if rawequal(w, batch.world) then batch.world = nil end
    return step_end(w)
  end
end

---------------------------------------------------------------------------
-- The custom-sense runner's primitives (lua/wary/runner.lua).

local function field_map(struct)
  local map = {}
  for _, f in ipairs(STRUCTS[struct]) do map[f.name] = f end
  return map
end

local READERS = {
  query = { struct = "wary_sense_query", fields = field_map("wary_sense_query"), count = "wary_query_count",
            array = "wary_queries" },
  event = { struct = "wary_event", fields = field_map("wary_event"), count = "wary_event_count",
            array = "wary_events" },
}

-- A read(w, i): the values of these fields of query (or event) i (an array
-- as its elements), or nothing past the last one. Compiled from source, so
-- that every field is a constant key to LuaJIT.
local function reader(kind, fields, walk)
  local R = READERS[kind]
  local values = {}
  for _, name in ipairs(fields) do
    local f = R.fields[name]
    if not f then error("reader: " .. R.struct .. " has no field '" .. tostring(name) .. "'", 3) end
    if f.kind == "struct" then error("reader: '" .. name .. "' is a struct", 3) end
    if f.count then
      for k = 0, f.count - 1 do values[#values + 1] = string.format("q.%s[%d]", name, k) end
    else
      values[#values + 1] = f.kind == "u64" and "tonumber(q." .. name .. ")" or "q." .. name
    end
  end
  -- A query of the world whose batch is kept is read from its array.
  local kept = kind == "query" and {
    "  if rawequal(w, batch.world) then",
    "    if i < 0 or i >= batch.count then return end",
    "    local q = batch.queries[i]",
    "    return " .. table.concat(values, ", "),
    "  end",
  } or {}
  local source = walk and table.concat({
    "local lib, live, tonumber, batch, rawequal = ...",
    "return function(w, mask, from)",
    "  local i = lib.wary_event_next(live(w), mask, from < 0 and 0 or from > 2147483647 and 2147483647 or from)",
    "  if i >= lib.wary_event_count(w) then return i end",
    "  local q = lib.wary_events(w)[i]",
    "  return i, " .. table.concat(values, ", "),
    "end",
  }, "\n") or table.concat({
    "local lib, live, tonumber, batch, rawequal = ...",
    "return function(w, i)",
    table.concat(kept, "\n"),
    "  if i < 0 or i >= lib." .. R.count .. "(live(w)) then return end",
    "  local q = lib." .. R.array .. "(w)[i]",
    "  return " .. table.concat(values, ", "),
    "end",
  }, "\n")
  return assert(load(source, "=wary.ffi (" .. kind .. " reader)"))(lib, live, tonumber, batch, rawequal)
end

function B.query_reader(fields) return reader("query", fields) end
function B.event_reader(fields) return reader("event", fields) end
-- walk(w, mask, from): wary_event_next's index and that event's fields (the
-- index alone past the last one).
function B.event_walker(fields) return reader("event", fields, true) end

-- Query i's result active with these (validated by the runner); a location
-- when x is given.
function B.set_query_result(w, i, confidence, accuracy, x, y, z)
  local r
  if rawequal(w, batch.world) then
    if i < 0 or i >= batch.count then return ffi.C.WARY_ERR_NOT_FOUND end
    r = batch.results[i]
  else
    if i < 0 or i >= lib.wary_query_count(live(w)) then return ffi.C.WARY_ERR_NOT_FOUND end
    r = lib.wary_results(w)[i]
  end
  r.active = true
  r.confidence = confidence
  r.accuracy = accuracy
  if x ~= nil then
    r.has_location = true
    local l = r.location
    l[0], l[1], l[2] = x, y, z
  else
    r.has_location = false
  end
  return 0
end

return B
