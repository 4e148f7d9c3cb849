-- examples/sight_rooms.lua: the seed's Sight wing, headless. Runs the nine
-- sight rooms S1 to S9 (examples/rooms/) and prints a result card per room:
-- each case's confidence and state beside the seed's figure and state, the
-- seed's ordering between the cases, and how many cases landed in the seed's
-- state. Both backends print the same cards.
-- The cards are printed by examples/rooms/report.lua; examples/rooms.lua runs
-- every wing and draws the timelines.
--   . scripts/env.sh; lua5.4 examples/sight_rooms.lua      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

require("examples.rooms.report").sight()
