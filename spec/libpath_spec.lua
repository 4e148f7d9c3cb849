-- wary.libpath lists where the FFI backend looks for libwary, so a game finds
-- it with no code of its own: WARY_LIB, beside the folder holding wary/ (the
-- drop-in layout), beside a LÖVE game, the repository's build/, an installed
-- prefix's lib/, then the system's search. A drop-in folder (wary/ and
-- libwary.so copied side by side) loads from any current directory.
local expect = require("spec.support.expect")

local LIBPATH = assert(package.searchpath("wary.libpath", package.path))
local LUA_DIR = LIBPATH:match("^(.*)/wary/libpath%.lua$")   -- lua/ of this checkout
local ROOT = LUA_DIR:match("^(.*)/lua$")

local function read_all(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

-- libpath.lua as if loaded from `chunkname` (how the Lua state names the file).
local function libpath_as(chunkname)
  return assert(load(read_all(LIBPATH), "@" .. chunkname))()
end

-- The list with the environment's WARY_LIB (scripts/busted.sh sets it) first;
-- a path is listed once.
local function with_env(list)
  local env = os.getenv("WARY_LIB")
  if not env or env == "" then return list end
  local out = { env }
  for _, p in ipairs(list) do
    if p ~= env then out[#out + 1] = p end
  end
  return out
end

local function shell_quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function temp_dir()
  local p = assert(io.popen("mktemp -d"))
  local dir = p:read("*l")
  p:close()
  return dir
end

-- Runs a shell command; returns whether it exited 0, and its output (both
-- streams). The status is echoed: LuaJIT's pipe close does not return it.
local function run(command)
  local p = assert(io.popen("(" .. command .. ") 2>&1; echo \"exit $?\"", "r"))
  local out = p:read("*a")
  p:close()
  local status = out:match("exit (%d+)\n$")
  return status == "0", (out:gsub("exit %d+\n$", ""))
end

describe("wary.libpath", function()
  local saved_love, saved_lib

  before_each(function()
    saved_love, saved_lib = rawget(_G, "love"), rawget(_G, "WARY_LIB")
  end)

  after_each(function()
    rawset(_G, "love", saved_love)
    rawset(_G, "WARY_LIB", saved_lib)
  end)

  it("lists WARY_LIB, the global WARY_LIB, beside wary/, the checkout's build/, then the bare name", function()
    rawset(_G, "WARY_LIB", "/opt/game/libwary.so")
    assert.are.same(with_env({ "/opt/game/libwary.so", LUA_DIR .. "/libwary.so", ROOT .. "/build/libwary.so",
      "libwary.so" }), require("wary.libpath")("Linux"))
  end)

  it("names the library by OS", function()
    local libpath = require("wary.libpath")
    assert.are.same(with_env({ LUA_DIR .. "/wary.dll", ROOT .. "/build/wary.dll", "wary.dll" }),
      libpath("Windows"))
    assert.are.same(with_env({ LUA_DIR .. "/libwary.dylib", ROOT .. "/build/libwary.dylib", "libwary.dylib" }),
      libpath("OSX"))
  end)

  it("finds a drop-in copy beside the folder that holds wary/, relative names too", function()
    assert.are.same(with_env({ "/home/me/game/libwary.so", "libwary.so" }),
      libpath_as("/home/me/game/wary/libpath.lua")("Linux"))
    assert.are.same(with_env({ "./libwary.so", "libwary.so" }), libpath_as("wary/libpath.lua")("Linux"))
    assert.are.same(with_env({ "../game/libwary.so", "libwary.so" }),
      libpath_as("../game/wary/libpath.lua")("Linux"))
  end)

  it("finds an installed prefix's lib/ from share/lua/5.x/wary", function()
    assert.are.same(with_env({ "/usr/local/share/lua/5.1/libwary.so", "/usr/local/lib/libwary.so", "libwary.so" }),
      libpath_as("/usr/local/share/lua/5.1/wary/libpath.lua")("Linux"))
    assert.are.same(with_env({ "/p/share/lua/5.4/libwary.so", "/p/lib/libwary.so", "libwary.so" }),
      libpath_as("/p/share/lua/5.4/wary/libpath.lua")("Linux"))
  end)

  describe("under LÖVE", function()
    local base, game

    before_each(function()
      base = temp_dir()
      game = base .. "/mygame"
      assert(os.execute("mkdir -p " .. shell_quote(game) .. " && touch " .. shell_quote(game .. "/main.lua")))
    end)

    after_each(function()
      os.execute("rm -rf " .. shell_quote(base))
    end)

    local function fake_love(source, base_dir, fused)
      rawset(_G, "love", { filesystem = {
        getSource = function() return source end,
        getSourceBaseDirectory = function() return base_dir end,
        isFused = function() return fused end,
      } })
    end

    it("finds it beside main.lua of a game folder (LÖVE names the game's files relative to it)", function()
      fake_love(game, base, false)
      -- wary/ inside the game folder: the drop-in place is beside main.lua.
      assert.are.same(with_env({ game .. "/libwary.so", base .. "/libwary.so", "libwary.so" }),
        libpath_as("wary/libpath.lua")("Linux"))
      -- wary/ in a folder of the game (a require path such as "lib/?.lua").
      assert.are.same(with_env({ game .. "/lib/libwary.so", game .. "/libwary.so", base .. "/libwary.so",
        "libwary.so" }), libpath_as("lib/wary/libpath.lua")("Linux"))
    end)

    it("finds it beside a .love file, never inside it", function()
      fake_love(base .. "/mygame.love", base, false)
      assert.are.same(with_env({ base .. "/libwary.so", "libwary.so" }), libpath_as("wary/libpath.lua")("Linux"))
    end)

    it("finds it beside a fused executable", function()
      -- LÖVE gives the executable's folder as the base directory too; a
      -- different base shows that both are listed.
      fake_love(base .. "/bin/mygame", base, true)
      assert.are.same(with_env({ base .. "/libwary.so", base .. "/bin/libwary.so", "libwary.so" }),
        libpath_as("wary/libpath.lua")("Linux"))
    end)

    it("finds it in a macOS app bundle's Frameworks/, after Resources/ and before MacOS/", function()
      -- A fused game.app: the .love in Contents/Resources, the executable in Contents/MacOS.
      local app = base .. "/My Game.app/Contents"
      fake_love(app .. "/MacOS/love", app .. "/Resources", true)
      assert.are.same(with_env({ app .. "/Resources/libwary.dylib", app .. "/Frameworks/libwary.dylib",
        app .. "/MacOS/libwary.dylib", "libwary.dylib" }), libpath_as("wary/libpath.lua")("OSX"))
      -- Elsewhere, and on other systems, no Frameworks/.
      fake_love(base .. "/mygame.love", base, false)
      assert.are.same(with_env({ base .. "/libwary.dylib", "libwary.dylib" }), libpath_as("wary/libpath.lua")("OSX"))
      fake_love(app .. "/MacOS/love", app .. "/Resources", true)
      assert.are.same(with_env({ app .. "/Resources/libwary.so", app .. "/MacOS/libwary.so", "libwary.so" }),
        libpath_as("wary/libpath.lua")("Linux"))
    end)
  end)

  describe("a drop-in folder (wary/ and libwary.so side by side)", function()
    local dir

    before_each(function()
      dir = temp_dir()
    end)

    after_each(function()
      os.execute("rm -rf " .. shell_quote(dir))
    end)

    -- Marks a spec pending outside LuaJIT (the FFI backend loads libwary.so).
    local function luajit_only()
      if rawget(_G, "jit") then return false end
      pending("LuaJIT only (the FFI backend)")
      return true
    end

    -- Runs `luajit <main>` from `cwd` as a new user would: no LUA_PATH,
    -- LUA_CPATH or WARY_LIB (LD_PRELOAD of the sanitizer build stays).
    local function play(cwd, main)
      return run("cd " .. shell_quote(cwd) .. " && env -u LUA_PATH -u LUA_CPATH -u WARY_LIB luajit "
        .. shell_quote(main))
    end

    local function assemble(with_library)
      assert(os.execute("cp -r " .. shell_quote(LUA_DIR .. "/wary") .. " " .. shell_quote(dir .. "/wary")))
      if with_library then
        assert(os.execute("cp " .. shell_quote(os.getenv("WARY_LIB")) .. " " .. shell_quote(dir .. "/libwary.so")))
      end
      -- A plain Lua program says where its modules are (LÖVE's require does it itself);
      -- the library it then finds is its own business.
      local f = assert(io.open(dir .. "/main.lua", "w"))
      f:write([[
local here = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. here .. "/?/init.lua;" .. package.path
local wary = require("wary")
local world = wary.world{ units_per_meter = 32 }
world:add_box{ min = { 64, -64 }, max = { 96, 64 } }
local loaded = "?"
for line in io.lines("/proc/self/maps") do loaded = line:match("(/%S*libwary%.so)$") or loaded end
print("drop-in ok: " .. wary.backend .. " " .. world:box_count() .. " " .. loaded)
]])
      f:close()
      local p = assert(io.popen("cd " .. shell_quote(dir) .. " && pwd -P"))
      local real = p:read("*l")
      p:close()
      return real
    end

    it("loads its own libwary.so from any current directory", function()
      if luajit_only() then return end
      if not os.getenv("WARY_LIB") then
        pending("run the specs through scripts/busted.sh (WARY_LIB names the library to copy)")
        return
      end
      local real = assemble(true)
      local places = { { "/", dir .. "/main.lua" }, { dir, "main.lua" }, { dir .. "/wary", "../main.lua" } }
      for _, run_from in ipairs(places) do
        local ok, out = play(run_from[1], run_from[2])
        local why = "from " .. run_from[1] .. ": luajit " .. run_from[2] .. "\n" .. out
        assert.is_truthy(ok, why)
        assert.are.equal("drop-in ok: luajit 1 " .. real .. "/libwary.so\n", out:match("drop%-in ok.*$"), why)
      end
    end)

    it("without libwary.so says every place it tried", function()
      if luajit_only() then return end
      assemble(false)
      local ok, out = play("/", dir .. "/main.lua")
      assert.is_falsy(ok)
      expect.mentions(out, "wary.ffi: cannot load libwary (set WARY_LIB to its path); tried:",
        "\n  " .. dir .. "/libwary.so: ", "\n  libwary.so: ")
      assert.is_nil(out:find("a link to a file that is not there", 1, true))
    end)

    it("with libwary.so copied as a link to nothing (cp -r) says to copy it with cp -L", function()
      if luajit_only() then return end
      assemble(false)
      assert(os.execute("ln -s libwary.so.0 " .. shell_quote(dir .. "/libwary.so")))
      local ok, out = play("/", dir .. "/main.lua")
      assert.is_falsy(ok)
      expect.mentions(out, "\n  " .. dir .. "/libwary.so: ", "a link to a file that is not there",
        "copy libwary.so with cp -L")
    end)

    it("under Lua 5.4 without wary/core.so says where it comes from", function()
      assemble(false)
      local ok, out = run("cd / && env -u LUA_PATH -u LUA_CPATH -u WARY_LIB lua5.4 -e 'package.cpath = \"\"' "
        .. shell_quote(dir .. "/main.lua"))
      assert.is_falsy(ok)
      expect.mentions(out, "wary: Lua 5.4 needs the C module wary.core", "luarocks --lua-version 5.4 make",
        "LUA_CPATH", "module 'wary.core' not found")
    end)

    it("refuses a WARY_BACKEND it does not know, and ffi under Lua 5.4, naming what it takes", function()
      assemble(false)
      local ok, out = run("cd / && env -u LUA_PATH WARY_BACKEND=Core lua5.4 " .. shell_quote(dir .. "/main.lua"))
      assert.is_falsy(ok)
      expect.mentions(out, 'wary: WARY_BACKEND: expected "ffi" or "core" (or unset: ffi under LuaJIT, core under '
        .. 'Lua 5.4), got "Core"')
      ok, out = run("cd / && env -u LUA_PATH WARY_BACKEND=ffi lua5.4 " .. shell_quote(dir .. "/main.lua"))
      assert.is_falsy(ok)
      expect.mentions(out, 'wary: WARY_BACKEND: expected "core" or unset under Lua 5.4 (the ffi backend needs '
        .. 'LuaJIT), got "ffi"')
    end)

    it("with wary/core.so in a program that does not export Lua's functions says how to build it in", function()
      if luajit_only() then return end
      assemble(false)
      -- LuaJIT is such a program for a Lua 5.4 module.
      local ok, out = run("cd / && env -u LUA_PATH WARY_BACKEND=core luajit " .. shell_quote(dir .. "/main.lua"))
      assert.is_falsy(ok)
      expect.mentions(out, "wary: wary.core (wary/core.so) was found but cannot link to Lua's functions",
        "docs/install.md, \"Inside your own engine\"", "undefined symbol")
    end)
  end)
end)
