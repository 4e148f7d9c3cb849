-- init.lua's contents list every public function and method of the facade,
-- and nothing else: a user reading it sees the whole API.
local wary = require("wary")

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local ROOT = os.getenv("WARY_ROOT") or "."

-- "class:method" (and "wary.fn") of every entry of the contents comment.
local function listed()
  local text = read_file(ROOT .. "/lua/wary/init.lua")
  local contents = text:match("%-%- Contents:(.-)\nlocal ")
  assert(contents, "lua/wary/init.lua has no Contents comment")
  local out = {}
  -- a module path in quotes ("wary.debug") or a file name (wary/world.lua) is not an entry
  for at, class, sep, name in contents:gmatch("()(%a+)([:.])([%a_][%w_]*)") do
    local before = contents:sub(at - 1, at - 1)
    if (sep == ":" or class == "wary") and before ~= '"' and before ~= "/" then
      -- agents are actors with a profile: the same class
      out[(class == "agent" and "actor" or class) .. sep .. name] = true
    end
  end
  return out
end

local function methods(class, c, out)
  for k, v in pairs(c) do
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
  for k, v in pairs(wary) do
    if not k:match("^_") and k ~= "root" then out["wary." .. k] = v ~= nil end
  end
  return out
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

describe("the API contents in init.lua", function()
  it("lists every public method of the world, actors, boxes, lights and environments", function()
    local missing = {}
    local have = listed()
    for _, k in ipairs(sorted_keys(existing())) do
      if not have[k] then missing[#missing + 1] = k end
    end
    assert.are.same({}, missing)
  end)

  it("lists nothing that does not exist", function()
    local extra = {}
    local have = existing()
    for _, k in ipairs(sorted_keys(listed())) do
      if not have[k] then extra[#extra + 1] = k end
    end
    assert.are.same({}, extra)
  end)

  it("counts more than a hundred entries, so the comparison is not vacuous", function()
    assert.is_true(#sorted_keys(listed()) > 100)
  end)
end)
