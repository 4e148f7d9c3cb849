-- examples/love/main.lua: a small playable level for wary's debug drawing
-- (LÖVE 11), laid out as a user's game: main.lua, conf.lua and level.lua
-- (the level, made in Tiled and exported to Lua), with wary/ (lua/wary of
-- the repository) and libwary.so copied beside them; wary finds its library
-- there by itself. Assemble and play it with
--
--   bash scripts/love_demo.sh        # copies into out/love_game/, runs love out/love_game
--
-- The level, top-down in pixels (32 px = 1 m): a dark carpeted office with a
-- lamp to the west; a hall with low crates, a tall pillar, a glass wall, a
-- hedge, a smoke cloud and a noisy metal grating to the east; two guards: the
-- glancer, whose head glances left and right, and the warden behind the
-- hedge. You are the green dot. level.lua holds the boxes (material and
-- height properties, read by wary.tiled) and, in layers that are not
-- collidable, the floors, the light, the dark office, the actors and the labels.
--
-- WARY_LOVE_SCRIPT=1 plays a fixed input sequence for about 6 s of game time
-- (one 1/60 s step a frame), prints what happened to stdout (lines starting
-- "wary-love:"), saves a screenshot to WARY_LOVE_SHOT (default
-- love_demo.png in the current directory) and quits (scripts/love_test.sh).
local wary = require("wary")
local wdebug = require("wary.debug")
local tiled = require("wary.tiled")

-- ---- the level ------------------------------------------------------------------

-- The map's own properties say its scale and light, so it is read first
-- (love.filesystem also reads inside a .love file) and the table handed to
-- tiled.load; tiled.load(world, "level.lua") would find the file as well.
local MAP = love.filesystem.load("level.lua")()
local UPM = MAP.properties.units_per_meter  -- pixels per metre
local W = 1024                              -- the window is 1024 x 768 (conf.lua)
local SCRIPTED = os.getenv("WARY_LOVE_SCRIPT") == "1"
local SHOT = os.getenv("WARY_LOVE_SHOT") or "love_demo.png"
local STEP = 1 / 60

-- Tiled's colour property "#aarrggbb" as LÖVE's 0..1 components.
local function color_of(hex)
  local a, r, g, b = hex:match("^#(%x%x)(%x%x)(%x%x)(%x%x)$")
  return { tonumber(r, 16) / 255, tonumber(g, 16) / 255, tonumber(b, 16) / 255, tonumber(a, 16) / 255 }
end

