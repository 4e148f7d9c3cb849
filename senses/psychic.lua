-- senses/psychic.lua: psychic awareness (seed 004, "Ideas": ignores range and
-- walls, but with a very low location accuracy: it knows you exist, not where).
-- Every mind in the world is felt at 0.2 x target.props.psionic (default 1),
-- enough to suspect; props.shielded = true hides a mind. The position it
-- reports is the agent's own: it knows someone is out there, nothing more.
return {
  id = "Psychic",
  description = "0.2 x props.psionic at any range, through walls; accuracy 0.05",
  interval = 1.0,
  max_range = math.huge,
  loss_grace = 2.0,
  direct_lost_cut = false,
  loss_reason = "sensor_dropout",
  evaluate = function(ctx, _, target)
    if target.props.shielded then return nil end
    local psionic = target.props.psionic
    if psionic == nil then psionic = 1 end
    local c = 0.2 * psionic
    if c <= 0 then return nil end
    local a = ctx.agent_pos
    return c, 0.05, a.x, a.y, a.z
  end,
}
