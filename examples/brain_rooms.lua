-- examples/brain_rooms.lua: the seed's Pain wing (seed 002), headless. Runs
-- rooms D1 to D4 (examples/rooms/d*.lua) and prints a card per room: what
-- happened, in the seed's story, and each of the seed's claims with ok or
-- MISS. Both backends print the same cards.
--   . scripts/env.sh; lua5.4 examples/brain_rooms.lua      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

local wary = require("wary")
local common = require("examples.rooms.brain_common")

local ROOMS = { "d1_hit", "d2_flash", "d3_brute_coward", "d4_attention" }

print(string.format("%s, %s backend: the Pain wing (damage, pain, emotions, attention), %d Hz", wary._VERSION,
  wary.backend, common.HZ))
local ok_count, total = 0, 0
for _, file in ipairs(ROOMS) do
  local room = require("examples.rooms." .. file)
  local r = room.run()
  print("")
  print(string.format("%s  %s", room.id, room.title))
  print("  seed: " .. room.seed)
  for _, line in ipairs(r.lines) do print("  " .. line) end
  for _, c in ipairs(r.checks) do
    total = total + 1
    ok_count = ok_count + (c[2] and 1 or 0)
    print(string.format("  %-4s %s", c[2] and "ok" or "MISS", c[1]))
  end
end
print("")
print(string.format("%d of %d of the seed's claims hold.", ok_count, total))
