-- world:load finds a relative path where a game keeps its files: beside the
-- file that calls it, then in the current directory, then in each folder of
-- package.path; a miss lists every place it looked. The starter data
-- (materials, sounds, filters, pain types) are modules of the library.
local wary = require("wary")
local expect = require("spec.support.expect")

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

local function temp_dir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p '" .. dir .. "/senses'"))
  return dir
end

describe("world:load", function()
  local dir

  before_each(function()
    dir = temp_dir()
    write(dir .. "/senses/sonar.lua", [[return { id = "Sonar", max_range = 1000, evaluate = function() end }]])
  end)

  after_each(function()
    os.execute("rm -rf '" .. dir .. "'")
  end)

  it("finds a path relative to the file that calls it, from any current directory", function()
    write(dir .. "/main.lua", [[
      local wary = require("wary")
      local world = wary.world{}
      return world:load("senses/sonar.lua").id
    ]])
    assert.are.equal("Sonar", dofile(dir .. "/main.lua"))
  end)

  it("finds a path in a folder of package.path", function()
    local saved = package.path
    package.path = dir .. "/?.lua;" .. saved
    local ok, s = pcall(function() return wary.world{}:load("senses/sonar.lua") end)
    package.path = saved
    assert.is_true(ok, s)
    assert.are.equal("Sonar", s.id)
  end)

  it("names every place it looked when the file is nowhere", function()
    local msg = expect.error_of(function() wary.world{}:load("senses/nowhere.lua") end)
    expect.mentions(msg, "world:load", '"senses/nowhere.lua"', "looked in:", "spec/senses/nowhere.lua",
      "\n  senses/nowhere.lua")
  end)

  it("takes a table with an id and no evaluate for a sense, and says what is wrong with it", function()
    write(dir .. "/senses/typo.lua", [[return { id = "Sonar", max_range = 1000, evalute = function() end }]])
    local msg = expect.error_of(function() wary.world{}:load(dir .. "/senses/typo.lua") end)
    expect.mentions(msg, 'sense "Sonar"', "unknown field 'evalute' (did you mean 'evaluate'?)",
      "(in " .. dir .. "/senses/typo.lua)") -- the file it came from
    assert.matches("^spec/load_spec.lua:%d+: ", msg) -- and where it was loaded
  end)

  it("tells a sound, material or profile written with an id by its fields, and points at 'name'", function()
    local msg = expect.error_of(function() wary.world{}:define{ id = "gunshot", base_loudness = 1 } end)
    expect.mentions(msg, "sound nil", "unknown field 'id' (did you mean 'name'?)")
    msg = expect.error_of(function() wary.world{}:define{ id = "metal", vision_transmission = 0.2 } end)
    expect.mentions(msg, "material", "unknown field 'id' (did you mean 'name'?)")
  end)

  it("defines a list's profiles after its senses, and returns them in the list's order", function()
    write(dir .. "/both.lua", [[return {
      { name = "sonar_guard", senses = { "Sonar" } },
      { id = "Sonar", max_range = 1000, evaluate = function() end },
    }]])
    local world = wary.world{}
    local out = world:load(dir .. "/both.lua")
    assert.are.equal("sonar_guard", out[1].name)
    assert.are.equal("Sonar", out[2].id)
    assert.are.same({ "Sonar" }, world:add_agent{ profile = "sonar_guard", pos = { 0, 0 } }.profile.senses)
  end)

  it("defines a profile after the one of the list it extends, wherever it stands", function()
    write(dir .. "/family.lua", [[return {
      { name = "sniper", extends = "soldier", vision = { max_range_m = 60 } },
      { name = "soldier", extends = "recruit", detect_threshold = 0.3 },
      { name = "recruit", vision = { max_range_m = 20, half_angle_deg = 45 } },
    }]])
    local world = wary.world{}
    local out = world:load(dir .. "/family.lua")
    assert.are.same({ "sniper", "soldier", "recruit" }, { out[1].name, out[2].name, out[3].name })
    assert.are.same({ 6000, 45, 0.3 }, { out[1].vision.max_range, out[1].vision.half_angle_deg,
      out[1].detect_threshold })
    write(dir .. "/loop.lua", [[return { { name = "a", extends = "b" }, { name = "b", extends = "a" } }]])
    expect.mentions(expect.error_of(function() world:load(dir .. "/loop.lua") end),
      'profile "b": field \'extends\' expected a profile that does not extend it in turn, got "a" '
        .. "(a cycle: a extends b extends a)", "(in " .. dir .. "/loop.lua)")
    write(dir .. "/raises.lua", [[error("no such weapon")]])
    expect.mentions(expect.error_of(function() world:load(dir .. "/raises.lua") end),
      "world:load: the file raised an error: ", "no such weapon", "(in " .. dir .. "/raises.lua)")
    -- One that extends its own name extends the profile defined before.
    world:define_profile{ name = "old", vision = { max_range_m = 12 } }
    local again = world:define{ { name = "old", extends = "old", hearing = {} } }
    assert.are.equal(1200, again[1].vision.max_range)
  end)

  it("loads a definitions file again after an edit: each kind retuned live, a sense's new evaluate", function()
    local file = dir .. "/defs.lua"
    local function defs(loudness, answer)
      write(file, string.format([[return {
        { name = "Creak", base_loudness = %s, max_range_m = 6 },
        { name = "Owl", loudness_multiplier = 2 },
        { name = "paper", vision_transmission = 0.7 },
        { name = "Sting", effects = { Vision = 0.2 } },
        { id = "Psy", interval = 0.1, max_range_m = 50, evaluate = function() return %s end },
        { name = "guard", hearing = { sound_filter = "Owl" }, senses = { "Hearing", "Psy" } },
      }]], loudness, answer))
    end
    local world = wary.world{ units_per_meter = 1 }
    defs(0.5, 0.25)
    world:load(file)
    local guard = world:add_agent{ name = "guard", profile = "guard", pos = { 0, 0, 0 } }
    local you = world:add_target{ name = "you", pos = { 3, 0, 0 } }
    world:step(0.1)
    assert.are.equal(0.25, guard:explain(you).senses.Psy.returned)
    world:load(file) -- unchanged: loads again
    defs(0.25, 0.75)
    world:load(file)
    world:step(0.1)
    assert.are.equal(0.75, guard:explain(you).senses.Psy.returned)
    assert.are.equal(0.25, world._sounds.Creak.def.base_loudness)
    -- A setting of the sense changed: refused, and nothing of the file taken.
    write(file, [[return {
      { name = "Creak", base_loudness = 1, max_range_m = 6 },
      { id = "Psy", interval = 0.2, max_range_m = 50, evaluate = function() return 1 end },
    }]])
    expect.mentions(expect.error_of(function() world:load(file) end), 'sense "Psy"', "interval 0.1, now 0.2",
      "defs.lua")
    assert.are.equal(0.25, world._sounds.Creak.def.base_loudness)
  end)

  it("world:define takes a list as world:load takes a file's: profiles after senses, all or nothing", function()
    local world = wary.world{}
    local out = world:define{
      { name = "sonar_guard", senses = { "Sonar" } },
      { id = "Sonar", max_range = 1000, evaluate = function() end },
    }
    assert.are.same({ "sonar_guard", "Sonar" }, { out[1].name, out[2].id })
    assert.are.same({ "Sonar" }, world:add_agent{ profile = "sonar_guard", pos = { 0, 0 } }.profile.senses)
    -- One refused: none of the list is defined.
    local msg = expect.error_of(function()
      world:define{ { name = "fine", vision = {} }, { name = "wrong", vision = { max_range = "far" } } }
    end)
    expect.mentions(msg, 'profile "wrong" vision', "'max_range'", '"far"')
    expect.mentions(expect.error_of(function() world:add_agent{ profile = "fine", pos = { 0, 0 } } end), "fine")
    -- A list inside the list is not a definition, nor is a string.
    msg = expect.error_of(function() world:define{ { name = "a" }, { { name = "b" } } } end)
    expect.mentions(msg, "'definition[2]'", "a definition table, not a list")
    msg = expect.error_of(function() world:define{ { name = "a" }, "guard" } end)
    expect.mentions(msg, "'definition[2]' expected a definition table, got \"guard\"")
    -- Nor a definition's fields beside a list's items: one or the other would be lost.
    msg = expect.error_of(function()
      world:define{ name = "px", vision = {}, { id = "S1", max_range = 100, evaluate = function() end } }
    end)
    expect.mentions(msg, "one definition or a list of them, not both, got a list with field 'name'")
    -- Nor a gap, past which ipairs would lose the rest.
    msg = expect.error_of(function() world:define{ { name = "a" }, nil, { name = "c" } } end)
    expect.mentions(msg, "'definition[3]' expected a list without gaps, got nil at definition[2]")
    expect.mentions(expect.error_of(function() world:add_agent{ profile = "a", pos = { 0, 0 } } end), 'got "a"')
  end)

  it("a list the world has no room for is refused before any of it is defined", function()
    local world = wary.world{}
    local before = world:save_state()
    -- Sounds past the world's names (each takes two: its name and its tag), after a profile.
    local list = { { name = "mod_guard", vision = {} } }
    for i = 1, 2500 do list[#list + 1] = { name = "modsound" .. i, category = "enemy", base_loudness = 1 } end
    expect.mentions(expect.error_of(world.define, world, list), "world: field 'definition' expected a list the "
      .. "world has room for (at most 4096 names for the world's life, ", " of them taken; the count is the names "
      .. "then, a new sound taking two, a pain type one, a sense one a stimulus tag), got ")
    -- Materials and pain types past their counts.
    local materials = {}
    for i = 1, 300 do materials[i] = { name = "mat" .. i, vision_transmission = 0.5, sound_wall = false } end
    expect.mentions(expect.error_of(world.define, world, materials), "(at most 256 materials, ")
    local pains = {}
    for i = 1, 40 do pains[i] = { name = "Pain" .. i, effects = { Vision = 0.5 } } end
    expect.mentions(expect.error_of(world.define, world, pains), "(at most 32 pain types, ")
    assert.is_true(world:save_state() == before, "nothing was defined, no name interned")
    expect.mentions(expect.error_of(function() world:add_agent{ profile = "mod_guard", pos = { 0, 0 } } end),
      '"mod_guard"')
    -- What fits is defined.
    world:define({ { name = "mod_guard", vision = {} }, { name = "ModBang", category = "enemy", base_loudness = 1 } })
    world:emit_sound_at({ 0, 0, 0 }, "ModBang")
  end)

  it("refuses a path that is not a string", function()
    expect.mentions(expect.error_of(function() wary.world{}:load(42) end), "world:load", "'path'", "got 42")
  end)

  it("given a saved state for a path, says so in a line and points at world:load_state", function()
    local world = wary.world{}
    local saved = world:save_state()
    local msg = expect.error_of(function() world:load(saved) end)
    expect.mentions(msg, "world:load", "'path'", "got a saved state (" .. #saved .. " bytes)", "world:load_state")
    assert.is_true(#msg < 300, msg)
    -- Any long string is shown by its start and its size.
    msg = expect.error_of(function() world:load(string.rep("x", 1000)) end)
    expect.mentions(msg, '"' .. string.rep("x", 40) .. '"... (1000 bytes)')
  end)
end)

describe("the starter data", function()
  it("comes with every world, from the library's own modules", function()
    local world = wary.world{}
    world:define_profile{ name = "ears", hearing = { sound_filter = "Dog" }, pain = {} }
    local guard = world:add_agent{ profile = "ears", pos = { 0, 0, 0 } }
    local box = world:add_box{ min = { 100, -50, 0 }, max = { 110, 50, 300 }, material = "glass" }
    world:emit_sound_at({ 50, 0, 0 }, "Footstep")
    guard:report_pain("Flashbang", 1)
    world:step(0.1)
    assert.are.equal("glass", box.material)
    assert.is_true(guard:pain_level("Flashbang") > 0.9)
    assert.are.equal(1, #guard:recent_sounds())
  end)

  it("each kind can be left out", function()
    local world = wary.world{ materials = false, sounds = false, filters = false, pains = false }
    world:define_profile{ name = "ears", pain = {} }
    local guard = world:add_agent{ profile = "ears", pos = { 0, 0, 0 } }
    expect.mentions(expect.error_of(function() guard:report_pain("Flashbang", 1) end), "'pain'",
      "a defined pain", '"Flashbang"')
    expect.mentions(expect.error_of(function() world:emit_sound_at({ 0, 0, 0 }, "Footstep") end),
      "a defined sound")
  end)
end)
