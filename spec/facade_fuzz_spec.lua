-- spec/facade_fuzz_spec.lua: random calls of the Lua facade, with good values, near misses and bad ones
-- (nil, NaN, huge numbers, misspelt and over-long names, cycles, trap metatables, stale and foreign
-- handles, callbacks that raise or yield, written-over fields), on a small world with agents of every
-- shipped kind. For every call it proves:
--   (1) a raised error is wary's own message: a string, with none of the marks of a raw Lua error
--       ("attempt to index", "bad argument #", ...) and not located in lua/wary/ itself (the one other
--       error is the game's own error object, which world:step raises as it was: docs/events.md);
--   (2) a refused call leaves world:save_state() as it was (a step that ran a callback which raised
--       or yielded has already changed the world and says so: it is not held to this; nor is a call
--       made while the world cannot be saved, which restock puts right every 50 calls);
--   (3) no callback's yield escapes the call.
-- A failure names the seed, the call's number, the method and its arguments, and the command that
-- makes it again. Its own random numbers (Park-Miller) from fixed seeds, so a run makes the same calls
-- each time (4 seeds of 1500 calls: a few seconds a backend). More of it:
--   WARY_FUZZ_SEEDS=1-200 WARY_FUZZ_CALLS=5000 bash scripts/busted.sh luajit spec/facade_fuzz_spec.lua
-- WARY_FUZZ_SEEDS takes "7", "1-50" or "3,9,12"; WARY_FUZZ_TRACE=1 prints every call and its outcome.
-- It is a reviewer's fuzzer made a spec: the raw errors of 8c68f4a and the refusals that changed the
-- world of 739fa55 and 6ebf7c6 are its kind of bug.
-- (4) It compares the backends (the last spec here): seeds 1 and 2 run in-process and under the other interpreter
-- (spec/support/other_backend.lua), each writing a line a call (its results or its message, the world's save
-- after it) and one after each step of a world (every field of the events world:events() gives then: what the
-- handlers were given); the two logs must be the same. What differs and is no backend's doing is left out of the lines
-- (tracebacks, the interpreter's module path, the temporary folder), or made the same in this mode: the trap
-- tables act as LuaJIT does (it reads a table raw for pairs, ipairs and #, where Lua 5.4 asks __pairs, __index
-- and __len) and 2^63 stands for math.maxinteger. WARY_FUZZ_LOG=file runs the seeds in that mode, to file:
--   WARY_FUZZ_LOG=/tmp/a WARY_FUZZ_SEEDS=1-50 bash scripts/busted.sh lua5.4 spec/facade_fuzz_spec.lua
--   WARY_FUZZ_LOG=/tmp/b WARY_FUZZ_SEEDS=1-50 bash scripts/busted.sh luajit spec/facade_fuzz_spec.lua
--   diff /tmp/a /tmp/b

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local raw_next = next -- the same: a loop over a function named next is compiled as ITERN
local wary = require("wary")
local wdebug = require("wary.debug")
local tiled = require("wary.tiled")
local handles = require("wary.handles")
local subprocess = require("spec.support.other_backend")

local unpack = table.unpack or unpack
local function pack(...) return { n = select("#", ...), ... } end
local BACKEND = rawget(_G, "jit") and "luajit" or "lua5.4"
local TRACE = os.getenv("WARY_FUZZ_TRACE")
local LOG_FILE = os.getenv("WARY_FUZZ_LOG")
if LOG_FILE then assert(io.open(LOG_FILE, "w")):close() end -- each seed's spec adds its lines
local log -- a function(line) while the outcomes are logged (4)
local CALLS = tonumber(os.getenv("WARY_FUZZ_CALLS") or "") or 1500
local COMPARE_SEEDS, COMPARE_CALLS = "1,2", 750 -- (4)
local SEEDS = {}
for a, b in (os.getenv("WARY_FUZZ_SEEDS") or "1-4"):gmatch("(%d+)%-?(%d*)") do
  for s = tonumber(a), tonumber(b ~= "" and b or a) do SEEDS[#SEEDS + 1] = s end
end

-- The marks of an error that is not wary's message: Lua's own, or an error() located in wary's code.
local RAW = { "attempt to index", "attempt to call", "attempt to perform arithmetic", "attempt to concatenate",
  "attempt to compare", "bad argument #", "table index is", "stack overflow", "'__tostring' must return",
  "C stack overflow" }
local function not_wary(msg)
  if type(msg) ~= "string" then return "the error is a " .. type(msg) .. ", not a message" end
  for _, p in ipairs(RAW) do
    if msg:find(p, 1, true) then return "a raw Lua error ('" .. p .. "')" end
  end
  if msg:find("^[^\n:]*lua/wary/[%w_]+%.lua:%d+:") then return "an error located in wary's own code" end
end

-- ---------------------------------------------------------------- the session: reset for each seed
local rng, W, OTHER, dead_actor, dead_box, OLDSAVE
local lights, envs, removed, sense_mode

local function rnd() rng = (rng * 16807) % 2147483647; return rng end -- exact in doubles and integers
local function R(n) return n < 1 and 1 or rnd() % n + 1 end           -- 1..n
local function chance(p) return rnd() % 1000 < p * 1000 end
local function pick(list) return list[R(#list)] end
local function frand(a, b) return a + (b - a) * (rnd() % 1000000 / 1000000) end
local PBAD = 0.3 -- the share of bad arguments

-- The error object the game's callbacks raise: world:step raises it as it was (docs/events.md), the one
-- error that is not a message.
local GAME_ERROR = setmetatable({}, { __tostring = function() return "the game's error object" end })

-- What the custom sense does this turn: the "mode" call changes it.
local SENSE_MODES = { "ok", "ok", "ok", "nan", "string", "table", "error", "errobj", "errnil", "yield", "huge",
  "badloc", "step", "remove", "define" }
local function thermal_eval(ctx, _, target)
  local m = sense_mode
  if m == "ok" then return math.max(0, 1 - ctx.distance / 2000), 0.5, ctx.target_pos
  elseif m == "nan" then return 0 / 0, 0 / 0, 0 / 0, 0 / 0
  elseif m == "string" then return "high"
  elseif m == "table" then return {}
  elseif m == "error" then error("thermal broke")
  elseif m == "errobj" then error(GAME_ERROR)
  elseif m == "errnil" then error()
  elseif m == "yield" then coroutine.yield(1)
  elseif m == "huge" then return 1e39, -1e39, 1e39, 1e39, 1e39
  elseif m == "badloc" then return 0.5, 0.5, "x", {}
  elseif m == "step" then ctx.world:step(0.1)
  elseif m == "remove" then target:remove()
  elseif m == "define" then ctx.world:define_material{ name = "m_in_step" }
  end
end
local function on_stimulus()
  if sense_mode == "error" then error("stim broke") end
  if sense_mode == "yield" then coroutine.yield() end
end

local function build(tag)
  local w = wary.world{ units_per_meter = 100 }
  w:define_sense{ id = "Thermal", interval = 0.1, max_range = 3000, evaluate = thermal_eval,
    stimulus_tags = { "Stimulus.Heat" }, on_stimulus = on_stimulus }
  w:define_profile{ name = "guard", vision = {}, hearing = {}, senses = { "Thermal" },
    pain = {}, damage = {}, brain = { emotions = true } }
  w:define_profile{ name = "dog", hearing = { sound_filter = "Dog" }, smell = {}, touch = {} }
  w:define_profile{ name = "geck", model = "geck", vision = {}, hearing = {} }
  w:define_profile{ name = "bat", echolocation = {}, vibration = {}, senses = { "Thermal" } }
  w:define_material{ name = "fog_glass", vision_transmission = 0.7, sound_wall = false }
  w:define_sound{ name = "Clang", category = "environment", alert_level = "loud", base_loudness = 2, max_range_m = 20 }
  w:define_pain{ name = "Sting", effects = { Vision = 0.5 }, decay_rate = 0.3 }
  local guard = w:add_agent{ profile = "guard", pos = { 0, 0, 0 }, yaw = 0, name = tag .. "guard", team = "red" }
  w:add_agent{ profile = "dog", pos = { 300, 200, 0 }, yaw = 90, name = tag .. "dog", team = "red" }
  w:add_agent{ profile = "geck", pos = { -300, 100, 0 }, yaw = 180, name = tag .. "geck", team = 2 }
  w:add_agent{ profile = "bat", pos = { 100, -400, 0 }, yaw = 45, name = tag .. "bat" }
  w:add_target{ pos = { 800, 0, 0 }, name = tag .. "thief", team = "blue", stance = "crouched", props = { hot = true } }
  w:add_target{ pos = { 400, 300, 0 }, name = tag .. "cat", team = "blue" }
  w:add_target{ pos = { 1200, -200, 0 }, name = tag .. "can", pawn = false }
  w:add_box{ min = { 500, -100 }, max = { 520, 100 } }
  w:add_box{ min = { -100, 300, 0 }, max = { 100, 320, 200 }, material = "glass" }
  w:add_light{ pos = { 0, 0, 300 }, radius = 800, intensity = 0.8 }
  w:add_environment{ min = { 600, -500, 0 }, max = { 1500, 500, 400 }, vision_range_scale = 0.5, light = 0.2 }
  w:set_relationship("red", "blue", "hostile")
  guard:on("detect", function() end)
  w:on("sense_error", function() end)
  return w
end

local function live_actors(w) return w._destroyed and {} or w:actors() end
local function of_kind(list, agents)
  local r = {}
  for _, a in ipairs(list) do
    if (rawget(a, "_profile") and true or false) == agents then r[#r + 1] = a end
  end
  return r
end
local function anyactor(w) local a = live_actors(w or W); return a[R(#a)] end
local function agent() local a = of_kind(live_actors(W), true); return a[R(#a)] end
local function vec() return { frand(-1500, 1500), frand(-1500, 1500), pick({ 0, 0, 100 }) } end

-- ---------------------------------------------------------------- bad values
local cyc = {}; cyc.self = cyc; cyc[1] = cyc
-- The game's functions a call is given (a handler, an evaluate, a curve), by the name a failure gives them.
local FN = {
  raises = function() error("user fn error") end, raises_nil = function() error() end,
  raises_object = function() error(GAME_ERROR) end, yields = function() coroutine.yield("y") end,
  nan = function() return 0 / 0 end, half = function() return 0.5 end, reads = function(ev) return ev.type end,
  steps = function() W:step(0.01) end, reads_events = function() return W:events() end,
  removes = function() local a = live_actors(W); if a[#a] then a[#a]:remove() end end,
}
local FN_NAME = {}
for name, fn in each(FN) do FN_NAME[fn] = "fn_" .. name end
local NIL = {} -- stands for nil in the list
-- Values a call is given as they are. The trap tables raise when wary reads them through a metamethod.
-- LuaJIT ignores __pairs and __len, its ipairs reads no __index, and it has no math.maxinteger: the backends
-- differ there, and each must pass; (4) makes them alike.
local MAXINT = {} -- stands for math.maxinteger
local BAD = { NIL, false, true, 0, -1, 1e39, 0 / 0, math.huge, -math.huge, -0.0, MAXINT, 2 ^ 53,
  3, 0.5, "", "1", "0x10", "a\0b", string.rep("x", 5000), "%s%d%n", -2147483649, cyc, io.stdout,
  coroutine.create(function() end), FN.raises, FN.yields, FN.raises_nil, FN.raises_object, FN.nan,
  setmetatable({}, { __index = function(_, k) -- (4): ipairs ends; which key is read first is pairs' order
    if not (log and type(k) == "number") then error(log and "index trap" or "index trap " .. tostring(k)) end
  end }),
  setmetatable({ 1, 2, 3 }, { __len = function(t) return log and rawlen(t) or error("len trap") end }),
  setmetatable({}, { __tostring = function() error("tostring trap") end }),
  setmetatable({}, { __pairs = function(t) if log then return next, t, nil end error("pairs trap") end }),
  setmetatable({ x = 1, y = 2 }, { __eq = function() return true end }) }
local NEAR_NAMES = { "Vision", "vison", "guard", "gaurd", "Footstep", "footstep", "hostile", "Hostile", "detect",
  "detetc", "crouched", "crouch", "fear", "Fear", "raise", "Sting", "Thermal", "thermal" }
-- Values made fresh each time (a table the facade may keep) or from the session's worlds.
local BAD_NEW = {
  function() return {} end, function() return { {} } end, function() return { 1, 2 } end,
  function() return { 0 / 0, 0, 0 } end, function() return { 1e39, 0, 0 } end, function() return { x = 1 } end,
  function() return { 1, 2, 3, 4 } end, function() return { x = 1, y = 2, z = "3" } end,
  function() return pick(NEAR_NAMES) end, function() return dead_actor end, function() return dead_box end,
  function() return anyactor(OTHER) end, function() return OTHER:boxes()[1] end, function() return W end,
  function() return OTHER end, function() return removed[R(#removed)] end, function() return lights[1] end,
  function() return envs[1] end }
local function bad()
  local k = R(#BAD + #BAD_NEW)
  if k > #BAD then return BAD_NEW[k - #BAD]() end
  if rawequal(BAD[k], MAXINT) then return not log and math.maxinteger or 2 ^ 63 end
  if not rawequal(BAD[k], NIL) then return BAD[k] end -- not ~=: Lua 5.4 would ask the __eq trap
end

-- ---------------------------------------------------------------- good values, by kind
local function list_of(...) local l = { ... }; return function() return pick(l) end end
local function fake_font() return { getWidth = function() return 10 end, getHeight = function() return 10 end } end
local FAKE_GRAPHICS = setmetatable({ getFont = fake_font }, { __index = function() return function() return 1 end end })
local G = {
  num = list_of(0, 1, 0.5, 100, -100, 1000, 0.25, 60), unit = function() return frand(0, 1) end, vec = vec,
  x = function() return frand(-1500, 1500) end, actor = function() return anyactor() end, agent = agent,
  bool = function() return chance(0.5) end, lod = function() return R(4) - 1 end, key = list_of("hot", "alarm", 1),
  dt = list_of(1 / 60, 1 / 30, 0, 0.1, 0.5), propv = function() return pick({ 1, true, "x", 0.5, {} }) end,
  team = function() return pick({ "red", "blue", 2, 7, "team" .. R(1000), R(1000) + 0.5 }) end, -- new ones too
  event = list_of(unpack(wary.schema.events)), world = function() return W end, empty = function() return {} end,
  gfx = function() return { graphics = FAKE_GRAPHICS } end,
  samples = function() return { { 0, 0, 100, 1 }, { 0, 0, 50, 0.5 } } end,
  curve = function() return pick({ { { 0, 1 }, { 1, 0 } }, FN.half, FN.nan, FN.raises }) end,
  senselist = function() return pick({ { "Thermal" }, { "Vision" }, {}, { "Thermal", "Thermal" }, { "Ghost" } }) end,
  tags = function() return pick({ { "Stimulus.Heat" }, {}, { "a", "b", "c", "d", "e" } }) end,
  cats = function() return pick({ { "enemy" }, {}, { "enemy", "nope" } }) end,
  effects = function() return pick({ { Vision = 0.4 }, { Vison = 0.4 }, { Hearing = 2 }, {} }) end,
}
-- Names of each kind: those the world knows, and a few it does not.
for line in ([[
stance standing crouched prone
sound Footstep Gunshot Explosion Clang Door
pain Sting Burning Flashbang Bleeding
rel hostile neutral friendly
emotion fear aggression curiosity alertness panic
op raise clamp lower invalidate
sense Vision Hearing Thermal Smell Touch Pain Damage Echolocation Vibration
tag Disguise Alarm Seen
mat concrete glass foliage fog_glass smoke
prof guard dog geck bat
stimtag Stimulus.Vibration Stimulus.Heat.Fire Stimulus.Sound.Explosion Other
dettype impact explosion weapon custom
model confidence geck gecko
name guard dog geck bat rookie Clang Sting fog_glass new1 LONG
filt Dog Civilian Nope
senseid Thermal Psy Radar Vision
lossr none occluded sensor_dropout nope
cat enemy environment animal Enemy
alert whisper normal loud explosive LOUD]]):gmatch("[^\n]+") do
  local words = {}
  for w in line:gmatch("%S+") do words[#words + 1] = w end
  for j, w in ipairs(words) do words[j] = w == "LONG" and string.rep("n", 200) or w end -- past the core's limits
  G[table.remove(words, 1)] = list_of(unpack(words))
end
G.handler = function()
  return R(2) == 1 and FN.reads or pick({ FN.raises, FN.yields, FN.raises_nil, FN.removes, FN.steps, FN.reads_events })
end
G.place = function()
  local a = agent()
  return a and a:strongest_location_belief() or { location = { x = 0, y = 0, z = 0 }, tag = 0 }
end
G.state = function() -- a save of this world, another's, an old one, or one cut, bent or lengthened
  local k = R(7)
  local ok, st = pcall(W.save_state, k == 2 and OTHER or W) -- refused when a name or prop was written over
  if not ok or k == 7 then return OLDSAVE end
  local p = R(#st)
  if k == 3 then return st:sub(1, p) end
  if k == 4 then return st:sub(1, p - 1) .. string.char((st:byte(p) + R(255)) % 256) .. st:sub(p + 1) end
  if k == 5 then return st:sub(1, p - 1) .. st:sub(p + 1) end
  return k == 6 and st .. "x" or st
end
G.tiledmap = function() return pick({
  { width = 2, height = 2, tilewidth = 32, tileheight = 32, layers = { { type = "objectgroup", name = "walls",
    objects = { { x = 0, y = 0, width = 32, height = 32 } } } } },
  { layers = {} }, { width = 2, height = 2, tilewidth = 32, tileheight = 32, layers = { { type = "tilelayer",
    width = 2, height = 2, data = { 1, 0, 0, 1 } } }, tilesets = { { firstgid = 1, tiles = {} } } } }) end
local load_dir -- the folder of the files world:load is given (made by the describe below)
G.path = function()
  local p = pick({ "senses/thermal.lua", "profiles/default.lua", "profiles/geck.lua", "nope.lua", "", "/bad.lua",
    "/err.lua", "/list.lua" })
  return p:sub(1, 1) == "/" and load_dir .. p or p
end
-- (4) What differs between the interpreters and is no backend's doing: a traceback, the interpreter's own module
-- path, the temporary folder, this file's name as busted was given it.
local function cut(s, head, lead, say) -- each head and the lines that follow it starting with lead, as say
  local a, b = s:find(head, 1, true)
  while a do
    local p = b + 1
    while lead ~= "" and s:sub(p, p + #lead - 1) == lead do p = s:find("\n", p + 1, true) or #s + 1 end
    s = s:sub(1, a - 1) .. say .. s:sub(p)
    a, b = s:find(head, a + #say, true)
  end
  return s
end
local function norm(s)
  s = cut(cut(s, "\nstack traceback:", "\n\t", "\n<traceback>"), "looked in:", "\n  ", "looked in: <path>")
  s = cut(s, load_dir, "", "<load_dir>")
  local a, b = s:find("facade_fuzz_spec.lua:", 1, true) -- its path before it, back to a space or a quote
  while a do
    while a > 1 and not s:sub(a - 1, a - 1):find("[%s\"']") do a = a - 1 end
    s = s:sub(1, a - 1) .. "fuzz:" .. s:sub(b + 1)
    a, b = s:find("facade_fuzz_spec.lua:", a + 5, true)
  end
  return s
end

-- A definition table: each field present (mostly) and good (mostly), now and then a misspelt one.
local REQUIRED = { name = true, pos = true, min = true, max = true, id = true }
local function fields(spec)
  local t = {}
  for _, f in ipairs(spec) do
    if REQUIRED[f[1]] or chance(0.8) then
      if chance(PBAD / 2) then t[f[1]] = bad() else t[f[1]] = G[f[2]]() end
    end
  end
  if t.suspect_threshold or t.detect_threshold then
    t.suspect_threshold, t.detect_threshold, t.track_threshold = 0.1, 0.3, 0.6
  end
  if chance(PBAD / 3) then t[pick({ "nmae", "posx", "radus", "vison", "extend" })] = 1 end
  return t
end
local DEFS = {
  agentdef = "profile:prof pos:vec yaw:num team:team health:unit stance:stance lod_tier:lod props:vec",
  targetdef = "pos:vec team:team stance:stance visibility:unit scent:unit samples:samples eye_height:num",
  boxdef = "min:vec max:vec material:mat", lightdef = "pos:vec radius:num intensity:unit cast_shadows:bool",
  envdef = "min:vec max:vec vision_range_scale:unit hearing_range_scale:unit light:unit",
  sundef = "direction:vec intensity:unit ambient:unit", evopts = "lifetime:num source:actor",
  stimdef = "tag:stimtag pos:vec strength:unit radius:num source:actor requires_clear_path:bool",
  damagedef = "victim:actor instigator:actor causer:actor amount:num type:pain at:vec",
  detdef = "owner:actor pos:vec rating:num type:dettype", tiledopt = "scale:unit offset:vec",
  worlddef = "units_per_meter:num weather:unit event_capacity:lod workers:lod",
  vision = "max_range_m:num half_angle_deg:num interval:unit weight:unit distance_curve:curve "
    .. "enable_rear_motion_cone:bool",
  hearing = "interval:unit wall_absorption_coeff:unit sound_filter:filt",
  profiledef = "name:name vision:vision hearing:hearing senses:senselist suspect_threshold:unit "
    .. "detect_threshold:unit fade_rate:unit extends:prof model:model smell:empty brain:empty pain:empty",
  sensedef = "id:senseid evaluate:handler interval:unit max_range:num loss_reason:lossr stimulus_tags:tags "
    .. "on_stimulus:handler",
  matdef = "name:name vision_transmission:unit sound_wall:bool",
  sounddef = "name:name category:cat alert_level:alert base_loudness:num max_range_m:num",
  filterdef = "name:name accepted_categories:cats min_alert_level:alert loudness_multiplier:num",
  paindef = "name:name effects:effects decay_rate:unit max_level:unit",
}
for kind, text in each(DEFS) do
  local spec = {}
  for name, gen in text:gmatch("([%w_]+):([%w_]+)") do spec[#spec + 1] = { name, gen } end
  G[kind] = function() return fields(spec) end
end
G.anydef = function()
  local t = G[pick({ "profiledef", "sensedef", "matdef", "sounddef", "filterdef", "paindef" })]()
  if chance(0.3) then t.kind = pick({ "profile", "sense", "material", "sound", "filter", "pain", "prof" }) end
  return chance(0.2) and { t, G.matdef() } or t
end

-- ---------------------------------------------------------------- the calls: receiver, method, argument kinds
local DRAW = {} -- each call once for each of its arguments and once more: more arguments, more ways to refuse
for line in ([[
world define_profile profiledef|world define_sense sensedef|world define_material matdef|world define_sound sounddef
world define_filter filterdef|world define_pain paindef|world define anydef|world load path|world add_box boxdef
world boxes|world box_count|world ray vec vec|world add_light lightdef|world add_environment envdef
world set_weather unit|world set_ray_budget lod|world set_sun sundef|world set_sun_direction x x x
world light_at actor|world add_agent agentdef|world add_target targetdef|world actors|world actors_near vec num
world step dt|world step dt|world step dt|world on event handler|world off event handler|world events
world events_dropped|world time|world stats|world workers|world save_state|world load_state state
world emit_sound actor sound|world emit_sound_at vec sound|world emit_stimulus stimdef|world apply_damage damagedef
world set_relationship team team rel|world create_detection_event detdef|box set_bounds vec vec
box set_material mat|box remove|box valid|light set lightdef|light remove|light valid|env set envdef|env remove
env valid|actor set_pos x x x|actor set_pos vec|actor teleport x x x|actor set_velocity x x x|actor look_at x x x
actor look_at vec|actor look_forward|actor set_yaw num|actor set_visibility unit|actor set_light unit
actor set_scent unit|actor set_lod_tier lod|actor set_stance stance|actor set_team team|actor set_perceivable bool
actor set_off_screen bool|actor set_prop key propv|actor set_samples samples|actor set_owner actor
actor set_instigator actor|actor get|actor pos|actor valid|actor remove|actor on event handler
actor off event handler|agent belief actor|agent beliefs|agent confidence actor|agent state actor
agent set_confidence actor unit|agent add_evidence actor tag op unit evopts|agent remove_evidence actor tag
agent clear_evidence actor|agent evidence actor|agent explain actor|agent explain_text actor
agent unmute_sense sense|agent sense_muted sense|agent recent_sounds num|agent location_beliefs
agent strongest_location_belief|agent forget_location_belief place|agent report_location_belief vec tag unit unit
agent report_touch actor|agent report_pain pain unit|agent brain_state|agent pain_level pain|agent total_pain
agent clear_pain pain|agent clear_all_pain|agent set_pain_enabled pain bool|agent set_health unit|agent health
agent pain_state|agent sense_multiplier sense|agent emotions|agent dominant_emotion|agent set_fear_input unit
agent set_emotion emotion unit|agent reset_emotions|agent attention_target|agent threat actor
agent damage_from actor|agent relationship actor|agent set_relationship actor rel|agent geck_state
agent detection_value actor|agent detection actor|agent geck|agent geck_damaged actor
mod debug.draw world gfx|mod tiled.load world tiledmap tiledopt|mod wary.world worlddef|write field|mode sense]]
):gmatch("[^|\n]+") do
  local words = {}
  for w in line:gmatch("%S+") do words[#words + 1] = w end
  for _ = 2, #words do DRAW[#DRAW + 1] = words end
end
local MODULE_FN = { ["debug.draw"] = wdebug.draw, ["tiled.load"] = tiled.load, ["wary.world"] = wary.world }
local WRITABLE = { "yaw", "team", "kind", "name", "props", "route", "set_pos", "health", "min", "material", "profile",
  "stance", "valid" }

local function receiver(kind)
  if chance(PBAD * 0.8) then
    return pick({ bad, function() return dead_actor end, function() return removed[R(#removed)] end,
      function() return OTHER end, function() return anyactor(OTHER) end,
      -- another kind's live handle (guard.off(box, ...))
      function() local b = W:boxes(); return b[R(#b)] end, function() return lights[R(#lights)] end,
      function() return envs[R(#envs)] end, function() return anyactor() end })()
  end
  if kind == "world" then return W elseif kind == "agent" then return agent() end
  if kind == "box" then local b = W:boxes(); return b[R(#b)] end
  if kind == "light" then return lights[R(#lights)] elseif kind == "env" then return envs[R(#envs)] end
  return anyactor()
end
-- Where each kind's methods are (an agent's are the actor class's too).
local CLASS = { world = require("wary.world"), actor = require("wary.actor"), agent = require("wary.actor"),
  box = handles.Box, light = handles.Light, env = handles.Environment }

-- ---------------------------------------------------------------- describing a call
local function ser(v, depth, seen)
  local t = type(v)
  if t == "string" then
    v = log and norm(v) or v
    return #v > 40 and string.format("<string of %d bytes>", #v) or string.format("%q", v) end
  if t == "number" then
    if v ~= v then return "nan" end
    local s = string.format("%.15g", v)
    if tonumber(s) == v then return s end
    -- %.17g rounds a tie (a float's -375.069000244140625) half to even in C's printf (Lua 5.4), half away from
    -- zero in LuaJIT's: a value with no more digits than that is given exactly (%.40g, the same in both).
    s = string.format("%.40g", v)
    return #s:gsub("e.*", ""):gsub("%D", ""):gsub("^0+", "") <= 18 and s or string.format("%.17g", v)
  end
  if t ~= "table" then return (t == "boolean" or t == "nil") and tostring(v) or FN_NAME[v] or t end
  local mt = getmetatable(v)
  local kind = type(mt) == "table" and rawget(mt, "_kind")
  if kind then
    local id = kind == "world" and (v == W and "W" or v == OTHER and "OTHER" or "made by wary.world")
      or rawget(v, "name") or rawget(v, "id")
    return "<" .. kind .. " " .. (type(id) == "number" and ser(id) or type(id) == "string" and id or type(id)) .. ">"
  end
  if seen[v] or depth > 3 then return "{...}" end
  seen[v] = true
  local keys, out = {}, {}
  for k in raw_next, v do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) -- the same order in every run: numbers, then strings, then the rest
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    return (ta == "number" or ta == "string") and a < b
  end)
  for j, k in ipairs(keys) do
    if j > 8 then out[j] = "..."; break end
    out[j] = (type(k) == "string" and k or "[" .. ser(k, 9, seen) .. "]") .. "=" .. ser(rawget(v, k), depth + 1, seen)
  end
  seen[v] = nil
  return (mt and "<metatable>" or "") .. "{" .. table.concat(out, ", ") .. "}"
end
-- (4) The events of a step the fuzz made, each with all its fields: what the handlers were given is compared.
local function ser_events(w)
  local ok, list = pcall(w.events, w)
  if not ok then return "error " .. norm(tostring(list)) end
  local out = {}
  for j, ev in ipairs(list) do
    local keys, fs = {}, {}
    for k in raw_next, ev do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    for m, k in ipairs(keys) do fs[m] = tostring(k) .. "=" .. ser(rawget(ev, k), 1, {}) end
    out[j] = "{" .. table.concat(fs, ", ") .. "}"
  end
  return (#out .. ": " .. table.concat(out, "; ")):gsub("\n", "\\n")
end
local function describe_args(args, n)
  local out = {}
  for j = 1, n do out[j] = ser(args[j], 0, {}) end
  return (table.concat(out, ", "):gsub("\n", "\\n"))
end

-- ---------------------------------------------------------------- one seed
local SAVES = {}
local function digest(st) -- its length and Adler-32: two saves of one length that differ tell
  if not SAVES[st] then SAVES[st] = require("wary.save")._checksum(st) end
  return #st .. "#" .. SAVES[st]
end
local function savable()
  if W._destroyed then return nil end
  local ok, s = pcall(W.save_state, W)
  if ok then return s end
end

-- A few live things of each kind to call methods on, and a world that saves: a prop set to what a save
-- cannot hold or a props field written over makes save_state refuse (by design), and the calls after it
-- go unchecked for (2). The actors go, the last made first, until it saves again.
local function restock()
  local list = live_actors(W)
  for j = #list, 1, -1 do
    if savable() then break end
    pcall(CLASS.actor.remove, list[j])
  end
  local live_l, live_e = 0, 0
  for _, l in ipairs(lights) do if l:valid() then live_l = live_l + 1 end end
  for _, e in ipairs(envs) do if e:valid() then live_e = live_e + 1 end end
  if live_l < 2 then lights[#lights + 1] = W:add_light{ pos = vec(), radius = 500 } end
  if live_e < 2 then envs[#envs + 1] = W:add_environment{ min = { 0, 0, 0 }, max = { 500, 500, 300 } } end
  if #of_kind(live_actors(W), true) < 3 then W:add_agent{ profile = pick({ "guard", "geck", "dog" }), pos = vec() } end
  if #of_kind(live_actors(W), false) < 2 then W:add_target{ pos = vec() } end
  if W:box_count() < 2 then W:add_box{ min = { 200, 200 }, max = { 220, 400 } } end
end

local function start(seed)
  rng = seed % 2147483646 + 1
  sense_mode, lights, envs, removed = "ok", {}, {}, {}
  W, OTHER = build(""), build("o_")
  local dead = build("d_")
  dead_actor, dead_box = dead:actors()[1], dead:boxes()[1]
  dead:destroy()
  for _ = 1, 5 do W:step(1 / 30) end
  OLDSAVE = W:save_state()
  restock()
end

-- Makes call i of the seed; returns nil, or what went wrong.
local function call(i)
  if i % 50 == 0 and not W._destroyed then pcall(restock) end
  local spec = DRAW[R(#DRAW)]
  local kind, name = spec[1], spec[2]
  local args, n = {}, 0
  for j = 3, #spec do
    n = n + 1
    if chance(PBAD) then args[n] = bad() else args[n] = G[spec[j]]() end
  end
  if chance(0.05) then n = n + 1; args[n] = bad() end -- one argument too many
  if chance(0.05) and n > 0 then n = n - 1 end       -- or one missing
  local fn, label, recv
  if kind == "mode" then
    sense_mode = pick(SENSE_MODES)
    if TRACE then io.stderr:write(i, " the custom sense's mode is now ", sense_mode, "\n") end
    if log then log(i .. " mode " .. sense_mode) end
    return
  end
  if kind == "write" then
    recv = receiver(pick({ "actor", "agent", "box" }))
    if type(recv) ~= "table" then recv = anyactor() end
    if not recv then return end -- every actor removed: restock makes more
    local key, v = pick(WRITABLE), args[1]
    if v == nil or type(v) == "function" then v = 1 end
    fn, label, args, n = function(h) h[key] = v end, ser(recv, 0, {}) .. "." .. key .. " = " .. ser(v, 0, {}), {}, 0
  elseif kind == "mod" then
    fn, label = MODULE_FN[name], name
  else
    fn, recv = rawget(CLASS[kind], name), receiver(kind)
    if not fn then return "no method " .. kind .. ":" .. name end
    label = kind .. ":" .. name .. " on " .. ser(recv, 0, {})
  end
  local desc = label .. (kind == "write" and "" or "(" .. describe_args(args, n):sub(1, 300) .. ")")
  if kind ~= "mod" then -- the receiver goes first (a shift by hand: args may hold nils)
    for j = n, 1, -1 do args[j + 1] = args[j] end
    args[1], n = recv, n + 1
  end
  local before = savable()
  -- In a coroutine of its own: a callback's yield that escapes wary stops it there.
  local co = coroutine.create(function()
    local r = pack(pcall(fn, unpack(args, 1, n)))
    return unpack(r, 1, r.n)
  end)
  local res = pack(coroutine.resume(co))
  local ok, err = res[2], res[3]
  if TRACE then io.stderr:write(i, " ", desc, ok and " -> ok\n" or " -> " .. tostring(err) .. "\n") end
  if log then
    local outs = {}
    for j = 3, res.n do outs[#outs + 1] = ser(res[j], 0, {}) end
    local st = savable()
    log((i .. " " .. desc .. (ok and " -> " .. table.concat(outs, ", ") or " -> error " .. norm(tostring(err)))
      .. " | save " .. (st and digest(st) or "-")):gsub("\n", "\\n"))
    if name == "step" and kind == "world" and (rawequal(recv, W) or rawequal(recv, OTHER)) and not recv._destroyed then
      log(i .. " events " .. ser_events(recv))
    end
  end
  if coroutine.status(co) ~= "dead" then return "a yield escaped it", desc end
  if ok then
    if name == "add_light" then lights[#lights + 1] = err end
    if name == "add_environment" then envs[#envs + 1] = err end
    if name == "remove" then removed[#removed + 1] = recv end
    if name == "wary.world" then err:destroy() end
  else
    local why = err ~= GAME_ERROR and not_wary(err)
    if why then return why .. ": " .. (type(err) == "string" and err:sub(1, 400) or ser(err, 0, {})), desc end
    local from_user = err == GAME_ERROR or err:find("raised", 1, true) or err:find("yielded", 1, true)
      or err:find("health", 1, true)
    if before and not W._destroyed and not (name == "step" and from_user) then
      local after = savable()
      if after and after ~= before then
        return "refused (" .. err .. ") but save_state changed: " .. #before .. " -> " .. #after .. " bytes", desc
      end
    end
  end
  if W._destroyed then W = build("") end
end

describe("the facade under random calls", function()
  lazy_setup(function()
    load_dir = os.tmpname()
    os.remove(load_dir)
    assert(os.execute("mkdir -p '" .. load_dir .. "'"))
    for file, text in each({ bad = "return { name = 'badprof', vision = { max_range_m = -1 } }",
      err = "error('file error')", list = "return { { name = 'lp', extends = 'guard', hearing = false }, "
        .. "{ name = 'lmat', vision_transmission = 0.4 } }" }) do
      local f = assert(io.open(load_dir .. "/" .. file .. ".lua", "w"))
      f:write(text)
      f:close()
    end
  end)
  lazy_teardown(function() os.execute("rm -rf '" .. load_dir .. "'") end)

  -- wary's warnings (report_pain to a profile without Pain, ...) go nowhere while a spec runs; then cleanup()
  -- (one finally a spec: busted keeps the last one given)
  local function quietly(cleanup)
    local stderr = io.stderr
    finally(function() io.stderr = stderr; cleanup() end) -- luacheck: ignore 122
    if not TRACE then io.stderr = { write = function() end } end -- luacheck: ignore 122
  end
  local function run(seed, calls)
    start(seed)
    if log then log("seed " .. seed); SAVES = {} end
    for i = 1, calls do
      local problem, desc = call(i)
      if problem then -- a failure that says how to make it again
        assert(false, string.format("%s, seed %d, call %d: %s\n  call: %s\n  again: WARY_FUZZ_SEEDS=%d "
          .. "WARY_FUZZ_CALLS=%d WARY_FUZZ_TRACE=1 bash scripts/busted.sh %s spec/facade_fuzz_spec.lua", BACKEND,
          seed, i, problem, desc or "?", seed, i, BACKEND))
      end
    end
    W:destroy(); OTHER:destroy()
  end

  for _, seed in ipairs(SEEDS) do
    it(string.format("seed %d: %d calls raise only wary's messages, refusals change nothing", seed, CALLS), function()
      local f = LOG_FILE and assert(io.open(LOG_FILE, "a"))
      if f then log = function(line) f:write(line, "\n") end end
      quietly(function() log = nil; if f then f:close() end end)
      run(seed, CALLS)
    end)
  end

  local other = subprocess.interpreter
  it(string.format("seeds %s: %d calls each, every outcome the same under %s, line for line", COMPARE_SEEDS,
    COMPARE_CALLS, other), function()
    if LOG_FILE then return end -- the run of a comparison
    if not subprocess.available() then pending(other .. " is not installed") return end
    local busted = os.getenv("BUSTED") or io.popen("command -v busted"):read("*l")
    if not busted or not os.getenv("WARY_LIB") then pending("run it through scripts/busted.sh") return end
    local mine = {}
    log = function(line) mine[#mine + 1] = line end
    quietly(function() log = nil end)
    for s in COMPARE_SEEDS:gmatch("%d+") do run(tonumber(s), COMPARE_CALLS) end
    log = nil
    local file = os.tmpname()
    local command = string.format("WARY_FUZZ_LOG=%s WARY_FUZZ_SEEDS=%s WARY_FUZZ_CALLS=%d %s >/dev/null 2>&1",
      subprocess.quote(file), COMPARE_SEEDS, COMPARE_CALLS,
      subprocess.command(busted, "--output=plainTerminal", (os.getenv("WARY_ROOT") or ".")
        .. "/spec/facade_fuzz_spec.lua"))
    os.execute(command)
    local theirs = {}
    for line in io.lines(file) do theirs[#theirs + 1] = line end
    os.remove(file)
    local seed = "?"
    for i = 1, math.max(#mine, #theirs) do
      seed = (mine[i] or ""):match("^seed (%d+)$") or seed
      if mine[i] ~= theirs[i] then
        local call_no = (mine[i] or theirs[i] or ""):match("^(%d+) ") or "?"
        assert(false, string.format("seed %s, call %s differs:\n  %s: %s\n  %s: %s\n  again: "
          .. "WARY_FUZZ_LOG=/tmp/%s.log WARY_FUZZ_SEEDS=%s WARY_FUZZ_CALLS=%s bash scripts/busted.sh %s "
          .. "spec/facade_fuzz_spec.lua, the same under %s, and diff the logs\n  (%s)", seed, call_no, BACKEND,
          mine[i] or "(no more lines)", other, theirs[i] or "(no more lines)", BACKEND, seed, call_no, BACKEND,
          other, command))
      end
    end
    assert.is_true(#mine > 2 * COMPARE_CALLS * 0.9, "lines: " .. #mine)
  end)
end)
