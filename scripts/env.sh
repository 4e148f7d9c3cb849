# shellcheck shell=bash
# scripts/env.sh - the environment every Lua run of wary needs. Source it:
#
#   . scripts/env.sh            # uses build/ (the release build)
#   WARY_BUILD=build-asan . scripts/env.sh
#
# It exports:
#   WARY_ROOT   the source tree (the repo root)
#   WARY_BUILD  the CMake build tree (default: $WARY_ROOT/build)
#   LUA_PATH    lua/?.lua, lua/?/init.lua and the repo root (profiles.x, senses.x), then the defaults
#   LUA_CPATH   <build>/lua/?.so (so require("wary.core") finds the Lua 5.4 module), then the defaults
#   WARY_LIB    <build>/libwary.so, the library the LuaJIT FFI backend loads
# and, when WARY_BUILD is a sanitizer build (WARY_SANITIZE:BOOL=ON in its
# CMakeCache.txt; WARY_SANITIZE=1 or 0 in the environment overrides that), sets
# WARY_PRELOAD to the ASan runtime and exports the ASAN_OPTIONS / UBSAN_OPTIONS
# the uninstrumented interpreters need. Run an interpreter as
# `wary_exec lua5.4 file.lua` to apply LD_PRELOAD to it alone (wary_exec execs).

_wary_env_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WARY_ROOT=$(cd "$_wary_env_dir/.." && pwd)
unset _wary_env_dir
export WARY_ROOT

WARY_BUILD=${WARY_BUILD:-$WARY_ROOT/build}
case $WARY_BUILD in
  /*) ;;
  *) WARY_BUILD=$WARY_ROOT/$WARY_BUILD ;;
esac
export WARY_BUILD

export LUA_PATH="$WARY_ROOT/lua/?.lua;$WARY_ROOT/lua/?/init.lua;$WARY_ROOT/?.lua;;"
export LUA_CPATH="$WARY_BUILD/lua/?.so;;"
export WARY_LIB="$WARY_BUILD/libwary.so"

# Sanitizer build: the interpreters (lua5.4, luajit) are not instrumented but load
# an instrumented libwary.so / core.so, so the ASan runtime must be the first
# library in the process: LD_PRELOAD it. Options:
#   detect_leaks=0            the interpreters' own allocations at exit are not ours
#                             (leaks in the C core are caught by the instrumented C tests)
#   verify_asan_link_order=0  belt and braces if something sets LD_PRELOAD before us
#   halt_on_error=1, abort_on_error=0: a report ends the run with a nonzero status
# Errors: UBSan aborts on the first report (the build uses -fno-sanitize-recover=all).
# Lua 5.4: lua_error longjmps across instrumented core.c frames; the preloaded
# runtime intercepts _longjmp and unpoisons the skipped stack, so no false reports.
# LuaJIT: it allocates its GC heap and machine code with its own mmap allocator
# (lj_alloc, not malloc), which ASan leaves alone. Debian 12's LuaJIT 2.1 is a
# GC64 build (no low-4GB requirement), and it runs the specs, a 600 MB heap and
# JIT-compiled loops under the preloaded runtime with just these options; an
# overflow inside libwary.so called through the FFI is reported with its C stack.
_wary_san=${WARY_SANITIZE:-auto}
if [ "$_wary_san" = auto ]; then
  _wary_san=0
  if [ -f "$WARY_BUILD/CMakeCache.txt" ] &&
     grep -q '^WARY_SANITIZE:BOOL=ON$' "$WARY_BUILD/CMakeCache.txt"; then
    _wary_san=1
  fi
fi
case $_wary_san in
  1|ON|on|true|yes)
    WARY_PRELOAD=$(${CC:-gcc} -print-file-name=libasan.so)
    if [ ! -f "$WARY_PRELOAD" ]; then
      echo "env.sh: warning: ASan runtime not found (${CC:-gcc} -print-file-name=libasan.so: $WARY_PRELOAD)" >&2
    fi
    case ${ASAN_OPTIONS:-} in
      *detect_leaks=0:verify_asan_link_order=0*) ;;
      *) export ASAN_OPTIONS="detect_leaks=0:verify_asan_link_order=0:halt_on_error=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" ;;
    esac
    case ${UBSAN_OPTIONS:-} in
      *print_stacktrace=1:halt_on_error=1*) ;;
      *) export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}" ;;
    esac
    ;;
  *)
    WARY_PRELOAD=
    ;;
esac
unset _wary_san
export WARY_PRELOAD

# wary_exec CMD ARGS...: exec CMD with the ASan runtime preloaded when needed.
wary_exec() {
  if [ -n "$WARY_PRELOAD" ]; then
    LD_PRELOAD="$WARY_PRELOAD${LD_PRELOAD:+:$LD_PRELOAD}" exec "$@"
  else
    exec "$@"
  fi
}
