-- bench/events.lua: what an event costs through the facade, under the
-- interpreter that runs it (bench/run.sh runs it under lua5.4 and luajit).
-- 50 agents with a custom sense that always reports 20 targets, whose
-- evidence flips each step between invalidate and nothing, so every belief
-- changes state every step (about 2,500 state events a step). Two worlds
-- alike, stepped in turn: one where nobody listens (the step makes no event
-- table) and one with a handler on each state event; the difference in CPU
-- time inside world:step, divided by the events dispatched, is the cost of
-- a listened event (its table and the handler call). Medians of rounds.
--   . scripts/env.sh; luajit bench/events.lua [ROUNDS]
local script = arg and arg[0] or "bench/events.lua"
local here = script:match("^(.*)[/\\]") or "."
package.path = here .. "/../?.lua;" .. package.path
local common = require("bench.common")
common.setup("events.lua", here, {})
local wary = require("wary")

local ROUNDS = tonumber(arg and arg[1]) or 5
local STEPS = 60
local STATES = { "suspect", "detect", "track", "lost", "telegraph" }

local function world(listen)
  local w = wary.world{}
  w:define_sense{ id = "Always", max_range = 1e9, interval = 1e-6, evaluate = function() return 0.5 end }
  w:define_profile{ name = "p", senses = { "Always" } }
  local targets, agents = {}, {}
  for i = 1, 20 do targets[i] = w:add_target{ pos = { i * 10, 0, 0 } } end
  for i = 1, 50 do agents[i] = w:add_agent{ profile = "p", pos = { 0, i * 10, 0 } } end
  local heard = { n = 0 }
  if listen then
    for _, name in ipairs(STATES) do w:on(name, function() heard.n = heard.n + 1 end) end
  end
  return { w = w, agents = agents, targets = targets, heard = heard, seconds = 0, events = 0 }
end

local function steps(s, first)
  local clock = os.clock
  for k = first, first + STEPS - 1 do
    for _, g in ipairs(s.agents) do
      for _, t in ipairs(s.targets) do
        if k % 2 == 0 then g:add_evidence(t, "x", "invalidate") else g:remove_evidence(t, "x") end
      end
    end
    local t0 = clock()
    s.w:step(1 / 60)
    s.seconds = s.seconds + clock() - t0
    s.events = s.events + s.w._B.event_count(s.w._w)
  end
end

local per_event, per_step_quiet, per_step_loud = {}, {}, {}
for r = 1, ROUNDS do
  local quiet, loud = world(false), world(true)
  steps(quiet, 1)
  steps(loud, 1)
  per_event[r] = (loud.seconds - quiet.seconds) / loud.heard.n * 1e6
  per_step_quiet[r] = quiet.seconds / STEPS * 1e3
  per_step_loud[r] = loud.seconds / STEPS * 1e3
end

local ev, lo, hi = common.median(per_event)
print(string.format("events (%s): %.2f us per listened event [%.2f - %.2f], medians of %d rounds; "
  .. "ms/step %.3f nobody listening, %.3f with handlers (%d events a step)", wary.backend, ev, lo, hi, ROUNDS,
  (common.median(per_step_quiet)), (common.median(per_step_loud)), 2500))
