-- spec/support/expect.lua: the assertions the specs share.
--   local expect = require("spec.support.expect")
--   expect.near(0.5, f:confidence())            -- within expect.TOL (1e-4)
--   expect.near(0.72, r.transmission, 1e-6)
--   local msg = expect.error_of(function() world:step(-1) end)
--   expect.mentions(msg, "world", "'dt'", "got -1")
--   expect.fields(sense, { id = "Thermal", interval = 0.1 })
--   local said = expect.stderr_of(function() agent:report_touch(cat) end)  -- the warnings written

local each = pairs -- not named pairs: docs/backends.md, "Loops over tables"
local assert = require("luassert")

local expect = {}

-- The default tolerance of expect.near: confidences and shares.
expect.TOL = 1e-4

-- Asserts |expected - actual| <= tol (default expect.TOL).
function expect.near(expected, actual, tol)
  tol = tol or expect.TOL
  assert.is_true(math.abs(expected - actual) <= tol,
    string.format("expected %.9g, got %.9g (tolerance %g)", expected, actual, tol))
end

-- Calls fn(...) with io.stderr caught, asserts that it returns, and returns
-- the texts written to stderr meanwhile (wary's warnings), in order.
function expect.stderr_of(fn, ...)
  local said = {}
  local saved = io.stderr
  io.stderr = { write = function(_, text) said[#said + 1] = text end } -- luacheck: ignore 122
  local ok, err = pcall(fn, ...)
  io.stderr = saved -- luacheck: ignore 122
  assert(ok, err)
  return said
end

-- Calls fn(...), asserts that it raises an error and returns the error as a string.
function expect.error_of(fn, ...)
  local ok, err = pcall(fn, ...)
  assert.is_false(ok, "expected an error")
  return tostring(err)
end

-- Asserts that msg contains every one of the given plain strings.
function expect.mentions(msg, ...)
  for _, part in ipairs({ ... }) do
    assert.is_truthy(msg:find(part, 1, true), string.format("message %q does not mention %q", msg, part))
  end
end

-- Asserts that t[k] equals v for every k, v of `expected`.
function expect.fields(t, expected)
  for k, v in each(expected) do
    assert.are.equal(v, t[k], "field " .. tostring(k))
  end
end

-- Asserts that no profile `name` is defined in `world` (adding an agent with
-- it is the error for an undefined profile).
function expect.no_profile(world, name)
  local msg = expect.error_of(function() world:add_agent{ profile = name, pos = { 0, 0, 0 } } end)
  expect.mentions(msg, "'profile'", "a defined profile", '"' .. name .. '"')
end

return expect
