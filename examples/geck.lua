-- examples/geck.lua: three guards of the GECK detection model (seed 001) and
-- an intruder who sneaks through their dark yard, is heard knocking over a
-- crate, fights, and escapes into the night. It prints each transition as it
-- fires, under the seed's voice topic (NormalToAlert, AlertToCombat, ...),
-- and the guards' states with their detection value of the intruder (every
-- second while anything happens, every five when all is quiet). Alert and Lost guards walk
-- towards the newest detection event of their alert list (the seed's search).
-- The night itself is examples/rooms/geck_yard.lua (examples/rooms.lua draws it).
--   . scripts/env.sh; lua5.4 examples/geck.lua      (or luajit; run scripts/run.sh first to build)
local root = os.getenv("WARY_ROOT")
if root then package.path = root .. "/?.lua;" .. package.path end

require("examples.rooms.geck_yard").run(print)
