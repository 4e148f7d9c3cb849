-- luarocks --lua-version 5.4 make [--tree T]: builds the Lua 5.4 module
-- (wary.core, with the C core linked in) with CMake and installs it and every
-- *.lua under lua/wary into the rocks tree. The C library itself (wary.h, libwary,
-- wary.pc) is not part of the rock: cmake --install gives it (docs/install.md).
rockspec_format = "3.0"
package = "wary"
version = "0.1.0-1"
-- luarocks make builds from the folder it runs in and never fetches this; the
-- project has no public repository yet: set its URL before publishing the rock.
source = {
  url = "git+file://.",
}
description = {
  summary = "A perception engine for game AI: graded beliefs from senses, fused, through seven states",
  license = "MIT",
}
dependencies = {
  "lua >= 5.4, < 5.5",
}
-- LuaRocks' cmake backend: cmake -H. -Bbuild.luarocks -D<variables>, then the
-- install target. $(LUADIR) and $(LIBDIR) are the rock's Lua and C module roots
-- (wary/*.lua and wary/core.so go below them).
build = {
  type = "cmake",
  variables = {
    CMAKE_BUILD_TYPE = "Release",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    WARY_INSTALL_LUADIR = "$(LUADIR)",
    WARY_INSTALL_CMODDIR = "$(LIBDIR)",
    WARY_INSTALL_LUAJITDIR = "",   -- no LuaJIT copy: this rock is for Lua 5.4
    -- The C library is not the rock's (and LuaRocks cannot deploy its symlinks).
    WARY_INSTALL_C = "OFF",
    WARY_BUILD_TESTS = "OFF",
    WARY_BUILD_BENCH = "OFF",
    WARY_LUA54_INCLUDE_DIR = "$(LUA_INCDIR)",  -- the headers of the Lua LuaRocks builds for
  },
}
