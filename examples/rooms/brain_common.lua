-- examples/rooms/brain_common.lua: what the Pain wing's rooms D1 to D4 share
-- (seed 002): a world (which starts with the seed's pain types) and the
-- demo's flash, a guard profile with eyes, ears, Damage, Pain and a brain,
-- stepping at 60 Hz with a callback, and walking an actor.
local wary = require("wary")

local common = {}
common.HZ = 60

function common.world(extra_profiles)
  local world = wary.world()
  -- The demo's flash (DA_Pain_Flash): Vision 1, decay 0.1, amount override 1.
  world:define_pain{ name = "Flash", decay_rate = 0.1, amount_override = 1, effects = { Vision = 1 } }
  world:define_profile{ name = "guard", vision = {}, hearing = {}, damage = {}, pain = {}, brain = {} }
  for _, p in ipairs(extra_profiles or {}) do world:define_profile(p) end
  return world
end

-- While common.recording is a list (examples/rooms.lua sets one), common.run
-- adds to it, for each agent and each target the agent ever holds a belief
-- in, a series { name = "agent: target", duration = seconds,
--   timeline = { { time =, confidence =, state = }, ... },   -- every step
--   events = { { time =, to = state, confidence = }, ... } } -- each state change
common.recording = nil

local function pairs_of(world)
  local agents, targets, list = {}, {}, {}
  for _, a in ipairs(world:actors()) do
    if a.kind == "agent" then agents[#agents + 1] = a else targets[#targets + 1] = a end
  end
  for _, agent in ipairs(agents) do
    for _, target in ipairs(targets) do
      list[#list + 1] = { agent = agent, target = target, believed = false, state = "undetected",
        series = { name = agent.name .. ": " .. target.name, duration = 0, timeline = {}, events = {} } }
    end
  end
  return list
end

local function record(world, watched)
  local now = world:time()
  for _, w in ipairs(watched) do
    local b = w.agent:belief(w.target)
    local c, s = b and b.confidence or 0, b and b.state or "undetected"
    local tl = w.series.timeline
    tl[#tl + 1] = { time = now, confidence = c, state = s }
    w.believed = w.believed or b ~= nil
    if s ~= w.state then
      w.series.events[#w.series.events + 1] = { time = now, to = s, confidence = c }
      w.state = s
    end
  end
end

-- Steps world for seconds, calling fn(t) (t: seconds since the start) before each step.
function common.run(world, seconds, fn)
  local dt = 1 / common.HZ
  local steps = math.floor(seconds * common.HZ + 0.5)
  local watched = common.recording and pairs_of(world)
  for i = 0, steps - 1 do
    if fn then fn(i * dt) end
    world:step(dt)
    if watched then record(world, watched) end
  end
  for _, w in ipairs(watched or {}) do
    w.series.duration = seconds
    if w.believed then common.recording[#common.recording + 1] = w.series end
  end
end

-- Moves actor towards goal at speed (units/s) for one step; true once there.
function common.walk(actor, goal, speed, face)
  local x, y = actor:pos()
  local dx, dy = goal[1] - x, goal[2] - y
  local d = math.sqrt(dx * dx + dy * dy)
  local step = speed / common.HZ
  if d <= step then
    actor:set_pos(goal[1], goal[2], 0)
    return true
  end
  actor:set_pos(x + dx / d * step, y + dy / d * step, 0)
  if face then actor:set_yaw(math.deg((math.atan2 or math.atan)(dy, dx))) end -- LuaJIT: atan2
  return false
end

-- Walks a list of waypoints; returns a function(actor) stepping it, true at the end.
function common.route(points, speed)
  local i = 1
  return function(actor)
    if i > #points then return true end
    if common.walk(actor, points[i], speed) then i = i + 1 end
    return i > #points
  end
end

function common.xy(p) return string.format("(%.0f, %.0f)", p.x or p[1], p.y or p[2]) end

return common
