-- bench/handwritten_vision.lua: vision as a LÖVE developer writes it without
-- wary, the reference bench/handwritten.lua measures wary's vision against.
-- Plain tables and loops, as a game's own code would be.
--
-- Seed 000's vision formula:
--   confidence = distance falloff x angle falloff x exposure x light factor
--              x motion bonus x weather x visibility
-- with distance falloff 1 - (d / range)^2 and angle falloff cos(angle / half
-- angle x 90 deg), both measured from the eye to the head (the first sample
-- point); exposure the weighted share of five sample points on the target
-- (head 1.0, chest 0.9, pelvis 0.7, shoulders 0.6 each) that a ray reaches,
-- only when more than min_exposure of it and at least min_points points (each
-- reached by more than half the sight) show; light factor lerp(darkness_min,
-- 1, light); motion bonus 1 + bonus x min(speed / bonus speed, 1). One cone (the
-- focal one, cone scale 1). A ray is the product of the transmissions of the
-- boxes it crosses, every box tested in turn (no acceleration structure),
-- stopping at the first one that lets nothing through.
local M = {}

local sqrt, cos, sin, acos, min, pi = math.sqrt, math.cos, math.sin, math.acos, math.min, math.pi

-- The five points of a standing target, in metres: x along its facing, y to
-- its left, z up; then the weight.
M.POINTS = {
  { 0, 0, 1.70, 1.0 }, { 0, 0, 1.40, 0.9 }, { 0, 0, 1.00, 0.7 }, { 0, 0.22, 1.50, 0.6 }, { 0, -0.22, 1.50, 0.6 },
}
local POINTS = M.POINTS

-- Where the segment a + t d, t in [0, 1], enters box b (corners x1 y1 z1,
-- x2 y2 z2): its first t inside, or false when it misses. The slab test, axis
-- by axis.
local function hits(b, ax, ay, az, dx, dy, dz)
  local t0, t1 = 0, 1
  if dx == 0 then
    if ax < b.x1 or ax > b.x2 then return false end
  else
    local u, w = (b.x1 - ax) / dx, (b.x2 - ax) / dx
    if u > w then u, w = w, u end
    if u > t0 then t0 = u end
    if w < t1 then t1 = w end
    if t0 > t1 then return false end
  end
  if dy == 0 then
    if ay < b.y1 or ay > b.y2 then return false end
  else
    local u, w = (b.y1 - ay) / dy, (b.y2 - ay) / dy
    if u > w then u, w = w, u end
    if u > t0 then t0 = u end
    if w < t1 then t1 = w end
    if t0 > t1 then return false end
  end
  if dz == 0 then
    if az < b.z1 or az > b.z2 then return false end
  else
    local u, w = (b.z1 - az) / dz, (b.z2 - az) / dz
    if u > w then u, w = w, u end
    if u > t0 then t0 = u end
    if w < t1 then t1 = w end
    if t0 > t1 then return false end
  end
  return t0
end
M.hits = hits

-- A ray function over boxes (a list of { x1, y1, z1, x2, y2, z2,
-- transmission }): ray(ax, ay, az, bx, by, bz) is the share of sight that
-- gets from a to b.
function M.every_box(boxes)
  return function(ax, ay, az, bx, by, bz)
    local dx, dy, dz = bx - ax, by - ay, bz - az
    local tr = 1
    for i = 1, #boxes do
      local b = boxes[i]
      if hits(b, ax, ay, az, dx, dy, dz) then
        tr = tr * b.transmission
        if tr <= 0 then return 0 end
      end
    end
    return tr
  end
end

-- The confidence of an eye at e looking along the unit vector f in target t
-- ({ x, y, z, yaw (radians), vx, vy, vz, light, visibility }). s: the
-- settings (range and eye_height in units, half_angle in degrees,
-- darkness_min, motion_bonus, motion_speed in units/s, min_exposure,
-- min_points, weather, upm: units per metre) and its counters looked (targets
-- in range and cone) and rays. sights, when given, gets the sight reaching
-- each point.
local function confidence(s, ray, ex, ey, ez, fx, fy, fz, t, sights)
  local upm, c, sn = s.upm, cos(t.yaw), sin(t.yaw)
  local head = POINTS[1]
  local hx = t.x + (c * head[1] - sn * head[2]) * upm
  local hy = t.y + (sn * head[1] + c * head[2]) * upm
  local hz = t.z + head[3] * upm
  local vx, vy, vz = hx - ex, hy - ey, hz - ez
  local d = sqrt(vx * vx + vy * vy + vz * vz)
  if d > s.range then return 0 end
  local cosang = 1
  if d > 0 then cosang = (fx * vx + fy * vy + fz * vz) / d end
  if cosang > 1 then cosang = 1 elseif cosang < -1 then cosang = -1 end
  local angle = acos(cosang) * 180 / pi
  if angle > s.half_angle then return 0 end
  local x = d / s.range
  local distance_falloff = 1 - x * x
  local angle_falloff = cos(angle / s.half_angle * pi / 2)
  local speed = sqrt(t.vx * t.vx + t.vy * t.vy + t.vz * t.vz)
  local motion = 1 + s.motion_bonus * min(speed / s.motion_speed, 1)
  local light = s.darkness_min + (1 - s.darkness_min) * t.light
  local before = distance_falloff * angle_falloff * light * motion * s.weather * t.visibility
  if before <= 0 then return 0 end
  s.looked = s.looked + 1
  local seen, total, visible = 0, 0, 0
  for i = 1, #POINTS do
    local p = POINTS[i]
    local px = t.x + (c * p[1] - sn * p[2]) * upm
    local py = t.y + (sn * p[1] + c * p[2]) * upm
    local pz = t.z + p[3] * upm
    local tr = ray(ex, ey, ez, px, py, pz)
    if sights then sights[i] = tr end
    seen = seen + p[4] * tr
    total = total + p[4]
    if tr > 0.5 then visible = visible + 1 end
  end
  s.rays = s.rays + #POINTS
  local exposure = seen / total
  if exposure <= 0 or exposure < s.min_exposure or visible < s.min_points then return 0 end
  return min(1, before * exposure)
end
M.confidence = confidence

-- One step of the game's vision: agent i ({ x, y, z, fx, fy, seen }) looks
-- at every target on the steps where (step + i) % s.every == 0, so the
-- updates spread over the interval; a.seen[j] keeps its confidence in
-- target j.
function M.update(s, ray, agents, targets, step)
  local every, eye = s.every, s.eye_height
  for i = 1, #agents do
    local a = agents[i]
    if (step + i) % every == 0 then
      local seen, ex, ey, ez, fx, fy = a.seen, a.x, a.y, a.z + eye, a.fx, a.fy
      for j = 1, #targets do
        seen[j] = confidence(s, ray, ex, ey, ez, fx, fy, 0, targets[j])
      end
    end
  end
end

return M
