#!/usr/bin/env bash
# scripts/install_test.sh [BUILD] - wary as a user gets it (ctest "install",
# docs/install.md). In temporary folders, removed at the end:
#   install   cmake --install BUILD --prefix P; the layout, the SONAME, the
#             exported symbols (wary.h's functions; core.so: luaopen_wary_core)
#   pkgconfig spec/install/consumer.c built with pkg-config --cflags --libs wary,
#             run with LD_LIBRARY_PATH=P/lib
#   cmake     spec/install/CMakeLists.txt: find_package(wary CONFIG REQUIRED);
#             consumer (wary::wary) runs by its RPATH, consumer_static (wary::wary_static)
#   subdir    the same project with add_subdirectory(wary): only its own test in
#             its ctest, no -Werror on its target, no build type forced on it
#   lua5.4    spec/install/world.lua from a temporary folder, LUA_PATH/LUA_CPATH
#             at P/share/lua/5.4 and P/lib/lua/5.4 only (and the defaults)
#   luajit    the same with P/share/lua/5.1, libwary.so by LD_LIBRARY_PATH=P/lib
#   luarocks  luarocks make --tree T (a copy of the source), then the script
#             under eval "$(luarocks --tree T path)"
#   engine    docs/install.md's engine example: Lua 5.4 linked in statically,
#             lua/wary/core.c and P's libwary.a built into it, world.lua run
#   c-only    -DWARY_LUA=OFF -DWARY_THREADS=OFF: no Lua looked for, no Lua
#             test; installed, no threads library linked or named in wary.pc,
#             the consumer built against it, and spec/install/no_pool.c
#             (workers > 1 refused without a scheduler of the host's)
# BUILD is a built tree (ctest passes its own); without it one is configured
# and built here. Each check prints one line, "ok: ..." or "FAILED: ..." (then
# the end of its log); exits nonzero if any failed. Needs cmake, cc,
# pkg-config, lua5.4, luajit, luarocks (scripts/setup.sh installs them).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-}
start=$SECONDS

# Nothing of a developer's environment may point the consumers at the source tree.
unset LUA_PATH LUA_CPATH LUA_PATH_5_4 LUA_CPATH_5_4 LUA_INIT LUA_INIT_5_4 \
  WARY_LIB WARY_ROOT WARY_BUILD WARY_PRELOAD LD_LIBRARY_PATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wary-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix
run=$tmp/run   # the folder the programs run from: outside the repository
mkdir -p "$run" "$tmp/home"
CC=${CC:-cc}
CONSUMER_OUT="consumer: confidence 0.889 tracked"
# Starter data installed with the library (lua/wary/data/) or still in profiles/.
if [ -d "$root/lua/wary/data" ]; then lua_mode=starter; else lua_mode=bare; fi

n_ok=0
n_failed=0
why=

# check TEXT FUNCTION: runs FUNCTION with its output in a log; one line of result.
check() {
  local text=$1 fn=$2 log=$tmp/$2.log
  why=
  if "$fn" >"$log" 2>&1; then
    echo "ok: $text"
    n_ok=$((n_ok + 1))
  else
    echo "FAILED: $text${why:+: $why}"
    tail -n 25 "$log" | sed 's/^/    /'
    n_failed=$((n_failed + 1))
  fi
}

# fail WHY: the reason a check gives (returns 1).
fail() {
  why=$*
  return 1
}

# same_file A B: A and B are the same file once symlinks are resolved.
same_file() {
  [ "$(readlink -f "$1")" = "$(readlink -f "$2")" ]
}

# resolved PROGRAM: the file libwary.so.0 resolves to for PROGRAM (ldd), or nothing.
resolved() {
  ldd "$1" | sed -n 's/^[[:space:]]*libwary\.so\.0 => \([^ ]*\) .*/\1/p'
}

# lua_run OUT CMD...: CMD spec/install/world.lua MODE, run from $run; its output in OUT.
lua_run() {
  local out=$1
  shift
  (cd "$run" && "$@" "$root/spec/install/world.lua" "$lua_mode") >"$out" 2>&1
  local status=$?
  cat "$out"
  return $status
}

