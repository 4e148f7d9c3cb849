-- examples/love/main.lua: a small playable level for wary's debug drawing
-- (LÖVE 11). Run from the repository root after a build (bash scripts/run.sh):
--
--   love examples/love
--
-- It finds lua/ and build/libwary.so from love.filesystem.getSourceBaseDirectory()
-- (a game shipped elsewhere puts libwary.so and lua/ beside its folder or .love;
-- LÖVE cannot load a native library from inside a .love zip). WARY_LIB in the
-- environment still wins.
--
-- The level, top-down in pixels (32 px = 1 m): a dark carpeted office with a
-- lamp to the west; a hall with low crates, a tall pillar, a glass wall, a
-- hedge, a smoke cloud and a noisy metal grating to the east; two guards: the
-- glancer, whose head glances left and right, and the warden behind the
-- hedge. You are the green dot.
--
-- WARY_LOVE_SCRIPT=1 plays a fixed input sequence for about 6 s of game time
-- (one 1/60 s step a frame), prints what happened to stdout (lines starting
-- "wary-love:"), saves a screenshot to WARY_LOVE_SHOT (default
-- love_demo.png in the current directory) and quits (scripts/love_test.sh).

-- ---- finding wary -------------------------------------------------------------

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

local function find_wary()
  local base = love.filesystem.getSourceBaseDirectory()
  -- The repository (the game is examples/love), or a game folder shipped with lua/ beside it.
  for _, root in ipairs({ base .. "/..", base }) do
    if exists(root .. "/lua/wary/init.lua") then
      package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. root .. "/?.lua;" .. package.path
      local env = os.getenv("WARY_LIB")
      if not env or env == "" then
        for _, lib in ipairs({ root .. "/build/libwary.so", root .. "/libwary.so", base .. "/libwary.so" }) do
          if exists(lib) then
            WARY_LIB = lib -- luacheck: ignore (read by wary.ffi: LÖVE cannot set the environment)
            break
          end
        end
      end
      return root
    end
  end
  error("wary demo: lua/wary not found beside " .. base .. " (run from the repository: love examples/love)")
end

local ROOT = find_wary()
local wary = require("wary")
local wdebug = require("wary.debug")

-- ---- the level ------------------------------------------------------------------

local UPM = 32                      -- pixels per metre
local W = 1024                      -- the window is 1024 x 768 (conf.lua)
local TALL, LOW = 3 * UPM, 1 * UPM  -- box heights: walls and pillars, crates
local SCRIPTED = os.getenv("WARY_LOVE_SCRIPT") == "1"
local SHOT = os.getenv("WARY_LOVE_SHOT") or "love_demo.png"
local STEP = 1 / 60

local FLOORS = {                    -- where each step sound comes from; concrete elsewhere
  { name = "carpet", sound = "CarpetStep", min = { 10, 70 }, max = { 340, 690 }, color = { 0.28, 0.16, 0.16 } },
  { name = "metal", sound = "MetalStep", min = { 350, 590 }, max = { 1014, 690 }, color = { 0.25, 0.3, 0.36 } },
}
local DARK = { min = { 10, 70 }, max = { 340, 690 } }       -- the office: light 0.15
local LAMP = { pos = { 170, 560, 3 * UPM }, radius = 4 * UPM }

local game = {
  layers = {}, totals = {}, log_changes = 0, frames = 0, time = 0, acc = 0,
  crouched = false, disguised = false, cans = {}, key_down = {},
}
for _, l in ipairs(wdebug.layers) do
  game.layers[l] = true
  game.totals[l] = 0
end

local function log(fmt, ...)
  print("wary-love: " .. string.format(fmt, ...))
  io.stdout:flush()
end

