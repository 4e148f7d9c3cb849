-- wary.libpath: where the FFI backend looks for the native library, so that a
-- game finds it with no code of its own. require("wary.libpath")(os_name)
-- returns the paths to try, in order, each once (os_name is ffi.os: the file
-- is wary.dll on "Windows", libwary.dylib on "OSX", libwary.so elsewhere):
--
--   1. WARY_LIB from the environment, then a global WARY_LIB (a host such as
--      LÖVE cannot set the environment: it sets the global before the first
--      require("wary"))
--   2. beside the folder that holds this wary/ folder (the drop-in layout:
--      DIR/wary/ and DIR/libwary.so)
--   3. under LÖVE (a global love with a filesystem): beside the game's
--      main.lua (love.filesystem.getSource(), when it is a folder), in
--      love.filesystem.getSourceBaseDirectory() (the folder holding the game
--      folder or the .love file) and, for a fused game, beside the executable;
--      on macOS, a folder inside an app bundle (NAME.app/Contents/Resources,
--      where a fused game's .love is, or Contents/MacOS, the executable's)
--      has the bundle's Contents/Frameworks/ right after it (so after
--      Resources/, before MacOS/): where a bundle keeps its libraries, which
--      code signing expects
--   4. the repository's build/ (when this folder is lua/wary of a checkout)
--   5. the lib/ of an installed prefix (when this folder is
--      PREFIX/share/lua/5.x/wary)
--   6. the bare file name: the system's search (LD_LIBRARY_PATH, ...)

-- This file's folder as the Lua state saw it ("@/game/wary/libpath.lua").
local own_dir = debug.getinfo(1, "S").source:match("^@(.*)[/\\][^/\\]+$")

-- The folder above path, n times (n: 1); "." above a bare name, "" above a
-- top-level folder such as "/wary".
local function parent(path, n)
  for _ = 1, n or 1 do path = path:match("^(.*)[/\\][^/\\]+$") or "." end
  return path
end

local function is_absolute(path)
  return path:match("^[/\\]") ~= nil or path:match("^%a:[/\\]") ~= nil
end

-- The game's filesystem functions when running under LÖVE.
local function love_filesystem()
  local love = rawget(_G, "love")
  local fs = type(love) == "table" and love.filesystem
  if type(fs) == "table" and type(fs.getSource) == "function" then return fs end
end

-- The game's source when it is a folder (not a .love zip or a fused executable).
local function source_folder(fs)
  local source = fs.getSource()
  local f = type(source) == "string" and io.open(source .. "/main.lua", "rb")
  if f then
    f:close()
    return source
  end
end

-- This file's folder as a path of the operating system. LÖVE names the files
-- it loads from the game relative to the game, so there it is only a path
-- when the game is a folder.
local function real_own_dir(fs)
  if not own_dir or is_absolute(own_dir) or not fs then return own_dir end
  local game = source_folder(fs)
  return game and game .. "/" .. own_dir
end

return function(os_name)
  local file = ({ Windows = "wary.dll", OSX = "libwary.dylib" })[os_name] or "libwary.so"
  local list, seen = {}, {}
  local function add(path)
    if type(path) == "string" and path ~= "" and not seen[path] then
      seen[path] = true
      list[#list + 1] = path
    end
  end

  add(os.getenv("WARY_LIB"))
  add(rawget(_G, "WARY_LIB"))
  local fs = love_filesystem()
  local here = real_own_dir(fs)
  if here then add(parent(here) .. "/" .. file) end
  if fs then
    local game = source_folder(fs)
    -- A folder, then its bundle's Frameworks/ on macOS when it is in one.
    local function beside(dir)
      add(dir .. "/" .. file)
      local contents = os_name == "OSX" and dir:match("^(.*%.app/Contents)/[^/]+/?$")
      if contents then add(contents .. "/Frameworks/" .. file) end
    end
    if game then beside(game) end
    if type(fs.getSourceBaseDirectory) == "function" then beside(fs.getSourceBaseDirectory()) end
    if type(fs.isFused) == "function" and fs.isFused() then beside(parent(fs.getSource())) end
  end
  if here then
    local slashed = "/" .. here:gsub("\\", "/")
    if slashed:match("/lua/wary$") then add(parent(here, 2) .. "/build/" .. file) end
    if slashed:match("/share/lua/5%.%d+/wary$") then add(parent(here, 4) .. "/lib/" .. file) end
  end
  add(file)
  return list
end
