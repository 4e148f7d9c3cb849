-- wary.data.pain: the seed's pain types (seed 002, "A useful set"), defined
-- in every world (turn off with wary.world{ pains = false }): then
-- agent:report_pain("Flashbang", 1). Fields (defaults): effects = { [sense id] = 0..1 }
-- (none), decay_rate 0.2 level per second (0 never fades), max_level 1,
-- amount_override 0 (above 0 every report adds this instead of the amount).
return {
  -- Blind, hearing halved; both back in a straight line over 2 s.
  { name = "Flashbang", decay_rate = 0.5, amount_override = 1, effects = { Vision = 1, Hearing = 0.5 } },
  -- Report 0.6: sight x0.76, hearing x0.82, gone 3 s after the last report.
  { name = "Burning", decay_rate = 0.2, effects = { Vision = 0.4, Hearing = 0.3 } },
  -- At the cap: sight x0.79, fading over 14 s.
  { name = "Bleeding", decay_rate = 0.05, max_level = 0.7, effects = { Vision = 0.3 } },
  -- Deaf, back over 3.3 s. Sees fine.
  { name = "Deafened", decay_rate = 0.3, effects = { Hearing = 1 } },
  -- Sight x0.1, smell x0.4. Report it each second the agent stands in the smoke.
  { name = "Smoke", decay_rate = 0.5, effects = { Vision = 0.9, Smell = 0.6 } },
}