# lua_expect OUT BACKEND MODULE NATIVE: world.lua's output names these and the
# consumer's figure (seen through the glass window when the starter data is there).
lua_expect() {
  local out=$1
  grep -qx "backend $2" "$out" || fail "backend is not $2" || return 1
  same_file "$(sed -n 's/^module //p' "$out")" "$3" || fail "require(\"wary\") did not find $3" || return 1
  local native
  native=$(sed -n 's/^native //p' "$out")
  [ "$(wc -l <<<"$native")" -eq 1 ] && same_file "$native" "$4" || fail "mapped '$native', not $4" || return 1
  local figure="confidence 0.889 tracked"
  [ "$lua_mode" = starter ] && figure="$figure (through glass)"
  grep -qxF "$figure" "$out" || fail "no '$figure'"
}

# data_note: what the Lua checks do about the starter data (see spec/install/world.lua).
data_note() {
  if [ "$lua_mode" = starter ]; then
    echo "starter data installed: wary.world{} with a glass window"
  else
    echo "wary.world{} needs profiles/ of the repository, not installed: made without starter data"
  fi
}

# The symbols a shared object defines and exports, one a line, sorted.
exports() {
  readelf --dyn-syms -W "$1" |
    awk '$7 != "UND" && ($5 == "GLOBAL" || $5 == "WEAK") && $4 != "SECTION" && $4 != "FILE" { print $8 }' |
    sed 's/@.*//' | sort -u
}

check_install() {
  if [ -n "$build" ]; then
    # An absolute install directory would be written outside the temporary prefix.
    if grep -Eq '^(CMAKE_INSTALL_(LIB|INCLUDE|BIN|DATAROOT|DATA)DIR|WARY_INSTALL_[A-Z]+DIR):[A-Z]+=/' "$build/CMakeCache.txt"; then
      fail "$build has absolute install directories: use a default-configured build"
      return 1
    fi
  else
    build=$tmp/build
    cmake -S "$root" -B "$build" -DWARY_BUILD_TESTS=OFF -DWARY_BUILD_BENCH=OFF &&
      cmake --build "$build" -j2 || fail "configure/build of $build" || return 1
  fi
  cmake --install "$build" --prefix "$P" || fail "cmake --install" || return 1
  local f
  for f in include/wary.h lib/libwary.a lib/libwary.so lib/libwary.so.0 lib/libwary.so.0.1.0 \
           lib/pkgconfig/wary.pc lib/cmake/wary/waryConfig.cmake lib/cmake/wary/waryConfigVersion.cmake \
           lib/cmake/wary/waryTargets.cmake lib/lua/5.4/wary/core.so; do
    [ -e "$P/$f" ] || fail "no $f" || return 1
  done
  [ "$(cd "$P/include" && find . -type f)" = ./wary.h ] || fail "include/ holds more than wary.h" || return 1
  readelf -d "$P/lib/libwary.so.0.1.0" | grep -q 'SONAME.*\[libwary\.so\.0\]' ||
    fail "libwary.so.0.1.0 has no SONAME libwary.so.0" || return 1
  # It exports the functions wary.h declares and nothing else (no wy_*: the
  # library is built with hidden visibility).
  local declared exported
  declared=$(grep -oE '\bwary_[a-z0-9_]+\(' "$P/include/wary.h" | tr -d '(' | sort -u)
  exported=$(exports "$P/lib/libwary.so.0.1.0")
  [ -n "$declared" ] && [ "$declared" = "$exported" ] ||
    fail "libwary.so exports other symbols than wary.h declares: $(comm -3 <(echo "$declared") <(echo "$exported") |
      tr -s ' \t\n' ' ')" || return 1
  # The Lua 5.4 module exports its luaopen_ function only.
  exported=$(exports "$P/lib/lua/5.4/wary/core.so" | tr '\n' ' ')
  [ "$exported" = "luaopen_wary_core " ] || fail "core.so exports more than luaopen_wary_core: $exported" || return 1
  # Every Lua file of lua/wary (subfolders too) in both Lua trees, and nothing else.
  local want dir
  want=$(cd "$root/lua/wary" && find . -name '*.lua' | sort)
  for dir in share/lua/5.4 share/lua/5.1; do
    [ "$(cd "$P/$dir/wary" && find . -type f | sort)" = "$want" ] ||
      fail "$dir/wary differs from lua/wary/**/*.lua" || return 1
  done
  find "$P" | sort
}

