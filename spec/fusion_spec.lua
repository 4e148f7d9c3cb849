-- How several senses combine (seed 000, "How several senses combine"):
--   Fused = (best active sense x its weight) + (other active senses x Corroboration Bonus)
-- capped at 1. "Senses don't average": the strongest sets the level and every
-- other active sense adds a small bonus. The fixture's senses report exactly
-- the number set in target.props[<sense id>] (interval 0.1 s, grace 0.3 s).

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local fixture = require("spec.support.fixture")
local expect = require("spec.support.expect")

local near = expect.near

-- A world whose target reports `values` ({ Eyes = 0.8, ... }) for `seconds`.
local function seen(values, options)
  options = options or {}
  local senses = options.senses or { "Eyes", "Ears", "Nose" }
  local f = fixture.new{ senses = senses, profile = options.profile, sense_options = options.sense_options }
  for id, v in each(values) do f.target:set_prop(id, v) end
  f:run(options.seconds or 0.5)
  return f
end

-- An `it` that checks that senses reporting `values` (seen with `options`)
-- fuse to `fused`, and that confidence, with no evidence, is that value too.
local function it_fuses(name, values, fused, options)
  it(name, function()
    local f = seen(values, options)
    near(fused, f:belief().fused)
    near(fused, f:confidence())
  end)
end

describe("fusion", function()
  it_fuses("vision 0.8 with two other active senses at a 0.1 bonus fuses to 1.0",
    { Eyes = 0.8, Ears = 0.3, Nose = 0.2 }, 1.0)
  it_fuses("vision 0.5 with hearing and smell fuses to 0.5 + 2 x 0.1 = 0.7",
    { Eyes = 0.5, Ears = 0.3, Nose = 0.2 }, 0.7)
  it_fuses("does not average: 0.6 and 0.2 fuse to 0.7, not 0.4", { Eyes = 0.6, Ears = 0.2 }, 0.7)
  it_fuses("the strongest sense sets the level whichever sense it is", { Eyes = 0.2, Ears = 0.55 }, 0.65)
  it_fuses("is capped at 1: 0.95 with two corroborating senses is 1.0, not 1.15",
    { Eyes = 0.95, Ears = 0.9, Nose = 0.9 }, 1.0)

  it("a single sense is its own value", function()
    for _, v in ipairs({ 0.1, 0.42, 0.8, 1.0 }) do
      local f = seen{ Eyes = v }
      near(v, f:belief().fused)
      near(v, f:confidence())
    end
  end)

  it_fuses("a single sense among several defined ones gets no bonus from the silent ones", { Ears = 0.42 }, 0.42)
  it_fuses("a sense reporting nothing (0) is not active and adds no bonus", { Eyes = 0.5, Ears = 0 }, 0.5)

  describe("weights", function()
    it_fuses("multiply the best sense: Eyes 0.5 at weight 1.2 alone fuses to 0.6",
      { Eyes = 0.5 }, 0.6, { profile = { sense_weights = { Eyes = 1.2 } } })
    -- Ears: 0.6 x 1 = 0.6 beats Eyes: 0.8 x 0.5 = 0.4; Eyes adds the bonus.
    it_fuses("pick the strongest by share x weight: Eyes 0.8 x 0.5 loses to Ears 0.6 x 1, fusing to 0.7",
      { Eyes = 0.8, Ears = 0.6 }, 0.7, { profile = { sense_weights = { Eyes = 0.5 } } })
    -- Eyes: 0.3 x 2 = 0.6 beats Ears: 0.5 x 1 = 0.5; Ears adds 0.1.
    it_fuses("pick the strongest by share x weight: Eyes 0.3 x 2 beats Ears 0.5 x 1, fusing to 0.7",
      { Eyes = 0.3, Ears = 0.5 }, 0.7, { profile = { sense_weights = { Eyes = 2 } } })
    it_fuses("a sense's own weight applies when the profile does not replace it",
      { Eyes = 0.5 }, 0.25, { senses = { "Eyes" }, sense_options = { Eyes = { weight = 0.5 } } })
    it_fuses("the profile's sense_weights replace the sense's own weight", { Eyes = 0.5 }, 0.75, {
      senses = { "Eyes" }, sense_options = { Eyes = { weight = 0.5 } },
      profile = { sense_weights = { Eyes = 1.5 } },
    })
  end)

  describe("corroboration_bonus", function()
    it_fuses("a profile with corroboration_bonus 0.25 fuses 0.4 with two others to 0.9",
      { Eyes = 0.4, Ears = 0.2, Nose = 0.1 }, 0.9, { profile = { corroboration_bonus = 0.25 } })
    it_fuses("a profile with corroboration_bonus 0 takes the strongest sense alone",
      { Eyes = 0.4, Ears = 0.3, Nose = 0.2 }, 0.4, { profile = { corroboration_bonus = 0 } })
  end)

  describe("a silent sense", function()
    it("keeps adding its bonus through its grace, and stops once its grace is over", function()
      local f = seen{ Eyes = 0.5, Ears = 0.3 }
      near(0.6, f:belief().fused)
      f.target:set_prop("Ears", nil)
      f:run(0.2) -- inside the 0.3 s grace
      local b = f:belief()
      near(0.3, b.contributions.Ears)
      near(0.6, b.fused)
      near(0.6, b.confidence)
      f:run(0.4) -- the grace is over
      b = f:belief()
      near(0.5, b.fused)
      assert.is_false(b.active.Ears)
    end)

    it("once its bonus is gone, confidence fades down to the lone sense at fade_rate", function()
      local f = seen{ Eyes = 0.5, Ears = 0.3 }
      f.target:set_prop("Ears", nil)
      f:run(0.6)
      local before = f:confidence()
      assert.is_true(before > 0.5 and before <= 0.6)
      f:run(0.5)
      near(math.max(0.5, before - 0.05), f:confidence(), 1e-3)
      f:run(2)
      near(0.5, f:confidence())
    end)

    it("a direct-cut sense adds no bonus once it falls silent: its share drops to 0 at once", function()
      local f = seen({ Eyes = 0.3, Ears = 0.5 }, { sense_options = { Eyes = { direct_lost_cut = true } } })
      near(0.6, f:belief().fused)
      f.target:set_prop("Eyes", nil)
      f:run(0.2)
      local b = f:belief()
      assert.are.equal(0, b.contributions.Eyes)
      near(0.5, b.fused)
    end)
  end)

  describe("belief", function()
    it("lists each sense's contribution by sense id", function()
      local f = seen{ Eyes = 0.8, Ears = 0.3 }
      local b = f:belief()
      near(0.8, b.contributions.Eyes)
      near(0.3, b.contributions.Ears)
      assert.are.equal(0, b.contributions.Nose)
      assert.is_true(b.active.Eyes)
      assert.is_true(b.active.Ears)
      assert.is_false(b.active.Nose)
    end)

    it("gives the fused value before evidence shapes it", function()
      local f = seen{ Eyes = 0.8, Ears = 0.3 }
      f.agent:add_evidence(f.target, "Disguise", "clamp", 0.15)
      f:run(0.2)
      local b = f:belief()
      near(0.9, b.fused)
      near(0.15, b.confidence)
    end)

    it("follows the senses as they change", function()
      local f = seen{ Eyes = 0.4 }
      near(0.4, f:belief().fused)
      f.target:set_prop("Eyes", 0.7)
      f:run(0.2)
      near(0.7, f:belief().fused)
      near(0.7, f:confidence())
      f.target:set_prop("Nose", 0.1)
      f:run(0.2)
      near(0.8, f:belief().fused)
    end)
  end)
end)
