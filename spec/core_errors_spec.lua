-- spec/core_errors_spec.lua: bad values through the C API as a binding makes
-- the calls (the backend's generated functions, no facade checks before
-- them): each gets its status, leaves the world as it was, and leaves the
-- core's last-error text (wary_last_error), word for word the same under
-- both backends. Then the facade: an error the core finds carries its text.
local wary = require("wary")
local expect = require("spec.support.expect")
local fixture = require("spec.support.fixture")

local S = wary.enums.status_values
local NAN = 0 / 0

local function backend()
  return require(wary.backend == "luajit" and "wary.ffi" or "wary.core")
end

describe("the core's last error through the " .. wary.backend .. " backend", function()
  local B, w

  before_each(function()
    B = backend()
    w = assert(B.world_create({}))
  end)

  after_each(function()
    B.world_destroy(w)
  end)

  it("is empty in a new world and stays after a call that succeeds", function()
    assert.are.equal("", B.last_error(w))
    assert.are.equal(S.bad_value, B.world_set_weather(w, 2))
    local text = "wary_world_set_weather: weather: expected a finite number in [0, 1], got 2"
    assert.are.equal(text, B.last_error(w))
    assert.are.equal(S.ok, B.world_set_weather(w, 0.5))
    assert.are.equal(text, B.last_error(w))
  end)

  it("names a NaN position by its axis", function()
    local status, id = B.actor_create(w, { pos = { 0, NAN, 0 } })
    assert.are.equal(S.bad_value, status)
    assert.are.equal(0, id)
    assert.are.equal("wary_actor_create: actor_def.pos[1]: expected a finite number, got nan", B.last_error(w))
    assert.are.equal(0, B.actor_count(w))
  end)

  it("names a threshold out of the order of its neighbours, with theirs", function()
    local status, index = B.profile_create(w, { detect_threshold = 2 })
    assert.are.equal(S.bad_value, status)
    assert.are.equal(-1, index)
    assert.are.equal("wary_profile_create: profile_def.detect_threshold: expected a number in "
      .. "[suspect_threshold 0.15, track_threshold 0.6], got 2", B.last_error(w))
    -- nothing was made: the next profile is profile 0
    assert.are.same({ S.ok, 0 }, { B.profile_create(w, {}) })
  end)

  it("names the corner of a box below its other corner", function()
    local status = B.box_create(w, { min = { 0, 0, 300 }, max = { 100, 100, 0 } })
    assert.are.equal(S.bad_value, status)
    assert.are.equal("wary_box_create: box_def.max[2]: expected a finite number >= min[2] (300), got 0",
      B.last_error(w))
    assert.are.equal(0, B.box_count(w))
  end)

  it("names the field a zeroed def leaves without its default", function()
    assert.are.equal(S.ok, (B.profile_create(w, {})))
    assert.are.equal(S.bad_value, B.profile_set_vision(w, 0, { interval = 0 }))
    assert.are.equal("wary_profile_set_vision: vision_def.interval: expected a finite number > 0, got 0",
      B.last_error(w))
    assert.are.equal(S.bad_value, B.sense_create(w, { interval = 0 }))
    assert.are.equal("wary_sense_create: sense_def.interval: expected a finite number > 0, got 0", B.last_error(w))
  end)

  it("says a handle is stale, and of an id of another kind what it names", function()
    local _, gone = B.actor_create(w, {})
    local _, kept = B.actor_create(w, {})
    assert.are.equal(S.ok, B.actor_destroy(w, gone))
    assert.are.equal(S.stale_id, B.actor_set_pos(w, gone, 1, 2, 3))
    assert.are.equal("wary_actor_set_pos: actor: expected a live actor, got a stale handle 0x20100000 (removed)",
      B.last_error(w))
    local _, box = B.box_create(w, { max = { 1, 1, 1 } })
    assert.are.equal(S.wrong_kind, B.box_destroy(w, kept))
    assert.are.equal("wary_box_destroy: box: expected a live box, got an actor id (0x20100001)", B.last_error(w))
    assert.is_true(B.box_valid(w, box))
    assert.are.equal(1, B.actor_count(w))
  end)

  it("names an unknown sound index and a pain type with too many effects", function()
    assert.are.equal(S.not_found, B.emit_sound_at(w, 3, 0, 0, 0))
    assert.are.equal("wary_emit_sound_at: sound: expected a sound index, got 3 (there is none)", B.last_error(w))
    local _, burning = B.name(w, "burning")
    local status, index = B.pain_create(w, { name = burning, effect_count = 9 })
    assert.are.equal(S.bad_value, status)
    assert.are.equal(-1, index)
    assert.are.equal("wary_pain_create: pain_def.effect_count: expected an integer in [0, 8], got 9", B.last_error(w))
    assert.are.same({ S.ok, 0 }, { B.pain_create(w, { name = burning }) })
  end)

  it("names a setter's value and keeps the old one", function()
    local _, id = B.actor_create(w, {})
    assert.are.equal(S.bad_value, B.actor_set_visibility(w, id, 1.5))
    assert.are.equal("wary_actor_set_visibility: visibility: expected a finite number in [0, 1], got 1.5",
      B.last_error(w))
    local _, info = B.actor_get(w, id)
    assert.are.equal(1, info.visibility)
  end)

  it("says a target is no agent, and an agent holds no belief", function()
    assert.are.equal(S.ok, (B.profile_create(w, {})))
    local _, agent = B.actor_create(w, { profile = 0 })
    local _, target = B.actor_create(w, {})
    assert.are.equal(S.not_agent, B.belief_count(w, target))
    assert.are.equal("wary_belief_count: agent: expected an agent, got 0x20100001, an actor with no profile",
      B.last_error(w))
    assert.are.equal(S.not_found, (B.belief_get(w, agent, target)))
    assert.are.equal("wary_belief_get: target: agent 0x20100000 holds no belief about 0x20100001", B.last_error(w))
  end)

  it("is not kept for a def wary_world_create refuses (only the C log callback sees it)", function()
    local none, status = B.world_create({ units_per_meter = 0 })
    assert.is_nil(none)
    assert.are.equal(S.bad_value, status)
  end)
end)

