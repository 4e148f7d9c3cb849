-- spec/support/api.lua: the public API as it exists: "class:method" for every
-- method of the world, actors, boxes, lights and environments, and "wary.x"
-- for every field of the module (spec/api_spec.lua, spec/reference_spec.lua).

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local wary = require("wary")

local api = {}

local function methods(class, c, out)
  for k, v in each(c) do
    if type(v) == "function" and not k:match("^_") then out[class .. ":" .. k] = true end
  end
end

local function existing()
  local out = {}
  local world = wary.world{}
  local guard = world:add_target{ pos = { 0, 0, 0 } }
  methods("world", getmetatable(world), out)
  methods("actor", getmetatable(guard), out)
  methods("box", getmetatable(world:add_box{ min = { 0, 0, 0 }, max = { 1, 1, 1 } }), out)
  methods("light", getmetatable(world:add_light{ pos = { 0, 0, 0 } }), out)
  methods("environment", getmetatable(world:add_environment{ min = { 0, 0, 0 }, max = { 1, 1, 1 } }), out)
  for k, v in each(wary) do
    if not k:match("^_") and k ~= "root" then out["wary." .. k] = v ~= nil end
  end
  return out
end

api.existing = existing

function api.sorted_keys(t)
  local keys = {}
  for k in each(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

return api
