-- spec/backends_spec.lua: the two backends (Lua 5.4 C module, LuaJIT FFI)
-- behave identically, bit for bit. spec/support/scenario.lua is run here
-- in-process with this interpreter's backend and, in a subprocess, under the
-- other interpreter with its backend; the two logs must match line for line.
local wary = require("wary")
local scenario = require("spec.support.scenario")
local subprocess = require("spec.support.other_backend")

local is_luajit = rawget(_G, "jit") ~= nil
local other = is_luajit and "lua5.4" or "luajit"
local other_backend = is_luajit and "lua5.4" or "luajit"

local function read_all(path)
  local f = io.open(path, "r")
  if not f then return "" end
  local s = f:read("*a")
  f:close()
  return s
end

local function split_lines(s)
  local lines = {}
  for line in s:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  return lines
end

local function script_path()
  local path = package.searchpath and package.searchpath("spec.support.scenario", package.path)
  if path then return path end
  return (os.getenv("WARY_ROOT") or ".") .. "/spec/support/scenario.lua"
end

-- Runs the scenario under the other interpreter in a subprocess with the
-- environment of scripts/env.sh (spec/support/other_backend.lua). Returns its
-- header (backend), its log lines, whether it reached its end marker, its
-- stderr and the command.
local function run_subprocess()
  local errfile = os.tmpname()
  local command = subprocess.command(script_path()) .. " 2>" .. subprocess.quote(errfile)
  local p = assert(io.popen(command, "r"))
  local text = p:read("*a")
  p:close()
  local stderr = read_all(errfile)
  os.remove(errfile)
  local lines = split_lines(text)
  local header = table.remove(lines, 1)
  local finished = lines[#lines] == "# end"
  if finished then table.remove(lines) end
  return header, lines, finished, stderr, command
end

local function count_kind(lines, kind)
  local n = 0
  for _, line in ipairs(lines) do
    if line:match("^event %d+ %S+ " .. kind .. " ") then n = n + 1 end
  end
  return n
end

describe("the backends", function()
  local in_process

  setup(function()
    in_process = scenario.run()
  end)

  it("report which one is in use: " .. (is_luajit and "luajit (FFI)" or "lua5.4 (C module)"), function()
    assert.are.equal(is_luajit and "luajit" or "lua5.4", wary.backend)
  end)

  it("run a scenario whose log is not trivial: every kind of event, snapshots and a final dump", function()
    assert.is_true(#in_process > 300, "lines: " .. #in_process)
    assert.is_true(count_kind(in_process, "suspect") >= 5)
    assert.is_true(count_kind(in_process, "telegraph") >= 1)
    assert.is_true(count_kind(in_process, "detect") >= 5)
    assert.is_true(count_kind(in_process, "track") >= 2)
    assert.is_true(count_kind(in_process, "lost") >= 2)
    assert.is_true(count_kind(in_process, "remember") >= 1)
    assert.is_true(count_kind(in_process, "forget") >= 1)
    assert.is_true(count_kind(in_process, "sense_error") >= 5)
    local text = table.concat(in_process, "\n")
    -- the three kinds of custom sense failure, first lines only
    assert.truthy(text:find("sense 'Flaky': flaky: static on the line\n", 1, true))
    assert.truthy(text:find("sense 'Flaky': returned string for confidence, expected a number or nil\n", 1, true))
    assert.truthy(text:find("sense 'Flaky': returned a non-finite confidence\n", 1, true))
    assert.is_nil(text:find("traceback", 1, true))
    -- a lost for the radar's direct cut, beliefs in the final dump, the removed actors gone
    assert.truthy(text:find(" lost north thief suspected lost out_of_range ", 1, true))
    assert.truthy(text:find("\nfinal 1200 seer ghost ", 1, true))
    assert.is_nil(text:find("final %d+ %S+ decoy"))
    assert.is_nil(text:find("final %d+ tower "))
    assert.truthy(text:find("\nstats queries=", 1, true))
  end)

  it("give the same log twice in one process (a step is deterministic)", function()
    local again = scenario.run()
    assert.are.equal(#in_process, #again)
    for i = 1, #in_process do
      if in_process[i] ~= again[i] then
        assert.are.equal(in_process[i], again[i], "line " .. i)
      end
    end
  end)

  it("give the same log line for line under the other interpreter (" .. other .. ")", function()
    if not subprocess.available() then
      pending(other .. " is not installed")
      return
    end
    if not os.getenv("LUA_PATH") or not os.getenv("WARY_LIB") then
      pending("run the specs through scripts/busted.sh (it exports LUA_PATH, LUA_CPATH and WARY_LIB)")
      return
    end
    local header, lines, finished, stderr, command = run_subprocess()
    local why = "\ncommand: " .. command .. "\nstderr:\n" .. stderr
    assert.are.equal("# backend " .. other_backend, header, why)
    assert.is_true(finished, "the subprocess did not finish its log" .. why)
    -- the first difference, if any, reported with its line number
    for i = 1, math.max(#in_process, #lines) do
      if in_process[i] ~= lines[i] then
        assert.are.equal(in_process[i], lines[i],
          string.format("line %d differs (%s in-process, %s in the subprocess)", i, wary.backend, other_backend))
      end
    end
    assert.are.equal(#in_process, #lines)
    assert.is_true(count_kind(lines, "sense_error") >= 5)
    assert.is_true(count_kind(lines, "track") >= 2)
  end)
end)