check_pkgconfig() {
  local pc=(env PKG_CONFIG_PATH="$P/lib/pkgconfig" pkg-config)
  [ "$("${pc[@]}" --modversion wary)" = 0.1.0 ] || fail "pkg-config --modversion wary is not 0.1.0" || return 1
  same_file "$("${pc[@]}" --variable=includedir wary)" "$P/include" || fail "includedir is not P/include" || return 1
  same_file "$("${pc[@]}" --variable=libdir wary)" "$P/lib" || fail "libdir is not P/lib" || return 1
  "${pc[@]}" --static --libs wary | grep -q -- '-lm' || fail "no -lm in --static --libs" || return 1
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "$root/spec/install/consumer.c" \
    $("${pc[@]}" --cflags --libs wary) -o "$tmp/consumer_pc" || fail "cc with pkg-config's flags" || return 1
  readelf -d "$tmp/consumer_pc" | grep -q 'NEEDED.*\[libwary\.so\.0\]' || fail "does not need libwary.so.0" || return 1
  local out
  out=$(cd "$run" && LD_LIBRARY_PATH="$P/lib" "$tmp/consumer_pc") || fail "the program failed" || return 1
  echo "$out"
  [ "$out" = "$CONSUMER_OUT" ] || fail "printed '$out'" || return 1
  same_file "$(LD_LIBRARY_PATH="$P/lib" resolved "$tmp/consumer_pc")" "$P/lib/libwary.so.0" ||
    fail "libwary.so.0 does not resolve to P/lib" || return 1
}

check_cmake() {
  local b=$tmp/consumer_cmake out
  cmake -S "$root/spec/install" -B "$b" -DCMAKE_PREFIX_PATH="$P" && cmake --build "$b" -j2 ||
    fail "configure/build of spec/install" || return 1
  grep -q "^wary_DIR:PATH=$P/lib/cmake/wary\$" "$b/CMakeCache.txt" || fail "wary_DIR is not P/lib/cmake/wary" || return 1
  readelf -d "$b/consumer" | grep -E "(RUNPATH|RPATH)" | grep -qF "[$P/lib]" || fail "consumer has no RPATH P/lib" || return 1
  out=$(cd "$run" && "$b/consumer") || fail "consumer failed" || return 1
  [ "$out" = "$CONSUMER_OUT" ] || fail "consumer printed '$out'" || return 1
  same_file "$(resolved "$b/consumer")" "$P/lib/libwary.so.0" || fail "libwary.so.0 does not resolve to P/lib" || return 1
  out=$(cd "$run" && "$b/consumer_static") || fail "consumer_static failed" || return 1
  [ "$out" = "$CONSUMER_OUT" ] || fail "consumer_static printed '$out'" || return 1
  ! readelf -d "$b/consumer_static" | grep -q 'NEEDED.*libwary' || fail "consumer_static needs libwary.so" || return 1
}

check_subdir() {
  local b=$tmp/consumer_subdir out
  cmake -S "$root/spec/install" -B "$b" -DWARY_SOURCE_DIR="$root" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON &&
    cmake --build "$b" -j2 --target consumer || fail "configure/build with add_subdirectory" || return 1
  ctest --test-dir "$b" -N
  ctest --test-dir "$b" -N | grep -qx 'Total Tests: 1' || fail "its ctest has more than its own test" || return 1
  grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$b/CMakeCache.txt" || fail "a build type was forced on it" || return 1
  # compile_commands.json: one "command" line per source; wary's own carry -Werror.
  grep -q '"command".*-Werror.*/src/[a-z_]*\.c' "$b/compile_commands.json" ||
    fail "wary's sources without -Werror: the check below would prove nothing" || return 1
  if grep '"command".*consumer\.c' "$b/compile_commands.json" | grep -q -- -Werror; then
    fail "-Werror on the consumer's target"
    return 1
  fi
  out=$(cd "$run" && "$b/consumer") || fail "consumer failed" || return 1
  [ "$out" = "$CONSUMER_OUT" ] || fail "consumer printed '$out'" || return 1
}