local function build()
  local world = wary.world{ units_per_meter = UPM }
  game.world = world
  world:define_sound{ name = "CarpetStep", category = "enemy", alert_level = "normal", base_loudness = 1.0,
                      max_range_m = 4.5 }
  world:define_sound{ name = "ConcreteStep", category = "enemy", alert_level = "normal", base_loudness = 1.0,
                      max_range_m = 7 }
  world:define_sound{ name = "MetalStep", category = "enemy", alert_level = "normal", base_loudness = 1.0,
                      max_range_m = 13 }
  world:define_profile{ name = "guard", hearing = {},
                        vision = { max_range = 16 * UPM, use_per_target_light = true,
                                   enable_peripheral_cone = true } }
  world:set_sun{ direction = { 0, 0, -1 }, intensity = 1, ambient = 0.3 }
  world:add_environment{ min = { DARK.min[1], DARK.min[2], 0 }, max = { DARK.max[1], DARK.max[2], TALL }, light = 0.15 }
  world:add_light{ pos = LAMP.pos, radius = LAMP.radius, intensity = 1 }
  local function box(x0, y0, x1, y1, height, material)
    world:add_box{ min = { x0, y0, 0 }, max = { x1, y1, height }, material = material }
  end
  -- outer walls, and the office wall with its door (y 300..420)
  box(0, 60, W, 70, TALL)
  box(0, 690, W, 700, TALL)
  box(0, 70, 10, 690, TALL)
  box(1014, 70, W, 690, TALL)
  box(340, 70, 350, 300, TALL, "wood")
  box(340, 420, 350, 690, TALL, "wood")
  -- the office: a desk (low) and a hedge of potted plants
  box(60, 120, 160, 160, LOW, "wood")
  box(200, 430, 215, 620, 2 * UPM, "foliage")
  -- the hall
  box(560, 140, 600, 180, TALL)                 -- a pillar (tall cover)
  box(470, 250, 530, 290, LOW, "wood")          -- crates (low cover)
  box(620, 430, 700, 460, LOW, "metal")
  box(700, 320, 900, 328, TALL, "glass")        -- a glass wall
  box(890, 330, 908, 500, 2 * UPM, "foliage")   -- a hedge
  box(420, 470, 520, 570, 2.5 * UPM, "smoke")   -- a smoke cloud
  game.glancer = world:add_agent{ name = "glancer", profile = "guard", team = "guards", pos = { 820, 200, 0 },
                                  yaw = 180 }
  game.warden = world:add_agent{ name = "warden", profile = "guard", team = "guards", pos = { 955, 420, 0 },
                                 yaw = 180 }
  game.guards = { game.glancer, game.warden }
  game.player = world:add_target{ name = "you", team = "intruders", pos = { 270, 360, 0 }, yaw = 0 }
  game.look = {}
  for _, g in ipairs(game.guards) do
    game.look[g] = { until_time = -1 }
    -- A sound from a place the guard did not see turns its head there.
    g:on("location_belief_changed", function(ev)
      local rank = { suspected = 1, detected = 2, tracked = 3 }
      if rank[ev.state] and ev.location then
        g:look_at(ev.location.x, ev.location.y, 1.7 * UPM)
        game.look[g].until_time = world:time() + 2.5
      end
    end)
    for _, name in ipairs({ "suspect", "detect", "track", "lost", "remember", "forget" }) do
      g:on(name, function(e)
        if e.target == game.player then
          game.log_changes = game.log_changes + 1
          log("t=%.2f %s: %s -> %s (%.0f%%)", world:time(), g.name, e.from or "?", e.to or name,
            (e.confidence or 0) * 100)
        end
      end)
    end
  end
  game.step_timer = 0
end

-- ---- input ------------------------------------------------------------------------

-- The scripted sequence: held keys per time span, presses at times.
-- In through the door, seen; a can thrown behind the glancer turns its head;
-- crouched, then disguised, you cross the hall; standing and undisguised
-- again, you stop where the glancer sees you and the warden, behind the
-- hedge, makes you out through its leaves.
local SCRIPT_HOLD = {
  { from = 0.0, to = 1.4, key = "d" },
  { from = 1.7, to = 2.5, key = "s" },
  { from = 2.9, to = 3.5, key = "d" },
  { from = 3.7, to = 4.57, key = "w" },
  { from = 4.6, to = 5.48, key = "d" },
}
local SCRIPT_PRESS = { [1.5] = "g", [1.6] = "c", [2.8] = "u", [3.6] = "c", [3.65] = "u" }
local SCRIPT_END = 5.9

local function held(key)
  if SCRIPTED then
    for _, h in ipairs(SCRIPT_HOLD) do
      if h.key == key and game.time >= h.from and game.time < h.to then return true end
    end
    return false
  end
  return love.keyboard.isDown(key)
end