describe("a facade error the core finds", function()
  it("of a full relationship table names the game's teams, not the core's numbers for them", function()
    local world = wary.world()
    for i = 1, 128 do world:set_relationship(i, i + 1000, "neutral") end
    local before = world:save_state()
    local msg = expect.error_of(function() world:set_relationship("faction129", 401, "neutral") end)
    expect.mentions(msg,
      'core_errors_spec.lua:130: world:set_relationship: table full: 128 pairs of teams at most, none yet of '
        .. '"faction129" and 401')
    assert.is_true(before == world:save_state())
  end)

  it("names the evidence table that is full, with the tag given (the facade says it before interning the tag)",
    function()
    local f = fixture.new()
    local guard, thief = f.agent, f.target
    for i = 1, 8 do guard:add_evidence(thief, "seen" .. i, "raise", 0.5) end
    local msg = expect.error_of(function() guard:add_evidence(thief, "seen9", "raise", 0.5) end)
    expect.mentions(msg, "guard: add_evidence: table full: the belief holds 8 evidence (MAX_EVIDENCE), none with "
      .. 'tag "seen9"')
    assert.are.equal(8, #guard:evidence(thief))
  end)

  it("names the actors the core names by id as the game named them", function()
    local world = wary.world()
    world:define_profile{ name = "feeler", senses = { "Touch" } }
    local guard = world:add_agent{ name = "guard", profile = "feeler", pos = { 0, 0, 0 } }
    for i = 1, 4 do guard:report_touch(world:add_target{ name = "cat" .. i, pos = { 10, 0, 0 } }) end
    local rat = world:add_target{ name = "rat", pos = { 10, 0, 0 } }
    -- The facade drops a fifth toucher with a warning; the core's refusal,
    -- raised as the facade raises a status, names them both.
    local B, status = world._B, require("wary.check").status
    local msg = expect.error_of(status, "guard", "report_touch", B.report_touch(world._w, guard.id, rat.id), world)
    expect.mentions(msg, 'guard: report_touch: table full: 4 touches of agent "guard" wait for its next step, none '
      .. 'by toucher "rat" (wary_report_touch: full)')
    -- One removed is named while its handle is (the step's events name it);
    -- an id no actor of the world has had stays as the core wrote it.
    local gone = world:add_target{ name = "ghost", pos = { 0, 0, 0 } }
    local id = gone.id
    gone:remove()
    assert.are.equal(S.stale_id, B.actor_set_pos(world._w, id, 0, 0, 0))
    expect.mentions(expect.error_of(status, "world", "set_pos", S.stale_id, world),
      'expected a live actor, got a stale handle "ghost" (removed)')
    local never = id + 50
    assert.are.equal(S.stale_id, B.actor_set_pos(world._w, never, 0, 0, 0))
    expect.mentions(expect.error_of(status, "world", "set_pos", S.stale_id, world), string.format("0x%08x", never))
  end)

  it("leaves the message as it was when the core says no more than the status", function()
    local check = require("wary.check")
    local said
    local world = { _w = {}, _B = { last_error = function() return said end } }
    said = "wary_step_begin: not allowed during a step (between wary_step_begin and wary_step_end)"
    local plain = "world: step: not allowed during a step (between wary_step_begin and wary_step_end)"
    local msg = expect.error_of(check.status, "world", "step", S.in_step, world)
    assert.are.equal(plain, msg:sub(-#plain))
    said = ""
    msg = expect.error_of(check.status, "world", "step", S.in_step, world)
    assert.are.equal(plain, msg:sub(-#plain))
    said = "wary_step_begin: dt: expected a finite number >= 0, got -1"
    msg = expect.error_of(check.status, "world", "step", S.bad_value, world)
    expect.mentions(msg, "world: step: dt: expected a finite number >= 0, got -1 (wary_step_begin: bad_value)")
  end)

end)
