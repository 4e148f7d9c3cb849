-- docs/reference.md, generated from the doc comments, is current and covers
-- every public Lua method and every function of src/wary.h; meta/wary.lua,
-- generated with it for the Lua language server, declares the same methods.
local api = require("spec.support.api")
local wary = require("wary")

local ROOT = os.getenv("WARY_ROOT") or "."

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end


describe("docs/reference.md", function()
  local text = read_file(ROOT .. "/docs/reference.md")

  it("is what scripts/gen_reference.lua writes from the sources today", function()
    local ok = os.execute(string.format("cd '%s' && %s scripts/gen_reference.lua --check >/dev/null", ROOT,
      rawget(_G, "jit") and "luajit" or "lua5.4"))
    assert.is_true(ok == true or ok == 0, "docs/reference.md or meta/wary.lua is stale: run lua5.4 "
      .. "scripts/gen_reference.lua")
  end)

  it("has an entry for every public method of the facade", function()
    local missing = {}
    for _, key in ipairs(api.sorted_keys(api.existing())) do
      local class, sep, name = key:match("^(%a+)([:.])(.+)$")
      local is_fn = class ~= "wary" or type(wary[name]) == "function"
      local entry = "`" .. class .. sep .. name
      local agent_entry = "`agent" .. sep .. name
      if is_fn and not text:find(entry, 1, true) and not (class == "actor" and text:find(agent_entry, 1, true)) then
        missing[#missing + 1] = key
      end
    end
    assert.are.same({}, missing)
  end)

  it("has an entry for every function of src/wary.h", function()
    local header = read_file(ROOT .. "/src/wary.h"):gsub("/%*.-%*/", " ")
    local missing, count = {}, 0
    for name in header:gmatch("[%w_%*]%s+%**(wary_[%w_]+)%s*%(") do
      count = count + 1
      if not text:find(name .. "(", 1, true) then missing[#missing + 1] = name end
    end
    assert.are.same({}, missing)
    assert.is_true(count > 100)
  end)
end)

describe("meta/wary.lua and meta/wary/*.lua", function()
  local FILES = { "/meta/wary.lua", "/meta/wary/tiled.lua", "/meta/wary/debug.lua" }
  local parts = {}
  for i, f in ipairs(FILES) do parts[i] = read_file(ROOT .. f) end
  local text = table.concat(parts, "\n")

  it("is Lua that declares a function for every entry of the reference, with its class's name", function()
    for _, f in ipairs(FILES) do assert.is_truthy(loadfile(ROOT .. f), f) end
    local classes = { wary = "wary", world = "wary_World", actor = "wary_Actor", agent = "wary_Agent",
                      box = "wary_Box", light = "wary_Light", environment = "wary_Environment",
                      tiled = "wary_tiled", wdebug = "wary_debug" }
    local missing, count = {}, 0
    for owner, sep, name in read_file(ROOT .. "/docs/reference.md"):gmatch("\n%- `(%l+)([:.])([%w_]+)[%({]") do
      count = count + 1
      local decl = "function " .. classes[owner] .. sep .. name .. "("
      if not text:find(decl, 1, true) then missing[#missing + 1] = decl end
    end
    assert.are.same({}, missing)
    assert.is_true(count > 100)
  end)

  it("names the types that completion follows: a world, its agents, targets and boxes", function()
    for _, line in ipairs({ "---@param t? table\n---@return wary.World\nfunction wary.world(t) end",
                            "---@field [string] any\nlocal wary_Actor = {}",
                            "---@return wary.Agent\nfunction wary_World:add_agent(t) end",
                            "---@return wary.Actor\nfunction wary_World:add_target(t) end",
                            "---@return wary.Actor[]\nfunction wary_World:actors() end",
                            "---@class wary.Agent : wary.Actor" }) do
      assert.is_truthy(text:find(line, 1, true), line)
    end
    -- require("wary.tiled") finds its own file, which hands back its module.
    assert.is_truthy(parts[2]:find("function wary_tiled.load(world, map_or_path, opts) end", 1, true))
    assert.is_truthy(parts[2]:find("\nreturn wary_tiled\n$"))
  end)
end)