check_lua54() {
  lua_run "$tmp/lua54.out" env LUA_PATH="$P/share/lua/5.4/?.lua;$P/share/lua/5.4/?/init.lua;;" \
    LUA_CPATH="$P/lib/lua/5.4/?.so;;" lua5.4 || fail "lua5.4 failed" || return 1
  lua_expect "$tmp/lua54.out" lua5.4 "$P/share/lua/5.4/wary/init.lua" "$P/lib/lua/5.4/wary/core.so"
}

check_luajit() {
  lua_run "$tmp/luajit.out" env LUA_PATH="$P/share/lua/5.1/?.lua;$P/share/lua/5.1/?/init.lua;;" \
    LD_LIBRARY_PATH="$P/lib" luajit || fail "luajit failed" || return 1
  lua_expect "$tmp/luajit.out" luajit "$P/share/lua/5.1/wary/init.lua" "$P/lib/libwary.so.0.1.0"
}

check_luarocks() {
  local src=$tmp/src tree=$tmp/rocks rockspec lr
  command -v luarocks >/dev/null || fail "luarocks is not installed: run scripts/setup.sh" || return 1
  # luarocks make builds in ./build.luarocks: a copy keeps the checkout clean.
  mkdir -p "$src"
  tar -C "$root" --exclude=./build --exclude='./build-*' --exclude=./build.luarocks --exclude=./out \
    --exclude='./cmake-build-*' --exclude=./.git -cf - . | tar -C "$src" -xf - || fail "copying the source" || return 1
  rockspec=$(cd "$src" && ls wary-*.rockspec)
  [ "$(wc -w <<<"$rockspec")" -eq 1 ] || fail "not exactly one wary-*.rockspec: $rockspec" || return 1
  # HOME: no user configuration or cache of luarocks' in the way, none written.
  lr=(env HOME="$tmp/home" luarocks --lua-version 5.4 --tree "$tree")
  (cd "$src" && "${lr[@]}" make "$rockspec") || fail "luarocks make $rockspec" || return 1
  [ -f "$tree/lib/lua/5.4/wary/core.so" ] || fail "no lib/lua/5.4/wary/core.so in the tree" || return 1
  [ "$(cd "$tree/share/lua/5.4/wary" && find . -type f | sort)" = "$(cd "$root/lua/wary" && find . -name '*.lua' | sort)" ] ||
    fail "share/lua/5.4/wary differs from lua/wary/**/*.lua" || return 1
  [ -z "$(find "$tree" -name 'libwary*' -o -name wary.h -o -path '*/lua/5.1*')" ] ||
    fail "the C library or LuaJIT's copy went into the rocks tree" || return 1
  # shellcheck disable=SC2016  # expanded by the inner bash
  lua_run "$tmp/luarocks.out" env LR_HOME="$tmp/home" LR_TREE="$tree" bash -c \
    'eval "$(HOME=$LR_HOME luarocks --lua-version 5.4 --tree "$LR_TREE" path)" && exec lua5.4 "$@"' lua5.4 ||
    fail "lua5.4 under luarocks path failed" || return 1
  lua_expect "$tmp/luarocks.out" lua5.4 "$tree/share/lua/5.4/wary/init.lua" "$tree/lib/lua/5.4/wary/core.so"
}

