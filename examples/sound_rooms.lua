-- examples/sound_rooms.lua: the seed's Sound wing, headless. Runs the five
-- sound rooms H1 to H5 (examples/rooms/h*.lua) and prints a result card per
-- room: each case's confidence and state beside the seed's figure and state,
-- the seed's ordering between the cases, the room's notes (H2: the story of
-- the thrown can), and how many cases landed in the seed's state. Both
-- backends print the same cards.
-- The cards are printed by examples/rooms/report.lua; examples/rooms.lua runs
-- every wing and draws the timelines.
--   . scripts/env.sh; lua5.4 examples/sound_rooms.lua      (or luajit)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

require("examples.rooms.report").sound()
