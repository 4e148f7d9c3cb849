-- spec/support/many_worlds.lua SEED N: makes N worlds one after another,
-- each with a custom sense that fails for one of its two targets (NaN),
-- steps each once and makes garbage between them; prints "ok", or the
-- first step's error (spec/runner_spec.lua runs it in fresh processes).
local wary = require("wary")
math.randomseed(tonumber(arg[1]) or 1)

-- n small tables, garbage once it returns.
local function litter(n)
  local t = {}
  for j = 1, n do t[j] = { x = 0, y = 0, z = 0 } end
  return t
end

for i = 1, tonumber(arg[2]) or 300 do
  local w = wary.world{}
  w:define_sense{ id = "S", interval = 0.1, max_range_m = 50, evaluate = function(_, _, target)
    if target.name == "a" then return 0 / 0 end
    return 0.5
  end }
  w:define_profile{ name = "p", senses = { "S" } }
  w:add_agent{ profile = "p", name = "g", pos = { 0, 0, 0 } }
  w:add_target{ name = "a", pos = { 500, 0, 0 } }
  w:add_target{ name = "b", pos = { 0, 500, 0 } }
  w:on("sense_error", function() end)
  local ok, err = pcall(w.step, w, 0.1)
  if not ok then
    print("world " .. i .. ": " .. tostring(err))
    os.exit(1)
  end
  litter(math.random(0, 3000))
end
print("ok")