check_c_only() {
  local b=$tmp/c_only p2=$tmp/prefix_c out lua_keys
  cmake -S "$root" -B "$b" -DWARY_LUA=OFF -DWARY_THREADS=OFF || fail "configure with -DWARY_LUA=OFF -DWARY_THREADS=OFF" ||
    return 1
  # Nothing about Lua was looked for: no cache entry but the option itself.
  lua_keys=$(grep -Ei '^[a-z0-9_]*lua[a-z0-9_]*:' "$b/CMakeCache.txt" | grep -v '^WARY_LUA:BOOL=OFF$')
  [ -z "$lua_keys" ] || fail "Lua looked for: $(tr '\n' ' ' <<<"$lua_keys")" || return 1
  if ctest --test-dir "$b" -N | grep -E '^ *Test +#' | grep -v ': c_test_'; then
    fail "tests other than the C tests"
    return 1
  fi
  cmake --build "$b" -j2 --target wary wary_static && cmake --install "$b" --prefix "$p2" ||
    fail "build/install of the C library" || return 1
  [ -z "$(find "$p2" -path '*lua*')" ] || fail "Lua files installed" || return 1
  if nm -u "$p2/lib/libwary.a" "$p2/lib/libwary.so" 2>/dev/null | grep -i pthread; then
    fail "libwary refers to pthreads"
    return 1
  fi
  ! grep -q pthread "$p2/lib/pkgconfig/wary.pc" || fail "wary.pc names the threads library" || return 1
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "$root/spec/install/no_pool.c" \
    $(PKG_CONFIG_PATH="$p2/lib/pkgconfig" pkg-config --cflags --libs --static wary) -o "$tmp/no_pool" ||
    fail "cc no_pool.c with pkg-config --static's flags" || return 1
  out=$(cd "$run" && LD_LIBRARY_PATH="$p2/lib" "$tmp/no_pool") || fail "no_pool failed: $out" || return 1
  echo "$out"
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "$root/spec/install/consumer.c" \
    $(PKG_CONFIG_PATH="$p2/lib/pkgconfig" pkg-config --cflags --libs wary) -o "$tmp/consumer_c_only" || fail "cc with pkg-config's flags" || return 1
  out=$(cd "$run" && LD_LIBRARY_PATH="$p2/lib" "$tmp/consumer_c_only") || fail "the program failed" || return 1
  [ "$out" = "$CONSUMER_OUT" ] || fail "printed '$out'" || return 1
}

# docs/install.md "Inside your own engine": its C example, with Lua 5.4
# linked in statically (Debian's liblua5.4.a), core.c and P's libwary.a,
# runs world.lua with no core.so anywhere.
check_engine() {
  local c=$tmp/engine.c lua_a script=$tmp/engine_world.lua out
  awk '/^### Inside your own engine/ { s = 1 } s && /^```c$/ { on = 1; next } on && /^```$/ { exit } on' \
    "$root/docs/install.md" >"$c"
  [ -s "$c" ] || fail "no C example under '### Inside your own engine' in docs/install.md" || return 1
  lua_a="$(pkg-config --variable=libdir lua5.4)/liblua5.4.a"
  [ -f "$lua_a" ] || fail "no $lua_a (liblua5.4-dev)" || return 1
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags lua5.4) -I"$P/include" -I"$root/lua/wary" "$c" \
    "$root/lua/wary/core.c" "$P/lib/libwary.a" "$lua_a" -lm -lpthread -o "$tmp/engine" ||
    fail "the example does not build" || return 1
  printf 'package.path = "%s/share/lua/5.4/?.lua;%s/share/lua/5.4/?/init.lua"\npackage.cpath = ""\narg = { [0] = "world.lua", "%s" }\ndofile("%s/spec/install/world.lua")\n' \
    "$P" "$P" "$lua_mode" "$root" >"$script"
  out=$(cd "$run" && "$tmp/engine" "$script" 2>&1) || fail "the engine failed: $out" || return 1
  echo "$out"
  grep -qx "backend lua5.4" <<<"$out" || fail "backend is not lua5.4" || return 1
  if grep -q "^native " <<<"$out"; then
    fail "a native library was mapped"
    return 1
  fi
  grep -qE "^confidence 0\.889 tracked" <<<"$out" || fail "no 'confidence 0.889 tracked'"
}

