-- The LuaJIT cdef (lua/wary/cdef.lua) must stay a copy of the block of
-- src/wary.h between /* cdef-begin */ and /* cdef-end */, LuaJIT must accept
-- it, and the FFI backend must have a B.<name> for every function it declares.

local function repo_root()
  local root = os.getenv("WARY_ROOT")
  if root and root ~= "" then
    return root
  end
  local source = debug.getinfo(1, "S").source:gsub("^@", "")
  local spec_dir = source:match("^(.*)[/\\][^/\\]*$") or "."
  return spec_dir .. "/.."
end

local ROOT = repo_root()

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function header_block()
  local header = read_file(ROOT .. "/src/wary.h")
  local _, begin_end = header:find("/* cdef-begin */", 1, true)
  local end_start = header:find("/* cdef-end */", 1, true)
  assert(begin_end and end_start and begin_end < end_start, "src/wary.h has no cdef markers")
  return header:sub(begin_end + 1, end_start - 1)
end

local function cdef_text()
  local text = dofile(ROOT .. "/lua/wary/cdef.lua")
  assert(type(text) == "string", "lua/wary/cdef.lua must return a string")
  return text
end

local function normalize(text)
  text = text:gsub("/%*.-%*/", " "):gsub("//[^\n]*", " "):gsub("%s+", " ")
  return (text:match("^%s*(.-)%s*$"))
end

local function captures(text, pattern)
  local found = {}
  for name in normalize(text):gmatch(pattern) do
    found[#found + 1] = name
  end
  return found
end

-- The function names declared (wary_<name>(...)), without the prefix.
local function declared_functions(text)
  return captures(text, "wary_([%w_]+)%s*%(")
end

local function declared_structs(text)
  return captures(text, "typedef struct (wary_[%w_]+) {")
end

-- Replaced by B.events and B.run_queries (docs/backends.md).
local REPLACED = {
  event_count = true,
  queries = true,
  results = true,
  query_count = true,
  query_fail = true,
  inbox_count = true,
  inbox = true,
  inbox_fail = true,
}

local function backend()
  return require("wary.ffi")
end

describe("cdef", function()
  it("is the block of src/wary.h between the cdef markers", function()
    local header, copy = normalize(header_block()), normalize(cdef_text())
    -- The first declaration that differs says more than two pages of text.
    local declarations = {}
    for d in copy:gmatch("[^;]*;?") do
      declarations[#declarations + 1] = d
    end
    local i = 1
    for d in header:gmatch("[^;]*;?") do
      assert.are.equal(d, declarations[i], "declaration " .. i)
      i = i + 1
    end
    assert.are.equal(header, copy)
  end)

  if not jit then
    pending("is accepted by LuaJIT's ffi.cdef (LuaJIT only)")
    pending("gives the FFI backend the same layouts (LuaJIT only)")
    pending("has a B.<name> in the FFI backend for every function (LuaJIT only)")
    return
  end

  local ffi = require("ffi")

  -- The whole text under fresh names, so that it is really parsed even when
  -- wary.ffi has already declared the real ones in this Lua state.
  local function renamed_cdef()
    local n = 0
    local lower, upper
    repeat
      n = n + 1
      lower, upper = "wary_spec" .. n .. "_", "WARY_SPEC" .. n .. "_"
    until not pcall(ffi.typeof, lower .. "stats")
    ffi.cdef((cdef_text():gsub("wary_", lower):gsub("WARY_", upper)))
    return lower, upper
  end

  it("is accepted by LuaJIT's ffi.cdef", function()
    local lower, upper = renamed_cdef()
    local structs = declared_structs(cdef_text())
    assert.is_true(#structs > 10, "the spec finds the declared structs")
    for _, struct in ipairs(structs) do
      local renamed = lower .. struct:sub(#"wary_" + 1)
      assert.is_true(ffi.sizeof(renamed) > 0, renamed)
    end
    assert.are.equal(16, ffi.C[upper .. "MAX_PROFILE_SENSES"])
    assert.are.equal(-7, ffi.C[upper .. "ERR_IN_STEP"])
  end)

  it("gives the FFI backend the same layouts", function()
    backend()
    local lower = renamed_cdef()
    for _, struct in ipairs(declared_structs(cdef_text())) do
      local renamed = lower .. struct:sub(#"wary_" + 1)
      assert.are.equal(ffi.sizeof(renamed), ffi.sizeof(struct), struct)
    end
    assert.are.equal(ffi.offsetof(lower .. "belief", "muted"), ffi.offsetof("wary_belief", "muted"))
    assert.are.equal(ffi.offsetof(lower .. "stats", "beliefs"), ffi.offsetof("wary_stats", "beliefs"))
  end)

  it("has a B.<name> in the FFI backend for every function", function()
    local B = backend()
    local names = declared_functions(cdef_text())
    assert.is_true(#names > 60, "the spec finds the declared functions")
    local missing = {}
    for _, name in ipairs(names) do
      if not REPLACED[name] and type(B[name]) ~= "function" then
        missing[#missing + 1] = name
      end
    end
    assert.are.same({}, missing)
    assert.is_function(B.run_queries)
    assert.are.equal("luajit", B.backend)
  end)
end)
