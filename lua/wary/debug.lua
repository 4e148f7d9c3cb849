-- wary.debug: debug drawing for LÖVE 11. Call it from love.draw:
--
--   local wdebug = require("wary.debug")
--   function love.draw() wdebug.draw(world, { scale = 1, x = 0, y = 0, rays = true }) end
--
-- It draws the ground plane top-down in LÖVE's screen axes: world x to the
-- right, world y downwards (z, the height, is dropped), screen = world * scale
-- + (x, y). Everything is wrapped in love.graphics.push/pop; colours are 0..1.
-- Layers (options, each true unless set to false):
--   boxes       boxes filled by material; low cover (top under options.low_cover,
--               1.2 m) is drawn lighter, with an inner outline
--   cones       each agent's focal (and peripheral, rear) vision cones, as far as it
--               sees from where its eyes are (fog there shortens them), and the
--               direction its eyes look (a line from the eye)
--   rays        from each agent's eye to each sample point of each target in a
--               cone: red where no sight reached, yellow partial (glass,
--               hedges, smoke), green clear (none to a target too dark,
--               cloaked or not perceivable: its look casts no ray)
--   meters      above each agent: a bar of its strongest belief's confidence
--               about anyone it does not hold friendly,
--               coloured by state, and a label "state 73%"
--   sounds      rings where each agent heard sounds in the last
--               options.sound_seconds (2 s), growing and fading with age
--   places      each agent's beliefs about places: a cross, its uncertainty and its tag
--   last_known  each agent's last known position of every target it believes
--               in: a diamond with the target's name
--   explain     with options.mouse = { x, y } or { x =, y = } (screen): the
--               belief under the mouse (the believed-in actor nearest to it,
--               within 1 m) and agent:explain_text of it beside it, for
--               every agent that holds one; a target nobody believes in,
--               for the three nearest agents whose eyes reach it
--   space       lamps (a disc of their radius, as bright as their intensity)
--               and environments: fog grey, a light of their own blue (the
--               darker, the deeper), muffled sound a purple outline; named
-- options.targets: the actors rays are drawn to (default: every target);
-- options.graphics: the graphics table (default love.graphics; specs pass a fake).
-- Returns the count of items drawn per layer (a table like { boxes = 12, rays = 10, ... }).

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local check = require("wary.check")
local handles = require("wary.handles")

local debug_draw = {
  _VERSION = "wary.debug 0.1",
  _DESCRIPTION = "Top-down LÖVE debug drawing of a wary world",
  _LICENSE = "MIT",
}

debug_draw.layers = { "boxes", "cones", "rays", "meters", "sounds", "places", "last_known", "explain", "space" }

debug_draw.material_colors = {
  concrete = { 0.45, 0.45, 0.48, 1 },
  wood = { 0.55, 0.38, 0.2, 1 },
  metal = { 0.4, 0.5, 0.62, 1 },
  glass = { 0.55, 0.85, 1, 0.45 },
  foliage = { 0.2, 0.62, 0.25, 0.75 },
  smoke = { 0.8, 0.8, 0.8, 0.5 },
  trigger = { 1, 0, 1, 0.15 },
}
local OTHER_MATERIAL = { 0.6, 0.3, 0.6, 1 }

debug_draw.state_colors = {
  undetected = { 0.6, 0.6, 0.6 },
  suspected = { 1, 0.85, 0.1 },
  detected = { 1, 0.5, 0.1 },
  tracked = { 1, 0.15, 0.1 },
  lost = { 0.7, 0.4, 1 },
  remembered = { 0.4, 0.6, 1 },
  expired = { 0.35, 0.35, 0.35 },
}

local atan2 = math.atan2 or math.atan

-- Red (no sight) through yellow to green (clear).
local function sight_color(s)
  s = math.max(0, math.min(1, s))
  if s < 0.5 then return 1, 2 * s, 0.1 end
  return 2 * (1 - s), 1, 0.1
