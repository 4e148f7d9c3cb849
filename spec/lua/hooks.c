/* spec/lua/hooks.c - wary_spec_hooks, a Lua 5.4 module for spec/hooks_spec.lua:
 * the debug hooks an engine sets from C (lua_sethook), which Lua code cannot
 * set itself.
 *   timeslice(co, n)  a count hook on coroutine co that yields it every n
 *                     instructions (an engine's time slices); n 0: none
 *   watchdog(n)       a count hook on the running thread that raises
 *                     "watchdog: over budget" after n instructions */
#include "lauxlib.h"
#include "lua.h"

static void slice_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  if (lua_isyieldable(L)) lua_yield(L, 0);
}

static int timeslice(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argcheck(L, co != NULL, 1, "coroutine expected");
  int n = (int)luaL_checkinteger(L, 2);
  lua_sethook(co, n > 0 ? slice_hook : NULL, n > 0 ? LUA_MASKCOUNT : 0, n);
  return 0;
}

static void watchdog_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  luaL_error(L, "watchdog: over budget");
}

static int watchdog(lua_State *L) {
  int n = (int)luaL_checkinteger(L, 1);
  lua_sethook(L, n > 0 ? watchdog_hook : NULL, n > 0 ? LUA_MASKCOUNT : 0, n);
  return 0;
}

int luaopen_wary_spec_hooks(lua_State *L) {
  static const luaL_Reg fns[] = {{"timeslice", timeslice}, {"watchdog", watchdog}, {NULL, NULL}};
  luaL_newlib(L, fns);
  return 1;
}