# The README's C and Lua 5.4 examples, as a reader copies them, against P.
check_readme() {
  local c=$tmp/readme_game.c lua=$tmp/readme.lua out
  awk '/^## From C/ { s = 1 } s && /^```c$/ { on = 1; next } on && /^```$/ { exit } on' "$root/README.md" >"$c"
  awk '/^## From Lua 5.4/ { s = 1 } s && /^```lua$/ { on = 1; next } on && /^```$/ { exit } on' \
    "$root/README.md" >"$lua"
  [ -s "$c" ] && [ -s "$lua" ] || fail "no C or Lua example under '## From C' / '## From Lua 5.4' in README.md" || return 1
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "$c" \
    $(PKG_CONFIG_PATH="$P/lib/pkgconfig" pkg-config --cflags --libs wary) -o "$tmp/readme_game" ||
    fail "the README's C example does not build" || return 1
  out=$(cd "$run" && LD_LIBRARY_PATH="$P/lib" "$tmp/readme_game") || fail "the README's C example failed" || return 1
  [ "$out" = "confidence 0.889, tracked" ] || fail "the README's C example printed '$out'" || return 1
  out=$(cd "$run" && env LUA_PATH="$P/share/lua/5.4/?.lua;$P/share/lua/5.4/?/init.lua;;" \
    LUA_CPATH="$P/lib/lua/5.4/?.so;;" lua5.4 "$lua") || fail "the README's Lua example failed" || return 1
  grep -Eq '^tracked[[:space:]]0\.88' <<<"$out" || fail "the README's Lua example printed '$out'" || return 1
}

for tool in cmake "$CC" pkg-config lua5.4 luajit ldd readelf; do
  command -v "$tool" >/dev/null || { echo "FAILED: $tool is not installed (run scripts/setup.sh)"; exit 1; }
done

check "install: cmake --install into a temporary prefix P: wary.h, libwary.a, libwary.so.0.1.0 (SONAME libwary.so.0), wary.pc, lib/cmake/wary, core.so, every lua/wary/**/*.lua in share/lua/5.4 and 5.1" check_install
if [ "$n_failed" -ne 0 ]; then
  echo "install_test.sh: nothing to test without the install"
  exit 1
fi
check "pkgconfig: consumer.c built with pkg-config --cflags --libs wary (-std=c11 -Werror), run with LD_LIBRARY_PATH=P/lib: '$CONSUMER_OUT', libwary.so.0 from P/lib" check_pkgconfig
check "cmake: find_package(wary CONFIG REQUIRED): wary::wary runs by RPATH P/lib, wary::wary_static needs no libwary.so, both '$CONSUMER_OUT'" check_cmake
check "subdir: add_subdirectory(wary): wary::wary links, the project's ctest has only its own test, no -Werror on its target, no build type forced" check_subdir
check "lua5.4: world.lua from a temporary folder, LUA_PATH/LUA_CPATH at P only: backend lua5.4, P's init.lua and core.so, 0.889 tracked ($(data_note))" check_lua54
check "luajit: world.lua with LUA_PATH at P/share/lua/5.1, LD_LIBRARY_PATH=P/lib: backend luajit, P's init.lua and libwary.so, 0.889 tracked" check_luajit
check "luarocks: luarocks --lua-version 5.4 make --tree T (no C library, no LuaJIT copy in T), world.lua under luarocks path: T's init.lua and core.so, 0.889 tracked" check_luarocks
check "readme: the README's C example built through pkg-config prints 'confidence 0.889, tracked'; its Lua 5.4 example prints tracked 0.88" check_readme
check "engine: docs/install.md's engine with Lua 5.4 linked in statically, core.c and P's libwary.a built into it: world.lua, no core.so mapped, 0.889 tracked" check_engine
check "c-only: -DWARY_LUA=OFF -DWARY_THREADS=OFF looks for no Lua and registers only the C tests; installed without Lua files or pthreads; consumer.c through its wary.pc: '$CONSUMER_OUT'; no_pool.c: workers 2 refused, stepped with a host's scheduler" check_c_only

echo "install_test.sh: $n_ok ok, $n_failed failed in $((SECONDS - start)) s"
[ "$n_failed" -eq 0 ]
