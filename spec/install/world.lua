-- spec/install/world.lua MODE: run by scripts/install_test.sh from a temporary
-- folder against an installed wary (a prefix or a LuaRocks tree). A guard
-- looks at a target 10 m ahead for one second, as spec/install/consumer.c does.
-- It prints what the test checks: the backend, the file require("wary") found,
-- the native libraries of wary mapped into the process, the starter data and
-- the guard's confidence and state (1 - (10 / 30)^2 = 0.889, tracked).
--
-- MODE "starter": the starter data (materials, sounds, filters) is installed
-- with the library, so wary.world{} must work anywhere; a glass window (a
-- starter material) stands between them. MODE "bare": the tree still loads
-- profiles/ from the repository root, which an installed wary does not have;
-- the failure is printed as a note and the world is made without starter data.
local mode = assert(arg[1], "usage: world.lua starter|bare")

local wary = require("wary")
print("backend " .. wary.backend)
print("module " .. package.searchpath("wary", package.path))

local function world_options(t)
  t.units_per_meter = 1
  return t
end

local world, window
local ok, err = pcall(wary.world, world_options({}))
if ok then
  world = err
  window = world:add_box{ min = { 5, -2, 0 }, max = { 5.1, 2, 3 }, material = "glass" }
  print("data starter")
elseif mode == "starter" then
  error("wary.world{} with the starter data failed: " .. tostring(err), 0)
else
  print("note: wary.world{} outside the repository: " .. tostring(err))
  world = wary.world(world_options({ materials = false, sounds = false, filters = false }))
  print("data bare")
end

local maps = io.open("/proc/self/maps")
if maps then
  local seen = {}
  for line in maps:lines() do
    local path = line:match("%s(/%S+)$")
    if path and (path:match("/wary/core%.so$") or path:match("/libwary%.so[%.%d]*$")) and not seen[path] then
      seen[path] = true
      print("native " .. path)
    end
  end
  maps:close()
end

world:define_profile{ name = "eyes", vision = {} }
local guard = world:add_agent{ profile = "eyes", pos = { 0, 0, 0 } }
local target = world:add_target{ pos = { 10, 0, 0 } }
for _ = 1, 60 do world:step(1 / 60) end
print(string.format("confidence %.3f %s%s", guard:confidence(target), guard:state(target),
                    window and " (through glass)" or ""))
