-- wary.guard: calls a function of the game's that world:step calls (an
-- event handler, a health function) protected, in a coroutine of its own.
-- xpcall alone stops an error but not a yield: a game that steps its world
-- from a coroutine (a level script, a cutscene; LÖVE 11 runs love.update
-- in one) would have a handler that yields take world:step with it, halfway,
-- and leave the world unable to step again once that coroutine is dropped.
-- Here a yield ends the call as an error does (the call stops there, as a
-- custom sense's does: runner.lua), and world:step goes on.
local check = require("wary.check")

local guard = {}

local create, resume, yield, close = coroutine.create, coroutine.resume, coroutine.yield, coroutine.close
local status = coroutine.status
local xpcall = xpcall
local debug_traceback = debug.traceback
local gethook, sethook, getinfo = debug.gethook, debug.sethook, debug.getinfo
guard.gethook = gethook

-- Lua 5.4 keeps a debug hook per thread, and a coroutine starts with its
-- creator's as it was then; LuaJIT's hook is the whole VM's. So on Lua 5.4
-- the coroutines wary keeps for the game's functions (here, and the
-- runner's) take the hook of the thread that calls world:step at each step
-- (guard.sync_hooks), and a yield a hook made in one (an engine that slices
-- its scripts' time with lua_yield in a count hook) is not taken for the
-- function's: the coroutine is resumed at once (guard.hook_yielded). So an
-- engine's watchdog reaches a sense and a handler as it reaches the code
-- that called world:step, and its time slices do not read as a yield
-- (the hook may still pause world:step's own code between slices: guard.settle).
local per_thread = rawget(_G, "jit") == nil
guard.per_thread_hooks = per_thread

-- co with the running thread's hook (h, m, c: debug.gethook's, when given
-- is true), or nil when only a new coroutine can have it (the
-- host's own hook, set with lua_sethook: debug.gethook says "external hook"
-- and debug.sethook cannot copy it; lua_newthread does).
function guard.hooked(co, given, h, m, c)
  if not given then h, m, c = gethook() end
  local hc, mc, cc = gethook(co)
  if h == hc and m == mc and c == cc then return co end
  if type(h) == "string" then return nil end
  if h then sethook(co, h, m, c) else sethook(co) end
  return co
end

-- Whether co, which yielded, yielded from a hook: it stopped in a Lua
-- function, not in a call of coroutine.yield (a C function).
function guard.hook_yielded(co)
  if not per_thread then return false end
  local info = getinfo(co, 0, "S")
  return info ~= nil and info.what ~= "C"
end

-- What a call that yielded gives in place of its error.
guard.YIELDED = setmetatable({}, { __tostring = function() return "yielded" end })

-- A message handler for guard.call: a string error gets the traceback of
-- where it was raised, down to the call (the frames of wary and of the game
-- below world:step are left out); any other error object is kept whole.
function guard.traceback(m)
  if type(m) ~= "string" then return m end
  local trace = debug_traceback(m, 2)
  local cut = trace:find("\n%s*%[C%]: in function 'xpcall'")
  return cut and trace:sub(1, cut - 1) or trace
end

-- How a failed call is told after whose it was: "raised: " and the message
-- for a string error (its traceback in it) or a number (error(42): Lua
-- takes a number for a message too; written as check.describe writes one,
-- the same text on both backends), yielded (the caller's text) for a
-- yield, and for nil or false (error() without a message, error(false)) a
-- text that says so: such an error would otherwise pass unseen. nil for
-- any other error object, which the caller raises whole.
function guard.said(err, yielded)
  if type(err) == "string" then return "raised: " .. err end
  if type(err) == "number" then return "raised: " .. check.describe(err) end
  if err == guard.YIELDED then return yielded end
  if err == nil or err == false then return "raised " .. tostring(err) .. " (an error without a message)" end
  return nil
end

-- The end of a call, as the coroutine yields it: no game function can yield
-- this table, so any other yield is the game function's.
local DONE = {}

-- The body of a guard coroutine: a call, then it waits for the next.
local function serve(fn, handler, a, b)
  while true do
    fn, handler, a, b = yield(DONE, xpcall(fn, handler, a, b))
  end
end

-- A coroutine waiting for its next call (nil: none; a call takes it, so a
-- call made inside one makes its own).
local idle = nil

-- xpcall(fn, handler, a, b): true and fn's first result, or false and the
-- error as handler made it; false and guard.YIELDED when fn yielded. run
-- (a world's _run): the coroutine it runs fn in is kept in run.co
-- (guard.settle).
function guard.call(fn, handler, a, b, run)
  local co = idle
  idle = nil
  if co == nil then
    co = create(serve)
    if per_thread then co = guard.hooked(co) or co end
  end
  run.co = co
  local resumed, mark, ok, v = resume(co, fn, handler, a, b)
  while resumed and mark ~= DONE and guard.hook_yielded(co) do resumed, mark, ok, v = resume(co) end
  run.co = false
  if resumed and mark == DONE then
    idle = co
    return ok, v
  end
  -- It yielded, and is never resumed: on Lua 5.4 its to-be-closed variables
  -- are closed (LuaJIT has neither).
  if close then close(co) end
  if not resumed then return false, mark end -- the coroutine's own failure (out of memory)
  return false, guard.YIELDED
end

-- co, a coroutine of wary's waiting for its next call (or nil), with the
-- hook h, m, c (debug.gethook's, of the thread that calls world:step;
-- guard.hooked), or nil when it cannot take it: it is closed, and a new one
-- is made when one is needed, with it.
function guard.rehook(co, h, m, c)
  if co == nil or guard.hooked(co, true, h, m, c) then return co end
  if close then close(co) end
  return nil
end

-- The hook of the thread that calls world:step (h, m, c) on the coroutine
-- waiting for the next call (Lua 5.4).
function guard.sync_hooks(h, m, c)
  if per_thread then idle = guard.rehook(idle, h, m, c) end
end

-- What world:step marks on its world while it runs a game's function (a
-- health function, a sense, a handler: _reading_health, _in_step,
-- _dispatching) holds while the coroutine of wary's that runs it (run.co,
-- kept by guard.call and runner.run) runs, or is waiting on one it resumed.
-- An error raised into world:step from outside wary between those calls (a
-- debug hook's: an engine's watchdog) leaves the marks set with no such
-- coroutine: world:step, then, ended as the error reached its caller, and
-- this clears them (and ends the core's step, which a mark of a sense's
-- says was begun), so that the world is not refused for good. Called where
-- a mark is read and one is set. A world:step still under way on the
-- coroutine that called it (run.thread), which an engine's hook paused
-- between slices of its own code, is not ended: its world:step is on that
-- coroutine's stack (run.step, the function).
local running = coroutine.running

local function on_stack(thread, fn)
  for level = 0, math.huge do
    local info = getinfo(thread, level, "f")
    if not info then return false end
    if info.func == fn then return true end
  end
end

function guard.settle(world)
  local run = world._run
  local co = run.co
  if co then
    local s = status(co)
    if s == "running" or s == "normal" then return end
  end
  local thread = run.thread
  if thread and thread ~= running() and status(thread) == "suspended" and on_stack(thread, run.step) then return end
  run.co, run.thread = false, false
  world._reading_health, world._dispatching = false, false
  if world._in_step then
    world._in_step = false
    world._B.step_end(world._w)
  end
end

return guard
