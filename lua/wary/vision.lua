-- wary.vision: the Lua side of the built-in vision sense: a profile's
-- `vision` table turned into the C vision def (curves sampled once, sample
-- points packed), target sample points, and agent:explain's table.
local check = require("wary.check")
local enums = require("wary.enums")
local schema = require("wary.schema")

local vision = {}

vision.ID = "Vision"
local CURVE_POINTS = enums.constants.CURVE_POINTS

-- Sample points: a list of up to 8 { x, y, z, weight } (or { x =, y =, z =,
-- weight = }) in world units, in the target's frame (x along its yaw, y to its
-- left, z up). Returns the C wary_samples table.
function vision.samples(object, field, list)
  if type(list) ~= "table" then check.fail(object, field, "a list of up to 8 {x, y, z, weight}", list) end
  if #list > 8 then check.fail(object, field, "at most 8 sample points", #list) end
  local points, weight = {}, 0
  for i, pt in ipairs(list) do
    local name = string.format("%s[%d]", field, i)
    if type(pt) ~= "table" then check.fail(object, name, "a point {x, y, z, weight}", pt) end
    local x, y, z = check.vector(object, name, pt, true)
    local w = pt.weight or pt[4] or 1 -- a point without a weight weighs 1
    check.number(object, name .. ".weight", w, 0)
    -- As the core counts it, in floats: a weight below 2^-150 is 0 there.
    if w > 2 ^ -150 then weight = weight + w end
    points[#points + 1], points[#points + 2], points[#points + 3], points[#points + 4] = x, y, z, w
  end
  -- Points that weigh nothing in all would hide the target from every eye.
  if #list > 0 and weight <= 0 then
    check.raise(string.format("%s: field '%s' expected at least one point with a weight > 0 (none: never seen), "
      .. "got %d of weight 0", object, field, #list))
  end
  return { count = #list, points = points }
end

-- A curve: a list of { x, y } points (x rising over 0..1, y >= 0), joined by
-- straight lines and flat beyond its ends, or a function of x. Either is
-- sampled once into 33 values over x = 0, 1/32, ..., 1.
function vision.curve(object, field, c)
  local f = c
  if type(c) == "table" then
    if #c < 1 then check.fail(object, field, "a list of {x, y} points or a function", "an empty list") end
    local last = -math.huge
    for i, pt in ipairs(c) do
      local name = string.format("%s[%d]", field, i)
      if type(pt) ~= "table" then check.fail(object, name, "a point {x, y}", pt) end
      if i > 1 and check.finite(pt[1]) and pt[1] < last then
        check.fail(object, name .. " x", "a number >= " .. check.g(last) .. " (the x of the point before: x rises)",
          pt[1])
      end
      check.number(object, name .. " x", pt[1], nil, nil)
      check.number(object, name .. " y", pt[2], 0, nil)
      last = pt[1]
    end
    f = function(x)
      if x <= c[1][1] then return c[1][2] end
      for i = 2, #c do
        local a, b = c[i - 1], c[i]
        if x <= b[1] then
          return b[1] == a[1] and b[2] or a[2] + (b[2] - a[2]) * (x - a[1]) / (b[1] - a[1])
        end
      end
      return c[#c][2]
    end
  elseif type(c) ~= "function" then
    check.fail(object, field, "a list of {x, y} points or a function", c)
  end
  local values = {}
  for i = 0, CURVE_POINTS - 1 do
    local x = i / (CURVE_POINTS - 1)
    local ok, y = pcall(f, x)
    if not ok then check.raise(string.format("%s: field '%s' raised an error at x = %g: %s", object, field, x, y)) end
    check.number(object, string.format("%s(%g)", field, x), y, 0, nil)
    values[i + 1] = y
  end
  return values
end

-- In order: a profile with two bad curves is told of the same one each time.
local curves = { { "distance_curve", "distance_curve" }, { "angle_curve", "angle_curve" },
                 { "motion_bonus_curve", "motion_curve" } }

-- The checked vision table (defaults filled) and the C def for it.
function vision.def(world, object, t)
  object = object .. " vision"
  local o = check.fields(object, schema.vision, t, world._scaled.vision)
  -- The peripheral cone is the ring beyond the focal one: narrower, it would never apply.
  if o.enable_peripheral_cone and o.peripheral_half_angle_deg <= o.half_angle_deg then
    check.fail(object, "peripheral_half_angle_deg", "more than half_angle_deg " .. check.g(o.half_angle_deg)
      .. " with enable_peripheral_cone (the ring beyond the focal cone)", o.peripheral_half_angle_deg)
  end
  local def = {}
  for _, spec in ipairs(schema.vision) do
    local v = o[spec.name]
    if (type(v) == "number" or type(v) == "boolean") and not spec.name:find("^min_visible_points_") then
      def[spec.c or spec.name] = v
    end
  end
  def.min_visible_points = { o.min_visible_points_standing, o.min_visible_points_crouched,
                             o.min_visible_points_prone }
  if o.default_visibility_samples then
    def.default_samples = vision.samples(object, "default_visibility_samples", o.default_visibility_samples)
  end
  for _, fc in ipairs(curves) do
    local field, c = fc[1], fc[2]
    if o[field] ~= nil then
      def[c] = vision.curve(object, field, o[field])
      def[c .. "_count"] = CURVE_POINTS
    end
  end
  return o, def
end

-- agent:explain's table from the C explain struct; boxes: the world's box
-- handles by id (a sample's blocked_by).
function vision.explain(raw, boxes)
  local samples = {}
  for i = 1, raw.sample_count do
    local blocker = raw.sample_blocker[i]
    samples[i] = {
      pos = { x = raw.sample_pos[3 * i - 2], y = raw.sample_pos[3 * i - 1], z = raw.sample_pos[3 * i] },
      sight = raw.sample_sight[i], weight = raw.sample_weight[i],
      counted = raw.sample_sight[i] > 0.5,
      blocked_by = blocker ~= 0 and boxes and boxes[tonumber(blocker)] or nil,
    }
  end
  return {
    confidence = raw.confidence,
    cone = enums.cone[raw.cone],
    reason = enums.loss_reason[raw.reason],
    distance = raw.distance, range = raw.range, angle = raw.angle,
    light = raw.light,
    factors = {
      distance = raw.distance_falloff, angle = raw.angle_falloff, exposure = raw.exposure,
      light = raw.light_factor, motion = raw.motion_bonus, weather = raw.weather,
      visibility = raw.visibility, cone = raw.cone_scale,
    },
    visible_points = raw.visible_points, required_points = raw.required_points,
    reacting = raw.reacting,
    samples = samples,
    time = raw.time,
  }
end

return vision
