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
local xpcall = xpcall

-- What a call that yielded gives in place of its error.
guard.YIELDED = setmetatable({}, { __tostring = function() return "yielded" end })

-- A message handler for guard.call: a string error gets the traceback of
-- where it was raised, down to the call (the frames of wary and of the game
-- below world:step are left out); any other error object is kept whole.
function guard.traceback(m)
  if type(m) ~= "string" then return m end
  local trace = debug.traceback(m, 2)
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
-- error as handler made it; false and guard.YIELDED when fn yielded.
function guard.call(fn, handler, a, b)
  local co = idle
  idle = nil
  if co == nil then co = create(serve) end
  local resumed, mark, ok, v = resume(co, fn, handler, a, b)
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

return guard
