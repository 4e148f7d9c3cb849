#!/usr/bin/env bash
# scripts/setup.sh - install what wary needs (Debian 12) and build build/.
#
# Installs, only if missing: cmake, gcc, make, libc6-dev, pkg-config, lua5.4,
# liblua5.4-dev, luajit, libluajit-5.1-dev, lua-busted, lua-check, love, xvfb
# and xauth (the LÖVE demo and its test), librsvg2-bin (timeline PNGs), luarocks
# (the install test builds the rock), clang and libclang-rt-14-dev (the fuzzer,
# scripts/fuzz.sh), musl-tools (a build against musl must step to glibc's
# bits: spec/c/libc_builds.sh). Runs apt-get update only when something
# must be installed; prints nothing about packages when all are there. Then
# configures build/ (RelWithDebInfo) and builds it with 2 jobs. Safe to run
# again and again.
#
# Run as root (or with sudo available). WARY_SKIP_INSTALL=1 skips the package step.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# libc6-dev is listed because gcc only Recommends it (and we install without
# recommends); the ASan/UBSan runtimes (libasan8, libubsan1) come with gcc.
# WARY_PACKAGES may be overridden (used to test the detection logic).
WARY_PACKAGES=${WARY_PACKAGES:-"cmake gcc make libc6-dev pkg-config lua5.4 liblua5.4-dev luajit libluajit-5.1-dev lua-busted lua-check love xvfb xauth librsvg2-bin luarocks clang libclang-rt-14-dev musl-tools"}

# is_installed PKG: true when dpkg knows PKG as installed.
is_installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

install_missing() {
  if [ "${WARY_SKIP_INSTALL:-0}" = 1 ]; then
    return 0
  fi
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup.sh: not a Debian system: install $WARY_PACKAGES (or equivalents) yourself" >&2
    return 0
  fi
  local missing=() pkg
  for pkg in $WARY_PACKAGES; do
    is_installed "$pkg" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "setup.sh: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "setup.sh: missing packages (${missing[*]}) and not root: run as root" >&2
      exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_missing

# Configure (quietly: status lines go to build/configure.log, warnings and
# errors still reach stderr) and build.
mkdir -p build
# WARY_LUA=ON named: a build/ once configured for C alone (-DWARY_LUA=OFF)
# would otherwise keep it, and the Lua, LÖVE and install tests with it.
if ! cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWARY_LUA=ON >build/configure.log; then
  cat build/configure.log >&2
  echo "setup.sh: cmake configure failed (log: build/configure.log)" >&2
  exit 1
fi
cmake --build build -j2
