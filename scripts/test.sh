#!/usr/bin/env bash
# scripts/test.sh - every test:
#   1. setup (packages + build/, RelWithDebInfo), ctest in build/
#      (C tests, busted under Lua 5.4 and LuaJIT, luacheck, the LÖVE demo, and
#      install: scripts/install_test.sh, the install and its consumers);
#   2. build-asan/ (Debug at -O1, -DWARY_SANITIZE=ON: ASan + UBSan), ctest there
#      (C tests and both busted runs; no luacheck);
#   3. the fuzzer (scripts/fuzz.sh: libFuzzer + ASan + UBSan over the C API,
#      its fixed budget from the committed corpus; counted as one test,
#      skipped when clang's libFuzzer is missing).
#   4. build-tsan/ (the C library and C tests alone, -fsanitize=thread), ctest
#      there of the test that runs the step on threads (spec/c/test_determinism.c):
#      a race ThreadSanitizer sees fails it. Skipped, and said so, where the
#      compiler cannot build with ThreadSanitizer.
#   5. build-scalar/ (the C library and C tests alone, built as for a machine
#      without SSE2: -U__SSE2__), ctest there of the tests of the box walk
#      and of what the step answers (test_geometry, test_vision, test_quiet,
#      test_determinism, test_sight_hints): the one-box walk other targets
#      use gives the same answers as the SSE2 one (src/occ_walk.c), and
#      leaves and takes sight hints as it does. Skipped off x86.
#   6. build-clang/ (the C library and C tests alone, built by clang with
#      -DWARY_SANITIZE=ON: ASan + UBSan), ctest there of every C test: clang's
#      UBSan reports what gcc's does not (an offset of 0 from a NULL pointer,
#      which an empty world's undone step once formed: test_oom's empty
#      world). Skipped, and said so, without clang.
# Every stage always runs; exits nonzero if anything failed (a skipped test, such
# as love_demo without LÖVE and Xvfb or under ASan, is not a failure). The last
# line adds up the ctest runs: "tests: N passed, M failed, K skipped"; the lines
# before it, the seconds each stage took.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root" || exit 1

