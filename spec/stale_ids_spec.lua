-- A stale handle never names a live object, however often its slot is
-- reused: 100,000 remove/add cycles of one slot through the backend, every
-- old id refused (the C test spec/c/test_ids.c proves the same in C).
local wary = require("wary")

local B = require(wary.backend == "luajit" and "wary.ffi" or "wary.core")
local STALE = wary.enums.status_values.stale_id
local WRONG = wary.enums.status_values.wrong_kind

describe("a slot reused 100,000 times", function()
  it("leaves every old actor id refused, and never moves the new actor", function()
    local w = assert(B.world_create({}))
    local ok, keep = B.actor_create(w, {})
    assert.are.equal(0, ok)
    local old = {}
    for i = 1, 100000 do
      local status, id = B.actor_create(w, {})
      assert(status == 0, status)
      old[i] = id
      assert(B.actor_destroy(w, id) == 0)
    end
    local status, live = B.actor_create(w, { pos = { 1, 2, 3 } })
    assert.are.equal(0, status)
    local seen, refused = {}, 0
    for i = 1, #old do
      local id = old[i]
      assert(not seen[id], "an id came back")
      seen[id] = true
      if B.actor_set_pos(w, id, 123, 0, 0) == STALE then refused = refused + 1 end
    end
    assert.are.equal(100000, refused)
    local _, info = B.actor_get(w, live)
    assert.are.same({ 1, 2, 3 }, info.pos)
    assert.are.equal(0, B.actor_set_pos(w, keep, 5, 5, 5))
    B.world_destroy(w)
  end)

  it("gives a box id where an actor is expected a wrong-kind refusal", function()
    local w = assert(B.world_create({}))
    local _, actor = B.actor_create(w, {})
    local _, box = B.box_create(w, { min = { 0, 0, 0 }, max = { 1, 1, 1 } })
    assert.are_not.equal(actor, box) -- one id space per kind
    assert.are.equal(WRONG, B.actor_set_pos(w, box, 1, 2, 3))
    assert.are.equal(WRONG, B.box_destroy(w, actor))
    assert.is_true(B.box_valid(w, box))
    assert.is_true(B.actor_valid(w, actor))
    B.world_destroy(w)
  end)
end)

describe("world:actors()", function()
  it("lists the live actors by slot: a new actor takes a freed slot; a fresh list each call", function()
    local world = wary.world()
    local a = world:add_target{ pos = { 0, 0, 0 }, name = "a" }
    local b = world:add_target{ pos = { 0, 0, 0 }, name = "b" }
    local first = world:actors()
    assert.are.same({ a, b }, first)
    first[1] = nil -- the game's own list to change
    assert.are.same({ a, b }, world:actors())
    assert.are_not.equal(world:actors(), world:actors())
    a:remove()
    assert.are.same({ b }, world:actors())
    local c = world:add_target{ pos = { 0, 0, 0 }, name = "c" }
    assert.are.same({ c, b }, world:actors()) -- c took a's slot
    local saved = world:save_state()
    local d = world:add_target{ pos = { 0, 0, 0 }, name = "d" }
    assert.are.same({ c, b, d }, world:actors())
    world:load_state(saved)
    assert.are.same({ c, b }, world:actors())
  end)
end)
