-- senses/radar.lua: an early-warning radar for a squad (seed 004, "Ideas":
-- long range, low confidence, poor accuracy). Its contract is the seed's C++
-- Radar: an update every 0.5 s, 80 m, 1 s of grace, straight to Lost.
-- Confidence is at most 0.3 (enough to suspect, never to detect alone), scaled
-- by target.props.radar_cross_section (0..1, default 1; 0 is a stealth target). The
-- reported position is the centre of the 10 m radar cell the target is in.
local RANGE_M = 80
local CELL_M = 10

return {
  id = "Radar",
  description = "0.3 x (1 - distance / 80 m) x props.radar_cross_section; position snapped to a 10 m cell",
  interval = 0.5,
  max_range_m = RANGE_M,
  loss_grace = 1.0,
  direct_lost_cut = true,
  loss_reason = "out_of_range",
  evaluate = function(ctx, _, target)
    local rcs = target.props.radar_cross_section
    if type(rcs) ~= "number" then rcs = 1 end
    rcs = math.max(0, math.min(1, rcs))
    local c = 0.3 * (1 - ctx.distance / (RANGE_M * ctx.units_per_meter)) * rcs
    if c <= 0.05 then return nil end
    local cell = CELL_M * ctx.units_per_meter
    local p = ctx.target_pos
    return c, 0.2,
      (math.floor(p.x / cell) + 0.5) * cell, (math.floor(p.y / cell) + 0.5) * cell, p.z
  end,
}