failed=()
# The seconds each stage took, printed at the end: the whole command must stay
# under fifteen minutes on a 2-core machine (README), and this says where they go.
stage_names=()
stage_seconds=()
stage_start=$SECONDS
# stage NAME: the stage from here on is NAME (the one before it ends here).
stage() {
  if [ ${#stage_names[@]} -gt 0 ]; then stage_seconds+=($((SECONDS - stage_start))); fi
  stage_names+=("$1")
  stage_start=$SECONDS
}
total_passed=0
total_failed=0
total_skipped=0

# run_ctest DIR [CTEST ARGS...]: ctest with output kept in DIR/ctest.log; adds
# its counts to the totals.
run_ctest() {
  local dir=$1 status line n_failed n_total n_skipped
  shift
  ctest --test-dir "$dir" --output-on-failure -j2 "$@" 2>&1 | tee "$dir/ctest.log"
  status=${PIPESTATUS[0]}
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$dir/ctest.log" | tail -1)
  if [ -n "$line" ]; then
    n_failed=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
    n_total=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\2/' <<<"$line")
    n_skipped=$(grep -c '(Skipped)$' "$dir/ctest.log")
    total_passed=$((total_passed + n_total - n_failed - n_skipped))
    total_failed=$((total_failed + n_failed))
    total_skipped=$((total_skipped + n_skipped))
  fi
  return "$status"
}

stage "setup, build/ and its ctest"
echo "=== setup + build (build/)"
if bash "$here/setup.sh"; then
  echo "=== ctest (build/)"
  run_ctest build || failed+=("ctest build/")
else
  failed+=("setup/build of build/")
fi

# build_and_test DIR CTEST_ARG CMAKE ARGS...: configures DIR with the cmake
# arguments (its output in DIR/configure.log), builds all of it, then ctest
# there with CTEST_ARG (one argument: -E or -R and its pattern, as one word
# split in two). A failure of either goes into failed.
build_and_test() {
  local dir=$1 ctest_arg=$2
  shift 2
  mkdir -p "$dir"
  if cmake -S . -B "$dir" "$@" >"$dir/configure.log" && cmake --build "$dir" -j2; then
    echo "=== ctest ($dir/)"
    # shellcheck disable=SC2086 # ctest_arg is an option and its pattern
    run_ctest "$dir" $ctest_arg || failed+=("ctest $dir/")
  else
    cat "$dir/configure.log" >&2 2>/dev/null || true
    failed+=("configure/build of $dir/")
  fi
}

stage "build-asan/ and its ctest"
echo "=== configure + build (build-asan/, WARY_SANITIZE=ON)"
# Debug keeps the asserts; -O1 (ASan's advice) runs its C tests 2.5x faster than -O0.
build_and_test build-asan "-E ^luacheck$" -DWARY_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1"

stage "the fuzzer"
echo "=== fuzz (build-fuzz/)"
mkdir -p build-fuzz
bash "$here/fuzz.sh" | tee build-fuzz/test.log
fuzz_status=${PIPESTATUS[0]}
if [ "$fuzz_status" -ne 0 ]; then
  failed+=("fuzz")
  total_failed=$((total_failed + 1))
elif grep -q "^fuzz: SKIP" build-fuzz/test.log; then
  total_skipped=$((total_skipped + 1))
else
  total_passed=$((total_passed + 1))
fi
stage "build-tsan/ and its ctest"
echo "=== configure + build (build-tsan/, -fsanitize=thread, C only)"
mkdir -p build-tsan
tsan_probe=build-tsan/probe
if ! printf 'int main(void) { return 0; }\n' | ${CC:-cc} -x c -fsanitize=thread -o "$tsan_probe" - 2>/dev/null ||
   ! "$tsan_probe"; then
  echo "SKIP: ThreadSanitizer: ${CC:-cc} cannot build or run a -fsanitize=thread program here"
elif cmake -S . -B build-tsan -DWARY_LUA=OFF -DWARY_BUILD_BENCH=OFF -DWARY_LTO=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
       -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread >build-tsan/configure.log &&
     cmake --build build-tsan -j2; then
  echo "=== ctest (build-tsan/)"
  # Only the tests that run a step on threads: the others are single-threaded
  # and already run twice above (c_test_oom alone takes minutes under TSan).
  TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}" run_ctest build-tsan -R '^c_test_determinism$' ||
    failed+=("ctest build-tsan/")
else
  cat build-tsan/configure.log >&2 2>/dev/null || true
  failed+=("configure/build of build-tsan/")
fi

stage "build-scalar/ and its ctest"
echo "=== configure + build (build-scalar/, the core without SSE2, C only)"
case $(uname -m) in
  x86_64|amd64|i?86)
    mkdir -p build-scalar
    if cmake -S . -B build-scalar -DWARY_LUA=OFF -DWARY_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
         -DCMAKE_C_FLAGS=-U__SSE2__ >build-scalar/configure.log &&
       cmake --build build-scalar -j2 --target test_geometry test_vision test_quiet test_determinism \
         test_sight_hints; then
      echo "=== ctest (build-scalar/)"
      run_ctest build-scalar -R '^c_test_(geometry|vision|quiet|determinism|sight_hints)$' || failed+=("ctest build-scalar/")
    else
      cat build-scalar/configure.log >&2 2>/dev/null || true
      failed+=("configure/build of build-scalar/")
    fi
    ;;
  *) echo "SKIP: build-scalar/: not an x86 machine (its build is the only one there)" ;;
esac

stage "build-clang/ and its ctest"
echo "=== configure + build (build-clang/, clang: ASan + UBSan, C only)"
if ! command -v clang >/dev/null 2>&1; then
  echo "SKIP: build-clang/: clang is not installed (scripts/setup.sh installs it)"
else
  CC=clang build_and_test build-clang "-R ^c_test_" -DWARY_SANITIZE=ON -DWARY_LUA=OFF -DWARY_BUILD_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi

stage_seconds+=($((SECONDS - stage_start)))
echo "=== time: $SECONDS s in all"
for i in "${!stage_names[@]}"; do printf '    %4d s  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"; done
if [ ${#failed[@]} -ne 0 ]; then
  echo "=== FAILED: ${failed[*]}"
else
  echo "=== all tests passed (build/, build-asan/, the fuzzer, build-tsan/, build-scalar/ and build-clang/)"
fi
echo "tests: $total_passed passed, $total_failed failed, $total_skipped skipped"
[ ${#failed[@]} -eq 0 ]
