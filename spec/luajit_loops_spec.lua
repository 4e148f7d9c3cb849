-- spec/luajit_loops_spec.lua: no loop of wary's Lua modules is one LuaJIT
-- compiles as ITERN (a `for ... in pairs(t)` or `in next, t`).
--
-- Debian 12's LuaJIT (2.1.0-beta3, the 2022-03-20 snapshot) has LuaJIT
-- issue #827, reported in April 2022 and fixed upstream since: a loop over
-- pairs() whose trace is blacklisted while it runs is patched from ITERN to
-- ITERC, and the next turn hands next() ITERN's hidden index for a key.
-- The loop then ends early or yields a key that is no key of the table
-- (issue #827's own example fails on this machine after about 38,000
-- turns). Now and then it broke a step: world:step raised "bad argument #1
-- to 'band'" (the runner's cache of actors) or "table index is nil"
-- (events.lua's mask of what is listened to), in 8 of 20 and later one of
-- 400 fresh processes that make 300 worlds (spec/support/many_worlds.lua).
-- Loops over tables call pairs by another name (`each`), which LuaJIT's
-- parser does not take for next: docs/backends.md, "Loops over tables".

local lfs = require("lfs") -- busted's own dependency

-- The repository's root: two folders above the wary module the specs load
-- (nil when that module is an installed copy).
local ROOT = (package.searchpath("wary", package.path) or ""):match("^(.*)[/\\]lua[/\\]wary[/\\]init%.lua$")

-- The Lua files under dir (a folder of the repository) and its folders, as
-- paths from the root, sorted.
local function lua_files(dir, files)
  files = files or {}
  for name in lfs.dir(ROOT .. "/" .. dir) do
    local path = dir .. "/" .. name
    if name ~= "." and name ~= ".." then
      if lfs.attributes(ROOT .. "/" .. path, "mode") == "directory" then
        lua_files(path, files)
      elseif name:match("%.lua$") then
        files[#files + 1] = path
      end
    end
  end
  table.sort(files)
  return files
end

-- LuaJIT's bytecode reader, or nil and why the specs cannot read it here (a
-- LuaJIT without its jit/ Lua files, as some bundle it).
local function bytecode()
  if not rawget(_G, "jit") then return nil, "LuaJIT's bytecode only: the LuaJIT pass of the specs runs it" end
  local ok, vmdef = pcall(require, "jit.vmdef")
  if not ok then return nil, "this LuaJIT has no jit.vmdef to name its bytecode" end
  return require("jit.util"), vmdef.bcnames
end

-- Every ITERN or ISNEXT in the function's prototype and those inside it, as
-- "file:line OP".
local function iterns(util, names, fn, file, found)
  local pc = 1
  while true do
    local ins = util.funcbc(fn, pc)
    if not ins then break end
    local o = 6 * (ins % 256)
    local name = names:sub(o + 1, o + 6):gsub(" +$", "")
    if name == "ITERN" or name == "ISNEXT" then
      found[#found + 1] = file .. ":" .. util.funcinfo(fn, pc).currentline .. " " .. name
    end
    pc = pc + 1
  end
  local k = -1
  while true do
    local c = util.funck(fn, k)
    if c == nil then break end
    if type(c) == "proto" then iterns(util, names, c, file, found) end
    k = k - 1
  end
end

describe("wary's Lua modules under LuaJIT", function()
  -- lua/wary, the shipped senses and profiles, and the specs and examples
  -- the LuaJIT pass runs (a spec that fails now and then fails CI); bench/
  -- keeps pairs in the hand-written columns, as a game developer writes them.
  for _, case in ipairs({ { "lua/wary", 30 }, { "senses", 3 }, { "profiles", 2 }, { "spec", 50 },
                         { "examples", 10 } }) do
    local dir = case[1]
    it("have no loop compiled as ITERN, which Debian 12's LuaJIT can break: " .. dir, function()
      local util, names = bytecode()
      if not util or not ROOT then
        pending(names or "wary is not loaded from a repository's lua/wary")
        return
      end
      local files, found = lua_files(dir), {}
      assert.is_true(#files >= case[2])
      for _, file in ipairs(files) do
        iterns(util, names, assert(loadfile(ROOT .. "/" .. file)), file, found)
      end
      assert.are.same({}, found)
    end)
  end

  it("finds such a loop where there is one", function()
    local util, names = bytecode()
    if not util then
      pending(names)
      return
    end
    local found = {}
    iterns(util, names, assert(load("local t = {}\nlocal function f()\nfor k in pairs(t) do end\nend\n"
      .. "for k in next, t do end\nlocal each = pairs\nfor k in each(t) do end\nreturn f")), "probe", found)
    assert.are.same({ "probe:5 ISNEXT", "probe:5 ITERN", "probe:3 ISNEXT", "probe:3 ITERN" }, found)
  end)
end)
