-- world:save_state() and world:load_state(s) (issue 14): a game that uses
-- every feature, saved and loaded into a fresh world with the same
-- definitions, plays on exactly as the original, here and under the other
-- backend; a refused state changes nothing.
local game = require("spec.support.saved_game")
local other = require("spec.support.other_backend")
local wary = require("wary")
local expect = require("spec.support.expect")

local function write(path, s)
  local f = assert(io.open(path, "wb"))
  f:write(s)
  f:close()
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

-- The first line where two logs differ, nil when they are the same.
local function first_difference(a, b)
  for i = 1, math.max(#a, #b) do
    if a[i] ~= b[i] then return string.format("line %d: %s | %s", i, tostring(a[i]), tostring(b[i])) end
  end
end

local function saved_after(turns)
  local g = game.new(true)
  game.play(g, 0, turns - 1)
  return g, g.world:save_state()
end

describe("save_state and load_state", function()
  it("a loaded copy plays 600 more turns exactly as the original: events and state", function()
    local a, s = saved_after(300)
    local b = game.new(false)
    b.world:load_state(s)
    game.recast(b)
    assert.is_true(s == b.world:save_state(), "saving the loaded world gives the same state")
    assert.are.equal(12, #b.world:actors())
    assert.are.equal("g3", b.cast.guard3.props.nick)
    assert.is_true(b.cast.guard1 == b.cast.guard3.props.partner, "an actor in props is its handle again")
    assert.are.equal(1.5, b.cast.guard3.props.kit[2])
    a.log = {}
    for n = 300, 899 do
      game.turn(a, n)
      game.turn(b, n)
      if n % 100 == 99 then assert.is_true(a.world:save_state() == b.world:save_state(), "the same state at " .. n) end
    end
    assert.is_true(#a.log > 1000, "the game makes events: " .. #a.log)
    assert.is_nil(first_difference(a.log, b.log))
  end)

  it("a copy loaded at any step saves the same bytes as the original at the next step, whatever the dt", function()
    -- Beliefs that fade, sleep and wake (short lost and memory times),
    -- targets that come and go, sounds and hits, steps of 1/144 to 1/30 s
    -- and pauses: saved every 40 steps, loaded into a fresh world, and both
    -- stepped once alike (a dormant belief caught up at the save must not
    -- show in the copy's snapshot: a lockstep game compares them).
    local function make()
      local world = wary.world{}
      world:define_profile{ name = "guard", vision = {}, hearing = {}, smell = {}, damage = {},
                            brain = { emotions = true }, lost_time = 1, memory_time = 1.5, fade_rate = 0.6 }
      world:define_profile{ name = "slow", vision = {}, hearing = {}, damage = {}, brain = { emotions = true },
                            lost_time = 3, memory_time = 12, uncertainty_growth_m = 0.4 }
      for i = 1, 6 do
        world:add_agent{ profile = i % 2 == 0 and "slow" or "guard", pos = { i * 700, 0, 0 }, team = "a" }
      end
      for i = 1, 6 do world:add_target{ pos = { i * 900, 20000, 0 }, team = "b" } end
      return world
    end
    local seed = 2024
    local function rnd() seed = (seed * 16807) % 2147483647; return seed / 2147483647 end
    local function turn(world, r)
      local a = world:actors()
      if r[1] < 0.05 then
        a[7 + math.floor(r[2] * 6)]:set_pos(r[3] * 4000, r[4] < 0.33 and r[2] * 600 or 20000 + r[2] * 5000, 0)
      end
      if r[2] < 0.06 then world:emit_sound(a[7 + math.floor(r[3] * 6)], "Footstep") end
      if r[3] < 0.005 then
        world:apply_damage{ victim = a[1 + math.floor(r[4] * 6)], instigator = a[7 + math.floor(r[1] * 6)],
                            amount = 15 }
      end
    end
    local w = make()
    local differ, loads = {}, 0
    for n = 1, 1600 do
      local r = { rnd(), rnd(), rnd(), rnd() }
      local dt = (n % 397 == 0 and 2) or (n % 61 == 0 and 0.5) or ({ 1 / 144, 1 / 30, 0, 1 / 60 })[1 + n % 4]
      if n % 40 == 0 and n > 400 then
        local copy = make()
        copy:load_state(w:save_state())
        turn(w, r)
        turn(copy, r)
        w:step(dt)
        copy:step(dt)
        loads = loads + 1
        if w:save_state() ~= copy:save_state() then differ[#differ + 1] = n end
        copy:destroy()
      else
        turn(w, r)
        w:step(dt)
      end
    end
    assert.are.equal(30, loads)
    assert.are.same({}, differ)
  end)

  it("keeps the handles the snapshot holds, with their handlers, and makes the others stale", function()
    local g, s = saved_after(100)
    local w = g.world
    local guard, thief = g.cast.guard1, g.cast.thief1
    local heard = 0
    guard:on("sound_heard", function() heard = heard + 1 end)
    local later = w:add_target{ name = "later", pos = { 0, 0, 0 } }
    thief:remove()
    w:load_state(s)
    assert.is_true(guard:valid())
    assert.is_false(later:valid())
    assert.is_true(thief:valid()) -- removed since the save: live again, the same handle
    game.recast(g)
    assert.are.equal(thief, g.cast.thief1)
    thief:set_pos(thief:get().pos[1], thief:get().pos[2], 0)
    w:emit_sound(g.cast.thief1, "Footstep")
    g.cast.thief1:set_pos(guard:get().pos[1] + 100, guard:get().pos[2], 0)
    for _ = 1, 10 do w:step(1 / 30) end
    assert.is_true(heard > 0)
    expect.mentions(expect.error_of(later.set_pos, later, 0, 0, 0), "stale")
  end)

  it("refuses a handle made stale by a load even once a new actor has taken its id", function()
    local w = wary.world()
    w:define_profile{ name = "g", vision = {} }
    local guard = w:add_agent{ profile = "g", pos = { 0, 0 }, name = "guard" }
    local s = w:save_state()
    local old = w:add_target{ pos = { 100, 0 }, name = "old" }
    w:load_state(s)
    local new = w:add_target{ pos = { 100, 0 }, name = "new" }
    assert.are.equal(old.id, new.id) -- the same id: only the handle tells them apart
    for _, call in ipairs({ "threat", "damage_from", "relationship", "confidence", "state" }) do
      expect.mentions(expect.error_of(guard[call], guard, old), "guard: target: old is a stale handle")
    end
    expect.mentions(expect.error_of(guard.set_relationship, guard, old, "friendly"),
      "guard: target: old is a stale handle (the world loaded a state without this actor)")
    expect.mentions(expect.error_of(old.set_pos, old, 0, 0),
      "stale handle (the world loaded a state without this actor)")
    local gone = w:add_target{ pos = { 200, 0 }, name = "gone" }
    gone:remove()
    expect.mentions(expect.error_of(gone.set_pos, gone, 0, 0), "stale handle (the actor was removed)")
    assert.are.equal("hostile", guard:relationship(new)) -- no team: hostile; "friendly" never reached it
    expect.mentions(expect.error_of(guard.set_relationship, guard, guard, "friendly"),
      "guard: field 'target' expected another actor")
  end)

  it("into a world made anew with its actors in another order: their handles go stale, handlers and all", function()
    local function made()
      local w = wary.world{}
      w:define_profile{ name = "guard", vision = {} }
      return w
    end
    local a = made()
    a:add_agent{ profile = "guard", name = "guard", pos = { 0, 0, 0 }, yaw = 0 }
    a:add_target{ name = "player", pos = { 500, 0, 0 } }
    local s = a:save_state()
    local b = made()
    local player = b:add_target{ name = "player", pos = { 0, 0, 0 } } -- the saved guard's id
    local guard = b:add_agent{ profile = "guard", name = "guard", pos = { 0, 0, 0 } } -- the saved player's
    local detected = 0
    guard:on("detect", function() detected = detected + 1 end)
    b:load_state(s)
    assert.is_false(player:valid())
    assert.is_false(guard:valid())
    local list = b:actors()
    assert.are.equal("guard", list[1].name)
    assert.are.equal("agent", list[1].kind)
    assert.are.equal("player", list[2].name)
    assert.are.equal("target", list[2].kind)
    for _ = 1, 30 do b:step(1 / 60) end
    assert.are.equal("detected", list[1]:state(list[2]))
    assert.are.equal(0, detected) -- the stale handle's handler went with it
    -- The same actors made in the same order: the handles are kept.
    local c = made()
    local guard_c = c:add_agent{ profile = "guard", name = "guard", pos = { 0, 0, 0 } }
    local player_c = c:add_target{ name = "player", pos = { 0, 0, 0 } }
    c:load_state(s)
    assert.is_true(guard_c:valid() and player_c:valid())
    assert.are.equal(c:actors()[1], guard_c)
  end)

  it("brings back the handles of boxes, lamps and volumes removed since the save, their settings too",
    function()
    local w = wary.world{}
    local hedge = w:add_box{ min = { 0, 0, 0 }, max = { 10, 10, 10 }, material = "foliage" }
    local lamp = w:add_light{ pos = { 0, 0, 100 }, intensity = 0.8 }
    local fog = w:add_environment{ name = "fog", min = { -50, -50, -50 }, max = { 50, 50, 50 },
                                   vision_range_scale = 0.4 }
    local s = w:save_state()
    lamp:set{ intensity = 0.2 }
    fog:set{ vision_range_scale = 0.9 }
    hedge:remove()
    lamp:remove()
    local later = w:add_light{ pos = { 5, 5, 5 } }
    w:load_state(s)
    assert.is_true(hedge:valid() and lamp:valid() and fog:valid())
    assert.is_false(later:valid())
    expect.mentions(expect.error_of(function() later:set{ intensity = 1 } end), "stale")
    assert.are.equal(0.8, lamp.def.intensity)
    assert.are.equal(0.4, fog.def.vision_range_scale)
    hedge:set_material("smoke") -- works: the box is back
    lamp:set{ intensity = 0.5 }
    assert.are.equal(0.5, lamp.def.intensity)
    assert.are.same({ "foliage" }, (function()
      local w2 = wary.world{}
      w2:load_state(s)
      local m = {}
      for _, b in ipairs(w2:boxes()) do m[#m + 1] = b.material end
      return m
    end)())
  end)

  it("lists the lamps and volumes of a world made anew by world:lights() and world:environments()", function()
    local w = wary.world{}
    w:add_light{ pos = { 0, 0, 100 }, intensity = 0.8 }
    local gone = w:add_light{ pos = { 9, 9, 9 } }
    w:add_light{ pos = { 5, 0, 100 }, radius = 300 }
    w:add_environment{ name = "fog", min = { -50, -50, -50 }, max = { 50, 50, 50 }, vision_range_scale = 0.4 }
    gone:remove()
    assert.are.equal(2, #w:lights())
    local s = w:save_state()
    local w2 = wary.world{}
    w2:load_state(s)
    local lamps, rooms = w2:lights(), w2:environments()
    assert.are.equal(2, #lamps)
    assert.are.same({ 0.8, 1 }, { lamps[1].def.intensity, lamps[2].def.intensity })
    assert.are.same({ 5, 0, 100 }, lamps[2].def.pos)
    assert.are.equal(300, lamps[2].def.radius)
    assert.are.equal(1, #rooms)
    assert.are.equal("fog", rooms[1].name)
    lamps[1]:set{ intensity = 0.1 } -- the game can reach them again
    rooms[1]:remove()
    assert.are.equal(0, #w2:environments())
    assert.are.equal(0.1, w2:lights()[1].def.intensity)
  end)

  it("quick-loads into the world that saved it after it met new names (a tag, a prop), which it keeps",
    function()
      local w = wary.world{}
      w:define_profile{ name = "guard", vision = {} }
      local guard = w:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0 }
      local you = w:add_target{ pos = { 500, 0, 0 } }
      for _ = 1, 30 do w:step(1 / 60) end
      local s = w:save_state()
      guard:add_evidence(you, "Disguise", "clamp", 0.1) -- names never interned before the save
      you:set_prop("alarm_level", 3)
      w:step(1 / 60)
      w:load_state(s)
      assert.are.same({}, guard:evidence(you))
      guard:add_evidence(you, "Disguise", "clamp", 0.1)
      for _ = 1, 30 do w:step(1 / 60) end
      assert.is_true(guard:confidence(you) <= 0.1 + 1e-6) -- the tag works after the load
    end)

  it("saves a world whose definitions hold what a save cannot write: an infinite range, free-form settings",
    function()
      local cycle = {}
      cycle.self = cycle
      local function made(settings)
        local ww = wary.world{}
        ww:define_sense{ id = "Psychic", interval = 0.1, max_range = math.huge, evaluate = function() return 0.5 end }
        ww:define_profile{ name = "p", senses = { "Psychic" }, lost_time = settings and 5 or 6,
                           settings = settings or { reach = math.huge, [true] = 1, node = cycle,
                                                    list = { 1, function() end, 3 }, odd = 0 / 0 } }
        ww:add_agent{ name = "a", profile = "p", pos = { 0, 0, 0 } }
        ww:step(0.1)
        return ww
      end
      local ww = made()
      local state = ww:save_state()
      -- Written as text the same under both backends (Lua 5.4's tostring says "-nan" for 0/0, LuaJIT's "nan").
      assert.is_truthy(state:find("s3:odds3:nan", 1, true))
      assert.is_truthy(state:find("s5:reachs3:inf", 1, true))
      local copy = made()
      copy:load_state(state)
      assert.is_true(copy:save_state() == state)
      -- Settings nested past the interpreter's stack: saved without the tables (a refusal then names no field).
      local deep = {}
      local at = deep
      for _ = 1, 200000 do
        at.x = {}
        at = at.x
      end
      local nested = wary.world{}
      nested:define_profile{ name = "p", vision = {}, settings = deep }
      local nested_state = nested:save_state()
      local twin = wary.world{}
      twin:define_profile{ name = "p", vision = {}, settings = deep }
      twin:load_state(nested_state)
      -- What it could write still names the field that differs.
      local retuned = made({})
      expect.mentions(expect.error_of(retuned.load_state, retuned, state), "got other ones: lost_time (this world's 5, "
        .. "the saved world's 6)")
    end)

  it("refused for a definition whose fields are the same but whose name's key differs: says so", function()
    local function made(heat_first)
      local ww = wary.world{}
      ww:define_profile{ name = "guard", vision = {} }
      local t = ww:add_target{ name = "you", pos = { 100, 0, 0 } }
      if heat_first then t:set_prop("heat", 1) end
      ww:define_sound{ name = "ModBang", category = "enemy", base_loudness = 1 }
      if not heat_first then t:set_prop("heat", 1) end
      return ww
    end
    local state = made(true):save_state()
    expect.mentions(expect.error_of(function() local ww = made(false) ww:load_state(state) end),
      'snapshot definitions: sound "ModBang": expected the settings this world defined it with, got other ones (its '
      .. "fields are the saved world's, but the key of a name it holds differs: this world met names in another "
      .. "order; world:intern_names before the definitions gives the saved world's)")
  end)

  it("intern_names: copies that meet the same names in other orders save the same bytes", function()
    local function copy(interned)
      local w = wary.world{}
      w:define_profile{ name = "guard", vision = {} }
      local g = w:add_agent{ name = "g", profile = "guard", pos = { 0, 0, 0 } }
      local t = w:add_target{ name = "t", pos = { 500, 0, 0 } }
      if interned then w:intern_names(interned) end
      return w, g, t
    end
    local names = { "Noise", "Alarm", "Disguise" }
    -- One copy meets the prop keys and the tag in one order, the other in another (a rollback's re-run).
    local a, ga, ta = copy(names)
    ga:set_prop("Alarm", 1)
    ta:set_prop("Noise", 2)
    ga:add_evidence(ta, "Disguise", "clamp", 0.5)
    local b, gb, tb = copy(names)
    gb:add_evidence(tb, "Disguise", "clamp", 0.5)
    tb:set_prop("Noise", 2)
    gb:set_prop("Alarm", 1)
    a:step(0.1)
    b:step(0.1)
    assert.is_true(a:save_state() == b:save_state())
    -- Without it the names are the world's in the order play met them.
    local c, gc, tc = copy(nil)
    gc:add_evidence(tc, "Disguise", "clamp", 0.5)
    tc:set_prop("Noise", 2)
    gc:set_prop("Alarm", 1)
    c:step(0.1)
    assert.is_false(a:save_state() == c:save_state())
    -- Checked whole before any is interned.
    local before = a:save_state()
    expect.mentions(expect.error_of(a.intern_names, a, { "Fresh", 5 }),
      "world:intern_names: field 'names[2]' expected a non-empty string, got 5")
    expect.mentions(expect.error_of(a.intern_names, a, { "Fresh", nil, "Later" }),
      "world:intern_names: field 'names[2]' expected a non-empty string, got nil")
    expect.mentions(expect.error_of(a.intern_names, a, { tag = "Fresh" }),
      "world:intern_names: field 'names[1]' expected a non-empty string, got nil")
    local many = {}
    for i = 1, wary.enums.constants.MAX_NAMES do many[i] = "name" .. i end
    expect.mentions(expect.error_of(a.intern_names, a, many), "world:intern_names: field 'names' expected at most ",
      " new names (the world has ", "got 4096")
    assert.is_true(a:save_state() == before)
  end)

  it("loads under the other backend (" .. other.interpreter .. ") the state this one saved", function()
    if not other.available() then
      pending(other.interpreter .. " is not installed")
      return
    end
    local a, s = saved_after(300)
    a.log = {}
    game.play(a, 300, 899)
    local input, output = os.tmpname(), os.tmpname()
    write(input, s)
    local script = package.searchpath("spec.support.saved_game", package.path)
    local p = assert(io.popen(other.command(script, input, 300, 899, output) .. " 2>&1"))
    local lines = {}
    for line in p:lines() do lines[#lines + 1] = line end
    p:close()
    local finished = table.remove(lines) == "# end"
    local final = read(output)
    os.remove(input)
    os.remove(output)
    assert.is_true(finished, "the subprocess ended: " .. table.concat(lines, "\n", math.max(1, #lines - 5)))
    assert.is_nil(first_difference(a.log, lines))
    assert.is_true(a.world:save_state() == final, "the same final state")
  end)
end)

describe("a refused state", function()
  local function refused(w, s, ...)
    local before = w:save_state()
    local n = #w:actors()
    expect.mentions(expect.error_of(w.load_state, w, s), ...)
    assert.is_true(before == w:save_state(), "the world's state is unchanged")
    assert.are.equal(n, #w:actors())
  end

  local _, s = saved_after(150)
  local g = game.new(true)
  game.play(g, 0, 20)
  local w = g.world

  it("truncated", function()
    local core = tonumber(s:sub(9, 16), 16)
    refused(w, s:sub(1, 20), "load_state", "got 20 bytes, truncated: its snapshot's size says " .. core
      .. " bytes after its 16-byte head, it holds 4")
    refused(w, s:sub(1, 16 + core + 30), "load_state", "truncated in its definitions' tables")
    refused(w, s:sub(1, #s - 1), "load_state", "facade's part")
    refused(w, "not a state", "load_state", "expected a string from world:save_state, got 11 bytes that do not "
      .. "start WARYLUA3 (nor WARYLUA2 or WARYLUA1)")
    refused(w, "WARYLUA3zzzzzzzz", "load_state", "got 16 bytes whose snapshot size is not 8 hex digits")
    refused(w, 42, "load_state", "a string from world:save_state")
  end)

  -- A state's pieces (lua/wary/save.lua): its magic and the snapshot's size (16 bytes), the core's snapshot,
  -- the definitions' tables (their size and sum, 16 bytes, then the text), the part's checksum, the part.
  local function pieces(state)
    local core = tonumber(state:sub(9, 16), 16)
    local size = tonumber(state:sub(17 + core, 24 + core), 16)
    local tables = state:sub(17 + core, 32 + core + size)
    local at = 33 + core + size
    return { head = state:sub(1, 16), snapshot = state:sub(17, 16 + core), tables = tables,
             sum = state:sub(at, at + 7), part = state:sub(at + 8), part_at = at + 8 }
  end

  it("damaged in the core's snapshot, or cut in the facade's part", function()
    local core = tonumber(s:sub(9, 16), 16)
    for _, at in ipairs({ 17 + 40, 17 + 1000, 17 + 5000, 16 + core }) do
      local c = s:byte(at)
      refused(w, s:sub(1, at - 1) .. string.char((c + 1) % 256) .. s:sub(at + 1), "load_state", "damaged")
    end
    refused(w, s:sub(1, pieces(s).part_at + 30), "load_state", "the facade's part")
  end)

  -- s with its facade's part replaced by part (checksum and all).
  local function with_part(part, state)
    local p = pieces(state or s)
    return p.head .. p.snapshot .. p.tables .. w._checksum(part) .. part
  end

  it("holding a Lua 5.4 integer past 2^53 that LuaJIT's numbers cannot hold: refused there, exact on Lua 5.4",
    function()
    local w2 = wary.world{}
    w2:define_profile{ name = "g", vision = {} }
    local a = w2:add_agent{ name = "a", profile = "g", pos = { 0, 0, 0 } }
    a:set_prop("uid", 2 ^ 60)                                  -- a double past 2^53: written "d0x1p+60;"
    local saved = w2:save_state()
    local part = pieces(saved).part:gsub("s3:uidd0x1p%+60;", "s3:uidi1152921504606846977;")
    assert.are_not.equal(pieces(saved).part, part)
    local odd = with_part(part, saved) -- as Lua 5.4 writes 2^60 + 1
    if math.tointeger then
      w2:load_state(odd)
      assert.are.equal(math.tointeger(2 ^ 60) + 1, a.props.uid)
    else
      local before = w2:save_state()
      expect.mentions(expect.error_of(w2.load_state, w2, odd), "world:load_state",
        "an integer this interpreter holds exactly (1152921504606846977, which Lua 5.4 wrote, is past 2^53")
      assert.is_true(before == w2:save_state(), "the world's state is unchanged")
    end
  end)

  it("whose facade's part refers to a table not yet whole (a cycle no save holds)", function()
    refused(w, with_part("ts6:actorsr1;e"), "load_state", "bytes that are not a table written before")
    refused(w, with_part("ts6:actorsr9;e"), "load_state", "bytes that are not a table written before")
  end)

  it("whose facade's part is not of the shapes save_state writes (the first format has no checksum)", function()
    local p = pieces(s)
    refused(w, with_part("ts6:actorstes5:boxesti1;i5;ee"), "load_state", "got boxes #1 of another shape")
    refused(w, with_part("ts6:actorsti1;ts2:idi1;s4:kinds5:agents5:propsi3;eee"), "load_state",
      "got actor #1 of another shape")
    refused(w, "WARYLUA1" .. p.head:sub(9) .. p.snapshot .. "ts6:actorstes5:teamsti1;ts4:teamTeee", "load_state",
      "got teams #1 of another shape")
    -- The definitions' names, a list with a hole (the materials' second taken out).
    local holed = p.part:gsub("(s8:materialti1;s8:concrete)i2;s4:wood", "%1", 1)
    assert.are_not.equal(p.part, holed)
    refused(w, with_part(holed), "load_state", "got material #2's name of another shape")
  end)

  it("with a byte of the facade's part damaged: its checksum tells", function()
    local at = #s - 40
    refused(w, s:sub(1, at - 1) .. string.char((s:byte(at) + 1) % 256) .. s:sub(at + 1), "load_state",
      "the facade's part after the snapshot is damaged or cut", "its checksum says")
  end)

  it("whose facade's part, well formed, does not match its snapshot: nothing changes", function()
    local part = pieces(s).part
    local id = part:match("s2:idi(%d+);")
    local fresh = game.new(false).world -- a world that takes the snapshot
    refused(fresh, with_part((part:gsub("s2:idi" .. id .. ";", "s2:idi" .. (id + 1000) .. ";", 1))), "load_state",
      "expected a facade's part that matches its snapshot", "whose id " .. (id + 1000) .. " the snapshot does not hold")
    refused(fresh, with_part((part:gsub("s4:kinds5:agent", "s4:kinds6:target", 1))), "load_state",
      "as a target, which in the snapshot is an agent")
    refused(fresh, with_part("ts6:actorstee"), "load_state", "0 actors where the snapshot holds 12")
    fresh:load_state(s) -- and the state itself loads
    assert.are.equal(12, #fresh:actors())
  end)

  it("loads in the formats before: the second (no definitions' tables), the first (no checksum either)", function()
    local p = pieces(s)
    local h = game.new(false)
    h.world:load_state("WARYLUA2" .. p.head:sub(9) .. p.snapshot .. p.sum .. p.part)
    assert.is_true(h.world:save_state() == s)
    h = game.new(false)
    h.world:load_state("WARYLUA1" .. p.head:sub(9) .. p.snapshot .. p.part)
    assert.is_true(h.world:save_state() == s)
    -- Without the tables a refusal names no field; with them damaged, neither (and the load is refused as before).
    h = game.new(false)
    h.world:define_profile{ name = "classic", model = "geck", senses = { "Vision", "Hearing" }, lost_time = 9 }
    local msg = expect.error_of(h.world.load_state, h.world, "WARYLUA2" .. p.head:sub(9) .. p.snapshot .. p.sum
      .. p.part)
    expect.mentions(msg, 'profile "classic": expected the settings this world defined it with, got other ones (define')
    local cut = p.tables:sub(1, 20) .. (p.tables:sub(21, 21) == "x" and "y" or "x") .. p.tables:sub(22)
    msg = expect.error_of(h.world.load_state, h.world, p.head .. p.snapshot .. cut .. p.sum .. p.part)
    expect.mentions(msg, 'profile "classic": expected the settings this world defined it with, got other ones (define')
  end)

  it("of another version", function()
    local at = 17 + 8 -- the core snapshot's version, after the facade's 16-byte prefix
    refused(w, s:sub(1, at - 1) .. "\10" .. s:sub(at + 1), "snapshot version: expected 1 to 9", "got 10")
  end)

  it("of a world made with other settings that change what a step computes: names the setting and both values",
    function()
    local tail = " (the saved world's: create the world with the saved world's settings before loading)"
    local cases = {
      { { lod_interval_scale = { 1, 5, 25, 125 } }, "lod_interval_scale[2]: expected 5 (this world's), got 2" },
      { { lod_interval_scale = { 0.5, 2, 4, 8 } }, "lod_interval_scale[1]: expected 0.5 (this world's), got 1" },
      { { lod_interval_scale = { 1, 2, 4, 9 } }, "lod_interval_scale[4]: expected 9 (this world's), got 8" },
      { { units_per_meter = 50 }, "units_per_meter: expected 50 (this world's), got 100" },
      { { event_capacity = 64 }, "event_capacity: expected 64 (this world's), got 65536" },
      { { sense_error_limit = 5 }, "sense_error_limit: expected 5 (this world's), got 3" },
    }
    for _, case in ipairs(cases) do
      local h = game.new(true, case[1])
      h.world:step(0.1)
      local before = h.world:save_state()
      local says = expect.error_of(function() h.world:load_state(s) end)
      assert.matches("^[^\n]-save_spec%.lua:%d+: ", says) -- the game's line
      assert.are.equal("world:load_state: snapshot world settings: " .. case[2] .. tail,
        (says:gsub("^[^\n]-:%d+: ", "")))
      assert.is_true(before == h.world:save_state(), "the world's state is unchanged")
    end
  end)

  it("of a world made with other settings that change no result, or that the state holds: loads", function()
    local h = game.new(false, { grid_cell_size = 37, workers = 2, weather = 0.3, ray_budget = 4 })
    h.world:load_state(s)
    assert.is_true(h.world:save_state() == s, "the saved world's state, its weather and ray budget too")
  end)

  it("of a world with other definitions", function()
    local other_world = wary.world{}
    other_world:define_profile{ name = "watcher", senses = { "Vision" } }
    refused(other_world, s, "snapshot definitions")
    -- Worded as the method the game called, as its other refusals are, not as the C function it calls; the
    -- first definition the world lacks named (the saved world's custom senses are the 9th and on).
    local msg = expect.error_of(other_world.load_state, other_world, s)
    assert.is_truthy(msg:find('world:load_state: snapshot definitions: sense "Hunch": expected a sense this world '
      .. "defines, got one it does not define (the saved world's sense #9: define it as the saved world did before "
      .. "loading)", 1, true), msg)
    assert.is_falsy(msg:find("wary_snapshot_actors", 1, true), msg)
  end)

  it("of a world that defined the same profiles in another order: names the place and both names", function()
    -- Profiles that differ only where the core's check does not look (the cone): by index alone the
    -- agent would load with the other one.
    local function world_of(order)
      local ww = wary.world{}
      for _, name in ipairs(order) do
        ww:define_profile{ name = name, vision = { half_angle_deg = name == "guard" and 30 or 80 } }
      end
      return ww
    end
    local saved = world_of({ "guard", "elite" })
    saved:add_agent{ name = "g", profile = "guard", pos = { 0, 0, 0 } }
    saved:step(0.1)
    local state = saved:save_state()
    refused(world_of({ "elite", "guard" }), state, 'world:load_state: snapshot definitions: profile #1: expected '
      .. '"elite" (this world\'s), got "guard" (the saved world\'s: define the profiles in the order the saved world '
      .. "did before loading)")
    refused(world_of({ "guard" }), state, 'snapshot definitions: profile "elite": expected a profile this world '
      .. "defines, got one it does not define (the saved world's profile #2: define it as the saved world did")
    refused(world_of({ "guard", "elite", "boss" }), state, 'snapshot definitions: profile "boss": expected a '
      .. "profile the saved world defined, got one it did not define (this world's profile #3: define only what")
    local same = world_of({ "guard", "elite" })
    same:load_state(state)
    assert.are.equal("guard", same:actors()[1].profile.name)
    assert.is_true(same:save_state() == state)
  end)

  it("of a world where one definition differs: names it as the game does", function()
    local h = game.new(false)
    h.world:define_pain{ name = "Burn", effects = { Vision = 0.4 } } -- the saved world's: 0.5
    -- The fields that differ, with both values: the state keeps each definition's table.
    refused(h.world, s, "world:load_state: snapshot definitions: pain type \"Burn\": expected the settings this "
      .. "world defined it with, got other ones: effects.Vision (this world's 0.4, the saved world's 0.5) (define it "
      .. "as the saved world did")
    h = game.new(false)
    h.world:define_material{ name = "glass", vision_transmission = 0.5, sound_wall = false }
    refused(h.world, s, "snapshot definitions: material \"glass\": expected the settings",
      "got other ones: vision_transmission (this world's 0.5, the saved world's ")
    -- A sense's interval is in each profile that uses it as well: the sense, the cause, is named.
    local w2 = wary.world{}
    game.define(w2, 0.1)
    refused(w2, s, "world:load_state: snapshot definitions: sense \"Hunch\": expected the settings")
    h = game.new(false)
    h.world:define_profile{ name = "classic", model = "geck", senses = { "Vision", "Hearing" }, lost_time = 9 }
    refused(h.world, s, "snapshot definitions: profile \"classic\": expected the settings",
      "got other ones: lost_time (this world's 9, the saved world's ")
    -- A retune between two saves: the second state holds the retuned table.
    local function guard_world(lost)
      local ww = wary.world{}
      ww:define_profile{ name = "guard", lost_time = lost }
      return ww
    end
    local saving = guard_world(5)
    saving:save_state()
    saving:define_profile{ name = "guard", lost_time = 7 }
    refused(guard_world(5), saving:save_state(), "snapshot definitions: profile \"guard\": expected the settings",
      "got other ones: lost_time (this world's 5, the saved world's 7) (define it")
  end)

  it("during an event handler of world:step", function()
    local h = game.new(true)
    local says
    h.world:on("damaged", function()
      if not says then says = select(2, pcall(h.world.load_state, h.world, s)) end
    end)
    h.world:apply_damage{ victim = h.cast.guard1, instigator = h.cast.thief1, amount = 10 }
    h.world:step(1 / 30)
    expect.mentions(tostring(says), "load_state", "not allowed during a step")
  end)

  it("props come back as they were: shared tables shared, -0.0 signed, numbers exact", function()
    local w1 = wary.world()
    local squad = { name = "alpha", alert = false }
    local a = w1:add_target{ name = "a", pos = { 0, 0 }, props = { squad = squad, again = squad, kit = { 1.5 } } }
    w1:add_target{ name = "b", pos = { 1, 0 }, props = { squad = squad } }
    a:set_prop("neg0", -0.0)
    a:set_prop("tiny", 2 ^ -1074)
    a:set_prop("huge", 2 ^ 53 + 2)
    a:set_prop("ratio", 3.0)
    -- A Lua 5.4 integer beyond 2^53 (a 64-bit id): exact, not rounded to a float.
    local id = math.type and math.tointeger(76561198000000001) or nil
    if id then a:set_prop("steam_id", id) end
    local state = w1:save_state()
    local w2 = wary.world()
    w2:load_state(state)
    assert.is_true(state == w2:save_state(), "saving the loaded world gives the same state")
    local a2, b2 = w2:actors()[1], w2:actors()[2]
    assert.is_true(a2.props.squad == b2.props.squad and a2.props.squad == a2.props.again)
    assert.are_not.equal(squad, a2.props.squad) -- the load's own table, shared as the save's was
    a2.props.squad.alert = true
    assert.is_true(b2.props.squad.alert)
    assert.are.equal(-math.huge, 1 / a2.props.neg0)
    assert.are.equal(2 ^ -1074, a2.props.tiny)
    assert.are.equal(2 ^ 53 + 2, a2.props.huge)
    assert.are.equal(1.5, a2.props.kit[1])
    -- A whole number within 2^53 is written as an integer under both backends
    -- (LuaJIT has no subtype): on Lua 5.4, 3.0 comes back as 3, equal to it.
    assert.are.equal(3, a2.props.ratio)
    if id then
      assert.are.equal("integer", math.type(a2.props.steam_id))
      assert.is_true(a2.props.steam_id == id)
    end
  end)

  it("a prop that cannot be saved is named, with its actor's name", function()
    local h = game.new(true)
    h.cast.thief3:set_prop("loot", setmetatable({}, {}))
    expect.mentions(expect.error_of(h.world.save_state, h.world), h.cast.thief3.name .. ".props.loot",
      "got a table with a metatable (only plain tables are saved)")
  end)

  it("a function in props is left out of the save; a handle the load keeps keeps it, a new world's has none",
    function()
    local h = game.new(true)
    local thief = h.cast.thief3
    local function hp() return 50 end
    local function on_hit() end
    thief:set_prop("health_percent", hp)
    thief:set_prop("gear", { weight = 3, on_hit = on_hit })
    local saved = h.world:save_state()
    thief:set_prop("gear", { weight = 9 })
    thief:set_prop("health_percent", 25)
    h.world:load_state(saved)
    assert.are.equal(nil, thief.props.health_percent, "the save has none (the function was left out)")
    assert.are.same({ weight = 3 }, thief.props.gear)
    thief:set_prop("health_percent", hp)
    h.world:load_state(saved)
    assert.are.equal(hp, thief.props.health_percent, "the handle kept its function")
    local fresh = game.new(true)
    fresh.world:load_state(saved)
    local copy
    for _, a in ipairs(fresh.world:actors()) do
      if a.name == thief.name then copy = a end
    end
    assert.are.same({ weight = 3 }, copy.props.gear)
    assert.are.equal(nil, copy.props.health_percent, "a new handle: the game sets it again")
    assert.are.equal(saved, fresh.world:save_state(), "the same bytes saved again")
  end)

  it("a removed actor's functions in props do not pass to the saved actor that had its id", function()
    local function world()
      local made = wary.world{}
      made:define_profile{ name = "guard", senses = { "Vision" } }
      return made
    end
    local w1 = world()
    w1:add_agent{ name = "alice", profile = "guard", pos = { 0, 0, 0 } }
    local saved = w1:save_state()
    local w2 = world()
    local bob = w2:add_agent{ name = "bob", profile = "guard", pos = { 0, 0, 0 } }
    bob:set_prop("on_talk", function() return "bob speaks" end)
    bob:remove()
    w2:load_state(saved)
    local alice = w2:actors()[1]
    assert.are.equal("alice", alice.name)
    assert.are.equal(nil, alice.props.on_talk)
    assert.are_not.equal(bob, alice, "bob's handle stays bob's, stale")
    assert.is_false(bob:valid())
    assert.are.equal("bob", bob.name)
  end)

  it("of a world whose hits added up past a float's range: the damage stops at its largest", function()
    local world = wary.world{}
    world:define_profile{ name = "guard", damage = {} }
    local victim = world:add_agent{ profile = "guard", pos = { 0, 0 } }
    local t = world:add_target{ pos = { 10, 0 } }
    world:apply_damage{ victim = victim, instigator = t, amount = 3e38 }
    world:apply_damage{ victim = victim, instigator = t, amount = 3e38 }
    world:step(1 / 60)
    assert.are.equal(3.4028234663852886e38, victim:damage_from(t))
    world:load_state(world:save_state())
    assert.are.equal(3.4028234663852886e38, victim:damage_from(t))
  end)

  it("of an emission whose max_lod_tier is past the last tier", function()
    local world = wary.world{}
    world:emit_stimulus{ tag = "Stimulus.Custom.Bell", pos = { 0, 0, 0 }, max_lod_tier = 8 }
    world:load_state(world:save_state())
  end)

  it("a prop holding an actor of another world is refused (its id would name another actor here)", function()
    local h, elsewhere = game.new(true), game.new(true)
    h.cast.thief3:set_prop("foe", elsewhere.cast.guard1)
    expect.mentions(expect.error_of(h.world.save_state, h.world), h.cast.thief3.name .. ".props.foe",
      "an actor of this world", "an actor of another world")
    h.cast.thief3:set_prop("foe", h.cast.guard1)
    assert.is_string(h.world:save_state())
  end)
end)