local function throw_can(tx, ty)
  local px, py = game.player:pos()
  game.cans[#game.cans + 1] = { from = { px, py }, to = { tx, ty }, t = 0, flight = 0.6 }
end

local function set_disguise(on)
  game.disguised = on
  for _, g in ipairs(game.guards) do
    if on then
      g:add_evidence(game.player, "Disguise", "clamp", 0.15)
    else
      g:remove_evidence(game.player, "Disguise")
    end
  end
end

local function press(key)
  if key == "c" then
    game.crouched = not game.crouched
    game.player:set_stance(game.crouched and "crouched" or "standing")
  elseif key == "g" then
    if SCRIPTED then
      throw_can(900, 110)
    else
      throw_can(love.mouse.getPosition())
    end
  elseif key == "u" then
    set_disguise(not game.disguised)
  elseif key == "escape" then
    love.event.quit(0)
  else
    local f = key:match("^f(%d)$")
    local layer = f and wdebug.layers[tonumber(f)]
    if layer then game.layers[layer] = not game.layers[layer] end
  end
  if SCRIPTED then log("t=%.2f press %s", game.time, key) end
end

function love.keypressed(key)
  if not SCRIPTED then press(key) end
end

-- ---- simulation ---------------------------------------------------------------------

local function solid_at(x, y, r)
  for _, b in ipairs(game.world:boxes()) do
    if b.material ~= "smoke" and x + r > b.min[1] and x - r < b.max[1] and y + r > b.min[2] and y - r < b.max[2] then
      return true
    end
  end
  return false
end

local function floor_at(x, y)
  for _, f in ipairs(FLOORS) do
    if x >= f.min[1] and x <= f.max[1] and y >= f.min[2] and y <= f.max[2] then return f end
  end
  return { name = "concrete", sound = "ConcreteStep" }
end

local function step_player(dt)
  local dx, dy = 0, 0
  if held("a") or held("left") then dx = dx - 1 end
  if held("d") or held("right") then dx = dx + 1 end
  if held("w") or held("up") then dy = dy - 1 end
  if held("s") or held("down") then dy = dy + 1 end
  local sprint = not game.crouched and (held("lshift") or held("rshift"))
  local speed = (game.crouched and 2 or sprint and 6 or 4) * UPM
  local len = math.sqrt(dx * dx + dy * dy)
  local p = game.player
  local x, y = p:pos()
  if len > 0 then
    dx, dy = dx / len * speed * dt, dy / len * speed * dt
    if not solid_at(x + dx, y, 10) then x = x + dx end
    if not solid_at(x, y + dy, 10) then y = y + dy end
    p:set_pos(x, y, 0)
    p:set_yaw(math.deg((math.atan2 or math.atan)(dy, dx)))
    p:set_velocity(dx / dt, dy / dt, 0)
    game.step_timer = game.step_timer - dt
    if game.step_timer <= 0 then
      game.step_timer = game.crouched and 0.7 or sprint and 0.3 or 0.5
      game.world:emit_sound(p, game.crouched and "CrouchedStep" or floor_at(x, y).sound)
    end
  else
    p:set_velocity(0, 0, 0)
    game.step_timer = 0
  end
end

local function step_guards()
  local now = game.world:time()
  for _, g in ipairs(game.guards) do
    if now >= game.look[g].until_time then
      -- The head glances: ahead, then 70 degrees to one side, then the other.
      local info = g:get()
      local phase = math.floor(now / 2) % 4
      local off = ({ 0, 70, 0, -70 })[phase + 1]
      if g == game.warden then off = 0 end
      local a = math.rad(info.yaw + off)
      g:look_at(info.pos[1] + math.cos(a) * 300, info.pos[2] + math.sin(a) * 300, 1.7 * UPM)
    end
  end
end

local function step_cans(dt)
  for i = #game.cans, 1, -1 do
    local c = game.cans[i]
    c.t = c.t + dt
    if c.t >= c.flight then
      game.world:emit_sound_at({ c.to[1], c.to[2], 0 }, "ThrownRock")
      if SCRIPTED then log("t=%.2f can lands at (%d, %d)", game.time, c.to[1], c.to[2]) end
      table.remove(game.cans, i)
    end
  end
end

local function tick()
  if SCRIPTED then
    for at, key in pairs(SCRIPT_PRESS) do
      if game.time < at and game.time + STEP >= at then press(key) end
    end
  end
  step_player(STEP)
  step_guards()
  step_cans(STEP)
  game.world:step(STEP)
  game.time = game.time + STEP
end

function love.load()
  love.graphics.setBackgroundColor(0.12, 0.12, 0.13)
  build()
  if SCRIPTED then log("start: backend %s, root %s, lib %s", wary.backend, ROOT,
    os.getenv("WARY_LIB") and "WARY_LIB=" .. os.getenv("WARY_LIB") or tostring(rawget(_G, "WARY_LIB"))) end
end

function love.update(dt)
  game.frames = game.frames + 1
  if SCRIPTED then
    if game.shot_done then
      local parts = {}
      for _, l in ipairs(wdebug.layers) do parts[#parts + 1] = l .. "=" .. game.totals[l] end
      log("done: frames=%d time=%.2f state_changes=%d glancer=%s warden=%s", game.frames, game.time,
        game.log_changes, game.glancer:state(game.player), game.warden:state(game.player))
      log("layers: %s", table.concat(parts, " "))
      love.event.quit(0)
    elseif game.time >= SCRIPT_END then
      if not game.shot_asked then
        game.shot_asked = true
        love.graphics.captureScreenshot(function(image)
          local f = assert(io.open(SHOT, "wb"))
          f:write(image:encode("png"):getString())
          f:close()
          log("screenshot %s", SHOT)
          game.shot_done = true
        end)
      end
    else
      tick()
    end
    return
  end
  game.acc = math.min(game.acc + dt, 0.25)
  while game.acc >= STEP do
    game.acc = game.acc - STEP
    tick()
  end
end

-- ---- drawing --------------------------------------------------------------------------

local CONTROLS = "WASD/arrows move   Shift sprint   C crouch   G throw a can (at the mouse)   U disguise   Esc quit"

local function draw_level()
  love.graphics.setColor(0.2, 0.2, 0.21)
  love.graphics.rectangle("fill", 0, 60, W, 640)
  for _, f in ipairs(FLOORS) do
    love.graphics.setColor(f.color)
    love.graphics.rectangle("fill", f.min[1], f.min[2], f.max[1] - f.min[1], f.max[2] - f.min[2])
    if f.name == "metal" then
      love.graphics.setColor(0.35, 0.42, 0.5)
      for x = f.min[1], f.max[1], 16 do love.graphics.line(x, f.min[2], x, f.max[2]) end
    end
  end
  love.graphics.setColor(0, 0, 0, 0.45)
  love.graphics.rectangle("fill", DARK.min[1], DARK.min[2], DARK.max[1] - DARK.min[1], DARK.max[2] - DARK.min[2])
  love.graphics.setColor(1, 0.9, 0.5, 0.15)
  love.graphics.circle("fill", LAMP.pos[1], LAMP.pos[2], LAMP.radius)
  love.graphics.setColor(1, 0.9, 0.5, 1)
  love.graphics.circle("fill", LAMP.pos[1], LAMP.pos[2], 4)
  love.graphics.setColor(0.8, 0.8, 0.8, 0.8)
  love.graphics.print("dark office (carpet)", 20, 74)
  love.graphics.print("metal grating: loud steps", 360, 672)
  love.graphics.print("smoke", 450, 512)
  love.graphics.print("glass", 780, 330)
  love.graphics.print("hedge", 850, 505)
end

local function draw_player()
  local x, y = game.player:pos()
  local r = game.crouched and 7 or 10
  love.graphics.setColor(0.2, 1, 0.3)
  love.graphics.circle("fill", x, y, r)
  if game.disguised then
    love.graphics.setColor(1, 1, 1)
    love.graphics.circle("line", x, y, r + 4)
  end
  for _, c in ipairs(game.cans) do
    local k = c.t / c.flight
    love.graphics.setColor(0.9, 0.9, 0.2)
    love.graphics.circle("fill", c.from[1] + (c.to[1] - c.from[1]) * k, c.from[2] + (c.to[2] - c.from[2]) * k, 4)
  end
end

local function draw_hud()
  love.graphics.setColor(0, 0, 0, 0.85)
  love.graphics.rectangle("fill", 0, 0, W, 60)
  love.graphics.rectangle("fill", 0, 700, W, 68)
  love.graphics.setColor(1, 1, 1)
  love.graphics.print(string.format("%s (%s)   t = %.1f s   you: %s%s", wary._VERSION, wary.backend,
    game.world:time(), game.crouched and "crouched" or "standing", game.disguised and ", disguised" or ""), 8, 6)
  local states = {}
  for _, g in ipairs(game.guards) do
    states[#states + 1] = string.format("%s: %s %d%%", g.name, g:state(game.player),
      math.floor(g:confidence(game.player) * 100 + 0.5))
  end
  love.graphics.print(table.concat(states, "    "), 8, 24)
  love.graphics.print(CONTROLS, 8, 708)
  local toggles = {}
  for i, l in ipairs(wdebug.layers) do
    toggles[#toggles + 1] = string.format("F%d %s %s", i, l, game.layers[l] and "on" or "off")
  end
  love.graphics.print(table.concat(toggles, "   "), 8, 728)
  love.graphics.setColor(0.7, 0.7, 0.7)
  love.graphics.print("rays: green clear, yellow partial (glass, hedge, smoke), red blocked;  "
    .. "bars: confidence by state", 8, 746)
end

function love.draw()
  draw_level()
  local options = { scale = 1, x = 0, y = 0 }
  for l, on in pairs(game.layers) do options[l] = on end
  local counts = wdebug.draw(game.world, options)
  for l, n in pairs(counts) do game.totals[l] = game.totals[l] + n end
  draw_player()
  draw_hud()
end
