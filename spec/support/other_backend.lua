-- spec/support/other_backend.lua: running a Lua file under the other
-- interpreter (LuaJIT from Lua 5.4, Lua 5.4 from LuaJIT) with its backend
-- and the environment of scripts/env.sh (LUA_PATH, LUA_CPATH, WARY_LIB;
-- LD_PRELOAD in the sanitizer build), for the specs that compare backends.
local M = {}

M.interpreter = rawget(_G, "jit") and "lua5.4" or "luajit"

function M.quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

function M.available()
  local ok = os.execute("command -v " .. M.interpreter .. " >/dev/null 2>&1")
  return ok == true or ok == 0
end

-- The shell command that runs script (and its arguments, quoted) under the other interpreter.
function M.command(script, ...)
  return M.command_under(M.interpreter, script, ...)
end

-- The same under interpreter ("luajit" or "lua5.4").
function M.command_under(interpreter, script, ...)
  local env = { "env", interpreter == "luajit" and "WARY_BACKEND=ffi" or "-u WARY_BACKEND" }
  for _, name in ipairs({ "LUA_PATH", "LUA_CPATH", "WARY_LIB" }) do
    local v = os.getenv(name)
    if v then env[#env + 1] = name .. "=" .. M.quote(v) end
  end
  local preload = os.getenv("WARY_PRELOAD")
  if preload and preload ~= "" then env[#env + 1] = "LD_PRELOAD=" .. M.quote(preload) end
  local args = {}
  for i, a in ipairs({ ... }) do args[i] = M.quote(tostring(a)) end
  return table.concat(env, " ") .. " " .. interpreter .. " " .. M.quote(script) .. " " .. table.concat(args, " ")
end

return M
