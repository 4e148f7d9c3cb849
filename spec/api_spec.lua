-- init.lua's contents list every public function and method of the facade,
-- and nothing else: a user reading it sees the whole API.
local api = require("spec.support.api")

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

local existing, sorted_keys = api.existing, api.sorted_keys

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