-- The map's objects that are not boxes, by class (Tiled's "type" field; the
-- labels are text objects).
local OBJECTS = { floor = {}, environment = {}, light = {}, guard = {}, player = {}, text = {} }
for _, layer in ipairs(MAP.layers) do
  for _, o in ipairs(layer.type == "objectgroup" and layer.objects or {}) do
    local list = OBJECTS[o.shape == "text" and "text" or o.type]
    if list then list[#list + 1] = o end
  end
end

local function corners(o) return { o.x, o.y }, { o.x + o.width, o.y + o.height } end

local FLOORS = {}                   -- where each step sound comes from; concrete elsewhere
for _, o in ipairs(OBJECTS.floor) do
  local min, max = corners(o)
  FLOORS[#FLOORS + 1] = { sound = o.properties.sound, min = min, max = max, color = color_of(o.properties.color),
                          grating = o.properties.grating }
end

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
                        vision = { max_range_m = 16, use_per_target_light = true, enable_peripheral_cone = true } }
  world:set_sun{ direction = { 0, 0, -1 }, intensity = MAP.properties.sunlight, ambient = MAP.properties.ambient }
  for _, o in ipairs(OBJECTS.environment) do
    local min, max = corners(o)
    min[3], max[3] = 0, o.properties.height
    world:add_environment{ min = min, max = max, light = o.properties.light }
  end
  for _, o in ipairs(OBJECTS.light) do
    world:add_light{ pos = { o.x, o.y, o.properties.z }, radius = o.properties.radius,
                     intensity = o.properties.intensity }
  end
  game.boxes = tiled.load(world, MAP)
  game.guards, game.glance = {}, {}
  for _, o in ipairs(OBJECTS.guard) do
    local g = world:add_agent{ name = o.name, profile = "guard", team = "guards", pos = { o.x, o.y, 0 },
                               yaw = o.properties.yaw }
    game.guards[#game.guards + 1] = g
    game.glance[g] = o.properties.glance or 0
  end
  local you = OBJECTS.player[1]
  game.player = world:add_target{ name = you.name, team = "intruders", pos = { you.x, you.y, 0 },
                                  yaw = you.properties.yaw }
  game.look = {}
  for _, g in ipairs(game.guards) do
    game.look[g] = { until_time = -1 }
    -- A sound from a place the guard did not see turns its head there.
    g:on("location_belief_changed", function(ev)
      local rank = { suspected = 1, detected = 2, tracked = 3 }
      if rank[ev.state] and ev.location then
        g:look_at(ev.location.x, ev.location.y)
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
-- In a list, pressed in order: loops a frame runs go over lists (ipairs), not
-- pairs, whose loops Debian 12's LuaJIT can break (docs/backends.md).
local SCRIPT_PRESS = { { 1.5, "g" }, { 1.6, "c" }, { 2.8, "u" }, { 3.6, "c" }, { 3.65, "u" } }
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
  return { sound = "ConcreteStep" }
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
    game.step_timer = game.step_timer - dt
    if game.step_timer <= 0 then
      game.step_timer = game.crouched and 0.7 or sprint and 0.3 or 0.5
      game.world:emit_sound(p, game.crouched and "CrouchedStep" or floor_at(x, y).sound)
    end
  else
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
      local off = ({ 0, game.glance[g], 0, -game.glance[g] })[phase + 1]
      local a = math.rad(info.yaw + off)
      g:look_at(info.pos[1] + math.cos(a) * 300, info.pos[2] + math.sin(a) * 300)
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
    for _, p in ipairs(SCRIPT_PRESS) do
      if game.time < p[1] and game.time + STEP >= p[1] then press(p[2]) end
    end
  end
  step_player(STEP)
  step_guards()
  step_cans(STEP)
  game.world:step(STEP)
  game.time = game.time + STEP
end

-- The libwary this process loaded, for the log (Linux's /proc/self/maps; "?" elsewhere).
local function loaded_library()
  local f = io.open("/proc/self/maps", "r")
  if not f then return "?" end
  local maps = f:read("*a")
  f:close()
  return maps:match("%s(/%S*libwary[^/%s]*)\n") or "?"
end

function love.load()
  love.graphics.setBackgroundColor(0.12, 0.12, 0.13)
  build()
  if SCRIPTED then
    log("start: backend %s, game %s, %d boxes from level.lua, library %s", wary.backend,
      love.filesystem.getSource(), #game.boxes, loaded_library())
  end
end

function love.update(dt)
  game.frames = game.frames + 1
  if SCRIPTED then
    if game.shot_done then
      local parts = {}
      for _, l in ipairs(wdebug.layers) do parts[#parts + 1] = l .. "=" .. game.totals[l] end
      local states = {}
      for _, g in ipairs(game.guards) do states[#states + 1] = g.name .. "=" .. g:state(game.player) end
      log("done: frames=%d time=%.2f state_changes=%d %s", game.frames, game.time, game.log_changes,
        table.concat(states, " "))
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

local CONTROLS = "WASD/arrows move   Shift sprint   C crouch   G throw a can (at the mouse)   U disguise   "
  .. "mouse on an actor: why   Esc quit"

local function draw_level()
  love.graphics.setColor(0.2, 0.2, 0.21)
  love.graphics.rectangle("fill", 0, 60, W, 640)
  for _, f in ipairs(FLOORS) do
    love.graphics.setColor(f.color)
    love.graphics.rectangle("fill", f.min[1], f.min[2], f.max[1] - f.min[1], f.max[2] - f.min[2])
    if f.grating then
      love.graphics.setColor(0.35, 0.42, 0.5)
      for x = f.min[1], f.max[1], 16 do love.graphics.line(x, f.min[2], x, f.max[2]) end
    end
  end
  for _, o in ipairs(OBJECTS.environment) do
    love.graphics.setColor(0, 0, 0, 0.45)
    love.graphics.rectangle("fill", o.x, o.y, o.width, o.height)
  end
  for _, o in ipairs(OBJECTS.light) do
    love.graphics.setColor(1, 0.9, 0.5, 0.15)
    love.graphics.circle("fill", o.x, o.y, o.properties.radius)
    love.graphics.setColor(1, 0.9, 0.5, 1)
    love.graphics.circle("fill", o.x, o.y, 4)
  end
  for _, o in ipairs(OBJECTS.text) do
    local c = o.color or { 0, 0, 0 }
    love.graphics.setColor(c[1] / 255, c[2] / 255, c[3] / 255, (c[4] or 255) / 255)
    love.graphics.print(o.text, o.x, o.y)
  end
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
  for _, l in ipairs(wdebug.layers) do options[l] = game.layers[l] end
  -- The explanation of the belief under the mouse (scripted: over the player).
  if SCRIPTED then
    local px, py = game.player:pos()
    options.mouse = { px, py }
  else
    options.mouse = { love.mouse.getPosition() }
  end
  local counts = wdebug.draw(game.world, options)
  for _, l in ipairs(wdebug.layers) do game.totals[l] = game.totals[l] + counts[l] end
  draw_player()
  draw_hud()
end
