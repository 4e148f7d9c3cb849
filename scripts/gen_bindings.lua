-- scripts/gen_bindings.lua: the Lua bindings of wary, generated from src/wary.h.
--
--   lua5.4 scripts/gen_bindings.lua             regenerate the committed files (luajit works too)
--   lua5.4 scripts/gen_bindings.lua --check     exit 1, naming each file, if regenerating changes any
--   lua5.4 scripts/gen_bindings.lua --header H --out DIR     from header H into DIR (CMake: the build tree)
--
-- As sokol's bindgen (gen_ir.py turns a header into a small IR, one generator
-- per language writes from it), it reads the block of the header between
-- /* cdef-begin */ and /* cdef-end */ into an IR and writes four files:
--
--   cdef.lua    the declarations LuaJIT's ffi.cdef reads (handle types as uint32_t)
--   core_gen.h  the Lua 5.4 module's field descriptors (each with a compile-time
--               check of its member's C type), a wrapper per function and their
--               registration; lua/wary/core.c includes it
--   api.lua     the IR the FFI backend (lua/wary/ffi.lua) builds its wrappers from:
--               every struct's fields, every function's parameters by role
--   enums.lua   constants, status codes and texts, and every named enum's names
--               (require("wary.enums"))
--
-- The IR (parse() returns it):
--   { decls = { decl, ... } in header order, types = { [name] = decl }, funcs = { func, ... },
--     consts = { [NAME] = value } }
--   decl.kind: "alias" (typedef uint32_t wary_id), "opaque" (typedef struct wary_world wary_world),
--     "handle" (typedef struct wary_X_id { uint32_t id; } wary_X_id), "struct", "enum" (named),
--     "consts" (an anonymous enum), "fnptr" (a function pointer typedef), "func" (a prototype)
--   a type: { base = "wary_world", const = true, ptr = 1 }
--   struct fields: { name, type, count (C array length or nil), comment, notes }
--   enum items: { name, value, comment }; func: { name, ret, params = { { name, type } }, comment, notes }
--   notes: the annotations of a comment, @name(argument) (see wary.h's conventions).
-- lua_shape() then gives every function its Lua form: each parameter's role
-- (world, value, string, def, out, out_value, out_array, cap) and its result's.
--
-- Written for Lua 5.1 to 5.4 and LuaJIT without extra modules; the output does
-- not depend on the interpreter (no pairs() order, no floats).

local M = {}

local unpack = table.unpack or unpack

local REGENERATE = "lua5.4 scripts/gen_bindings.lua"

local function fail(fmt, ...)
  error("gen_bindings: " .. string.format(fmt, ...), 0)
end

-- Functions whose Lua wrappers are written by hand in both backends, and why.
local HAND = {
  wary_world_create = "returns the world handle: a full userdata with __gc (5.4), a cdata with ffi.gc (LuaJIT)",
  wary_world_destroy = "the handle stays safe to use and to destroy again",
  wary_world_save = "returns the snapshot as a Lua string (two calls: its size, then the bytes)",
  wary_world_load = "takes the snapshot as a Lua string",
  wary_snapshot_actors = "takes the snapshot as a Lua string; returns its actors' ids and profiles as two lists",
}

-- ---- lexer ------------------------------------------------------------------

-- Tokens { t = "id" | "num" | "p", v = text, line }; comments { text, line, last
-- (its last line), before (the index of the token after it) }.
local function lex(text, file, first_line)
  local tokens, comments = {}, {}
  local i, line, n = 1, first_line, #text
  while i <= n do
    local c = text:sub(i, i)
    if c == "\n" then
      line = line + 1
      i = i + 1
    elseif c:match("%s") then
      i = i + 1
    elseif text:sub(i, i + 1) == "/*" then
      local e = text:find("*/", i + 2, true)
      if not e then fail("%s:%d: unterminated comment", file, line) end
      local body = text:sub(i + 2, e - 1)
      local _, newlines = body:gsub("\n", "")
      comments[#comments + 1] = { text = body, line = line, last = line + newlines, before = #tokens + 1 }
      line = line + newlines
      i = e + 2
    elseif text:sub(i, i + 1) == "//" then
      local e = text:find("\n", i, true) or n + 1
      comments[#comments + 1] = { text = text:sub(i + 2, e - 1), line = line, last = line, before = #tokens + 1 }
      i = e
    elseif c:match("[%a_]") then
      local word = text:match("^[%w_]+", i)
      tokens[#tokens + 1] = { t = "id", v = word, line = line }
      i = i + #word
    elseif c:match("%d") then
      local num = text:match("^0[xX]%x+", i) or text:match("^%d+", i)
      local suffix = text:match("^[uUlL]*", i + #num)
      tokens[#tokens + 1] = { t = "num", v = num, line = line }
      i = i + #num + #suffix
    elseif c == "#" then
      fail("%s:%d: a preprocessor line inside the cdef block", file, line)
    elseif ("{}()[];,*=-"):find(c, 1, true) then
      tokens[#tokens + 1] = { t = "p", v = c, line = line }
      i = i + 1
    else
      fail("%s:%d: unexpected character '%s'", file, line, c)
    end
  end
  return tokens, comments
end

-- A comment's text on one line: the leading "*" of block comment lines and
-- the annotations taken out (into notes).
local KNOWN_NOTES = { cap = true, count = true }

local function comment_text(raw, file, line, notes)
  local parts = {}
  for l in (raw .. "\n"):gmatch("([^\n]*)\n") do
    l = l:gsub("^%s*%*+%s?", ""):gsub("^%s+", ""):gsub("%s+$", "")
    if l ~= "" then parts[#parts + 1] = l end
  end
  local text = table.concat(parts, " ")
  text = text:gsub("@([%a_][%w_]*)%(%s*([^)]-)%s*%)", function(name, value)
    if not KNOWN_NOTES[name] then
      fail("%s:%d: unknown annotation @%s (known: @cap, @count)", file, line, name)
    end
    if notes[name] then fail("%s:%d: @%s given twice", file, line, name) end
    notes[name] = value
    return ""
  end)
  return (text:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

-- ---- parser -----------------------------------------------------------------

local function type_text(T)
  return (T.const and "const " or "") .. T.base .. (T.ptr > 0 and " " .. ("*"):rep(T.ptr) or "")
end

local function decl_text(T, name)
  local t = type_text(T)
  return t .. (T.ptr > 0 and "" or " ") .. name
end

local function parser(tokens, comments, file)
  local p = 1
  local P = {}

  local function here()
    local t = tokens[p] or tokens[#tokens]
    return t and t.line or 0
  end

  function P.fail(fmt, ...)
    fail("%s:%d: " .. fmt, file, here(), ...)
  end

  function P.peek(k) return tokens[p + (k or 0)] end
  function P.pos() return p end
  function P.done() return p > #tokens end

  function P.accept(v)
    local t = tokens[p]
    if t and t.v == v and t.t ~= "num" then
      p = p + 1
      return true
    end
    return false
  end

  function P.expect(v)
    if not P.accept(v) then
      local t = tokens[p]
      P.fail("expected '%s', got '%s'", v, t and t.v or "the end of the block")
    end
  end

  function P.take()
    local t = tokens[p]
    if not t then P.fail("unexpected end of the block") end
    p = p + 1
    return t
  end

  function P.ident()
    local t = tokens[p]
    if not t or t.t ~= "id" then P.fail("expected a name, got '%s'", t and t.v or "the end of the block") end
    p = p + 1
    return t.v
  end

  function P.type()
    local T = { const = P.accept("const"), ptr = 0 }
    T.base = P.ident()
    if T.base == "struct" or T.base == "enum" or T.base == "unsigned" or T.base == "signed" then
      P.fail("write '%s ...' types through their typedef name", T.base)
    end
    if P.accept("const") then T.const = true end
    while P.accept("*") do
      T.ptr = T.ptr + 1
      P.accept("const")
    end
    return T
  end

  -- The comments after token index last on its line, up from token index first.
  function P.trailing(first, last, notes)
    local texts = {}
    for _, c in ipairs(comments) do
      if c.before > first and c.before <= last + 1 and c.line == tokens[last].line then
        texts[#texts + 1] = comment_text(c.text, file, c.line, notes)
      end
    end
    return table.concat(texts, " ")
  end

  -- The comments right above token index first (no blank line between), not
  -- those that end the line of the token before it.
  function P.leading(first, notes)
    local above, line = {}, tokens[first].line
    local prev_line = first > 1 and tokens[first - 1].line or -1
    for k = #comments, 1, -1 do
      local c = comments[k]
      if c.before == first and c.last == line - 1 and c.line > prev_line then
        table.insert(above, 1, c)
        line = c.line
      elseif c.before < first then
        break
      end
    end
    local texts = {}
    for _, c in ipairs(above) do texts[#texts + 1] = comment_text(c.text, file, c.line, notes) end
    return table.concat(texts, " ")
  end

  return P
end

local function parse_value(P, consts)
  local negative = P.accept("-")
  local t = P.take()
  local v
  if t.t == "num" then
    v = tonumber(t.v)
  elseif t.t == "id" then
    v = consts[t.v]
    if v == nil then P.fail("'%s' is not a constant defined above", t.v) end
  else
    P.fail("expected an integer constant, got '%s'", t.v)
  end
  return negative and -v or v
end

local function parse_items(P, consts, file)
  local items = {}
  local next_value = 0
  P.expect("{")
  while not P.accept("}") do
    local first = P.pos()
    local name = P.ident()
    local value = next_value
    if P.accept("=") then value = parse_value(P, consts) end
    local last = P.pos() - 1
    if P.accept(",") then last = P.pos() - 1 end
    local notes = {}
    local item = { name = name, value = value, comment = P.trailing(first, last, notes) }
    if next(notes) then fail("%s: @annotations belong to functions and struct fields, not to %s", file, name) end
    if consts[name] ~= nil then P.fail("'%s' defined twice", name) end
    consts[name] = value
    items[#items + 1] = item
    next_value = value + 1
  end
  return items
end

local function parse_fields(P, struct)
  local fields = {}
  P.expect("{")
  while not P.accept("}") do
    local first = P.pos()
    local T = P.type()
    if P.peek() and P.peek().v == "(" then P.fail("%s: write a function pointer member through a typedef", struct) end
    local f = { type = T, name = P.ident() }
    if P.accept("[") then
      local t = P.take()
      f.count = t.t == "num" and tonumber(t.v) or P.consts[t.v]
      if not f.count then P.fail("%s.%s: an array length is a number or a constant defined above", struct, f.name) end
      P.expect("]")
    end
    if P.peek() and P.peek().v == "," then P.fail("%s.%s: one member per declaration", struct, f.name) end
    P.expect(";")
    f.notes = {}
    f.comment = P.trailing(first, P.pos() - 1, f.notes)
    fields[#fields + 1] = f
  end
  if #fields == 0 then P.fail("struct %s has no members", struct) end
  return fields
end

local function parse_params(P)
  local params = {}
  P.expect("(")
  if P.peek() and P.peek().v == "void" and P.peek(1) and P.peek(1).v == ")" then
    P.take()
    P.take()
    return params
  end
  repeat
    local T = P.type()
    local name = P.ident()
    params[#params + 1] = { type = T, name = name }
  until not P.accept(",")
  P.expect(")")
  return params
end

-- The block of the header between the cdef markers, and its first line.
local function cdef_block(header, file)
  local _, b = header:find("/* cdef-begin */", 1, true)
  local e = header:find("/* cdef-end */", 1, true)
  if not b or not e or e < b then fail("%s: no /* cdef-begin */ ... /* cdef-end */ block", file) end
  local _, lines_before = header:sub(1, b):gsub("\n", "")
  return header:sub(b + 1, e - 1), lines_before + 1
end

-- The IR of the header text (file names it in messages).
function M.parse(header, file)
  file = file or "wary.h"
  local block, first_line = cdef_block(header, file)
  local tokens, comments = lex(block, file, first_line)
  local P = parser(tokens, comments, file)
  local ir = { decls = {}, types = {}, funcs = {}, consts = {} }
  P.consts = ir.consts

  local function add(d)
    ir.decls[#ir.decls + 1] = d
    if d.kind == "func" then
      if ir.types[d.name] or ir.funcs[d.name] then P.fail("'%s' declared twice", d.name) end
      ir.funcs[#ir.funcs + 1] = d
      ir.funcs[d.name] = d
    elseif d.name then
      if ir.types[d.name] then P.fail("'%s' declared twice", d.name) end
      ir.types[d.name] = d
    end
  end

  while not P.done() do
    local first = P.pos()
    local notes = {}
    local comment = P.leading(first, notes)
    if P.accept("typedef") then
      if P.accept("struct") then
        local tag = P.ident()
        if P.peek() and P.peek().v == "{" then
          local fields = parse_fields(P, tag)
          local name = P.ident()
          if name ~= tag then P.fail("typedef struct %s { ... } %s: the two names differ", tag, name) end
          P.expect(";")
          local f = fields[1]
          if #fields == 1 and f.name == "id" and f.type.base == "uint32_t" and f.type.ptr == 0 and not f.count
            and name:match("^wary_[%w_]+_id$") then
            add({ kind = "handle", name = name, comment = comment })
          else
            add({ kind = "struct", name = name, fields = fields, comment = comment })
          end
        else
          local name = P.ident()
          P.expect(";")
          add({ kind = "opaque", name = name, tag = tag, comment = comment })
        end
      elseif P.accept("enum") then
        local tag = P.ident()
        local items = parse_items(P, ir.consts, file)
        local name = P.ident()
        if name ~= tag then P.fail("typedef enum %s { ... } %s: the two names differ", tag, name) end
        P.expect(";")
        add({ kind = "enum", name = name, items = items, comment = comment })
      else
        local T = P.type()
        if P.accept("(") then
          P.expect("*")
          local name = P.ident()
          P.expect(")")
          local params = parse_params(P)
          P.expect(";")
          add({ kind = "fnptr", name = name, ret = T, params = params, comment = comment })
        else
          local name = P.ident()
          P.expect(";")
          add({ kind = "alias", name = name, type = T, comment = comment })
        end
      end
    elseif P.accept("enum") then
      local items = parse_items(P, ir.consts, file)
      P.expect(";")
      add({ kind = "consts", items = items, comment = comment })
    else
      local ret = P.type()
      local name = P.ident()
      local params = parse_params(P)
      P.expect(";")
      local trailing = P.trailing(first, P.pos() - 1, notes)
      if trailing ~= "" then comment = comment == "" and trailing or comment .. " " .. trailing end
      add({ kind = "func", name = name, ret = ret, params = params, comment = comment, notes = notes })
    end
    if next(notes) and ir.decls[#ir.decls].kind ~= "func" then
      fail("%s: @annotations belong to functions and struct fields", file)
    end
  end
  return ir
end

-- ---- types: what a C type is to Lua ----------------------------------------------

local PRIM = {
  float = "float", double = "float", int = "int", int32_t = "int", uint32_t = "uint",
  uint64_t = "u64", int64_t = "i64", bool = "bool", void = "void", char = "char", size_t = "u64",
}

-- The kind of a type without its pointers: float, int, uint, u64, i64, bool,
-- void, char, handle, struct, opaque, fnptr or enum.
local function base_kind(ir, base)
  if PRIM[base] then return PRIM[base] end
  local d = ir.types[base]
  if not d then fail("unknown type '%s'", base) end
  if d.kind == "alias" then
    if d.type.ptr > 0 then fail("%s: a pointer typedef", base) end
    return base_kind(ir, d.type.base)
  end
  return d.kind
end
M.base_kind = base_kind

local VALUE = { float = true, int = true, uint = true, u64 = true, bool = true, handle = true }

-- ---- the Lua shape of every struct and function ----------------------------------

-- Struct fields as the backends see them: kind (a VALUE kind or "struct"),
-- count, struct (the nested struct) and used (the int32_t field counting the
-- used elements, from @count). Pointer and function pointer members are not
-- exposed (exposed = false).
local function field_shapes(ir, s)
  for _, f in ipairs(s.fields) do
    local kind = base_kind(ir, f.type.base)
    if f.type.ptr > 0 or kind == "fnptr" then
      f.exposed = false
    elseif VALUE[kind] or kind == "struct" then
      f.exposed = true
      f.kind = kind
      if kind == "struct" then f.struct = f.type.base end
    else
      fail("%s.%s: a member of type %s is not supported", s.name, f.name, type_text(f.type))
    end
    if f.notes.cap then fail("%s.%s: @cap belongs to functions", s.name, f.name) end
    if f.notes.count then
      if not f.count then fail("%s.%s: @count(%s) on a member that is not an array", s.name, f.name, f.notes.count) end
      local used
      for _, g in ipairs(s.fields) do
        if g.name == f.notes.count then used = g end
      end
      if not used or used.type.base ~= "int32_t" or used.type.ptr > 0 or used.count then
        fail("%s.%s: @count(%s) names no int32_t member of %s", s.name, f.name, f.notes.count, s.name)
      end
      f.used = used.name
    end
  end
end

local function is_world(ir, T)
  return T.ptr == 1 and base_kind(ir, T.base) == "opaque"
end

-- The default function of a def struct: wary_default_<X> for wary_<X>.
local function default_of(ir, struct)
  local f = ir.funcs["wary_default_" .. struct:gsub("^wary_", "")]
  if f and f.ret.base == struct and f.ret.ptr == 0 then return f end
end

local function value_shape(ir, T, where)
  local kind = base_kind(ir, T.base)
  if T.ptr == 0 and VALUE[kind] then return kind end
  if kind == "enum" then fail("%s: use int32_t for an enum value (the C enum's size is the compiler's)", where) end
  return nil
end

-- Every function's Lua form: fn.lua = { name (B.<name>), hand, params, ret }.
-- params: { name, role, kind, ctype, struct, default, default_args, cap }
--   world: the world handle; value: a number, integer, boolean or handle (kind);
--   string: const char *; def: a const struct pointer, a table over the
--   struct's default (default_args: the parameters the default takes, by
--   name); out: a struct written by the call, returned as a table; out_value:
--   a value written through a pointer, returned; out_array + cap: an array of
--   a capacity given by @cap (a constant or a function of the world),
--   returned as a sequence.
-- ret.role: void, value (kind), string, struct, array (@count: the function
--   giving its length) or world (hand-written).
function M.lua_shape(ir)
  for _, d in ipairs(ir.decls) do
    if d.kind == "struct" then field_shapes(ir, d) end
  end
  for _, fn in ipairs(ir.funcs) do
    local where = fn.name
    local lua = { name = fn.name:gsub("^wary_", ""), hand = HAND[fn.name], params = {}, c = fn.name }
    fn.lua = lua
    local params = fn.params
    for i, prm in ipairs(params) do
      local T, p = prm.type, { name = prm.name }
      local kind = base_kind(ir, T.base)
      local at = where .. ", parameter '" .. prm.name .. "'"
      if prm.name == "L" then fail("%s: a parameter named L would hide the lua_State of the 5.4 wrappers", at) end
      if is_world(ir, T) then
        p.role = "world"
      elseif prm.name == "cap" and i > 1 and lua.params[i - 1].role == "out_array" then
        p.role, p.kind = "cap", "int"
      elseif value_shape(ir, T, at) then
        p.role, p.kind, p.ctype = "value", kind, T.base
      elseif T.ptr == 1 and T.const and kind == "char" then
        p.role = "string"
      elseif T.ptr == 1 and T.const and kind == "struct" then
        p.role, p.struct = "def", T.base
        local def = default_of(ir, T.base)
        if def then
          p.default = def.name
          for _, a in ipairs(def.params) do
            local found
            for _, q in ipairs(params) do
              if q.name == a.name and type_text(q.type) == type_text(a.type) then found = q end
            end
            if not found then
              fail("%s: its default %s takes '%s', which %s does not have", at, def.name, a.name, fn.name)
            end
            p.default_args = p.default_args or {}
            p.default_args[#p.default_args + 1] = a.name
          end
        end
      elseif T.ptr == 1 and not T.const and (kind == "struct" or VALUE[kind]) then
        local nxt = params[i + 1]
        local is_array = nxt and nxt.name == "cap" and nxt.type.base == "int32_t" and nxt.type.ptr == 0
        if is_array then
          if not fn.notes.cap then fail("%s: an array output with a capacity needs @cap(...) in its comment", at) end
          p.role, p.kind = "out_array", kind
          if kind == "struct" then p.struct = T.base else p.ctype = T.base end
          local cap = fn.notes.cap
          if ir.consts[cap] then
            p.cap = { const = cap, value = ir.consts[cap] }
          elseif ir.funcs[cap] and #ir.funcs[cap].params == 1 and is_world(ir, ir.funcs[cap].params[1].type) then
            p.cap = { fn = cap }
          else
            fail("%s: @cap(%s) is neither a constant nor a function of the world", where, cap)
          end
        elseif kind == "struct" then
          p.role, p.struct = "out", T.base
        else
          p.role, p.kind, p.ctype = "out_value", kind, T.base
        end
      else
        if not lua.hand then fail("%s: a parameter of type %s is not supported", at, type_text(T)) end
        p.role = "other"
      end
      lua.params[i] = p
    end
    local has_array = false
    for _, p in ipairs(lua.params) do has_array = has_array or p.role == "out_array" end
    if fn.notes.cap and not has_array then fail("%s: @cap without an array output (T *out, int32_t cap)", where) end
    local R = fn.ret
    local rkind = base_kind(ir, R.base)
    if R.ptr == 0 and rkind == "void" then
      lua.ret = { role = "void" }
    elseif value_shape(ir, R, where .. ", its result") then
      lua.ret = { role = "value", kind = rkind, ctype = R.base }
    elseif R.ptr == 1 and R.const and rkind == "char" then
      lua.ret = { role = "string" }
    elseif R.ptr == 0 and rkind == "struct" then
      lua.ret = { role = "struct", struct = R.base }
    elseif R.ptr == 1 and rkind == "struct" then
      local count = fn.notes.count
      if not count then
        fail("%s: a function returning an array needs @count(the function giving its length)", where)
      end
      local cf = ir.funcs[count]
      if not cf or base_kind(ir, cf.ret.base) ~= "int" or cf.ret.ptr > 0 then
        fail("%s: @count(%s) names no function returning int32_t", where, count)
      end
      lua.ret = { role = "array", struct = R.base, count = count }
    elseif is_world(ir, R) then
      lua.ret = { role = "world" }
    else
      fail("%s: a result of type %s is not supported", where, type_text(R))
    end
    if fn.notes.count and lua.ret.role ~= "array" then fail("%s: @count on a function that returns no array", where) end
    if lua.ret.role == "world" and not lua.hand then
      fail("%s: a function returning the world is written by hand: add it to HAND in scripts/gen_bindings.lua", where)
    end
  end
  return ir
end

-- ---- writing ----------------------------------------------------------------------

local function banner(comment, header_file)
  return string.format("%s Generated by scripts/gen_bindings.lua from %s; do not edit. Regenerate: %s",
    comment, header_file, REGENERATE)
end

local function join(lines) return table.concat(lines, "\n") .. "\n" end

-- Lua source of a string (plain ASCII and UTF-8 text only).
local function quote(s)
  if s:find("[%c]") then fail("a control character in %q", s) end
  return '"' .. s:gsub("\\", "\\\\"):gsub('"', '\\"') .. '"'
end

local KEYWORDS = {}
for w in ([[and break do else elseif end false for function goto if in local nil not or repeat return then true
  until while]]):gmatch("%a+") do KEYWORDS[w] = true end

local function key(name)
  if name:match("^[%a_][%w_]*$") and not KEYWORDS[name] then return name end
  return "[" .. quote(name) .. "]"
end

local function int(v) return string.format("%d", v) end

-- One prototype, its parameters wrapped at 100 columns.
local function prototype(ret_text, name, params, semicolon)
  local args = {}
  for i, p in ipairs(params) do args[i] = decl_text(p.type, p.name) end
  if #args == 0 then args[1] = "void" end
  local head = ret_text .. (ret_text:sub(-1) == "*" and "" or " ") .. name .. "("
  local line = head .. table.concat(args, ", ") .. ")" .. semicolon
  if #line <= 100 then return line end
  local lines, cur = {}, head
  local indent = (" "):rep(#head)
  for i, a in ipairs(args) do
    local piece = a .. (i < #args and "," or ")" .. semicolon)
    if #cur + #piece + 1 > 100 and cur ~= head and cur ~= indent then
      lines[#lines + 1] = cur:gsub("%s+$", "")
      cur = indent
    end
    cur = cur .. piece .. " "
  end
  lines[#lines + 1] = cur:gsub("%s+$", "")
  return table.concat(lines, "\n")
end

-- cdef.lua: the declarations for ffi.cdef, without comments; a handle type is
-- a uint32_t there.
function M.write_cdef(ir, header_file)
  local out = {
    banner("--", header_file),
    "--",
    "-- The declarations LuaJIT's FFI reads (ffi.cdef): the block of " .. header_file .. " between",
    "-- /* cdef-begin */ and /* cdef-end */, without its comments. A handle type, typedef",
    "-- struct wary_X_id { uint32_t id; } wary_X_id, is declared here as uint32_t, so LuaJIT",
    "-- passes and reads plain numbers (and compiles the calls: it does not compile structs passed",
    "-- by value). A struct of one uint32_t passed and returned by value has the ABI of a uint32_t",
    "-- on x64 (SysV and Windows) and arm64, not on 32-bit x86 Linux (it is returned through",
    "-- memory there): wary.ffi refuses to load on other architectures when the header has handles.",
    "return [[",
  }
  local prev_multi = true
  for _, d in ipairs(ir.decls) do
    local text
    if d.kind == "alias" then
      text = "typedef " .. decl_text(d.type, d.name) .. ";"
    elseif d.kind == "opaque" then
      text = "typedef struct " .. d.tag .. " " .. d.name .. ";"
    elseif d.kind == "handle" then
      text = "typedef uint32_t " .. d.name .. ";"
    elseif d.kind == "consts" or d.kind == "enum" then
      local lines = { d.kind == "enum" and "typedef enum " .. d.name .. " {" or "enum {" }
      for i, item in ipairs(d.items) do
        lines[#lines + 1] = "  " .. item.name .. " = " .. int(item.value) .. (i < #d.items and "," or "")
      end
      lines[#lines + 1] = d.kind == "enum" and "} " .. d.name .. ";" or "};"
      text = table.concat(lines, "\n")
    elseif d.kind == "struct" then
      local lines = { "typedef struct " .. d.name .. " {" }
      for _, f in ipairs(d.fields) do
        lines[#lines + 1] = "  " .. decl_text(f.type, f.name) .. (f.count and "[" .. int(f.count) .. "]" or "") .. ";"
      end
      lines[#lines + 1] = "} " .. d.name .. ";"
      text = table.concat(lines, "\n")
    elseif d.kind == "fnptr" then
      text = prototype("typedef " .. type_text(d.ret), "(*" .. d.name .. ")", d.params, ";")
    else
      text = prototype(type_text(d.ret), d.name, d.params, ";")
    end
    local multi = text:find("{", 1, true) ~= nil
    if multi or prev_multi then out[#out + 1] = "" end
    out[#out + 1] = text
    prev_multi = multi
  end
  out[#out + 1] = "]]"
  return join(out)
end

-- The name of a named enum's member: its enum's common prefix (whole words)
-- stripped, and ERR_ (the error statuses), lowercased.
local function member_names(d)
  local words = {}
  for i, item in ipairs(d.items) do
    words[i] = {}
    for w in item.name:gmatch("[^_]+") do words[i][#words[i] + 1] = w end
  end
  local common = 0
  while true do
    local w = words[1][common + 1]
    local ok = w ~= nil
    for i = 1, #words do
      -- never the last word of any member
      if not ok or words[i][common + 1] ~= w or #words[i] <= common + 1 then ok = false end
    end
    if not ok then break end
    common = common + 1
  end
  local names = {}
  for i = 1, #d.items do
    local rest = { unpack(words[i], common + 1) }
    if rest[1] == "ERR" and #rest > 1 then table.remove(rest, 1) end
    names[i] = table.concat(rest, "_"):lower()
  end
  return names
end
M.member_names = member_names

-- enums.lua: constants, status codes and texts, and every named enum.
function M.write_enums(ir, header_file)
  local out = {
    banner("--", header_file),
    "--",
    "-- wary.enums: the constants and enums of " .. header_file .. " for the facade.",
    "--   constants      every constant of an anonymous enum, WARY_ stripped",
    "--   status_text    [status] = its comment in the header (without one: its name in words)",
    "--   <X>, <X>_values  for each typedef enum wary_<X>: [value] = name and name = value, the",
    "--                  name without the enum's common prefix (and ERR_), lowercased",
    "return {",
    "  constants = {",
  }
  for _, d in ipairs(ir.decls) do
    if d.kind == "consts" then
      for _, item in ipairs(d.items) do
        out[#out + 1] = "    " .. key((item.name:gsub("^WARY_", ""))) .. " = " .. int(item.value) .. ","
      end
    end
  end
  out[#out + 1] = "  },"
  local status = ir.types.wary_status
  if not status or status.kind ~= "enum" then fail("%s: no typedef enum wary_status", header_file) end
  out[#out + 1] = "  status_text = {"
  local status_names = member_names(status)
  for i, item in ipairs(status.items) do
    local text = item.comment ~= "" and item.comment or status_names[i]:gsub("_", " ")
    out[#out + 1] = "    [" .. int(item.value) .. "] = " .. quote(text) .. ","
  end
  out[#out + 1] = "  },"
  for _, d in ipairs(ir.decls) do
    if d.kind == "enum" then
      local short = d.name:gsub("^wary_", "")
      local names = member_names(d)
      local seen = {}
      out[#out + 1] = "  " .. key(short) .. " = {"
      for i, item in ipairs(d.items) do
        if seen[names[i]] then fail("%s: two members named '%s' once the prefix is stripped", d.name, names[i]) end
        seen[names[i]] = true
        out[#out + 1] = "    [" .. int(item.value) .. "] = " .. quote(names[i]) .. ","
      end
      out[#out + 1] = "  },"
      out[#out + 1] = "  " .. key(short .. "_values") .. " = {"
      for i, item in ipairs(d.items) do
        out[#out + 1] = "    " .. key(names[i]) .. " = " .. int(item.value) .. ","
      end
      out[#out + 1] = "  },"
    end
  end
  out[#out + 1] = "}"
  return join(out)
end

-- A Lua table constructor of the fields given (in order), on one line, or
-- at indent one field a line when that line would pass 120 columns.
local function record(t, order, indent)
  local parts = {}
  for _, k in ipairs(order) do
    local v = t[k]
    if v ~= nil then
      local s
      if type(v) == "string" then
        s = quote(v)
      elseif type(v) == "number" then
        s = int(v)
      elseif type(v) == "table" and v[1] ~= nil or next(v) == nil then
        local items = {}
        for i, x in ipairs(v) do items[i] = quote(x) end
        s = "{ " .. table.concat(items, ", ") .. " }"
      else
        s = record(v, { "const", "value", "fn" })
      end
      parts[#parts + 1] = k .. " = " .. s
    end
  end
  local line = "{ " .. table.concat(parts, ", ") .. " }"
  if not indent or #indent + #line + 1 <= 120 then return line end
  return "{\n" .. indent .. "  " .. table.concat(parts, ",\n" .. indent .. "  ") .. ",\n" .. indent .. "}"
end

local FIELD_ORDER = { "name", "kind", "count", "struct", "used" }
local PARAM_ORDER = { "name", "role", "kind", "ctype", "struct", "default", "default_args", "cap" }
local RET_ORDER = { "role", "kind", "ctype", "struct", "count" }

-- api.lua: the IR for the FFI backend.
function M.write_api(ir, header_file)
  local out = {
    banner("--", header_file),
    "--",
    "-- wary.api: the functions and structs of " .. header_file .. " as the FFI backend",
    "-- (lua/wary/ffi.lua) builds its wrappers from them; scripts/gen_bindings.lua says",
    "-- what each parameter role and field kind means. Functions with hand = why are",
    "-- written by hand in both backends.",
    "return {",
    "  handles = {",
  }
  for _, d in ipairs(ir.decls) do
    if d.kind == "handle" then out[#out + 1] = "    " .. quote(d.name) .. "," end
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "  structs = {"
  for _, d in ipairs(ir.decls) do
    if d.kind == "struct" then
      out[#out + 1] = "    " .. d.name .. " = {"
      for _, f in ipairs(d.fields) do
        if f.exposed then out[#out + 1] = "      " .. record(f, FIELD_ORDER, "      ") .. "," end
      end
      out[#out + 1] = "    },"
    end
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "  functions = {"
  for _, fn in ipairs(ir.funcs) do
    local lua = fn.lua
    out[#out + 1] = "    {"
    out[#out + 1] = "      name = " .. quote(lua.name) .. ", c = " .. quote(fn.name) .. ","
    if lua.hand then out[#out + 1] = "      hand = " .. quote(lua.hand) .. "," end
    out[#out + 1] = "      ret = " .. record(lua.ret, RET_ORDER) .. ","
    out[#out + 1] = "      params = {"
    for _, p in ipairs(lua.params) do out[#out + 1] = "        " .. record(p, PARAM_ORDER, "        ") .. "," end
    out[#out + 1] = "      },"
    out[#out + 1] = "    },"
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "}"
  return join(out)
end

-- ---- core_gen.h: the Lua 5.4 module ---------------------------------------------

local T_TAG = { float = "T_FLOAT", int = "T_INT32", uint = "T_U32", u64 = "T_U64", bool = "T_BOOL", handle = "T_U32" }

-- The C expression reading Lua argument i as a value of kind (ctype).
local function c_check(kind, ctype, i)
  if kind == "float" then return "check_float(L, " .. i .. ")" end
  if kind == "bool" then return "lua_toboolean(L, " .. i .. ")" end
  if kind == "handle" then return "(" .. ctype .. "){ check_u32(L, " .. i .. ") }" end
  if kind == "uint" then return "check_u32(L, " .. i .. ")" end
  return "(" .. ctype .. ")luaL_checkinteger(L, " .. i .. ")"
end

-- The C statement pushing the value v of kind.
local function c_push(kind, v)
  if kind == "float" then return "lua_pushnumber(L, " .. v .. ");" end
  if kind == "bool" then return "lua_pushboolean(L, " .. v .. ");" end
  if kind == "handle" then return "lua_pushinteger(L, (lua_Integer)" .. v .. ".id);" end
  return "lua_pushinteger(L, (lua_Integer)" .. v .. ");"
end

local function c_wrapper(fn, out)
  local lua = fn.lua
  local body, args = {}, {}
  local arg = 1
  local results = {}
  local array
  for i, p in ipairs(lua.params) do
    local role = p.role
    if role == "world" then
      local const = fn.params[i].type.const and "const " or ""
      body[#body + 1] = string.format("  %swary_world *%s = check_world(L, %d);", const, p.name, arg)
      arg = arg + 1
      args[#args + 1] = p.name
    elseif role == "value" then
      body[#body + 1] = string.format("  %s %s = %s;", p.ctype, p.name, c_check(p.kind, p.ctype, arg))
      arg = arg + 1
      args[#args + 1] = p.name
    elseif role == "string" then
      body[#body + 1] = string.format("  const char *%s = luaL_checkstring(L, %d);", p.name, arg)
      arg = arg + 1
      args[#args + 1] = p.name
    elseif role == "def" then
      if p.default then
        body[#body + 1] = string.format("  %s %s = %s(%s);", p.struct, p.name, p.default,
          table.concat(p.default_args or {}, ", "))
      else
        body[#body + 1] = string.format("  %s %s;", p.struct, p.name)
        body[#body + 1] = string.format("  memset(&%s, 0, sizeof %s);", p.name, p.name)
      end
      body[#body + 1] = string.format("  read_arg(L, %d, fields_%s, &%s);", arg, p.struct, p.name)
      arg = arg + 1
      args[#args + 1] = "&" .. p.name
    elseif role == "out" then
      body[#body + 1] = string.format("  %s %s;", p.struct, p.name)
      body[#body + 1] = string.format("  memset(&%s, 0, sizeof %s);", p.name, p.name)
      args[#args + 1] = "&" .. p.name
      results[#results + 1] = string.format("  push_struct(L, fields_%s, &%s);", p.struct, p.name)
    elseif role == "out_value" then
      body[#body + 1] = string.format("  %s %s;", p.ctype, p.name)
      body[#body + 1] = string.format("  memset(&%s, 0, sizeof %s);", p.name, p.name)
      args[#args + 1] = "&" .. p.name
      results[#results + 1] = "  " .. c_push(p.kind, p.name)
    elseif role == "out_array" then
      local T = p.struct or p.ctype
      local cap = p.cap.const or p.cap.fn .. "(" .. lua.params[1].name .. ")"
      if p.cap.fn and lua.params[1].role ~= "world" then
        fail("%s: @cap(%s) needs the world first", fn.name, p.cap.fn)
      end
      body[#body + 1] = string.format("  %s small_%s[OUT_SMALL];", T, p.name)
      body[#body + 1] = string.format("  int32_t cap = %s;", cap)
      body[#body + 1] = string.format("  %s *%s = out_array(L, small_%s, &cap, sizeof *%s);", T, p.name, p.name, p.name)
      args[#args + 1] = p.name
      array = p
    elseif role == "cap" then
      args[#args + 1] = "cap"
    else
      fail("%s: no 5.4 wrapper for a parameter of role %s", fn.name, role)
    end
  end
  local call = fn.name .. "(" .. table.concat(args, ", ") .. ")"
  local R = lua.ret
  local n = 1
  if array then
    if R.role ~= "value" or R.kind ~= "int" then fail("%s: an array output returns its count (int32_t)", fn.name) end
    body[#body + 1] = string.format("  int32_t n = %s;", call)
    if array.struct then
      body[#body + 1] = string.format("  push_structs(L, fields_%s, %s, sizeof *%s, n < cap ? n : cap);",
        array.struct, array.name, array.name)
    else
      body[#body + 1] = string.format("  push_values(L, %s, %s, sizeof *%s, n < cap ? n : cap);",
        T_TAG[array.kind], array.name, array.name)
    end
  elseif R.role == "void" then
    body[#body + 1] = "  " .. call .. ";"
    n = 0
  elseif R.role == "value" then
    if #results == 0 then
      body[#body + 1] = "  " .. c_push(R.kind, call)
    else
      body[#body + 1] = string.format("  %s r = %s;", R.ctype, call)
      body[#body + 1] = "  " .. c_push(R.kind, "r")
    end
  elseif R.role == "string" then
    body[#body + 1] = "  push_string(L, " .. call .. ");"
  elseif R.role == "struct" then
    body[#body + 1] = string.format("  %s r = %s;", R.struct, call)
    body[#body + 1] = string.format("  push_struct(L, fields_%s, &r);", R.struct)
  elseif R.role == "array" then
    local world = lua.params[1]
    if not world or world.role ~= "world" or #lua.params ~= 1 then
      fail("%s: an array result is supported for a function of the world alone", fn.name)
    end
    body[#body + 1] = string.format("  int32_t n = %s(%s);", R.count, world.name)
    body[#body + 1] = string.format("  const %s *r = %s;", R.struct, call)
    body[#body + 1] = string.format("  push_structs(L, fields_%s, r, sizeof *r, r == NULL ? 0 : n);", R.struct)
  else
    fail("%s: no 5.4 wrapper for a result of role %s", fn.name, R.role)
  end
  for _, r in ipairs(results) do body[#body + 1] = r end
  n = n + #results
  out[#out + 1] = "static int w_" .. lua.name .. "(lua_State *L)"
  out[#out + 1] = "{"
  for _, l in ipairs(body) do out[#out + 1] = l end
  out[#out + 1] = "  return " .. n .. ";"
  out[#out + 1] = "}"
  out[#out + 1] = ""
end

-- core_gen.h: field descriptors, wrappers and their registration.
function M.write_core(ir, header_file)
  local out = {
    banner("/*", header_file) .. " */",
    "",
    "/* Included by lua/wary/core.c after the helpers it uses. For every struct of",
    " * " .. header_file .. ", fields_<struct>: a descriptor per member the Lua side sees, whose macro",
    " * checks the member's C type at compile time (an array by its element). For every",
    " * function but the hand-written ones, w_<name>: its Lua wrapper (docs/backends.md),",
    " * registered in generated_functions. */",
    "",
  }
  local handles = {}
  for _, d in ipairs(ir.decls) do
    if d.kind == "handle" then handles[#handles + 1] = d.name end
  end
  if #handles > 0 then
    out[#out + 1] = "/* A handle is read and written as the uint32_t it holds. */"
    for _, h in ipairs(handles) do
      out[#out + 1] = string.format(
        "_Static_assert(sizeof(%s) == sizeof(uint32_t) && offsetof(%s, id) == 0, \"%s is one uint32_t\");", h, h, h)
    end
    out[#out + 1] = ""
  end
  for _, d in ipairs(ir.decls) do
    if d.kind == "struct" then
      out[#out + 1] = "static const field fields_" .. d.name .. "[] = {"
      for _, f in ipairs(d.fields) do
        local C = f.type.base
        if not f.exposed then
          out[#out + 1] = "  /* " .. f.name .. ": a pointer, not exposed */"
        elseif f.kind == "struct" and f.used then
          out[#out + 1] = string.format("  USED_ARRAY(%s, %s, %s, fields_%s, %s),", d.name, f.name, C, C, f.used)
        elseif f.kind == "struct" and f.count then
          out[#out + 1] = string.format("  NESTED_ARRAY(%s, %s, %s, fields_%s),", d.name, f.name, C, C)
        elseif f.kind == "struct" then
          out[#out + 1] = string.format("  NESTED(%s, %s, %s, fields_%s),", d.name, f.name, C, C)
        elseif f.used then
          fail("%s.%s: @count on an array of values is not supported", d.name, f.name)
        elseif f.count then
          out[#out + 1] = string.format("  ARRAY(%s, %s, %s, %s),", d.name, f.name, C, T_TAG[f.kind])
        else
          out[#out + 1] = string.format("  SCALAR(%s, %s, %s, %s),", d.name, f.name, C, T_TAG[f.kind])
        end
      end
      out[#out + 1] = "  END_FIELDS"
      out[#out + 1] = "};"
      out[#out + 1] = ""
    end
  end
  local regs = {}
  for _, fn in ipairs(ir.funcs) do
    if fn.lua.hand then
      out[#out + 1] = "/* " .. fn.name .. ": by hand in core.c (" .. fn.lua.hand .. ") */"
      out[#out + 1] = ""
    else
      c_wrapper(fn, out)
      regs[#regs + 1] = string.format("  { \"%s\", w_%s },", fn.lua.name, fn.lua.name)
    end
  end
  out[#out + 1] = "static const luaL_Reg generated_functions[] = {"
  for _, r in ipairs(regs) do out[#out + 1] = r end
  out[#out + 1] = "  { NULL, NULL },"
  out[#out + 1] = "};"
  return join(out)
end

-- ---- the files ---------------------------------------------------------------------

local OUTPUTS = {
  { file = "cdef.lua", write = "write_cdef" },
  { file = "core_gen.h", write = "write_core" },
  { file = "api.lua", write = "write_api" },
  { file = "enums.lua", write = "write_enums" },
}
M.OUTPUTS = OUTPUTS

-- { [file] = text } for the header text; header_file names it in the outputs.
function M.generate(header, header_file)
  local ir = M.lua_shape(M.parse(header, header_file))
  local texts = {}
  for _, o in ipairs(OUTPUTS) do texts[o.file] = M[o.write](ir, header_file) end
  return texts, ir
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

local function first_difference(a, b)
  local line = 1
  for i = 1, math.max(#a, #b) do
    if a:sub(i, i) ~= b:sub(i, i) then return line end
    if a:sub(i, i) == "\n" then line = line + 1 end
  end
end

local function main(args)
  local script = (debug.getinfo(1, "S").source:gsub("^@", ""))
  local root = script:match("^(.*)[/\\]scripts[/\\][^/\\]+$") or "."
  local header, out, check = root .. "/src/wary.h", root .. "/lua/wary", false
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--check" then
      check = true
    elseif a == "--header" or a == "--out" then
      if not args[i + 1] then fail("%s needs a path", a) end
      if a == "--header" then header = args[i + 1] else out = args[i + 1] end
      i = i + 1
    else
      fail("unknown argument '%s' (usage: gen_bindings.lua [--check] [--header FILE] [--out DIR])", a)
    end
    i = i + 1
  end
  local text = read(header) or fail("cannot read %s", header)
  local texts = M.generate(text, "src/wary.h")
  local stale = {}
  for _, o in ipairs(OUTPUTS) do
    local path = out .. "/" .. o.file
    local old = read(path)
    if old ~= texts[o.file] then
      if check then
        stale[#stale + 1] = string.format("  %s: %s", path, old and "differs from line " ..
          first_difference(old, texts[o.file]) or "missing")
      else
        local f = io.open(path, "wb") or fail("cannot write %s", path)
        f:write(texts[o.file])
        f:close()
      end
    end
  end
  if #stale > 0 then
    io.stderr:write("gen_bindings: the bindings are not current with " .. header .. ":\n",
      table.concat(stale, "\n"), "\nregenerate them: " .. REGENERATE .. "\n")
    os.exit(1)
  end
end

if arg and arg[0] and debug.getinfo(1, "S").source == "@" .. arg[0] then
  local ok, err = pcall(main, arg)
  if not ok then
    io.stderr:write(tostring(err), "\n")
    os.exit(1)
  end
else
  return M
end