end

local function agents_of(world)
  local list = {}
  for _, a in ipairs(world:actors()) do
    if a.kind == "agent" then list[#list + 1] = a end
  end
  return list
end

-- What draw takes (check.fields): every layer true unless set to false.
local OPTIONS = {
  { name = "scale", kind = "number", min = 1e-9, default = 1 },
  { name = "x", kind = "number", default = 0 },
  { name = "y", kind = "number", default = 0 },
  { name = "sound_seconds", kind = "number", min = 0, default = 2 },
  { name = "low_cover", kind = "number", min = 0 },
  { name = "targets", kind = "table" },
  { name = "mouse", kind = "table" },
  { name = "graphics", kind = "table" },
}
for _, layer in ipairs(debug_draw.layers) do
  OPTIONS[#OPTIONS + 1] = { name = layer, kind = "boolean", default = true }
end

local function targets_of(world, options)
  if options.targets then
    local handle = require("wary.handle")
    -- One handle where a list is meant would draw nothing, unsaid.
    if getmetatable(options.targets) ~= nil then
      check.fail("debug.draw options", "targets", "a list of actors ({ actor, ... })", options.targets)
    end
    for i, t in ipairs(options.targets) do
      if not handle.is(world, t, "actor") then
        check.fail("debug.draw options", "targets[" .. i .. "]", "an actor of this world", t, world)
      end
    end
    return options.targets
  end
  local list = {}
  for _, a in ipairs(world:actors()) do
    if a.kind == "target" then list[#list + 1] = a end
  end
  return list
end

local function draw_boxes(g, world, o, counts)
  for _, b in ipairs(world:boxes()) do
    local c = debug_draw.material_colors[b.material] or OTHER_MATERIAL
    local lo, hi = handles.bounds(b)
    local low = hi[3] < o.low_cover
    local w, h = hi[1] - lo[1], hi[2] - lo[2]
    g.setColor(c[1], c[2], c[3], (c[4] or 1) * (low and 0.5 or 1))
    g.rectangle("fill", lo[1], lo[2], w, h)
    g.setColor(c[1] * 0.6, c[2] * 0.6, c[3] * 0.6, 1)
    g.rectangle("line", lo[1], lo[2], w, h)
    if low then
      local m = math.min(w, h) * 0.2
      g.rectangle("line", lo[1] + m, lo[2] + m, w - 2 * m, h - 2 * m)
    end
    counts.boxes = counts.boxes + 1
  end
end

-- The handles of a store (world._lights, world._environments) in id order.
local function by_id(store)
  local list = {}
  for _, h in each(store) do list[#list + 1] = h end
  table.sort(list, function(p, q) return p.id < q.id end)
  return list
end

local function draw_space(g, world, o, counts)
  for _, e in ipairs(by_id(world._environments)) do
    local d = handles.def_of(e)
    local x, y, w, h = d.min[1], d.min[2], d.max[1] - d.min[1], d.max[2] - d.min[2]
    if d.light >= 0 then
      g.setColor(0.1, 0.15, 0.4, 0.4 * (1 - d.light))
      g.rectangle("fill", x, y, w, h)
    end
    if d.vision_range_scale < 1 then
      g.setColor(0.75, 0.75, 0.75, 0.4 * (1 - d.vision_range_scale))
      g.rectangle("fill", x, y, w, h)
    end
    if d.hearing_range_scale < 1 then g.setColor(0.6, 0.3, 0.8, 0.9) else g.setColor(0.5, 0.5, 0.6, 0.6) end
    g.rectangle("line", x, y, w, h)
    if e.name then g.print(e.name, x + 2 / o.scale, y + 2 / o.scale, 0, 1 / o.scale, 1 / o.scale) end
    counts.space = counts.space + 1
  end
  for _, l in ipairs(by_id(world._lights)) do
    local d = handles.def_of(l)
    g.setColor(1, 0.9, 0.45, 0.18 * d.intensity)
    g.circle("fill", d.pos[1], d.pos[2], d.radius)
    g.setColor(1, 0.9, 0.45, 0.6)
    g.circle("line", d.pos[1], d.pos[2], d.radius)
    g.circle("fill", d.pos[1], d.pos[2], 3 / o.scale)
    counts.space = counts.space + 1
  end
end

local function cone(g, x, y, yaw, half_deg, range, r, gr, b, a)
  if range <= 0 or half_deg <= 0 then return end
  local half = math.rad(half_deg)
  g.setColor(r, gr, b, a)
  g.arc("fill", "pie", x, y, range, yaw - half, yaw + half, 32)
  g.setColor(r, gr, b, a * 3)
  g.arc("line", "pie", x, y, range, yaw - half, yaw + half, 32)
end

-- The vision range scale of the environments holding point p (the thickest
-- fog wins, as the core takes it: world.h, wy_env_at).
local function vision_scale_at(world, p)
  local scale = 1
  for _, e in each(world._environments) do
    local d = handles.def_of(e)
    if p[1] >= d.min[1] and p[2] >= d.min[2] and p[3] >= d.min[3] and p[1] <= d.max[1] and p[2] <= d.max[2]
      and p[3] <= d.max[3] and d.vision_range_scale < scale then
      scale = d.vision_range_scale
    end
  end
  return scale
end

-- The cones reach as far as the agent sees from where its eyes are: fog
-- there shortens them (a look takes the lower of the eye's and the target's
-- scales, so none reaches further).
local function draw_cones(g, world, agent, info, o, counts)
  local v = agent.profile and agent.profile.vision
  local ex, ey = info.eye_pos[1], info.eye_pos[2]
  local yaw = atan2(info.eye_forward[2], info.eye_forward[1])
  if v then
    local range = v.max_range * vision_scale_at(world, info.eye_pos)
    if v.enable_rear_motion_cone then
      cone(g, ex, ey, yaw + math.pi, v.rear_half_angle_deg, range * v.rear_range_scale, 0.6, 0.4, 1, 0.06)
    end
    if v.enable_peripheral_cone then
      cone(g, ex, ey, yaw, v.peripheral_half_angle_deg, range * v.peripheral_range_scale, 0.3, 0.7, 1, 0.06)
    end
    cone(g, ex, ey, yaw, v.half_angle_deg, range, 1, 1, 0.6, 0.08)
    counts.cones = counts.cones + 1
  end
  local len = 0.8 * o.units_per_meter
  g.setColor(1, 1, 1, 1)
  g.line(ex, ey, ex + info.eye_forward[1] * len, ey + info.eye_forward[2] * len)
  local body = math.rad(info.yaw or 0)
  g.setColor(0.2, 0.4, 1, 1)
  g.circle("fill", info.pos[1], info.pos[2], 0.3 * o.units_per_meter)
  g.setColor(1, 1, 1, 1)
  g.line(info.pos[1], info.pos[2], info.pos[1] + math.cos(body) * 0.3 * o.units_per_meter,
    info.pos[2] + math.sin(body) * 0.3 * o.units_per_meter)
end

-- How far past a vision range a target's position may be with a sample point
-- still within it (its head above its feet, and some), in metres.
local SAMPLE_REACH_M = 3

local function draw_rays(g, agent, info, targets, o, counts)
  local v = agent.profile and agent.profile.vision
  if not v then return end
  -- Only the targets within its widest cone's range are looked at (a look
  -- casts rays): the rest cost a distance.
  local reach = v.max_range + SAMPLE_REACH_M * o.units_per_meter
  local ex, ey, ez = info.eye_pos[1], info.eye_pos[2], info.eye_pos[3]
  for _, t in ipairs(targets) do
    local x, y, z
    if t ~= agent and t:valid() then x, y, z = t:pos() end
    if x and (x - ex) ^ 2 + (y - ey) ^ 2 + (z - ez) ^ 2 <= reach * reach then
      local e = agent:_vision_look(t)
      -- A look that stopped before its rays cast none: out of its cones, at
      -- or past its range, on a cone's edge (out_of_range); too dark,
      -- cloaked, not perceivable (sensor_dropout).
      if e.reason ~= "out_of_range" and e.reason ~= "sensor_dropout" then
        -- Seen from above, a target's points line up behind each other: the
        -- blocked rays first, so that a point seen is not drawn over.
        for pass = 1, 2 do
          for _, s in ipairs(e.samples) do
            if (s.sight > 0.5) == (pass == 2) then
              local r, gr, b = sight_color(s.sight)
              g.setColor(r, gr, b, 0.9)
              g.line(info.eye_pos[1], info.eye_pos[2], s.pos.x, s.pos.y)
              g.circle("fill", s.pos.x, s.pos.y, 2 / o.scale)
              counts.rays = counts.rays + 1
            end
          end
        end
      end
    end
  end
end

local function text(g, s, x, y, o)
  g.print(s, x, y, 0, 1 / o.scale, 1 / o.scale)
end

-- The meter shows the strongest belief about anyone the agent does not hold
-- friendly: agents believe in their allies too (ignore_same_team is off by
-- default), and a squadmate in plain sight is not what a designer watches for.
local function draw_meter(g, agent, info, o, counts)
  local best
  for _, b in ipairs(agent:beliefs()) do
    if (not best or b.confidence > best.confidence) and b.target and b.target:valid()
      and agent:relationship(b.target) ~= "friendly" then
      best = b
    end
  end
  local c = best and best.confidence or 0
  local state = best and best.state or "undetected"
  local col = debug_draw.state_colors[state] or debug_draw.state_colors.undetected
  local w, h = 1.2 * o.units_per_meter, 6 / o.scale
  local x, y = info.pos[1] - w / 2, info.pos[2] - 0.6 * o.units_per_meter - h
  g.setColor(0, 0, 0, 0.7)
  g.rectangle("fill", x, y, w, h)
  g.setColor(col[1], col[2], col[3], 1)
  g.rectangle("fill", x, y, w * c, h)
  g.setColor(1, 1, 1, 1)
  g.rectangle("line", x, y, w, h)
  g.setColor(col[1], col[2], col[3], 1)
  local label = string.format("%s %s %d%%", tostring(agent), state, math.floor(c * 100 + 0.5))
  local font = g.getFont and g.getFont()
  local half = font and font:getWidth(label) / 2 / o.scale or 0
  text(g, label, info.pos[1] - half, y - 16 / o.scale, o)
  counts.meters = counts.meters + 1
end

local function draw_sounds(g, agent, o, counts)
  for _, s in ipairs(agent:recent_sounds(o.sound_seconds)) do
    local age = s.age
    local fade = 1 - age / o.sound_seconds
    if fade > 0 then
      g.setColor(0.3, 0.9, 1, fade)
      local r = (0.3 + age * 1.5) * o.units_per_meter
      g.circle("line", s.location.x, s.location.y, r)
      g.circle("line", s.location.x, s.location.y, r * 0.6)
      text(g, s.sound or "?", s.location.x + 4 / o.scale, s.location.y + 4 / o.scale, o)
      counts.sounds = counts.sounds + 1
    end
  end
end

local function draw_places(g, agent, o, counts)
  for _, p in ipairs(agent:location_beliefs()) do
    if p.confidence <= 0 or p.state == "expired" then goto next end
    local col = debug_draw.state_colors[p.state] or debug_draw.state_colors.undetected
    local x, y, k = p.location.x, p.location.y, 0.25 * o.units_per_meter
    g.setColor(col[1], col[2], col[3], 1)
    g.line(x - k, y - k, x + k, y + k)
    g.line(x - k, y + k, x + k, y - k)
    if p.uncertainty and p.uncertainty > 0 then
      g.setColor(col[1], col[2], col[3], 0.5)
      g.circle("line", x, y, p.uncertainty)
    end
    text(g, string.format("%s %d%%", p.tag, math.floor(p.confidence * 100 + 0.5)), x + k, y - k, o)
    counts.places = counts.places + 1
    ::next::
  end
end

local function draw_last_known(g, agent, o, counts)
  for _, b in ipairs(agent:beliefs()) do
    if b.state ~= "undetected" and b.state ~= "expired" then
      local col = debug_draw.state_colors[b.state] or debug_draw.state_colors.undetected
      local x, y, k = b.last_known.x, b.last_known.y, 0.3 * o.units_per_meter
      g.setColor(col[1], col[2], col[3], 0.9)
      g.polygon("line", x, y - k, x + k, y, x, y + k, x - k, y)
      text(g, "last " .. (b.target and tostring(b.target) or "?"), x + k, y, o)
      counts.last_known = counts.last_known + 1
    end
  end
end

-- The actor some agent believes in nearest to the point (world units), within
-- 1 m: its position now or the last known one.
local function believed_near(agents, x, y, o)
  local best, best_d
  for _, a in ipairs(agents) do
    for _, b in ipairs(a:beliefs()) do
      local t = b.target
      if t and t:valid() then
        local px, py = t:pos()
        for _, q in ipairs{ { px, py }, { b.last_known.x, b.last_known.y } } do
          local d = math.sqrt((q[1] - x) ^ 2 + (q[2] - y) ^ 2)
          if d <= o.units_per_meter and (not best_d or d < best_d) then best, best_d = t, d end
        end
      end
    end
  end
  return best
end

-- Of the targets (options.targets), the one nearest to the point within 1
-- m, or nil.
local function target_near(targets, x, y, o)
  local best, best_d
  for _, t in ipairs(targets) do
    if t:valid() then
      local px, py = t:pos()
      local d = math.sqrt((px - x) ^ 2 + (py - y) ^ 2)
      if d <= o.units_per_meter and (not best_d or d < best_d) then best, best_d = t, d end
    end
  end
  return best
end

-- How many agents explain a target nobody believes in ("why did none of
-- them see me?"): the nearest whose eyes reach it.
local UNSEEN_EXPLAINED = 3

-- The agents with vision whose range (and a target's height) reaches
-- target, nearest first, at most UNSEEN_EXPLAINED of them.
local function lookers_of(agents, target, o)
  local tx, ty, tz = target:pos()
  local near = {}
  for _, a in ipairs(agents) do
    local v = a ~= target and a.profile and a.profile.vision
    if v then
      local ax, ay, az = a:pos()
      local d = math.sqrt((ax - tx) ^ 2 + (ay - ty) ^ 2 + (az - tz) ^ 2)
      if d <= v.max_range + SAMPLE_REACH_M * o.units_per_meter then near[#near + 1] = { a = a, d = d } end
    end
  end
  table.sort(near, function(p, q) return p.d < q.d end)
  local list = {}
  for i = 1, math.min(#near, UNSEEN_EXPLAINED) do list[i] = near[i].a end
  return list
end

-- Why each agent believes what it does of the actor under the mouse: its
-- explanation, a box of text beside the mouse. Under the mouse: an actor
-- some agent believes in (where it is, or where it was last known), else a
-- target nobody does, explained by the agents whose eyes reach it.
local function draw_explain(g, agents, targets, mouse, o, counts)
  local x, y = (mouse[1] - o.x) / o.scale, (mouse[2] - o.y) / o.scale
  local target = believed_near(agents, x, y, o)
  local lines = {}
  if target then
    for _, a in ipairs(agents) do
      if a:belief(target) then lines[#lines + 1] = a:explain_text(target) end
    end
  else
    target = target_near(targets, x, y, o)
    if not target then return end
    for _, a in ipairs(lookers_of(agents, target, o)) do lines[#lines + 1] = a:explain_text(target) end
    if #lines == 0 then lines[1] = tostring(target.name or target) .. ": no agent believes in it or sees that far" end
  end
  local body = table.concat(lines, "\n")
  local n = select(2, body:gsub("\n", "")) + 1
  local font = g.getFont and g.getFont()
  local wide, high = 0, (font and font:getHeight() or 14) * n
  for line in body:gmatch("[^\n]+") do
    wide = math.max(wide, font and font:getWidth(line) or 6 * #line)
  end
  local bx, by = x + 12 / o.scale, y + 12 / o.scale
  -- Kept on screen: to the left of the mouse when it would run off the right.
  local screen = g.getWidth and g.getWidth()
  if type(screen) == "number" and mouse[1] + 12 + wide + 8 > screen then bx = x - (24 + wide) / o.scale end
  g.setColor(0, 0, 0, 0.8)
  g.rectangle("fill", bx - 4 / o.scale, by - 4 / o.scale, (wide + 8) / o.scale, (high + 8) / o.scale)
  g.setColor(1, 1, 1, 1)
  text(g, body, bx, by, o)
  counts.explain = counts.explain + 1
end

--- Draws world; returns the number of items drawn per layer.
function debug_draw.draw(world, options)
  local mt = type(world) == "table" and getmetatable(world)
  if not (type(mt) == "table" and rawget(mt, "_kind") == "world") then
    check.fail("debug.draw", "world", "a wary world (debug.draw(world, options))", world)
  end
  if world._destroyed then
    check.raise("debug.draw: field 'world' expected a live world (debug.draw(world, options)), got a destroyed one")
  end
  options = check.fields("debug.draw options", OPTIONS, options or {})
  local o = {
    scale = options.scale, x = options.x, y = options.y,
    sound_seconds = options.sound_seconds,
    units_per_meter = world.units_per_meter,
  }
  o.low_cover = options.low_cover or 1.2 * o.units_per_meter
  local on = {}
  for _, layer in ipairs(debug_draw.layers) do on[layer] = options[layer] end
  local g = options.graphics or (rawget(_G, "love") and love.graphics) -- luacheck: globals love
  if not g then
    check.raise("debug.draw: no graphics to draw with: call it from love.draw, or pass options.graphics")
  end
  -- checked before anything is drawn
  local targets = targets_of(world, options)
  local mouse = options.mouse and { check.vector("debug.draw options", "mouse", options.mouse) }
  local counts = {}
  for _, layer in ipairs(debug_draw.layers) do counts[layer] = 0 end
  g.push()
  g.translate(o.x, o.y)
  g.scale(o.scale, o.scale)
  local width = g.getLineWidth()
  g.setLineWidth(1 / o.scale)
  if on.space then draw_space(g, world, o, counts) end
  if on.boxes then draw_boxes(g, world, o, counts) end
  local agents = agents_of(world)
  local infos = {}
  for i, a in ipairs(agents) do infos[i] = a:get() end
  for i, a in ipairs(agents) do
    if on.cones then draw_cones(g, world, a, infos[i], o, counts) end
  end
  for i, a in ipairs(agents) do
    if on.rays then draw_rays(g, a, infos[i], targets, o, counts) end
    if on.sounds then draw_sounds(g, a, o, counts) end
    if on.places then draw_places(g, a, o, counts) end
    if on.last_known then draw_last_known(g, a, o, counts) end
  end
  for i, a in ipairs(agents) do
    if on.meters then draw_meter(g, a, infos[i], o, counts) end
  end
  if on.explain and mouse then draw_explain(g, agents, targets, mouse, o, counts) end
  g.setLineWidth(width)
  g.setColor(1, 1, 1, 1)
  g.pop()
  return counts
end

return debug_draw
