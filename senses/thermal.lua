-- senses/thermal.lua: a thermal camera (seed 004, "Ideas": distance falloff x
-- a heat value on the target; ignores light). It reads target.props.heat
-- (0..1: a body about 0.9, a running engine 1, a corpse cooling towards 0).
-- Light changes nothing, and it casts no rays: pair it with vision when walls
-- should hide heat.
local RANGE_M = 30

return {
  id = "Thermal",
  description = "heat signature: (1 - distance / 30 m) x props.heat, active above 0.1",
  interval = 0.1,
  max_range_m = RANGE_M,
  loss_grace = 0.3,
  direct_lost_cut = false,
  loss_reason = "sensor_dropout",
  evaluate = function(ctx, _, target)
    local heat = target.props.heat
    if type(heat) ~= "number" then return nil end
    local c = (1 - ctx.distance / (RANGE_M * ctx.units_per_meter)) * heat
    if c > 0.1 then return c, 0.8 end
  end,
}
