-- examples/brain_rooms.lua: the seed's Pain wing (seed 002), headless. Runs
-- rooms D1 to D4 (examples/rooms/d*.lua) and prints a card per room: what
-- happened, in the seed's story, and each of the seed's claims with ok or
-- MISS. Both backends print the same cards.
-- The cards are printed by examples/rooms/report.lua; examples/rooms.lua runs
-- every wing and draws the timelines.
--   . scripts/env.sh; lua5.4 examples/brain_rooms.lua      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

require("examples.rooms.report").brain()
