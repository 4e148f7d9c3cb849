-- luacheck configuration for wary (run: bash scripts/luacheck.sh, or ctest -R luacheck)

-- "max": the union of every Lua version's globals, so code for Lua 5.4 and for
-- LuaJIT (jit, bit, unpack, ...) both pass.
std = "max"
max_line_length = 120

exclude_files = {
  "build/**",
  "build-*/**",
  "out/**",
  ".git/**",
}

-- busted specs: describe, it, before_each, assert, spy, mock, ...
files["spec"] = { std = "+busted" }

-- the LÖVE demo defines love.load / love.update / love.draw
files["examples/love"] = { globals = { "love" } }

-- written by a script from src/wary.h, one table a line: long lines are its layout
files["lua/wary/enums.lua"] = { max_line_length = false }
